// `sudokit generate`: random puzzles with exactly one solution, reproducible from a seed.
//
// The steps, each below: the options; the backends (filler, checker, and the rater that
// --difficulty and --rate use, all chosen from what the backends declare); the difficulty asked
// for, on the rater's declared scale, and what the measured table (apps/difficulty.tsv) says of
// it for this size; then each puzzle: made (and remade until it has the difficulty), written,
// and described.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

#include "cli.h"
#include "sudokit/rate.h"
#include "status_line.h"
#include "sudokit/compare/exit_codes.h"
#include "sudokit/errors.h"
#include "sudokit/generate.h"
#include "sudokit/registry.h"
#include "sudokit/text.h"

namespace sudokit::cli {

extern const char* const kDifficultyTsv;  // apps/difficulty.tsv, built in (apps/CMakeLists.txt)

namespace {

struct GenerateArgs {
  std::string box_text = "3x3", format_text, filler_name, checker_name, difficulty_text, rules_text;
  std::uint64_t count = 1, seed = 1, max_nodes = 20000, attempts = 1000, first = 1, defer = 0;
  int clues = 0;
  bool symmetric = false, minimal = false, rate = false, jigsaw = false, stats = false, singles_first = false;
  bool attempts_given = false;
  std::vector<std::string> checker_options;
};

// The first backend that declares a rating scale, set up as its declaration says (propagate,
// with every rule and no search): it rates puzzles for --difficulty and --rate.
class Rater {
 public:
  explicit Rater(const Registry& registry) {
    for (const std::string& name : registry.names(ProblemKind::sudoku)) {
      const BackendInfo info = registry.info(name);
      if (!info.rating) continue;
      SolverOptions o;
      for (const auto& [key, value] : info.rating->options) o.set(key, value);
      solver_ = registry.create(name, o);
      scale_ = *info.rating;
      return;
    }
  }
  explicit operator bool() const { return solver_ != nullptr; }
  const std::vector<std::string>& words() const { return scale_.words; }
  std::string name() const { return std::string(solver_->name()); }
  std::string word(const Grid& puzzle) { return scale_.word(solver_->solve(puzzle, Limits{}).stats); }

 private:
  std::unique_ptr<Solver> solver_;
  BackendInfo::Rating scale_;
};

// --difficulty: one word of the rater's scale (or its first word: "locked" for "locked
// candidates"), or one of qqwing's names for a range of it.
// Whether `er` is in the inclusive range [low, high]; ER has one decimal, the tolerance absorbs
// the binary fractions 4.2 and the like are stored as.
bool er_within(double er, std::pair<double, double> range) {
  return er >= range.first - 1e-9 && er <= range.second + 1e-9;
}

struct Difficulty {
  std::string name;
  std::set<std::string> words;  // the ratings it takes
  // Or a range of Sudoku Explainer's ER (rate.h), "3.0-4.5" or "4.2": a puzzle the rater solves
  // with an ER in it, inclusive; one beyond its techniques has no ER and is not taken.
  std::optional<std::pair<double, double>> er;
  bool accepts(const std::string& rating) const {
    if (!er) return words.count(rating) > 0;
    const std::optional<double> x = er_of(rating);
    return x && er_within(*x, *er);
  }
  // The ER in a rating se_rating() wrote ("ER=4.2"), none for "beyond".
  static std::optional<double> er_of(const std::string& rating) {
    if (rating.rfind("ER=", 0) != 0) return std::nullopt;
    return std::stod(rating.substr(3));
  }
};

// "A-B" or "A": a range of ER holding a rating the rater gives (se_ratings: 1.0 to 9.6); none
// when `text` has no digit (a word of the rating backend's scale).
std::optional<std::pair<double, double>> parse_er_range(const std::string& text) {
  if (text.find_first_of("0123456789") == std::string::npos) return std::nullopt;
  static const std::regex range(R"((\d{1,2}(?:\.\d)?)(?:-(\d{1,2}(?:\.\d)?))?)");  // ER has one decimal
  std::smatch m;
  const std::string usage =
      "--difficulty " + text + ": Sudoku Explainer's ER as A-B or A with one decimal, low to high (\"3.0-4.5\")";
  if (!std::regex_match(text, m, range)) throw UsageError(usage);
  const double low = std::stod(m[1].str()), high = m[2].matched ? std::stod(m[2].str()) : low;
  if (low > high) throw UsageError(usage);
  const std::vector<double> ratings = se_ratings();
  if (std::none_of(ratings.begin(), ratings.end(), [&](double r) { return er_within(r, {low, high}); })) {
    std::string given;
    for (double r : ratings) given += (given.empty() ? "" : " ") + se_number(r);
    throw UsageError("--difficulty " + text + ": no puzzle can get that ER from sudokit rate, whose steps rate " + given +
                     " (Sudoku Explainer rates others only with techniques sudokit does not apply: aligned triplet "
                     "exclusion, nishio, multiple and dynamic forcing chains)");
  }
  return std::pair{low, high};
}

// The puzzle's Sudoku Explainer rating, "ER=4.2" or "beyond" (rate.h), with the solution
// `filler` finds (the generator made the puzzle unique; solve() verifies the answer).
std::string se_rating(const Grid& puzzle, Solver& filler) {
  const Result solved = filler.solve(puzzle, Limits{});
  if (solved.solutions.empty())  // the generator proved it unique: a bug, never a rating
    throw WrongAnswer(std::string(filler.name()), "found no solution of a puzzle the generator made unique");
  const SeRating r = rate_se(puzzle, solved.solutions.front());
  return r.solved ? "ER=" + se_number(r.er) : "beyond";
}

Difficulty parse_difficulty(const std::string& text, const Rater& rater) {
  if (auto er = parse_er_range(text)) return Difficulty{text, {}, er};
  if (!rater) throw UsageError("--difficulty needs a backend that declares a rating scale; none does");
  static const std::pair<const char*, std::vector<const char*>> aliases[] = {
      {"simple", {"singles"}}, {"easy", {"locked candidates"}}, {"intermediate", {"subsets", "fish"}}, {"expert", {"search"}}};
  Difficulty d{text, {}, std::nullopt};
  auto known = [&](const std::string& word) {
    for (const std::string& w : rater.words())
      if (w == word || w.substr(0, w.find(' ')) == word) return w;
    return std::string();
  };
  if (const std::string w = known(text); !w.empty()) d.words.insert(w);
  for (const auto& [alias, words] : aliases)
    if (text == alias)
      for (const char* w : words)
        if (!known(w).empty()) d.words.insert(known(w));
  if (d.words.empty()) {
    std::string scale;
    for (const std::string& w : rater.words()) scale += (scale.empty() ? "" : ", ") + w.substr(0, w.find(' '));
    throw UsageError("--difficulty is " + scale + " (" + rater.name() +
                     "'s rating scale), simple, easy, intermediate, expert, or Sudoku Explainer's ER as A-B or A "
                     "(\"3.0-4.5\"); got '" + text + "'");
  }
  return d;
}

// apps/difficulty.tsv: how often each rating came out of plain `generate` per box shape, and what
// an attempt cost (experiments/difficulty.sh measures it).
struct DifficultyOdds {
  std::uint64_t hits = 0, attempts = 0;  // of the words asked for, in the measured run
  double seconds_each = 0;
  std::string measured;
};
std::optional<DifficultyOdds> measured_odds(const Shape& shape, const Difficulty& d) {
  if (!shape.rules().classic() || d.er) return std::nullopt;  // measured on classic grids and the rater's words only
  std::optional<DifficultyOdds> odds;
  std::istringstream lines(kDifficultyTsv);
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string box, word, hits, attempts, seconds, measured;
    for (std::string* f : {&box, &word, &hits, &attempts, &seconds}) std::getline(fields, *f, '\t');
    std::getline(fields, measured);
    if (box != shape.name()) continue;
    if (!odds) odds = DifficultyOdds{0, std::stoull(attempts), std::stod(seconds), measured};
    if (d.words.count(word)) odds->hits += std::stoull(hits);
  }
  return odds;
}

// Before the run: a level this size never reached in the measured run is refused at once (unless
// --attempts insists), and a long wait is announced.
void announce_odds(const Shape& shape, const Difficulty& d, const GenerateArgs& a) {
  const auto odds = measured_odds(shape, d);
  if (!odds) return;
  const std::string where = " (" + odds->measured + ", apps/difficulty.tsv)";
  if (odds->hits == 0) {
    if (a.attempts_given) return;
    throw UsageError("no " + shape.grid_name() + " puzzle rated " + d.name + " came out of " + std::to_string(odds->attempts) +
                     " measured attempts" + where + ": give --attempts N to try anyway, or another --difficulty");
  }
  const double each = static_cast<double>(odds->attempts) / static_cast<double>(odds->hits);
  const double seconds = each * odds->seconds_each * static_cast<double>(a.count);
  if (seconds >= 5)
    std::cerr << "sudokit: generate: about " << static_cast<long long>(each + 0.5) << " attempts a puzzle rated "
              << d.name << " (" << odds->hits << " of " << odds->attempts << " measured" << where << "): about "
              << static_cast<long long>(seconds + 0.5) << " s for " << a.count << "\n";
}

// "# sudokit generate ..." and the box and difficulty headers: the file says how to make it again.
void write_header(std::ostream& out, PuzzleWriter& writer, const GenerateArgs& a, const Shape& shape,
                  const std::optional<Difficulty>& d, const std::string& rater_name, bool filler_named, bool checker_named) {
  out << "# sudokit generate --box " << shape.name() << " --count " << a.count << " --seed " << a.seed;
  if (a.clues) out << " --clues " << a.clues;
  if (a.symmetric) out << " --symmetric";
  if (a.minimal) out << " --minimal";
  if (a.singles_first) out << " --singles-first";
  if (a.defer) out << " --defer " << a.defer;
  if (d) out << " --difficulty " << d->name;
  if (!shape.rules().classic()) out << " --rules '" << shape.rules().names() << "'";
  if (a.jigsaw) out << " --jigsaw";
  if (a.first != 1) out << " --first " << a.first;
  if (filler_named) out << " --solver " << a.filler_name;
  if (checker_named) out << " --checker " << a.checker_name;
  out << "\n" << writer.box_header(shape);
  if (d && d->er) {
    out << "# difficulty: " << d->name << " (Sudoku Explainer's ER, sudokit rate)\n";
  } else if (d) {
    std::string words;
    for (const std::string& w : d->words) words += (words.empty() ? "" : " or ") + w;
    out << "# difficulty: " << d->name << " (" << rater_name << " rating " << words << ")\n";
  }
}

// --stats: the rating, how the removals of one puzzle were decided, and the time.
void write_stats(std::ostream& err, std::uint64_t number, const Grid& puzzle, const std::string& rating,
                 const GenerateReport& report, const GenerateArgs& a, double seconds) {
  err << "# puzzle " << number << ": " << puzzle.givens() << " clues" << (rating.empty() ? "" : ", rated " + rating) << "; "
      << (a.singles_first ? std::to_string(report.by_singles) + " removals by the singles-first pass, " : "")
      << report.forced << " removals proven by the givens alone, " << report.unavoidable
      << " clues kept as the last given of an unavoidable set, " << report.singles_proven << " removals proven and "
      << report.singles_kept << " clues kept by singles from each other digit, " << report.checks << " checks"
      << (report.session ? " (uniqueness session)" : " (counting to 2)") << ", " << report.kept
      << " found another solution, " << report.stopped << " stopped"
      << (a.defer ? ", " + std::to_string(report.deferred) + " deferred to " + counted(report.rounds, "later round")
                  : std::string())
      << "; " << seconds << " s\n";
}

// --rate: the rating, and every backend's node count proving the puzzle unique.
void write_rating(std::ostream& out, const Grid& puzzle, const std::string& rating, bool by_er, const Rater& rater,
                  const Registry& registry) {
  out << "# " << puzzle.givens() << " clues";
  if (by_er) out << "; rated " << rating << " (Sudoku Explainer)";
  else if (rater) out << "; rated " << rating << " (" << rater.name() << ")";
  out << "; nodes:";
  Limits limits;
  limits.solutions = 2;
  limits.max_nodes = 10'000'000;
  for (const auto& name : registry.names(puzzle.shape())) {  // those that take its grid
    const Result r = registry.create(name)->solve(puzzle, limits);
    out << " " << name << "=" << (r.status == Status::stopped ? ">" : "") << r.stats.nodes;
  }
  out << "\n";
}

// The options, into `a`.
void add_generate_options(po::options_description& desc, GenerateArgs& a) {
  desc.add_options()
    ("help,h", "show this help")
    ("box", po::value<std::string>(&a.box_text)->default_value("3x3"), "box shape RxC (3x3: 9x9 puzzles)")
    ("count", po::value<std::uint64_t>(&a.count)->default_value(1), "how many puzzles")
    ("first", po::value<std::uint64_t>(&a.first)->default_value(1),
     "start at this puzzle of the seed's sequence: the same puzzles as a run from the first, so a large set "
     "can be made in parts (the skipped ones are filled, not made; not with --difficulty)")
    ("seed", po::value<std::uint64_t>(&a.seed)->default_value(1), "the same seed gives the same puzzles everywhere")
    ("clues", po::value<int>(&a.clues)->default_value(0), "stop removing at this many clues (0: as few as possible)")
    ("symmetric", po::bool_switch(&a.symmetric), "remove cells in pairs symmetric about the centre")
    ("minimal", po::bool_switch(&a.minimal), "no node cap on the uniqueness checks, so no clue can be removed")
    ("singles-first", po::bool_switch(&a.singles_first),
     "first remove every clue that naked and hidden singles can do without, then check the rest: other "
     "puzzles, easier ones (most solved by singles), minimal ones made faster above 16x16")
    ("max-nodes", po::value<std::uint64_t>(&a.max_nodes)->default_value(20000),
     "cap per uniqueness check, in the checker's unit (`sudokit solvers`: what --max-nodes counts); a check that runs out keeps its "
     "clue, and a comment after the puzzle says how many did")
    ("defer", po::value<std::uint64_t>(&a.defer)->default_value(0),
     "first try every clue with this cap per check; a check that runs out waits for a later round with "
     "ten times the cap, up to --max-nodes (or none with --minimal): hard checks come back to a puzzle "
     "with fewer clues, where they are easier (another puzzle, which depends on the checker)")
    ("solver", po::value<std::string>(&a.filler_name),
     "backend that fills the grid (default: the one measured fastest on 9x9 puzzles); given, it also checks "
     "(unless --checker)")
    ("checker", po::value<std::string>(&a.checker_name),
     "backend that proves each removal keeps the puzzle unique (default: the --solver given, else the "
     "first backend that declares uniqueness sessions, `sudokit solvers`)")
    ("option,o", po::value<std::vector<std::string>>(&a.checker_options)->composing(),
     "checker option KEY=VALUE (repeatable); see `sudokit solvers`")
    ("stats", po::bool_switch(&a.stats), "after each puzzle, on stderr: how its removals were decided, and the time")
    ("rate", po::bool_switch(&a.rate), "after each puzzle, a comment with its rating and every backend's node count")
    ("difficulty", po::value<std::string>(&a.difficulty_text),
     "only puzzles of this rating (the rating backend's scale, `sudokit solvers`: singles, locked, subsets, "
     "fish, search); or simple (singles), easy (locked), intermediate (subsets or fish), expert (search). "
     "A level the size never reached in the measured run (apps/difficulty.tsv) is refused at once. "
     "Or a range of Sudoku Explainer's ER, 3.0-4.5 or 4.2 (sudokit rate)")
    ("attempts", po::value<std::uint64_t>(&a.attempts)->default_value(1000),
     "with --difficulty: puzzles made per puzzle written before giving up (exit code 1)")
    ("format", po::value<std::string>(&a.format_text), "grid or line (default: line up to 35x35)")
    ("jigsaw", po::bool_switch(&a.jigsaw), "a new random jigsaw layout (irregular regions) for each puzzle");
  add_rules_option(desc, a.rules_text);
}

constexpr const char* kGenerateUsage =
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
    "What each size costs, --minimal or not, with and without --singles-first and --defer, is\n"
    "measured in docs/experiments.md (\"Generating puzzles\"): milliseconds at 9x9, about a minute\n"
    "for a minimal 25x25, minutes at 36x36, and 49x49 and 64x64 minimal not done in 90 minutes.\n"
    "On a terminal, a status line on stderr shows the stage, the cells tried, the clues left and\n"
    "the checks so far (redrawn between checks: one check can take minutes at 49x49).";

// The backends of a run, all from declarations. The filler completes a grid with a few scattered
// digits, a light search at any size: the backend measured fastest on 9x9 puzzles that takes the
// grid does it, where the fastest on hard large grids may not (an empty 36x36 grid: propagate
// 0.05 s, sat 3.1 s, most of it loading its formula). The checker: as told, else the --solver
// given, else the first backend that declares uniqueness sessions; with every check finished the
// puzzle is the same whichever checker proved it (generate.h). Either refused when it does not
// take the grid, before any output.
struct GenerateBackends {
  bool filler_named = false, checker_named = false;
  std::unique_ptr<Solver> filler, checker;  // no checker: the filler checks
  Solver& check() const { return checker ? *checker : *filler; }
};

GenerateBackends choose_backends(const Registry& registry, GenerateArgs& a, const Shape& shape, bool checker_named) {
  GenerateBackends b;
  b.filler_named = !a.filler_name.empty();
  b.checker_named = checker_named;
  if (!b.filler_named) a.filler_name = registry.default_for(shape, 9);
  if (!checker_named) a.checker_name = b.filler_named ? a.filler_name : registry.uniqueness_checker(a.filler_name);
  for (const std::string& name : {a.filler_name, a.checker_name})
    if (const std::string why = registry.info(name).refusal(shape); !why.empty()) throw UsageError(why + " (sudokit solvers)");
  b.filler = registry.create(a.filler_name);
  if (a.checker_name != a.filler_name || !a.checker_options.empty())
    b.checker = registry.create(a.checker_name, SolverOptions::parse(a.checker_options));
  return b;
}

GenerateOptions generate_options(const GenerateArgs& a) {
  GenerateOptions options;
  options.clues = a.clues;
  options.symmetric = a.symmetric;
  options.singles_first = a.singles_first;
  options.max_nodes = a.minimal ? 0 : a.max_nodes;
  options.deferred_budget = a.defer;
  return options;
}

// Where a run is, for its status line: a minimal puzzle above 25x25 takes minutes to hours, a
// rare difficulty thousands of attempts, and a run with no sign of life looks hung.
struct GenerateProgressState {
  std::uint64_t number = 1, attempt = 1;
  std::chrono::steady_clock::time_point puzzle_start = std::chrono::steady_clock::now();
};

// On a terminal, `options` report to `status`, redrawn every half second.
void report_progress(GenerateOptions& options, StatusLine& status, const GenerateProgressState& at, bool attempts) {
  if (!status.enabled()) return;
  options.progress = [&status, &at, attempts](const GenerateProgress& p) {
    // Round 1 is the first pass of checks; later rounds are --defer's.
    const std::string stage = p.round == 0 ? "singles-first pass" : "round " + std::to_string(p.round);
    const std::string tries = attempts ? ", attempt " + std::to_string(at.attempt) : "";
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - at.puzzle_start).count();
    // The cells tried are the pass's progress: the time left at the pace so far (checks grow
    // harder as clues go, so it is a floor more than a forecast).
    const std::string rest = p.tried > 0 && p.tried < p.cells
                                 ? " (~" + duration_words(seconds * (p.cells - p.tried) / p.tried) + " left)"
                                 : "";
    char line[240];
    std::snprintf(line, sizeof line, "puzzle %llu%s %s: cell %d/%d%s, %d clues, %d checks, %.0f s",
                  static_cast<unsigned long long>(at.number), tries.c_str(), stage.c_str(), p.tried, p.cells, rest.c_str(),
                  p.clues, p.so_far.checks, seconds);
    status.draw(line, std::chrono::milliseconds(500));
  };
}

// One puzzle made, and with --difficulty remade until the rater gives it a word of that level, up
// to --attempts; nullopt when none had it. `rating` gets the rater's word when `rate` or a
// difficulty asks for it (a rating is a search of its own: not made for nothing), else "".
std::optional<Grid> make_rated(const std::function<Grid()>& make_one, const std::optional<Difficulty>& difficulty,
                               const std::function<std::string(const Grid&)>& rate_one, bool rate,
                               std::uint64_t attempts, GenerateProgressState& at, std::string& rating) {
  at.attempt = 1;
  Grid puzzle = make_one();
  rating = rate || difficulty ? rate_one(puzzle) : "";
  if (!difficulty) return puzzle;
  while (!difficulty->accepts(rating) && at.attempt < attempts) {
    ++at.attempt;
    puzzle = make_one();
    rating = rate_one(puzzle);
  }
  if (!difficulty->accepts(rating)) return std::nullopt;
  return puzzle;
}

}  // namespace

int cmd_generate(const std::vector<std::string>& args) {
  GenerateArgs a;
  const auto parsed = parse_command(args, a, add_generate_options, nullptr, kGenerateUsage);
  if (!parsed) return kOk;
  const po::variables_map& vm = *parsed;
  a.attempts_given = !vm["attempts"].defaulted();
  if (a.first == 0) throw UsageError("--first counts from 1");
  if (a.first > 1 && vm.count("difficulty")) throw UsageError("--first cannot be used with --difficulty (its attempts depend on the puzzles)");
  if (a.attempts == 0) throw UsageError("--attempts must be at least 1");
  // Elsewhere --count 0 means "all"; a generator has no "all" to stop at.
  if (a.count == 0) throw UsageError("--count must be at least 1: the number of puzzles to make");
  const BoxSpec box = parse_box_spec(a.box_text);
  const Rules rules = parse_rules_option(a.rules_text);
  auto shape = Shape::make(box.rows, box.cols, rules);  // a jigsaw gets a new layout per puzzle
  const Format format = a.format_text.empty() ? (shape->size() <= 35 ? Format::line : Format::grid) : parse_format(a.format_text);

  const Registry registry = builtin_solvers();
  const GenerateBackends backends = choose_backends(registry, a, *shape, vm.count("checker") > 0);
  Solver& filler = *backends.filler;
  Rater rater(registry);
  std::optional<Difficulty> difficulty;
  if (vm.count("difficulty")) {
    difficulty = parse_difficulty(a.difficulty_text, rater);
    announce_odds(*shape, *difficulty, a);
  }
  const bool by_er = difficulty && difficulty->er;
  const auto rate_one = [&](const Grid& puzzle) { return by_er ? se_rating(puzzle, filler) : rater ? rater.word(puzzle) : ""; };
  GenerateOptions options = generate_options(a);
  PuzzleWriter writer;  // variant puzzles carry their directives, so the output reads back
  write_header(std::cout, writer, a, *shape, difficulty, rater ? rater.name() : "", backends.filler_named,
               backends.checker_named);
  GenerateProgressState at;
  StatusLine status;
  report_progress(options, status, at, difficulty.has_value());

  Random random(a.seed);
  auto make_one = [&](const GenerateOptions& with, GenerateReport* report) {
    if (a.jigsaw) shape = random_jigsaw_shape(box.rows, box.cols, rules, random, filler);
    return generate_unique(shape, random, filler, backends.check(), with, report);
  };
  // The puzzles before --first, made with no removal: removals draw nothing from `random`.
  GenerateOptions none = options;
  none.progress = nullptr;
  for (std::uint64_t i = 1; i < a.first; ++i) {
    none.clues = shape->cells();
    make_one(none, nullptr);
  }
  for (std::uint64_t i = 0; i < a.count; ++i) {
    GenerateReport report;
    at.number = a.first + i;
    at.puzzle_start = std::chrono::steady_clock::now();
    std::string rating;
    const auto puzzle =
        make_rated([&] { return make_one(options, &report); }, difficulty, rate_one, a.stats || a.rate, a.attempts, at, rating);
    status.erase();
    if (!puzzle) {
      std::cerr << "sudokit: generate: no " << shape->size() << "x" << shape->size() << " puzzle rated " << difficulty->name
                << " in " << a.attempts << " attempts (puzzle " << i + 1 << " of " << a.count << ", seed " << a.seed
                << "); try more --attempts or another seed\n";
      return kUnsolved;
    }
    if (format == Format::grid && i > 0) std::cout << "\n";
    std::cout << writer.text(*puzzle, format);
    if (a.stats)
      write_stats(std::cerr, at.number, *puzzle, rating, report, a,
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - at.puzzle_start).count());
    if (report.stopped > 0)
      std::cout << "# " << counted(report.stopped, "uniqueness check") << " ran out of --max-nodes " << a.max_nodes << ": clues kept unproven, the puzzle may not be minimal\n";
    if (a.rate) write_rating(std::cout, *puzzle, rating, by_er, rater, registry);
    check_written(std::cout, "stdout");  // flushes each puzzle: a long run stops at a full disk
  }
  return kOk;
}

}  // namespace sudokit::cli
