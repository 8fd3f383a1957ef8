// Variant rules: what a grid must satisfy beyond its rows, columns and boxes.
//
// A Rules value only describes; Shape::make(box_rows, box_cols, rules) checks it and builds the
// tables every backend reads (units, peers, groups, cages). Formats read Rules (the `# rules:`
// directives, f-puzzles JSON), the generator and the writers produce them, and the verifier
// checks a solution against this description directly, not against Shape's tables.
//
//   X / diagonals   the main diagonal (r1c1..rncn, f-puzzles "diagonal-") and the anti-diagonal
//                   (rnc1..r1cn, "diagonal+") each hold every digit once
//   windoku         windows of box size, one cell in from the edge and one cell apart (the four
//                   extra 3x3 boxes of 9x9 Windoku / Hyper Sudoku), each hold every digit once
//   disjoint        the cells at the same position in every box form a unit
//   jigsaw          `regions` replaces the boxes: n regions of n cells each
//   anti-knight     two cells a chess knight's move apart hold different digits
//   anti-king       two cells a king's move apart (diagonal neighbours) hold different digits
//   extra regions   any set of up to n cells with different digits (n cells: every digit once)
//   killer cages    a set of cells with different digits summing to `sum` (0: no sum given)
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sudokit {

struct Cage {
  std::vector<int> cells;  // dense cell indices, as in Shape
  int sum = 0;             // the digits' total; 0 when the cage only asks for different digits
  friend bool operator==(const Cage&, const Cage&) = default;
};

struct Rules {
  bool diagonal_main = false;  // r1c1 to rncn
  bool diagonal_anti = false;  // rnc1 to r1cn
  bool windoku = false;
  bool disjoint_groups = false;
  bool anti_knight = false;
  bool anti_king = false;
  std::vector<int> regions;                      // jigsaw: region 0..n-1 of each cell; empty: boxes
  std::vector<std::vector<int>> extra_regions;   // cells of each, up to n
  std::vector<Cage> cages;

  bool classic() const { return *this == Rules{}; }
  bool jigsaw() const { return !regions.empty(); }
  // The rule names in the form `parse_rule_names` reads and `# rules:` headers carry, e.g.
  // "x anti-knight"; jigsaw, extra regions and cages are data and are not named here.
  std::string names() const;
  // A short description of everything, for tables: "classic", "x+jigsaw+killer".
  std::string summary() const;

  friend bool operator==(const Rules&, const Rules&) = default;
};

// Sets the rules named in `text` (separated by spaces or commas): x (both diagonals), diagonal+,
// diagonal-, windoku (or hyper), disjoint, anti-knight, anti-king. Throws UsageError naming an
// unknown word.
void parse_rule_names(std::string_view text, Rules& rules);

// The digit sets (bit d-1 for digit d) of `size` different digits from 1..n summing to `sum`
// (every set of `size` digits when sum is 0), in increasing order of mask. Throws UsageError
// when there would be more than `limit` of them.
std::vector<std::uint64_t> cage_combinations(int n, int size, int sum, std::size_t limit = 1u << 20);

}  // namespace sudokit
