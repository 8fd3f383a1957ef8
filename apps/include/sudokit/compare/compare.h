// The cross-check driver behind `sudokit compare`: runs backends side by side on the same
// puzzles, verifies every answer with the independent verifier, flags disagreements, and
// records what each run cost, one row per (puzzle, backend).
//
// A backend is named in a spec "name[:key=value[:key=value...]]", so one run can compare several
// settings of one backend: "sat:encoding=minimal,sat:encoding=extended".
#pragma once

#include <atomic>
#include <functional>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "sudokit/compare/verdict.h"
#include "sudokit/solver.h"

namespace sudokit {

// One problem to compare on: a Sudoku puzzle, or an exact-cover problem (a whole DLX file).
struct PuzzleInput {
  std::size_t number;  // 1-based position in the input (bad puzzles included), kept across shards
  std::string source;
  std::size_t line;
  std::variant<Grid, std::shared_ptr<const ExactCover>> problem;
  ProblemKind kind() const { return problem.index() == 0 ? ProblemKind::sudoku : ProblemKind::exact_cover; }
};

struct CompareOptions {
  std::vector<std::string> backends;  // specs; empty: every registered backend that takes the problems
  Limits limits;                      // the same for every backend
  // When above 0, each backend's node budget is this many times the one it declares
  // (BackendInfo::default_budget, in its own unit) rather than limits.max_nodes: 1 is compare's
  // default when no --max-nodes is given, "--max-nodes 10x" sets 10.
  double default_budgets = 0;
  unsigned jobs = 1;                  // threads; the rows come out in the same order whatever it is
  // When set, called about five times a second during the run with the puzzles done and the
  // puzzles in all (from the calling thread, which then only waits): the library prints nothing.
  std::function<void(std::size_t done, std::size_t total)> progress;
  // When set (a signal handler may set it), no new puzzle is started; the ones under way finish.
  const std::atomic<bool>* stop = nullptr;
  // Each search keeps the online estimate of its tree's size (online_estimate.h), which a stopped
  // row reports; it costs the textbook search about a tenth of its speed, the others nothing
  // measurable (docs/estimating.md).
  bool estimates = true;
};

// One (puzzle, backend) result; its columns, their order and meaning are row_columns()'s.
struct Row {
  std::size_t puzzle = 0;
  std::string source;
  std::size_t line = 0;
  std::string shape;
  int givens = 0;
  std::string rules;     // Rules::summary() of a puzzle ("classic", "x+jigsaw"), "" for exact cover
  std::string backend, options;
  std::string status;
  std::uint64_t count = 0, nodes = 0, guesses = 0, backtracks = 0, propagations = 0;
  double time = 0;      // wall-clock seconds inside solve()
  double cpu_time = 0;  // CPU seconds of the thread that solved: what the summary compares
  std::string counters;  // "name=value;name=value"
  // agrees, disagrees, invalid, stopped, timeout, failed or skipped (verdict.h says what each means)
  Verdict verdict = Verdict::unset;
  std::string rating;    // the backend's rating in words (BackendInfo::rating), "" when it gave none
  // A stopped search's online estimate of its whole tree (Result::estimate): the nodes, and the
  // share of the tree searched; none when the search ended or its backend keeps no estimate.
  std::optional<double> estimated_nodes, searched_fraction;
};

// A row that makes its puzzle count as a disagreement: another answer won, the answer failed
// verification, or the backend failed.
inline bool is_disagreement(const Row& r) {
  return r.verdict == Verdict::disagrees || r.verdict == Verdict::invalid || r.verdict == Verdict::failed;
}

struct CompareReport {
  std::vector<Row> rows;          // puzzle order, then backend order
  std::size_t puzzles = 0;        // puzzles done: all of them unless stopped
  std::size_t disagreements = 0;  // puzzles with a disagreement or an answer that failed verification
  bool stopped = false;           // CompareOptions::stop ended the run early; rows hold the puzzles done
  // The node budget each backend ran under (its label, the budget in its unit, the unit; 0: none),
  // and the multiple of its declared default it was (CompareOptions::default_budgets; 0: not one).
  struct Budget {
    std::string backend, unit;
    std::uint64_t nodes = 0;
    double scale = 0;
  };
  std::vector<Budget> budgets;
};

// Throws UsageError, as run_compare would, for an unknown backend or option, a backend that does
// not take `kind`, or one backend setting given twice: a command checks its --solvers with it
// before it reads any puzzle or makes any file.
void validate_backends(const Registry& registry, const std::vector<std::string>& backends, ProblemKind kind);

// Runs the comparison; the details of each disagreement are written to `details` in puzzle order.
// A backend is not run on a problem it does not take (BackendInfo::takes): its row's status and
// verdict are `skipped`.
// Every problem must be of one kind. Throws UsageError for an unknown backend or option, a
// backend that does not take that kind of problem, or problems of both kinds.
CompareReport run_compare(const Registry& registry, const std::vector<PuzzleInput>& puzzles,
                          const CompareOptions& options, std::ostream& details);

// The exit code of a run, as README.md's table gives it: kDisagreement when some puzzle had a
// disagreement or an answer that failed verification; else kUnsolved when a search was stopped
// (a work budget, a no-search mode, the clock) or the backends agreed a puzzle has no solution;
// else kOk. The same for rows read back from CSV files (`report`).
int exit_code_for(const CompareReport& report);
int exit_code_for(const std::vector<Row>& rows);

// The columns of a Row, in the order that the CSV, the JSON and the Python module's dicts give
// them. One table, so that no output can name, order or write a column differently from another,
// and docs/stats.md's table of them is this table (`sudokit compare --list-columns` prints it; a
// test checks that the two agree).
// A --solvers entry, "name:key=value:...", where a family's name takes one more word
// ("ext:cadical:proof=p.drat"): the backend's name and its KEY=VALUE pairs, as written.
struct BackendSpec {
  std::string name;
  std::vector<std::string> pairs;
};
BackendSpec parse_backend_spec(const std::string& text, const Registry& registry);
// A backend and settings as a --solvers entry: "name:key=value:...".
std::string backend_spec_text(const std::string& name, const std::vector<std::pair<std::string, std::string>>& settings);
// The same settings as command-line flags: "-o key=value -o ...".
std::string option_flags_text(const std::vector<std::pair<std::string, std::string>>& settings);
// The methods that the backends `names` declare for something: each NAME whose defaults do it
// (`by_default`), and NAME:KEY=VALUE:... for each list of settings under which it does
// (`settings`: BackendInfo::stepwise for lessons, BackendInfo::probing for estimates).
using DeclaredSettings = std::vector<std::vector<std::pair<std::string, std::string>>>;
std::vector<std::string> declared_methods(const Registry& registry, const std::vector<std::string>& names,
                                          bool (*by_default)(const BackendInfo&), DeclaredSettings BackendInfo::*settings);
// Throws UsageError, in the words every command uses, when the backend `spec` names (declaring
// `info`) does not take `puzzle` (its size or rules) or exact-cover problems at all.
void require_takes(const BackendInfo& info, const std::string& spec, const Grid& puzzle);
void require_takes(const BackendInfo& info, const std::string& spec, const ExactCover& problem);
// The entries of a --solvers list, comma-separated, each trimmed of white space ("dlx, sat").
// Nothing but white space is no entry. Throws UsageError, naming the list as `what` says
// ("--solvers"), when an entry is empty ("dlx,", ",dlx", "a,,b"): a name forgotten or mistyped,
// not one to skip.
std::vector<std::string> split_backend_list(const std::string& list, std::string_view what);

struct RowColumn {
  // How the value is written. count: a whole number; seconds: a time, in microseconds; text:
  // quoted in CSV when it must be; optional_text: the same, with no value (JSON null, Python
  // None) when empty; counters: "name=value;..." in CSV and Python, an object in JSON;
  // optional_number: a real number to 6 significant digits ("3.2e+12"), or no value.
  enum class Type { count, seconds, text, optional_text, counters, optional_number };
  using Value = std::variant<std::uint64_t, double, std::string>;  // a count, seconds, or text
  std::string_view name;
  Type type;
  std::string_view unit;     // what a number counts ("" when it is not a number, or has none)
  std::string_view meaning;  // one line, as docs/stats.md gives it
  Value (*value)(const Row& row);
  // Sets it in `row` from a CSV field written by write_csv; throws std::invalid_argument naming
  // what the field should be ("a whole number of 0 or more").
  void (*read)(Row& row, const std::string& field);
};
std::span<const RowColumn> row_columns();
std::string_view to_string(RowColumn::Type type);  // as the table of columns names it
// A column's value: nothing (monostate) for an empty optional text, else the value.
std::variant<std::monostate, std::uint64_t, double, std::string> column_value(const RowColumn& column, const Row& row);
// The table of columns in Markdown, as docs/stats.md holds it.
void write_column_table(std::ostream& out);

void write_csv(std::ostream& out, const std::vector<Row>& rows);  // the header, then the rows
void write_csv_header(std::ostream& out);
void write_csv_rows(std::ostream& out, const std::vector<Row>& rows);
std::string csv_field(const std::string& s);    // quoted when it holds a comma, a quote or a newline
std::string json_string(const std::string& s);  // a JSON string literal
std::vector<Row> read_csv(std::istream& in, const std::string& source);  // throws InputError
void write_json(std::ostream& out, const std::vector<Row>& rows);
// The per-backend table: puzzles, unique/multiple/solved/none, stopped by the work budget,
// stopped by the clock (timeout), nodes and time (mean, median, max), puzzles per second,
// disagreements.
void write_summary(std::ostream& out, const std::vector<Row>& rows);
// One line per backend that a default budget stopped: how many puzzles, at what budget, and how
// to lift it. Nothing when no default budget stopped anything.
void write_budget_notes(std::ostream& out, const CompareReport& report);
// When counting (`limit` 0, all, or above 2), the count the backends agree on: for one puzzle
// "solutions: 52, agreed by every backend that finished", for several the least, the median and
// the most ("at least L" where the limit cut a count short). Nothing otherwise.
void write_count_summary(std::ostream& out, const CompareReport& report, std::uint64_t limit);

}  // namespace sudokit
