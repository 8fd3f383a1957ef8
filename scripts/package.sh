#!/usr/bin/env bash
# Builds the Debian package: build/package/sudokit_<version>_<arch>.deb, built for any x86-64
# (the package preset: no -march=native) and installed under /usr (docs/packaging.md).
#   scripts/package.sh && sudo apt-get install ./build/package/sudokit_*.deb
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --extra  # dpkg-shlibdeps (dpkg-dev) computes the package's Depends; lintian checks it
cmake --preset package >/dev/null
cmake --build --preset package -j"$(nproc)"
cpack --preset package
deb=$(ls build/package/sudokit_*.deb)
echo "$deb"
# Debian's checks: no error may remain (warnings are listed, docs/packaging.md says which are known).
lintian --no-tag-display-limit "$deb" | tee build/package/lintian.txt
! grep -q '^E:' build/package/lintian.txt
