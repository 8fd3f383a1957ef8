// Unit propagation before a library (settle.h): of a puzzle's formula as it is loaded
// (SettleFirst), and of a shape's rules with the givens, prepared once for all its puzzles
// (RulesPropagator, and the library that holds what it settled).
//
// SettleFirst keeps the formula flat: its literals, each clause ended by a 0. Propagation is by counters,
// which suits a formula propagated once: every clause counts its literals not yet false, every
// literal lists the clauses it occurs in, and a literal made false takes one from each of its
// clauses. A clause left with one such literal and no true one forces it; with none, it is a
// conflict. Each variable is assigned once, so the whole pass reads each occurrence a bounded
// number of times, plus a scan of a clause for its last literal when one is forced.
#include "settle.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sudokit/encoders/cnf.h"
#include "sudokit/grid.h"

namespace sudokit::sat {

namespace {

// A literal's index in per-literal arrays: 2v for v, 2v+1 for -v (so slot(-lit) == slot(lit) ^ 1).
std::size_t slot(int lit) { return 2 * static_cast<std::size_t>(std::abs(lit)) + (lit < 0); }

// Makes lit true in `value` ([variable]: +1, -1, 0 open) and queues it; false when it is false
// already, true (queueing nothing) when it is true already.
bool make_true(int lit, std::vector<signed char>& value, std::vector<int>& queue) {
  signed char& v = value[static_cast<std::size_t>(std::abs(lit))];
  const signed char want = lit > 0 ? 1 : -1;
  if (v != 0) return v == want;
  v = want;
  queue.push_back(lit);
  return true;
}

// What each library's last_call() reports for a formula its unit propagation settles, of
// `variables` variables of which its unit clauses set `unit_variables`: CryptoMiniSat counts
// decisions and propagations (none: level-0 propagation is not counted), CaDiCaL neither
// (cadical.cpp), the textbook CDCL both, a propagation for each variable that a clause of two or
// more literals sets (it sets the units first, then propagates: cdcl.cpp), no decision and no
// conflict; nothing at all when its call stopped at the deadline before it began (`stopped`).
CallStats settled_call(Library library, std::uint64_t variables, std::uint64_t unit_variables, bool stopped) {
  if (library == Library::cryptominisat) return {0, 0, 0, std::nullopt};
  if (library == Library::cdcl) return {0, stopped ? 0 : variables - unit_variables, 0, std::nullopt};
  return {std::nullopt, std::nullopt, 0, std::nullopt};
}

// The CDCL's search_all() on a formula unit propagation settled, whose model on_model reads: that
// model, then no other (every variable is at level 0, so after it the CDCL finds no decision to
// forbid: cdcl.cpp, forbid_model); `stopped` before anything when the deadline has passed.
Answer settled_search(const CallLimits& limits, const std::function<bool()>& on_model, bool& stopped) {
  stopped = limits.deadline && std::chrono::steady_clock::now() >= *limits.deadline;
  if (stopped) return Answer::stopped;
  return on_model() ? Answer::unsatisfiable : Answer::satisfiable;
}

}  // namespace

bool settles(Library library) {
  return library == Library::cryptominisat || library == Library::cadical || library == Library::cdcl;
}

// The buffers of one SettleFirst, kept between puzzles by whoever makes them (SatSolver), so
// that a puzzle's formula and its propagation reuse the memory of the last one's: growing the
// formula's array clause by clause and allocating the occurrence lists cost as much as the
// propagation itself on an easy 9x9 puzzle. One SettleFirst uses them at a time (`in_use`).
struct SettleWork {
  bool in_use = false;
  std::vector<int> literals;       // the clauses, each ended by 0
  std::vector<signed char> value;  // [variable]: +1, -1, 0 (open)
  std::vector<std::uint32_t> begin, starts, clauses_of, fill;
  std::vector<int> open_count, queue;
  std::vector<std::uint8_t> satisfied;
};

std::shared_ptr<SettleWork> settle_work() { return std::make_shared<SettleWork>(); }

namespace {

std::string library_name(Library library) {
  return library == Library::cadical ? "CaDiCaL" : library == Library::cdcl ? "CDCL" : "CryptoMiniSat";
}

class SettleFirst final : public SatLibrary {
 public:
  SettleFirst(Library library, Setup setup, std::shared_ptr<SettleWork> shared)
      : library_(library), setup_(std::move(setup)),
        work_(shared && !shared->in_use ? std::move(shared) : std::make_shared<SettleWork>()),
        literals_(work_->literals), value_(work_->value) {
    work_->in_use = true;
    literals_.clear();
  }
  ~SettleFirst() override { work_->in_use = false; }
  SettleFirst(const SettleFirst&) = delete;
  SettleFirst& operator=(const SettleFirst&) = delete;

  std::string name() const override { return library_name(library_); }

  // After a solve(), a new variable has no value in the model: the library answers from then on.
  int new_vars(int count) override {
    if (!real_ && (variables_ + count > kMostVariables || state_ != State::untried)) build_library();
    if (real_) return real_->new_vars(count);
    const int first = variables_ + 1;
    variables_ += count;
    return first;
  }

  void add_clause(std::span<const int> literals) override {
    if (real_) return real_->add_clause(literals);
    literals_.insert(literals_.end(), literals.begin(), literals.end());
    literals_.push_back(0);
    if (state_ == State::settled) after_settled(literals);
    if (literals_.size() > kMostHeld) build_library();
  }

  void prefer(int lit) override {
    if (real_) return real_->prefer(lit);
    preferred_.push_back(lit);
  }

  void set_vocabulary(const std::function<Vocabulary()>& make) override {
    if (real_) return real_->set_vocabulary(make);
    vocabulary_ = make;
  }

  // The textbook CDCL is asked through search_all() (it enumerates); a solve() goes to it, as its
  // counts for a second call on a refuted formula are its own.
  Answer solve(std::span<const int> assumptions, const CallLimits& limits) override {
    if (!real_ && library_ == Library::cdcl) build_library();
    if (!real_ && state_ == State::untried && assumptions.empty())
      state_ = propagate() ? State::settled : State::open;
    if (!real_ && ((state_ != State::settled && state_ != State::refuted) || !assumptions.empty())) build_library();
    if (real_) return real_->solve(assumptions, limits);
    if (limits.deadline && std::chrono::steady_clock::now() >= *limits.deadline) return Answer::stopped;
    return state_ == State::refuted ? Answer::unsatisfiable : Answer::satisfiable;
  }

  bool enumerates() const override { return library_ == Library::cdcl; }
  // The CDCL's search of a settled formula (settled_search); with an observer, the CDCL itself,
  // which shows each step.
  Answer search_all(std::span<const int> assumptions, const CallLimits& limits, SearchObserver* observer,
                    const std::function<bool()>& on_model) override {
    if (!real_ && state_ == State::untried && assumptions.empty() && !observer)
      state_ = propagate() ? State::settled : State::open;
    if (!real_ && (state_ != State::settled || !assumptions.empty() || observer)) build_library();
    if (real_) return real_->search_all(assumptions, limits, observer, on_model);
    return settled_search(limits, on_model, stopped_);
  }
  std::optional<CallStats> running_call() const override { return real_ ? real_->running_call() : std::nullopt; }

  bool is_true(int v) override { return real_ ? real_->is_true(v) : value_[static_cast<std::size_t>(v)] > 0; }
  bool has_value(int v) override { return real_ ? real_->has_value(v) : true; }
  CallStats last_call() override {
    return real_ ? real_->last_call()
                 : settled_call(library_, static_cast<std::uint64_t>(variables_),
                                static_cast<std::uint64_t>(unit_variables_), stopped_);
  }
  // Settled: propagate() read the model against every clause, after_settled() each one since
  // (sat.cpp reads it once more as a grid).
  bool model_checked() const override { return !real_ && state_ == State::settled; }
  const char* answered_without_library() const override {
    return !real_ && (state_ == State::settled || state_ == State::refuted) ? "unit propagation of the formula" : nullptr;
  }

 private:
  enum class State { untried, settled, refuted, open };

  // Unit propagation of the whole formula; true when it assigns every variable without a
  // conflict (value_ then holds the one model).
  bool propagate() {
    SettleWork& w = *work_;
    const std::size_t slots = 2 * (static_cast<std::size_t>(variables_) + 1);
    // Occurrences: clause indices per literal, in one array (offsets by counting first).
    std::vector<std::uint32_t>& begin = w.begin;
    std::vector<std::uint32_t>& starts = w.starts;  // where each clause begins in literals_
    std::vector<int>& open_count = w.open_count;
    std::vector<int>& queue = w.queue;
    begin.assign(slots + 1, 0);
    starts.clear();
    open_count.clear();
    queue.clear();
    value_.assign(static_cast<std::size_t>(variables_) + 1, 0);
    auto assign = [&](int lit) { return make_true(lit, value_, queue); };
    for (std::size_t i = 0; i < literals_.size();) {
      starts.push_back(static_cast<std::uint32_t>(i));
      const std::size_t first = i;
      while (literals_[i] != 0) ++begin[slot(literals_[i++]) + 1];
      open_count.push_back(static_cast<int>(i - first));
      if (i == first) return false;  // the empty clause
      if (std::all_of(literals_.begin() + static_cast<std::ptrdiff_t>(first) + 1,
                      literals_.begin() + static_cast<std::ptrdiff_t>(i), [&](int lit) { return lit == literals_[first]; }) &&
          !assign(literals_[first]))
        return false;  // a unit clause (one literal, maybe repeated) that clashes with another
      ++i;
    }
    unit_variables_ = static_cast<int>(queue.size());  // the variables the unit clauses set, each once
    for (std::size_t s = 1; s <= slots; ++s) begin[s] += begin[s - 1];
    std::vector<std::uint32_t>& clauses_of = w.clauses_of;
    clauses_of.resize(begin[slots]);
    w.fill.assign(begin.begin(), begin.end() - 1);
    for (std::uint32_t c = 0; c < starts.size(); ++c)
      for (std::size_t i = starts[c]; literals_[i] != 0; ++i) clauses_of[w.fill[slot(literals_[i])]++] = c;
    std::vector<std::uint8_t>& satisfied = w.satisfied;
    satisfied.assign(starts.size(), 0);
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const int lit = queue[head];
      for (std::uint32_t k = begin[slot(lit)]; k < begin[slot(lit) + 1]; ++k) satisfied[clauses_of[k]] = 1;
      for (std::uint32_t k = begin[slot(-lit)]; k < begin[slot(-lit) + 1]; ++k) {
        const std::uint32_t c = clauses_of[k];
        if (satisfied[c]) continue;
        if (--open_count[c] == 0) return false;
        if (open_count[c] == 1) {
          const int forced = not_false(starts[c]);
          if (forced == 0 || !assign(forced)) return false;  // 0: every literal false after all
        }
      }
    }
    return queue.size() == static_cast<std::size_t>(variables_) && model_satisfies_all();
  }

  bool is_false(int lit) const {
    const signed char v = value_[static_cast<std::size_t>(std::abs(lit))];
    return v != 0 && (v > 0) != (lit > 0);
  }
  // The one literal of the clause at `at` not false (open, or true and still in the queue); 0
  // when there is none.
  int not_false(std::size_t at) const {
    while (literals_[at] != 0 && is_false(literals_[at])) ++at;
    return literals_[at];
  }
  // Every clause true under value_: what the counts imply when no clause repeats a literal; read
  // again, so that a formula that does is left to the library rather than answered wrongly.
  bool model_satisfies_all() const {
    bool holds = false;
    for (int lit : literals_) {
      if (lit == 0) {
        if (!holds) return false;
        holds = false;
      } else {
        holds = holds || !is_false(lit);
      }
    }
    return true;
  }

  // A clause added to a settled formula: true under its model keeps it; false refutes the
  // formula (unit propagation forced that model, so no other satisfies the old clauses); a
  // variable the model does not cover needs the library.
  void after_settled(std::span<const int> literals) {
    bool holds = false;
    for (int lit : literals) {
      const auto v = static_cast<std::size_t>(std::abs(lit));
      if (v >= value_.size()) {
        state_ = State::open;
        return;
      }
      holds = holds || (value_[v] > 0) == (lit > 0);
    }
    if (!holds) state_ = State::refuted;
  }

  void build_library() {
    real_ = make_library(library_, setup_);
    if (variables_ > 0) real_->new_vars(variables_);
    for (std::size_t i = 0; i < literals_.size(); ++i) {
      const std::size_t first = i;
      while (literals_[i] != 0) ++i;
      real_->add_clause(std::span<const int>(literals_.data() + first, i - first));
    }
    for (int lit : preferred_) real_->prefer(lit);
    if (vocabulary_) real_->set_vocabulary(vocabulary_);
    literals_.clear();
    value_.clear();
  }

  // A formula this large goes to the library as it comes: loading it costs more than building
  // the library, and holding a second copy would double the memory of a 64x64 grid's. By its
  // variables (the loader creates them first), the library is built before any clause, as without
  // settling: a reduced 9x9 formula has about 300, a 16x16 one a few thousand, the empty 64x64
  // grid 262,144.
  static constexpr int kMostVariables = 1 << 15;
  static constexpr std::size_t kMostHeld = std::size_t{1} << 20;  // literals

  Library library_;
  Setup setup_;
  std::unique_ptr<SatLibrary> real_;
  int variables_ = 0;
  int unit_variables_ = 0;  // of variables_, how many unit clauses set (after propagate())
  bool stopped_ = false;    // the last search_all() stopped at its deadline before it began
  std::shared_ptr<SettleWork> work_;
  std::vector<int>& literals_;        // work_'s: the clauses, each ended by 0
  std::vector<signed char>& value_;   // work_'s: [variable] +1, -1, 0 (open)
  std::vector<int> preferred_;
  std::function<Vocabulary()> vocabulary_;
  State state_ = State::untried;
};

}  // namespace

std::unique_ptr<SatLibrary> settle_first(Library library, const Setup& setup, std::shared_ptr<SettleWork> work) {
  if (!settles(library)) throw std::logic_error("settle_first: for CryptoMiniSat, CaDiCaL and the CDCL only");
  return std::make_unique<SettleFirst>(library, setup, std::move(work));
}

RulesPropagator::RulesPropagator(const SudokuRules& rules, int cell_vars) : variables_(cell_vars) {
  // Decided before anything is emitted: a compact formula at 64x64 is millions of clauses.
  if (cell_vars > kMostVariables || rules.variables() != cell_vars || rules.auxiliaries(nullptr) > 0) return;
  const std::size_t slots = 2 * (static_cast<std::size_t>(cell_vars) + 1);
  // Two passes over the rules: the first counts each list's entries, the second fills them.
  std::vector<std::uint32_t> implied_fill(slots + 1, 0), occurs_fill(slots + 1, 0);
  bool fits = true;
  std::size_t literals = 0;
  auto read = [&](bool fill) {
    rules.emit(nullptr, [&](std::span<const int> clause) {
      if (!fits) return;
      for (int lit : clause) fits = fits && lit != 0 && std::abs(lit) <= cell_vars;
      literals += fill ? 0 : clause.size();
      fits = fits && !clause.empty() && clause.size() <= 255 && literals <= kMostLiterals;
      if (!fits) return;
      if (clause.size() == 1) {
        if (fill) units_.push_back(clause[0]);
      } else if (clause.size() == 2) {  // a false, b: a true; b false, a: b true
        if (fill) {
          implied_[implied_fill[slot(-clause[0])]++] = clause[1];
          implied_[implied_fill[slot(-clause[1])]++] = clause[0];
        } else {
          ++implied_begin_[slot(-clause[0]) + 1], ++implied_begin_[slot(-clause[1]) + 1];
        }
      } else if (fill) {
        const auto c = static_cast<std::uint32_t>(clause_size_.size());
        clause_start_.push_back(static_cast<std::uint32_t>(literals_.size()));
        clause_size_.push_back(static_cast<std::uint8_t>(clause.size()));
        literals_.insert(literals_.end(), clause.begin(), clause.end());
        literals_.push_back(0);
        for (int lit : clause) occurs_[occurs_fill[slot(lit)]++] = c;
      } else {
        for (int lit : clause) ++occurs_begin_[slot(lit) + 1];
      }
    });
  };
  implied_begin_.assign(slots + 1, 0);
  occurs_begin_.assign(slots + 1, 0);
  read(false);
  if (!fits) {  // never settles: nothing kept
    implied_begin_ = {};
    occurs_begin_ = {};
    return;
  }
  for (std::size_t i = 1; i <= slots; ++i) {
    implied_begin_[i] += implied_begin_[i - 1];
    occurs_begin_[i] += occurs_begin_[i - 1];
  }
  implied_.resize(implied_begin_[slots]);
  occurs_.resize(occurs_begin_[slots]);
  std::copy(implied_begin_.begin(), implied_begin_.end(), implied_fill.begin());
  std::copy(occurs_begin_.begin(), occurs_begin_.end(), occurs_fill.begin());
  read(true);
  clauses_ = units_.size() + implied_.size() / 2 + clause_size_.size();
  usable_ = true;
}

bool RulesPropagator::assign(int lit, std::vector<signed char>& model) { return make_true(lit, model, queue_); }

// Each literal made true: the binary clauses where its negation occurs make their other literal
// true (implied_), and each longer clause where its negation occurs has one literal fewer not
// false: none left is a conflict, one left is forced (a clause already true only meets its true
// literal again, which assign() takes as no news). A literal twice in a clause is two
// occurrences, so the counts stay exact.
RulesPropagator::Outcome RulesPropagator::settle(const Grid& puzzle, std::vector<signed char>& model) {
  if (!usable_) throw std::logic_error("RulesPropagator::settle: not usable()");
  model.assign(static_cast<std::size_t>(variables_) + 1, 0);
  open_ = clause_size_;
  queue_.clear();
  const int n = puzzle.size();
  for (int cell = 0; cell < puzzle.shape().cells(); ++cell)
    if (puzzle[cell] != 0 && !assign(cell_var(n, cell, puzzle[cell]), model)) return Outcome::conflict;
  for (int lit : units_)
    if (!assign(lit, model)) return Outcome::conflict;
  auto is_false = [&](int lit) {
    const signed char x = model[static_cast<std::size_t>(std::abs(lit))];
    return x != 0 && (x > 0) != (lit > 0);
  };
  for (std::size_t head = 0; head < queue_.size(); ++head) {
    const int lit = queue_[head];
    const std::size_t at = slot(lit);
    for (std::uint32_t k = implied_begin_[at]; k < implied_begin_[at + 1]; ++k)
      if (!assign(implied_[k], model)) return Outcome::conflict;
    const std::size_t against = at ^ 1;  // -lit's slot
    for (std::uint32_t k = occurs_begin_[against]; k < occurs_begin_[against + 1]; ++k) {
      const std::uint32_t c = occurs_[k];
      const int left = --open_[c];
      if (left == 0) return Outcome::conflict;
      if (left == 1) {
        const int* other = literals_.data() + clause_start_[c];
        while (*other != 0 && is_false(*other)) ++other;
        if (*other == 0 || !assign(*other, model)) return Outcome::conflict;
      }
    }
  }
  return queue_.size() == static_cast<std::size_t>(variables_) ? Outcome::settled : Outcome::open;
}

namespace {

class Settled final : public SatLibrary {
 public:
  Settled(Library library, std::vector<signed char> model, std::uint64_t variables, std::uint64_t unit_variables)
      : library_(library), model_(std::move(model)), variables_(variables), unit_variables_(unit_variables) {}
  std::string name() const override { return library_name(library_); }
  int new_vars(int) override { throw std::logic_error("settled_library: the model's variables are all there are"); }
  void add_clause(std::span<const int> literals) override {
    bool holds = false;
    for (int lit : literals) {
      const auto v = static_cast<std::size_t>(std::abs(lit));
      if (v == 0 || v >= model_.size()) throw std::logic_error("settled_library: a clause on a variable the model lacks");
      holds = holds || (model_[v] > 0) == (lit > 0);
    }
    if (holds) return;
    if (!solved_) throw std::logic_error("settled_library: a clause of the formula is false under its settled model");
    // The CDCL forbids its own models; what it would count after a refutation is its own.
    if (library_ == Library::cdcl) throw std::logic_error("settled_library: no clause for the CDCL after its search");
    refuted_ = true;
  }
  Answer solve(std::span<const int> assumptions, const CallLimits& limits) override {
    if (!assumptions.empty()) throw std::logic_error("settled_library: no assumptions");
    if (library_ == Library::cdcl) throw std::logic_error("settled_library: the CDCL is asked by search_all()");
    if (limits.deadline && std::chrono::steady_clock::now() >= *limits.deadline) return Answer::stopped;
    solved_ = true;
    return refuted_ ? Answer::unsatisfiable : Answer::satisfiable;
  }
  // The CDCL's search of the settled formula (settled_search). Never traced: sat.cpp settles no
  // traced CDCL, whose trace shows its steps.
  bool enumerates() const override { return library_ == Library::cdcl; }
  Answer search_all(std::span<const int> assumptions, const CallLimits& limits, SearchObserver* observer,
                    const std::function<bool()>& on_model) override {
    if (!assumptions.empty() || observer) throw std::logic_error("settled_library: no assumptions, no observer");
    solved_ = true;
    return settled_search(limits, on_model, stopped_);
  }
  bool is_true(int v) override { return model_[static_cast<std::size_t>(v)] > 0; }
  CallStats last_call() override { return settled_call(library_, variables_, unit_variables_, stopped_); }
  bool model_checked() const override { return solved_ && !refuted_; }
  const char* answered_without_library() const override {
    return solved_ ? "the rules' unit propagation from the givens, with no formula built" : nullptr;
  }

 private:
  Library library_;
  std::vector<signed char> model_;
  std::uint64_t variables_, unit_variables_;
  bool solved_ = false, refuted_ = false, stopped_ = false;
};

}  // namespace

std::unique_ptr<SatLibrary> settled_library(Library library, std::vector<signed char> model, std::uint64_t variables,
                                            std::uint64_t unit_variables) {
  if (!settles(library)) throw std::logic_error("settled_library: for CryptoMiniSat, CaDiCaL and the CDCL only");
  return std::make_unique<Settled>(library, std::move(model), variables, unit_variables);
}

}  // namespace sudokit::sat
