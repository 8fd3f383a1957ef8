// dpll: a textbook SAT solver inside the sat backend (option solver=dpll), for teaching. It solves
// the same CNF as CryptoMiniSat and CaDiCaL (every encoding, every givens= mode, exact cover), but
// in a way a class can watch, one step at a time, in the puzzle's own terms.
//
// The idea (Davis, Logemann, Loveland 1962): assign a variable (a decision), deduce what follows,
// and on a contradiction undo the latest decision and try its other value.
//   * Unit propagation: a clause whose literals are all false but one makes that one true. Each
//     clause watches two of its literals that are not false (Moskewicz et al. 2001, "two watched
//     literals"); only when a watched literal becomes false is the clause looked at, to find
//     another literal to watch or to find it unit (or false: a conflict). Nothing is undone in the
//     watch lists on backtracking.
//   * Branching: the variables that name a cell's digits (an exact-cover item's options) form a
//     group; a decision takes the group with no true variable and the fewest unassigned ones (the
//     cell with the fewest candidates, as backtrack's order=fewest and Knuth's MRV in dlx) and
//     makes its first unassigned variable true (the lowest digit, the first option). Once every
//     group holds a true variable, what remains (a compact encoding's counters, colour variables)
//     is decided false first, lowest variable first.
//   * Chronological backtracking: a conflict undoes the latest decision d not yet flipped (and
//     everything above it) and tries not-d, a "flip"; no clause is learnt, no restart. So the
//     search is a real binary tree: a decision is a node, its flip a second child of the same
//     parent (Reason::forced: no alternative left), a conflict a dead end; and after a model the
//     search simply goes on, which counts solutions without blocking clauses. A model's solution
//     is its cells' digits (its chosen options): after one, the decisions on variables outside
//     every group are dropped without being flipped, so that no solution is counted twice.
//
// Cost: no learning, so a hard 9x9 puzzle takes hundreds of decisions where CryptoMiniSat takes
// tens of conflicts, and a decision scans every group: O(cells x digits). For teaching and for
// small grids; solver=auto never picks it (measured in docs/backends/sat.md).
//
// Statistics (CallStats): decisions, propagations (literals set by a unit clause, false ones
// included), conflicts (clauses found false), flips (decisions tried the other way). CallLimits::max_conflicts bounds the conflicts, as
// in the libraries; the deadline is read every 32 steps (a step: a decision or a conflict).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "sudokit/exact_cover.h"
#include "sudokit/sat/sat_library.h"
#include "sudokit/shape.h"
#include "sudokit/trace.h"

namespace sudokit::sat {

class Dpll final : public SatLibrary {
 public:
  explicit Dpll(const Setup& setup);  // throws UsageError for a proof_path (it writes no proof)
  ~Dpll() override;

  std::string name() const override { return "DPLL"; }
  int new_vars(int count) override;
  void add_clause(std::span<const int> literals) override;
  // The first model under the assumptions, as a library gives it.
  Answer solve(std::span<const int> assumptions, const CallLimits& limits) override;
  bool is_true(int v) override;
  CallStats last_call() override { return last_; }
  // Names and groups the variables; without it every variable counts in a solution and every
  // decision is "lowest variable, false first".
  void set_vocabulary(const std::function<Vocabulary()>& make) override;
  // It goes on after each model itself: search_all() counts in one search, and tells the observer
  // every step.
  bool enumerates() const override { return true; }
  Answer search_all(std::span<const int> assumptions, const CallLimits& limits, SearchObserver* observer,
                    const std::function<bool()>& on_model) override;
  std::optional<CallStats> running_call() const override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  CallStats last_;
};

std::unique_ptr<SatLibrary> make_dpll(const Setup& setup);

}  // namespace sudokit::sat
