#!/usr/bin/env bash
# Measures every backend's speeds and writes solvers/speeds.tsv: the figures Registry::default_for
# reads to choose the backend a command takes when none is named (BackendInfo::speeds). Run it on
# a quiet machine, then rebuild; the numbers are the reference machine's, and only their order
# matters for the choice.
#
#   experiments/speeds.sh                  # all three measurements (the large grids: about 30 min)
#   LARGE=DIR experiments/speeds.sh        # the 16x16 and 25x25 sets of experiments/large_grids.sh
#                                          # (DIR/g16.txt, DIR/g25.txt) instead of making them
#   OUT=FILE experiments/speeds.sh         # write elsewhere (the test suite checks the format)
#   SETS="9 xc" experiments/speeds.sh      # only some rows; the others are kept from the file
#   BUILD=DIR experiments/speeds.sh        # the programs of that build (DIR/apps, DIR/experiments), not a fresh one
#
# The measurements (sudokit-bench, one pinned core, each backend at its defaults):
#   9      data/top1465, proving uniqueness (--count 2), best of 3 passes: grids up to 9x9
#   large  20 minimal 16x16 and 18 minimal 25x25 puzzles (seeds 16 and 25), proving uniqueness,
#          20 s a puzzle, a stopped puzzle counted at the limit: grids from 10x10 to 64x64
#   xc     sudokit-xcgen queens 10, counting every solution (724), best of 3: exact cover
# Every backend that takes Sudoku is measured on each set (one that stops at the limit on every
# large puzzle gets 38 / 760 s = 0.05).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-solvers/speeds.tsv}
SETS=${SETS:-9 large xc}
CORE=${CORE:-1}
if [[ -z ${BUILD:-} ]]; then
  cmake --preset release >/dev/null
  cmake --build --preset release -j"$(nproc)" --target sudokit sudokit-bench sudokit-xcgen >/dev/null
fi
BUILD=${BUILD:-build/release}
bench() { taskset -c "$CORE" "$BUILD/experiments/sudokit-bench" "$@"; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Rows kept from the current file: those of the sets not measured now.
kept() {
  [[ -f $OUT ]] || return 0
  case " $SETS " in *" 9 "*) ;; *) awk -F'\t' '$2 == "sudoku" && $3 == "1-9"' "$OUT" ;; esac
  case " $SETS " in *" large "*) ;; *) awk -F'\t' '$2 == "sudoku" && $3 == "10-64"' "$OUT" ;; esac
  case " $SETS " in *" xc "*) ;; *) awk -F'\t' '$2 == "xc"' "$OUT" ;; esac
}
kept > "$work/kept"
{
  cat <<'HEAD'
# What each backend was measured to do (BackendInfo::speeds): problems per second, on one pinned
# core of the reference machine (docs/benchmarks.md). Registry::default_for picks the backend a
# command takes when none is named from these figures. Written by experiments/speeds.sh; not
# edited by hand. Columns: backend, kind (sudoku or xc), grid sides (first-last; - for xc),
# problems per second, what was measured.
HEAD
  cat "$work/kept"
  case " $SETS " in *" 9 "*) bench --speeds 1-9 --count 2 --repeat 3 data/top1465 ;; esac
  case " $SETS " in *" large "*)
    if [[ -n ${LARGE:-} ]]; then
      g16=$LARGE/g16.txt g25=$LARGE/g25.txt
    else
      g16=$work/g16.txt g25=$work/g25.txt
      "$BUILD/apps/sudokit" generate --box 4x4 --count 20 --seed 16 --minimal > "$g16"
      "$BUILD/apps/sudokit" generate --box 5x5 --count 18 --seed 25 --minimal > "$g25"
    fi
    bench --speeds 10-64 --count 2 --timeout 20 "$g16" "$g25" |
      sed "s|$g16 + $g25|20 minimal 16x16 and 18 minimal 25x25 (generate --minimal, seeds 16 and 25)|" ;;
  esac
  case " $SETS " in *" xc "*)
    "$BUILD/experiments/sudokit-xcgen" queens 10 > "$work/queens10.dlx"
    bench --speeds - --repeat 3 "$work/queens10.dlx" | sed "s|$work/queens10.dlx|sudokit-xcgen queens 10|" ;;
  esac
} > "$work/speeds.tsv"
mv "$work/speeds.tsv" "$OUT"
echo "wrote $OUT" >&2
