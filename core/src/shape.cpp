#include "sudokit/shape.h"

#include <algorithm>
#include <cmath>

#include "sudokit/errors.h"

namespace sudokit {

std::shared_ptr<const Shape> Shape::make(int box_rows, int box_cols) { return make(box_rows, box_cols, Rules{}); }

std::shared_ptr<const Shape> Shape::make(int box_rows, int box_cols, Rules rules) {
  if (box_rows < 1 || box_cols < 1 || box_rows * box_cols < 2 || box_rows * box_cols > kMaxSize)
    throw UsageError("box shape " + std::to_string(box_rows) + "x" + std::to_string(box_cols) +
                     " is not supported: boxes of RxC with 2 <= R*C <= " + std::to_string(kMaxSize));
  return std::shared_ptr<const Shape>(new Shape(box_rows, box_cols, std::move(rules)));
}

std::shared_ptr<const Shape> Shape::infer(std::size_t cells) {
  auto n = static_cast<std::size_t>(std::llround(std::sqrt(static_cast<double>(cells))));
  if (n * n != cells) return nullptr;
  auto r = static_cast<std::size_t>(std::llround(std::sqrt(static_cast<double>(n))));
  if (r * r != n || n < 4 || n > kMaxSize) return nullptr;
  return make(static_cast<int>(r), static_cast<int>(r));
}

Shape::Shape(int box_rows, int box_cols, Rules rules)
    : box_rows_(box_rows), box_cols_(box_cols), n_(box_rows * box_cols),
      all_(n_ == 64 ? ~Mask{0} : (Mask{1} << n_) - 1), rules_(std::move(rules)) {
  check_rules();
  add_units();
  index_cells();
}

namespace {

std::string cells_text(const Shape& shape, const std::vector<int>& cells) {
  std::string out;
  for (std::size_t i = 0; i < cells.size() && i < 4; ++i) out += (i ? " " : "") + shape.cell_name(cells[i]);
  if (cells.size() > 4) out += " ...";
  return out;
}

}  // namespace

void Shape::check_rules() const {
  const int n = n_, cells = n * n;
  auto check_cells = [&](const std::vector<int>& list, const std::string& what) {
    if (list.empty()) throw UsageError(what + " has no cells");
    if (list.size() > static_cast<std::size_t>(n))
      throw UsageError(what + " has " + std::to_string(list.size()) + " cells; at most " + std::to_string(n) +
                       " can hold different digits");
    std::vector<char> seen(static_cast<std::size_t>(cells), 0);
    for (int cell : list) {
      if (cell < 0 || cell >= cells)
        throw UsageError(what + ": cell " + std::to_string(cell) + " is outside the " + std::to_string(n) + "x" +
                         std::to_string(n) + " grid");
      if (seen[static_cast<std::size_t>(cell)]++) throw UsageError(what + ": " + cell_name(cell) + " appears twice");
    }
  };
  if (rules_.jigsaw()) {
    if (rules_.regions.size() != static_cast<std::size_t>(cells))
      throw UsageError("the jigsaw region map has " + std::to_string(rules_.regions.size()) + " cells, not " +
                       std::to_string(cells));
    std::vector<int> count(static_cast<std::size_t>(n), 0);
    for (int cell = 0; cell < cells; ++cell) {
      const int r = rules_.regions[static_cast<std::size_t>(cell)];
      if (r < 0 || r >= n)
        throw UsageError("jigsaw: " + cell_name(cell) + " is in region " + std::to_string(r + 1) +
                         "; regions are numbered 1 to " + std::to_string(n));
      ++count[static_cast<std::size_t>(r)];
    }
    for (int r = 0; r < n; ++r)
      if (count[static_cast<std::size_t>(r)] != n)
        throw UsageError("jigsaw region " + std::to_string(r + 1) + " has " +
                         std::to_string(count[static_cast<std::size_t>(r)]) + " cells, not " + std::to_string(n));
    if (rules_.disjoint_groups) throw UsageError("disjoint groups need boxes; a jigsaw grid has none");
  }
  if (rules_.windoku && (box_rows_ > n - 2 || box_cols_ > n - 2))
    throw UsageError("windoku needs room for a window; " + name() + " boxes have none");
  for (std::size_t i = 0; i < rules_.extra_regions.size(); ++i)
    check_cells(rules_.extra_regions[i], "extra region " + std::to_string(i + 1));
  for (std::size_t i = 0; i < rules_.cages.size(); ++i) {
    const Cage& cage = rules_.cages[i];
    const std::string what = "cage " + std::to_string(i + 1);
    check_cells(cage.cells, what);
    if (cage.sum == 0) continue;
    const int k = static_cast<int>(cage.cells.size());
    const int low = k * (k + 1) / 2, high = k * (2 * n - k + 1) / 2;
    if (cage.sum < low || cage.sum > high)
      throw UsageError(what + " (" + cells_text(*this, cage.cells) + ", sum " + std::to_string(cage.sum) + "): no " +
                       std::to_string(k) + " different digits of 1-" + std::to_string(n) + " make " +
                       std::to_string(cage.sum) + " (they make " + std::to_string(low) + " to " +
                       std::to_string(high) + ")");
  }
}

void Shape::add_units() {
  const int n = n_;
  auto add = [&](UnitKind kind, int index, std::vector<int> cells) {
    std::sort(cells.begin(), cells.end());
    units_.push_back(Unit{kind, index, std::move(cells)});
  };
  for (int r = 0; r < n; ++r) {
    std::vector<int> cells;
    for (int c = 0; c < n; ++c) cells.push_back(cell_at(r, c));
    add(UnitKind::row, r, std::move(cells));
  }
  for (int c = 0; c < n; ++c) {
    std::vector<int> cells;
    for (int r = 0; r < n; ++r) cells.push_back(cell_at(r, c));
    add(UnitKind::column, c, std::move(cells));
  }
  if (rules_.jigsaw()) {
    std::vector<std::vector<int>> regions(static_cast<std::size_t>(n));
    for (int cell = 0; cell < n * n; ++cell) regions[static_cast<std::size_t>(rules_.regions[static_cast<std::size_t>(cell)])].push_back(cell);
    for (int r = 0; r < n; ++r) add(UnitKind::region, r, std::move(regions[static_cast<std::size_t>(r)]));
  } else {
    // Boxes are numbered row-major; n / box_cols of them side by side.
    const int boxes_across = n / box_cols_;
    for (int b = 0; b < n; ++b) {
      std::vector<int> cells;
      const int top = (b / boxes_across) * box_rows_, left = (b % boxes_across) * box_cols_;
      for (int r = top; r < top + box_rows_; ++r)
        for (int c = left; c < left + box_cols_; ++c) cells.push_back(cell_at(r, c));
      add(UnitKind::box, b, std::move(cells));
    }
  }
  int diagonals = 0;
  if (rules_.diagonal_main) {
    std::vector<int> cells;
    for (int i = 0; i < n; ++i) cells.push_back(cell_at(i, i));
    add(UnitKind::diagonal, diagonals++, std::move(cells));
  }
  if (rules_.diagonal_anti) {
    std::vector<int> cells;
    for (int i = 0; i < n; ++i) cells.push_back(cell_at(n - 1 - i, i));
    add(UnitKind::diagonal, diagonals++, std::move(cells));
  }
  if (rules_.windoku) {
    // Windows start one cell in and leave one cell between them: rows 2-4 and 6-8 of a 9x9 grid.
    int window = 0;
    for (int top = 1; top + box_rows_ <= n - 1; top += box_rows_ + 1)
      for (int left = 1; left + box_cols_ <= n - 1; left += box_cols_ + 1) {
        std::vector<int> cells;
        for (int r = top; r < top + box_rows_; ++r)
          for (int c = left; c < left + box_cols_; ++c) cells.push_back(cell_at(r, c));
        add(UnitKind::window, window++, std::move(cells));
      }
  }
  if (rules_.disjoint_groups) {
    for (int position = 0; position < n; ++position) {
      std::vector<int> cells;
      const int dr = position / box_cols_, dc = position % box_cols_;
      for (int top = 0; top < n; top += box_rows_)
        for (int left = 0; left < n; left += box_cols_) cells.push_back(cell_at(top + dr, left + dc));
      add(UnitKind::disjoint, position, std::move(cells));
    }
  }
  // Extra regions and cages keep their input numbers, whether they became units or groups.
  for (std::size_t i = 0; i < rules_.extra_regions.size(); ++i) {
    std::vector<int> cells = rules_.extra_regions[i];
    std::sort(cells.begin(), cells.end());
    if (static_cast<int>(cells.size()) == n) add(UnitKind::extra, static_cast<int>(i), std::move(cells));
    else groups_.push_back(Unit{UnitKind::extra, static_cast<int>(i), std::move(cells)});
  }
  for (std::size_t i = 0; i < rules_.cages.size(); ++i) {
    const Cage& cage = rules_.cages[i];
    CageTable table{cage.cells, cage.sum, {}, 0};
    std::sort(table.cells.begin(), table.cells.end());
    table.combinations = cage_combinations(n, static_cast<int>(table.cells.size()), cage.sum);
    for (Mask m : table.combinations) table.digits |= m;
    if (static_cast<int>(table.cells.size()) == n) add(UnitKind::cage, static_cast<int>(i), table.cells);
    else groups_.push_back(Unit{UnitKind::cage, static_cast<int>(i), table.cells});
    cages_.push_back(std::move(table));
  }
}

void Shape::index_cells() {
  const int cells = n_ * n_;
  auto index = [&](const std::vector<Unit>& list, std::vector<int>& flat, std::vector<int>& begin) {
    std::vector<std::vector<int>> of(static_cast<std::size_t>(cells));
    for (int u = 0; u < static_cast<int>(list.size()); ++u)
      for (int cell : list[static_cast<std::size_t>(u)].cells) of[static_cast<std::size_t>(cell)].push_back(u);
    for (int cell = 0; cell < cells; ++cell) {
      begin.push_back(static_cast<int>(flat.size()));
      flat.insert(flat.end(), of[static_cast<std::size_t>(cell)].begin(), of[static_cast<std::size_t>(cell)].end());
    }
    begin.push_back(static_cast<int>(flat.size()));
  };
  index(units_, unit_index_, unit_begin_);
  index(groups_, group_index_, group_begin_);
  {
    std::vector<std::vector<int>> of(static_cast<std::size_t>(cells));
    for (int k = 0; k < static_cast<int>(cages_.size()); ++k)
      for (int cell : cages_[static_cast<std::size_t>(k)].cells) of[static_cast<std::size_t>(cell)].push_back(k);
    for (int cell = 0; cell < cells; ++cell) {
      cage_begin_.push_back(static_cast<int>(cage_index_.size()));
      cage_index_.insert(cage_index_.end(), of[static_cast<std::size_t>(cell)].begin(), of[static_cast<std::size_t>(cell)].end());
    }
    cage_begin_.push_back(static_cast<int>(cage_index_.size()));
  }

  // Peers: cells sharing a unit or a group, then the chess moves that add what those miss.
  std::vector<std::vector<int>> peers(static_cast<std::size_t>(cells));
  std::vector<char> seen(static_cast<std::size_t>(cells), 0);
  for (int cell = 0; cell < cells; ++cell) {
    auto& list = peers[static_cast<std::size_t>(cell)];
    auto take = [&](const Unit& u) {
      for (int p : u.cells)
        if (p != cell && !seen[static_cast<std::size_t>(p)]) {
          seen[static_cast<std::size_t>(p)] = 1;
          list.push_back(p);
        }
    };
    for (int u : units_of(cell)) take(units_[static_cast<std::size_t>(u)]);
    for (int g : groups_of(cell)) take(groups_[static_cast<std::size_t>(g)]);
    std::vector<std::pair<int, int>> moves;
    if (rules_.anti_knight) moves.insert(moves.end(), {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}});
    if (rules_.anti_king) moves.insert(moves.end(), {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}, {0, 1}, {1, 0}, {0, -1}, {-1, 0}});
    for (auto [dr, dc] : moves) {
      const int r = row_of(cell) + dr, c = col_of(cell) + dc;
      if (r < 0 || r >= n_ || c < 0 || c >= n_) continue;
      const int p = cell_at(r, c);
      if (seen[static_cast<std::size_t>(p)]) continue;
      seen[static_cast<std::size_t>(p)] = 1;
      list.push_back(p);
      if (cell < p) extra_pairs_.emplace_back(cell, p);
    }
    for (int p : list) seen[static_cast<std::size_t>(p)] = 0;
    std::sort(list.begin(), list.end());
    peer_begin_.push_back(static_cast<int>(peer_index_.size()));
    peer_index_.insert(peer_index_.end(), list.begin(), list.end());
  }
  peer_begin_.push_back(static_cast<int>(peer_index_.size()));
  std::sort(extra_pairs_.begin(), extra_pairs_.end());
}

int Shape::box_of(int cell) const {
  if (rules_.jigsaw()) return rules_.regions[static_cast<std::size_t>(cell)];
  const int r = row_of(cell), c = col_of(cell);
  return (r / box_rows_) * (n_ / box_cols_) + c / box_cols_;
}

std::span<const int> Shape::units_of(int cell) const {
  const auto b = static_cast<std::size_t>(unit_begin_[static_cast<std::size_t>(cell)]);
  const auto e = static_cast<std::size_t>(unit_begin_[static_cast<std::size_t>(cell) + 1]);
  return {unit_index_.data() + b, e - b};
}

std::span<const int> Shape::groups_of(int cell) const {
  const auto b = static_cast<std::size_t>(group_begin_[static_cast<std::size_t>(cell)]);
  const auto e = static_cast<std::size_t>(group_begin_[static_cast<std::size_t>(cell) + 1]);
  return {group_index_.data() + b, e - b};
}

std::span<const int> Shape::cages_of(int cell) const {
  const auto b = static_cast<std::size_t>(cage_begin_[static_cast<std::size_t>(cell)]);
  const auto e = static_cast<std::size_t>(cage_begin_[static_cast<std::size_t>(cell) + 1]);
  return {cage_index_.data() + b, e - b};
}

std::span<const int> Shape::peers_of(int cell) const {
  const auto b = static_cast<std::size_t>(peer_begin_[static_cast<std::size_t>(cell)]);
  const auto e = static_cast<std::size_t>(peer_begin_[static_cast<std::size_t>(cell) + 1]);
  return {peer_index_.data() + b, e - b};
}

std::string Shape::name() const { return std::to_string(box_rows_) + "x" + std::to_string(box_cols_); }

std::string Shape::grid_name() const {
  const std::string side = std::to_string(size());
  const bool boxes_named = box_rows_ != box_cols_ && !rules_.jigsaw();  // a jigsaw has regions, no boxes
  return side + "x" + side + (boxes_named ? " (" + name() + " boxes)" : "");
}

std::string Shape::cell_name(int cell) const {
  return "r" + std::to_string(row_of(cell) + 1) + "c" + std::to_string(col_of(cell) + 1);
}

std::string Shape::unit_name(int unit) const {
  const Unit& u = units_[static_cast<std::size_t>(unit)];
  const std::string number = std::to_string(u.index + 1);
  switch (u.kind) {
    case UnitKind::row: return "row " + number;
    case UnitKind::column: return "column " + number;
    case UnitKind::box: return "box " + number;
    case UnitKind::region: return "region " + number;
    case UnitKind::diagonal: return "diagonal " + number;
    case UnitKind::window: return "window " + number;
    case UnitKind::disjoint: return "disjoint group " + number;
    case UnitKind::extra: return "extra region " + number;
    case UnitKind::cage: return "cage " + number;
  }
  return "unit " + std::to_string(unit + 1);
}

std::string Shape::group_name(int group) const {
  const Unit& g = groups_[static_cast<std::size_t>(group)];
  return (g.kind == UnitKind::cage ? "cage " : "extra region ") + std::to_string(g.index + 1);
}

char digit_char(int digit) {
  if (digit <= 0) return '.';
  return digit <= 9 ? static_cast<char>('0' + digit) : static_cast<char>('A' + digit - 10);
}

int char_digit(char c) {
  if (c == '0' || c == '.') return 0;
  if (c >= '1' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return -1;
}

}  // namespace sudokit
