// The textbook CDCL (cdcl.h): decisions, propagation and names from textbook.h; here the levels,
// first-UIP conflict analysis, back-jumping, and counting by forbidding each model.
#include "sudokit/sat/cdcl.h"

#include <chrono>
#include <cstdlib>
#include <optional>
#include <utility>
#include <vector>

#include "sudokit/errors.h"
#include "textbook.h"

namespace sudokit::sat {

using namespace textbook;

struct Cdcl::Impl : Core {
  // A decision level: an assumption's (node 0: not a node of the tree) or a decision's.
  struct Level {
    std::size_t trail_start;  // trail_ size before it
    std::uint64_t node;
  };
  std::vector<Level> levels_;
  std::uint64_t nodes_ = 1;    // the root and the decisions of this search
  std::vector<char> seen_;     // analyze()'s marks, all clear between calls
  std::vector<int> learnt_units_;  // unit clauses learnt (or forbidding a model), set at the root
  // The clauses (and learnt units) from here on were added after the first model: they are forgotten
  // when the search ends, as they may rest on a clause forbidding a model.
  std::optional<std::pair<std::size_t, std::size_t>> forget_from_;

  void reset() {
    clear_trail();
    levels_.clear();
  }
  void add_clause(std::span<const int> literals) {
    reset();
    Core::add_clause(literals);
  }

  void push_level(std::uint64_t node) {
    levels_.push_back({trail_.size(), node});
    decision_level_ = static_cast<int>(levels_.size());
  }
  // Undoes every level above `target` (the observer leaves each decision's node).
  void back_jump(int target) {
    while (static_cast<int>(levels_.size()) > target) {
      const Level level = levels_.back();
      levels_.pop_back();
      shrink_trail(level.trail_start);
      if (observer_ && level.node) observer_->leave(level.node);
    }
    decision_level_ = target;
  }
  std::uint64_t parent_node() const {
    for (auto it = levels_.rbegin(); it != levels_.rend(); ++it)
      if (it->node) return it->node;
    return 1;
  }

  // First UIP: from the false clause `conflict`, the learnt clause (its first literal the one to
  // assert) and the level to jump back to.
  std::pair<std::vector<int>, int> analyze(int conflict) {
    if (seen_.size() < value_.size()) seen_.resize(value_.size(), 0);
    std::vector<int> learnt{0};
    int open = 0, p = 0, clause = conflict;
    std::size_t at = trail_.size();
    do {
      for (int q : literals(clause)) {
        const auto v = static_cast<std::size_t>(std::abs(q));
        if (q == p || seen_[v] || level_[v] == 0) continue;  // p is the literal resolved on
        seen_[v] = 1;
        if (level_[v] >= decision_level_) ++open;
        else learnt.push_back(q);
      }
      while (!seen_[static_cast<std::size_t>(std::abs(trail_[--at]))]) {}
      p = trail_[at];
      seen_[static_cast<std::size_t>(std::abs(p))] = 0;
      clause = reason_[static_cast<std::size_t>(std::abs(p))];
    } while (--open > 0);
    learnt[0] = -p;
    int jump = 0;
    for (std::size_t i = 1; i < learnt.size(); ++i) {
      seen_[static_cast<std::size_t>(std::abs(learnt[i]))] = 0;
      if (level(learnt[i]) > jump) {
        jump = level(learnt[i]);
        std::swap(learnt[1], learnt[i]);  // watched with the first: the last to become false
      }
    }
    return {std::move(learnt), jump};
  }

  // Learns from `conflict`, jumps back and asserts the learnt clause's first literal.
  void learn(int conflict) {
    auto [learnt, jump] = analyze(conflict);
    if (observer_)
      observer_->note("learnt " + clause_text(learnt) + " (first UIP " + name(-learnt[0]) + "); back-jump from level " +
                      std::to_string(decision_level_) + " to level " + std::to_string(jump));
    back_jump(jump);
    if (learnt.size() == 1) {
      learnt_units_.push_back(learnt[0]);
      assign(learnt[0], kLearnt);
    } else {
      ++*stats_.propagations;
      assign(learnt[0], attach(learnt));
    }
  }

  // After a model: a clause forbids its solution (the solution's literals set above the root: a
  // cell's digit, a chosen option; every variable's value when the variables are not named), and
  // the search starts again from the root. False when nothing is left to forbid.
  bool forbid_model() {
    std::vector<int> block;
    for (std::size_t v = 1; v < value_.size(); ++v) {
      const int var = static_cast<int>(v);
      if (level_[v] == 0 || value_[v] == 0 || !in_solution(var)) continue;
      if (value_[v] > 0) block.push_back(-var);
      else if (!named()) block.push_back(var);
    }
    if (block.empty()) return false;
    if (!forget_from_) forget_from_ = {clauses_.size(), learnt_units_.size()};
    back_jump(0);
    if (observer_) observer_->note("a clause forbids this solution, " + clause_text(block) + "; back to the root");
    if (block.size() == 1) {
      learnt_units_.push_back(block[0]);
      assign(block[0], kLearnt);
    } else {
      attach(block);
    }
    return true;
  }

  void decide(int lit, int group, int alternatives) {
    ++*stats_.decisions;
    const std::uint64_t node = ++nodes_, parent = parent_node();
    push_level(node);
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
    stats_ = {0, 0, 0, std::nullopt};
    nodes_ = 1;
    observer_ = observer;
    if (limits.deadline && std::chrono::steady_clock::now() >= *limits.deadline) return finish(Answer::stopped);
    if (empty_clause_) {
      if (observer_) observer_->dead_end("the formula has an empty clause");
      return finish(Answer::unsatisfiable);
    }
    for (int lit : units_) grow(std::abs(lit));
    for (int lit : assumptions) grow(std::abs(lit));
    for (int lit : learnt_units_) grow(std::abs(lit));
    if (!set_root(units_, kUnit) || !set_root(learnt_units_, kLearnt)) return finish(Answer::unsatisfiable);
    const auto assumed = static_cast<int>(assumptions.size());
    unsigned steps = 0;
    for (;;) {
      if (limits.deadline && ++steps % kStepsPerClockRead == 0 && std::chrono::steady_clock::now() >= *limits.deadline)
        return finish(Answer::stopped);
      if (const int conflict = propagate(); conflict >= 0) {
        ++stats_.conflicts;
        if (observer_) observer_->dead_end("conflict: " + clause_text(literals(conflict)) + " is false");
        if (decision_level_ <= assumed) return finish(Answer::unsatisfiable);  // the assumptions and the formula
        if (limits.max_conflicts && stats_.conflicts >= limits.max_conflicts) return finish(Answer::stopped);
        learn(conflict);
        continue;
      }
      if (decision_level_ < assumed) {  // the next assumption, at a level of its own
        const int lit = assumptions[static_cast<std::size_t>(decision_level_)];
        if (value(lit) < 0) {
          ++stats_.conflicts;
          if (observer_) observer_->dead_end(name(lit) + " is assumed, and " + name(-lit) + " holds");
          return finish(Answer::unsatisfiable);
        }
        push_level(0);
        if (value(lit) == 0) assign(lit, kAssumed);
        continue;
      }
      int group = -1, alternatives = 0;
      if (const int lit = pick(group, alternatives); lit != 0) {
        decide(lit, group, alternatives);
        continue;
      }
      save_model();
      if (observer_) observer_->solution();
      if (!on_model()) return finish(Answer::satisfiable);
      if (!forbid_model()) return finish(Answer::unsatisfiable);
    }
  }

  // Leaves the tree, keeps the model for is_true(), and forgets what rests on forbidden models.
  Answer finish(Answer answer) {
    if (observer_)
      for (auto it = levels_.rbegin(); it != levels_.rend(); ++it)
        if (it->node) observer_->leave(it->node);
    observer_ = nullptr;
    reset();
    if (forget_from_) {
      detach_from(forget_from_->first);
      learnt_units_.resize(forget_from_->second);
      forget_from_.reset();
    }
    return answer;
  }
};

Cdcl::Cdcl(const Setup& setup) : impl_(std::make_unique<Impl>()) {
  if (!setup.proof_path.empty()) throw UsageError("sat: solver=cdcl writes no proof (proof= needs solver=cadical)");
}
Cdcl::~Cdcl() = default;

int Cdcl::new_vars(int count) {
  const int first = impl_->vars_ + 1;
  impl_->grow(impl_->vars_ + count);
  return first;
}

void Cdcl::add_clause(std::span<const int> literals) { impl_->add_clause(literals); }

Answer Cdcl::solve(std::span<const int> assumptions, const CallLimits& limits) {
  return search_all(assumptions, limits, nullptr, [] { return false; });
}

bool Cdcl::is_true(int v) {
  const auto i = static_cast<std::size_t>(v);
  return i < impl_->model_.size() && impl_->model_[i] > 0;
}

void Cdcl::set_vocabulary(const std::function<Vocabulary()>& make) { impl_->set_vocabulary(make()); }

Answer Cdcl::search_all(std::span<const int> assumptions, const CallLimits& limits, SearchObserver* observer,
                        const std::function<bool()>& on_model) {
  const Answer answer = impl_->search(assumptions, limits, observer, on_model);
  last_ = impl_->stats_;
  return answer;
}

std::optional<CallStats> Cdcl::running_call() const { return impl_->stats_; }

std::unique_ptr<SatLibrary> make_cdcl(const Setup& setup) { return std::make_unique<Cdcl>(setup); }

}  // namespace sudokit::sat
