// Reading and writing puzzles.
//
//   grid form   n lines of n whitespace-separated numbers, 0 for a blank:   "0 3 5 4 6 9 2 7 8"
//               or, for n <= 35, n lines of n characters as the line form writes cells: "035469278"
//               (a 16x16 grid so only with a box given: 16 characters alone are a 4x4 puzzle)
//   line form   n*n characters on one line, blanks '0' or '.', digits 1-9 then A-Z (n <= 35);
//               or n*n whitespace-separated numbers on one line (the form for n > 35; any n from
//               9x9 up, whose n*n is more numbers than a grid row holds).
//
// A source holds any number of puzzles: one per line, or grid blocks (optionally separated by
// blank lines). Blank lines and lines starting with '#' are skipped. The shape is inferred when
// n is a perfect square and must be given (BoxSpec) otherwise, e.g. 6x6 as 2x3 or 3x2.
//
// Directives are comment lines of the form "# NAME: ..." that describe the puzzles after them
// (docs/variants.md). Two kinds, by how long they last:
//   for the rest of the source
//     # box: 2x3              the box shape (a --box given by the caller wins)
//     # rules: x anti-knight  the named rules (rules.h, parse_rule_names); each `# rules:` line
//                             replaces the previous one; `# rules: classic` clears them
//   for the next puzzle only (so that a file of killer or jigsaw puzzles carries each one's own)
//     # jigsaw:               then the region map: the next n comment lines, each a row of n
//     # 112223333             region numbers 1..n, as characters (1-9, A-Z) or numbers with spaces
//     # cage: 15 r1c1 r1c2    a killer cage: its sum (0 or '-': none), then its cells
//     # extra: r1c1 r2c2 ...  an extra region: up to n cells with different digits
// Any other comment line is skipped, as before. Rules given by the caller apply to every puzzle
// in addition to the directives.
//
// A puzzle may also be f-puzzles JSON (from a line starting with '{' to its closing brace) or an
// f-puzzles link (a line holding "?load="), read as fpuzzles.h describes; its output form is the
// line form, with the directives.
#pragma once

#include <cstddef>
#include <deque>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/grid.h"
#include "sudokit/rules.h"
#include "sudokit/text.h"

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

// Reads puzzles one at a time. A bad puzzle throws InputError (or ConflictError for givens that
// break a rule by themselves: a digit repeated in a unit, a cage or an extra region, two equal
// digits a knight's or king's move apart, a cage whose givens no digit set of its sum contains)
// from next(); the reader has already moved past it, so the caller reports the error and calls
// next() again for the rest of the source. A bad directive is an InputError naming its line,
// column and item, raised for the puzzle it applies to.
class PuzzleReader {
 public:
  PuzzleReader(std::istream& in, std::string source_name, std::optional<BoxSpec> box = std::nullopt,
               Rules rules = {});
  std::optional<ParsedPuzzle> next();  // nullopt at the end of the source
  const std::string& source_name() const { return source_; }
  // The puzzles begun so far, bad ones included: an InputError numbered past it (a bad '# box:'
  // header) belongs to no puzzle, and the next one still takes that number.
  std::size_t puzzles_begun() const { return puzzles_; }
  // Off: a digit repeated in a unit is read as written, not thrown as a ConflictError. For grids
  // that are answers to verify (`sudokit check`), where the verifier reports the repeat.
  void check_repeats(bool on) { check_repeats_ = on; }

 private:
  struct Line {
    std::size_t number;
    std::string text;
    std::string raw;  // the line as written when undecorate() changed it ("" when it did not)
    const std::string& as_written() const { return raw.empty() ? text : raw; }
  };
  // A cell as written in a directive ("r3c5"), kept as row and column until n is known.
  struct CellRef {
    int row, col;        // 1-based
    std::size_t column;  // where it is written
  };
  // A cage or extra region directive.
  struct CellList {
    std::size_t line, column;
    std::vector<CellRef> cells;
    int sum = 0;
  };
  // What the directives before a puzzle say about that puzzle alone.
  struct PuzzleDirectives {
    std::size_t jigsaw_line = 0;  // 0: no jigsaw map
    std::size_t jigsaw_width = 0;
    std::vector<std::vector<int>> jigsaw_rows;  // regions 0-based
    std::vector<CellList> cages, extras;
    bool empty() const { return jigsaw_line == 0 && cages.empty() && extras.empty(); }
  };
  // A bad directive, raised for the puzzle it applies to once that puzzle has been read past.
  struct DirectiveError {
    std::size_t line, column;
    std::string detail;
  };
  bool next_content_line(Line& out);  // skips blank and comment lines, reading the directives
  void read_header(const Line& line);
  void read_jigsaw_row(const Line& line, std::size_t hash);
  CellList read_cell_list(const Line& line, std::size_t hash, const std::vector<Word>& words, bool with_sum);
  Rules rules_for(std::size_t n, std::size_t puzzle);  // the next puzzle's, of side n
  void locate_rule_error(const BoxSpec& box, std::size_t n, std::size_t puzzle, const Line& line, const std::string& message);
  bool peek_line(Line& out, std::size_t ahead = 0);  // the next raw line (or one `ahead` past it), not consumed
  void consume_line();                               // the next raw line, once peeked, is read
  // Whether a grid's block of rows ends at `line`: ends_block(), or a pretty grid's second rule
  // in a row (one grid's bottom frame and the next one's top, where framed grids meet with no
  // blank line between them: a grid short of a row ends there instead of taking the next grid's
  // first). `after_rule` carries whether the line before was a rule.
  static bool block_ends_at(const Line& line, bool& after_rule);
  ParsedPuzzle read_line_form(const Line& line, std::size_t number);
  ParsedPuzzle read_grid_form(const Line& first, std::size_t number);
  // The grid form written without spaces: n lines of n characters ("003020600"). char_rows_side
  // says, from a one-word line's length and the line after it, whether such rows start there, and
  // their side (0: they do not; the line is a line-form puzzle).
  std::size_t char_rows_side(std::size_t length);
  // The side of a row of characters written in groups, one a box wide ("003 020 600"; 0: the
  // words are not such groups): two or more words of one length, that of a box's row, all cells;
  // or, for a `first_row` of words of cells grouped otherwise, the next line's side when it is one.
  std::size_t grouped_side(const std::vector<Word>& words, bool first_row);
  ParsedPuzzle read_char_rows(const Line& first, std::size_t number, std::size_t n);
  ParsedPuzzle read_fpuzzles_form(const Line& first, std::size_t number);  // JSON or a link: fpuzzles.h
  ShapePtr shape_for(std::size_t n, std::size_t puzzle, const Line& line, std::size_t column);
  void check_givens(const Grid& grid, std::size_t puzzle, const std::vector<std::pair<std::size_t, std::size_t>>& pos);

  std::istream& in_;
  std::string source_;
  std::optional<BoxSpec> box_;  // given by the caller, or by the last "# box: RxC" header
  bool box_given_;              // by the caller: headers do not change it
  Rules caller_rules_;          // named rules given by the caller, for every puzzle
  Rules file_rules_;            // named rules of the last "# rules:" header
  PuzzleDirectives pending_directives_;  // read so far, for the next puzzle
  PuzzleDirectives current_;             // those of the puzzle being read
  std::optional<DirectiveError> directive_error_;  // in the directives of the next puzzle
  std::optional<DirectiveError> rules_error_;      // a bad "# rules:" line: every puzzle until the next one
  std::size_t line_number_ = 0;
  std::size_t puzzles_ = 0;
  std::deque<Line> pending_;  // lines peeked and not yet consumed
  ShapePtr last_shape_;
  bool check_repeats_ = true;  // puzzles of one file usually share a shape: reuse its tables
};

// Every puzzle of a string, for tests and small inputs; throws on the first bad one.
std::vector<Grid> read_all(std::string_view text, std::optional<BoxSpec> box = std::nullopt);
// One puzzle from a string; throws on a bad one or when there is not exactly one.
Grid read_one(std::string_view text, std::optional<BoxSpec> box = std::nullopt);

// Removes a UTF-8 byte-order mark, which some editors write at a file's start, from the front of
// `first_line`: every reader of a file's first line calls it, so that none takes it for text.
void skip_byte_order_mark(std::string& first_line);
// A puzzle's title as Project Euler's p096_sudoku.txt writes one before each grid ("Grid 01"):
// the word "grid" in any case and a number, nothing else. Skipped by the reader.
bool is_grid_title(std::string_view line);
// A rule of a pretty grid, between bands or around the grid ("------+-------+------",
// "*-----------*", "+-------+", ".-------.", "====="): only '-', '=', '+', '|', '*', '.', ':' and
// "'", at least three of them '-' or '=' and as many of those as of the rest. Skipped by the
// reader (the grid's '|' between boxes are read as spaces).
bool is_rule_line(std::string_view line);

std::string to_line(const Grid& grid);       // no newline
std::string to_grid_text(const Grid& grid);  // n lines, each ending in '\n', no trailing spaces
// The grid in `format` (the line form gets its '\n' too), after the directives that make the
// reader build its shape again: `# box:` when the box is not square, and those of its rules; a
// classic grid with square boxes is written without any.
std::string to_text(const Grid& grid, Format format);

// Every directive line of `shape` ("# box:" when the box is not square, "# rules:", "# jigsaw:"
// and its map, "# cage:", "# extra:"), each ending in '\n'; empty for a classic shape.
std::string directives(const Shape& shape);

// Writes grids one after another so that the text reads back as the same puzzles: like to_text,
// and since `# box:` and `# rules:` last for the rest of a file, it rewrites them when a grid's
// differ from those written before (`# rules: classic` after a variant), which a classic-only
// output never needs: its text is the same as to_text's.
class PuzzleWriter {
 public:
  std::string text(const Grid& grid, Format format);
  // "# box: RxC" for `shape`, written at the top of a file whatever the shape; text() then does
  // not repeat it for puzzles of that box.
  std::string box_header(const Shape& shape);

 private:
  std::string box_written_;    // "2x3": the last "# box:" written, "" before any
  std::string rules_written_;  // the names of the last "# rules:" written
};

}  // namespace sudokit
