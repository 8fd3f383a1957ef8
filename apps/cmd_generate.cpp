// `sudokit generate`: random puzzles with exactly one solution, reproducible from a seed.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>

#include "cli.h"
#include "status_line.h"
#include "sudokit/compare/exit_codes.h"
#include "sudokit/errors.h"
#include "sudokit/generate.h"
#include "sudokit/registry.h"

namespace sudokit::cli {

namespace {

// Difficulty as the propagate backend rates it with every rule on and no search
// (docs/stats.md, `rating`: 1 singles, 2 locked candidates, 3 subsets, 4 fish, 5 search), by the
// rule names or by qqwing-style names: simple = singles, easy = locked candidates,
// intermediate = subsets or fish, expert = needs search.
struct Difficulty {
  std::string name;
  std::uint64_t lowest, highest;  // the ratings it takes
};

Difficulty parse_difficulty(const std::string& text) {
  static const Difficulty levels[] = {
      {"singles", 1, 1}, {"locked", 2, 2}, {"subsets", 3, 3}, {"fish", 4, 4}, {"search", 5, 5},
      {"simple", 1, 1},  {"easy", 2, 2},   {"intermediate", 3, 4},            {"expert", 5, 5}};
  for (const Difficulty& d : levels)
    if (d.name == text) return d;
  throw UsageError("--difficulty is singles, locked, subsets, fish or search (or simple, easy, intermediate, expert); got '" +
                   text + "'");
}

const char* rating_name(std::uint64_t rating) {
  static const char* names[] = {"?", "singles", "locked candidates", "subsets", "fish", "search"};
  return rating <= 5 ? names[rating] : "?";
}

}  // namespace

int cmd_generate(const std::vector<std::string>& args) {
  std::string box_text = "3x3", format_text, filler_name, checker_name, difficulty_text, rules_text;
  std::uint64_t count = 1, seed = 1, max_nodes = 20000, attempts = 1000, first = 1, defer = 0;
  int clues = 0;
  bool symmetric = false, minimal = false, rate = false, jigsaw = false, stats = false, singles_first = false;
  std::vector<std::string> checker_options;
  po::options_description desc("Options");
  desc.add_options()
    ("help,h", "show this help")
    ("box", po::value<std::string>(&box_text)->default_value("3x3"), "box shape RxC (3x3: 9x9 puzzles)")
    ("count", po::value<std::uint64_t>(&count)->default_value(1), "how many puzzles")
    ("first", po::value<std::uint64_t>(&first)->default_value(1),
     "start at this puzzle of the seed's sequence: the same puzzles as a run from the first, so a large set "
     "can be made in parts (the skipped ones are filled, not made; not with --difficulty)")
    ("seed", po::value<std::uint64_t>(&seed)->default_value(1), "the same seed gives the same puzzles everywhere")
    ("clues", po::value<int>(&clues)->default_value(0), "stop removing at this many clues (0: as few as possible)")
    ("symmetric", po::bool_switch(&symmetric), "remove cells in pairs symmetric about the centre")
    ("minimal", po::bool_switch(&minimal), "no node cap on the uniqueness checks, so no clue can be removed")
    ("singles-first", po::bool_switch(&singles_first),
     "first remove every clue that naked and hidden singles can do without, then check the rest: other "
     "puzzles, easier ones (most solved by singles), minimal 25x25 ones 5x faster")
    ("max-nodes", po::value<std::uint64_t>(&max_nodes)->default_value(20000),
     "cap per uniqueness check, in the checker's unit (sat: conflicts); a check that runs out keeps its "
     "clue, and a comment after the puzzle says how many did")
    ("defer", po::value<std::uint64_t>(&defer)->default_value(0),
     "first try every clue with this cap per check; a check that runs out waits for a later round with "
     "ten times the cap, up to --max-nodes (or none with --minimal): hard checks come back to a puzzle "
     "with fewer clues, where they are easier (another puzzle, which depends on the checker)")
    ("solver", po::value<std::string>(&filler_name),
     "backend that fills the grid (default: the one measured fastest on 9x9 puzzles); given, it also checks "
     "(unless --checker)")
    ("checker", po::value<std::string>(&checker_name),
     "backend that proves each removal keeps the puzzle unique (default: the --solver given, else the "
     "first backend with uniqueness sessions: sat)")
    ("option,o", po::value<std::vector<std::string>>(&checker_options)->composing(),
     "checker option KEY=VALUE (repeatable); see `sudokit solvers`")
    ("stats", po::bool_switch(&stats), "after each puzzle, on stderr: how its removals were decided, and the time")
    ("rate", po::bool_switch(&rate), "after each puzzle, a comment with every backend's node count")
    ("difficulty", po::value<std::string>(&difficulty_text),
     "only puzzles of this rating (propagate with every rule, no search): singles, locked, subsets, fish, search; "
     "or simple (singles), easy (locked), intermediate (subsets or fish), expert (search)")
    ("attempts", po::value<std::uint64_t>(&attempts)->default_value(1000),
     "with --difficulty: puzzles made per puzzle written before giving up (exit code 1)")
    ("format", po::value<std::string>(&format_text), "grid or line (default: line up to 35x35)")
    ("jigsaw", po::bool_switch(&jigsaw), "a new random jigsaw layout (irregular regions) for each puzzle");
  add_rules_option(desc, rules_text);
  po::variables_map vm;
  if (!parse(args, desc, {}, vm,
             "usage: sudokit generate [--box RxC] [--count N] [--seed S] [--clues K] [--symmetric] [--minimal]\n"
             "                        [--singles-first] [--defer N]\n"
             "                        [--difficulty LEVEL [--attempts N]] [--rate] [--rules NAMES] [--jigsaw]\n"
             "                        [--solver NAME] [--checker NAME [-o KEY=VALUE]] [--first K] [--stats]\n"
             "Random complete grids, then clues removed in random order while the puzzle keeps exactly\n"
             "one solution: a clue goes when the other givens force it, stays when it is the last given\n"
             "of an unavoidable set, goes or stays when singles decide it from every other digit in the\n"
             "cell, else the checker decides (one question to a backend with uniqueness sessions, else\n"
             "counting to 2). The output starts with '# box: RxC', which every command\n"
             "reads, and with --difficulty '# difficulty: LEVEL'.\n"
             "CPU time a puzzle on one core, --minimal (docs/experiments.md): 9x9 about 4 ms, 16x16\n"
             "about 0.2 s, 25x25 about a minute (17 s to 3.5 minutes), with --singles-first 3-22 s\n"
             "(easier puzzles: most are solved by singles). --defer 100 puts off the hard checks to\n"
             "a puzzle with fewer clues, where they are easier: 25x25 20-67 s, 3-7 s with\n"
             "--singles-first, and 36x36 with --singles-first --defer 100 13 minutes (not done in 34\n"
             "without --defer); 49x49 and 64x64 that way: not done in 90 minutes.\n"
             "Unique, not minimal, in minutes: drop --minimal; 36x36 takes about 11 minutes at the\n"
             "default cap; 49x49 and 64x64 need a smaller one (not done in 45 and 25 minutes at the\n"
             "default): 64x64 takes about 3 minutes with --max-nodes 500, under 2 with\n"
             "--singles-first --max-nodes 1 and has fewer clues (the clues whose check ran out are\n"
             "counted after each puzzle). On a terminal, a status line on stderr shows the stage,\n"
             "the cells tried, the clues left and the checks so far (redrawn between checks: one\n"
             "check can take minutes at 49x49)."))
    return kOk;
  const BoxSpec box = parse_box_spec(box_text);
  const Rules rules = parse_rules_option(rules_text);
  auto shape = Shape::make(box.rows, box.cols, rules);  // a jigsaw gets a new layout per puzzle
  const Format format = format_text.empty() ? (shape->size() <= 35 ? Format::line : Format::grid) : parse_format(format_text);
  const Registry registry = builtin_solvers();
  // The filler completes a grid with a few scattered digits, a light search at any size: the
  // backend measured fastest on 9x9 puzzles does it, where the fastest on hard large grids may
  // not (an empty 36x36 grid: propagate 0.05 s, sat 3.1 s, most of it loading its formula).
  const bool filler_named = !filler_name.empty();
  if (!filler_named) filler_name = registry.default_for(ProblemKind::sudoku, 9);
  // The checker: as told, else the --solver given, else the first backend that declares
  // uniqueness sessions (one satisfiability question per removal instead of a count to 2). With every
  // check finished the puzzle is the same whichever checker proved it (generate.h).
  if (!vm.count("checker"))
    checker_name = filler_named ? filler_name : registry.uniqueness_checker(filler_name);
  auto filler = registry.create(filler_name);
  auto checker = checker_name == filler_name && checker_options.empty()
                     ? nullptr
                     : registry.create(checker_name, SolverOptions::parse(checker_options));
  Solver& check = checker ? *checker : *filler;
  GenerateOptions options;
  options.clues = clues;
  options.symmetric = symmetric;
  options.singles_first = singles_first;
  options.max_nodes = minimal ? 0 : max_nodes;
  options.deferred_budget = defer;
  std::optional<Difficulty> difficulty;
  std::unique_ptr<Solver> rater;
  std::string rating_counter;
  if (vm.count("difficulty")) {
    difficulty = parse_difficulty(difficulty_text);
    if (attempts == 0) throw UsageError("--attempts must be at least 1");
    // The first backend that declares a rating scale, set as its declaration says (propagate).
    for (const std::string& name : registry.names(ProblemKind::sudoku)) {
      const BackendInfo& info = registry.info(name);
      if (!info.rating) continue;
      SolverOptions o;
      for (const auto& [key, value] : info.rating->options) o.set(key, value);
      rater = registry.create(name, o);
      rating_counter = info.rating->counter;
      break;
    }
    if (!rater) throw UsageError("--difficulty needs a backend that declares a rating scale; none does");
  }
  auto rating_of = [&](const Grid& puzzle) { return rater->solve(puzzle, Limits{}).stats.counter(rating_counter); };

  if (first == 0) throw UsageError("--first counts from 1");
  if (first > 1 && difficulty) throw UsageError("--first cannot be used with --difficulty (its attempts depend on the puzzles)");
  std::cout << "# sudokit generate --box " << shape->name() << " --count " << count << " --seed " << seed;
  if (clues) std::cout << " --clues " << clues;
  if (symmetric) std::cout << " --symmetric";
  if (minimal) std::cout << " --minimal";
  if (singles_first) std::cout << " --singles-first";
  if (defer) std::cout << " --defer " << defer;
  if (difficulty) std::cout << " --difficulty " << difficulty->name;
  if (!rules.classic()) std::cout << " --rules '" << rules.names() << "'";
  if (jigsaw) std::cout << " --jigsaw";
  if (first != 1) std::cout << " --first " << first;
  if (filler_named) std::cout << " --solver " << filler_name;
  if (vm.count("checker")) std::cout << " --checker " << checker_name;
  PuzzleWriter writer;  // variant puzzles carry their directives, so the output reads back
  std::cout << "\n" << writer.box_header(*shape);
  if (difficulty) {
    std::cout << "# difficulty: " << difficulty->name << " (propagate rating " << difficulty->lowest;
    if (difficulty->highest != difficulty->lowest) std::cout << "-" << difficulty->highest;
    std::cout << ": " << rating_name(difficulty->lowest);
    if (difficulty->highest != difficulty->lowest) std::cout << " to " << rating_name(difficulty->highest);
    std::cout << ")\n";
  }
  // On a terminal, a status line on stderr, redrawn every half second: a minimal puzzle above
  // 25x25 takes minutes to hours, and a run with no sign of life looks hung.
  std::uint64_t number = first;
  auto puzzle_start = std::chrono::steady_clock::now();
  StatusLine status;
  if (status.enabled())
    options.progress = [&](const GenerateProgress& p) {
      // Round 1 is the first pass of checks; later rounds are --defer's.
      const std::string stage = p.round == 0 ? "singles-first pass" : "round " + std::to_string(p.round);
      char line[160];
      std::snprintf(line, sizeof line, "puzzle %llu %s: cell %d/%d, %d clues, %d checks, %.0f s",
                    static_cast<unsigned long long>(number), stage.c_str(), p.tried, p.cells, p.clues, p.so_far.checks,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - puzzle_start).count());
      status.draw(line, std::chrono::milliseconds(500));
    };
  Random random(seed);
  // Removals draw nothing from `random`: a puzzle skipped with no removal leaves it as made.
  for (std::uint64_t i = 1; i < first; ++i) {
    if (jigsaw) shape = random_jigsaw_shape(box.rows, box.cols, rules, random, *filler);
    GenerateOptions none = options;
    none.clues = shape->cells();
    none.progress = nullptr;
    generate_unique(shape, random, *filler, check, none);
  }
  for (std::uint64_t i = 0; i < count; ++i) {
    GenerateReport report;
    auto make_one = [&] {
      if (jigsaw) shape = random_jigsaw_shape(box.rows, box.cols, rules, random, *filler);
      return generate_unique(shape, random, *filler, check, options, &report);
    };
    const auto start = std::chrono::steady_clock::now();
    number = first + i;
    puzzle_start = start;
    Grid puzzle = make_one();
    if (difficulty) {
      std::uint64_t tried = 1, rating = rating_of(puzzle);
      for (; (rating < difficulty->lowest || rating > difficulty->highest) && tried < attempts; ++tried) {
        puzzle = make_one();
        rating = rating_of(puzzle);
      }
      if (rating < difficulty->lowest || rating > difficulty->highest) {
        status.erase();
        std::cerr << "sudokit: generate: no " << shape->size() << "x" << shape->size() << " puzzle rated " << difficulty->name << " in " << attempts
                  << " attempts (puzzle " << i + 1 << " of " << count << ", seed " << seed
                  << "); try more --attempts or another seed\n";
        return kUnsolved;
      }
    }
    status.erase();
    if (format == Format::grid && i > 0) std::cout << "\n";
    std::cout << writer.text(puzzle, format);
    if (stats)
      std::cerr << "# puzzle " << first + i << ": " << puzzle.givens() << " clues; "
                << (singles_first ? std::to_string(report.by_singles) + " removals by the singles-first pass, " : "")
                << report.forced
                << " removals proven by the givens alone, " << report.unavoidable
                << " clues kept as the last given of an unavoidable set, " << report.singles_proven
                << " removals proven and " << report.singles_kept << " clues kept by singles from each other digit, "
                << report.checks << " checks"
                << (report.session ? " (uniqueness session)" : " (counting to 2)") << ", " << report.kept
                << " found another solution, " << report.stopped << " stopped"
                << (defer ? ", " + std::to_string(report.deferred) + " deferred to " + std::to_string(report.rounds) +
                                " later round" + (report.rounds == 1 ? "" : "s")
                          : std::string())
                << "; "
                << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << " s\n";
    if (report.stopped > 0)
      std::cout << "# " << report.stopped << " uniqueness check" << (report.stopped == 1 ? "" : "s")
                << " ran out of --max-nodes " << max_nodes << ": clues kept unproven, the puzzle may not be minimal\n";
    if (rate) {
      std::cout << "# " << puzzle.givens() << " clues; nodes:";
      Limits limits;
      limits.solutions = 2;
      limits.max_nodes = 10'000'000;
      for (const auto& name : registry.names(ProblemKind::sudoku)) {
        const Result r = registry.create(name)->solve(puzzle, limits);
        std::cout << " " << name << "=" << (r.status == Status::stopped ? ">" : "") << r.stats.nodes;
      }
      std::cout << "\n";
    }
    check_written(std::cout, "stdout");  // flushes each puzzle: a long run stops at a full disk
  }
  return kOk;
}

}  // namespace sudokit::cli
