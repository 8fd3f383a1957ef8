// --trace and --tree: every backend reports its steps, and the numbers match its statistics.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "sudokit/format.h"
#include "sudokit/registry.h"
#include "test_support.h"
#include "sudokit/compare/trace.h"

using namespace sudokit;

namespace {

// top1465's first puzzle: every backend's inference stalls on it, so every trace has choices and
// dead ends (Norvig's hard1 falls to locked candidates without a guess).
const char* kHard = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const char* kHardSolution = "468931527751624839392578461134756298289413675675289314846192753513867942927345186";

}  // namespace

class Traced : public ::testing::TestWithParam<std::string> {};

TEST_P(Traced, EventsMatchTheStatistics) {
  const Registry registry = builtin_solvers();
  auto solver = registry.create(GetParam());
  test::EventCounter counting;
  Limits limits = test::count_up_to(2);
  limits.observer = &counting;
  // kHard, unless the method takes too long on it (plain backtracking: 18 million nodes); then the
  // seed example keeps the test short.
  Limits probe = test::count_up_to(2);
  probe.max_nodes = 1'000'000;
  const char* puzzle = solver->solve(read_one(kHard), probe).status == Status::stopped
                           ? "020905000590030200700602005009350460054000780083027500800209004005040026000503070"
                           : kHard;
  const Result r = solver->solve(read_one(puzzle), limits);
  ASSERT_EQ(r.status, Status::unique);
  EXPECT_EQ(counting.solutions, 1u);
  if (registry.info(GetParam()).tracing == BackendInfo::Tracing::notes) {
    EXPECT_GE(counting.notes, 2u);  // the formula, and each solver call's decisions and conflicts
    return;
  }
  EXPECT_EQ(counting.entered + 1, r.stats.nodes);       // every node but the root is entered
  EXPECT_EQ(counting.choices, r.stats.guesses);
  EXPECT_EQ(counting.left, r.stats.backtracks);          // the search ran to the end (proving uniqueness)
  EXPECT_GT(counting.dead, 0u);
  EXPECT_EQ(counting.placed, r.stats.propagations);     // every inference is reported
  EXPECT_EQ(counting.unnamed, 0u);
}

// The backends that report their search (BackendInfo::tracing); --trace refuses the others.
INSTANTIATE_TEST_SUITE_P(Backends, Traced, ::testing::ValuesIn(test::sudoku_backends_where([](const BackendInfo& info) {
                           return info.tracing != BackendInfo::Tracing::none;
                         })),
                         [](const auto& info) { return info.param; });

// The fastest backend that traces every step, and the slowest (a tree too big to draw whole).
TEST(TraceCli, TextAndTree) {
  auto steps = [](const BackendInfo& i) { return i.tracing == BackendInfo::Tracing::steps; };
  const std::string traced = test::fastest_where(ProblemKind::sudoku, 9, steps, "tracing its steps");
  const std::string dot = ::testing::TempDir() + "sudokit_tree.dot";
  const auto r = test::run_cli("solve --solver " + traced + " --count 2 --trace --tree " + dot, std::string(kHard) + "\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The trace goes to stderr; stdout holds only what reads back as input.
  EXPECT_NE(r.err.find("[node 1] root"), std::string::npos);
  EXPECT_NE(r.err.find("choice (one of "), std::string::npos);
  EXPECT_NE(r.err.find("dead end: "), std::string::npos);
  EXPECT_EQ(r.out, "# puzzle 1: 1 solution (unique)\n" + std::string(kHardSolution) + "\n");
  const std::string file = ::testing::TempDir() + "sudokit_trace.txt";
  const auto f = test::run_cli("solve --solver " + traced + " --count 2 --trace-file " + file, std::string(kHard) + "\n");
  ASSERT_EQ(f.exit_code, 0) << f.err;
  EXPECT_EQ(f.err, "");
  std::ifstream trace(file);
  std::stringstream trace_text;
  trace_text << trace.rdbuf();
  EXPECT_EQ(trace_text.str().rfind("# trace of puzzle 1 by " + traced + "\n[node 1] root", 0), 0u) << trace_text.str().substr(0, 200);
  std::ifstream in(dot);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str().rfind("digraph search {", 0), 0u);
  EXPECT_NE(text.str().find("n1 -> n2 [label=\""), std::string::npos);
  EXPECT_NE(text.str().find("#a6e3a6"), std::string::npos);  // the solution node
  EXPECT_NE(text.str().find("#f4a6a6"), std::string::npos);  // a dead end

  const std::string slow = test::slowest();
  ASSERT_TRUE(steps(builtin_solvers().info(slow))) << slow;
  const auto capped = test::run_cli("solve --solver " + slow + " --tree " + dot + " --tree-nodes 20", std::string(kHard) + "\n");
  std::ifstream in2(dot);
  std::stringstream text2;
  text2 << in2.rdbuf();
  EXPECT_NE(text2.str().find("more nodes not drawn"), std::string::npos);
}

// The DOT tree folds a chain of forced steps into one box and carries a legend.
TEST(TreeRecorder, FoldsForcedChainsAndDrawsALegend) {
  const auto shape = Shape::make(3, 3);
  TreeRecorder tree(*shape);
  tree.enter(2, 1, 0, 1, 2, Reason::choice);  // r1c1=1, one of 2
  tree.enter(3, 2, 1, 2, 1, Reason::forced);  // three forced steps, each the only child
  tree.enter(4, 3, 2, 3, 1, Reason::forced);
  tree.enter(5, 4, 3, 4, 1, Reason::forced);
  tree.enter(6, 5, 4, 5, 2, Reason::choice);
  tree.solution();
  tree.leave(6);
  tree.leave(5);
  tree.leave(4);
  tree.leave(3);
  tree.leave(2);
  tree.enter(7, 1, 0, 2, 2, Reason::choice);  // the other branch of the root: one forced step, not folded
  tree.enter(8, 7, 1, 3, 1, Reason::forced);
  tree.dead_end("r1c3 has no candidate");
  std::ostringstream out;
  tree.write_dot(out);
  const std::string dot = out.str();
  EXPECT_NE(dot.find("n2 -> f3;"), std::string::npos) << dot;
  EXPECT_NE(dot.find("label=\"3 forced\\nr1c2=2 ... r1c4=4\""), std::string::npos) << dot;
  EXPECT_NE(dot.find("f3 -> n6 [label=\"r1c5=5\"]"), std::string::npos) << dot;
  for (const char* gone : {"  n3 [", "  n4 [", "  n5 ["}) EXPECT_EQ(dot.find(gone), std::string::npos) << gone << dot;
  EXPECT_NE(dot.find("n7 -> n8 [label=\"r1c2=3\"]"), std::string::npos) << dot;  // a lone forced step stays
  EXPECT_NE(dot.find("subgraph cluster_legend"), std::string::npos) << dot;
}
