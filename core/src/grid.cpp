#include "sudokit/grid.h"

#include <algorithm>

#include "sudokit/errors.h"

namespace sudokit {

Grid::Grid(ShapePtr shape) : shape_(std::move(shape)), values_(static_cast<std::size_t>(shape_->cells()), 0) {}

Grid::Grid(ShapePtr shape, std::vector<std::uint8_t> values) : shape_(std::move(shape)), values_(std::move(values)) {
  if (values_.size() != static_cast<std::size_t>(shape_->cells()))
    throw UsageError("a " + shape_->grid_name() + " grid has " + std::to_string(shape_->cells()) + " cells, not " +
                     std::to_string(values_.size()));
  for (auto v : values_)
    if (v > shape_->size()) throw UsageError("value " + std::to_string(v) + " out of range for a " + shape_->grid_name() + " grid");
}

int Grid::givens() const {
  return static_cast<int>(std::count_if(values_.begin(), values_.end(), [](std::uint8_t v) { return v != 0; }));
}

bool Grid::complete() const { return std::find(values_.begin(), values_.end(), 0) == values_.end(); }

}  // namespace sudokit
