// dlx: exact cover by dancing links (dancing_links.h): any exact-cover problem, colours included,
// and Sudoku as exact cover.
//
// The matrix of a shape (encoders/exact_cover.h) is built once and kept: each puzzle preselects
// its givens' options (relinking the lists of the options they leave) and searches, so a batch of
// puzzles of one shape never builds the matrix again. Solutions map back to grids through each
// option's (cell, digit).
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "sudokit/dlx/dancing_links.h"
#include "sudokit/encoders/exact_cover.h"
#include "sudokit/solver.h"

namespace sudokit {

class DlxSolver final : public Solver {
 public:
  static BackendInfo info();
  static std::unique_ptr<Solver> create(const SolverOptions& options);  // choose=knuth|fast
  std::string_view name() const override { return "dlx"; }
  std::string options() const override;
  bool probes() const override { return true; }

 private:
  Result search(const Grid& puzzle, const Limits& limits) override;
  CoverResult search(const ExactCover& problem, const Limits& limits) override;
  // The item choice (dancing_links.h); by default fast for Sudoku and Knuth's for exact cover,
  // so that nodes and updates on a problem file match dlx1's and dlx2's.
  std::optional<DancingLinks::Choice> choice_;
  ShapePtr shape_;  // the shape the matrix below was built for
  SudokuCover cover_;
  std::unique_ptr<DancingLinks> links_;
  std::vector<int> givens_;  // scratch: the options of a puzzle's givens
};

}  // namespace sudokit
