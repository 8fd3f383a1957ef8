// `sudokit encode`: a puzzle's exact-cover matrix (or CNF formula) as a file;
// `sudokit xc`: solve any exact-cover file in Knuth's DLX format.
#include <fstream>
#include <iostream>
#include <optional>

#include "cli.h"
#include "sudokit/encoders/dlx_format.h"
#include "sudokit/errors.h"
#include "sudokit/registry.h"

namespace sudokit::cli {

int cmd_encode(const std::vector<std::string>& args) {
  std::string to = "dlx", box_text, output;
  SolveArgs solve;
  std::vector<std::string> files;
  po::options_description desc("Options");
  desc.add_options()
    ("help,h", "show this help")
    ("to", po::value<std::string>(&to)->default_value("dlx"), "dlx (Knuth's exact-cover format) or dimacs (CNF)")
    ("box", po::value<std::string>(&box_text), "box shape RxC when it cannot be inferred")
    ("output", po::value<std::string>(&output), "write here instead of stdout")
    ("file", po::value<std::vector<std::string>>(&files), "a file holding one puzzle; stdin when none or '-'");
  add_backend_options(desc, solve);
  po::positional_options_description positional;
  positional.add("file", -1);
  po::variables_map vm;
  if (!parse(args, desc, positional, vm,
             "usage: sudokit encode [--to dlx|dimacs] [--encoding NAME] [--box RxC] [--output FILE] [PUZZLE|-]\n"
             "Writes one puzzle as an exact-cover matrix (DLX format) or a CNF formula (DIMACS)."))
    return kOk;
  std::optional<BoxSpec> box;
  if (!box_text.empty()) box = parse_box_spec(box_text);
  Outcome outcome;
  std::optional<ParsedPuzzle> first;  // the rest are only counted: a huge input is not held in memory
  std::size_t puzzles = 0;
  for_each_puzzle(files, box, outcome, [&](const ParsedPuzzle& p, const std::string&) {
    if (puzzles++ == 0) first = p;
  });
  if (outcome.code != kOk) return outcome.code;
  if (puzzles != 1) throw UsageError("encode takes one puzzle; the input holds " + std::to_string(puzzles));
  if (to != "dlx" && to != "dimacs") throw UsageError("--to is dlx or dimacs, not '" + to + "'");
  const Grid& puzzle = first->grid;

  auto write = [&](std::ostream& out) {
    if (to == "dlx") {
      const SudokuCover cover = reduced_sudoku_cover(puzzle);
      write_dlx(out, cover.cover,
                {"sudokit: the exact-cover matrix of a " + puzzle.shape().name() + " Sudoku puzzle:",
                 to_line(puzzle),
                 "Items: pR.C cell filled, rR.D / cC.D / bB.D digit D in row R / column C / box B.",
                 "The givens' items and every option clashing with a given are removed; each option",
                 "is one (cell, digit): its pR.C and rR.D items name the cell and the digit."});
    } else {
      write_dimacs_for(out, puzzle, backend_options(solve));
    }
  };
  if (output.empty()) write(std::cout);  // main() checks stdout
  else if (!write_file(output, write)) return kIoError;
  return kOk;
}

int cmd_xc(const std::vector<std::string>& args) {
  SolveArgs solve;
  bool all = false;
  std::string file;
  po::options_description desc("Options");
  desc.add_options()
    ("help,h", "show this help")
    ("solver,s", po::value<std::string>(&solve.solver)->default_value("dlx"), "dlx or sat");
  add_backend_options(desc, solve);
  add_limit_options(desc, solve, 1);
  desc.add_options()
    ("all", po::bool_switch(&all), "print every solution found")
    ("file", po::value<std::string>(&file), "a file in Knuth's DLX format; stdin when none or '-'");
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  if (!parse(args, desc, positional, vm,
             "usage: sudokit xc [--solver dlx|sat] [--count [LIMIT]] [--all] [FILE|-]\n"
             "Solves an exact-cover problem in Knuth's DLX format: the first line names the items\n"
             "(primary, then '|' and the secondary ones), each later line is an option.\n"
             "Prints a solution as its options, one per line, or with --count the number of solutions."))
    return kOk;
  if (all && vm["count"].defaulted()) solve.count = 0;
  std::ifstream in;
  std::istream* source = &std::cin;
  std::string name = "stdin";
  if (!file.empty() && file != "-") {
    in.open(file);
    if (!in) {
      std::cerr << "sudokit: cannot open " << file << "\n";
      return kIoError;
    }
    source = &in;
    name = file;
  }
  const ExactCover cover = read_dlx(*source, name);
  Limits limits = limits_of(solve);
  if (all) limits.keep_solutions = limits.solutions == 0 ? ~std::size_t{0} : limits.solutions;
  const CoverResult r = solve_exact_cover(solve.solver, cover, limits, backend_options(solve));

  for (const auto& s : r.solutions)
    if (!is_exact_cover(cover, s)) {
      std::cerr << "sudokit: " << solve.solver << " returned a set of options that is not an exact cover\n";
      return kDisagreement;
    }
  Result summary;
  summary.status = r.status;
  summary.stop_reason = r.stop_reason;
  summary.count = r.count;
  summary.stats = r.stats;
  const bool report_count = !vm["count"].defaulted() || all;
  if (report_count || r.solutions.empty()) std::cout << "# " << describe(summary, limits.solutions) << "\n";
  const std::size_t shown = all ? r.solutions.size() : (report_count ? 0 : std::min<std::size_t>(1, r.solutions.size()));
  for (std::size_t i = 0; i < shown; ++i) {
    if (i > 0) std::cout << "\n";
    for (int o : r.solutions[i]) std::cout << cover.option_text(o) << "\n";
  }
  return r.status == Status::none || r.status == Status::stopped ? kUnsolved : kOk;
}

}  // namespace sudokit::cli
