// The sudokit command line as a user runs it: stdin in, stdout and exit code out.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "sudokit/compare/exit_codes.h"
#include "sudokit/registry.h"
#include "test_support.h"

using sudokit::test::run_cli;
using sudokit::test::run_shell;
using sudokit::ProblemKind;
using sudokit::Registry;

namespace {
const char* kSeed =
    "0 3 5 4 6 9 2 7 8\n7 8 2 1 0 5 6 0 9\n0 6 0 2 7 8 1 3 5\n3 2 1 0 4 6 8 9 7\n8 0 4 9 1 3 5 0 6\n"
    "5 9 6 8 2 0 4 1 3\n9 1 7 6 5 2 0 8 0\n6 0 3 7 0 1 9 5 2\n2 5 8 3 9 4 7 6 0\n";
// 392 dlx nodes: more than the 256 between two reads of the clock.
const char* kHard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
// top1465's first puzzle: every backend guesses on it (more than 3 nodes in each).
const char* kNeedsSearch = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const char* kSeedSolution =
    "1 3 5 4 6 9 2 7 8\n7 8 2 1 3 5 6 4 9\n4 6 9 2 7 8 1 3 5\n3 2 1 5 4 6 8 9 7\n8 7 4 9 1 3 5 2 6\n"
    "5 9 6 8 2 7 4 1 3\n9 1 7 6 5 2 3 8 4\n6 4 3 7 8 1 9 5 2\n2 5 8 3 9 4 7 6 1\n";
}  // namespace

TEST(Cli, SolvesTheGridFormFromStdin) {
  const std::string textbook = sudokit::test::slowest();
  auto r = run_cli("solve --stats --solver " + textbook, kSeed);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, kSeedSolution);
  // The counts are the library's for the same puzzle (row-major backtracking: 15 nodes).
  const auto nodes =
      sudokit::builtin_solvers().create(textbook)->solve(sudokit::read_one(kSeed), sudokit::test::count_up_to(2)).stats.nodes;
  EXPECT_NE(r.err.find("nodes=" + std::to_string(nodes) + " "), std::string::npos) << r.err;
}

TEST(Cli, SolvesTheLineForm) {
  auto r = run_cli("solve -", "004300209005009001070060043006002087190007400050083000600000105003508690042910300\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "864371259325849761971265843436192587198657432257483916689734125713528694542916378\n");
}

// A puzzle typed as an argument is read as one: by every command that reads puzzles; several
// are one input, "the command line", numbered in their order and read where the first stands; a
// typo is named where it is and the others still run; a name that is no puzzle is a missing file.
TEST(Cli, APuzzleOnTheCommandLineIsReadAsOne) {
  const std::string solution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
  const auto one = run_cli(std::string("solve ") + kHard);
  EXPECT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(one.out, solution + "\n");

  sudokit::test::ScratchDir dir;
  const std::string file = dir.path() + "seed.txt";
  std::ofstream(file) << kSeed;
  const auto mixed = run_cli(std::string("solve --stats ") + kHard + " " + file + " " + kNeedsSearch);
  EXPECT_EQ(mixed.exit_code, 0) << mixed.err;
  EXPECT_EQ(mixed.out.rfind(solution + "\n", 0), 0u) << mixed.out;  // the typed ones first
  EXPECT_NE(mixed.out.find(kSeedSolution), std::string::npos) << mixed.out;
  EXPECT_NE(mixed.err.find("the command line: puzzle 2: "), std::string::npos) << mixed.err;
  EXPECT_NE(mixed.err.find(file + ": puzzle 1: "), std::string::npos) << mixed.err;

  std::string typo = kHard;
  typo[15] = 'x';
  const auto bad = run_cli("solve " + typo + " " + kHard);
  EXPECT_EQ(bad.exit_code, sudokit::kBadInput);
  EXPECT_NE(bad.err.find("the command line: puzzle 1, line 1, column 16"), std::string::npos) << bad.err;
  EXPECT_EQ(bad.out, "# puzzle 1: no answer: unreadable\n" + solution + "\n");  // the second still solved

  // A 16x16 puzzle typed in lower case, letters nearly half its clues: a bad character, where it
  // is, not a missing file (the digits past 9 are capitals).
  std::string lower;
  for (int row = 0; row < 16; ++row) lower += "123456789abcdefg";
  const auto typed_lower = run_cli("solve " + lower);
  EXPECT_EQ(typed_lower.exit_code, sudokit::kBadInput) << typed_lower.err;
  EXPECT_NE(typed_lower.err.find("the command line: puzzle 1, line 1, column 10: bad character 'a'"), std::string::npos)
      << typed_lower.err;

  for (const std::string& name : {dir.path() + "puzzles.txt", std::string("20261127.txt"), std::string("2026-11-27"),
                                  std::string("A1B2C3D4"), std::string("PUZZLES_2026_11.TXT"),
                                  std::string("puzzles2026batch"), std::string("sudoku.backup.01"),
                                  std::string("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")}) {
    const auto missing = run_cli("solve " + name);
    EXPECT_EQ(missing.exit_code, sudokit::kIoError) << name;
    EXPECT_NE(missing.err.find("cannot open " + name), std::string::npos) << missing.err;
  }

  for (const std::string& command : std::vector<std::string>{"rate", "estimate --probes 10", "encode", "compare --solvers " + sudokit::test::fastest()}) {
    const auto r = run_cli(command + " " + kHard);
    EXPECT_EQ(r.exit_code, 0) << command << "\n" << r.err;
    EXPECT_FALSE(r.out.empty()) << command;
  }
  // check: the puzzle typed, its answers in a file.
  const std::string answers = dir.path() + "answers.txt";
  std::ofstream(answers) << solution << "\n";
  const auto checked = run_cli(std::string("check ") + kHard + " " + answers);
  EXPECT_EQ(checked.exit_code, 0) << checked.out << checked.err;
  EXPECT_NE(checked.out.find("1 correct"), std::string::npos) << checked.out;
}

TEST(Cli, CountsWithBoxShape) {
  auto r = run_cli("solve --count --box 2x2", std::string(16, '0') + "\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "# puzzle 1: 288 solutions");
  auto two = run_cli("solve --count 2", std::string(81, '.') + "\n");
  EXPECT_NE(two.out.find("at least 2 solutions (counting stopped at 2)"), std::string::npos) << two.out;
}

TEST(Cli, CountWithoutANumberBeforeAFileCountsAll) {
  // `--count` takes an optional number; a file name after it is a file, not a bad number.
  auto from_stdin = run_cli("solve --count - --box 2x2", std::string(16, '0') + "\n");
  EXPECT_EQ(from_stdin.exit_code, 0) << from_stdin.err;
  EXPECT_EQ(from_stdin.out.substr(0, from_stdin.out.find('\n')), "# puzzle 1: 288 solutions");
  auto missing = run_cli("solve --count no-such-file.txt");
  EXPECT_EQ(missing.exit_code, 5) << missing.err;  // an input/output error naming the file, not a usage error
  EXPECT_NE(missing.err.find("no-such-file.txt"), std::string::npos) << missing.err;
  // A bare word that is no file and no puzzle was a mistyped count (test_compare.cpp).
  EXPECT_EQ(run_cli("solve --count abc no-such-file.txt").exit_code, 3);
}

TEST(Cli, FormatSwitchAndAllSolutions) {
  auto r = run_cli("solve --format line", kSeed);
  EXPECT_EQ(r.out, "135469278782135649469278135321546897874913526596827413917652384643781952258394761\n");
  auto all = run_cli("solve --all --format line", "12.." "34.." "...." "....\n");
  EXPECT_EQ(all.exit_code, 0);
  int lines = 0;
  for (char c : all.out) lines += c == '\n';
  EXPECT_EQ(lines, 1 + 12) << all.out;  // the count line and the 12 completions (tests/data/puzzles.txt)
}

TEST(Cli, BadPuzzlesAreReportedAndTheOthersSolved) {
  const std::string input = std::string(80, '.') + "1\n" + std::string(40, '.') + "x" + std::string(40, '.') +
                            "\n" + "11" + std::string(79, '.') + "\n" + std::string(79, '.') + "\n" +
                            "004300209005009001070060043006002087190007400050083000600000105003508690042910300\n";
  auto r = run_cli("solve", input);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("stdin: puzzle 2, line 2, column 41: bad character 'x'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("stdin: puzzle 3, line 3, column 2: digit 1 is given twice in row 1"), std::string::npos);
  EXPECT_NE(r.err.find("stdin: puzzle 4, line 4, column 80: 79 cells"), std::string::npos) << r.err;
  // Puzzles 1 and 5 are solved; each bad one has a comment in its place, so that the answers keep
  // their order (`sudokit check` pairs them by it).
  const std::string first = r.out.substr(0, r.out.find('\n') + 1);
  EXPECT_EQ(r.out.substr(first.size()),
            "# puzzle 2: no answer: unreadable\n# puzzle 3: no answer: unreadable\n# puzzle 4: no answer: unreadable\n"
            "864371259325849761971265843436192587198657432257483916689734125713528694542916378\n");
  EXPECT_EQ(first.size(), 82u) << r.out;
  // In the grid form the line stands between blank lines as a grid does, one blank line each.
  const std::string good = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 0\n", bad = "1 2 3 4\n3 4 1 2\n2 1 x 3\n4 3 2 0\n";
  const auto grids = run_cli("solve", good + "\n" + bad + "\n" + good);
  EXPECT_EQ(grids.exit_code, 2) << grids.err;
  const std::string solved = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n";
  EXPECT_EQ(grids.out, solved + "\n# puzzle 2: no answer: unreadable\n\n" + solved) << grids.out;
}

TEST(Cli, UnsolvableAndStoppedPuzzlesExitWithOne) {
  // r1c9 can hold only 9, which column 9 already has at r5c9.
  const std::string none = "12345678." + std::string(27, '.') + "........9" + std::string(36, '.') + "\n";
  auto r = run_cli("solve", none);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "# puzzle 1: no solution\n");
  auto stopped = run_cli("solve --count 0 --max-nodes 10", std::string(81, '.') + "\n");
  EXPECT_EQ(stopped.exit_code, 1);
  EXPECT_NE(stopped.out.find("stopped by the node limit after 10 nodes"), std::string::npos) << stopped.out;
  // Stopped after some of the empty 4x4 grid's 288 solutions: how many, counted in words.
  auto some = run_cli("solve --count 0 --max-nodes 60 --box 2x2", std::string(16, '0') + "\n");
  EXPECT_EQ(some.exit_code, 1);
  EXPECT_TRUE(std::regex_search(some.out, std::regex("stopped by the node limit after 60 nodes, ([2-9]|[1-9][0-9]+) solutions found")))
      << some.out;
  // In the unit the backend's budget counts, as it declares (BackendInfo::node_unit): conflicts, say.
  const std::string other_unit = sudokit::test::backend_where(
      ProblemKind::sudoku, [](const sudokit::BackendInfo& i) { return i.node_unit != "nodes"; }, "counting another unit");
  const std::string unit = sudokit::builtin_solvers().info(other_unit).node_unit;
  auto conflicts = run_cli("solve --solver " + other_unit + " --count 0 --max-nodes 3", std::string(81, '.') + "\n");
  EXPECT_EQ(conflicts.exit_code, 1);
  EXPECT_TRUE(std::regex_search(conflicts.out, std::regex("stopped by the node limit after [0-9]+ " + unit)))
      << conflicts.out;
  // --stats says which limit stopped it: the budget (the same everywhere) or the clock.
  auto stats = run_cli("solve --count 0 --max-nodes 10 --stats", std::string(81, '.') + "\n");
  EXPECT_NE(stats.err.find("status=stopped stop=budget count="), std::string::npos) << stats.err;
  auto solved = run_cli("solve --stats", std::string(kSeed) + "\n");
  EXPECT_EQ(solved.err.find("stop="), std::string::npos) << solved.err;
}

TEST(Cli, UsageErrors) {
  EXPECT_EQ(run_cli("solve --solver nosuch", kSeed).exit_code, 3);
  EXPECT_EQ(run_cli("solve --box 2y3", kSeed).exit_code, 3);
  EXPECT_EQ(run_cli("solve -o order=sideways", kSeed).exit_code, 3);
  EXPECT_EQ(run_cli("solve -o colour=blue", kSeed).exit_code, 3);
  EXPECT_EQ(run_cli("frobnicate").exit_code, 3);
  EXPECT_EQ(run_cli("solve /no/such/file").exit_code, 5);
  // A backend list given but naming none is a mistake, not "every backend".
  for (const char* list : {"''", "','"}) {
    const auto none = run_cli(std::string("compare --solvers ") + list, kSeed);
    EXPECT_EQ(none.exit_code, 3) << list;
    EXPECT_NE(none.err.find("--solvers names no backend"), std::string::npos) << none.err;
    EXPECT_EQ(run_cli(std::string("teach -o /dev/null --solvers ") + list, kSeed).exit_code, 3) << list;
    EXPECT_EQ(run_cli(std::string("estimate --solver ") + list, kSeed).exit_code, 3) << list;
  }
  // A name left empty beside real ones is a slip to point out, not one to skip silently.
  const std::string one = sudokit::test::fastest();
  for (const std::string& list : {one + ",", "," + one, one + ",," + one}) {
    const auto slip = run_cli("compare --solvers '" + list + "'", kSeed);
    EXPECT_EQ(slip.exit_code, 3) << list;
    EXPECT_NE(slip.err.find("--solvers '" + list + "' leaves a name empty between its commas"), std::string::npos) << slip.err;
    EXPECT_EQ(run_cli("estimate --solver '" + list + "'", kSeed).exit_code, 3) << list;
  }
  // Names are trimmed ("a, b" as typed after a comma); a name of only spaces is an empty one.
  const std::string other = sudokit::test::fastest_but({one});
  const auto spaced = run_cli("compare --solvers ' " + one + ", " + other + " '", kSeed);
  EXPECT_EQ(spaced.exit_code, 0) << spaced.err;
  EXPECT_NE(spaced.out.find(other), std::string::npos) << spaced.out;
  const auto blank = run_cli("compare --solvers '" + one + ", '", kSeed);
  EXPECT_EQ(blank.exit_code, 3);
  EXPECT_NE(blank.err.find("leaves a name empty between its commas"), std::string::npos) << blank.err;
}

// A stop line counts its unit as a count should: "after 1 node", not "after 1 nodes".
TEST(Cli, AStopAfterOneNodeSaysNode) {
  const std::string name = sudokit::test::fastest();
  const std::string unit = sudokit::builtin_solvers().info(name).node_unit;  // plural: "nodes"
  const auto r = run_cli("solve --max-nodes 1 --solver " + name, std::string(81, '.') + "\n");
  EXPECT_NE(r.out.find("limit after 1 " + unit.substr(0, unit.size() - 1)), std::string::npos) << r.out << r.err;
  EXPECT_EQ(r.out.find("after 1 " + unit), std::string::npos) << r.out;
}

TEST(Cli, HelpVersionAndSolverList) {
  auto help = run_cli("solve --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--count"), std::string::npos);
  auto version = run_cli("--version");
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_EQ(version.out.rfind("sudokit ", 0), 0u);
  auto list = run_cli("solvers");
  for (const std::string& name : sudokit::builtin_solvers().names()) EXPECT_NE(list.out.find(name + "\n"), std::string::npos) << name;
  // A backend that traces only its solver calls says under which settings it traces every step.
  const sudokit::Registry registry = sudokit::builtin_solvers();
  for (const auto& e : registry.entries()) {
    if (e.info.stepwise.empty()) continue;
    const auto at = list.out.find(e.info.name + "\n");
    ASSERT_NE(at, std::string::npos) << e.info.name;
    const auto from = list.out.find("traces: ", at);
    const std::string traces = list.out.substr(from, list.out.find('\n', from) - from);
    EXPECT_NE(traces.find("every step with "), std::string::npos) << traces;
    for (const auto& settings : e.info.stepwise)
      for (const auto& [key, value] : settings) EXPECT_NE(traces.find("-o " + key + "=" + value), std::string::npos) << traces;
  }
}

TEST(Cli, HugeTimeoutsMeanNoDeadline) {
  // 1e10 s does not fit the clock's nanoseconds: it used to stop every search at the first clock read.
  // Every backend but the slowest (millions of nodes here), some of them past the 256 nodes between
  // two reads of the clock.
  for (const std::string& backend : sudokit::test::others(sudokit::test::slowest(), 100))
    for (const char* timeout : {"1e10", "inf"}) {
      auto r = run_cli("solve --solver " + backend + " --count 2 --timeout " + timeout, std::string(kHard) + "\n");
      EXPECT_EQ(r.exit_code, 0) << backend << " " << timeout << ": " << r.err;
      EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "# puzzle 1: 1 solution (unique)") << backend << " " << timeout;
    }
}

TEST(Cli, NegativeOrNonNumericLimitsAreUsageErrors) {
  for (const char* args : {"solve --timeout nan", "solve --timeout -1", "solve --timeout=-0.5", "solve --max-nodes -5",
                           "solve --max-nodes=-5", "solve --count=-1", "solve --max-nodes 1e3x", "compare --limit=-2", "compare --count=-2",
                           "compare --count 2 --limit 2", "xc --max-nodes 2x",
                           "compare --max-nodes=-5", "compare --timeout nan", "compare --jobs=-1",
                           "generate --count=-1", "solve --tree-nodes=-1"}) {
    auto r = run_cli(args, std::string(kHard) + "\n");
    EXPECT_EQ(r.exit_code, 3) << args << ": " << r.out << r.err;
    EXPECT_TRUE(r.out.empty()) << args;  // refused before any puzzle is solved
  }
}

// compare takes solve's limit options, one definition: --count (with --limit, its old name),
// --max-nodes and --timeout.
TEST(Cli, CompareTakesTheLimitsOfSolve) {
  const std::string fast = sudokit::test::fastest();
  for (const char* count : {"--count 1", "--limit 1", "--count=1"}) {
    const auto r = run_cli("compare --solvers " + fast + " " + count, std::string(kHard) + "\n");
    EXPECT_EQ(r.exit_code, 0) << count << ": " << r.err;
    EXPECT_NE(r.out.find("| " + fast + " | 1 | 0 | 0 | 1 | 0 | 0 | 0 |"), std::string::npos) << count << ": " << r.out;  // solved
  }
  for (const char* all : {"--count", "--count 0", ""}) {  // all solutions, and the default 2: unique either way
    const auto r = run_cli("compare --solvers " + fast + " " + all, std::string(kHard) + "\n");
    EXPECT_EQ(r.exit_code, 0) << all << ": " << r.err;
    EXPECT_NE(r.out.find("| " + fast + " | 1 | 1 | 0 | 0 | 0 | 0 | 0 |"), std::string::npos) << all << ": " << r.out;
  }
  const auto budget = run_cli("compare --solvers " + fast + " --max-nodes 3 --timeout 60", std::string(kNeedsSearch) + "\n");
  EXPECT_NE(budget.out.find("| " + fast + " | 1 | 0 | 0 | 0 | 0 | 1 | 0 |"), std::string::npos) << budget.out;  // stopped
  for (const char* command : {"solve", "xc", "compare"}) {
    const auto help = run_cli(std::string(command) + " --help");
    for (const char* option : {"--count [=arg(=0)] (=", "--max-nodes arg (=", "--timeout arg (=0)"})
      EXPECT_NE(help.out.find(option), std::string::npos) << command << " " << option;
  }
}

TEST(Cli, ADirectoryIsAnErrorAndTheOtherFilesStillRun) {
  const std::string dir = ::testing::TempDir(), file = dir + "sudokit_cli_one.txt";
  std::ofstream(file) << kHard << "\n";
  auto r = run_cli("solve " + dir + " " + file);
  EXPECT_EQ(r.exit_code, 5) << r.err;
  EXPECT_NE(r.err.find("cannot read " + dir + ": Is a directory"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.size(), 82u) << r.out;  // the other file's solution
}

TEST(Cli, AFileWithoutPuzzlesIsReported) {
  const std::string file = ::testing::TempDir() + "sudokit_cli_comments.txt";
  std::ofstream(file) << "# only a comment\n\n";
  for (const char* command : {"solve ", "compare "}) {
    auto r = run_cli(command + file);
    EXPECT_EQ(r.exit_code, 2) << command << r.err;
    EXPECT_NE(r.err.find("warning: no puzzles in " + file), std::string::npos) << r.err;
  }
  auto empty_stdin = run_cli("solve");
  EXPECT_EQ(empty_stdin.exit_code, 2);
  EXPECT_NE(empty_stdin.err.find("no puzzles in stdin"), std::string::npos) << empty_stdin.err;
}

TEST(Cli, AFullDiskIsAnError) {
  const std::string puzzle = std::string(kHard) + "\n", one = "--solvers " + sudokit::test::fastest();
  const std::string traced = "--solver " + sudokit::test::backend_where(
      ProblemKind::sudoku, [](const sudokit::BackendInfo& i) { return i.tracing == sudokit::BackendInfo::Tracing::steps; },
      "tracing its steps");
  for (const std::string& args : {std::string("solve >/dev/full"), "compare " + one + " --csv /dev/full",
                           "compare " + one + " --json /dev/full", "compare " + one + " >/dev/full",
                           std::string("encode --output /dev/full"), std::string("encode --to dimacs >/dev/full"),
                           "solve " + traced + " --tree /dev/full", "solve " + traced + " --trace-file /dev/full"}) {
    auto r = run_cli(args, puzzle);
    EXPECT_EQ(r.exit_code, 5) << args << ": " << r.err;
    EXPECT_NE(r.err.find("cannot write "), std::string::npos) << args << ": " << r.err;
    EXPECT_NE(r.err.find(": No space left on device"), std::string::npos) << args << ": " << r.err;
  }
  // A long batch stops at the first failed write instead of solving the rest for nothing.
  auto generate = run_cli("generate --count 1000000 >/dev/full");
  EXPECT_EQ(generate.exit_code, 5) << generate.err;
  EXPECT_EQ(generate.err, "sudokit: cannot write stdout: No space left on device\n");
}

// A trace file that fails mid-search stops that search at the failed write: every tracing backend,
// counting the 288 grids of an empty 4x4 into a full disk, prints only the few it found before
// the trace's first buffer failed to go out, instead of all of them.
TEST(Cli, ATraceFileThatFailsStopsTheSearch) {
  const auto registry = sudokit::builtin_solvers();
  for (const std::string& name : registry.names(sudokit::ProblemKind::sudoku)) {
    if (registry.info(name).tracing == sudokit::BackendInfo::Tracing::none) continue;
    const auto r = run_cli("solve --box 2x2 --all --solver " + name + " --trace-file /dev/full", std::string(16, '.') + "\n");
    EXPECT_EQ(r.exit_code, 5) << name << ": " << r.err;
    EXPECT_EQ(r.err, "sudokit: cannot write /dev/full: No space left on device\n") << name;
    std::size_t grids = 0;
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) grids += !line.empty() && line[0] >= '1' && line[0] <= '4';
    EXPECT_LT(grids, 288u) << name;
  }
}

// The files are made before the work, so a bad path fails at once: nothing is searched or printed
// (a run of hours is not lost to a typo at its end).
TEST(Cli, AnUnwritablePathIsAnError) {
  const sudokit::test::ScratchDir scratch;
  const std::string puzzles = scratch.path() + "p.txt", answers = scratch.path() + "a.txt";
  std::ofstream(puzzles) << kHard << "\n";
  std::ofstream(answers) << kHard << "\n";  // not an answer: the run must stop before reading it
  for (const std::string& args :
       {"compare --solvers " + sudokit::test::fastest() + " --csv /nonexistent/dir/x.csv " + puzzles,
        "compare --solvers " + sudokit::test::fastest() + " --json /nonexistent/dir/x.csv " + puzzles,
        "check --csv /nonexistent/dir/x.csv " + puzzles + " " + answers,
        "check --json /nonexistent/dir/x.csv " + puzzles + " " + answers}) {
    auto r = run_cli(args);
    EXPECT_EQ(r.exit_code, 5) << args << ": " << r.err;
    EXPECT_NE(r.err.find("sudokit: cannot write /nonexistent/dir/x.csv: No such file or directory"), std::string::npos)
        << args << ": " << r.err;
    EXPECT_EQ(r.out, "") << args;
  }
}

// Every file a command reads or writes is opened by one helper (apps/io.h): a directory is
// refused with the same words everywhere, and "-" is stdin or stdout.
TEST(Cli, DirectoriesAreRefusedAndADashIsStdio) {
  const sudokit::test::ScratchDir scratch;
  const std::string dir = scratch.path(), puzzle = std::string(kHard) + "\n", one = "--solvers " + sudokit::test::fastest();
  for (const std::string& args : {"compare " + one + " --csv " + dir, "compare " + one + " --json " + dir,
                                 "solve --tree " + dir, "solve --trace-file " + dir, "encode --output " + dir}) {
    auto r = run_cli(args, puzzle);
    EXPECT_EQ(r.exit_code, 5) << args << ": " << r.err;
    EXPECT_NE(r.err.find("sudokit: cannot write " + dir + ": Is a directory"), std::string::npos) << args << ": " << r.err;
  }
  // The tree's file is made before the search, so a bad path does not wait for a long search
  // (here counting every 9x9 grid by backtracking, which would print a "stopped" line at the
  // limit); nothing is printed, as nothing was searched.
  auto tracing = [](const sudokit::BackendInfo& i) { return i.tracing == sudokit::BackendInfo::Tracing::steps; };
  for (const std::string& args :
       {"solve --solver " + sudokit::test::backend_where(ProblemKind::sudoku, tracing, "tracing its steps") +
            " --count 0 --timeout 60 --tree " + dir,
        "xc --solver " + sudokit::test::backend_where(ProblemKind::exact_cover, tracing, "tracing its steps") +
            " --count 0 --tree " + dir}) {
    auto r = run_cli(args, args[0] == 's' ? std::string(81, '.') + "\n" : "| two solutions\na b | x\na x:1\nb x:1\na b\nb x:2\n");
    EXPECT_EQ(r.exit_code, 5) << args << ": " << r.err;
    EXPECT_EQ(r.out, "") << args;
    EXPECT_NE(r.err.find("sudokit: cannot write " + dir + ": Is a directory"), std::string::npos) << args << ": " << r.err;
  }
  for (const std::string& args : {"solve " + dir, "xc " + dir, "report " + dir, "check-proof " + dir + " " + dir,
                                 "decode " + dir + " " + dir, "check " + dir + " " + dir}) {
    auto r = run_cli(args, puzzle);
    EXPECT_EQ(r.exit_code, 5) << args << ": " << r.err;
    EXPECT_NE(r.err.find("sudokit: cannot read " + dir + ": Is a directory"), std::string::npos) << args << ": " << r.err;
  }
  const auto csv = run_cli("compare " + one + " --csv -", puzzle);
  EXPECT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_NE(csv.out.find("\npuzzle,source,line,"), std::string::npos) << csv.out;
  const auto encoded = run_cli("encode --output -", puzzle);
  EXPECT_EQ(encoded.exit_code, 0) << encoded.err;
  EXPECT_EQ(encoded.out, run_cli("encode", puzzle).out);
}

TEST(Cli, AClosedPipeEndsTheRunQuietly) {
  const std::string file = ::testing::TempDir() + "sudokit_cli_many.txt";
  {
    std::ofstream out(file);
    for (int i = 0; i < 20000; ++i) out << "003020600900305001001806400008102900700000008006708200002609500800203009005010300\n";
  }
  // SIGPIPE as usual: the reader's end closes, sudokit is killed by SIGPIPE (128 + 13), quietly.
  auto usual = run_shell("{ \"$SUDOKIT\" solve " + file + "; echo \"status $?\" >&2; } | head -1");
  EXPECT_EQ(usual.out.size(), 82u) << usual.out.substr(0, 200);
  EXPECT_EQ(usual.err, "status 141\n");
  // SIGPIPE ignored (as some launchers leave it): the write fails with EPIPE; exit 5, quietly.
  auto ignored = run_shell("trap '' PIPE; { \"$SUDOKIT\" solve " + file + "; echo \"status $?\" >&2; } | head -1");
  EXPECT_EQ(ignored.out.size(), 82u);
  EXPECT_EQ(ignored.err, "status 5\n");
}

// Without --solver, grids up to 9x9 get backtrack (the seed example's output stays as it was)
// and larger ones the backend declared fastest on them; -o goes with the backend named, by
// default backtrack, on every size.
// solve, xc and check take, for each puzzle, the backend declared fastest on its kind and size
// (Registry::default_for, from solvers/speeds.tsv); the textbook search is one option away.
TEST(Cli, DefaultBackendIsTheOneDeclaredFastestForTheKindAndSize) {
  const Registry registry = sudokit::builtin_solvers();
  const auto generated = run_cli("generate --box 4x4 --count 1 --seed 3 --clues 180");
  ASSERT_EQ(generated.exit_code, 0) << generated.err;
  const auto big = run_cli("solve --stats", generated.out);
  ASSERT_EQ(big.exit_code, 0) << big.err;
  EXPECT_NE(big.err.find("solver=" + registry.default_for(ProblemKind::sudoku, 16) + " status=solved"), std::string::npos) << big.err;
  const auto small = run_cli("solve --stats", kSeed);
  ASSERT_EQ(small.exit_code, 0) << small.err;
  EXPECT_EQ(small.out, kSeedSolution);
  EXPECT_NE(small.err.find("solver=" + registry.default_for(ProblemKind::sudoku, 9) + " status=solved"), std::string::npos) << small.err;
  // The declared speeds decide: the fastest 9x9 backend declares more than every other one.
  const std::string fastest = registry.default_for(ProblemKind::sudoku, 9);
  for (const auto& name : registry.names(ProblemKind::sudoku)) {
    if (name != fastest) { EXPECT_GT(registry.info(fastest).speed(ProblemKind::sudoku, 9), registry.info(name).speed(ProblemKind::sudoku, 9)) << name; }
  }
  // Another backend is one option away: the next fastest at 16x16.
  std::string next;
  for (const auto& name : registry.names(ProblemKind::sudoku))
    if (name != registry.default_for(ProblemKind::sudoku, 16) &&
        (next.empty() || registry.info(name).speed(ProblemKind::sudoku, 16) > registry.info(next).speed(ProblemKind::sudoku, 16)))
      next = name;
  const auto textbook = run_cli("solve --stats --solver " + next, generated.out);
  ASSERT_EQ(textbook.exit_code, 0) << textbook.err;
  EXPECT_NE(textbook.err.find("solver=" + next + " status=solved"), std::string::npos) << textbook.err;
  EXPECT_EQ(textbook.out, big.out);  // one solution: the same grid either way
  // Options belong to a named backend.
  const auto unnamed = run_cli("solve -o order=fewest", kSeed);
  EXPECT_EQ(unnamed.exit_code, 3);
  EXPECT_NE(unnamed.err.find("name it with --solver"), std::string::npos) << unnamed.err;
  const auto help = run_cli("solve --help");
  EXPECT_NE(help.out.find("fastest"), std::string::npos) << help.out;
  const auto queens = run_cli("xc --stats", "a b\na\nb\n");
  EXPECT_NE(queens.err.find("solver=" + registry.default_for(ProblemKind::exact_cover)), std::string::npos) << queens.err;
}


// README.md's table of exit codes, row by row: each code from each kind of command that gives it.
// A new row or a changed meaning changes this test too.
TEST(ExitCodes, EveryRowOfTheReadmeTable) {
  using sudokit::test::ScratchDir;
  const ScratchDir dir;
  const std::string examples = std::string(SUDOKIT_SOURCE_DIR) + "/examples/";
  const std::string wrong = std::string(SUDOKIT_TEST_DATA) + "/wrong_sat/";
  const std::string easy = "003020600900305001001806400008102900700000008006708200002609500800203009005010300\n";
  // r1c9 can only be 9, which r5c9 holds: no solution, though no two givens clash.
  const std::string none = "12345678." + std::string(27, '.') + "........9" + std::string(36, '.') + "\n";
  const std::string hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
  struct Case {
    int code;
    std::string args, input;
  };
  using sudokit::test::joined;
  const std::string slow = sudokit::test::slowest(), fast = sudokit::test::fastest();
  const std::vector<std::string> quick = sudokit::test::others(slow, 3);  // all but the textbook search
  ASSERT_GE(quick.size(), 2u);
  const std::vector<Case> cases = {
      {0, "solve " + examples + "classic.txt", ""},
      {0, "compare --solvers " + joined(quick) + " -", easy},
      {0, "xc --count 0 -", "a b\na\nb\na b\n"},
      {0, "generate --count 2 --seed 3", ""},
      // 1: no solution, or a limit
      {1, "solve -", none},
      {1, "solve --solver " + slow + " --max-nodes 10 -", hard},
      {1, "compare --solvers " + joined({quick[0], quick[1]}) + " -", none},
      {1, "compare --solvers " + slow + "," + fast + " -", hard},  // the slowest's default budget stops it
      {1, "generate --box 2x2 --difficulty fish --attempts 3", ""},
      // 2: unreadable input
      {2, "solve -", "12345\n" + easy},
      {2, "compare -", "x" + easy},
      {2, "solve -", "# only a comment\n"},
      // 3: the command line
      {3, "solve --no-such-option", ""},
      {3, "solve --count -1 -", easy},
      {3, "solve --solver nobody -", easy},
      {3, "compare --solvers " + fast + "," + fast + " -", easy},
      {3, "generate --box 4x4 --difficulty easy", ""},  // never seen at 16x16 (apps/difficulty.tsv)
      // 4: a wrong answer, a disagreement, a rejected model or proof
      {4, "solve --solver ext:cmd=" + wrong + "two_digits_in_a_cell.sh -", easy},
      {4, "compare --solvers " + fast + ",ext:cmd=" + wrong + "claims_unsat.sh -", easy},
      {4, "check-proof " + dir.path() + "f.cnf " + dir.path() + "bad.drat", ""},
      // 5: files
      {5, "solve " + dir.path() + "no-such-file.txt", ""},
      {5, "solve --trace-file " + dir.path() + "no/such/dir/t.txt -", easy},
  };
  {
    std::ofstream(dir.path() + "f.cnf") << "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n";
    std::ofstream(dir.path() + "bad.drat") << "0\n";  // the empty clause does not follow by itself
  }
  std::set<int> rows;
  for (const Case& c : cases) {
    const auto r = run_cli(c.args, c.input);
    EXPECT_EQ(r.exit_code, c.code) << c.args << "\n" << r.out << r.err;
    rows.insert(c.code);
  }
  // 70: ExitCodes.OutOfMemoryIs70. 130 and 143: CompareCli.AnInterruptedRunWritesWhatItDid.
  // Every other row is covered here.
  EXPECT_EQ(rows, (std::set<int>{0, 1, 2, 3, 4, 5}));
}

// Its own test because it limits the address space, which AddressSanitizer (terabytes of shadow
// memory reserved up front) cannot start in: the ci-asan test preset leaves this one out.
TEST(ExitCodes, OutOfMemoryIs70) {
  // Out of memory is not a bug (70, not a crash): a 64x64 formula in 60 MB of address space, made
  // by a backend that writes proofs, as it solves a formula.
  const std::string formula = sudokit::test::backend_where(
      ProblemKind::sudoku, [](const sudokit::BackendInfo& i) { return i.proofs.has_value(); }, "solving a formula");
  const auto oom = sudokit::test::run_shell("ulimit -v 60000; printf '0 %.0s' $(seq 4096) | \"$SUDOKIT\" solve --solver " + formula);
  EXPECT_EQ(oom.exit_code, 70) << oom.err;
  EXPECT_NE(oom.err.find("out of memory"), std::string::npos) << oom.err;
}

// A pipe path (`<(...)`, a FIFO) is read once: compare and encode, which peek at a file to tell
// puzzles from exact cover, must leave it whole for the reader (they said "no puzzles" before).
TEST(Cli, APipePathIsReadAsPuzzlesByEveryCommand) {
  sudokit::test::ScratchDir dir;
  const std::string fifo = dir.path() + "puzzles";
  for (const std::string& command : {"compare --solvers " + sudokit::test::fastest(), std::string("encode"), std::string("solve")}) {
    const auto r = run_shell("mkfifo '" + fifo + "' && (echo '" + std::string(kHard) + "' > '" + fifo + "' &) && \"$SUDOKIT\" " +
                             command + " '" + fifo + "'; status=$?; rm -f '" + fifo + "'; exit $status");
    EXPECT_EQ(r.exit_code, 0) << command << "\n" << r.out << r.err;
    EXPECT_EQ(r.err.find("no puzzles"), std::string::npos) << command << "\n" << r.err;
    EXPECT_FALSE(r.out.empty()) << command;
  }
}

// A .dlx file given to a command of Sudoku puzzles is named as what it is, with the command that
// takes it, instead of a hundred parse errors; the other files still run.
TEST(Cli, AnExactCoverFileGivenToSolveSaysUseXc) {
  sudokit::test::ScratchDir dir;
  { std::ofstream(dir.path() + "p.dlx") << "a b\na\nb\n"; }
  { std::ofstream(dir.path() + "p.txt") << kHard << "\n"; }
  const auto r = run_cli("solve " + dir.path() + "p.dlx " + dir.path() + "p.txt");
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find("p.dlx: an exact-cover problem (DLX format), not Sudoku puzzles: `sudokit xc "), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(r.out.size(), 82u) << r.out;  // p.txt's solution
  // And the other way: puzzles given to xc, one (read as an item with no option, "no solution")
  // or several (no item line parses), are named as puzzles too.
  { std::ofstream(dir.path() + "many.txt") << kHard << "\n" << kNeedsSearch << "\n"; }
  for (const std::string file : {"p.txt", "many.txt"})
    for (const std::string command : {"xc ", "compare --kind xc "}) {
      const auto x = run_cli(command + dir.path() + file);
      EXPECT_EQ(x.exit_code, 3) << command << file << x.out << x.err;
      EXPECT_NE(x.err.find(file + ": Sudoku puzzles, not an exact-cover problem (DLX format): `sudokit solve "), std::string::npos) << x.err;
      EXPECT_EQ(x.out.find("no solution"), std::string::npos) << x.out;
    }
  // A puzzle file that opens with a UTF-8 byte-order mark is still a puzzle file to every command.
  { std::ofstream(dir.path() + "bom.txt") << "\xEF\xBB\xBF" << kHard << "\n"; }
  const auto bom = run_cli("compare --solvers " + sudokit::test::fastest() + " " + dir.path() + "bom.txt");
  EXPECT_EQ(bom.exit_code, 0) << bom.out << bom.err;
  EXPECT_NE(bom.out.find("1 puzzle, 0 with a disagreement"), std::string::npos) << bom.out;
}

// sudokit-bench --seconds T (experiments/peers.sh's windows): whole passes over the puzzles until
// T seconds have gone, after one to warm up, so the run lasts at least T, and the rate is per
// pass, not for the whole window; a negative or infinite T is refused.
TEST(Cli, BenchSecondsTimesPassesForThatLongAndRefusesANegative) {
  sudokit::test::ScratchDir dir;
  { std::ofstream(dir.path() + "p.txt") << kHard << "\n" << kNeedsSearch << "\n"; }
  const std::string bench = "\"" + std::string(SUDOKIT_BENCH_EXE) + "\" --solvers " + sudokit::test::fastest() + " ";
  const auto start = std::chrono::steady_clock::now();
  const auto r = run_shell(bench + "--seconds 0.3 " + dir.path() + "p.txt");
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::smatch row;
  ASSERT_TRUE(std::regex_search(r.out, row, std::regex("\\| " + sudokit::test::fastest() + " \\| [^|]* \\| 2 \\| ([0-9]+) \\|")))
      << r.out;
  // Two puzzles take well under 0.1 s a pass: a window's rate is more than 2 / 0.3 puzzles a
  // second unless the whole window was counted as one pass.
  EXPECT_GT(std::stod(row[1].str()), 20.0) << r.out;
  EXPECT_GE(took, 0.3) << r.out;
  const auto negative = run_shell(bench + "--seconds -1 " + dir.path() + "p.txt");
  EXPECT_EQ(negative.exit_code, 1);
  EXPECT_NE(negative.err.find("--seconds: a number of seconds >= 0"), std::string::npos) << negative.err;
  const auto endless = run_shell(bench + "--seconds inf " + dir.path() + "p.txt");
  EXPECT_EQ(endless.exit_code, 1) << endless.out;
}
