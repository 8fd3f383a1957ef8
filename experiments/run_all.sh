#!/usr/bin/env bash
# One command for the whole experiment: build, make the datasets, run `sudokit compare` on each
# (every backend, each one with an `encoding` option once per encoding), count the exact-cover
# problems of `sudokit-xcgen` with every backend that takes exact cover, draw the plots and write
# the report. No backend is named here: the lists come from `sudokit solvers`.
#
#   experiments/run_all.sh [--quick]
#
# Output: results/<machine>-<date>/ (datasets, CSVs, xc.csv, plots, report.md); the report and plots are
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
xcgen=build/release/experiments/sudokit-xcgen
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

# Every backend that takes Sudoku, and one that has an `encoding` option (sat) once per encoding,
# as `sudokit solvers` lists them; the same limits for all. A backend stopped by the time limit is
# reported as stopped (plain backtracking on the hard sets and the big grids).
solvers=""
for s in $("$bin" solvers --kind sudoku --names); do
  encodings=$("$bin" solvers --kind sudoku | awk -v name="$s" '
    /^[^ ]/ { this = ($0 == name) }
    this && $1 == "options:" { for (i = 2; i <= NF; ++i) if (sub(/^encoding=/, "", $i)) { gsub(/\|/, " ", $i); print $i } }')
  if [[ -n $encodings ]]; then
    for e in $encodings; do solvers+="${solvers:+,}$s:encoding=$e"; done
  else
    solvers+="${solvers:+,}$s"
  fi
done
echo "== backends: $solvers" >&2
status=0
for f in "$out"/datasets/*.txt; do
  name=$(basename "$f" .txt)
  box=""
  [[ $name == gen_6x6 ]] && box="--box 2x3"
  [[ $name == gen_12x12 ]] && box="--box 3x4"
  echo "== compare $name" >&2
  "$bin" compare --solvers "$solvers" --timeout 0.5 $box --csv "$out/runs/$name.csv" "$f" > "$out/runs/$name.txt" || status=$?
done

# Exact cover: problems from sudokit-xcgen, counted to the end (--count 0) by every backend that
# takes exact cover, each under the same time limit. A count that differs from the one the file's
# header gives (the literature's) is a failure (exit 4), like a disagreement in compare.
if (( quick )); then
  xc_problems=("queens 8" "queens 10" "langford 7" "langford 8" "pentominoes 3x20")
  xc_timeout=5
else
  xc_problems=("queens 8" "queens 9" "queens 10" "queens 11" "queens 12" "langford 7" "langford 8" "langford 11"
               "pentominoes 3x20" "pentominoes 5x12" "pentominoes 6x10")
  xc_timeout=30
fi
echo "problem,backend,status,count,expected,nodes,updates,mems,time,timeout" > "$out/xc.csv"
for p in "${xc_problems[@]}"; do
  name=${p// /_}
  "$xcgen" $p > "$out/datasets/$name.dlx"
  expected=$(sed -n 's/^| expected solutions: //p' "$out/datasets/$name.dlx")
  for s in $("$bin" solvers --kind xc --names); do
    echo "== xc $name with $s" >&2
    rc=0
    "$bin" xc --solver "$s" --count 0 --stats --timeout "$xc_timeout" "$out/datasets/$name.dlx" \
      > "$out/runs/xc_${name}_$s.out" 2> "$out/runs/xc_${name}_$s.err" || rc=$?
    (( rc <= 1 )) || status=$rc  # 1: stopped by the time limit, expected for some
    # The --stats line: "FILE: solver=NAME status=... count=... nodes=... time=... COUNTER=...".
    line=$(awk -v p="$name" -v b="$s" -v e="$expected" -v t="$xc_timeout" '/ solver=/ {
        for (i = 2; i <= NF; ++i) { split($i, kv, "="); v[kv[1]] = kv[2] }
        print p "," b "," v["status"] "," v["count"] "," e "," v["nodes"] "," v["updates"] "," v["mems"] "," v["time"] "," t }' \
      "$out/runs/xc_${name}_$s.err")
    echo "$line" >> "$out/xc.csv"
    IFS=, read -r _ _ st count _ <<< "$line"
    if [[ -n $expected && $st != stopped && $count != "$expected" ]]; then
      echo "xc: $s counts $count solutions of $name, expected $expected" >&2
      status=4
    fi
  done
done

echo "== plots and report" >&2
/usr/bin/python3 experiments/plot.py "$out"
mkdir -p docs/results
rm -f docs/results/*.png docs/results/*.svg
cp "$out"/report.md "$out"/*.png "$out"/*.svg docs/results/
echo "report: $out/report.md (copied to docs/results/)" >&2
exit "$status"
