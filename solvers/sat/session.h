// The sat backend's uniqueness sessions (solver.h, UniquenessSession): one satisfiability question
// per removal the generator asks about. Private to the sat backend.
#pragma once

#include <memory>

#include "sudokit/encoders/cnf.h"
#include "sudokit/sat/sat_library.h"
#include "sudokit/solver.h"

namespace sudokit::sat {

// A session against the complete grid `solution`, asking `library` on formulas in `encoding`, a
// fresh library made with `setup` for each question.
std::unique_ptr<UniquenessSession> make_session(const Grid& solution, Library library, Encoding encoding, Setup setup);

}  // namespace sudokit::sat
