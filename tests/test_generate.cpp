#include <gtest/gtest.h>

#include <stdexcept>
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
  auto checker = registry.create(test::fastest());
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
  // A different method from the one that generated them.
  auto second = registry.create(test::fastest_but({registry.uniqueness_checker(test::fastest()), test::fastest()}));
  for (const Grid& p : puzzles) {
    const Result r = second->solve(p, test::count_up_to(2));
    ASSERT_EQ(r.status, Status::unique) << to_line(p);
  }
}

TEST(GenerateCli, LargeGridsAndOptions) {
  const auto big = sudokit::test::run_cli("generate --box 4x4 --count 2 --seed 3 --symmetric");
  ASSERT_EQ(big.exit_code, 0) << big.err;
  const auto sixteen = read_all(big.out);
  ASSERT_EQ(sixteen.size(), 2u);
  auto checker = builtin_solvers().create(test::fastest(ProblemKind::sudoku, 16));
  for (const Grid& p : sixteen) {
    EXPECT_EQ(checker->solve(p, test::count_up_to(2)).status, Status::unique);
    for (int cell = 0; cell < p.cells(); ++cell)  // symmetric about the centre
      ASSERT_EQ(p[cell] == 0, p[p.cells() - 1 - cell] == 0);
  }
  const auto huge = sudokit::test::run_cli("generate --box 5x5 --clues 400 --seed 4");
  ASSERT_EQ(huge.exit_code, 0) << huge.err;
  const Grid p = read_one(huge.out);
  EXPECT_LE(p.givens(), 401);
  EXPECT_EQ(checker->solve(p, test::count_up_to(2)).status, Status::unique);
  const auto six = sudokit::test::run_cli("generate --box 2x3 --count 3 --minimal --seed 5");
  for (const Grid& q : read_all(six.out, BoxSpec{2, 3})) {
    // Minimal: every clue is needed.
    for (int cell = 0; cell < q.cells(); ++cell) {
      if (q[cell] == 0) continue;
      Grid fewer = q;
      fewer.set(cell, 0);
      EXPECT_EQ(checker->solve(fewer, test::count_up_to(2)).status, Status::multiple);
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

// --difficulty keeps only puzzles the rater's scale (BackendInfo::Rating, under its options) puts
// at that level; each is unique by two other methods, and the same seed gives the same file.
TEST(GenerateCli, DifficultyMatchesTheRating) {
  const Registry registry = builtin_solvers();
  const std::string rater_name =
      test::backend_where(ProblemKind::sudoku, [](const BackendInfo& i) { return i.rating.has_value(); }, "rating puzzles");
  SolverOptions o;
  const BackendInfo rater_info = registry.info(rater_name);
  for (const auto& [key, value] : rater_info.rating->options) o.set(key, value);
  auto rater = registry.create(rater_name, o);
  const std::string one = test::fastest_but({rater_name}), two = test::fastest_but({rater_name, one});
  auto first_check = registry.create(one), second_check = registry.create(two);
  for (auto [level, lowest, highest] : {std::tuple{"simple", 1u, 1u}, {"locked", 2u, 2u}, {"intermediate", 3u, 4u},
                                        {"expert", 5u, 5u}}) {
    const std::string command = std::string("generate --count 4 --seed 21 --difficulty ") + level;
    const auto a = sudokit::test::run_cli(command);
    ASSERT_EQ(a.exit_code, 0) << level << ": " << a.err;
    EXPECT_NE(a.out.find(std::string("# difficulty: ") + level + " (" + rater_name + " rating"), std::string::npos) << a.out;
    EXPECT_EQ(a.out, sudokit::test::run_cli(command).out) << level;
    const auto puzzles = read_all(a.out);
    ASSERT_EQ(puzzles.size(), 4u) << level;
    for (const Grid& p : puzzles) {
      const std::uint64_t rating = rater->solve(p, Limits{}).stats.counter("rating");
      EXPECT_GE(rating, lowest) << level << ": " << to_line(p);
      EXPECT_LE(rating, highest) << level << ": " << to_line(p);
      EXPECT_EQ(first_check->solve(p, test::count_up_to(2)).count, 1u) << one << ": " << to_line(p);
      EXPECT_EQ(second_check->solve(p, test::count_up_to(2)).count, 1u) << two << ": " << to_line(p);
    }
  }
}

TEST(GenerateCli, ADifficultyNotReachedIsAnError) {
  // 4x4 puzzles never need an X-wing: no attempt can match.
  const auto r = sudokit::test::run_cli("generate --box 2x2 --difficulty fish --attempts 30 --seed 1");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("no 4x4 puzzle rated fish in 30 attempts"), std::string::npos) << r.err;
  // A word off the scale: the error lists every form --difficulty takes, ER ranges included.
  const auto hard = sudokit::test::run_cli("generate --difficulty hard");
  EXPECT_EQ(hard.exit_code, 3);
  for (const char* form : {"singles", "expert", "Sudoku Explainer's ER as A-B", "got 'hard'"})
    EXPECT_NE(hard.err.find(form), std::string::npos) << form << "\n" << hard.err;
}

namespace {

// The Sudoku backends that declare uniqueness sessions, read from their declarations.
std::vector<std::string> session_backends(const Registry& registry) {
  std::vector<std::string> names;
  for (const std::string& name : registry.names(ProblemKind::sudoku))
    if (registry.info(name).uniqueness_sessions) names.push_back(name);
  return names;
}

// Every clue needed: without any one of them (with its mirror too, for a symmetric puzzle), a
// search other than the generator's checker finds a second solution: the fastest of the others.
void expect_minimal(const Grid& puzzle, bool symmetric = false) {
  const Registry registry = builtin_solvers();
  auto other = registry.create(test::fastest_but({registry.uniqueness_checker(test::fastest())}, puzzle.size()));
  for (int cell = 0; cell < puzzle.cells(); ++cell) {
    if (puzzle[cell] == 0) continue;
    Grid fewer = puzzle;
    fewer.set(cell, 0);
    if (symmetric) fewer.set(puzzle.cells() - 1 - cell, 0);
    ASSERT_EQ(other->solve(fewer, test::count_up_to(2)).status, Status::multiple)
        << puzzle.shape().name() << ": clue " << puzzle.shape().cell_name(cell) << (symmetric ? " and its mirror" : "")
        << " of " << to_line(puzzle);
  }
}

GenerateOptions minimal_options() {
  GenerateOptions o;
  o.max_nodes = 0;
  return o;
}

}  // namespace

// A backend gives a uniqueness session exactly when it declares one.
TEST(UniquenessSession, GivenExactlyByTheBackendsThatDeclareIt) {
  const Registry registry = builtin_solvers();
  const auto shape = Shape::make(3, 3);
  Random random(5);
  const Grid solution = random_solution(shape, random);
  for (const std::string& name : registry.names(ProblemKind::sudoku))
    EXPECT_EQ(registry.create(name)->uniqueness_session(solution) != nullptr, registry.info(name).uniqueness_sessions)
        << name;
  EXPECT_FALSE(session_backends(registry).empty()) << "generate --minimal on large grids needs one";
}

// Minimal puzzles checked through each session: unique by dlx, every clue needed by another
// search (backtrack, propagate at 16x16), no check stopped.
TEST(GenerateMinimal, UniqueAndMinimalThroughEachSession) {
  const Registry registry = builtin_solvers();
  auto filler = registry.create(test::fastest());  // as generate fills grids
  auto second = registry.create(test::fastest_but({registry.uniqueness_checker(test::fastest()), test::fastest()}));
  int proven_by_singles = 0;
  for (const std::string& name : session_backends(registry)) {
    auto checker = registry.create(name);
    for (auto [br, bc] : {std::pair{2, 2}, {2, 3}, {3, 3}, {4, 4}}) {
      const auto shape = Shape::make(br, bc);
      Random random(40 + br * 10 + bc);
      GenerateReport report;
      const Grid puzzle = generate_unique(shape, random, *filler, *checker, minimal_options(), &report);
      EXPECT_TRUE(report.session) << name;
      EXPECT_EQ(report.stopped, 0) << name;
      if (br * bc >= 9) {  // at 4x4 and 6x6 singles from each other digit may decide every removal
        EXPECT_GT(report.checks, 0) << name;
      }
      proven_by_singles += report.singles_proven;
      EXPECT_EQ(second->solve(puzzle, test::count_up_to(2)).status, Status::unique) << name << " " << to_line(puzzle);
      expect_minimal(puzzle);
    }
  }
  EXPECT_GT(proven_by_singles, 0) << "singles from each other digit decided nothing: rule 3 went untested";
}

// The session decides every removal as counting to 2 does: with the same filler and seed, the
// same minimal puzzle as propagate checking alone (symmetric pairs too); the same seed gives the
// same puzzle, another seed another.
TEST(GenerateMinimal, SessionAndCountingGiveTheSamePuzzle) {
  const Registry registry = builtin_solvers();
  auto filler = registry.create(test::fastest());  // as generate fills grids
  for (const std::string& name : session_backends(registry)) {
    for (auto [br, bc, symmetric] : {std::tuple{3, 3, false}, {3, 3, true}, {4, 4, false}}) {
      const auto shape = Shape::make(br, bc);
      GenerateOptions options = minimal_options();
      options.symmetric = symmetric;
      auto with_session = [&](std::uint64_t seed) {
        Random random(seed);
        auto checker = registry.create(name);  // a fresh solver: nothing carried over
        return generate_unique(shape, random, *filler, *checker, options);
      };
      Random random(77);
      GenerateReport counted;
      const Grid by_counting = generate_unique(shape, random, *filler, options, &counted);
      EXPECT_FALSE(counted.session);
      const Grid a = with_session(77);
      EXPECT_EQ(to_line(a), to_line(by_counting)) << name << " " << shape->name() << (symmetric ? " symmetric" : "");
      EXPECT_EQ(to_line(a), to_line(with_session(77))) << name;
      EXPECT_NE(to_line(a), to_line(with_session(78))) << name;
      if (symmetric) {
        for (int cell = 0; cell < a.cells(); ++cell) ASSERT_EQ(a[cell] == 0, a[a.cells() - 1 - cell] == 0);
      }
    }
  }
}

// Symmetric minimal puzzles, checked in one pass or in --defer's rounds: unique, and no kept
// pair can go (another search finds a second solution without it), so the cells skipped as
// already proven needed, or as waiting with their pair for the next round, were skipped rightly.
TEST(GenerateMinimal, SymmetricPairsAreEachNeeded) {
  const Registry registry = builtin_solvers();
  auto filler = registry.create(test::fastest());  // as generate fills grids
  auto second = registry.create(test::fastest_but({registry.uniqueness_checker(test::fastest()), test::fastest()}));
  int deferred = 0;
  for (const std::string& name : session_backends(registry)) {
    for (auto [br, bc, defer] : {std::tuple{3, 3, 0}, {3, 3, 1}, {4, 4, 0}, {4, 4, 1}}) {
      const auto shape = Shape::make(br, bc);
      GenerateOptions options = minimal_options();
      options.symmetric = true;
      options.deferred_budget = static_cast<std::uint64_t>(defer);
      auto checker = registry.create(name);
      Random random(31 + br);
      GenerateReport report;
      const Grid puzzle = generate_unique(shape, random, *filler, *checker, options, &report);
      const std::string what = name + " " + shape->name() + (defer ? " deferred " : " ") + to_line(puzzle);
      deferred += report.deferred;
      EXPECT_EQ(report.stopped, 0) << what;
      ASSERT_EQ(second->solve(puzzle, test::count_up_to(2)).status, Status::unique) << what;
      expect_minimal(puzzle, /*symmetric=*/true);
    }
  }
  EXPECT_GT(deferred, 0) << "no check ran out of the first round: the waiting pairs went untested";
}

// The singles-first pass (GenerateOptions::singles_first) removes clues only while naked and
// hidden singles still fill the grid, then checks the rest as usual: the result is unique and
// minimal, the same whether a session or counting to 2 checked it, and the same from the same
// seed. On small shapes the pass alone usually reaches a puzzle the checks cannot improve on, so
// a few symmetric and variant shapes are included, where it does not.
TEST(GenerateMinimal, SinglesFirstGivesUniqueMinimalPuzzles) {
  const Registry registry = builtin_solvers();
  auto filler = registry.create(test::fastest());  // as generate fills grids
  auto second = registry.create(test::fastest_but({registry.uniqueness_checker(test::fastest()), test::fastest()}));
  Rules x;
  x.diagonal_main = x.diagonal_anti = true;
  int checked_removals = 0, other_puzzles = 0, puzzles = 0;
  for (const std::string& name : session_backends(registry)) {
    for (auto [br, bc, symmetric, rules] :
         {std::tuple{2, 2, false, Rules{}}, {2, 3, false, Rules{}}, {3, 3, false, Rules{}}, {3, 3, true, Rules{}},
          {3, 3, false, x}, {4, 4, false, Rules{}}}) {
      const auto shape = Shape::make(br, bc, rules);
      GenerateOptions options = minimal_options();
      options.symmetric = symmetric;
      const GenerateOptions options_without_pass = options;
      options.singles_first = true;
      for (std::uint64_t seed = 1; seed <= (br * bc <= 9 ? 3u : 1u); ++seed) {
        auto checker = registry.create(name);
        Random random(seed), again(seed), counting(seed);
        GenerateReport report;
        const Grid puzzle = generate_unique(shape, random, *filler, *checker, options, &report);
        const std::string what = name + " " + shape->name() + (symmetric ? " symmetric" : "") + " " + to_line(puzzle);
        EXPECT_GT(report.by_singles, 0) << what;
        EXPECT_EQ(report.forced, 0) << what;  // the pass leaves no clue the givens alone would force
        EXPECT_EQ(report.stopped, 0) << what;
        checked_removals += report.checks - report.kept;
        EXPECT_EQ(second->solve(puzzle, test::count_up_to(2)).status, Status::unique) << what;
        if (symmetric) {
          for (int cell = 0; cell < puzzle.cells(); ++cell)
            ASSERT_EQ(puzzle[cell] == 0, puzzle[puzzle.cells() - 1 - cell] == 0) << what;
        } else {
          expect_minimal(puzzle);
        }
        auto fresh = registry.create(name);
        EXPECT_EQ(to_line(generate_unique(shape, again, *filler, *fresh, options)), to_line(puzzle)) << what;
        EXPECT_EQ(to_line(generate_unique(shape, counting, *filler, options)), to_line(puzzle)) << what;
        Random plain(seed);  // without the pass, often another puzzle (6 of 16 here)
        other_puzzles += to_line(generate_unique(shape, plain, *filler, *checker, options_without_pass)) != to_line(puzzle);
        ++puzzles;
      }
    }
  }
  EXPECT_GT(checked_removals, 0) << "no removal was left to the checks: the second phase went untested";
  EXPECT_GT(other_puzzles, 0) << "every puzzle the same as without the pass, of " << puzzles;
}

// A check that runs out of its budget keeps its clue: reported, and the puzzle is still unique.
TEST(GenerateMinimal, ABudgetThatRunsOutKeepsTheClue) {
  const Registry registry = builtin_solvers();
  auto filler = registry.create(test::fastest());  // as generate fills grids
  auto second = registry.create(test::fastest_but({registry.uniqueness_checker(test::fastest()), test::fastest()}));
  for (const std::string& name : session_backends(registry)) {
    auto checker = registry.create(name);
    Random random(3);
    GenerateOptions options;
    options.max_nodes = 1;
    GenerateReport report;
    const Grid puzzle = generate_unique(Shape::make(4, 4), random, *filler, *checker, options, &report);
    EXPECT_GT(report.stopped, 0) << name;
    EXPECT_EQ(second->solve(puzzle, test::count_up_to(2)).status, Status::unique) << name;
  }
  const auto r = sudokit::test::run_cli("generate --box 4x4 --max-nodes 1 --seed 3");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("ran out of --max-nodes 1: clues kept unproven"), std::string::npos) << r.out;
}

// Deferred checks (GenerateOptions::deferred_budget): a first round with a budget so small that
// checks run out, then rounds with ten times more. With no cap the result is still unique and
// minimal with nothing stopped; the same seed gives the same puzzle; with a cap, the last round's
// stops are final and counted, and the puzzle is unique all the same.
TEST(GenerateMinimal, DeferredChecksGiveUniqueMinimalPuzzles) {
  const Registry registry = builtin_solvers();
  auto filler = registry.create(test::fastest());  // as generate fills grids
  auto second = registry.create(test::fastest_but({registry.uniqueness_checker(test::fastest()), test::fastest()}));
  int deferred = 0, capped_stops = 0;  // at 9x9 a check rarely needs more than one conflict: summed
  for (const std::string& name : session_backends(registry)) {
    for (auto [br, bc, singles_first] : {std::tuple{3, 3, false}, {4, 4, false}, {4, 4, true}}) {
      const auto shape = Shape::make(br, bc);
      GenerateOptions options = minimal_options();
      options.singles_first = singles_first;
      options.deferred_budget = 1;
      auto checker = registry.create(name);
      Random random(90 + br), again(90 + br);
      GenerateReport report;
      const Grid puzzle = generate_unique(shape, random, *filler, *checker, options, &report);
      const std::string what = name + " " + shape->name() + (singles_first ? " singles first " : " ") + to_line(puzzle);
      deferred += report.deferred;
      EXPECT_EQ(report.rounds > 0, report.deferred > 0) << what;
      EXPECT_LE(report.rounds, 4) << what;
      EXPECT_EQ(report.stopped, 0) << what;
      EXPECT_EQ(second->solve(puzzle, test::count_up_to(2)).status, Status::unique) << what;
      expect_minimal(puzzle);
      auto fresh = registry.create(name);
      EXPECT_EQ(to_line(generate_unique(shape, again, *filler, *fresh, options)), to_line(puzzle)) << what;

      GenerateOptions capped = options;
      capped.max_nodes = 3;  // rounds of 1 then 3 (the cap): what runs out of 3 stays, unproven
      Random random_capped(90 + br);
      GenerateReport capped_report;
      const Grid capped_puzzle = generate_unique(shape, random_capped, *filler, *checker, capped, &capped_report);
      EXPECT_LE(capped_report.rounds, 1) << what;
      capped_stops += capped_report.stopped;
      EXPECT_EQ(second->solve(capped_puzzle, test::count_up_to(2)).status, Status::unique) << what;
    }
  }
  EXPECT_GT(deferred, 0) << "no check ran out of the first round's budget: the later rounds went untested";
  EXPECT_GT(capped_stops, 0) << "no check ran out of the cap: the last round's stops went untested";
  const auto r = sudokit::test::run_cli("generate --box 4x4 --minimal --defer 1 --seed 3 --stats");  // 16x16
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("--defer 1\n"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find(" deferred to "), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("ran out of"), std::string::npos) << r.out;
}

// The progress calls follow the run: rounds in order, each counting its cells up to its size,
// clues never rising, and the last call's figures those of the puzzle and the report. Watching
// changes nothing, and what the callback throws ends the run.
TEST(GenerateProgress, FollowsTheRunToItsResult) {
  const Registry registry = builtin_solvers();
  auto filler = registry.create(test::fastest());  // as generate fills grids
  int deferred_rounds_seen = 0;
  for (const std::string& name : session_backends(registry)) {
    for (bool singles_first : {false, true}) {
      const auto shape = Shape::make(4, 4);
      GenerateOptions options = minimal_options();
      options.singles_first = singles_first;
      options.deferred_budget = 1;
      const std::string what = name + (singles_first ? " singles first" : "");
      auto checker = registry.create(name);
      Random unwatched_random(7);
      const Grid unwatched = generate_unique(shape, unwatched_random, *filler, *checker, options);

      std::vector<GenerateProgress> calls;
      options.progress = [&](const GenerateProgress& p) { calls.push_back(p); };
      auto fresh = registry.create(name);
      Random random(7);
      GenerateReport report;
      const Grid puzzle = generate_unique(shape, random, *filler, *fresh, options, &report);
      EXPECT_EQ(to_line(puzzle), to_line(unwatched)) << what;
      ASSERT_FALSE(calls.empty()) << what;
      EXPECT_EQ(calls.front().round, singles_first ? 0 : 1) << what;
      EXPECT_EQ(calls.front().clues, shape->cells()) << what;
      for (std::size_t i = 1; i < calls.size(); ++i) {
        const GenerateProgress &before = calls[i - 1], &now = calls[i];
        EXPECT_LE(now.clues, before.clues) << what << " call " << i;
        EXPECT_LE(now.tried, now.cells) << what << " call " << i;
        EXPECT_GE(now.so_far.checks, before.so_far.checks) << what << " call " << i;
        if (now.round == before.round) {
          EXPECT_EQ(now.tried, before.tried + 1) << what << " call " << i;
        } else {
          EXPECT_EQ(now.round, before.round + 1) << what << " call " << i;
          EXPECT_EQ(now.tried, 0) << what << " call " << i;
        }
      }
      const GenerateProgress& last = calls.back();
      EXPECT_EQ(last.clues, puzzle.givens()) << what;
      EXPECT_EQ(last.tried, last.cells) << what;
      EXPECT_EQ(last.round, report.rounds + 1) << what;
      EXPECT_EQ(last.so_far.checks, report.checks) << what;
      EXPECT_EQ(last.so_far.deferred, report.deferred) << what;
      deferred_rounds_seen += report.rounds;

      options.progress = [](const GenerateProgress& p) {
        if (p.tried == 5) throw std::runtime_error("enough");
      };
      Random again(7);
      EXPECT_THROW(generate_unique(shape, again, *filler, *fresh, options), std::runtime_error) << what;
    }
  }
  EXPECT_GT(deferred_rounds_seen, 0) << "no deferred round: the calls across rounds went untested";
}

// A variant shape with boxes that are not square: its '# box:' header once, and it reads back.
TEST(GenerateCli, TheBoxHeaderOnceForVariantShapes) {
  const auto r = sudokit::test::run_cli("generate --box 2x3 --rules anti-king --count 3 --seed 5");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::size_t headers = 0;
  for (std::size_t at = r.out.find("# box:"); at != std::string::npos; at = r.out.find("# box:", at + 1)) ++headers;
  EXPECT_EQ(headers, 1u) << r.out;
  const auto solved = sudokit::test::run_cli("solve --count 2", r.out);
  EXPECT_EQ(solved.exit_code, 0) << solved.err;
  EXPECT_NE(solved.out.find("# puzzle 3: 1 solution (unique)"), std::string::npos) << solved.out;
}

// --first K: the puzzles from the K-th on of the same run, so a large set can be made in parts.
TEST(GenerateCli, FirstStartsLaterInTheSameSequence) {
  const auto whole = sudokit::test::run_cli("generate --box 2x3 --count 5 --seed 4 --minimal");
  const auto part = sudokit::test::run_cli("generate --box 2x3 --count 3 --seed 4 --minimal --first 3");
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  ASSERT_EQ(part.exit_code, 0) << part.err;
  const auto all = read_all(whole.out, BoxSpec{2, 3}), later = read_all(part.out, BoxSpec{2, 3});
  ASSERT_EQ(all.size(), 5u);
  ASSERT_EQ(later.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(to_line(later[i]), to_line(all[i + 2])) << i;
  EXPECT_EQ(sudokit::test::run_cli("generate --first 2 --difficulty easy").exit_code, 3);
  // Elsewhere --count 0 means all; a generator has no "all", so it is refused, not silently nothing.
  const auto none = sudokit::test::run_cli("generate --count 0");
  EXPECT_EQ(none.exit_code, 3);
  EXPECT_NE(none.err.find("--count must be at least 1"), std::string::npos) << none.err;
  EXPECT_EQ(none.out, "");
}
