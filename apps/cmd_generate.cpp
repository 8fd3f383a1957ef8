// `sudokit generate`: random puzzles with exactly one solution, reproducible from a seed.
#include <iostream>
#include <memory>
#include <optional>

#include "cli.h"
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
  std::string box_text = "3x3", format_text, checker_name = "propagate", difficulty_text, rules_text;
  std::uint64_t count = 1, seed = 1, max_nodes = 20000, attempts = 1000;
  int clues = 0;
  bool symmetric = false, minimal = false, rate = false, jigsaw = false;
  po::options_description desc("Options");
  desc.add_options()
    ("help,h", "show this help")
    ("box", po::value<std::string>(&box_text)->default_value("3x3"), "box shape RxC (3x3: 9x9 puzzles)")
    ("count", po::value<std::uint64_t>(&count)->default_value(1), "how many puzzles")
    ("seed", po::value<std::uint64_t>(&seed)->default_value(1), "the same seed gives the same puzzles everywhere")
    ("clues", po::value<int>(&clues)->default_value(0), "stop removing at this many clues (0: as few as possible)")
    ("symmetric", po::bool_switch(&symmetric), "remove cells in pairs symmetric about the centre")
    ("minimal", po::bool_switch(&minimal), "no node cap on the uniqueness checks, so no clue can be removed")
    ("max-nodes", po::value<std::uint64_t>(&max_nodes)->default_value(20000),
     "node cap per uniqueness check; a check that runs out keeps its clue")
    ("solver", po::value<std::string>(&checker_name)->default_value("propagate"), "backend that fills and checks")
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
             "                        [--difficulty LEVEL [--attempts N]] [--rate] [--rules NAMES] [--jigsaw]\n"
             "Random complete grids, then clues removed in random order while the puzzle keeps exactly\n"
             "one solution (checked by counting to 2). The output starts with '# box: RxC', which every\n"
             "command reads, and with --difficulty '# difficulty: LEVEL'.\n"
             "Time on one core (docs/experiments.md): 9x9 about 1 ms a puzzle, 16x16 0.1-0.3 s; --minimal\n"
             "16x16 about 0.3 s, 20x20 about 2 minutes; larger --minimal grids take far longer."))
    return kOk;
  const BoxSpec box = parse_box_spec(box_text);
  const Rules rules = parse_rules_option(rules_text);
  auto shape = Shape::make(box.rows, box.cols, rules);  // a jigsaw gets a new layout per puzzle
  const Format format = format_text.empty() ? (shape->size() <= 35 ? Format::line : Format::grid) : parse_format(format_text);
  const Registry registry = builtin_solvers();
  auto checker = registry.create(checker_name);
  GenerateOptions options;
  options.clues = clues;
  options.symmetric = symmetric;
  options.max_nodes = minimal ? 0 : max_nodes;
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

  std::cout << "# sudokit generate --box " << shape->name() << " --count " << count << " --seed " << seed;
  if (clues) std::cout << " --clues " << clues;
  if (symmetric) std::cout << " --symmetric";
  if (minimal) std::cout << " --minimal";
  if (difficulty) std::cout << " --difficulty " << difficulty->name;
  if (!rules.classic()) std::cout << " --rules '" << rules.names() << "'";
  if (jigsaw) std::cout << " --jigsaw";
  std::cout << "\n# box: " << shape->box_rows() << "x" << shape->box_cols() << "\n";
  if (difficulty) {
    std::cout << "# difficulty: " << difficulty->name << " (propagate rating " << difficulty->lowest;
    if (difficulty->highest != difficulty->lowest) std::cout << "-" << difficulty->highest;
    std::cout << ": " << rating_name(difficulty->lowest);
    if (difficulty->highest != difficulty->lowest) std::cout << " to " << rating_name(difficulty->highest);
    std::cout << ")\n";
  }
  Random random(seed);
  PuzzleWriter writer;  // variant puzzles carry their directives, so the output reads back
  for (std::uint64_t i = 0; i < count; ++i) {
    auto make_one = [&] {
      if (jigsaw) shape = random_jigsaw_shape(box.rows, box.cols, rules, random, *checker);
      return generate_unique(shape, random, *checker, options);
    };
    Grid puzzle = make_one();
    if (difficulty) {
      std::uint64_t tried = 1, rating = rating_of(puzzle);
      for (; (rating < difficulty->lowest || rating > difficulty->highest) && tried < attempts; ++tried) {
        puzzle = make_one();
        rating = rating_of(puzzle);
      }
      if (rating < difficulty->lowest || rating > difficulty->highest) {
        std::cerr << "sudokit: generate: no " << shape->size() << "x" << shape->size() << " puzzle rated " << difficulty->name << " in " << attempts
                  << " attempts (puzzle " << i + 1 << " of " << count << ", seed " << seed
                  << "); try more --attempts or another seed\n";
        return kUnsolved;
      }
    }
    if (format == Format::grid && i > 0) std::cout << "\n";
    std::cout << writer.text(puzzle, format);
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
