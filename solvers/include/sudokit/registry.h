// The built-in backends. Adding a backend: a folder under solvers/ with a CMakeLists.txt calling
// sudokit_add_backend(), and one line in solvers/registry.cpp registering its BackendInfo.
#pragma once

#include "sudokit/encoders/exact_cover.h"
#include "sudokit/solver.h"

namespace sudokit {

Registry builtin_solvers();

}  // namespace sudokit
