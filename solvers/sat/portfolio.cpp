// A portfolio of libraries (solver=portfolio): CaDiCaL and CryptoMiniSat hold the same formula,
// and each call runs them side by side, one thread each; the first to answer wins, the other is
// interrupted and keeps what it learned for the next call.
//
// Why: on hard large grids the two libraries' search times differ by orders of magnitude from
// puzzle to puzzle, and neither is ahead on all (docs/benchmarks.md, "Large grids"); with two
// cores the portfolio takes the faster of the two on each. With one core in the affinity mask it
// is CaDiCaL alone: two searches on one core would each run at half speed.
//
// The answer, the model and the counts reported are the winner's; a model is checked as any
// other (method.h). The interruption is a flag each library reads as often as its deadline
// (Setup::interrupt), set by the winner and cleared before the next call.
#include <sched.h>

#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "sudokit/sat/sat_library.h"

namespace sudokit::sat {

namespace {

// The cores this process may run on.
int usable_cores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return 1;
  return CPU_COUNT(&set);
}

class Portfolio final : public SatLibrary {
 public:
  explicit Portfolio(Setup setup) {
    setup.interrupt = &interrupt_;
    members_.push_back(make_cadical(setup));
    if (usable_cores() >= 2) members_.push_back(make_cryptominisat(setup));
  }

  std::string name() const override { return members_[winner_]->name() + " (portfolio)"; }

  int new_vars(int count) override {
    int first = 0;
    for (auto& m : members_) first = m->new_vars(count);
    return first;
  }
  void add_clause(std::span<const int> literals) override {
    for (auto& m : members_) m->add_clause(literals);
  }
  void prefer(int lit) override {
    for (auto& m : members_) m->prefer(lit);
  }

  Answer solve(std::span<const int> assumptions, const CallLimits& limits) override {
    interrupt_ = false;
    std::atomic<int> first{-1};
    std::vector<Answer> answers(members_.size(), Answer::stopped);
    auto run = [&](std::size_t i) {
      answers[i] = members_[i]->solve(assumptions, limits);
      int none = -1;
      if (answers[i] != Answer::stopped && first.compare_exchange_strong(none, static_cast<int>(i))) interrupt_ = true;
    };
    {
      std::vector<std::jthread> others;
      for (std::size_t i = 1; i < members_.size(); ++i) others.emplace_back(run, i);
      run(0);
    }
    interrupt_ = false;
    winner_ = first >= 0 ? static_cast<std::size_t>(first.load()) : 0;
    return answers[winner_];
  }

  bool is_true(int v) override { return members_[winner_]->is_true(v); }
  CallStats last_call() override { return members_[winner_]->last_call(); }

 private:
  std::atomic<bool> interrupt_{false};
  std::vector<std::unique_ptr<SatLibrary>> members_;
  std::size_t winner_ = 0;  // the member whose answer the last call returned
};

}  // namespace

std::unique_ptr<SatLibrary> make_portfolio(const Setup& setup) { return std::make_unique<Portfolio>(setup); }

}  // namespace sudokit::sat
