// Random grids and puzzles, reproducible from a seed on every machine and compiler: the random
// source and every use of it are written here (std's distributions and shuffle are
// implementation-defined, so they are not used).
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <utility>
#include <vector>

#include "sudokit/grid.h"
#include "sudokit/solver.h"

namespace sudokit {

// xoshiro256** seeded through splitmix64.
class Random {
 public:
  explicit Random(std::uint64_t seed);
  std::uint64_t next();
  std::uint64_t below(std::uint64_t bound);  // uniform in [0, bound), bound > 0
  template <typename T>
  void shuffle(std::span<T> items) {  // Fisher-Yates
    for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[below(i)]);
  }

 private:
  std::uint64_t s_[4];
};

// `solution` under random symmetries of the shape: digits relabelled, rows within bands, bands,
// columns within stacks, stacks, and a transpose when boxes are square. Validity is kept.
// A shape with variant rules gets only the symmetries that keep its rules: digits relabelled
// (not when a cage has a sum), then a transpose and mirror images, each kept only when the
// grid still obeys every rule (a jigsaw map or a cage is not symmetric in general).
Grid shuffled(const Grid& solution, Random& random);

// A random complete grid: the standard pattern grid of the shape, shuffled. Fast, and enough for
// tests, but it reaches only the grids that are symmetries of the pattern.
Grid random_solution(const ShapePtr& shape, Random& random);

// A random complete grid from any part of the space: n random digits scattered where they break
// no rule, completed by `filler` (any backend), then shuffled; fewer digits after every 20 failed
// attempts, none in the last. Falls back to the pattern after 20 failed attempts; a shape with
// variant rules has no pattern, and throws UsageError after 100 (its rules may allow no grid).
Grid random_solution(const ShapePtr& shape, Random& random, Solver& filler);

// A random jigsaw layout of an n x n grid (n = box_rows * box_cols): region 0..n-1 of each cell,
// made from the boxes by many random exchanges of two cells between neighbouring regions, each
// kept only when both regions stay connected. Every region has n cells. Whether a grid fits the
// layout is not checked here: random_jigsaw_shape does that.
std::vector<int> random_jigsaw_regions(int box_rows, int box_cols, Random& random);

// A shape with `rules` and a random jigsaw layout that `filler` can complete, trying new layouts
// until one can; throws UsageError after 500.
ShapePtr random_jigsaw_shape(int box_rows, int box_cols, Rules rules, Random& random, Solver& filler);

// `solution` with `blanks` cells chosen at random made blank. The result may have several
// solutions; tests use it to exercise counting.
Grid with_random_blanks(const Grid& solution, int blanks, Random& random);

// How generate_unique() decided its removals.
struct GenerateReport {
  bool session = false;  // the checks were questions to the checker's UniquenessSession (solver.h)
  int by_singles = 0;    // removals of the singles-first pass (GenerateOptions::singles_first)
  int forced = 0;        // removals proven by the givens alone, with no check (see generate_unique)
  int unavoidable = 0;   // clues kept with no check: they were the last given of an unavoidable set
  int singles_proven = 0;  // removals proven by singles: each other digit in the cell contradicts
  int singles_kept = 0;    // clues kept: singles filled a valid grid from another digit in the cell
  int checks = 0;        // uniqueness checks asked of the checker
  int kept = 0;          // checks that found another solution: the clue stays
  int stopped = 0;       // checks that ran out of max_nodes: the clue stays, unproven
  int deferred = 0;      // checks that ran out of a round's budget (deferred_budget): tried again later
  int rounds = 0;        // rounds after the first (deferred_budget)
};

// Where generate_unique() is, for GenerateOptions::progress.
struct GenerateProgress {
  int clues = 0;   // clues in the puzzle now
  int round = 0;   // 0: the singles-first pass; 1: the first pass of checks; 2 on: deferred rounds
  int tried = 0;   // cells of this round tried so far
  int cells = 0;   // cells in this round
  GenerateReport so_far;
};

struct GenerateOptions {
  int clues = 0;            // stop removing at this many clues (0: as few as uniqueness allows)
  bool symmetric = false;   // remove cells in pairs symmetric about the centre
  bool singles_first = false;  // first remove, in the same order, every clue that naked and hidden
                               // singles can do without, then check the rest (see generate_unique)
  std::uint64_t max_nodes = 1'000'000;  // per uniqueness check, in the checker's node unit (0: none);
                                         // a check that runs out keeps the cell, so the result may
                                         // then not be minimal
  std::uint64_t deferred_budget = 0;  // 0: off. Else the first round's budget per check: a check that
                                      // runs out waits for the next round (see generate_unique)
  // When set, called before each cell is tried and once at the end (tried == cells), so that a
  // long run can show it is moving: a minimal 36x36 puzzle takes minutes, a larger one hours.
  // What it throws ends the run.
  std::function<void(const GenerateProgress&)> progress;
};

// A puzzle with exactly one solution, made from a random complete grid (filled by `filler`) by
// removing cells in random order while `checker` still proves the solution unique. Without a clue
// target and with every check finished, the result is minimal: removing any one clue more would
// allow a second solution (a clue that could not go when tried cannot go later, as removing
// others only adds solutions).
//
// Removing cells C from a puzzle P whose only solution is S leaves it unique iff no solution of
// P without C differs from S in C. Each removal is decided, in this order, by:
//   1. the givens alone: every cell of C has all other digits among its peers' givens, or is the
//      only place left for its digit in one of its units (a naked or hidden single), so no check;
//   2. a clue is needed, with no check, when it is the last given of an unavoidable set of the
//      solution: the cells holding one of two digits a and b, closed under "must differ", so
//      that swapping a and b in them gives another valid grid (not with cage sums);
//   3. singles from each other digit: for every digit other than S's still possible in a cell of
//      C, naked and hidden singles (to a fixed point) from P without C and that digit; all
//      ending in a contradiction prove the removal, one filling a valid grid keeps the clue;
//   4. the checker's uniqueness session, when it gives one: one satisfiability question, on a
//      solver built once per grid that keeps what it learns;
//   5. else the checker counting the solutions of P without C up to 2.
// These decide alike, so with every check finished the puzzle depends only on `filler`, the
// shape, the options and `random`, not on the checker. A check cut off by max_nodes keeps its
// cells (counted in `report`).
//
// With options.deferred_budget, the cells are tried in rounds: the first gives each check that
// budget, and a check that runs out leaves its cell for the next round, with ten times the
// budget, up to max_nodes (with max_nodes 0, the fifth round is unbounded); the last round's
// stops are final. A deferred check is asked again of a puzzle with fewer clues, where a second
// solution is more likely and nearer; the result is minimal all the same (a clue that could not
// go from a puzzle cannot go from one with fewer clues), but another puzzle, which depends on how
// the checker's work was counted, so on the checker.
//
// With options.singles_first, a pass over the cells in the same order comes first: a cell goes
// when singles alone still fill the grid without it, else it waits; then the pass above tries
// the cells left. The result is minimal as well, but another puzzle, and an easier one: the
// checks start from a puzzle singles solve, which at 25x25 made them 4-30x cheaper
// (docs/experiments.md, "Generating puzzles").
Grid generate_unique(const ShapePtr& shape, Random& random, Solver& filler, Solver& checker,
                     const GenerateOptions& options = {}, GenerateReport* report = nullptr);
// The same with one backend to fill and to check.
Grid generate_unique(const ShapePtr& shape, Random& random, Solver& checker, const GenerateOptions& options = {},
                     GenerateReport* report = nullptr);

}  // namespace sudokit
