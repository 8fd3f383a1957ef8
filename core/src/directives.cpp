// PuzzleReader's directives (format.h): the "# box:", "# rules:", jigsaw-layout, cage and other
// variant lines a file gives before its puzzles, and from them the rules and the Shape of the
// next puzzle, each fault placed at its directive's line and column.
#include <algorithm>
#include <charconv>
#include <string>

#include "reading.h"
#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/text.h"

namespace sudokit {

using reading::quote;
using reading::square_box;

// Directives: "# box: RxC" gives the shape of the puzzles after it, so that a file of 6x6 or 12x12
// puzzles (which cannot be inferred) reads back as written; a box given by the caller (--box)
// wins. The variant directives are described in format.h.
void PuzzleReader::read_header(const Line& line) {
  const auto hash = line.text.find('#');
  // An empty comment says nothing, not even a jigsaw map's row (a pretty grid's rule reads as one).
  if (line.text.find_first_not_of(kWhiteSpace, hash + 1) == std::string::npos) return;
  if (pending_directives_.jigsaw_line != 0 &&
      (pending_directives_.jigsaw_rows.empty() ||
       pending_directives_.jigsaw_rows.size() < pending_directives_.jigsaw_width)) {
    read_jigsaw_row(line, hash);
    return;
  }
  const auto words = split_words(std::string_view(line.text).substr(hash + 1));
  if (words.empty()) return;
  const std::string_view name = words[0].text;
  auto column_of = [&](const Word& w) { return hash + 1 + w.column; };
  auto fail = [&](std::size_t column, std::string detail) {
    if (!directive_error_) directive_error_ = DirectiveError{line.number, column, std::move(detail)};
  };
  if (name == "box:") {
    if (words.size() != 2) return;  // a comment that happens to start with "box:"
    if (box_given_) return;
    try {
      box_ = parse_box_spec(words[1].text);
    } catch (const UsageError&) {
      throw InputError(source_, puzzles_ + 1, line.number, column_of(words[1]),
                       "the header '# box: RxC' wants the shape of one box, e.g. 2x3; got " +
                           quote_word(words[1].text));
    }
    last_shape_.reset();
  } else if (name == "rules:") {
    Rules named;
    rules_error_.reset();
    const std::size_t start = words.size() > 1 ? words[1].column : words[0].column + words[0].text.size();
    const std::string_view list = std::string_view(line.text).substr(hash + start);
    if (!(words.size() == 2 && (words[1].text == "classic" || words[1].text == "none"))) {
      try {
        parse_rule_names(list, named);
      } catch (const UsageError& e) {
        rules_error_ = DirectiveError{line.number, hash + 1 + start, std::string("# rules: ") + e.what()};
      }
    }
    file_rules_ = std::move(named);
  } else if (name == "jigsaw:") {
    if (pending_directives_.jigsaw_line != 0) fail(column_of(words[0]), "a second jigsaw map for the same puzzle");
    if (words.size() > 1) fail(column_of(words[1]), "'# jigsaw:' stands alone; the region map follows on the next n lines, each '# ' and a row");
    pending_directives_.jigsaw_line = line.number;
    pending_directives_.jigsaw_rows.clear();
    pending_directives_.jigsaw_width = 0;
  } else if (name == "cage:" || name == "extra:") {
    const bool cage = name == "cage:";
    CellList list = read_cell_list(line, hash, words, cage);
    (cage ? pending_directives_.cages : pending_directives_.extras).push_back(std::move(list));
  }
}

void PuzzleReader::read_jigsaw_row(const Line& line, std::size_t hash) {
  PuzzleDirectives& d = pending_directives_;
  const auto words = split_words(std::string_view(line.text).substr(hash + 1));
  const std::size_t row_number = d.jigsaw_rows.size() + 1;
  auto fail = [&](std::size_t column, std::string detail) {
    if (!directive_error_)
      directive_error_ = DirectiveError{line.number, column, "jigsaw map row " + std::to_string(row_number) + ": " + std::move(detail)};
  };
  std::vector<int> row;
  // One word of several characters: a region per character, 1-9 then A-Z (a row has n >= 2
  // regions, so numbers would be several words).
  const bool characters = words.size() == 1 && words[0].text.size() > 1;
  // The map is n x n with regions 1 to n, n the first row's width: a larger region is named in
  // its row and column here, not as a cell of the grid once the shape is built.
  const std::size_t n = !d.jigsaw_rows.empty() ? d.jigsaw_width : characters ? words[0].text.size() : words.size();
  auto too_large = [&](std::size_t column, const std::string& region, int v) {
    fail(column, "region " + region + " (" + std::to_string(v) + "): a map " + std::to_string(n) + " wide has regions 1 to " +
                     std::to_string(n));
  };
  if (characters) {
    for (std::size_t i = 0; i < words[0].text.size(); ++i) {
      const int v = char_digit(words[0].text[i]);
      if (v <= 0)
        fail(hash + 1 + words[0].column + i, "bad region " + quote(words[0].text[i]) + ": regions are 1-9, then A-Z");
      else if (static_cast<std::size_t>(v) > n)
        too_large(hash + 1 + words[0].column + i, quote(words[0].text[i]), v);
      row.push_back(std::max(v, 1) - 1);
    }
  } else {
    for (const Word& w : words) {
      int v = 0;
      auto [ptr, ec] = std::from_chars(w.text.data(), w.text.data() + w.text.size(), v);
      if (ec != std::errc() || ptr != w.text.data() + w.text.size() || v < 1) {
        fail(hash + 1 + w.column, "bad region " + quote_word(w.text) + ": regions are numbered from 1");
        v = 1;
      } else if (static_cast<std::size_t>(v) > n) {
        too_large(hash + 1 + w.column, quote_word(w.text), v);
      }
      row.push_back(v - 1);
    }
  }
  if (d.jigsaw_rows.empty()) {
    d.jigsaw_width = row.size();
    if (row.size() < 2) {
      fail(hash + 2, "a row of the region map has n regions, one per cell; got " + std::to_string(row.size()));
      d.jigsaw_width = 1;  // ends the map here
    }
  } else if (row.size() != d.jigsaw_width) {
    fail(hash + 2, std::to_string(row.size()) + " regions, expected " + std::to_string(d.jigsaw_width) +
                       " like the first row");
  }
  d.jigsaw_rows.push_back(std::move(row));
}

PuzzleReader::CellList PuzzleReader::read_cell_list(const Line& line, std::size_t hash, const std::vector<Word>& words,
                                                    bool with_sum) {
  CellList list{line.number, hash + 1 + words[0].column, {}, 0};
  const std::string what = with_sum ? "# cage:" : "# extra:";
  auto fail = [&](std::size_t column, std::string detail) {
    if (!directive_error_) directive_error_ = DirectiveError{line.number, column, what + " " + std::move(detail)};
  };
  std::size_t i = 1;
  if (with_sum) {
    if (words.size() < 2) {
      fail(list.column, "wants a sum (0 or '-' for none) and the cells, e.g. '# cage: 15 r1c1 r1c2'");
      return list;
    }
    const Word& w = words[1];
    if (w.text != "-") {
      auto [ptr, ec] = std::from_chars(w.text.data(), w.text.data() + w.text.size(), list.sum);
      if (ec != std::errc() || ptr != w.text.data() + w.text.size() || list.sum < 0)
        fail(hash + 1 + w.column, "the sum " + quote_word(w.text) + " is not a number (0 or '-' for none)");
    }
    i = 2;
  }
  for (; i < words.size(); ++i) {
    const auto cell = parse_cell_name(words[i].text);
    if (!cell) {
      fail(hash + 1 + words[i].column, quote_word(words[i].text) + " is not a cell; cells are written r1c1");
      continue;
    }
    list.cells.push_back({cell->first, cell->second, hash + 1 + words[i].column});
  }
  if (list.cells.empty()) fail(list.column, "names no cell");
  return list;
}

// The rules of the next puzzle, of side n: the caller's, the file's and its own directives.
Rules PuzzleReader::rules_for(std::size_t n, std::size_t puzzle) {
  Rules rules = caller_rules_;
  for (bool Rules::*flag : {&Rules::diagonal_main, &Rules::diagonal_anti, &Rules::windoku, &Rules::disjoint_groups,
                            &Rules::anti_knight, &Rules::anti_king})
    rules.*flag = rules.*flag || file_rules_.*flag;
  const int side = static_cast<int>(n);
  auto cells_of = [&](const CellList& list, const std::string& what) {
    std::vector<int> cells;
    for (const CellRef& c : list.cells) {
      if (c.row < 1 || c.row > side || c.col < 1 || c.col > side)
        throw InputError(source_, puzzle, list.line, c.column,
                         what + ": r" + std::to_string(c.row) + "c" + std::to_string(c.col) + " is outside the " +
                             std::to_string(n) + "x" + std::to_string(n) + " grid");
      cells.push_back((c.row - 1) * side + (c.col - 1));
    }
    return cells;
  };
  for (std::size_t i = 0; i < current_.extras.size(); ++i)
    rules.extra_regions.push_back(cells_of(current_.extras[i], "extra region " + std::to_string(i + 1)));
  for (std::size_t i = 0; i < current_.cages.size(); ++i)
    rules.cages.push_back(Cage{cells_of(current_.cages[i], "cage " + std::to_string(i + 1)), current_.cages[i].sum});
  if (current_.jigsaw_line != 0) {
    if (current_.jigsaw_width != n || current_.jigsaw_rows.size() != n)
      throw InputError(source_, puzzle, current_.jigsaw_line, 1,
                       "the jigsaw map is " + std::to_string(current_.jigsaw_rows.size()) + " rows of " +
                           std::to_string(current_.jigsaw_width) + ", the puzzle " + std::to_string(n) + "x" +
                           std::to_string(n));
    for (const auto& row : current_.jigsaw_rows) rules.regions.insert(rules.regions.end(), row.begin(), row.end());
  }
  return rules;
}

// Shape::make names the item at fault ("cage 2 (...): ..."); its directive's line is found by
// trying each item alone.
void PuzzleReader::locate_rule_error(const BoxSpec& box, std::size_t n, std::size_t puzzle, const Line& line,
                                     const std::string& message) {
  const Rules all = rules_for(n, puzzle);
  auto fails = [&](Rules alone) {
    try {
      Shape::make(box.rows, box.cols, std::move(alone));
      return false;
    } catch (const UsageError&) {
      return true;
    }
  };
  std::size_t at_line = line.number, at_column = 1;
  Rules named = all;
  named.regions.clear();
  named.cages.clear();
  named.extra_regions.clear();
  if (!all.regions.empty()) {
    Rules alone = named;
    alone.regions = all.regions;
    if (fails(alone)) at_line = current_.jigsaw_line;
  }
  for (std::size_t i = 0; at_line == line.number && i < all.cages.size(); ++i)
    if (fails(Rules{.cages = {all.cages[i]}})) at_line = current_.cages[i].line, at_column = current_.cages[i].column;
  for (std::size_t i = 0; at_line == line.number && i < all.extra_regions.size(); ++i)
    if (fails(Rules{.extra_regions = {all.extra_regions[i]}}))
      at_line = current_.extras[i].line, at_column = current_.extras[i].column;
  throw InputError(source_, puzzle, at_line, at_column, message);
}

ShapePtr PuzzleReader::shape_for(std::size_t n, std::size_t puzzle, const Line& line, std::size_t column) {
  if (rules_error_)
    throw InputError(source_, puzzle, rules_error_->line, rules_error_->column, rules_error_->detail);
  Rules rules = rules_for(n, puzzle);
  BoxSpec box{0, 0};
  if (box_) {
    box = *box_;
  } else if (const int r = square_box(n)) {
    box = {r, r};
  } else if (rules.jigsaw() && n >= 2 && n <= static_cast<std::size_t>(kMaxSize)) {
    // Jigsaw regions replace the boxes, so any box of n cells does: the squarest, rows <= columns.
    int rows = 1;
    for (int r = 1; r * r <= static_cast<int>(n); ++r)
      if (n % static_cast<std::size_t>(r) == 0) rows = r;
    box = {rows, static_cast<int>(n) / rows};
  } else {
    std::string hint = "a " + std::to_string(n) + "x" + std::to_string(n) + " grid";
    if (n < 2 || n > kMaxSize)
      throw InputError(source_, puzzle, line.number, column,
                       hint + " is not a Sudoku size sudokit supports (4 to 64 cells a side)");
    throw InputError(source_, puzzle, line.number, column,
                     hint + " has no square boxes: give the box shape with --box RxC (e.g. --box 2x3 for 6x6)");
  }
  if (last_shape_ && last_shape_->box_rows() == box.rows && last_shape_->box_cols() == box.cols &&
      last_shape_->rules() == rules)
    return last_shape_;
  try {
    last_shape_ = Shape::make(box.rows, box.cols, std::move(rules));
  } catch (const UsageError& e) {
    locate_rule_error(box, n, puzzle, line, e.what());
  }
  return last_shape_;
}

}  // namespace sudokit
