// The built-in backends, by name. Adding a backend: a folder under solvers/ with a
// CMakeLists.txt calling sudokit_add_backend(), and one line in solvers/registry.cpp.
#pragma once

#include <iosfwd>

#include "sudokit/encoders/exact_cover.h"
#include "sudokit/solver.h"

namespace sudokit {

Registry builtin_solvers();

// Solves an exact-cover instance with the named method: "dlx" (dancing links) or "sat" (a CNF
// formula solved by CryptoMiniSat). Throws UsageError for another name.
CoverResult solve_exact_cover(std::string_view method, const ExactCover& cover, const Limits& limits,
                              const SolverOptions& options = {});

// Writes `puzzle` as a DIMACS CNF formula with the encoding named in options ("encoding").
void write_dimacs_for(std::ostream& out, const Grid& puzzle, const SolverOptions& options);

}  // namespace sudokit
