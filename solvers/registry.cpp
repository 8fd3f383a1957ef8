#include "sudokit/registry.h"

#include "backtrack/backtrack.h"
#include "propagate/propagate.h"

namespace sudokit {

Registry builtin_solvers() {
  Registry r;
  r.add("backtrack", "textbook depth-first search: row-major cells, digits in order", BacktrackSolver::create);
  r.add("propagate", "candidate sets, naked and hidden singles, fewest-candidates search (Norvig)",
        PropagateSolver::create);
  return r;
}

}  // namespace sudokit
