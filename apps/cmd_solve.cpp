#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>

#include "cli.h"
#include "status_line.h"
#include "sudokit/compare/trace.h"
#include "sudokit/errors.h"
#include "sudokit/registry.h"

namespace sudokit::cli {

int cmd_solve(const std::vector<std::string>& args) {
  SolveArgs solve;
  std::string box_text, rules_text, format_text;
  bool all = false, stats = false, trace = false;
  std::string trace_file;
  std::string tree_file;
  std::size_t tree_nodes = 300;
  std::vector<std::string> files;
  po::options_description desc("Options");
  desc.add_options()
    ("help,h", "show this help")
    ("solver,s", po::value<std::string>(&solve.solver),
     "backend (see `sudokit solvers`: the textbook search among them). Without it, each "
     "puzzle goes to the backend measured fastest on grids of its size (solvers/speeds.tsv, "
     "docs/benchmarks.md); -o and --encoding need one named");
  add_backend_options(desc, solve);
  add_limit_options(desc, solve, {});
  desc.add_options()
    ("all", po::bool_switch(&all), "print every solution found (all of them unless --count sets a limit)")
    ("box", po::value<std::string>(&box_text), "box shape RxC when it cannot be inferred, e.g. 2x3 for 6x6")
    ("format", po::value<std::string>(&format_text), "output form: grid or line (default: the input's)")
    ("stats", po::bool_switch(&stats), "print search statistics on stderr")
    ("trace", po::bool_switch(&trace), "print every step of the search on stderr: placements and why, guesses, dead ends")
    ("trace-file", po::value<std::string>(&trace_file), "the same, into FILE")
    ("tree", po::value<std::string>(&tree_file), "write the first puzzle's search tree to FILE as Graphviz DOT")
    ("tree-nodes", po::value<std::size_t>(&tree_nodes)->default_value(300), "most nodes drawn by --tree")
    ("file", po::value<std::vector<std::string>>(&files), "puzzle files; stdin when none or '-'");
  add_rules_option(desc, rules_text);
  po::positional_options_description positional;
  positional.add("file", -1);
  po::variables_map vm;
  if (!parse(args, desc, positional, vm,
             "usage: sudokit solve [--solver NAME] [-o KEY=VALUE] [--count [LIMIT]] [--all] [--box RxC] [--rules NAMES]\n"
             "                     [--format grid|line] [--stats] [--trace|--trace-file F] [--tree FILE.dot] [FILE|-]...\n"
             "Solves each puzzle and prints its solution in the input's form."))
    return kOk;
  if (all && vm["count"].defaulted()) solve.count = 0;

  const Registry registry = builtin_solvers();
  SolverPool pool(registry, solve.solver, backend_options(solve));  // made before the first puzzle: a bad name fails now
  require_tracing(registry, solve.solver, trace || !trace_file.empty() || !tree_file.empty());
  std::optional<BoxSpec> box;
  if (!box_text.empty()) box = parse_box_spec(box_text);
  const Rules rules = parse_rules_option(rules_text);
  std::optional<Format> forced;
  if (!format_text.empty()) forced = parse_format(format_text);
  Limits limits = limits_of(solve);
  const bool report_count = !vm["count"].defaulted() || all;

  Outcome outcome;
  TraceOutput trace_out(trace, trace_file);
  std::optional<Output> tree_out;  // made before any search: a bad path fails now, not after it
  if (!tree_file.empty()) tree_out.emplace(tree_file);
  std::size_t printed = 0;
  PuzzleWriter writer;  // variant puzzles get their directives, so the output reads back as them
  // On a terminal, a status line while a puzzle has been searched for a second or more: the
  // textbook search can take hours on one 9x9 puzzle, and a run that prints nothing looks hung.
  // Not with --trace on stderr, which shows every step already.
  // What the ticker reads, made before the status line so that they outlive its thread.
  std::atomic<std::size_t> current{0}, done{0};
  std::atomic<std::int64_t> started{0};  // steady_clock ticks when the current puzzle's search began
  std::atomic<const std::string*> by{nullptr};  // the backend's name, in the pool (which outlives the run)
  StatusLine status;
  if (!(trace && trace_file.empty()))
    status.tick([&]() -> std::string {
      const std::size_t puzzle = current;
      if (puzzle == 0) return {};
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch() -
                                                           std::chrono::steady_clock::duration(started.load()))
                                 .count();
      if (seconds < 1) return {};
      char line[120];
      std::snprintf(line, sizeof line, "solve: puzzle %zu, %.0f s by %s so far; %zu done", puzzle, seconds,
                    by.load()->c_str(), done.load());
      return line;
    });
  for_each_puzzle(files, box, rules, outcome, [&](const ParsedPuzzle& p, const std::string& source) {
    const Format format = forced.value_or(p.format);
    // Grid-form blocks are separated by a blank line: between puzzles and between solutions.
    bool first_in_puzzle = true;
    auto separate = [&] {
      if (format == Format::grid && printed > 0) std::cout << '\n';
    };
    auto print = [&](const Grid& g) {
      auto quiet = status.hold();  // --all prints while the search runs
      if (!first_in_puzzle) separate();
      first_in_puzzle = false;
      std::cout << writer.text(g, format);
      ++printed;
    };
    const bool traced = trace || !trace_file.empty() || !tree_file.empty();
    PooledSolver& chosen = pool.for_grid(p.grid.shape(), traced);  // before any output for the puzzle
    separate();
    if (all) limits.on_solution = print;
    Solver* solver = chosen.solver.get();
    struct Searching {  // the status line is drawn only while a search runs
      std::atomic<std::size_t>& current;
      StatusLine& status;
      ~Searching() {
        current = 0;
        status.erase();
      }
    };
    const Result r = [&] {
      by = &chosen.info.name;
      started = std::chrono::steady_clock::now().time_since_epoch().count();
      current = p.number;
      Searching searching{current, status};
      try {
        // --trace and --tree (the tree only for the first puzzle)
        return observed_search(trace_out, tree_out, p.number == 1, tree_nodes,
                               "puzzle " + std::to_string(p.number) + " by " + std::string(solver->name()), p.grid.shape(),
                               limits, outcome, [&] { return solver->solve(p.grid, limits); });
      } catch (...) {  // reported by for_each_puzzle; the next puzzle gets a fresh backend
        {
          auto quiet = status.hold();  // the ticker is not reading `by` now, and will not after
          current = 0;
        }
        pool.discard(chosen);
        throw;
      }
    }();
    ++done;
    // Comment lines start with '#', so the output can be read back by sudokit.
    const bool found = r.status == Status::unique || r.status == Status::solved || r.status == Status::multiple;
    if (report_count || !found) {
      std::cout << "# puzzle " << p.number << ": " << describe(r, limits.solutions, chosen.info) << "\n";
      ++printed;
    }
    if (!all) {
      if (!r.solutions.empty()) print(r.solutions.front());
      else if (r.deduced) print(*r.deduced);
    }
    if (stats) std::cerr << source << ": puzzle " << p.number << ": " << stats_line(solver->name(), r) << "\n";
    if (r.status == Status::none || r.status == Status::stopped) outcome.raise(kUnsolved);
    check_written(std::cout, "stdout", false);  // cheap: stop the batch at the first failed write
    trace_out.check();
  });
  trace_out.close();
  return outcome.code;
}

int cmd_solvers(const std::vector<std::string>& args) {
  std::string kind_text;
  bool names_only = false;
  po::options_description desc("Options");
  desc.add_options()
    ("help,h", "show this help")
    ("kind", po::value<std::string>(&kind_text), "only the backends that take this kind of problem: sudoku or xc")
    ("names", po::bool_switch(&names_only), "print only the names, one per line (for scripts)");
  po::variables_map vm;
  if (!parse(args, desc, {}, vm,
             "usage: sudokit solvers [--kind sudoku|xc] [--names]\n"
             "Lists the backends: what each solves, what --max-nodes counts for it, its own work\n"
             "counters (docs/stats.md), whether it traces, and its -o options."))
    return kOk;
  const Registry registry = builtin_solvers();
  std::optional<ProblemKind> kind;
  if (!kind_text.empty()) kind = parse_problem_kind(kind_text);
  std::vector<BackendInfo> listed;
  for (const auto& e : registry.entries()) listed.push_back(e.info);
  // A family's members installed now (ext:minisat, ...) are described, but not in --names, which
  // scripts read as the set to run (experiments/run_all.sh): members are run when named.
  for (const auto& f : registry.families())
    if (!names_only)
      for (const auto& member : f.members()) listed.push_back(registry.info(f.prefix + ":" + member));
  for (const BackendInfo& i : listed) {
    if (kind && !i.takes(*kind)) continue;
    if (names_only) {
      std::cout << i.name << "\n";
      continue;
    }
    std::string takes = i.sudoku ? "sudoku" : "";
    if (i.sudoku && i.grids() != "every grid") takes += " (" + i.grids() + ")";
    if (i.exact_cover) takes += takes.empty() ? "xc" : ",xc";
    std::string work;
    for (const auto& w : i.work) work += (work.empty() ? "" : ",") + w;
    std::cout << i.name << "\n  " << i.summary << "\n  solves: " << takes << "; --max-nodes counts " << i.node_unit
              << " (compare's default: " << (i.default_budget ? std::to_string(i.default_budget) : "none") << "); work: " << (work.empty() ? "-" : work) << "; traces: "
              << (i.tracing == BackendInfo::Tracing::steps ? "every step" : i.tracing == BackendInfo::Tracing::notes ? "solver calls" : "no")
              << "\n  options: " << (i.options.empty() ? "-" : i.options) << "\n";
    if (!i.source.empty()) std::cout << "  code: " << i.source << "/\n";
    if (i.proofs) std::cout << "  proofs: DRAT of every unsatisfiable answer, with -o " << i.proofs->option << "=FILE (the formula in FILE"
                            << i.proofs->formula_suffix << ")\n";
    if (i.rating) {  // the scale `generate --difficulty` and compare's rating column use
      std::string words, with;
      for (const auto& w : i.rating->words) words += (words.empty() ? "" : " | ") + w;
      for (const auto& [key, value] : i.rating->options) with += " -o " + key + "=" + value;
      std::cout << "  rates: " << words << " (with" << with << ")\n";
    }
  }
  if (!names_only)
    for (const auto& f : registry.families()) std::cout << f.prefix << ":NAME\n  " << f.summary << "\n";
  return kOk;
}

}  // namespace sudokit::cli
