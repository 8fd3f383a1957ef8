#!/bin/sh
# Test only: a wrong SAT solver (wrong_sat_solver.sh): UNSATISFIABLE for every formula.
exec "$(dirname "$0")/wrong_sat_solver.sh" claim-unsat "$@"
