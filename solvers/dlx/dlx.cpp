#include "sudokit/dlx/dlx.h"

#include <algorithm>
#include <bit>
#include <string>

#include "sudokit/errors.h"

namespace sudokit {

namespace {

Stats stats_of(const DancingLinks::Counts& c, const SearchBudget& budget) {
  Stats s;
  s.nodes = c.nodes;
  s.guesses = c.guesses;
  s.backtracks = c.backtracks;
  s.propagations = 0;  // dlx infers nothing; its forced choices are nodes (see docs/stats.md)
  s.seconds = budget.elapsed_seconds();
  s.counters = {{"updates", c.updates},
                {"mems", c.mems},
                {"forced", c.nodes - 1 - c.guesses},
                {"max_depth", c.max_depth}};
  return s;
}

}  // namespace

// Passes the dancing-links steps on as Sudoku steps: an option is a (cell, digit), and an item
// with no option left is a cell with no candidate or a digit with no place in a unit.
class SudokuWatcher final : public DancingLinks::Watcher {
 public:
  SudokuWatcher(SearchObserver& observer, const SudokuCover& cover, const Shape& shape)
      : observer_(observer), cover_(cover), shape_(shape) {}
  void enter(std::uint64_t id, std::uint64_t parent, int option, int, int choices) override {
    const auto o = static_cast<std::size_t>(option);
    const Reason reason = choices >= 2 ? Reason::choice : Reason::forced;
    if (cover_.option_cell[o] >= 0) {
      observer_.enter(id, parent, cover_.option_cell[o], cover_.option_digit[o], choices, reason);
      return;
    }
    // A killer cage's digit set: "cage 3 = {1,2,4}"
    std::string digits;
    for (std::uint64_t m = cover_.option_set[o]; m; m &= m - 1)
      digits += (digits.empty() ? "" : ",") + std::to_string(std::countr_zero(m) + 1);
    observer_.enter_step(id, parent, "cage " + std::to_string(cover_.option_digit[o] + 1) + " = {" + digits + "}",
                         choices, reason);
  }
  void dead_end(int item) override {
    const int cells = shape_.cells(), n = shape_.size();
    const int unit_items = cells + static_cast<int>(shape_.units().size()) * n;
    if (item < cells) {
      observer_.dead_end(shape_.cell_name(item) + " has no candidate (item " + cover_.cover.items[static_cast<std::size_t>(item)] + ")");
    } else if (item >= unit_items) {
      observer_.dead_end("no digit set fits " + cover_.cover.items[static_cast<std::size_t>(item)]);
    } else {
      const int u = (item - cells) / n, d = (item - cells) % n + 1;
      observer_.dead_end("digit " + std::to_string(d) + " has no place in " + shape_.unit_name(u) + " (item " +
                         cover_.cover.items[static_cast<std::size_t>(item)] + ")");
    }
  }
  void leave(std::uint64_t id) override { observer_.leave(id); }
  void solution() override { observer_.solution(); }

 private:
  SearchObserver& observer_;
  const SudokuCover& cover_;
  const Shape& shape_;
};

// Passes the dancing-links steps on as they are: items and options of the problem.
class CoverWatcher final : public DancingLinks::Watcher {
 public:
  CoverWatcher(SearchObserver& observer, const ExactCover& problem) : observer_(observer), problem_(problem) {}
  void enter(std::uint64_t id, std::uint64_t parent, int option, int item, int choices) override {
    observer_.enter_option(id, parent, item, option, choices, choices >= 2 ? Reason::choice : Reason::forced);
  }
  void dead_end(int item) override {
    observer_.dead_end("item " + problem_.items[static_cast<std::size_t>(item)] + " has no option left");
  }
  void leave(std::uint64_t id) override { observer_.leave(id); }
  void solution() override { observer_.solution(); }

 private:
  SearchObserver& observer_;
  const ExactCover& problem_;
};

BackendInfo DlxSolver::info() {
  BackendInfo i;
  i.name = "dlx";
  i.probes = true;
  i.summary = "exact cover by Knuth's dancing links (Algorithm X; Algorithm C for colours)";
  i.sudoku = true;
  i.exact_cover = true;
  i.node_unit = "nodes";
  i.work = {"updates", "mems"};
  i.default_budget = 500'000;  // about 0.06 s on 9x9 (8 million nodes per second), 0.08 s on 16x16
  i.options = "choose=knuth|fast";
  return i;
}

std::unique_ptr<Solver> DlxSolver::create(const SolverOptions& options) {
  auto solver = std::make_unique<DlxSolver>();
  if (auto choose = options.take("choose")) {
    if (*choose == "knuth") solver->choice_ = DancingLinks::Choice::knuth;
    else if (*choose == "fast") solver->choice_ = DancingLinks::Choice::fast;
    else throw UsageError("dlx: choose is knuth or fast, not '" + *choose + "'");
  }
  return solver;
}

std::string DlxSolver::options() const {
  if (!choice_) return {};
  return std::string("choose=") + (*choice_ == DancingLinks::Choice::knuth ? "knuth" : "fast");
}

Result DlxSolver::search(const Grid& puzzle, const Limits& limits) {
  SearchBudget budget(limits);  // building a shape's matrix counts against the deadline
  const Shape& shape = puzzle.shape();
  if (!shape_ || !shape_->same_as(shape)) {
    shape_ = puzzle.shape_ptr();
    cover_ = full_sudoku_cover(shape);
    links_ = std::make_unique<DancingLinks>(cover_.cover, choice_.value_or(DancingLinks::Choice::fast));
  }
  SolutionSink sink(limits);
  DancingLinks::Counts counts;
  const CountersWatch watch(limits.observer, [&] { return stats_of(counts, budget); });
  const int n = shape.size();
  givens_.clear();
  for (int cell = 0; cell < shape.cells(); ++cell)
    if (puzzle[cell] != 0) givens_.push_back(cell * n + puzzle[cell] - 1);
  const bool consistent = links_->preselect(givens_);
  StopReason stop = StopReason::none;
  std::optional<SudokuWatcher> watcher;
  if (limits.observer) watcher.emplace(*limits.observer, cover_, shape);
  if (!consistent && limits.observer) limits.observer->dead_end("the givens clash");
  if (!consistent && limits.estimator) limits.estimator->node(0, 0);  // the root, a leaf
  if (consistent) {
    Grid work = puzzle;
    stop = links_->search(
        budget,
        [&](std::span<const int> options) {
          if (!sink.wants_answer()) return sink.add_unseen();
          for (int o : options)
            if (cover_.option_cell[static_cast<std::size_t>(o)] >= 0)  // not a cage's digit set
              work.set(cover_.option_cell[static_cast<std::size_t>(o)], cover_.option_digit[static_cast<std::size_t>(o)]);
          return sink.add(work);
        },
        counts, watcher ? &*watcher : nullptr, limits.probe, limits.estimator);
  }
  return sink.finish(stop, stats_of(counts, budget));
}

CoverResult DlxSolver::search(const ExactCover& problem, const Limits& limits) {
  SearchBudget budget(limits);
  DancingLinks links(problem, choice_.value_or(DancingLinks::Choice::knuth));
  CoverSolutionSink sink(limits);
  DancingLinks::Counts counts;
  const CountersWatch watch(limits.observer, [&] { return stats_of(counts, budget); });
  std::optional<CoverWatcher> watcher;
  if (limits.observer) watcher.emplace(*limits.observer, problem);
  Selection chosen;
  const StopReason stop = links.search(
      budget,
      [&](std::span<const int> options) {
        if (!sink.wants_answer()) return sink.add_unseen();
        chosen.assign(options.begin(), options.end());
        std::sort(chosen.begin(), chosen.end());
        return sink.add(chosen);
      },
      counts, watcher ? &*watcher : nullptr, limits.probe, limits.estimator);
  return sink.finish(stop, stats_of(counts, budget));
}

}  // namespace sudokit
