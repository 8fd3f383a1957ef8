// The sat backend's SatLibrary on CaDiCaL 1.5.3 (Debian's libcadical-dev: cadical.hpp and a
// static library, no CMake package; solvers/sat/CMakeLists.txt finds them).
//
// CaDiCaL 1.5.3's API has no counters to read: Solver::statistics() only prints. So conflicts are
// counted by a Learner, which CaDiCaL tells every clause it learns (one per conflict it analyses),
// and decisions and propagations are not available (docs/stats.md).
#include <cadical.hpp>

#include <algorithm>
#include <atomic>
#include <climits>
#include <optional>
#include <stdexcept>
#include <string>

#include "sudokit/sat/sat_library.h"
#include "sudokit/errors.h"

namespace sudokit::sat {

namespace {

// Counts learned clauses; learning() returning false spares CaDiCaL handing over the literals.
class LearnedClauses final : public CaDiCaL::Learner {
 public:
  bool learning(int) override {
    ++count;
    return false;
  }
  void learn(int) override {}
  std::uint64_t count = 0;
};

// Ends a call at the deadline, or when another thread sets the interrupt flag (a portfolio).
// CaDiCaL asks it every 10th turn of its search loop ("terminateint") and in its inprocessing
// loops.
class Deadline final : public CaDiCaL::Terminator {
 public:
  bool terminate() override {
    return (interrupt && interrupt->load(std::memory_order_relaxed)) || (at && std::chrono::steady_clock::now() >= *at);
  }
  std::optional<std::chrono::steady_clock::time_point> at;
  const std::atomic<bool>* interrupt = nullptr;
};

class Cadical final : public SatLibrary {
 public:
  explicit Cadical(const Setup& setup) {
    deadline_.interrupt = setup.interrupt;
    // First of all: a configuration sets options the lines below may set again.
    if (!setup.cadical_configuration.empty() && !solver_.configure(setup.cadical_configuration.c_str()))
      throw UsageError("sat: CaDiCaL has no configuration '" + setup.cadical_configuration + "'");
    set("quiet", 1);
    // "phase" is the value decisions try first (1 by default), as CryptoMiniSat's default polarity.
    set("phase", setup.decide_true_first ? 1 : 0);
    if (setup.cadical_seed != 0) set("seed", setup.cadical_seed);
    solver_.connect_learner(&learned_);
    // Asked many times: CaDiCaL tries its "lucky" assignments at the start of every call, and a
    // blocking clause over an eliminated variable makes it restore the clauses it removed. Both
    // off halve counting 12 queens (2.96 -> 1.42 CPU seconds); givens=assume is unchanged.
    if (setup.incremental) {
      set("lucky", 0);
      set("elim", 0);
    }
    // Text DRAT, as `sudokit check-proof` reads; it must start before the first clause.
    if (!setup.proof_path.empty()) {
      set("binary", 0);
      if (!solver_.trace_proof(setup.proof_path.c_str()))
        throw UsageError("sat: cannot write the proof file " + setup.proof_path);
    }
  }
  ~Cadical() override {
    solver_.disconnect_learner();
    solver_.disconnect_terminator();
  }

  std::string name() const override { return "CaDiCaL"; }

  int new_vars(int count) override {
    const int first = variables_ + 1;
    variables_ += count;
    solver_.reserve(variables_);
    return first;
  }

  void prefer(int lit) override { solver_.phase(lit); }

  void add_clause(std::span<const int> literals) override {
    for (int lit : literals) solver_.add(lit);
    solver_.add(0);
  }

  Answer solve(std::span<const int> assumptions, const CallLimits& limits) override {
    const std::uint64_t learned_before = learned_.count;
    conflicts_ = 0;
    if (limits.deadline && std::chrono::steady_clock::now() >= *limits.deadline) return Answer::stopped;
    deadline_.at = limits.deadline;
    if (limits.deadline || deadline_.interrupt) solver_.connect_terminator(&deadline_);
    else solver_.disconnect_terminator();
    // limit() holds for the next call only; it takes an int.
    if (limits.max_conflicts)
      solver_.limit("conflicts", static_cast<int>(std::min<std::uint64_t>(limits.max_conflicts, INT_MAX)));
    for (int lit : assumptions) solver_.assume(lit);
    const int answer = solver_.solve();
    conflicts_ = learned_.count - learned_before;
    return answer == 10 ? Answer::satisfiable : answer == 20 ? Answer::unsatisfiable : Answer::stopped;
  }

  bool is_true(int v) override { return solver_.val(v) > 0; }

  CallStats last_call() override { return {std::nullopt, std::nullopt, conflicts_, std::nullopt}; }

 private:
  // An option CaDiCaL does not know (or refuses in its current state) is a bug here, not a
  // setting to pass over in silence.
  void set(const char* option, int value) {
    if (!solver_.set(option, value)) throw std::logic_error(std::string("CaDiCaL refused its option ") + option);
  }
  CaDiCaL::Solver solver_;
  LearnedClauses learned_;
  Deadline deadline_;
  int variables_ = 0;
  std::uint64_t conflicts_ = 0;
};

}  // namespace

std::unique_ptr<SatLibrary> make_cadical(const Setup& setup) { return std::make_unique<Cadical>(setup); }

}  // namespace sudokit::sat
