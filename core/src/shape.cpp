#include "sudokit/shape.h"

#include <algorithm>
#include <cmath>

#include "sudokit/errors.h"

namespace sudokit {

std::shared_ptr<const Shape> Shape::make(int box_rows, int box_cols) {
  if (box_rows < 1 || box_cols < 1 || box_rows * box_cols < 2 || box_rows * box_cols > kMaxSize)
    throw UsageError("box shape " + std::to_string(box_rows) + "x" + std::to_string(box_cols) +
                     " is not supported: boxes of RxC with 2 <= R*C <= " + std::to_string(kMaxSize));
  return std::shared_ptr<const Shape>(new Shape(box_rows, box_cols));
}

std::shared_ptr<const Shape> Shape::infer(std::size_t cells) {
  auto n = static_cast<std::size_t>(std::llround(std::sqrt(static_cast<double>(cells))));
  if (n * n != cells) return nullptr;
  auto r = static_cast<std::size_t>(std::llround(std::sqrt(static_cast<double>(n))));
  if (r * r != n || n < 4 || n > kMaxSize) return nullptr;
  return make(static_cast<int>(r), static_cast<int>(r));
}

Shape::Shape(int box_rows, int box_cols)
    : box_rows_(box_rows), box_cols_(box_cols), n_(box_rows * box_cols),
      all_(n_ == 64 ? ~Mask{0} : (Mask{1} << n_) - 1) {
  const int n = n_;
  for (int r = 0; r < n; ++r) {
    Unit u{UnitKind::row, r, {}};
    for (int c = 0; c < n; ++c) u.cells.push_back(cell_at(r, c));
    units_.push_back(std::move(u));
  }
  for (int c = 0; c < n; ++c) {
    Unit u{UnitKind::column, c, {}};
    for (int r = 0; r < n; ++r) u.cells.push_back(cell_at(r, c));
    units_.push_back(std::move(u));
  }
  for (int b = 0; b < n; ++b) {
    Unit u{UnitKind::box, b, {}};
    // Boxes are numbered row-major; n / box_cols of them side by side.
    const int boxes_across = n / box_cols_;
    const int top = (b / boxes_across) * box_rows_, left = (b % boxes_across) * box_cols_;
    for (int r = top; r < top + box_rows_; ++r)
      for (int c = left; c < left + box_cols_; ++c) u.cells.push_back(cell_at(r, c));
    units_.push_back(std::move(u));
  }

  const int cells = n * n;
  std::vector<std::vector<int>> of(static_cast<std::size_t>(cells));
  for (int u = 0; u < static_cast<int>(units_.size()); ++u)
    for (int cell : units_[static_cast<std::size_t>(u)].cells) of[static_cast<std::size_t>(cell)].push_back(u);
  std::vector<char> seen(static_cast<std::size_t>(cells), 0);
  for (int cell = 0; cell < cells; ++cell) {
    unit_begin_.push_back(static_cast<int>(unit_index_.size()));
    for (int u : of[static_cast<std::size_t>(cell)]) unit_index_.push_back(u);
    peer_begin_.push_back(static_cast<int>(peer_index_.size()));
    std::vector<int> peers;
    for (int u : of[static_cast<std::size_t>(cell)])
      for (int p : units_[static_cast<std::size_t>(u)].cells)
        if (p != cell && !seen[static_cast<std::size_t>(p)]) {
          seen[static_cast<std::size_t>(p)] = 1;
          peers.push_back(p);
        }
    for (int p : peers) seen[static_cast<std::size_t>(p)] = 0;
    std::sort(peers.begin(), peers.end());
    peer_index_.insert(peer_index_.end(), peers.begin(), peers.end());
  }
  unit_begin_.push_back(static_cast<int>(unit_index_.size()));
  peer_begin_.push_back(static_cast<int>(peer_index_.size()));
}

int Shape::box_of(int cell) const {
  const int r = row_of(cell), c = col_of(cell);
  return (r / box_rows_) * (n_ / box_cols_) + c / box_cols_;
}

std::span<const int> Shape::units_of(int cell) const {
  const auto b = static_cast<std::size_t>(unit_begin_[static_cast<std::size_t>(cell)]);
  const auto e = static_cast<std::size_t>(unit_begin_[static_cast<std::size_t>(cell) + 1]);
  return {unit_index_.data() + b, e - b};
}

std::span<const int> Shape::peers_of(int cell) const {
  const auto b = static_cast<std::size_t>(peer_begin_[static_cast<std::size_t>(cell)]);
  const auto e = static_cast<std::size_t>(peer_begin_[static_cast<std::size_t>(cell) + 1]);
  return {peer_index_.data() + b, e - b};
}

std::string Shape::name() const { return std::to_string(box_rows_) + "x" + std::to_string(box_cols_); }

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
    case UnitKind::extra: break;
  }
  return "unit " + std::to_string(unit + 1);
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
