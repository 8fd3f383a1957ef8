// sudokit teach: the recorded steps replay to what each backend found, the counters end where the
// backend's own statistics do, the methods come from the declarations, and the page is one file
// that fetches nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "sudokit/compare/exit_codes.h"
#include "sudokit/compare/lesson.h"
#include "sudokit/errors.h"
#include "sudokit/rate.h"
#include "sudokit/format.h"
#include "sudokit/registry.h"
#include "test_support.h"
#include "xc_problems.h"

using namespace sudokit;

namespace {

const char* kEasy = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
const char* kHard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

Limits lesson_limits() {
  Limits limits = test::count_up_to(2);
  limits.max_nodes = 2000;
  return limits;
}

}  // namespace

// Every step's changes start from the grid the steps before left (so the page can step back by
// writing the "before" digits), the grid at a solution step is the backend's solution, and a
// search that ran to its end counted the nodes and guesses its statistics say.
TEST(Lesson, StepsReplayToTheAnswerAndCountAsTheBackendDoes) {
  const Registry registry = builtin_solvers();
  for (const char* line : {kEasy, kHard}) {
    const Grid puzzle = read_one(line);
    const std::vector<std::string> methods = lesson_methods(registry, puzzle.shape());
    const Lesson lesson = record_lesson(registry, puzzle, methods, lesson_limits(), 100000);
    ASSERT_EQ(lesson.methods.size(), methods.size());
    int finished = 0;
    for (const LessonMethod& m : lesson.methods) {
      SCOPED_TRACE(m.spec + " on " + line);
      ASSERT_FALSE(m.truncated);
      ASSERT_FALSE(m.steps.empty());
      Grid grid = puzzle;
      int solutions = 0;
      for (const LessonStep& s : m.steps) {
        EXPECT_FALSE(s.text.empty());
        for (const auto& [cell, before, after] : s.changes) {
          ASSERT_EQ(grid[cell], before) << s.text;
          grid.set(cell, after);
        }
        if (s.kind == LessonStep::Kind::solution) {
          ++solutions;
          ASSERT_FALSE(m.result.solutions.empty());
          EXPECT_EQ(grid, m.result.solutions.front());
        }
      }
      if (m.result.status == Status::stopped) continue;
      ++finished;
      EXPECT_EQ(m.result.status, Status::unique);
      EXPECT_EQ(solutions, 1);
      EXPECT_EQ(m.steps.back().nodes, m.result.stats.nodes);
      EXPECT_EQ(m.steps.back().guesses, m.result.stats.guesses);
    }
    EXPECT_GE(finished, 3);
  }
}

// The counters a method shows at each step are the backend's own as they stood (the observer's
// watch_counters): they never go down, the nodes and guesses among them agree with the steps
// seen so far, and the last step, the search's outcome, has the result's statistics.
TEST(Lesson, CountersAreTheBackendsOwnAtEveryStep) {
  const Registry registry = builtin_solvers();
  for (const char* line : {kEasy, kHard}) {
    const Grid puzzle = read_one(line);
    std::vector<std::string> methods = lesson_methods(registry, puzzle.shape());
    const Lesson lesson = record_lesson(registry, puzzle, methods, lesson_limits(), 100000);
    for (const LessonMethod& m : lesson.methods) {
      SCOPED_TRACE(m.spec + " on " + line);
      ASSERT_GE(m.counter_names.size(), 4u);
      EXPECT_EQ(m.counter_names[0], "nodes");
      EXPECT_EQ(m.counter_names[1], "guesses");
      ASSERT_EQ(m.steps.back().kind, LessonStep::Kind::end);
      std::vector<std::uint64_t> now;
      std::size_t told = 0;
      for (const LessonStep& s : m.steps) {
        if (!s.counters.empty()) {
          for (std::size_t i = 0; i < 4 && i < now.size(); ++i) EXPECT_GE(s.counters[i], now[i]) << s.text;
          now = s.counters;
          told += s.kind != LessonStep::Kind::end;
        }
        if (now.empty()) continue;
        EXPECT_EQ(now[0], s.nodes) << s.text;
        EXPECT_EQ(now[1], s.guesses) << s.text;
      }
      EXPECT_GT(told, 0u) << "every built-in backend tells its counters while it searches";
      const Stats& stats = m.result.stats;
      const std::vector<std::uint64_t>& end = m.steps.back().counters;
      ASSERT_EQ(end.size(), m.counter_names.size());
      EXPECT_EQ(end[0], stats.nodes);
      EXPECT_EQ(end[1], stats.guesses);
      EXPECT_EQ(end[2], stats.backtracks);
      EXPECT_EQ(end[3], stats.propagations);
      for (const Counter& c : stats.counters) {
        const auto at = std::find(m.counter_names.begin(), m.counter_names.end(), c.name);
        ASSERT_NE(at, m.counter_names.end()) << c.name;
        EXPECT_EQ(end[static_cast<std::size_t>(at - m.counter_names.begin())], c.value) << c.name;
      }
    }
  }
}

// The page's JSON is the recording, smaller: trailing default fields left out and the counters
// sent as increases. Decoded as the page decodes it (unpack), every step is the step recorded.
TEST(Lesson, JsonStepsDecodeToTheRecordedSteps) {
  const Registry registry = builtin_solvers();
  const Grid puzzle = read_one(kHard);
  std::vector<std::string> methods = lesson_methods(registry, puzzle.shape());
  const Lesson lesson = record_lesson(registry, puzzle, methods, lesson_limits(), 3000);
  std::ostringstream out;
  write_lesson_json(out, lesson);
  const nlohmann::json data = nlohmann::json::parse(out.str());
  ASSERT_EQ(data["methods"].size(), lesson.methods.size());
  for (std::size_t k = 0; k < lesson.methods.size(); ++k) {
    const LessonMethod& m = lesson.methods[k];
    const nlohmann::json& sent = data["methods"][k];
    SCOPED_TRACE(m.spec);
    ASSERT_EQ(sent["steps"].size(), m.steps.size());
    EXPECT_EQ(sent["counter_names"].get<std::vector<std::string>>(), m.counter_names);
    std::vector<std::uint64_t> now, recorded;
    for (std::size_t i = 0; i < m.steps.size(); ++i) {
      const LessonStep& s = m.steps[i];
      const nlohmann::json& j = sent["steps"][i];
      auto field = [&](std::size_t at, nlohmann::json fallback) { return at < j.size() ? j[at] : fallback; };
      EXPECT_EQ(j[4], s.text);
      EXPECT_EQ(j[7], s.nodes);
      EXPECT_EQ(field(11, -1), s.option);
      EXPECT_EQ(field(12, -1), s.item);
      EXPECT_EQ(field(13, nlohmann::json::array()).get<std::vector<int>>(), s.cells);
      EXPECT_EQ(field(14, nlohmann::json::array()).size(), s.marks.size());
      const nlohmann::json up = field(15, nlohmann::json::array());
      ASSERT_EQ(up.empty(), s.counters.empty()) << i;
      for (std::size_t p = 0; p + 1 < up.size(); p += 2) {
        const auto at = up[p].get<std::size_t>();
        if (now.size() <= at) now.resize(at + 1, 0);
        now[at] = static_cast<std::uint64_t>(static_cast<std::int64_t>(now[at]) + up[p + 1].get<std::int64_t>());
      }
      if (!s.counters.empty()) recorded = s.counters;
      now.resize(recorded.size(), 0);
      EXPECT_EQ(now, recorded) << "step " << i;
    }
  }
}

// What a rule reasons from is told with its step: a hidden single's unit, the cells of a
// stronger rule's pattern and the candidates it removes. Replayed, a removal takes out a
// candidate that was in, leaving a node puts back what the node took out, and no solution has a
// digit some rule took out.
TEST(Lesson, RulesNameTheirCellsAndTheCandidatesTheyRemove) {
  const Registry registry = builtin_solvers();
  const Grid puzzle = read_one(kHard);
  const Shape& shape = puzzle.shape();
  // The lesson's methods, and each backend that declares rules=all with it.
  std::vector<std::string> methods = lesson_methods(registry, shape);
  std::string with_rules;  // the backend that has stronger rules
  for (const std::string& name : registry.names(shape))
    if (registry.info(name).options.find("rules=") != std::string::npos &&
        registry.info(name).options.find("|all|") != std::string::npos)
      with_rules = name, methods.push_back(name + ":rules=all");
  ASSERT_FALSE(with_rules.empty());
  const Lesson lesson = record_lesson(registry, puzzle, methods, lesson_limits(), 100000);
  for (const LessonMethod& m : lesson.methods) {
    SCOPED_TRACE(m.spec);
    const bool settings = m.spec.find(':') != std::string::npos;  // stronger rules, or a textbook SAT solver
    std::set<std::pair<int, int>> gone;
    Grid grid = puzzle;
    int hidden = 0, removals = 0, solutions = 0;
    for (const LessonStep& s : m.steps) {
      for (const auto& [cell, before, after] : s.changes) grid.set(cell, after);
      for (const auto& [cell, digit, out] : s.marks) {
        ASSERT_EQ(gone.count({cell, digit}), out ? 0u : 1u) << s.text;
        if (out) gone.insert({cell, digit}), ++removals;
        else gone.erase({cell, digit});
      }
      for (int cell : s.cells) ASSERT_TRUE(cell >= 0 && cell < shape.cells()) << s.text;
      if (s.text.find("hidden single in ") != std::string::npos) {
        ++hidden;
        ASSERT_EQ(s.cells.size(), static_cast<std::size_t>(shape.size())) << s.text;
        bool named = false;
        for (std::size_t u = 0; u < shape.units().size(); ++u)
          named = named || (shape.units()[u].cells == std::vector<int>(s.cells.begin(), s.cells.end()) &&
                            s.text.find("in " + shape.unit_name(static_cast<int>(u))) != std::string::npos);
        EXPECT_TRUE(named) << s.text;
        EXPECT_NE(std::find(s.cells.begin(), s.cells.end(), s.cell), s.cells.end()) << s.text;
      }
      if (s.kind == LessonStep::Kind::solution) {
        ++solutions;
        for (const auto& [cell, digit] : gone) EXPECT_NE(grid[cell], digit) << shape.cell_name(cell) << " was ruled out";
      }
    }
    EXPECT_EQ(solutions, static_cast<int>(m.result.count)) << "a solution step per solution found";
    if (m.spec == with_rules) { EXPECT_GT(hidden, 0) << "its hidden singles name their unit"; }
    if (settings) { EXPECT_GT(removals, 0) << "the stronger rules and the SAT solvers take candidates out"; }
  }
}

// The methods come from what backends declare: each that takes the grid and traces every step,
// and the stepwise settings of the others (sat's textbook solvers); none that traces nothing.
TEST(Lesson, MethodsAreThoseThatTraceEveryStep) {
  const Registry registry = builtin_solvers();
  const Grid puzzle = read_one(kEasy);
  const std::vector<std::string> methods = lesson_methods(registry, puzzle.shape());
  std::size_t expected = 0;
  for (const std::string& name : registry.names(puzzle.shape())) {
    const BackendInfo info = registry.info(name);
    const bool listed = std::find(methods.begin(), methods.end(), name) != methods.end();
    EXPECT_EQ(listed, info.tracing == BackendInfo::Tracing::steps) << name;
    expected += listed + info.stepwise.size();
  }
  EXPECT_EQ(methods.size(), expected);
  const std::string notes_only = test::backend_where(
      ProblemKind::sudoku, [](const BackendInfo& i) { return i.tracing == BackendInfo::Tracing::notes && !i.stepwise.empty(); },
      "tracing notes with stepwise settings");
  try {
    record_lesson(registry, puzzle, {notes_only}, lesson_limits(), 100);
    ADD_FAILURE() << notes_only << " was taken for a lesson";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("does not report every step"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("try " + notes_only + ":"), std::string::npos) << e.what();
  }
  // Recording stops at the cap, and says so; the outcome still comes last.
  const Lesson capped = record_lesson(registry, read_one(kHard), {methods.front()}, lesson_limits(), 10);
  EXPECT_EQ(capped.methods.front().steps.size(), 10u + 1);
  EXPECT_EQ(capped.methods.front().steps.back().kind, LessonStep::Kind::end);
  EXPECT_TRUE(capped.methods.front().truncated);
}

// The command: one page, its data inline and nothing fetched; bad input named, exit codes as
// README's table.
TEST(TeachCli, WritesOneSelfContainedPage) {
  const test::ScratchDir dir;
  const std::string page = dir.path() + "lesson.html";
  const auto r = test::run_cli(std::string("teach -o ") + page + " " + kHard);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::ifstream in(page);
  const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  // Two addresses that fetch nothing: SVG's namespace name, and the empty icon (no favicon request).
  std::string text = html;
  for (const std::string harmless : {"\"http://www.w3.org/2000/svg\"", "<link rel=\"icon\" href=\"data:,\">"}) {
    ASSERT_NE(text.find(harmless), std::string::npos) << harmless;
    text.erase(text.find(harmless), harmless.size());
  }
  for (const char* fetch : {"http://", "https://", " src=", "<link", "@import"})
    EXPECT_EQ(text.find(fetch), std::string::npos) << fetch;
  const auto at = html.find("<script id=\"lesson\" type=\"application/json\">");
  ASSERT_NE(at, std::string::npos);
  EXPECT_EQ(html.find("/*LESSON_DATA*/"), std::string::npos);
  for (const std::string& method : lesson_methods(builtin_solvers(), read_one(kHard).shape()))
    EXPECT_NE(html.find("\"spec\":\"" + method + "\""), std::string::npos) << method;

  // The same data as --json, the puzzle read from a file, the second of it.
  const std::string file = dir.path() + "p.txt";
  std::ofstream(file) << kEasy << "\n" << kHard << "\n";
  const auto json = test::run_cli("teach --json --puzzle 2 " + file);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  EXPECT_NE(json.out.find(std::string("\"line\":\"") + to_line(read_one(kHard)) + "\""), std::string::npos);

  const auto bad = test::run_cli("teach -", "1234Z" + std::string(76, '.') + "\n");
  EXPECT_EQ(bad.exit_code, kBadInput);
  EXPECT_NE(bad.err.find("stdin: puzzle 1, line 1, column 5"), std::string::npos) << bad.err;
  EXPECT_EQ(bad.out, "");
  // A typo in a puzzle on the command line is named where it is; a missing file as missing.
  const auto typo = test::run_cli("teach 1.3..4....2.....x");
  EXPECT_EQ(typo.exit_code, kBadInput);
  EXPECT_NE(typo.err.find("the command line: puzzle 1, line 1, column 17: bad character 'x'"), std::string::npos) << typo.err;
  const auto no_file = test::run_cli("teach " + dir.path() + "no_such_lesson.txt");
  EXPECT_EQ(no_file.exit_code, kIoError);
  EXPECT_NE(no_file.err.find("cannot open"), std::string::npos) << no_file.err;
  const auto missing = test::run_cli("teach --puzzle 3 " + file);
  EXPECT_EQ(missing.exit_code, kUsage);  // the file is fine; --puzzle asks past its end, as for exact cover
  EXPECT_NE(missing.err.find("--puzzle 3: the input holds 2 puzzles"), std::string::npos) << missing.err;
  EXPECT_EQ(test::run_cli(std::string("teach --solvers nosuch ") + kEasy).exit_code, kUsage);
  EXPECT_EQ(test::run_cli(std::string("teach a b")).exit_code, kUsage);
}

// The page in a real browser (headless Chromium, which scripts/setup.sh --extra installs): opened
// at #at=solution, each method's grid shows its solution, and at #at=0 the givens; so the page's
// script replays every recorded step in the browser as the recorder wrote them.
TEST(TeachPage, ReplaysEachSearchInABrowser) {
  const test::ScratchDir dir;
  const std::string page = dir.path() + "lesson.html";
  ASSERT_EQ(test::run_cli(std::string("teach -o ") + page + " " + kHard).exit_code, 0);
  const Registry registry = builtin_solvers();
  const Grid puzzle = read_one(kHard);
  const std::vector<std::string> methods = lesson_methods(registry, puzzle.shape());
  const Lesson lesson = record_lesson(registry, puzzle, methods, lesson_limits(), 5000);
  // The digits of each method's grid in the DOM the browser made, in the methods' order.
  auto grids_at = [&](const std::string& point) {
    const auto dom = test::run_shell("chromium --headless --no-sandbox --disable-gpu --disable-background-networking "
                                     "--disable-component-update --disable-sync --no-first-run --user-data-dir=" +
                                     dir.path() + "profile --dump-dom 'file://" + page + "#at=" + point + "' 2>/dev/null");
    EXPECT_EQ(dom.exit_code, 0) << "chromium (scripts/setup.sh --extra installs it): " << dom.err;
    std::vector<std::string> grids;
    const std::regex cell("<td[^>]*>([^<]*)</td>");
    for (std::size_t at = 0; (at = dom.out.find("<table class=\"grid\">", at)) != std::string::npos; ++at) {
      const std::string table = dom.out.substr(at, dom.out.find("</table>", at) - at);
      std::string digits;
      for (std::sregex_iterator it(table.begin(), table.end(), cell), end; it != end; ++it)
        digits += (*it)[1].str().empty() ? std::string(".") : (*it)[1].str();
      grids.push_back(digits);
    }
    return grids;
  };
  const std::vector<std::string> solved = grids_at("solution"), start = grids_at("0");
  // The searches' grids, then a person's (the rater's steps; the page adds it when a method proved
  // the puzzle unique), which ends at the solution too.
  ASSERT_EQ(solved.size(), lesson.methods.size() + 1);
  ASSERT_EQ(start.size(), lesson.methods.size() + 1);
  EXPECT_EQ(start.back(), to_line(puzzle));
  const auto proved = std::find_if(lesson.methods.begin(), lesson.methods.end(),
                                   [](const LessonMethod& m) { return m.result.status == Status::unique; });
  ASSERT_NE(proved, lesson.methods.end());
  const SeRating person = rate_se(puzzle, proved->result.solutions.front());
  ASSERT_TRUE(person.solved);
  EXPECT_EQ(solved.back(), to_line(person.reached));
  int checked = 0;
  for (std::size_t i = 0; i < lesson.methods.size(); ++i) {
    const LessonMethod& m = lesson.methods[i];
    EXPECT_EQ(start[i], to_line(puzzle)) << m.spec;
    const bool solution_recorded = std::any_of(m.steps.begin(), m.steps.end(),
                                               [](const LessonStep& s) { return s.kind == LessonStep::Kind::solution; });
    if (!solution_recorded) continue;  // stopped before one (the textbook search on this puzzle)
    EXPECT_EQ(solved[i], to_line(m.result.solutions.front())) << m.spec;
    ++checked;
  }
  EXPECT_GE(checked, 3);
}

// The requests `sudokit serve` answers: a what-if ("set") is the same search as of the grid with
// those digits given; a budget asked above the server's is cut to it; bad requests are typed
// errors (the server's 400) with the command line's words.
TEST(LessonRequest, WhatIfSearchesTheGridWithTheDigitsSet) {
  const Registry registry = builtin_solvers();
  const std::string method = lesson_methods(registry, read_one("1.3..4....2.....").shape()).front();
  const nlohmann::json answer = nlohmann::json::parse(answer_lesson_request(
      registry, R"({"puzzle": "1.3..4....2.....", "solvers": ")" + method + R"(", "set": [[1, 2], [3, 4]]})", {}));
  ASSERT_EQ(answer["methods"].size(), 1u);
  EXPECT_EQ(answer["puzzle"]["line"], "1234.4....2.....");
  const Grid asked = read_one("1234.4....2.....");
  const Lesson direct = record_lesson(registry, asked, {method}, lesson_limits(), 5000);
  EXPECT_EQ(answer["methods"][0]["stats"]["nodes"], direct.methods[0].result.stats.nodes);
  EXPECT_EQ(answer["methods"][0]["steps"].size(), direct.methods[0].steps.size());
  EXPECT_EQ(answer["methods"][0]["solution"], to_line(direct.methods[0].result.solutions.front()));
}

// An exact-cover problem is told by its text's first line, as teach tells a file, or by "kind".
TEST(LessonRequest, TellsAnExactCoverProblemByItsText) {
  const Registry registry = builtin_solvers();
  const std::string problem = "| two ways\\na b\\na b\\na\\nb\\n";
  const nlohmann::json guessed =
      nlohmann::json::parse(answer_lesson_request(registry, R"({"puzzle": ")" + problem + R"(", "count": 0})", {}));
  ASSERT_TRUE(guessed.contains("cover"));
  EXPECT_EQ(guessed["cover"]["options"].size(), 3u);
  for (const auto& m : guessed["methods"]) EXPECT_EQ(m["count"], 2) << m["spec"];
  EXPECT_THROW(answer_lesson_request(registry, R"({"puzzle": ")" + problem + R"(", "kind": "sudoku"})", {}),
               InputError);
  EXPECT_THROW(answer_lesson_request(registry, R"({"puzzle": "1.3..4....2.....", "kind": "grid"})", {}), UsageError);
  EXPECT_TRUE(nlohmann::json::parse(answer_lesson_request(registry, R"({"puzzle": "1.3..4....2....."})", {}))
                  .contains("puzzle"));
}

TEST(LessonRequest, CutsTheBudgetAndRefusesBadRequests) {
  const Registry registry = builtin_solvers();
  // The budget's steps are the request's: shared among its methods.
  const LessonBudget budget{.max_nodes = 50, .max_seconds = 5, .max_steps = 30};
  const Grid hard = read_one(kHard);
  const std::vector<std::string> methods = lesson_methods(registry, hard.shape());
  const std::size_t each = 30 / methods.size();
  const nlohmann::json answer = nlohmann::json::parse(answer_lesson_request(
      registry, std::string(R"({"puzzle": ")") + kHard + R"(", "max_nodes": 100000, "max_steps": 100000})", budget));
  EXPECT_EQ(answer["limits"]["max_nodes"], 50);
  EXPECT_EQ(answer["limits"]["max_steps"], each);
  Limits limits = lesson_limits();
  limits.max_nodes = 50;
  const Lesson direct = record_lesson(registry, hard, methods, limits, each);
  ASSERT_EQ(answer["methods"].size(), direct.methods.size());
  for (std::size_t i = 0; i < direct.methods.size(); ++i) {
    const auto& m = answer["methods"][i];
    EXPECT_EQ(m["steps"].size(), each + 1) << m["spec"];  // and the end step
    EXPECT_EQ(m["stats"]["nodes"], direct.methods[i].result.stats.nodes) << m["spec"];
  }
  // A method named twice is searched once; more than 8 distinct methods are refused.
  const std::string first = methods.front();
  const nlohmann::json twice = nlohmann::json::parse(answer_lesson_request(
      registry, R"({"puzzle": "1.3..4....2.....", "solvers": ")" + first + "," + first + R"("})", budget));
  EXPECT_EQ(twice["methods"].size(), 1u);
  std::string nine;
  for (int k = 0; k < 9; ++k) nine += (k ? "," : "") + first + ":" + "unused" + std::to_string(k) + "=1";
  try {
    answer_lesson_request(registry, R"({"puzzle": "1.3..4....2.....", "solvers": ")" + nine + R"("})", budget);
    ADD_FAILURE() << "nine methods accepted";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("at most 8 methods"), std::string::npos) << e.what();
  }
  EXPECT_THROW(answer_lesson_request(registry, R"({"puzzle": "1.3..4....2.....", "solvers": ")" + first + R"(,"})", budget),
               UsageError);  // a name left empty
  EXPECT_THROW(answer_lesson_request(registry, "{", budget), UsageError);
  EXPECT_THROW(answer_lesson_request(registry, "[1]", budget), UsageError);
  EXPECT_THROW(answer_lesson_request(registry, R"({"puzzle": ""})", budget), UsageError);
  EXPECT_THROW(answer_lesson_request(registry, R"({"puzzle": "1.3..4....2..x.."})", budget), InputError);
  EXPECT_THROW(answer_lesson_request(registry, R"({"puzzle": "1.3..4....2.....", "set": [[1, 4]]})", budget),
               UsageError);  // 4 is given in column 2
  EXPECT_THROW(answer_lesson_request(registry, R"({"puzzle": "1.3..4....2.....", "set": [[16, 1]]})", budget),
               UsageError);
  EXPECT_THROW(answer_lesson_request(registry, R"({"puzzle": "1.3..4....2.....", "count": -1})", budget), UsageError);
  // "set" takes pairs of whole numbers: not three, not 2.9 (read as 2), not true (as 1), not 2^32 (as 0).
  for (const char* set : {"[[1, 2, 3]]", "[[1, 2.9]]", "[[1, true]]", "[[4294967297, 2]]", "[1, 2]", "{}"})
    EXPECT_THROW(answer_lesson_request(registry, std::string(R"({"puzzle": "1.3..4....2.....", "set": )") + set + "}",
                                       budget),
                 UsageError)
        << set;
  for (const char* choose : {"[1.5]", "[-1]", "[true]", "[99]", "[0, 0]"})
    EXPECT_THROW(answer_lesson_request(registry, std::string(R"({"puzzle": "a b\na\nb\n", "kind": "xc", "choose": )") +
                                                     choose + "}",
                                       budget),
                 UsageError)
        << choose;
  EXPECT_THROW(
      {
        try {
          answer_lesson_request(registry, R"({"puzzle": "1.3..4....2..x.."})", budget);
        } catch (const InputError& e) {
          EXPECT_EQ(std::string(e.what()), "the request: puzzle 1, line 1, column 14: bad character 'x'");
          throw;
        }
      },
      InputError);
}

// An exact-cover lesson (6 queens, and a coloured problem): each node names the option it chooses
// and the item it covers; the options on the path to a solution step are the backend's solution;
// nodes and guesses end as its statistics say.
TEST(Lesson, ExactCoverStepsNameTheOptionsOfEachSolution) {
  const Registry registry = builtin_solvers();
  for (const ExactCover& problem : {n_queens(6), word_placement(4, 4, std::vector<std::string>{"SEAT", "EAST", "TEAS", "SATE"})}) {
    const std::vector<std::string> methods = lesson_methods(registry, ProblemKind::exact_cover);
    ASSERT_GE(methods.size(), 2u);
    Limits limits;
    limits.solutions = 0;
    const Lesson lesson = record_lesson(registry, problem, methods, limits, 100000);
    ASSERT_TRUE(lesson.cover.has_value());
    for (const LessonMethod& m : lesson.methods) {
      SCOPED_TRACE(m.spec);
      ASSERT_FALSE(m.truncated);
      // The frames from the root to the current node, each with the options chosen in it.
      std::vector<std::pair<std::uint64_t, std::vector<int>>> path{{1, {}}};
      std::set<Selection> found;
      for (const LessonStep& s : m.steps) {
        if (s.kind == LessonStep::Kind::node) {
          while (path.size() > 1 && path.back().first != s.parent) path.pop_back();
          path.push_back({s.node, {}});
          if (s.option < 0) continue;  // a SAT solver's "not OPTION" decision
          ASSERT_LT(s.option, problem.option_count());
          const auto& items = problem.options[static_cast<std::size_t>(s.option)];
          ASSERT_NE(std::find(items.begin(), items.end(), s.item), items.end());
          path.back().second.push_back(s.option);
        } else if (s.kind == LessonStep::Kind::place && s.option >= 0) {
          path.back().second.push_back(s.option);
        } else if (s.kind == LessonStep::Kind::back) {
          while (path.size() > 1 && path.back().first != s.node) path.pop_back();
          if (path.size() > 1) path.pop_back();
        } else if (s.kind == LessonStep::Kind::solution) {
          Selection chosen;
          for (const auto& frame : path) chosen.insert(chosen.end(), frame.second.begin(), frame.second.end());
          std::sort(chosen.begin(), chosen.end());
          EXPECT_TRUE(is_exact_cover(problem, chosen)) << s.text;
          found.insert(chosen);
        }
      }
      EXPECT_EQ(found.size(), m.cover_result.count);
      for (const Selection& s : m.cover_result.solutions) EXPECT_TRUE(found.count(s)) << "a solution not stepped to";
      EXPECT_EQ(m.steps.back().nodes, m.cover_result.stats.nodes);
      EXPECT_EQ(m.steps.back().guesses, m.cover_result.stats.guesses);
    }
  }
}

TEST(TeachCli, TeachesAnExactCoverFile) {
  const test::ScratchDir dir;
  const std::string problem = dir.path() + "queens6.dlx", page = dir.path() + "lesson.html";
  ASSERT_EQ(test::run_shell(std::string(SUDOKIT_XCGEN_EXE) + " queens 6 > " + problem).exit_code, 0);
  const auto r = test::run_cli("teach --json --count 0 " + problem);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json lesson = nlohmann::json::parse(r.out);
  EXPECT_EQ(lesson["cover"]["options"].size(), 36u);
  EXPECT_EQ(lesson["cover"]["primary"], 12);
  for (const auto& m : lesson["methods"]) EXPECT_EQ(m["count"], 4) << m["spec"];
  EXPECT_EQ(lesson["methods"].size(), lesson_methods(builtin_solvers(), ProblemKind::exact_cover).size());
  EXPECT_EQ(test::run_cli("teach --puzzle 2 " + problem).exit_code, kUsage);
  const auto bad = test::run_shell("printf 'a b\\nc\\n' > " + dir.path() + "bad.dlx && " + std::string(SUDOKIT_EXE) +
                                   " teach " + dir.path() + "bad.dlx");
  EXPECT_EQ(bad.exit_code, kBadInput) << bad.err;
}
