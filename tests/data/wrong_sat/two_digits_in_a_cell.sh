#!/bin/sh
# Test only: a wrong SAT solver (wrong_sat_solver.sh): the first false literal of the model made true.
exec "$(dirname "$0")/wrong_sat_solver.sh" set-first-false "$@"
