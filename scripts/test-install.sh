#!/usr/bin/env bash
# Checks the installed package as a user meets it: installs a build of sudokit into a temporary
# prefix, builds tests/consumer against it (find_package(sudokit), sudokit::sudokit) with only
# that prefix on CMAKE_PREFIX_PATH, runs it on puzzles whose solutions tests/data/puzzles.txt
# records, and runs the installed program and Python module.
#   scripts/test-install.sh [PRESET]   default: the preset scripts/test.sh uses (ci under CI,
#                                      else release); its build directory is reused as it is
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-$([[ -n "${CI:-}" ]] && echo ci || echo release)}"
build=build/$preset
[[ -f $build/CMakeCache.txt ]] || cmake --preset "$preset" >/dev/null
cmake --build "$build" -j"$(nproc)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
fail() { echo "test-install: $*" >&2; exit 1; }

for h in sudokit/solver.h sudokit/registry.h sudokit/dlx/dlx.h sudokit/compare/compare.h; do
  [[ -f $prefix/include/$h ]] || fail "$h not installed"
done
cxx=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
cmake -S tests/consumer -B "$work/consumer" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_CXX_COMPILER="$cxx" >/dev/null
cmake --build "$work/consumer" >/dev/null

# Puzzles with a unique solution recorded as puzzle:1:solution; every backend must print
# "NUMBER BACKEND unique SOLUTION" for each.
grep -E '^[^#:]+:1:' tests/data/puzzles.txt | head -n 3 >"$work/expected"
cut -d: -f1 "$work/expected" >"$work/puzzles.txt"
"$work/consumer/consumer" "$work/puzzles.txt" >"$work/out" || fail "consumer exited with $?: $(cat "$work/out")"
backends=$("$prefix/bin/sudokit" solvers --kind sudoku --names)
n=0
while IFS=: read -r puzzle _ solution; do
  n=$((n + 1))
  for b in $backends; do
    grep -qx "$n $b unique $solution" "$work/out" || fail "consumer: no line '$n $b unique $solution' in: $(cat "$work/out")"
  done
done <"$work/expected"
[[ $(wc -l <"$work/out") -eq $((n * $(wc -w <<<"$backends"))) ]] || fail "consumer printed extra lines: $(cat "$work/out")"

"$prefix/bin/sudokit" compare "$work/puzzles.txt" >"$work/compare.out" || fail "installed sudokit compare failed"
first=$(head -n 1 "$work/expected")
if [[ -d $prefix/lib/python3/dist-packages ]]; then
  got=$(PYTHONPATH=$prefix/lib/python3/dist-packages /usr/bin/python3 -c \
        "import sudokit; print(sudokit.solve('${first%%:*}', backend='dlx', count=2)['solutions'][0])")
  [[ $got == "${first##*:}" ]] || fail "installed Python module solved ${first%%:*} as '$got'"
  echo "test-install: consumer, program and Python module of the installed package work ($n puzzles, backends: $(echo $backends))"
else
  echo "test-install: consumer and program of the installed package work ($n puzzles, backends: $(echo $backends)); no Python module was built"
fi
