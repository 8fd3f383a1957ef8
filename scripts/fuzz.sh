#!/usr/bin/env bash
# Builds the libFuzzer targets (the fuzz preset, or --preset asan) and runs each, one per CPU at a time, from a copy of its
# seed corpus, so that the repository is not modified (docs/fuzzing.md).
#   scripts/fuzz.sh                      every target, 20 seconds each
#   scripts/fuzz.sh 3600 differential    one target for an hour
#   scripts/fuzz.sh --runs 30000         every target, 30,000 executions from seed 1: as much fuzzing
#                                        on a loaded machine as on an idle one
#   scripts/fuzz.sh --preset asan --runs 30000
#                                        the same with the asan preset's targets (what .ci/run does,
#                                        after the asan build: no other build of the libraries; edge
#                                        counters only, where the fuzz preset also traces comparisons)
# Exits 1 on a finding (crash, sanitizer report, broken invariant, timeout), after copying the
# input to build/PRESET/findings/ and printing the end of the log. Skips (exit 0) when clang has no
# libFuzzer (Debian's libclang-rt-14-dev, installed by scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
preset=fuzz
limit=(-max_total_time=20)
what=20s
targets=()
while (($#)); do
  case $1 in
    --preset) preset="${2:?--preset needs a name: fuzz or asan}"; shift 2 ;;
    --runs) limit=(-seed=1 -runs="${2:?--runs needs a number}"); what="$2 runs"; shift 2 ;;
    [1-9]*)
      [[ $1 =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: '$1' is no number of seconds" >&2; exit 2; }
      limit=(-max_total_time="$1"); what="${1}s"; shift ;;
    *) targets+=("$1"); shift ;;
  esac
done
[[ $preset == fuzz || $preset == asan ]] || { echo "fuzz: --preset is fuzz or asan, not '$preset'" >&2; exit 2; }
for t in "${targets[@]+"${targets[@]}"}"; do
  [[ -d tests/fuzz/corpus/fuzz_$t ]] || { echo "fuzz: no target '$t' (targets: puzzle fpuzzles dlx model csv differential)" >&2; exit 2; }
done
[[ ${#targets[@]} -eq 0 ]] && targets=(puzzle fpuzzles dlx model csv differential)

if ! printf 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }\n' |
     clang++ -x c++ -fsanitize=fuzzer,address,undefined -o /dev/null - 2>/dev/null; then
  echo "fuzz: clang++ with libFuzzer is not available (scripts/setup.sh installs it): skipped" >&2
  exit 0
fi
build=build/$preset
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j"$(nproc)" --target sudokit_fuzz_targets
for t in "${targets[@]}"; do  # CMake's own libFuzzer test may have left them out: say so, not "finding"
  [[ -x $build/tests/fuzz/fuzz_$t ]] || { echo "fuzz: $build/tests/fuzz/fuzz_$t was not built (see CMake's warning)" >&2; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# One target: its log, and its exit status in $work/$t.rc.
run_target() {
  local t=$1 dict=()
  mkdir -p "$work/$t" "$work/$t.art"
  cp tests/fuzz/corpus/fuzz_"$t"/* "$work/$t/"
  [[ -f tests/fuzz/$t.dict ]] && dict=(-dict="tests/fuzz/$t.dict")
  local rc=0
  UBSAN_OPTIONS=print_stacktrace=1 "$build"/tests/fuzz/fuzz_"$t" "${dict[@]}" "${limit[@]}" -timeout=10 \
    -print_final_stats=1 -artifact_prefix="$work/$t.art/" "$work/$t" >"$work/$t.log" 2>&1 || rc=$?
  echo "$rc" > "$work/$t.rc"
}
# As many targets at once as there are CPUs to run on (each is one process on one core).
cpus=$(nproc)
for t in "${targets[@]}"; do
  while (( $(jobs -rp | wc -l) >= cpus )); do wait -n || true; done
  run_target "$t" &
done
wait
status=0
for t in "${targets[@]}"; do
  if [[ $(cat "$work/$t.rc") == 0 ]]; then
    echo "fuzz_$t: $what, no finding; $(grep -a -E '^#[0-9]+' "$work/$t.log" | tail -n 1)"
  else
    status=1
    mkdir -p "$build"/findings
    cp "$work/$t.art/"* "$build"/findings/ 2>/dev/null || true
    echo "fuzz_$t: FINDING (input copied to $build/findings/):"
    tail -n 40 "$work/$t.log"
  fi
done
exit $status
