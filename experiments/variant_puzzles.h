// Published variant puzzles with their published solutions, each cited: a killer, a jigsaw, a
// windoku and an X puzzle. Shared by the tests (every backend solves them, uniquely) and by
// sudokit-variant-cost (what each rule costs each backend).
#pragma once

#include <string>
#include <vector>

#include "sudokit/grid.h"
#include "sudokit/rules.h"

namespace sudokit {

struct Published {
  std::string name, source;
  int br, bc;
  Rules rules;
  std::string givens, solution;  // 81 characters, '.' blank

  ShapePtr shape() const;  // br x bc boxes under the puzzle's rules
  Grid puzzle() const;     // the givens on shape()
};

// A line of 81 characters ('.' blank), a puzzle's givens or its solution, as a grid of `shape`.
Grid grid_of_line(ShapePtr shape, const std::string& line);

std::vector<Published> published();

}  // namespace sudokit
