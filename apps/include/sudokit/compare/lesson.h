// A lesson: one puzzle (or exact-cover problem) searched by several backends, every step recorded
// so that a page in a browser can play the searches back side by side (`sudokit teach`,
// docs/teaching.md).
//
// Each step is one event of a backend's trace (sudokit/trace.h), in the words `solve --trace`
// prints, with the cells it changed as {cell, digit before, digit after}: the page steps forwards
// by writing the "after" digits and backwards by writing the "before" ones, with no search of its
// own. In an exact-cover lesson a node names the option it chooses (and the item it covers): the
// page keeps the options chosen on the path to the current node and, from the problem's matrix,
// which items they cover and which options they leave. After each step the counters stand as counted from the events so far; the backend's own
// statistics (what `solve --stats` prints) come with the method, and the tests check that the
// events count the same.
#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sudokit/exact_cover.h"
#include "sudokit/grid.h"
#include "sudokit/solver.h"

namespace sudokit {

struct LessonStep {
  enum class Kind { node, place, dead_end, back, solution, note, end };  // end: after the search, its outcome
  Kind kind = Kind::note;
  int depth = 0;                            // in the search tree: 0 at the root
  std::uint64_t node = 1;                   // the node the step is in (entered, for Kind::node)
  std::uint64_t parent = 0;                 // Kind::node: the node it hangs from
  std::string text;                         // as `solve --trace` says it
  int cell = -1;                            // the cell it names (a guess, a placement), or -1
  int option = -1, item = -1;               // exact cover: the option chosen (Kind::node, or Kind::place
                                            // inside a node), the item it covers (Kind::node)
  std::vector<std::array<int, 3>> changes;  // {cell, digit before, digit after}
  std::vector<int> cells;                   // what the step's rule reasons from (SearchObserver::reasoning)
  std::vector<std::array<int, 3>> marks;    // {cell, digit, 1 if a rule took it out, 0 if back in}
  // Counted from the events so far: nodes entered (the root included), choices among them,
  // dead ends, digits placed by inference.
  std::uint64_t nodes = 1, guesses = 0, dead_ends = 0, placements = 0;
  // The backend's own counters after the step (LessonMethod::counter_names), when it tells them
  // while it searches (SearchObserver::watch_counters); empty when unchanged since the last step
  // that has them. The end step's are the result's: equal to `solve --stats`.
  std::vector<std::uint64_t> counters;
};

struct LessonMethod {
  std::string spec;     // as --solvers takes it: NAME or NAME:KEY=VALUE:...
  std::string summary;  // the backend's one line (BackendInfo::summary)
  std::vector<LessonStep> steps;     // the search's, then one of Kind::end
  std::vector<std::string> counter_names;  // nodes, guesses, backtracks, propagations, then the backend's
  bool truncated = false;  // the search went on past the steps recorded
  Result result;           // the backend's own answer and statistics, verified (Solver::solve)
  CoverResult cover_result;  // the same in an exact-cover lesson
};

struct Lesson {
  std::optional<Grid> puzzle;       // the puzzle searched,
  std::optional<ExactCover> cover;  // or the exact-cover problem
  std::vector<LessonMethod> methods;
};

// The methods a lesson shows when told none, from the declarations: each backend that takes the
// puzzle's grid and traces every step, under its defaults, and each one's stepwise settings
// (BackendInfo::stepwise: sat's textbook DPLL and CDCL), as --solvers specs.
std::vector<std::string> lesson_methods(const Registry& registry, const Shape& shape);
// The same for exact-cover problems.
std::vector<std::string> lesson_methods(const Registry& registry, ProblemKind kind);

// Searches `puzzle` with each of `specs` (NAME or NAME:KEY=VALUE:...; none: lesson_methods) under
// `limits`, recording at most `max_steps` steps of each. Throws UsageError for an unknown backend or option, one that
// does not take the grid, or one that does not trace every step; WrongAnswer as Solver::solve.
Lesson record_lesson(const Registry& registry, const Grid& puzzle, const std::vector<std::string>& specs,
                     const Limits& limits, std::size_t max_steps);
// The same for an exact-cover problem (validated, ExactCover::validate).
Lesson record_lesson(const Registry& registry, const ExactCover& problem, const std::vector<std::string>& specs,
                     const Limits& limits, std::size_t max_steps);

// The lesson as JSON (the page's data), and as one self-contained HTML page: its script, style
// and data inline, nothing fetched, so that it opens from a file or a USB stick.
void write_lesson_json(std::ostream& out, const Lesson& lesson);
void write_lesson_html(std::ostream& out, const Lesson& lesson);

// A lesson asked for by the page that `sudokit serve` serves, as JSON:
//   {"puzzle": TEXT, "box": "RxC", "solvers": LIST, "count": N, "max_nodes": N, "max_steps": N,
//    "set": [[cell, digit], ...], "kind": "sudoku"|"xc", "choose": [option, ...]}
// Only "puzzle" is needed: the puzzle's text as a file holds it (its first puzzle, directives
// such as "# rules: x" included), or an exact-cover problem in Knuth's DLX format ("kind" says
// which, else the text's first line does, as for `sudokit teach FILE`); the others as teach takes
// them. "set" writes digits
// into the puzzle before the search: "what if", the grid a method had reached at a step with one
// digit forced, searched on from there by a fresh search (what CDCL had learnt is not carried).
// "choose" does the same in an exact-cover lesson: the options (0-based) taken, and the problem
// that remains (remaining_problem) searched.
struct LessonBudget {                // what a request may ask for at most; more is cut down to it
  std::uint64_t max_nodes = 200000;  // each method's search
  double max_seconds = 10;           // all of the request's methods together
  std::size_t max_steps = 20000;     // recorded, shared among its methods (at most 8, each once)
};
// The lesson's JSON (as write_lesson_json) with the limits it was searched under. Throws
// InputError for a puzzle that cannot be read (its message as teach's), UsageError for a request
// that is not JSON, a field of the wrong type, an unknown backend or option, or a "set" digit
// that breaks the rules; WrongAnswer as record_lesson.
std::string answer_lesson_request(const Registry& registry, std::string_view request, const LessonBudget& budget);

// The page `sudokit serve` serves: the lesson page with no lesson in it yet, and a form that asks
// the server for one (POST /lesson, the request above) under `budget`.
void write_live_lesson_page(std::ostream& out, const LessonBudget& budget);

}  // namespace sudokit
