// A grid of a given shape: each cell holds 0 (blank) or a digit 1..n. Puzzles and solutions are
// both Grids; a solution is complete.
#pragma once

#include <cstdint>
#include <vector>

#include "sudokit/shape.h"

namespace sudokit {

class Grid {
 public:
  explicit Grid(ShapePtr shape);
  Grid(ShapePtr shape, std::vector<std::uint8_t> values);  // values.size() == cells, each 0..n

  const Shape& shape() const { return *shape_; }
  const ShapePtr& shape_ptr() const { return shape_; }
  int size() const { return shape_->size(); }
  int cells() const { return shape_->cells(); }

  int operator[](int cell) const { return values_[static_cast<std::size_t>(cell)]; }
  int at(int row, int col) const { return values_[static_cast<std::size_t>(shape_->cell_at(row, col))]; }
  void set(int cell, int value) { values_[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(value); }
  const std::vector<std::uint8_t>& values() const { return values_; }

  int givens() const;      // filled cells
  bool complete() const;   // no blank cell

  friend bool operator==(const Grid& a, const Grid& b) {
    return a.shape_->same_as(*b.shape_) && a.values_ == b.values_;
  }

 private:
  ShapePtr shape_;
  std::vector<std::uint8_t> values_;
};

}  // namespace sudokit
