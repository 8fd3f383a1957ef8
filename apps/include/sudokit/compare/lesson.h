// A lesson: one puzzle searched by several backends, every step recorded so that a page in a
// browser can play the searches back side by side (`sudokit teach`, docs/teaching.md).
//
// Each step is one event of a backend's trace (sudokit/trace.h), in the words `solve --trace`
// prints, with the cells it changed as {cell, digit before, digit after}: the page steps forwards
// by writing the "after" digits and backwards by writing the "before" ones, with no search of its
// own. After each step the counters stand as counted from the events so far; the backend's own
// statistics (what `solve --stats` prints) come with the method, and the tests check that the
// events count the same.
#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sudokit/grid.h"
#include "sudokit/solver.h"

namespace sudokit {

struct LessonStep {
  enum class Kind { node, place, dead_end, back, solution, note };
  Kind kind = Kind::note;
  int depth = 0;                            // in the search tree: 0 at the root
  std::uint64_t node = 1;                   // the node the step is in (entered, for Kind::node)
  std::uint64_t parent = 0;                 // Kind::node: the node it hangs from
  std::string text;                         // as `solve --trace` says it
  int cell = -1;                            // the cell it names (a guess, a placement), or -1
  std::vector<std::array<int, 3>> changes;  // {cell, digit before, digit after}
  // Counted from the events so far: nodes entered (the root included), choices among them,
  // dead ends, digits placed by inference.
  std::uint64_t nodes = 1, guesses = 0, dead_ends = 0, placements = 0;
};

struct LessonMethod {
  std::string spec;     // as --solvers takes it: NAME or NAME:KEY=VALUE:...
  std::string summary;  // the backend's one line (BackendInfo::summary)
  std::vector<LessonStep> steps;
  bool truncated = false;  // the search went on past the steps recorded
  Result result;           // the backend's own answer and statistics, verified (Solver::solve)
};

struct Lesson {
  Grid puzzle;
  std::vector<LessonMethod> methods;
};

// The methods a lesson shows when told none, from the declarations: each backend that takes the
// puzzle's grid and traces every step, under its defaults, and each one's stepwise settings
// (BackendInfo::stepwise: sat's textbook DPLL and CDCL), as --solvers specs.
std::vector<std::string> lesson_methods(const Registry& registry, const Shape& shape);

// Searches `puzzle` with each of `specs` (NAME or NAME:KEY=VALUE:...) under `limits`, recording
// at most `max_steps` steps of each. Throws UsageError for an unknown backend or option, one that
// does not take the grid, or one that does not trace every step; WrongAnswer as Solver::solve.
Lesson record_lesson(const Registry& registry, const Grid& puzzle, const std::vector<std::string>& specs,
                     const Limits& limits, std::size_t max_steps);

// The lesson as JSON (the page's data), and as one self-contained HTML page: its script, style
// and data inline, nothing fetched, so that it opens from a file or a USB stick.
void write_lesson_json(std::ostream& out, const Lesson& lesson);
void write_lesson_html(std::ostream& out, const Lesson& lesson);

}  // namespace sudokit
