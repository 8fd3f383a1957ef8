// The independent verifier: checks that a grid solves a puzzle. It recomputes rows, columns and
// boxes by its own arithmetic and shares no code with any backend (nor with Shape's unit tables),
// so a bug in those cannot hide a wrong answer.
#pragma once

#include <string>
#include <vector>

#include "sudokit/grid.h"

namespace sudokit {

struct Violation {
  enum class Kind { shape_mismatch, blank_cell, out_of_range, repeated_digit, given_changed, wrong_sum };
  Kind kind;
  int cell;   // the cell at fault, -1 for shape_mismatch
  int other;  // the earlier cell with the same digit (repeated_digit), else -1; wrong_sum: cell is the cage's first
  std::string message;
};

// Every way `solution` fails to solve `puzzle`; empty when it is a valid, complete solution that
// keeps every given. Also checks every variant rule of the puzzle's shape (rules.h): the solution
// is judged by the puzzle's rules, whatever shape it was read with.
std::vector<Violation> verify(const Grid& puzzle, const Grid& solution);

inline bool is_solution(const Grid& puzzle, const Grid& solution) { return verify(puzzle, solution).empty(); }

// The same for a grid that may still have blank cells (what a stopped search had established,
// Result::deduced): every given kept, no digit where the rules forbid it. A blank is no fault, and
// a cage's sum is checked once the cage is full.
std::vector<Violation> verify_partial(const Grid& puzzle, const Grid& partial);

}  // namespace sudokit
