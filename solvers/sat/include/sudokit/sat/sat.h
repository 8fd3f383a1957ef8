// sat: Sudoku and exact cover as CNF (encoders/cnf.h), solved through the SAT layer
// (sat_library.h): in-process by CryptoMiniSat or CaDiCaL, by the textbook CDCL or DPLL, or, as the ext:
// backends (external.h), by any DIMACS program. One backend class for all of them: what to ask is
// written once here and in method.h; how each library is asked is its own file.
//
// The library (option solver=, in-process): cryptominisat, cadical, portfolio (several searches
// side by side, one thread each, the first answer wins: portfolio.cpp), or auto (default), which
// picks by the rule in library_for(), measured in docs/backends/sat.md; or dpll or cdcl, the
// textbook solvers of dpll.h and cdcl.h: they report every decision, propagation, conflict (and
// learnt clause) to the observer and count solutions in one search. auto picks the CDCL for
// Sudoku up to 12x12, where building a library costs more than its search; never the DPLL.
//
// The encoding (option encoding=): minimal, efficient, extended, compact, or auto (default), which
// picks by the grid's size (encoding_for() in sudokit/encoders/cnf.h).
// Three ways to give a puzzle to the library (option givens=):
//   reduce   (sat's default) a fresh library per puzzle, on the formula with the givens
//            propagated away; only the open cells' variables reach it;
//   units    (ext:'s default) a fresh library per puzzle, givens as unit clauses;
//   assume   (sat only) the rules of a shape are loaded once into one library, and each puzzle's
//            givens are passed as assumptions; the rules are reloaded every 20 puzzles, as the
//            retired blocking clauses pile up (docs/benchmarks.md compares the three).
// The clauses go straight from the encoder (its rules worked out once per shape) to the library,
// each binary clause once (a pair of cells in one row and one box is not told twice); `encode --to
// dimacs` writes the standard formula with its published clause counts.
// Counting and uniqueness: method.h (a clause forbidding each model, or dpll's own search). In
// assume mode the blocking clauses carry a literal switched off after the puzzle.
// CaDiCaL's configuration (option cadical=): default (CaDiCaL's own), sat, unsat or plain
// (Solver::configure, as the program's --sat, --unsat, --plain), for experiments; measured on hard
// 25x25 grids without a clear winner (docs/benchmarks.md), so the default stays CaDiCaL's.
// Settling (option settle=, on by default): with a fresh CryptoMiniSat, CaDiCaL or (untraced) CDCL
// per puzzle, unit propagation runs on the formula first, and a puzzle it settles is answered
// without building the library (settle.h); the decisions, conflicts and propagations reported are
// the ones that library reports for such a formula. First of all, the rules'
// own formula, its occurrence lists made once per shape, is propagated from the givens: a puzzle
// settled there has no formula built at all (settle.h, RulesPropagator).
// Checking: every model is decoded whole and checked against every clause the library was given
// before it is believed (model.h, method.h); a model the settling code checked itself, or the
// rules' propagation settled with no formula built (settle.h), is read instead as a grid against
// the rules by the verifier (verify.h); a fault is a WrongAnswer.
// Limits: the time left and the node budget (a conflict budget; a call budget for a program)
// bound each call.
// Uniqueness sessions (the generator's checks, solver.h; in-process only): session.h.
// Proofs (proof=FILE, with CaDiCaL or a program that writes DRAT): proof.h.
#pragma once

#include <chrono>
#include <memory>
#include <optional>

#include "sudokit/encoders/cnf.h"
#include "sudokit/encoders/model.h"
#include "sudokit/sat/external.h"
#include "sudokit/sat/sat_library.h"
#include "sudokit/solver.h"

namespace sudokit {

namespace sat {
class ProofFiles;
struct SettleWork;
class RulesPropagator;
}

class SatSolver final : public Solver {
 public:
  enum class Mode { assume, units, reduce };
  // What one sat backend solves with.
  struct Config {
    std::optional<Encoding> encoding;      // nullopt: auto
    Mode mode = Mode::reduce;
    std::optional<sat::Library> library;   // in this process; nullopt: auto
    std::optional<sat::Program> program;   // instead, an external program (ext:NAME)
    std::string proof;                     // proof=FILE, "" for none
    // settle=on|off: a fresh in-process library is built only when unit propagation alone does
    // not settle the formula (settle.h); the counts are the same either way.
    bool settle = true;
    // cadical=default|sat|unsat|plain: CaDiCaL's configuration (sat::Setup); "" its default.
    std::string cadical;
    // portfolio=cadical|mixed and members=N: a portfolio's members (sat::Setup), 0 members for
    // one per core; without a portfolio they do nothing.
    bool portfolio_mixed = false;
    unsigned portfolio_members = 0;
  };
  explicit SatSolver(Config config);
  // encoding, library: nullopt for auto.
  SatSolver(std::optional<Encoding> encoding, Mode mode, std::optional<sat::Library> library = std::nullopt);
  ~SatSolver() override;
  static BackendInfo info();
  static std::unique_ptr<Solver> create(const SolverOptions& options);  // solver=, encoding=, givens=, proof=, settle=, cadical=, portfolio=, members=
  // An ext: backend: encoding=, givens=units|reduce, output=stdout|file, proof= (external.h).
  static std::unique_ptr<Solver> create_external(sat::Program program, const SolverOptions& options);
  // The rule of solver=auto, in one place (measured: docs/backends/sat.md).
  // `size`: the side of the grid (Sudoku).
  static sat::Library library_for(ProblemKind kind, int size = 9);
  // The library of a uniqueness session with solver=auto: CaDiCaL, its decisions started at the
  // grid's digits (measured at 9x9 to 25x25: docs/benchmarks.md, "Generating minimal puzzles").
  static sat::Library session_library();

  std::string_view name() const override { return name_; }
  std::string options() const override;  // with auto, the library the last solve used: solver=auto(cadical)
  // nullptr with proof= (a session's answers come under assumptions and prove nothing on file),
  // and for a program (a fresh process per question would cost more than the question).
  std::unique_ptr<UniquenessSession> uniqueness_session(const Grid& solution) override;
  // With solver=dpll only: its search is a tree (a decision's two values), which a probe walks.
  bool probes() const override;

 private:
  Result search(const Grid& puzzle, const Limits& limits) override;
  // Exact cover: exact_cover_cnf(), then a blocking clause over the chosen options per solution.
  CoverResult search(const ExactCover& problem, const Limits& limits) override;

  sat::Library library(ProblemKind kind, int size = 9);  // the one to use now; remembered for options()
  // What every library of this backend is made with (with the CaDiCaL configuration asked for).
  sat::Setup setup(bool incremental, bool decide_true_first) const;
  // A library for one search (with proof=, writing the proof of that search); `settle`: one that
  // settles first when it may (settle.h).
  std::unique_ptr<sat::SatLibrary> make(ProblemKind kind, int size, sat::Setup setup, bool settle = true);
  // Whether a library `lib` for this problem may be settled by unit propagation first (settle.h).
  bool may_settle(ProblemKind kind, sat::Library lib, bool incremental) const;
  // What the rules' own unit propagation made of a puzzle: settled (a library holding the model),
  // never (the formula's propagation cannot settle it either), maybe_later (it might), or
  // not_here (no settling for this library or these settings, or for a traced CDCL, whose trace
  // shows its steps).
  // `fixed`: with givens=reduce, values_fixed_by_givens(puzzle) (nullopt when the givens clash);
  // nullopt with givens=units. `observed`: the search is traced.
  enum class Settling { settled, never, maybe_later, not_here };
  using FixedValues = std::optional<std::vector<signed char>>;
  Settling settled_by_rules(const Grid& puzzle, const FixedValues& fixed,
                            const std::optional<std::chrono::steady_clock::time_point>& deadline, bool observed,
                            std::unique_ptr<sat::SatLibrary>& fresh);

  Config config_;
  std::string name_;                     // "sat", or "ext:NAME"
  Encoding rules_encoding_ = Encoding::extended;  // the encoding of rules_
  std::optional<sat::Library> used_;     // by the last solve
  // The last shape seen, its rules worked out once and emitted for each of its puzzles, and in
  // assume mode the library holding them.
  ShapePtr shape_;
  std::unique_ptr<SudokuRules> rules_;
  std::unique_ptr<sat::SatLibrary> reused_;
  ClauseList reused_clauses_;  // everything reused_ was given: its models are checked against it
  ClauseList fresh_clauses_;   // the same for the fresh library of one solve (its memory kept between them)
  sat::Library reused_library_ = sat::Library::cryptominisat;
  static constexpr int kReloadEvery = 20;  // puzzles on one reused library before the rules are reloaded
  int puzzles_on_reused_ = 0;
  std::uint64_t clauses_ = 0;
  std::uint64_t variables_ = 0;
  std::unique_ptr<sat::ProofFiles> proofs_;
  std::shared_ptr<sat::SettleWork> settle_work_;      // settling's buffers, kept between puzzles (settle.h)
  std::unique_ptr<sat::RulesPropagator> propagator_;  // rules_'s unit propagation, made when first needed
};

}  // namespace sudokit
