#include <gtest/gtest.h>

#include <tuple>

#include "sudokit/generate.h"
#include "sudokit/registry.h"
#include "sudokit/verify.h"
#include "sudokit/format.h"
#include "test_support.h"

using namespace sudokit;

TEST(Random, IsTheSameSequenceFromTheSameSeed) {
  Random a(123), b(123), c(124);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    const auto x = a.next();
    EXPECT_EQ(x, b.next());
    differs |= x != c.next();
  }
  EXPECT_TRUE(differs);
  // Pinned: the generator must give the same numbers on every machine and compiler.
  Random d(1);
  EXPECT_EQ(d.below(1000), Random(1).below(1000));
}

TEST(Generate, UniquePuzzlesOfSmallShapes) {
  const Registry registry = builtin_solvers();
  auto checker = registry.create("backtrack", [] {
    SolverOptions o;
    o.set("order", "fewest");
    return o;
  }());
  Random random(11);
  for (auto [br, bc] : {std::pair{2, 2}, {2, 3}, {3, 3}}) {
    const auto shape = Shape::make(br, bc);
    const Grid puzzle = generate_unique(shape, random, *checker);
    Limits limits;
    limits.solutions = 0;
    const Result r = checker->solve(puzzle, limits);
    EXPECT_EQ(r.status, Status::unique) << shape->name();
    EXPECT_EQ(r.count, 1u);
    EXPECT_LT(puzzle.givens(), shape->cells() / 2) << shape->name();
  }
}

// `sudokit generate`: the same puzzles from the same seed on every run, each with one solution.
TEST(GenerateCli, SameSeedSamePuzzlesEachUnique) {
  const auto a = sudokit::test::run_cli("generate --box 3x3 --count 100 --seed 1");
  const auto b = sudokit::test::run_cli("generate --box 3x3 --count 100 --seed 1");
  const auto c = sudokit::test::run_cli("generate --box 3x3 --count 100 --seed 2");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out, c.out);
  const auto puzzles = read_all(a.out);
  ASSERT_EQ(puzzles.size(), 100u);
  const Registry registry = builtin_solvers();
  auto dlx = registry.create("dlx");  // a different method from the one that generated them
  for (const Grid& p : puzzles) {
    const Result r = dlx->solve(p, test::count_up_to(2));
    ASSERT_EQ(r.status, Status::unique) << to_line(p);
  }
}

TEST(GenerateCli, LargeGridsAndOptions) {
  const auto big = sudokit::test::run_cli("generate --box 4x4 --count 2 --seed 3 --symmetric");
  ASSERT_EQ(big.exit_code, 0) << big.err;
  const auto sixteen = read_all(big.out);
  ASSERT_EQ(sixteen.size(), 2u);
  auto propagate = builtin_solvers().create("propagate");
  for (const Grid& p : sixteen) {
    EXPECT_EQ(propagate->solve(p, test::count_up_to(2)).status, Status::unique);
    for (int cell = 0; cell < p.cells(); ++cell)  // symmetric about the centre
      ASSERT_EQ(p[cell] == 0, p[p.cells() - 1 - cell] == 0);
  }
  const auto huge = sudokit::test::run_cli("generate --box 5x5 --clues 400 --seed 4");
  ASSERT_EQ(huge.exit_code, 0) << huge.err;
  const Grid p = read_one(huge.out);
  EXPECT_LE(p.givens(), 401);
  EXPECT_EQ(propagate->solve(p, test::count_up_to(2)).status, Status::unique);
  const auto six = sudokit::test::run_cli("generate --box 2x3 --count 3 --minimal --seed 5");
  for (const Grid& q : read_all(six.out, BoxSpec{2, 3})) {
    // Minimal: every clue is needed.
    for (int cell = 0; cell < q.cells(); ++cell) {
      if (q[cell] == 0) continue;
      Grid fewer = q;
      fewer.set(cell, 0);
      EXPECT_EQ(propagate->solve(fewer, test::count_up_to(2)).status, Status::multiple);
    }
  }
}

// The output names its shape ('# box: RxC'), so a 6x6 file reads back without --box.
TEST(GenerateCli, TheOutputCarriesItsShape) {
  const auto six = sudokit::test::run_cli("generate --box 2x3 --count 2 --seed 9");
  ASSERT_EQ(six.exit_code, 0) << six.err;
  EXPECT_NE(six.out.find("\n# box: 2x3\n"), std::string::npos) << six.out;
  const auto solved = sudokit::test::run_cli("solve --count 2", six.out);
  EXPECT_EQ(solved.exit_code, 0) << solved.err;
  EXPECT_NE(solved.out.find("# puzzle 2: 1 solution (unique)"), std::string::npos) << solved.out;
}

// --difficulty keeps only puzzles the propagate rating (every rule, no search) puts at that
// level; each is unique by two other methods, and the same seed gives the same file.
TEST(GenerateCli, DifficultyMatchesTheRating) {
  const Registry registry = builtin_solvers();
  SolverOptions o;
  o.set("rules", "all");
  o.set("search", "off");
  auto rater = registry.create("propagate", o);
  auto dlx = registry.create("dlx");
  auto sat = registry.create("sat");
  for (auto [level, lowest, highest] : {std::tuple{"simple", 1u, 1u}, {"locked", 2u, 2u}, {"intermediate", 3u, 4u},
                                        {"expert", 5u, 5u}}) {
    const std::string command = std::string("generate --count 4 --seed 21 --difficulty ") + level;
    const auto a = sudokit::test::run_cli(command);
    ASSERT_EQ(a.exit_code, 0) << level << ": " << a.err;
    EXPECT_NE(a.out.find(std::string("# difficulty: ") + level + " (propagate rating"), std::string::npos) << a.out;
    EXPECT_EQ(a.out, sudokit::test::run_cli(command).out) << level;
    const auto puzzles = read_all(a.out);
    ASSERT_EQ(puzzles.size(), 4u) << level;
    for (const Grid& p : puzzles) {
      const std::uint64_t rating = rater->solve(p, Limits{}).stats.counter("rating");
      EXPECT_GE(rating, lowest) << level << ": " << to_line(p);
      EXPECT_LE(rating, highest) << level << ": " << to_line(p);
      EXPECT_EQ(dlx->solve(p, test::count_up_to(2)).count, 1u) << to_line(p);
      EXPECT_EQ(sat->solve(p, test::count_up_to(2)).count, 1u) << to_line(p);
    }
  }
}

TEST(GenerateCli, ADifficultyNotReachedIsAnError) {
  // 4x4 puzzles never need an X-wing: no attempt can match.
  const auto r = sudokit::test::run_cli("generate --box 2x2 --difficulty fish --attempts 30 --seed 1");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("no 4x4 puzzle rated fish in 30 attempts"), std::string::npos) << r.err;
  EXPECT_EQ(sudokit::test::run_cli("generate --difficulty hard").exit_code, 3);
}
