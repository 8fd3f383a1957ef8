// dlx: Sudoku as exact cover, solved by dancing links (dancing_links.h).
//
// The matrix of a shape (encoders/exact_cover.h) is built once and kept: each puzzle preselects
// its givens' options, searches, and takes them back, so a batch of puzzles of one shape never
// rebuilds the links. Solutions map back to grids through each option's (cell, digit).
#pragma once

#include <memory>

#include "dlx/dancing_links.h"
#include "sudokit/encoders/exact_cover.h"
#include "sudokit/solver.h"

namespace sudokit {

class DlxSolver final : public Solver {
 public:
  static std::unique_ptr<Solver> create(const SolverOptions& options);
  std::string_view name() const override { return "dlx"; }
  Result solve(const Grid& puzzle, const Limits& limits) override;

 private:
  ShapePtr shape_;  // the shape the matrix below was built for
  SudokuCover cover_;
  std::unique_ptr<DancingLinks> links_;
};

// Any exact-cover instance, by dancing links (`sudokit xc --solver dlx`).
CoverResult solve_cover_with_dlx(const ExactCover& cover, const Limits& limits);

}  // namespace sudokit
