// Every registered backend against the same data, in the style of tdoku's test_puzzles:
// each line of data/puzzles.txt is  puzzle:count:solution[:box]  (solution only when count is 1).
// Then random puzzles of every shape, on which all backends must agree with another.
#include <gtest/gtest.h>

#include <limits>

#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/generate.h"
#include "sudokit/registry.h"
#include "sudokit/verify.h"
#include "test_support.h"

using namespace sudokit;

namespace {

class EveryBackend : public ::testing::TestWithParam<std::string> {
 protected:
  std::unique_ptr<Solver> make() const { return builtin_solvers().create(GetParam()); }
};

}  // namespace

TEST(TestData, IsPresent) { EXPECT_GE(test::data_cases().size(), 20u); }

// Each case whose grid the backend takes (BackendInfo::takes; a 9x9-only backend solves the 9x9
// ones, which are most of them).
TEST_P(EveryBackend, SolvesTheDataFile) {
  auto solver = make();
  const BackendInfo info = builtin_solvers().info(GetParam());
  int solved = 0;
  for (const test::DataCase& c : test::data_cases()) {
    SCOPED_TRACE("puzzles.txt line " + std::to_string(c.line));
    const Grid puzzle = read_one(c.puzzle, c.box);
    if (!info.takes(puzzle.shape())) continue;
    ++solved;
    const Result r = solver->solve(puzzle, test::count_up_to(c.count + 1, 1000));
    ASSERT_EQ(r.count, c.count);
    if (c.count == 0) {
      EXPECT_EQ(r.status, Status::none);
    }
    if (c.count == 1) {
      EXPECT_EQ(r.status, Status::unique);
      EXPECT_EQ(to_line(r.solutions.at(0)), c.solution);
    }
    if (c.count >= 2) {
      EXPECT_EQ(r.status, Status::multiple);
    }
    for (const Grid& s : r.solutions) ASSERT_TRUE(is_solution(puzzle, s)) << to_line(s);
  }
  EXPECT_GE(solved, 15);
}

// Random puzzles: a random complete grid with random cells blanked, so some have one solution,
// some several. Every backend must agree with another (the fastest other that takes the grids) on
// status and count (up to 2), give the same solution when it is unique, and every solution it
// returns must verify.
void agree_with_another(Solver& solver, const ShapePtr& shape, int puzzles, int min_blanks, int max_blanks,
                        std::uint64_t seed) {
  auto reference = builtin_solvers().create(test::fastest_where(
      ProblemKind::sudoku, shape->size(),
      [&](const BackendInfo& i) { return i.takes(*shape) && i.name != solver.name(); }, "besides the one tested"));
  Random random(seed);
  int unique = 0, multiple = 0;
  for (int i = 0; i < puzzles; ++i) {
    const int blanks = min_blanks + static_cast<int>(random.below(static_cast<std::uint64_t>(max_blanks - min_blanks + 1)));
    const Grid puzzle = with_random_blanks(random_solution(shape, random), blanks, random);
    const Result want = reference->solve(puzzle, test::count_up_to(2));
    const Result got = solver.solve(puzzle, test::count_up_to(2));
    ASSERT_EQ(got.status, want.status) << solver.name() << " on " << to_line(puzzle);
    ASSERT_EQ(got.count, want.count) << to_line(puzzle);
    for (const Grid& s : got.solutions) ASSERT_TRUE(is_solution(puzzle, s)) << to_line(puzzle);
    if (want.status == Status::unique) {
      ASSERT_EQ(got.solutions.at(0), want.solutions.at(0)) << to_line(puzzle);
      ++unique;
    } else {
      ++multiple;
    }
  }
  // The mix must exercise both outcomes, or the test proves less than it claims.
  EXPECT_GT(unique, 0);
  EXPECT_GT(multiple, 0);
}

TEST_P(EveryBackend, AgreesOnAThousandRandom9x9Puzzles) {
  auto solver = make();
  agree_with_another(*solver, Shape::make(3, 3), 1000, 40, 60, 9);
}

// The backends taking 4x4 and 6x6 grids: every backend but those built for 9x9 alone.
class EverySmallGridBackend : public EveryBackend {};

TEST_P(EverySmallGridBackend, AgreesOnRandom4x4And6x6Puzzles) {
  auto solver = make();
  agree_with_another(*solver, Shape::make(2, 2), 300, 6, 12, 4);
  agree_with_another(*solver, Shape::make(2, 3), 300, 14, 26, 6);
  agree_with_another(*solver, Shape::make(3, 2), 100, 14, 26, 7);
}

// The backends declaring grids up to 25x25 at least (BackendInfo::max_size).
class EveryLargeGridBackend : public EveryBackend {};

TEST_P(EveryLargeGridBackend, AgreesOnRandom16x16And25x25Puzzles) {
  auto solver = make();
  agree_with_another(*solver, Shape::make(4, 4), 40, 60, 110, 16);
  agree_with_another(*solver, Shape::make(5, 5), 10, 120, 200, 25);
}

// Limits a library user gives: a time budget beyond the clock's range is no deadline (it once
// overflowed into one already passed), and a negative or NaN one is a UsageError, not undefined.
TEST_P(EveryBackend, TimeLimitsBeyondTheClockMeanNoDeadline) {
  auto solver = make();
  // The empty 4x4 grid, 288 solutions, or for a backend that takes no 4x4 grid the empty 9x9 one,
  // 300 of its solutions: more than 256 nodes either way, so the clock is read.
  const bool small = builtin_solvers().info(GetParam()).takes(*Shape::make(2, 2));
  const Grid empty(small ? Shape::make(2, 2) : Shape::make(3, 3));
  Limits limits = test::count_up_to(300);
  for (double seconds : {1e10, 1e300, std::numeric_limits<double>::infinity()}) {
    limits.max_seconds = seconds;
    const Result r = solver->solve(empty, limits);
    EXPECT_EQ(r.status, Status::multiple) << seconds;
    EXPECT_EQ(r.count, small ? 288u : 300u) << seconds;
  }
  for (double bad : {-1.0, std::numeric_limits<double>::quiet_NaN()}) {
    limits.max_seconds = bad;
    EXPECT_THROW(solver->solve(empty, limits), UsageError) << bad;
  }
}

INSTANTIATE_TEST_SUITE_P(Registered, EveryBackend, ::testing::ValuesIn(builtin_solvers().names(ProblemKind::sudoku)),
                         [](const auto& info) { return info.param; });
std::vector<std::string> small_grid_backends() {
  std::vector<std::string> out;
  const Registry registry = builtin_solvers();
  for (const std::string& name : registry.names(*Shape::make(2, 2)))
    if (registry.info(name).takes(*Shape::make(2, 3)) && registry.info(name).takes(*Shape::make(3, 2))) out.push_back(name);
  return out;
}
INSTANTIATE_TEST_SUITE_P(Registered, EverySmallGridBackend, ::testing::ValuesIn(small_grid_backends()),
                         [](const auto& info) { return info.param; });
INSTANTIATE_TEST_SUITE_P(Registered, EveryLargeGridBackend,
                         ::testing::ValuesIn(builtin_solvers().names(*Shape::make(5, 5))),
                         [](const auto& info) { return info.param; });
