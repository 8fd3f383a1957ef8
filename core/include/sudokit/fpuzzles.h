// f-puzzles (www.f-puzzles.com), the puzzle editor variant setters publish with: its JSON, and
// the compressed text of its links. PuzzleReader recognises both by content (a line starting with
// '{', or a link with "?load="), so every command that reads puzzles reads them.
//
//   size                 n; the boxes are f-puzzles' own: rows x columns with rows <= columns,
//                        as square as n allows (9: 3x3, 6: 2x3, 8: 2x4, 12: 3x4, 16: 4x4)
//   grid[r][c]           {value, given, region}: a value counts as a clue when `given` is true
//                        (other values are a solver's progress); `region` (0-based) where it
//                        differs from the cell's box makes the puzzle a jigsaw
//   "diagonal+"          the anti-diagonal (r9c1 to r1c9);  "diagonal-": the main diagonal
//   antiknight, antiking, disjointgroups   booleans
//   killercage           [{cells: ["R1C1", ...], value: "15"}]; value a string or number, or absent
//   extraregion          [{cells: [...]}]
// Metadata and decoration (title, author, ruleset, solution, text, line, rectangle, circle, cage,
// and the editor's settings) carry no rule and are skipped; any other constraint that is present
// and not empty is an error naming it, rather than a puzzle solved without it.
#pragma once

#include <optional>
#include <utility>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/rules.h"

namespace sudokit {

// One f-puzzles puzzle, before it becomes a Grid.
struct FPuzzle {
  int box_rows = 0, box_cols = 0;
  Rules rules;
  std::vector<int> values;  // n*n, 0 for a blank
};

// What is wrong with a puzzle and where: `path` is a JSON path such as "grid[3][4].value" ("" for
// the document), `offset` the byte offset in the text when known (JSON syntax errors).
struct FPuzzleError {
  std::string path;
  std::optional<std::size_t> offset;
  std::string detail;
};

// Reads the JSON text of one puzzle. Returns nullopt and fills `error` when the text is not a
// puzzle sudokit can solve. Shape::make checks the rules afterwards (region sizes, cage sums).
std::optional<FPuzzle> parse_fpuzzles(std::string_view json, FPuzzleError& error);

// The JSON text of a link's "load=" part (or of the whole link): lz-string's decompressFromBase64,
// as f-puzzles compresses it. nullopt when the text does not decompress.
std::optional<std::string> fpuzzles_link_json(std::string_view link);

// The f-puzzles box of an n x n grid: rows <= columns, as square as n allows.
std::pair<int, int> fpuzzles_box(int n);

}  // namespace sudokit
