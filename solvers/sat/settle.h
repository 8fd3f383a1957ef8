// Unit propagation before a library (settle.cpp): private to the sat backend.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "sudokit/sat/sat_library.h"

namespace sudokit {
class Grid;
class SudokuRules;
}  // namespace sudokit

namespace sudokit::sat {

// A SatLibrary that holds the formula and, at the first solve(), runs unit propagation on it
// alone. When that assigns every variable without a conflict, the formula has exactly that one
// model and the calls are answered from it: the model, then "unsatisfiable" once a clause that
// the model falsifies is added (a blocking clause). Anything else (a variable left open, a
// conflict, assumptions, a clause on a variable the model does not cover) builds `library` with
// `setup`, replays the formula into it, and hands it every call from then on; so does a formula
// of more than 32,768 variables or a million literals, as soon as it has grown that large.
// The textbook CDCL enumerates (search_all()): the settled model, then no other; it is built for
// a search_all() with an observer (the trace shows its steps) and for every solve().
//
// Why: on an easy Sudoku the reduced formula's unit propagation is the whole search, and
// building a CryptoMiniSat costs ten times more than propagating (docs/benchmarks.md). No
// library decides or conflicts on a formula its unit propagation settles, so the counts reported
// are theirs for such a call (the same decisions, conflicts, propagations as last_call() there)
// and a search's nodes do not change. For CryptoMiniSat, CaDiCaL and the CDCL only: an external
// program is asked every call (it is what is being checked), the DPLL is for teaching alone,
// and a proof (setup.proof_path) comes from the library.
// `work`: buffers to reuse (settle_work()), kept by the caller between puzzles; a fresh set is
// made when it is null or another SettleFirst is using it.
struct SettleWork;
std::shared_ptr<SettleWork> settle_work();
// The libraries settle_first and settled_library serve: CryptoMiniSat, CaDiCaL and the CDCL.
bool settles(Library library);
std::unique_ptr<SatLibrary> settle_first(Library library, const Setup& setup, std::shared_ptr<SettleWork> work = nullptr);

}  // namespace sudokit::sat

namespace sudokit::sat {

// Unit propagation of one shape's rules (a SudokuRules' whole formula, every cell variable, no
// other variable) with a puzzle's givens as unit clauses, the formula's occurrence lists built
// once for every puzzle of that shape: an easy puzzle then costs its propagation alone, not a
// formula's building and propagating (settle_first) or a library's (docs/benchmarks.md).
//
// settle() says `settled` when propagation assigns every variable without a conflict (so every
// clause holds: a longer clause never lost its last literal not false, and a binary clause whose
// one literal turned false made the other true). The formula with the givens then has exactly
// that one model, and the reduced formula's unit propagation (the givens propagated away)
// settles the same one: it starts from everything the givens fix, this one from the givens
// alone, and unit propagation only gains from more unit clauses. Conversely, settle_first cannot
// settle the reduced formula after a conflict here, nor when this propagation left a variable
// open although it derived every value the givens fix (it then did all the reduced formula's
// propagation does); otherwise (an encoding whose reduced formula fixes more than unit
// propagation does, such as `minimal`) it may. Only for rules over the cell variables alone (no
// auxiliary variables, no cage selectors), of at most kMostVariables variables (20x20; 25x25
// has 15,625) and kMostLiterals literals (a 16x16 grid's extended encoding is about 250,000):
// other rules are not usable(), which the constructor finds out before emitting them.
class RulesPropagator {
 public:
  static constexpr int kMostVariables = 1 << 13;
  static constexpr std::size_t kMostLiterals = std::size_t{1} << 20;
  RulesPropagator(const SudokuRules& rules, int cell_vars);
  // Whether these rules can be propagated here (above).
  bool usable() const { return usable_; }
  std::uint64_t clauses() const { return clauses_; }
  // The rules' own unit clauses (none in the rules there are: a rule with units has selectors).
  const std::vector<int>& unit_clauses() const { return units_; }
  // Propagates the givens (only when usable()): `model` holds what it assigned, by cell variable
  // (+1 true, -1 false, 0 open; index 0 unused), the whole model when settled.
  enum class Outcome { settled, open, conflict };
  Outcome settle(const Grid& puzzle, std::vector<signed char>& model);

 private:
  bool assign(int lit, std::vector<signed char>& model);
  bool usable_ = false;
  int variables_ = 0;
  std::uint64_t clauses_ = 0;
  std::vector<int> units_;                                // the unit clauses
  std::vector<std::uint32_t> implied_begin_;              // [slot(lit)]: where lit's entries begin in implied_
  std::vector<int> implied_;                              // lit true: these true (binary clauses)
  std::vector<int> literals_;                             // the longer clauses, each ended by 0
  std::vector<std::uint32_t> clause_start_;               // [clause]: its first literal in literals_
  std::vector<std::uint8_t> clause_size_;                 // [clause]: its literals (at most 255)
  std::vector<std::uint32_t> occurs_begin_, occurs_;      // [slot(lit)]: the longer clauses lit occurs in
  std::vector<std::uint8_t> open_;                        // per puzzle: [clause] its literals not yet false
  std::vector<int> queue_;
};

// A library holding a model settled before any clause came (RulesPropagator): its variables are
// the formula's, numbered as the model; every clause added must hold under the model, except a
// clause added after a solve() that the model falsifies (a blocking clause), which makes the
// formula unsatisfiable (for the CDCL, which forbids its own models, such a clause is an error).
// Reports as settle_first does for a formula it settles, whose `variables` are the formula's (with
// givens=reduce, the open cells' variables) and `unit_variables` of them set by its unit clauses
// (the CDCL counts a propagation for each of the others).
std::unique_ptr<SatLibrary> settled_library(Library library, std::vector<signed char> model, std::uint64_t variables,
                                            std::uint64_t unit_variables);

}  // namespace sudokit::sat
