// The Python module `sudokit` (docs/python.md): the library's parse, solve, count, compare,
// generate and exact cover, with plain Python values in and out (strings, lists, dicts) so that a
// notebook can put the results straight into pandas. Every solution returned has passed the
// independent verifier; one that fails it raises sudokit.Error rather than being returned.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "sudokit/compare/compare.h"
#include "sudokit/encoders/dlx_format.h"
#include "sudokit/errors.h"
#include "sudokit/exact_cover.h"
#include "sudokit/format.h"
#include "sudokit/generate.h"
#include "sudokit/rate.h"
#include "sudokit/registry.h"
#include "sudokit/verify.h"
#include "sudokit/text.h"

namespace py = pybind11;

namespace {

// A search ended by max_nodes or timeout where the caller needed it to finish (count()).
class SearchStopped : public sudokit::Error {
 public:
  using Error::Error;
};

// One puzzle as parse() and generate() return it: the grid and where it was read.
struct Puzzle {
  sudokit::Grid grid;
  std::size_t number = 0;  // 1-based position in the text parsed (0: generated)
  std::size_t line = 0;    // 1-based line where it starts (0: generated)
};

// A fresh registry per call: it is cheap to build, and the module keeps no state between calls.
sudokit::Registry registry() { return sudokit::builtin_solvers(); }

std::optional<sudokit::BoxSpec> box_of(const std::optional<std::string>& box) {
  if (!box) return std::nullopt;
  return sudokit::parse_box_spec(*box);
}

std::vector<Puzzle> parse(const std::string& text, const std::optional<std::string>& box, const std::string& source) {
  std::istringstream in(text);
  sudokit::PuzzleReader reader(in, source, box_of(box));
  std::vector<Puzzle> puzzles;
  while (auto p = reader.next()) puzzles.push_back({std::move(p->grid), p->number, p->first_line});
  return puzzles;
}

// A puzzle argument: a Puzzle, or text holding exactly one puzzle.
sudokit::Grid grid_of(const py::handle& puzzle, const std::optional<std::string>& box) {
  if (py::isinstance<Puzzle>(puzzle)) return puzzle.cast<const Puzzle&>().grid;
  if (py::isinstance<py::str>(puzzle)) return sudokit::read_one(puzzle.cast<std::string>(), box_of(box));
  throw py::type_error("a puzzle is a str or a sudokit.Puzzle");
}

sudokit::SolverOptions options_of(const py::dict& options) {
  sudokit::SolverOptions parsed;
  for (const auto& [key, value] : options) parsed.set(py::str(key), py::str(value));
  return parsed;
}

sudokit::Limits limits_of(std::uint64_t count, std::optional<std::uint64_t> max_nodes, std::optional<double> timeout) {
  sudokit::Limits limits;
  limits.solutions = count;
  limits.max_nodes = max_nodes.value_or(0);
  limits.max_seconds = timeout.value_or(0);
  return limits;
}

py::dict stats_of(const sudokit::Stats& stats) {
  py::dict d;
  d["nodes"] = stats.nodes;
  d["guesses"] = stats.guesses;
  d["backtracks"] = stats.backtracks;
  d["propagations"] = stats.propagations;
  d["seconds"] = stats.seconds;
  for (const auto& c : stats.counters) d[py::str(c.name)] = c.value;
  return d;
}

template <class Answer>
py::dict result_of(const sudokit::BasicResult<Answer>& r, const sudokit::Solver& solver, py::list solutions) {
  py::dict d;
  d["status"] = std::string(to_string(r.status));
  // None when the search ran to its end or to the solutions asked for; else "node limit", ...
  d["stop_reason"] = r.stop_reason == sudokit::StopReason::none ? py::object(py::none())
                                                                 : py::object(py::str(std::string(to_string(r.stop_reason))));
  d["count"] = r.count;
  d["solutions"] = std::move(solutions);
  d["backend"] = std::string(solver.name());
  d["options"] = solver.options();
  d["stats"] = stats_of(r.stats);
  // A stopped search of a backend that searches a tree: how big the tree looks (online_estimate.h).
  if (r.status == sudokit::Status::stopped && r.estimate) {
    py::dict e;
    e["nodes"] = r.estimate->nodes;
    e["fraction"] = r.estimate->fraction;
    d["estimate"] = e;
  } else {
    d["estimate"] = py::none();
  }
  return d;
}

// The backend named, else the one measured fastest for this grid (Registry::default_for: its
// size and rules) or for exact cover, as the command line chooses.
// A backend named for a grid it declares it does not take (BackendInfo::takes) is refused, as
// the command line refuses it: UsageError (ValueError in Python).
void require_takes(const std::string& name, const sudokit::Shape& shape) {
  if (const std::string why = registry().info(name).refusal(shape); !why.empty()) throw sudokit::UsageError(why);
}
void require_named_for_options(const std::optional<std::string>& backend, const py::dict& options) {
  if (!backend && !options.empty()) throw sudokit::UsageError("options set up a backend: name it with backend=");
}
std::string backend_for(const std::optional<std::string>& backend, const sudokit::Shape& shape, const py::dict& options) {
  require_named_for_options(backend, options);
  if (!backend) return registry().default_for(shape);
  require_takes(*backend, shape);
  return *backend;
}
std::string backend_for(const std::optional<std::string>& backend, sudokit::ProblemKind kind, const py::dict& options) {
  require_named_for_options(backend, options);
  return backend ? *backend : registry().default_for(kind);
}

sudokit::Result run_solve(const sudokit::Grid& grid, const std::optional<std::string>& backend, const sudokit::Limits& limits,
                          const py::dict& options, std::unique_ptr<sudokit::Solver>& solver) {
  solver = registry().create(backend_for(backend, grid.shape(), options), options_of(options));
  sudokit::Result r;
  {
    py::gil_scoped_release unlocked;  // other Python threads run while this one searches
    r = solver->solve(grid, limits);  // verified: a wrong answer raises sudokit.WrongAnswer
  }
  return r;
}

py::dict solve(const py::handle& puzzle, const std::optional<std::string>& backend, std::uint64_t count,
               std::optional<std::uint64_t> max_nodes, std::optional<double> timeout, const py::dict& options,
               const std::optional<std::string>& box) {
  const sudokit::Grid grid = grid_of(puzzle, box);
  std::unique_ptr<sudokit::Solver> solver;
  sudokit::OnlineEstimator estimator;
  sudokit::Limits limits = limits_of(count, max_nodes, timeout);
  limits.estimator = &estimator;
  const sudokit::Result r = run_solve(grid, backend, limits, options, solver);
  py::list solutions;
  for (const auto& s : r.solutions) solutions.append(sudokit::to_line(s));
  py::dict d = result_of(r, *solver, solutions);
  d["deduced"] = r.deduced ? py::object(py::str(sudokit::to_line(*r.deduced))) : py::object(py::none());
  d["partial"] = d["deduced"];  // its old name, kept for the scripts that read it
  return d;
}

std::uint64_t count(const py::handle& puzzle, const std::optional<std::string>& backend, std::uint64_t limit,
                    std::optional<std::uint64_t> max_nodes, std::optional<double> timeout, const py::dict& options,
                    const std::optional<std::string>& box) {
  const sudokit::Grid grid = grid_of(puzzle, box);
  std::unique_ptr<sudokit::Solver> solver;
  sudokit::Limits limits = limits_of(limit, max_nodes, timeout);
  limits.keep_solutions = 0;
  const sudokit::Result r = run_solve(grid, backend, limits, options, solver);
  if (r.status == sudokit::Status::stopped)
    throw SearchStopped("the search was stopped (" + std::string(to_string(r.stop_reason)) + ") after " +
                        sudokit::counted(r.count, "solution"));
  return r.count;
}

py::dict solve_cover(const std::string& text, const std::optional<std::string>& backend, std::uint64_t count,
                     std::optional<std::uint64_t> max_nodes, std::optional<double> timeout, const py::dict& options) {
  std::istringstream in(text);
  const sudokit::ExactCover problem = sudokit::read_dlx(in, "<string>");
  problem.validate();
  auto solver = registry().create(backend_for(backend, sudokit::ProblemKind::exact_cover, options), options_of(options));
  sudokit::OnlineEstimator estimator;
  sudokit::Limits limits = limits_of(count, max_nodes, timeout);
  limits.estimator = &estimator;
  sudokit::CoverResult r;
  {
    py::gil_scoped_release unlocked;
    r = solver->solve(problem, limits);
  }
  py::list solutions;
  for (const auto& chosen : r.solutions) {  // verified by solve()
    py::list rows;
    for (int option : chosen) rows.append(problem.option_text(option));
    solutions.append(rows);
  }
  return result_of(r, *solver, solutions);
}

// Sudoku Explainer's rating (rate.h): the solution found and proven unique first by `backend`
// (default: the fastest), as `sudokit rate` does.
py::dict rate(const py::handle& puzzle, const std::optional<std::string>& backend, const std::optional<std::string>& box,
              std::optional<std::size_t> max_steps) {
  const sudokit::Grid grid = grid_of(puzzle, box);
  std::unique_ptr<sudokit::Solver> solver;
  const sudokit::Result r = run_solve(grid, backend, limits_of(2, std::nullopt, std::nullopt), py::dict(), solver);
  if (r.status == sudokit::Status::none) throw sudokit::UsageError("the puzzle has no solution");
  if (r.status == sudokit::Status::multiple)
    throw sudokit::UsageError("the puzzle has more than one solution; SE rates only puzzles with one");
  if (r.status != sudokit::Status::unique)  // stopped: a backend set up to stop before it proves
    throw SearchStopped("the search for the puzzle's solution stopped (" + std::string(to_string(r.stop_reason)) +
                        ") before it proved the solution the only one");
  std::optional<sudokit::SeRating> found;
  {
    py::gil_scoped_release unlocked;
    found.emplace(sudokit::rate_se(grid, r.solutions.front(), sudokit::RateOptions{max_steps.value_or(0)}));
  }
  const sudokit::SeRating& rated = *found;
  const sudokit::Shape& shape = grid.shape();
  py::list steps;
  for (const sudokit::SeStep& s : rated.steps) {
    py::dict step;
    step["technique"] = s.technique;
    step["difficulty"] = s.difficulty;
    step["where"] = s.where;
    py::list cells, removed;
    for (int c : s.cells) cells.append(shape.cell_name(c));
    for (const auto& [cell, digit] : s.removed) removed.append(py::make_tuple(shape.cell_name(cell), digit));
    step["cells"] = cells;
    step["digits"] = s.digits;
    step["removed"] = removed;
    step["placed"] = s.placed ? py::object(py::make_tuple(shape.cell_name(s.placed->cell), s.placed->digit)) : py::object(py::none());
    step["text"] = sudokit::describe(s, shape);
    steps.append(step);
  }
  py::dict d;
  d["er"] = rated.er;
  d["ep"] = sudokit::ep_known(rated) ? py::object(py::float_(rated.ep)) : py::object(py::none());
  d["ed"] = sudokit::ed_known(rated) ? py::object(py::float_(rated.ed)) : py::object(py::none());
  d["solved"] = rated.solved;
  d["stuck"] = rated.stuck;  // no technique applies; neither: max_steps cut it short
  d["steps"] = steps;
  d["reached"] = sudokit::to_line(rated.reached);
  return d;
}

// One dict per (puzzle, backend), keyed by the columns of compare's CSV (sudokit::row_columns(), docs/stats.md).
py::list compare(const py::handle& puzzles, const std::optional<std::vector<std::string>>& backends,
                 std::uint64_t count, std::optional<std::uint64_t> max_nodes, std::optional<double> timeout,
                 unsigned jobs, const std::optional<std::string>& box) {
  std::vector<sudokit::PuzzleInput> inputs;
  auto add = [&](const py::handle& p) {
    if (py::isinstance<py::str>(p)) {
      for (Puzzle& q : parse(p.cast<std::string>(), box, "<string>"))
        inputs.push_back({inputs.size() + 1, "<string>", q.line, std::move(q.grid)});
    } else if (py::isinstance<Puzzle>(p)) {
      const Puzzle& q = p.cast<const Puzzle&>();
      inputs.push_back({inputs.size() + 1, "<puzzle>", q.line, q.grid});
    } else {
      throw py::type_error("compare takes puzzle text, a sudokit.Puzzle, or a list of them");
    }
  };
  if (py::isinstance<py::str>(puzzles) || py::isinstance<Puzzle>(puzzles)) add(puzzles);
  else for (const auto& p : puzzles) add(p);

  sudokit::CompareOptions options;
  options.backends = backends.value_or(std::vector<std::string>{});
  options.limits = limits_of(count, max_nodes, timeout);
  options.jobs = jobs == 0 ? 1 : jobs;
  std::ostringstream details;  // the disagreements' details; the rows' verdicts say the same
  sudokit::CompareReport report;
  {
    py::gil_scoped_release unlocked;
    report = sudokit::run_compare(registry(), inputs, options, details);
  }
  py::list rows;
  for (const sudokit::Row& r : report.rows) {
    py::dict d;  // the columns of compare's CSV, in their order
    for (const sudokit::RowColumn& c : sudokit::row_columns())
      d[py::str(c.name.data(), c.name.size())] = std::visit(
          [](const auto& v) -> py::object {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, std::monostate>) return py::none();
            else return py::cast(v);
          },
          sudokit::column_value(c, r));
    rows.append(d);
  }
  return rows;
}

// As `sudokit generate`: `solver` fills the grid (when not given, the backend measured fastest on
// 9x9 puzzles, as there); the checker is as given, else the solver given, else the registry's
// uniqueness checker (the first backend with uniqueness sessions).
std::vector<Puzzle> generate(const std::string& box, std::uint64_t count, std::uint64_t seed, int clues,
                             bool symmetric, std::optional<std::uint64_t> max_nodes,
                             const std::optional<std::string>& solver, const std::optional<std::string>& checker_name,
                             bool singles_first, std::uint64_t defer) {
  const sudokit::BoxSpec spec = sudokit::parse_box_spec(box);
  const auto shape = sudokit::Shape::make(spec.rows, spec.cols);
  const sudokit::Registry solvers = registry();
  const std::string filler_name = solver.value_or(solvers.default_for(*shape, 9));
  const std::string checker_used = checker_name ? *checker_name : solver ? *solver : solvers.uniqueness_checker(filler_name);
  require_takes(filler_name, *shape);
  require_takes(checker_used, *shape);
  auto filler = solvers.create(filler_name);
  auto checker = solvers.create(checker_used);
  sudokit::GenerateOptions options;
  options.clues = clues;
  options.symmetric = symmetric;
  options.singles_first = singles_first;
  options.max_nodes = max_nodes.value_or(0);
  options.deferred_budget = defer;
  sudokit::Random random(seed);
  std::vector<Puzzle> puzzles;
  py::gil_scoped_release unlocked;
  for (std::uint64_t i = 0; i < count; ++i)
    puzzles.push_back({generate_unique(shape, random, *filler, *checker, options), 0, 0});
  return puzzles;
}

py::list backends() {
  py::list list;
  const sudokit::Registry solvers = registry();
  for (const auto& entry : solvers.entries()) {
    const sudokit::BackendInfo& info = entry.info;
    py::dict d;
    d["name"] = info.name;
    d["summary"] = info.summary;
    d["sudoku"] = info.sudoku;
    d["exact_cover"] = info.exact_cover;
    d["node_unit"] = info.node_unit;
    d["work"] = info.work;
    d["tracing"] = info.tracing == sudokit::BackendInfo::Tracing::steps   ? "steps"
                   : info.tracing == sudokit::BackendInfo::Tracing::notes ? "notes"
                                                                          : "none";
    d["probes"] = info.probes;  // it searches a tree it can probe at random under its defaults
    d["options"] = info.options;
    d["max_size"] = info.max_size;
    d["classic_only"] = info.classic_only;
    d["only_boxes"] = info.only_boxes ? py::object(py::make_tuple(info.only_boxes->first, info.only_boxes->second)) : py::object(py::none());
    if (info.rating) {
      py::dict options;
      for (const auto& [key, value] : info.rating->options) options[py::str(key)] = value;
      d["rating"] = py::dict(py::arg("counter") = info.rating->counter, py::arg("words") = info.rating->words,
                             py::arg("options") = options);
    } else {
      d["rating"] = py::none();
    }
    d["proofs"] = info.proofs ? py::object(py::str(info.proofs->option)) : py::object(py::none());
    py::list speeds;  // as measured (solvers/speeds.tsv)
    for (const auto& sp : info.speeds) {
      py::dict e;
      e["kind"] = std::string(to_string(sp.kind));
      e["sizes"] = sp.kind == sudokit::ProblemKind::exact_cover ? py::object(py::none()) : py::object(py::make_tuple(sp.min_size, sp.max_size));
      e["per_second"] = sp.per_second;
      e["measured"] = sp.measured;
      speeds.append(e);
    }
    d["speeds"] = speeds;
    list.append(d);
  }
  return list;
}

}  // namespace

PYBIND11_MODULE(sudokit, m) {
  m.doc() = "Sudoku and exact-cover solvers behind one interface, cross-checked and measured (docs/python.md)";
  m.attr("__version__") = SUDOKIT_VERSION;

  // Most specific last: pybind11 tries the translators in reverse order of registration.
  static py::exception<sudokit::Error> error(m, "Error", PyExc_RuntimeError);
  py::register_exception<sudokit::UsageError>(m, "UsageError", PyExc_ValueError);
  py::register_exception<sudokit::ExternalError>(m, "ExternalError", error.ptr());
  py::register_exception<sudokit::WrongAnswer>(m, "WrongAnswer", error.ptr());
  py::register_exception<sudokit::InputError>(m, "InputError", PyExc_ValueError);
  py::register_exception<SearchStopped>(m, "SearchStopped", error.ptr());

  py::class_<Puzzle>(m, "Puzzle", "A Sudoku puzzle: str() is its line form")
      .def(py::init([](const std::string& text, const std::optional<std::string>& box) {
             return Puzzle{sudokit::read_one(text, box_of(box)), 1, 1};
           }),
           py::arg("text"), py::arg("box") = py::none())
      .def_property_readonly("size", [](const Puzzle& p) { return p.grid.size(); }, "n: the grid is n x n")
      .def_property_readonly("box", [](const Puzzle& p) { return p.grid.shape().name(); }, "the box shape, \"RxC\"")
      .def_property_readonly("givens", [](const Puzzle& p) { return p.grid.givens(); })
      .def_property_readonly("number", [](const Puzzle& p) { return p.number; }, "1-based position in the text parsed")
      .def_property_readonly("line", [](const Puzzle& p) { return p.line; }, "1-based line where it starts")
      .def_property_readonly("rows", [](const Puzzle& p) {
             std::vector<std::vector<int>> rows(static_cast<std::size_t>(p.grid.size()));
             for (int r = 0; r < p.grid.size(); ++r)
               for (int c = 0; c < p.grid.size(); ++c) rows[static_cast<std::size_t>(r)].push_back(p.grid.at(r, c));
             return rows;
           }, "the digits, row by row, 0 for a blank")
      .def("grid_text", [](const Puzzle& p) { return sudokit::to_grid_text(p.grid); }, "the grid form")
      .def("__str__", [](const Puzzle& p) { return sudokit::to_line(p.grid); })
      .def("__repr__", [](const Puzzle& p) { return "sudokit.Puzzle('" + sudokit::to_line(p.grid) + "')"; })
      .def("__eq__", [](const Puzzle& a, const Puzzle& b) { return a.grid == b.grid; });

  m.def("parse", &parse, py::arg("text"), py::arg("box") = py::none(), py::arg("source") = "<string>",
        "Every puzzle in the text (line or grid form, '# box: RxC' headers read); a bad one raises "
        "sudokit.InputError (a ValueError) naming its line and column.");
  m.def("solve", &solve, py::arg("puzzle"), py::arg("backend") = py::none(), py::arg("count") = 1,
        py::arg("max_nodes") = py::none(), py::arg("timeout") = py::none(), py::arg("options") = py::dict(),
        py::arg("box") = py::none(),
        "Solves one puzzle (text or Puzzle) with `backend` (default: the one measured fastest on its size, as `sudokit solve` "
        "takes): a dict with status, count, solutions (line form), stop_reason "
        "(None unless a limit stopped the search), "
        "deduced (what a stopped run established without guessing; also under its old name partial), backend, options and stats (the common counters and the backend's own). count: 1 any "
        "solution, 2 prove uniqueness, 0 all.");
  m.def("count", &count, py::arg("puzzle"), py::arg("backend") = py::none(), py::arg("limit") = 0,
        py::arg("max_nodes") = py::none(), py::arg("timeout") = py::none(), py::arg("options") = py::dict(),
        py::arg("box") = py::none(),
        "The number of solutions (up to limit, 0: all); sudokit.SearchStopped when a limit ends the search.");
  m.def("solve_cover", &solve_cover, py::arg("text"), py::arg("backend") = py::none(), py::arg("count") = 1,
        py::arg("max_nodes") = py::none(), py::arg("timeout") = py::none(), py::arg("options") = py::dict(),
        "Solves an exact-cover problem in Knuth's DLX format; each solution is the list of its options' text.");
  m.def("compare", &compare, py::arg("puzzles"), py::arg("backends") = py::none(), py::arg("count") = 2,
        py::arg("max_nodes") = py::none(), py::arg("timeout") = py::none(), py::arg("jobs") = 1,
        py::arg("box") = py::none(),
        "Runs backends (specs as in `sudokit compare --solvers`; default every Sudoku backend) on each puzzle, "
        "verifies and cross-checks the answers: one dict per puzzle and backend with the columns of compare's "
        "CSV (docs/stats.md), ready for pandas.DataFrame.");
  m.def("generate", &generate, py::arg("box") = "3x3", py::arg("count") = 1, py::arg("seed") = 1,
        py::arg("clues") = 0, py::arg("symmetric") = false, py::arg("max_nodes") = 20000,
        py::arg("solver") = py::none(), py::arg("checker") = py::none(), py::arg("singles_first") = false,
        py::arg("defer") = 0,
        "Puzzles with exactly one solution, the same for a seed on every machine and the same as `sudokit "
        "generate` with the same options: `solver` fills the grid (default: the one measured fastest on 9x9 puzzles that takes the grid), "
        "`checker` proves each removal (default: the solver given, else the first backend declaring uniqueness "
        "sessions).");
  m.def("rate", &rate, py::arg("puzzle"), py::arg("backend") = py::none(), py::arg("box") = py::none(),
        py::arg("max_steps") = py::none(),
        "Sudoku Explainer's rating of one puzzle with exactly one solution (docs/rating.md): a dict with er, ep, ed, "
        "solved, stuck (True: it needs a technique sudokit does not rate, SE 7.5 or more; er is the hardest step before), steps (each a "
        "dict: technique, difficulty, where, cells, digits, removed, placed, text) and reached (the grid as far as the "
        "steps took it). max_steps=1 gives the hint (None or 0: every step). `backend` proves the solution unique first.");
  m.def("backends", &backends, "What each registered backend declares about itself (BackendInfo).");
}
