// Rating a puzzle on the human scale of Sudoku Explainer (SE 1.2.1, Nicolas Juillerat; the scale
// `serate` prints and puzzle collections quote), and the hint that names a solver's next step.
//
//   sudokit::Grid puzzle = ..., solution = ...;     // solution: the puzzle's only one, proven
//   sudokit::SeRating r = sudokit::rate_se(puzzle, solution);
//   if (r.solved) std::cout << "ER=" << r.er << " EP=" << r.ep << " ED=" << r.ed << "\n";
//   else std::cout << "needs a technique past " << r.er << "\n";
//   std::cout << describe(r.steps.front(), puzzle.shape()) << "\n";   // the hint
//
// The idea (SE's): a person tries the easiest techniques first. At every step the rater asks the
// techniques in SE's order (singles, the "direct" intersections and hidden sets that end in a
// single, naked single, intersections, subsets and fish up to quads and jellyfish, XY- and
// XYZ-wing, unique rectangles and loops, BUG, aligned pair exclusion, chains), takes the first deduction
// the first technique that has one finds, applies it, and goes on until the grid is full. Each
// step has SE's difficulty:
//   1.0 last cell of a unit   1.2 hidden single in a box   1.5 hidden single in a row or column
//   1.7 direct pointing   1.9 direct claiming   2.0 direct hidden pair   2.3 naked single
//   2.5 direct hidden triple   2.6 pointing   2.8 claiming   3.0 naked pair   3.2 X-wing
//   3.4 hidden pair   3.6 naked triple   3.8 swordfish   4.0 hidden triple   4.2 XY-wing
//   4.4 XYZ-wing   4.5-5.0 unique rectangles and loops (longer loops, more extra values: more)
//   5.0 naked quad   5.2 jellyfish   5.4 hidden quad   5.6-6.2 BUG (types 1-4)
//   6.2 aligned pair exclusion   6.5 X- or Y-cycle   6.6 forcing X-chain   7.0 XY cycle or chain
// The three numbers SE reports: ER, the hardest step of the whole solution; EP ("pearl"), the
// hardest step up to the first one that places a digit; ED ("diamond"), the first step's.
//
// Then SE's first chaining rule, single implications through X links (a unit's two places for a
// digit) and Y links (a cell's two candidates): bidirectional X- and Y-cycles 6.5, forcing
// X-chains 6.6, cycles and forcing chains with both kinds of link 7.0, each 0.1 more every time
// SE's length (distinct potentials less two: a chain's links less one, a cycle's less two) passes
// 4, 6, 8, 12, 16, 24 ...; searched on grids up to 25x25.
// Not implemented: what SE tries after that, all rated 7.5 and up (aligned triplet exclusion,
// nishio, multiple and dynamic forcing chains). A puzzle that needs them stops (`stuck`, ER the
// hardest step taken before); since every technique SE tries before them is here, SE would rate
// a classic 9x9 puzzle that stops 7.5 or more.
// Unique-loop hints are searched up to loops of 14 cells.
//
// Grids: every box shape, 4x4 to 64x64, with the same techniques and base ratings (a fish needs
// the digit placed at most n - 2 * degree times, as SE asks of 9). Variant rules: the techniques
// work on every unit the rules add (diagonals, windows, disjoint groups, jigsaw regions as boxes,
// extra regions of n cells), a hidden single in a variant unit rates as one in a line, and a
// cell "sees" every cell its rules keep it from (anti-knight, anti-king, cages); the uniqueness
// techniques (loops, BUG) are left out, as a swap that keeps rows, columns and boxes may break a
// variant rule, and cage sums are not used. SE rates classic Sudoku only: variant ratings are by
// analogy.
//
// Trust: the rater is given the puzzle's solution and checks every step against it: a placement of
// another digit, or the elimination of the solution's digit, is a bug and throws WrongAnswer, so a
// rating is never built on a wrong deduction. The uniqueness techniques (loops, BUG) are sound
// only for a puzzle with one solution: the caller proves that first (`sudokit rate` does, with a
// backend's verified count).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sudokit/grid.h"

namespace sudokit {

struct CellDigit {
  int cell = 0;
  int digit = 0;
  bool operator==(const CellDigit&) const = default;
};

// One deduction, as a person would make it.
struct SeStep {
  std::string technique;            // SE's name: "Hidden Single", "Naked Pair", "Unique Rectangle type 2"
  double difficulty = 0;            // SE's rating of this step
  std::string where;                // the units it works in: "box 3", "rows 2, 7 and columns 4, 8"
  std::vector<int> cells;           // the cells of the pattern, ascending
  std::vector<int> digits;          // the digits it is about, ascending
  std::vector<CellDigit> removed;   // candidates it eliminates (cell order)
  std::optional<CellDigit> placed;  // the digit it places, if it places one
};

struct SeRating {
  double er = 0, ep = 0, ed = 0;    // SE's three numbers (0 when no step was needed)
  bool solved = false;              // the techniques filled the grid
  bool stuck = false;               // no technique applied to a grid with empty cells (not solved
                                    // and not stuck: RateOptions::max_steps cut it short)
  std::vector<SeStep> steps;        // every step, in order
  Grid reached;                     // the grid as far as the steps took it (the solution when solved)
};

struct RateOptions {
  // Stop after this many steps (0: until solved or stuck). A hint asks for 1.
  std::size_t max_steps = 0;
};

// Rates `puzzle`, whose only solution is `solution` (the caller proved it). Throws UsageError for
// a `solution` that does not solve it, WrongAnswer when a step contradicts `solution`. On a
// puzzle with other solutions the uniqueness techniques may remove `solution`'s digits: that too
// throws WrongAnswer, but the fault is the call's, not the rater's.
SeRating rate_se(const Grid& puzzle, const Grid& solution, const RateOptions& options = {});

// Every rating a step of this rater can have, ascending (1.0, 1.2, 1.5 ... 6.2, then every tenth
// from 6.5 to the longest chain's on the largest grid chains are searched on, 9.6): an ER is one of
// them.
std::vector<double> se_ratings();

// SE's number as it prints it: one decimal ("4.2").
std::string se_number(double difficulty);
// Whether EP and ED are known: EP once a step placed a digit (or the grid is full), ED once a step
// was taken. A rater stuck before that step leaves it unknown, past its techniques (0 would say
// "trivial").
bool ep_known(const SeRating& r);
bool ed_known(const SeRating& r);
// SE's three numbers as `sudokit rate` prints them, "ER=4.2 EP=1.2 ED=1.2", each "beyond" where
// the rater got stuck before the step that defines it.
std::string se_numbers(const SeRating& r);

// One line for a step: "Naked Pair (3.0): in row 1; cells r1c2,r1c5, digits 4,7; removes 4 from
// r1c8", or for one that places a digit "Hidden Single (1.2): r3c4=7 in box 2". Digits as the
// puzzle's line form writes them (A for 10, up to 35x35).
std::string describe(const SeStep& step, const Shape& shape);

}  // namespace sudokit
