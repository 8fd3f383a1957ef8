// Unit propagation before a library (settle.cpp): private to the sat backend.
#pragma once

#include <memory>

#include "sudokit/sat/sat_library.h"

namespace sudokit::sat {

// A SatLibrary that holds the formula and, at the first solve(), runs unit propagation on it
// alone. When that assigns every variable without a conflict, the formula has exactly that one
// model and the calls are answered from it: the model, then "unsatisfiable" once a clause that
// the model falsifies is added (a blocking clause). Anything else (a variable left open, a
// conflict, assumptions, a clause on a variable the model does not cover) builds `library` with
// `setup`, replays the formula into it, and hands it every call from then on; so does a formula
// of more than 32,768 variables or a million literals, as soon as it has grown that large.
//
// Why: on an easy Sudoku the reduced formula's unit propagation is the whole search, and
// building a CryptoMiniSat costs ten times more than propagating (docs/benchmarks.md). Neither
// library decides or conflicts on a formula its unit propagation settles, so the counts reported
// are theirs for such a call (the same decisions, conflicts, propagations as last_call() there)
// and a search's nodes do not change. For in-process libraries only: an external program is
// asked every call (it is what is being checked), the textbook solvers show every step, and a
// proof (setup.proof_path) comes from the library.
std::unique_ptr<SatLibrary> settle_first(Library library, const Setup& setup);

}  // namespace sudokit::sat
