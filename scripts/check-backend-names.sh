#!/usr/bin/env bash
# Checks the promise of core/include/sudokit/solver.h: nothing outside solvers/ chooses a backend
# by its name. Every backend name the build registers (`sudokit solvers`: the backends and the
# family members installed) is looked for, as a word, in the code of apps/ and python/ (comments
# aside: they may explain with an example; an #include of a backend's header is a hit); a hit fails. The exceptions are not backends: "dlx"
# as the name of Knuth's file format (`encode --to dlx`, FILE.dlx).
#
#   scripts/check-backend-names.sh SUDOKIT     (scripts/test.sh runs it with the build's program)
set -euo pipefail
cd "$(dirname "$0")/.."
sudokit=${1:?usage: scripts/check-backend-names.sh PATH/TO/sudokit}
names=$("$sudokit" solvers | awk '/^[^ ]/ && $1 !~ /NAME$/ { sub(/^[a-z]+:/, "", $1); print $1 }' | sort -u)
pattern=$(paste -sd'|' <<<"$names")
format='(\.dlx\b|--to dlx|is dlx or dimacs|to [!=]= "dlx"|to = "dlx"|default_value\("dlx"\)|"dlx \(Knuth|dlx\|dimacs)'
hits=$(grep -rnE --include='*.cpp' --include='*.h' --include='*.py' "\b($pattern)\b" apps python |
  grep -vE '^[^:]+:[0-9]+:\s*//|^[^:]+\.py:[0-9]+:\s*#' | sed -E "s/$format//g" | grep -E "^[^:]+:[0-9]+:.*\b($pattern)\b" || true)
if [[ -n $hits ]]; then
  echo "check-backend-names: a backend named outside solvers/ (choose it from its declarations, solver.h):" >&2
  echo "$hits" >&2
  exit 1
fi
echo "check-backend-names: no backend named in apps/ or python/ ($(wc -w <<<"$names") names: $(tr '\n' ' ' <<<"$names"))"
