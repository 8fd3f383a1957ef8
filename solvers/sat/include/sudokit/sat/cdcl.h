// cdcl: a textbook conflict-driven clause-learning SAT solver inside the sat backend (option
// solver=cdcl), for teaching beside dpll (dpll.h): the same formulas, the same branching rule and
// the same names for every step, so that a class sees what learning changes and nothing else.
// Being cheap to build, it is also what solver=auto takes for Sudoku up to 12x12, where building
// a library costs more than the search (sat.cpp, library_for); there a formula that unit
// propagation settles is answered without it, with its counts, unless it is traced (settle.h).
//
// The idea (Marques-Silva and Sakallah 1996, GRASP; Moskewicz et al. 2001, Chaff): decide and
// propagate as DPLL does, each decision opening a level; but on a conflict, work out why.
//   * Conflict analysis, first UIP: resolve the false clause with the reasons of its literals set
//     at the current level, latest first, until one literal of that level is left (the first
//     unique implication point). The result, that literal's negation and the false literals of
//     earlier levels, is a clause the formula implies: it is learnt (kept for the rest of the
//     search) and would have been unit had it been known.
//   * Non-chronological back-jumping: undo every level above the highest earlier level in the
//     learnt clause (the second highest of the clause), where it is unit; its first literal is then
//     implied, with the learnt clause as its reason. Levels the conflict did not depend on are
//     skipped, with everything below them: that is what DPLL explores again and CDCL does not.
//   * No restarts, no clause deletion, no activity heuristic (VSIDS): decisions are DPLL's (the
//     cell with the fewest candidates, its lowest digit true), so the trees differ by learning only.
//   * Assumptions are decisions of their own levels, before any other (as in MiniSat), so a learnt
//     clause holds whatever a later call assumes.
//   * Counting: after each model the solution's literals are forbidden by a clause and the search
//     starts again from the root, keeping what it learnt; the clauses learnt after the first model
//     (they may rest on such a clause) and those clauses are forgotten when the search ends.
//
// Cost: a learnt clause is looked up like any other, so a hard 9x9 puzzle takes tens of conflicts
// where DPLL takes hundreds; the branching scan is O(cells x digits) per decision as in dpll.
//
// Statistics (CallStats): decisions, propagations (literals set by a clause, learnt ones
// included), conflicts. Traced: each decision a node; each conflict a dead end; each learnt clause,
// its first UIP and the level jumped back to, a note; the implied literal an inference.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>

#include "sudokit/sat/sat_library.h"
#include "sudokit/trace.h"

namespace sudokit::sat {

class Cdcl final : public SatLibrary {
 public:
  explicit Cdcl(const Setup& setup);  // throws UsageError for a proof_path (it writes no proof)
  ~Cdcl() override;
  std::string name() const override { return "CDCL"; }
  int new_vars(int count) override;
  void add_clause(std::span<const int> literals) override;
  Answer solve(std::span<const int> assumptions, const CallLimits& limits) override;
  bool is_true(int v) override;
  CallStats last_call() override { return last_; }
  std::optional<CallStats> running_call() const override;
  void set_vocabulary(const std::function<Vocabulary()>& make) override;
  // It counts in one search (forbidding each model itself), telling the observer every step.
  bool enumerates() const override { return true; }
  Answer search_all(std::span<const int> assumptions, const CallLimits& limits, SearchObserver* observer,
                    const std::function<bool()>& on_model) override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  CallStats last_;
};

std::unique_ptr<SatLibrary> make_cdcl(const Setup& setup);

}  // namespace sudokit::sat
