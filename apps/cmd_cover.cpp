// `sudokit encode`: a puzzle's exact-cover matrix (or CNF formula) as a file;
// `sudokit xc`: solve any exact-cover file in Knuth's DLX format.
#include <fstream>
#include <iostream>
#include <optional>

#include "cli.h"
#include "sudokit/compare/trace.h"
#include "sudokit/encoders/cnf.h"
#include "sudokit/encoders/dlx_format.h"
#include "sudokit/errors.h"
#include "sudokit/registry.h"
#include "sudokit/text.h"

namespace sudokit::cli {

int cmd_encode(const std::vector<std::string>& args) {
  std::string to = "dlx", box_text, rules_text, output;
  SolveArgs solve;
  std::vector<std::string> files;
  po::options_description desc("Options");
  desc.add_options()
    ("help,h", "show this help")
    ("to", po::value<std::string>(&to)->default_value("dlx"), "dlx (Knuth's exact-cover format) or dimacs (CNF)")
    ("box", po::value<std::string>(&box_text), "box shape RxC when it cannot be inferred")
    ("output", po::value<std::string>(&output), "write here instead of stdout ('-': stdout)")
    ("file", po::value<std::vector<std::string>>(&files), "a file holding one puzzle (or one exact-cover problem), or a puzzle typed in its one-line form; stdin when none or '-'");
  add_rules_option(desc, rules_text);
  add_backend_options(desc, solve);
  po::positional_options_description positional;
  positional.add("file", -1);
  po::variables_map vm;
  if (!parse(args, desc, positional, vm,
             "usage: sudokit encode [--to dlx|dimacs] [--encoding NAME] [--box RxC] [--rules NAMES] [--output FILE] [PUZZLE|-]\n"
             "       sudokit encode --to dimacs PROBLEM.dlx\n"
             "Writes one puzzle as an exact-cover matrix (DLX format) or a CNF formula (DIMACS); or an\n"
             "exact-cover problem in DLX format as its CNF formula (one variable per option, as the SAT\n"
             "backends and `decode` number them)."))
    return kOk;
  if (to != "dlx" && to != "dimacs") throw UsageError("--to is dlx or dimacs, not '" + to + "'");
  if (kind_of_files(files) == ProblemKind::exact_cover) {
    if (to != "dimacs") throw UsageError("an exact-cover file is in DLX format already: --to dimacs writes its CNF formula");
    if (files.size() > 1) throw UsageError("encode takes one problem");
    if (!solve.options.empty() || !solve.encoding.empty())
      throw UsageError("--encoding and -o are for Sudoku formulas; an exact-cover formula has one form");
    Outcome outcome;
    const auto problem = read_xc_file(files.empty() ? "-" : files.front(), outcome);
    if (!problem) return outcome.code;
    return write_file(output.empty() ? "-" : output, [&](std::ostream& out) {
      write_dimacs(out, exact_cover_cnf(*problem),
                   {"sudokit: an exact-cover problem of " + std::to_string(problem->item_count()) + " items and " +
                    std::to_string(problem->option_count()) + " options; variable k is option k (1-based, in file order)"});
    }) ? kOk : kIoError;
  }
  std::optional<BoxSpec> box;
  if (!box_text.empty()) box = parse_box_spec(box_text);
  const Rules rules = parse_rules_option(rules_text);
  Outcome outcome;
  std::optional<ParsedPuzzle> first;  // the rest are only counted: a huge input is not held in memory
  std::size_t puzzles = 0;
  for_each_puzzle(files, box, rules, outcome, [&](const ParsedPuzzle& p, const std::string&) {
    if (puzzles++ == 0) first = p;
  });
  if (outcome.code != kOk) return outcome.code;
  if (puzzles != 1) throw UsageError("encode takes one puzzle; the input holds " + counted(puzzles, "puzzle"));
  const Grid& puzzle = first->grid;

  auto write = [&](std::ostream& out) {
    if (to == "dlx") {
      const SudokuCover cover = reduced_sudoku_cover(puzzle);
      std::vector<std::string> comments = {
          "sudokit: the exact-cover matrix of a " + puzzle.shape().grid_name() + " Sudoku puzzle:", to_line(puzzle),
          "Items: pR.C cell filled, rR.D / cC.D / bB.D digit D in row R / column C / box B.",
          "The givens' items and every option clashing with a given are removed; each option",
          "is one (cell, digit): its pR.C and rR.D items name the cell and the digit."};
      // A variant's other units and its groups are items too (docs/encodings.md).
      if (const Rules& rules = puzzle.shape().rules(); !rules.classic())
        comments.insert(comments.begin() + 2, "Rules: " + rules.summary() + " (their items: docs/encodings.md)");
      write_dlx(out, cover.cover, comments);
    } else {
      write_dimacs_for(out, puzzle, backend_options(solve));
    }
  };
  return write_file(output.empty() ? "-" : output, write) ? kOk : kIoError;
}

std::optional<ExactCover> read_xc_file(const std::string& file, Outcome& outcome) {
  Input in(file);
  if (!in.ok()) {
    outcome.raise(kIoError);
    return std::nullopt;
  }
  std::vector<DlxWarning> warnings;
  // A file of Sudoku puzzles (by its first line: guess_kind) is named as what it is, with the
  // command that takes it, as puzzles given as DLX are (for_each_puzzle). Not stdin: it holds
  // whatever it is told to.
  auto holds_puzzles = [&] {
    if (file == "-" || guess_kind(file) != ProblemKind::sudoku) return false;
    std::cerr << "sudokit: " << in.name() << ": Sudoku puzzles, not an exact-cover problem (DLX format): `sudokit solve "
              << file << "` solves them\n";
    outcome.raise(kUsage);
    return true;
  };
  try {
    errno = 0;
    ExactCover problem = read_dlx(in.stream(), in.name(), &warnings);
    if (in.read_failed()) {
      outcome.raise(kIoError);
      return std::nullopt;
    }
    // A file of one puzzle reads as one item and no option: "no solution" would answer the
    // wrong question.
    if (problem.options.empty() && holds_puzzles()) return std::nullopt;
    for (const auto& w : warnings) std::cerr << "sudokit: warning: " << in.name() << ": line " << w.line << ": " << w.message << "\n";
    return problem;
  } catch (const InputError& e) {
    if (in.read_failed()) {
      outcome.raise(kIoError);
      return std::nullopt;
    }
    if (holds_puzzles()) return std::nullopt;  // a grid file, or many puzzles: no item line parses
    std::cerr << "sudokit: " << e.what() << "\n";
    outcome.raise(kBadInput);
    return std::nullopt;
  }
}

namespace {

// What `sudokit xc` was told.
struct XcCommand {
  SolveArgs solve;
  bool all = false, stats = false, trace = false;
  std::string trace_file, tree_file;
  std::size_t tree_nodes = 300;
  std::vector<std::string> files;
  bool traced() const { return trace || !trace_file.empty() || !tree_file.empty(); }  // --trace, --tree
};

void add_xc_options(po::options_description& desc, XcCommand& c) {
  desc.add_options()
    ("help,h", "show this help")
    ("solver,s", po::value<std::string>(&c.solve.solver),
     "backend (`sudokit solvers --kind xc` lists those that take exact cover; default: the one measured "
     "fastest on exact cover, solvers/speeds.tsv)");
  add_backend_options(desc, c.solve);
  add_limit_options(desc, c.solve, {.count = 1, .each = "problem"});
  desc.add_options()
    ("all", po::bool_switch(&c.all), "print every solution found (all of them unless --count sets a limit)")
    ("stats", po::bool_switch(&c.stats), "print search statistics on stderr")
    ("trace", po::bool_switch(&c.trace), "print every step on stderr: the item chosen, the option tried, dead ends")
    ("trace-file", po::value<std::string>(&c.trace_file), "the same, into FILE")
    ("tree", po::value<std::string>(&c.tree_file), "write the first problem's search tree to FILE as Graphviz DOT")
    ("tree-nodes", po::value<std::size_t>(&c.tree_nodes)->default_value(300), "most nodes drawn by --tree")
    ("file", po::value<std::vector<std::string>>(&c.files), "files in Knuth's DLX format; stdin when none or '-'");
}

constexpr const char* kXcUsage =
    "usage: sudokit xc [--solver NAME] [-o KEY=VALUE] [--count [LIMIT]] [--all] [--stats] [--trace]\n"
    "                  [--tree FILE.dot] [--max-nodes N] [--timeout S] [FILE|-]...\n"
    "Solves exact-cover problems in Knuth's DLX format (colours as in dlx2): the first line\n"
    "names the items (primary, then '|' and the secondary ones), each later line is an option,\n"
    "a secondary item in an option may carry a colour as item:colour. Prints a solution as\n"
    "its options, one per line, or with --count the number of solutions. Every solution is\n"
    "checked by the independent verifier.";

// One run of `sudokit xc`: each file's problem to the backend, its solutions (or its count)
// printed as options, what was asked on stderr.
class XcRun {
 public:
  XcRun(const XcCommand& c, SolverPool& pool, Limits limits, bool report_count, Outcome& outcome)
      : c_(c), pool_(pool), limits_(std::move(limits)), report_count_(report_count), outcome_(outcome),
        trace_out_(c.trace, c.trace_file) {
    if (!c.tree_file.empty()) tree_out_.emplace(c.tree_file);  // before any search: a bad path fails now
    limits_.estimator = &estimator_;  // a stopped search says how big its tree looks
  }
  // The problem of `file`, the `index`th given (the tree is drawn for the first only).
  void problem(const std::string& file, std::size_t index, bool several);
  void close() { trace_out_.close(); }

 private:
  std::optional<CoverResult> search(const ExactCover& problem, const std::string& name, std::size_t index,
                                    PooledSolver& chosen);
  void print(const ExactCover& problem, const CoverResult& r, const BackendInfo& info);
  const XcCommand& c_;
  SolverPool& pool_;
  Limits limits_;
  OnlineEstimator estimator_;
  const bool report_count_;
  Outcome& outcome_;
  TraceOutput trace_out_;
  std::optional<Output> tree_out_;
};

// Every solution verified; --trace and --tree. A wrong answer or a program that died is reported
// (nullopt) and the next file still runs, with a fresh backend.
std::optional<CoverResult> XcRun::search(const ExactCover& problem, const std::string& name, std::size_t index,
                                         PooledSolver& chosen) {
  Solver* solver = chosen.solver.get();
  try {
    return observed_search(trace_out_, tree_out_, index == 0, c_.tree_nodes, name + " by " + std::string(solver->name()),
                           problem, limits_, outcome_, [&] { return solver->solve(problem, limits_); });
  } catch (const WrongAnswer& e) {
    report_rejected(e, name);
  } catch (const ExternalError& e) {  // a program that died or gave no answer
    std::cerr << "sudokit: " << name << ": " << e.what() << "\n";
  }
  outcome_.raise(kDisagreement);
  pool_.discard(chosen);
  return std::nullopt;
}

// The count when asked for (or when nothing was found), then the solutions: every one with --all,
// else the first unless counting.
void XcRun::print(const ExactCover& problem, const CoverResult& r, const BackendInfo& info) {
  if (report_count_ || r.solutions.empty()) std::cout << "# " << describe(r, limits_.solutions, info) << "\n";
  const std::size_t shown = c_.all ? r.solutions.size() : (report_count_ ? 0 : std::min<std::size_t>(1, r.solutions.size()));
  for (std::size_t i = 0; i < shown; ++i) {
    if (i > 0) std::cout << "\n";
    for (int o : r.solutions[i]) std::cout << problem.option_text(o) << "\n";
  }
}

void XcRun::problem(const std::string& file, std::size_t index, bool several) {
  const std::optional<ExactCover> problem = read_xc_file(file, outcome_);
  if (!problem) return;
  const std::string name = file == "-" ? "stdin" : file;
  PooledSolver& chosen = pool_.for_problem(ProblemKind::exact_cover, 0);
  const std::optional<CoverResult> r = search(*problem, name, index, chosen);
  if (!r) return;
  if (several) std::cout << "# " << name << "\n";
  print(*problem, *r, chosen.info);
  check_written(std::cout, "stdout");
  trace_out_.check();
  if (c_.stats) std::cerr << name << ": " << stats_line(chosen.solver->name(), *r) << "\n";
  if (r->status == Status::none || r->status == Status::stopped) outcome_.raise(kUnsolved);
}

}  // namespace

int cmd_xc(const std::vector<std::string>& args) {
  XcCommand c;
  const auto parsed = parse_command(args, c, add_xc_options, "file", kXcUsage);
  if (!parsed) return kOk;
  const po::variables_map& vm = *parsed;
  if (c.all && vm["count"].defaulted()) c.solve.count = 0;
  const Registry registry = builtin_solvers();
  if (!c.solve.solver.empty() && !registry.info(c.solve.solver).exact_cover)
    throw UsageError("backend '" + c.solve.solver + "' does not solve exact cover (sudokit solvers --kind xc)");
  SolverPool pool(registry, c.solve.solver, backend_options(c.solve));  // the one named, else the fastest declared
  require_tracing(registry, c.solve.solver, c.traced());
  Limits limits = limits_of(c.solve);
  if (c.all) limits.keep_solutions = limits.solutions == 0 ? ~std::size_t{0} : limits.solutions;
  const bool report_count = !vm["count"].defaulted() || c.all;

  Outcome outcome;
  XcRun run(c, pool, limits, report_count, outcome);
  std::vector<std::string> files = c.files;
  if (files.empty()) files.push_back("-");
  for (std::size_t f = 0; f < files.size(); ++f) run.problem(files[f], f, files.size() > 1);
  run.close();
  return outcome.code;
}

}  // namespace sudokit::cli
