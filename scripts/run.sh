#!/usr/bin/env bash
# The main job: installs what is missing, builds sudokit (Release) and solves the example
# puzzles shipped in examples/, printing each solution and its statistics.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release -j"$(nproc)"
bin=build/release/apps/sudokit
for f in examples/*.txt; do
  box=$(sed -n 's/^# box: *//p' "$f" | head -n 1)
  echo "== $f"
  "$bin" solve --count 2 --stats ${box:+--box "$box"} "$f"
done
