#include "sudokit/sat/dpll.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>

#include "sudokit/errors.h"

namespace sudokit::sat {

namespace {

// Why a variable holds its value (reason_[v]): a clause index >= 0, or one of these.
constexpr int kDecision = -1;  // a decision: a node of the tree
constexpr int kFlipped = -2;   // the other value of a decision whose branch is done: a node too
constexpr int kUnit = -3;      // a unit clause of the formula
constexpr int kAssumed = -4;   // an assumption of this call

constexpr std::size_t kShortClause = 4;   // a propagation's clause is shown when this short
constexpr std::size_t kShownLiterals = 12;  // a false clause shows this many literals at most
constexpr unsigned kStepsPerClockRead = 32;

}  // namespace

struct Dpll::Impl {
  // The clauses of two or more literals, one after another in lits_; the first two of each are
  // the watched ones. watches_[index(l)] lists the clauses watching literal l.
  struct Clause {
    std::size_t begin;
    std::uint32_t size;
  };
  std::vector<int> lits_;
  std::vector<Clause> clauses_;
  std::vector<std::vector<int>> watches_;
  std::vector<int> units_;  // unit clauses, set at the root of every call
  bool empty_clause_ = false;
  int vars_ = 0;

  // The assignment: value_ +1 true, -1 false, 0 open; the trail in the order set; a level per
  // node below the root: a decision, or a decision flipped.
  std::vector<signed char> value_;
  std::vector<int> reason_;
  std::vector<int> trail_;
  std::size_t head_ = 0;  // trail_[head_..] not yet propagated
  struct Level {
    int decision;              // the literal decided
    std::size_t trail_start;   // trail_ size before it
    std::uint64_t node;        // its node number for the observer (the root is 1)
    bool in_solution;          // its variable is read in a solution (a cell's digit, an option)
    bool flipped;              // the decision's other value, tried after its branch: none left
  };
  std::vector<Level> levels_;
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
  std::uint64_t flips_ = 0;
  std::uint64_t nodes_ = 1;  // the root, the decisions and the flips of this search
  SearchObserver* observer_ = nullptr;

  static std::size_t index(int lit) { return lit > 0 ? 2 * static_cast<std::size_t>(lit) : 2 * static_cast<std::size_t>(-lit) + 1; }
  int value(int lit) const {
    const int v = value_[static_cast<std::size_t>(std::abs(lit))];
    return lit > 0 ? v : -v;
  }

  void grow(int vars) {
    if (vars <= vars_) return;
    vars_ = vars;
    const auto n = static_cast<std::size_t>(vars) + 1;
    value_.resize(n, 0);
    reason_.resize(n, kDecision);
    model_.resize(n, 0);
    meaning_.resize(n);
    watches_.resize(2 * n);
  }

  // Undoes every assignment: clauses are added, and calls start, at an empty trail.
  void reset() {
    for (int lit : trail_) value_[static_cast<std::size_t>(std::abs(lit))] = 0;
    trail_.clear();
    levels_.clear();
    head_ = 0;
  }

  void add_clause(std::span<const int> literals) {
    reset();
    std::vector<int> c(literals.begin(), literals.end());
    for (int lit : c) grow(std::abs(lit));
    // Sorted by variable (so shown in cell order), repeats merged; a tautology is dropped.
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
    const int id = static_cast<int>(clauses_.size());
    clauses_.push_back({lits_.size(), static_cast<std::uint32_t>(c.size())});
    lits_.insert(lits_.end(), c.begin(), c.end());
    watches_[index(c[0])].push_back(id);
    watches_[index(c[1])].push_back(id);
  }

  void set_vocabulary(Vocabulary vocabulary) {
    vocabulary_ = std::move(vocabulary);
    grow(static_cast<int>(vocabulary_.formula_var.size()) - 1);
    const Shape* shape = vocabulary_.shape;
    const ExactCover* cover = vocabulary_.cover;
    const int n = shape ? shape->size() : 0;
    const int groups = shape ? shape->cells() : cover ? cover->primary : 0;
    std::vector<std::vector<int>> members(static_cast<std::size_t>(groups));
    for (std::size_t v = 1; v < meaning_.size(); ++v) {
      Meaning& m = meaning_[v];
      m = {};
      m.formula_var = v < vocabulary_.formula_var.size() ? vocabulary_.formula_var[v] : 0;
      const int f = m.formula_var;
      if (shape && f >= 1 && f <= shape->cells() * n) {
        m.cell = (f - 1) / n;
        m.digit = (f - 1) % n + 1;
        members[static_cast<std::size_t>(m.cell)].push_back(static_cast<int>(v));
      } else if (cover && f >= 1 && f <= cover->option_count()) {
        m.option = f - 1;
        for (int item : cover->options[static_cast<std::size_t>(m.option)])
          if (cover->is_primary(item)) members[static_cast<std::size_t>(item)].push_back(static_cast<int>(v));
      }
    }
    group_vars_.clear();
    group_begin_.assign(1, 0);
    group_of_.clear();
    for (int g = 0; g < groups; ++g) {
      auto& vars = members[static_cast<std::size_t>(g)];
      if (vars.empty()) continue;  // a given's cell under givens=reduce: no variables left
      // Digits (options) in order.
      std::sort(vars.begin(), vars.end(), [&](int a, int b) {
        return meaning_[static_cast<std::size_t>(a)].formula_var < meaning_[static_cast<std::size_t>(b)].formula_var;
      });
      group_vars_.insert(group_vars_.end(), vars.begin(), vars.end());
      group_begin_.push_back(static_cast<int>(group_vars_.size()));
      group_of_.push_back(g);
    }
  }

  bool named() const { return vocabulary_.shape || vocabulary_.cover; }
  // Whether v is read in a solution: a cell's digit or an option; everything when unnamed.
  bool in_solution(int v) const {
    const Meaning& m = meaning_[static_cast<std::size_t>(v)];
    return !named() || m.cell >= 0 || m.option >= 0;
  }

  // ---- Names, in the puzzle's terms: r1c1=5, r1c1!=5, 'p1 h2', not 'p1 h2', x812, not x812.
  std::string name(int lit) const {
    const int v = std::abs(lit);
    const Meaning& m = meaning_[static_cast<std::size_t>(v)];
    if (m.cell >= 0) return vocabulary_.shape->cell_name(m.cell) + (lit > 0 ? "=" : "!=") + std::to_string(m.digit);
    std::string positive = m.option >= 0 ? "'" + vocabulary_.cover->option_text(m.option) + "'"
                                         : "x" + std::to_string(m.formula_var ? m.formula_var : v);
    return lit > 0 ? positive : "not " + positive;
  }
  std::span<const int> literals(int c) const {
    const Clause& cl = clauses_[static_cast<std::size_t>(c)];
    return {lits_.data() + cl.begin, cl.size};
  }
  std::string clause_text(std::span<const int> clause) const {
    std::vector<int> c(clause.begin(), clause.end());  // in variable order: the watches move literals
    std::sort(c.begin(), c.end(), [](int a, int b) { return std::abs(a) < std::abs(b); });
    std::string s = "(";
    for (std::size_t i = 0; i < c.size() && i < kShownLiterals; ++i) s += (i ? " or " : "") + name(c[i]);
    if (c.size() > kShownLiterals) s += " or " + std::to_string(c.size() - kShownLiterals) + " more";
    return s + ")";
  }
  // Why a clause made `lit` true: the clause itself when short, else how many literals it has.
  std::string why(int c) const {
    const auto lits = literals(c);
    if (lits.size() <= kShortClause) return "by " + clause_text(lits);
    return "by a clause of " + std::to_string(lits.size()) + " literals, the others false";
  }
  // The rule that placed a digit by a clause, as the other backends would name it: a naked
  // single when the clause is one cell's digits, a hidden single when it is one digit's cells,
  // else plain unit propagation (a literal: the observer keeps no copy).
  std::string_view placement_rule(int c) const {
    bool one_cell = true, one_digit = true;
    const auto lits = literals(c);
    const Meaning& first = meaning_[static_cast<std::size_t>(std::abs(lits[0]))];
    for (int lit : lits) {
      const Meaning& m = meaning_[static_cast<std::size_t>(std::abs(lit))];
      one_cell = one_cell && m.cell >= 0 && m.cell == first.cell;
      one_digit = one_digit && m.cell >= 0 && m.digit == first.digit;
    }
    return one_cell ? "naked single" : one_digit ? "hidden single" : "unit propagation";
  }

  // Tells the observer why `lit` was just set (reason_ of its variable).
  void tell_assignment(int lit, int reason) {
    const Meaning& m = meaning_[static_cast<std::size_t>(std::abs(lit))];
    const bool digit = m.cell >= 0 && lit > 0;
    switch (reason) {
      case kDecision:
      case kFlipped: return;  // told as a node
      case kUnit:
      case kAssumed:
        // A unit clause is a given only when the givens were written as unit clauses; in a
        // reduced formula it is what the givens left: forced.
        if (digit) {
          if (reason == kAssumed || vocabulary_.unit_clauses_are_givens) observer_->place(m.cell, m.digit, Reason::given, "");
          else observer_->place(m.cell, m.digit, Reason::inferred, "unit clause");
        }
        else if (in_solution(std::abs(lit))) observer_->note(name(lit) + (reason == kUnit ? " (a unit clause)" : " (assumed)"));
        return;
      default:
        if (digit) {
          const std::string_view rule = placement_rule(reason);
          observer_->place(m.cell, m.digit, Reason::inferred, rule);
          if (rule == "unit propagation") observer_->note(name(lit) + " " + why(reason));
        } else {
          observer_->note(name(lit) + " " + why(reason));
        }
    }
  }

  void assign(int lit, int reason) {
    const auto v = static_cast<std::size_t>(std::abs(lit));
    value_[v] = lit > 0 ? 1 : -1;
    reason_[v] = reason;
    trail_.push_back(lit);
    if (observer_) tell_assignment(lit, reason);
  }

  // Unit propagation: returns a clause found false, or -1.
  int propagate() {
    while (head_ < trail_.size()) {
      const int p = trail_[head_++];  // p is true: visit the clauses watching -p, now false
      auto& ws = watches_[index(-p)];
      std::size_t i = 0, j = 0;
      while (i < ws.size()) {
        const int c = ws[i++];
        const Clause& cl = clauses_[static_cast<std::size_t>(c)];
        int* l = lits_.data() + cl.begin;
        if (l[0] == -p) std::swap(l[0], l[1]);  // the false watch in l[1]
        if (value(l[0]) > 0) {
          ws[j++] = c;  // satisfied by the other watch
          continue;
        }
        std::uint32_t k = 2;
        while (k < cl.size && value(l[k]) < 0) ++k;
        if (k < cl.size) {  // a literal not false: watch it instead
          std::swap(l[1], l[k]);
          watches_[index(l[1])].push_back(c);
          continue;
        }
        ws[j++] = c;
        if (value(l[0]) < 0) {  // every literal false
          while (i < ws.size()) ws[j++] = ws[i++];
          ws.resize(j);
          return c;
        }
        ++*stats_.propagations;
        assign(l[0], c);
      }
      ws.resize(j);
    }
    return -1;
  }

  void pop_level() {
    const Level level = levels_.back();
    levels_.pop_back();
    for (std::size_t i = trail_.size(); i > level.trail_start;) value_[static_cast<std::size_t>(std::abs(trail_[--i]))] = 0;
    trail_.resize(level.trail_start);
    head_ = trail_.size();
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
    ++flips_;
    const std::uint64_t node = ++nodes_;
    const std::uint64_t parent = levels_.empty() ? 1 : levels_.back().node;
    levels_.push_back({-last.decision, trail_.size(), node, last.in_solution, true});
    if (observer_) observer_->enter_step(node, parent, name(-last.decision), 1, Reason::forced);
    assign(-last.decision, kFlipped);
  }

  // The next decision, or 0 when every variable is assigned. `group`: the group it comes from,
  // -1 for the rest; `alternatives`: the group's unassigned variables.
  int pick(int& group, int& alternatives) const {
    group = -1;
    alternatives = 0;
    for (std::size_t g = 0; g + 1 < group_begin_.size(); ++g) {
      int open = 0;
      bool has_true = false;
      for (int i = group_begin_[g]; i < group_begin_[g + 1] && !has_true; ++i) {
        const int val = value_[static_cast<std::size_t>(group_vars_[static_cast<std::size_t>(i)])];
        has_true = val > 0;
        open += val == 0;
      }
      if (has_true || open == 0 || (group >= 0 && open >= alternatives)) continue;
      group = static_cast<int>(g);
      alternatives = open;
      if (open == 1) break;  // cannot do better (unit propagation leaves none such with ALO clauses)
    }
    if (group >= 0) {
      for (int i = group_begin_[static_cast<std::size_t>(group)];; ++i) {
        const int v = group_vars_[static_cast<std::size_t>(i)];
        if (value_[static_cast<std::size_t>(v)] == 0) return v;
      }
    }
    for (int v = 1; v <= vars_; ++v)
      if (value_[static_cast<std::size_t>(v)] == 0) return -v;  // the rest: false first
    return 0;
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
    stats_ = {0, 0, 0};
    flips_ = 0;
    nodes_ = 1;
    observer_ = observer;
    if (limits.deadline && std::chrono::steady_clock::now() >= *limits.deadline) return Answer::stopped;
    if (empty_clause_) {
      if (observer_) observer_->dead_end("the formula has an empty clause");
      return Answer::unsatisfiable;
    }
    // The root: the unit clauses, then the assumptions.
    for (int lit : units_) grow(std::abs(lit));
    for (int lit : assumptions) grow(std::abs(lit));
    auto set_root = [&](std::span<const int> lits, int reason) {
      for (int lit : lits) {
        if (value(lit) > 0) continue;
        if (value(lit) < 0) {
          ++stats_.conflicts;
          if (observer_)
            observer_->dead_end(name(lit) + (reason == kUnit ? " is a unit clause" : " is assumed") + ", and " +
                                name(-lit) + " holds");
          return false;
        }
        assign(lit, reason);
      }
      return true;
    };
    if (!set_root(units_, kUnit) || !set_root(assumptions, kAssumed)) return finish(Answer::unsatisfiable);
    unsigned steps = 0;
    for (;;) {
      if (limits.deadline && ++steps % kStepsPerClockRead == 0 && std::chrono::steady_clock::now() >= *limits.deadline)
        return finish(Answer::stopped);
      const int conflict = propagate();
      if (conflict >= 0) {
        ++stats_.conflicts;
        if (observer_) observer_->dead_end("conflict: " + clause_text(literals(conflict)) + " is false");
        if (!unwind()) return finish(Answer::unsatisfiable);
        if (limits.max_conflicts && stats_.conflicts >= limits.max_conflicts) return finish(Answer::stopped);
        flip();
        continue;
      }
      int group = -1, alternatives = 0;
      const int lit = pick(group, alternatives);
      if (lit != 0) {
        decide(lit, group, alternatives);
        continue;
      }
      // A model. The decisions outside the solution are dropped, not tried the other way.
      for (std::size_t v = 1; v < value_.size(); ++v) model_[v] = value_[v];
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
  last_flips_ = impl_->flips_;
  return answer;
}

std::unique_ptr<SatLibrary> make_dpll(const Setup& setup) { return std::make_unique<Dpll>(setup); }

}  // namespace sudokit::sat
