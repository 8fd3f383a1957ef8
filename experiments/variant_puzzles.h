// Published variant puzzles with their published solutions, each cited: a killer, a jigsaw, a
// windoku and an X puzzle. Shared by the tests (every backend solves them, uniquely) and by
// sudokit-variant-cost (what each rule costs each backend).
#pragma once

#include <string>
#include <vector>

#include "sudokit/rules.h"

namespace sudokit {

struct Published {
  std::string name, source;
  int br, bc;
  Rules rules;
  std::string givens, solution;  // 81 characters, '.' blank
};

std::vector<Published> published();

}  // namespace sudokit
