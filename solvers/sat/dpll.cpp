#include "sudokit/sat/dpll.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>

#include "sudokit/errors.h"
#include "textbook.h"

namespace sudokit::sat {

using namespace textbook;

// The clauses, the assignment, propagation, branching and names are textbook.h's; a DPLL adds its
// levels (one per node of the tree: a decision, or a decision flipped) and the way back.
struct Dpll::Impl : Core {
  struct Level {
    int decision;              // the literal decided
    std::size_t trail_start;   // trail_ size before it
    std::uint64_t node;        // its node number for the observer (the root is 1)
    bool in_solution;          // its variable is read in a solution (a cell's digit, an option)
    bool flipped;              // the decision's other value, tried after its branch: none left
  };
  std::vector<Level> levels_;
  std::uint64_t nodes_ = 1;  // the root, the decisions and the flips of this search

  // Undoes every assignment: clauses are added, and calls start, at an empty trail.
  void reset() {
    clear_trail();
    levels_.clear();
  }

  void add_clause(std::span<const int> literals) {
    reset();
    Core::add_clause(literals);
  }

  void pop_level() {
    const Level level = levels_.back();
    levels_.pop_back();
    shrink_trail(level.trail_start);
    if (observer_) observer_->leave(level.node);
  }

  // Chronological backtracking, in two steps. unwind() drops the levels whose both values were
  // tried and says whether a decision is left to flip; flip() undoes the latest decision and
  // tries its other value, as a node of its own (forced: the only alternative left).
  bool unwind() {
    while (!levels_.empty() && levels_.back().flipped) pop_level();
    return !levels_.empty();
  }
  void flip() {
    const Level last = levels_.back();
    pop_level();
    ++*stats_.flips;
    const std::uint64_t node = ++nodes_;
    const std::uint64_t parent = levels_.empty() ? 1 : levels_.back().node;
    levels_.push_back({-last.decision, trail_.size(), node, last.in_solution, true});
    if (observer_) observer_->enter_step(node, parent, name(-last.decision), 1, Reason::forced);
    assign(-last.decision, kFlipped);
  }

  void decide(int lit, int group, int alternatives) {
    ++*stats_.decisions;
    const std::uint64_t node = ++nodes_;
    const std::uint64_t parent = levels_.empty() ? 1 : levels_.back().node;
    levels_.push_back({lit, trail_.size(), node, in_solution(std::abs(lit)), false});
    if (observer_) {
      const Meaning& m = meaning_[static_cast<std::size_t>(std::abs(lit))];
      if (group >= 0 && m.cell >= 0) observer_->enter(node, parent, m.cell, m.digit, alternatives, Reason::choice);
      else if (group >= 0 && m.option >= 0)
        observer_->enter_option(node, parent, group_of_[static_cast<std::size_t>(group)], m.option, alternatives,
                                Reason::choice);
      else observer_->enter_step(node, parent, name(lit), 2, Reason::choice);
    }
    assign(lit, kDecision);
  }

  Answer search(std::span<const int> assumptions, const CallLimits& limits, SearchObserver* observer,
                const std::function<bool()>& on_model) {
    reset();
    stats_ = {0, 0, 0, 0};
    nodes_ = 1;
    observer_ = observer;
    if (limits.deadline && std::chrono::steady_clock::now() >= *limits.deadline) return Answer::stopped;
    // The tree for the online estimate (online_estimate.h): a node's depth is its decision level;
    // a decision has two children (the decision, then its flip), a conflict or model none.
    OnlineEstimator* const estimator = limits.estimator;
    auto leaf = [&] {
      if (estimator) estimator->node(levels_.size(), 0);
    };
    if (empty_clause_) {
      if (observer_) observer_->dead_end("the formula has an empty clause");
      leaf();
      return Answer::unsatisfiable;
    }
    // The root: the unit clauses, then the assumptions.
    for (int lit : units_) grow(std::abs(lit));
    for (int lit : assumptions) grow(std::abs(lit));
    if (!set_root(units_, kUnit) || !set_root(assumptions, kAssumed)) {
      leaf();
      return finish(Answer::unsatisfiable);
    }
    unsigned steps = 0;
    for (;;) {
      if (limits.deadline && ++steps % kStepsPerClockRead == 0 && std::chrono::steady_clock::now() >= *limits.deadline)
        return finish(Answer::stopped);
      const int conflict = propagate();
      if (conflict >= 0) {
        leaf();
        ++stats_.conflicts;
        if (observer_) observer_->dead_end("conflict: " + clause_text(literals(conflict)) + " is false");
        if (!unwind()) return finish(Answer::unsatisfiable);
        if (limits.max_conflicts && stats_.conflicts >= limits.max_conflicts) return finish(Answer::stopped);
        flip();
        continue;
      }
      int group = -1, alternatives = 0;
      const int lit = pick(group, alternatives);
      if (lit != 0 && limits.probe) {  // a random probe: one of the decision's two values, never the other
        decide(limits.probe->pick(2) == 0 ? lit : -lit, group, alternatives);
        levels_.back().flipped = true;
        continue;
      }
      if (lit != 0) {
        if (estimator) estimator->node(levels_.size(), 2);
        decide(lit, group, alternatives);
        continue;
      }
      // A model. The decisions outside the solution are dropped, not tried the other way.
      leaf();
      save_model();
      if (observer_) observer_->solution();
      if (!on_model()) return finish(Answer::satisfiable);
      while (!levels_.empty() && !levels_.back().in_solution) pop_level();
      if (!unwind()) return finish(Answer::unsatisfiable);
      flip();
    }
  }

  // Leaves the tree (the observer sees every node left) but keeps the assignment for is_true().
  Answer finish(Answer answer) {
    if (observer_)
      for (auto it = levels_.rbegin(); it != levels_.rend(); ++it) observer_->leave(it->node);
    observer_ = nullptr;
    return answer;
  }
};

Dpll::Dpll(const Setup& setup) : impl_(std::make_unique<Impl>()) {
  if (!setup.proof_path.empty()) throw UsageError("sat: solver=dpll writes no proof (proof= needs solver=cadical)");
}
Dpll::~Dpll() = default;

int Dpll::new_vars(int count) {
  const int first = impl_->vars_ + 1;
  impl_->grow(impl_->vars_ + count);
  return first;
}

void Dpll::add_clause(std::span<const int> literals) { impl_->add_clause(literals); }

Answer Dpll::solve(std::span<const int> assumptions, const CallLimits& limits) {
  return search_all(assumptions, limits, nullptr, [] { return false; });
}

bool Dpll::is_true(int v) {
  const auto i = static_cast<std::size_t>(v);
  return i < impl_->model_.size() && impl_->model_[i] > 0;
}

void Dpll::set_vocabulary(const std::function<Vocabulary()>& make) { impl_->set_vocabulary(make()); }

Answer Dpll::search_all(std::span<const int> assumptions, const CallLimits& limits, SearchObserver* observer,
                    const std::function<bool()>& on_model) {
  const Answer answer = impl_->search(assumptions, limits, observer, on_model);
  last_ = impl_->stats_;
  return answer;
}

std::optional<CallStats> Dpll::running_call() const { return impl_->stats_; }

std::unique_ptr<SatLibrary> make_dpll(const Setup& setup) { return std::make_unique<Dpll>(setup); }

}  // namespace sudokit::sat
