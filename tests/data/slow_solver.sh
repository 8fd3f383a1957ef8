#!/bin/sh
# Test only: a SAT "solver" that never answers in time, to test that a timeout kills it.
exec sleep 60
