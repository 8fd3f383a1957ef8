// Random grids and puzzles, reproducible from a seed on every machine and compiler: the random
// source and every use of it are written here (std's distributions and shuffle are
// implementation-defined, so they are not used).
#pragma once

#include <cstdint>
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
// no rule, completed by `filler` (any backend), then shuffled. Falls back to the pattern after 20
// failed attempts; a shape with variant rules has no pattern, and throws UsageError after 100
// (its rules may allow no grid at all).
Grid random_solution(const ShapePtr& shape, Random& random, Solver& filler);

// A random jigsaw layout of an n x n grid (n = box_rows * box_cols): region 0..n-1 of each cell,
// made from the boxes by many random exchanges of two cells between neighbouring regions, each
// kept only when both regions stay connected. Every region has n cells. Whether a grid fits the
// layout is not checked here: random_jigsaw_shape does that.
std::vector<int> random_jigsaw_regions(int box_rows, int box_cols, Random& random);

// A shape with `rules` and a random jigsaw layout that `filler` can complete, trying new layouts
// until one can; throws UsageError after 50.
ShapePtr random_jigsaw_shape(int box_rows, int box_cols, Rules rules, Random& random, Solver& filler);

// `solution` with `blanks` cells chosen at random made blank. The result may have several
// solutions; tests use it to exercise counting.
Grid with_random_blanks(const Grid& solution, int blanks, Random& random);

struct GenerateOptions {
  int clues = 0;            // stop removing at this many clues (0: as few as uniqueness allows)
  bool symmetric = false;   // remove cells in pairs symmetric about the centre
  std::uint64_t max_nodes = 1'000'000;  // per uniqueness check (0: none); a check that runs out keeps
                                         // the cell, so the result may then not be minimal
};

// A puzzle with exactly one solution, made from a random complete grid (filled by `checker`) by
// removing cells in random order while `checker`, counting to 2, still proves the solution
// unique. Without a clue target and with every check finished, the result is minimal: removing
// any one clue more would allow a second solution (a clue that could not go when tried cannot go
// later, as removing others only adds solutions).
Grid generate_unique(const ShapePtr& shape, Random& random, Solver& checker, const GenerateOptions& options = {});

}  // namespace sudokit
