#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <utility>

#include "cli.h"
#include "status_line.h"
#include "sudokit/compare/compare.h"
#include "sudokit/compare/trace.h"
#include "sudokit/errors.h"
#include "sudokit/registry.h"

namespace sudokit::cli {

namespace {

// What `sudokit solve` was told.
struct SolveCommand {
  SolveArgs solve;
  std::string box_text, rules_text, format_text, trace_file, tree_file;
  bool all = false, stats = false, trace = false;
  std::size_t tree_nodes = 300;
  std::vector<std::string> files;
  bool traced() const { return trace || !trace_file.empty() || !tree_file.empty(); }  // --trace, --tree
};

void add_solve_options(po::options_description& desc, SolveCommand& c) {
  desc.add_options()
    ("help,h", "show this help")
    ("solver,s", po::value<std::string>(&c.solve.solver),
     "backend (see `sudokit solvers`: the textbook search among them). Without it, each "
     "puzzle goes to the backend measured fastest on grids of its size (solvers/speeds.tsv, "
     "docs/benchmarks.md); -o and --encoding need one named");
  add_backend_options(desc, c.solve);
  add_limit_options(desc, c.solve, {});
  desc.add_options()
    ("all", po::bool_switch(&c.all), "print every solution found (all of them unless --count sets a limit)")
    ("box", po::value<std::string>(&c.box_text), "box shape RxC when it cannot be inferred, e.g. 2x3 for 6x6")
    ("format", po::value<std::string>(&c.format_text), "output form: grid or line (default: the input's)")
    ("stats", po::bool_switch(&c.stats), "print search statistics on stderr")
    ("trace", po::bool_switch(&c.trace), "print every step of the search on stderr: placements and why, guesses, dead ends")
    ("trace-file", po::value<std::string>(&c.trace_file), "the same, into FILE")
    ("tree", po::value<std::string>(&c.tree_file), "write the first puzzle's search tree to FILE as Graphviz DOT")
    ("tree-nodes", po::value<std::size_t>(&c.tree_nodes)->default_value(300), "most nodes drawn by --tree")
    ("file", po::value<std::vector<std::string>>(&c.files), "puzzle files, or puzzles typed in their one-line form; stdin when none or '-'");
  add_rules_option(desc, c.rules_text);
}

constexpr const char* kSolveUsage =
    "usage: sudokit solve [--solver NAME] [-o KEY=VALUE] [--count [LIMIT]] [--all] [--box RxC] [--rules NAMES]\n"
    "                     [--format grid|line] [--stats] [--trace|--trace-file F] [--tree FILE.dot] [FILE|PUZZLE|-]...\n"
    "Solves each puzzle and prints its solution in the input's form.";

// On a terminal, a status line while a puzzle has been searched for a second or more: the
// textbook search can take hours on one 9x9 puzzle, and a run that prints nothing looks hung.
// Not with --trace on stderr, which shows every step already. The line is drawn by a thread of
// its own, which reads what the search under way is through the atomics below.
class SearchTicker {
 public:
  // `estimator`: the online estimate the searches keep, read for the line (online_estimate.h).
  SearchTicker(bool on, const OnlineEstimator& estimator) : estimator_(estimator) {
    if (on) status_.tick([this] { return text(); });
  }
  StatusLine& status() { return status_; }
  // The search of puzzle `number` by `backend` (a name that outlives the run) is under way, until
  // the guard returned goes; then the line is erased.
  class Searching {
   public:
    explicit Searching(SearchTicker& t) : t_(t) {}
    Searching(const Searching&) = delete;
    Searching& operator=(const Searching&) = delete;
    ~Searching() {
      t_.current_ = 0;
      t_.status_.erase();
    }

   private:
    SearchTicker& t_;
  };
  [[nodiscard]] Searching searching(std::size_t number, const std::string& backend) {
    by_ = &backend;
    started_ = std::chrono::steady_clock::now().time_since_epoch().count();
    current_ = number;
    return Searching(*this);
  }
  // A search that threw: the ticker stops reading the backend's name, which may go with it.
  void forget() {
    auto quiet = status_.hold();
    current_ = 0;
  }
  void finished() { ++done_; }

 private:
  std::string text() const {
    const std::size_t puzzle = current_;
    if (puzzle == 0) return {};
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch() -
                                                         std::chrono::steady_clock::duration(started_.load()))
                               .count();
    if (seconds < 1) return {};
    // The line is cut at 79 columns: the most telling words first.
    char line[200];
    std::snprintf(line, sizeof line, "solve: %zu done; puzzle %zu by %s: %.0f s", done_.load(), puzzle,
                  by_.load()->c_str(), seconds);
    std::string text = line;
    // A backend that searches a tree keeps the estimate: the share searched, and what is left.
    if (const OnlineEstimate e = estimator_.now(); e.nodes > 0) {
      text += ", " + percent_words(e.fraction) + " of tree";
      if (const double left = seconds_left(seconds, static_cast<double>(e.seen), e.nodes); left > 0)
        text += ", rest ~" + duration_words(left);  // of the whole tree, not to the first solution
    }
    return text;
  }
  const OnlineEstimator& estimator_;
  std::atomic<std::size_t> current_{0}, done_{0};
  std::atomic<std::int64_t> started_{0};  // steady_clock ticks when the current puzzle's search began
  std::atomic<const std::string*> by_{nullptr};
  StatusLine status_;  // last: destroyed first, so its thread stops before what it reads goes
};

// One run of `sudokit solve`: each puzzle to its backend, the verified answer printed in the
// puzzle's own form (grid-form blocks separated by a blank line), what was asked on stderr.
class SolveRun {
 public:
  SolveRun(const SolveCommand& c, SolverPool& pool, Outcome& outcome)
      : c_(c), pool_(pool), outcome_(outcome), limits_(limits_of(c.solve)), trace_out_(c.trace, c.trace_file),
        ticker_(!(c.trace && c.trace_file.empty()), estimator_) {
    limits_.estimator = &estimator_;
    if (!c.tree_file.empty()) tree_out_.emplace(c.tree_file);  // before any search: a bad path fails now
    if (!c.format_text.empty()) forced_ = parse_format(c.format_text);
  }
  void puzzle(const ParsedPuzzle& p, const std::string& source, bool report_count);
  void failed(std::size_t number, const std::string& why);
  void close() { trace_out_.close(); }

 private:
  Result search(const ParsedPuzzle& p, PooledSolver& chosen);
  const SolveCommand& c_;
  SolverPool& pool_;
  Outcome& outcome_;
  Limits limits_;
  // Every search keeps the online estimate of its tree: a stopped one says how big the tree looks,
  // the status line how far along it is. It costs the textbook search about a tenth of its speed.
  OnlineEstimator estimator_;
  TraceOutput trace_out_;
  std::optional<Output> tree_out_;
  std::optional<Format> forced_;
  PuzzleWriter writer_;  // variant puzzles get their directives, so the output reads back as them
  std::size_t printed_ = 0;
  bool separated_ = false;             // a blank line ends the output so far (grid form)
  std::size_t grids_in_puzzle_ = 0;    // printed for the puzzle being solved (--all prints as it goes)
  Format last_format_ = Format::line;  // of the last puzzle answered
  SearchTicker ticker_;
};

Result SolveRun::search(const ParsedPuzzle& p, PooledSolver& chosen) {
  Solver& solver = *chosen.solver;
  auto searching = ticker_.searching(p.number, chosen.info.name);
  try {
    // --trace and --tree (the tree only for the first puzzle)
    return observed_search(trace_out_, tree_out_, p.number == 1, c_.tree_nodes,
                           "puzzle " + std::to_string(p.number) + " by " + std::string(solver.name()), p.grid.shape(),
                           limits_, outcome_, [&] { return solver.solve(p.grid, limits_); });
  } catch (...) {  // reported by for_each_puzzle; the next puzzle gets a fresh backend
    ticker_.forget();
    pool_.discard(chosen);
    throw;
  }
}

void SolveRun::puzzle(const ParsedPuzzle& p, const std::string& source, bool report_count) {
  const Format format = last_format_ = forced_.value_or(p.format);
  grids_in_puzzle_ = 0;
  auto separate = [&] {
    if (format == Format::grid && printed_ > 0) std::cout << '\n';
    separated_ = format == Format::grid && printed_ > 0;
  };
  auto print = [&](const Grid& g) {
    auto quiet = ticker_.status().hold();  // --all prints while the search runs
    if (grids_in_puzzle_ > 0) separate();
    std::cout << writer_.text(g, format);
    ++grids_in_puzzle_;
    separated_ = false;
    ++printed_;
  };
  PooledSolver& chosen = pool_.for_grid(p.grid.shape(), c_.traced());  // before any output for the puzzle
  separate();
  if (c_.all) limits_.on_solution = print;
  const Result r = search(p, chosen);
  ticker_.finished();
  // Comment lines start with '#', so the output can be read back by sudokit.
  const bool found = r.status == Status::unique || r.status == Status::solved || r.status == Status::multiple;
  if (report_count || !found) {
    std::cout << "# puzzle " << p.number << ": " << describe(r, limits_.solutions, chosen.info) << "\n";
    separated_ = false;
    ++printed_;
  }
  if (!c_.all) {
    if (!r.solutions.empty()) print(r.solutions.front());
    else if (r.deduced) print(*r.deduced);
  }
  if (c_.stats) std::cerr << source << ": puzzle " << p.number << ": " << stats_line(chosen.solver->name(), r) << "\n";
  if (r.status == Status::none || r.status == Status::stopped) outcome_.raise(kUnsolved);
  grids_in_puzzle_ = 0;
  check_written(std::cout, "stdout", false);  // cheap: stop the batch at the first failed write
  trace_out_.check();
}

// A puzzle that got no answer through an error (on stderr): a comment in its place, so that the
// answers after it keep their numbers for `sudokit check` (which reads "no answer" as none given).
// Not after solutions --all has printed already (verified, each one): they are its answers.
void SolveRun::failed(std::size_t number, const std::string& why) {
  if (std::exchange(grids_in_puzzle_, 0) > 0) return;
  if (forced_.value_or(last_format_) == Format::grid && printed_ > 0 && !separated_) std::cout << '\n';  // as between grids
  std::cout << "# puzzle " << number << ": no answer: " << why << "\n";
  separated_ = false;
  ++printed_;
  check_written(std::cout, "stdout", false);
}

}  // namespace

int cmd_solve(const std::vector<std::string>& args) {
  SolveCommand c;
  const auto parsed = parse_command(args, c, add_solve_options, "file", kSolveUsage);
  if (!parsed) return kOk;
  const po::variables_map& vm = *parsed;
  if (c.all && vm["count"].defaulted()) c.solve.count = 0;

  const Registry registry = builtin_solvers();
  SolverPool pool(registry, c.solve.solver, backend_options(c.solve));  // made before the first puzzle: a bad name fails now
  require_tracing(registry, c.solve.solver, c.traced());
  std::optional<BoxSpec> box;
  if (!c.box_text.empty()) box = parse_box_spec(c.box_text);
  const Rules rules = parse_rules_option(c.rules_text);
  const bool report_count = !vm["count"].defaulted() || c.all;
  Outcome outcome;
  SolveRun run(c, pool, outcome);
  for_each_puzzle(c.files, box, rules, outcome,
                  [&](const ParsedPuzzle& p, const std::string& source) { run.puzzle(p, source, report_count); },
                  [&](std::size_t number, const std::string& why) { run.failed(number, why); });
  run.close();
  return outcome.code;
}

namespace {
// "; every step with -o solver=dpll, -o solver=cdcl": the settings under which a backend that
// traces only its solver calls traces every step (BackendInfo::stepwise), for `sudokit solvers`.
std::string stepwise_settings(const BackendInfo& info) {
  std::string text;
  for (const auto& settings : info.stepwise) {
    text += (text.empty() ? "; every step with " : ", ") + option_flags_text(settings);
  }
  return text;
}
}  // namespace

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
              << stepwise_settings(i)
              << "\n  options: " << (i.options.empty() ? "-" : i.options) << "\n";
    if (!i.source.empty()) std::cout << "  code: " << i.source << "/\n";
    if (i.proofs) std::cout << "  proofs: DRAT of every unsatisfiable answer, with -o " << i.proofs->option << "=FILE (the formula in FILE"
                            << i.proofs->formula_suffix << ")\n";
    if (i.rating) {  // the scale `generate --difficulty` and compare's rating column use
      std::string words;
      for (const auto& w : i.rating->words) words += (words.empty() ? "" : " | ") + w;
      std::cout << "  rates: " << words << " (with " << option_flags_text(i.rating->options) << ")\n";
    }
  }
  if (!names_only)
    for (const auto& f : registry.families()) std::cout << f.prefix << ":NAME\n  " << f.summary << "\n";
  return kOk;
}

}  // namespace sudokit::cli
