#!/usr/bin/env bash
# The million-puzzle cross-check (issue 18): every Sudoku backend on about 1,000,000 puzzles,
# every answer verified, the backends' answers compared, the result in docs/results/million.md.
#
#   experiments/million.sh [--shards N] [--scale PERCENT] [--out DIR] [--max-nodes N]
#
# The puzzles (built once into DIR/puzzles/, reproducible: fixed seeds, no random perturbation):
#   - the 17_clue and serg_benchmark collections of data/ (or $SUDOKIT_DATA);
#   - `sudokit generate` puzzles of 4x4, 6x6 (2x3 boxes), 9x9, 12x12 (3x4) and 16x16, fixed seeds;
#   - from the collections and the generated 6x6 and 9x9 ones: "several", one given removed (experiments/million_perturb.awk;
#     a minimal puzzle then has several solutions), and "none", one blank filled with a digit that
#     is not its solution's and repeats no given, so the puzzle reads but has no solution.
# They are cut into chunk files of 10,000 puzzles of one shape ("# box: RxC" header). Each chunk is
# compared (`sudokit compare --jobs 1 --shard K/N`, N shards run side by side under nice 19), with
# every backend of `sudokit solvers --kind sudoku --names` under the same node budget per puzzle
# and backend (--max-nodes; default 200000) and a 10 s time limit as a guard: a backend stopped by
# either is "stopped", not a disagreement. A chunk whose shards all finished is not run again, so
# an interrupted run goes on where it stopped. `sudokit report` then merges every CSV file.
#
# --scale PERCENT builds that share of each part (e.g. 1 for a quick trial of about 10,000
# puzzles); --shards N runs N compare processes at once (default 1: the machine is shared).
# Output: DIR (default results/million-<host>), and DIR/million.md copied to docs/results/.
# Exit code: 0 when every puzzle was compared with no disagreement and no verification failure,
# 4 when there was one, 1 when some chunk did not finish, 2 on a missing collection.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
shards=1 scale=100 out="" max_nodes=200000
while [[ $# -gt 0 ]]; do
  case "$1" in
    --shards) shards=$2; shift 2 ;;
    --scale) scale=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --max-nodes) max_nodes=$2; shift 2 ;;
    *) echo "usage: experiments/million.sh [--shards N] [--scale PERCENT] [--out DIR] [--max-nodes N]" >&2; exit 2 ;;
  esac
done
data=${SUDOKIT_DATA:-$root/data}
[[ -z $out ]] && out="results/million-$(hostname -s)"
for f in 17_clue serg_benchmark; do
  [[ -f $data/$f ]] || { echo "million.sh: $data/$f is missing (set SUDOKIT_DATA)" >&2; exit 2; }
done

cmake --preset release >/dev/null
nice -n 10 cmake --build --preset release -j"${SUDOKIT_BUILD_JOBS:-2}" --target sudokit >/dev/null
bin=$root/build/release/apps/sudokit
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$out"
part() { echo $(( ($1 * scale + 99) / 100 )); }

# --- the puzzles -----------------------------------------------------------------------------
# Each part is a file of line-form puzzles of one shape, named NAME.RxC.txt; written once.
mkdir -p parts chunks runs
lines() { grep -v '^#' "$1" | grep -c . || true; }
generate() {  # NAME BOX COUNT SEED [CLUES]
  local file=parts/$1.$2.txt
  [[ -s $file ]] && return
  nice -n 19 "$bin" generate --box "$2" --count "$3" --seed "$4" ${5:+--clues "$5"} | grep -v '^#' > "$file.tmp"
  mv "$file.tmp" "$file"
}
collection() {  # NAME FILE
  local file=parts/$1.3x3.txt
  [[ -s $file ]] && return
  awk -v n="$(part "$(lines "$2")")" '!/^#/ && NF && c++ < n' "$2" > "$file.tmp"
  mv "$file.tmp" "$file"
}
perturb() {  # SOURCE-PART MODE REMOVE
  local src=parts/$1 box=${1#*.}; box=${box%.txt}
  local file=parts/$2-from-$1
  [[ -s $file ]] && return
  # A solution of each puzzle (dlx, the first it finds); one solved line for each puzzle, in order.
  nice -n 19 "$bin" solve --solver dlx --box "$box" --format line "$src" | grep -v '^#' | grep . > "$file.solutions"
  [[ $(wc -l < "$file.solutions") -eq $(wc -l < "$src") ]] || { echo "million.sh: not every puzzle of $src was solved" >&2; exit 1; }
  paste -d ' ' "$src" "$file.solutions" |
    awk -v r="${box%x*}" -v c="${box#*x}" -v mode="$2" -v remove="$3" -f "$root/experiments/million_perturb.awk" > "$file.tmp"
  rm "$file.solutions"
  mv "$file.tmp" "$file"
}
echo "== puzzles in $out/parts" >&2
collection 17_clue "$data/17_clue"
collection serg_benchmark "$data/serg_benchmark"
generate gen_4x4 2x2 "$(part 60000)" 40401
generate gen_6x6 2x3 "$(part 200000)" 60601
generate gen_6x6_clues14 2x3 "$(part 50000)" 60602 14
generate gen_9x9 3x3 "$(part 80000)" 90901
generate gen_9x9_clues30 3x3 "$(part 20000)" 90902 30
generate gen_12x12 3x4 "$(part 1000)" 121201
generate gen_16x16 4x4 "$(part 40)" 161601
for p in 17_clue.3x3.txt serg_benchmark.3x3.txt gen_9x9.3x3.txt gen_6x6.2x3.txt; do
  perturb "$p" several 1
  perturb "$p" none 0
done
perturb gen_9x9_clues30.3x3.txt several 4
perturb gen_6x6_clues14.2x3.txt several 2

# Chunks of 10,000 puzzles of one shape, each with its box header.
if [[ ! -f chunks/.complete ]]; then
  rm -f chunks/*.txt
  for f in parts/*.txt; do
    base=$(basename "$f" .txt); box=${base##*.}
    split -l 10000 -d -a 3 --additional-suffix=.txt "$f" "chunks/${base%.*}.$box."
  done
  for c in chunks/*.txt; do box=$(basename "$c" .txt); box=${box%.*}; box=${box##*.}
    sed -i "1i # box: $box" "$c"
  done
  touch chunks/.complete
fi
total=$(cat chunks/*.txt | grep -vc '^#')
echo "== $total puzzles in $(ls chunks/*.txt | wc -l) chunks" >&2

# --- the comparison --------------------------------------------------------------------------
backends=$("$bin" solvers --kind sudoku --names | paste -sd, -)
echo "== backends: $backends; $shards shard(s), --max-nodes $max_nodes" >&2
# Chunk 000 of every part, then chunk 001 of every part, ...: a run cut short has compared some
# of every part.
chunk_order() { ls chunks/*.txt | awk -F. '{ print $(NF - 1), $0 }' | sort -k1,1 -k2,2 | cut -d' ' -f2; }
run_shard() {  # K: every chunk's shard K/N, one after another
  local k=$1 c name
  for c in $(chunk_order); do
    name=$(basename "$c" .txt)
    [[ -f runs/$name.$k.done ]] && continue
    local rc=0
    nice -n 19 "$bin" compare --jobs 1 --shard "$k/$shards" --solvers "$backends" --max-nodes "$max_nodes" \
      --timeout 10 --csv "runs/$name.$k.csv" "$c" > "runs/$name.$k.txt" 2>&1 || rc=$?
    # 0: all agree; 1: some puzzle has no solution or was stopped; 4: a disagreement. Anything
    # else (a signal, an unreadable puzzle) leaves the chunk to be run again.
    if [[ $rc -eq 0 || $rc -eq 1 || $rc -eq 4 ]]; then echo "$rc" > "runs/$name.$k.done"; else return 1; fi
  done
}
start=$(date +%s)
pids=()
for k in $(seq 1 "$shards"); do run_shard "$k" & pids+=($!); done
status=0
for p in "${pids[@]}"; do wait "$p" || status=1; done
seconds=$(( $(date +%s) - start ))

# --- the result ------------------------------------------------------------------------------
report_rc=0
"$bin" report runs/*.csv > report.txt 2> report.err || report_rc=$?
# Verification failures: rows whose verdict is "invalid" (a solution the verifier refused, or a
# solution claimed and none returned); "failed" (the backend threw) and "disagrees" are counted
# apart. The verdict is field 16, after the quoted options field: count it from the end.
verdicts=$(cat runs/*.csv | awk -F, '$1 != "puzzle" { n[$(NF - 1)]++ } END { for (v in n) print v, n[v] }' | sort)
count_of() { awk -v v="$1" '$1 == v { print $2 }' <<< "$verdicts"; }
invalid=$(count_of invalid); failed=$(count_of failed); disagrees=$(count_of disagrees)
compared=$(head -n 1 report.txt | awk '{ print $1 }')
disagreements=$(head -n 1 report.txt | awk '{ print $3 }')
done_chunks=$(ls runs/*.done 2>/dev/null | wc -l)
commit=$(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- . 2>/dev/null || echo "+changes")
{
  echo "# The million-puzzle cross-check"
  echo
  echo "Written by \`experiments/million.sh --shards $shards --scale $scale --max-nodes $max_nodes\` on $(date -u '+%Y-%m-%d %H:%M UTC')."
  echo
  echo "| | |"
  echo "|---|---|"
  echo "| machine | $(hostname -s): $(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')), $(awk '/MemTotal/ { printf "%.0f GB", $2 / 1048576 }' /proc/meminfo), shared with other work |"
  echo "| sudokit | commit $commit, release preset |"
  echo "| backends | $backends (every Sudoku backend, default options), --count 2, --max-nodes $max_nodes, --timeout 10, --jobs 1, $shards shard(s) under nice 19 |"
  echo "| puzzles built | $total in $(ls chunks/*.txt | wc -l) chunks |"
  echo "| puzzles compared | **$compared** ($done_chunks of $(( $(ls chunks/*.txt | wc -l) * shards )) chunk shards finished) |"
  echo "| disagreements | **$disagreements** puzzles (rows: ${disagrees:-0} disagrees, ${failed:-0} failed) |"
  echo "| verification failures | **${invalid:-0}** rows with verdict invalid |"
  echo "| wall time of the comparison | $seconds s (this invocation) |"
  echo
  echo "The parts (puzzles each; several/none: perturbed from the puzzles of the part named):"
  echo
  echo "| part | puzzles |"
  echo "|---|---|"
  for f in parts/*.txt; do echo "| $(basename "$f" .txt) | $(wc -l < "$f") |"; done
  echo
  echo "\`sudokit report runs/*.csv\` (exit code $report_rc):"
  echo
  cat report.txt
} > million.md
cp million.md "$root/docs/results/million.md"
cat million.md
[[ $status -ne 0 || $done_chunks -lt $(( $(ls chunks/*.txt | wc -l) * shards )) ]] && exit 1
[[ ${disagreements:-1} -ne 0 || ${invalid:-0} -ne 0 ]] && exit 4
exit 0
