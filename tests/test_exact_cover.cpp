// Exact cover with colours through the common interface: the DLX reader and writer, the
// independent verifier, and every backend that declares it takes exact cover, checked against
// counts found by brute force over every subset of options.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "sudokit/encoders/dlx_format.h"
#include "sudokit/errors.h"
#include "sudokit/exact_cover.h"
#include "sudokit/registry.h"
#include "sudokit/trace.h"
#include "test_support.h"

namespace sudokit {
namespace {

using test::count_up_to;

ExactCover parse(const std::string& text, std::vector<DlxWarning>* warnings = nullptr) {
  std::istringstream in(text);
  return read_dlx(in, "test.dlx", warnings);
}

// The solutions by brute force: every subset of the options that covers each primary item exactly
// once (counted by bitmask), checked by the verifier.
std::vector<Selection> brute_force_solutions(const ExactCover& xc) {
  EXPECT_LE(xc.option_count(), 20) << "too many options to enumerate";
  std::vector<std::uint32_t> primary_mask(static_cast<std::size_t>(xc.option_count()), 0);
  for (int o = 0; o < xc.option_count(); ++o)
    for (int i : xc.options[static_cast<std::size_t>(o)])
      if (xc.is_primary(i)) primary_mask[static_cast<std::size_t>(o)] |= 1u << i;
  const std::uint32_t all = (1u << xc.primary) - 1;
  std::vector<Selection> solutions;
  std::vector<int> chosen;
  for (std::uint32_t mask = 0; mask < (1u << xc.option_count()); ++mask) {
    std::uint32_t covered = 0;
    bool clash = false;
    for (int o = 0; o < xc.option_count() && !clash; ++o)
      if (mask >> o & 1) {
        clash = covered & primary_mask[static_cast<std::size_t>(o)];
        covered |= primary_mask[static_cast<std::size_t>(o)];
      }
    if (clash || covered != all) continue;
    chosen.clear();
    for (int o = 0; o < xc.option_count(); ++o)
      if (mask >> o & 1) chosen.push_back(o);
    if (is_exact_cover(xc, chosen)) solutions.push_back(chosen);
  }
  return solutions;
}

std::uint64_t brute_force_count(const ExactCover& xc) { return brute_force_solutions(xc).size(); }

// A random problem: `primary` primary items, `secondary` secondary ones, options of 1-4 items
// each with at least one primary item; with colours, secondary items get one of two colours or
// none.
ExactCover random_problem(std::mt19937& rng, int primary, int secondary, int options, bool colours) {
  ExactCover xc;
  for (int i = 0; i < primary; ++i) xc.items.push_back("p" + std::to_string(i));
  for (int i = 0; i < secondary; ++i) xc.items.push_back("s" + std::to_string(i));
  xc.primary = primary;
  if (colours) {
    xc.colour_id("red");
    xc.colour_id("blue");
  }
  std::uniform_int_distribution<int> item(0, primary + secondary - 1), prim(0, primary - 1), size(1, 4), colour(0, 2);
  for (int o = 0; o < options; ++o) {
    std::vector<int> list{prim(rng)};
    for (int k = size(rng) - 1; k > 0; --k) {
      const int i = item(rng);
      if (std::find(list.begin(), list.end(), i) == list.end()) list.push_back(i);
    }
    std::vector<int> cols;
    for (int i : list) cols.push_back(colours && i >= primary ? colour(rng) : 0);
    xc.options.push_back(list);
    if (colours) xc.option_colours.push_back(cols);
  }
  xc.validate();
  return xc;
}

}  // namespace

TEST(DlxFormat, ReadsColoursAndWritesThemBack) {
  const ExactCover xc = parse("| a comment\na b | x y\na x:red\nb x:red y\na y:blue\nb x:blue\n");
  ASSERT_EQ(xc.item_count(), 4);
  EXPECT_EQ(xc.primary, 2);
  ASSERT_TRUE(xc.has_colours());
  EXPECT_EQ(xc.option_text(0), "a x:red");
  EXPECT_EQ(xc.option_text(1), "b x:red y");
  EXPECT_EQ(xc.colour(1, 2), 0);  // y: no colour
  EXPECT_EQ(xc.colour_names[static_cast<std::size_t>(xc.colour(1, 1))], "red");
  std::ostringstream out;
  write_dlx(out, xc);
  EXPECT_EQ(out.str(), "a b | x y\na x:red\nb x:red y\na y:blue\nb x:blue\n");
  EXPECT_EQ(parse(out.str()).option_text(3), "b x:blue");
}

TEST(DlxFormat, DropsAnOptionWithoutPrimaryItemsWithAWarning) {
  std::vector<DlxWarning> warnings;
  const ExactCover xc = parse("a b | s\na\nb\ns\n", &warnings);
  EXPECT_EQ(xc.option_count(), 2);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].line, 4u);
  EXPECT_NE(warnings[0].message.find("no primary item"), std::string::npos);
}

TEST(DlxFormat, ACrlfFileReadsAsTheSameProblem) {
  const ExactCover lf = parse("a b | s\na s\nb\n"), crlf = parse("a b \r| s\r\na s\r\nb\r\n");
  EXPECT_EQ(lf.items, crlf.items);
  EXPECT_EQ(lf.options, crlf.options);
  std::ostringstream a, b;
  write_dlx(a, lf);
  write_dlx(b, crlf);
  EXPECT_EQ(a.str(), b.str());
}

TEST(DlxFormat, ALongOptionIsReadInLinearTime) {
  // 200,000 items in one option: a quadratic repeated-item check would take seconds; this one
  // does one look-up per item. (Correctness only here; benchmarks time things.)
  std::string items, option;
  for (int i = 0; i < 200000; ++i) items += "i" + std::to_string(i) + " ";
  const ExactCover xc = parse(items + "\n" + items + "\n");
  EXPECT_EQ(xc.options.at(0).size(), 200000u);
}

TEST(Verifier, NamesWhatIsWrong) {
  const ExactCover xc = parse("a b | x\na x:red\nb x:blue\nb x:red\na b\nb x\n");
  EXPECT_TRUE(is_exact_cover(xc, std::vector<int>{0, 2}));
  EXPECT_TRUE(is_exact_cover(xc, std::vector<int>{3}));
  auto first = [&](std::vector<int> chosen) {
    const auto v = verify_cover(xc, chosen);
    return v.empty() ? std::string("ok") : v.front().message;
  };
  EXPECT_EQ(first({0, 1}), "item 'x' gets two colours, from 'a x:red' and 'b x:blue'");
  EXPECT_EQ(first({0, 4}), "item 'x' is covered by both 'a x:red' and 'b x'");
  EXPECT_EQ(first({0}), "primary item 'b' is not covered");
  EXPECT_EQ(first({3, 0}), "item 'a' is covered by both 'a b' and 'a x:red'");
  EXPECT_EQ(first({7}), "option 7 does not exist");
  EXPECT_EQ(first({3, 3}), "option 'a b' is chosen twice");
}

// What remains once some options are taken (the lesson's what-if): its solutions, with the options
// taken, are exactly the solutions of the whole that contain them; clashing options are refused.
TEST(ExactCoverModel, TheRemainingProblemHasTheSolutionsThatContainTheChosenOptions) {
  std::mt19937 rng(29);
  int with_solutions = 0;  // cases where the option is in some solution: the test has something to find
  for (int round = 0; round < 60; ++round) {
    const ExactCover xc = random_problem(rng, 5, 3, 16, round % 2 == 1);
    const std::vector<Selection> whole = brute_force_solutions(xc);
    for (int o = 0; o < xc.option_count(); ++o) {
      std::vector<int> kept;
      ExactCover left;
      try {
        left = remaining_problem(xc, std::vector<int>{o}, &kept);
      } catch (const UsageError&) {
        ADD_FAILURE() << "one option alone cannot clash";
        continue;
      }
      left.validate();
      ASSERT_EQ(kept.size(), static_cast<std::size_t>(left.option_count()));
      std::set<Selection> expected, found;
      for (const Selection& s : whole)
        if (std::find(s.begin(), s.end(), o) != s.end()) expected.insert(s);
      for (Selection s : brute_force_solutions(left)) {
        for (int& option : s) option = kept[static_cast<std::size_t>(option)];
        s.push_back(o);
        std::sort(s.begin(), s.end());
        found.insert(s);
      }
      EXPECT_EQ(found, expected) << "round " << round << ", option " << o;
      with_solutions += !expected.empty();
    }
  }
  EXPECT_GE(with_solutions, 50);
  ExactCover two = parse("a b | c\na c\nb c\n");
  EXPECT_THROW(remaining_problem(two, std::vector<int>{0, 1}), UsageError);  // both use c, uncoloured
  EXPECT_THROW(remaining_problem(two, std::vector<int>{7}), UsageError);
}

TEST(ExactCoverModel, ValidateRejectsAnOptionWithoutPrimaryItem) {
  ExactCover xc;
  xc.items = {"a", "s"};
  xc.primary = 1;
  xc.options = {{0}, {1}};
  EXPECT_THROW(xc.validate(), UsageError);
}

class EveryCoverBackend : public ::testing::TestWithParam<std::string> {};

// The file of the issue that showed dlx and sat disagreeing: now one problem for every backend.
TEST_P(EveryCoverBackend, CountsTheProblemTheReaderMakes) {
  const ExactCover xc = parse("a b | s\na\nb\ns\n");
  const CoverResult r = builtin_solvers().create(GetParam())->solve(xc, count_up_to(0));
  EXPECT_EQ(r.status, Status::unique);
  EXPECT_EQ(r.count, 1u);
}

// 300 random problems, half with colours, and their counts by brute force: made once, shared by
// every backend's test.
const std::vector<std::pair<ExactCover, std::uint64_t>>& random_problems_and_counts() {
  static const auto problems = [] {
    std::vector<std::pair<ExactCover, std::uint64_t>> out;
    std::mt19937 rng(2026);
    for (int trial = 0; trial < 300; ++trial) {
      ExactCover xc = random_problem(rng, 3 + trial % 4, 1 + trial % 3, 8 + trial % 9, trial % 2 == 1);
      const std::uint64_t count = brute_force_count(xc);
      out.emplace_back(std::move(xc), count);
    }
    return out;
  }();
  return problems;
}

TEST_P(EveryCoverBackend, AgreesWithBruteForceOnRandomProblems) {
  auto solver = builtin_solvers().create(GetParam());
  std::uint64_t solutions = 0, coloured_solutions = 0;
  int trial = 0;
  for (const auto& [xc, want] : random_problems_and_counts()) {
    const bool colours = xc.has_colours();
    solutions += want;
    coloured_solutions += colours ? want : 0;
    const CoverResult r = solver->solve(xc, count_up_to(0, 1000));
    ASSERT_EQ(r.count, want) << "trial " << trial << (colours ? " (colours)" : "");
    EXPECT_EQ(r.status, want == 0 ? Status::none : want == 1 ? Status::unique : Status::multiple);
    ASSERT_EQ(r.solutions.size(), want);
    for (const auto& s : r.solutions) ASSERT_TRUE(is_exact_cover(xc, s)) << "trial " << trial;
    std::vector<Selection> distinct = r.solutions;
    std::sort(distinct.begin(), distinct.end());
    EXPECT_EQ(std::unique(distinct.begin(), distinct.end()), distinct.end()) << "a solution reported twice";
    ++trial;
  }
  // The random problems are not all trivial: there are solutions, with and without colours.
  EXPECT_GT(solutions, 100u);
  EXPECT_GT(coloured_solutions, 30u);
}

TEST_P(EveryCoverBackend, AColouredProblemWhereColoursDecide) {
  // Two words share a cell: "x" must be red for both or blue for both. Brute force: 2 solutions.
  const ExactCover xc = parse(
      "w1 w2 | x\n"
      "w1 x:red\nw1 x:blue\n"
      "w2 x:red\nw2 x:green\n");
  EXPECT_EQ(brute_force_count(xc), 1u);
  const CoverResult r = builtin_solvers().create(GetParam())->solve(xc, count_up_to(0));
  EXPECT_EQ(r.count, 1u);
  ASSERT_EQ(r.solutions.size(), 1u);
  EXPECT_EQ(r.solutions[0], (Selection{0, 2}));
}

// --max-nodes bounds what the backend declares it counts (BackendInfo::node_unit).
TEST_P(EveryCoverBackend, StopsAtItsWorkBudget) {
  const Registry registry = builtin_solvers();
  const std::string unit = registry.info(GetParam()).node_unit;
  auto work = [&](const Stats& s) { return unit == "nodes" ? s.nodes : s.counter(unit); };
  auto solver = registry.create(GetParam());
  // 4 queens' worth of clashes is too little for a SAT solver's conflicts: count 10 queens, as
  // an exact-cover problem with secondary diagonals, built here.
  ExactCover q;
  const int n = 10;
  for (int i = 0; i < n; ++i) q.items.push_back("R" + std::to_string(i));
  for (int i = 0; i < n; ++i) q.items.push_back("C" + std::to_string(i));
  q.primary = 2 * n;
  for (int d = 0; d < 4 * n - 2; ++d) q.items.push_back("D" + std::to_string(d));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) q.options.push_back({r, n + c, 2 * n + r + c, 2 * n + (2 * n - 1) + (r - c + n - 1)});
  q.validate();
  const CoverResult full = solver->solve(q, count_up_to(0));
  ASSERT_EQ(full.count, 724u);
  const std::uint64_t budget = work(full.stats) / 4;
  ASSERT_GT(budget, 0u);
  Limits limits = count_up_to(0);
  limits.max_nodes = budget;
  const CoverResult r = solver->solve(q, limits);
  EXPECT_EQ(r.status, Status::stopped);
  EXPECT_EQ(r.stop_reason, StopReason::nodes);
  EXPECT_LT(r.count, 724u);
  if (unit == "nodes") { EXPECT_LE(r.stats.nodes, budget); }
}

TEST_P(EveryCoverBackend, KeepsTheFirstSolutionsAndCountsAll) {
  const ExactCover xc = parse("a b\na\nb\na b\n");  // {a,b} or {a b}: 2 solutions
  const CoverResult r = builtin_solvers().create(GetParam())->solve(xc, count_up_to(0, 1));
  EXPECT_EQ(r.count, 2u);
  EXPECT_EQ(r.solutions.size(), 1u);
  const CoverResult first = builtin_solvers().create(GetParam())->solve(xc, count_up_to(1));
  EXPECT_EQ(first.status, Status::solved);
}

// The trace adds up to the statistics: every node but the root entered with its option, every
// choice made and taken back, the dead ends met.
TEST_P(EveryCoverBackend, TracesEveryStep) {
  struct Counting final : SearchObserver {
    Counting& operator=(const Counting&) = default;
    std::uint64_t entered = 0, choices = 0, dead = 0, left = 0, solutions = 0, notes = 0, bad_items = 0;
    const ExactCover* xc = nullptr;
    void enter(std::uint64_t, std::uint64_t, int, int, int, Reason) override { ADD_FAILURE() << "a Sudoku step"; }
    void enter_option(std::uint64_t, std::uint64_t, int item, int option, int, Reason r) override {
      ++entered;
      choices += r == Reason::choice;
      const auto& list = xc->options.at(static_cast<std::size_t>(option));
      bad_items += std::find(list.begin(), list.end(), item) == list.end();  // the option covers the item
    }
    void place(int, int, Reason, std::string_view) override {}
    void dead_end(std::string_view) override { ++dead; }
    void leave(std::uint64_t) override { ++left; }
    void solution() override { ++solutions; }
    void note(std::string_view) override { ++notes; }
  } counting;
  const Registry registry = builtin_solvers();
  auto solver = registry.create(GetParam());
  std::mt19937 rng(11);
  std::uint64_t dead_ends = 0;
  for (int trial = 0; trial < 20; ++trial) {
    const ExactCover xc = random_problem(rng, 6, 3, 18, true);
    counting = {};
    counting.xc = &xc;
    Limits limits = count_up_to(0);
    limits.observer = &counting;
    const CoverResult r = solver->solve(xc, limits);
    EXPECT_EQ(counting.solutions, r.count);
    if (registry.info(GetParam()).tracing == BackendInfo::Tracing::notes) {
      EXPECT_GE(counting.notes, 2u);
      continue;
    }
    EXPECT_EQ(counting.entered + 1, r.stats.nodes);
    EXPECT_EQ(counting.choices, r.stats.guesses);
    EXPECT_EQ(counting.left, r.stats.backtracks);
    EXPECT_EQ(counting.bad_items, 0u);
    dead_ends += counting.dead;
  }
  if (registry.info(GetParam()).tracing == BackendInfo::Tracing::steps) { EXPECT_GT(dead_ends, 0u); }
}

TEST(XcCli, SolvesTracesAndDrawsAnyBackendThatTakesExactCover) {
  for (const auto& name : builtin_solvers().names(ProblemKind::exact_cover)) {
    const std::string dot = ::testing::TempDir() + "sudokit_xc_tree_" + name + ".dot";
    const auto r = test::run_cli("xc --solver " + name + " --count 0 --stats --trace --tree " + dot,
                                 "| two solutions\na b | x\na x:1\nb x:1\na b\nb x:2\n");
    EXPECT_EQ(r.exit_code, 0) << name << ": " << r.err;
    EXPECT_NE(r.out.find("# 2 solutions"), std::string::npos) << name << ": " << r.out;
    EXPECT_NE(r.err.find("[node 1] root"), std::string::npos) << name;
    EXPECT_NE(r.err.find("solver=" + name + " status=multiple count=2"), std::string::npos) << name << ": " << r.err;
    std::ifstream tree(dot);
    std::stringstream text;
    text << tree.rdbuf();
    EXPECT_NE(text.str().find("digraph search"), std::string::npos) << name;
  }
  const auto bad = test::run_cli("xc", "a b\na c\n");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("stdin: line 2, column 3: unknown item 'c'"), std::string::npos) << bad.err;
  const std::string sudoku_only =
      test::backend_where(ProblemKind::sudoku, [](const BackendInfo& i) { return !i.exact_cover; }, "taking Sudoku only");
  const auto no = test::run_cli("xc --solver " + sudoku_only, "a\na\n");
  EXPECT_EQ(no.exit_code, 3);
}

INSTANTIATE_TEST_SUITE_P(Registered, EveryCoverBackend,
                         ::testing::ValuesIn(builtin_solvers().names(ProblemKind::exact_cover)),
                         [](const auto& info) { return info.param; });

TEST(Registry, BackendsThatTakeNoExactCoverSayWhy) {
  const Registry registry = builtin_solvers();
  const ExactCover xc = parse("a\na\n");
  for (const auto& e : registry.entries()) {
    if (e.info.exact_cover) continue;
    EXPECT_THROW(registry.create(e.info.name)->solve(xc, count_up_to(1)), UsageError) << e.info.name;
  }
}

// A command not told a backend takes the fastest declared among those that take the grid, its
// size and its rules: a faster backend that takes classic 9x9 only is not chosen for 16x16 or X.
TEST(Registry, TheDefaultIsTheFastestOfThoseThatTakeTheGrid) {
  Registry registry;
  auto declared = [](std::string name, double per_second, int max_size, bool classic_only) {
    BackendInfo info(std::move(name), "");
    info.speeds = {{ProblemKind::sudoku, 1, 64, per_second, ""}};
    info.max_size = max_size;
    info.classic_only = classic_only;
    return info;
  };
  const Registry::Factory none = [](const SolverOptions&) -> std::unique_ptr<Solver> { return nullptr; };
  registry.add(declared("general", 10, kMaxSize, false), none);
  registry.add(declared("classic9", 100, 9, true), none);
  registry.add(declared("any9", 50, 9, false), none);
  Rules x;
  x.diagonal_main = x.diagonal_anti = true;
  EXPECT_EQ(registry.default_for(*Shape::make(3, 3)), "classic9");
  EXPECT_EQ(registry.default_for(*Shape::make(3, 3, x)), "any9");
  EXPECT_EQ(registry.default_for(*Shape::make(4, 4)), "general");
  EXPECT_EQ(registry.default_for(*Shape::make(4, 4), 9), "general");  // fastest at 9 that takes 16x16
  EXPECT_EQ(registry.default_for(ProblemKind::sudoku, 16), "general");
  Registry small;
  small.add(declared("classic9", 100, 9, true), none);
  try {
    small.default_for(*Shape::make(3, 3, x));
    ADD_FAILURE() << "no backend takes X";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("no backend takes a 9x9 "), std::string::npos) << e.what();
  }
}

// A backend built for one box shape (BackendInfo::only_boxes) takes those grids alone: the
// default for 9x9 with 3x3 boxes when fastest there, never for 4x4, 6x6 or 9x9 with 1x9 boxes,
// and its refusal says which grids it takes.
TEST(Registry, ABackendForOneBoxShapeTakesThoseGridsAlone) {
  BackendInfo only("only3x3", "");
  only.speeds = {{ProblemKind::sudoku, 1, 9, 1000, ""}};
  only.max_size = 9;
  only.classic_only = true;
  only.only_boxes = std::pair{3, 3};
  BackendInfo general("general", "");
  general.speeds = {{ProblemKind::sudoku, 1, 64, 10, ""}};
  Registry registry;
  const Registry::Factory none = [](const SolverOptions&) -> std::unique_ptr<Solver> { return nullptr; };
  registry.add(only, none);
  registry.add(general, none);
  EXPECT_TRUE(only.takes(*Shape::make(3, 3)));
  EXPECT_FALSE(only.takes(*Shape::make(1, 9)));
  EXPECT_FALSE(only.takes(*Shape::make(2, 2)));
  EXPECT_TRUE(only.takes_side(9));
  EXPECT_FALSE(only.takes_side(4));
  EXPECT_EQ(registry.default_for(*Shape::make(3, 3)), "only3x3");
  EXPECT_EQ(registry.default_for(ProblemKind::sudoku, 9), "only3x3");
  EXPECT_EQ(registry.default_for(*Shape::make(1, 9)), "general");
  EXPECT_EQ(registry.default_for(*Shape::make(2, 3)), "general");
  EXPECT_EQ(registry.default_for(ProblemKind::sudoku, 4), "general");
  EXPECT_EQ(registry.names(*Shape::make(2, 2)), std::vector<std::string>{"general"});
  EXPECT_EQ(only.refusal(*Shape::make(2, 2)), "only3x3 does not take a 4x4 grid: it takes classic 9x9 grids with 3x3 boxes");
  EXPECT_EQ(only.refusal(*Shape::make(1, 9)), "only3x3 does not take a 9x9 (1x9 boxes) grid: it takes classic 9x9 grids with 3x3 boxes");
  Rules x;
  x.diagonal_main = x.diagonal_anti = true;
  EXPECT_EQ(only.refusal(*Shape::make(3, 3, x)), "only3x3 does not take a 9x9 x grid: it takes classic 9x9 grids with 3x3 boxes");
}

// The choices in a declared options string: "key=a|b" words only, not free values or notes.
TEST(Registry, OptionChoicesAreTheKeyValueWordsWithAlternatives) {
  BackendInfo info("example", "");
  info.options = "order=rowmajor|fewest naked= hidden= (on|off) proof=FILE search=on|off members=auto|N";
  const std::vector<std::pair<std::string, std::string>> want = {
      {"order", "rowmajor"}, {"order", "fewest"}, {"search", "on"}, {"search", "off"}, {"members", "auto"}};
  EXPECT_EQ(info.option_choices(), want);
  // Every registered backend's choices are accepted by it.
  const Registry registry = builtin_solvers();
  for (const auto& e : registry.entries())
    for (const auto& [key, value] : e.info.option_choices()) {
      SolverOptions o;
      o.set(key, value);
      EXPECT_NO_THROW(registry.create(e.info.name, o)) << e.info.name << " " << key << "=" << value;
    }
}

// A backend may skip building solutions nobody looks at; the sink says when, and counts them.
TEST(SolutionSink, SaysWhenAnAnswerIsLookedAtAndCountsTheRest) {
  Limits limits;
  limits.keep_solutions = 1;
  limits.solutions = 0;  // count every one
  CoverSolutionSink sink(limits);
  EXPECT_TRUE(sink.wants_answer());
  EXPECT_FALSE(sink.add(Selection{0, 2}));
  EXPECT_FALSE(sink.wants_answer());
  EXPECT_FALSE(sink.add_unseen());
  limits.on_cover_solution = [](const Selection&) {};
  EXPECT_TRUE(sink.wants_answer());  // a callback sees every solution
  const CoverResult result = sink.finish(StopReason::none, {});
  EXPECT_EQ(result.count, 2u);
  ASSERT_EQ(result.solutions.size(), 1u);
  EXPECT_EQ(result.solutions[0], (Selection{0, 2}));

  Limits two;
  two.solutions = 2;
  CoverSolutionSink limited(two);
  EXPECT_FALSE(limited.add_unseen());
  EXPECT_TRUE(limited.add_unseen());  // the limit ends the search as add() would
}

}  // namespace sudokit
