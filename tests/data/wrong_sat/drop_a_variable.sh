#!/bin/sh
# Test only: a wrong SAT solver (wrong_sat_solver.sh): the first true literal left out of the model.
exec "$(dirname "$0")/wrong_sat_solver.sh" drop-first-true "$@"
