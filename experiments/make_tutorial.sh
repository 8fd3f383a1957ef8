#!/usr/bin/env bash
# Regenerates docs/tutorial.md and its search-tree pictures from sudokit's real output: the page
# is this script's output, so it says what the program does today.
#   experiments/make_tutorial.sh                  (after a release build; needs graphviz's `dot`)
#   experiments/make_tutorial.sh --check [BUILD]  writes the page and the trees' .dot files into a
#       scratch folder and compares them with docs/ (the pictures are not drawn): the test suite
#       runs this (tests/CMakeLists.txt), so the tutorial cannot drift from the program
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
if [[ ${1:-} == --check ]]; then
  check=1
  S=${2:-build/release}/apps/sudokit
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
else
  S=build/release/apps/sudokit
  out=docs
fi
# The tutorial's puzzle is the one `sudokit generate --seed 54` makes (chosen because propagation
# needs one guess there, a wrong one first: the smallest search that shows backtracking).
SEED=54
P=$("$S" generate --seed "$SEED" | grep -v '^#')
# The backends from `sudokit solvers`, never named here: every one that sudokit ships (its code
# under solvers/; a build may add others, SUDOKIT_EXTRA_BACKENDS, which the tutorial is not about)
# that takes Sudoku, and for the search-tree pictures those that trace every step of their search.
sudoku_backends=$("$S" solvers --kind sudoku | awk '/^[^ ]/ { name = $1 } /^  code: solvers\// { print name }')
tree_backends=$("$S" solvers --kind sudoku |
  awk '/^[^ ]/ { name = $1 } /traces: every step/ { steps[name] = 1 } /^  code: solvers\// && steps[name] { print name }')
draw() { ((check)) || dot "$@"; }  # the pictures are drawn from the .dot files, which --check compares
mkdir -p "$out/tutorial"
for s in $tree_backends; do
  echo "$P" | "$S" solve -s "$s" --count 2 --tree "$out/tutorial/tree_$s.dot" --tree-nodes 80 >/dev/null
  draw -Tpng -Gdpi=60 "$out/tutorial/tree_$s.dot" -o "$out/tutorial/tree_$s.png"
done
# sat's textbook DPLL (-o solver=dpll) on a 4x4 puzzle with three solutions; the minimal encoding
# (no hidden singles) leaves it a wrong branch to show.
P4='..3......14....1'
DPLL4="-s sat -o solver=dpll -o encoding=minimal --count 0"
echo "$P4" | "$S" solve $DPLL4 --tree "$out/tutorial/tree_sat_dpll_4x4.dot" >/dev/null
draw -Tsvg "$out/tutorial/tree_sat_dpll_4x4.dot" -o "$out/tutorial/tree_sat_dpll_4x4.svg"
run() { echo "\$ ${1//$S/sudokit}"; eval "$1" || true; }  # exit 1 is "stopped": expected here
# The statistics without the time, which differs from run to run (the page must not).
# Exit 1 ("stopped", with search=off) is expected here.
stats() {
  local line
  line=$(echo "$P" | "$S" solve -s "$1" --count 2 --stats "${@:2}" 2>&1 >/dev/null) || true
  echo "$line" | sed 's/^stdin: puzzle 1: //; s/ time=[0-9.e-]*//'
}
plural() { if [[ $1 == 1 ]]; then echo "1 $2"; else echo "$1 $2s"; fi; }
field() { local backend=$1 name=$2; shift 2; stats "$backend" "$@" | tr ' ' '\n' | sed -n "s/^$name=//p"; }
{
cat <<'MD'
# Tutorial: one puzzle, four methods

This walks one 9x9 puzzle through sudokit's four methods (backtracking, propagation, dancing
links, SAT; a fifth backend, bands, is propagation again built for speed on 9x9 grids alone) and
shows what each one does, with
sudokit's own output (regenerate this page with `experiments/make_tutorial.sh`; the test suite
checks that it still says what the program does). The puzzle, made
MD
echo "by \`sudokit generate --seed $SEED\`, has $(echo "$P" | tr -cd '1-9' | wc -c) clues and one solution:"
echo
echo '```'
echo "$P" | tr '.' '0' | fold -w 9 | sed 's/./& /g; s/ $//'
echo '```'
cat <<'MD'

## What each method costs

`sudokit solve --count 2 --stats` looks for two solutions (so the search must prove there is
only one) and prints the statistics that [stats.md](stats.md) defines:

```
MD
for s in $sudoku_backends; do stats "$s"; done
echo '```'
# The prose quotes the numbers just printed.
bt_nodes=$(field backtrack nodes) prop_nodes=$(field propagate nodes) bands_nodes=$(field bands nodes) dlx_nodes=$(field dlx nodes) dlx_guesses=$(field dlx guesses)
dlx_forced=$(field dlx forced) sat_decisions=$(field sat decisions) sat_conflicts=$(field sat conflicts)
cat <<MD

Plain backtracking tries digits cell by cell and needs $bt_nodes nodes; propagation needs
$prop_nodes (bands, its bit-board twin, $bands_nodes); dancing links needs $dlx_nodes nodes, but only $dlx_guesses are guesses — the other $dlx_forced are forced
steps, where an item had a single option left; the SAT solver decides $(plural "$sat_decisions" variable) and meets
$(plural "$sat_conflicts" conflict). The same answer, four very different methods. \`sudokit compare\` runs them side
by side and checks that they agree.
MD
cat <<'MD'

## Inference alone

With search turned off, propagation places what its rules force and stops: naked and hidden
singles, with locked candidates (a digit of a box confined to one line, or of a line to one box)
taking candidates out when the singles stall:

```
MD
run "echo '$P' | $S solve -s propagate -o search=off"
naked=$(field propagate naked_singles -o search=off) hidden=$(field propagate hidden_singles -o search=off)
open=$(field propagate open_cells -o search=off) locked=$(field propagate rule_eliminations -o search=off)
cat <<MD
\`\`\`

The rules fill $((naked + hidden)) cells ($naked naked singles, $hidden hidden singles; locked candidates took out
$locked candidates on the way) and then stall with $open open: this puzzle needs a guess.
MD
cat <<'MD'

## propagate, step by step

`--trace` prints every step. At the root the givens' consequences are propagated; then the search
picks the open cell with the fewest candidates, tries its first candidate, propagates again, meets
a contradiction and takes the other branch:

```
MD
echo "$P" | "$S" solve -s propagate --count 2 --trace 2>&1 >/dev/null | grep -v '^#' | grep -v '^[0-9.]*$' | \
  awk 'NR<=12 || /node|dead end|solution|back from/' 
cat <<'MD'
```

(The lines of inferences inside each node are shortened to the first few here.)

## backtrack, step by step

The textbook search places digits in reading order, with no look-ahead; it meets a dead end only
when a cell has no digit left:

```
MD
echo "$P" | "$S" solve -s backtrack --count 2 --trace 2>&1 >/dev/null | sed -n '2,25p'
cat <<'MD'
...
```

## dlx, step by step

Dancing links chooses the *constraint* with the fewest ways to satisfy it, which is usually a
forced one; a dead end is an item nobody can cover any more:

```
MD
echo "$P" | "$S" solve -s dlx --count 2 --trace 2>&1 >/dev/null | sed -n '2,14p'
echo "..."
echo "$P" | "$S" solve -s dlx --count 2 --trace 2>&1 >/dev/null | grep -m 3 -B1 'dead end'
cat <<'MD'
```

## sat

On a 9x9 grid sat's default solver is its own textbook CDCL (`solver=auto(cdcl)` below): a
puzzle's formula is small, and building CryptoMiniSat or CaDiCaL for it costs more than the
search ([backends/sat.md](backends/sat.md)). It tells every step, so its trace is long; its first
lines, and the call it makes, which finds the solution and then, forbidding it, none other:

```
MD
cdcl_trace=$(echo "$P" | "$S" solve -s sat --count 2 --trace 2>&1 >/dev/null)
sed -n '2,6p' <<< "$cdcl_trace"
echo "..."
grep ' call [0-9]' <<< "$cdcl_trace"
cat <<'MD'
```

A SAT library is a black box: neither CryptoMiniSat 5.11 nor CaDiCaL 1.5.3 (Debian's) tells its
caller about each decision as it makes it (CaDiCaL's ExternalPropagator, which would, came in a
later version), so with one (`-o solver=cryptominisat`, the default for 13x13 to 24x24) the trace has
one step per solver call. sudokit reports each call's decisions, conflicts and propagations, the
model it found as cell names (`r1c1=4 ...`), then adds a clause forbidding that solution and asks
again, which proves uniqueness; `--tree` has only the root to draw for the same reason:

```
MD
echo "$P" | "$S" solve -s sat -o solver=cryptominisat --count 2 --trace 2>&1 >/dev/null | grep -v '^[0-9.]*$'
cat <<'MD'
```

An easier puzzle may need no solver at all: when unit propagation alone settles every variable,
sat answers from it, reports the counts the solver would for such a formula, and says so
(settling: [backends/sat.md](backends/sat.md); a traced CDCL is still run, to show its steps). The
two calls of an easy puzzle from `data/qqwing_simple_1000`:

```
MD
echo "4.12..65.356.9..2..2......914......2..3......9..8.........5..16..8..........6.938" |
  "$S" solve -s sat -o solver=cryptominisat --count 2 --trace 2>&1 >/dev/null | grep ' call [0-9]'
cat <<'MD'
```

## sat, step by step: the textbook DPLL

`-o solver=dpll` gives the same formula to a textbook SAT solver that reports every step
([backends/sat.md](backends/sat.md#watching-a-sat-search-solverdpll)): each decision is a node
(the cell with the fewest candidates, its lowest digit made true), each unit propagation an
inference in it, each conflict a dead end with the clause found false, and a decision whose branch
is done is flipped, as a node of its own (`forced`). On the puzzle above:

```
MD
stats sat -o solver=dpll
cat <<'MD'
```

A whole search fits on a page for a 4x4 puzzle with three solutions. The minimal encoding
(each cell at least one digit, no digit twice in a unit) makes no hidden singles, so one branch
fails; the lines of eliminations (`r4c1!=2 by (r4c1!=2 or r4c3!=2)`: a placed digit rules itself
out of its peers) are left out here:

MD
echo '```'
echo "\$ echo '$P4' | sudokit solve $DPLL4 --trace"
echo "$P4" | "$S" solve $DPLL4 --trace 2>&1 | grep -v '!=[0-9]* by '
echo '```'
cat <<'MD'

Its tree (`--tree`, drawn with `dot -Tsvg`): the root, a decision per level, the three solutions
in green, and the flipped branch r1c1!=1 ending in the dead end.

![dpll's search tree of the 4x4 puzzle](tutorial/tree_sat_dpll_4x4.svg)

## The search trees

`--tree FILE.dot` writes the search tree in Graphviz's format (`dot -Tpng FILE.dot -o tree.png`).
Red nodes are dead ends, green ones solutions; each edge is the placement tried; "+k" in a node
counts the inferences made there; a grey box "k forced" folds a chain of forced steps (each the
only alternative left), giving its first and last step. Each picture carries this legend. At
most 300 nodes are drawn (`--tree-nodes N` says how many; the pictures here were drawn with
`--tree-nodes 80`, experiments/make_tutorial.sh), and a box says how many more were not.

MD
echo "**propagate** — $prop_nodes nodes: the root, a wrong guess, the right one."
cat <<'MD'

![propagate's search tree](tutorial/tree_propagate.png)

MD
echo "**backtrack** — the first 80 of $bt_nodes nodes: wide and shallow dead ends in the first rows."
cat <<'MD'

![backtrack's search tree](tutorial/tree_backtrack.png)

MD
echo "**dlx** — $dlx_nodes nodes, $dlx_forced of them forced (an item with one option left), folded into grey boxes, and $dlx_guesses guesses."
cat <<'MD'

![dlx's search tree](tutorial/tree_dlx.png)
MD
} > "$out/tutorial.md"
if ((check)); then
  # The page and the trees' .dot files as they are in docs/, or the difference.
  status=0
  for f in tutorial.md $(cd docs && echo tutorial/*.dot); do
    diff -u "docs/$f" "$out/$f" || status=1
  done
  ((status == 0)) || echo "docs/tutorial.md is stale: run experiments/make_tutorial.sh and commit what it writes" >&2
  exit "$status"
fi
echo docs/tutorial.md
