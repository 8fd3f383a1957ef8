// Variant puzzles in the text form: the directives (format.h), their scope, their errors, and
// writers whose output reads back as the same puzzle for every rule.
#include <gtest/gtest.h>

#include <sstream>

#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/rules.h"

using namespace sudokit;

namespace {

struct ReadAll {
  std::vector<ParsedPuzzle> puzzles;
  std::vector<std::string> errors;  // what()
};
ReadAll read_collecting(const std::string& text, std::optional<BoxSpec> box = std::nullopt, Rules rules = {}) {
  std::istringstream in(text);
  PuzzleReader reader(in, "v.txt", box, std::move(rules));
  ReadAll all;
  for (;;) {
    try {
      auto p = reader.next();
      if (!p) break;
      all.puzzles.push_back(std::move(*p));
    } catch (const InputError& e) {
      all.errors.push_back(e.what());
    }
  }
  return all;
}

const std::string kBlank9(81, '.');

// A 9x9 jigsaw map (regions 1-9 as characters, one row per string) whose regions are connected.
const char* kJigsaw9[] = {"111222333", "111122333", "117726663", "447722633", "444726699",
                          "477756669", "478855599", "488885999", "488855559"};

std::string jigsaw_header(const char* const* rows, int n) {
  std::string out = "# jigsaw:\n";
  for (int r = 0; r < n; ++r) out += "# " + std::string(rows[r]) + "\n";
  return out;
}

Rules jigsaw_rules() {
  Rules rules;
  for (const char* row : kJigsaw9)
    for (const char* c = row; *c; ++c) rules.regions.push_back(*c - '1');
  return rules;
}

}  // namespace

TEST(VariantFormat, RulesHeaderLastsForTheRestOfTheFileUntilReplaced) {
  const auto all = read_collecting("# rules: x anti-knight\n" + kBlank9 + "\n" + kBlank9 + "\n# rules: windoku\n" +
                                   kBlank9 + "\n# rules: classic\n" + kBlank9 + "\n");
  ASSERT_TRUE(all.errors.empty()) << all.errors[0];
  ASSERT_EQ(all.puzzles.size(), 4u);
  EXPECT_EQ(all.puzzles[0].grid.shape().rules().names(), "x anti-knight");
  EXPECT_EQ(all.puzzles[1].grid.shape().rules().names(), "x anti-knight");
  EXPECT_EQ(all.puzzles[2].grid.shape().rules().names(), "windoku");
  EXPECT_TRUE(all.puzzles[3].grid.shape().rules().classic());
  // Puzzles of the same rules share one Shape, as classic ones do.
  EXPECT_EQ(&all.puzzles[0].grid.shape(), &all.puzzles[1].grid.shape());
}

TEST(VariantFormat, CallerRulesAddToTheFilesRules) {
  Rules x;
  parse_rule_names("x", x);
  const auto all = read_collecting(kBlank9 + "\n# rules: anti-king\n" + kBlank9 + "\n", std::nullopt, x);
  ASSERT_TRUE(all.errors.empty()) << all.errors[0];
  EXPECT_EQ(all.puzzles[0].grid.shape().rules().names(), "x");
  EXPECT_EQ(all.puzzles[1].grid.shape().rules().names(), "x anti-king");
}

TEST(VariantFormat, JigsawCagesAndExtraRegionsApplyToTheNextPuzzleOnly) {
  const std::string text = jigsaw_header(kJigsaw9, 9) + "# cage: 3 r1c1 r1c2\n# cage: - R9C9 r9c8\n# extra: r5c5 r6c6\n" +
                           kBlank9 + "\n" + kBlank9 + "\n";
  const auto all = read_collecting(text);
  ASSERT_TRUE(all.errors.empty()) << all.errors[0];
  ASSERT_EQ(all.puzzles.size(), 2u);
  const Rules& first = all.puzzles[0].grid.shape().rules();
  EXPECT_EQ(first.regions, jigsaw_rules().regions);
  ASSERT_EQ(first.cages.size(), 2u);
  EXPECT_EQ(first.cages[0], (Cage{{0, 1}, 3}));
  EXPECT_EQ(first.cages[1], (Cage{{80, 79}, 0}));
  ASSERT_EQ(first.extra_regions.size(), 1u);
  EXPECT_EQ(first.extra_regions[0], (std::vector<int>{40, 50}));
  EXPECT_TRUE(all.puzzles[1].grid.shape().rules().classic());
}

TEST(VariantFormat, JigsawMapInNumbersAndOfASideWithoutSquareBoxes) {
  // 6x6 in numbers, no --box: the map makes the side a shape.
  const std::string text =
      "# jigsaw:\n# 1 1 1 2 2 2\n# 1 1 1 2 2 2\n# 3 3 3 4 4 4\n# 3 3 3 4 4 4\n# 5 5 5 6 6 6\n#  5 5 5 6 6 6\n" +
      std::string(36, '.') + "\n";
  const auto all = read_collecting(text);
  ASSERT_TRUE(all.errors.empty()) << all.errors[0];
  const Shape& shape = all.puzzles[0].grid.shape();
  EXPECT_EQ(shape.size(), 6);
  EXPECT_EQ(shape.box_of(shape.cell_at(5, 5)), 5);
  EXPECT_EQ(shape.unit_name(12), "region 1");
}

// Every rule, alone and together, on 9x9 and 6x6, written by to_text and by a PuzzleWriter in
// both forms, reads back as the same shape and the same digits.
TEST(VariantFormat, EveryRuleReadsBackAsWritten) {
  std::vector<std::pair<BoxSpec, Rules>> cases;
  for (const char* names : {"x", "diagonal+", "diagonal-", "windoku", "disjoint", "anti-knight", "anti-king",
                            "x windoku disjoint anti-knight anti-king"})
    for (BoxSpec box : {BoxSpec{3, 3}, BoxSpec{2, 3}, BoxSpec{3, 2}}) {
      Rules rules;
      parse_rule_names(names, rules);
      cases.push_back({box, rules});
    }
  Rules jigsaw = jigsaw_rules();
  cases.push_back({{3, 3}, jigsaw});
  Rules killer;
  killer.cages = {{{0, 1, 9}, 12}, {{80}, 0}, {{40, 41, 42, 43, 44, 45, 46, 47, 48}, 45}};
  killer.extra_regions = {{10, 20, 30}, {0, 10, 20, 30, 40, 50, 60, 70, 80}};
  cases.push_back({{3, 3}, killer});
  Rules all = jigsaw;
  parse_rule_names("x anti-knight", all);
  all.cages = killer.cages;
  all.extra_regions = killer.extra_regions;
  cases.push_back({{3, 3}, all});
  Rules six;  // 6x6 jigsaw and a cage, 2x3 boxes (written as "# box: 2x3")
  six.regions = {0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 4, 4, 4, 5, 5, 5};
  six.cages = {{{0, 6}, 11}};
  cases.push_back({{2, 3}, six});

  for (const auto& [box, rules] : cases) {
    const auto shape = Shape::make(box.rows, box.cols, rules);
    // Digits that break no rule: a cleared grid with a few cells set, enough to see them come back.
    Grid grid(shape);
    grid.set(4, 1);
    grid.set(shape->cells() - 1, 2);
    for (Format format : {Format::line, Format::grid}) {
      const std::string text = to_text(grid, format);
      EXPECT_EQ(text.rfind("# ", 0), 0u) << text;
      const auto back = read_collecting(text);
      ASSERT_TRUE(back.errors.empty()) << rules.summary() << ": " << back.errors[0] << "\n" << text;
      ASSERT_EQ(back.puzzles.size(), 1u) << text;
      EXPECT_EQ(back.puzzles[0].grid, grid) << rules.summary() << "\n" << text;
      EXPECT_EQ(back.puzzles[0].grid.shape().rules(), rules) << text;
      EXPECT_EQ(back.puzzles[0].format, format);
    }
  }
  // One writer, many shapes in one text: "# rules:" and "# box:" change when they must, a classic
  // puzzle after a variant gets "# rules: classic".
  PuzzleWriter writer;
  std::string text;
  std::vector<Grid> grids;
  for (const auto& [box, rules] : cases) grids.emplace_back(Shape::make(box.rows, box.cols, rules));
  grids.emplace_back(Shape::make(3, 3));
  grids.emplace_back(Shape::make(2, 3));
  grids.emplace_back(Shape::make(3, 2));
  for (const Grid& g : grids) text += writer.text(g, Format::line);
  const auto back = read_collecting(text);
  ASSERT_TRUE(back.errors.empty()) << back.errors[0] << "\n" << text;
  ASSERT_EQ(back.puzzles.size(), grids.size());
  for (std::size_t i = 0; i < grids.size(); ++i) EXPECT_EQ(back.puzzles[i].grid, grids[i]) << i << "\n" << text;
}

TEST(VariantFormat, ClassicTextHasNoDirectives) {
  const Grid classic = read_one(kBlank9);
  EXPECT_EQ(to_text(classic, Format::line), kBlank9 + "\n");
  EXPECT_EQ(directives(classic.shape()), "");
  PuzzleWriter writer;
  EXPECT_EQ(writer.text(classic, Format::line) + writer.text(classic, Format::line), kBlank9 + "\n" + kBlank9 + "\n");
}

TEST(VariantFormat, BadDirectivesNameLineColumnAndItemAndTheBatchGoesOn) {
  struct Case {
    std::string text, expected;
  };
  const std::vector<Case> cases = {
      {"# rules: x anti-queen\n" + kBlank9 + "\n", "v.txt: puzzle 1, line 1, column 10: # rules: unknown rule 'anti-queen'"},
      {"# cage: 18 r1c3 r1c4\n" + kBlank9 + "\n",
       "v.txt: puzzle 1, line 1, column 3: cage 1 (r1c3 r1c4, sum 18): no 2 different digits of 1-9 make 18"},
      {"# cage: 10 r1c1 r10c1\n" + kBlank9 + "\n",
       "v.txt: puzzle 1, line 1, column 17: cage 1: r10c1 is outside the 9x9 grid"},
      {"# cage: ten r1c1\n" + kBlank9 + "\n", "line 1, column 9: # cage: the sum 'ten' is not a number"},
      {"# extra: r1c1 x5\n" + kBlank9 + "\n", "line 1, column 15: # extra: 'x5' is not a cell"},
      {"# extra: r1c1 r1c1\n" + kBlank9 + "\n", "line 1, column 3: extra region 1: r1c1 appears twice"},
      {"# jigsaw:\n# 111222333\n# 111122333\n# 117726663\n# 447722633\n# 444726699\n# 477756669\n# 478855599\n"
       "# 488885999\n# 488855558\n" + kBlank9 + "\n",
       "v.txt: puzzle 1, line 1, column 1: jigsaw region 8 has 10 cells, not 9"},
      {"# jigsaw:\n# 1122\n# 1122\n" + kBlank9 + "\n", "line 1, column 1: the jigsaw map has 2 rows, expected 4"},
      {"# jigsaw:\n# 1122\n# 1122\n# 3344\n# 3344\n" + kBlank9 + "\n",
       "line 1, column 1: the jigsaw map is 4 rows of 4, the puzzle 9x9"},
      {"# jigsaw:\n# 11%2\n# 1122\n# 3344\n# 3344\n" + std::string(16, '.') + "\n",
       "line 2, column 5: jigsaw map row 1: bad region '%'"},
      {"# jigsaw:\n# 1122\n# 1X22\n# 3344\n# 3344\n" + std::string(16, '.') + "\n",
       "line 3, column 4: jigsaw map row 2: region 'X' (33): a map 4 wide has regions 1 to 4"},
      {"# jigsaw:\n# 1 1 2 2\n# 1 1 2 2\n# 3 3 4 4\n# 3 3 4 5\n" + std::string(16, '.') + "\n",
       "line 5, column 9: jigsaw map row 4: region '5' (5): a map 4 wide has regions 1 to 4"},
  };
  for (const Case& c : cases) {
    const auto all = read_collecting(c.text + "# rules: classic\n" + kBlank9 + "\n");
    ASSERT_EQ(all.errors.size(), 1u) << c.text;
    EXPECT_NE(all.errors[0].find(c.expected), std::string::npos) << all.errors[0];
    // The puzzle after the bad one is still read, with none of the bad one's directives.
    ASSERT_FALSE(all.puzzles.empty()) << c.text;
    EXPECT_TRUE(all.puzzles.back().grid.shape().rules().classic()) << c.text;
  }
  // Directives after the last puzzle describe nothing: an error rather than silence.
  const auto trailing = read_collecting(kBlank9 + "\n# cage: 5 r1c1 r1c2\n");
  ASSERT_EQ(trailing.errors.size(), 1u);
  EXPECT_NE(trailing.errors[0].find("v.txt: line 2, column 1: a directive for the next puzzle, but the source ends"),
            std::string::npos)
      << trailing.errors[0];
}

TEST(VariantFormat, GivensThatBreakARuleAreConflicts) {
  auto conflict = [](const std::string& text) -> std::string {
    try {
      read_all(text);
    } catch (const ConflictError& e) {
      return e.what();
    }
    return "no conflict";
  };
  std::string knight = kBlank9;
  knight[0] = '5';
  knight[9 + 2] = '5';  // r2c3: a knight's move from r1c1, in the same box too
  EXPECT_NE(conflict("# rules: anti-knight\n" + knight).find("box 1"), std::string::npos);
  std::string far = kBlank9;
  far[4] = '7';           // r1c5
  far[9 + 6] = '7';       // r2c7: a knight's move, another box, row and column
  EXPECT_NE(conflict("# rules: anti-knight\n" + far).find("digit 7 is given twice a knight's move apart (anti-knight): r1c5"),
            std::string::npos)
      << conflict("# rules: anti-knight\n" + far);
  EXPECT_EQ(conflict(far), "no conflict");
  std::string king = kBlank9;
  king[2] = '4';
  king[9 + 3] = '4';  // r2c4: diagonal neighbour of r1c3 in another box
  EXPECT_NE(conflict("# rules: anti-king\n" + king).find("king's move"), std::string::npos);
  std::string cage = kBlank9;
  cage[0] = '9';
  cage[10] = '8';  // r2c2
  EXPECT_NE(conflict("# cage: 15 r1c1 r2c2 r3c3\n" + cage).find("the givens of cage 1 (sum 15)"), std::string::npos);
  EXPECT_EQ(conflict("# cage: 18 r1c1 r2c2 r3c3\n" + cage), "no conflict");
  std::string twice = kBlank9;
  twice[0] = '3';
  twice[80] = '3';
  EXPECT_NE(conflict("# extra: r1c1 r9c9\n" + twice).find("given twice in extra region 1"), std::string::npos);
  EXPECT_NE(conflict("# rules: x\n" + twice).find("given twice in diagonal 1"), std::string::npos);
}
