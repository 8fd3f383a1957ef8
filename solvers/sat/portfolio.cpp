// A portfolio of searches (solver=portfolio): its members hold the same formula, and each call
// runs them side by side, one thread each; the first to answer wins, the others are interrupted
// and keep what they learned for the next call.
//
// Why: on hard large grids a search's time is luck to within a factor of several, puzzle by
// puzzle, for any one configuration (docs/benchmarks.md, "Hard 25x25 grids, a new set"), and the
// first of several differently made searches to finish is far ahead of their average.
//
// The members, one per core of the affinity mask unless Setup::portfolio_members says how many
// (at most kMaxPortfolioMembers; with one core, CaDiCaL alone: two searches on one core would
// each run at half speed): CaDiCaL, each in another configuration (cadical_member below). Each
// holds the whole formula, loaded by the calling thread one member after the other: memory and
// loading time grow with the members. With portfolio=mixed, CryptoMiniSat is the second member
// instead: the two libraries' times also differ by orders of magnitude from puzzle to puzzle,
// but at 25x25 CryptoMiniSat is 3.5x slower than CaDiCaL in all, and as the second member it
// lost to CaDiCaL's own second configuration (measured: docs/benchmarks.md).
//
// The answer, the model and the conflicts reported are the winner's (decisions are not: CaDiCaL
// counts none, so calls won by different members would not add up); a model is checked as any
// other (method.h). Which member wins depends on timing, so the counts of a portfolio are not
// reproducible from run to run: for experiments that compare counts, a single library. The
// losers' conflicts are not charged to a node budget: each member has the whole budget. The
// interruption is a flag the libraries read (Setup::interrupt), set by the winner, plus
// SatLibrary::interrupt() until each loser has returned. An exception in a member (out of
// memory) stops the others and is thrown again once they have returned.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "sudokit/sat/sat_library.h"
#include "sudokit/solver.h"

namespace sudokit::sat {

// CaDiCaL member k's setup. The first is the one asked for (cadical=, its default unless named);
// the others differ from it in the two ways that changed the 25x25 searches most: the `sat`
// configuration (CaDiCaL's stable mode with target phases; the default where `sat` was asked
// for), and the first value decisions try (Setup::decide_true_first), together and alone.
// Together first, the best of the three as a second member (portfolios of two on 18 minimal
// 25x25 puzzles: 23.5 s in all, against 28.5 s with `sat` alone and 32.7 s with the phase
// alone; CaDiCaL alone 39.7 s, and 41.6 s with CryptoMiniSat as the second member:
// docs/benchmarks.md, "Hard 25x25 grids: the portfolio"). From the fifth on, the same four
// again with another random seed, which CaDiCaL 1.5.3 reads only in its random rephases and
// walks: such a member searches as the one four before it until the first of those (not
// measured).
namespace {
Setup cadical_member(const Setup& base, unsigned k) {
  Setup s = base;
  const std::string other = base.cadical_configuration == "sat" ? "" : "sat";
  if (k % 4 == 1 || k % 4 == 2) s.cadical_configuration = other;
  if (k % 4 == 1 || k % 4 == 3) s.decide_true_first = !base.decide_true_first;
  if (k >= 4) s.cadical_seed = static_cast<int>(k / 4);
  return s;
}
}  // namespace

unsigned portfolio_size(const Setup& setup, unsigned cores) {
  return std::clamp(setup.portfolio_members ? setup.portfolio_members : cores, 1u, kMaxPortfolioMembers);
}

std::vector<PortfolioMember> portfolio_members(const Setup& setup, unsigned cores) {
  const unsigned count = portfolio_size(setup, cores);
  std::vector<PortfolioMember> members;
  for (unsigned k = 0; k < count; ++k) {
    if (k == 1 && setup.portfolio_mixed) members.push_back({Library::cryptominisat, setup});
    else members.push_back({Library::cadical, cadical_member(setup, k)});
  }
  return members;
}

namespace {

std::string member_name(const SatLibrary& library, const PortfolioMember& m, std::size_t number, std::size_t count) {
  std::string text = library.name() + " (portfolio member " + std::to_string(number) + " of " + std::to_string(count);
  if (m.library == Library::cadical) {
    const std::string& c = m.setup.cadical_configuration;
    text += std::string(": ") + (c.empty() ? "default" : c) + ", " + (m.setup.decide_true_first ? "true" : "false") + " first";
    if (m.setup.cadical_seed != 0) text += ", seed " + std::to_string(m.setup.cadical_seed);
  }
  return text + ")";
}

class Portfolio final : public SatLibrary {
 public:
  explicit Portfolio(Setup setup) {
    setup.interrupt = &interrupt_;
    const auto members = portfolio_members(setup, usable_cpus());
    for (const PortfolioMember& m : members) {
      members_.push_back(make_library(m.library, m.setup));
      names_.push_back(member_name(*members_.back(), m, members_.size(), members.size()));
    }
  }

  // The member whose answer the last call returned, and how it searches: what a trace's notes
  // show for each call ("CaDiCaL (portfolio member 2 of 2: sat, false first) call 1: ..."); when
  // none answered (a limit stopped the call), the portfolio (its conflicts are then the first
  // member's).
  std::string name() const override {
    return answered_ ? names_[winner_] : "portfolio of " + std::to_string(members_.size()) + " (no member answered)";
  }

  int new_vars(int count) override {
    const int first = members_[0]->new_vars(count);
    for (std::size_t i = 1; i < members_.size(); ++i)
      if (members_[i]->new_vars(count) != first) throw std::logic_error("portfolio: the members number variables differently");
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
    std::vector<std::exception_ptr> errors(members_.size());
    std::unique_ptr<std::atomic<bool>[]> running(new std::atomic<bool>[members_.size()]);
    for (std::size_t i = 0; i < members_.size(); ++i) running[i] = true;
    // Each member answers into its own slot; the first answer, or any exception, stops the rest.
    auto run = [&](std::size_t i) {
      try {
        answers[i] = members_[i]->solve(assumptions, limits);
        int none = -1;
        if (answers[i] != Answer::stopped && first.compare_exchange_strong(none, static_cast<int>(i))) interrupt_ = true;
      } catch (...) {
        errors[i] = std::current_exception();
        interrupt_ = true;
      }
      running[i] = false;
    };
    {
      std::vector<std::jthread> others;
      for (std::size_t i = 1; i < members_.size(); ++i) others.emplace_back(run, i);
      run(0);
      // The flag stops CaDiCaL and CryptoMiniSat's next slice; a CryptoMiniSat search under way
      // clears it as it starts, so it is asked again until it has returned.
      while (interrupt_)
        if (!ask_to_stop(running.get())) break;
    }
    interrupt_ = false;
    for (const auto& e : errors)
      if (e) std::rethrow_exception(e);
    answered_ = first >= 0;
    winner_ = answered_ ? static_cast<std::size_t>(first.load()) : 0;
    return answers[winner_];
  }

  bool is_true(int v) override { return members_[winner_]->is_true(v); }
  // Only what every member counts: the decisions of the calls CryptoMiniSat won would not add up
  // with those CaDiCaL won (it counts none). And which member answered (--stats counts the calls
  // each won).
  CallStats last_call() override {
    CallStats call{std::nullopt, std::nullopt, members_[winner_]->last_call().conflicts, std::nullopt};
    call.members = static_cast<unsigned>(members_.size());
    if (answered_) call.member = static_cast<unsigned>(winner_ + 1);
    return call;
  }

 private:
  // Interrupts every member still running; false when none is.
  bool ask_to_stop(const std::atomic<bool>* running) {
    bool any = false;
    for (std::size_t i = 0; i < members_.size(); ++i)
      if (running[i]) {
        members_[i]->interrupt();
        any = true;
      }
    if (any) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return any;
  }

  std::atomic<bool> interrupt_{false};
  std::vector<std::unique_ptr<SatLibrary>> members_;
  std::vector<std::string> names_;  // name() for each member's answer
  std::size_t winner_ = 0;  // the member whose answer the last call returned
  bool answered_ = false;   // by a member, not stopped
};

}  // namespace

std::unique_ptr<SatLibrary> make_portfolio(const Setup& setup) { return std::make_unique<Portfolio>(setup); }

}  // namespace sudokit::sat
