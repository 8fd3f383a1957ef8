// The built-in backends. Adding a backend: a folder under solvers/ with a CMakeLists.txt calling
// sudokit_add_backend(), and one line in solvers/registry.cpp registering its BackendInfo.
#pragma once

#include <iosfwd>

#include "sudokit/encoders/exact_cover.h"
#include "sudokit/solver.h"

namespace sudokit {

Registry builtin_solvers();

// Writes `puzzle` as a DIMACS CNF formula with the encoding named in options ("encoding").
void write_dimacs_for(std::ostream& out, const Grid& puzzle, const SolverOptions& options);

}  // namespace sudokit
