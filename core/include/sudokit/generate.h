// Random grids and puzzles, reproducible from a seed on every machine and compiler: the random
// source and every use of it are written here (std's distributions and shuffle are
// implementation-defined, so they are not used).
#pragma once

#include <cstdint>
#include <span>
#include <utility>

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

// A random complete grid: the standard pattern grid of the shape, then its symmetries at random
// (digits relabelled, rows within bands, bands, columns within stacks, stacks, and a transpose
// when boxes are square).
Grid random_solution(const ShapePtr& shape, Random& random);

// `solution` with `blanks` cells chosen at random made blank. The result may have several
// solutions; tests use it to exercise counting.
Grid with_random_blanks(const Grid& solution, int blanks, Random& random);

struct GenerateOptions {
  int clues = 0;            // stop removing at this many clues (0: as few as uniqueness allows)
  bool symmetric = false;   // remove cells in pairs symmetric about the centre
  std::uint64_t max_nodes = 1'000'000;  // per uniqueness check; a check that runs out keeps the cell
};

// A puzzle with exactly one solution, made from a random complete grid by removing cells in
// random order while `checker` (counting to 2) still proves the solution unique.
Grid generate_unique(const ShapePtr& shape, Random& random, Solver& checker, const GenerateOptions& options = {});

}  // namespace sudokit
