#!/usr/bin/env bash
# The main job: installs what is missing, builds sudokit (Release) and runs every backend side by
# side on the example puzzles shipped in examples/ (`sudokit compare`): each answer verified,
# the backends cross-checked, and a summary table of what each one cost.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release -j"$(nproc)"
bin=build/release/apps/sudokit
for f in examples/*.txt; do
  box=$(sed -n 's/^# box: *//p' "$f" | head -n 1)
  echo "== $f"
  "$bin" compare ${box:+--box "$box"} "$f"
done
