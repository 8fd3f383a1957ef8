#include "sudokit/encoders/exact_cover.h"

namespace sudokit {

namespace {

// Item numbering of the full Sudoku matrix: n*n cell items, then n*n per unit kind in the order of
// Shape::units() (rows, columns, boxes, extras), unit u and digit d at n*n + u*n + (d-1).
std::string item_name(const Shape& shape, int item) {
  const int n = shape.size(), cells = shape.cells();
  if (item < cells) return "p" + std::to_string(shape.row_of(item) + 1) + "." + std::to_string(shape.col_of(item) + 1);
  const int u = (item - cells) / n, d = (item - cells) % n + 1;
  const Unit& unit = shape.units()[static_cast<std::size_t>(u)];
  const char* prefix = unit.kind == UnitKind::row ? "r" : unit.kind == UnitKind::column ? "c" : unit.kind == UnitKind::box ? "b" : "u";
  const int number = unit.kind == UnitKind::extra ? u + 1 : unit.index + 1;
  return prefix + std::to_string(number) + "." + std::to_string(d);
}

}  // namespace

SudokuCover full_sudoku_cover(const Shape& shape) {
  SudokuCover s;
  const int n = shape.size(), cells = shape.cells();
  const int items = cells + static_cast<int>(shape.units().size()) * n;
  for (int i = 0; i < items; ++i) s.cover.items.push_back(item_name(shape, i));
  s.cover.primary = items;
  for (int cell = 0; cell < cells; ++cell)
    for (int d = 1; d <= n; ++d) {
      std::vector<int> option{cell};
      for (int u : shape.units_of(cell)) option.push_back(cells + u * n + d - 1);
      s.cover.options.push_back(std::move(option));
      s.option_cell.push_back(cell);
      s.option_digit.push_back(d);
    }
  return s;
}

SudokuCover reduced_sudoku_cover(const Grid& puzzle) {
  const Shape& shape = puzzle.shape();
  const SudokuCover full = full_sudoku_cover(shape);
  const int n = shape.size();
  // Items a given already covers; an item covered twice makes the matrix unsatisfiable, which the
  // reduced matrix expresses by keeping that item with no option.
  std::vector<int> covered(full.cover.items.size(), 0);
  for (int cell = 0; cell < shape.cells(); ++cell)
    if (puzzle[cell] != 0)
      for (int item : full.cover.options[static_cast<std::size_t>(cell * n + puzzle[cell] - 1)])
        ++covered[static_cast<std::size_t>(item)];
  bool conflict = false;
  for (int c : covered) conflict |= c > 1;
  SudokuCover s;
  std::vector<int> renumber(full.cover.items.size(), -1);
  for (std::size_t i = 0; i < full.cover.items.size(); ++i)
    if (covered[i] == 0 || (conflict && covered[i] > 1)) {
      renumber[i] = static_cast<int>(s.cover.items.size());
      s.cover.items.push_back(full.cover.items[i]);
    }
  s.cover.primary = static_cast<int>(s.cover.items.size());
  if (conflict) return s;  // the doubly covered items have no option: no solution
  for (std::size_t o = 0; o < full.cover.options.size(); ++o) {
    std::vector<int> option;
    bool keep = true;
    for (int item : full.cover.options[o]) {
      if (covered[static_cast<std::size_t>(item)]) keep = false;
      option.push_back(renumber[static_cast<std::size_t>(item)]);
    }
    if (!keep) continue;
    s.cover.options.push_back(std::move(option));
    s.option_cell.push_back(full.option_cell[o]);
    s.option_digit.push_back(full.option_digit[o]);
  }
  return s;
}

}  // namespace sudokit
