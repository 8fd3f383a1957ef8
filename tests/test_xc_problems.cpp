// The exact-cover generators of experiments/xc_problems.h, counted by every backend that takes
// exact cover (whatever the registry holds), against the literature's counts and, for the coloured
// problem, against a brute force written here.
//
// Every solution a backend reports is checked by the independent verifier and must differ from
// the others. Small problems must be finished by every backend. The heavy ones are counted under a
// work budget in each backend's own unit (BackendInfo::node_unit: search nodes, or a SAT solver's
// conflicts), so that which backends finish does not depend on the machine's load; a backend the
// budget stops is reported as left out (on stdout and as the test property "left_out"), what it
// found is still checked, and at least one backend must count each heavy problem to the end.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <iostream>
#include <set>

#include "sudokit/encoders/dlx_format.h"
#include "sudokit/errors.h"
#include "sudokit/registry.h"
#include "test_support.h"
#include "xc_problems.h"

using namespace sudokit;
using test::count_up_to;

namespace {

constexpr double kSafetySeconds = 300;  // only against a hang: the budgets below end the searches
// The heavy problems' budget: 10 million nodes (dlx counts the 6x10 pentominoes in 3.6 million,
// backtrack the 8x8 board less its centre in 9 million) or 5000 conflicts (a CDCL solver's unit:
// a few seconds of work on these problems).
std::uint64_t heavy_budget(const BackendInfo& info) { return info.node_unit == "conflicts" ? 5000 : 10'000'000; }

// What the budget bounded: search nodes, or the counter named by the unit.
std::uint64_t work_done(const Stats& stats, const BackendInfo& info) {
  return info.node_unit == "nodes" ? stats.nodes : stats.counter(info.node_unit);
}

struct Count {
  CoverResult result;
  std::size_t distinct = 0;  // distinct verified solutions seen
};

// Counts every solution of `xc` with `backend` under a time limit, checking each solution as it
// is found.
Count count_solutions(const std::string& backend, const ExactCover& xc, std::uint64_t max_nodes = 0) {
  std::set<Selection> seen;
  Limits limits = count_up_to(0, 0);
  limits.max_seconds = kSafetySeconds;
  limits.max_nodes = max_nodes;
  limits.on_cover_solution = [&](const Selection& s) {
    const auto violations = verify_cover(xc, s);
    EXPECT_TRUE(violations.empty()) << backend << ": " << violations.front().message;
    EXPECT_TRUE(seen.insert(s).second) << backend << " reported a solution twice";
  };
  Count c{builtin_solvers().create(backend)->solve(xc, limits), 0};
  c.distinct = seen.size();
  EXPECT_EQ(c.distinct, c.result.count) << backend;
  return c;
}

std::vector<std::string> xc_backends() {
  const auto names = builtin_solvers().names(ProblemKind::exact_cover);
  EXPECT_FALSE(names.empty());
  return names;
}

// A small problem: every backend must count it to the end.
void expect_every_backend_counts(const ExactCover& xc, std::uint64_t want, const std::string& what) {
  for (const auto& backend : xc_backends()) {
    const Count c = count_solutions(backend, xc);
    EXPECT_NE(c.result.status, Status::stopped) << backend << " did not finish " << what;
    EXPECT_EQ(c.result.count, want) << backend << " on " << what;
  }
}

// A heavy problem: see the header comment. Only in optimised builds: with assertions and the DLX
// link checks on (the debug preset) the 6x10 count alone would take many minutes.
void expect_count_where_feasible(const ExactCover& xc, std::uint64_t want, const std::string& what) {
#ifndef NDEBUG
  GTEST_SKIP() << what << ": heavy counts run in optimised (NDEBUG) builds only";
#endif
  int finished = 0;
  std::string left_out;
  for (const auto& backend : xc_backends()) {
    const BackendInfo info = builtin_solvers().info(backend);
    const std::uint64_t budget = heavy_budget(info);
    const Count c = count_solutions(backend, xc, budget);
    const std::string line = backend + " on " + what + ": " + std::to_string(c.result.count) + " of " +
                             std::to_string(want) + " solutions, " + std::to_string(work_done(c.result.stats, info)) +
                             " " + info.node_unit + ", " + std::to_string(c.result.stats.seconds) + " s";
    if (c.result.status == Status::stopped) {
      EXPECT_LE(c.result.count, want) << backend << " on " << what;
      EXPECT_EQ(c.result.stop_reason, StopReason::nodes) << backend << " on " << what << ": the safety time limit hit";
      std::cout << "[ left out ] " << line << ": stopped by the budget of " << budget << "\n";
      left_out += (left_out.empty() ? "" : ",") + backend;
      continue;
    }
    ++finished;
    EXPECT_EQ(c.result.count, want) << backend << " on " << what;
    std::cout << "[ counted  ] " << line << "\n";
  }
  ::testing::Test::RecordProperty("left_out", left_out);
  EXPECT_GE(finished, 1) << "no backend counted " << what << " to the end";
}

}  // namespace

TEST(XcProblems, QueensItemsAndOptions) {
  const ExactCover q = n_queens(4);
  EXPECT_EQ(q.primary, 8);
  EXPECT_EQ(q.item_count(), 8 + 7 + 7);
  EXPECT_EQ(q.option_text(0), "R1 C1 A2 B4");
  EXPECT_EQ(q.option_text(15), "R4 C4 A8 B4");
  EXPECT_THROW(n_queens(0), UsageError);
}

TEST(XcProblems, LangfordItemsAndOptions) {
  const ExactCover l = langford(3);
  EXPECT_EQ(l.items, (std::vector<std::string>{"d1", "d2", "d3", "s1", "s2", "s3", "s4", "s5", "s6"}));
  EXPECT_EQ(l.primary, 9);
  EXPECT_EQ(l.option_count(), 4 + 3 + 2);  // k has 2n - k - 1 places
  EXPECT_EQ(l.option_text(0), "d1 s1 s3");
  EXPECT_EQ(l.option_text(8), "d3 s2 s6");
}

TEST(XcProblems, PentominoShapes) {
  const auto pieces = pentominoes();
  ASSERT_EQ(pieces.size(), 12u);
  std::string names;
  std::size_t total = 0;
  for (const auto& p : pieces) {
    names += p.name;
    EXPECT_EQ(p.cells.size(), 5u) << p.name;
    total += orientations(p.cells).size();
  }
  EXPECT_EQ(names, "FILNPTUVWXYZ");
  EXPECT_EQ(total, 63u);  // F L N P Y: 8 each; T U V W Z: 4; I: 2; X: 1
  // One option per orientation and position: (rows - height + 1) * (cols - width + 1) each.
  const ExactCover r = pentomino_packing({6, 10, {}});
  int places = 0;
  for (const auto& p : pieces)
    for (const auto& shape : orientations(p.cells)) {
      int height = 0, width = 0;
      for (Square s : shape) height = std::max(height, s.row + 1), width = std::max(width, s.col + 1);
      places += std::max(0, 6 - height + 1) * std::max(0, 10 - width + 1);
    }
  EXPECT_EQ(places, 2056);
  EXPECT_EQ(r.option_count(), places);
  EXPECT_EQ(r.item_count(), 72);
  EXPECT_EQ(r.primary, 72);
  EXPECT_EQ(r.items[0], "r1c1");
  EXPECT_EQ(r.items[1], "r2c1");  // wider than tall: column by column
  EXPECT_EQ(r.items[60], "F");
  const ExactCover holed = pentomino_packing({8, 8, {{3, 3}, {3, 4}, {4, 3}, {4, 4}}});
  EXPECT_EQ(holed.primary, 60 + 12);
  EXPECT_EQ(std::count(holed.items.begin(), holed.items.end(), "r4c4"), 0);
  EXPECT_THROW(pentomino_packing({3, 3, {{3, 0}}}), UsageError);
  const Polyomino domino{"D", {{0, 0}, {0, 1}}};
  EXPECT_THROW(polyomino_packing(std::vector{domino, domino}, {2, 2, {}}), UsageError);
}

TEST(XcProblems, PolyominoPackingOfASmallBoard) {
  // Two dominoes (told apart) and an L tromino in a 2x4 board less one corner, against a brute
  // force over every choice of one option per piece.
  const std::vector<Polyomino> pieces = {{"A", {{0, 0}, {0, 1}}}, {"B", {{0, 0}, {0, 1}}}, {"L", {{0, 0}, {1, 0}, {1, 1}}}};
  const ExactCover xc = polyomino_packing(pieces, {2, 4, {{1, 3}}});
  const int a_item = xc.item_count() - 3;  // the pieces follow the cells; each option starts with its piece
  std::uint64_t brute = 0;
  const auto& o = xc.options;
  for (std::size_t a = 0; a < o.size(); ++a)
    for (std::size_t b = 0; b < o.size(); ++b)
      for (std::size_t c = 0; c < o.size(); ++c)
        if (o[a][0] == a_item && o[b][0] == a_item + 1 && o[c][0] == a_item + 2)
          brute += is_exact_cover(xc, std::vector<int>{static_cast<int>(a), static_cast<int>(b), static_cast<int>(c)});
  EXPECT_GT(brute, 0u);
  expect_every_backend_counts(xc, brute, "two dominoes and an L");
}

TEST(XcProblems, QueensCountsA000170) {
  const std::uint64_t a000170[] = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724};
  for (int n = 1; n <= 10; ++n) expect_every_backend_counts(n_queens(n), a000170[n - 1], std::to_string(n) + " queens");
}

TEST(XcProblems, LangfordCounts) {
  for (auto [n, want] : {std::pair{3, 2u}, {4, 2u}, {5, 0u}, {6, 0u}, {7, 52u}, {8, 300u}})
    expect_every_backend_counts(langford(n), want, "Langford " + std::to_string(n));
}

TEST(XcProblems, HeavyQueens12) { expect_count_where_feasible(n_queens(12), 14200, "12 queens"); }
TEST(XcProblems, HeavyLangford11) { expect_count_where_feasible(langford(11), 35584, "Langford 11"); }
TEST(XcProblems, HeavyPentominoes3x20) { expect_count_where_feasible(pentomino_packing({3, 20, {}}), 8, "pentominoes 3x20"); }
TEST(XcProblems, HeavyPentominoes6x10) { expect_count_where_feasible(pentomino_packing({6, 10, {}}), 9356, "pentominoes 6x10"); }
TEST(XcProblems, HeavyPentominoes8x8LessCentre) {
  expect_count_where_feasible(pentomino_packing({8, 8, {{3, 3}, {3, 4}, {4, 3}, {4, 4}}}), 520, "pentominoes 8x8 less the centre");
}

namespace {

// Words in a grid, brute force: every way to give each word a place (across or down), kept when
// no cell gets two different letters. Shares nothing with word_placement().
struct WordCount {
  std::uint64_t solutions = 0, with_crossing = 0, clashes = 0;
};

WordCount brute_force_words(int rows, int cols, const std::vector<std::string>& words) {
  struct Place {
    int r, c;
    bool down;
  };
  std::vector<std::vector<Place>> places(words.size());
  for (std::size_t w = 0; w < words.size(); ++w) {
    const int len = static_cast<int>(words[w].size());
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) {
        if (c + len <= cols) places[w].push_back({r, c, false});
        if (r + len <= rows) places[w].push_back({r, c, true});
      }
  }
  WordCount count;
  std::vector<std::size_t> pick(words.size(), 0);
  while (true) {
    std::vector<char> grid(static_cast<std::size_t>(rows * cols), 0);
    bool clash = false, crossing = false;
    for (std::size_t w = 0; w < words.size() && !clash; ++w) {
      const Place p = places[w][pick[w]];
      for (std::size_t k = 0; k < words[w].size(); ++k) {
        const int k_ = static_cast<int>(k);
        char& cell = grid[static_cast<std::size_t>((p.r + (p.down ? k_ : 0)) * cols + p.c + (p.down ? 0 : k_))];
        if (cell != 0 && cell != words[w][k]) clash = true;
        if (cell != 0) crossing = true;
        cell = words[w][k];
      }
    }
    if (clash) ++count.clashes;
    else ++count.solutions, count.with_crossing += crossing;
    std::size_t w = 0;  // the next assignment, as an odometer
    while (w < words.size() && ++pick[w] == places[w].size()) pick[w++] = 0;
    if (w == words.size()) break;
  }
  return count;
}

}  // namespace

TEST(XcProblems, WordsWithColoursMatchBruteForce) {
  const ExactCover xc = word_placement(3, 3, std::vector<std::string>{"TEA", "EAT", "ATE"});
  EXPECT_TRUE(xc.has_colours());
  EXPECT_EQ(xc.items[0], "TEA");
  EXPECT_EQ(xc.primary, 3);
  EXPECT_EQ(xc.option_text(0), "TEA r1c1:T r1c2:E r1c3:A");
  struct Case {
    int rows, cols;
    std::vector<std::string> words;
  };
  const std::vector<Case> cases = {{3, 3, {"TEA", "EAT", "ATE"}},
                                   {3, 4, {"TEA", "EAT", "ATE"}},
                                   {4, 4, {"SEAT", "EAST", "TEAS", "SATE"}},
                                   {4, 4, {"STAR", "RATS", "ARTS", "TSAR"}},
                                   {4, 5, {"CAT", "ACT", "TACO", "COAT"}}};
  for (const Case& c : cases) {
    const WordCount brute = brute_force_words(c.rows, c.cols, c.words);
    std::string what = std::to_string(c.rows) + "x" + std::to_string(c.cols);
    for (const auto& w : c.words) what += " " + w;
    // The colours matter: some solutions have words crossing on a shared letter, and some
    // placements are rejected only because two words put different letters in one cell.
    EXPECT_GT(brute.with_crossing, 0u) << what;
    EXPECT_GT(brute.clashes, 0u) << what;
    expect_every_backend_counts(word_placement(c.rows, c.cols, c.words), brute.solutions, what);
  }
  EXPECT_THROW(word_placement(3, 3, std::vector<std::string>{"TEA", "TEA"}), UsageError);
  EXPECT_THROW(word_placement(3, 3, std::vector<std::string>{"A"}), UsageError);
  EXPECT_THROW(word_placement(3, 3, std::vector<std::string>{"T3A"}), UsageError);
}

// The generator's files: `sudokit-xcgen` piped to `sudokit xc` gives the count its header promises.
TEST(XcGen, WritesFilesThatCountAsPromised) {
  for (const std::string problem : {"queens 8", "langford 7", "pentominoes 3x20", "words 3x3 TEA EAT ATE"}) {
    const std::string path = ::testing::TempDir() + "sudokit_xcgen.dlx";
    ASSERT_EQ(std::system((std::string(SUDOKIT_XCGEN_EXE) + " " + problem + " > " + path).c_str()), 0) << problem;
    const auto r = test::run_cli("xc --count 0 " + path);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::ifstream in(path);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto at = text.find("| expected solutions: ");
    if (problem.starts_with("words")) {
      EXPECT_EQ(at, std::string::npos);
      EXPECT_EQ(r.out, "# 30 solutions\n");  // brute force: see WordsWithColoursMatchBruteForce
    } else {
      ASSERT_NE(at, std::string::npos) << problem;
      const std::string want = text.substr(at + 22, text.find('\n', at) - at - 22);
      EXPECT_EQ(r.out, "# " + want + " solutions\n") << problem;
    }
  }
  const auto bad = std::system((std::string(SUDOKIT_XCGEN_EXE) + " pentominoes 6 2>/dev/null").c_str());
  EXPECT_EQ(WEXITSTATUS(bad), 3);
}

// compare's summary says the count the backends agree on when counting (issue 33): one problem,
// its count; several, the least, the median and the most.
TEST(XcProblems, CompareSaysTheAgreedCount) {
  const test::ScratchDir dir;
  for (auto [name, problem] : {std::pair{"l7.dlx", langford(7)}, {"l3.dlx", langford(3)}, {"l4.dlx", langford(4)}}) {
    std::ofstream out(dir.path() + name);
    write_dlx(out, problem);
  }
  const auto one = test::run_cli("compare --count 0 " + dir.path() + "l7.dlx");
  EXPECT_EQ(one.exit_code, 0) << one.err;
  EXPECT_NE(one.out.find("solutions: 52, agreed by every backend that finished"), std::string::npos) << one.out;
  const auto three = test::run_cli("compare --count 0 " + dir.path() + "l3.dlx " + dir.path() + "l4.dlx " + dir.path() + "l7.dlx");
  EXPECT_NE(three.out.find("min 2, median 2, max 52 (3 puzzles)"), std::string::npos) << three.out;
  const auto capped = test::run_cli("compare --count 5 " + dir.path() + "l7.dlx");
  EXPECT_NE(capped.out.find("solutions: at least 5"), std::string::npos) << capped.out;
  const auto proving = test::run_cli("compare " + dir.path() + "l7.dlx");  // --count 2: no count line
  EXPECT_EQ(proving.out.find("solutions"), std::string::npos) << proving.out;
}
