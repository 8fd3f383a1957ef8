#include "sudokit/registry.h"

#include "sudokit/errors.h"

#include "backtrack/backtrack.h"
#include "dlx/dlx.h"
#include "propagate/propagate.h"

namespace sudokit {

Registry builtin_solvers() {
  Registry r;
  r.add("backtrack", "textbook depth-first search: row-major cells, digits in order", BacktrackSolver::create);
  r.add("propagate", "candidate sets, naked and hidden singles, fewest-candidates search (Norvig)",
        PropagateSolver::create);
  r.add("dlx", "exact cover by Knuth's dancing links (Algorithm X)", DlxSolver::create);
  return r;
}

}  // namespace sudokit

namespace sudokit {

CoverResult solve_exact_cover(std::string_view method, const ExactCover& cover, const Limits& limits,
                              const SolverOptions& options) {
  if (method == "dlx") {
    if (!options.empty()) throw UsageError("xc --solver dlx takes no options");
    return solve_cover_with_dlx(cover, limits);
  }
  throw UsageError("exact cover is solved by dlx or sat, not '" + std::string(method) + "'");
}

void write_dimacs_for(std::ostream&, const Grid&, const SolverOptions&) {
  throw UsageError("--to dimacs: the CNF encodings are not built yet");
}

}  // namespace sudokit
