#include "sudokit/registry.h"

#include "sudokit/backtrack/backtrack.h"
#include "sudokit/dlx/dlx.h"
#include "sudokit/ext/ext.h"
#include "sudokit/propagate/propagate.h"
#include "sudokit/sat/sat.h"

namespace sudokit {

// One line per backend: what it declares about itself (BackendInfo) and how to make it.
Registry builtin_solvers() {
  Registry r;
  r.add(BacktrackSolver::info(), BacktrackSolver::create);
  r.add(PropagateSolver::info(), PropagateSolver::create);
  r.add(DlxSolver::info(), DlxSolver::create);
  r.add(SatSolver::info(), SatSolver::create);
  r.add_family(ExtSolver::family());  // ext:NAME, made when named: external SAT solvers
  return r;
}

}  // namespace sudokit
