// The rater's board (board.h): candidates kept by plain elimination, as SE keeps them.
#include "board.h"

#include <algorithm>
#include <vector>

namespace sudokit::se {

Board::Board(const Grid& puzzle)
    : shape_(puzzle.shape_ptr()),
      n_(puzzle.size()),
      value_(static_cast<std::size_t>(puzzle.cells()), 0),
      cand_(static_cast<std::size_t>(puzzle.cells()), puzzle.shape().all_digits()),
      placed_(static_cast<std::size_t>(n_ + 1), 0) {
  for (const Unit& unit : shape_->units()) {
    if (is_box(unit)) boxes_.push_back(&unit);
    else if (unit.kind == UnitKind::row) rows_.push_back(&unit);
    else if (unit.kind == UnitKind::column) columns_.push_back(&unit);
    else if (!variant_.empty() && variant_.back().front()->kind == unit.kind) variant_.back().push_back(&unit);
    else variant_.push_back({&unit});
  }
  // Every digit has every place in every unit until the givens go in.
  const auto& units = shape_->units();
  places_.resize(units.size() * static_cast<std::size_t>(n_));
  for (std::size_t u = 0; u < units.size(); ++u)
    for (int d = 0; d < n_; ++d)
      places_[u * static_cast<std::size_t>(n_) + static_cast<std::size_t>(d)] =
          units[u].cells.size() == 64 ? ~Mask{0} : (Mask{1} << units[u].cells.size()) - 1;
  empty_ = cells();
  for (int cell = 0; cell < cells(); ++cell)
    if (puzzle[cell] != 0) place(cell, puzzle[cell]);
}

std::vector<const Unit*> Board::boxes_columns_rows() const {
  std::vector<const Unit*> all(boxes_);
  all.insert(all.end(), columns_.begin(), columns_.end());
  all.insert(all.end(), rows_.begin(), rows_.end());
  for (const auto& kind : variant_) all.insert(all.end(), kind.begin(), kind.end());
  return all;
}

std::string Board::name(const Unit& unit) const {
  return shape_->unit_name(static_cast<int>(&unit - shape_->units().data()));
}

Mask Board::positions(const Unit& unit, int digit) const {
  const auto index = static_cast<std::size_t>(&unit - shape_->units().data());
  return places_[index * static_cast<std::size_t>(n_) + static_cast<std::size_t>(digit - 1)];
}

const Unit& Board::unit_of(int kind, int cell) const {
  const Shape& s = *shape_;
  if (kind == 0) return *boxes_[static_cast<std::size_t>(s.box_of(cell))];
  return kind == 1 ? *rows_[static_cast<std::size_t>(s.row_of(cell))] : *columns_[static_cast<std::size_t>(s.col_of(cell))];
}

const Unit* Board::unit_holding(int kind, std::span<const int> cells) const {
  const Unit* unit = &unit_of(kind, cells.front());
  for (int cell : cells)
    if (&unit_of(kind, cell) != unit) return nullptr;
  return unit;
}

int Board::empty_cells(const Unit& unit) const {
  return static_cast<int>(std::count_if(unit.cells.begin(), unit.cells.end(), [&](int c) { return value(c) == 0; }));
}

bool Board::sees(int a, int b) const {
  const auto peers = shape_->peers_of(a);
  return std::binary_search(peers.begin(), peers.end(), b);
}

bool Board::contains(const Unit& unit, int cell) const {
  return std::binary_search(unit.cells.begin(), unit.cells.end(), cell);
}

bool Board::crosses(const Unit& a, const Unit& b) const {
  return std::any_of(a.cells.begin(), a.cells.end(), [&](int c) { return contains(b, c); });
}

void Board::place(int cell, int digit) {
  for (int d : digits_of(candidates(cell))) remove(cell, d);
  value_[static_cast<std::size_t>(cell)] = digit;
  ++placed_[static_cast<std::size_t>(digit)];
  --empty_;
  for (int peer : shape_->peers_of(cell)) remove(peer, digit);
}

void Board::remove(int cell, int digit) {
  if (!has(cell, digit)) return;
  cand_[static_cast<std::size_t>(cell)] &= ~digit_bit(digit);
  for (int u : shape_->units_of(cell)) {  // the digit's places in the cell's units lose the cell
    const auto& cells = shape_->units()[static_cast<std::size_t>(u)].cells;
    const auto i = std::lower_bound(cells.begin(), cells.end(), cell) - cells.begin();
    places_[static_cast<std::size_t>(u) * static_cast<std::size_t>(n_) + static_cast<std::size_t>(digit - 1)] &=
        ~bit(static_cast<int>(i));
  }
}

std::vector<int> digits_of(Mask m) {
  std::vector<int> digits;
  for (; m; m &= m - 1) digits.push_back(lowest(m) + 1);
  return digits;
}

std::vector<int> cells_at(const Unit& unit, Mask places) {
  std::vector<int> cells;
  for (; places; places &= places - 1) cells.push_back(unit.cells[static_cast<std::size_t>(lowest(places))]);
  return cells;
}

bool any_combination(int n, int k, const std::function<bool(std::span<const int>)>& visit) {
  if (k > n || k <= 0) return false;
  std::vector<int> pick(static_cast<std::size_t>(k));
  for (int i = 0; i < k; ++i) pick[static_cast<std::size_t>(i)] = i;
  while (true) {
    if (visit(pick)) return true;
    int i = k - 1;
    while (i >= 0 && pick[static_cast<std::size_t>(i)] == n - k + i) --i;
    if (i < 0) return false;
    ++pick[static_cast<std::size_t>(i)];
    for (int j = i + 1; j < k; ++j) pick[static_cast<std::size_t>(j)] = pick[static_cast<std::size_t>(j - 1)] + 1;
  }
}

std::string digit_symbol(int digit, const Shape& shape) {
  constexpr int kLineFormSides = 35;
  return shape.size() <= kLineFormSides ? std::string(1, digit_char(digit)) : std::to_string(digit);
}

SeStep finish(SeStep step) {
  std::sort(step.cells.begin(), step.cells.end());
  step.cells.erase(std::unique(step.cells.begin(), step.cells.end()), step.cells.end());
  std::sort(step.digits.begin(), step.digits.end());
  step.digits.erase(std::unique(step.digits.begin(), step.digits.end()), step.digits.end());
  std::sort(step.removed.begin(), step.removed.end(),
            [](const CellDigit& a, const CellDigit& b) { return a.cell != b.cell ? a.cell < b.cell : a.digit < b.digit; });
  step.removed.erase(std::unique(step.removed.begin(), step.removed.end()), step.removed.end());
  return step;
}

}  // namespace sudokit::se
