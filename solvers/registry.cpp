#include "sudokit/registry.h"

#include "backtrack/backtrack.h"

namespace sudokit {

Registry builtin_solvers() {
  Registry r;
  r.add("backtrack", "textbook depth-first search: row-major cells, digits in order", BacktrackSolver::create);
  return r;
}

}  // namespace sudokit
