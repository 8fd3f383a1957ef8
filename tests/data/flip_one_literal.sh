#!/bin/sh
# Test only: a SAT "solver" that is wrong on purpose. It runs minisat (or cadical when minisat is
# not installed) on the DIMACS file $1 and answers in the s/v convention with one literal of the
# model flipped: the first true one made false, so that one open cell has no digit. sudokit's
# verifier must catch it (tests/test_cross_check.cpp runs it as ext:cmd=...).
set -u
result=$(mktemp)
trap 'rm -f "$result"' EXIT
if command -v minisat >/dev/null 2>&1; then
  minisat -verb=0 "$1" "$result" >/dev/null 2>&1
  awk 'NR == 1 { if ($1 != "SAT") { print "s UNSATISFIABLE"; exit } print "s SATISFIABLE"; next }
       { line = "v"; for (i = 1; i <= NF; i++) { l = $i; if (!done && l > 0) { l = -l; done = 1 } line = line " " l }
         print line }' "$result"
else
  cadical -q "$1" | awk '/^v/ { for (i = 2; i <= NF; i++) if (!done && $i > 0) { $i = -$i; done = 1 } } { print }'
fi
