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
    ("file", po::value<std::vector<std::string>>(&files), "a file holding one puzzle (or one exact-cover problem); stdin when none or '-'");
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
  if (puzzles != 1) throw UsageError("encode takes one puzzle; the input holds " + std::to_string(puzzles));
  const Grid& puzzle = first->grid;

  auto write = [&](std::ostream& out) {
    if (to == "dlx") {
      const SudokuCover cover = reduced_sudoku_cover(puzzle);
      std::vector<std::string> comments = {
          "sudokit: the exact-cover matrix of a " + puzzle.shape().name() + " Sudoku puzzle:", to_line(puzzle),
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
  try {
    errno = 0;
    ExactCover problem = read_dlx(in.stream(), in.name(), &warnings);
    if (in.read_failed()) {
      outcome.raise(kIoError);
      return std::nullopt;
    }
    for (const auto& w : warnings) std::cerr << in.name() << ":" << w.line << ": warning: " << w.message << "\n";
    return problem;
  } catch (const InputError& e) {
    if (in.read_failed()) {
      outcome.raise(kIoError);
      return std::nullopt;
    }
    std::cerr << "sudokit: " << e.what() << "\n";
    outcome.raise(kBadInput);
    return std::nullopt;
  }
}

int cmd_xc(const std::vector<std::string>& args) {
  SolveArgs solve;
  bool all = false, stats = false, trace = false;
  std::string trace_file;
  std::string tree_file;
  std::size_t tree_nodes = 300;
  std::vector<std::string> files;
  po::options_description desc("Options");
  desc.add_options()
    ("help,h", "show this help")
    ("solver,s", po::value<std::string>(&solve.solver),
     "backend (`sudokit solvers --kind xc` lists those that take exact cover; default: the one measured "
     "fastest on exact cover, solvers/speeds.tsv)");
  add_backend_options(desc, solve);
  add_limit_options(desc, solve, {.count = 1, .each = "problem"});
  desc.add_options()
    ("all", po::bool_switch(&all), "print every solution found (all of them unless --count sets a limit)")
    ("stats", po::bool_switch(&stats), "print search statistics on stderr")
    ("trace", po::bool_switch(&trace), "print every step on stderr: the item chosen, the option tried, dead ends")
    ("trace-file", po::value<std::string>(&trace_file), "the same, into FILE")
    ("tree", po::value<std::string>(&tree_file), "write the first problem's search tree to FILE as Graphviz DOT")
    ("tree-nodes", po::value<std::size_t>(&tree_nodes)->default_value(300), "most nodes drawn by --tree")
    ("file", po::value<std::vector<std::string>>(&files), "files in Knuth's DLX format; stdin when none or '-'");
  po::positional_options_description positional;
  positional.add("file", -1);
  po::variables_map vm;
  if (!parse(args, desc, positional, vm,
             "usage: sudokit xc [--solver NAME] [-o KEY=VALUE] [--count [LIMIT]] [--all] [--stats] [--trace]\n"
             "                  [--tree FILE.dot] [--max-nodes N] [--timeout S] [FILE|-]...\n"
             "Solves exact-cover problems in Knuth's DLX format (colours as in dlx2): the first line\n"
             "names the items (primary, then '|' and the secondary ones), each later line is an option,\n"
             "a secondary item in an option may carry a colour as item:colour. Prints a solution as\n"
             "its options, one per line, or with --count the number of solutions. Every solution is\n"
             "checked by the independent verifier."))
    return kOk;
  if (all && vm["count"].defaulted()) solve.count = 0;
  const Registry registry = builtin_solvers();
  if (!solve.solver.empty() && !registry.info(solve.solver).exact_cover)
    throw UsageError("backend '" + solve.solver + "' does not solve exact cover (sudokit solvers --kind xc)");
  SolverPool pool(registry, solve.solver, backend_options(solve));  // the one named, else the fastest declared
  require_tracing(registry, solve.solver, trace || !trace_file.empty() || !tree_file.empty());
  Limits limits = limits_of(solve);
  if (all) limits.keep_solutions = limits.solutions == 0 ? ~std::size_t{0} : limits.solutions;
  const bool report_count = !vm["count"].defaulted() || all;

  Outcome outcome;
  TraceOutput trace_out(trace, trace_file);
  std::optional<Output> tree_out;  // made before any search: a bad path fails now, not after it
  if (!tree_file.empty()) tree_out.emplace(tree_file);
  if (files.empty()) files.push_back("-");
  for (std::size_t f = 0; f < files.size(); ++f) {
    const std::optional<ExactCover> problem = read_xc_file(files[f], outcome);
    if (!problem) continue;
    const std::string name = files[f] == "-" ? "stdin" : files[f];
    PooledSolver& chosen = pool.for_problem(ProblemKind::exact_cover, 0);
    Solver* solver = chosen.solver.get();
    CoverResult r;
    try {  // every solution verified; --trace and --tree (the tree only for the first file)
      r = observed_search(trace_out, tree_out, f == 0, tree_nodes, name + " by " + std::string(solver->name()), *problem,
                          limits, outcome, [&] { return solver->solve(*problem, limits); });
    } catch (const WrongAnswer& e) {  // reported; the next file still runs, with a fresh backend
      report_rejected(e, name);
      outcome.raise(kDisagreement);
      pool.discard(chosen);
      continue;
    } catch (const ExternalError& e) {  // a program that died or gave no answer
      std::cerr << "sudokit: " << name << ": " << e.what() << "\n";
      outcome.raise(kDisagreement);
      pool.discard(chosen);
      continue;
    }
    if (files.size() > 1) std::cout << "# " << name << "\n";
    if (report_count || r.solutions.empty()) std::cout << "# " << describe(r, limits.solutions, chosen.info) << "\n";
    const std::size_t shown = all ? r.solutions.size() : (report_count ? 0 : std::min<std::size_t>(1, r.solutions.size()));
    for (std::size_t i = 0; i < shown; ++i) {
      if (i > 0) std::cout << "\n";
      for (int o : r.solutions[i]) std::cout << problem->option_text(o) << "\n";
    }
    check_written(std::cout, "stdout");
    trace_out.check();
    if (stats) std::cerr << name << ": " << stats_line(solver->name(), r) << "\n";
    if (r.status == Status::none || r.status == Status::stopped) outcome.raise(kUnsolved);
  }
  trace_out.close();
  return outcome.code;
}

}  // namespace sudokit::cli
