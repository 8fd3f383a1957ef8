// Generating variant puzzles: symmetries that keep the rules, random jigsaw layouts, and the
// generated X and jigsaw puzzles compared across every registered backend with every answer
// verified (the small version of the 1000 + 1000 run in docs/variants.md).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "sudokit/compare/compare.h"
#include "sudokit/format.h"
#include "sudokit/generate.h"
#include "sudokit/registry.h"
#include "sudokit/verify.h"
#include "test_support.h"

using namespace sudokit;

namespace {

// The backend a command takes for 9x9 grids with variant rules (Registry::default_for).
std::string variant_backend() {
  Rules x;
  parse_rule_names("x", x);
  return builtin_solvers().default_for(*Shape::make(3, 3, x));
}

bool connected(const std::vector<int>& regions, int n, int which) {
  std::vector<int> stack, seen(regions.size(), 0);
  int size = 0, reached = 0;
  for (std::size_t cell = 0; cell < regions.size(); ++cell)
    if (regions[cell] == which && size++ == 0) stack.push_back(static_cast<int>(cell)), seen[cell] = 1;
  while (!stack.empty()) {
    const int cell = stack.back();
    stack.pop_back();
    ++reached;
    const int r = cell / n, c = cell % n;
    for (auto [dr, dc] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
      const int rr = r + dr, cc = c + dc;
      if (rr < 0 || rr >= n || cc < 0 || cc >= n) continue;
      const auto next = static_cast<std::size_t>(rr * n + cc);
      if (!seen[next] && regions[next] == which) seen[next] = 1, stack.push_back(static_cast<int>(next));
    }
  }
  return reached == size;
}

}  // namespace

TEST(VariantGenerate, JigsawLayoutsHaveConnectedRegionsOfNCellsAndAreNotTheBoxes) {
  for (auto [br, bc] : {std::pair{2, 2}, {2, 3}, {3, 3}, {3, 4}}) {
    const int n = br * bc;
    Random random(static_cast<std::uint64_t>(n));
    const auto regions = random_jigsaw_regions(br, bc, random);
    ASSERT_EQ(regions.size(), static_cast<std::size_t>(n * n));
    for (int which = 0; which < n; ++which) {
      EXPECT_EQ(std::count(regions.begin(), regions.end(), which), n) << br << "x" << bc << " region " << which;
      EXPECT_TRUE(connected(regions, n, which)) << br << "x" << bc << " region " << which;
    }
    const auto boxes = Shape::make(br, bc);
    int moved = 0;
    for (int cell = 0; cell < n * n; ++cell) moved += regions[static_cast<std::size_t>(cell)] != boxes->box_of(cell);
    if (n > 4) { EXPECT_GT(moved, n) << br << "x" << bc; }
    Random again(static_cast<std::uint64_t>(n));
    EXPECT_EQ(random_jigsaw_regions(br, bc, again), regions);  // the same seed, the same layout
  }
}

TEST(VariantGenerate, ShuffledKeepsEveryRule) {
  const Registry registry = builtin_solvers();
  auto filler = registry.create(variant_backend());
  for (const char* names : {"x", "diagonal+", "windoku", "disjoint", "anti-knight", "anti-king", "x anti-king"}) {
    Rules rules;
    parse_rule_names(names, rules);
    const auto shape = Shape::make(3, 3, rules);
    Random random(11);
    for (int i = 0; i < 10; ++i) {
      const Grid grid = random_solution(shape, random, *filler);
      ASSERT_TRUE(grid.complete()) << names;
      EXPECT_TRUE(verify(Grid(shape), grid).empty()) << names << ": " << verify(Grid(shape), grid).front().message;
      const Grid again = shuffled(grid, random);
      EXPECT_TRUE(verify(Grid(shape), again).empty()) << names;
    }
  }
}

// Rules that allow few grids: on most anti-knight jigsaw layouts nine random digits leave no
// grid, so the generator scattered them 100 times and gave up (seeds 1, 3 and 5 did); fewer
// digits after failures find one. Rules that allow none are told apart from bad luck.
TEST(VariantGenerate, RareGridsAreFoundAndImpossibleRulesSaySo) {
  const Registry registry = builtin_solvers();
  auto filler = registry.create(variant_backend());
  Rules anti_knight;
  parse_rule_names("anti-knight", anti_knight);
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    Random random(seed);
    const ShapePtr shape = random_jigsaw_shape(3, 3, anti_knight, random, *filler);
    const Grid grid = random_solution(shape, random, *filler);
    ASSERT_TRUE(grid.complete()) << "seed " << seed;
    EXPECT_TRUE(verify(Grid(shape), grid).empty()) << "seed " << seed;
  }
  const auto made = test::run_cli("generate --jigsaw --rules anti-knight --seed 3 --count 2");
  EXPECT_EQ(made.exit_code, 0) << made.err;
  EXPECT_EQ(read_all(made.out).size(), 2u) << made.out;

  Rules impossible;  // no 6x6 grid is both X and anti-king (every backend counts 0)
  parse_rule_names("x anti-king", impossible);
  Random random(1);
  try {
    random_solution(Shape::make(2, 3, impossible), random, *filler);
    ADD_FAILURE() << "a grid of rules that allow none";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("the rules x+anti-king allow no 6x6 (2x3 boxes) grid"), std::string::npos)
        << e.what();
  }
}

// Generated X and jigsaw puzzles, 6x6 and 9x9, each unique by the generator's checker, then
// compared across every registered Sudoku backend: every answer verified, no disagreement, each
// backend finds exactly one solution. Clues stop at 14 (6x6) and 30 (9x9): minimal jigsaw
// puzzles cost the plain backtracking search up to 10^9 nodes, and this is about agreement.
// Fails on its X puzzles until backtrack's default (plain) search is fixed: docs/variants.md.
TEST(VariantGenerate, GeneratedXAndJigsawPuzzlesAgreeOnEveryBackend) {
  const Registry registry = builtin_solvers();
  auto checker = registry.create(variant_backend());
  std::vector<PuzzleInput> puzzles;
  Rules x;
  parse_rule_names("x", x);
  std::size_t number = 0;
  for (auto [br, bc] : {std::pair{2, 3}, {3, 3}}) {
    Random random(2026 + static_cast<std::uint64_t>(br * bc));
    const auto x_shape = Shape::make(br, bc, x);
    GenerateOptions options;
    options.clues = br * bc == 6 ? 14 : 30;
    for (int i = 0; i < 10; ++i) {
      const Grid puzzle = generate_unique(x_shape, random, *checker, options);
      puzzles.push_back({++number, "x", 0, puzzle});
      const ShapePtr jigsaw = random_jigsaw_shape(br, bc, {}, random, *checker);
      puzzles.push_back({++number, "jigsaw", 0, generate_unique(jigsaw, random, *checker, options)});
    }
  }
  for (const PuzzleInput& p : puzzles) {
    const Grid& g = std::get<Grid>(p.problem);
    // The text written for it reads back as the same puzzle.
    std::istringstream in(to_text(g, Format::line));
    PuzzleReader reader(in, "generated");
    const auto back = reader.next();
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(back->grid, g);
  }
  CompareOptions options;
  options.limits.solutions = 2;
  std::ostringstream details;
  const CompareReport report = run_compare(registry, puzzles, options, details);
  EXPECT_EQ(report.disagreements, 0u) << details.str();
  const std::size_t backends = registry.names(ProblemKind::sudoku).size();
  ASSERT_GE(registry.names(std::get<Grid>(puzzles.front().problem).shape()).size(), 4u);
  ASSERT_EQ(report.rows.size(), puzzles.size() * backends);
  for (const Row& row : report.rows) {
    // A backend declaring that it does not take a grid's rules has the row, marked skipped.
    const Shape& shape = std::get<Grid>(puzzles.at(row.puzzle - 1).problem).shape();
    const std::string expected = registry.info(row.backend).takes(shape) ? "unique" : "skipped";
    EXPECT_EQ(row.status, expected) << row.backend << " puzzle " << row.puzzle;
    EXPECT_EQ(row.verdict, expected == "unique" ? Verdict::agrees : Verdict::skipped) << row.backend << " puzzle " << row.puzzle;
    EXPECT_EQ(row.rules, row.source == "x" ? "x" : "jigsaw");
  }
}

// The command line end to end: generated variant puzzles read back and solve as the same puzzles,
// --rules applies rules to plain puzzles, compare's CSV names the rules.
TEST(VariantCli, GenerateSolveAndCompareCarryTheRules) {
  using test::run_cli;
  const auto generated = run_cli("generate --jigsaw --box 2x3 --rules anti-king --count 3 --seed 5 --clues 16");
  ASSERT_EQ(generated.exit_code, 0) << generated.err;
  EXPECT_NE(generated.out.find("# box: 2x3\n# rules: anti-king\n# jigsaw:\n"), std::string::npos) << generated.out;
  const auto solved = run_cli("solve --count 2", generated.out);
  ASSERT_EQ(solved.exit_code, 0) << solved.err;
  std::size_t unique = 0;
  for (std::size_t at = 0; (at = solved.out.find("1 solution (unique)", at)) != std::string::npos; ++at) ++unique;
  EXPECT_EQ(unique, 3u) << solved.out;
  // The solutions read back as grids of the same rules, and each solves its puzzle.
  const auto puzzles = read_all(generated.out), solutions = read_all(solved.out);
  ASSERT_EQ(puzzles.size(), 3u);
  ASSERT_EQ(solutions.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(solutions[i].shape().rules(), puzzles[i].shape().rules());
    EXPECT_TRUE(is_solution(puzzles[i], solutions[i])) << i;
  }

  const std::string ukpa = ".....38......47...6...2....89........23...78........36....3...4...16......78.....\n";
  const auto x = run_cli("solve --rules x", ukpa);
  EXPECT_EQ(x.exit_code, 0) << x.err;
  EXPECT_EQ(x.out, "# rules: x\n259613847381947265674528913896371452123456789745289136518732694932164578467895321\n");
  const auto bad = run_cli("solve --rules anti-queen", ukpa);
  EXPECT_EQ(bad.exit_code, 3);
  EXPECT_NE(bad.err.find("--rules: unknown rule 'anti-queen'"), std::string::npos) << bad.err;

  const std::string csv = ::testing::TempDir() + "sudokit_variant_compare.csv";
  // Two quick backends that take variant rules (BackendInfo::classic_only), neither rating.
  const std::string slow = test::slowest();
  std::vector<std::string> quick = test::backends_where(
      ProblemKind::sudoku, [&](const BackendInfo& i) { return !i.classic_only && i.name != slow; });
  ASSERT_GE(quick.size(), 2u);
  quick.resize(2);
  const auto compared = run_cli("compare --solvers " + test::joined(quick) + " --rules x --csv " + csv, ukpa);
  EXPECT_EQ(compared.exit_code, 0) << compared.out << compared.err;
  std::ifstream in(csv);
  std::string header, row;
  std::getline(in, header);
  std::getline(in, row);
  EXPECT_TRUE(header.ends_with(",rules,rating,estimated_nodes,searched_fraction")) << header;
  // no rating (none asked for: BackendInfo::Rating::options), no estimate (the searches ended)
  EXPECT_TRUE(row.ends_with(",x,,,")) << row;
  // An f-puzzles file is taken for puzzles, not for an exact-cover file.
  const auto json = run_cli("compare --solvers " + test::joined(quick) + " " + std::string(SUDOKIT_TEST_DATA) +
                            "/fpuzzles/ukpa_diagonal_hard.json");
  EXPECT_EQ(json.exit_code, 0) << json.out << json.err;
  EXPECT_NE(json.out.find("1 puzzle, 0 with a disagreement"), std::string::npos) << json.out;
}
