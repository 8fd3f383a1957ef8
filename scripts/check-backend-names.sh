#!/usr/bin/env bash
# Checks the promise of core/include/sudokit/solver.h: nothing outside solvers/ chooses a backend
# by its name. Every backend name the build registers (`sudokit solvers`: the backends and the
# family members installed) is looked for, as a word, in the code of apps/, python/ and tests/
# (comments aside: they may explain with an example; an #include of a backend's header is a hit);
# a hit fails. A backend's own tests may name it, its options and the family members (ext:NAME),
# but no other backend: tests/test_NAME.cpp, tests/test_NAME_*.cpp, and a backend built from a
# folder under tests/ (tests/sixth_backend). A family's prefix (ext:) is not a backend and is not
# looked for; the members are those installed on the machine that runs the check.
# The exceptions are not backends: "dlx" as the name of Knuth's file format (`encode --to dlx`,
# FILE.dlx), and the fuzzers' seed files, which imitate CSVs that runs wrote.
#
#   scripts/check-backend-names.sh SUDOKIT     (scripts/test.sh runs it with the build's program)
set -euo pipefail
cd "$(dirname "$0")/.."
sudokit=${1:?usage: scripts/check-backend-names.sh PATH/TO/sudokit}
listed=$("$sudokit" solvers | awk '/^[^ ]/ && $1 !~ /NAME$/ { print $1 }')
backends=$(grep -v : <<<"$listed" | sort -u)                     # registered: backtrack, dlx, ...
names=$(sed -E 's/^[a-z]+://' <<<"$listed" | sort -u)             # and the family members installed
format='(\.dlx\b|--to[ =]dlx|is dlx or dimacs|to [!=]= "dlx"|to = "dlx"|default_value\("dlx"\)|"dlx \(Knuth|dlx\|dimacs)'

# The lines of FILES... (grep's arguments) that name one of the words of the pattern $1, comments
# and the .dlx format aside.
named() {
  local pattern=$1
  shift
  grep -rnE --include="*.cpp" --include="*.h" --include="*.py" -e "\b($pattern)\b" "$@" |
    grep -vE '^[^:]+:[0-9]+:\s*//|^[^:]+\.py:[0-9]+:\s*#' | sed -E "s/$format//g" |
    grep -E "^[^:]+:[0-9]+:.*\b($pattern)\b" || true
}

# Everywhere but a backend's own tests: no name at all.
own=$(for name in $backends; do printf -- '--exclude=test_%s.cpp\n--exclude=test_%s_*.cpp\n--exclude-dir=%s_backend\n' "$name" "$name" "$name"; done)
mapfile -t own <<<"$own"
hits=$(named "$(paste -sd'|' <<<"$names")" --exclude=make_corpus.py "${own[@]}" apps python tests)
# A backend's own tests: its own name and the family members (the programs the sat backend runs
# as ext:NAME), but no other backend's.
for name in $backends; do
  files=$(find tests -maxdepth 1 \( -name "test_$name.cpp" -o -name "test_${name}_*.cpp" \); if [[ -d tests/${name}_backend ]]; then echo "tests/${name}_backend"; fi)
  [[ -z $files ]] && continue
  others=$(grep -vx "$name" <<<"$backends" | paste -sd'|')
  hits+=$'\n'$(named "$others" $files)
done
hits=$(sed '/^$/d' <<<"$hits")
if [[ -n $hits ]]; then
  echo "check-backend-names: a backend named outside solvers/ (choose it from its declarations, solver.h):" >&2
  echo "$hits" >&2
  exit 1
fi
echo "check-backend-names: no backend named in apps/, python/ or tests/ outside its own tests ($(wc -w <<<"$names") names: $(tr '\n' ' ' <<<"$names"))"
