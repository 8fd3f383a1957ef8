#include "sudokit/encoders/exact_cover.h"

namespace sudokit {

namespace {

// Item numbering of the full Sudoku matrix: n*n cell items, then n*n per unit kind in the order of
// Shape::units() (rows, columns, boxes, extras), unit u and digit d at n*n + u*n + (d-1).
std::string unit_item_name(const Shape& shape, int item) {
  const int n = shape.size(), cells = shape.cells();
  if (item < cells) return "p" + std::to_string(shape.row_of(item) + 1) + "." + std::to_string(shape.col_of(item) + 1);
  const int u = (item - cells) / n, d = (item - cells) % n + 1;
  const Unit& unit = shape.units()[static_cast<std::size_t>(u)];
  const char* prefix = unit.kind == UnitKind::row ? "r" : unit.kind == UnitKind::column ? "c" : unit.kind == UnitKind::box ? "b" : "u";
  const int number = unit.kind == UnitKind::extra ? u + 1 : unit.index + 1;
  return prefix + std::to_string(number) + "." + std::to_string(d);
}

// A cage with a sum needs its own items; one without (or one of n cells, whose sum is forced) is
// only a group or a unit.
bool has_sum_item(const Shape& shape, const CageTable& cage) {
  return cage.sum != 0 && static_cast<int>(cage.cells.size()) < shape.size();
}

}  // namespace

// Variant rules (docs/encodings.md, "Variant rules"), after the unit items:
//   primary    "cageK" per cage with a sum: covered by the one digit set the cage takes
//   secondary  "cageK.d" per group (cage or small extra region) and digit: at most one cell of it
//              holds d (a cage with a sum uses its "cageK!d" items for this instead);
//              "r1c1~r2c3#d" per extra pair and digit: not both cells d;
//              "cageK!d" per cage with a sum and digit: every option (cell of the cage, d) covers
//              it, and the option of each digit set S covers it for every d outside S. Once S is
//              chosen the cage's cells may use only digits of S, each once: k different digits of
//              a k-digit set are the set, so the cage makes its sum (the complement trick).
// Cell options come first, cell * n + d - 1, as before; the cages' digit-set options follow, with
// option_cell -1, option_digit the cage's index and option_set the set's mask.
SudokuCover full_sudoku_cover(const Shape& shape) {
  SudokuCover s;
  const int n = shape.size(), cells = shape.cells();
  const int unit_items = cells + static_cast<int>(shape.units().size()) * n;
  for (int i = 0; i < unit_items; ++i) s.cover.items.push_back(unit_item_name(shape, i));
  const auto& cages = shape.cages();
  std::vector<int> cage_item(cages.size(), -1);  // the primary item of each cage with a sum
  for (std::size_t k = 0; k < cages.size(); ++k)
    if (has_sum_item(shape, cages[k])) {
      cage_item[k] = s.cover.item_count();
      s.cover.items.push_back("cage" + std::to_string(k + 1));
    }
  s.cover.primary = s.cover.item_count();
  auto digit = [](int d) { return std::to_string(d); };
  // Group items: groups(), digit d at group_first[g] + d - 1 (-1: a cage with a sum, see above).
  std::vector<int> group_first(shape.groups().size(), -1);
  for (std::size_t g = 0; g < shape.groups().size(); ++g) {
    const Unit& group = shape.groups()[g];
    if (group.kind == UnitKind::cage && cage_item[static_cast<std::size_t>(group.index)] >= 0) continue;
    group_first[g] = s.cover.item_count();
    const std::string name = (group.kind == UnitKind::cage ? "cage" : "x") + std::to_string(group.index + 1) + ".";
    for (int d = 1; d <= n; ++d) s.cover.items.push_back(name + digit(d));
  }
  const int pair_first = s.cover.item_count();
  for (auto [a, b] : shape.extra_pairs())
    for (int d = 1; d <= n; ++d) s.cover.items.push_back(shape.cell_name(a) + "~" + shape.cell_name(b) + "#" + digit(d));
  std::vector<int> cage_digit_first(cages.size(), -1);
  for (std::size_t k = 0; k < cages.size(); ++k)
    if (cage_item[k] >= 0) {
      cage_digit_first[k] = s.cover.item_count();
      for (int d = 1; d <= n; ++d) s.cover.items.push_back("cage" + std::to_string(k + 1) + "!" + digit(d));
    }
  // Each cell's extra pairs, as indices into extra_pairs().
  std::vector<std::vector<int>> pairs_of(static_cast<std::size_t>(cells));
  for (std::size_t i = 0; i < shape.extra_pairs().size(); ++i) {
    pairs_of[static_cast<std::size_t>(shape.extra_pairs()[i].first)].push_back(static_cast<int>(i));
    pairs_of[static_cast<std::size_t>(shape.extra_pairs()[i].second)].push_back(static_cast<int>(i));
  }
  for (int cell = 0; cell < cells; ++cell)
    for (int d = 1; d <= n; ++d) {
      std::vector<int> option{cell};
      for (int u : shape.units_of(cell)) option.push_back(cells + u * n + d - 1);
      for (int g : shape.groups_of(cell))
        if (group_first[static_cast<std::size_t>(g)] >= 0) option.push_back(group_first[static_cast<std::size_t>(g)] + d - 1);
      for (int p : pairs_of[static_cast<std::size_t>(cell)]) option.push_back(pair_first + p * n + d - 1);
      for (int k : shape.cages_of(cell))
        if (cage_digit_first[static_cast<std::size_t>(k)] >= 0) option.push_back(cage_digit_first[static_cast<std::size_t>(k)] + d - 1);
      s.cover.options.push_back(std::move(option));
      s.option_cell.push_back(cell);
      s.option_digit.push_back(d);
      s.option_set.push_back(0);
    }
  for (std::size_t k = 0; k < cages.size(); ++k) {
    if (cage_item[k] < 0) continue;
    for (Mask set : cages[k].combinations) {
      std::vector<int> option{cage_item[k]};
      for (int d = 1; d <= n; ++d)
        if (!((set >> (d - 1)) & 1)) option.push_back(cage_digit_first[k] + d - 1);
      s.cover.options.push_back(std::move(option));
      s.option_cell.push_back(-1);
      s.option_digit.push_back(static_cast<int>(k));
      s.option_set.push_back(set);
    }
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
  if (conflict) {  // the doubly covered items have no option, and all are primary: no solution
    s.cover.primary = static_cast<int>(s.cover.items.size());
    return s;
  }
  for (int i = 0; i < full.cover.primary; ++i) s.cover.primary += covered[static_cast<std::size_t>(i)] == 0;
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
    s.option_set.push_back(full.option_set[o]);
  }
  return s;
}

}  // namespace sudokit
