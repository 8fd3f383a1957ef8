// Watching a search: a backend reports each step to an observer given in Limits::observer, so
// that a class can follow the same puzzle (or exact-cover problem) through every method (`sudokit solve --trace`) and
// draw its search tree (`--tree FILE.dot`). With no observer, a backend pays one null test per
// node and nothing per inference step.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string_view>
#include <utility>

#include "sudokit/stats.h"

namespace sudokit {

// Why a digit went where it did. Which inference placed it is the backend's to name (its rules
// differ: "naked single", "hidden single", a SAT solver's unit propagation), so an inference
// carries its rule as text beside the reason: see SearchObserver::place.
enum class Reason {
  given,     // in the puzzle
  inferred,  // follows from what is placed, by a rule the backend names
  choice,    // tried at a branch point of the search (backtrack, propagate, dlx)
  forced,    // the only alternative left at a search step (a node, but not a guess)
};
std::string_view to_string(Reason reason);  // "given", "inferred", "choice", "forced"

// A digit a cell may still hold: what a rule removes (SearchObserver::reasoning).
struct Candidate {
  int cell, digit;
};

class SearchObserver {
 public:
  virtual ~SearchObserver() = default;
  // Node `id` (the root is 1) is entered from `parent` by placing `digit` in `cell`, one of
  // `alternatives` candidates there (reason choice or forced).
  virtual void enter(std::uint64_t id, std::uint64_t parent, int cell, int digit, int alternatives, Reason reason) = 0;
  // The same for an exact-cover problem: node `id` is entered by choosing `option` (0-based) to
  // cover `item` (0-based), one of `alternatives` options left for that item.
  virtual void enter_option(std::uint64_t id, std::uint64_t parent, int item, int option, int alternatives,
                            Reason reason) = 0;
  // The same for a step that is neither: node `id` is entered by the step `label` (the dlx
  // backend choosing a killer cage's digit set, "cage 3 = {1,2,4}"). By default a note.
  virtual void enter_step(std::uint64_t id, std::uint64_t parent, std::string_view label, int alternatives,
                          Reason reason) {
    (void)id, (void)parent, (void)alternatives, (void)reason;
    note(label);
  }
  // A placement inside the current node, not a node of its own: reason given, or inferred by the
  // rule `rule` (the backend's name for it, as a reader would say it: "naked single"; a literal,
  // so that tracing costs no allocation). `rule` is empty for a given.
  virtual void place(int cell, int digit, Reason reason, std::string_view rule) = 0;
  // The same for an exact-cover problem: `option` is chosen inside the current node, not a node of
  // its own (a SAT solver's unit propagation sets its variable). `words` says it as a trace would,
  // reason included; by default it is told as a note.
  virtual void place_option(int option, std::string_view words) {
    (void)option;
    note(words);
  }
  // The current node fails: `why` says what contradiction was met.
  virtual void dead_end(std::string_view why) = 0;
  // The search leaves node `id` and takes its placement back.
  virtual void leave(std::uint64_t id) = 0;
  // The current node completes the grid.
  virtual void solution() = 0;
  // Anything else a backend wants to say, such as a SAT solver call's decisions and conflicts.
  virtual void note(std::string_view text) = 0;

  // What the rule of the next place() or note() reasons from, for a viewer that highlights it:
  // `cells` (a hidden single's unit, a subset's cells, an X-wing's corners) and the candidates
  // it removes, which the words then summarise. By default ignored: traces are unchanged.
  virtual void reasoning(std::span<const int> cells, std::span<const Candidate> removed) {
    (void)cells, (void)removed;
  }
  // The backend's counters as they stand, for an observer that shows them step by step: `now`
  // returns the Stats solve() would report if the search ended here. Handed over when a search
  // starts and taken back (an empty function) before its state goes: see CountersWatch. By
  // default ignored.
  virtual void watch_counters(std::function<Stats()> now) { (void)now; }
};

// Hands `observer`, when there is one, the function that reads a search's counters while the
// watch lives; a backend keeps it on its stack beside the counters it reads. Free when nobody
// observes: no std::function is made.
class CountersWatch {
 public:
  template <class Now>
  CountersWatch(SearchObserver* observer, Now&& now) : observer_(observer) {
    if (observer_) observer_->watch_counters(std::forward<Now>(now));
  }
  ~CountersWatch() {
    if (observer_) observer_->watch_counters({});
  }
  CountersWatch(const CountersWatch&) = delete;
  CountersWatch& operator=(const CountersWatch&) = delete;

 private:
  SearchObserver* observer_;
};

}  // namespace sudokit
