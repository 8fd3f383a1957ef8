#include <gtest/gtest.h>

#include <sstream>

#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/generate.h"
#include "sudokit/text.h"

using namespace sudokit;

namespace {

const char* kSeedGrid =
    "0 3 5 4 6 9 2 7 8\n7 8 2 1 0 5 6 0 9\n0 6 0 2 7 8 1 3 5\n3 2 1 0 4 6 8 9 7\n8 0 4 9 1 3 5 0 6\n"
    "5 9 6 8 2 0 4 1 3\n9 1 7 6 5 2 0 8 0\n6 0 3 7 0 1 9 5 2\n2 5 8 3 9 4 7 6 0\n";

// A jigsaw map whose regions are the classic boxes, as the reader's directives write it.
const std::string kBoxesAsJigsaw =
    "# jigsaw:\n# 111222333\n# 111222333\n# 111222333\n# 444555666\n# 444555666\n# 444555666\n# 777888999\n"
    "# 777888999\n# 777888999\n";

// Reads every puzzle of `text`, collecting errors instead of stopping at the first.
struct ReadAll {
  std::vector<ParsedPuzzle> puzzles;
  std::vector<InputError> errors;
};
ReadAll read_collecting(const std::string& text, std::optional<BoxSpec> box = std::nullopt) {
  std::istringstream in(text);
  PuzzleReader reader(in, "test.txt", box);
  ReadAll all;
  for (;;) {
    try {
      auto p = reader.next();
      if (!p) break;
      all.puzzles.push_back(std::move(*p));
    } catch (const InputError& e) {
      all.errors.push_back(e);
    }
  }
  return all;
}

// `first`, then `zeros` numbers 0, on one line with spaces between.
std::string numbers_line(const std::string& first, int zeros) {
  std::string line = first;
  for (int i = 0; i < zeros; ++i) line += " 0";
  return line;
}

std::string seed_with(std::size_t row, const std::string& replacement) {
  std::istringstream in(kSeedGrid);
  std::string out, line;
  for (std::size_t r = 0; std::getline(in, line); ++r) out += (r == row ? replacement : line) + "\n";
  return out;
}

// Project Euler's first grid in rows of characters, one row replaced.
std::string euler_with(std::size_t row, const std::string& replacement) {
  const char* rows[] = {"003020600", "900305001", "001806400", "008102900", "700000008",
                        "006708200", "002609500", "800203009", "005010300"};
  std::string out;
  for (std::size_t r = 0; r < 9; ++r) out += (r == row ? replacement : std::string(rows[r])) + (r < 8 ? "\n" : "");
  return out;
}

}  // namespace

TEST(Format, ReadsTheGridForm) {
  auto all = read_collecting(kSeedGrid);
  ASSERT_TRUE(all.errors.empty());
  ASSERT_EQ(all.puzzles.size(), 1u);
  const Grid& g = all.puzzles[0].grid;
  EXPECT_EQ(all.puzzles[0].format, Format::grid);
  EXPECT_EQ(g.shape().name(), "3x3");
  EXPECT_EQ(g.at(0, 1), 3);
  EXPECT_EQ(g.at(8, 8), 0);
  EXPECT_EQ(g.givens(), 81 - 14);
  EXPECT_EQ(to_grid_text(g), kSeedGrid);  // same text back, no trailing spaces
}

// The grid form without spaces, as Project Euler and many solvers write it: n lines of n
// characters, read as the grid form (and written back in it, with spaces).
TEST(Format, ReadsRowsOfCharactersAsTheGridForm) {
  std::string compact;
  for (char c : std::string(kSeedGrid))
    if (c != ' ') compact += c;
  ASSERT_EQ(compact.substr(0, 10), "035469278\n");
  auto all = read_collecting("# a comment\n" + compact + "\n" + std::string(81, '.') + "\n" + compact);
  ASSERT_TRUE(all.errors.empty()) << all.errors[0].what();
  ASSERT_EQ(all.puzzles.size(), 3u);
  EXPECT_EQ(all.puzzles[0].format, Format::grid);
  EXPECT_EQ(all.puzzles[0].first_line, 2u);
  EXPECT_EQ(to_grid_text(all.puzzles[0].grid), kSeedGrid);
  EXPECT_EQ(all.puzzles[1].format, Format::line);  // the line after the block is a puzzle of its own
  EXPECT_EQ(all.puzzles[2].first_line, 13u);
  EXPECT_EQ(all.puzzles[2].grid, all.puzzles[0].grid);
  // After a jigsaw map of side 9, nine characters are a row of the grid it maps, not a 3x3 puzzle.
  const std::string map = kBoxesAsJigsaw;
  auto jigsaw = read_collecting(map + compact);
  ASSERT_TRUE(jigsaw.errors.empty()) << jigsaw.errors[0].what();
  ASSERT_EQ(jigsaw.puzzles.size(), 1u);
  EXPECT_EQ(jigsaw.puzzles[0].grid.values(), all.puzzles[0].grid.values());
  EXPECT_TRUE(jigsaw.puzzles[0].grid.shape().rules().jigsaw());
  // Dots for blanks, and letters past 9 as in the line form: a 16x16 grid needs its box given,
  // since a line of 16 characters alone is a 4x4 puzzle.
  const std::string row16 = "123456789ABCDEFG";
  std::string grid16;
  for (int r = 0; r < 16; ++r) grid16 += (r == 0 ? row16 : std::string(16, '.')) + "\n";
  auto big = read_collecting(grid16, BoxSpec{4, 4});
  ASSERT_TRUE(big.errors.empty()) << big.errors[0].what();
  ASSERT_EQ(big.puzzles.size(), 1u);
  EXPECT_EQ(big.puzzles[0].grid.size(), 16);
  EXPECT_EQ(big.puzzles[0].grid[15], 16);
  // No box: 4x4 puzzles (r1's 'G' is out of range), and the error says what --box would read.
  const auto small = read_collecting(grid16);
  EXPECT_EQ(small.puzzles.size(), 15u);
  ASSERT_EQ(small.errors.size(), 1u);
  EXPECT_NE(std::string(small.errors[0].what()).find("for rows of a 16x16 grid give --box 4x4"), std::string::npos)
      << small.errors[0].what();
}

// Project Euler's p096_sudoku.txt: a title line ("Grid 01") before each grid, no blank lines; a
// comment inside a block is skipped as in the spaced grid form.
TEST(Format, RowsOfCharactersWithTitlesAndComments) {
  std::string compact;
  for (char c : std::string(kSeedGrid))
    if (c != ' ') compact += c;
  std::string with_comment = compact;
  with_comment.insert(40, "# a note\n");  // after the fourth row
  auto all = read_collecting("Grid 01\n" + compact + "grid 02\n" + with_comment);
  ASSERT_TRUE(all.errors.empty()) << all.errors[0].what();
  ASSERT_EQ(all.puzzles.size(), 2u);
  EXPECT_EQ(all.puzzles[0].first_line, 2u);
  EXPECT_EQ(all.puzzles[1].first_line, 12u);
  EXPECT_EQ(all.puzzles[0].grid, all.puzzles[1].grid);
  EXPECT_EQ(to_grid_text(all.puzzles[1].grid), kSeedGrid);
  // A comment right after the first row is inside the block too (the row's side is judged from
  // the next row past it), and so is a rule line of a pretty grid.
  for (const std::string inside : {"# a note\n", "---+---+---\n"}) {
    std::string after_first = compact;
    after_first.insert(10, inside);
    auto commented = read_collecting(after_first + "\n" + compact);
    ASSERT_TRUE(commented.errors.empty()) << inside << commented.errors[0].what();
    ASSERT_EQ(commented.puzzles.size(), 2u) << inside;
    EXPECT_EQ(commented.puzzles[0].grid, all.puzzles[0].grid);
    EXPECT_EQ(commented.puzzles[1].first_line, 12u);
  }
  // Only "grid" and a number make a title: other words are still a bad puzzle.
  EXPECT_EQ(read_collecting("Grid one\n" + compact).errors.size(), 1u);
  // A grid short of rows ends at the next title, or a header (a directive for the next puzzle),
  // and is named as short; the puzzle after is read as written.
  const std::string short_grid = compact.substr(0, 80);  // 8 rows
  for (const std::string between : {"Grid 02\n", "# box: 3x3\n"}) {
    auto cut = read_collecting("Grid 01\n" + short_grid + between + compact);
    ASSERT_EQ(cut.errors.size(), 1u) << between;
    EXPECT_NE(std::string(cut.errors[0].what()).find("the grid has 8 rows of 9 characters (from line 2), expected 9"),
              std::string::npos) << cut.errors[0].what();
    ASSERT_EQ(cut.puzzles.size(), 1u) << between;
    EXPECT_EQ(cut.puzzles[0].number, 2u);
    EXPECT_EQ(cut.puzzles[0].grid, all.puzzles[0].grid);
  }
}

// A line that is no puzzle, among 16-character (4x4) puzzles, is refused alone: the puzzle after
// it is no row of a 16x16 grid. After a jigsaw map, a line-form puzzle of its side is one, even
// when rows of characters follow it.
TEST(Format, ALinePuzzleBesideRowsOfCharactersStaysALinePuzzle) {
  auto small = read_collecting("1.3..4....2.....\n1.3..4....2....\n1.3..4....2.....\n1.3..4....2.....\n");
  ASSERT_EQ(small.errors.size(), 1u);
  EXPECT_EQ(small.errors[0].puzzle(), 2u);
  EXPECT_NE(std::string(small.errors[0].what()).find("15 cells is not a puzzle size"), std::string::npos) << small.errors[0].what();
  EXPECT_EQ(small.puzzles.size(), 3u);
  std::string compact;
  for (char c : std::string(kSeedGrid))
    if (c != ' ') compact += c;
  const std::string map = kBoxesAsJigsaw;
  auto jigsaw = read_collecting(map + std::string(81, '.') + "\n" + compact);
  ASSERT_TRUE(jigsaw.errors.empty()) << jigsaw.errors[0].what();
  ASSERT_EQ(jigsaw.puzzles.size(), 2u);
  EXPECT_TRUE(jigsaw.puzzles[0].grid.shape().rules().jigsaw());
  EXPECT_EQ(jigsaw.puzzles[0].format, Format::line);
  EXPECT_EQ(jigsaw.puzzles[1].format, Format::grid);
}

// 25 characters on two lines: a 25x25 grid, since a 5x5 puzzle has no boxes to infer.
TEST(Format, RowsOfTwentyFiveCharactersAreATwentyFiveGrid) {
  std::string grid = "123456789ABCDEFGHIJKLMNOP\n";
  for (int r = 1; r < 25; ++r) grid += std::string(25, '.') + "\n";
  auto all = read_collecting(grid);
  ASSERT_TRUE(all.errors.empty()) << all.errors[0].what();
  ASSERT_EQ(all.puzzles.size(), 1u);
  EXPECT_EQ(all.puzzles[0].grid.size(), 25);
  EXPECT_EQ(all.puzzles[0].grid[24], 25);
}

// Pretty grids as qqwing --readable, a forum post or Simple Sudoku write them: '|' between boxes,
// rules between bands and a frame, rows of characters in groups of a box's width. Each reads as
// the plain grid, and a bad cell is named at its own column.
TEST(Format, ReadsGridsWithBoxLinesAndRowsInGroups) {
  const std::string qqwing =  // qqwing --readable
      " 2 . . | 9 . . | . . 4\n . . 5 | 7 2 . | . . .\n 3 . . | . . . | 7 . .\n-------|-------|-------\n"
      " . . 6 | . . 3 | . 4 .\n . . . | 4 7 . | . 8 .\n . 5 . | . 9 6 | . . .\n-------|-------|-------\n"
      " . . 7 | . . . | . . .\n . . . | 3 8 4 | . 6 .\n . . . | . . . | 2 5 .\n";
  const std::string line = "2..9....4..572....3.....7....6..3.4....47..8..5..96.....7.........384.6.......25.";
  std::string framed = "+-------+-------+-------+\n", simple = "*-----------*\n", groups;
  for (std::size_t r = 0; r < 9; ++r) {
    std::string spaced, chars = line.substr(r * 9, 9);
    for (std::size_t c = 0; c < 9; ++c) spaced += std::string(c % 3 == 0 ? "| " : "") + chars[c] + " ";
    framed += spaced + "|\n";
    simple += "|" + chars.substr(0, 3) + "|" + chars.substr(3, 3) + "|" + chars.substr(6, 3) + "|\n";
    groups += chars.substr(0, 3) + " " + chars.substr(3, 3) + " " + chars.substr(6, 3) + "\n";
    if (r == 2 || r == 5) framed += "+-------+-------+-------+\n", simple += "|---+---+---|\n";
  }
  framed += "+-------+-------+-------+\n", simple += "*-----------*\n";
  auto all = read_collecting(qqwing + "\n" + framed + "\n" + simple + "\n" + groups + line + "\n");
  ASSERT_TRUE(all.errors.empty()) << all.errors[0].what();
  ASSERT_EQ(all.puzzles.size(), 5u);
  for (const ParsedPuzzle& p : all.puzzles) EXPECT_EQ(to_line(p.grid), line) << p.number;
  EXPECT_EQ(all.puzzles[0].format, Format::grid);
  EXPECT_EQ(all.puzzles[1].first_line, 14u);  // the frame above the first row is no row
  EXPECT_EQ(all.puzzles[3].format, Format::grid);
  // Groups a box wide in other shapes: 4x4 in pairs, 6x6 with its box given.
  auto four = read_collecting("12 34\n34 12\n21 43\n43 21\n");
  ASSERT_TRUE(four.errors.empty()) << four.errors[0].what();
  EXPECT_EQ(to_line(four.puzzles.at(0).grid), "1234341221434321");
  auto six = read_collecting("123 456\n456 123\n231 564\n564 231\n312 645\n645 312\n", BoxSpec{2, 3});
  ASSERT_TRUE(six.errors.empty()) << six.errors[0].what();
  EXPECT_EQ(six.puzzles.at(0).grid.shape().name(), "2x3");
  // A bad cell and a short group are named where they stand; the next puzzle is still read.
  std::string bad = groups;
  bad.replace(bad.find('\n') + 1 + 8, 1, "x");  // row 2, third group's first cell: column 9
  auto one = read_collecting(bad + "\n" + line + "\n");
  ASSERT_EQ(one.errors.size(), 1u);
  EXPECT_EQ(std::string(one.errors[0].what()), "test.txt: puzzle 1, line 2, column 9: bad character 'x'");
  ASSERT_EQ(one.puzzles.size(), 1u);
  EXPECT_EQ(to_line(one.puzzles[0].grid), line);
  // Framed grids back to back, the second a row short: it ends at the frames between it and the
  // third (two rules in a row), which is still read as written.
  std::string cut = simple;
  cut.erase(cut.find("|---+---+---|") - 14, 14);  // its third row
  auto framed_run = read_collecting(simple + cut + simple + framed + framed);
  ASSERT_EQ(framed_run.errors.size(), 1u);
  EXPECT_NE(std::string(framed_run.errors[0].what()).find("puzzle 2, line 24, column 14: the grid has 8 rows of 9 characters"),
            std::string::npos)
      << framed_run.errors[0].what();
  ASSERT_EQ(framed_run.puzzles.size(), 4u);
  for (const ParsedPuzzle& p : framed_run.puzzles) EXPECT_EQ(to_line(p.grid), line) << p.number;
  EXPECT_EQ(framed_run.puzzles[1].number, 3u);
  // A block of rows in groups ends before a grid of another form or a line-form puzzle: a stray
  // grouped line is a short grid of its own, and what follows is read as written.
  std::string spaced;
  for (std::size_t r = 0; r < 9; ++r) {
    for (std::size_t c = 0; c < 9; ++c) spaced += std::string(c ? " " : "") + line[r * 9 + c];
    spaced += "\n";
  }
  auto stray = read_collecting("000 000 000\n" + spaced + "12 34\n" + line + "\n" + line + "\n");
  ASSERT_EQ(stray.errors.size(), 2u);
  EXPECT_NE(std::string(stray.errors[0].what()).find("puzzle 1, line 1, column 12: the grid has 1 row of 9 characters"), std::string::npos)
      << stray.errors[0].what();
  EXPECT_NE(std::string(stray.errors[1].what()).find("puzzle 3, line 11"), std::string::npos) << stray.errors[1].what();
  ASSERT_EQ(stray.puzzles.size(), 3u);
  for (const ParsedPuzzle& p : stray.puzzles) EXPECT_EQ(to_line(p.grid), line) << p.number;
  // A first row grouped wrong, above rows grouped right, is judged as a row of that grid.
  auto misgrouped = read_collecting("2..9 ....4\n" + groups.substr(groups.find('\n') + 1));
  ASSERT_TRUE(misgrouped.errors.empty()) << misgrouped.errors[0].what();
  EXPECT_EQ(to_line(misgrouped.puzzles.at(0).grid), line);
  // A frame is no row of a jigsaw map, and a jigsaw grid may be written in groups.
  const std::string map = kBoxesAsJigsaw;
  auto jigsaw = read_collecting(map + simple);
  ASSERT_TRUE(jigsaw.errors.empty()) << jigsaw.errors[0].what();
  EXPECT_TRUE(jigsaw.puzzles.at(0).grid.shape().rules().jigsaw());
  auto short_map = read_collecting(map.substr(0, map.rfind("# ")) + simple);
  ASSERT_FALSE(short_map.errors.empty());
  EXPECT_NE(std::string(short_map.errors[0].what()).find("the jigsaw map has 8 rows, expected 9"), std::string::npos)
      << short_map.errors[0].what();
  // Hodoku's and other frames, '=' rules, rules of dashes alone; letters past 9 in spaced rows.
  std::string hodoku = ".-------.-------.-------.\n", dashes;
  for (std::size_t r = 0; r < 9; ++r) {
    std::string row;
    for (std::size_t c = 0; c < 9; ++c) row += std::string(c % 3 == 0 ? "| " : "") + line[r * 9 + c] + " ";
    hodoku += row + "|\n";
    dashes += spaced.substr(r * 18, 18);
    if (r == 2 || r == 5) hodoku += ":-------+-------+-------:\n", dashes += r == 2 ? "------ ------ ------\n" : "=====================\n";
  }
  hodoku += "'-------'-------'-------'\n";
  auto others = read_collecting(dashes + "\n" + hodoku);
  ASSERT_TRUE(others.errors.empty()) << others.errors[0].what();
  ASSERT_EQ(others.puzzles.size(), 2u);
  for (const ParsedPuzzle& p : others.puzzles) EXPECT_EQ(to_line(p.grid), line) << p.number;
  auto short_group = read_collecting(euler_with(0, "003 020 600").replace(12, 9, "001 806 40"));
  ASSERT_EQ(short_group.errors.size(), 1u);
  EXPECT_NE(std::string(short_group.errors[0].what()).find("line 2, column 11: row has 8 characters, expected 9"), std::string::npos)
      << short_group.errors[0].what();
}

// n*n numbers on one line are the line form at any size from 9x9 up (more numbers than a row of
// the largest grid holds), not a grid row of 81 numbers.
TEST(Format, ALineOfNumbersIsALineFormPuzzleFromNineByNineUp) {
  auto all = read_collecting(numbers_line("5", 80) + "\n" + numbers_line("5", 81) + "\n");
  ASSERT_EQ(all.puzzles.size(), 1u);
  EXPECT_EQ(all.puzzles[0].format, Format::line);
  EXPECT_EQ(all.puzzles[0].grid, read_one("5" + std::string(80, '.')));
  ASSERT_EQ(all.errors.size(), 1u);
  EXPECT_NE(std::string(all.errors[0].what()).find("82 numbers on the line; a puzzle in the line form has n*n (81 for 9x9, 100 for 10x10)"),
            std::string::npos)
      << all.errors[0].what();
}

TEST(Format, ReadsTheLineFormWithZerosOrDots) {
  const Grid a = read_one("004300209005009001070060043006002087190007400050083000600000105003508690042910300");
  const Grid b = read_one("..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..");
  EXPECT_EQ(a, b);
  EXPECT_EQ(to_line(a), "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..");
}

// A UTF-8 byte-order mark at the start of a file (some editors write one) is not read as cells.
TEST(Format, AByteOrderMarkIsSkipped) {
  auto all = read_collecting("\xEF\xBB\xBF" + std::string(80, '.') + "1\n");
  ASSERT_TRUE(all.errors.empty()) << all.errors[0].what();
  ASSERT_EQ(all.puzzles.size(), 1u);
  EXPECT_EQ(all.puzzles[0].grid[80], 1);
}

TEST(Format, ManyPuzzlesPerFileWithCommentsAndBlankLines) {
  std::string text = "# a comment\n\n" + std::string(81, '.') + "\n\n" + kSeedGrid + "\n" + kSeedGrid +
                     "   \n# end\n" + std::string(16, '0') + "\r\n";
  auto all = read_collecting(text);
  ASSERT_TRUE(all.errors.empty()) << all.errors[0].what();
  ASSERT_EQ(all.puzzles.size(), 4u);
  EXPECT_EQ(all.puzzles[0].format, Format::line);
  EXPECT_EQ(all.puzzles[1].format, Format::grid);
  EXPECT_EQ(all.puzzles[1].first_line, 5u);
  EXPECT_EQ(all.puzzles[2].first_line, 15u);
  EXPECT_EQ(all.puzzles[3].grid.shape().name(), "2x2");
  EXPECT_EQ(all.puzzles[3].number, 4u);
}

TEST(Format, GridBlocksNeedNoBlankLineBetweenThem) {
  auto all = read_collecting(std::string(kSeedGrid) + kSeedGrid);
  ASSERT_TRUE(all.errors.empty());
  EXPECT_EQ(all.puzzles.size(), 2u);
}

// Found by fuzz_puzzle (docs/fuzzing.md): a line of only a vertical tab, form feed or carriage
// returns held no word, yet was not skipped as blank, and the reader took the first word of none.
TEST(Format, LinesOfOtherWhiteSpaceAreBlank) {
  for (const char* blank : {"\v", "\f", "\r\r", " \v\t", "\v# a comment"}) {
    auto all = read_collecting(std::string(blank) + "\n12...3.......4..\n" + blank + "\n");
    EXPECT_TRUE(all.errors.empty()) << all.errors[0].what();
    ASSERT_EQ(all.puzzles.size(), 1u);
    EXPECT_EQ(all.puzzles[0].first_line, 2u);
  }
  EXPECT_THROW(read_one("\v"), UsageError);  // no puzzle at all, as for an empty string
  // A blank line of any white space ends a grid block.
  auto grids = read_collecting("1 2 0 0\n0 0 3 0\n0 0 0 0\n0 0 4 0\n\f\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n");
  EXPECT_TRUE(grids.errors.empty());
  EXPECT_EQ(grids.puzzles.size(), 2u);
}

// Words from a file, as errors show them: control bytes escaped, a long run cut, so that binary
// junk makes a readable one-line message.
TEST(Text, QuoteWordShowsWhatDoesNotPrintAndCutsLongWords) {
  EXPECT_EQ(quote_word("r1c1"), "'r1c1'");
  EXPECT_EQ(quote_word(std::string_view("\x7f" "ELF\x02\x00", 6)), "'\\x7fELF\\x02\\x00'");
  EXPECT_EQ(quote_word("caf\xc3\xa9"), "'caf\xc3\xa9'");  // UTF-8 prints as it is
  EXPECT_EQ(quote_word(std::string(41, 'a')), "'" + std::string(40, 'a') + "...'");
  EXPECT_EQ(quote_word(std::string(40, 'a')), "'" + std::string(40, 'a') + "'");
  // Bytes of no valid character, and the C1 control U+009B, are escaped; a character the cut
  // falls inside is kept whole.
  EXPECT_EQ(quote_word("\xff\xc3(\xc2\x9b"), "'\\xff\\xc3(\\xc2\\x9b'");
  EXPECT_EQ(quote_word("\xed\xa0\x80\xe0\x80\xaf"), "'\\xed\\xa0\\x80\\xe0\\x80\\xaf'");  // a surrogate, an overlong '/'
  EXPECT_EQ(quote_word("\xe2\x82\xac\xf0\x9f\x99\x82"), "'\xe2\x82\xac\xf0\x9f\x99\x82'");      // the euro sign, an emoji
  EXPECT_EQ(quote_word(std::string(39, 'a') + "\xc3\xa9" "b"), "'" + std::string(39, 'a') + "\xc3\xa9...'");
  EXPECT_EQ(counted(1, "puzzle"), "1 puzzle");
  EXPECT_EQ(counted(0, "puzzle"), "0 puzzles");
  EXPECT_EQ(counted(2, "solution"), "2 solutions");
}

// Messages name the grid ("9x9"), not its boxes ("3x3"), and the boxes where they are not square.
TEST(Format, MessagesNameTheGridSize) {
  EXPECT_EQ(Shape::make(3, 3)->grid_name(), "9x9");
  EXPECT_EQ(Shape::make(2, 3)->grid_name(), "6x6 (2x3 boxes)");
  const Grid jigsaw = read_one("# jigsaw:\n# 1 1 1 1 2 2\n# 1 1 2 2 2 2\n# 3 3 3 4 4 4\n# 3 3 3 4 4 4\n# 5 5 5 6 6 6\n"
                               "# 5 5 5 6 6 6\n" + std::string(36, '.'));
  EXPECT_EQ(jigsaw.shape().grid_name(), "6x6");  // regions, no boxes
  try {
    read_one(std::string(80, '.'), BoxSpec{3, 3});
    FAIL() << "80 cells read as a 9x9 puzzle";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("80 cells, expected 81 for a 9x9 puzzle"), std::string::npos) << e.what();
  }
}

TEST(Format, SixBySixNeedsTheBoxShape) {
  const std::string six = "1 2 3 4 5 6\n4 5 6 1 2 3\n2 3 1 5 6 4\n5 6 4 2 3 1\n3 1 2 6 4 5\n6 4 5 3 1 2\n";
  auto without = read_collecting(six);
  ASSERT_EQ(without.errors.size(), 1u);
  EXPECT_NE(std::string(without.errors[0].what()).find("--box"), std::string::npos);
  // The line form says the same, not that 36 cells is no puzzle size.
  auto line_form = read_collecting("...4...56.....456...1...3.5....1....\n");
  ASSERT_EQ(line_form.errors.size(), 1u);
  EXPECT_NE(std::string(line_form.errors[0].what()).find("a 6x6 grid has no square boxes: give the box shape with --box RxC"), std::string::npos)
      << line_form.errors[0].what();
  auto with = read_collecting(six, BoxSpec{2, 3});
  ASSERT_TRUE(with.errors.empty()) << with.errors[0].what();
  EXPECT_EQ(with.puzzles[0].grid.shape().name(), "2x3");
}

class RoundTrip : public ::testing::TestWithParam<std::pair<int, int>> {};

TEST_P(RoundTrip, EveryFormGivesTheSameGridBack) {
  const auto [br, bc] = GetParam();
  const auto shape = Shape::make(br, bc);
  Random random(42);
  const Grid puzzle = with_random_blanks(random_solution(shape, random), shape->cells() / 2, random);
  const BoxSpec box{br, bc};
  EXPECT_EQ(read_one(to_grid_text(puzzle), box), puzzle);
  EXPECT_EQ(read_one(to_line(puzzle), box), puzzle);
  if (br == bc) {  // inferable shapes read back without --box
    EXPECT_EQ(read_one(to_grid_text(puzzle)), puzzle);
    EXPECT_EQ(read_one(to_line(puzzle)), puzzle);
  }
}

INSTANTIATE_TEST_SUITE_P(EveryShape, RoundTrip,
                         ::testing::Values(std::pair{2, 2}, std::pair{2, 3}, std::pair{3, 2}, std::pair{3, 3},
                                           std::pair{3, 4}, std::pair{4, 4}, std::pair{5, 5}, std::pair{6, 6},
                                           std::pair{8, 8}));

TEST(Format, LineFormAbove35UsesNumbers) {
  const auto shape = Shape::make(6, 6);
  Random random(1);
  const Grid g = random_solution(shape, random);
  const std::string line = to_line(g);
  EXPECT_NE(line.find(' '), std::string::npos);
  EXPECT_EQ(line.find('\n'), std::string::npos);
  EXPECT_EQ(read_one(line), g);
}

// Each kind of bad input names the puzzle, the line and the column, and the reader goes on.
struct BadCase {
  const char* name;
  std::string text;
  std::size_t line, column;
  const char* says;
};
void PrintTo(const BadCase& c, std::ostream* os) { *os << c.name; }

class BadInput : public ::testing::TestWithParam<BadCase> {};

TEST_P(BadInput, IsReportedWithPuzzleLineAndColumnAndTheRestIsRead) {
  const BadCase& c = GetParam();
  const std::string good = std::string(80, '.') + "1";
  auto all = read_collecting(good + "\n" + c.text + "\n" + good + "\n");
  ASSERT_EQ(all.errors.size(), 1u) << c.name;
  const InputError& e = all.errors[0];
  EXPECT_EQ(e.puzzle(), 2u) << e.what();
  EXPECT_EQ(e.line(), c.line) << e.what();
  EXPECT_EQ(e.column(), c.column) << e.what();
  EXPECT_NE(std::string(e.what()).find(c.says), std::string::npos) << e.what();
  EXPECT_NE(std::string(e.what()).find("test.txt: puzzle 2, line " + std::to_string(c.line) + ", column " +
                                       std::to_string(c.column)),
            std::string::npos)
      << e.what();
  EXPECT_EQ(all.puzzles.size(), 2u) << "the good puzzles around the bad one are still read";
}

INSTANTIATE_TEST_SUITE_P(
    EveryKind, BadInput,
    ::testing::Values(
        BadCase{"short line", std::string(80, '.'), 2, 81, "80 cells"},
        BadCase{"long line", std::string(82, '.'), 2, 83, "82 cells"},
        BadCase{"bad character", std::string(40, '.') + "x" + std::string(40, '.'), 2, 41, "bad character 'x'"},
        // Bytes, not the length, when a character is no digit: é is two, which made "82 cells".
        BadCase{"character outside ASCII", std::string(10, '.') + "\xC3\xA9" + std::string(70, '.'), 2, 11, "bad character byte 0xc3"},
        BadCase{"digit out of range", "A" + std::string(80, '.'), 2, 1, "out of range"},
        BadCase{"grid number out of range", seed_with(2, "0 6 0 2 7 8 1 13 5"), 4, 15, "number '13' out of range"},
        BadCase{"grid bad character", seed_with(1, "7 8 2 1 0 5 6 ? 9"), 3, 15, "bad character '?'"},
        BadCase{"grid bad character in the first row", seed_with(0, "0 3 5 4 6 9 2 ? 8"), 2, 15, "bad character '?'"},
        BadCase{"a blank as other programs write one", std::string(40, '.') + "-" + std::string(40, '.'), 2, 41,
                "bad character '-' (a blank is '0' or '.')"},
        // Two words are no grid row when the next line is a puzzle of its own: that puzzle is read.
        BadCase{"a line of two words", "by me", 2, 1, "bad character 'b'"},
        BadCase{"ragged row, short", seed_with(3, "3 2 1 0 4 6 8 9"), 5, 16, "row has 8 numbers, expected 9"},
        BadCase{"ragged row, long", seed_with(3, "3 2 1 0 4 6 8 9 7 1"), 5, 19, "row has 10 numbers, expected 9"},
        // The first row too long: a ragged row still, not a 10x10 grid that needs --box.
        BadCase{"ragged first row", seed_with(0, "0 3 5 4 6 9 2 7 8 1"), 2, 19, "row has 10 numbers, expected 9"},
        // 81 numbers on one line: a 9x9 puzzle in the line form, here with a number out of range.
        BadCase{"a line of 81 numbers", numbers_line("10", 80), 2, 1, "number 10 out of range 0..9"},
        BadCase{"repeated given in a row", "11" + std::string(79, '.'), 2, 2, "r1c1 (line 2, column 1) and r1c2"},
        BadCase{"repeated given in a box", "1" + std::string(9, '.') + "1" + std::string(70, '.'), 2, 11,
                "digit 1 is given twice in box 1: r1c1 (line 2, column 1) and r2c2 (line 2, column 11)"},
        BadCase{"repeated given in a grid column", seed_with(8, "2 5 8 3 9 4 7 6 8"), 10, 17,
                "digit 8 is given twice"},
        BadCase{"missing rows", std::string(kSeedGrid).substr(0, 18 * 8), 9, 18, "the grid has 8 rows (from line 2), expected 9"},
        // Rows of characters: the block is n lines (ending early at a blank line, a header, a
        // title or a line-form puzzle), each row judged on its own, so a bad row does not shift
        // the puzzles after it.
        BadCase{"rows of characters, ragged row", euler_with(4, "7000000081"), 6, 10, "row has 10 characters, expected 9"},
        BadCase{"rows of characters, ragged second row", euler_with(1, "90030500"), 3, 9, "row has 8 characters, expected 9"},
        BadCase{"rows of characters, short row", euler_with(2, "00180640"), 4, 9, "row has 8 characters, expected 9"},
        BadCase{"rows of characters, ragged first row", euler_with(0, "0030206001"), 2, 10, "row has 10 characters, expected 9"},
        BadCase{"rows of characters, bad first character", euler_with(0, "x03020600"), 2, 1, "bad character 'x'"},
        BadCase{"rows of characters, spaces in a row", euler_with(2, "001 806400"), 4, 5, "unexpected text after the row"},
        BadCase{"rows of characters, bad character", euler_with(2, "0018x6400"), 4, 5, "bad character 'x'"},
        BadCase{"rows of characters, too few", "003020600\n900305001\n001806400", 4, 10,
                "the grid has 3 rows of 9 characters (from line 2), expected 9"},
        BadCase{"rows of characters, repeated given", euler_with(0, "303020600"), 2, 3, "digit 3 is given twice in row 1"},
        BadCase{"nine characters alone", "003020600", 2, 10, "9 cells is not a puzzle size"}));
