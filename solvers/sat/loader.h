// Loading a formula into a SatLibrary (sat.cpp, session.cpp): private to the sat backend.
#pragma once

#include <algorithm>
#include <chrono>
#include <optional>
#include <span>
#include <vector>

#include "sudokit/encoders/cnf.h"
#include "sudokit/encoders/model.h"
#include "sudokit/sat/sat_library.h"

namespace sudokit::sat {

// Thrown by a Loader whose deadline passed while it loaded: the solve reports "stopped" (time).
struct LoadStopped {};

// Feeds clauses to a library as an encoder emits them, with no formula built in between. The
// cell variables are created at once (one new_vars call is far cheaper than one per variable:
// CryptoMiniSat grows every per-variable array by one each time, which made loading a 49x49
// grid's compact formula take 5 s): all of them, or with `fixed` only the open ones, so that a
// reduced formula brings none of the variables the givens fixed; and in the same call the
// `auxiliaries` the encoder says it will number (SudokuRules::auxiliaries), handed out in the
// order they are first used. Any other variable is created on first use. With a deadline, the
// clock is read every kClausesPerClockRead clauses and LoadStopped thrown once it has passed: a
// 64x64 grid is millions of clauses, seconds of loading.
class Loader {
 public:
  using Deadline = std::optional<std::chrono::steady_clock::time_point>;
  // Every clause given to the library is also kept, in its numbering, in `record`: what its
  // models are checked against.
  Loader(SatLibrary& s, ClauseList& record, int cell_vars, const std::vector<signed char>* fixed = nullptr,
         int auxiliaries = 0, Deadline deadline = std::nullopt)
      : solver_(s), record_(record), map_(static_cast<std::size_t>(cell_vars) + 1, kAbsent), deadline_(deadline) {
    int open = 0;
    for (std::size_t v = 1; v < map_.size(); ++v) open += !fixed || (*fixed)[v] == 0;
    int next = open + auxiliaries > 0 ? s.new_vars(open + auxiliaries) : 0;
    for (std::size_t v = 1; v < map_.size(); ++v)
      if (!fixed || (*fixed)[v] == 0) map_[v] = next++;
    pool_next_ = next;
    pool_end_ = next + auxiliaries;
    used_ = open;
  }

  void add(std::span<const int> clause) {
    if (deadline_ && ++since_clock_read_ == kClausesPerClockRead) {
      since_clock_read_ = 0;
      if (std::chrono::steady_clock::now() >= *deadline_) throw LoadStopped{};
    }
    buffer_.clear();
    for (int lit : clause) buffer_.push_back(lit > 0 ? solver_var(lit) : -solver_var(-lit));
    solver_.add_clause(buffer_);
    record_.add(buffer_);
    ++clauses_;
  }
  ClauseSink sink() {
    return [this](std::span<const int> clause) { add(clause); };
  }

  // The library's variable for formula variable v (created on first use).
  int solver_var(int v) {
    const auto i = static_cast<std::size_t>(v);
    if (i >= map_.size()) map_.resize(i + 1, kAbsent);
    if (map_[i] == kAbsent) {
      map_[i] = pool_next_ < pool_end_ ? pool_next_++ : solver_.new_vars(1);
      ++used_;
    }
    return map_[i];
  }
  // The library's variable for formula variable v, or 0 when it has none (fixed by the givens).
  int mapped(int v) const {
    const auto i = static_cast<std::size_t>(v);
    return i < map_.size() ? map_[i] : kAbsent;
  }
  // Formula variable v's value in the model; false when the formula never mentioned it.
  bool is_true(int v) const {
    const auto i = static_cast<std::size_t>(v);
    return i < map_.size() && map_[i] != kAbsent && solver_.is_true(map_[i]);
  }
  // The same as model.h's decoders read it: +1, -1, or 0 when the library was not given v (a
  // reduced formula leaves out what the givens fix) or its model gave v no value.
  int value(int v) const {
    const int s = mapped(v);
    if (s == kAbsent || !solver_.has_value(s)) return 0;
    return solver_.is_true(s) ? 1 : -1;
  }

  std::uint64_t variables() const { return static_cast<std::uint64_t>(used_); }
  // The highest library variable made for the formula (for a proof's header).
  int created() const {
    int most = pool_end_ - 1;
    for (int v : map_) most = std::max(most, v);
    return most;
  }
  std::uint64_t clauses() const { return clauses_; }
  // The inverse map, [library variable] -> formula variable (0: none), for dpll's names.
  std::vector<int> formula_vars() const {
    std::vector<int> of;
    for (std::size_t v = 1; v < map_.size(); ++v)
      if (map_[v] != kAbsent) {
        const auto s = static_cast<std::size_t>(map_[v]);
        if (s >= of.size()) of.resize(s + 1, 0);
        of[s] = static_cast<int>(v);
      }
    return of;
  }

 private:
  static constexpr int kAbsent = 0;
  SatLibrary& solver_;
  ClauseList& record_;
  std::vector<int> map_;
  std::vector<int> buffer_;
  int used_ = 0;
  int pool_next_ = 0, pool_end_ = 0;  // created in advance, not yet handed out
  std::uint64_t clauses_ = 0;
  Deadline deadline_;
  static constexpr int kClausesPerClockRead = 4096;
  int since_clock_read_ = 0;
};

}  // namespace sudokit::sat
