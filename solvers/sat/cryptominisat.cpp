// The sat backend's SatLibrary on CryptoMiniSat 5 (Debian's libcryptominisat5-dev).
#include <cryptominisat5/cryptominisat.h>

#include <algorithm>
#include <atomic>
#include <limits>
#include <vector>

#include "sudokit/sat/sat_library.h"

namespace sudokit::sat {

namespace {

using CMSat::Lit;
using CMSat::lbool;

class CryptoMiniSat final : public SatLibrary {
 public:
  explicit CryptoMiniSat(const Setup& setup) : interrupt_(setup.interrupt) {
    solver_.set_verbosity(0);
    solver_.set_num_threads(1);
    // Assumed variables must not be eliminated (cryptominisat.h), and simplification between
    // thousands of counting calls would be redone for each: off for a solver asked many times.
    if (setup.incremental) solver_.set_no_simplify();
    solver_.set_default_polarity(setup.decide_true_first);
  }

  std::string name() const override { return "CryptoMiniSat"; }

  int new_vars(int count) override {
    const int first = static_cast<int>(solver_.nVars()) + 1;
    if (count == 1) solver_.new_var();  // cheaper than new_vars for one
    else solver_.new_vars(static_cast<std::size_t>(count));
    return first;
  }

  void add_clause(std::span<const int> literals) override {
    to_lits(literals);
    solver_.add_clause(buffer_);
  }

  // CryptoMiniSat's time limit counts CPU seconds of the thread, which on a busy machine run
  // slower than the wall clock the deadline is set in. So a call with a deadline runs in slices
  // of at most kSliceConflicts conflicts, and the wall clock is read between them; a slice that
  // ends with time left resumes the search where it stopped (what was learned is kept). The
  // slices end at the same conflicts on every machine and under any load, so the search, and
  // every count it reports, is the same whenever the deadline is not reached (slices of CPU time
  // would end at points that depend on the load, and so would the rest of the search). The CPU
  // limit of each slice is the wall time left, which the thread's CPU time cannot pass before
  // the clock does.
  static constexpr std::uint64_t kSliceConflicts = 2000;

  Answer solve(std::span<const int> assumptions, const CallLimits& limits) override {
    last_ = {0, 0, 0, std::nullopt};
    if (!assumptions.empty()) {
      solver_.set_no_confl_needed();  // which assumptions failed is never asked
      to_lits(assumptions);
    }
    for (;;) {
      if (interrupt_ && interrupt_->load()) return Answer::stopped;
      double seconds = std::numeric_limits<double>::max();
      if (limits.deadline) {
        seconds = std::chrono::duration<double>(*limits.deadline - std::chrono::steady_clock::now()).count();
        if (seconds <= 0) return Answer::stopped;
      }
      solver_.set_max_time(seconds);
      std::uint64_t conflicts = std::numeric_limits<std::uint64_t>::max();
      if (limits.max_conflicts) {
        if (last_.conflicts >= limits.max_conflicts) return Answer::stopped;
        conflicts = limits.max_conflicts - last_.conflicts;
      }
      if (limits.deadline) conflicts = std::min(conflicts, kSliceConflicts);
      solver_.set_max_confl(conflicts);
      const lbool answer = solver_.solve(assumptions.empty() ? nullptr : &buffer_);
      *last_.decisions += solver_.get_last_decisions();
      *last_.propagations += solver_.get_last_propagations();
      last_.conflicts += solver_.get_last_conflicts();
      if (answer == CMSat::l_True) return Answer::satisfiable;
      if (answer == CMSat::l_False) return Answer::unsatisfiable;
      if (!limits.deadline) return Answer::stopped;  // the conflict budget: nothing to resume
      // A slice ended: the budget, if spent, stops the call at the top of the loop; else resume.
    }
  }

  // CryptoMiniSat clears its interrupt flag as a solve() starts, so a portfolio calls this until
  // the call has returned (portfolio.cpp); Setup::interrupt, read between slices, stops the next.
  void interrupt() override { solver_.interrupt_asap(); }

  bool is_true(int v) override { return solver_.get_model()[static_cast<std::size_t>(v - 1)] == CMSat::l_True; }

  CallStats last_call() override { return last_; }

 private:
  void to_lits(std::span<const int> literals) {
    buffer_.clear();
    for (int lit : literals) buffer_.push_back(Lit(static_cast<std::uint32_t>((lit > 0 ? lit : -lit) - 1), lit < 0));
  }

  CMSat::SATSolver solver_;
  const std::atomic<bool>* interrupt_;
  std::vector<Lit> buffer_;
  CallStats last_{0, 0, 0, std::nullopt};
};

}  // namespace

std::unique_ptr<SatLibrary> make_cryptominisat(const Setup& setup) { return std::make_unique<CryptoMiniSat>(setup); }

}  // namespace sudokit::sat
