// Unit propagation before a library (settle.h).
//
// The formula is kept flat: its literals, each clause ended by a 0. Propagation is by counters,
// which suits a formula propagated once: every clause counts its literals not yet false, every
// literal lists the clauses it occurs in, and a literal made false takes one from each of its
// clauses. A clause left with one such literal and no true one forces it; with none, it is a
// conflict. Each variable is assigned once, so the whole pass reads each occurrence a bounded
// number of times, plus a scan of a clause for its last literal when one is forced.
#include "settle.h"

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <optional>
#include <stdexcept>
#include <vector>

namespace sudokit::sat {

namespace {

// What each library's last_call() reports for a call that neither decided nor met a conflict:
// CryptoMiniSat counts decisions and propagations (none: level-0 propagation is not counted),
// CaDiCaL neither (cadical.cpp).
CallStats untouched_call(Library library) {
  if (library == Library::cryptominisat) return {0, 0, 0, std::nullopt};
  return {std::nullopt, std::nullopt, 0, std::nullopt};
}

class SettleFirst final : public SatLibrary {
 public:
  SettleFirst(Library library, Setup setup) : library_(library), setup_(std::move(setup)) {}

  std::string name() const override { return library_ == Library::cadical ? "CaDiCaL" : "CryptoMiniSat"; }

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

  Answer solve(std::span<const int> assumptions, const CallLimits& limits) override {
    if (!real_ && state_ == State::untried && assumptions.empty())
      state_ = propagate() ? State::settled : State::open;
    if (!real_ && (state_ == State::open || !assumptions.empty())) build_library();
    if (real_) return real_->solve(assumptions, limits);
    if (limits.deadline && std::chrono::steady_clock::now() >= *limits.deadline) return Answer::stopped;
    return state_ == State::refuted ? Answer::unsatisfiable : Answer::satisfiable;
  }

  bool is_true(int v) override { return real_ ? real_->is_true(v) : value_[static_cast<std::size_t>(v)] > 0; }
  bool has_value(int v) override { return real_ ? real_->has_value(v) : true; }
  CallStats last_call() override { return real_ ? real_->last_call() : untouched_call(library_); }

 private:
  enum class State { untried, settled, refuted, open };

  // Unit propagation of the whole formula; true when it assigns every variable without a
  // conflict (value_ then holds the one model).
  bool propagate() {
    const std::size_t slots = 2 * (static_cast<std::size_t>(variables_) + 1);
    auto slot = [](int lit) { return 2 * static_cast<std::size_t>(std::abs(lit)) + (lit < 0); };
    // Occurrences: clause indices per literal, in one array (offsets by counting first).
    std::vector<std::uint32_t> begin(slots + 1, 0);
    std::vector<std::uint32_t> starts;  // where each clause begins in literals_
    std::vector<int> open_count;
    std::vector<int> queue;
    value_.assign(static_cast<std::size_t>(variables_) + 1, 0);
    auto assign = [&](int lit) {  // false: lit is already false
      signed char& v = value_[static_cast<std::size_t>(std::abs(lit))];
      const signed char want = lit > 0 ? 1 : -1;
      if (v != 0) return v == want;
      v = want;
      queue.push_back(lit);
      return true;
    };
    for (std::size_t i = 0; i < literals_.size();) {
      starts.push_back(static_cast<std::uint32_t>(i));
      const std::size_t first = i;
      while (literals_[i] != 0) ++begin[slot(literals_[i++]) + 1];
      open_count.push_back(static_cast<int>(i - first));
      if (i == first) return false;  // the empty clause
      if (i - first == 1 && !assign(literals_[first])) return false;
      ++i;
    }
    for (std::size_t s = 1; s <= slots; ++s) begin[s] += begin[s - 1];
    std::vector<std::uint32_t> clauses_of(begin[slots]);
    {
      std::vector<std::uint32_t> fill(begin.begin(), begin.end() - 1);
      for (std::uint32_t c = 0; c < starts.size(); ++c)
        for (std::size_t i = starts[c]; literals_[i] != 0; ++i) clauses_of[fill[slot(literals_[i])]++] = c;
    }
    std::vector<bool> satisfied(starts.size(), false);
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const int lit = queue[head];
      for (std::uint32_t k = begin[slot(lit)]; k < begin[slot(lit) + 1]; ++k) satisfied[clauses_of[k]] = true;
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
    literals_ = {};
    value_ = {};
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
  std::vector<int> literals_;  // the clauses, each ended by 0
  std::vector<int> preferred_;
  std::function<Vocabulary()> vocabulary_;
  std::vector<signed char> value_;  // [variable]: +1, -1, 0 (open)
  State state_ = State::untried;
};

}  // namespace

std::unique_ptr<SatLibrary> settle_first(Library library, const Setup& setup) {
  if (library != Library::cryptominisat && library != Library::cadical)
    throw std::logic_error("settle_first: for CryptoMiniSat and CaDiCaL only");
  return std::make_unique<SettleFirst>(library, setup);
}

}  // namespace sudokit::sat
