// Sudoku as exact cover (the problem model is core's sudokit/exact_cover.h).
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

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "sudokit/exact_cover.h"
#include "sudokit/grid.h"

namespace sudokit {

// A Sudoku matrix and the (cell, digit) each option stands for. With killer cages, the options
// after the n^3 cell options choose a cage's digit set: option_cell -1, option_digit the cage's
// index in Shape::cages(), option_set the set (0 for a cell option). Variant rules add items after
// the units' (encoders/src/exact_cover.cpp, docs/encodings.md).
struct SudokuCover {
  ExactCover cover;
  std::vector<int> option_cell, option_digit;  // per option; digit 1..n
  std::vector<std::uint64_t> option_set;
};

SudokuCover full_sudoku_cover(const Shape& shape);      // every (cell, digit)
SudokuCover reduced_sudoku_cover(const Grid& puzzle);   // givens' items and clashing options removed
                                                        // (conflicting givens: an unsatisfiable matrix)

}  // namespace sudokit
