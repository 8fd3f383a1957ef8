// What the two textbook SAT solvers of the sat backend share (dpll.cpp, cdcl.cpp): the clauses
// with two watched literals, the assignment and its trail, unit propagation, the branching rule,
// and the vocabulary that names every step in the puzzle's terms for the observer. Each solver
// adds its own way back from a conflict: DPLL flips the latest decision, CDCL learns a clause and
// jumps back. Private to the sat backend.
//
//   clauses:  lits_ = [c0 l0 l1 l2 | c1 l0 l1 | ...]   the first two literals of each are watched;
//             watches_[index(l)] = the clauses watching l, a binary clause's with its other
//             literal as a blocker (MiniSat's blocking literal: true, the clause is not read),
//             a longer one's with 0, never true (value_[0] stays 0); units_ = the unit clauses
//   assignment: value_[v] in {+1, -1, 0}; reason_[v] = the clause that set v (>= 0) or how else
//             (kDecision, kFlipped, kUnit, kAssumed, kLearnt); level_[v] = the decision level it was set at
//   trail_:   every literal set, in order; trail_[head_..] is not propagated yet
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/exact_cover.h"
#include "sudokit/sat/sat_library.h"
#include "sudokit/shape.h"
#include "sudokit/trace.h"

namespace sudokit::sat::textbook {

// Why a variable holds its value (reason_[v]): a clause index >= 0, or one of these.
constexpr int kDecision = -1;  // a decision: a node of the tree
constexpr int kFlipped = -2;   // DPLL: the other value of a decision whose branch is done: a node too
constexpr int kUnit = -3;      // a unit clause of the formula (or one CDCL learnt)
constexpr int kAssumed = -4;   // an assumption of this call
constexpr int kLearnt = -5;    // CDCL: a unit clause it learnt, or one forbidding a model (never a given)

constexpr std::size_t kShortClause = 4;     // a propagation's clause is shown when this short
constexpr std::size_t kShownLiterals = 12;  // a clause shows this many literals at most
constexpr unsigned kStepsPerClockRead = 32;

struct Core {
  struct Clause {
    std::size_t begin;
    std::uint32_t size;
  };
  std::vector<int> lits_;
  std::vector<Clause> clauses_;
  // A clause watching a literal, and a literal of it to read first: when that one is true, the
  // clause is satisfied and is not read at all (most Sudoku clauses are binary, and the blocker
  // of a binary clause is its other literal).
  struct Watch {
    int clause;
    int blocker;
  };
  std::vector<std::vector<Watch>> watches_;
  std::vector<int> units_;  // unit clauses, set at the root of every call
  bool empty_clause_ = false;
  int vars_ = 0;

  std::vector<signed char> value_;
  std::vector<int> reason_;
  std::vector<int> level_;
  int decision_level_ = 0;  // the level a literal set now is at (CDCL keeps it; DPLL has no use)
  std::vector<int> trail_;
  std::size_t head_ = 0;
  std::vector<signed char> model_;  // the last model, by variable

  // Branching groups: group g is group_vars_[group_begin_[g] .. group_begin_[g+1]), standing for
  // cell (or primary item) group_of_[g]. meaning_[v] says what variable v stands for.
  struct Meaning {
    int cell = -1, digit = 0;  // Sudoku cell variable
    int option = -1;           // exact-cover option variable
    int formula_var = 0;       // its number in the formula, 0 when not from it
  };
  Vocabulary vocabulary_;
  std::vector<Meaning> meaning_;
  std::vector<int> group_vars_, group_begin_{0}, group_of_;

  CallStats stats_;
  SearchObserver* observer_ = nullptr;

  static std::size_t index(int lit) { return lit > 0 ? 2 * static_cast<std::size_t>(lit) : 2 * static_cast<std::size_t>(-lit) + 1; }
  int value(int lit) const {
    const int v = value_[static_cast<std::size_t>(std::abs(lit))];
    return lit > 0 ? v : -v;
  }
  int level(int lit) const { return level_[static_cast<std::size_t>(std::abs(lit))]; }

  void grow(int vars) {
    if (vars <= vars_) return;
    vars_ = vars;
    const auto n = static_cast<std::size_t>(vars) + 1;
    value_.resize(n, 0);
    reason_.resize(n, kDecision);
    level_.resize(n, 0);
    model_.resize(n, 0);
    meaning_.resize(n);
    watches_.resize(2 * n);
  }

  // Undoes every assignment (the solver drops its levels itself).
  void clear_trail() {
    for (int lit : trail_) value_[static_cast<std::size_t>(std::abs(lit))] = 0;
    trail_.clear();
    head_ = 0;
    decision_level_ = 0;
  }
  // Undoes the assignments made after the trail had `size` literals.
  void shrink_trail(std::size_t size) {
    for (std::size_t i = trail_.size(); i > size;) value_[static_cast<std::size_t>(std::abs(trail_[--i]))] = 0;
    trail_.resize(size);
    head_ = trail_.size();
  }

  // A clause of the formula, at an empty trail: sorted by variable (so shown in cell order),
  // repeats merged; a tautology is dropped.
  void add_clause(std::span<const int> literals) {
    if (literals.size() == 2 && std::abs(literals[0]) != std::abs(literals[1])) {  // most clauses of a Sudoku
      int pair[2] = {literals[0], literals[1]};
      if (std::abs(pair[0]) > std::abs(pair[1])) std::swap(pair[0], pair[1]);
      grow(std::abs(pair[1]));
      attach(pair);
      return;
    }
    std::vector<int>& c = scratch_;  // a formula is thousands of clauses: no allocation for each
    c.assign(literals.begin(), literals.end());
    for (int lit : c) grow(std::abs(lit));
    std::sort(c.begin(), c.end(), [](int a, int b) { return std::abs(a) != std::abs(b) ? std::abs(a) < std::abs(b) : a < b; });
    c.erase(std::unique(c.begin(), c.end()), c.end());
    for (std::size_t i = 1; i < c.size(); ++i)
      if (c[i] == -c[i - 1]) return;
    if (c.empty()) {
      empty_clause_ = true;
      return;
    }
    if (c.size() == 1) {
      units_.push_back(c[0]);
      return;
    }
    attach(c);
  }
  std::vector<int> scratch_;
  // A literal of a 9x9 Sudoku formula is in up to 28 binary clauses: a list starts with room for
  // 4 watches (growing each by doublings from 1 cost a fresh 9x9 solver about 10% of its
  // puzzles/s; room for 16 was 1-3% faster still, but a large compact formula has millions of
  // lists that never hold more than a few).
  void watch(int lit, Watch w) {
    auto& ws = watches_[index(lit)];
    if (ws.capacity() == 0) ws.reserve(4);
    ws.push_back(w);
  }
  // Stores a clause of two or more literals, watching its first two; returns its index.
  int attach(std::span<const int> c) {
    const int id = static_cast<int>(clauses_.size());
    clauses_.push_back({lits_.size(), static_cast<std::uint32_t>(c.size())});
    lits_.insert(lits_.end(), c.begin(), c.end());
    watch(c[0], {id, c.size() == 2 ? c[1] : 0});
    watch(c[1], {id, c.size() == 2 ? c[0] : 0});
    return id;
  }
  // Forgets the clauses from index `keep` on (and their watches: only the lists of the literals
  // they watch hold them, so only those are cleaned).
  void detach_from(std::size_t keep) {
    if (keep >= clauses_.size()) return;
    auto forgotten = [&](const Watch& w) { return static_cast<std::size_t>(w.clause) >= keep; };
    for (std::size_t c = keep; c < clauses_.size(); ++c)
      for (std::size_t w = 0; w < 2; ++w) std::erase_if(watches_[index(lits_[clauses_[c].begin + w])], forgotten);
    lits_.resize(clauses_[keep].begin);
    clauses_.resize(keep);
  }

  void set_vocabulary(Vocabulary vocabulary);

  bool named() const { return vocabulary_.shape || vocabulary_.cover; }
  // Whether v is read in a solution: a cell's digit or an option; everything when unnamed.
  bool in_solution(int v) const {
    const Meaning& m = meaning_[static_cast<std::size_t>(v)];
    return !named() || m.cell >= 0 || m.option >= 0;
  }

  // ---- Names, in the puzzle's terms: r1c1=5, r1c1!=5, 'p1 h2', not 'p1 h2', x812, not x812.
  std::string name(int lit) const;
  std::span<const int> literals(int c) const {
    const Clause& cl = clauses_[static_cast<std::size_t>(c)];
    return {lits_.data() + cl.begin, cl.size};
  }
  std::string clause_text(std::span<const int> clause) const;
  std::string why(int c) const;
  std::string_view placement_rule(int c) const;
  void tell_assignment(int lit, int reason);
  void cite(int lit, int c);  // the reasoning behind `lit`, set by clause c, in grid terms
  void tell(int lit, const std::string& words);  // place_option for a chosen option, else note

  void assign(int lit, int reason) {
    const auto v = static_cast<std::size_t>(std::abs(lit));
    value_[v] = lit > 0 ? 1 : -1;
    reason_[v] = reason;
    level_[v] = decision_level_;
    trail_.push_back(lit);
    if (observer_) tell_assignment(lit, reason);
  }

  // Unit propagation: returns a clause found false, or -1.
  int propagate();
  // The next decision, or 0 when every variable is assigned. `group`: the group it comes from,
  // -1 for the rest; `alternatives`: the group's unassigned variables.
  int pick(int& group, int& alternatives) const;
  // Sets unit clauses (or assumptions) at the root, each with `reason`; false (a conflict told)
  // when one is false.
  bool set_root(std::span<const int> lits, int reason);
  void save_model() {
    for (std::size_t v = 1; v < value_.size(); ++v) model_[v] = value_[v];
  }
};

}  // namespace sudokit::sat::textbook
