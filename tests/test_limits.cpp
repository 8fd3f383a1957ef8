// Limits on big, hopeless inputs, for every backend the registry declares (issue 14): a node
// budget and a time limit each end the search as "stopped", whatever the backend and whatever it
// sets up first (a 64x64 grid is a dancing-links matrix of a million nodes, or a formula of
// three million clauses).
//
// The inputs: an empty 64x64 grid (box 8x8) asked for every solution, which nobody can finish;
// the same as an exact-cover problem; and the pigeonhole problem, 13 pigeons in 12 holes, which
// has no solution and which every method here (Algorithm X, dancing links, resolution-based SAT)
// can only refute by a search far beyond any budget below.
//
// No test here times anything tightly: the time limit is asserted by the status and the stop
// reason, and the wall clock only against a bound with half a minute of slack, enough for an
// ASan build on a loaded machine (it catches a search that never looks at the clock, not a slow
// one). Peak memory is left to experiments/limits.sh (docs/benchmarks.md): a resident-size bound
// does not hold under AddressSanitizer, whose shadow memory and quarantine multiply it.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "sudokit/encoders/exact_cover.h"
#include "sudokit/registry.h"
#include "test_support.h"

namespace sudokit {
namespace {

using test::count_up_to;

Grid empty_grid(int box) { return Grid(Shape::make(box, box)); }

// `holes` + 1 pigeons (primary items) and `holes` holes (secondary items, at most one pigeon
// each); an option puts one pigeon in one hole. No solution.
ExactCover pigeonhole(int holes) {
  ExactCover xc;
  for (int p = 0; p <= holes; ++p) xc.items.push_back("P" + std::to_string(p));
  xc.primary = holes + 1;
  for (int h = 0; h < holes; ++h) xc.items.push_back("H" + std::to_string(h));
  for (int p = 0; p <= holes; ++p)
    for (int h = 0; h < holes; ++h) xc.options.push_back({p, holes + 1 + h});
  xc.validate();
  return xc;
}

// What --max-nodes bounds for a backend, as it declares (BackendInfo::node_unit): its nodes, or
// the counter of that name (conflicts for sat).
std::uint64_t budgeted_work(const BackendInfo& info, const Stats& stats) {
  return info.node_unit == "nodes" ? stats.nodes : stats.counter(info.node_unit);
}

// The budget a backend may use: exactly the budget when it counts nodes itself; a SAT library
// checks its conflict budget only now and then (CryptoMiniSat: a few conflicts past it per call,
// docs/stats.md), so there the bound is looser, but still a bound.
std::uint64_t allowed_work(const BackendInfo& info, std::uint64_t budget) {
  return info.node_unit == "nodes" ? budget : 2 * budget + 20;
}

constexpr double kSlackSeconds = 30;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The backends of `kind` that take `problem` (a Sudoku backend may declare a largest grid).
std::vector<std::string> backends_taking(const Registry& registry, ProblemKind kind, const Grid& grid) {
  return kind == ProblemKind::sudoku ? registry.names(grid.shape()) : registry.names(kind);
}
std::vector<std::string> backends_taking(const Registry& registry, ProblemKind kind, const ExactCover&) {
  return registry.names(kind);
}

template <class Problem>
void expect_node_budget_stops(ProblemKind kind, const Problem& problem, std::uint64_t solutions) {
  const Registry registry = builtin_solvers();
  ASSERT_FALSE(backends_taking(registry, kind, problem).empty());
  for (const std::string& name : backends_taking(registry, kind, problem)) {
    SCOPED_TRACE(name);
    const BackendInfo info = registry.info(name);
    auto solver = registry.create(name);
    Limits limits = count_up_to(solutions, 1);
    limits.max_nodes = 30;
    const auto r = solver->solve(problem, limits);
    EXPECT_EQ(r.status, Status::stopped);
    EXPECT_EQ(r.stop_reason, StopReason::nodes);
    EXPECT_GT(budgeted_work(info, r.stats), 0u) << "the budget was spent on " << info.node_unit;
    EXPECT_LE(budgeted_work(info, r.stats), allowed_work(info, limits.max_nodes));
  }
}

template <class Problem>
void expect_time_limit_stops(ProblemKind kind, const Problem& problem) {
  const Registry registry = builtin_solvers();
  ASSERT_FALSE(backends_taking(registry, kind, problem).empty());
  for (const std::string& name : backends_taking(registry, kind, problem)) {
    SCOPED_TRACE(name);
    auto solver = registry.create(name);
    Limits limits = count_up_to(0, 1);  // every solution: no backend finishes
    limits.max_seconds = 1;
    const auto start = std::chrono::steady_clock::now();
    const auto r = solver->solve(problem, limits);
    const double wall = seconds_since(start);
    EXPECT_EQ(r.status, Status::stopped);
    EXPECT_EQ(r.stop_reason, StopReason::time);
    EXPECT_LT(wall, 1.5 * limits.max_seconds + kSlackSeconds);
  }
}

}  // namespace

TEST(Limits, NodeBudgetStopsEverySudokuBackendOnAnEmpty64x64Grid) {
  expect_node_budget_stops(ProblemKind::sudoku, empty_grid(8), 0);
}

TEST(Limits, TimeLimitStopsEverySudokuBackendOnAnEmpty64x64Grid) {
  expect_time_limit_stops(ProblemKind::sudoku, empty_grid(8));
}

// A backend that declares a smaller largest grid (BackendInfo::max_size) is held to its limits on
// the largest empty grid it takes: an empty 9x9 grid has 6.7e21 solutions, which nobody counts.
TEST(Limits, EverySudokuBackendLimitedToSmallerGridsStopsOnTheLargestItTakes) {
  const Registry registry = builtin_solvers();
  int limited = 0;
  for (const std::string& name : registry.names(ProblemKind::sudoku)) {
    const BackendInfo info = registry.info(name);
    if (info.max_size >= kMaxSize) continue;  // the 64x64 tests above hold it
    int box = 1;
    while ((box + 1) * (box + 1) <= info.max_size) ++box;
    const ShapePtr shape = info.only_boxes ? Shape::make(info.only_boxes->first, info.only_boxes->second) : Shape::make(box, box);
    ASSERT_TRUE(info.takes(*shape)) << name << " takes no grid sudokit reads";
    const Grid empty(shape);
    SCOPED_TRACE(name + " on an empty " + shape->grid_name() + " grid");
    ++limited;
    Limits nodes = count_up_to(0, 1);
    nodes.max_nodes = 30;
    const auto by_nodes = registry.create(name)->solve(empty, nodes);
    EXPECT_EQ(by_nodes.status, Status::stopped);
    EXPECT_EQ(by_nodes.stop_reason, StopReason::nodes);
    EXPECT_LE(budgeted_work(info, by_nodes.stats), allowed_work(info, nodes.max_nodes));
    Limits time = count_up_to(0, 1);
    time.max_seconds = 1;
    const auto start = std::chrono::steady_clock::now();
    const auto by_time = registry.create(name)->solve(empty, time);
    EXPECT_EQ(by_time.status, Status::stopped);
    EXPECT_EQ(by_time.stop_reason, StopReason::time);
    EXPECT_LT(seconds_since(start), 1.5 * time.max_seconds + kSlackSeconds);
  }
  // In a build with no such backend (bands is one) there is nothing to hold.
  if (limited == 0) GTEST_SKIP() << "no backend declares a largest grid below 64x64";
}

TEST(Limits, NodeBudgetStopsEveryExactCoverBackendOnThePigeonhole) {
  expect_node_budget_stops(ProblemKind::exact_cover, pigeonhole(12), 1);
}

TEST(Limits, TimeLimitStopsEveryExactCoverBackendOnThePigeonhole) {
  expect_time_limit_stops(ProblemKind::exact_cover, pigeonhole(12));
}

TEST(Limits, TimeLimitStopsEveryExactCoverBackendOnAnEmpty64x64GridAsExactCover) {
  expect_time_limit_stops(ProblemKind::exact_cover, full_sudoku_cover(*Shape::make(8, 8)).cover);
}

// A time limit too short for the set-up: sat's formula for an empty 49x49 grid is 1.4 million
// clauses, which take longer to load than 10 ms; the load is cut short and the answer is
// "stopped" by time, with the clauses loaded so far counted, not all of them.
TEST(Limits, SatStopsWhileLoadingAFormulaWhenTheTimeIsUp) {
  const Registry registry = builtin_solvers();
  for (const std::string& name : registry.names(ProblemKind::sudoku)) {
    if (registry.info(name).node_unit != "conflicts") continue;  // the SAT backends
    SCOPED_TRACE(name);
    auto solver = registry.create(name);
    Limits limits = count_up_to(1, 1);
    limits.max_seconds = 0.01;
    const Result r = solver->solve(empty_grid(7), limits);
    EXPECT_EQ(r.status, Status::stopped);
    EXPECT_EQ(r.stop_reason, StopReason::time);
    EXPECT_LT(r.stats.counter("clauses"), 1'000'000u);
    EXPECT_EQ(r.stats.counter("conflicts"), 0u);
  }
}

// A loop that keeps its count in a register (backtrack's) charges runs of nodes at once through
// quiet_until() and charge_after_quiet(): it must stop at the node where charging every node
// stops, by the node limit, or by the first clock read past a deadline already gone (which also
// says that the clock is read at the same count). Its runs jump by 1 to 5 nodes, as skipped
// leaves do.
TEST(Limits, AQuietRunStopsWhereChargingEveryNodeStops) {
  for (std::uint32_t per_read : {1u, 7u, 256u}) {
    for (auto [nodes, seconds] : {std::pair{100.0, 0.0}, {1000.0, 0.0}, {0.0, 1e-9}}) {
      SCOPED_TRACE(std::to_string(per_read) + " nodes a clock read, limit " + std::to_string(nodes) + " nodes, " +
                   std::to_string(seconds) + " s");
      Limits limits;
      limits.max_nodes = static_cast<std::uint64_t>(nodes);
      limits.max_seconds = seconds;
      SearchBudget each(limits, per_read), runs(limits, per_read);
      std::uint64_t stopped_at = 1;
      while (!each.charge(stopped_at)) ++stopped_at;
      std::uint64_t n = 0, quiet = runs.quiet_until(0), step = 0;
      for (;;) {
        const std::uint64_t jump = 1 + step++ % 5;
        if (n + jump <= quiet) {
          n += jump;
          continue;
        }
        if (n + 1 > quiet) {
          if (runs.charge_after_quiet(n + 1)) break;
          quiet = runs.quiet_until(n + 1);
        }
        ++n;
      }
      EXPECT_EQ(n + 1, stopped_at);
      EXPECT_EQ(runs.reason(), each.reason());
      EXPECT_EQ(each.reason(), seconds > 0 ? StopReason::time : StopReason::nodes);
    }
  }
}

}  // namespace sudokit
