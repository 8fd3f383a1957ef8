// The sat backend's method, for every SatLibrary (method.h).
#include "method.h"

#include <algorithm>
#include <boost/dynamic_bitset.hpp>

#include "sudokit/errors.h"

namespace sudokit::sat {

void Totals::add(const CallStats& call) {
  counts_decisions = counts_decisions && call.decisions.has_value();
  decisions += call.decisions.value_or(0);
  propagations += call.propagations.value_or(0);
  conflicts += call.conflicts;
  flips += call.flips.value_or(0);
  counts_flips = counts_flips || call.flips.has_value();
  ++calls;
  if (call.members > 0) {
    calls_won.resize(std::max<std::size_t>(calls_won.size(), call.members));
    if (call.member > 0) ++calls_won[call.member - 1];
  }
}

Stats stats_of(const Totals& t, SatLibrary::Work work, double seconds) {
  Stats st;
  st.seconds = seconds;
  if (work == SatLibrary::Work::calls) {  // a program: its calls are all that can be counted
    st.nodes = t.calls;
  } else {
    st.nodes = 1 + t.decisions + t.flips;  // dpll: a flipped decision is a node, not a guess
    st.guesses = t.decisions;
    st.backtracks = t.conflicts;
    st.propagations = t.propagations;
    if (t.counts_decisions) st.counters.push_back({"decisions", t.decisions});
    if (t.counts_flips) st.counters.push_back({"flips", t.flips});
    st.counters.push_back({"conflicts", t.conflicts});
    for (std::size_t k = 0; k < t.calls_won.size(); ++k)
      st.counters.push_back({"calls_won_by_member_" + std::to_string(k + 1), t.calls_won[k]});
  }
  st.counters.push_back({"variables", t.variables});
  st.counters.push_back({"clauses", t.clauses});
  return st;
}

namespace {

// `answered`: the call ended with an answer (not stopped), which may have come without the library.
std::string describe(const SatLibrary& s, std::uint64_t number, const CallStats& call, bool answered) {
  std::string text = s.name() + " call " + std::to_string(number);
  if (s.work() == SatLibrary::Work::calls) return text;
  if (const char* by = s.answered_without_library(); by && answered)
    text += std::string(" (answered by ") + by + "; " + s.name() + " was not called: its counts for such a formula)";
  text += ": ";
  if (call.decisions) text += std::to_string(*call.decisions) + " decisions, ";
  text += std::to_string(call.conflicts) + " conflicts";
  if (call.propagations) text += ", " + std::to_string(*call.propagations) + " propagations";
  if (call.flips) text += ", " + std::to_string(*call.flips) + " flips";
  return text;
}

// An undecided answer came from the deadline when it has passed, else from the work budget.
StopReason why_stopped(const SearchBudget& budget, const Limits& limits) {
  return limits.max_seconds > 0 && budget.elapsed_seconds() >= limits.max_seconds ? StopReason::time : StopReason::nodes;
}

}  // namespace

void check_model(SatLibrary& s, const std::string& backend, const ClauseList& clauses, std::span<const int> assumptions) {
  if (s.model_checked() && assumptions.empty()) return;
  int variables = clauses.variables();
  for (int lit : assumptions) variables = std::max(variables, lit > 0 ? lit : -lit);
  // The common case reads each value once into a bit set; a model with variables left out (a
  // program's) is checked value by value, so that the fault can say which has none.
  bool whole = true;
  boost::dynamic_bitset<> value(static_cast<std::size_t>(variables) + 1);
  for (int v = 1; v <= variables; ++v) {
    if (!s.has_value(v)) whole = false;
    else if (s.is_true(v)) value.set(static_cast<std::size_t>(v));
  }
  auto of = [&](int v) { return !s.has_value(v) ? 0 : value.test(static_cast<std::size_t>(v)) ? 1 : -1; };
  std::string fault = whole ? clauses.falsified(value) : clauses.falsified(of);
  for (int lit : assumptions)
    if (fault.empty() && of(lit > 0 ? lit : -lit) != (lit > 0 ? 1 : -1))
      fault = "the assumption " + std::to_string(lit) + " is not true under the model";
  if (!fault.empty()) throw WrongAnswer(backend, s.name() + "'s model does not satisfy the formula it was given: " + fault);
}

StopReason enumerate(SatLibrary& s, std::span<const int> assumptions, const SearchBudget& budget, const Limits& limits,
                     Totals& totals, ClauseList& clauses, std::vector<int>& block, const std::function<bool()>& next) {
  bool in_call = false;
  const CountersWatch watch(limits.observer, [&] {
    Totals now = totals;
    if (in_call)
      if (const std::optional<CallStats> call = s.running_call()) now.add(*call);
    return stats_of(now, s.work(), budget.elapsed_seconds());
  });
  if (s.enumerates()) {
    CallLimits call;
    call.deadline = budget.deadline();
    call.max_conflicts = limits.max_nodes;
    call.probe = limits.probe;
    call.estimator = limits.estimator;
    in_call = true;
    const Answer answer = s.search_all(assumptions, call, limits.observer, [&] {
      block.clear();
      return next();
    });
    in_call = false;
    totals.add(s.last_call());
    totals.last = answer;
    if (limits.observer) limits.observer->note(describe(s, 1, s.last_call(), answer != Answer::stopped));
    return answer == Answer::stopped ? why_stopped(budget, limits) : StopReason::none;
  }
  const bool by_calls = s.work() == SatLibrary::Work::calls;
  for (;;) {
    CallLimits call;
    call.deadline = budget.deadline();
    if (limits.max_nodes > 0) {
      const std::uint64_t spent = by_calls ? totals.calls : totals.conflicts;
      if (spent >= limits.max_nodes) return StopReason::nodes;
      if (!by_calls) call.max_conflicts = limits.max_nodes - spent;
    }
    in_call = true;
    const Answer answer = s.solve(assumptions, call);
    in_call = false;
    const CallStats stats = s.last_call();
    totals.add(stats);
    totals.last = answer;
    if (limits.observer)
      limits.observer->note(describe(s, totals.calls, stats, answer != Answer::stopped) + ": " +
                            (answer == Answer::satisfiable     ? "satisfiable"
                             : answer == Answer::unsatisfiable ? "unsatisfiable"
                                                               : "stopped"));
    if (answer == Answer::unsatisfiable) return StopReason::none;
    if (answer == Answer::stopped) return why_stopped(budget, limits);
    block.clear();
    if (!next()) return StopReason::none;
    s.add_clause(block);
    clauses.add(block);
  }
}

Answer SatLibrary::search_all(std::span<const int>, const CallLimits&, SearchObserver*, const std::function<bool()>&) {
  throw std::logic_error(name() + " does not enumerate by itself: ask it again with a blocking clause");
}

std::unique_ptr<SatLibrary> make_library(Library library, const Setup& setup) {
  switch (library) {
    case Library::cadical: return make_cadical(setup);
    case Library::dpll: return make_dpll(setup);
    case Library::cdcl: return make_cdcl(setup);
    case Library::portfolio: return make_portfolio(setup);
    case Library::cryptominisat: break;
  }
  return make_cryptominisat(setup);
}

std::string_view to_string(Library library) {
  switch (library) {
    case Library::cadical: return "cadical";
    case Library::dpll: return "dpll";
    case Library::cdcl: return "cdcl";
    case Library::portfolio: return "portfolio";
    case Library::cryptominisat: break;
  }
  return "cryptominisat";
}

}  // namespace sudokit::sat
