#include <gtest/gtest.h>

#include "propagate/propagate.h"
#include "sudokit/format.h"
#include "sudokit/verify.h"
#include "test_support.h"

using namespace sudokit;
using test::count_up_to;

namespace {
const char* kEasy = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
const char* kHard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
}  // namespace

TEST(Propagate, SinglesAloneSolveTheEasyPuzzle) {
  PropagateSolver solver;
  const Result r = solver.solve(read_one(kEasy), count_up_to(2));
  ASSERT_EQ(r.status, Status::unique);
  EXPECT_EQ(r.stats.nodes, 1u);
  EXPECT_EQ(r.stats.guesses, 0u);
  EXPECT_EQ(r.stats.propagations, 81u - 32u);  // every blank filled by a rule
  EXPECT_EQ(r.stats.counter("naked_singles") + r.stats.counter("hidden_singles"), r.stats.propagations);
  EXPECT_EQ(to_line(r.solutions[0]), "483921657967345821251876493548132976729564138136798245372689514814253769695417382");
}

TEST(Propagate, TheHardPuzzleNeedsSearchAndAgreesWithBacktrack) {
  PropagateSolver solver;
  const Result r = solver.solve(read_one(kHard), count_up_to(2));
  ASSERT_EQ(r.status, Status::unique);
  EXPECT_GT(r.stats.guesses, 0u);
  EXPECT_EQ(to_line(r.solutions[0]), "417369825632158947958724316825437169791586432346912758289643571573291684164875293");
}

TEST(Propagate, WithoutSearchTheHardPuzzleStopsWithOpenCells) {
  PropagateSettings settings;
  settings.search = false;
  PropagateSolver solver(settings);
  const Result r = solver.solve(read_one(kHard), count_up_to(2));
  EXPECT_EQ(r.status, Status::stopped);
  EXPECT_EQ(r.stop_reason, StopReason::no_search);
  ASSERT_TRUE(r.partial.has_value());
  const auto open = r.stats.counter("open_cells");
  EXPECT_GT(open, 0u);
  EXPECT_EQ(static_cast<std::uint64_t>(r.partial->cells() - r.partial->givens()), open);
  // What inference placed is right: it agrees with the solution wherever it placed a digit.
  const Grid solution = read_one("417369825632158947958724316825437169791586432346912758289643571573291684164875293");
  for (int cell = 0; cell < solution.cells(); ++cell)
    if ((*r.partial)[cell] != 0) {
      EXPECT_EQ((*r.partial)[cell], solution[cell]);
    }
  // And the easy one is solved by inference alone even with search off.
  EXPECT_EQ(solver.solve(read_one(kEasy), count_up_to(2)).status, Status::unique);
}

TEST(Propagate, EachRuleCanBeTurnedOff) {
  const Grid hard = read_one(kHard);
  std::uint64_t nodes[4];
  int i = 0;
  for (bool naked : {true, false})
    for (bool hidden : {true, false}) {
      PropagateSettings s;
      s.naked_singles = naked;
      s.hidden_singles = hidden;
      PropagateSolver solver(s);
      const Result r = solver.solve(hard, count_up_to(2));
      ASSERT_EQ(r.status, Status::unique);
      EXPECT_TRUE(is_solution(hard, r.solutions[0]));
      EXPECT_EQ(r.stats.counter("naked_singles") > 0, naked);
      EXPECT_EQ(r.stats.counter("hidden_singles") > 0, hidden);
      nodes[i++] = r.stats.nodes;
    }
  EXPECT_LT(nodes[0], nodes[3]);  // both rules beat none
}

TEST(Propagate, CountsEmptyGrids) {
  PropagateSolver solver;
  EXPECT_EQ(solver.solve(Grid(Shape::make(2, 2)), count_up_to(0)).count, 288u);
  EXPECT_EQ(solver.solve(Grid(Shape::make(2, 3)), count_up_to(0, 0)).count, 28200960u);
}

TEST(Propagate, HonoursTheNodeBudgetAndDeadline) {
  PropagateSolver solver;
  Limits limits = count_up_to(0);
  limits.max_nodes = 5000;
  const Result r = solver.solve(Grid(Shape::make(5, 5)), limits);
  EXPECT_EQ(r.status, Status::stopped);
  EXPECT_EQ(r.stop_reason, StopReason::nodes);
  EXPECT_LE(r.stats.nodes, 5000u);
  Limits timed = count_up_to(0);
  timed.max_seconds = 0.1;
  EXPECT_EQ(solver.solve(Grid(Shape::make(4, 4)), timed).stop_reason, StopReason::time);
}
