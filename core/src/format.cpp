#include "sudokit/format.h"

#include <charconv>
#include <istream>
#include <sstream>

#include "sudokit/errors.h"
#include "sudokit/text.h"

namespace sudokit {

namespace {


// The white space of split_words() (sudokit/text.h): a line of only CR, VT or FF is blank too, or
// it would reach the parsers as a content line without a word.
constexpr std::string_view kSpace = " \t\r\v\f";
bool is_blank(std::string_view line) { return line.find_first_not_of(kSpace) == std::string_view::npos; }
bool is_comment(std::string_view line) {
  const auto first = line.find_first_not_of(kSpace);
  return first != std::string_view::npos && line[first] == '#';
}

std::string quote(char c) {
  if (c >= 32 && c < 127) return std::string("'") + c + "'";
  std::ostringstream os;
  os << "byte 0x" << std::hex << (static_cast<unsigned>(c) & 0xffu);
  return os.str();
}

// Largest grid side written as characters; beyond it the line form uses numbers.
constexpr int kMaxCharSize = 35;
// A line of at least this many numbers is one puzzle in the line form (n > 35), never a grid row.
constexpr std::size_t kMinNumericLine = 36 * 36;

}  // namespace

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

PuzzleReader::PuzzleReader(std::istream& in, std::string source_name, std::optional<BoxSpec> box)
    : in_(in), source_(std::move(source_name)), box_(box), box_given_(box.has_value()) {}

bool PuzzleReader::peek_line(Line& out) {
  if (!pending_) {
    std::string text;
    if (!std::getline(in_, text)) return false;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    pending_ = Line{++line_number_, std::move(text)};
  }
  out = *pending_;
  return true;
}

bool PuzzleReader::next_content_line(Line& out) {
  while (peek_line(out)) {
    pending_.reset();
    if (is_comment(out.text)) read_header(out);
    else if (!is_blank(out.text)) return true;
  }
  return false;
}

// "# box: RxC" gives the shape of the puzzles after it, so that a file of 6x6 or 12x12 puzzles
// (which cannot be inferred) reads back as written. A box given by the caller (--box) wins.
void PuzzleReader::read_header(const Line& line) {
  const auto hash = line.text.find('#');
  const auto words = split_words(std::string_view(line.text).substr(hash + 1));
  if (words.size() != 2 || words[0].text != "box:") return;
  if (box_given_) return;
  try {
    box_ = parse_box_spec(words[1].text);
  } catch (const UsageError&) {
    throw InputError(source_, puzzles_ + 1, line.number, hash + 1 + words[1].column,
                     "the header '# box: RxC' wants the shape of one box, e.g. 2x3; got '" + std::string(words[1].text) + "'");
  }
  last_shape_.reset();
}

ShapePtr PuzzleReader::shape_for(std::size_t n, std::size_t puzzle, const Line& line, std::size_t column) {
  if (box_) {
    if (last_shape_ == nullptr) last_shape_ = Shape::make(box_->rows, box_->cols);
    return last_shape_;
  }
  if (last_shape_ && static_cast<std::size_t>(last_shape_->size()) == n) return last_shape_;
  auto shape = Shape::infer(n * n);
  if (!shape) {
    std::string hint = "a " + std::to_string(n) + "x" + std::to_string(n) + " grid";
    if (n < 2 || n > kMaxSize)
      throw InputError(source_, puzzle, line.number, column,
                       hint + " is not a Sudoku size sudokit supports (4 to 64 cells a side)");
    throw InputError(source_, puzzle, line.number, column,
                     hint + " has no square boxes: give the box shape with --box RxC (e.g. --box 2x3 for 6x6)");
  }
  last_shape_ = shape;
  return shape;
}

std::optional<ParsedPuzzle> PuzzleReader::next() {
  Line first;
  if (!next_content_line(first)) return std::nullopt;
  const std::size_t number = ++puzzles_;
  const auto tokens = split_words(first.text);
  const bool one_line = tokens.size() == 1 || tokens.front().text.size() > 2 || tokens.size() >= kMinNumericLine;
  return one_line ? read_line_form(first, number) : read_grid_form(first, number);
}

ParsedPuzzle PuzzleReader::read_line_form(const Line& line, std::size_t number) {
  const auto tokens = split_words(line.text);
  std::vector<std::pair<std::size_t, std::size_t>> pos;
  std::vector<std::uint8_t> values;

  if (tokens.size() >= kMinNumericLine) {  // n > 35: numbers
    std::size_t n = 1;
    while ((n + 1) * (n + 1) <= tokens.size()) ++n;
    if (box_) n = static_cast<std::size_t>(box_->rows * box_->cols);
    if (n * n != tokens.size())
      throw InputError(source_, number, line.number, tokens.size() > n * n ? tokens[n * n].column : line.text.size() + 1,
                       std::to_string(tokens.size()) + " numbers on the line; a puzzle in the line form has n*n");
    ShapePtr shape = shape_for(n, number, line, 1);
    for (const Word& t : tokens) {
      int v = 0;
      auto [ptr, ec] = std::from_chars(t.text.data(), t.text.data() + t.text.size(), v);
      if (t.text == ".") v = 0;
      else if (ec != std::errc() || ptr != t.text.data() + t.text.size())
        throw InputError(source_, number, line.number, t.column, "'" + std::string(t.text) + "' is not a number");
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
  ShapePtr shape;
  if (box_) {
    shape = shape_for(0, number, line, 1);
    const auto want = static_cast<std::size_t>(shape->cells());
    if (length != want)
      throw InputError(source_, number, line.number, length < want ? t.column + length : t.column + want,
                       std::to_string(length) + " cells, expected " + std::to_string(want) + " for a " + shape->name() +
                           " puzzle");
  } else {
    shape = last_shape_ && static_cast<std::size_t>(last_shape_->cells()) == length ? last_shape_ : Shape::infer(length);
    if (!shape || shape->size() > kMaxCharSize)
      throw InputError(source_, number, line.number, t.column + length,
                       std::to_string(length) + " cells is not a puzzle size: expected n*n cells (81 for 9x9, 16 "
                       "for 4x4, 256 for 16x16), or --box RxC for other shapes");
    last_shape_ = shape;
  }
  for (std::size_t i = 0; i < length; ++i) {
    const char c = t.text[i];
    const int v = char_digit(c);
    const std::size_t column = t.column + i;
    if (v < 0) throw InputError(source_, number, line.number, column, "bad character " + quote(c));
    if (v > shape->size())
      throw InputError(source_, number, line.number, column,
                       "digit " + quote(c) + " (" + std::to_string(v) + ") out of range for a " +
                           std::to_string(shape->size()) + "x" + std::to_string(shape->size()) + " grid");
    values.push_back(static_cast<std::uint8_t>(v));
    pos.emplace_back(line.number, column);
  }
  Grid grid(shape, std::move(values));
  check_givens(grid, number, pos);
  return {std::move(grid), Format::line, number, line.number};
}

ParsedPuzzle PuzzleReader::read_grid_form(const Line& first, std::size_t number) {
  const std::size_t width = split_words(first.text).size();
  const std::size_t n = box_ ? static_cast<std::size_t>(box_->rows * box_->cols) : width;

  // Take the whole block first (up to n rows, ending early at a blank line) so that after an
  // error the reader stands at the next puzzle.
  std::vector<Line> rows{first};
  Line line;
  while (rows.size() < n && peek_line(line)) {
    if (is_blank(line.text)) break;
    pending_.reset();
    if (!is_comment(line.text)) rows.push_back(line);
  }

  ShapePtr shape = shape_for(n, number, first, 1);
  std::vector<std::uint8_t> values;
  std::vector<std::pair<std::size_t, std::size_t>> pos;
  for (const Line& row : rows) {
    const auto tokens = split_words(row.text);
    if (tokens.size() != n)
      throw InputError(source_, number, row.number, tokens.size() > n ? tokens[n].column : row.text.size() + 1,
                       "row has " + std::to_string(tokens.size()) + " numbers, expected " + std::to_string(n));
    for (const Word& t : tokens) {
      int v = 0;
      if (t.text != ".") {
        for (std::size_t i = 0; i < t.text.size(); ++i)
          if (t.text[i] < '0' || t.text[i] > '9')
            throw InputError(source_, number, row.number, t.column + i, "bad character " + quote(t.text[i]));
        std::from_chars(t.text.data(), t.text.data() + t.text.size(), v);
        if (t.text.size() > 3 || v > shape->size())
          throw InputError(source_, number, row.number, t.column,
                           "number " + std::string(t.text) + " out of range 0.." + std::to_string(shape->size()));
      }
      values.push_back(static_cast<std::uint8_t>(v));
      pos.emplace_back(row.number, t.column);
    }
  }
  if (rows.size() < n) {
    const std::size_t where = rows.back().number + 1;
    throw InputError(source_, number, where, 1,
                     "the grid has " + std::to_string(rows.size()) + " rows, expected " + std::to_string(n));
  }
  Grid grid(shape, std::move(values));
  check_givens(grid, number, pos);
  return {std::move(grid), Format::grid, number, first.number};
}

void PuzzleReader::check_givens(const Grid& grid, std::size_t puzzle,
                                const std::vector<std::pair<std::size_t, std::size_t>>& pos) {
  if (!check_repeats_) return;
  const Shape& shape = grid.shape();
  std::vector<int> first_with(static_cast<std::size_t>(shape.size()) + 1);
  for (int u = 0; u < static_cast<int>(shape.units().size()); ++u) {
    std::fill(first_with.begin(), first_with.end(), -1);
    for (int cell : shape.units()[static_cast<std::size_t>(u)].cells) {
      const int v = grid[cell];
      if (v == 0) continue;
      int& seen = first_with[static_cast<std::size_t>(v)];
      if (seen < 0) {
        seen = cell;
        continue;
      }
      const auto& a = pos[static_cast<std::size_t>(seen)];
      const auto& b = pos[static_cast<std::size_t>(cell)];
      throw ConflictError(source_, puzzle, b.first, b.second,
                          "digit " + std::to_string(v) + " is given twice in " + shape.unit_name(u) + ": " +
                              shape.cell_name(seen) + " (line " + std::to_string(a.first) + ", column " +
                              std::to_string(a.second) + ") and " + shape.cell_name(cell) + " (line " +
                              std::to_string(b.first) + ", column " + std::to_string(b.second) + ")",
                          seen, cell);
    }
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

std::string to_text(const Grid& grid, Format format) {
  return format == Format::grid ? to_grid_text(grid) : to_line(grid) + '\n';
}

}  // namespace sudokit
