// `sudokit generate`: random puzzles with exactly one solution, reproducible from a seed.
#include <iostream>

#include "cli.h"
#include "sudokit/errors.h"
#include "sudokit/generate.h"
#include "sudokit/registry.h"

namespace sudokit::cli {

int cmd_generate(const std::vector<std::string>& args) {
  std::string box_text = "3x3", format_text, checker_name = "propagate", rules_text;
  std::uint64_t count = 1, seed = 1, max_nodes = 20000;
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
    ("format", po::value<std::string>(&format_text), "grid or line (default: line up to 35x35)")
    ("jigsaw", po::bool_switch(&jigsaw), "a new random jigsaw layout (irregular regions) for each puzzle");
  add_rules_option(desc, rules_text);
  po::variables_map vm;
  if (!parse(args, desc, {}, vm,
             "usage: sudokit generate [--box RxC] [--count N] [--seed S] [--clues K] [--symmetric] [--minimal]\n"
             "                        [--rate] [--rules NAMES] [--jigsaw]\n"
             "Random complete grids, then clues removed in random order while the puzzle keeps exactly\n"
             "one solution (checked by counting to 2)."))
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

  std::cout << "# sudokit generate --box " << shape->name() << " --count " << count << " --seed " << seed;
  if (clues) std::cout << " --clues " << clues;
  if (symmetric) std::cout << " --symmetric";
  if (minimal) std::cout << " --minimal";
  if (!rules.classic()) std::cout << " --rules '" << rules.names() << "'";
  if (jigsaw) std::cout << " --jigsaw";
  std::cout << "\n";
  Random random(seed);
  PuzzleWriter writer;  // variant puzzles carry their directives, so the output reads back
  for (std::uint64_t i = 0; i < count; ++i) {
    if (jigsaw) shape = random_jigsaw_shape(box.rows, box.cols, rules, random, *checker);
    const Grid puzzle = generate_unique(shape, random, *checker, options);
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
