#include "sudokit/registry.h"

#include "sudokit/encoders/cnf.h"
#include "sudokit/errors.h"
#include "sudokit/format.h"

#include "sudokit/backtrack/backtrack.h"
#include "sudokit/dlx/dlx.h"
#include "sudokit/ext/ext.h"
#include "sudokit/propagate/propagate.h"
#include "sudokit/sat/sat.h"

#include <ostream>

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

void write_dimacs_for(std::ostream& out, const Grid& puzzle, const SolverOptions& options) {
  const Encoding encoding = encoding_named(options.take("encoding"), puzzle.size());
  const std::string givens = options.take("givens").value_or("units");
  if (givens != "units" && givens != "reduce") throw UsageError("--to dimacs: givens is units or reduce");
  if (auto unknown = options.unknown_keys(); !unknown.empty()) throw UsageError("--to dimacs has no option " + unknown[0]);
  const Cnf f = sudoku_cnf(puzzle, encoding, givens == "units" ? Givens::units : Givens::reduce);
  const int n = puzzle.size();
  std::vector<std::string> comments{
      "sudokit: a " + puzzle.shape().name() + " Sudoku puzzle, encoding " + std::string(to_string(encoding)) +
          ", givens as " + (givens == "units" ? "unit clauses" : "a reduced formula"),
      to_line(puzzle),
      "variable (row R, column C, digit D; all 1-based) = ((R-1)*" + std::to_string(n) + " + (C-1))*" +
          std::to_string(n) + " + D; variables above " + std::to_string(puzzle.cells() * n) +
          " are cage selectors (listed below) and auxiliary"};
  for (std::string& line : variant_variable_comments(puzzle.shape())) comments.push_back(std::move(line));
  write_dimacs(out, f, comments);
}

}  // namespace sudokit
