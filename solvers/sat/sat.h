// sat: Sudoku as CNF (encoders/cnf.h), solved in-process by CryptoMiniSat.
//
// Two ways to give a puzzle to the solver (option givens=):
//   reduce   (default) a fresh solver per puzzle, on the formula with the givens propagated away;
//   units    a fresh solver per puzzle, givens as unit clauses;
//   assume   the rules of a shape are loaded once into one solver, and each puzzle's givens are
//            passed as assumptions — a batch reuses everything the solver learnt (measured the
//            slowest with CryptoMiniSat 5.11 here: see docs/benchmarks.md).
// Counting and uniqueness: after each model, a clause forbidding that assignment of the open
// cells is added and the solver is asked again. In assume mode those clauses carry a literal
// that is switched off after the puzzle, so the next puzzle is not affected.
// Limits: the time left and the node budget (as a conflict budget) bound each solver call.
#pragma once

#include <memory>

#include "sudokit/encoders/cnf.h"
#include "sudokit/solver.h"

namespace CMSat {
class SATSolver;
}

namespace sudokit {

class SatSolver final : public Solver {
 public:
  enum class Mode { assume, units, reduce };
  SatSolver(Encoding encoding, Mode mode);
  ~SatSolver() override;
  static std::unique_ptr<Solver> create(const SolverOptions& options);  // encoding=, givens=

  std::string_view name() const override { return "sat"; }
  std::string options() const override;
  Result solve(const Grid& puzzle, const Limits& limits) override;

 private:
  Encoding encoding_;
  Mode mode_;
  ShapePtr shape_;                          // assume mode: the shape the solver below holds
  std::unique_ptr<CMSat::SATSolver> reused_;
  std::uint64_t clauses_ = 0;
  int variables_ = 0;
};

// Any exact-cover instance as CNF, solved by CryptoMiniSat with blocking clauses for counting.
CoverResult solve_cover_with_sat(const ExactCover& cover, const Limits& limits);

}  // namespace sudokit
