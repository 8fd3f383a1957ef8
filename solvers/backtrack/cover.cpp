// backtrack on exact cover: Algorithm X as a textbook states it, on plain arrays, no links.
//
// Each item records how many chosen options use it and, for a coloured secondary item, the
// colour they gave it. At each node: take the first primary item, in input order, that no chosen
// option covers; its options, in input order, that fit (every item free, or for a coloured
// secondary item already holding the same colour) are the alternatives; choose each in turn,
// recurse, undo. No item has fewer options remembered, nothing is unlinked: each node rechecks
// the options of its item against the marks, so the cost grows with the matrix, which is what
// dancing links (dlx) avoids.
#include <algorithm>

#include "sudokit/backtrack/backtrack.h"

namespace sudokit {

namespace {

inline std::size_t z(int i) { return static_cast<std::size_t>(i); }

class CoverSearch {
 public:
  CoverSearch(const ExactCover& problem, const Limits& limits)
      : xc_(problem), budget_(limits), sink_(limits), observer_(limits.observer), probe_(limits.probe),
        estimator_(limits.estimator),
        options_of_(problem.items.size()), uses_(problem.items.size(), 0), colour_in_(problem.items.size(), 0) {
    stats_.nodes = 1;  // the root
    for (int o = 0; o < xc_.option_count(); ++o)
      for (int item : xc_.options[z(o)]) options_of_[z(item)].push_back(o);
  }

  CoverResult run() {
    StopReason stop;
    {
      const CountersWatch watch(observer_, [this] { return stats_now(); });
      stop = search();
    }
    return sink_.finish(stop, stats_now());
  }

 private:
  Stats stats_now() const {
    Stats now = stats_;
    now.seconds = budget_.elapsed_seconds();
    now.counters = {{"checks", checks_}};
    return now;
  }
  // One level of the search, kept on an explicit stack so that a problem with many primary items
  // cannot overflow the call stack.
  struct Level {
    int item;                  // the item this level covers
    std::size_t first, count;  // its fitting options: fitting_[first .. first+count)
    std::size_t next = 0;      // the next of them to try
    int chosen = -1;           // the option in place, -1 when none
    std::uint64_t id;          // this level's node
  };

  bool fits(int option) {
    const auto& list = xc_.options[z(option)];
    for (std::size_t k = 0; k < list.size(); ++k) {
      ++checks_;
      const int item = list[k];
      if (uses_[z(item)] == 0) continue;
      const int colour = xc_.colour(option, k);
      if (colour == 0 || colour_in_[z(item)] != colour) return false;
    }
    return true;
  }
  void place(int option, int delta) {
    const auto& list = xc_.options[z(option)];
    for (std::size_t k = 0; k < list.size(); ++k) {
      uses_[z(list[k])] += delta;
      colour_in_[z(list[k])] = xc_.colour(option, k);
    }
  }
  // The first uncovered primary item, or -1 when all are covered.
  int first_open_item() const {
    for (int i = 0; i < xc_.primary; ++i)
      if (uses_[z(i)] == 0) return i;
    return -1;
  }
  // Opens a level for the first open item under node `id`; false when there is none (a solution).
  bool open_level(std::uint64_t id) {
    const int item = first_open_item();
    if (item < 0) {
      if (estimator_) estimator_->node(stack_.size(), 0);
      return false;
    }
    Level level{item, fitting_.size(), 0, 0, -1, id};
    for (int o : options_of_[z(item)])
      if (fits(o)) fitting_.push_back(o);
    level.count = fitting_.size() - level.first;
    if (estimator_) estimator_->node(stack_.size(), level.count);
    if (probe_ && level.count > 0) level.next = static_cast<std::size_t>(probe_->pick(static_cast<int>(level.count)));
    if (level.count == 0 && observer_) observer_->dead_end("item " + xc_.items[z(item)] + " has no option left");
    stack_.push_back(level);
    return true;
  }
  // Takes back the option in place at the top level, if any; a backtrack unless the search is ending.
  void undo_top(bool ending = false) {
    Level& top = stack_.back();
    if (top.chosen < 0) return;
    stats_.backtracks += !ending;
    place(top.chosen, -1);
    if (observer_) observer_->leave(child_id_.back());
    child_id_.pop_back();
    top.chosen = -1;
  }

  StopReason search() {
    if (!open_level(1)) {
      if (observer_) observer_->solution();
      sink_.add({});
      return StopReason::none;
    }
    while (!stack_.empty()) {
      undo_top();
      Level& top = stack_.back();
      if (top.next == top.count) {
        fitting_.resize(top.first);
        stack_.pop_back();
        continue;
      }
      if (budget_.charge(stats_.nodes + 1)) {
        unwind();
        return budget_.reason();
      }
      const int option = fitting_[top.first + top.next++];
      if (probe_) top.next = top.count;  // a random probe enters one child
      const std::uint64_t id = ++stats_.nodes;
      stats_.guesses += top.count >= 2;
      if (observer_)
        observer_->enter_option(id, top.id, top.item, option, static_cast<int>(top.count),
                                top.count >= 2 ? Reason::choice : Reason::forced);
      place(option, +1);
      top.chosen = option;
      child_id_.push_back(id);
      if (!open_level(id)) {
        if (observer_) observer_->solution();
        Selection s;
        for (const Level& l : stack_) s.push_back(l.chosen);
        std::sort(s.begin(), s.end());
        if (sink_.add(s)) {
          unwind();
          return StopReason::none;
        }
      }
    }
    return StopReason::none;
  }
  // Leaves every level, telling the observer, when a limit ends the search.
  void unwind() {
    while (!stack_.empty()) {
      undo_top(true);
      stack_.pop_back();
    }
  }

  const ExactCover& xc_;
  SearchBudget budget_;
  CoverSolutionSink sink_;
  SearchObserver* observer_;
  Probe* probe_;
  OnlineEstimator* estimator_;  // told each node's options (online_estimate.h)
  Stats stats_;
  std::uint64_t checks_ = 0;  // item entries examined by fits(): the baseline's work
  std::vector<std::vector<int>> options_of_;  // per item, the options using it, in input order
  std::vector<int> uses_, colour_in_;         // per item: chosen options using it, and their colour
  std::vector<int> fitting_;                  // every open level's fitting options, end to end
  std::vector<Level> stack_;
  std::vector<std::uint64_t> child_id_;       // per level with an option in place, that child's node
};

}  // namespace

CoverResult BacktrackSolver::search(const ExactCover& problem, const Limits& limits) {
  return CoverSearch(problem, limits).run();
}

}  // namespace sudokit
