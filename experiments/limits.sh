#!/bin/sh
# Limits on big grids (issue 14): every registered backend on an empty 64x64 grid (box 8x8),
# finding one solution and counting all of them (--count 0, which nobody finishes), and every
# exact-cover backend on the same grid as an exact-cover file, under --timeout; wall time, peak
# resident memory (/usr/bin/time's %M) and the status each reports. Memory is measured here, not
# in the test suite (tests/test_limits.cpp): AddressSanitizer's shadow memory makes a bound there
# meaningless. The target: stopped within 1.5x the timeout, under 400 MB.
#
#   experiments/limits.sh [TIMEOUT] [SIDE]     # defaults: 2 seconds, 64 (49 for box 7x7)
set -eu
BUILD=${BUILD:-build/release}
SUDOKIT=${SUDOKIT:-$BUILD/apps/sudokit}
TIMEOUT=${1:-2}
SIDE=${2:-64}
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
awk -v n="$SIDE" 'BEGIN { for (i = 0; i < n * n; i++) printf "0%s", (i + 1 < n * n ? " " : "\n") }' > "$DIR/empty.txt"
"$SUDOKIT" encode --to dlx "$DIR/empty.txt" > "$DIR/empty.dlx"

echo "| input | backend | --count | wall s | CPU s | max RSS MB | status |"
echo "|---|---|---|---|---|---|---|"
run() {  # input label, command, backend, count, file
  /usr/bin/time -f "%e %U %S %M" -o "$DIR/time" "$SUDOKIT" "$2" --solver "$3" --count "$4" --timeout "$TIMEOUT" "$5" \
    > "$DIR/out" 2> /dev/null || true
  status=$(grep -m1 '^#' "$DIR/out" | sed 's/^# *//; s/^puzzle 1: //' | cut -c1-60)
  [ -n "$status" ] || status="solved"
  # the last line: /usr/bin/time writes "Command exited with non-zero status" before it
  tail -n 1 "$DIR/time" | awk -v input="$1" -v b="$3" -v c="$4" -v s="$status" \
    '{ printf "| %s | %s | %s | %.2f | %.2f | %.0f | %s |\n", input, b, c, $1, $2 + $3, $4 / 1024, s }'
}
for b in $("$SUDOKIT" solvers --kind sudoku --names); do
  for c in 1 0; do run "empty ${SIDE}x${SIDE}" solve "$b" "$c" "$DIR/empty.txt"; done
done
for b in $("$SUDOKIT" solvers --kind xc --names); do
  run "empty ${SIDE}x${SIDE} as exact cover" xc "$b" 0 "$DIR/empty.dlx"
done
