// The built-in backends. Adding a backend: a folder under solvers/ with a CMakeLists.txt whose
// sudokit_add_backend(NAME ... REGISTER Class HEADER header) builds and registers it
// (docs/adding-a-backend.md); builtin_solvers() is generated from those registrations.
#pragma once

#include "sudokit/encoders/exact_cover.h"
#include "sudokit/solver.h"

namespace sudokit {

// Every registered backend in its declared order, with its measured speeds (solvers/speeds.tsv).
Registry builtin_solvers();

}  // namespace sudokit
