// The textbook solvers' shared half (textbook.h): naming, propagation, branching.
#include "textbook.h"

namespace sudokit::sat::textbook {

void Core::set_vocabulary(Vocabulary vocabulary) {
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

std::string Core::name(int lit) const {
  const int v = std::abs(lit);
  const Meaning& m = meaning_[static_cast<std::size_t>(v)];
  if (m.cell >= 0) return vocabulary_.shape->cell_name(m.cell) + (lit > 0 ? "=" : "!=") + std::to_string(m.digit);
  std::string positive = m.option >= 0 ? "'" + vocabulary_.cover->option_text(m.option) + "'"
                                       : "x" + std::to_string(m.formula_var ? m.formula_var : v);
  return lit > 0 ? positive : "not " + positive;
}

std::string Core::clause_text(std::span<const int> clause) const {
  std::vector<int> c(clause.begin(), clause.end());  // in variable order: the watches move literals
  std::sort(c.begin(), c.end(), [](int a, int b) { return std::abs(a) < std::abs(b); });
  std::string s = "(";
  for (std::size_t i = 0; i < c.size() && i < kShownLiterals; ++i) s += (i ? " or " : "") + name(c[i]);
  if (c.size() > kShownLiterals) s += " or " + std::to_string(c.size() - kShownLiterals) + " more";
  return s + ")";
}
// Why a clause made `lit` true: the clause itself when short, else how many literals it has.
std::string Core::why(int c) const {
  const auto lits = literals(c);
  if (lits.size() <= kShortClause) return "by " + clause_text(lits);
  return "by a clause of " + std::to_string(lits.size()) + " literals, the others false";
}
// The rule that placed a digit by a clause, as the other backends would name it: a naked
// single when the clause is one cell's digits, a hidden single when it is one digit's cells,
// else plain unit propagation (a literal: the observer keeps no copy).
std::string_view Core::placement_rule(int c) const {
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
void Core::tell_assignment(int lit, int reason) {
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
      else if (in_solution(std::abs(lit))) {
        if (lit < 0 && m.cell >= 0) cite(lit, -1);  // a candidate the formula rules out
        tell(lit, name(lit) + (reason == kUnit ? " (a unit clause)" : " (assumed)"));
      }
      return;
    case kLearnt:
      if (digit) observer_->place(m.cell, m.digit, Reason::inferred, "learnt unit clause");
      else if (in_solution(std::abs(lit))) {
        if (lit < 0 && m.cell >= 0) cite(lit, -1);
        tell(lit, name(lit) + " (a learnt unit clause)");
      }
      return;
    default:
      cite(lit, reason);
      if (digit) {
        const std::string_view rule = placement_rule(reason);
        observer_->place(m.cell, m.digit, Reason::inferred, rule);
        if (rule == "unit propagation") observer_->note(name(lit) + " " + why(reason));
      } else {
        tell(lit, name(lit) + " " + why(reason));
      }
  }
}

// Tells the observer the cells of clause c, which set `lit` (none for c < 0: a unit clause), and
// the candidate it removes when `lit` says a cell does not hold a digit: a viewer highlights
// them and keeps its pencil marks.
void Core::cite(int lit, int c) {
  std::vector<int> cells;
  if (c >= 0)
    for (int l : literals(c))
      if (const int cell = meaning_[static_cast<std::size_t>(std::abs(l))].cell;
          cell >= 0 && std::find(cells.begin(), cells.end(), cell) == cells.end())
        cells.push_back(cell);
  const Meaning& m = meaning_[static_cast<std::size_t>(std::abs(lit))];
  const Candidate gone{m.cell, m.digit};
  observer_->reasoning(cells, lit < 0 && m.cell >= 0 ? std::span<const Candidate>(&gone, 1) : std::span<const Candidate>());
}

// Tells `words` about `lit`: an option chosen (an exact-cover option's variable set true), or a note.
void Core::tell(int lit, const std::string& words) {
  const int option = meaning_[static_cast<std::size_t>(std::abs(lit))].option;
  if (lit > 0 && option >= 0) observer_->place_option(option, words);
  else observer_->note(words);
}

int Core::propagate() {
  while (head_ < trail_.size()) {
    const int p = trail_[head_++];  // p is true: visit the clauses watching -p, now false
    auto& ws = watches_[index(-p)];
    std::size_t i = 0, j = 0;
    while (i < ws.size()) {
      const Watch w = ws[i++];
      if (value(w.blocker) > 0) {
        ws[j++] = w;  // satisfied: the clause is not read
        continue;
      }
      const int c = w.clause;
      const Clause& cl = clauses_[static_cast<std::size_t>(c)];
      int* l = lits_.data() + cl.begin;
      if (l[0] == -p) std::swap(l[0], l[1]);  // the false watch in l[1]
      const Watch kept{c, cl.size == 2 ? l[0] : 0};  // a longer clause's other watch may move
      if (value(l[0]) > 0) {
        ws[j++] = kept;  // satisfied by the other watch
        continue;
      }
      std::uint32_t k = 2;
      while (k < cl.size && value(l[k]) < 0) ++k;
      if (k < cl.size) {  // a literal not false: watch it instead
        std::swap(l[1], l[k]);
        watch(l[1], kept);
        continue;
      }
      ws[j++] = kept;
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

int Core::pick(int& group, int& alternatives) const {
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

bool Core::set_root(std::span<const int> lits, int reason) {
  for (int lit : lits) {
    if (value(lit) > 0) continue;
    if (value(lit) < 0) {
      ++stats_.conflicts;
      if (observer_)
        observer_->dead_end(name(lit) + (reason == kUnit ? " is a unit clause" : reason == kLearnt ? " is a learnt unit clause" : " is assumed") + ", and " + name(-lit) +
                            " holds");
      return false;
    }
    assign(lit, reason);
  }
  return true;
}

}  // namespace sudokit::sat::textbook
