#!/usr/bin/env bash
# One command for the whole experiment: build, make the datasets, run `sudokit compare` on each
# (every backend, each one with an `encoding` option once per encoding), count the exact-cover
# problems of `sudokit-xcgen` with every backend that takes exact cover, draw the plots and write
# the report. No backend is named here: the lists come from `sudokit solvers`.
#
#   experiments/run_all.sh [--quick] [--out DIR] [--scale K]
#
# Output: results/<machine>-<date>/ (datasets, CSVs, xc.csv, the difficulty study's datasets and CSVs in
# difficulty/, plots, report.md with the estimates' accuracy last); the report and plots are
# also copied to docs/results/ to be checked in. Generated datasets are reproducible from their
# seeds, so every dataset is the same on every run.
# --quick: a tenth of every dataset, for a smoke test, written to results/quick-<machine>-<date>/
#          and never copied to docs/results/.
# --out DIR: write there instead (a new directory; nothing is copied to docs/results/ either).
# --scale K: take 1/K of every dataset (--quick is --scale 10); the report gives the sizes.
#
# Searches stop by a work budget, not by the clock: each backend gets BUDGET times the default
# budget it declares (`sudokit solvers`: nodes, or conflicts for sat), so that the same command
# gives the same statuses, counts and node figures on any machine and under any load. The
# wall-clock limit (SAFETY seconds) is a safety net only; a search it ends is reported as
# `timeout`, apart from the budget's `stopped`, as the one result that depends on the machine.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0 divide=1 out="" copy=1
while (( $# )); do
  case "$1" in
    --quick) quick=1 divide=10 ;;
    --out) out="$2"; copy=0; shift ;;
    --scale) divide="$2"; shift ;;
    *) echo "usage: experiments/run_all.sh [--quick] [--out DIR] [--scale K]" >&2; exit 3 ;;
  esac
  shift
done
budget=10     # each backend's budget per puzzle: this many times its declared default (about 0.3-0.6 s)
xc_budget=10  # exact-cover counts: this many times the default (up to some 30 s of CPU each: a
              # conflict of sat on pentominoes costs a hundred times one on a 9x9 Sudoku)
safety=600    # seconds per puzzle and backend: the wall-clock safety net, far above what any
              # budget costs even when a busy loop takes most of the core (docs/experiments.md)

scripts/setup.sh --extra
cmake --preset release >/dev/null
nice -n 10 cmake --build --preset release -j2 >/dev/null
bin=build/release/apps/sudokit
xcgen=build/release/experiments/sudokit-xcgen
data=data  # the public collections, in the repository (data/README.md)

if [[ -z $out ]]; then
  out="results/$(hostname -s)-$(date +%Y-%m-%d)"
  (( divide == 1 )) || out="results/scaled$divide-$(hostname -s)-$(date +%Y-%m-%d)"
  (( quick == 0 )) || out="results/quick-$(hostname -s)-$(date +%Y-%m-%d)"
fi
(( quick == 0 )) || copy=0
if (( copy == 0 )) && [[ -e $out && ! $out == results/quick-* ]]; then
  echo "run_all: $out exists; give a new directory" >&2
  exit 3
fi
rm -rf "$out"
mkdir -p "$out/datasets" "$out/runs"
scale() { echo $(( ($1 + divide - 1) / divide )); }
take() { awk -v n="$2" '!/^#/ && NF && c++ < n' "$1"; }  # the first n puzzles of a collection

echo "== datasets in $out/datasets" >&2
# Minimal puzzles (no clue can be removed) at every size the generator makes them in reasonable
# time, so that the sizes compare like with like (20x20 takes minutes a puzzle, 25x25 longer:
# docs/experiments.md); 25x25 puzzles at 350 clues apart, as a big-grid set.
"$bin" generate --box 2x2 --minimal --count "$(scale 200)" --seed 11 > "$out/datasets/minimal_4x4.txt"
"$bin" generate --box 2x3 --minimal --count "$(scale 200)" --seed 12 > "$out/datasets/minimal_6x6.txt"
"$bin" generate --box 3x3 --minimal --count "$(scale 300)" --seed 13 > "$out/datasets/minimal_9x9.txt"
"$bin" generate --box 3x4 --minimal --count "$(scale 50)" --seed 14 > "$out/datasets/minimal_12x12.txt"
"$bin" generate --box 4x4 --minimal --count "$(scale 30)" --seed 15 > "$out/datasets/minimal_16x16.txt"
"$bin" generate --box 5x5 --count "$(scale 10)" --seed 16 --clues 350 > "$out/datasets/gen_25x25.txt"
: > "$out/datasets/gen_9x9_clues.txt"
for clues in 24 28 32 36 40; do
  "$bin" generate --box 3x3 --count "$(scale 60)" --seed "$clues" --clues "$clues" >> "$out/datasets/gen_9x9_clues.txt"
done
if [[ -d "$data" ]]; then
  # The first puzzles of each collection (the report's table gives how many).
  take "$data/top1465" "$(scale 1465)" > "$out/datasets/top1465.txt"
  take "$data/forum_hardest_1106" "$(scale 375)" > "$out/datasets/forum_hardest.txt"
  take "$data/17_clue" "$(scale 300)" > "$out/datasets/17_clue.txt"
  take "$data/serg_benchmark" "$(scale 500)" > "$out/datasets/serg_benchmark.txt"
fi
# 9x9 puzzles by difficulty, as propagate rates them with every rule (simple: singles; easy:
# locked candidates; intermediate: subsets or fish; expert: needs search), from fixed seeds.
# (qqwing's puzzles of these names were used before; they differ on every run.)
for level in simple easy intermediate expert; do
  "$bin" generate --difficulty "$level" --count "$(scale 100)" --seed 31 --attempts 5000 > "$out/datasets/level_$level.txt"
done

# Every backend that takes Sudoku, and one that has an `encoding` option (sat) once per encoding,
# as `sudokit solvers` lists them; each under $budget times its own default budget. A backend the
# budget stops (plain backtracking on the hard sets and the big grids) is reported as stopped.
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
  box=""  # generated files name their shape in a '# box: RxC' header
  echo "== compare $name" >&2
  rc=0
  "$bin" compare --solvers "$solvers" --max-nodes "${budget}x" --timeout "$safety" $box --csv "$out/runs/$name.csv" "$f" \
    > "$out/runs/$name.txt" || rc=$?
  (( rc <= 1 )) || status=$rc  # 1: some search stopped by the budget, which the report counts
done
# Human difficulty against search effort (experiments/difficulty_effort.py): data/se121_rated, rated
# by Sudoku Explainer, and 9x9 puzzles generated per range of its ER (sudokit rate's), compared
# like the others, apart so that the datasets above keep their report. A scaled run takes every
# $divide-th puzzle of data/se121_rated (with the comment that rates it), so that it keeps the
# file's spread of ratings.
mkdir -p "$out/difficulty/datasets" "$out/difficulty/runs"
awk -v k="$divide" '/^#/ { note = note $0 "\n"; next } NF { if (c++ % k == 0) printf "%s%s\n", note, $0; note = "" }' \
  "$data/se121_rated" > "$out/difficulty/datasets/se121_rated.txt"
for range in 1.0-1.5 1.6-2.5 2.6-4.0 4.1-5.0 5.1-6.2; do
  "$bin" generate --difficulty "$range" --count "$(scale 100)" --seed 41 --attempts 5000 > "$out/difficulty/datasets/er_$range.txt" ||
    echo "run_all: generate --difficulty $range gave up (exit $?): that range has fewer puzzles" >&2
done
for f in "$out"/difficulty/datasets/*.txt; do
  name=$(basename "$f" .txt)
  echo "== compare $name (difficulty study)" >&2
  rc=0
  "$bin" compare --solvers "$solvers" --max-nodes "${budget}x" --timeout "$safety" --csv "$out/difficulty/runs/$name.csv" "$f" \
    > "$out/difficulty/runs/$name.txt" || rc=$?
  (( rc <= 1 )) || status=$rc
done
printf 'budget=%s\nsafety=%s\nxc_budget=%s\ndivide=%s\n' "$budget" "$safety" "$xc_budget" "$divide" > "$out/settings.txt"

# Exact cover: problems from sudokit-xcgen, counted to the end (--count 0) by every backend that
# takes exact cover, each under $xc_budget times its declared default budget (and the safety net);
# --quick takes fewer problems.
# A count that differs from the one the file's header gives (the literature's) is a failure (exit
# 4), like a disagreement in compare.
if (( quick )); then
  xc_problems=("queens 8" "queens 10" "langford 7" "langford 8" "pentominoes 3x20")
else
  xc_problems=("queens 8" "queens 9" "queens 10" "queens 11" "queens 12" "langford 7" "langford 8" "langford 11"
               "pentominoes 3x20" "pentominoes 5x12" "pentominoes 6x10")
fi
xc_timeout=$safety
# A backend's declared default budget, from `sudokit solvers` ("... (compare's default: N); ...").
default_budget() {
  "$bin" solvers | awk -v name="$1" '/^[^ ]/ { this = ($0 == name) }
    this && /compare.s default: / { sub(/.*compare.s default: /, ""); sub(/\).*/, ""); print; exit }'
}
echo "problem,backend,status,stop,count,expected,nodes,updates,mems,conflicts,time,budget,timeout" > "$out/xc.csv"
for p in "${xc_problems[@]}"; do
  name=${p// /_}
  "$xcgen" $p > "$out/datasets/$name.dlx"
  expected=$(sed -n 's/^| expected solutions: //p' "$out/datasets/$name.dlx")
  for s in $("$bin" solvers --kind xc --names); do
    echo "== xc $name with $s" >&2
    rc=0
    max=$(( $(default_budget "$s") * xc_budget ))
    "$bin" xc --solver "$s" --count 0 --stats --max-nodes "$max" --timeout "$xc_timeout" "$out/datasets/$name.dlx" \
      > "$out/runs/xc_${name}_$s.out" 2> "$out/runs/xc_${name}_$s.err" || rc=$?
    (( rc <= 1 )) || status=$rc  # 1: stopped by the budget, expected for some
    # The --stats line: "FILE: solver=NAME status=... [stop=budget|timeout] count=... nodes=... time=... COUNTER=...".
    line=$(awk -v p="$name" -v b="$s" -v e="$expected" -v m="$max" -v t="$xc_timeout" '/ solver=/ {
        for (i = 2; i <= NF; ++i) { split($i, kv, "="); v[kv[1]] = kv[2] }
        print p "," b "," v["status"] "," v["stop"] "," v["count"] "," e "," v["nodes"] "," v["updates"] "," v["mems"] "," \
              v["conflicts"] "," v["time"] "," m "," t }' \
      "$out/runs/xc_${name}_$s.err")
    echo "$line" >> "$out/xc.csv"
    IFS=, read -r _ _ st _ count _ <<< "$line"
    if [[ -n $expected && $st != stopped && $count != "$expected" ]]; then
      echo "xc: $s counts $count solutions of $name, expected $expected" >&2
      status=4
    fi
  done
done

echo "== plots and report" >&2
/usr/bin/python3 experiments/plot.py "$out"
/usr/bin/python3 experiments/difficulty_effort.py "$out" "$bin"  # appends its section to report.md
# How good the tree-size estimates are: probes and online, against trees counted in full (about
# ten minutes at 100 puzzles a set); appends its section and draws estimate_accuracy.png/svg.
/usr/bin/python3 experiments/estimation_report.py "$out" "$bin" "$(scale 100)"
if (( copy )); then
  mkdir -p docs/results
  rm -f docs/results/*.png docs/results/*.svg
  cp "$out"/report.md "$out"/*.png "$out"/*.svg docs/results/
  echo "report: $out/report.md (copied to docs/results/)" >&2
else
  echo "report: $out/report.md (not copied to docs/results/: a quick or --out run)" >&2
fi
exit "$status"
