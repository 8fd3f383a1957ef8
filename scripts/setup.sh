#!/usr/bin/env bash
# Installs what sudokit needs from Debian's packages, and only what is missing.
#   scripts/setup.sh          build and test dependencies (the Python module's too: pybind11, pytest;
#                             clang's runtime libraries, which the sanitizer build and the fuzz targets need)
#   scripts/setup.sh --extra  also the external SAT solvers, qqwing, matplotlib and graphviz
#                             (used by the DIMACS cross-check tests and by experiments/), pandas
#                             (docs/python.md), dpkg-dev and lintian (scripts/package.sh), bc
#                             (experiments/large_grids.sh), GNU parallel (the README's shards
#                             example, which the test suite runs), Chromium with its driver and Selenium
#                             (the lesson page of `sudokit teach` and `sudokit serve`, tested in a
#                             real browser: tests/browser)
set -euo pipefail

packages=(cmake g++ clang make libboost-program-options-dev libboost-dev libcryptominisat5-dev libcadical-dev libgtest-dev libmimalloc-dev
          nlohmann-json3-dev pybind11-dev python3-dev python3-pytest libcpp-httplib-dev pkg-config libclang-rt-14-dev)
if [[ "${1:-}" == "--extra" ]]; then
  packages+=(minisat cadical picosat qqwing python3-matplotlib graphviz python3-pandas dpkg-dev lintian bc parallel chromium chromium-driver python3-selenium)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

sudo=""
[[ $(id -u) -ne 0 ]] && sudo="sudo"
echo "setup: installing ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
