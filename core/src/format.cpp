#include "sudokit/format.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <istream>
#include <sstream>
#include <utility>

#include "sudokit/errors.h"
#include "sudokit/fpuzzles.h"
#include "sudokit/text.h"
#include "reading.h"

namespace sudokit {

using reading::bad_character;
using reading::quote;
using reading::square_box;

namespace {

// The white space of split_words() (sudokit/text.h): a line of only CR, VT or FF is blank too, or
// it would reach the parsers as a content line without a word.
constexpr std::string_view kSpace = kWhiteSpace;
bool is_blank(std::string_view line) { return line.find_first_not_of(kSpace) == std::string_view::npos; }
bool is_comment(std::string_view line) {
  const auto first = line.find_first_not_of(kSpace);
  return first != std::string_view::npos && line[first] == '#';
}
// Whether a comment is a header: its first or second word ends in ':' ("# jigsaw:", "# box: 2x3",
// solve's "# puzzle 3: no solution"). Such a line belongs to what follows it.
bool is_header(std::string_view line) {
  if (!is_comment(line)) return false;
  const auto words = split_words(line.substr(line.find('#') + 1));
  for (std::size_t k = 0; k < std::min<std::size_t>(2, words.size()); ++k)
    if (words[k].text.ends_with(':')) return true;
  return false;
}
// Where a grid's block of rows ends early: a blank line, a header or a title, which belong to the
// next puzzle (a grid short of rows is then named as such, and what follows is read as written).
// Other comments inside a block are skipped.
bool ends_block(std::string_view line) { return is_blank(line) || is_header(line) || is_grid_title(line); }

// Largest grid side written as characters; beyond it the line form uses numbers.
constexpr int kMaxCharSize = 35;
// A line of more numbers than a grid row can hold is one puzzle in the line form, of numbers: the
// form of grids past 35x35, and of any grid written so (81 numbers for a 9x9).
constexpr std::size_t kMinNumericLine = kMaxSize + 1;

// The side n of the largest n*n grid with at most `cells` cells.
std::size_t side_of(std::size_t cells) {
  std::size_t n = 1;
  while ((n + 1) * (n + 1) <= cells) ++n;
  return n;
}

// The decorations of a "pretty" grid, as qqwing --readable, Hodoku or a forum post write one:
//
//    2 . . | 9 . . | . . 4          +-------+-------+-------+
//    . . 5 | 7 2 . | . . .          | 2 . . | 9 . . | . . 4 |
//   -------|-------|-------         ...
//
// A rule (is_rule_line) becomes an empty comment, skipped inside a block as comments are; a '|'
// between boxes becomes a space, so that every cell keeps its column for the messages. Comments,
// f-puzzles JSON and links are left as written. Returns the line as written when it changed it,
// else "" (most lines: no copy is made of them).
std::string undecorate(std::string& text) {
  const auto first = text.find_first_not_of(kSpace);
  if (first == std::string::npos || text[first] == '#' || text[first] == '{' || text.find("?load=") != std::string::npos) return {};
  if (is_rule_line(text)) return std::exchange(text, "#");
  if (text.find('|') == std::string::npos) return {};
  std::string raw = text;
  std::replace(text.begin(), text.end(), '|', ' ');
  return raw;
}

// A cell's digit past the grid's side, as the rows of both grid forms name it.
std::string digit_out_of_range(char c, const Shape& shape) {
  return "digit " + quote(c) + " (" + std::to_string(char_digit(c)) + ") out of range for a " + shape.grid_name() + " grid";
}

}  // namespace

bool is_grid_title(std::string_view line) {
  // Asked of every content line: only one that starts with the letter is split into words.
  const auto first = line.find_first_not_of(kSpace);
  if (first == std::string_view::npos || (line[first] != 'g' && line[first] != 'G')) return false;
  const auto words = split_words(line);
  if (words.size() != 2 || words[0].text.size() != 4 || words[1].text.size() > 9) return false;
  for (std::size_t i = 0; i < 4; ++i)
    if (static_cast<char>(std::tolower(static_cast<unsigned char>(words[0].text[i]))) != "grid"[i]) return false;
  return std::ranges::all_of(words[1].text, [](char c) { return c >= '0' && c <= '9'; });
}

bool is_rule_line(std::string_view line) {
  if (line.find_first_not_of(std::string(kSpace) + "-=+|*.:'") != std::string_view::npos) return false;
  const auto rules = static_cast<std::size_t>(std::ranges::count_if(line, [](char c) { return c == '-' || c == '='; }));
  const auto marks = static_cast<std::size_t>(std::ranges::count_if(line, [](char c) { return kSpace.find(c) == std::string_view::npos; }));
  return rules >= 3 && 2 * rules >= marks;  // "....-...." is a puzzle with a typo, not a rule
}

BoxSpec parse_box_spec(std::string_view text) {
  const auto x = text.find_first_of("xX");
  int rows = 0, cols = 0;
  const char* end = text.data() + text.size();
  if (x != std::string_view::npos) {
    auto a = std::from_chars(text.data(), text.data() + x, rows);
    auto b = std::from_chars(text.data() + x + 1, end, cols);
    if (a.ec == std::errc() && a.ptr == text.data() + x && b.ec == std::errc() && b.ptr == end) {
      Shape::make(rows, cols);  // range check
      return {rows, cols};
    }
  }
  throw UsageError("--box wants ROWSxCOLS, the shape of one box, e.g. 2x3; got '" + std::string(text) + "'");
}

Format parse_format(std::string_view text) {
  if (text == "grid") return Format::grid;
  if (text == "line") return Format::line;
  throw UsageError("--format is 'grid' or 'line', not '" + std::string(text) + "'");
}

void skip_byte_order_mark(std::string& first_line) {
  if (first_line.rfind("\xEF\xBB\xBF", 0) == 0) first_line.erase(0, 3);
}

PuzzleReader::PuzzleReader(std::istream& in, std::string source_name, std::optional<BoxSpec> box, Rules rules)
    : in_(in), source_(std::move(source_name)), box_(box), box_given_(box.has_value()), caller_rules_(std::move(rules)) {}

bool PuzzleReader::peek_line(Line& out, std::size_t ahead) {
  while (pending_.size() <= ahead) {
    std::string text;
    if (!std::getline(in_, text)) return false;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (line_number_ == 0) skip_byte_order_mark(text);
    std::string raw = undecorate(text);
    pending_.push_back(Line{++line_number_, std::move(text), std::move(raw)});
  }
  out = pending_[ahead];
  return true;
}

void PuzzleReader::consume_line() { pending_.pop_front(); }

bool PuzzleReader::block_ends_at(const Line& line, bool& after_rule) {
  if (ends_block(line.text)) return true;
  const bool rule = !line.raw.empty() && line.text == "#";  // undecorate() made it of a rule
  if (rule && after_rule) return true;
  after_rule = rule;
  return false;
}

bool PuzzleReader::next_content_line(Line& out) {
  while (peek_line(out)) {
    consume_line();
    if (is_comment(out.text)) read_header(out);
    else if (!is_blank(out.text) && !is_grid_title(out.text)) return true;
  }
  return false;
}

std::optional<ParsedPuzzle> PuzzleReader::next() {
  Line first;
  if (!next_content_line(first)) {
    // Directives after the last puzzle describe nothing: say so rather than drop them.
    const PuzzleDirectives left = std::move(pending_directives_);
    pending_directives_ = {};
    directive_error_.reset();
    if (!left.empty()) {
      const std::size_t at = left.jigsaw_line ? left.jigsaw_line
                             : !left.cages.empty() ? left.cages.front().line
                                                   : left.extras.front().line;
      throw InputError(source_, 0, at, 1, "a directive for the next puzzle, but the source ends without one");
    }
    return std::nullopt;
  }
  const std::size_t number = ++puzzles_;
  current_ = std::move(pending_directives_);
  pending_directives_ = {};
  std::optional<DirectiveError> bad = std::move(directive_error_);
  directive_error_.reset();
  if (!bad && current_.jigsaw_line != 0 && current_.jigsaw_rows.size() < current_.jigsaw_width)
    bad = DirectiveError{current_.jigsaw_line, 1,
                         "the jigsaw map has " + std::to_string(current_.jigsaw_rows.size()) + " rows, expected " +
                             std::to_string(current_.jigsaw_width) + " before the puzzle"};
  if (bad) current_ = {};  // read the puzzle past, then report its directive
  const auto tokens = split_words(first.text);
  const bool one_line = tokens.size() == 1 || tokens.front().text.size() > 2 || tokens.size() >= kMinNumericLine;
  const bool fpuzzles = tokens.front().text.front() == '{' || first.text.find("?load=") != std::string::npos;
  try {
    const std::size_t grouped = grouped_side(tokens, true);  // rows of characters in groups: "003 020 600"
    auto puzzle = fpuzzles  ? read_fpuzzles_form(first, number)
                  : grouped  ? read_char_rows(first, number, grouped)
                  : one_line ? read_line_form(first, number)
                             : read_grid_form(first, number);
    if (bad) throw InputError(source_, number, bad->line, bad->column, bad->detail);
    return puzzle;
  } catch (const InputError&) {
    if (bad) throw InputError(source_, number, bad->line, bad->column, bad->detail);
    throw;
  }
}

ParsedPuzzle PuzzleReader::read_line_form(const Line& line, std::size_t number) {
  const auto tokens = split_words(line.text);
  std::vector<std::pair<std::size_t, std::size_t>> pos;
  std::vector<std::uint8_t> values;

  if (tokens.size() >= kMinNumericLine) {  // numbers
    std::size_t n = side_of(tokens.size());
    if (box_) n = static_cast<std::size_t>(box_->rows * box_->cols);
    if (n * n != tokens.size()) {
      const auto square = [](std::size_t side) { return std::to_string(side * side) + " for " + std::to_string(side) + "x" + std::to_string(side); };
      throw InputError(source_, number, line.number, line.text.size() + 1,
                       std::to_string(tokens.size()) + " numbers on the line; a puzzle in the line form has n*n (" +
                           (box_ ? square(n) : square(n) + ", " + square(n + 1)) + ")");
    }
    ShapePtr shape = shape_for(n, number, line, 1);
    for (const Word& t : tokens) {
      int v = 0;
      auto [ptr, ec] = std::from_chars(t.text.data(), t.text.data() + t.text.size(), v);
      if (t.text == ".") v = 0;
      else if (ec != std::errc() || ptr != t.text.data() + t.text.size())
        throw InputError(source_, number, line.number, t.column, quote_word(t.text) + " is not a number");
      if (v < 0 || v > shape->size())
        throw InputError(source_, number, line.number, t.column,
                         "number " + std::to_string(v) + " out of range 0.." + std::to_string(shape->size()));
      values.push_back(static_cast<std::uint8_t>(v));
      pos.emplace_back(line.number, t.column);
    }
    Grid grid(shape, std::move(values));
    check_givens(grid, number, pos);
    return {std::move(grid), Format::line, number, line.number};
  }

  const Word& t = tokens.front();
  if (tokens.size() > 1)
    throw InputError(source_, number, line.number, tokens[1].column,
                     "unexpected text after the puzzle: a puzzle in the line form is one run of characters");
  const std::size_t length = t.text.size();
  if (const std::size_t side = char_rows_side(length)) return read_char_rows(line, number, side);
  // A character that is no digit at all is named before the length is judged: counted in bytes,
  // a stray character (é is two bytes) would otherwise be blamed on the puzzle's size.
  for (std::size_t i = 0; i < length; ++i)
    if (char_digit(t.text[i]) < 0) throw InputError(source_, number, line.number, t.column + i, bad_character(t.text[i]));
  ShapePtr shape;
  if (box_) {
    shape = shape_for(static_cast<std::size_t>(box_->rows * box_->cols), number, line, 1);
    const auto want = static_cast<std::size_t>(shape->cells());
    if (length != want)
      throw InputError(source_, number, line.number, length < want ? t.column + length : t.column + want,
                       std::to_string(length) + " cells, expected " + std::to_string(want) + " for a " + shape->grid_name() +
                           " puzzle");
  } else {
    const std::size_t n = side_of(length);
    // A jigsaw map makes any side a shape; otherwise the boxes must be square, and a side of 4 or
    // more without them (6x6) is told to give --box (shape_for).
    if (!(n * n == length && n <= kMaxCharSize && (square_box(n) != 0 || current_.jigsaw_line != 0 || n >= 4)))
      throw InputError(source_, number, line.number, t.column + length,
                       std::to_string(length) + " cells is not a puzzle size: expected n*n cells (81 for 9x9, 16 "
                       "for 4x4, 256 for 16x16), or --box RxC for other shapes" +
                           std::string(length == 9 ? "; or a grid of 9 rows, each 9 characters or 9 numbers with spaces" : ""));
    shape = shape_for(n, number, line, 1);
  }
  for (std::size_t i = 0; i < length; ++i) {
    const char c = t.text[i];
    const int v = char_digit(c);
    const std::size_t column = t.column + i;
    if (v > shape->size()) {  // every character is a digit by now (the first pass)
      // 16 characters are a 4x4 puzzle, or a row of a 16x16 grid that only --box says.
      const int row_box = box_ ? 0 : square_box(length);
      throw InputError(source_, number, line.number, column,
                       "digit " + quote(c) + " (" + std::to_string(v) + ") out of range for a " +
                           std::to_string(shape->size()) + "x" + std::to_string(shape->size()) + " grid" +
                           (row_box ? "; for rows of a " + std::to_string(length) + "x" + std::to_string(length) +
                                          " grid give --box " + std::to_string(row_box) + "x" + std::to_string(row_box)
                                    : std::string()));
    }
    values.push_back(static_cast<std::uint8_t>(v));
    pos.emplace_back(line.number, column);
  }
  Grid grid(shape, std::move(values));
  check_givens(grid, number, pos);
  return {std::move(grid), Format::line, number, line.number};
}

ParsedPuzzle PuzzleReader::read_grid_form(const Line& first, std::size_t number) {
  const std::size_t width = split_words(first.text).size();
  std::size_t n = box_ ? static_cast<std::size_t>(box_->rows * box_->cols) : width;
  Line second;
  const bool row_below = peek_line(second) && !ends_block(second.text) && !is_comment(second.text);
  const std::size_t below = row_below ? split_words(second.text).size() : 0;
  // A first row of a width no shape is inferred from (10 numbers), under one of a width that is
  // (9): the first row is the ragged one, not a 10x10 grid to give --box for.
  if (!box_ && current_.jigsaw_line == 0 && square_box(width) == 0 && square_box(below) != 0) n = below;

  // Numbers, '.', or one letter past 9 as the line form writes it ("G" for 16: forum grids of
  // 16x16 puzzles are written so).
  const auto letter = [](const Word& t) { return t.text.size() == 1 && char_digit(t.text[0]) > 9; };
  auto check_characters = [&](const Line& row, const std::vector<Word>& tokens) {
    for (const Word& t : tokens)
      for (std::size_t i = 0; t.text != "." && !letter(t) && i < t.text.size(); ++i)
        if (t.text[i] < '0' || t.text[i] > '9')
          throw InputError(source_, number, row.number, t.column + i, bad_character(t.text[i]));
  };
  // A first row whose next line is no row of its width is judged alone, before its width makes a
  // grid of the lines after it: a line of words ("by me") or of a width no grid has is a bad
  // puzzle of one line, and the puzzle on the next line is read on.
  if (below != n) {
    check_characters(first, split_words(first.text));
    shape_for(n, number, first, 1);
  }

  // Take the whole block first (up to n rows, ending early at a blank line, a header or a title:
  // ends_block) so that after an error the reader stands at the next puzzle.
  std::vector<Line> rows{first};
  Line line;
  for (bool after_rule = false; rows.size() < n && peek_line(line);) {
    if (block_ends_at(line, after_rule)) break;
    consume_line();
    if (!is_comment(line.text)) rows.push_back(line);
  }

  ShapePtr shape = shape_for(n, number, first, 1);
  std::vector<std::uint8_t> values;
  std::vector<std::pair<std::size_t, std::size_t>> pos;
  for (const Line& row : rows) {
    const auto tokens = split_words(row.text);
    if (tokens.size() != n)
      throw InputError(source_, number, row.number, tokens.size() > n ? tokens[n].column : row.text.size() + 1,
                       "row has " + counted(tokens.size(), "number") + ", expected " + std::to_string(n));
    check_characters(row, tokens);
    for (const Word& t : tokens) {
      int v = 0;
      if (letter(t)) {
        v = char_digit(t.text[0]);
        if (v > shape->size())
          throw InputError(source_, number, row.number, t.column, digit_out_of_range(t.text[0], *shape));
      } else if (t.text != ".") {
        std::from_chars(t.text.data(), t.text.data() + t.text.size(), v);
        if (t.text.size() > 3 || v > shape->size())
          throw InputError(source_, number, row.number, t.column,
                           "number " + quote_word(t.text) + " out of range 0.." + std::to_string(shape->size()));
      }
      values.push_back(static_cast<std::uint8_t>(v));
      pos.emplace_back(row.number, t.column);
    }
  }
  if (rows.size() < n)  // named where the grid ends too early: a line of the file, even at its end
    throw InputError(source_, number, rows.back().number, rows.back().text.size() + 1,
                     "the grid has " + counted(rows.size(), "row") +
                         " (from line " + std::to_string(first.number) + "), expected " + std::to_string(n));
  Grid grid(shape, std::move(values));
  check_givens(grid, number, pos);
  return {std::move(grid), Format::grid, number, first.number};
}


std::size_t PuzzleReader::char_rows_side(std::size_t length) {
  // Whether `cells` characters are a whole line-form puzzle here: of the box's side, the jigsaw
  // map's, or of a side with square boxes (16 characters: a 4x4 puzzle, never a 16x16 row).
  const auto whole_puzzle = [&](std::size_t cells) {
    const std::size_t n = side_of(cells);
    if (n * n != cells) return false;
    if (box_) return n == static_cast<std::size_t>(box_->rows * box_->cols);
    if (current_.jigsaw_line != 0) return n == current_.jigsaw_width;
    return square_box(n) != 0;
  };
  if (whole_puzzle(length)) return 0;
  // The next row, past comments inside the block (a header ends it: a directive for what follows).
  Line next;
  std::size_t ahead = 0;
  while (peek_line(next, ahead) && is_comment(next.text) && !is_header(next.text)) ++ahead;
  if (ahead == pending_.size() || is_comment(next.text)) return 0;
  const auto words = split_words(next.text);
  if (words.size() != 1 || whole_puzzle(words.front().text.size())) return 0;  // the next line is a puzzle of its own
  const std::size_t below = words.front().text.size();
  const auto rows_of = [&](std::size_t side) { return (length == side || below == side) ? side : 0; };
  if (box_) return rows_of(static_cast<std::size_t>(box_->rows * box_->cols));
  // A jigsaw map of a side says rows of it, not a puzzle of side 3 for 9 characters.
  if (current_.jigsaw_line != 0) return rows_of(current_.jigsaw_width);
  // Rows of the line's own length when the next line has it too (25 characters twice: a 25x25
  // grid, since a 5x5 puzzle has no boxes to infer) or when it is a side with square boxes (the
  // second row is the ragged one); else of the next line's length when that is such a side (the
  // first row is the ragged one).
  if (below < 2 || below > static_cast<std::size_t>(kMaxCharSize)) return 0;
  if (below == length || square_box(length) != 0) return length;
  return square_box(below) != 0 ? below : 0;
}

std::size_t PuzzleReader::grouped_side(const std::vector<Word>& words, bool first_row) {
  if (words.size() < 2) return 0;
  const auto cells = [](const Word& w) { return std::ranges::all_of(w.text, [](char c) { return char_digit(c) >= 0; }); };
  if (!std::ranges::all_of(words, cells)) return 0;
  const std::size_t group = words.front().text.size();
  const std::size_t side = group * words.size();
  // Under a jigsaw map, groups of any one width that make its side (its regions are no boxes).
  const bool box_wide = group >= 2 && side <= static_cast<std::size_t>(kMaxCharSize) &&
                        (current_.jigsaw_line != 0 ? side == current_.jigsaw_width
                         : box_                    ? side == static_cast<std::size_t>(box_->rows * box_->cols) &&
                                                         group == static_cast<std::size_t>(box_->cols)
                                                   : square_box(side) == static_cast<int>(group)) &&
                        std::ranges::all_of(words, [&](const Word& w) { return w.text.size() == group; });
  if (box_wide) return side;
  // A first row grouped wrong ("56.. .. ...") above one grouped right is a row of that grid, to
  // be judged with it, not a line-form puzzle that leaves the grid a row short.
  // A line of numbers (more words than any row in groups has cells) is none: the next line is not
  // looked at.
  Line next;
  if (!first_row || words.size() >= static_cast<std::size_t>(kMaxCharSize) || !peek_line(next) || is_comment(next.text)) return 0;
  const std::size_t below = grouped_side(split_words(next.text), false);
  return words.size() < below ? below : 0;  // not a spaced row, nor a line of numbers
}

// As in the grid form, the block is taken whole first (n rows, fewer only when ends_block, a
// line-form puzzle of the side (n*n characters) or the end comes first; other comments inside it
// skipped), so that after an error the reader stands at the next puzzle. Each row is then checked
// on its own: its characters, its length, its digits.
ParsedPuzzle PuzzleReader::read_char_rows(const Line& first, std::size_t number, std::size_t n) {
  // Rows in groups (the first row's words are) have their cells in every word, others in one.
  const bool in_groups = split_words(first.text).size() > 1;
  // A line of rows in groups is no spaced row of n numbers and no longer than two rows: a block of
  // them ends before a grid of another form or a line-form puzzle, which are read on.
  const auto row_of_groups = [&](const std::vector<Word>& words) {
    std::size_t cells = 0;
    for (const Word& w : words) cells += w.text.size();
    return words.size() < n && cells <= 2 * n;
  };
  std::vector<Line> rows{first};
  bool after_rule = false;
  for (Line line; rows.size() < n && peek_line(line);) {
    if (block_ends_at(line, after_rule)) break;
    const auto words = split_words(line.text);
    if (words.size() == 1 && words.front().text.size() == n * n) break;
    if (in_groups && !is_comment(line.text) && !row_of_groups(words)) break;
    consume_line();
    if (!is_comment(line.text)) rows.push_back(line);
  }
  ShapePtr shape = shape_for(n, number, first, 1);
  std::vector<std::uint8_t> values;
  std::vector<std::pair<std::size_t, std::size_t>> pos;
  for (const Line& row : rows) {
    const auto words = split_words(row.text);
    std::vector<std::pair<char, std::size_t>> cells;  // the row's characters and their columns
    for (std::size_t k = 0; k < (in_groups ? words.size() : 1); ++k)
      for (std::size_t i = 0; i < words[k].text.size(); ++i) cells.emplace_back(words[k].text[i], words[k].column + i);
    for (const auto& [c, column] : cells)
      if (char_digit(c) < 0) throw InputError(source_, number, row.number, column, bad_character(c));
    if (!in_groups && words.size() > 1)
      throw InputError(source_, number, row.number, words[1].column,
                       "unexpected text after the row: a grid written in characters has one run of " + std::to_string(n) +
                           " characters a row");
    if (cells.size() != n)
      throw InputError(source_, number, row.number, cells.size() > n ? cells[n].second : cells.back().second + 1,
                       "row has " + counted(cells.size(), "character") + ", expected " + std::to_string(n));
    for (const auto& [c, column] : cells) {
      const int v = char_digit(c);
      if (v > shape->size())
        throw InputError(source_, number, row.number, column, digit_out_of_range(c, *shape));
      values.push_back(static_cast<std::uint8_t>(v));
      pos.emplace_back(row.number, column);
    }
  }
  if (rows.size() < n)
    throw InputError(source_, number, rows.back().number, rows.back().text.size() + 1,
                     "the grid has " + counted(rows.size(), "row") + " of " + std::to_string(n) + " characters (from line " +
                         std::to_string(first.number) + "), expected " + std::to_string(n));
  Grid grid(shape, std::move(values));
  check_givens(grid, number, pos);
  return {std::move(grid), Format::grid, number, first.number};
}

void PuzzleReader::check_givens(const Grid& grid, std::size_t puzzle,
                                const std::vector<std::pair<std::size_t, std::size_t>>& pos) {
  if (!check_repeats_) return;
  const Shape& shape = grid.shape();
  auto where = [&](int cell) {
    const auto& at = pos[static_cast<std::size_t>(cell)];
    if (at.second == 0)  // f-puzzles JSON: its path
      return shape.cell_name(cell) + " (grid[" + std::to_string(shape.row_of(cell)) + "][" +
             std::to_string(shape.col_of(cell)) + "])";
    return shape.cell_name(cell) + " (line " + std::to_string(at.first) + ", column " + std::to_string(at.second) + ")";
  };
  auto conflict = [&](int first, int second, const std::string& detail) {
    const auto& b = pos[static_cast<std::size_t>(second)];
    const std::string cells = first == second ? where(first) : where(first) + " and " + where(second);
    throw ConflictError(source_, puzzle, b.first, b.second, detail + ": " + cells, first, second);
  };
  // A digit twice in a unit, then in a group (a cage or a small extra region). The group's name
  // is made only for the message: making it for every unit cost more than the rest of reading.
  std::vector<int> first_with(static_cast<std::size_t>(shape.size()) + 1);
  auto check_cells = [&](const std::vector<int>& cells, const auto& name) {
    std::fill(first_with.begin(), first_with.end(), -1);
    for (int cell : cells) {
      const int v = grid[cell];
      if (v == 0) continue;
      int& seen = first_with[static_cast<std::size_t>(v)];
      if (seen < 0) seen = cell;
      else conflict(seen, cell, "digit " + std::to_string(v) + " is given twice in " + name());
    }
  };
  for (int u = 0; u < static_cast<int>(shape.units().size()); ++u)
    check_cells(shape.units()[static_cast<std::size_t>(u)].cells, [&] { return shape.unit_name(u); });
  for (int g = 0; g < static_cast<int>(shape.groups().size()); ++g)
    check_cells(shape.groups()[static_cast<std::size_t>(g)].cells, [&] { return shape.group_name(g); });
  for (auto [a, b] : shape.extra_pairs())
    if (grid[a] != 0 && grid[a] == grid[b]) {
      const int dr = std::abs(shape.row_of(a) - shape.row_of(b)), dc = std::abs(shape.col_of(a) - shape.col_of(b));
      const bool king = dr <= 1 && dc <= 1;
      conflict(a, b, "digit " + std::to_string(grid[a]) + " is given twice a " + (king ? "king's" : "knight's") +
                         " move apart (" + (king ? "anti-king" : "anti-knight") + ")");
    }
  // A cage whose givens no digit set of its sum holds: too much, or a full cage of another sum.
  for (std::size_t k = 0; k < shape.cages().size(); ++k) {
    const CageTable& cage = shape.cages()[k];
    Mask given = 0;
    int first = -1, last = -1;
    for (int cell : cage.cells)
      if (grid[cell] != 0) {
        given |= Mask{1} << (grid[cell] - 1);
        if (first < 0) first = cell;
        last = cell;
      }
    if (given == 0 || cage.sum == 0) continue;
    bool fits = false;
    for (Mask m : cage.combinations) fits = fits || (m & given) == given;
    if (!fits)
      conflict(first, last, "the givens of cage " + std::to_string(k + 1) + " (sum " + std::to_string(cage.sum) +
                                ") fit no " + std::to_string(cage.cells.size()) + " different digits of that sum");
  }
}

std::vector<Grid> read_all(std::string_view text, std::optional<BoxSpec> box) {
  std::istringstream in{std::string(text)};
  PuzzleReader reader(in, "text", box);
  std::vector<Grid> grids;
  while (auto p = reader.next()) grids.push_back(std::move(p->grid));
  return grids;
}

Grid read_one(std::string_view text, std::optional<BoxSpec> box) {
  auto grids = read_all(text, box);
  if (grids.size() != 1) throw UsageError("expected one puzzle, found " + std::to_string(grids.size()));
  return std::move(grids.front());
}

std::string to_line(const Grid& grid) {
  std::string out;
  const int n = grid.size();
  if (n <= kMaxCharSize) {
    out.reserve(static_cast<std::size_t>(grid.cells()));
    for (int cell = 0; cell < grid.cells(); ++cell) out += digit_char(grid[cell]);
  } else {
    for (int cell = 0; cell < grid.cells(); ++cell) {
      if (cell) out += ' ';
      out += std::to_string(grid[cell]);
    }
  }
  return out;
}

std::string to_grid_text(const Grid& grid) {
  std::string out;
  const int n = grid.size();
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (c) out += ' ';
      out += std::to_string(grid.at(r, c));
    }
    out += '\n';
  }
  return out;
}

std::string directives(const Shape& shape) {
  const Rules& rules = shape.rules();
  if (rules.classic()) return {};
  std::string out;
  if (shape.box_rows() != shape.box_cols()) out += "# box: " + shape.name() + "\n";
  if (const std::string names = rules.names(); !names.empty()) out += "# rules: " + names + "\n";
  const int n = shape.size();
  if (rules.jigsaw()) {
    out += "# jigsaw:\n";
    for (int r = 0; r < n; ++r) {
      out += "# ";
      for (int c = 0; c < n; ++c) {
        const int region = rules.regions[static_cast<std::size_t>(shape.cell_at(r, c))] + 1;
        if (n <= kMaxCharSize) out += digit_char(region);
        else out += (c ? " " : "") + std::to_string(region);
      }
      out += '\n';
    }
  }
  for (const Cage& cage : rules.cages) {
    out += "# cage: " + std::to_string(cage.sum);
    for (int cell : cage.cells) out += " " + shape.cell_name(cell);
    out += '\n';
  }
  for (const auto& region : rules.extra_regions) {
    out += "# extra:";
    for (int cell : region) out += " " + shape.cell_name(cell);
    out += '\n';
  }
  return out;
}

std::string to_text(const Grid& grid, Format format) { return PuzzleWriter{}.text(grid, format); }

std::string PuzzleWriter::box_header(const Shape& shape) {
  box_written_ = shape.name();
  return "# box: " + box_written_ + "\n";
}

std::string PuzzleWriter::text(const Grid& grid, Format format) {
  const Shape& shape = grid.shape();
  std::string out;
  // "# box:" and "# rules:" last for the rest of the file: write them again when they change.
  const std::string box = shape.name(), names = shape.rules().names();
  // A box that is not square cannot be inferred from the cells (6x6 is 2x3 or 3x2): without the
  // header, `solve | check` could not read the answers back.
  const bool needs_box = shape.box_rows() != shape.box_cols();
  if ((needs_box || !box_written_.empty()) && box != box_written_) {
    out += "# box: " + box + "\n";
    box_written_ = box;
  }
  if (names != rules_written_) {
    out += "# rules: " + (names.empty() ? std::string("classic") : names) + "\n";
    rules_written_ = names;
  }
  // The rest of directives(): what applies to this puzzle alone.
  std::string own = directives(shape);
  for (const char* persistent : {"# box: ", "# rules: "})
    if (own.rfind(persistent, 0) == 0) own.erase(0, own.find('\n') + 1);
  out += own;
  out += format == Format::grid ? to_grid_text(grid) : to_line(grid) + '\n';
  return out;
}

namespace reading {

std::string quote(char c) {
  if (c >= 32 && c < 127) return std::string("'") + c + "'";
  std::ostringstream os;
  os << "byte 0x" << std::hex << (static_cast<unsigned>(c) & 0xffu);
  return os.str();
}

std::string bad_character(char c) {
  const bool other_blank = c == '-' || c == '_' || c == '*' || c == '?';
  return "bad character " + quote(c) + (other_blank ? " (a blank is '0' or '.')" : "");
}

int square_box(std::size_t n) {
  int r = 1;
  while (static_cast<std::size_t>((r + 1) * (r + 1)) <= n) ++r;
  return static_cast<std::size_t>(r * r) == n && n >= 4 && n <= static_cast<std::size_t>(kMaxSize) ? r : 0;
}

}  // namespace reading

}  // namespace sudokit
