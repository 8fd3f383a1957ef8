#!/usr/bin/env bash
# sudokit against the reference solvers ("peers", issue 32): each backend and the public solver it
# is measured against, alternated in rounds on one pinned core, on the same puzzles in the same
# order, both looking for up to 2 solutions (solve, then prove unique). Prints a markdown table of
# the ratios sudokit puzzles/s / peer puzzles/s, each the median and the range over the rounds,
# then every round's raw figures and the commands that gave them.
#
#   experiments/peers.sh                  # PEERS=/tmp/peers, 5 rounds: about 16 minutes
#   experiments/peers.sh --quick          # smoke run: 2 rounds, small sets; not a measurement
#   experiments/peers.sh -h               # this text
#
# Options (each also read from the environment variable in brackets):
#   --peers DIR       [PEERS]        where the peers were built, outside the repository
#                                    (from their public sources, docs/benchmarks.md names them;
#                                    default /tmp/peers):
#                                    DIR/tdoku/build/run_benchmark, MiniSat's shared library in
#                                    DIR/minisat/install/lib (put on LD_LIBRARY_PATH here)
#   --build DIR       [BUILD]        the sudokit build to measure: DIR/experiments/sudokit-bench
#                                    (default build/release; nothing is built)
#   --rounds N        [ROUNDS]       rounds (default 5; fewer only with --quick)
#   --core C          [CORE]         the core every run is pinned to (taskset -c); default the
#                                    last core of this shell's affinity list
#   --sets "F[:N]..." [SETS]         puzzle files, each cut to its first N puzzles if N is given
#                                    (default: data/top1465 data/forum_hardest_1106
#                                    data/qqwing_simple_1000; a larger very hard set, such as
#                                    tdoku's forum_hardest_1905_11+, can be named here)
#   --bt-limit N      [BT_LIMIT]     the backtrack pair solves the first N puzzles of each set,
#                                    on both sides (default 50; --quick 5)
#   --windows N       [WINDOWS]      timed windows per side, pair, set and round, alternated
#                                    between the two sides; each side's best is its figure
#                                    (default 3)
#   --pairs "P..."    [PAIRS]        which pairs (default: propagate dlx sat backtrack best)
#   --best-of "B..."  [BEST_OF]      the backends the best pair chooses from (default: every
#                                    Sudoku backend `sudokit solvers` lists but backtrack, whose
#                                    pair runs on cut sets; external programs are not listed)
#   --quick                          2 rounds (or --rounds), sets cut to 200 puzzles, one window
#                                    a side: checks that everything runs, measures nothing
#
# The pairs (sudokit backend at its defaults / the peer, tdoku's run_benchmark solver id):
#   propagate / jsolve             Norvig-style propagation / JSolve (singles, locked candidates)
#   dlx       / kudoku             dancing links / kudoku (exact cover)
#   sat       / minisat_complete   sudokit's default SAT (extended encoding, givens propagated
#                                  away, a fresh textbook CDCL per 9x9 puzzle that unit
#                                  propagation does not settle) / MiniSat 2.2 with tdoku's
#                                  "complete" encoding (cells and units exactly-one: the extended
#                                  encoding), one reused solver, givens as assumptions
#   backtrack / _tdev_basic        row-major backtracking, no propagation, on both sides
#   best      / tdoku              the fastest of the BEST_OF backends in that round and set
#                                  (by their figures above; one not paired above is timed for
#                                  the choice in windows of tdoku's T), timed again in windows
#                                  alternated with tdoku's
# How each side is timed, in windows of T seconds (T calibrated once per peer and set before the
# first round: 3/4 of a pass over the set at the peer's rate, at least 1):
#   sudokit  sudokit-bench --count 2 --seconds T --solvers B FILE: after one pass to warm up,
#            whole passes over FILE in order until T seconds have gone; their mean rate
#   peer     run_benchmark -s ID -n N -r0 -e1 -w1 -tT FILE, LC_ALL=C: -n N with N the exact
#            number of puzzles of FILE and -r0 make its test set FILE itself, in order, unpermuted
#            (a larger -n would repeat and sample the file, -r1 permutes every puzzle); 2 solutions
#            is its default (-f would stop at 1). After -w seconds of warm-up it solves whole
#            passes over the set until T seconds have gone and reports their mean rate (if the
#            warm-up's rate says one pass would take more than 2T seconds it would time a random
#            sample instead, which the calibration avoids).
# Each pair runs WINDOWS windows a side, alternated (peer, sudokit, peer, ... in odd rounds,
# sudokit first in even ones), and each side's figure is its best window: the speed of these
# machines comes and goes within seconds, so both sides sample the same stretch of time, and the
# best of each is its speed undisturbed (a side timed in one short burst, as this script first
# did, lands wholly in a slow stretch or not, which spread one pair's ratio from 0.7 to 1.3).
# sudokit-bench warms up for one pass, run_benchmark for -w1 second: both warm before timing.
# FILE is, on both sides, the set's puzzles without its comment lines (cut to N).
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }

PEERS=${PEERS:-/tmp/peers}
BUILD=${BUILD:-build/release}
ROUNDS=${ROUNDS:-}
CORE=${CORE:-}
SETS=${SETS:-}
BT_LIMIT=${BT_LIMIT:-}
WINDOWS=${WINDOWS:-}
PAIRS=${PAIRS:-propagate dlx sat backtrack best}
quick=0
while (( $# )); do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --peers) PEERS=$2; shift 2 ;;
    --build) BUILD=$2; shift 2 ;;
    --rounds) ROUNDS=$2; shift 2 ;;
    --core) CORE=$2; shift 2 ;;
    --sets) SETS=$2; shift 2 ;;
    --bt-limit) BT_LIMIT=$2; shift 2 ;;
    --windows) WINDOWS=$2; shift 2 ;;
    --pairs) PAIRS=$2; shift 2 ;;
    --best-of) BEST_OF=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    *) echo "peers.sh: unknown argument '$1' (-h for help)" >&2; exit 2 ;;
  esac
done
if (( quick )); then
  ROUNDS=${ROUNDS:-2} BT_LIMIT=${BT_LIMIT:-5} WINDOWS=${WINDOWS:-1}
  SETS=${SETS:-data/top1465:200 data/forum_hardest_1106:200 data/qqwing_simple_1000:200}
fi
ROUNDS=${ROUNDS:-5} BT_LIMIT=${BT_LIMIT:-50} WINDOWS=${WINDOWS:-3}
SETS=${SETS:-data/top1465 data/forum_hardest_1106 data/qqwing_simple_1000}
die() { echo "peers.sh: $*" >&2; exit 2; }
for v in ROUNDS BT_LIMIT WINDOWS; do
  [[ ${!v} =~ ^[1-9][0-9]*$ ]] || die "$v must be a positive number, not '${!v}'"
done
(( ROUNDS >= 5 || quick )) || die "$ROUNDS rounds give no median worth quoting: at least 5 (or --quick for a smoke run)"
# The last core of the affinity list ("0-1", "0,2-3": the kernel lists them in ascending order).
allowed=$(taskset -cp $$ | sed 's/.*: *//')
CORE=${CORE:-${allowed##*[,-]}}
[[ $CORE =~ ^[0-9]+$ ]] || die "bad core '$CORE'"
taskset -c "$CORE" true 2>/dev/null || die "cannot pin to core $CORE (allowed: $allowed)"

RB=$PEERS/tdoku/build/run_benchmark
MINISAT_LIB=$PEERS/minisat/install/lib
BENCH=$BUILD/experiments/sudokit-bench
[[ -x $RB ]] || die "no $RB: build the peers first (docs/benchmarks.md names them), or PEERS=DIR"
[[ -d $MINISAT_LIB ]] || die "no $MINISAT_LIB (MiniSat's shared library, for minisat_complete)"
# sudokit-bench may be being rebuilt: wait a minute for it before giving up.
for _ in $(seq 60); do [[ -x $BENCH ]] && break; sleep 1; done
[[ -x $BENCH ]] || die "no $BENCH: build sudokit first (cmake --preset release && cmake --build --preset release)"
bench_sum=$(sha256sum "$BENCH" | cut -c1-16)
if [[ -z ${BEST_OF:-} ]]; then
  BEST_OF=$("$BUILD/apps/sudokit" solvers --kind sudoku --names | grep -vx -e backtrack -e 'ext:.*' | xargs)
  [[ -n $BEST_OF ]] || die "no backend for the best pair: $BUILD/apps/sudokit solvers listed none"
fi

declare -A PEER_OF=([propagate]=jsolve [dlx]=kudoku [sat]=minisat_complete [backtrack]=_tdev_basic [best]=tdoku)
for p in $PAIRS; do [[ -n ${PEER_OF[$p]:-} ]] || die "unknown pair '$p' (propagate dlx sat backtrack best)"; done
run_peer=(env LC_ALL=C LD_LIBRARY_PATH="$MINISAT_LIB${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" taskset -c "$CORE" "$RB")
peer_help=$("${run_peer[@]}" -h)
for p in $PAIRS; do
  grep -qw -- "${PEER_OF[$p]}" <<< "$peer_help" || die "$RB has no solver ${PEER_OF[$p]} (tdoku's CMake options for its other solvers)"
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log() { echo "peers.sh: $*" >&2; }
start=$SECONDS

# --- the sets: FILE[:N] -> $work/NAME.txt (and NAME.bt.txt, the backtrack pair's puzzles) ------
names=()
declare -A SETFILE=() LABEL=()
for spec in $SETS; do
  file=${spec%%:*} limit=
  [[ $spec == *:* ]] && limit=${spec##*:}
  [[ -z $limit || $limit =~ ^[1-9][0-9]*$ ]] || die "bad set '$spec': FILE or FILE:N, N > 0"
  [[ -f $file ]] || die "no puzzle file $file"
  name=$(basename "$file")
  [[ -z ${SETFILE[$name]:-} ]] || die "two sets named $name"
  awk -v limit="${limit:-0}" '!/^#/ && NF { print; if (++n == limit) exit }' "$file" > "$work/$name.txt"
  bad=$(awk 'length($0) != 81 || !/^[0-9.]+$/ { print NR; exit }' "$work/$name.txt")
  [[ -z $bad ]] || die "$file: puzzle $bad is not 81 characters of digits and dots"
  awk -v limit="$BT_LIMIT" '{ print } NR == limit { exit }' "$work/$name.txt" > "$work/$name.bt.txt"
  names+=("$name") SETFILE[$name]=$work/$name.txt
  n=$(wc -l < "$work/$name.txt")
  LABEL[$name]=$name
  [[ -n $limit ]] && LABEL[$name]="$name (first $n)"
done

count() { wc -l < "$1"; }
file_for() { if [[ $1 == backtrack ]]; then echo "$work/$2.bt.txt"; else echo "$work/$2.txt"; fi; }

# --- one figure each side --------------------------------------------------------------------
# run_benchmark's row: |id  desc|  puzzles/sec|  usec/puzzle|  %no_guess|  guesses/puzzle|
peer_once() {  # ID FILE T -> puzzles/s
  local out n
  n=$(count "$2")
  out=$("${run_peer[@]}" -s "$1" -n "$n" -r0 -e1 -w1 -t"$3" "$2") || { echo "$out" >&2; die "run_benchmark failed: $1 on $2"; }
  awk -F'|' -v id="$1" '{ split($2, a, " ") } a[1] == id { gsub(/ /, "", $3); print $3; found = 1 }
                        END { exit !found }' <<< "$out" || { echo "$out" >&2; die "no figure for $1 in run_benchmark's output"; }
}
# sudokit-bench's row: | backend | options | puzzles | puzzles/s | nodes/s | mean nodes | mean guesses | stopped |
sudokit_once() {  # BACKEND FILE T -> puzzles/s
  local out row n
  n=$(count "$2")
  for _ in $(seq 60); do [[ -x $BENCH ]] && break; sleep 1; done
  out=$(taskset -c "$CORE" "$BENCH" --count 2 --seconds "$3" --solvers "$1" "$2") || { echo "$out" >&2; die "sudokit-bench failed: $1 on $2"; }
  row=$(awk -F'|' -v b="$1" '{ x = $2; gsub(/ /, "", x) } x == b' <<< "$out")
  [[ -n $row ]] || { echo "$out" >&2; die "no row for $1 in sudokit-bench's output"; }
  IFS='|' read -r _ _ opts puzzles pps _ _ _ stopped _ <<< "$row"
  (( ${puzzles// /} == n && ${stopped// /} == 0 )) || { echo "$out" >&2; die "sudokit-bench $1: $puzzles of $n puzzles, $stopped stopped"; }
  opts=${opts# }
  opts=${opts% }
  echo "${opts:-(none)}" > "$work/options.$1"  # (this runs in a subshell: the file carries it out)
  echo "${pps// /}"
}

larger() { awk -v a="$1" -v b="$2" 'BEGIN { print (b > a ? b : a) }'; }
sudokit_best() {  # BACKEND FILE T -> the best of WINDOWS windows (for the best pair's choice only)
  local best=0 r
  for _ in $(seq "$WINDOWS"); do r=$(sudokit_once "$1" "$2" "$3"); best=$(larger "$best" "$r"); done
  echo "$best"
}

# --- calibration: run_benchmark's -t per peer and set (see the header) -------------------------
declare -A TSEC=()
log "calibrating run_benchmark's -t on core $CORE"
for name in "${names[@]}"; do
  for p in $PAIRS; do
    f=$(file_for "$p" "$name") id=${PEER_OF[$p]}
    r=$(peer_once "$id" "$f" 1)
    TSEC[$id/$name]=$(awk -v n="$(count "$f")" -v r="$r" 'BEGIN { t = int(0.75 * n / r + 0.999); print (t < 1 ? 1 : t) }')
  done
done

# --- the rounds ------------------------------------------------------------------------------
# Both sides of PAIR in this round's order, for set $name of round $round; SK keeps the round's
# sudokit figures of the set, from which the best pair takes its backend (the fastest), timed
# again in windows alternated with tdoku's.
pair_run() {  # PAIR: both sides' windows, alternated, in this round's order
  local p=$1 b=$1 f id t sk=0 peer=0 side r c
  f=$(file_for "$p" "$name") id=${PEER_OF[$p]}
  t=${TSEC[$id/$name]}
  if [[ $p == best ]]; then
    b=${BEST_OF%% *}
    for c in $BEST_OF; do [[ $(larger "${SK[$b]}" "${SK[$c]}") == "${SK[$b]}" ]] || b=$c; done
  fi
  log "round $round/$ROUNDS, ${LABEL[$name]}: $p$([[ $p == best ]] && echo " ($b)") / $id"
  for _ in $(seq "$WINDOWS"); do
    for side in $( (( round % 2 )) && echo peer sudokit || echo sudokit peer); do
      if [[ $side == peer ]]; then r=$(peer_once "$id" "$f" "$t"); peer=$(larger "$peer" "$r")
      else r=$(sudokit_once "$b" "$f" "$t"); sk=$(larger "$sk" "$r"); fi
    done
  done
  [[ $p == best ]] || SK[$p]=$sk
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$name" "$p" "$b" "$sk" "$peer" >> "$raw"
}
raw=$work/raw.tsv  # round, set, pair, sudokit backend, sudokit puzzles/s, peer puzzles/s
: > "$raw"
loads=()
for round in $(seq "$ROUNDS"); do
  loads+=("$(cut -d' ' -f1-3 /proc/loadavg)")
  for name in "${names[@]}"; do
    declare -A SK=()
    for p in $PAIRS; do [[ $p == best ]] || pair_run "$p"; done
    if [[ " $PAIRS " == *" best "* ]]; then
      # the best pair compares with every BEST_OF backend: measure the ones not paired above
      for b in $BEST_OF; do
        if [[ -z ${SK[$b]:-} ]]; then log "round $round/$ROUNDS, ${LABEL[$name]}: $b (for best)"; SK[$b]=$(sudokit_best "$b" "$work/$name.txt" "${TSEC[tdoku/$name]}"); fi
      done
      pair_run best
    fi
    unset SK
  done
done
elapsed=$((SECONDS - start))
changed=
if [[ $(sha256sum "$BENCH" | cut -c1-16) != "$bench_sum" ]]; then
  changed="**Warning: $BENCH changed during the run (rebuilt?): the rounds may mix two builds.**"
  log "${changed//\*/}"
fi

# --- the report ------------------------------------------------------------------------------
commas() { awk '{ s = sprintf("%.0f", $1); while (s ~ /[0-9][0-9][0-9][0-9]/) sub(/[0-9][0-9][0-9]($|,)/, ",&", s); print s }'; }
(( quick )) && echo "**Smoke run (--quick): the figures below measure nothing.**" && echo
[[ -n $changed ]] && echo "$changed" && echo
echo "sudokit / peer, puzzles per second: median (min-max) of the per-round ratio over $ROUNDS round$( (( ROUNDS > 1 )) && echo s),"
echo "each side's figure in a round the best of $WINDOWS window$( (( WINDOWS > 1 )) && echo s) of T seconds, alternated with the other side's (T: the peer's -t below);"
load_list=$(printf '%s; ' "${loads[@]}")
echo "core $CORE, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average at each round's start: ${load_list%; }"
# The ratios depend on the processor (on 2026-11-27 dlx / kudoku was 1.18 on
# one machine of this kind and 0.95 on another), so the report names it: its model (a virtual
# machine may show only "AMD EPYC": the family and model numbers tell the generation), its L1
# data cache, and the widest vectors it has, which a release build (-march=native) uses: with
# AVX-512 propagate scans every unit for hidden singles after every guess, with AVX2 only while
# the givens are propagated (2026-11-29: propagate / jsolve 1.16 on an AVX-512 machine, 0.86 on
# an AVX2 one, top1465). A build made for other vectors than the machine's is not told apart.
cpu=$(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
family=$(awk -F': *' '/^cpu family/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
model=$(awk -F': *' '/^model[[:space:]]*:/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
flags=$(awk -F': *' '/^flags/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
vectors="no AVX2"
[[ " $flags " == *" avx2 "* ]] && vectors="AVX2"
[[ " $flags " == *" avx512bw "* ]] && vectors="AVX-512"
l1d=$(getconf LEVEL1_DCACHE_SIZE 2>/dev/null || true)
echo "processor: ${cpu:-unknown}$([[ -n $family ]] && echo " (family $family, model ${model:-?})"), $vectors$([[ $l1d =~ ^[1-9][0-9]*$ ]] && echo ", L1 data cache $((l1d / 1024)) KiB a core")"
echo
printf '| sudokit / peer |'; for name in "${names[@]}"; do printf ' %s |' "${LABEL[$name]}"; done; echo
printf '|---|'; for _ in "${names[@]}"; do printf -- '---|'; done; echo
for p in $PAIRS; do
  printf '| %s / %s |' "$p" "${PEER_OF[$p]}"
  for name in "${names[@]}"; do
    # the ratios in order, and for the best pair which backend it was in how many rounds
    awk -F'\t' -v s="$name" -v p="$p" '$2 == s && $3 == p { print $5 / $6, $4 }' "$raw" | sort -g |
      awk -v best="$([[ $p == best ]] && echo 1 || echo 0)" '
        { r[NR] = $1; if (!($2 in seen)) order[++k] = $2; seen[$2]++ }
        END { m = NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
              printf " %.2f (%.2f-%.2f)", m, r[1], r[NR]
              if (best) { printf " ["; for (i = 1; i <= k; i++) printf "%s%s %d", (i > 1 ? ", " : ""), order[i], seen[order[i]]; printf "]" } }'
    printf ' |'
  done
  echo
done
if [[ " $PAIRS " == *" backtrack "* ]]; then
  echo
  echo "backtrack / _tdev_basic: the first $BT_LIMIT puzzles of each set, on both sides. best: the fastest"
  echo "of $BEST_OF in the round, [which, in how many rounds]."
fi
echo
echo "Per round (puzzles per second):"
echo
echo "| round | set | sudokit | puzzles/s | peer | puzzles/s | ratio |"
echo "|---|---|---|---|---|---|---|"
while IFS=$'\t' read -r round name p b sk peer; do
  printf '| %s | %s | %s | %s | %s | %s | %.3f |\n' "$round" "${LABEL[$name]}" "$b" "$(commas <<< "$sk")" \
    "${PEER_OF[$p]}" "$(commas <<< "$peer")" "$(awk -v a="$sk" -v c="$peer" 'BEGIN { print a / c }')"
done < "$raw"
echo
echo "Commands (FILE: the set's puzzles without comment lines, cut as labelled; the backtrack pair's"
echo "FILE: its first $BT_LIMIT; each run pinned with taskset -c $CORE):"
echo
echo '```sh'
echo "# sudokit ($BENCH, sha256 $bench_sum...; work tree at $(git describe --always --dirty 2>/dev/null || echo '?'))"
for o in "$work"/options.*; do
  echo "taskset -c $CORE $BENCH --count 2 --seconds T --solvers ${o##*.} FILE   # options: $(cat "$o")"
done
echo "# peers ($(sed -n 's/^build info: //p' <<< "$peer_help"))"
for name in "${names[@]}"; do
  for p in $PAIRS; do
    f=$(file_for "$p" "$name") id=${PEER_OF[$p]}
    echo "LC_ALL=C LD_LIBRARY_PATH=$MINISAT_LIB taskset -c $CORE $RB -s $id -n $(count "$f") -r0 -e1 -w1 -t${TSEC[$id/$name]} FILE   # ${LABEL[$name]}"
  done
done
echo '```'
if [[ -f $PEERS/VERSIONS ]]; then
  echo
  echo "The peers' sources ($PEERS/VERSIONS):"
  echo
  sed 's/^/    /' "$PEERS/VERSIONS"
fi
echo
printf 'Took %dm%02ds (%d round%s, calibration included).\n' $((elapsed / 60)) $((elapsed % 60)) "$ROUNDS" "$( (( ROUNDS > 1 )) && echo s)"
