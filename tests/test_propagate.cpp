#include <gtest/gtest.h>

#include "sudokit/propagate/propagate.h"
#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/generate.h"
#include "sudokit/verify.h"
#include "test_support.h"

using namespace sudokit;
using test::count_up_to;

namespace {
const char* kEasy = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
const char* kHard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
// top1465's first puzzle: every rule here stalls on it (locked candidates finish kHard).
const char* kNeedsSearch = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const char* kNeedsSearchSolution = "468931527751624839392578461134756298289413675675289314846192753513867942927345186";
}  // namespace

TEST(Propagate, SinglesAloneSolveTheEasyPuzzle) {
  PropagateSolver solver(PropagateSettings::preset("norvig"));
  const Result r = solver.solve(read_one(kEasy), count_up_to(2));
  ASSERT_EQ(r.status, Status::unique);
  EXPECT_EQ(r.stats.nodes, 1u);
  EXPECT_EQ(r.stats.guesses, 0u);
  EXPECT_EQ(r.stats.propagations, 81u - 32u);  // every blank filled by a rule
  EXPECT_EQ(r.stats.counter("naked_singles") + r.stats.counter("hidden_singles"), r.stats.propagations);
  EXPECT_EQ(to_line(r.solutions[0]), "483921657967345821251876493548132976729564138136798245372689514814253769695417382");
}

TEST(Propagate, TheHardPuzzlesNeedSearchAndAgreeWithBacktrack) {
  PropagateSolver solver, norvig(PropagateSettings::preset("norvig"));
  const Result r = solver.solve(read_one(kNeedsSearch), count_up_to(2));
  ASSERT_EQ(r.status, Status::unique);
  EXPECT_GT(r.stats.guesses, 0u);
  EXPECT_EQ(to_line(r.solutions[0]), kNeedsSearchSolution);
  // Norvig's hard1 needs search with his rules alone; the default's locked candidates finish it.
  const Result hard1 = norvig.solve(read_one(kHard), count_up_to(2));
  ASSERT_EQ(hard1.status, Status::unique);
  EXPECT_GT(hard1.stats.guesses, 0u);
  EXPECT_EQ(to_line(hard1.solutions[0]), "417369825632158947958724316825437169791586432346912758289643571573291684164875293");
  EXPECT_EQ(solver.solve(read_one(kHard), count_up_to(2)).stats.guesses, 0u);
}

TEST(Propagate, WithoutSearchTheHardPuzzleStopsWithOpenCells) {
  PropagateSettings settings;
  settings.search = false;
  PropagateSolver solver(settings);
  const Result r = solver.solve(read_one(kNeedsSearch), count_up_to(2));
  EXPECT_EQ(r.status, Status::stopped);
  EXPECT_EQ(r.stop_reason, StopReason::no_search);
  ASSERT_TRUE(r.deduced.has_value());
  const auto open = r.stats.counter("open_cells");
  EXPECT_GT(open, 0u);
  EXPECT_EQ(static_cast<std::uint64_t>(r.deduced->cells() - r.deduced->givens()), open);
  // What inference placed is right: it agrees with the solution wherever it placed a digit.
  const Grid solution = read_one(kNeedsSearchSolution);
  for (int cell = 0; cell < solution.cells(); ++cell)
    if ((*r.deduced)[cell] != 0) {
      EXPECT_EQ((*r.deduced)[cell], solution[cell]);
    }
  // And the easy one is solved by inference alone even with search off.
  EXPECT_EQ(solver.solve(read_one(kEasy), count_up_to(2)).status, Status::unique);
}

// The trace names the rule behind each placement, as the teaching material quotes it: on the hard
// puzzle, Norvig's method shows hidden singles, choices among a cell's candidates and dead ends.
TEST(Propagate, TheTraceNamesItsRules) {
  const auto r = test::run_cli("solve --solver propagate -o rules=norvig --count 2 --trace", std::string(kHard) + "\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("hidden single"), std::string::npos);
  EXPECT_NE(r.err.find("naked single"), std::string::npos);
  EXPECT_NE(r.err.find("choice (one of "), std::string::npos);
  EXPECT_NE(r.err.find("dead end: "), std::string::npos);
}

TEST(Propagate, EachRuleCanBeTurnedOff) {
  const Grid hard = read_one(kHard);
  std::uint64_t nodes[4];
  int i = 0;
  for (bool naked : {true, false})
    for (bool hidden : {true, false}) {
      PropagateSettings s = PropagateSettings::preset("norvig");
      s.naked_singles = naked;
      s.hidden_singles = hidden;
      PropagateSolver solver(s);
      const Result r = solver.solve(hard, count_up_to(2));
      ASSERT_EQ(r.status, Status::unique);
      EXPECT_TRUE(is_solution(hard, r.solutions[0]));
      EXPECT_EQ(r.stats.counter("naked_singles") > 0, naked);
      EXPECT_EQ(r.stats.counter("hidden_singles") > 0, hidden);
      nodes[i++] = r.stats.nodes;
    }
  EXPECT_LT(nodes[0], nodes[3]);  // both rules beat none
}

TEST(Propagate, CountsEmptyGrids) {
  PropagateSolver solver;
  EXPECT_EQ(solver.solve(Grid(Shape::make(2, 2)), count_up_to(0)).count, 288u);
  EXPECT_EQ(solver.solve(Grid(Shape::make(2, 3)), count_up_to(0, 0)).count, 28200960u);
}

TEST(Propagate, HonoursTheNodeBudgetAndDeadline) {
  PropagateSolver solver;
  Limits limits = count_up_to(0);
  limits.max_nodes = 5000;
  const Result r = solver.solve(Grid(Shape::make(5, 5)), limits);
  EXPECT_EQ(r.status, Status::stopped);
  EXPECT_EQ(r.stop_reason, StopReason::nodes);
  EXPECT_LE(r.stats.nodes, 5000u);
  Limits timed = count_up_to(0);
  timed.max_seconds = 0.1;
  EXPECT_EQ(solver.solve(Grid(Shape::make(4, 4)), timed).stop_reason, StopReason::time);
}

// ---- The stronger rules, the presets and the rating ----

namespace {

// Each rule's puzzle (from 17_clue): when the singles stall, this rule alone makes progress and
// every other rule on its own finds nothing. `note` is the first pattern the rule reports.
struct RulePuzzle {
  const char* option;
  std::vector<const char*> counters;  // the counters that count its patterns
  const char* puzzle;
  const char* note;
};
const RulePuzzle kRulePuzzles[] = {
    {"locked", {"pointing", "claiming"},
     ".................1....23.4......452...6.......718........1....72....5...94.......",
     "claiming: 7 of column 1 lies in box 1 only; removed from r3c3"},
    {"naked_pairs", {"naked_pairs"},
     "................12....34.................54.6.23.7.......12...8..9......4.5...6..",
     "naked pair 6,9 at r1c4 r1c8 in row 1; removed from r1c1 r1c2 r1c3"},
    {"naked_triples", {"naked_triples"},
     "..............1..2.34....5........3.1....6...7...........34.8....65.....2...9...7",
     "naked triple 2,8,9 at r6c3 r6c5 r6c8 in row 6; removed from r6c2 r6c4 r6c7 r6c9"},
    {"hidden_pairs", {"hidden_pairs"},
     "................12....34.........3....15..6...7.1........8.7.9...6......3.4.....8",
     "hidden pair 3,4 at r2c2 r5c2 in column 2: the other digits; removed from r2c2 r5c2"},
    {"hidden_triples", {"hidden_triples"},
     "................12..3..4..5......6....7.8.....1.2........91....4.6...7..5...2....",
     "hidden triple 4,5,9 at r1c3 r1c5 r1c7 in row 1: the other digits; removed from r1c5 r1c7"},
    {"xwing", {"xwings"},
     "................12..3..4........5.....6.1.....2....7.8....2......87..9..5.4...3..",
     "X-wing: 6 of rows 3,9 lies in columns 2,5 only; removed from r2c2 r1c5"},
};

std::unique_ptr<Solver> propagate_with(std::initializer_list<std::pair<const char*, const char*>> options) {
  SolverOptions o;
  for (const auto& [key, value] : options) o.set(key, value);
  auto solver = PropagateSolver::create(o);
  EXPECT_TRUE(o.unknown_keys().empty());
  return solver;
}

std::uint64_t rule_count(const Result& r, const RulePuzzle& rule) {
  std::uint64_t n = 0;
  for (const char* c : rule.counters) n += r.stats.counter(c);
  return n;
}

}  // namespace

TEST(PropagateRules, EachRuleIsTheOnlyOneThatGetsPastTheSinglesOnItsPuzzle) {
  for (const RulePuzzle& rule : kRulePuzzles) {
    SCOPED_TRACE(rule.option);
    const Grid puzzle = read_one(rule.puzzle);
    const Grid solution = PropagateSolver().solve(puzzle, count_up_to(2)).solutions.at(0);
    const Result singles = propagate_with({{"rules", "norvig"}, {"search", "off"}})->solve(puzzle, count_up_to(2));
    const auto stalled_at = singles.stats.counter("open_cells");
    ASSERT_GT(stalled_at, 0u);  // the singles alone stall
    for (const RulePuzzle& other : kRulePuzzles) {
      test::EventCounter notes;
      Limits limits = count_up_to(2);
      limits.observer = &notes;
      const Result r = propagate_with({{"rules", "norvig"}, {other.option, "on"}, {"search", "off"}})->solve(puzzle, limits);
      if (&other != &rule) {  // nothing to find: the same stall
        EXPECT_EQ(rule_count(r, other), 0u) << other.option;
        EXPECT_EQ(r.stats.counter("rule_eliminations"), 0u) << other.option;
        EXPECT_EQ(r.stats.counter("open_cells"), stalled_at) << other.option;
        EXPECT_TRUE(notes.said.empty()) << other.option;
        continue;
      }
      EXPECT_GT(rule_count(r, rule), 0u);
      EXPECT_GT(r.stats.counter("rule_eliminations"), 0u);
      EXPECT_LE(r.stats.counter("open_cells"), stalled_at);
      ASSERT_FALSE(notes.said.empty());
      EXPECT_EQ(notes.said.front(), rule.note);
      ASSERT_TRUE(r.deduced.has_value() || !r.solutions.empty());
      const Grid& filled = r.deduced ? *r.deduced : r.solutions.front();
      for (int cell = 0; cell < filled.cells(); ++cell)
        if (filled[cell] != 0) {
          ASSERT_EQ(filled[cell], solution[cell]) << puzzle.shape().cell_name(cell);
        }
    }
  }
}

TEST(PropagateRules, LockedCandidatesAloneSolveAPuzzleTheSinglesCannot) {
  const Grid puzzle = read_one(kRulePuzzles[0].puzzle);
  const Result r = propagate_with({{"rules", "locked"}, {"search", "off"}})->solve(puzzle, count_up_to(2));
  ASSERT_EQ(r.count, 1u);
  EXPECT_EQ(r.stats.counter("open_cells"), 0u);
  EXPECT_EQ(r.stats.counter("rating"), static_cast<std::uint64_t>(PropagateRating::locked_candidates));
  EXPECT_TRUE(is_solution(puzzle, r.solutions[0]));
}

namespace {
// The node counts of the Norvig method (the default) as f1143b4 gave them, before the stronger
// rules were added: the default must search exactly the same tree. (Not the propagations: the
// order in which hidden singles are found changed since, and with it how many are naked and how
// many hidden; the tree did not.)
struct Known {
  const char* puzzle;
  std::optional<BoxSpec> box;
  std::uint64_t nodes;
};
const Known kNorvigCounts[] = {
    {kHard, std::nullopt, 101},
    {"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", std::nullopt, 225},
    {"7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........", std::nullopt, 336},
    {"7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........", std::nullopt, 314},
    {"3..2F9...CGA.B.......D82.B....6.A...BC.G5826...4G....6574D...2..1...9FC.72.......FDA.7.........1.5.....3F...86."
     "...2.8.B..3.CA...B..C...F...9.7...A.F.....572...D2D57.8E.A6.3.F9...6..G..8..D..23.7...4....8...EB64......2.3BGD"
     "....E1G..B.7.5...6D.AB1.78946F.3.C",
     std::nullopt, 97},
};
}  // namespace

TEST(PropagateRules, TheNorvigPresetSearchesTheSameTreeAsBefore) {
  for (const Known& k : kNorvigCounts) {
    const Grid puzzle = read_one(k.puzzle, k.box);
    std::unique_ptr<Solver> solvers[] = {std::make_unique<PropagateSolver>(PropagateSettings::preset("norvig")),
                                         propagate_with({{"rules", "norvig"}}), propagate_with({{"rules", "singles"}})};
    for (const auto& solver : solvers) {
      const Result r = solver->solve(puzzle, count_up_to(2));
      EXPECT_EQ(r.status, Status::unique);
      EXPECT_EQ(r.stats.nodes, k.nodes) << k.puzzle;
    }
  }
}

namespace {
const char* const kPresets[] = {"norvig", "locked", "subsets", "fish", "all", "none"};
}

TEST(PropagateRules, EveryPresetGivesTheSameVerifiedAnswersOnTheDataFile) {
  std::vector<std::pair<Grid, std::uint64_t>> cases;
  for (const test::DataCase& c : test::data_cases()) cases.emplace_back(read_one(c.puzzle, c.box), c.count);
  ASSERT_GE(cases.size(), 20u);
  PropagateSolver norvig(PropagateSettings::preset("norvig"));
  for (const char* preset : kPresets) {
    SCOPED_TRACE(preset);
    auto solver = propagate_with({{"rules", preset}});
    for (const auto& [puzzle, count] : cases) {
      const Result want = norvig.solve(puzzle, count_up_to(count + 1, 1000));
      const Result got = solver->solve(puzzle, count_up_to(count + 1, 1000));
      ASSERT_EQ(got.count, count) << to_line(puzzle);
      ASSERT_EQ(got.status, want.status) << to_line(puzzle);
      for (const Grid& g : got.solutions) ASSERT_TRUE(is_solution(puzzle, g)) << to_line(puzzle);
      if (count == 1) {
        ASSERT_EQ(got.solutions.at(0), want.solutions.at(0)) << to_line(puzzle);
      }
    }
  }
}

TEST(PropagateRules, EveryPresetAgreesOnRandomPuzzlesOfEveryShape) {
  struct Case {
    int r, c, puzzles, min_blanks, max_blanks;
  };
  const Case cases[] = {{2, 2, 200, 6, 12},   {2, 3, 200, 14, 26},  {3, 2, 100, 14, 26},    {3, 3, 300, 45, 60},
                        {3, 4, 40, 70, 100}, {4, 3, 40, 70, 100}, {4, 4, 30, 100, 150}, {5, 5, 4, 200, 260},
                        {2, 8, 4, 60, 110},  {8, 8, 1, 800, 800}};
  PropagateSolver norvig(PropagateSettings::preset("norvig"));
  std::vector<std::unique_ptr<Solver>> solvers;
  for (const char* preset : kPresets) solvers.push_back(propagate_with({{"rules", preset}}));
  solvers.push_back(propagate_with({{"rules", "all"}, {"naked", "off"}}));
  solvers.push_back(propagate_with({{"rules", "all"}, {"hidden", "off"}}));
  Random random(14);
  std::uint64_t rules_fired = 0;
  for (const Case& k : cases) {
    const ShapePtr shape = Shape::make(k.r, k.c);
    SCOPED_TRACE(shape->name());
    for (int i = 0; i < k.puzzles; ++i) {
      const int blanks = k.min_blanks + static_cast<int>(random.below(static_cast<std::uint64_t>(k.max_blanks - k.min_blanks + 1)));
      const Grid puzzle = with_random_blanks(random_solution(shape, random), blanks, random);
      const Result want = norvig.solve(puzzle, count_up_to(2));
      for (auto& solver : solvers) {
        // With no rule at all it is fewest-candidates backtracking: seconds a puzzle past 9x9.
        if (shape->size() > 9 && solver->options() == "rules=none,search=on") continue;
        const Result got = solver->solve(puzzle, count_up_to(2));
        ASSERT_EQ(got.status, want.status) << solver->options() << " on " << to_line(puzzle);
        ASSERT_EQ(got.count, want.count) << solver->options() << " on " << to_line(puzzle);
        for (const Grid& g : got.solutions) ASSERT_TRUE(is_solution(puzzle, g)) << to_line(puzzle);
        if (want.status == Status::unique) {
          ASSERT_EQ(got.solutions.at(0), want.solutions.at(0)) << solver->options() << " on " << to_line(puzzle);
        }
        rules_fired += got.stats.counter("rule_eliminations");
      }
    }
  }
  EXPECT_GT(rules_fired, 0u);  // the stronger rules did run
}

// A build looks for hidden singles by a vector scan of every unit where that pays, and by
// rescanning the units that changed elsewhere (lanes/); which one must not change a count, or
// counts would depend on the machine. The vector scan everywhere against the changed units
// everywhere and against the build's own mix (on a build without the scan, all three are the
// rescans). Every preset, with search and without, on the data file and on random puzzles of
// shapes the vector scan takes (up to 128 cells); the search's dead ends are the contradictions,
// where the order in which things are found shows most.
TEST(PropagateRules, TheCountsDoNotDependOnHowHiddenSinglesAreFound) {
  std::vector<Grid> puzzles;
  for (const test::DataCase& c : test::data_cases()) puzzles.push_back(read_one(c.puzzle, c.box));
  Random random(29);
  const std::pair<int, int> boxes[] = {{2, 2}, {2, 3}, {2, 4}, {3, 3}, {3, 3}, {3, 3}, {2, 5}};
  for (const auto& [r, c] : boxes) {
    const ShapePtr shape = Shape::make(r, c);
    for (int i = 0; i < 40; ++i) {
      const int blanks = shape->cells() / 2 + static_cast<int>(random.below(static_cast<std::uint64_t>(shape->cells() / 3)));
      puzzles.push_back(with_random_blanks(random_solution(shape, random), blanks, random));
    }
  }
  puzzles.push_back(read_one(kNeedsSearch));
  for (const char* preset : {"norvig", "locked", "subsets", "fish"})
    for (const bool search : {true, false}) {
      PropagateSettings settings = PropagateSettings::preset(preset);
      settings.search = search;
      settings.hidden_scan = PropagateSettings::HiddenScan::every_unit;
      PropagateSolver every_unit(settings);
      for (const auto scan : {PropagateSettings::HiddenScan::changed_units, PropagateSettings::HiddenScan::as_built}) {
        settings.hidden_scan = scan;
        PropagateSolver other(settings);
        for (const Grid& puzzle : puzzles) {
          const Result a = every_unit.solve(puzzle, count_up_to(2));
          const Result b = other.solve(puzzle, count_up_to(2));
          ASSERT_EQ(a.status, b.status) << preset << " on " << to_line(puzzle);
          ASSERT_EQ(a.stats.counts_text(), b.stats.counts_text()) << preset << (search ? "" : ", search off") << " on " << to_line(puzzle);
        }
      }
    }
}

TEST(PropagateRules, RatesPuzzlesByTheHardestRuleTheyNeed) {
  auto rate = [](const char* puzzle, const char* preset = "all") {
    const Result r = propagate_with({{"rules", preset}, {"search", "off"}})->solve(read_one(puzzle), count_up_to(2));
    return static_cast<PropagateRating>(r.stats.counter("rating"));
  };
  EXPECT_EQ(rate(kEasy), PropagateRating::singles);
  // Norvig's hard1 stalls the singles, but locked candidates finish it.
  EXPECT_EQ(rate(kHard), PropagateRating::locked_candidates);
  EXPECT_EQ(rate(kHard, "norvig"), PropagateRating::search);
  // top1465's first puzzle defeats every rule.
  EXPECT_EQ(rate("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"), PropagateRating::search);
  EXPECT_EQ(rate(kRulePuzzles[0].puzzle), PropagateRating::locked_candidates);
  // 17_clue puzzle 1 needs a naked pair once locked candidates stall; 2978 needs an X-wing.
  EXPECT_EQ(rate(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."), PropagateRating::subsets);
  const char* fish = "................12....345........3....6.......71..8......2.6..834.......5..7.....";
  EXPECT_EQ(rate(fish), PropagateRating::fish);
  // A rating only counts the rules that are on: without X-wing the same puzzle needs search.
  EXPECT_EQ(rate(fish, "subsets"), PropagateRating::search);
  EXPECT_EQ(rate(kRulePuzzles[0].puzzle, "norvig"), PropagateRating::search);
  EXPECT_EQ(to_string(PropagateRating::locked_candidates), "locked candidates");
  EXPECT_EQ(to_string(PropagateRating::search), "search");
  // With search on there is no rating.
  EXPECT_EQ(propagate_with({{"rules", "all"}})->solve(read_one(kEasy), count_up_to(2)).stats.counter("rating"), 0u);
}

TEST(PropagateRules, PresetsAndSwitchesNameTheirSettings) {
  // The default is locked candidates on top of the singles, by the constructor and by create().
  EXPECT_EQ(PropagateSolver().options(), "rules=locked,search=on");
  EXPECT_EQ(propagate_with({})->options(), "rules=locked,search=on");
  EXPECT_EQ(propagate_with({{"rules", "norvig"}})->options(), "rules=norvig,search=on");
  EXPECT_EQ(propagate_with({{"rules", "subsets"}, {"search", "off"}})->options(), "rules=subsets,search=off");
  EXPECT_EQ(propagate_with({{"rules", "all"}})->options(), "rules=fish,search=on");
  EXPECT_EQ(propagate_with({{"rules", "locked"}, {"xwing", "on"}})->options(),
            "naked=on,hidden=on,locked=on,naked_pairs=off,naked_triples=off,hidden_pairs=off,hidden_triples=off,xwing=on,search=on");
  EXPECT_EQ(propagate_with({{"rules", "fish"}, {"xwing", "off"}})->options(), "rules=subsets,search=on");
  SolverOptions bad;
  bad.set("rules", "hardest");
  EXPECT_THROW(PropagateSolver::create(bad), UsageError);
}
