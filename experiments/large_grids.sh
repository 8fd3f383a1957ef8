#!/bin/sh
# Large grids (issue 14): hard 16x16 and 25x25 puzzles, every sudokit configuration below with a
# time limit per puzzle, and the cadical and minisat command-line solvers (Debian packages
# `cadical`, `minisat`) on the same puzzles as DIMACS files. Writes OUT/table.md.
#
#   experiments/large_grids.sh [OUT]         # OUT defaults to /tmp/sudokit-large
#   LIMIT=20 N16=20 N25=18 SKIP_GENERATE=1 BUILD=build/release experiments/large_grids.sh
#   SIZES=25 CORE=1 experiments/large_grids.sh     # one set only (its own table.md)
#   ONLY='sat|command line' experiments/large_grids.sh   # only the rows whose label matches
#
# Sets (fixed seeds, the same on every machine):
#   g16.txt  sudokit generate --box 4x4 --count $N16 --seed 16 --minimal
#   g25.txt  sudokit generate --box 5x5 --count $N25 --seed 25 --minimal
# Minimal: no clue can be removed. Generation runs pinned like the rest; generation.log gets its
# wall and CPU seconds.
#
# Each sudokit configuration runs once per set, puzzles in file order, pinned to one core
# (taskset -c ${CORE:-0}; the portfolio to two, ${PORTFOLIO_CORES:-0,1}), finding one solution
# (--count 1: what a SAT solver's "satisfiable" answers) and, in a second column, proving it
# unique (--count 2). Times are those sudokit reports per puzzle (time inside solve(): encoding and loading included, reading the file not).
# The uniqueness column runs only the puzzles the first column solved (the others would stop
# again, on the way to the same first solution) and counts the rest as stopped at the limit.
# The command-line solvers get the DIMACS file of each puzzle (`sudokit encode --to dimacs`,
# extended encoding, givens as unit clauses: the standard formula) and are timed per process,
# reading the file included. A run cut off by the limit counts as LIMIT seconds, unsolved.
set -eu
OUT=${1:-/tmp/sudokit-large}
BUILD=${BUILD:-build/release}
SUDOKIT=${SUDOKIT:-$BUILD/apps/sudokit}
LIMIT=${LIMIT:-20}
N16=${N16:-20}
N25=${N25:-18}
CORE=${CORE:-0}
SIZES=${SIZES:-16 25}
PIN="taskset -c $CORE"
mkdir -p "$OUT"

if [ -z "${SKIP_GENERATE:-}" ]; then
  for spec in "16 4x4 $N16 16" "25 5x5 $N25 25"; do
    set -- $spec
    case " $SIZES " in *" $1 "*) ;; *) continue ;; esac
    /usr/bin/time -f "generated g$1.txt ($3 puzzles): %e s wall, %U s CPU" -a -o "$OUT/generation.log" \
      nice -n 10 $PIN "$SUDOKIT" generate --box "$2" --count "$3" --seed "$4" --minimal > "$OUT/g$1.txt"
    tail -n 1 "$OUT/generation.log"
  done
fi

# The configurations: a label, the arguments to `sudokit solve`, and the cores it may use when
# not just CORE (a portfolio runs one library per core).
CONFIGS='propagate|--solver propagate
propagate rules=norvig|--solver propagate -o rules=norvig
propagate rules=all|--solver propagate -o rules=all
dlx|--solver dlx
sat (default)|--solver sat
sat (portfolio: CaDiCaL in two configurations, two cores)|--solver sat -o solver=portfolio|'"${PORTFOLIO_CORES:-0,1}"'
sat (portfolio=mixed: CaDiCaL and CryptoMiniSat, two cores)|--solver sat -o solver=portfolio -o portfolio=mixed|'"${PORTFOLIO_CORES:-0,1}"'
sat (CryptoMiniSat, extended)|--solver sat -o solver=cryptominisat -o encoding=extended
sat (CryptoMiniSat, compact)|--solver sat -o solver=cryptominisat -o encoding=compact
sat (CaDiCaL, extended)|--solver sat -o solver=cadical -o encoding=extended
sat (CaDiCaL, extended, its sat configuration)|--solver sat -o solver=cadical -o encoding=extended -o cadical=sat
sat (CaDiCaL, compact)|--solver sat -o solver=cadical -o encoding=compact
sat (CaDiCaL, extended, givens as units)|--solver sat -o solver=cadical -o encoding=extended -o givens=units'
[ -n "${WITH_BACKTRACK:-}" ] && CONFIGS="backtrack -o order=fewest|--solver backtrack -o order=fewest
$CONFIGS"
ONLY=${ONLY:-.}
CONFIGS=$(echo "$CONFIGS" | grep -E "^[^|]*($ONLY)" || true)

# solved, total and largest time of one run from its --stats lines; $1 more puzzles (not run)
# count as stopped at the limit
summarise() {
  awk -v limit="$LIMIT" -v unrun="${1:-0}" 'BEGIN { n = unrun; total = unrun * limit; if (unrun) max = limit }
    / status=/ {
      n++; t = limit
      for (i = 1; i <= NF; i++) { if ($i ~ /^time=/) t = substr($i, 6) + 0; if ($i ~ /^status=/) s = substr($i, 8) }
      if (s == "stopped") t = limit; else ok++
      total += t; if (t > max) max = t
    }
    END { printf "%d/%d | %.2f | %.2f", ok, n, total, max }'
}

table="$OUT/table.md"
: > "$table"
for size in $SIZES; do
  set="$OUT/g$size.txt"
  [ -s "$set" ] || { echo "missing $set" >&2; exit 1; }
  count=$(grep -vc '^#' "$set")
  {
    echo "### ${size}x${size}: $count puzzles ($(basename "$set")), limit $LIMIT s each"
    echo
    echo "| configuration | one solution: solved | total s | max s | uniqueness: solved | total s | max s |"
    echo "|---|---|---|---|---|---|---|"
  } >> "$table"
  [ -z "$CONFIGS" ] || echo "$CONFIGS" | while IFS='|' read -r label args cores; do
    pin=$PIN
    [ -z "$cores" ] || pin="taskset -c $cores"
    stats=$(nice -n 10 $pin "$SUDOKIT" solve $args --count 1 --timeout "$LIMIT" --stats "$set" 2>&1 >/dev/null || true)
    one=$(echo "$stats" | summarise)
    # Proving uniqueness first finds the solution that the run above looked for, so a puzzle it
    # stopped on would stop again: only the solved ones are run, the others count as stopped.
    solved=$(echo "$stats" | awk '/ status=/ && !/ status=stopped/ { for (i = 1; i <= NF; i++) if ($i == "puzzle") print $(i + 1) + 0 }')
    awk -v keep=" $(echo $solved) " '/^#/ { print; next } { if (index(keep, " " ++n " ")) print }' "$set" > "$OUT/solved.txt"
    unrun=$((count - $(echo "$solved" | grep -c . || true)))
    two=$(nice -n 10 $pin "$SUDOKIT" solve $args --count 2 --timeout "$LIMIT" --stats "$OUT/solved.txt" 2>&1 >/dev/null | summarise "$unrun")
    echo "| $label | $one | $two |" | tee -a "$table"
  done
  # The command-line solvers on one DIMACS file per puzzle.
  dir="$OUT/cnf$size"
  mkdir -p "$dir"
  i=0
  grep -v '^#' "$set" | while IFS= read -r line; do
    i=$((i + 1))
    echo "$line" | "$SUDOKIT" encode --to dimacs --encoding extended > "$dir/p$i.cnf"
  done
  for cli in cadical minisat; do
    echo "$cli (command line)" | grep -qE "$ONLY" || continue
    command -v $cli > /dev/null || { echo "| $cli (command line) | not installed | | | | | |" >> "$table"; continue; }
    ok=0 n=0 total=0 max=0
    for f in "$dir"/p*.cnf; do
      n=$((n + 1))
      start=$(date +%s.%N)
      set +e
      if [ $cli = cadical ]; then nice -n 10 $PIN timeout "$LIMIT" cadical -q "$f" > /dev/null; rc=$?
      else nice -n 10 $PIN timeout "$LIMIT" minisat -verb=0 "$f" > /dev/null 2>&1; rc=$?; fi
      set -e
      t=$(echo "$(date +%s.%N) - $start" | bc)
      if [ $rc = 10 ]; then ok=$((ok + 1)); else t=$LIMIT; fi
      total=$(echo "$total + $t" | bc)
      max=$(echo "if ($t > $max) $t else $max" | bc)
    done
    printf '| %s (command line, extended, givens as units) | %d/%d | %.2f | %.2f | | | |\n' "$cli" $ok $n "$total" "$max" | tee -a "$table"
  done
  echo >> "$table"
done
echo "wrote $table"
