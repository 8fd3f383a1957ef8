#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "sudokit/dlx/dlx.h"
#include "sudokit/encoders/dlx_format.h"
#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/generate.h"
#include "sudokit/verify.h"
#include "test_support.h"
#include "variant_puzzles.h"
#include "xc_problems.h"

using namespace sudokit;
using test::count_up_to;
using test::run_cli;

TEST(ExactCover, SudokuMatrixSizes) {
  const SudokuCover s = full_sudoku_cover(*Shape::make(3, 3));
  EXPECT_EQ(s.cover.items.size(), 324u);
  EXPECT_EQ(s.cover.options.size(), 729u);
  for (const auto& o : s.cover.options) EXPECT_EQ(o.size(), 4u);
  const SudokuCover r = reduced_sudoku_cover(read_one(std::string(80, '.') + "5"));
  EXPECT_EQ(r.cover.items.size(), 320u);          // r9c9's cell, row, column and box items go
  EXPECT_EQ(r.cover.options.size(), 729u - 9 - 8 - 8 - 4);  // its cell; 5 elsewhere in its row, column, box
}

TEST(DlxFormat, RoundTripAndComments) {
  const ExactCover q = n_queens(4);
  std::stringstream text;
  write_dlx(text, q, {"four queens"});
  EXPECT_EQ(text.str().rfind("| four queens\nR1 R2 R3 R4 C1 C2 C3 C4 | A2", 0), 0u);
  const ExactCover back = read_dlx(text, "q.dlx");
  EXPECT_EQ(back.items, q.items);
  EXPECT_EQ(back.primary, q.primary);
  EXPECT_EQ(back.options, q.options);
}

TEST(DlxFormat, BadFilesNameLineAndColumn) {
  auto error = [](const std::string& text) {
    std::istringstream in(text);
    try {
      read_dlx(in, "bad.dlx");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error("a b | c\na x\n"), "bad.dlx: line 2, column 3: unknown item 'x'");
  EXPECT_EQ(error("a b\na b a\n"), "bad.dlx: line 2, column 5: item 'a' appears twice in this option");
  EXPECT_EQ(error("a a\n"), "bad.dlx: line 1, column 3: item 'a' is named twice");
  EXPECT_EQ(error("a | b | c\n"), "bad.dlx: line 1, column 7: a second '|' in the item line");
  EXPECT_EQ(error("a | b\n| comment\na:red b\n"), "bad.dlx: line 3, column 2: primary item 'a' cannot have a colour");
  EXPECT_EQ(error("a | b\na b:\n"), "bad.dlx: line 2, column 4: a colour is 'item:name' with one ':' and a name");
  EXPECT_EQ(error("a b:c\n"), "bad.dlx: line 1, column 4: an item name may not contain ':' (colours go in options)");
  EXPECT_EQ(error(std::string("a b\na\0 b\n", 10)), "bad.dlx: line 2, column 2: a name may not contain '|' or a control character");
  EXPECT_EQ(error("| only comments\n"), "bad.dlx: line 1, column 1: no item line: the first line must name the items");
}

// The solutions, and the nodes and updates of Knuth's dlx1 on the same files (docs/backends/dlx.md,
// "The same counts as Knuth's programs"): the same search, down to the order of each item's list.
TEST(Dlx, NQueensCounts) {
  struct Want {
    int n;
    std::uint64_t solutions, nodes, updates;
  };
  for (const Want w : {Want{8, 92, 1'199, 21'375}, Want{10, 724, 16'448, 312'964}, Want{12, 14'200, 327'813, 6'285'452}}) {
    const ExactCover q = n_queens(w.n);
    const CoverResult r = DlxSolver().solve(q, count_up_to(0, 100));
    EXPECT_EQ(r.status, Status::multiple);
    EXPECT_EQ(r.count, w.solutions) << w.n << " queens";
    EXPECT_EQ(r.stats.nodes, w.nodes) << w.n << " queens";
    EXPECT_EQ(r.stats.counter("updates"), w.updates) << w.n << " queens";
    for (const auto& s : r.solutions) ASSERT_TRUE(is_exact_cover(q, s));
  }
}

TEST(Dlx, CountsEmptyGridsAndKeepsItsLinksIntact) {
  DlxSolver solver;
  EXPECT_EQ(solver.solve(Grid(Shape::make(2, 2)), count_up_to(0)).count, 288u);
  const Result six = solver.solve(Grid(Shape::make(2, 3)), count_up_to(0, 0));
  EXPECT_EQ(six.count, 28200960u);
  // The same solver object goes on to other puzzles: the matrix was restored.
  const Grid hard = read_one("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  const Result r = solver.solve(hard, count_up_to(2));
  ASSERT_EQ(r.status, Status::unique);
  EXPECT_EQ(to_line(r.solutions[0]), "417369825632158947958724316825437169791586432346912758289643571573291684164875293");
  EXPECT_GT(r.stats.counter("updates"), 0u);
}

TEST(Dlx, StopsOnLimitsAndRestoresTheMatrix) {
  DlxSolver solver;
  Limits limits = count_up_to(0);
  limits.max_nodes = 1000;
  const Result r = solver.solve(Grid(Shape::make(4, 4)), limits);
  EXPECT_EQ(r.status, Status::stopped);
  EXPECT_LE(r.stats.nodes, 1000u);
  Limits timed = count_up_to(0);
  timed.max_seconds = 0.1;
  EXPECT_EQ(solver.solve(Grid(Shape::make(4, 4)), timed).stop_reason, StopReason::time);
  EXPECT_EQ(solver.solve(Grid(Shape::make(2, 2)), count_up_to(0)).count, 288u);
}

TEST(Dlx, ConflictingGivensHaveNoSolution) {
  DlxSolver solver;
  Grid g(Shape::make(2, 2));
  g.set(0, 1);
  g.set(5, 1);  // r1c1 and r2c2: the same box
  EXPECT_EQ(solver.solve(g, count_up_to(2)).status, Status::none);
  EXPECT_EQ(solver.solve(Grid(Shape::make(2, 2)), count_up_to(0)).count, 288u);
}

// The counts of the default (fast) choice on two puzzles, as docs/tutorial.md (its puzzle,
// `generate --seed 54`) and docs/estimating.md (examples/classic.txt's third, 392 nodes) quote them:
// the choice's tie-breaks follow the order each item's list is in, so these pin that order.
TEST(Dlx, SudokuCountsAsTheDocsQuoteThem) {
  struct Want {
    const char* puzzle;
    std::uint64_t nodes, updates, mems;
  };
  DlxSolver solver;
  for (const Want w : {Want{".4.23....93......4.....4....28...6491.3.4...8.5......1...8..9....9.5......6....27", 75, 1'148, 31'349},
                       Want{"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", 392, 8'359, 242'937}}) {
    const Result r = solver.solve(read_one(w.puzzle), count_up_to(2));
    EXPECT_EQ(r.status, Status::unique) << w.puzzle;
    EXPECT_EQ(r.stats.nodes, w.nodes) << w.puzzle;
    EXPECT_EQ(r.stats.counter("updates"), w.updates) << w.puzzle;
    EXPECT_EQ(r.stats.counter("mems"), w.mems) << w.puzzle;
  }
}

// One solver keeps a shape's matrix and relinks it for each puzzle's givens (preselect), whatever
// the puzzle before left in it: a clash, a search stopped by its budget, another shape. Each search
// must be the one a fresh solver makes, and the one Algorithm X makes on the matrix with the
// givens' items and the options they rule out removed (reduced_sudoku_cover, which keeps the
// order of both): node for node, update for update, mem for mem, under either choice of item.
TEST(Dlx, PreselectedGivensSearchAsTheReducedMatrixDoes) {
  std::vector<Grid> puzzles;
  Random random(32);
  for (int i = 0; i < 150; ++i) {
    const ShapePtr shape = Shape::make(i % 7 == 3 ? 2 : 3, i % 5 == 2 ? 2 : 3);
    const int cells = shape->cells();
    Grid puzzle = with_random_blanks(random_solution(shape, random),
                                     cells / 2 + static_cast<int>(random.below(static_cast<std::uint64_t>(cells / 3))), random);
    if (i % 10 == 5) {  // a digit repeated in the first row
      int filled = 0;
      while (puzzle[filled] == 0) ++filled;
      puzzle.set(filled == 0 ? 1 : 0, puzzle[filled]);
    }
    puzzles.push_back(puzzle);
  }
  // Variant shapes: cages and extra regions add items, some of them secondary.
  for (const Published& p : published()) puzzles.push_back(p.puzzle());
  for (const char* choose : {"choose=fast", "choose=knuth"}) {
    const SolverOptions options = SolverOptions::parse({choose});
    auto reused = DlxSolver::create(options);
    int clashes = 0, stopped = 0, compared = 0;
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      const Grid& puzzle = puzzles[i];
      SCOPED_TRACE(std::string(choose) + " " + to_line(puzzle));
      Limits limits = test::count_up_to(2);
      if (i % 11 == 6) limits.max_nodes = 20;
      const Result got = reused->solve(puzzle, limits);
      const Result fresh = DlxSolver::create(options)->solve(puzzle, limits);
      ASSERT_EQ(got.status, fresh.status);
      ASSERT_EQ(got.solutions, fresh.solutions);
      EXPECT_EQ(got.stats.nodes, fresh.stats.nodes);
      EXPECT_EQ(got.stats.counter("updates"), fresh.stats.counter("updates"));
      EXPECT_EQ(got.stats.counter("mems"), fresh.stats.counter("mems"));
      stopped += got.status == Status::stopped;
      const bool clash = got.status == Status::none && got.stats.nodes == 1 && got.stats.counter("mems") == 0;
      clashes += clash;
      if (clash) continue;  // the Sudoku search is not run; the reduced matrix's root fails instead
      const CoverResult reduced = DlxSolver::create(options)->solve(reduced_sudoku_cover(puzzle).cover, limits);
      EXPECT_EQ(got.count, reduced.count);
      EXPECT_EQ(got.stats.nodes, reduced.stats.nodes);
      EXPECT_EQ(got.stats.counter("updates"), reduced.stats.counter("updates"));
      EXPECT_EQ(got.stats.counter("mems"), reduced.stats.counter("mems"));
      ++compared;
    }
    EXPECT_GE(clashes, 10);  // the batch holds what it claims to
    EXPECT_GT(stopped, 0);
    EXPECT_GE(compared, 130);
  }
}

// The command line: a matrix written by `encode --to dlx` and solved by `xc` gives the grid that
// `solve --solver dlx` gives; N-queens files from the generator count right.
TEST(DlxCli, EncodeThenXcMatchesSolve) {
  const std::string puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  const auto encoded = run_cli("encode --to dlx", puzzle + "\n");
  ASSERT_EQ(encoded.exit_code, 0) << encoded.err;
  const std::string path = ::testing::TempDir() + "sudokit_hard1.dlx";
  std::ofstream(path) << encoded.out;
  const auto xc = run_cli("xc " + path);
  ASSERT_EQ(xc.exit_code, 0) << xc.err;
  // Each option line names its cell (pR.C) and its digit (rR.D).
  Grid grid = read_one(puzzle);
  std::istringstream lines(xc.out);
  std::string line;
  int placed = 0;
  while (std::getline(lines, line)) {
    int r, c, r2, d;
    ASSERT_EQ(std::sscanf(line.c_str(), "p%d.%d r%d.%d", &r, &c, &r2, &d), 4) << line;
    grid.set(grid.shape().cell_at(r - 1, c - 1), d);
    ++placed;
  }
  EXPECT_EQ(placed, 81 - 17);
  const auto solved = run_cli("solve --solver dlx", puzzle + "\n");
  EXPECT_EQ(to_line(grid) + "\n", solved.out);
}

TEST(DlxCli, XcCountsNQueensFiles) {
  const std::string path = ::testing::TempDir() + "sudokit_8queens.dlx";
  {
    std::ofstream f(path);
    write_dlx(f, n_queens(8), {"8 queens"});
  }
  const auto r = run_cli("xc --count 0 " + path);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "# 92 solutions\n");
  const auto bad = run_cli("xc -", "a b\na z\n");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("stdin: line 2, column 3: unknown item 'z'"), std::string::npos) << bad.err;
}

// links_ok() checks every active item's list against its count of options, and the items left
// active against the count of primary items that preselect() leaves and the search starts from.
// Debug builds assert it around each preselection and search; here it runs in every build: after
// building the matrix, after preselecting a puzzle's givens (clashing givens too: refused, the
// count still right), and after searches ended by each kind of limit (solutions, nodes) or run to
// the end, on a Sudoku matrix, one with secondary items (queens' diagonals) and one with colours.
TEST(Dlx, LinksStayConsistentThroughPreselectAndSearch) {
  auto search_ok = [](DancingLinks& links, std::uint64_t max_nodes, std::size_t max_solutions) {
    Limits limits;
    limits.max_nodes = max_nodes;
    SearchBudget budget(limits);
    DancingLinks::Counts counts;
    std::size_t found = 0;
    links.search(budget, [&](std::span<const int>) { return ++found == max_solutions; }, counts);
    return links.links_ok();
  };
  const auto shape = Shape::make(3, 3);
  const SudokuCover sudoku = full_sudoku_cover(*shape);
  DancingLinks links(sudoku.cover);
  ASSERT_TRUE(links.links_ok());
  EXPECT_FALSE(links.preselect(std::vector<int>{0 * 9 + 4, 1 * 9 + 4}));  // r1c1 and r1c2 both 5: one row's 5 twice
  ASSERT_TRUE(links.links_ok());
  for (const char* line : {"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
                           "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
                           "................................................................................."}) {
    const Grid puzzle = read_one(line);
    std::vector<int> givens;
    for (int cell = 0; cell < shape->cells(); ++cell)
      if (puzzle[cell] != 0) givens.push_back(cell * 9 + puzzle[cell] - 1);
    ASSERT_TRUE(links.preselect(givens)) << line;
    ASSERT_TRUE(links.links_ok()) << line;
    for (std::uint64_t max_nodes : {0, 1, 50, 5000})  // 0: none
      for (std::size_t max_solutions : {std::size_t{1}, std::size_t{2}})
        ASSERT_TRUE(search_ok(links, max_nodes, max_solutions)) << line << " nodes " << max_nodes;
  }
  for (const ExactCover& problem :
       {n_queens(8), word_placement(4, 4, std::vector<std::string>{"SEAT", "EAST", "TEAS", "SATE"})}) {
    DancingLinks other(problem);
    ASSERT_TRUE(other.links_ok());
    for (std::uint64_t max_nodes : {std::uint64_t{3}, std::uint64_t{100}, std::uint64_t{0}}) {  // 0: no limit
      ASSERT_TRUE(search_ok(other, max_nodes, 0)) << max_nodes;  // 0: every solution
      ASSERT_TRUE(search_ok(other, max_nodes, 1)) << max_nodes;
    }
  }
}
