#!/usr/bin/env bash
# Builds sudokit and runs the whole test suite: `scripts/test.sh [PRESET]` (default: release;
# under CI the `ci` preset, which is release with warnings as errors). Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-$([[ -n "${CI:-}" ]] && echo ci || echo release)}"
scripts/setup.sh --extra
cmake --preset "$preset" -DSUDOKIT_BUILD_TESTS=ON >/dev/null
cmake --build --preset "$preset" -j"$(nproc)"
ctest --preset "$preset"
