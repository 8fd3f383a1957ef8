// Shared pieces of the sudokit command line: exit codes, reading puzzle files, common options
// (opening files: io.h).
// Only apps/ turns errors into messages and exit codes.
#pragma once

#include <boost/program_options.hpp>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "io.h"
#include "sudokit/compare/exit_codes.h"
#include "sudokit/compare/trace.h"
#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/solver.h"

namespace sudokit::cli {

namespace po = boost::program_options;

struct Outcome {
  int code = kOk;
  void raise(int c) { code = std::max(code, c); }
};

// Calls `each` for every puzzle of every file ("-" or none: stdin), reading one line at a time.
// An argument that names no file but reads as a puzzle's one-line form is a puzzle: those typed
// so are one input, "the command line", read where the first of them stands.
// A bad puzzle is reported on stderr, raises kBadInput, and the rest of the input is still read.
// A file that cannot be opened or read (a directory) raises kIoError; a file without a puzzle
// gets a warning and raises kBadInput.
// `rules` (from --rules) apply to every puzzle, with those each file's directives give.
// `failed`, when given, is told of each numbered puzzle that got no answer through an error
// (unreadable, a rejected answer, a grid the backend does not take, a failed external solver), after
// the error was reported on stderr: its number and a few words, so that solve's output can say so
// in its place and stay aligned with the input (numbers start again at 1 in each input).
using PuzzleFailed = std::function<void(std::size_t puzzle, const std::string& why)>;
void for_each_puzzle(const std::vector<std::string>& files, std::optional<BoxSpec> box, const Rules& rules,
                     Outcome& outcome, const std::function<void(const ParsedPuzzle&, const std::string& source)>& each,
                     const PuzzleFailed& failed = nullptr);

// A backend's answer that Solver::solve rejected, reported on stderr as an error at `where` (the
// puzzle or file), with the answer itself labelled as rejected; never on stdout.
void report_rejected(const WrongAnswer& e, const std::string& where);

// --rules NAMES, shared by the commands that read puzzles: variant rules for plain puzzles.
void add_rules_option(po::options_description& desc, std::string& rules_text);
Rules parse_rules_option(const std::string& rules_text);  // throws UsageError naming an unknown rule

// --solver/-o/--encoding and the limits --count/--max-nodes/--timeout, shared by the commands that solve.
struct SolveArgs {
  std::string solver;  // empty: each problem goes to Registry::default_for its kind and size
  std::vector<std::string> options;
  std::string encoding;
  std::uint64_t count = 1;
  std::string max_nodes = "0";   // as given: N nodes, or Kx (LimitOptions::declared_budgets)
  bool declared_budgets = false;  // set by add_limit_options
  double timeout = 0;
};

// Which limits a command takes; every command that takes one gives it the same name and meaning.
struct LimitOptions {
  std::optional<std::uint64_t> count = 1;  // --count's default; none: no --count (check: the claims say)
  const char* each = "puzzle";             // what one limit is for, in the help: "puzzle", "claim", ...
  // --max-nodes also takes Kx, K times each backend's declared budget (BackendInfo::default_budget),
  // and is 1x unless given: compare, which runs backends whose units differ.
  bool declared_budgets = false;
  const char* max_nodes = "0";  // --max-nodes's default otherwise (teach: a lesson's length)
};
// --count [LIMIT] (no value: 0, all), --max-nodes N, --timeout SECONDS.
void add_limit_options(po::options_description& desc, SolveArgs& args, const LimitOptions& which);
void add_backend_options(po::options_description& desc, SolveArgs& args);
SolverOptions backend_options(const SolveArgs& args);
// The limits given; max_nodes is 0 when --max-nodes is Kx. Throws UsageError for a bad value.
Limits limits_of(const SolveArgs& args);
// K when --max-nodes is Kx, else 0 (CompareOptions::default_budgets).
double declared_budget_scale(const SolveArgs& args);

// The backend each problem goes to: the one named (--solver, with its -o options), else for each
// kind and grid size the one declared fastest there (Registry::default_for). Each is made once,
// when the first problem that needs it comes (a named one at once, so that a bad name or option
// fails before any work). Options without a name are a UsageError: they belong to one backend.
struct PooledSolver {
  std::unique_ptr<Solver> solver;
  BackendInfo info;
};
// A grid the backend named on the command line declares it does not take (BackendInfo::takes):
// reported for that puzzle (exit code 3), and the rest of the input still runs.
class GridNotTaken : public UsageError {
 public:
  using UsageError::UsageError;
};

// --trace, --trace-file and --tree (`asked`) with a backend named that declares it reports nothing
// of its search (BackendInfo::tracing none): refused, UsageError, before any work.
void require_tracing(const Registry& registry, const std::string& named, bool asked);

class SolverPool {
 public:
  SolverPool(const Registry& registry, std::string named, SolverOptions options);
  PooledSolver& for_problem(ProblemKind kind, int size);
  // The backend for this grid: the one named, else the fastest declared for its size among those
  // that take its size and rules. Throws GridNotTaken when the one named does not take it, or
  // when `traced` (--trace, --tree) and the one chosen traces nothing.
  PooledSolver& for_grid(const Shape& shape, bool traced = false);
  // After a search that threw (a wrong answer, a program that died): the backend is made afresh
  // for the next problem, as the search may have left its state half undone.
  void discard(const PooledSolver& used);

 private:
  PooledSolver make(const std::string& name) const;
  PooledSolver& made_for(const std::string& name);  // made once, kept for the next problems
  const Registry& registry_;
  std::string named_;
  SolverOptions options_;
  std::map<std::string, PooledSolver> made_;
};

// One search with what --trace (trace.stream()) and --tree (`tree_file`, when `draw_tree`) ask
// for, as solve and xc both run theirs: the trace headed "# trace of TITLE", the tree written
// after the search (a failed write raises kIoError in `outcome`). `subject` is the puzzle's Shape
// or the ExactCover problem, which the observers name steps by.
template <class Subject, class Search>
auto observed_search(TraceOutput& trace, std::optional<Output>& tree_file, bool draw_tree, std::size_t tree_nodes,
                     const std::string& title, const Subject& subject, Limits& limits, Outcome& outcome, Search search) {
  ObserverList observers;
  std::optional<TextTrace> text;
  std::optional<TreeRecorder> tree;
  if (std::ostream* out = trace.stream()) {
    *out << "# trace of " << title << "\n";
    observers.add(&text.emplace(*out, subject));
  }
  if (tree_file && draw_tree) observers.add(&tree.emplace(subject, tree_nodes));
  limits.observer = observers.empty() ? nullptr : &observers;
  struct Unhook {  // the observers die with this call
    Limits& limits;
    ~Unhook() { limits.observer = nullptr; }
  } unhook{limits};
  auto result = trace.run(search);
  if (tree && !write_file(*tree_file, [&](std::ostream& dot) { tree->write_dot(dot); })) outcome.raise(kIoError);
  return result;
}

// Parses a subcommand's arguments; returns false after printing help.
bool parse(const std::vector<std::string>& args, const po::options_description& desc,
           const po::positional_options_description& positional, po::variables_map& vm, const char* usage);

// The backends a --solvers (or --solver) LIST names, split at commas; none when the option was
// not given (the command's own choice). Given but naming none ("", ","), a usage error.
std::vector<std::string> named_backends(const po::variables_map& vm, const char* option, const std::string& list);

// The same as parse() for a subcommand whose options `add_options` declares into `command`, and
// whose positional arguments all go to the option `positional` (none when null): the variables,
// or nothing once --help has printed the usage.
template <typename Command>
std::optional<po::variables_map> parse_command(const std::vector<std::string>& args, Command& command,
                                               void (*add_options)(po::options_description&, Command&),
                                               const char* positional, const char* usage) {
  po::options_description desc("Options");
  add_options(desc, command);
  po::positional_options_description names;
  if (positional) names.add(positional, -1);
  po::variables_map vm;
  if (!parse(args, desc, names, vm, usage)) return std::nullopt;
  return vm;
}

// What a file holds, from its name or first line: exact cover in Knuth's DLX format, or puzzles.
ProblemKind guess_kind(const std::string& file);
// The kind every one of `files` holds (none: stdin's); throws UsageError naming two files and
// what each holds when they differ.
ProblemKind kind_of_files(const std::vector<std::string>& files);
// "sudoku" or "xc"; throws UsageError otherwise.
ProblemKind parse_problem_kind(const std::string& text);

// The work a search did in the unit --max-nodes counts for its backend (BackendInfo::node_unit):
// the counter of that name (sat: conflicts), else its nodes (ext counts its calls as nodes).
std::uint64_t budgeted_work(const BackendInfo& info, const Stats& stats);
// "unique", "288 solutions", "stopped by the node limit after 5000 conflicts", ... for a Result or
// a CoverResult by the backend `info` declares.
template <class Answer>
std::string describe(const BasicResult<Answer>& r, std::uint64_t limit, const BackendInfo& info);
template <class Answer>
std::string stats_line(std::string_view solver, const BasicResult<Answer>& r);
// A stopped search's online estimate in words, with the time the rest would take at the speed of
// `so_far`: "the whole tree looks like 1.9e+09 nodes, 0.0011% of it searched (about 3.5 h more at
// this speed)".
std::string estimate_words(const OnlineEstimate& e, const Stats& so_far);
std::string duration_words(double seconds);                   // "40 s", "3.5 h", "4000 years"
std::string percent_words(double fraction);                   // "0.4%", "2.3e-05%", never "100%" before 1
// The time the rest of a tree would take at the speed so far: `seconds` for `nodes_so_far` of
// `estimated_nodes` (0 when the estimate is no more than what was searched).
double seconds_left(double seconds, double nodes_so_far, double estimated_nodes);

// Reads one exact-cover problem in Knuth's DLX format from a file ("-" or "": stdin), printing its
// warnings; reports a file or input error on stderr, raises the outcome and returns nullopt.
std::optional<ExactCover> read_xc_file(const std::string& file, Outcome& outcome);

int cmd_solve(const std::vector<std::string>& args);
int cmd_encode(const std::vector<std::string>& args);
int cmd_xc(const std::vector<std::string>& args);
int cmd_compare(const std::vector<std::string>& args);
int cmd_generate(const std::vector<std::string>& args);
int cmd_report(const std::vector<std::string>& args);
int cmd_solvers(const std::vector<std::string>& args);
int cmd_rate(const std::vector<std::string>& args);
int cmd_check(const std::vector<std::string>& args);
int cmd_decode(const std::vector<std::string>& args);
int cmd_check_proof(const std::vector<std::string>& args);
int cmd_teach(const std::vector<std::string>& args);
int cmd_estimate(const std::vector<std::string>& args);
int cmd_serve(const std::vector<std::string>& args);

}  // namespace sudokit::cli
