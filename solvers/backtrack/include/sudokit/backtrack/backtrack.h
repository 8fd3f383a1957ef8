// backtrack: the textbook depth-first search.
//
// Visit the empty cells in row-major order; at each, try the digits in ascending order, accept a
// digit when its row, column and box (every unit of the cell) do not hold it yet, recurse, and
// undo on return. Each unit keeps a bitmask of the digits it holds, so a cell's candidates are
// one OR of its units' masks and nothing is ever scanned or copied.
//
// The search tree is exactly that of the plain algorithm: nodes = 1 (the root) + digits placed.
// Option order=fewest switches to the most-constrained empty cell first (a variant, not the default).
//
// On exact cover (cover.cpp) it is Algorithm X as a textbook states it: the first uncovered
// primary item in input order, its options in input order, marks on plain arrays, no links.
#pragma once

#include <memory>

#include "sudokit/solver.h"

namespace sudokit {

class BacktrackSolver final : public Solver {
 public:
  enum class CellOrder { row_major, fewest_candidates };
  explicit BacktrackSolver(CellOrder order = CellOrder::row_major) : order_(order) {}
  static BackendInfo info();
  static std::unique_ptr<Solver> create(const SolverOptions& options);  // order=rowmajor|fewest

  std::string_view name() const override { return "backtrack"; }
  std::string options() const override;
  bool probes() const override { return true; }

 private:
  Result search(const Grid& puzzle, const Limits& limits) override;
  CoverResult search(const ExactCover& problem, const Limits& limits) override;
  CellOrder order_;
};

}  // namespace sudokit
