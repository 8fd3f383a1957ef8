// Shared pieces of the sudokit command line: exit codes, reading puzzle files, common options.
// Only apps/ turns errors into messages and exit codes.
#pragma once

#include <boost/program_options.hpp>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "exit_codes.h"
#include "sudokit/format.h"
#include "sudokit/solver.h"

namespace sudokit::cli {

namespace po = boost::program_options;

struct Outcome {
  int code = kOk;
  void raise(int c) { code = std::max(code, c); }
};

// Calls `each` for every puzzle of every file ("-" or none: stdin). A bad puzzle is reported on
// stderr, raises kBadInput, and the rest of the input is still read.
void for_each_puzzle(const std::vector<std::string>& files, std::optional<BoxSpec> box, Outcome& outcome,
                     const std::function<void(const ParsedPuzzle&, const std::string& source)>& each);

// --solver/-o/--count/--max-nodes/--timeout, shared by the commands that solve.
struct SolveArgs {
  std::string solver = "backtrack";
  std::vector<std::string> options;
  std::string encoding;
  std::uint64_t count = 1;
  std::uint64_t max_nodes = 0;
  double timeout = 0;
};
void add_limit_options(po::options_description& desc, SolveArgs& args, std::uint64_t default_count);
void add_backend_options(po::options_description& desc, SolveArgs& args);
SolverOptions backend_options(const SolveArgs& args);
Limits limits_of(const SolveArgs& args);

// Parses a subcommand's arguments; returns false after printing help.
bool parse(const std::vector<std::string>& args, const po::options_description& desc,
           const po::positional_options_description& positional, po::variables_map& vm, const char* usage);

// What a file holds, from its name or first line: exact cover in Knuth's DLX format, or puzzles.
ProblemKind guess_kind(const std::string& file);
// "sudoku" or "xc"; throws UsageError otherwise.
ProblemKind parse_problem_kind(const std::string& text);

// "unique", "288 solutions", ... for a Result or a CoverResult.
template <class Answer>
std::string describe(const BasicResult<Answer>& r, std::uint64_t limit);
template <class Answer>
std::string stats_line(std::string_view solver, const BasicResult<Answer>& r);

// Reads one exact-cover problem in Knuth's DLX format from a file ("-" or "": stdin), printing its
// warnings; reports a file or input error on stderr, raises the outcome and returns nullopt.
std::optional<ExactCover> read_xc_file(const std::string& file, Outcome& outcome);

// Writes a file through `write`; false (after saying so on stderr) when it cannot be opened.
bool write_file(const std::string& path, const std::function<void(std::ostream&)>& write);
// Opens `path` for reading; on failure says so on stderr, raises kIoError and returns false.
bool open_input(std::ifstream& in, const std::string& path, Outcome& outcome);

int cmd_solve(const std::vector<std::string>& args);
int cmd_encode(const std::vector<std::string>& args);
int cmd_xc(const std::vector<std::string>& args);
int cmd_compare(const std::vector<std::string>& args);
int cmd_generate(const std::vector<std::string>& args);
int cmd_report(const std::vector<std::string>& args);
int cmd_solvers(const std::vector<std::string>& args);
int cmd_check(const std::vector<std::string>& args);
int cmd_decode(const std::vector<std::string>& args);
int cmd_check_proof(const std::vector<std::string>& args);

}  // namespace sudokit::cli
