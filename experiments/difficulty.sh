#!/usr/bin/env bash
# Measures which ratings plain `sudokit generate` puzzles get at each size, and what one attempt
# costs, and writes apps/difficulty.tsv: what `sudokit generate --difficulty` reads to refuse at
# once a level a size does not reach, and to say how long a reachable one should take.
#
#   experiments/difficulty.sh               # every size below (about 20 CPU minutes, most at 25x25)
#   SIZES="2x2:300 3x3:500" OUT=FILE experiments/difficulty.sh
#   SUDOKIT=PATH experiments/difficulty.sh  # that program, not a fresh build
#
# For each box shape B with N attempts: `sudokit generate --box B --count N --seed 1 --stats`,
# timed on one pinned core; each puzzle's rating comes from its --stats line (the rating backend's
# scale, `sudokit solvers`), the seconds per attempt are the user CPU time over N. One row per
# rating of the scale, 0 for those that never came.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-apps/difficulty.tsv}
SIZES=${SIZES:-2x2:300 2x3:300 3x3:500 3x4:200 4x4:100 5x5:10}
CORE=${CORE:-1}
if [[ -z ${SUDOKIT:-} ]]; then
  cmake --preset release >/dev/null
  cmake --build --preset release -j"$(nproc)" --target sudokit >/dev/null
fi
S=${SUDOKIT:-build/release/apps/sudokit}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The rating scale, in order, of the first backend that declares one (`sudokit solvers`: "rates:").
"$S" solvers --kind sudoku | sed -n 's/^  rates: \(.*\) (with.*/\1/p' | head -n 1 | sed 's/ | /\n/g' > "$work/scale"
[[ -s $work/scale ]] || { echo "difficulty.sh: no backend declares a rating scale" >&2; exit 1; }
{
  echo "# How often plain \`sudokit generate\` puzzles got each rating, per box shape, and the user CPU"
  echo "# seconds of one attempt (generating and rating), on one pinned core of the reference machine."
  echo "# \`generate --difficulty\` reads it (apps/CMakeLists.txt builds it in). Written by"
  echo "# experiments/difficulty.sh; not edited by hand."
  printf '# box\trating\tpuzzles\tattempts\tseconds_each\tmeasured\n'
  for spec in $SIZES; do
    box=${spec%%:*} n=${spec##*:}
    /usr/bin/time -f "%U" -o "$work/time" taskset -c "$CORE" "$S" generate --box "$box" --count "$n" --seed 1 --stats \
      > /dev/null 2> "$work/stats"
    seconds=$(awk -v n="$n" '{ printf "%.4g", $1 / n }' "$work/time")
    grep -o 'rated [^;]*' "$work/stats" | sed 's/^rated //' > "$work/ratings"
    while IFS= read -r word; do
      printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$box" "$word" "$(grep -cx "$word" "$work/ratings" || true)" "$n" "$seconds" \
        "generate --box $box --count $n --seed 1"
    done < "$work/scale"
  done
} > "$work/difficulty.tsv"
mv "$work/difficulty.tsv" "$OUT"
echo "wrote $OUT" >&2
