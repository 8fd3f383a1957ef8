// The cross-check driver: agreement, each kind of puzzle, broken backends, limits, jobs and shards.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iterator>
#include <sstream>
#include <thread>

#include "sudokit/compare/compare.h"
#include "sudokit/compare/exit_codes.h"
#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/encoders/dlx_format.h"
#include "sudokit/registry.h"
#include "test_support.h"

using namespace sudokit;
using test::run_cli;

namespace {

// Test-only backends: the default backend with its answer spoiled, claiming no solution (a wrong answer
// whose arithmetic is right: only another backend can refute it), or refusing puzzles with a given
// in the first cell (as a backend that does not support some puzzles would).
class Broken final : public Solver {
 public:
  enum class Fault { wrong_digit, wrong_count, claims_none, refuses };
  explicit Broken(Fault fault) : fault_(fault) {}
  std::string_view name() const override { return "broken"; }
  Result search(const Grid& puzzle, const Limits& limits) override {
    if (fault_ == Fault::refuses && puzzle[0] != 0) throw UsageError("refuses: a given in r1c1 is not supported");
    Result r = builtin_solvers().create(test::fastest())->solve(puzzle, limits);
    if (fault_ == Fault::wrong_digit && !r.solutions.empty()) {
      Grid& g = r.solutions.front();
      for (int cell = 0; cell < g.cells(); ++cell)
        if (puzzle[cell] == 0) {
          g.set(cell, g[cell] % g.size() + 1);
          break;
        }
    }
    if (fault_ == Fault::wrong_count && r.status == Status::unique) r.status = Status::multiple, r.count = 2;
    if (fault_ == Fault::claims_none) r.status = Status::none, r.count = 0, r.solutions.clear();
    return r;
  }

 private:
  Fault fault_;
};

// A test-only exact-cover backend: the default one with its first solution spoiled (an option dropped), or
// its count off by one.
class BrokenCover final : public Solver {
 public:
  explicit BrokenCover(bool wrong_option) : wrong_option_(wrong_option) {}
  std::string_view name() const override { return "broken-xc"; }
  CoverResult search(const ExactCover& problem, const Limits& limits) override {
    CoverResult r = builtin_solvers().create(test::fastest(ProblemKind::exact_cover))->solve(problem, limits);
    if (wrong_option_ && !r.solutions.empty() && !r.solutions.front().empty()) r.solutions.front().pop_back();
    if (!wrong_option_ && r.status == Status::multiple) ++r.count;
    return r;
  }

 private:
  bool wrong_option_;
};

BackendInfo cover_only(std::string name) {
  BackendInfo i(std::move(name), "test only");
  i.sudoku = false;
  i.exact_cover = true;
  return i;
}

Registry with_broken() {
  Registry r = builtin_solvers();
  r.add(BackendInfo("wrong-digit", "test only"), [](const SolverOptions&) { return std::make_unique<Broken>(Broken::Fault::wrong_digit); });
  r.add(BackendInfo("wrong-count", "test only"), [](const SolverOptions&) { return std::make_unique<Broken>(Broken::Fault::wrong_count); });
  r.add(BackendInfo("claims-none", "test only"), [](const SolverOptions&) { return std::make_unique<Broken>(Broken::Fault::claims_none); });
  r.add(BackendInfo("refuses", "test only"), [](const SolverOptions&) { return std::make_unique<Broken>(Broken::Fault::refuses); });
  r.add(cover_only("wrong-option"), [](const SolverOptions&) { return std::make_unique<BrokenCover>(true); });
  r.add(cover_only("wrong-xc-count"), [](const SolverOptions&) { return std::make_unique<BrokenCover>(false); });
  return r;
}

std::vector<PuzzleInput> inputs(const std::vector<std::string>& lines) {
  std::vector<PuzzleInput> out;
  for (std::size_t i = 0; i < lines.size(); ++i) out.push_back({i + 1, "test", i + 1, read_one(lines[i])});
  return out;
}

CompareOptions options(std::vector<std::string> backends, std::uint64_t limit = 2) {
  CompareOptions o;
  o.backends = std::move(backends);
  o.limits.solutions = limit;
  return o;
}

// The first `n` registered backends taking `kind`, then `extra` (test-only ones).
std::vector<std::string> first_and(std::size_t n, std::vector<std::string> extra,
                                   ProblemKind kind = ProblemKind::sudoku) {
  std::vector<std::string> out = test::backends(kind);
  if (out.size() < n) throw std::runtime_error("fewer than " + std::to_string(n) + " backends registered");
  out.resize(n);
  out.insert(out.end(), extra.begin(), extra.end());
  return out;
}

// The slowest declared backend first, then up to `n` others: row-major backtracking, which kHard
// stops at its default budget, and searches that solve it.
std::vector<std::string> slowest_and(std::size_t n, int size = 9) {
  std::vector<std::string> out{test::slowest()};
  for (std::string& other : test::others(out.front(), n, ProblemKind::sudoku, size)) out.push_back(std::move(other));
  if (out.size() < n + 1) throw std::runtime_error("fewer than " + std::to_string(n) + " other backends take the grid");
  return out;
}

// A backend declaring a choice of -o values: its name and the first two (key, value) choices.
struct Choices {
  std::string backend;
  std::vector<std::pair<std::string, std::string>> choices;
};
Choices backend_with_choices(std::size_t keys) {
  const Registry registry = builtin_solvers();
  for (const std::string& name : registry.names(ProblemKind::sudoku)) {
    std::vector<std::pair<std::string, std::string>> firsts;
    for (const auto& choice : registry.info(name).option_choices())
      if (firsts.empty() || firsts.back().first != choice.first) firsts.push_back(choice);
    if (firsts.size() >= keys) return {name, registry.info(name).option_choices()};
  }
  throw std::runtime_error("no registered backend offers a choice of " + std::to_string(keys) + " options");
}

const char* kHard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const char* kEasy = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
const char* kColumnsForTest =
    "puzzle,source,line,shape,givens,backend,options,status,count,nodes,guesses,backtracks,propagations,time,"
    "counters,verdict";

}  // namespace

TEST(Compare, AllBackendsAgreeOnUniqueNoneAndMultiple) {
  const std::string none = "12345678." + std::string(27, '.') + "........9" + std::string(36, '.');
  const std::string several = ".643...5...5.4.76197.2...4.43..925.....65.4..25..8....6.97.....71...8..4.42.....8";
  std::ostringstream details;
  const CompareReport r = run_compare(builtin_solvers(), inputs({kHard, none, several, kEasy}), options({}), details);
  EXPECT_EQ(r.disagreements, 0u) << details.str();
  EXPECT_EQ(exit_code_for(r), kUnsolved);  // all agree, and one puzzle has no solution: README's table
  const std::size_t backends = builtin_solvers().names(ProblemKind::sudoku).size();
  ASSERT_EQ(r.rows.size(), 4 * backends);
  for (std::size_t b = 0; b < backends; ++b) {
    EXPECT_EQ(r.rows[b].status, "unique");
    EXPECT_EQ(r.rows[backends + b].status, "none");
    EXPECT_EQ(r.rows[2 * backends + b].status, "multiple");
    EXPECT_EQ(r.rows[2 * backends + b].count, 2u);
    EXPECT_EQ(r.rows[b].verdict, Verdict::agrees);
  }
}

TEST(Compare, ContradictoryGivensHaveNoSolutionEverywhere) {
  Grid g(Shape::make(3, 3));
  g.set(0, 7);
  g.set(80, 7);
  g.set(8, 7);  // r1c1 and r1c9
  std::ostringstream details;
  const CompareReport r = run_compare(builtin_solvers(), {{1, "test", 1, g}}, options({}), details);
  EXPECT_EQ(r.disagreements, 0u) << details.str();
  for (const Row& row : r.rows) EXPECT_EQ(row.status, "none") << row.backend;
  // On the command line the reader rejects them first, naming both cells.
  auto cli = run_cli("compare", "7.......7" + std::string(72, '.') + "\n" + kEasy + "\n");
  EXPECT_EQ(cli.exit_code, kBadInput);
  EXPECT_NE(cli.err.find("digit 7 is given twice in row 1: r1c1"), std::string::npos) << cli.err;
  EXPECT_NE(cli.out.find("2 puzzles, 0 with a disagreement, 1 unreadable"), std::string::npos) << cli.out;
  EXPECT_NE(cli.out.find("| backend |"), std::string::npos) << cli.out;
  // When no puzzle could be read, the count says so and no table of no rows follows.
  auto none = run_cli("compare", "7.......7" + std::string(72, '.') + "\n");
  EXPECT_EQ(none.exit_code, kBadInput);
  EXPECT_EQ(none.out, "1 puzzle, 0 with a disagreement, 1 unreadable\n");
}

TEST(Compare, AWrongDigitIsCaught) {
  std::ostringstream details;
  const CompareReport r = run_compare(with_broken(), inputs({kEasy, kHard}), options(first_and(2, {"wrong-digit"})), details);
  EXPECT_EQ(r.disagreements, 2u);
  EXPECT_EQ(exit_code_for(r), kDisagreement);
  EXPECT_EQ(r.rows[2].verdict, Verdict::invalid);
  EXPECT_EQ(r.rows[0].verdict, Verdict::agrees);
  const std::string text = details.str();
  EXPECT_NE(text.find("DISAGREEMENT on puzzle 1 (test, line 1): " + to_line(read_one(kEasy))), std::string::npos) << text;
  EXPECT_NE(text.find("wrong-digit gave a wrong answer: digit 5 twice in row 1: r1c1 and r1c8: 5839"), std::string::npos) << text;
  EXPECT_EQ(r.rows[2].status, "wrong");
}

TEST(Compare, ACountItsSolutionsContradictIsCaughtByTheVerifier) {
  std::ostringstream details;  // "multiple, 2 solutions" with one solution returned
  const CompareReport r = run_compare(with_broken(), inputs({kHard}), options(first_and(2, {"wrong-count"})), details);
  EXPECT_EQ(r.disagreements, 1u);
  EXPECT_EQ(exit_code_for(r), kDisagreement);
  EXPECT_EQ(r.rows[2].verdict, Verdict::invalid);
  EXPECT_EQ(r.rows[0].verdict, Verdict::agrees);
  EXPECT_NE(details.str().find("wrong-count gave a wrong answer: it counts 2 solutions but returns 1"), std::string::npos)
      << details.str();
}

TEST(Compare, AWrongNoSolutionIsOutvoted) {
  std::ostringstream details;  // "none" is consistent by itself: only the other backends refute it
  const CompareReport r = run_compare(with_broken(), inputs({kHard}), options(first_and(2, {"claims-none"})), details);
  EXPECT_EQ(r.disagreements, 1u);
  EXPECT_EQ(exit_code_for(r), kDisagreement);
  EXPECT_EQ(r.rows[2].verdict, Verdict::disagrees);
  EXPECT_EQ(r.rows[0].verdict, Verdict::agrees);  // two against one
  EXPECT_NE(details.str().find("claims-none: none, 0 solutions"), std::string::npos) << details.str();
}

TEST(Compare, ABackendThatThrowsIsReportedAndTheRunGoesOn) {
  std::ostringstream details;  // kHard has a given in r1c1, kEasy has not
  const CompareReport r = run_compare(with_broken(), inputs({kEasy, kHard, kEasy}), options(first_and(1, {"refuses"})), details);
  ASSERT_EQ(r.rows.size(), 6u);
  EXPECT_EQ(r.rows[1].verdict, Verdict::agrees);  // kEasy has no given in r1c1
  EXPECT_EQ(r.rows[3].status, "error");
  EXPECT_EQ(r.rows[3].verdict, Verdict::failed);
  EXPECT_EQ(r.rows[2].status, "unique");  // the other backend still solved it
  EXPECT_EQ(r.rows[5].verdict, Verdict::agrees);  // and the puzzle after it was run
  EXPECT_EQ(r.disagreements, 1u);
  EXPECT_EQ(exit_code_for(r), kDisagreement);
  EXPECT_NE(details.str().find("refuses failed: refuses: a given in r1c1 is not supported"), std::string::npos)
      << details.str();
}

TEST(Compare, ATimeoutStopsASlowBackendAndTheRunGoesOn) {
  // No solution, but row-major backtracking only learns so at the last cell (see test_backtrack).
  Grid hopeless(Shape::make(5, 5));
  for (int d = 1; d <= 12; ++d) hopeless.set(hopeless.shape().cell_at(24, d - 1), d);
  for (int d = 13; d <= 24; ++d) hopeless.set(hopeless.shape().cell_at(d - 13, 24), d);
  hopeless.set(hopeless.shape().cell_at(23, 20), 25);
  CompareOptions o = options(slowest_and(2, 25));
  o.limits.max_seconds = 0.2;
  std::ostringstream details;
  const CompareReport r = run_compare(builtin_solvers(), {{1, "t", 1, hopeless}, {2, "t", 2, read_one(kEasy)}}, o, details);
  EXPECT_EQ(r.disagreements, 0u) << details.str();
  EXPECT_EQ(r.rows[0].status, "stopped");
  EXPECT_EQ(r.rows[0].verdict, Verdict::timeout);  // the clock stopped it, not a work budget
  EXPECT_EQ(r.rows[1].status, "none");
  EXPECT_EQ(r.rows[2].status, "none");
  EXPECT_EQ(r.rows[3].status, "unique");  // the next puzzle still ran
}

// A work budget stops a search at the same node on every run, and is told apart from the clock.
TEST(Compare, AWorkBudgetStopsAtTheSameNodeEveryTime) {
  const std::string slow = test::slowest();
  CompareOptions o = options({slow, test::fastest()});
  o.limits.max_nodes = 1000;
  o.limits.max_seconds = 1e6;  // a safety net that is never reached
  std::ostringstream details;
  const CompareReport a = run_compare(builtin_solvers(), inputs({kHard}), o, details);
  const CompareReport b = run_compare(builtin_solvers(), inputs({kHard}), o, details);
  ASSERT_EQ(a.rows.size(), 2u);
  EXPECT_EQ(a.rows[0].status, "stopped");  // row-major backtracking needs millions of nodes here
  EXPECT_EQ(a.rows[0].verdict, Verdict::stopped);
  EXPECT_LE(a.rows[0].nodes, 1000u);
  EXPECT_EQ(a.rows[0].nodes, b.rows[0].nodes);
  EXPECT_EQ(a.rows[0].backtracks, b.rows[0].backtracks);
  EXPECT_EQ(a.rows[1].status, b.rows[1].status);
  EXPECT_EQ(a.rows[1].nodes, b.rows[1].nodes);
  std::ostringstream summary;
  write_summary(summary, a.rows);
  EXPECT_NE(summary.str().find("| stopped | timeout |"), std::string::npos) << summary.str();
  EXPECT_NE(summary.str().find("| " + slow + " | 1 | 0 | 0 | 0 | 0 | 1 | 0 |"), std::string::npos) << summary.str();
}

// A stopped row of a backend that searches a tree says how big the tree looks (the online
// estimate: at least the nodes searched, with the share searched below 1), the same in every
// run; a finished row and a backend that searches no tree say nothing; the CSV and JSON carry it
// (none as an empty field and null), and --no-estimates turns it off.
TEST(Compare, AStoppedRowEstimatesItsWholeTree) {
  const Registry registry = builtin_solvers();
  const std::string slow = test::slowest();
  ASSERT_TRUE(registry.info(slow).probes) << slow;
  std::vector<std::string> backends{slow};
  for (const std::string& name : registry.names(ProblemKind::sudoku))
    if (!registry.info(name).probes && registry.info(name).takes(read_one(kHard).shape())) {
      backends.push_back(name);
      break;
    }
  ASSERT_EQ(backends.size(), 2u) << "a backend that searches no tree it can estimate";
  CompareOptions o = options(backends);
  o.limits.max_nodes = 1000;
  std::ostringstream details;
  const CompareReport a = run_compare(registry, inputs({kHard, kEasy}), o, details);
  ASSERT_EQ(a.rows.size(), 4u);
  const Row& stopped = a.rows[0];
  ASSERT_EQ(stopped.verdict, Verdict::stopped);
  ASSERT_TRUE(stopped.estimated_nodes.has_value());
  EXPECT_GT(*stopped.estimated_nodes, static_cast<double>(stopped.nodes));  // millions, in fact
  ASSERT_TRUE(stopped.searched_fraction.has_value());
  EXPECT_GT(*stopped.searched_fraction, 0);
  EXPECT_LT(*stopped.searched_fraction, 1);
  EXPECT_EQ(run_compare(registry, inputs({kHard}), o, details).rows[0].estimated_nodes, stopped.estimated_nodes);
  EXPECT_FALSE(a.rows[1].estimated_nodes.has_value());  // no tree to estimate
  EXPECT_FALSE(a.rows[2].estimated_nodes.has_value());  // an easy puzzle: the search ended
  EXPECT_EQ(a.rows[2].verdict, Verdict::agrees);

  std::stringstream csv;
  write_csv(csv, a.rows);
  const auto back = read_csv(csv, "rows.csv");
  ASSERT_EQ(back.size(), a.rows.size());
  EXPECT_NEAR(*back[0].estimated_nodes / *stopped.estimated_nodes, 1, 1e-5);  // 6 significant digits
  EXPECT_NEAR(*back[0].searched_fraction / *stopped.searched_fraction, 1, 1e-5);
  EXPECT_FALSE(back[1].estimated_nodes.has_value());
  std::ostringstream json;
  write_json(json, a.rows);
  EXPECT_NE(json.str().find("\"estimated_nodes\": null"), std::string::npos) << json.str();
  const auto at = json.str().find("\"estimated_nodes\": ");
  ASSERT_NE(at, std::string::npos) << json.str();
  EXPECT_NEAR(std::stod(json.str().substr(at + 19)) / *stopped.estimated_nodes, 1, 1e-5) << json.str();
  std::istringstream negative(csv.str().substr(0, csv.str().find('\n')) + "\n" +
                              "1,a.txt,1,3x3,30,x,,stopped,0,1000,0,0,0,0.1,,stopped,0.1,classic,,-5,0.1\n");
  EXPECT_THROW(read_csv(negative, "bad.csv"), InputError);
  std::istringstream over_one(csv.str().substr(0, csv.str().find('\n')) + "\n" +
                              "1,a.txt,1,3x3,30,x,,stopped,0,1000,0,0,0,0.1,,stopped,0.1,classic,,5000,1.5\n");
  EXPECT_THROW(read_csv(over_one, "bad.csv"), InputError);  // a share of a tree is at most 1
  // A file written before the estimate columns (19 fields) reads back with none.
  std::istringstream older("1,a.txt,1,3x3,30,x,,stopped,0,1000,0,0,0,0.1,,stopped,0.1,classic,\n");
  const auto old_rows = read_csv(older, "old.csv");
  ASSERT_EQ(old_rows.size(), 1u);
  EXPECT_FALSE(old_rows[0].estimated_nodes.has_value());
  EXPECT_EQ(old_rows[0].rules, "classic");
  std::istringstream twenty("1,a.txt,1,3x3,30,x,,stopped,0,1000,0,0,0,0.1,,stopped,0.1,classic,,5000\n");
  EXPECT_THROW(read_csv(twenty, "bad.csv"), InputError);  // the two columns came together

  o.estimates = false;
  EXPECT_FALSE(run_compare(registry, inputs({kHard}), o, details).rows[0].estimated_nodes.has_value());
  const auto cli = run_cli("compare --no-estimates --max-nodes 1000 --solvers " + slow + " --csv -", std::string(kHard) + "\n");
  EXPECT_EQ(cli.exit_code, kUnsolved) << cli.err;  // stopped
  const auto row = cli.out.find("\n1,stdin,");
  ASSERT_NE(row, std::string::npos) << cli.out;
  const std::string line = cli.out.substr(row + 1, cli.out.find('\n', row + 1) - row - 1);
  EXPECT_EQ(line.substr(line.size() - 2), ",,") << line;  // no estimate
}

// With default_budgets, each backend runs under the budget it declares, in its own unit, and the
// notes say which backends it stopped and how to lift it.
TEST(Compare, DefaultBudgetsAreEachBackendsOwn) {
  const Registry registry = builtin_solvers();
  CompareOptions o = options(slowest_and(3));
  const std::string& slow = o.backends.front();
  o.default_budgets = 1;
  std::ostringstream details;
  const CompareReport r = run_compare(registry, inputs({kHard}), o, details);
  const std::size_t n = o.backends.size();
  ASSERT_EQ(r.budgets.size(), n);
  for (std::size_t b = 0; b < n; ++b) {
    const BackendInfo info = registry.info(o.backends[b]);
    EXPECT_GT(info.default_budget, 0u) << info.name;
    EXPECT_EQ(r.budgets[b].nodes, info.default_budget) << info.name;
    EXPECT_EQ(r.budgets[b].unit, info.node_unit) << info.name;
    const Row& row = r.rows[b];
    const std::uint64_t used = info.node_unit == "nodes" ? row.nodes : row.backtracks;  // conflicts
    if (row.status == "stopped") { EXPECT_GE(used + 2, info.default_budget) << info.name; }  // a SAT library may end 1-2 past
  }
  // Row-major backtracking needs more than its default budget on this puzzle; the others do not.
  EXPECT_EQ(r.rows[0].verdict, Verdict::stopped);
  for (std::size_t b = 1; b < n; ++b) EXPECT_EQ(r.rows[b].status, "unique") << o.backends[b];
  std::ostringstream notes;
  write_budget_notes(notes, r);
  EXPECT_EQ(notes.str(), slow + ": 1 puzzle stopped at the default budget of " +
                             std::to_string(registry.info(slow).default_budget) +
                             " nodes per puzzle; use --max-nodes N, or Kx for K times each default (0: no limit)\n");

  o.default_budgets = 0.5;
  const CompareReport half = run_compare(registry, inputs({kHard}), o, details);
  EXPECT_EQ(half.budgets[0].nodes, registry.info(slow).default_budget / 2);
  EXPECT_LE(half.rows[0].nodes, registry.info(slow).default_budget / 2);
}

TEST(CompareCli, MaxNodesTakesANumberOrAMultipleOfTheDefaults) {
  const std::string slow = test::slowest(), fast = test::fastest();
  const auto def = run_cli("compare --solvers " + slow + "," + fast, std::string(kHard) + "\n");
  EXPECT_EQ(def.exit_code, kUnsolved) << def.err;  // a search stopped: README's exit-code table
  EXPECT_NE(def.out.find(slow + ": 1 puzzle stopped at the default budget"), std::string::npos) << def.out;
  const auto none = run_cli("compare --solvers " + fast + " --max-nodes 0", std::string(kHard) + "\n");
  EXPECT_EQ(none.exit_code, 0) << none.err;
  EXPECT_EQ(none.out.find("default budget"), std::string::npos) << none.out;
  const auto twice = run_cli("compare --solvers " + slow + " --max-nodes 2x", std::string(kHard) + "\n");
  EXPECT_NE(twice.out.find("stopped at 2x its default budget of " +
                           std::to_string(2 * builtin_solvers().info(slow).default_budget)),
            std::string::npos)
      << twice.out;
  for (const char* bad : {"x", "-2x", "0x", "1e3", "12y", "nanx"})
    EXPECT_EQ(run_cli("compare --solvers " + fast + " --max-nodes " + bad, std::string(kEasy) + "\n").exit_code,
              kUsage)
        << bad;
}

// NAME:KEY=VALUE is a backend under an option; its row's options column says the settings in effect.
TEST(Compare, BackendSpecsCarryOptions) {
  const Choices b = backend_with_choices(1);
  const auto& [key, first] = b.choices.front();
  const std::string second = b.choices[1].second;  // a choice offers two values at least
  const std::string one = b.backend + ":" + key + "=" + first, two = b.backend + ":" + key + "=" + second;
  std::ostringstream details;
  const CompareReport r = run_compare(builtin_solvers(), inputs({kHard}), options({one, two}), details);
  ASSERT_EQ(r.rows.size(), 2u);
  EXPECT_EQ(r.rows[0].backend, one);
  // The settings in effect, as the backend itself states them (Solver::options).
  for (std::size_t i = 0; i < 2; ++i) {
    SolverOptions set;
    set.set(key, i == 0 ? first : second);
    EXPECT_EQ(r.rows[i].options, builtin_solvers().create(b.backend, set)->options()) << i;
  }
  EXPECT_NE(r.rows[1].options.find(key + "=" + second), std::string::npos) << r.rows[1].options;
  EXPECT_EQ(r.disagreements, 0u);
  EXPECT_THROW(run_compare(builtin_solvers(), inputs({kHard}), options({b.backend + ":colour=red"}), details), UsageError);
}

TEST(Compare, CsvRoundTripsAndJsonIsWritten) {
  std::ostringstream details;
  const CompareReport r = run_compare(builtin_solvers(), inputs({kHard, kEasy}), options({}), details);
  std::stringstream csv;
  write_csv(csv, r.rows);
  const auto back = read_csv(csv, "rows.csv");
  ASSERT_EQ(back.size(), r.rows.size());
  for (std::size_t i = 0; i < back.size(); ++i) {
    EXPECT_EQ(back[i].backend, r.rows[i].backend);
    EXPECT_EQ(back[i].options, r.rows[i].options);
    EXPECT_EQ(back[i].nodes, r.rows[i].nodes);
    EXPECT_EQ(back[i].counters, r.rows[i].counters);
  }
  std::ostringstream json;
  write_json(json, r.rows);
  EXPECT_NE(json.str().find("\"counters\": {\"naked_singles\": "), std::string::npos) << json.str().substr(0, 600);
}

// Through the command line: --jobs does not change the rows, and three shards merged by
// `sudokit report` give the totals of one run.
TEST(CompareCli, JobsAndShardsGiveTheSameRows) {
  std::string input;
  for (const char* p : {kHard, kEasy, "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
                        "004300209005009001070060043006002087190007400050083000600000105003508690042910300",
                        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."})
    input += std::string(p) + "\n";
  const test::ScratchDir scratch;
  const std::string& dir = scratch.path();
  const std::string file = dir + "sudokit_compare_in.txt";
  std::ofstream(file) << input;
  auto strip_time = [](const std::string& path) {
    std::ifstream in(path);
    std::vector<Row> rows = read_csv(in, path);
    for (Row& r : rows) r.time = r.cpu_time = 0;
    std::ostringstream out;
    write_csv(out, rows);
    return out.str();
  };
  const auto one = run_cli("compare --jobs 1 --csv " + dir + "j1.csv " + file);
  const auto two = run_cli("compare --jobs 2 --csv " + dir + "j2.csv " + file);
  // kHard stops the slowest backend at its default budget: exit 1, whatever --jobs is.
  ASSERT_EQ(one.exit_code, kUnsolved) << one.err;
  ASSERT_EQ(two.exit_code, kUnsolved) << two.err;
  EXPECT_EQ(strip_time(dir + "j1.csv"), strip_time(dir + "j2.csv"));
  EXPECT_NE(one.out.find("5 puzzles, 0 with a disagreement"), std::string::npos) << one.out;

  for (int k = 1; k <= 3; ++k)
    ASSERT_LE(run_cli("compare --shard " + std::to_string(k) + "/3 --csv " + dir + "s" + std::to_string(k) + ".csv " + file).exit_code, kUnsolved);
  const auto merged = run_cli("report " + dir + "s1.csv " + dir + "s2.csv " + dir + "s3.csv");
  const auto whole = run_cli("report " + dir + "j1.csv");
  ASSERT_EQ(merged.exit_code, kUnsolved) << merged.err;  // report reads the same rule off the rows
  // Everything but the time columns: puzzles, statuses, nodes, disagreements.
  auto without_times = [](const std::string& table) {
    std::istringstream in(table);
    std::string out, line;
    while (std::getline(in, line)) {
      std::vector<std::string> cells;
      std::stringstream s(line);
      for (std::string c; std::getline(s, c, '|');) cells.push_back(c);
      if (cells.size() > 15) cells.erase(cells.begin() + 12, cells.begin() + 16);  // the time and rate columns
      for (const auto& c : cells) out += c + "|";
      out += "\n";
    }
    return out;
  };
  EXPECT_EQ(without_times(merged.out), without_times(whole.out));
  EXPECT_NE(merged.out.find("5 puzzles, 0 with a disagreement"), std::string::npos);
}

TEST(Compare, CsvFieldsMayHoldLineBreaksButAnOpenQuoteIsAnError) {
  std::ostringstream details;
  CompareReport r = run_compare(builtin_solvers(), inputs({kEasy}), options({test::fastest()}), details);
  r.rows[0].source = "two\nlines, \"quoted\"";
  std::stringstream csv;
  write_csv(csv, r.rows);
  const auto back = read_csv(csv, "rows.csv");
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].source, r.rows[0].source);

  // The second row's quote opens at column 3 of line 3 and is never closed.
  std::istringstream open_quote(std::string(kColumnsForTest) + "\n" +
                                "1,a.txt,1,3x3,30,some-solver,,unique,1,1,0,0,0,0.1,,agrees\n"
                                "2,\"b.txt,2,3x3,30,some-solver,,unique,1,1,0,0,0,0.1,,agrees\n"
                                "3,c.txt,3,3x3,30,some-solver,,unique,1,1,0,0,0,0.1,,agrees\n");
  try {
    read_csv(open_quote, "shard.csv");
    ADD_FAILURE() << "an unterminated quote was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.source(), "shard.csv");
    EXPECT_EQ(e.line(), 3u);
    EXPECT_EQ(e.column(), 3u);
    EXPECT_NE(std::string(e.what()).find("never closed"), std::string::npos) << e.what();
  }
}

// A verdict word compare never writes (check's words among them) is an error naming its column.
TEST(Compare, CsvVerdictsAreComparesWords) {
  for (const char* word : {"correct", "agree", "AGREES"}) {
    std::istringstream in(std::string(kColumnsForTest) + "\n1,a.txt,1,3x3,30,some-solver,,unique,1,1,0,0,0,0.1,," + word + "\n");
    EXPECT_THROW(read_csv(in, "bad.csv"), InputError) << word;
  }
  for (const char* word : {"agrees", "skipped", ""}) {
    std::istringstream in(std::string(kColumnsForTest) + "\n1,a.txt,1,3x3,30,some-solver,,unique,1,1,0,0,0,0.1,," + word + "\n");
    EXPECT_EQ(read_csv(in, "good.csv").size(), 1u) << word;
  }
}

// fuzz_csv, finding 3 of docs/fuzzing.md: write_csv wrote shape, status and verdict unquoted, so a
// comma, quote or line break in one of them broke the row (17 fields read back as 18 or more). The
// verdict is a Verdict now, one of a fixed set of words, and holds no such character.
TEST(Compare, CsvQuotesEveryTextColumn) {
  std::istringstream in(std::string(kColumnsForTest) + "\n1,a.txt,1,\"3,3\",30,some-solver,,unique,1,1,0,0,0,0.1,,agrees\n");
  std::vector<Row> rows = read_csv(in, "fuzz.csv");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].shape, "3,3");
  rows[0].status = "un\"ique";
  std::stringstream once;
  write_csv(once, rows);
  const std::vector<Row> back = read_csv(once, "once.csv");
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].shape, "3,3");
  EXPECT_EQ(back[0].status, "un\"ique");
  EXPECT_EQ(back[0].verdict, Verdict::agrees);
  EXPECT_EQ(back[0].count, 1u);
}

// fuzz_csv, finding 5: read_csv dropped a CR that ended a physical line inside a quoted field, so
// the field "\r\r\n" read as "\r\n", then as "\n". A CRLF file's own line ends are still dropped.
TEST(Compare, CsvKeepsACarriageReturnInQuotesAndDropsCrlfLineEnds) {
  const std::string row = "2,\"\r\r\n\",1,23,2,k,,,0,1,0,0,0,0,,";  // the minimised input, 16 fields
  std::istringstream in(std::string(kColumnsForTest) + "\n" + row + "\n");
  const std::vector<Row> rows = read_csv(in, "fuzz.csv");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].source, "\r\r\n");
  std::stringstream once;
  write_csv(once, rows);
  const std::vector<Row> back = read_csv(once, "once.csv");
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].source, "\r\r\n");
  EXPECT_EQ(back[0].givens, 2);

  // A field holding only a CR is quoted, and read back as a CR.
  std::vector<Row> cr = back;
  cr[0].source = "a\r";
  std::stringstream written;
  write_csv(written, cr);
  EXPECT_NE(written.str().find(",\"a\r\","), std::string::npos) << written.str();
  EXPECT_EQ(read_csv(written, "cr.csv").at(0).source, "a\r");

  // The same rows with CRLF line ends (one field holding a line break) read as with LF.
  std::vector<Row> two = back;
  two[0].source = "two\nlines";
  two.push_back(back[0]);
  two[1].source = "b.txt";
  std::stringstream lf;
  write_csv(lf, two);
  std::string crlf;
  for (char c : lf.str()) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  std::istringstream crlf_in(crlf + "\r\n");  // and a blank last line
  const std::vector<Row> from_crlf = read_csv(crlf_in, "crlf.csv");
  ASSERT_EQ(from_crlf.size(), 2u);
  EXPECT_EQ(from_crlf[0].source, "two\r\nlines");  // inside quotes, the CR is the field's
  EXPECT_EQ(from_crlf[1].source, "b.txt");
  EXPECT_EQ(from_crlf[1].verdict, back[0].verdict);
  EXPECT_EQ(from_crlf[1].cpu_time, back[0].cpu_time);
}

// finding 4: the number fields took more than compare writes: "-1" as 2^64-1, "1x" as 1, " 7" as 7.
// Each is now an InputError naming the column; what compare writes still reads.
TEST(Compare, CsvNumberFieldsAreWholeNumbersOrTimesAndNothingElse) {
  const std::vector<std::string> good = {"1", "a.txt", "1", "3x3", "30", "some-solver", "", "unique", "1", "1", "0", "0",
                                         "0", "0.1", "", "agrees", "0.05"};
  auto row_with = [&](std::size_t column, const std::string& value) {
    std::vector<std::string> f = good;
    f[column] = value;
    std::string text = std::string(kColumnsForTest) + ",cpu_time\n";
    for (std::size_t i = 0; i < f.size(); ++i) text += (i ? "," : "") + f[i];
    return text + "\n";
  };
  {
    std::istringstream in(row_with(8, "18446744073709551615"));
    const auto rows = read_csv(in, "ok.csv");
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].count, 18446744073709551615u);
    EXPECT_EQ(rows[0].cpu_time, 0.05);
  }
  const std::vector<std::pair<std::size_t, std::string>> bad = {
      {0, "-1"}, {0, "1x"}, {0, ""}, {0, "+1"}, {0, " 1"}, {2, "0x10"}, {4, "30z"}, {4, "-3"},
      {4, "2147483648"}, {8, "-1"}, {8, "18446744073709551616"}, {9, "1.5"}, {12, "1e3"},
      {13, "nan"}, {13, "inf"}, {13, "-0.1"}, {13, "0.1s"}, {13, " 0.1"}, {13, "1e400"}, {16, "+0.1"}};
  for (const auto& [column, value] : bad) {
    std::istringstream in(row_with(column, value));
    try {
      read_csv(in, "bad.csv");
      ADD_FAILURE() << "column " << column << " = '" << value << "' was read as a number";
    } catch (const InputError& e) {
      EXPECT_EQ(e.line(), 2u);
      const std::string name = std::string(kColumnsForTest) + ",cpu_time,";
      std::size_t at = 0;
      for (std::size_t i = 0; i < column; ++i) at = name.find(',', at) + 1;
      const std::string column_name = name.substr(at, name.find(',', at) - at);
      EXPECT_NE(e.detail().find(column_name + " is not"), std::string::npos) << e.what();
      EXPECT_NE(e.detail().find("'" + value + "'"), std::string::npos) << e.what();
    }
  }
}

TEST(CompareCli, ReportRefusesUnterminatedQuotesAndRepeatedRows) {
  const std::string dir = ::testing::TempDir(), in = dir + "sudokit_report_in.txt";
  std::ofstream(in) << kEasy << "\n" << kHard << "\n";
  const std::string a = dir + "sudokit_report_a.csv", b = dir + "sudokit_report_b.csv";
  const std::vector<std::string> quick = test::others(test::slowest(), 2);  // both solve kHard at once
  const std::string fast = quick.front(), solvers = test::joined(quick);
  ASSERT_EQ(run_cli("compare --solvers " + solvers + " --shard 1/2 --csv " + a + " " + in).exit_code, 0);
  ASSERT_EQ(run_cli("compare --solvers " + solvers + " --shard 2/2 --csv " + b + " " + in).exit_code, 0);
  const auto both = run_cli("report " + a + " " + b);
  EXPECT_EQ(both.exit_code, 0) << both.err;
  EXPECT_NE(both.out.find("2 puzzles, 0 with a disagreement"), std::string::npos) << both.out;

  // The same shard twice would count its puzzle twice: an error naming both files.
  const auto twice = run_cli("report " + a + " " + b + " " + a);
  EXPECT_EQ(twice.exit_code, kBadInput);
  EXPECT_NE(twice.err.find(a + " repeats the row of puzzle 1 (" + in + ", line 1) for " + fast + " that " + a + " already has"),
            std::string::npos) << twice.err;
  EXPECT_NE(twice.err.find("2 repeated rows"), std::string::npos) << twice.err;
  EXPECT_EQ(twice.out, "");

  std::ofstream(b, std::ios::app) << "3,\"x.txt,3,3x3,30,some-solver,,unique,1,1,0,0,0,0.1,,agrees\n";
  const auto quote = run_cli("report " + a + " " + b);
  EXPECT_EQ(quote.exit_code, kBadInput);
  EXPECT_NE(quote.err.find(b + ": line 4, column 3: this quoted field is never closed"), std::string::npos) << quote.err;

  // A count that compare never writes is not read as some other number (fuzzing finding 4).
  std::ofstream(b) << kColumnsForTest << "\n2,x.txt,2,3x3,30,some-solver,,unique,-1,1,0,0,0,0.1,,agrees\n";
  const auto negative = run_cli("report " + b);
  EXPECT_EQ(negative.exit_code, kBadInput);
  EXPECT_NE(negative.err.find(b + ": line 2, column 1: count is not a whole number of 0 or more: '-1'"), std::string::npos)
      << negative.err;
  EXPECT_EQ(negative.out, "");

  // A shard cut short to nothing, or to its header, is not a run that found nothing wrong.
  std::ofstream(b) << kColumnsForTest << "\n";
  const auto header_only = run_cli("report " + a + " " + b);
  EXPECT_EQ(header_only.exit_code, kBadInput) << header_only.out;
  EXPECT_NE(header_only.err.find(b + ": no rows"), std::string::npos) << header_only.err;
  std::ofstream(b).flush();
  EXPECT_EQ(run_cli("report " + b).exit_code, kBadInput);
  EXPECT_EQ(run_cli("report", "").exit_code, kBadInput);  // stdin, with nothing on it

  const auto directory = run_cli("report " + dir);
  EXPECT_EQ(directory.exit_code, kIoError);
  EXPECT_NE(directory.err.find("cannot read " + dir), std::string::npos) << directory.err;
}

// Ctrl-C (or SIGTERM) during a long compare: the puzzles done so far are written as well-formed
// CSV and JSON, the summary is printed, and the exit code is 128 + the signal.
TEST(CompareCli, AnInterruptedRunWritesWhatItDid) {
  const std::string dir = ::testing::TempDir(), in = dir + "sudokit_interrupt_in.txt";
  {
    std::ofstream out(in);
    for (int i = 0; i < 3; ++i) out << kEasy << "\n";
    for (int i = 0; i < 200; ++i) out << kHard << "\n";  // 0.2 s each for the slowest, 20 s in all
  }
  const std::string slow = test::slowest(), solvers = slow + "," + test::fastest();
  for (int signal : {SIGINT, SIGTERM}) {
    SCOPED_TRACE(signal == SIGINT ? "SIGINT" : "SIGTERM");
    const std::string csv = dir + "sudokit_interrupt.csv", json = dir + "sudokit_interrupt.json",
                      out = dir + "sudokit_interrupt.out";
    std::remove(csv.c_str());
    std::remove(json.c_str());
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      const int fd = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      dup2(fd, 1);
      // --max-nodes 0: no budget, so that the slowest works on every puzzle until the signal.
      execl(SUDOKIT_EXE, SUDOKIT_EXE, "compare", "--solvers", solvers.c_str(), "--count", "1", "--max-nodes", "0", "--jobs", "2", "--csv", csv.c_str(),
            "--json", json.c_str(), in.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    // Wait until the handler is installed (the SigCgt mask in /proc), then let some work happen.
    auto catches = [&] {
      std::ifstream status("/proc/" + std::to_string(pid) + "/status");
      for (std::string line; std::getline(status, line);)
        if (line.rfind("SigCgt:", 0) == 0) return (std::stoull(line.substr(7), nullptr, 16) >> (signal - 1)) & 1;
      return 0ull;
    };
    for (int i = 0; i < 1000 && !catches(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    ASSERT_EQ(kill(pid, signal), 0);
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
    EXPECT_EQ(WEXITSTATUS(status), 128 + signal);

    std::ifstream csv_in(csv);
    const std::vector<Row> rows = read_csv(csv_in, csv);  // throws if it is cut off mid-row
    EXPECT_EQ(rows.size() % 2, 0u);
    EXPECT_LT(rows.size(), 2u * 203);  // stopped early
    for (const Row& r : rows) EXPECT_EQ(r.verdict, Verdict::agrees);
    std::ifstream json_in(json), out_in(out);
    const std::string json_text((std::istreambuf_iterator<char>(json_in)), {});
    const std::string summary((std::istreambuf_iterator<char>(out_in)), {});
    ASSERT_FALSE(json_text.empty());
    EXPECT_EQ(json_text.substr(json_text.size() - 2), "]\n");
    EXPECT_EQ(std::count(json_text.begin(), json_text.end(), '{'), std::count(json_text.begin(), json_text.end(), '}'));
    EXPECT_EQ(static_cast<std::size_t>(std::count(json_text.begin(), json_text.end(), '\n')), rows.size() + 2);
    EXPECT_NE(summary.find(std::to_string(rows.size() / 2) + " puzzles, 0 with a disagreement"), std::string::npos)
        << summary;
    EXPECT_NE(summary.find("| " + slow + " |"), std::string::npos) << summary;
  }
}

// Ctrl-C while the puzzles are still being read (a slow pipe): the CSV file, made before the
// reading, holds its header at once, so even a second Ctrl-C (which ends the program) leaves a
// file that `report` reads; after the first, nothing is run and the exit code is 130.
TEST(CompareCli, AnInterruptedLoadLeavesACsvWithItsHeader) {
  const test::ScratchDir dir;
  const std::string csv = dir.path() + "load.csv";
  int feed[2];
  ASSERT_EQ(pipe(feed), 0);
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    dup2(feed[0], 0);
    close(feed[1]);
    const int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(null, 2);
    execl(SUDOKIT_EXE, SUDOKIT_EXE, "compare", "--csv", csv.c_str(), "-", static_cast<char*>(nullptr));
    _exit(127);
  }
  close(feed[0]);
  const std::string first = std::string(kEasy) + "\n";
  ASSERT_EQ(write(feed[1], first.data(), first.size()), static_cast<ssize_t>(first.size()));
  // The header is there while compare still waits for more puzzles.
  std::string header;
  for (int i = 0; i < 500 && header.empty(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    std::ifstream in(csv);
    std::getline(in, header);
  }
  EXPECT_EQ(header.rfind("puzzle,source,line,", 0), 0u) << header;
  ASSERT_EQ(kill(pid, SIGINT), 0);
  close(feed[1]);  // the reader then sees the end of its input
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130);
  std::ifstream in(csv);
  EXPECT_EQ(read_csv(in, csv).size(), 0u);  // well-formed, and no puzzle was run
}

// A file's kind comes from its first line: a pretty grid's frame or row ("*---*", "|...|",
// "+---+") and a "Grid 01" title start puzzles, a '|' line with words a DLX comment.
TEST(CompareCli, PrettyGridsAndTitledGridsAreSudokuAndDlxCommentsAreNot) {
  const test::ScratchDir dir;
  std::string simple = "*-----------*\n", forum = "+-------+-------+-------+\n", titled = "Grid 01\n";
  for (std::size_t r = 0; r < 9; ++r) {
    const std::string chars = std::string(kEasy).substr(r * 9, 9);
    simple += "|" + chars.substr(0, 3) + "|" + chars.substr(3, 3) + "|" + chars.substr(6, 3) + "|\n";
    std::string spaced;
    for (std::size_t c = 0; c < 9; ++c) spaced += std::string(c % 3 == 0 ? "| " : "") + chars[c] + " ";
    forum += spaced + "|\n";
    titled += chars + "\n";
    if (r == 2 || r == 5) simple += "|---+---+---|\n", forum += "+-------+-------+-------+\n";
  }
  simple += "*-----------*\n", forum += "+-------+-------+-------+\n";
  for (const auto& [name, text] : {std::pair{"simple.ss", simple}, {"forum.txt", forum}, {"p096.txt", titled}}) {
    std::ofstream(dir.path() + name) << text;
    const auto r = run_cli("compare " + dir.path() + name);
    EXPECT_EQ(r.exit_code, 0) << name << "\n" << r.out << r.err;
    EXPECT_NE(r.out.find("1 puzzle, 0 with a disagreement"), std::string::npos) << name << "\n" << r.out << r.err;
  }
  std::ofstream(dir.path() + "commented") << "| four items, two options\na b c d\na b\nc d\n";
  const auto xc = run_cli("compare " + dir.path() + "commented");
  EXPECT_EQ(xc.exit_code, 0) << xc.out << xc.err;
  EXPECT_NE(xc.out.find("1 problem, 0 with a disagreement"), std::string::npos) << xc.out << xc.err;
}

// Two ways of getting a problem's kind wrong, each named: files of both kinds in one run, and one
// backend setting twice (whose rows would count every puzzle twice, and which report refuses).
TEST(CompareCli, RefusesMixedKindsAndRepeatedBackendsNamingThem) {
  const test::ScratchDir dir;
  std::ofstream(dir.path() + "a.dlx") << "a b\na\nb\n";
  std::ofstream(dir.path() + "b.txt") << kEasy << "\n";
  const auto mixed = run_cli("compare " + dir.path() + "a.dlx " + dir.path() + "b.txt");
  EXPECT_EQ(mixed.exit_code, 3);
  EXPECT_NE(mixed.err.find(dir.path() + "a.dlx holds an exact-cover problem (DLX format), " + dir.path() +
                           "b.txt Sudoku puzzles"),
            std::string::npos)
      << mixed.err;
  const std::string fast = test::fastest();
  const auto twice = run_cli("compare --solvers " + test::joined({fast, test::others(fast, 1).front(), fast}) + " " + dir.path() + "b.txt");
  EXPECT_EQ(twice.exit_code, 3);
  EXPECT_NE(twice.err.find("'" + fast + "' names the same backend and settings as '" + fast + "'"), std::string::npos) << twice.err;
  // Two options given in either order are the same settings.
  const Choices b = backend_with_choices(2);
  const auto k1 = b.choices.front(), k2 = *std::find_if(b.choices.begin(), b.choices.end(), [&](const auto& c) { return c.first != k1.first; });
  const std::string a1 = k1.first + "=" + k1.second, a2 = k2.first + "=" + k2.second;
  const auto reordered = run_cli("compare --solvers " + b.backend + ":" + a1 + ":" + a2 + "," + b.backend + ":" + a2 + ":" + a1 + " " +
                                 dir.path() + "b.txt");
  EXPECT_EQ(reordered.exit_code, 3) << reordered.err;
  // The same backend under two settings is two columns.
  const auto last = *std::find_if(b.choices.rbegin(), b.choices.rend(), [&](const auto& c) { return c.first == k1.first; });
  const std::string other_value = last.first + "=" + last.second;  // the first and the last differ
  EXPECT_EQ(run_cli("compare --solvers " + b.backend + "," + b.backend + ":" + other_value + " " + dir.path() + "b.txt").exit_code, 0);
  // A negative count is refused alike in either spelling.
  const auto spaced = run_cli("compare --count -1 " + dir.path() + "b.txt"), joined = run_cli("compare --count=-1 " + dir.path() + "b.txt");
  EXPECT_EQ(spaced.exit_code, 3);
  EXPECT_EQ(spaced.err, joined.err);
  EXPECT_NE(spaced.err.find("--count must not be negative, got '-1'"), std::string::npos) << spaced.err;
  // A count mistyped as a word that names no file is a usage error naming it, not a missing file;
  // a file after a bare --count is still a file (every solution).
  const auto word = run_cli("solve --count abc " + dir.path() + "b.txt");
  EXPECT_EQ(word.exit_code, 3) << word.err;
  EXPECT_NE(word.err.find("--count takes a number (alone: every solution); 'abc' is no number"), std::string::npos) << word.err;
  EXPECT_EQ(run_cli("solve --count " + dir.path() + "b.txt").exit_code, 0);
}

namespace sudokit {

namespace {
std::vector<PuzzleInput> cover_inputs(const std::vector<std::string>& files) {
  std::vector<PuzzleInput> out;
  for (std::size_t i = 0; i < files.size(); ++i) {
    std::istringstream in(files[i]);
    out.push_back({i + 1, "xc" + std::to_string(i + 1), 1, std::make_shared<const ExactCover>(read_dlx(in, "xc"))});
  }
  return out;
}
// 4 queens (2 solutions) and a problem with one solution.
const char* kFourQueens =
    "R1 R2 R3 R4 C1 C2 C3 C4 | A2 A3 A4 A5 A6 A7 A8 B1 B2 B3 B4 B5 B6 B7\n"
    "R1 C1 A2 B4\nR1 C2 A3 B3\nR1 C3 A4 B2\nR1 C4 A5 B1\n"
    "R2 C1 A3 B5\nR2 C2 A4 B4\nR2 C3 A5 B3\nR2 C4 A6 B2\n"
    "R3 C1 A4 B6\nR3 C2 A5 B5\nR3 C3 A6 B4\nR3 C4 A7 B3\n"
    "R4 C1 A5 B7\nR4 C2 A6 B6\nR4 C3 A7 B5\nR4 C4 A8 B4\n";
const char* kOneCover = "a b c | x\na x:1\nb x:1\nc\na b\nb c x\n";
}  // namespace

TEST(CompareCover, EveryExactCoverBackendAgrees) {
  std::ostringstream details;
  CompareOptions o = options({}, 0);
  const CompareReport r = run_compare(builtin_solvers(), cover_inputs({kFourQueens, kOneCover}), o, details);
  EXPECT_EQ(r.disagreements, 0u) << details.str();
  const std::size_t backends = builtin_solvers().names(ProblemKind::exact_cover).size();
  ASSERT_EQ(r.rows.size(), 2 * backends);
  for (std::size_t b = 0; b < backends; ++b) {
    EXPECT_EQ(r.rows[b].count, 2u) << r.rows[b].backend;
    EXPECT_EQ(r.rows[b].shape, "xc:22/16");
    EXPECT_EQ(r.rows[backends + b].status, "multiple") << r.rows[backends + b].backend;
  }
}

TEST(CompareCover, ABrokenExactCoverBackendIsCaught) {
  std::ostringstream details;
  const CompareReport r =
      run_compare(with_broken(), cover_inputs({kFourQueens}), options(first_and(2, {"wrong-option", "wrong-xc-count"}, ProblemKind::exact_cover), 0), details);
  EXPECT_EQ(r.disagreements, 1u);
  EXPECT_EQ(exit_code_for(r), kDisagreement);
  EXPECT_EQ(r.rows[0].verdict, Verdict::agrees);
  EXPECT_EQ(r.rows[2].verdict, Verdict::invalid);
  EXPECT_EQ(r.rows[3].verdict, Verdict::invalid);  // 3 solutions counted, 2 returned
  EXPECT_NE(details.str().find("wrong-option gave a wrong answer: primary item"), std::string::npos) << details.str();
  EXPECT_NE(details.str().find("wrong-xc-count gave a wrong answer: it counts 3 solutions but returns 2"), std::string::npos)
      << details.str();
}

TEST(CompareCover, ABackendThatTakesNoExactCoverIsAUsageError) {
  std::ostringstream details;
  const std::string sudoku_only =
      test::backend_where(ProblemKind::sudoku, [](const BackendInfo& i) { return !i.exact_cover; }, "taking Sudoku only");
  EXPECT_THROW(run_compare(builtin_solvers(), cover_inputs({kOneCover}), options({sudoku_only}), details), UsageError);
}

TEST(CompareCover, CommandLineReadsDlxFilesAndWarnsAsTheReaderDoes) {
  const std::string file = ::testing::TempDir() + "sudokit_compare_issue.dlx";
  {
    std::ofstream f(file);
    f << "a b | s\na\nb\ns\n";
  }
  const auto cli = run_cli("compare --count 0 --csv " + file + ".csv " + file);
  EXPECT_EQ(cli.exit_code, 0) << cli.err;
  EXPECT_NE(cli.out.find("1 problem, 0 with a disagreement"), std::string::npos) << cli.out;
  EXPECT_NE(cli.err.find("sudokit: warning: " + file + ": line 4: option 's' has no primary item"), std::string::npos) << cli.err;
  std::ifstream csv(file + ".csv");
  const auto rows = read_csv(csv, file + ".csv");
  ASSERT_EQ(rows.size(), builtin_solvers().names(ProblemKind::exact_cover).size());
  for (const Row& row : rows) {
    EXPECT_EQ(row.status, "unique") << row.backend;
    EXPECT_EQ(row.count, 1u) << row.backend;
  }
}

}  // namespace sudokit

// A backend declaring a rating scale (BackendInfo::Rating), under the options its scale asks for,
// rates each puzzle; compare writes the rating in words, in the CSV (read back by report) and the
// JSON, and leaves it empty for a backend that rates nothing. (Which word each puzzle gets is the
// rater's own test's business.)
TEST(Compare, RatingColumnNamesTheHardestRuleNeeded) {
  const char* subsets = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
  const char* fish = "................12....345........3....6.......71..8......2.6..834.......5..7.....";
  const Registry registry = builtin_solvers();
  const std::string rater =
      test::backend_where(ProblemKind::sudoku, [](const BackendInfo& i) { return i.rating.has_value(); }, "rating puzzles");
  // The fastest of those rating nothing: a textbook search takes half a minute on `subsets`.
  const std::string unrated =
      test::fastest_where(ProblemKind::sudoku, 9, [](const BackendInfo& i) { return !i.rating; }, "rating nothing");
  const BackendInfo::Rating scale = *registry.info(rater).rating;
  std::string spec = rater;
  SolverOptions rating_options;
  for (const auto& [key, value] : scale.options) spec += ":" + key + "=" + value, rating_options.set(key, value);
  std::ostringstream details;
  const CompareReport r = run_compare(registry, inputs({kEasy, subsets, fish}), options({unrated, spec}), details);
  ASSERT_EQ(r.rows.size(), 6u);
  EXPECT_EQ(r.disagreements, 0u) << details.str();
  EXPECT_EQ(r.rows[0].rating, "");
  EXPECT_EQ(r.rows[1].rating, scale.words.front());  // an easy puzzle: the first step of the scale
  const std::vector<const char*> puzzles = {kEasy, subsets, fish};
  for (std::size_t p = 0; p < puzzles.size(); ++p) {
    const Result own = registry.create(rater, rating_options)->solve(read_one(puzzles[p]), test::count_up_to(2));
    EXPECT_EQ(r.rows[2 * p + 1].rating, scale.word(own.stats)) << p;  // the rater's own word
    EXPECT_NE(r.rows[2 * p + 1].rating, "") << p;
  }
  EXPECT_NE(r.rows[3].rating, scale.words.front());  // these two need more than singles
  EXPECT_NE(r.rows[5].rating, scale.words.front());

  std::stringstream csv;
  write_csv(csv, r.rows);
  EXPECT_EQ(csv.str().substr(0, csv.str().find('\n')), std::string(kColumnsForTest) + ",cpu_time,rules,rating,estimated_nodes,searched_fraction");
  const auto back = read_csv(csv, "rows.csv");
  ASSERT_EQ(back.size(), r.rows.size());
  for (std::size_t i = 0; i < back.size(); ++i) EXPECT_EQ(back[i].rating, r.rows[i].rating) << i;
  std::ostringstream json;
  write_json(json, r.rows);
  EXPECT_NE(json.str().find("\"rating\": \"" + r.rows[5].rating + "\""), std::string::npos) << json.str();
  EXPECT_NE(json.str().find("\"rating\": null"), std::string::npos);
}

// docs/stats.md's table of the columns is the program's: a column added, renamed or described
// anew in row_columns() must be copied there (`sudokit compare --list-columns` prints it).
TEST(CompareColumns, DocsStatsHoldsTheProgramsTableOfColumns) {
  std::ostringstream table;
  write_column_table(table);
  const auto listed = run_cli("compare --list-columns");
  EXPECT_EQ(listed.exit_code, 0) << listed.err;
  EXPECT_EQ(listed.out, table.str());

  std::ifstream in(std::string(SUDOKIT_TEST_DATA) + "/../../docs/stats.md");
  ASSERT_TRUE(in) << "docs/stats.md not found";
  const std::string doc{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const std::string begin = "<!-- columns: from `sudokit compare --list-columns` -->\n", end = "<!-- end of columns -->";
  const auto from = doc.find(begin), to = doc.find(end);
  ASSERT_NE(from, std::string::npos);
  ASSERT_NE(to, std::string::npos);
  EXPECT_EQ(doc.substr(from + begin.size(), to - from - begin.size()), table.str());
}

// The CSV header and the JSON keys are the table's columns, in its order; the JSON writes each by
// its type (counters an object, an empty optional text null).
TEST(CompareColumns, EveryOutputHasTheTablesColumnsInOrder) {
  const std::string updates = test::backend_where(
      ProblemKind::sudoku, [](const BackendInfo& i) { return !i.rating && std::ranges::count(i.work, "updates") > 0; },
      "counting updates and rating nothing");
  std::ostringstream details;
  const CompareReport r = run_compare(builtin_solvers(), inputs({kEasy}), options({updates}), details);
  ASSERT_EQ(r.rows.size(), 1u);
  std::string header;
  for (const RowColumn& c : row_columns()) header += (header.empty() ? "" : ",") + std::string(c.name);
  std::ostringstream csv, json;
  write_csv(csv, r.rows);
  write_json(json, r.rows);
  EXPECT_EQ(csv.str().substr(0, csv.str().find('\n')), header);
  const std::string text = json.str();
  std::size_t last = 0;
  for (const RowColumn& c : row_columns()) {
    const auto at = text.find("\"" + std::string(c.name) + "\": ");
    ASSERT_NE(at, std::string::npos) << c.name;
    EXPECT_GT(at, last) << c.name << " is out of order";
    last = at;
  }
  EXPECT_NE(text.find("\"counters\": {\"updates\": "), std::string::npos) << text;
  EXPECT_NE(text.find("\"rating\": null,"), std::string::npos) << text;
  EXPECT_NE(text.find("\"searched_fraction\": null}"), std::string::npos) << text;  // a search that ended
}
