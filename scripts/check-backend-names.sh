#!/usr/bin/env bash
# Checks the promise of core/include/sudokit/solver.h: nothing outside solvers/ chooses a backend
# by its name. Every backend name the build registers (`sudokit solvers`: the backends and the
# family members installed) is looked for, as a word, in the code of apps/, python/ and tests/
# (comments aside: they may explain with an example; an #include of a backend's header is a hit);
# a hit fails. A backend's own tests may name it and its options: tests/test_NAME.cpp,
# tests/test_NAME_*.cpp, and a backend built from a folder under tests/ (tests/sixth_backend).
# The exceptions are not backends: "dlx" as the name of Knuth's file format (`encode --to dlx`,
# FILE.dlx), and the fuzzers' seed files, which imitate CSVs that runs wrote.
#
#   scripts/check-backend-names.sh SUDOKIT     (scripts/test.sh runs it with the build's program)
set -euo pipefail
cd "$(dirname "$0")/.."
sudokit=${1:?usage: scripts/check-backend-names.sh PATH/TO/sudokit}
names=$("$sudokit" solvers | awk '/^[^ ]/ && $1 !~ /NAME$/ { sub(/^[a-z]+:/, "", $1); print $1 }' | sort -u)
pattern=$(paste -sd'|' <<<"$names")
format='(\.dlx\b|--to dlx|is dlx or dimacs|to [!=]= "dlx"|to = "dlx"|default_value\("dlx"\)|"dlx \(Knuth|dlx\|dimacs)'
own=$(for name in $names; do printf -- '--exclude=test_%s.cpp\n--exclude=test_%s_*.cpp\n--exclude-dir=%s_backend\n' "$name" "$name" "$name"; done)
mapfile -t own <<<"$own"
hits=$(grep -rnE --include='*.cpp' --include='*.h' --include='*.py' --exclude=make_corpus.py "${own[@]}" "\b($pattern)\b" apps python tests |
  grep -vE '^[^:]+:[0-9]+:\s*//|^[^:]+\.py:[0-9]+:\s*#' | sed -E "s/$format//g" | grep -E "^[^:]+:[0-9]+:.*\b($pattern)\b" || true)
if [[ -n $hits ]]; then
  echo "check-backend-names: a backend named outside solvers/ (choose it from its declarations, solver.h):" >&2
  echo "$hits" >&2
  exit 1
fi
echo "check-backend-names: no backend named in apps/, python/ or tests/ outside its own tests ($(wc -w <<<"$names") names: $(tr '\n' ' ' <<<"$names"))"
