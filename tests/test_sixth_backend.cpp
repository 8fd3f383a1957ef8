// The plan, proved: a new backend is one folder and one registration line. tests/sixth_backend/
// holds the whole of `sixth` (its code and its sudokit_add_backend() line), and no other file of
// the project names it; this test, compiled only into builds that include that folder
// (SUDOKIT_EXTRA_BACKENDS, the ci preset), checks that it appears everywhere backends are read
// from their declarations: `sudokit solvers`, `compare`, `solve`, the cross-check suites,
// `sudokit-bench` and the experiments' backend lists. And that what it declares it does not take
// (grids above 9x9, variant rules, exact cover, traces) is refused or left out with a reason,
// never run and never failed.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>

#include "sudokit/registry.h"
#include "test_support.h"

namespace sudokit {
namespace {

using test::run_cli;
using test::run_shell;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string source(const std::string& path) { return std::string(SUDOKIT_SOURCE_DIR) + "/" + path; }

// A generated 16x16 puzzle (`sudokit generate --box 4x4 --seed 1`), and two 9x9 ones.
const std::string kSixteen = "# box: 4x4\n"
    "C.G.2...789..E....B6E3.5.....A9..2...4.A...........3..7D..F...2.7....5B.21..8..C23EG.F...4....A7...F..6..9..3B.G"
    "...B.........4..E.4..89GC..FD.3A..A.....4.....6E....4...E.G......F7.3..E...2...4.......8.2.E.1D..E.C9...8.1..5F6G"
    ".1...C...56..B.......2F..B.....\n";
const std::string kEasy = "003020600900305001001806400008102900700000008006708200002609500800203009005010300\n";
const std::string kEasySolution = "483921657967345821251876493548132976729564138136798245372689514814253769695417382\n";

TEST(SixthBackend, IsListedWithTheGridsItTakesAndItsFolder) {
  const auto r = run_cli("solvers");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto at = r.out.find("\nsixth\n");
  ASSERT_NE(at, std::string::npos) << r.out;
  const std::string entry = r.out.substr(at, r.out.find("\n", r.out.find("code:", at)) - at);
  EXPECT_TRUE(contains(entry, "solves: sudoku (classic grids up to 9x9)")) << entry;
  EXPECT_TRUE(contains(entry, "traces: no")) << entry;
  EXPECT_TRUE(contains(entry, "code: tests/sixth_backend/")) << entry;
}

TEST(SixthBackend, IsInTheExperimentsBackendListsForSudokuOnly) {
  // experiments/limits.sh and run_all.sh take their lists from these.
  const auto sudoku = run_cli("solvers --kind sudoku --names");
  const auto xc = run_cli("solvers --kind xc --names");
  EXPECT_TRUE(contains(" " + sudoku.out + " ", "sixth")) << sudoku.out;
  EXPECT_FALSE(contains(xc.out, "sixth")) << xc.out;
}

TEST(SixthBackend, JoinsTheCrossCheckSuitesForTheGridsItTakes) {
  // The parameterised suites are instantiated from declarations: sixth is among the backends of
  // the 9x9 suites, and not among those of the 16x16-and-25x25 or the variant ones.
  int in_classic = 0, in_large = 0, in_variants = 0;
  const auto& unit = *::testing::UnitTest::GetInstance();
  for (int i = 0; i < unit.total_test_suite_count(); ++i) {
    const auto& suite = *unit.GetTestSuite(i);
    const std::string name = suite.name();
    for (int j = 0; j < suite.total_test_count(); ++j) {
      const std::string test = suite.GetTestInfo(j)->name();
      if (!test.ends_with("/sixth")) continue;
      in_classic += name == "Registered/EveryBackend";
      in_large += name == "Registered/EveryLargeGridBackend";
      in_variants += name == "Registered/VariantBackend";
    }
  }
  EXPECT_GT(in_classic, 0);
  EXPECT_EQ(in_large, 0);
  EXPECT_EQ(in_variants, 0);
  const Registry& registry = builtin_solvers();
  const auto nine = registry.names(*Shape::make(3, 3));
  EXPECT_NE(std::find(nine.begin(), nine.end(), "sixth"), nine.end());
}

TEST(SixthBackend, SolvesAndIsVerifiedLikeEveryBackend) {
  const auto r = run_cli("solve --solver sixth -", kEasy);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, kEasySolution);
}

TEST(SixthBackend, CompareAgreesOnClassicGridsAndSkipsTheRest) {
  // examples/classic.txt but its third puzzle, which takes sixth 142 million nodes to prove unique.
  const auto nine = run_shell("grep -v '^#' " + source("examples/classic.txt") +
                              " | sed 3d | \"$SUDOKIT\" compare --solvers " + test::fastest() + ",sixth --max-nodes 0 -");
  EXPECT_EQ(nine.exit_code, 0) << nine.out << nine.err;
  EXPECT_TRUE(contains(nine.out, "4 puzzles, 0 with a disagreement")) << nine.out;
  EXPECT_TRUE(contains(nine.out, "| sixth | 4 | 4 |")) << nine.out;

  // Named or not (compare runs every backend by default), sixth is skipped on the 16x16 puzzle,
  // with the reason, and the others are compared.
  const std::string sixteen_backend = test::fastest(ProblemKind::sudoku, 16);
  for (const std::string& solvers : {"--solvers " + sixteen_backend + ",sixth ", std::string()}) {
    const auto sixteen = run_cli("compare " + solvers + "-", kSixteen);
    EXPECT_LE(sixteen.exit_code, 1) << solvers << sixteen.out << sixteen.err;  // 1: the slowest stops
    EXPECT_TRUE(contains(sixteen.out, "1 puzzle, 0 with a disagreement")) << sixteen.out;
    EXPECT_TRUE(contains(sixteen.out, "sixth: 1 puzzle skipped: not a grid it takes")) << sixteen.out;
    EXPECT_TRUE(contains(sixteen.out, "| " + sixteen_backend + " | 1 | 1 |")) << sixteen.out;
  }
}

// It reports no steps (BackendInfo::tracing none): a lesson leaves it out, and refuses it named.
TEST(SixthBackend, TeachLeavesOutABackendThatTracesNothing) {
  const auto page = run_cli("teach --json -", kEasy);
  ASSERT_EQ(page.exit_code, 0) << page.err;
  EXPECT_FALSE(contains(page.out, "\"spec\":\"sixth\"")) << page.err;
  const auto named = run_cli("teach --solvers sixth -", kEasy);
  EXPECT_EQ(named.exit_code, 3);
  EXPECT_TRUE(contains(named.err, "'sixth' does not report every step of its search")) << named.err;
}

TEST(SixthBackend, SolveRefusesAGridItDoesNotTakeAndGoesOn) {
  const auto r = run_cli("solve --solver sixth -", kEasy + kSixteen + "# box: 3x3\n" + kEasy);
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_EQ(r.out, kEasySolution + "# puzzle 2: no answer: the backend does not take it\n" + kEasySolution);  // 1 and 3
  EXPECT_TRUE(contains(r.err, "puzzle 2 (line 3): sixth does not take a 16x16 grid: it takes classic grids up to 9x9"))
      << r.err;
}

// check asks its decider only for a claim: a plain answer on a 16x16 grid is verified without
// it; a claim there ("none") is one sixth cannot decide, so that puzzle fails with exit 3.
TEST(SixthBackend, CheckAsksItOnlyToDecideClaimsOnGridsItTakes) {
  test::ScratchDir dir;
  const auto sixteen_solution = run_cli("solve -", kSixteen);
  ASSERT_EQ(sixteen_solution.exit_code, 0) << sixteen_solution.err;
  { std::ofstream(dir.path() + "p.txt") << kEasy << kSixteen; }
  { std::ofstream(dir.path() + "grids.txt") << kEasySolution << sixteen_solution.out; }
  const auto grids = run_cli("check --solver sixth " + dir.path() + "p.txt " + dir.path() + "grids.txt");
  EXPECT_EQ(grids.exit_code, 0) << grids.out << grids.err;
  EXPECT_TRUE(contains(grids.out, "2 puzzles: 2 correct")) << grids.out;

  { std::ofstream(dir.path() + "claims.txt") << "# claim: unique\n" << kEasySolution << "none\n"; }
  const auto claims = run_cli("check --solver sixth " + dir.path() + "p.txt " + dir.path() + "claims.txt");
  EXPECT_EQ(claims.exit_code, 3) << claims.out << claims.err;
  EXPECT_FALSE(contains(claims.out, "puzzle 1 (")) << claims.out;  // the 9x9 claim, decided by sixth: correct
  EXPECT_TRUE(contains(claims.out, "puzzle 2 (")) << claims.out;
  EXPECT_TRUE(contains(claims.out, "failed: sixth does not take a 16x16 grid")) << claims.out;
}

// compare with only backends that do not take a puzzle checked nothing there: exit 3, and says so.
TEST(SixthBackend, CompareWithNoBackendTakingAPuzzleSaysSoAndFails) {
  const auto r = run_cli("compare --solvers sixth -", kSixteen);
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "no backend compared takes puzzle 1: nothing checked it")) << r.out;
}

TEST(SixthBackend, TracingItIsRefusedBecauseItDeclaresNoTrace) {
  for (const std::string flag : {"--trace", "--tree"}) {
    const auto r = run_cli("solve --solver sixth " + flag + " -", kEasy);
    EXPECT_EQ(r.exit_code, 3) << flag;
    EXPECT_EQ(r.out, "") << flag;
    EXPECT_TRUE(contains(r.err, "sixth reports nothing of its search")) << r.err;
  }
}

TEST(SixthBackend, BenchRunsItOnClassicGridsAndLeavesItOutOfLargerOnes) {
  const std::string bench = "\"" + std::string(SUDOKIT_BENCH_EXE) + "\" --timeout 1 ";
  const auto nine = run_shell(bench + "--solvers " + test::fastest() + ",sixth " + source("examples/classic.txt") + " --count 2");
  EXPECT_EQ(nine.exit_code, 0) << nine.err;
  EXPECT_TRUE(contains(nine.out, "| sixth |")) << nine.out;

  test::ScratchDir dir;
  { std::ofstream(dir.path() + "16.txt") << kSixteen; }
  const auto sixteen = run_shell(bench + "--solvers " + test::fastest(ProblemKind::sudoku, 16) + " " + dir.path() + "16.txt");
  EXPECT_EQ(sixteen.exit_code, 0) << sixteen.err;
  // Every backend by default: sixth is left out, with the reason.
  const auto all = run_shell(bench + dir.path() + "16.txt");
  EXPECT_TRUE(contains(all.err + all.out, "puzzle 1: sixth does not take a 16x16 grid: it takes classic grids up to 9x9: left out"))
      << all.out << all.err;
  EXPECT_FALSE(contains(all.out, "| sixth |")) << all.out;
  // Named, it is a usage error.
  const auto named = run_shell(bench + "--solvers sixth " + dir.path() + "16.txt");
  EXPECT_NE(named.exit_code, 0);
  EXPECT_TRUE(contains(named.err, "puzzle 1: sixth does not take a 16x16 grid")) << named.err;
}

}  // namespace
}  // namespace sudokit
