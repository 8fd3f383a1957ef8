#!/usr/bin/env bash
# The main job: installs what is missing, builds sudokit (Release), installs the programs
# (`sudokit`, `sudokit-xcgen`) into ~/.local/bin so that the README's examples can call them by
# name, and runs every backend side by side on the example puzzles shipped in examples/
# (`sudokit compare`): each answer verified, the backends cross-checked, and a summary table of
# what each one cost.
#   PREFIX=DIR scripts/run.sh    installs into DIR/bin instead of ~/.local/bin
#   PRESET=ci scripts/run.sh     builds another preset (.ci/run: the build its tests then use)
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${PRESET:-release}
scripts/setup.sh
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j"$(nproc)"
prefix=${PREFIX:-$HOME/.local}
cmake --install "build/$preset" --component programs --prefix "$prefix" >/dev/null
bin=$prefix/bin/sudokit
for f in examples/*.txt; do
  box=$(sed -n 's/^# box: *//p' "$f" | head -n 1)
  echo "== $f"
  # Exit 1 says a search stopped at its default work budget (the summary names them): expected
  # for the textbook backtracking on the hardest examples. 2 and above is a failure.
  status=0
  "$bin" compare ${box:+--box "$box"} "$f" || status=$?
  (( status <= 1 )) || exit "$status"
done
echo
if [[ $(command -v sudokit) == "$bin" ]]; then
  echo "sudokit is installed as $bin: try \`sudokit solvers\`, then the README's examples."
else
  echo "sudokit is installed as $bin. To call it \`sudokit\`, as the README's examples do:"
  echo "  export PATH=\"$prefix/bin:\$PATH\""
fi
