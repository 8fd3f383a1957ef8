// What the engine keeps between puzzles: the tables of one shape (peers and units flattened, the
// vector lanes' masks, the crossings the locked-candidates rule walks), and the search levels and
// buffers, sized for the largest puzzle seen. Private to the backend: PropagateSolver::Workspace
// holds one of each.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <utility>
#include <vector>

#include "sudokit/propagate/propagate.h"
#include "sudokit/shape.h"

namespace sudokit::propagate_detail {

// Peers and units of one shape, flattened (tables.cpp); kept while puzzles of that shape come.
struct Tables {
  explicit Tables(const ShapePtr& shape_ptr);

  // Small grids (at most 128 cells, 16 digits): a row of `lanes` masks per cell, all ones at its
  // peers, so that a placement strips its digit from every peer in a few vector instructions.
  static constexpr int kMaxLanes = 128;
  int lanes = 0;
  std::vector<std::uint16_t> peer_lanes;
  std::vector<std::uint16_t> slot_cell;  // at most 32 units: slot i's cells at [32 i, 32 i + 32)

  ShapePtr shape;
  std::vector<std::uint16_t> peers;  // peers of cell c: peers[peer_begin[c] .. peer_begin[c+1])
  std::vector<int> peer_begin, cell_units, unit_begin, unit_cells;
  std::vector<int> first_unit;  // the first unit of each cell, where is_placed() looks
  std::vector<std::uint32_t> dirty_word;
  std::vector<std::uint64_t> dirty_bits;
  std::vector<int> dirty_begin;
  std::vector<std::uint64_t> cell_unit_mask;  // when there are at most 64 units
  std::vector<std::uint64_t> reach_mask;      // the same, of a cell and its peers

  std::vector<int> row_unit, col_unit;  // the unit index of row r, column c
  struct Crossing {                     // a box and a row or column through it
    int box, line;
    bool by_row;
    std::vector<int> both, box_rest, line_rest;  // cells in both, in the box only, in the line only
    std::vector<int> box_mates, line_mates;      // the crossings that make up box_rest, line_rest
  };
  std::vector<Crossing> crossings;
  std::vector<std::uint16_t> cross_flat;  // per crossing: its cells, box mates, line mates
  std::vector<int> cross_at, cross_mates_at, cross_lines_at;
  std::vector<std::uint64_t> cross_units;  // its box and line as unit bits (at most 64 units)
  std::vector<std::uint64_t> cross_watch;  // itself and its mates as crossing bits (at most 64 crossings)
  int cross_k = 0;  // cells per crossing when uniform (square boxes), else 0
};

// The per-level states, reused between puzzles. Allocated uninitialised for the deepest search
// a shape allows (a level per cell, plus two), so that pages are faulted in only as deep as a
// search goes and levels are never copied as it deepens: growing by doubling, a 64x64 search
// copied and zeroed tens of megabytes between two reads of the clock.
struct Levels {
  struct Free {
    void operator()(unsigned char* p) const { ::operator delete[](p, std::align_val_t{64}); }
  };
  std::unique_ptr<unsigned char[], Free> data;
  std::size_t bytes = 0;
};

// The engine's other buffers, kept between puzzles as the levels are: allocating them for each
// puzzle was about 3% of a 9x9 solve. Sized by the engine for the puzzle at hand.
struct Buffers {
  std::vector<int> queue;                  // naked singles to place
  std::vector<std::pair<int, std::uint64_t>> found;  // a round of hidden singles: units and their digits
  std::vector<std::uint64_t> dirty;        // units to rescan, when there are more than 64
  std::vector<std::uint64_t> unions;       // locked candidates: each crossing's candidates
  std::vector<std::uint64_t> where;        // X-wing: each digit's places by line
};

}  // namespace sudokit::propagate_detail

namespace sudokit {

struct PropagateSolver::Workspace {
  std::shared_ptr<const propagate_detail::Tables> tables;
  propagate_detail::Levels levels;
  propagate_detail::Buffers buffers;
};

}  // namespace sudokit
