#!/bin/sh
# Test only: a SAT "solver" that is wrong on purpose, in the way MODE says, for sudokit's checks
# of a model (sudokit/encoders/model.h) to catch. It runs minisat (or cadical when minisat is not
# installed) on the DIMACS file FILE and answers in the s/v convention with the model spoiled:
#   flip-first-true   the first true literal made false (an open cell with no digit, or a given's
#                     literal false when the givens are unit clauses)
#   set-first-false   the first false literal made true (a cell with two digits)
#   drop-first-true   the first true literal left out of the answer (a variable with no value)
#   claim-unsat       "s UNSATISFIABLE" whatever the formula (only another backend refutes it)
# usage: wrong_sat_solver.sh MODE FILE   (the scripts beside it pass MODE: ext:cmd= takes a path)
set -u
mode=$1 cnf=$2
if [ "$mode" = claim-unsat ]; then echo "s UNSATISFIABLE"; exit 20; fi
result=$(mktemp)
trap 'rm -f "$result"' EXIT
if command -v minisat >/dev/null 2>&1; then
  minisat -verb=0 "$cnf" "$result" >/dev/null 2>&1
  awk 'NR == 1 { if ($1 != "SAT") { print "s UNSATISFIABLE"; exit } print "s SATISFIABLE"; next }
       { print "v " $0 }' "$result" > "$result.v"
else
  cadical -q "$cnf" > "$result.v"
fi
awk -v mode="$mode" '
  /^v/ { line = "v"
         for (i = 2; i <= NF; i++) {
           l = $i
           if (!done && l != 0 && mode == "flip-first-true" && l > 0) { l = -l; done = 1 }
           else if (!done && l != 0 && mode == "set-first-false" && l < 0) { l = -l; done = 1 }
           else if (!done && l != 0 && mode == "drop-first-true" && l > 0) { done = 1; continue }
           line = line " " l
         }
         print line; next }
  { print }' "$result.v"
rm -f "$result.v"
