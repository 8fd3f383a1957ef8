#!/usr/bin/env bash
# One command for the whole experiment: build, make the datasets, run `sudokit compare` on each
# (every backend, SAT with each encoding), draw the plots and write the report.
#
#   experiments/run_all.sh [--quick]
#
# Output: results/<machine>-<date>/ (datasets, CSVs, plots, report.md); the report and plots are
# also copied to docs/results/ to be checked in. Generated datasets are reproducible from their
# seeds; qqwing's puzzles (when qqwing is installed) are random on every run.
# --quick: small datasets, for a smoke test.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
[[ "${1:-}" == "--quick" ]] && quick=1

scripts/setup.sh --extra
cmake --preset release >/dev/null
cmake --build --preset release -j"$(nproc)" >/dev/null
bin=build/release/apps/sudokit
data=../shared/data

out="results/$(hostname -s)-$(date +%Y-%m-%d)"
rm -rf "$out"
mkdir -p "$out/datasets" "$out/runs"
scale() { if (( quick )); then echo $(( ($1 + 9) / 10 )); else echo "$1"; fi; }
take() { awk -v n="$2" '!/^#/ && NF && c++ < n' "$1"; }  # the first n puzzles of a collection

echo "== datasets in $out/datasets" >&2
"$bin" generate --box 2x2 --count "$(scale 200)" --seed 11 > "$out/datasets/gen_4x4.txt"
"$bin" generate --box 2x3 --count "$(scale 200)" --seed 12 > "$out/datasets/gen_6x6.txt"
"$bin" generate --box 3x3 --count "$(scale 300)" --seed 13 > "$out/datasets/gen_9x9.txt"
"$bin" generate --box 3x4 --count "$(scale 50)" --seed 14 > "$out/datasets/gen_12x12.txt"
"$bin" generate --box 4x4 --count "$(scale 30)" --seed 15 > "$out/datasets/gen_16x16.txt"
"$bin" generate --box 5x5 --count "$(scale 10)" --seed 16 --clues 350 > "$out/datasets/gen_25x25.txt"
: > "$out/datasets/gen_9x9_clues.txt"
for clues in 24 28 32 36 40; do
  "$bin" generate --box 3x3 --count "$(scale 60)" --seed "$clues" --clues "$clues" >> "$out/datasets/gen_9x9_clues.txt"
done
if [[ -d "$data" ]]; then
  take "$data/top1465" "$(scale 1465)" > "$out/datasets/top1465.txt"
  take "$data/forum_hardest_1106" "$(scale 375)" > "$out/datasets/forum_hardest_1106.txt"
  take "$data/17_clue" "$(scale 300)" > "$out/datasets/17_clue_first300.txt"
  take "$data/serg_benchmark" "$(scale 500)" > "$out/datasets/serg_first500.txt"
fi
if command -v qqwing >/dev/null; then
  for level in simple easy intermediate expert; do
    qqwing --generate "$(scale 100)" --difficulty "$level" --one-line > "$out/datasets/qqwing_$level.txt"
  done
fi

# Every backend, and SAT with each encoding; the same limits for all. A backend stopped by the
# time limit is reported as stopped (plain backtracking on the hard sets and the big grids).
solvers="backtrack,propagate,dlx,sat:encoding=minimal,sat:encoding=efficient,sat:encoding=extended,sat:encoding=compact"
status=0
for f in "$out"/datasets/*.txt; do
  name=$(basename "$f" .txt)
  box=""
  [[ $name == gen_6x6 ]] && box="--box 2x3"
  [[ $name == gen_12x12 ]] && box="--box 3x4"
  echo "== compare $name" >&2
  "$bin" compare --solvers "$solvers" --timeout 0.5 $box --csv "$out/runs/$name.csv" "$f" > "$out/runs/$name.txt" || status=$?
done

echo "== plots and report" >&2
/usr/bin/python3 experiments/plot.py "$out"
mkdir -p docs/results
rm -f docs/results/*.png docs/results/*.svg
cp "$out"/report.md "$out"/*.png "$out"/*.svg docs/results/
echo "report: $out/report.md (copied to docs/results/)" >&2
exit "$status"
