// Cross-checking other solvers: `check` on a third party's answers, external SAT solvers as
// backends (ext:), `decode`, and DRAT proofs checked in-project.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <functional>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "sudokit/encoders/cnf.h"
#include "sudokit/encoders/drat.h"
#include "sudokit/encoders/exact_cover.h"
#include "xc_problems.h"
#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/generate.h"
#include "sudokit/registry.h"
#include "sudokit/verify.h"
#include "test_support.h"

using namespace sudokit;
using test::run_cli;

namespace {

const std::string kData = SUDOKIT_TEST_DATA;

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "sudokit_xcheck_" + std::to_string(::getpid()) + "_" + name;
  std::ofstream(path) << text;
  return path;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Puzzles of tests/data/puzzles.txt and their solutions.
const std::string kSeed1 = "035469278782105609060278135321046897804913506596820413917652080603701952258394760";
const std::string kSeed1Solution = "135469278782135649469278135321546897874913526596827413917652384643781952258394761";
const std::string kSeed4 = "004300209005009001070060043006002087190007400050083000600000105003508690042910300";
const std::string kSeed4Solution = "864371259325849761971265843436192587198657432257483916689734125713528694542916378";
const std::string kSeed3 = "020905000590030200700602005009350460054000780083027500800209004005040026000503070";
const std::string kSeed3Solution = "321975648596834217748612935179358462254196783683427591817269354935741826462583179";
const std::string kTwoSolutions = "86...1......8..761..1.65...4..1.25..19..5.....574.39...8.7341...1.......5.29....8";  // seed 4 blanked
const std::string kNorvigEasy = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
const std::string kNorvigEasySolution = "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
const std::string kNoSolution = "12345678....................................9....................................";
const std::string kHard1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

std::string swap_digits(std::string s, char a, char b) {
  for (char& c : s) c = c == a ? b : c == b ? a : c;
  return s;
}

}  // namespace

// The "done when" of issue 15: a wrong digit, a broken given, a false "unique" and a false "no
// solution" are each reported with the puzzle and the reason; correct answers pass.
TEST(Check, ReportsEachWrongAnswerAndRefutedClaim) {
  const std::string puzzles = write_temp("puzzles.txt", kSeed1 + "\n" + kSeed4 + "\n" + kSeed3 + "\n" + kTwoSolutions +
                                                            "\n" + kNorvigEasy + "\n" + kNoSolution + "\n" + kHard1 + "\n");
  std::string wrong_digit = kSeed4Solution;
  wrong_digit[0] = '9';  // r1c1 is open in the puzzle: 9 is then twice in row 1
  const std::string answers = write_temp(
      "answers.txt", "# answers by some other solver\n# claim: unique\n" + kSeed1Solution + "\n" + wrong_digit + "\n" +
                         swap_digits(kSeed3Solution, '1', '2') + "\n# claim: unique\n" + kSeed4Solution + "\nnone\n" +
                         "none\n");
  const std::string csv = write_temp("check.csv", "");
  auto r = run_cli("check --csv " + csv + " " + puzzles + " " + answers);
  EXPECT_EQ(r.exit_code, 4) << r.out << r.err;
  const std::string at = " (" + puzzles + ", line ";
  EXPECT_NE(r.out.find("puzzle 2" + at + "2): wrong (answer at " + answers + " line 4): digit 9 twice in row 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("puzzle 3" + at + "3): wrong (answer at " + answers + " line 5): r1c2 was given 2 but holds 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("puzzle 4" + at + "4): refuted (answer at " + answers + " line 7): claimed unique, but it has at least 2 solutions"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("puzzle 5" + at + "5): refuted (answer at " + answers + " line 8): claimed no solution, but it has one"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  counter-example: " + kNorvigEasySolution), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("puzzle 7" + at + "7): missing: no answer for this puzzle"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("puzzle 1 "), std::string::npos) << r.out;  // correct, and its claim confirmed
  EXPECT_EQ(r.out.find("puzzle 6 "), std::string::npos) << r.out;  // "none", confirmed
  EXPECT_NE(r.out.find("7 puzzles: 2 correct, 2 wrong, 2 refuted, 1 missing"), std::string::npos) << r.out;
  // The second solution of puzzle 4 is a real one, other than the claimed answer.
  const auto counter = r.out.find("counter-example: ", r.out.find("puzzle 4 "));
  const Grid second = read_one(r.out.substr(counter + 17, 81));
  EXPECT_TRUE(is_solution(read_one(kTwoSolutions), second));
  EXPECT_NE(to_line(second), kSeed4Solution);
  const std::string rows = slurp(csv);
  EXPECT_EQ(rows.rfind("puzzle,source,line,answer_source,answer_line,answer,claim,verdict,reason,counterexample\n", 0), 0u) << rows;
  EXPECT_NE(rows.find(",8,none,,refuted,\"claimed no solution, but it has one (" + builtin_solvers().default_for(ProblemKind::sudoku) + ")\"," + kNorvigEasySolution + "\n"),
            std::string::npos) << rows;
  std::remove(csv.c_str());
  std::remove(puzzles.c_str());
  std::remove(answers.c_str());
}

TEST(Check, AllCorrectAnswersExitZeroAndBadAnswersAreLocated) {
  const std::string puzzles = write_temp("ok.txt", kSeed1 + "\n" + kNoSolution + "\n");
  const std::string answers = write_temp("ok-answers.txt", "# claim: count 1\n" + kSeed1Solution + "\nnone\n");
  const std::string named = test::fastest_but({builtin_solvers().default_for(ProblemKind::sudoku)});
  auto ok = run_cli("check --solver " + named + " " + puzzles + " " + answers);
  EXPECT_EQ(ok.exit_code, 0) << ok.out << ok.err;
  EXPECT_NE(ok.out.find("2 puzzles: 2 correct (claims decided by " + named + ")"), std::string::npos) << ok.out;
  auto fastest = run_cli("check " + puzzles + " " + answers);
  EXPECT_NE(fastest.out.find("claims decided by " + builtin_solvers().default_for(ProblemKind::sudoku)), std::string::npos);
  const std::string bad = write_temp("bad-answers.txt", "# claim: maybe\n" + kSeed1Solution + "\n" + kSeed1Solution.substr(0, 40) + "x" + kSeed1Solution.substr(41) + "\n");
  auto unreadable = run_cli("check " + puzzles + " " + bad);
  EXPECT_EQ(unreadable.exit_code, 2) << unreadable.out;
  EXPECT_NE(unreadable.out.find(bad + ": puzzle 1, line 1, column 10: a claim is 'unique' or 'count N', not 'maybe'"), std::string::npos) << unreadable.out;
  EXPECT_NE(unreadable.out.find(bad + ": puzzle 2, line 3, column 41: bad character 'x'"), std::string::npos) << unreadable.out;
  EXPECT_EQ(run_cli("check " + puzzles + " /no/such/answers").exit_code, 5);
  std::remove(puzzles.c_str());
  std::remove(answers.c_str());
  std::remove(bad.c_str());
}

// A puzzle that cannot be read is reported where it is and counted in the summary: the tally
// covers every puzzle of the file, and the answers after it stay their own puzzles'.
TEST(Check, UnreadablePuzzlesAreCountedInTheSummary) {
  const std::string puzzles = write_temp("some-bad.txt", kSeed1 + "\n" + kSeed1.substr(0, 40) + "x" + kSeed1.substr(41) + "\n" + kNoSolution + "\n");
  const std::string answers = write_temp("some-bad-answers.txt", kSeed1Solution + "\nnone\nnone\n");
  const auto r = run_cli("check " + puzzles + " " + answers);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find(puzzles + ": puzzle 2, line 2, column 41: bad character 'x'"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("3 puzzles: 2 correct, 1 unreadable puzzle"), std::string::npos) << r.out;
  const auto compared = run_cli("compare --solvers " + test::fastest() + " " + puzzles);
  EXPECT_EQ(compared.exit_code, 2) << compared.out << compared.err;
  EXPECT_NE(compared.out.find("3 puzzles, 0 with a disagreement, 1 unreadable"), std::string::npos) << compared.out;
  std::remove(puzzles.c_str());
  std::remove(answers.c_str());
}

// `sudokit solve`'s output read back as answers: its "# puzzle N:" lines pair each grid with its
// puzzle, where solve found no solution (its line is the answer "none") or was stopped (no grid:
// the puzzle has no answer, and the answers after it are still their own puzzles').
TEST(Check, ReadsSolvesOutputPairedByPuzzleNumber) {
  const std::string puzzles = write_temp("solved.txt", kNoSolution + "\n" + kSeed4 + "\n" + kTwoSolutions + "\n" + kSeed1 + "\n");
  const auto solved = run_cli("solve --count 2 " + puzzles);
  ASSERT_EQ(solved.exit_code, 1) << solved.out << solved.err;  // puzzle 1 has no solution
  const std::string answers = write_temp("solved-answers.txt", solved.out);
  const auto r = run_cli("check " + puzzles + " " + answers);
  EXPECT_EQ(r.exit_code, 0) << solved.out << r.out << r.err;
  EXPECT_NE(r.out.find("4 puzzles: 4 correct"), std::string::npos) << solved.out << r.out;
  // By hand, as solve writes it without --count: a search stopped with no solution, then a grid
  // with no line of its own (puzzle 3's); and then an answer too many, after a line about puzzle 4
  // when it has its answer (a comment: solve --all writes such a line after the grids).
  const std::string by_hand = write_temp("by-hand.txt", "# puzzle 1: no solution\n# puzzle 2: stopped by the node limit after 9 nodes\n" +
                                                            kSeed4Solution + "\n# puzzle 4: 1 solution (unique)\n" + kSeed1Solution +
                                                            "\n# puzzle 4: solved (uniqueness not checked)\n" + kSeed1Solution + "\n");
  const std::string four = write_temp("four.txt", kNoSolution + "\n" + kHard1 + "\n" + kSeed4 + "\n" + kSeed1 + "\n");
  const auto h = run_cli("check " + four + " " + by_hand);
  EXPECT_EQ(h.exit_code, 2) << h.out << h.err;  // the answer past the last puzzle; puzzle 2's stop alone is 1
  // A stopped search is no wrong answer: its own verdict, naming the stop.
  EXPECT_NE(h.out.find("puzzle 2 (" + four + ", line 2): stopped (answer at " + by_hand +
                       " line 2): no answer: its search was stopped by the node limit after 9 nodes"),
            std::string::npos)
      << h.out;
  EXPECT_NE(h.out.find(by_hand + " line 7: answer for puzzle 5 has no puzzle (" + four + " holds 4 puzzles)"), std::string::npos) << h.out;
  EXPECT_NE(h.out.find("4 puzzles: 3 correct, 1 stopped"), std::string::npos) << h.out;
  // solve's own output, stopped on the empty grid (no backend settles it at the root): check
  // exits 1, as solve did.
  const std::string hard = write_temp("hard.txt", std::string(81, '.') + "\n" + kSeed4 + "\n");
  const auto limited = run_cli("solve --solver " + test::fastest() + " --max-nodes 1 " + hard);
  ASSERT_EQ(limited.exit_code, 1) << limited.out << limited.err;
  const std::string limited_answers = write_temp("limited.txt", limited.out);
  const auto lc = run_cli("check " + hard + " " + limited_answers);
  EXPECT_EQ(lc.exit_code, 1) << limited.out << lc.out << lc.err;
  EXPECT_NE(lc.out.find("2 puzzles: 1 correct, 1 stopped"), std::string::npos) << limited.out << lc.out;
  // A search stopped after it found a solution: its grid follows the line (the words solve wrote
  // before 2026-12, "solution(s) found", read the same way).
  for (const std::string found : {"1 solution found", "2 solutions found", "1 solution(s) found"}) {
    const std::string stopped = write_temp("stopped.txt", "# puzzle 1: stopped by the node limit after 9 nodes, " + found +
                                                              "\n" + kSeed4Solution + "\n");
    const std::string one = write_temp("one.txt", kSeed4 + "\n");
    const auto st = run_cli("check " + one + " " + stopped);
    EXPECT_EQ(st.exit_code, 0) << found << "\n" << st.out << st.err;
    EXPECT_NE(st.out.find("1 puzzle: 1 correct"), std::string::npos) << found << "\n" << st.out;
  }
  // An unreadable claim before a stop line is reported as the puzzle's entry, not dropped.
  const std::string bad_claim = write_temp("bad-claim.txt", "# claim: uniqe\n# puzzle 1: stopped by the node limit after 9 nodes\n" +
                                                                kSeed1Solution + "\n");
  const auto bc = run_cli("check " + write_temp("pair.txt", kSeed4 + "\n" + kSeed1 + "\n") + " " + bad_claim);
  EXPECT_EQ(bc.exit_code, 2) << bc.out << bc.err;
  EXPECT_NE(bc.out.find("2 puzzles: 1 correct, 1 unreadable"), std::string::npos) << bc.out;
  EXPECT_NE(bc.out.find("uniqe"), std::string::npos) << bc.out;
  // Before a line about a later puzzle, the claim's own fault is named, not only that it has no answer.
  const std::string later = write_temp("later.txt", "# claim: uniqe\n# puzzle 2: stopped by the node limit after 9 nodes\n");
  const auto lt = run_cli("check " + write_temp("pair2.txt", kSeed4 + "\n" + kSeed1 + "\n") + " " + later);
  EXPECT_NE(lt.out.find("not 'uniqe'"), std::string::npos) << lt.out;
  // solve --all writes a puzzle's line after its grids: a comment then, as before.
  const std::string two = write_temp("two.txt", kSeed4 + "\n" + kSeed1 + "\n");
  const auto all = run_cli("solve --all " + two);
  ASSERT_EQ(all.exit_code, 0) << all.err;
  const std::string all_answers = write_temp("all-answers.txt", all.out);
  const auto a = run_cli("check " + two + " " + all_answers);
  EXPECT_EQ(a.exit_code, 0) << all.out << a.out << a.err;
  EXPECT_NE(a.out.find("2 puzzles: 2 correct"), std::string::npos) << all.out << a.out;
  // With search off, the grid after puzzle 1's line is what inference left: no answer, not a
  // wrong one; a claim whose puzzle a later line skips is reported, not carried over to another;
  // an answer past the last puzzle is named; a byte-order mark is no text.
  const std::string odd = write_temp("odd.txt", "\xEF\xBB\xBF# puzzle 1: search is off: inference alone left 60 cells open\n" + kHard1 +
                                                    "\n# claim: unique\n# puzzle 3: solved (uniqueness not checked)\n" + kSeed1Solution +
                                                    "\n" + kSeed1Solution + "\n");
  const std::string three = write_temp("three.txt", kHard1 + "\n" + kSeed4 + "\n" + kSeed1 + "\n");
  const auto o = run_cli("check " + three + " " + odd);
  EXPECT_EQ(o.exit_code, 4) << o.out << o.err;
  EXPECT_NE(o.out.find("puzzle 1 (" + three + ", line 1): missing: no answer for this puzzle"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find(odd + ": puzzle 2, line 3, column 10: a claim with no answer after it"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find(odd + " line 6: answer for puzzle 4 has no puzzle (" + three + " holds 3 puzzles)"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("3 puzzles: 1 correct, 1 missing, 1 unreadable answer"), std::string::npos) << o.out;
  for (const std::string& f : {puzzles, answers, by_hand, four, two, all_answers, odd, three}) std::remove(f.c_str());
}

// solve's answers to puzzles whose boxes are not square (6x6 from a file's `# box: 2x3`) carry
// the header, so that check reads them back without being told the box; stdin is read once.
TEST(Check, ReadsBackSolvesAnswersToSixBySixPuzzles) {
  const std::string six = std::string(SUDOKIT_SOURCE_DIR) + "/examples/six_by_six.txt";
  const auto solved = run_cli("solve " + six);
  ASSERT_EQ(solved.exit_code, 0) << solved.err;
  EXPECT_EQ(solved.out.rfind("# box: 2x3\n", 0), 0u) << solved.out;
  EXPECT_EQ(solved.out.find("# box:", 1), std::string::npos) << solved.out;  // once, not per puzzle
  const auto r = run_cli("check " + six + " -", solved.out);
  EXPECT_EQ(r.exit_code, 0) << solved.out << r.out << r.err;
  EXPECT_NE(r.out.find("2 puzzles: 2 correct"), std::string::npos) << r.out;
  const auto twice = run_cli("check - -", solved.out);
  EXPECT_EQ(twice.exit_code, 3) << twice.out << twice.err;
  EXPECT_NE(twice.err.find("cannot both be '-'"), std::string::npos) << twice.err;
  const auto named = run_cli("check /dev/stdin -", solved.out);
  EXPECT_EQ(named.exit_code, 3) << named.out << named.err;
}

// A puzzle solve cannot read has a "# puzzle N: no answer" line on stdout in its place (the error
// is on stderr), so that without --count the answers after it still pair with their puzzles.
TEST(Check, SolvesOutputStaysAlignedPastAnUnreadablePuzzle) {
  const std::string puzzles = write_temp("with-bad.txt", kSeed4 + "\n" + kSeed1.substr(0, 40) + "x" + kSeed1.substr(41) + "\n" + kSeed1 + "\n");
  const auto solved = run_cli("solve " + puzzles);
  EXPECT_EQ(solved.exit_code, 2) << solved.err;
  EXPECT_NE(solved.err.find(puzzles + ": puzzle 2, line 2, column 41: bad character 'x'"), std::string::npos) << solved.err;
  EXPECT_EQ(solved.out, kSeed4Solution + "\n# puzzle 2: no answer: unreadable\n" + kSeed1Solution + "\n");
  const std::string answers = write_temp("with-bad-answers.txt", solved.out);
  const auto r = run_cli("check " + puzzles + " " + answers);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;  // puzzle 2 is unreadable here too
  EXPECT_NE(r.out.find("3 puzzles: 2 correct, 1 unreadable puzzle"), std::string::npos) << solved.out << r.out;
  // A bad '# box:' header belongs to no puzzle: the next one keeps the number, and no line is
  // written for it.
  const std::string header = write_temp("bad-header.txt", kSeed4 + "\n# box: 2y3\n" + kSeed1 + "\n");
  const auto past_header = run_cli("solve " + header);
  EXPECT_EQ(past_header.exit_code, 2) << past_header.err;
  EXPECT_NE(past_header.err.find(header + ": puzzle 2, line 2, column 8: the header '# box: RxC'"), std::string::npos) << past_header.err;
  EXPECT_EQ(past_header.out, kSeed4Solution + "\n" + kSeed1Solution + "\n");
  for (const std::string& f : {puzzles, answers, header}) std::remove(f.c_str());
}

// A whole model of a grid written by hand: every cell variable, true for the grid's digit.
std::string model_of(const std::string& grid, const std::function<int(int cell, int digit, bool value)>& spoil = nullptr) {
  std::string model = "c written by hand from the solution\ns SATISFIABLE\nv";
  for (int cell = 0; cell < 81; ++cell)
    for (int d = 1; d <= 9; ++d) {
      const bool value = grid[static_cast<std::size_t>(cell)] - '0' == d;
      const int lit = spoil ? spoil(cell, d, value) : (value ? 1 : -1);
      if (lit != 0) model += " " + std::to_string(lit * cell_var(9, cell, d));
    }
  return model + " 0\n";
}

TEST(Decode, AModelBecomesAVerifiedGridOrOptions) {
  const std::string puzzle = write_temp("decode.txt", kSeed4 + "\n");
  const std::string good = write_temp("good.model", model_of(kSeed4Solution));
  auto r = run_cli("decode " + puzzle + " " + good);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, kSeed4Solution + "\n");
  // Each fault of a model is named, and nothing is printed.
  auto rejected = [&](const std::function<int(int, int, bool)>& spoil, const std::string& options = "") {
    const std::string bad = write_temp("bad.model", model_of(kSeed4Solution, spoil));
    auto wrong = run_cli("decode " + options + puzzle + " " + bad);
    EXPECT_EQ(wrong.exit_code, 4) << wrong.out;
    EXPECT_EQ(wrong.out, "");
    std::remove(bad.c_str());
    return wrong.err;
  };
  // r1c1 (open) holds 9 instead of 8; 9 is given in r1c9 (kSeed4 = "004300209...").
  EXPECT_NE(rejected([](int cell, int d, bool v) { return cell == 0 ? (d == 9 ? 1 : -1) : (v ? 1 : -1); })
                .find("the model is not one grid: the model makes r1c1=9 (variable 9) true, but r1c9 is given 9"),
            std::string::npos);
  // Two digits in one open cell.
  EXPECT_NE(rejected([](int cell, int d, bool v) { return cell == 0 && d == 1 ? 1 : (v ? 1 : -1); })
                .find("r1c1 holds two digits: the model makes both r1c1=1 (variable 1) and r1c1=8 (variable 8) true"),
            std::string::npos);
  // A given's literal false (r1c3 is given 4).
  EXPECT_NE(rejected([](int cell, int, bool v) { return cell == 2 && v ? -1 : (v ? 1 : -1); })
                .find("r1c3 is given 4, but the model makes r1c3=4 (variable 22) false"),
            std::string::npos);
  // A variable left out: its clauses have no true literal.
  EXPECT_NE(rejected([](int cell, int d, bool v) { return cell == 0 && d == 1 ? 0 : (v ? 1 : -1); })
                .find("the model does not satisfy the formula: clause"),
            std::string::npos);
  // The formula of another --encoding than the model's still decodes (no auxiliaries here), and
  // a bad option is refused.
  EXPECT_EQ(run_cli("decode --encoding minimal " + puzzle + " " + good).exit_code, 0);
  EXPECT_EQ(run_cli("decode -o givens=sometimes " + puzzle + " " + good).exit_code, 3);
  const std::string unsat = write_temp("unsat.model", "UNSAT\n");
  EXPECT_EQ(run_cli("decode " + puzzle + " " + unsat).exit_code, 1);
  // Exact cover: minisat's result-file form, option variables 1..options.
  const std::string xc = write_temp("decode.dlx", "a b c\na\nb c\na b\nc\n");
  const std::string result = write_temp("xc.result", "SAT\n1 2 -3 -4 0\n");
  auto cover = run_cli("decode " + xc + " " + result);
  EXPECT_EQ(cover.exit_code, 0) << cover.err;
  EXPECT_EQ(cover.out, "a\nb c\n");
  const std::string overlap = write_temp("overlap.result", "SAT\n1 2 3 -4 0\n");
  EXPECT_EQ(run_cli("decode " + xc + " " + overlap).exit_code, 4);
  for (const auto& f : {puzzle, good, unsat, xc, result, overlap}) std::remove(f.c_str());
}

// The checker alone, on formulas small enough to follow by hand.
TEST(Drat, ChecksLemmasAndHonoursDeletions) {
  Cnf f;  // every assignment of x1, x2 falsifies one clause
  f.variables = 2;
  f.clauses = {{1, 2}, {-1, 2}, {1, -2}, {-1, -2}};
  auto check = [&](const std::string& proof) {
    std::istringstream in(proof);
    return check_drat(f, in, "proof");
  };
  EXPECT_TRUE(check("2 0\n0\n").verified);
  EXPECT_TRUE(check("c a comment\n2 0\nd 1 2 0\n0\n").verified);  // the lemma 2 makes {1,2} unneeded
  const DratResult early = check("0\n");  // nothing propagates yet
  EXPECT_FALSE(early.verified);
  EXPECT_EQ(early.line, 1u);
  const DratResult deleted = check("d 1 2 0\nd -1 -2 0\n2 0\n0\n");  // after these deletions 2 does not follow
  EXPECT_FALSE(deleted.verified);
  EXPECT_EQ(deleted.line, 3u);
  EXPECT_NE(deleted.reason.find("line 3: lemma 1 does not follow (neither RUP nor RAT): 2 0"), std::string::npos) << deleted.reason;
  const DratResult unfinished = check("2 0\n");
  EXPECT_FALSE(unfinished.verified);
  EXPECT_NE(unfinished.reason.find("does not derive the empty clause"), std::string::npos);
  EXPECT_TRUE(check("3 0\n2 0\n0\n").verified);  // RAT on a fresh variable: an extension, allowed
  EXPECT_THROW(check("1 x 0\n"), InputError);
  EXPECT_THROW(check(std::string("a\x01\x02", 3)), InputError);  // binary DRAT
}

// Proofs of "no solution" and of uniqueness for 40 generated 9x9 puzzles, written by each backend
// that declares proofs (BackendInfo::Proofs: the in-process sat backend's CaDiCaL proof trace, and
// the cadical program where it is installed), verified in-project; corrupted proofs are rejected.
class Proofs : public ::testing::TestWithParam<std::string> {};

TEST_P(Proofs, OfUniquenessAndOfNoSolutionAreVerified) {
  const Registry registry = builtin_solvers();
  const BackendInfo::Proofs how = *registry.info(GetParam()).proofs;
  auto checker = registry.create(test::fastest());
  Random random(15);
  const std::string proof = ::testing::TempDir() + "sudokit_xcheck_" + std::to_string(::getpid()) + ".drat";
  SolverOptions with_proof;
  with_proof.set(how.option, proof);
  auto prover = registry.create(GetParam(), with_proof);
  Limits two;
  two.solutions = 2;
  int rejected_lemmas = 0;
  const ShapePtr shape = Shape::make(3, 3);
  for (int i = 0; i < 40; ++i) {
    const Grid puzzle = generate_unique(shape, random, *checker);
    // The same puzzle with one more given that differs from its solution: no solution at all.
    const Grid solution = checker->solve(puzzle, two).solutions.front();
    Grid none = puzzle;
    for (int cell = 0; cell < none.cells() && none.givens() == puzzle.givens(); ++cell) {
      if (puzzle[cell] != 0) continue;
      for (int d = 1; d <= 9; ++d) {
        Grid trial = puzzle;
        trial.set(cell, d);
        if (d != solution[cell] && fixed_by_givens(trial)) {  // no clash among the givens themselves
          none = trial;
          break;
        }
      }
    }
    ASSERT_EQ(checker->solve(none, two).status, Status::none);
    // Each solve makes one UNSAT call; this instance's proofs are FILE, FILE.2, FILE.3, ...
    ASSERT_EQ(prover->solve(puzzle, two).status, Status::unique);
    ASSERT_EQ(prover->solve(none, two).status, Status::none);
    for (int k = 2 * i + 1; k <= 2 * i + 2; ++k) {
      const std::string file = k == 1 ? proof : proof + "." + std::to_string(k);
      std::ifstream cnf_in(file + how.formula_suffix);
      const Cnf formula = read_dimacs(cnf_in, file + how.formula_suffix);
      std::string text = slurp(file);
      std::istringstream in(text);
      const DratResult checked = check_drat(formula, in, file);
      ASSERT_TRUE(checked.verified) << file << ": " << checked.reason << " (" << formula.clauses.size() << " clauses, proof of " << text.size() << " bytes)";
      // Without its empty clause the proof proves nothing.
      const auto last = text.rfind("\n0\n");
      ASSERT_NE(last, std::string::npos);
      std::istringstream truncated(text.substr(0, last + 1));
      EXPECT_FALSE(check_drat(formula, truncated, file).verified) << file;
      // Its first lemma changed into the empty clause: rejected at that line, unless the formula
      // is refuted by unit propagation alone (an easy puzzle), when every lemma follows.
      std::istringstream empty_first("0\n");
      if (!check_drat(formula, empty_first, file).verified) {
        // The first lemma: the first line that is neither a deletion ('d') nor a comment.
        std::size_t first = 0;
        while (first < text.size() && (text[first] == 'd' || text[first] == 'c')) first = text.find('\n', first) + 1;
        const auto end = text.find('\n', first);
        std::istringstream changed(text.substr(0, first) + "0" + text.substr(end));
        const DratResult c = check_drat(formula, changed, file);
        EXPECT_FALSE(c.verified) << file;
        rejected_lemmas += !c.verified;
      }
      std::filesystem::remove(file);
      std::filesystem::remove(file + how.formula_suffix);
    }
  }
  EXPECT_GT(rejected_lemmas, 0);
}

INSTANTIATE_TEST_SUITE_P(Drat, Proofs,
                         ::testing::ValuesIn(test::backends_and_members_where(
                             ProblemKind::sudoku, [](const BackendInfo& i) { return i.proofs.has_value(); })),
                         [](const auto& info) {
                           std::string name = info.param;
                           std::replace_if(name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
                           return name;
                         });

// compare --certify: every agreed "unique" and "none" proved by the backend that declares proofs
// (Registry::certifier), its DRAT proof checked in-project; a backend that writes none is refused.
TEST(Certify, AgreedVerdictsAreProvedByTheDeclaredCertifier) {
  const Registry registry = builtin_solvers();
  const std::string certifier = registry.certifier(ProblemKind::sudoku);
  ASSERT_TRUE(registry.info(certifier).proofs.has_value());
  const std::string quick = test::joined(test::others(test::slowest(), 2));
  const auto r = run_cli("compare --certify --solvers " + quick + " -", kSeed1 + "\n" + kNoSolution + "\n" + kSeed4 + "\n");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;  // kNoSolution: an agreed "none"
  EXPECT_NE(r.out.find("certified: 3 of 3 puzzles whose answer is unique or none (DRAT proofs by " + certifier),
            std::string::npos)
      << r.out;
  for (const std::string& name : registry.names(ProblemKind::sudoku))
    if (!registry.info(name).proofs) {
      // Refused before any puzzle is solved: a certifier is known not to certify from its declaration.
      const auto none = run_cli("compare --certify --certify-with " + name + " --solvers " + test::fastest() + " -", kSeed1 + "\n");
      EXPECT_NE(none.err.find("--certify-with " + name + ": it writes no proofs"), std::string::npos) << none.err;
      EXPECT_EQ(none.exit_code, 3) << none.err;
      EXPECT_EQ(none.out, "");
      break;
    }
}
