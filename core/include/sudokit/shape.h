// The geometry of a Sudoku grid: an n x n grid of cells split into boxes of r rows and c columns,
// n = r * c digits. Everything here is computed once per shape and shared by every puzzle of it.
//
// Cells are dense indices 0 .. n*n-1 in row-major order; digits are 1 .. n in grids and bit d-1
// in a candidate Mask. A unit is any set of n cells that must hold each digit once. Rows, columns
// and boxes are the standard units; the list is open so that diagonals or irregular regions can
// be appended without touching any backend.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace sudokit {

using Mask = std::uint64_t;  // bit d-1 set: digit d is a candidate. n <= 64.

inline constexpr int kMaxSize = 64;  // largest n: 8x8 boxes, 64x64 grid

enum class UnitKind { row, column, box, extra };

struct Unit {
  UnitKind kind;
  int index;               // row, column or box number, 0-based
  std::vector<int> cells;  // n cells, ascending
};

class Shape {
 public:
  // Boxes of box_rows x box_cols; throws UsageError unless 1 <= each and 2 <= n <= 64.
  static std::shared_ptr<const Shape> make(int box_rows, int box_cols);
  // The shape for a grid of `cells` cells when it is unambiguous (n a perfect square), else nullptr.
  static std::shared_ptr<const Shape> infer(std::size_t cells);

  int box_rows() const { return box_rows_; }
  int box_cols() const { return box_cols_; }
  int size() const { return n_; }              // n: digits, row length, unit size
  int cells() const { return n_ * n_; }
  Mask all_digits() const { return all_; }     // the n low bits

  int row_of(int cell) const { return cell / n_; }
  int col_of(int cell) const { return cell % n_; }
  int box_of(int cell) const;
  int cell_at(int row, int col) const { return row * n_ + col; }

  const std::vector<Unit>& units() const { return units_; }
  std::span<const int> units_of(int cell) const;   // indices into units(), ascending
  std::span<const int> peers_of(int cell) const;   // cells sharing a unit, ascending, cell excluded

  // Same boxes and the same list of units: tables built for one serve the other.
  bool same_as(const Shape& other) const {
    return box_rows_ == other.box_rows_ && box_cols_ == other.box_cols_ && units_.size() == other.units_.size();
  }

  std::string name() const;                 // "3x3": the box shape
  std::string cell_name(int cell) const;    // "r3c5", 1-based
  std::string unit_name(int unit) const;    // "row 3", "column 5", "box 2", "unit 28"

 private:
  Shape(int box_rows, int box_cols);
  int box_rows_, box_cols_, n_;
  Mask all_;
  std::vector<Unit> units_;
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
