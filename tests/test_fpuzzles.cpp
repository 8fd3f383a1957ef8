// f-puzzles JSON and links (fpuzzles.h): a published puzzle written by hand in the site's format,
// read, solved by every backend and checked against its published solution; the errors; and the
// link decompression against lz-string's compressor, written here from its definition.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/fpuzzles.h"
#include "sudokit/registry.h"
#include "sudokit/verify.h"
#include "test_support.h"

using namespace sudokit;

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<ParsedPuzzle> read_text(const std::string& text, std::vector<std::string>* errors = nullptr) {
  std::istringstream in(text);
  PuzzleReader reader(in, "f.json");
  std::vector<ParsedPuzzle> out;
  for (;;) {
    try {
      auto p = reader.next();
      if (!p) break;
      out.push_back(std::move(*p));
    } catch (const InputError& e) {
      if (!errors) throw;
      errors->push_back(e.what());
    }
  }
  return out;
}

std::string error_of(const std::string& text) {
  std::vector<std::string> errors;
  read_text(text, &errors);
  return errors.empty() ? "no error" : errors.front();
}

// lz-string's compressToBase64 (pieroxy/lz-string), for ASCII text: an LZW dictionary of
// strings, codes written low bit first in a width that grows, 6 bits to a base64 character.
std::string lz_compress_base64(const std::string& text) {
  static const std::string kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
  std::map<std::string, int> dictionary;
  std::map<std::string, bool> to_create;
  std::string w, out;
  int enlarge_in = 2, dict_size = 3, num_bits = 2, data_val = 0, data_position = 0;
  auto write = [&](int value, int bits) {
    for (int i = 0; i < bits; ++i) {
      data_val = (data_val << 1) | (value & 1);
      if (data_position == 5) {
        data_position = 0;
        out += kAlphabet[static_cast<std::size_t>(data_val)];
        data_val = 0;
      } else {
        ++data_position;
      }
      value >>= 1;
    }
  };
  auto grow = [&] {
    if (--enlarge_in == 0) enlarge_in = 1 << num_bits++;
  };
  auto emit = [&] {
    if (to_create.count(w)) {
      write(0, num_bits);  // a new 8-bit character follows
      write(static_cast<unsigned char>(w[0]), 8);
      grow();
      to_create.erase(w);
    } else {
      write(dictionary[w], num_bits);
    }
    grow();
  };
  for (char ch : text) {
    const std::string c(1, ch);
    if (!dictionary.count(c)) {
      dictionary[c] = dict_size++;
      to_create[c] = true;
    }
    if (dictionary.count(w + c)) {
      w += c;
    } else {
      emit();
      dictionary[w + c] = dict_size++;
      w = c;
    }
  }
  if (!w.empty()) emit();
  write(2, num_bits);
  for (;;) {  // flush the last character
    data_val <<= 1;
    if (data_position == 5) {
      out += kAlphabet[static_cast<std::size_t>(data_val)];
      break;
    }
    ++data_position;
  }
  return out + std::string((4 - out.size() % 4) % 4, '=');
}

const std::string kData = SUDOKIT_TEST_DATA "/fpuzzles/";

}  // namespace

// Diagonal Sudoku (hard), UK Puzzle Association (ukpuzzles.org, file 247), written by hand in
// f-puzzles' export format; its solution, as transcribed with it (docs/variants.md), is in the
// .solution file next to it. Fails
// for backtrack until its default (plain) search handles X puzzles: docs/variants.md.
TEST(FPuzzles, PublishedDiagonalPuzzleReadsSolvesOnEveryBackendAndMatchesItsSolution) {
  const auto puzzles = read_text(slurp(kData + "ukpa_diagonal_hard.json"));
  ASSERT_EQ(puzzles.size(), 1u);
  const Grid& puzzle = puzzles[0].grid;
  EXPECT_EQ(puzzle.shape().rules().names(), "x");
  EXPECT_EQ(puzzle.givens(), 20);
  EXPECT_EQ(puzzle.at(0, 5), 3);
  EXPECT_EQ(puzzle.at(8, 3), 8);
  const Grid published = read_one(slurp(kData + "ukpa_diagonal_hard.solution"));
  // The published solution breaks no rule of the puzzle (the verifier judges by the puzzle's rules).
  EXPECT_TRUE(is_solution(puzzle, published));
  const Registry registry = builtin_solvers();
  int solved = 0;
  for (const std::string& name : registry.names(puzzle.shape())) {  // those taking diagonal rules
    Limits limits;
    limits.solutions = 2;
    const Result r = registry.create(name)->solve(puzzle, limits);
    ASSERT_EQ(r.status, Status::unique) << name;
    ASSERT_EQ(r.solutions.size(), 1u) << name;
    EXPECT_TRUE(is_solution(puzzle, r.solutions[0])) << name;
    EXPECT_EQ(r.solutions[0].values(), published.values()) << name;
    ++solved;
  }
  EXPECT_GE(solved, 4);
  // Without the diagonals the same givens have other solutions: the rules were read, not implied.
  Limits two;
  two.solutions = 2;
  EXPECT_EQ(registry.create(test::fastest())->solve(Grid(Shape::make(3, 3), puzzle.values()), two).status, Status::multiple);
}

TEST(FPuzzles, ReadsJigsawCagesExtraRegionsAndEveryFlag) {
  // 4x4 (2x2 boxes) with the regions of r1c2/r2c1 swapped: region 0 = r1c1 r2c1 r2c2 r1c3...
  std::string grid = "[[{},{\"region\":1},{\"region\":0},{}],[{\"value\":2,\"given\":true},{},{},{}],"
                     "[{},{},{},{}],[{},{},{},{\"value\":4}]]";
  const std::string text = "{\"size\":4,\"grid\":" + grid +
                           ",\"antiking\":true,\"disjointgroups\":false,\"killercage\":[{\"cells\":[\"R3C1\",\"R3C2\"],"
                           "\"value\":\"3\"},{\"cells\":[\"R4C1\",\"R4C2\"],\"value\":7},{\"cells\":[\"R4C3\"]}],"
                           "\"extraregion\":[{\"cells\":[\"R1C4\",\"R2C3\"]}],\"thermometer\":[],\"title\":\"t\"}";
  const auto puzzles = read_text(text);
  ASSERT_EQ(puzzles.size(), 1u);
  const Grid& g = puzzles[0].grid;
  const Rules& rules = g.shape().rules();
  EXPECT_TRUE(rules.anti_king);
  EXPECT_FALSE(rules.disjoint_groups);
  EXPECT_EQ(rules.regions, (std::vector<int>{0, 1, 0, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3}));
  ASSERT_EQ(rules.cages.size(), 3u);
  EXPECT_EQ(rules.cages[0], (Cage{{8, 9}, 3}));
  EXPECT_EQ(rules.cages[1], (Cage{{12, 13}, 7}));
  EXPECT_EQ(rules.cages[2], (Cage{{14}, 0}));
  EXPECT_EQ(rules.extra_regions, (std::vector<std::vector<int>>{{3, 6}}));
  EXPECT_EQ(g.at(1, 0), 2);
  EXPECT_EQ(g.at(3, 3), 0);  // a value without "given" is a solver's progress, not a clue
  // Written back as text, it reads as the same puzzle.
  EXPECT_EQ(read_one(to_text(g, Format::line)), g);
}

TEST(FPuzzles, BoxesFollowTheSitesConvention) {
  EXPECT_EQ(fpuzzles_box(9), (std::pair{3, 3}));
  EXPECT_EQ(fpuzzles_box(6), (std::pair{2, 3}));
  EXPECT_EQ(fpuzzles_box(8), (std::pair{2, 4}));
  EXPECT_EQ(fpuzzles_box(12), (std::pair{3, 4}));
  EXPECT_EQ(fpuzzles_box(16), (std::pair{4, 4}));
}

TEST(FPuzzles, ErrorsNameTheFileAndTheJsonPath) {
  std::string rows;
  for (int r = 0; r < 4; ++r) rows += std::string(r ? "," : "") + "[{},{},{},{}]";
  const std::string grid = "\"grid\":[" + rows + "]";
  EXPECT_NE(error_of("{\"size\":4," + grid + ",\"thermometer\":[{\"lines\":[[\"R1C1\",\"R1C2\"]]}]}")
                .find("f.json: puzzle 1, line 1: f-puzzles JSON thermometer: f-puzzles constraint 'thermometer' is "
                      "not supported"),
            std::string::npos);
  std::string bad_value = "{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{\"value\":7,\"given\":true}]]}";
  EXPECT_NE(error_of(bad_value).find("grid[3][3].value: digit 7 out of range 1..4"), std::string::npos)
      << error_of(bad_value);
  EXPECT_NE(error_of("{\"size\":4," + grid + ",\"killercage\":[{\"cells\":[\"R1C1\",\"R5C1\"],\"value\":3}]}")
                .find("killercage[0].cells[1]: R5C1 is outside the 4x4 grid"),
            std::string::npos);
  EXPECT_NE(error_of("{\"size\":4," + grid + ",\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"9\"}]}")
                .find("killercage[0]: cage 1 (r1c1 r1c2, sum 9): no 2 different digits of 1-4 make 9"),
            std::string::npos);
  const std::string jigsaw = "{\"size\":4,\"grid\":[[{\"region\":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}";
  EXPECT_NE(error_of(jigsaw).find("region 1 has 3 cells, not 4"), std::string::npos) << error_of(jigsaw);
  // A syntax error on the third line of a multi-line document: its line and column.
  const std::string syntax = "# before\n{\"size\":4,\n" + grid + ",\n\"antiking\": tru }\n";
  EXPECT_NE(error_of(syntax).find("f.json: puzzle 1, line 4, column"), std::string::npos) << error_of(syntax);
  // A number too large for a double is well-formed JSON that the parser refuses (found by fuzz_fpuzzles).
  EXPECT_NE(error_of("{\"size\":1e999}").find("f.json: puzzle 1, line 1: f-puzzles JSON: not JSON: [json.exception.out_of_range.406] number overflow"), std::string::npos)
      << error_of("{\"size\":1e999}");
  // Givens that break a rule by themselves, named by their JSON cells.
  const std::string twice = "{\"size\":4,\"diagonal-\":true,\"grid\":[[{\"value\":1,\"given\":true},{},{},{}],[{},{},{},{}],"
                            "[{},{},{},{}],[{},{},{},{\"value\":1,\"given\":true}]]}";
  EXPECT_NE(error_of(twice).find("digit 1 is given twice in diagonal 1: r1c1 (grid[0][0]) and r4c4 (grid[3][3])"),
            std::string::npos)
      << error_of(twice);
  // The puzzle after a bad one is still read.
  std::vector<std::string> errors;
  const auto rest = read_text(bad_value + "\n" + std::string(16, '.') + "\n", &errors);
  EXPECT_EQ(errors.size(), 1u);
  EXPECT_EQ(rest.size(), 1u);
}

// A vector from another project's tests: "N4IgHiBcDMC+Q===" is the compressed text of {"x":3}.
TEST(FPuzzles, LinksDecompressAsLzStringCompresses) {
  EXPECT_EQ(fpuzzles_link_json("https://f-puzzles.com/?load=N4IgHiBcDMC+Q==="), "{\"x\":3}");
  const std::string json = slurp(kData + "ukpa_diagonal_hard.json");
  for (const std::string& text : {std::string("{\"x\":3}"), std::string("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab"), json}) {
    const std::string link = lz_compress_base64(text);
    EXPECT_EQ(fpuzzles_link_json(link), text) << link;
  }
  EXPECT_EQ(lz_compress_base64("{\"x\":3}"), "N4IgHiBcDMC+Q===");  // the compressor matches lz-string
  // The link of the published puzzle reads as the same puzzle as its JSON.
  const auto from_json = read_text(json);
  const auto from_link = read_text("https://www.f-puzzles.com/?load=" + lz_compress_base64(json) + "\n");
  ASSERT_EQ(from_link.size(), 1u);
  EXPECT_EQ(from_link[0].grid, from_json[0].grid);
  EXPECT_FALSE(fpuzzles_link_json("https://f-puzzles.com/?load=***").has_value());
  EXPECT_NE(error_of("https://f-puzzles.com/?load=AAAA\n").find("does not decompress"), std::string::npos);
}
