// sudokit teach: one puzzle (or exact-cover problem), each method's search recorded and written as
// a self-contained page that plays the searches back side by side (lesson.h, docs/teaching.md).
#include <algorithm>
#include <iostream>

#include "cli.h"
#include "sudokit/compare/compare.h"
#include "sudokit/compare/lesson.h"
#include "sudokit/registry.h"
#include "sudokit/text.h"

namespace sudokit::cli {

namespace {

struct TeachCommand {
  SolveArgs solve;
  std::string solvers, output, box_text, rules_text, kind_text;
  std::size_t max_steps = 5000, number = 1;
  bool json = false;
  std::vector<std::string> inputs;
};

void add_teach_options(po::options_description& desc, TeachCommand& c) {
  desc.add_options()
    ("help,h", "show this help")
    ("output,o", po::value<std::string>(&c.output), "the page's file (default: stdout)")
    ("solvers", po::value<std::string>(&c.solvers),
     "the methods, as compare takes them: NAME or NAME:KEY=VALUE, comma-separated (default: every backend "
     "that takes the grid and reports every step, and the settings under which the others do)")
    ("puzzle", po::value<std::size_t>(&c.number)->default_value(1), "which puzzle of the input, from 1")
    ("max-steps", po::value<std::size_t>(&c.max_steps)->default_value(5000), "most steps recorded for each method")
    ("json", po::bool_switch(&c.json), "write the recorded steps as JSON instead of the page")
    ("box", po::value<std::string>(&c.box_text), "box shape RxC when it cannot be inferred, e.g. 2x3 for 6x6")
    ("kind", po::value<std::string>(&c.kind_text),
     "sudoku or xc (an exact-cover problem in Knuth's DLX format), when the file's name and first line do not say")
    ("input", po::value<std::vector<std::string>>(&c.inputs), "a puzzle file, '-' for stdin, or the puzzle itself");
  add_limit_options(desc, c.solve, {.count = 2, .each = "method", .max_nodes = "2000"});
  add_rules_option(desc, c.rules_text);
}

constexpr const char* kTeachUsage =
    "usage: sudokit teach [-o lesson.html] [--solvers LIST] [--puzzle N] [--count N] [--max-nodes N]\n"
    "                     [--max-steps N] [--json] [--box RxC] [--rules NAMES] [--kind sudoku|xc] PUZZLE|FILE|-\n"
    "Searches one puzzle, or an exact-cover problem (FILE.dlx), with several methods and writes a page\n"
    "that plays the searches back side by side, step by step: the grid (or the options chosen and the\n"
    "matrix they leave), each step in words, the search tree, the counters, forward and back.";

// The puzzle asked for: the Nth of a file (or stdin), or the argument itself when it is no file
// but a puzzle's line (for_each_puzzle); nothing when the input has no such puzzle. `read`
// counts the puzzles read.
std::optional<Grid> the_puzzle(const TeachCommand& c, Outcome& outcome, std::uint64_t& read) {
  std::optional<BoxSpec> box;
  if (!c.box_text.empty()) box = parse_box_spec(c.box_text);
  std::optional<Grid> found;
  read = 0;
  for_each_puzzle(c.inputs, box, parse_rules_option(c.rules_text), outcome, [&](const ParsedPuzzle& p, const std::string&) {
    ++read;
    if (p.number == c.number) found = p.grid;
  });
  return found;
}

}  // namespace

int cmd_teach(const std::vector<std::string>& args) {
  TeachCommand c;
  const auto parsed = parse_command(args, c, add_teach_options, "input", kTeachUsage);
  if (!parsed) return kOk;
  if (c.inputs.size() > 1) throw UsageError("teach takes one input: a puzzle, a file or '-'");
  if (c.number == 0) throw UsageError("--puzzle counts from 1");
  const Limits limits = limits_of(c.solve);  // checked before any search
  const std::string input = c.inputs.empty() ? "-" : c.inputs.front();
  const ProblemKind kind = c.kind_text.empty() ? guess_kind(input) : parse_problem_kind(c.kind_text);
  const Registry registry = builtin_solvers();
  const std::vector<std::string> specs = named_backends(*parsed, "solvers", c.solvers);  // empty: the declared methods
  Outcome outcome;
  Lesson lesson;
  if (kind == ProblemKind::exact_cover) {
    if (c.number != 1) throw UsageError("--puzzle: an exact-cover file holds one problem");
    const std::optional<ExactCover> problem = read_xc_file(input, outcome);
    if (!problem) return outcome.code;
    lesson = record_lesson(registry, *problem, specs, limits, c.max_steps);
  } else {
    std::uint64_t read = 0;
    const std::optional<Grid> puzzle = the_puzzle(c, outcome, read);
    if (!puzzle) {
      // Read without a fault, the input is fine and --puzzle asks past its end: a usage error.
      if (outcome.code != kOk) return std::max<int>(outcome.code, kBadInput);
      throw UsageError("--puzzle " + std::to_string(c.number) + ": the input holds " + counted(read, "puzzle"));
    }
    lesson = record_lesson(registry, *puzzle, specs, limits, c.max_steps);
  }
  Output out(c.output.empty() ? "-" : c.output);
  if (c.json) write_lesson_json(out.stream(), lesson);
  else write_lesson_html(out.stream(), lesson);
  out.close();
  for (const LessonMethod& m : lesson.methods) {
    const auto [status, nodes] = lesson.cover ? std::pair(m.cover_result.status, m.cover_result.stats.nodes)
                                              : std::pair(m.result.status, m.result.stats.nodes);
    std::cerr << m.spec << ": " << counted(m.steps.size(), "step") << " recorded" << (m.truncated ? " (the first ones)" : "")
              << ", " << to_string(status) << ", " << counted(nodes, "node") << "\n";
  }
  return outcome.code;
}

}  // namespace sudokit::cli
