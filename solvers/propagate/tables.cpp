// The tables of one shape, built once for the puzzles of that shape: each cell's peers and units
// as flat arrays, each cell's units as words of a unit bitset, the peer masks the vector path
// strips with, and every box's crossings with its rows and columns for locked candidates.
#include "tables.h"

#include <algorithm>

#include "lanes/lanes.h"

namespace sudokit::propagate_detail {

Tables::Tables(const ShapePtr& shape_ptr) : shape(shape_ptr) {
  const Shape& sh = *shape;
  for (int cell = 0; cell < sh.cells(); ++cell) {
    peer_begin.push_back(static_cast<int>(peers.size()));
    for (int p : sh.peers_of(cell)) peers.push_back(static_cast<std::uint16_t>(p));
    unit_begin.push_back(static_cast<int>(cell_units.size()));
    for (int u : sh.units_of(cell)) cell_units.push_back(u);
    first_unit.push_back(cell_units[static_cast<std::size_t>(unit_begin.back())]);
  }
  peer_begin.push_back(static_cast<int>(peers.size()));
  unit_begin.push_back(static_cast<int>(cell_units.size()));
  for (const Unit& u : sh.units())
    for (int cell : u.cells) unit_cells.push_back(cell);
  // Each cell's units as (64-bit word, bits) pairs of a unit bitset: one OR per word.
  for (int cell = 0; cell < sh.cells(); ++cell) {
    dirty_begin.push_back(static_cast<int>(dirty_word.size()));
    for (int u : sh.units_of(cell)) {
      const auto word = static_cast<std::uint32_t>(u / 64);
      const std::uint64_t bit = std::uint64_t{1} << (u % 64);
      if (static_cast<int>(dirty_word.size()) > dirty_begin.back() && dirty_word.back() == word) dirty_bits.back() |= bit;
      else dirty_word.push_back(word), dirty_bits.push_back(bit);
    }
  }
  dirty_begin.push_back(static_cast<int>(dirty_word.size()));
  if (sh.units().size() <= 64)
    for (int cell = 0; cell < sh.cells(); ++cell)
      cell_unit_mask.push_back(dirty_bits[static_cast<std::size_t>(dirty_begin[static_cast<std::size_t>(cell)])]);
  // The units a placement in a cell can change: its own and its peers'.
  for (std::size_t cell = 0; cell < cell_unit_mask.size(); ++cell) {
    std::uint64_t reach = cell_unit_mask[cell];
    for (int p : sh.peers_of(static_cast<int>(cell))) reach |= cell_unit_mask[static_cast<std::size_t>(p)];
    reach_mask.push_back(reach);
  }
  if (sh.cells() <= kMaxLanes && sh.size() <= 16 && sh.units().size() <= 64) {
    lanes = (sh.cells() + 31) / 32 * 32;
    peer_lanes.assign(static_cast<std::size_t>(sh.cells() * lanes), 0);
    for (int cell = 0; cell < sh.cells(); ++cell)
      for (int p : sh.peers_of(cell)) peer_lanes[static_cast<std::size_t>(cell * lanes + p)] = 0xFFFF;
    // Slot i of every unit, one unit per lane: the cell each lane gathers. Lanes past the last
    // unit gather lane 127, which is always zero padding (at most 121 cells use the lanes).
    if (sh.units().size() <= 32) {
      slot_cell.assign(static_cast<std::size_t>(sh.size() * 32), 127);
      for (std::size_t u = 0; u < sh.units().size(); ++u)
        for (int i = 0; i < sh.size(); ++i)
          slot_cell[static_cast<std::size_t>(i * 32) + u] = static_cast<std::uint16_t>(sh.units()[u].cells[static_cast<std::size_t>(i)]);
    }
  }
  // For the stronger rules: the rows and columns by number, and every box's crossings with the
  // rows and columns it meets.
  row_unit.assign(static_cast<std::size_t>(sh.size()), -1);
  col_unit.assign(static_cast<std::size_t>(sh.size()), -1);
  for (std::size_t u = 0; u < sh.units().size(); ++u) {
    const Unit& unit = sh.units()[u];
    if (unit.kind == UnitKind::row) row_unit[static_cast<std::size_t>(unit.index)] = static_cast<int>(u);
    if (unit.kind == UnitKind::column) col_unit[static_cast<std::size_t>(unit.index)] = static_cast<int>(u);
  }
  // A jigsaw region crosses its rows and columns as a box does (its cells split by row, and a
  // line's cells by region), so it gets the same crossings; other extra units get none.
  for (std::size_t b = 0; b < sh.units().size(); ++b) {
    const Unit& box = sh.units()[b];
    if (box.kind != UnitKind::box && box.kind != UnitKind::region) continue;
    for (bool by_row : {true, false}) {
      std::vector<int> through;  // the lines through it, ascending
      for (int cell : box.cells) through.push_back(by_row ? sh.row_of(cell) : sh.col_of(cell));
      std::sort(through.begin(), through.end());
      through.erase(std::unique(through.begin(), through.end()), through.end());
      for (int l : through) {
        Crossing x;
        x.box = static_cast<int>(b);
        x.line = by_row ? row_unit[static_cast<std::size_t>(l)] : col_unit[static_cast<std::size_t>(l)];
        auto on_line = [&](int cell) { return (by_row ? sh.row_of(cell) : sh.col_of(cell)) == l; };
        for (int cell : box.cells) (on_line(cell) ? x.both : x.box_rest).push_back(cell);
        for (int cell : sh.units()[static_cast<std::size_t>(x.line)].cells)
          if (sh.box_of(cell) != box.index) x.line_rest.push_back(cell);
        x.by_row = by_row;
        crossings.push_back(std::move(x));
      }
    }
  }
  // The rest of a box is its other crossings with lines the same way, and the rest of a line
  // its crossings with other boxes: the rule ORs a few crossings instead of every cell.
  for (Crossing& x : crossings)
    for (int j = 0; j < static_cast<int>(crossings.size()); ++j) {
      const Crossing& y = crossings[static_cast<std::size_t>(j)];
      if (&y == &x || y.by_row != x.by_row) continue;
      if (y.box == x.box) x.box_mates.push_back(j);
      if (y.line == x.line) x.line_mates.push_back(j);
    }
  // The same, flat, for the pass that runs at every node: crossing i's cells, then its box
  // mates, then its line mates, from cross_at[i]. When every crossing has k cells, k - 1 box
  // mates and k - 1 line mates (square boxes), the pass is compiled for that k.
  cross_k = crossings.empty() ? 0 : static_cast<int>(crossings[0].both.size());
  for (const Crossing& x : crossings) {
    const auto k = static_cast<std::size_t>(cross_k);
    if (x.both.size() != k || x.box_mates.size() + 1 != k || x.line_mates.size() + 1 != k) cross_k = 0;
    cross_at.push_back(static_cast<int>(cross_flat.size()));
    cross_units.push_back((x.box < 64 ? std::uint64_t{1} << x.box : 0) | (x.line < 64 ? std::uint64_t{1} << x.line : 0));
    for (int c : x.both) cross_flat.push_back(static_cast<std::uint16_t>(c));
    cross_mates_at.push_back(static_cast<int>(cross_flat.size()));
    for (int j : x.box_mates) cross_flat.push_back(static_cast<std::uint16_t>(j));
    cross_lines_at.push_back(static_cast<int>(cross_flat.size()));
    for (int j : x.line_mates) cross_flat.push_back(static_cast<std::uint16_t>(j));
  }
  cross_at.push_back(static_cast<int>(cross_flat.size()));
  // What a crossing's finds depend on: its own union and its mates' (at most 64 crossings).
  if (crossings.size() <= 64)
    for (const Crossing& x : crossings) {
      std::uint64_t watch = std::uint64_t{1} << (&x - crossings.data());
      for (int j : x.box_mates) watch |= std::uint64_t{1} << j;
      for (int j : x.line_mates) watch |= std::uint64_t{1} << j;
      cross_watch.push_back(watch);
    }
}

}  // namespace sudokit::propagate_detail
