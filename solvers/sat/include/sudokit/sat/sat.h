// sat: Sudoku as CNF (encoders/cnf.h), solved in-process by CryptoMiniSat or CaDiCaL.
//
// The library (option solver=): cryptominisat, cadical, or auto (default), which picks by the
// rule in library_for(), measured in docs/backends/sat.md; or dpll, the textbook solver of
// dpll.h, for teaching: it reports every decision, propagation and conflict to the observer and
// counts solutions in one search (auto never picks it).
// sat_library.h is the interface all three are asked through.
//
// The encoding (option encoding=): minimal, efficient, extended, compact, or auto (default), which
// picks by the grid's size (encoding_for() in sudokit/encoders/cnf.h).
// Three ways to give a puzzle to the solver (option givens=):
//   reduce   (default) a fresh solver per puzzle, on the formula with the givens propagated away;
//            only the open cells' variables reach the solver;
//   units    a fresh solver per puzzle, givens as unit clauses;
//   assume   the rules of a shape are loaded once into one solver, and each puzzle's givens are
//            passed as assumptions; the rules are reloaded every 20 puzzles, as the retired
//            blocking clauses pile up (docs/benchmarks.md compares the three).
// The clauses go straight from the encoder (its rules worked out once per shape) to the solver, each binary clause once (a pair of
// cells in one row and one box is not told twice); `encode --to dimacs` writes the standard
// formula with its published clause counts.
// Counting and uniqueness: after each model, a clause forbidding that assignment of the open
// cells is added and the solver is asked again. In assume mode those clauses carry a literal
// that is switched off after the puzzle, so the next puzzle is not affected. dpll needs no such
// clause: it backtracks from each model and goes on, in one search.
// Limits: the time left and the node budget (as a conflict budget) bound each solver call.
// Uniqueness sessions (the generator's checks, solver.h): the rules of the shape worked out once
// per grid S; "can these cells differ from S?" is one call on the rules reduced by the puzzle's
// other givens, with one clause "one of these cells is not S's digit", the search started from
// S's digits (a phase per variable). The library: session_library().
#pragma once

#include <memory>
#include <optional>

#include "sudokit/encoders/cnf.h"
#include "sudokit/encoders/model.h"
#include "sudokit/solver.h"
#include "sudokit/sat/sat_library.h"

namespace sudokit {

class SatSolver final : public Solver {
 public:
  enum class Mode { assume, units, reduce };
  // encoding, library: nullopt for auto.
  SatSolver(std::optional<Encoding> encoding, Mode mode, std::optional<sat::Library> library = std::nullopt);
  ~SatSolver() override;
  static BackendInfo info();
  static std::unique_ptr<Solver> create(const SolverOptions& options);  // solver=, encoding=, givens=
  // The rule of solver=auto, in one place (measured: docs/backends/sat.md).
  // `size`: the side of the grid (Sudoku).
  static sat::Library library_for(ProblemKind kind, int size = 9);
  // The library of a uniqueness session with solver=auto: CaDiCaL, its decisions started at the
  // grid's digits (measured at 9x9 to 25x25: docs/benchmarks.md, "Generating minimal puzzles").
  static sat::Library session_library();

  std::string_view name() const override { return "sat"; }
  std::string options() const override;  // with auto, the library the last solve used: solver=auto(cadical)
  // nullptr with proof= (a session's answers come under assumptions and prove nothing on file).
  std::unique_ptr<UniquenessSession> uniqueness_session(const Grid& solution) override;

 private:
  Result search(const Grid& puzzle, const Limits& limits) override;
  // Exact cover: exact_cover_cnf(), then a blocking clause over the chosen options per solution.
  CoverResult search(const ExactCover& problem, const Limits& limits) override;
  sat::Library library(ProblemKind kind, int size = 9);  // the one to use now; remembered for options()

  std::optional<Encoding> encoding_;  // nullopt: auto
  Encoding rules_encoding_ = Encoding::extended;  // the encoding of rules_
  Mode mode_;
  // A library for one solve; with proof=, wrapped to keep its clauses for the proof's formula.
  std::unique_ptr<sat::SatLibrary> make(sat::Library library, sat::Setup setup);
  void finish_proof(sat::SatLibrary& library, const ClauseList& clauses);
  std::optional<sat::Library> library_;  // nullopt: auto
  std::optional<sat::Library> used_;     // by the last solve
  // The last shape seen, its rules worked out once and emitted for each of its puzzles, and in
  // assume mode the solver holding them.
  ShapePtr shape_;
  std::unique_ptr<SudokuRules> rules_;
  std::unique_ptr<sat::SatLibrary> reused_;
  ClauseList reused_clauses_;  // everything reused_ was given: its models are checked against it
  ClauseList fresh_clauses_;   // the same for the fresh solver of one solve (its memory kept between them)
  sat::Library reused_library_ = sat::Library::cryptominisat;
  static constexpr int kReloadEvery = 20;  // puzzles on one reused solver before the rules are reloaded
  int puzzles_on_reused_ = 0;
  std::uint64_t clauses_ = 0;
  std::uint64_t variables_ = 0;
  std::string proof_;              // proof=FILE: a DRAT proof of every search that ends unsatisfiable
  std::string proof_in_progress_;  // the file the current search's proof goes to
  int proofs_ = 0;                 // proofs kept so far
};

}  // namespace sudokit
