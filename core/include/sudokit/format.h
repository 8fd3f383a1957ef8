// Reading and writing puzzles.
//
//   grid form   n lines of n whitespace-separated numbers, 0 for a blank:   "0 3 5 4 6 9 2 7 8"
//   line form   n*n characters on one line, blanks '0' or '.', digits 1-9 then A-Z (n <= 35);
//               for n > 35, n*n whitespace-separated numbers on one line.
//
// A source holds any number of puzzles: one per line, or grid blocks (optionally separated by
// blank lines). Blank lines and lines starting with '#' are skipped. The shape is inferred when
// n is a perfect square and must be given (BoxSpec) otherwise, e.g. 6x6 as 2x3 or 3x2.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/grid.h"

namespace sudokit {

enum class Format { grid, line };

struct BoxSpec {
  int rows, cols;
};
// Parses "RxC", e.g. "2x3"; throws UsageError.
BoxSpec parse_box_spec(std::string_view text);
// Parses "grid" or "line"; throws UsageError.
Format parse_format(std::string_view text);

struct ParsedPuzzle {
  Grid grid;
  Format format;           // the form it was written in: output defaults to it
  std::size_t number;      // 1-based position in the source, bad puzzles included
  std::size_t first_line;  // 1-based line where it starts
};

// Reads puzzles one at a time. A bad puzzle throws InputError (or ConflictError for a repeated
// given) from next(); the reader has already moved past it, so the caller reports the error and
// calls next() again for the rest of the source.
class PuzzleReader {
 public:
  PuzzleReader(std::istream& in, std::string source_name, std::optional<BoxSpec> box = std::nullopt);
  std::optional<ParsedPuzzle> next();  // nullopt at the end of the source
  const std::string& source_name() const { return source_; }
  // Off: a digit repeated in a unit is read as written, not thrown as a ConflictError. For grids
  // that are answers to verify (`sudokit check`), where the verifier reports the repeat.
  void check_repeats(bool on) { check_repeats_ = on; }

 private:
  struct Line {
    std::size_t number;
    std::string text;
  };
  bool next_content_line(Line& out);  // skips blank and comment lines, reading "# box: RxC" headers
  void read_header(const Line& line);
  bool peek_line(Line& out);           // the next raw line, not consumed
  ParsedPuzzle read_line_form(const Line& line, std::size_t number);
  ParsedPuzzle read_grid_form(const Line& first, std::size_t number);
  ShapePtr shape_for(std::size_t n, std::size_t puzzle, const Line& line, std::size_t column);
  void check_givens(const Grid& grid, std::size_t puzzle, const std::vector<std::pair<std::size_t, std::size_t>>& pos);

  std::istream& in_;
  std::string source_;
  std::optional<BoxSpec> box_;  // given by the caller, or by the last "# box: RxC" header
  bool box_given_;              // by the caller: headers do not change it
  std::size_t line_number_ = 0;
  std::size_t puzzles_ = 0;
  std::optional<Line> pending_;
  ShapePtr last_shape_;
  bool check_repeats_ = true;  // puzzles of one file usually share a shape: reuse its tables
};

// Every puzzle of a string, for tests and small inputs; throws on the first bad one.
std::vector<Grid> read_all(std::string_view text, std::optional<BoxSpec> box = std::nullopt);
// One puzzle from a string; throws on a bad one or when there is not exactly one.
Grid read_one(std::string_view text, std::optional<BoxSpec> box = std::nullopt);

std::string to_line(const Grid& grid);       // no newline
std::string to_grid_text(const Grid& grid);  // n lines, each ending in '\n', no trailing spaces
std::string to_text(const Grid& grid, Format format);  // line form gets its '\n' too

}  // namespace sudokit
