// Exact cover: a set of items and a list of options, each option a set of items. A solution is a
// choice of options that covers every primary item exactly once and every secondary item at most
// once. Sudoku is one instance; N queens, pentominoes and many puzzles are others.
//
// The Sudoku encoding has one primary item per cell ("p3.5": row 3, column 5 is filled), per
// (row, digit) ("r3.7"), per (column, digit) ("c5.7"), per (box, digit) ("b2.7") and per
// (extra unit, digit) ("u28.7"), and one option per (cell, digit): {cell, row-digit, column-digit,
// box-digit} (plus the extra units the cell lies in). 9x9: 324 items, 729 options of 4 items.
//
// Givens are handled in one of two ways, with the same solutions:
//   * full_sudoku_cover() keeps every option, and the solver *preselects* each given's option
//     (covers its items before the search) — the dlx backend does this, so one matrix serves
//     every puzzle of a shape;
//   * reduced_sudoku_cover() *removes* what the givens settle: their items, and every option that
//     clashes with a given — this is what `sudokit encode --to dlx` writes.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "sudokit/grid.h"
#include "sudokit/solver.h"

namespace sudokit {

struct ExactCover {
  std::vector<std::string> items;           // names; the first `primary` are primary, the rest secondary
  int primary = 0;
  std::vector<std::vector<int>> options;    // item indices, in the order written

  int item_count() const { return static_cast<int>(items.size()); }
  bool is_primary(int item) const { return item < primary; }
  std::string option_text(int option) const;  // its item names, space-separated
};

// What solving an exact-cover instance gives: like Result, with solutions as option indices.
struct CoverResult {
  Status status = Status::none;
  StopReason stop_reason = StopReason::none;
  std::uint64_t count = 0;
  std::vector<std::vector<int>> solutions;  // the first Limits::keep_solutions, options ascending
  Stats stats;
};

// True when `options` cover every primary item exactly once and every secondary item at most once.
// Independent of every solver: the xc command and the tests check answers with it.
bool is_exact_cover(const ExactCover& cover, std::span<const int> options);

// A Sudoku matrix and the (cell, digit) each option stands for.
struct SudokuCover {
  ExactCover cover;
  std::vector<int> option_cell, option_digit;  // per option; digit 1..n
};

SudokuCover full_sudoku_cover(const Shape& shape);      // every (cell, digit)
SudokuCover reduced_sudoku_cover(const Grid& puzzle);   // givens' items and clashing options removed
                                                        // (conflicting givens: an unsatisfiable matrix)

// N queens on an N x N board: rows "R1".."RN" and columns "C1".."CN" primary, diagonals
// "A2".."A2N" (row + column) and "B1".."B2N-1" (row - column + N) secondary; one option per square.
ExactCover n_queens(int n);

}  // namespace sudokit
