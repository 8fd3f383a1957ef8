// The built-in backends, by name. Adding a backend: a folder under solvers/ with a
// CMakeLists.txt calling sudokit_add_backend(), and one line in solvers/registry.cpp.
#pragma once

#include "sudokit/solver.h"

namespace sudokit {

Registry builtin_solvers();

}  // namespace sudokit
