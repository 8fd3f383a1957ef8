#include <gtest/gtest.h>

#include <chrono>

#include "sudokit/backtrack/backtrack.h"
#include "sudokit/format.h"
#include "sudokit/generate.h"
#include "sudokit/online_estimate.h"
#include "sudokit/verify.h"
#include "test_support.h"

using namespace sudokit;
using test::count_up_to;

// The seed examples: exact outputs and the textbook algorithm's node counts.
TEST(Backtrack, SeedExampleOneIn15Nodes) {
  const Grid puzzle = read_one(
      "0 3 5 4 6 9 2 7 8\n7 8 2 1 0 5 6 0 9\n0 6 0 2 7 8 1 3 5\n3 2 1 0 4 6 8 9 7\n8 0 4 9 1 3 5 0 6\n"
      "5 9 6 8 2 0 4 1 3\n9 1 7 6 5 2 0 8 0\n6 0 3 7 0 1 9 5 2\n2 5 8 3 9 4 7 6 0\n");
  BacktrackSolver solver;
  const Result r = solver.solve(puzzle, Limits{});
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_EQ(to_grid_text(r.solutions[0]),
            "1 3 5 4 6 9 2 7 8\n7 8 2 1 3 5 6 4 9\n4 6 9 2 7 8 1 3 5\n3 2 1 5 4 6 8 9 7\n8 7 4 9 1 3 5 2 6\n"
            "5 9 6 8 2 7 4 1 3\n9 1 7 6 5 2 3 8 4\n6 4 3 7 8 1 9 5 2\n2 5 8 3 9 4 7 6 1\n");
  EXPECT_EQ(r.stats.nodes, 15u);
  EXPECT_EQ(r.stats.backtracks, 0u);
}

TEST(Backtrack, EmptyGridFirstSolutionIn392Nodes) {
  BacktrackSolver solver;
  const Result r = solver.solve(Grid(Shape::make(3, 3)), Limits{});
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_EQ(to_grid_text(r.solutions[0]),
            "1 2 3 4 5 6 7 8 9\n4 5 6 7 8 9 1 2 3\n7 8 9 1 2 3 4 5 6\n2 1 4 3 6 5 8 9 7\n3 6 5 8 9 7 2 1 4\n"
            "8 9 7 2 1 4 3 6 5\n5 3 1 6 4 2 9 7 8\n6 4 2 9 7 8 5 3 1\n9 7 8 5 3 1 6 4 2\n");
  EXPECT_EQ(r.stats.nodes, 392u);
}

TEST(Backtrack, SeedExampleThree) {
  const Grid puzzle = read_one(
      "0 2 0 9 0 5 0 0 0\n5 9 0 0 3 0 2 0 0\n7 0 0 6 0 2 0 0 5\n0 0 9 3 5 0 4 6 0\n0 5 4 0 0 0 7 8 0\n"
      "0 8 3 0 2 7 5 0 0\n8 0 0 2 0 9 0 0 4\n0 0 5 0 4 0 0 2 6\n0 0 0 5 0 3 0 7 0\n");
  BacktrackSolver solver;
  const Result r = solver.solve(puzzle, count_up_to(2));
  ASSERT_EQ(r.status, Status::unique);
  EXPECT_EQ(to_grid_text(r.solutions[0]),
            "3 2 1 9 7 5 6 4 8\n5 9 6 8 3 4 2 1 7\n7 4 8 6 1 2 9 3 5\n1 7 9 3 5 8 4 6 2\n2 5 4 1 9 6 7 8 3\n"
            "6 8 3 4 2 7 5 9 1\n8 1 7 2 6 9 3 5 4\n9 3 5 7 4 1 8 2 6\n4 6 2 5 8 3 1 7 9\n");
}

TEST(Backtrack, CountsTheEmpty4x4Grid) {
  BacktrackSolver solver;
  const Result r = solver.solve(Grid(Shape::make(2, 2)), count_up_to(0, 1000));
  EXPECT_EQ(r.status, Status::multiple);
  EXPECT_EQ(r.count, 288u);
  ASSERT_EQ(r.solutions.size(), 288u);
  for (const Grid& s : r.solutions) ASSERT_TRUE(is_solution(Grid(s.shape_ptr()), s));
  for (std::size_t i = 1; i < r.solutions.size(); ++i) ASSERT_FALSE(r.solutions[i] == r.solutions[i - 1]);
}

TEST(Backtrack, CountsTheEmpty6x6Grid) {
  BacktrackSolver solver;
  const Result r = solver.solve(Grid(Shape::make(2, 3)), count_up_to(0, 0));
  EXPECT_EQ(r.status, Status::multiple);
  EXPECT_EQ(r.count, 28200960u);  // the published number of 6x6 (2x3) Sudoku grids
}

TEST(Backtrack, ConflictingGivensHaveNoSolution) {
  Grid g(Shape::make(3, 3));
  g.set(0, 5);
  g.set(80, 5);
  g.set(8, 5);  // r1c9 = r1c1 = 5
  BacktrackSolver solver;
  EXPECT_EQ(solver.solve(g, Limits{}).status, Status::none);
}

TEST(Backtrack, FewestCandidatesVariantFindsTheSameUniqueSolution) {
  const Grid puzzle = read_one("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  BacktrackSolver plain, fewest(BacktrackSolver::CellOrder::fewest_candidates);
  const Result a = plain.solve(puzzle, count_up_to(2));
  const Result b = fewest.solve(puzzle, count_up_to(2));
  ASSERT_EQ(a.status, Status::unique);
  ASSERT_EQ(b.status, Status::unique);
  EXPECT_EQ(a.solutions[0], b.solutions[0]);
  EXPECT_TRUE(is_solution(puzzle, a.solutions[0]));
  EXPECT_LT(b.stats.nodes, a.stats.nodes);
}

// A 25x25 puzzle with no solution that row-major search only finds out at the last cell:
// r25c25 loses every candidate to givens far away in its row, its column and its box.
Grid hopeless_25x25() {
  Grid g(Shape::make(5, 5));
  for (int d = 1; d <= 12; ++d) g.set(g.shape().cell_at(24, d - 1), d);
  for (int d = 13; d <= 24; ++d) g.set(g.shape().cell_at(d - 13, 24), d);
  g.set(g.shape().cell_at(23, 20), 25);
  return g;
}

// The plain search counts the leaves one level down all at once (backtrack.cpp, search_plain);
// with an online estimator, which hears of every node, it steps through them; with an observer
// the search is the general walk(), which counts each backtrack as it makes it (the plain path
// works its count out at the end). All must count the same tree, and a node budget must stop
// them at the same node.
TEST(Backtrack, CountingLeavesAtOnceGivesTheSameCounts) {
  Random random(32);
  BacktrackSolver solver;
  int puzzles = 0;
  // 25x25 with few blanks: the 32-bit masks' instantiation.
  // 0 blanks: a search with no empty cell, ended by its one solution or not.
  for (auto [br, bc, blanks] : {std::tuple{2, 2, 10}, {2, 3, 24}, {3, 3, 50}, {3, 3, 56}, {5, 5, 60}, {3, 3, 0}}) {
    for (int i = 0; i < 20; ++i, ++puzzles) {
      const Grid puzzle = with_random_blanks(random_solution(Shape::make(br, bc), random), blanks, random);
      for (std::uint64_t budget : {0u, 1u, 37u, 255u, 256u, 257u, 1000u})
      for (std::uint64_t count : {1u, 2u}) {
        Limits plain = count_up_to(count), estimated = count_up_to(count), observed = count_up_to(count);
        plain.max_nodes = estimated.max_nodes = observed.max_nodes = budget;
        OnlineEstimator estimator;
        estimated.estimator = &estimator;
        test::EventCounter events;
        observed.observer = &events;
        const Result a = solver.solve(puzzle, plain);
        for (const Result& b : {solver.solve(puzzle, estimated), solver.solve(puzzle, observed)}) {
          ASSERT_EQ(a.status, b.status) << to_line(puzzle) << " budget " << budget;
          ASSERT_EQ(a.count, b.count) << to_line(puzzle);
          ASSERT_EQ(a.stats.nodes, b.stats.nodes) << to_line(puzzle) << " budget " << budget;
          ASSERT_EQ(a.stats.guesses, b.stats.guesses) << to_line(puzzle) << " budget " << budget;
          ASSERT_EQ(a.stats.backtracks, b.stats.backtracks) << to_line(puzzle) << " budget " << budget;
        }
        ASSERT_EQ(events.left, a.stats.backtracks) << to_line(puzzle) << " budget " << budget;  // the walk's own
      }
    }
  }
  EXPECT_EQ(puzzles, 120);  // every case above ran
}

TEST(Backtrack, NodeBudgetStopsAHopelessSearch) {
  BacktrackSolver solver;
  Limits limits;
  limits.max_nodes = 200000;
  const Result r = solver.solve(hopeless_25x25(), limits);
  EXPECT_EQ(r.status, Status::stopped);
  EXPECT_EQ(r.stop_reason, StopReason::nodes);
  EXPECT_LE(r.stats.nodes, limits.max_nodes);
  EXPECT_GE(r.stats.nodes, limits.max_nodes - 1);
}

TEST(Backtrack, DeadlineStopsAHopelessSearch) {
  BacktrackSolver solver;
  Limits limits;
  limits.max_seconds = 0.2;
  const auto start = std::chrono::steady_clock::now();
  const Result r = solver.solve(hopeless_25x25(), limits);
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(r.status, Status::stopped);
  EXPECT_EQ(r.stop_reason, StopReason::time);
  EXPECT_GE(took, 0.2);
  EXPECT_LT(took, 10.0);  // generous: sanitizer builds and loaded machines; the point is that it stops
}

// Unique 16x16 and 25x25 puzzles, generated here, are solved and verified.
class BigUnique : public ::testing::TestWithParam<int> {};

TEST_P(BigUnique, IsSolvedAndVerified) {
  const int box = GetParam();
  const auto shape = Shape::make(box, box);
  Random random(2026);
  BacktrackSolver fewest(BacktrackSolver::CellOrder::fewest_candidates);
  GenerateOptions options;
  options.clues = shape->cells() * 3 / 5;
  options.max_nodes = 20000;
  const Grid puzzle = generate_unique(shape, random, fewest, options);
  ASSERT_LE(puzzle.givens(), options.clues + 1);

  BacktrackSolver solver;
  const Result r = solver.solve(puzzle, count_up_to(2));
  ASSERT_EQ(r.status, Status::unique) << to_line(puzzle);
  EXPECT_TRUE(is_solution(puzzle, r.solutions[0]));
}

INSTANTIATE_TEST_SUITE_P(Sizes, BigUnique, ::testing::Values(4, 5));
