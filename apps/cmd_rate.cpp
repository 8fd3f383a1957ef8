// sudokit rate: each puzzle's difficulty for a person on Sudoku Explainer's scale (rate.h): ER, EP
// and ED as `serate` prints them, every step with --steps, or the next step alone with --hint.
// The puzzle's one solution is found and proven unique first, by a backend, verified like every
// answer; the rater's steps are then checked against it.
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli.h"
#include "sudokit/compare/compare.h"
#include "sudokit/rate.h"
#include "sudokit/registry.h"

namespace sudokit::cli {

namespace {

struct RateCommand {
  std::string box_text, rules_text, csv, json;
  SolveArgs solve;
  bool steps = false, hint = false;
  std::vector<std::string> files;
};

// The CSV's columns: where the puzzle is, SE's three numbers (er empty when the techniques got
// stuck; reached is the hardest step taken either way), and how the solution went.
#define RATE_COLUMNS "source,puzzle,line,er,ep,ed,solved,steps,reached,hardest,empty_cells"

void add_rate_options(po::options_description& desc, RateCommand& c) {
  desc.add_options()
    ("help,h", "show this help")
    ("steps", po::bool_switch(&c.steps), "after each rating, every step: the technique, its rating, its cells and what it removes or places")
    ("hint", po::bool_switch(&c.hint), "only the next step a person would take (from the givens, or from a partly filled grid)")
    ("solver,s", po::value<std::string>(&c.solve.solver), "the backend that finds the solution and proves it the only one (default: the fastest)")
    ("csv", po::value<std::string>(&c.csv), "also write one row per rated puzzle to FILE ('-': stdout, instead of the lines): " RATE_COLUMNS)
    ("json", po::value<std::string>(&c.json), "the same as a JSON array, each puzzle with its steps")
    ("box", po::value<std::string>(&c.box_text), "box shape RxC when it cannot be inferred")
    ("file", po::value<std::vector<std::string>>(&c.files), "puzzle files, or puzzles typed in their one-line form; '-' for stdin");
  add_backend_options(desc, c.solve);
  add_limit_options(desc, c.solve, {.count = std::nullopt, .each = "puzzle's proof of one solution"});
  add_rules_option(desc, c.rules_text);
}

constexpr const char* kRateUsage =
    "usage: sudokit rate [--steps | --hint] [--csv FILE] [--json FILE] [--solver NAME [-o KEY=VALUE]...]\n"
    "                    [--max-nodes N] [--timeout S] [--box RxC] [--rules NAMES] [FILE|PUZZLE|-]...\n"
    "Rates each puzzle as Sudoku Explainer 1.2.1 does: the techniques a person tries, easiest first,\n"
    "each step rated on SE's scale (1.2 hidden single ... 4.2 XY-wing ... 5.6 BUG ... 7.0 forcing chain).\n"
    "Prints one line per puzzle, ER=x.y EP=x.y ED=x.y steps=N hardest=\"TECHNIQUE\": the hardest step, the\n"
    "hardest before the first digit is placed, and the first step. ER=beyond when the puzzle needs a\n"
    "technique sudokit does not rate (nishio, multiple and dynamic chains: SE rates them 7.5 and up), with\n"
    "reached=x.y, the hardest step before it got stuck, and\n"
    "empty_cells=N (exit code 1). A puzzle must have exactly one solution: a backend (--solver, default the\n"
    "fastest, within --max-nodes and --timeout) proves it first. Every box shape; variant\n"
    "rules by analogy (their units join the techniques; no uniqueness techniques; docs/rating.md).";

const SeStep* hardest_step(const SeRating& r) {
  const SeStep* hardest = nullptr;
  for (const SeStep& s : r.steps)
    if (!hardest || s.difficulty > hardest->difficulty) hardest = &s;
  return hardest;
}

// The cells the techniques left empty (0 when they solved it).
int empty_cells(const SeRating& r) { return r.reached.cells() - r.reached.givens(); }

// "ER=4.2 EP=1.2 ED=1.2 steps=54 hardest="XY-Wing"", or for a puzzle the techniques leave unsolved
// "ER=beyond EP=1.2 ED=1.2 steps=23 reached=4.5 hardest="..." empty_cells=37": one word per field.
std::string rating_line(const SeRating& r) {
  std::string line = se_numbers(r) + " steps=" + std::to_string(r.steps.size());
  if (!r.solved) line += " reached=" + se_number(r.er);
  if (const SeStep* hardest = hardest_step(r)) line += " hardest=\"" + hardest->technique + "\"";
  if (!r.solved) line += " empty_cells=" + std::to_string(empty_cells(r));
  return line;
}

nlohmann::json step_json(const SeStep& s, const Shape& shape) {
  nlohmann::json removed = nlohmann::json::array(), cells = nlohmann::json::array();
  for (int c : s.cells) cells.push_back(shape.cell_name(c));
  for (const CellDigit& r : s.removed) removed.push_back({shape.cell_name(r.cell), r.digit});
  return {{"technique", s.technique}, {"difficulty", s.difficulty}, {"where", s.where}, {"cells", cells},
          {"digits", s.digits}, {"removed", removed},
          {"placed", s.placed ? nlohmann::json{shape.cell_name(s.placed->cell), s.placed->digit} : nlohmann::json()},
          {"text", describe(s, shape)}};
}

// --csv and --json: the files are made before any rating, so that a bad path fails at once.
class RateFiles {
 public:
  explicit RateFiles(const RateCommand& c) {
    if (!c.csv.empty()) {
      csv_.emplace(c.csv);
      csv_->stream() << RATE_COLUMNS << "\n";
    }
    if (!c.json.empty()) json_.emplace(c.json);
  }

  void add(const std::string& source, const ParsedPuzzle& p, const SeRating& r) {
    const SeStep* hardest = hardest_step(r);
    if (csv_) {
      csv_->stream() << csv_field(source) << ',' << p.number << ',' << p.first_line << ','
                     << (r.solved ? se_number(r.er) : "") << ',' << (ep_known(r) ? se_number(r.ep) : "") << ','
                     << (ed_known(r) ? se_number(r.ed) : "") << ','
                     << (r.solved ? "true" : "false") << ',' << r.steps.size() << ',' << se_number(r.er) << ','
                     << csv_field(hardest ? hardest->technique : "") << ',' << empty_cells(r) << "\n";
      csv_->check(false);
    }
    if (json_) {
      nlohmann::json steps = nlohmann::json::array();
      for (const SeStep& s : r.steps) steps.push_back(step_json(s, p.grid.shape()));
      rows_.push_back({{"source", source}, {"puzzle", p.number}, {"line", p.first_line},
                       {"er", r.solved ? nlohmann::json(r.er) : nlohmann::json()}, {"ep", ep_known(r) ? nlohmann::json(r.ep) : nlohmann::json()},
                       {"ed", ed_known(r) ? nlohmann::json(r.ed) : nlohmann::json()},
                       {"solved", r.solved}, {"reached", r.er}, {"hardest", hardest ? hardest->technique : ""},
                       {"empty_cells", empty_cells(r)}, {"steps", steps}});
    }
  }

  void close(Outcome& outcome) {
    if (csv_ && !write_file(*csv_, [](std::ostream&) {})) outcome.raise(kIoError);
    if (json_ && !write_file(*json_, [&](std::ostream& o) { o << rows_.dump(1) << "\n"; })) outcome.raise(kIoError);
  }

 private:
  std::optional<Output> csv_, json_;
  nlohmann::json rows_ = nlohmann::json::array();
};

class RateRun {
 public:
  RateRun(const RateCommand& c, SolverPool& pool, Outcome& outcome) : c_(c), pool_(pool), outcome_(outcome), files_(c) {}
  void close() { files_.close(outcome_); }

  void puzzle(const ParsedPuzzle& p, const std::string& source) {
    const std::string where = source + ": puzzle " + std::to_string(p.number);
    const std::optional<Grid> solution = only_solution(p, where);
    if (!solution) return;
    const SeRating r = rate_se(p.grid, *solution, RateOptions{c_.hint ? 1u : 0u});
    if (c_.hint) {
      if (!r.steps.empty()) {
        std::cout << where << ": " << describe(r.steps.front(), p.grid.shape()) << "\n";
      } else if (p.grid.complete()) {
        std::cout << where << ": nothing to do: the grid is full\n";
      } else {
        std::cout << where << ": no step found: the next one needs a technique sudokit does not rate (SE: 7.5 or more)\n";
        outcome_.raise(kUnsolved);
      }
      return;
    }
    files_.add(source, p, r);
    if (!r.solved) outcome_.raise(kUnsolved);
    if (c_.csv == "-" || c_.json == "-") return;  // the rows on stdout are the output
    std::cout << where << ": " << rating_line(r) << "\n";
    if (c_.steps)
      for (std::size_t i = 0; i < r.steps.size(); ++i)
        std::cout << "  " << i + 1 << ". " << describe(r.steps[i], p.grid.shape()) << "\n";
  }

 private:
  // The puzzle's solution, proven the only one; none (reported) when it has none or several.
  std::optional<Grid> only_solution(const ParsedPuzzle& p, const std::string& where) {
    PooledSolver& chosen = pool_.for_grid(p.grid.shape());
    Limits limits = limits_of(c_.solve);
    limits.solutions = 2;
    Result result;
    try {
      result = chosen.solver->solve(p.grid, limits);
    } catch (...) {
      pool_.discard(chosen);
      throw;
    }
    if (result.status == Status::unique) return result.solutions.front();
    std::cout.flush();
    const std::string why =
        result.status == Status::none       ? "it has no solution (if digits were filled in, one of them is wrong)"
        : result.status == Status::multiple ? "it has more than one solution, and SE rates only puzzles with one"
                                            : "no proof that it has one solution (" + describe(result, 2, chosen.info) + ")";
    std::cerr << "sudokit: " << where << " (line " << p.first_line << "): not rated: " << why << "\n";
    outcome_.raise(kUnsolved);
    return std::nullopt;
  }

  const RateCommand& c_;
  SolverPool& pool_;
  Outcome& outcome_;
  RateFiles files_;
};

}  // namespace

int cmd_rate(const std::vector<std::string>& args) {
  RateCommand c;
  const auto parsed = parse_command(args, c, add_rate_options, "file", kRateUsage);
  if (!parsed) return kOk;
  if (c.steps && c.hint) throw UsageError("--steps and --hint: choose one");
  const Rules rules = parse_rules_option(c.rules_text);
  const Registry registry = builtin_solvers();
  SolverPool pool(registry, c.solve.solver, backend_options(c.solve));
  std::optional<BoxSpec> box;
  if (!c.box_text.empty()) box = parse_box_spec(c.box_text);
  Outcome outcome;
  RateRun run(c, pool, outcome);
  for_each_puzzle(c.files.empty() ? std::vector<std::string>{"-"} : c.files, box, rules, outcome,
                  [&](const ParsedPuzzle& p, const std::string& source) { run.puzzle(p, source); });
  run.close();
  return outcome.code;
}

}  // namespace sudokit::cli
