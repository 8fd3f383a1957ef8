#include "sudokit/sixth/sixth.h"

#include <bit>
#include <cstdint>
#include <vector>

#include "sudokit/errors.h"

namespace sudokit {

BackendInfo SixthSolver::info() {
  BackendInfo i("sixth", "the smallest correct search (row-major cells, a bit mask per unit), classic grids up to 9x9: "
                         "the backend docs/adding-a-backend.md builds");
  i.max_size = 9;
  i.classic_only = true;
  i.default_budget = 2'000'000;
  i.tracing = BackendInfo::Tracing::none;
  return i;
}

std::unique_ptr<Solver> SixthSolver::create(const SolverOptions&) { return std::make_unique<SixthSolver>(); }

namespace {

// The search's state: each unit's digits (bit d-1), and the open cells in order.
struct State {
  int n;
  std::vector<std::uint32_t> row, col, box;
  std::vector<int> open, box_of;
};

}  // namespace

Result SixthSolver::search(const Grid& puzzle, const Limits& limits) {
  const Shape& shape = puzzle.shape();
  if (const std::string why = info().refusal(shape); !why.empty()) throw UsageError(why);  // callers ask first; a library user may not
  SearchBudget budget(limits);
  SolutionSink sink(limits);
  Stats stats;
  const int n = shape.size(), cells = shape.cells();
  State s{n, std::vector<std::uint32_t>(n), std::vector<std::uint32_t>(n), std::vector<std::uint32_t>(n), {}, {}};
  s.box_of.resize(static_cast<std::size_t>(cells));
  Grid grid = puzzle;
  bool clash = false;
  for (int cell = 0; cell < cells; ++cell) {
    const int r = cell / n, c = cell % n;
    s.box_of[static_cast<std::size_t>(cell)] = (r / shape.box_rows()) * (n / shape.box_cols()) + c / shape.box_cols();
    const int d = puzzle[cell];
    if (d == 0) {
      s.open.push_back(cell);
      continue;
    }
    const std::uint32_t bit = 1u << (d - 1);
    auto& b = s.box[static_cast<std::size_t>(s.box_of[static_cast<std::size_t>(cell)])];
    clash = clash || (s.row[static_cast<std::size_t>(r)] | s.col[static_cast<std::size_t>(c)] | b) & bit;
    s.row[static_cast<std::size_t>(r)] |= bit;
    s.col[static_cast<std::size_t>(c)] |= bit;
    b |= bit;
  }
  StopReason stop = StopReason::none;
  stats.nodes = 1;
  // Depth-first over the open cells; returns true when the search must end (a limit, or enough
  // solutions).
  auto dfs = [&](auto&& self, std::size_t k) -> bool {
    if (k == s.open.size()) return sink.add(grid);
    const int cell = s.open[k], r = cell / n, c = cell % n, b = s.box_of[static_cast<std::size_t>(cell)];
    std::uint32_t free = ~(s.row[static_cast<std::size_t>(r)] | s.col[static_cast<std::size_t>(c)] | s.box[static_cast<std::size_t>(b)]) &
                         ((1u << n) - 1);
    const bool choice = std::popcount(free) > 1;
    for (; free; free &= free - 1) {
      if (budget.charge(stats.nodes + 1)) {
        stop = budget.reason();
        return true;
      }
      ++stats.nodes;
      stats.guesses += choice;
      const std::uint32_t bit = free & -free;
      grid.set(cell, std::countr_zero(bit) + 1);
      s.row[static_cast<std::size_t>(r)] |= bit;
      s.col[static_cast<std::size_t>(c)] |= bit;
      s.box[static_cast<std::size_t>(b)] |= bit;
      const bool end = self(self, k + 1);
      s.row[static_cast<std::size_t>(r)] &= ~bit;
      s.col[static_cast<std::size_t>(c)] &= ~bit;
      s.box[static_cast<std::size_t>(b)] &= ~bit;
      grid.set(cell, 0);
      ++stats.backtracks;
      if (end) return true;
    }
    return false;
  };
  if (!clash) dfs(dfs, 0);
  stats.seconds = budget.elapsed_seconds();
  return sink.finish(stop, std::move(stats));
}

}  // namespace sudokit
