// What the sat backend asks of any SatLibrary, the same for every library and every problem:
// every model, one at a time, each checked against everything the library was given before it is
// read, and the work counted the way docs/stats.md defines it. Private to the sat backend.
//
// Counting and uniqueness: after each model, `next` reads it (a grid, a set of options) and fills
// the clause that forbids it, which the library is given before it is asked again; unsatisfiable
// then ends the count. A library that goes on from a model by itself (SatLibrary::enumerates:
// dpll) is asked once, and needs no such clause.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <vector>

#include "sudokit/encoders/model.h"
#include "sudokit/sat/sat_library.h"
#include "sudokit/solver.h"

namespace sudokit::sat {

// The work of all the calls of one search, and the size of the formula they were given.
struct Totals {
  std::uint64_t decisions = 0, conflicts = 0, propagations = 0, flips = 0, calls = 0;
  std::uint64_t variables = 0, clauses = 0;
  bool counts_decisions = true;  // false when the library gives no decision count (CaDiCaL)
  bool counts_flips = false;     // dpll (CallStats::flips)
  Answer last = Answer::stopped; // the last call's answer: unsatisfiable is what a proof proves
  std::vector<std::uint64_t> calls_won;  // a portfolio's: [k] the calls member k+1 answered
  void add(const CallStats& call);
};

// A search's statistics: with Work::conflicts, nodes = 1 + decisions + flips, backtracks =
// conflicts (docs/stats.md); with Work::calls (a program), one node per call.
Stats stats_of(const Totals& t, SatLibrary::Work work, double seconds);

// The library's last model, checked against every clause it was given (`clauses`, in its
// numbering) and every assumption it was asked under, before anything is read from it. Throws
// WrongAnswer naming `backend` and the library, with the first clause the model does not satisfy
// (or leaves with no true literal for want of a value).
void check_model(SatLibrary& s, const std::string& backend, const ClauseList& clauses, std::span<const int> assumptions);

// Asks `s` for every model under the assumptions, each call under what is left of the limits
// (the node budget is a conflict budget, or a call budget for Work::calls, carried across the
// calls). After each model `next` reads it, fills `block` with the clause that forbids it and
// returns true to go on; the clause is given to `s` and kept in `clauses`. Returns what stopped
// the search, if a limit did. Tells limits.observer one note per call (dpll tells every step), and
// hands it the counters (the totals so far, with the running call's where the library tells them).
StopReason enumerate(SatLibrary& s, std::span<const int> assumptions, const SearchBudget& budget, const Limits& limits,
                     Totals& totals, ClauseList& clauses, std::vector<int>& block, const std::function<bool()>& next);

}  // namespace sudokit::sat
