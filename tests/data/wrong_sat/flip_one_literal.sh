#!/bin/sh
# Test only: a wrong SAT solver (wrong_sat_solver.sh): the first true literal of the model made false.
exec "$(dirname "$0")/wrong_sat_solver.sh" flip-first-true "$@"
