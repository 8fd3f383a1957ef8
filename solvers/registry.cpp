#include "sudokit/registry.h"

#include "sudokit/encoders/cnf.h"
#include "sudokit/errors.h"
#include "sudokit/format.h"

#include "backtrack/backtrack.h"
#include "dlx/dlx.h"
#include "propagate/propagate.h"
#include "sat/sat.h"

#include <ostream>

namespace sudokit {

Registry builtin_solvers() {
  Registry r;
  r.add("backtrack", "textbook depth-first search: row-major cells, digits in order", BacktrackSolver::create);
  r.add("propagate", "candidate sets, naked and hidden singles, fewest-candidates search (Norvig)",
        PropagateSolver::create);
  r.add("dlx", "exact cover by Knuth's dancing links (Algorithm X)", DlxSolver::create);
  r.add("sat", "CNF encodings solved by CryptoMiniSat (-o encoding=minimal|efficient|extended|compact, "
        "-o givens=assume|units|reduce)", SatSolver::create);
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
  if (method == "sat") {
    if (!options.empty()) throw UsageError("xc --solver sat takes no options");
    return solve_cover_with_sat(cover, limits);
  }
  throw UsageError("exact cover is solved by dlx or sat, not '" + std::string(method) + "'");
}

void write_dimacs_for(std::ostream& out, const Grid& puzzle, const SolverOptions& options) {
  const Encoding encoding = parse_encoding(options.take("encoding").value_or("extended"));
  const std::string givens = options.take("givens").value_or("units");
  if (givens != "units" && givens != "reduce") throw UsageError("--to dimacs: givens is units or reduce");
  if (auto unknown = options.unknown_keys(); !unknown.empty()) throw UsageError("--to dimacs has no option " + unknown[0]);
  const Cnf f = sudoku_cnf(puzzle, encoding, givens == "units" ? Givens::units : Givens::reduce);
  const int n = puzzle.size();
  write_dimacs(out, f,
               {"sudokit: a " + puzzle.shape().name() + " Sudoku puzzle, encoding " + std::string(to_string(encoding)) +
                    ", givens as " + (givens == "units" ? "unit clauses" : "a reduced formula"),
                to_line(puzzle),
                "variable (row R, column C, digit D; all 1-based) = ((R-1)*" + std::to_string(n) + " + (C-1))*" +
                    std::to_string(n) + " + D; variables above " + std::to_string(puzzle.cells() * n) +
                    " are auxiliary"});
}

}  // namespace sudokit
