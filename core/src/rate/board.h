// The rater's working state (rate.h): the digits placed and every cell's candidates, with the
// units split by kind so that each technique can scan them in SE's order. Internal to the core.
//
//   value[cell]  0 for an empty cell, else its digit
//   cand[cell]   bit d-1 set: d is still a candidate of an empty cell (0 once the cell is filled)
//   positions(u, d)  bit i set: unit u's i-th cell (ascending) still has candidate d
#pragma once

#include <bit>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "sudokit/grid.h"
#include "sudokit/rate.h"

namespace sudokit::se {

class Board {
 public:
  explicit Board(const Grid& puzzle);

  const Shape& shape() const { return *shape_; }
  int size() const { return n_; }
  int cells() const { return n_ * n_; }
  int value(int cell) const { return value_[static_cast<std::size_t>(cell)]; }
  Mask candidates(int cell) const { return cand_[static_cast<std::size_t>(cell)]; }
  bool has(int cell, int digit) const { return (candidates(cell) >> (digit - 1)) & 1; }
  bool solved() const { return empty_ == 0; }

  // The units of each kind, in index order; SE scans boxes, then columns, then rows. A jigsaw's
  // regions are its boxes; the units of other variant rules (diagonals, windows, disjoint groups,
  // extra regions of n cells) come after, grouped by kind.
  const std::vector<const Unit*>& boxes() const { return boxes_; }
  const std::vector<const Unit*>& rows() const { return rows_; }
  const std::vector<const Unit*>& columns() const { return columns_; }
  const std::vector<std::vector<const Unit*>>& variant_units() const { return variant_; }
  std::vector<const Unit*> boxes_columns_rows() const;  // and then the variant units
  // Whether the uniqueness techniques (loops, BUG) are sound here: only with rows, columns and
  // boxes, since a swap of two digits that keeps those may break a variant rule.
  bool classic() const { return shape_->rules().classic(); }
  std::string name(const Unit& unit) const;  // "box 3", "row 1"

  Mask positions(const Unit& unit, int digit) const;  // kept up to date by place() and remove()
  // The unit of a classic kind (0 box, 1 row, 2 column) holding `cell`, and the one holding all
  // of `cells` (none when they are in different ones).
  const Unit& unit_of(int kind, int cell) const;
  const Unit* unit_holding(int kind, std::span<const int> cells) const;
  int empty_cells(const Unit& unit) const;
  int placed(int digit) const { return placed_[static_cast<std::size_t>(digit)]; }
  bool sees(int a, int b) const;     // different cells that must differ (peers, every rule)
  bool crosses(const Unit& a, const Unit& b) const;  // share a cell
  bool contains(const Unit& unit, int cell) const;

  void place(int cell, int digit);   // fills it and removes the digit from its peers
  void remove(int cell, int digit);

 private:
  ShapePtr shape_;
  int n_;
  int empty_ = 0;
  std::vector<int> value_;
  std::vector<Mask> cand_;
  std::vector<int> placed_;  // per digit, index 1..n
  std::vector<const Unit*> boxes_, rows_, columns_;
  std::vector<std::vector<const Unit*>> variant_;  // one list per kind
  // positions() for every unit and digit, [unit index * n + digit - 1].
  std::vector<Mask> places_;
};

inline int count(Mask m) { return std::popcount(m); }
inline int lowest(Mask m) { return std::countr_zero(m); }
inline Mask bit(int i) { return Mask{1} << i; }
inline Mask digit_bit(int digit) { return bit(digit - 1); }
std::vector<int> digits_of(Mask m);  // the digits of a candidate mask, ascending
// The cells of `unit` at the places `places` marks (bit i: its i-th cell), ascending.
std::vector<int> cells_at(const Unit& unit, Mask places);
// A digit as the puzzle's line form writes it (1-9, then A for 10: grids up to 35x35 have one),
// else its number: how steps and hints name digits.
std::string digit_symbol(int digit, const Shape& shape);
// A box, or a jigsaw's region in its place: what SE calls a block.
inline bool is_box(const Unit& unit) { return unit.kind == UnitKind::box || unit.kind == UnitKind::region; }

// Calls `visit` with every k-subset of {0 .. n-1} in lexicographic order until it returns true;
// returns whether it did.
bool any_combination(int n, int k, const std::function<bool(std::span<const int>)>& visit);

// A step under construction: cells and digits are sorted and the removals listed in cell order by
// finish().
SeStep finish(SeStep step);

// The techniques, each returning the first deduction it finds in SE's scanning order (rate.h).
std::optional<SeStep> hidden_single(const Board& board);           // 1.0, 1.2, 1.5
std::optional<SeStep> naked_single(const Board& board);            // 2.3
std::optional<SeStep> locking(const Board& board, bool direct);    // 1.7/1.9 direct, 2.6/2.8
std::optional<SeStep> hidden_set(const Board& board, int degree, bool direct);
std::optional<SeStep> naked_set(const Board& board, int degree);
std::optional<SeStep> fish(const Board& board, int degree);
std::optional<SeStep> xy_wing(const Board& board, bool xyz);
std::optional<SeStep> unique_loop(const Board& board);
std::optional<SeStep> bivalue_universal_grave(const Board& board);
std::optional<SeStep> aligned_pair_exclusion(const Board& board);  // 6.2
// 6.5 and up: cycles and forcing chains (chains.cpp), on grids up to kLargestChainGrid a side.
constexpr int kLargestChainGrid = 25;
std::optional<SeStep> forcing_chain(const Board& board);
// The highest rating a chain can have on a kLargestChainGrid grid (every potential in it): 9.6.
double highest_chain_rating();

}  // namespace sudokit::se
