#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <thread>
#include <tuple>

#include "sudokit/sat/sat.h"
#include "settle.h"  // private to the backend (solvers/sat)
#include "sudokit/encoders/cnf.h"
#include "sudokit/encoders/model.h"
#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/generate.h"
#include "sudokit/registry.h"
#include "sudokit/verify.h"
#include "test_support.h"
#include "variant_puzzles.h"
#include "xc_problems.h"

using namespace sudokit;
using test::count_up_to;
using test::data_cases;
using test::DataCase;
using test::run_cli;

TEST(Cnf, ClauseCountsOfTheEmpty9x9Grid) {
  const auto shape = Shape::make(3, 3);
  const Cnf minimal = sudoku_rules(*shape, Encoding::minimal);
  EXPECT_EQ(minimal.variables, 729);
  EXPECT_EQ(minimal.clauses.size(), 8829u);
  EXPECT_EQ(sudoku_rules(*shape, Encoding::efficient).clauses.size(), 11745u);
  EXPECT_EQ(sudoku_rules(*shape, Encoding::extended).clauses.size(), 11988u);
  // compact: 324 at-least-one groups and 324 sequential counters of 9 (3*9-4 clauses, 8 auxiliaries).
  const Cnf compact = sudoku_rules(*shape, Encoding::compact);
  EXPECT_EQ(compact.clauses.size(), 324u + 324u * 23u);
  EXPECT_EQ(compact.variables, 729 + 324 * 8);
}

TEST(Cnf, ReducedFormulaDropsTheGivens) {
  const Grid puzzle = read_one("003020600900305001001806400008102900700000008006708200002609500800203009005010300");
  const Cnf units = sudoku_cnf(puzzle, Encoding::extended, Givens::units);
  const Cnf reduced = sudoku_cnf(puzzle, Encoding::extended, Givens::reduce);
  EXPECT_EQ(units.clauses.size(), 11988u + 32u);
  EXPECT_LT(reduced.clauses.size(), 11988u / 2);
  for (const auto& c : reduced.clauses) {
    ASSERT_FALSE(c.empty());
    for (int lit : c) {
      const int v = lit > 0 ? lit : -lit;
      const int cell = (v - 1) / 9;
      ASSERT_EQ(puzzle[cell], 0) << "a given's variable is still in the formula";
    }
  }
}

// One rule for the default encoding, used by sat, ext: and `encode --to dimacs`: extended up to
// 36x36, compact above; a named encoding is kept at every size.
TEST(Cnf, AutoEncodingFollowsTheGridSize) {
  EXPECT_EQ(encoding_named(std::nullopt, 9), Encoding::extended);
  EXPECT_EQ(encoding_named(std::string("auto"), 36), Encoding::extended);
  EXPECT_EQ(encoding_named(std::nullopt, 49), Encoding::compact);
  EXPECT_EQ(encoding_named(std::string("minimal"), 64), Encoding::minimal);
  EXPECT_THROW(encoding_named(std::string("pairwise"), 9), UsageError);
  // encode --to dimacs with no --encoding writes the formula of encoding_for(): compact's for an
  // empty 42x42 grid, extended's for an empty 9x9 grid (their "p cnf" lines are equal).
  auto header_of = [](const std::string& args, const std::string& puzzle) {
    const auto r = run_cli("encode --to dimacs " + args, puzzle);
    const std::size_t at = r.out.find("\np cnf ");
    EXPECT_NE(at, std::string::npos) << r.out.substr(0, 200);
    return at == std::string::npos ? std::string() : r.out.substr(at + 1, r.out.find('\n', at + 1) - at - 1);
  };
  const std::string empty9 = std::string(81, '0') + "\n", empty42 = std::string(42 * 42, '0') + "\n";
  EXPECT_EQ(header_of("", empty9), "p cnf 729 11988");
  EXPECT_EQ(header_of("--box 6x7", empty42), header_of("--box 6x7 --encoding compact", empty42));
}

// `distinct` leaves out only repeats: the same clauses as a set, each once, with and without givens.
TEST(Cnf, DistinctRulesAreTheSameSetWithoutRepeats) {
  const Grid puzzle = read_one("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  const auto fixed = values_fixed_by_givens(puzzle);
  ASSERT_TRUE(fixed);
  for (const std::vector<signed char>* given : {static_cast<const std::vector<signed char>*>(nullptr), &*fixed})
    for (Encoding e : {Encoding::minimal, Encoding::efficient, Encoding::extended}) {
      std::vector<std::vector<int>> all, once;
      auto into = [](std::vector<std::vector<int>>& to) {
        return [&to](std::span<const int> c) {
          std::vector<int> sorted(c.begin(), c.end());
          std::sort(sorted.begin(), sorted.end());
          to.push_back(sorted);
        };
      };
      const SudokuRules rules(puzzle.shape(), e, true);
      rules.emit(given, into(once));
      emit_sudoku_rules(puzzle.shape(), e, given, into(all), false);
      // No at-most-one pair twice. (Under givens two units can leave a digit the same two open
      // cells, and then both say "one of these": those at-least-one clauses are not pairs.)
      std::sort(once.begin(), once.end());
      std::vector<std::vector<int>> pairs;
      std::copy_if(once.begin(), once.end(), std::back_inserter(pairs),
                   [](const auto& c) { return c.size() == 2 && c[1] < 0; });
      EXPECT_EQ(std::adjacent_find(pairs.begin(), pairs.end()), pairs.end()) << "a pair emitted twice";
      once.erase(std::unique(once.begin(), once.end()), once.end());
      std::sort(all.begin(), all.end());
      all.erase(std::unique(all.begin(), all.end()), all.end());
      EXPECT_EQ(once, all) << to_string(e) << (given ? " with givens" : "");
      EXPECT_GT(once.size(), 1000u);
    }
}

// clauses() counts what emit() gives, with and without givens, in every encoding (compact with
// its counters' clauses); sat reports it for a settled puzzle's formula, never built.
TEST(Cnf, ClausesCountsWhatEmitGives) {
  const Grid puzzle = read_one("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  const auto fixed = values_fixed_by_givens(puzzle);
  ASSERT_TRUE(fixed);
  for (const std::vector<signed char>* given : {static_cast<const std::vector<signed char>*>(nullptr), &*fixed})
    for (Encoding e : {Encoding::minimal, Encoding::efficient, Encoding::extended, Encoding::compact}) {
      const SudokuRules rules(puzzle.shape(), e, true);
      std::uint64_t emitted = 0;
      rules.emit(given, [&](std::span<const int>) { ++emitted; });
      EXPECT_EQ(rules.clauses(given), emitted) << to_string(e) << (given ? " with givens" : "");
      EXPECT_GT(emitted, given ? 1000u : 7000u) << to_string(e);
    }
}

namespace {

// The puzzle solved by the fastest other backend that takes its grid: a second method's answer.
Result another_method(const Grid& puzzle) {
  const std::string other = test::fastest_where(
      ProblemKind::sudoku, puzzle.size(), [&](const BackendInfo& i) { return i.takes(puzzle.shape()) && i.name != "sat"; },
      "besides sat taking the grid");
  return builtin_solvers().create(other)->solve(puzzle, count_up_to(2));
}

// The two libraries, their portfolio and the textbook DPLL and CDCL (dpll.h, cdcl.h): every test
// below holds for all five.
const sat::Library kLibraries[] = {sat::Library::cryptominisat, sat::Library::cadical, sat::Library::portfolio,
                                   sat::Library::dpll, sat::Library::cdcl};
const sat::Library kTextbook[] = {sat::Library::dpll, sat::Library::cdcl};
const Encoding kEncodings[] = {Encoding::minimal, Encoding::efficient, Encoding::extended, Encoding::compact};
const SatSolver::Mode kModes[] = {SatSolver::Mode::assume, SatSolver::Mode::units, SatSolver::Mode::reduce};

}  // namespace

namespace {
// A portfolio's calls_won_by_member_K counters: how many, and their sum.
std::pair<std::size_t, std::uint64_t> calls_won(const Stats& stats) {
  std::pair<std::size_t, std::uint64_t> out{0, 0};
  for (const Counter& c : stats.counters)
    if (c.name.starts_with("calls_won_by_member_")) ++out.first, out.second += c.value;
  return out;
}
}  // namespace

TEST(Sat, EveryLibrarySolvesTheDataFileWithEveryEncodingAndMode) {
  const auto cases = data_cases();
  ASSERT_GE(cases.size(), 20u);
  for (auto lib : kLibraries)
    for (auto e : kEncodings)
      for (auto m : kModes) {
        SatSolver solver(e, m, lib);  // one solver for the file: assume mode reuses it across puzzles
        for (const DataCase& c : cases) {
          SCOPED_TRACE("puzzles.txt line " + std::to_string(c.line));
          const Grid puzzle = read_one(c.puzzle, c.box);
          const Result r = solver.solve(puzzle, count_up_to(c.count + 1, 100));
          ASSERT_EQ(r.count, c.count) << solver.options() << " " << c.puzzle;
          for (const Grid& g : r.solutions) ASSERT_TRUE(is_solution(puzzle, g)) << solver.options() << " " << c.puzzle;
          if (c.count == 1) { EXPECT_EQ(to_line(r.solutions[0]), c.solution) << solver.options(); }
          // A call per solution and one that finds no more, each won by a member.
          if (lib == sat::Library::portfolio) { EXPECT_EQ(calls_won(r.stats).second, c.count + 1) << solver.options(); }
        }
        EXPECT_TRUE((solver.options() + ",").find(",solver=" + std::string(sat::to_string(lib)) + ",") != std::string::npos) << solver.options();
      }
}

TEST(Sat, EveryEncodingAndModeSolvesAndCounts) {
  const Grid hard = read_one("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  for (auto lib : kLibraries)
    for (auto e : kEncodings)
      for (auto m : kModes) {
        SatSolver solver(e, m, lib);
        const Result r = solver.solve(hard, count_up_to(2));
        ASSERT_EQ(r.status, Status::unique) << solver.options();
        EXPECT_EQ(to_line(r.solutions[0]), "417369825632158947958724316825437169791586432346912758289643571573291684164875293");
        EXPECT_EQ(solver.solve(Grid(Shape::make(2, 2)), count_up_to(0)).count, 288u) << solver.options();
        // The reused solver must not carry one puzzle's blocking clauses to the next.
        EXPECT_EQ(solver.solve(hard, count_up_to(2)).status, Status::unique) << solver.options();
      }
}

// Settling (settle.h): a puzzle whose reduced formula unit propagation settles is answered
// without building the library; every count must be what the library reports for it.
TEST(Sat, SettlingFirstChangesNoAnswerAndNoCount) {
  Random random(7);
  auto checker = builtin_solvers().create(test::fastest());
  std::vector<Grid> puzzles;
  for (auto [br, bc] : {std::pair{2, 2}, {3, 3}, {3, 3}, {4, 4}}) {
    GenerateOptions easy;  // many clues: singles settle most of these
    easy.clues = Shape::make(br, bc)->cells() * 2 / 3;
    puzzles.push_back(generate_unique(Shape::make(br, bc), random, *checker, easy));
  }
  puzzles.push_back(read_one("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"));
  for (const DataCase& c : data_cases()) puzzles.push_back(read_one(c.puzzle, c.box));  // none, one, many solutions
  // Variant rules: extra groups (the rules' propagation takes them), killer sums (it does not).
  for (const Published& p : published()) puzzles.push_back(p.puzzle());
  auto summary = [](const Result& r) {
    std::string s = std::string(to_string(r.status)) + " " + std::to_string(r.count) + " " + r.stats.counts_text();
    for (const Grid& g : r.solutions) s += " " + to_line(g);
    return s;
  };
  for (auto lib : {sat::Library::cryptominisat, sat::Library::cadical, sat::Library::cdcl})
    for (auto e : kEncodings)
      for (auto mode : {SatSolver::Mode::reduce, SatSolver::Mode::units}) {
        SatSolver on(SatSolver::Config{.encoding = e, .mode = mode, .library = lib, .settle = true});
        SatSolver off(SatSolver::Config{.encoding = e, .mode = mode, .library = lib, .settle = false});
        EXPECT_TRUE(off.options().ends_with(",settle=off")) << off.options();
        for (const Grid& puzzle : puzzles)
          for (std::uint64_t count : {1u, 2u, 3u})
            for (std::uint64_t budget : {0u, 1u, 2u}) {
              Limits limits = count_up_to(count, 1000);
              limits.max_nodes = budget == 2 ? 0 : budget;
              if (budget == 2) limits.max_seconds = 1e-9;  // out of time before anything is built
              const Result a = on.solve(puzzle, limits), b = off.solve(puzzle, limits);
              ASSERT_EQ(summary(a), summary(b)) << on.options() << " " << to_line(puzzle) << " budget " << budget;
            }
      }
}

// Which way each call was answered, as a trace says: an easy 9x9 puzzle by the rules' propagation
// with no formula built; an easy 25x25 one by the formula's propagation (the rules' propagation
// is kept for grids up to 20x20: settle.h); a hard one by the library. The counts are the
// library's either way (above): only the trace shows that settling is taken at all.
TEST(Sat, ATraceSaysWhichCallsUnitPropagationAnswered) {
  const Grid easy = read_one("4.12..65.356.9..2..2......914......2..3......9..8.........5..16..8..........6.938");
  const Grid hard = read_one("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  // A whole 25x25 grid (the usual shifted pattern) with one cell open in each row and column.
  std::vector<std::uint8_t> digits(625);
  for (int r = 0; r < 25; ++r)
    for (int c = 0; c < 25; ++c) digits[static_cast<std::size_t>(r * 25 + c)] = static_cast<std::uint8_t>((r * 5 + r / 5 + c) % 25 + 1);
  for (int r = 0; r < 25; ++r) digits[static_cast<std::size_t>(r * 25 + r * 7 % 25)] = 0;
  const Grid easy25(Shape::make(5, 5), std::move(digits));
  auto answered_by = [](const Grid& puzzle, Encoding e, sat::Library lib, bool settle) {
    SatSolver solver(SatSolver::Config{.encoding = e, .mode = SatSolver::Mode::reduce, .library = lib, .settle = settle});
    test::EventCounter events;
    Limits limits = count_up_to(2);
    limits.observer = &events;
    EXPECT_EQ(solver.solve(puzzle, limits).status, Status::unique);
    std::vector<std::string> calls;  // per call: what answered it
    for (const std::string& note : events.said) {
      if (note.find(" call ") >= note.find(':')) continue;  // not "CryptoMiniSat call 1 ...: ..."
      const auto by = note.find("(answered by ");
      calls.push_back(by == std::string::npos ? "library" : note.substr(by + 13, note.find_first_of(";,", by) - by - 13));
    }
    return calls;
  };
  using Calls = std::vector<std::string>;
  const std::string rules = "the rules' unit propagation from the givens", formula = "unit propagation of the formula";
  for (auto lib : {sat::Library::cryptominisat, sat::Library::cadical}) {
    EXPECT_EQ(answered_by(easy, Encoding::extended, lib, true), (Calls{rules, rules}));
    EXPECT_EQ(answered_by(easy, Encoding::minimal, lib, true), (Calls{rules, rules}));
    EXPECT_EQ(answered_by(easy25, Encoding::extended, lib, true), (Calls{formula, formula}));
    EXPECT_EQ(answered_by(easy, Encoding::extended, lib, false), (Calls{"library", "library"}));
    EXPECT_EQ(answered_by(hard, Encoding::extended, lib, true), (Calls{"library", "library"}));
  }
  // The CDCL enumerates in one call; traced, it is asked even for an easy puzzle, to show its steps.
  EXPECT_EQ(answered_by(easy, Encoding::extended, sat::Library::cdcl, true), (Calls{"library"}));
}

TEST(Sat, SettleFirstAnswersFromUnitPropagationOrAsksTheLibrary) {
  for (auto lib : {sat::Library::cryptominisat, sat::Library::cadical}) {
    // x1, x1 -> x2, x2 -> not x3: propagation alone gives the one model.
    auto s = sat::settle_first(lib, {});
    ASSERT_EQ(s->new_vars(3), 1);
    for (std::vector<int> c : {std::vector{1}, {-1, 2}, {-2, -3}, {2, 2, 3}}) s->add_clause(c);
    ASSERT_EQ(s->solve({}, {}), sat::Answer::satisfiable);
    EXPECT_TRUE(s->is_true(1) && s->is_true(2) && !s->is_true(3));
    EXPECT_EQ(s->last_call().conflicts, 0u);
    s->add_clause(std::vector{2, 3});  // true in the model: still that model
    EXPECT_EQ(s->solve({}, {}), sat::Answer::satisfiable);
    s->add_clause(std::vector{-1, -2});  // a blocking clause: no other model
    EXPECT_EQ(s->solve({}, {}), sat::Answer::unsatisfiable);

    // x1 or x2 leaves both open: the library decides, and its model keeps every clause.
    auto open = sat::settle_first(lib, {});
    open->new_vars(2);
    open->add_clause(std::vector{1, 2});
    open->add_clause(std::vector{-1, -2});
    ASSERT_EQ(open->solve({}, {}), sat::Answer::satisfiable);
    EXPECT_NE(open->is_true(1), open->is_true(2));
    open->add_clause(std::vector{open->is_true(1) ? -1 : -2});
    EXPECT_EQ(open->solve({}, {}), sat::Answer::satisfiable);
    open->add_clause(std::vector{open->is_true(1) ? -1 : -2});
    EXPECT_EQ(open->solve({}, {}), sat::Answer::unsatisfiable);

    // A conflict in propagation, and assumptions: the library answers.
    auto conflict = sat::settle_first(lib, {});
    conflict->new_vars(2);
    for (std::vector<int> c : {std::vector{1}, {-1, 2}, {-1, -2}}) conflict->add_clause(c);
    EXPECT_EQ(conflict->solve({}, {}), sat::Answer::unsatisfiable);
    auto assumed = sat::settle_first(lib, {});
    assumed->new_vars(2);
    assumed->add_clause(std::vector{-1, 2});
    const int assume[] = {1};
    ASSERT_EQ(assumed->solve(assume, {}), sat::Answer::satisfiable);
    EXPECT_TRUE(assumed->is_true(1) && assumed->is_true(2));
  }
  EXPECT_THROW(sat::settle_first(sat::Library::dpll, {}), std::logic_error);
}

// For the CDCL, settle_first answers what it settles with the CDCL's own counts (one propagation
// per variable a longer clause sets, no decision, no conflict) and hands it the rest: a unit
// written twice, a variable in no clause (a decision), a passed deadline (nothing counted), a
// traced search, and any solve() (its second call on a refuted formula counts a conflict).
TEST(Sat, SettleFirstCountsAsTheCdclDoes) {
  using Formula = std::vector<std::vector<int>>;
  auto run = [](sat::SatLibrary& s, int vars, const Formula& f, const sat::CallLimits& limits, SearchObserver* observer) {
    s.new_vars(vars);
    for (const auto& c : f) s.add_clause(c);
    int models = 0;
    const sat::Answer answer = s.search_all({}, limits, observer, [&] { return ++models < 5; });
    const sat::CallStats call = s.last_call();
    return std::to_string(static_cast<int>(answer)) + " models " + std::to_string(models) + " decisions " +
           std::to_string(call.decisions.value_or(99)) + " propagations " + std::to_string(call.propagations.value_or(99)) +
           " conflicts " + std::to_string(call.conflicts);
  };
  sat::CallLimits past;
  past.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  test::EventCounter events;
  const std::vector<std::pair<int, Formula>> formulas = {
      {3, {{1}, {-1, 2}, {-2, -3}}},           // settled: two propagations
      {3, {{1, 1}, {-1, 2}, {-2, -3}}},        // the unit written twice
      {3, {{1}, {1}, {-1, 2}, {-2, 3, 1}}},    // a repeated unit; x3 set by no clause: a decision
      {4, {{1}, {-1, 2}, {-2, -3}}},           // x4 in no clause: a decision
      {2, {{1}, {-1, 2}, {-1, -2}}},           // a conflict
  };
  for (const auto& [vars, f] : formulas)
    for (int how = 0; how < 3; ++how) {
      const sat::CallLimits limits = how == 1 ? past : sat::CallLimits{};
      SearchObserver* observer = how == 2 ? &events : nullptr;
      auto plain = sat::make_library(sat::Library::cdcl, {});
      auto settling = sat::settle_first(sat::Library::cdcl, {});
      ASSERT_TRUE(settling->enumerates());
      EXPECT_EQ(run(*settling, vars, f, limits, observer), run(*plain, vars, f, limits, observer)) << "formula " << f.size() << " how " << how;
      // The first two settle without the CDCL (but traced), the others need it.
      const bool settles = &f == &formulas[0].second || &f == &formulas[1].second;
      EXPECT_EQ(settling->answered_without_library() != nullptr, settles && !observer) << "formula " << f.size() << " how " << how;
    }
  // Settled without the CDCL, then asked by solve(): the CDCL answers, with its own counts.
  auto plain = sat::make_library(sat::Library::cdcl, {});
  auto settling = sat::settle_first(sat::Library::cdcl, {});
  for (auto* s : {plain.get(), settling.get()}) {
    s->new_vars(2);
    for (std::vector<int> c : {std::vector{1}, {-1, -2}}) s->add_clause(c);
    ASSERT_EQ(s->search_all({}, {}, nullptr, [] { return true; }), sat::Answer::unsatisfiable);
    s->add_clause(std::vector{-1});
    EXPECT_EQ(s->solve({}, {}), sat::Answer::unsatisfiable);
  }
  EXPECT_EQ(settling->last_call().conflicts, plain->last_call().conflicts);
  EXPECT_EQ(settling->answered_without_library(), nullptr);
}

// The rules' own unit propagation (settle.h): an easy puzzle's one model without a formula built
// for it; a puzzle that needs decisions, or clashing givens, is left to the usual way.
TEST(Sat, RulesPropagatorSettlesWhatUnitPropagationSettles) {
  const Grid easy = read_one("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
  const Grid hard = read_one("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  Grid clash = easy;
  clash.set(1, 5);  // a second 5 in row 1
  const int cell_vars = easy.shape().cells() * easy.size();
  for (Encoding e : {Encoding::minimal, Encoding::efficient, Encoding::extended}) {
    const SudokuRules rules(easy.shape(), e, true);
    sat::RulesPropagator propagator(rules, cell_vars);
    ASSERT_TRUE(propagator.usable());
    std::vector<signed char> model;
    if (e == Encoding::extended) {  // naked and hidden singles: what unit propagation does here
      ASSERT_EQ(propagator.settle(easy, model), sat::RulesPropagator::Outcome::settled);
      const DecodedGrid decoded = grid_of_model(easy, [&](int v) { return model[static_cast<std::size_t>(v)]; });
      EXPECT_EQ(decoded.fault, "");
      EXPECT_TRUE(verify(easy, decoded.grid).empty()) << to_line(decoded.grid);
    }
    EXPECT_EQ(propagator.settle(hard, model), sat::RulesPropagator::Outcome::open);
    EXPECT_EQ(propagator.settle(clash, model), sat::RulesPropagator::Outcome::conflict);
  }
  // The compact encoding numbers auxiliary variables: not for this propagator.
  EXPECT_FALSE(sat::RulesPropagator(SudokuRules(easy.shape(), Encoding::compact, true), cell_vars).usable());

  // A settled library: the model's clauses hold; a clause it falsifies before any solve is a
  // contradiction (a bug), after one it is a blocking clause.
  auto settled = sat::settled_library(sat::Library::cadical, {0, 1, -1}, 2, 1);
  settled->add_clause(std::vector{1, 2});
  EXPECT_THROW(settled->add_clause(std::vector{2}), std::logic_error);
  ASSERT_EQ(settled->solve({}, {}), sat::Answer::satisfiable);
  EXPECT_TRUE(settled->is_true(1) && !settled->is_true(2) && settled->model_checked());
  settled->add_clause(std::vector{-1, 2});
  EXPECT_EQ(settled->solve({}, {}), sat::Answer::unsatisfiable);

  // For the CDCL, which enumerates: the model, then none, with the counts the CDCL itself reports
  // for the formula x1, (not x1 or not x2): one unit, one propagation, nothing decided.
  auto cdcl = sat::make_library(sat::Library::cdcl, {});
  cdcl->new_vars(2);
  for (std::vector<int> c : {std::vector{1}, {-1, -2}}) cdcl->add_clause(c);
  auto settled_cdcl = sat::settled_library(sat::Library::cdcl, {0, 1, -1}, 2, 1);
  for (auto* library : {cdcl.get(), settled_cdcl.get()}) {
    ASSERT_TRUE(library->enumerates());
    int models = 0;
    EXPECT_EQ(library->search_all({}, {}, nullptr, [&] { return ++models, library->is_true(1) && !library->is_true(2); }),
              sat::Answer::unsatisfiable);
    EXPECT_EQ(models, 1);
    const sat::CallStats call = library->last_call();
    EXPECT_EQ(call.decisions, 0u);
    EXPECT_EQ(call.propagations, 1u);
    EXPECT_EQ(call.conflicts, 0u);
  }
  EXPECT_THROW(settled_cdcl->solve({}, {}), std::logic_error);
}

namespace {
// The pigeonhole formula over `holes` holes: holes + 1 pigeons, each in some hole (variable
// pigeon * holes + hole + 1), no two in one: unsatisfiable, and hard for resolution. With a way
// out, one more variable z, returned (0 without), and every clause also satisfied by z false.
int add_pigeonhole(sat::SatLibrary& s, int holes, bool way_out) {
  const int pigeons = holes + 1;
  auto p = [&](int pigeon, int hole) { return pigeon * holes + hole + 1; };
  const int z = way_out ? pigeons * holes + 1 : 0;
  s.new_vars(pigeons * holes + (way_out ? 1 : 0));
  for (int i = 0; i < pigeons; ++i) {
    std::vector<int> somewhere;
    if (z) somewhere.push_back(-z);
    for (int h = 0; h < holes; ++h) somewhere.push_back(p(i, h));
    s.add_clause(somewhere);
  }
  for (int h = 0; h < holes; ++h)
    for (int i = 0; i < pigeons; ++i)
      for (int k = i + 1; k < pigeons; ++k) {
        std::vector<int> apart;
        if (z) apart.push_back(-z);
        apart.push_back(-p(i, h));
        apart.push_back(-p(k, h));
        s.add_clause(apart);
      }
  return z;
}
}  // namespace

// A portfolio's call that a limit stopped was answered by no member, and says so.
TEST(Sat, APortfolioCallNoMemberAnsweredNamesNone) {
  auto s = sat::make_portfolio({.portfolio_members = 2});
  add_pigeonhole(*s, 8, false);  // unsatisfiable, thousands of conflicts
  sat::CallLimits limits;
  limits.max_conflicts = 10;
  ASSERT_EQ(s->solve({}, limits), sat::Answer::stopped);
  EXPECT_EQ(s->name(), "portfolio of 2 (no member answered)");
  EXPECT_EQ(s->last_call().members, 2u);
  EXPECT_EQ(s->last_call().member, 0u);
  ASSERT_EQ(s->solve({}, {}), sat::Answer::unsatisfiable);
  EXPECT_TRUE(s->name().starts_with("CaDiCaL (portfolio member ")) << s->name();
  EXPECT_GE(s->last_call().member, 1u);
}

// A portfolio returns with the first answer: the loser is interrupted. Pigeonhole over 11 holes
// with a way out (every clause also satisfied by z false): CaDiCaL's first, all-false
// assignment answers at once, while CryptoMiniSat (portfolio=mixed), trying true first, would
// search the pigeonhole formula past any deadline.
TEST(Sat, APortfolioStopsTheLoserWhenTheWinnerAnswers) {
  if (usable_cpus() < 2) GTEST_SKIP() << "one core: the portfolio is CaDiCaL alone";
  auto s = sat::make_portfolio({.portfolio_mixed = true});
  const int z = add_pigeonhole(*s, 11, true);
  for (int round = 0; round < 2; ++round) {  // the second call: the loser starts from where it stopped
    const auto start = std::chrono::steady_clock::now();
    sat::CallLimits limits;
    limits.deadline = start + std::chrono::seconds(60);
    ASSERT_EQ(s->solve({}, limits), sat::Answer::satisfiable);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30)) << "round " << round;
    EXPECT_FALSE(s->is_true(z));
    EXPECT_EQ(s->name(), "CaDiCaL (portfolio member 1 of 2: default, true first)");
    s->add_clause(std::vector{-z, 1});  // pigeon 0 in hole 0: still satisfied by z false
  }
}

// A portfolio's members each search differently: one per core up to the cap, or as many as
// asked; the first is the setup asked for, with CaDiCaL; no two alike; CryptoMiniSat second
// only when mixed.
TEST(Sat, APortfolioMakesEachMemberDifferent) {
  for (const bool mixed : {false, true})
    for (const std::string base_configuration : {"", "sat", "unsat"}) {
      const sat::Setup base{.cadical_configuration = base_configuration, .portfolio_mixed = mixed};
      EXPECT_EQ(sat::portfolio_members(base, 1).size(), 1u);
      EXPECT_EQ(sat::portfolio_members(base, 2).size(), 2u);
      EXPECT_EQ(sat::portfolio_members(base, 64).size(), sat::kMaxPortfolioMembers);
      sat::Setup three = base;
      three.portfolio_members = 3;
      EXPECT_EQ(sat::portfolio_members(three, 64).size(), 3u);
      EXPECT_EQ(sat::portfolio_members(three, 1).size(), 3u);
      const auto members = sat::portfolio_members(base, sat::kMaxPortfolioMembers);
      EXPECT_EQ(members[0].library, sat::Library::cadical);
      EXPECT_EQ(members[0].setup.cadical_configuration, base_configuration);
      EXPECT_EQ(members[0].setup.decide_true_first, base.decide_true_first);
      EXPECT_EQ(members[0].setup.cadical_seed, 0);
      EXPECT_EQ(members[1].library, mixed ? sat::Library::cryptominisat : sat::Library::cadical);
      std::set<std::tuple<sat::Library, std::string, bool, int>> seen;
      for (std::size_t k = 0; k < members.size(); ++k) {
        const sat::Setup& s = members[k].setup;
        if (k != 1) { EXPECT_EQ(members[k].library, sat::Library::cadical) << k; }
        EXPECT_TRUE(seen.insert({members[k].library, s.cadical_configuration, s.decide_true_first, s.cadical_seed}).second)
            << "member " << k << " of a portfolio based on '" << base_configuration << "'";
      }
    }
}

// A portfolio of CaDiCaLs stops its losers through the flag CaDiCaL's terminator reads
// (Setup::interrupt): set from another thread while CaDiCaL searches the pigeonhole formula over
// 11 holes (no way out: unsatisfiable, far beyond a minute), the call returns stopped.
TEST(Sat, CadicalStopsWhenItsInterruptFlagIsSet) {
  std::atomic<bool> interrupt{false};
  auto s = sat::make_cadical({.interrupt = &interrupt});
  add_pigeonhole(*s, 11, false);
  const auto start = std::chrono::steady_clock::now();
  std::jthread winner([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    interrupt = true;
  });
  sat::CallLimits limits;
  limits.deadline = start + std::chrono::seconds(120);
  EXPECT_EQ(s->solve({}, limits), sat::Answer::stopped);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30));
}

TEST(Sat, SolvesEveryShapeUpTo25x25) {
  Random random(25);
  auto checker = builtin_solvers().create(test::fastest());
  for (auto [br, bc] : {std::pair{2, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 4}, {5, 5}}) {
    const auto shape = Shape::make(br, bc);
    GenerateOptions options;
    options.clues = shape->cells() / 2;
    const Grid puzzle = generate_unique(shape, random, *checker, options);
    for (auto lib : kLibraries) {
      // Not dpll at 25x25: without learning, this half-filled puzzle took it 55,054 decisions and
      // 27 s on the full compact formula (CryptoMiniSat: 555, 0.9 s). Its 25x25 cases are below.
      if (lib == sat::Library::dpll && shape->size() > 16) continue;
      SatSolver solver(Encoding::compact, SatSolver::Mode::assume, lib);
      const Result r = solver.solve(puzzle, count_up_to(2));
      ASSERT_EQ(r.status, Status::unique) << shape->name() << " " << solver.options();
      EXPECT_TRUE(is_solution(puzzle, r.solutions[0]));
    }
  }
}

TEST(Sat, NQueensAsExactCoverAgreesWithDlx) {
  for (auto [n, want] : {std::pair{6, 4u}, {8, 92u}, {10, 724u}}) {
    const ExactCover q = n_queens(n);
    for (auto lib : kLibraries) {
      SatSolver solver(Encoding::extended, SatSolver::Mode::reduce, lib);
      const CoverResult r = solver.solve(q, count_up_to(0, 50));
      EXPECT_EQ(r.count, want) << n << " " << solver.options();
      EXPECT_EQ(r.status, Status::multiple);
      for (const auto& s : r.solutions) ASSERT_TRUE(is_exact_cover(q, s));
    }
  }
}

// The default picks by the rule of SatSolver::library_for, and options() shows what it picked.
TEST(Sat, AutoShowsTheLibraryItUsed) {
  auto solver = builtin_solvers().create("sat");
  EXPECT_TRUE(solver->options().ends_with(",solver=auto")) << solver->options();
  solver->solve(n_queens(4), count_up_to(0));
  const std::string want = ",solver=auto(" + std::string(sat::to_string(SatSolver::library_for(ProblemKind::exact_cover))) + ")";
  EXPECT_TRUE(solver->options().ends_with(want)) << solver->options();
  EXPECT_EQ(SatSolver::library_for(ProblemKind::exact_cover), sat::Library::cadical);
  solver->solve(Grid(Shape::make(2, 2)), count_up_to(2));
  EXPECT_TRUE(solver->options().ends_with(",solver=auto(cdcl)")) << solver->options();
  EXPECT_EQ(SatSolver::library_for(ProblemKind::sudoku, 9), sat::Library::cdcl);
  EXPECT_EQ(SatSolver::library_for(ProblemKind::sudoku, 12), sat::Library::cdcl);
  EXPECT_EQ(SatSolver::library_for(ProblemKind::sudoku, 13), sat::Library::cryptominisat);
  EXPECT_EQ(SatSolver::library_for(ProblemKind::sudoku, 16), sat::Library::cryptominisat);
  EXPECT_EQ(SatSolver::library_for(ProblemKind::sudoku, 25), sat::Library::cadical);
  EXPECT_EQ(SatSolver::library_for(ProblemKind::sudoku, 64), sat::Library::cryptominisat);
  EXPECT_THROW(builtin_solvers().create("sat", SolverOptions::parse({"solver=minisat"})), UsageError);
  // The textbook DPLL is for teaching: auto never takes it.
  for (ProblemKind kind : {ProblemKind::sudoku, ProblemKind::exact_cover})
    EXPECT_NE(SatSolver::library_for(kind), sat::Library::dpll);
  EXPECT_THROW(builtin_solvers().create("sat", SolverOptions::parse({"solver=dpll", "proof=x.drat"})), UsageError);
}

// CaDiCaL's configuration (cadical=), an instrument for experiments: each one answers alike and
// reaches CaDiCaL, fresh or reused (givens=assume), where the "sat" one meets other conflicts than
// the default on this puzzle (CaDiCaL 1.5.3: 26 against 13, and 10 against 9); options() names a
// configuration other than the default where CaDiCaL was used; a name CaDiCaL lacks is refused.
TEST(Sat, CadicalConfigurationIsAnOption) {
  const Grid puzzle = read_one("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  std::optional<Grid> first;
  for (std::string c : {"default", "sat", "unsat", "plain"}) {
    auto solver = builtin_solvers().create("sat", SolverOptions::parse({"solver=cadical", "cadical=" + c}));
    const Result r = solver->solve(puzzle, count_up_to(2));
    ASSERT_EQ(r.status, Status::unique) << c;
    if (!first) first = r.solutions.front();
    EXPECT_EQ(r.solutions.front(), *first) << c;
    EXPECT_TRUE(solver->options().ends_with(c == "default" ? ",solver=cadical" : ",solver=cadical,cadical=" + c))
        << solver->options();
    EXPECT_EQ(solver->solve(n_queens(6), count_up_to(0)).count, 4u) << c;
  }
  for (std::string givens : {"reduce", "assume"}) {
    auto conflicts = [&](const std::string& c) {
      auto s = builtin_solvers().create("sat", SolverOptions::parse({"solver=cadical", "givens=" + givens, "cadical=" + c}));
      return s->solve(puzzle, count_up_to(2)).stats.counter("conflicts");
    };
    EXPECT_NE(conflicts("sat"), conflicts("default")) << givens;
  }
  // Another library has no configuration: the option does nothing there, and is not shown.
  auto cms = builtin_solvers().create("sat", SolverOptions::parse({"solver=cryptominisat", "cadical=sat"}));
  EXPECT_EQ(cms->solve(puzzle, count_up_to(2)).status, Status::unique);
  EXPECT_TRUE(cms->options().ends_with(",solver=cryptominisat")) << cms->options();
  EXPECT_THROW(builtin_solvers().create("sat", SolverOptions::parse({"cadical=fast"})), UsageError);
  sat::Setup setup;
  setup.cadical_configuration = "fast";
  EXPECT_THROW(sat::make_cadical(setup), UsageError);
}

// portfolio=cadical|mixed and members=N choose a portfolio's members: both kinds answer alike,
// options() names what was asked; with another library they do nothing and are not shown (as
// cadical=); other values are refused.
TEST(Sat, PortfolioMembersAreAnOption) {
  const Grid puzzle = read_one("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  std::optional<Grid> first;
  for (std::string members : {"cadical", "mixed"}) {
    auto solver = builtin_solvers().create("sat", SolverOptions::parse({"solver=portfolio", "portfolio=" + members, "members=3"}));
    const Result r = solver->solve(puzzle, count_up_to(2));
    ASSERT_EQ(r.status, Status::unique) << members;
    if (!first) first = r.solutions.front();
    EXPECT_EQ(r.solutions.front(), *first) << members;
    EXPECT_TRUE(solver->options().ends_with(members == "mixed" ? ",portfolio=mixed,members=3" : ",solver=portfolio,members=3"))
        << solver->options();
    // Two calls (the solution, then no other), each answered by one of the three members.
    EXPECT_EQ(calls_won(r.stats), (std::pair<std::size_t, std::uint64_t>{3, 2})) << members;
  }
  // Without members= (or with members=auto), one per core of the affinity mask, said so, with
  // a counter for each.
  for (std::vector<std::string> words : {std::vector<std::string>{"solver=portfolio"}, {"solver=portfolio", "members=auto"}}) {
    auto per_core = builtin_solvers().create("sat", SolverOptions::parse(words));
    const Result r = per_core->solve(puzzle, count_up_to(1));
    ASSERT_EQ(r.status, Status::solved);
    const auto n = calls_won(r.stats).first;
    EXPECT_TRUE(per_core->options().ends_with(",members=auto(" + std::to_string(n) + ")")) << per_core->options();
    EXPECT_EQ(calls_won(r.stats).second, 1u);
  }
  // Reused across puzzles (givens=assume), each search counts its own calls; a call stopped by
  // the budget is won by none.
  auto reused = builtin_solvers().create("sat", SolverOptions::parse({"solver=portfolio", "members=2", "givens=assume"}));
  for (int i = 0; i < 3; ++i) EXPECT_EQ(calls_won(reused->solve(puzzle, count_up_to(2)).stats), (std::pair<std::size_t, std::uint64_t>{2, 2}));
  Limits tight = count_up_to(2);
  tight.max_nodes = 1;
  const Result stopped = reused->solve(puzzle, tight);
  ASSERT_EQ(stopped.status, Status::stopped);
  // Each solution found was a call answered; the call that would have found more was stopped.
  EXPECT_EQ(calls_won(stopped.stats), (std::pair<std::size_t, std::uint64_t>{2, stopped.count}));
  EXPECT_LT(stopped.count, 2u);
  for (std::string bad : {"0", "9", "x", "", "-1", "123"})
    EXPECT_THROW(builtin_solvers().create("sat", SolverOptions::parse({"solver=portfolio", "members=" + bad})), UsageError) << bad;
  auto cadical = builtin_solvers().create("sat", SolverOptions::parse({"solver=cadical", "portfolio=mixed"}));
  const Result alone = cadical->solve(puzzle, count_up_to(2));
  EXPECT_EQ(alone.status, Status::unique);
  EXPECT_TRUE(cadical->options().ends_with(",solver=cadical")) << cadical->options();
  for (const Counter& c : alone.stats.counters) EXPECT_FALSE(c.name.starts_with("calls_won")) << c.name;
  EXPECT_THROW(builtin_solvers().create("sat", SolverOptions::parse({"solver=portfolio", "portfolio=all"})), UsageError);
}

// dpll and cdcl against CryptoMiniSat on random puzzles of several shapes, some unique, some not:
// the same status, count (up to 2) and unique solution, with every encoding.
TEST(Sat, TextbookSolversAgreeWithCryptoMiniSatOnRandomPuzzles) {
  for (auto lib : kTextbook) {
  Random random(17);
  int unique = 0, multiple = 0;
  for (auto [br, bc, puzzles, min_blanks, max_blanks] :
       {std::tuple{2, 2, 100, 6, 12}, {2, 3, 100, 14, 26}, {3, 3, 100, 40, 60}, {4, 4, 10, 60, 110},
        {5, 5, 3, 120, 200}})
    for (auto e : kEncodings) {
      SatSolver dpll(e, SatSolver::Mode::reduce, lib);
      SatSolver reference(e, SatSolver::Mode::reduce, sat::Library::cryptominisat);
      const auto shape = Shape::make(br, bc);
      for (int i = 0; i < puzzles; ++i) {
        const int blanks = min_blanks + static_cast<int>(random.below(static_cast<std::uint64_t>(max_blanks - min_blanks + 1)));
        const Grid puzzle = with_random_blanks(random_solution(shape, random), blanks, random);
        const Result want = reference.solve(puzzle, count_up_to(2));
        const Result got = dpll.solve(puzzle, count_up_to(2));
        ASSERT_EQ(got.status, want.status) << to_line(puzzle) << " " << to_string(e);
        ASSERT_EQ(got.count, want.count) << to_line(puzzle);
        for (const Grid& g : got.solutions) ASSERT_TRUE(is_solution(puzzle, g)) << to_line(puzzle);
        if (want.status == Status::unique) {
          ASSERT_EQ(got.solutions.at(0), want.solutions.at(0)) << to_line(puzzle);
          ++unique;
        } else {
          ++multiple;
        }
      }
    }
  EXPECT_GT(unique, 0);  // the mix exercises both outcomes
  EXPECT_GT(multiple, 0);
  }
}


// dpll's and cdcl's search is a tree the observer sees whole: a node per decision and per decision
// flipped (dpll: its other value, tried after its branch), each left again when the search runs to
// its end or jumps back, a dead end per conflict naming the false clause; its statistics are those
// events counted.
TEST(Sat, TextbookSolversReportEveryStep) {
  for (auto lib : kTextbook)
  for (auto e : kEncodings)
    for (auto m : kModes) {
      SatSolver solver(e, m, lib);
      test::EventCounter events;
      Limits limits = count_up_to(2);
      limits.observer = &events;
      const Result r = solver.solve(read_one("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"), limits);
      ASSERT_EQ(r.status, Status::unique) << solver.options();
      const std::uint64_t decisions = r.stats.counter("decisions"), conflicts = r.stats.counter("conflicts");
      EXPECT_GT(decisions, 0u) << solver.options();
      EXPECT_EQ(r.stats.nodes, 1 + decisions + r.stats.counter("flips"));
      EXPECT_EQ(r.stats.guesses, decisions);
      EXPECT_EQ(events.entered + 1, r.stats.nodes) << solver.options();
      EXPECT_EQ(events.choices, decisions);
      EXPECT_EQ(events.flips, r.stats.counter("flips"));
      EXPECT_EQ(events.left, events.entered);  // the search ran to its end (proving uniqueness)
      EXPECT_EQ(events.dead, conflicts);
      EXPECT_EQ(events.solutions, 1u);
      EXPECT_GT(events.placed, 0u);
      EXPECT_LE(events.placed, r.stats.propagations + (m == SatSolver::Mode::reduce ? 0 : 17));  // the 17 givens told as such
      // The false clause in cell terms (compact's counters are named by number: x812).
      EXPECT_TRUE(std::any_of(events.dead_ends.begin(), events.dead_ends.end(),
                              [](const std::string& d) { return d.rfind("conflict: (r", 0) == 0; }))
          << solver.options();
    }
  // Exact cover: a node per option chosen, the 4 solutions of 6 queens each told once.
  for (auto lib : kTextbook) {
  SatSolver solver(Encoding::extended, SatSolver::Mode::reduce, lib);
  test::EventCounter events;
  Limits limits = count_up_to(0);
  limits.observer = &events;
  const CoverResult r = solver.solve(n_queens(6), limits);
  EXPECT_EQ(r.count, 4u);
  EXPECT_EQ(events.solutions, 4u);
  EXPECT_EQ(events.choices, r.stats.counter("decisions"));
  EXPECT_EQ(events.entered + 1, r.stats.nodes);
  EXPECT_EQ(events.left, events.entered);
  EXPECT_EQ(events.dead, r.stats.counter("conflicts"));
  EXPECT_EQ(events.placed, 0u);  // no cells: inferences are notes
  }
}

// What learning buys, on the first 100 puzzles of top1465: cdcl makes the same kind of decisions
// as dpll (the cell with the fewest candidates, its lowest digit) but learns a clause from each
// conflict and jumps back over the levels it did not depend on, so it decides and fails less on
// every one of them, and in all far less; its trace shows the clauses learnt and the jumps, some
// over more than one level.
TEST(Sat, CdclLearnsAndJumpsBackWhereDpllFlips) {
  std::ifstream in(std::string(SUDOKIT_SOURCE_DIR) + "/data/top1465");
  std::vector<Grid> puzzles;
  for (std::string line; puzzles.size() < 100 && std::getline(in, line);)
    if (!line.empty() && line[0] != '#') puzzles.push_back(read_one(line));
  ASSERT_EQ(puzzles.size(), 100u);
  SatSolver dpll(Encoding::extended, SatSolver::Mode::reduce, sat::Library::dpll);
  SatSolver cdcl(Encoding::extended, SatSolver::Mode::reduce, sat::Library::cdcl);
  std::uint64_t dpll_conflicts = 0, cdcl_conflicts = 0;
  for (const Grid& p : puzzles) {
    const Result d = dpll.solve(p, count_up_to(2)), c = cdcl.solve(p, count_up_to(2));
    ASSERT_EQ(c.status, Status::unique) << to_line(p);
    EXPECT_EQ(c.solutions.at(0), d.solutions.at(0));
    EXPECT_LE(c.stats.counter("conflicts"), d.stats.counter("conflicts")) << to_line(p);
    EXPECT_TRUE(std::none_of(c.stats.counters.begin(), c.stats.counters.end(), [](const Counter& k) { return k.name == "flips"; }));
    dpll_conflicts += d.stats.counter("conflicts");
    cdcl_conflicts += c.stats.counter("conflicts");
  }
  EXPECT_LT(3 * cdcl_conflicts, dpll_conflicts) << cdcl_conflicts << " against " << dpll_conflicts;

  const auto traced = run_cli("solve --solver sat -o solver=cdcl --count 2 --trace", to_line(puzzles[0]) + "\n");
  ASSERT_EQ(traced.exit_code, 0) << traced.err;
  EXPECT_NE(traced.err.find("learnt ("), std::string::npos);
  EXPECT_NE(traced.err.find("(first UIP r"), std::string::npos);
  bool skipped_a_level = false;
  for (std::size_t at = 0; (at = traced.err.find("back-jump from level ", at)) != std::string::npos; ++at) {
    int from = 0, to = 0;
    ASSERT_EQ(std::sscanf(traced.err.c_str() + at, "back-jump from level %d to level %d", &from, &to), 2);
    EXPECT_LT(to, from);
    skipped_a_level = skipped_a_level || to < from - 1;
  }
  EXPECT_TRUE(skipped_a_level) << "no jump over a level";
  EXPECT_NE(traced.err.find("a clause forbids this solution"), std::string::npos);  // then, no second one
}

// 13 pigeons into 12 holes as exact cover: unsatisfiable, and exponentially hard for clause
// learning, so a deadline has to end one long solver call.
namespace {
ExactCover pigeonhole(int holes) {
  ExactCover p;
  for (int i = 0; i <= holes; ++i) p.items.push_back("P" + std::to_string(i));
  p.primary = holes + 1;
  for (int j = 0; j < holes; ++j) p.items.push_back("H" + std::to_string(j));
  for (int i = 0; i <= holes; ++i)
    for (int j = 0; j < holes; ++j) p.options.push_back({i, holes + 1 + j});
  return p;
}
}  // namespace

// The deadline holds inside one long call (the pigeonhole), and across many short ones (every
// solution of an empty 25x25 grid, a count that never ends).
TEST(Sat, TimeoutStopsEveryLibrary) {
  const Grid empty(Shape::make(5, 5));
  const ExactCover hard = pigeonhole(12);
  for (auto lib : kLibraries) {
    SatSolver solver(Encoding::compact, SatSolver::Mode::reduce, lib);
    Limits limits = count_up_to(0);
    limits.max_seconds = 0.5;
    auto check = [&](const auto& r, double seconds) {
      EXPECT_EQ(r.status, Status::stopped) << solver.options();
      EXPECT_EQ(r.stop_reason, StopReason::time) << solver.options();
      EXPECT_LT(seconds, 4.0) << solver.options();  // generous: a busy machine runs slow
    };
    auto start = std::chrono::steady_clock::now();
    const CoverResult c = solver.solve(hard, limits);
    check(c, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    EXPECT_EQ(c.count, 0u);
    start = std::chrono::steady_clock::now();
    const Result g = solver.solve(empty, limits);
    check(g, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
}

// --max-nodes is a conflict budget for sat, carried across the calls of one count.
TEST(Sat, NodeLimitStopsEveryLibrary) {
  for (auto lib : kLibraries) {
    SatSolver solver(Encoding::extended, SatSolver::Mode::reduce, lib);
    Limits limits = count_up_to(0);
    limits.max_nodes = 20;
    const CoverResult r = solver.solve(n_queens(10), limits);
    EXPECT_EQ(r.status, Status::stopped) << solver.options();
    EXPECT_EQ(r.stop_reason, StopReason::nodes) << solver.options();
    EXPECT_LT(r.count, 724u);
    // The hard 9x9 puzzle needs more than one conflict in either library.
    limits.max_nodes = 1;
    const Result g = solver.solve(read_one("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"), limits);
    EXPECT_EQ(g.status, Status::stopped) << solver.options();
    EXPECT_EQ(g.stop_reason, StopReason::nodes) << solver.options();
  }
}

TEST(Sat, ReadsSolverOutputs) {
  std::istringstream cms("c comment\ns SATISFIABLE\nv 1 -2 3\nv -4 0\n");
  auto m = read_model(cms, "out", 5);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->of(1), 1);
  EXPECT_EQ(m->of(2), -1);
  EXPECT_EQ(m->of(3), 1);
  EXPECT_EQ(m->of(4), -1);
  EXPECT_EQ(m->of(5), 0);  // not in the output: no value
  std::istringstream minisat("SAT\n1 -2 3 -4 0\n");
  EXPECT_TRUE(read_model(minisat, "out", 4).has_value());
  std::istringstream unsat("s UNSATISFIABLE\n");
  EXPECT_FALSE(read_model(unsat, "out", 4).has_value());
  std::istringstream minisat_unsat("UNSAT\n");
  EXPECT_FALSE(read_model(minisat_unsat, "out", 4).has_value());
}

// A program stopped by its own limit or a signal says UNKNOWN or INDETERMINATE: no answer, which
// must not be read as "no solution" (a satisfiable formula would pass for unsatisfiable).
TEST(Sat, AnUnknownAnswerIsAnErrorNotUnsatisfiable) {
  for (const char* status : {"s UNKNOWN\n", "s INDETERMINATE\n", "INDET\n", "UNKNOWN\n"}) {
    std::istringstream out(std::string("c stopped\n") + status);
    try {
      read_model(out, "out", 4);
      ADD_FAILURE() << status << " was read as an answer";
    } catch (const InputError& e) {
      EXPECT_EQ(e.line(), 2u) << e.what();
      EXPECT_NE(std::string(e.what()).find("the solver gave no answer"), std::string::npos) << e.what();
    }
  }
}

// A model is checked against every clause: the one it falsifies, or leaves with no true literal
// for want of a value, is named by its number and literals; a clause list says the same of a
// library's model (all variables valued) as falsified_clause of a Cnf.
TEST(Sat, AModelIsCheckedAgainstEveryClause) {
  Cnf f;
  f.variables = 3;
  f.clauses = {{1, 2}, {-1, -2}, {3}};
  Model m(3);
  m.set(1, true);
  m.set(2, false);
  m.set(3, true);
  EXPECT_EQ(falsified_clause(f, m), "");
  m.set(2, true);
  EXPECT_EQ(falsified_clause(f, m), "clause 2 (-1 -2) is false under the model");
  Model partial(3);
  partial.set(1, true);
  partial.set(2, true);
  EXPECT_EQ(falsified_clause(f, partial), "clause 2 (-1 -2) is false under the model");
  partial.set(2, false);
  EXPECT_EQ(falsified_clause(f, partial), "clause 3 (3) has no true literal: variable 3 has no value in the model");
  ClauseList list;
  for (const auto& c : f.clauses) list.add(c);
  EXPECT_EQ(list.size(), 3u);
  EXPECT_EQ(list.to_cnf().clauses, f.clauses);
  boost::dynamic_bitset<> value(4);
  value.set(1);
  value.set(3);
  EXPECT_EQ(list.falsified(value), "");
  value.set(2);
  EXPECT_EQ(list.falsified(value), "clause 2 (-1 -2) is false under the model");
}

TEST(Sat, ALiteralOutOfRangeIsAnInputError) {
  // Negating the most negative 64-bit number is undefined; beyond int there is no DIMACS variable.
  for (const char* lit : {"-9223372036854775808", "9223372036854775807", "-99999999999999999999", "2147483648"}) {
    std::istringstream out("s SATISFIABLE\nv 1 -2\nv 3 " + std::string(lit) + " 0\n");
    try {
      read_model(out, "out", 4);
      ADD_FAILURE() << lit << " was accepted";
    } catch (const InputError& e) {
      EXPECT_EQ(e.line(), 3u) << e.what();
      EXPECT_EQ(e.column(), 5u) << e.what();
      EXPECT_NE(std::string(e.what()).find("out: line 3, column 5: literal " + std::string(lit) + " is out of range"),
                std::string::npos) << e.what();
    }
  }
  std::istringstream largest("s SATISFIABLE\nv 1 -2147483647 0\n");
  EXPECT_TRUE(read_model(largest, "out", 4).has_value());
  std::istringstream junk("s SATISFIABLE\nv 1 x2 0\n");
  EXPECT_THROW(read_model(junk, "out", 4), InputError);
}

// The DIMACS file from `encode --to dimacs`, solved by the external solvers that are installed
// (scripts/setup.sh --extra installs minisat, cadical and picosat; .ci/run runs it): each model
// maps back to the grid that sat and backtrack give.
TEST(Sat, ExternalSolversAgreeOnTheDimacsFile) {
  const std::vector<std::string> puzzles = {
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
      "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
      "004300209005009001070060043006002087190007400050083000600000105003508690042910300"};
  struct Program {
    std::string name, command;  // command: %s the CNF file, %o the output file
  };
  const std::vector<Program> programs = {{"minisat", "minisat -verb=0 %s %o"},
                                         {"cadical", "cadical -q %s > %o"},
                                         {"picosat", "picosat %s > %o"}};
  int ran = 0;
  for (const Program& p : programs) {
    if (std::system(("command -v " + p.name + " >/dev/null 2>&1").c_str()) != 0) {
      std::cout << "[ note ] " << p.name << " is not installed: scripts/setup.sh --extra installs it\n";
      continue;
    }
    for (const std::string& text : puzzles)
      for (const std::string encoding : {"minimal", "extended", "compact"}) {
        const Grid puzzle = read_one(text);
        const std::string cnf = ::testing::TempDir() + "sudokit_" + p.name + ".cnf";
        const std::string out = ::testing::TempDir() + "sudokit_" + p.name + ".out";
        const auto enc = run_cli("encode --to dimacs --encoding " + encoding + " --output " + cnf, text + "\n");
        ASSERT_EQ(enc.exit_code, 0) << enc.err;
        std::string command = p.command;
        command.replace(command.find("%s"), 2, cnf);
        command.replace(command.find("%o"), 2, out);
        std::system(command.c_str());  // SAT solvers exit 10 for satisfiable
        std::ifstream result(out);
        const Cnf formula = sudoku_cnf(puzzle, parse_encoding(encoding), Givens::units);  // what encode wrote
        const auto model = read_model(result, out, formula.variables);
        ASSERT_TRUE(model.has_value()) << p.name;
        EXPECT_EQ(falsified_clause(formula, *model), "") << p.name << " " << encoding;
        const DecodedGrid decoded = grid_of_model(puzzle, *model, formula);
        EXPECT_EQ(decoded.fault, "") << p.name << " " << encoding;
        const Grid& grid = decoded.grid;
        EXPECT_TRUE(is_solution(puzzle, grid)) << p.name << " " << encoding;
        EXPECT_EQ(grid, another_method(puzzle).solutions.at(0)) << p.name;
        ++ran;
      }
  }
  if (ran == 0) GTEST_SKIP() << "no external SAT solver installed";
}

// Variant puzzles through the files: `encode --to dimacs|dlx` writes the rules into the formula
// and the matrix (more clauses and items than the classic puzzle of the same givens), and the
// DIMACS file solved by an external SAT solver, when one is installed, decodes to a solution that
// obeys the rules and is the one dlx finds.
TEST(Sat, VariantPuzzlesEncodeTheirRulesAndExternalSolversSolveThem) {
  const std::string x_puzzle = std::string(SUDOKIT_TEST_DATA) + "/fpuzzles/ukpa_diagonal_hard.json";
  const std::string jigsaw =
      "# jigsaw:\n# 122222223\n# 111123323\n# 111533333\n# 145555666\n# 444455566\n# 477899596\n# 478889996\n"
      "# 477789896\n# 477788896\n...97.........4..37.....1.........8..........8...6..5..7.......631........9.5....\n";
  const std::string jigsaw_file = ::testing::TempDir() + "sudokit_jigsaw.txt";
  std::ofstream(jigsaw_file) << jigsaw;
  auto header_number = [](const std::string& text, const std::string& prefix, int field) {
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);)
      if (line.rfind(prefix, 0) == 0) {
        std::istringstream words(line);
        std::string word;
        for (int i = 0; i < field; ++i) words >> word;
        return std::stol(word);
      }
    return -1L;
  };
  auto items = [](const std::string& cover) {  // the first line that is not a comment names the items
    std::istringstream lines(cover);
    for (std::string line; std::getline(lines, line);)
      if (!line.empty() && line[0] != '|') return std::count(line.begin(), line.end(), ' ') + 1;
    return std::ptrdiff_t{0};
  };
  struct Case {
    std::string file, rules;
    Grid puzzle;
  };
  std::ifstream x_in(x_puzzle);
  std::stringstream x_text;
  x_text << x_in.rdbuf();
  std::vector<Case> cases = {{x_puzzle, "x", read_one(x_text.str())}, {jigsaw_file, "jigsaw", read_one(jigsaw)}};
  for (const Case& c : cases) {
    const std::string classic = ::testing::TempDir() + "sudokit_classic.txt";
    std::ofstream(classic) << to_line(c.puzzle) << "\n";  // the same givens, no rules
    const auto cnf = run_cli("encode --to dimacs " + c.file), plain_cnf = run_cli("encode --to dimacs " + classic);
    ASSERT_EQ(cnf.exit_code, 0) << cnf.err;
    ASSERT_EQ(plain_cnf.exit_code, 0) << plain_cnf.err;
    if (c.rules == "x") { EXPECT_GT(header_number(cnf.out, "p cnf", 4), header_number(plain_cnf.out, "p cnf", 4)); }
    else EXPECT_NE(cnf.out, plain_cnf.out);  // as many clauses: regions in place of boxes
    const auto cover = run_cli("encode --to dlx " + c.file), plain_cover = run_cli("encode --to dlx " + classic);
    ASSERT_EQ(cover.exit_code, 0) << cover.err;
    if (c.rules == "x") { EXPECT_GT(items(cover.out), items(plain_cover.out)); }  // the diagonals' items
    else EXPECT_NE(cover.out, plain_cover.out);                             // regions in place of boxes
    // The matrix solved by the exact-cover reader and dlx: one solution, as the puzzle has.
    const std::string dlx_file = ::testing::TempDir() + "sudokit_variant.dlx";
    std::ofstream(dlx_file) << cover.out;
    const auto xc = run_cli("xc --count 2 " + dlx_file);
    EXPECT_NE(xc.out.find("1 solution (unique)"), std::string::npos) << xc.out << xc.err;

    const Grid expected = another_method(c.puzzle).solutions.at(0);
    ASSERT_TRUE(is_solution(c.puzzle, expected));
    for (const std::string program : {"minisat", "cadical"}) {
      if (std::system(("command -v " + program + " >/dev/null 2>&1").c_str()) != 0) {
        std::cout << "[ note ] " << program << " is not installed: scripts/setup.sh --extra installs it\n";
        continue;
      }
      const std::string cnf_file = ::testing::TempDir() + "sudokit_variant.cnf";
      const std::string out = ::testing::TempDir() + "sudokit_variant.out";
      std::ofstream(cnf_file) << cnf.out;
      std::system((program == "minisat" ? "minisat -verb=0 " + cnf_file + " " + out + " >/dev/null 2>&1"
                                        : "cadical -q " + cnf_file + " > " + out)
                      .c_str());
      std::ifstream result(out);
      const auto model = read_model(result, out, c.puzzle.cells() * c.puzzle.size());
      ASSERT_TRUE(model.has_value()) << program << " " << c.rules;
      const DecodedGrid decoded = grid_of_model(c.puzzle, [&](int v) { return model->of(v); });
      EXPECT_EQ(decoded.fault, "") << program << " " << c.rules;
      const Grid& grid = decoded.grid;
      EXPECT_TRUE(is_solution(c.puzzle, grid)) << program << " " << c.rules;
      EXPECT_EQ(grid, expected) << program << " " << c.rules;
    }
  }
}

namespace {
// The puzzle test_trace.cpp traces: 4 ... 5 in row 1, two dozen nodes of DPLL search.
const char* kTraced = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
}  // namespace

// sat's textbook DPLL (solver=dpll) traces every step in cell terms and draws its decision tree;
// the libraries' trace stays a note per call.
TEST(TraceCli, SatDpllTracesDecisionsPropagationsAndConflicts) {
  const std::string dot = ::testing::TempDir() + "sudokit_dpll_tree.dot";
  const auto r = test::run_cli("solve --solver sat -o solver=dpll --count 2 --trace --tree " + dot, std::string(kTraced) + "\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("[node 2] "), std::string::npos);
  EXPECT_NE(r.err.find("choice (one of "), std::string::npos);
  EXPECT_NE(r.err.find("naked single"), std::string::npos);
  EXPECT_NE(r.err.find("hidden single"), std::string::npos);
  EXPECT_NE(r.err.find("!="), std::string::npos);            // an elimination, by its clause
  EXPECT_NE(r.err.find("dead end: conflict: (r"), std::string::npos);
  EXPECT_NE(r.err.find("back from node 2"), std::string::npos);
  EXPECT_EQ(r.out, "# puzzle 1: 1 solution (unique)\n417369825632158947958724316825437169791586432346912758289643571573291684164875293\n");
  std::ifstream in(dot);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("n1 -> n2 [label=\"r"), std::string::npos);
  EXPECT_NE(text.str().find("#f4a6a6"), std::string::npos);  // a dead end
  const auto library = test::run_cli("solve --solver sat -o solver=cryptominisat --count 2 --trace", std::string(kTraced) + "\n");
  ASSERT_EQ(library.exit_code, 0) << library.err;
  EXPECT_NE(library.err.find("CryptoMiniSat call 1: "), std::string::npos);
  EXPECT_EQ(library.err.find("[node 2]"), std::string::npos);
}
