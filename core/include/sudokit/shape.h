// The geometry of a Sudoku grid: an n x n grid of cells split into boxes of r rows and c columns,
// n = r * c digits. Everything here is computed once per shape and shared by every puzzle of it.
//
// Cells are dense indices 0 .. n*n-1 in row-major order; digits are 1 .. n in grids and bit d-1
// in a candidate Mask. A unit is any set of n cells that must hold each digit once. Rows, columns
// and boxes are the standard units; variant rules (rules.h) add more: diagonals, windows, disjoint
// groups, jigsaw regions in place of the boxes. What no unit says is listed apart, so that a
// backend that knows only units still sees every rule through peers_of():
//   groups()      sets of fewer than n cells with different digits (cages, small extra regions)
//   extra_pairs() two cells that must differ and share no unit or group (anti-knight, anti-king)
//   cages()       killer cages with their sums and the digit sets that make them
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "sudokit/rules.h"

namespace sudokit {

using Mask = std::uint64_t;  // bit d-1 set: digit d is a candidate. n <= 64.

inline constexpr int kMaxSize = 64;  // largest n: 8x8 boxes, 64x64 grid

enum class UnitKind { row, column, box, region, diagonal, window, disjoint, extra, cage };

struct Unit {
  UnitKind kind;
  int index;               // row, column, box, region ... number of its kind, 0-based
  std::vector<int> cells;  // ascending; n cells in units(), fewer in groups()
};

struct CageTable {
  std::vector<int> cells;                  // ascending
  int sum;                                 // 0: different digits, no total
  std::vector<Mask> combinations;          // every digit set that fills it, ascending
  Mask digits;                             // their union: the digits any of its cells may hold
};

class Shape {
 public:
  // Boxes of box_rows x box_cols; throws UsageError unless 1 <= each and 2 <= n <= 64.
  static std::shared_ptr<const Shape> make(int box_rows, int box_cols);
  // With variant rules. Throws UsageError naming the item at fault: a cell outside the grid, a
  // jigsaw region without n cells, a cage whose sum no different digits make, a cell twice.
  static std::shared_ptr<const Shape> make(int box_rows, int box_cols, Rules rules);
  // The shape for a grid of `cells` cells when it is unambiguous (n a perfect square), else nullptr.
  static std::shared_ptr<const Shape> infer(std::size_t cells);

  int box_rows() const { return box_rows_; }
  int box_cols() const { return box_cols_; }
  int size() const { return n_; }              // n: digits, row length, unit size
  int cells() const { return n_ * n_; }
  Mask all_digits() const { return all_; }     // the n low bits

  int row_of(int cell) const { return cell / n_; }
  int col_of(int cell) const { return cell % n_; }
  int box_of(int cell) const;                  // the box, or the jigsaw region
  const Rules& rules() const { return rules_; }
  int cell_at(int row, int col) const { return row * n_ + col; }

  const std::vector<Unit>& units() const { return units_; }
  std::span<const int> units_of(int cell) const;   // indices into units(), ascending
  std::span<const int> peers_of(int cell) const;   // cells that must differ from it, ascending

  const std::vector<Unit>& groups() const { return groups_; }
  std::span<const int> groups_of(int cell) const;  // indices into groups(), ascending
  const std::vector<std::pair<int, int>>& extra_pairs() const { return extra_pairs_; }  // first < second
  const std::vector<CageTable>& cages() const { return cages_; }
  std::span<const int> cages_of(int cell) const;   // indices into cages()

  // Same boxes and the same rules: tables built for one serve the other.
  bool same_as(const Shape& other) const {
    return this == &other ||
           (box_rows_ == other.box_rows_ && box_cols_ == other.box_cols_ && rules_ == other.rules_);
  }

  std::string name() const;                 // "3x3": the box shape
  std::string grid_name() const;            // "9x9", "6x6 (2x3 boxes)" (a jigsaw: "6x6"), for messages
  std::string cell_name(int cell) const;    // "r3c5", 1-based
  std::string unit_name(int unit) const;    // "row 3", "column 5", "box 2", "diagonal 1" ...
  std::string group_name(int group) const;  // "cage 4", "extra region 2"

 private:
  Shape(int box_rows, int box_cols, Rules rules);
  void check_rules() const;
  void add_units();
  void index_cells();
  int box_rows_, box_cols_, n_;
  Mask all_;
  Rules rules_;
  std::vector<Unit> units_;
  std::vector<Unit> groups_;
  std::vector<std::pair<int, int>> extra_pairs_;
  std::vector<CageTable> cages_;
  std::vector<int> group_index_, group_begin_;
  std::vector<int> cage_index_, cage_begin_;
  std::vector<int> unit_index_;  // flattened: cells() runs, offsets in unit_begin_
  std::vector<int> unit_begin_;
  std::vector<int> peer_index_;
  std::vector<int> peer_begin_;
};

using ShapePtr = std::shared_ptr<const Shape>;

// The value written for digit d (1-based) in the one-line form: 1-9, then A-Z for 10-35.
char digit_char(int digit);
// The digit for a character of the one-line form; 0 for a blank ('0' or '.'), -1 when not a digit.
int char_digit(char c);

}  // namespace sudokit
