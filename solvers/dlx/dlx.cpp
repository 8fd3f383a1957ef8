#include "dlx.h"

#include <algorithm>

namespace sudokit {

namespace {

Stats stats_of(const DancingLinks::Counts& c, const SearchBudget& budget) {
  Stats s;
  s.nodes = c.nodes;
  s.guesses = c.guesses;
  s.backtracks = c.backtracks;
  s.propagations = 0;  // dlx infers nothing; its forced choices are nodes (see docs/stats.md)
  s.seconds = budget.elapsed_seconds();
  s.counters = {{"updates", c.updates}, {"forced", c.nodes - 1 - c.guesses}, {"max_depth", c.max_depth}};
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
    observer_.enter(id, parent, cover_.option_cell[static_cast<std::size_t>(option)],
                    cover_.option_digit[static_cast<std::size_t>(option)], choices,
                    choices >= 2 ? Reason::choice : Reason::forced);
  }
  void dead_end(int item) override {
    const int cells = shape_.cells(), n = shape_.size();
    if (item < cells) {
      observer_.dead_end(shape_.cell_name(item) + " has no candidate (item " + cover_.cover.items[static_cast<std::size_t>(item)] + ")");
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

std::unique_ptr<Solver> DlxSolver::create(const SolverOptions&) { return std::make_unique<DlxSolver>(); }

Result DlxSolver::solve(const Grid& puzzle, const Limits& limits) {
  const Shape& shape = puzzle.shape();
  if (!shape_ || !shape_->same_as(shape)) {
    shape_ = puzzle.shape_ptr();
    cover_ = full_sudoku_cover(shape);
    links_ = std::make_unique<DancingLinks>(cover_.cover);
  }
  SearchBudget budget(limits);
  SolutionSink sink(limits);
  DancingLinks::Counts counts;
  const int n = shape.size();
  bool consistent = true;
  for (int cell = 0; cell < shape.cells() && consistent; ++cell)
    if (puzzle[cell] != 0) consistent = links_->preselect(cell * n + puzzle[cell] - 1);
  StopReason stop = StopReason::none;
  std::optional<SudokuWatcher> watcher;
  if (limits.observer) watcher.emplace(*limits.observer, cover_, shape);
  if (!consistent && limits.observer) limits.observer->dead_end("the givens clash");
  if (consistent) {
    Grid work = puzzle;
    stop = links_->search(
        budget,
        [&](std::span<const int> options) {
          for (int o : options)
            work.set(cover_.option_cell[static_cast<std::size_t>(o)], cover_.option_digit[static_cast<std::size_t>(o)]);
          return sink.add(work);
        },
        counts, watcher ? &*watcher : nullptr);
  }
  links_->clear_preselections();
  return sink.finish(stop, stats_of(counts, budget));
}

CoverResult solve_cover_with_dlx(const ExactCover& cover, const Limits& limits) {
  DancingLinks links(cover);
  SearchBudget budget(limits);
  DancingLinks::Counts counts;
  CoverResult r;
  const StopReason stop = links.search(
      budget,
      [&](std::span<const int> options) {
        ++r.count;
        if (r.solutions.size() < limits.keep_solutions) {
          r.solutions.emplace_back(options.begin(), options.end());
          std::sort(r.solutions.back().begin(), r.solutions.back().end());
        }
        return limits.solutions != 0 && r.count >= limits.solutions;
      },
      counts);
  r.stats = stats_of(counts, budget);
  r.stop_reason = stop;
  r.status = final_status(r.count, stop, limits.solutions);
  return r;
}

}  // namespace sudokit
