// Lessons (lesson.h): each backend's search recorded step by step through the trace observer,
// the grid kept as the search sees it, and the page that plays the recording back.
#include "sudokit/compare/lesson.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <algorithm>
#include <chrono>
#include <limits>
#include <set>
#include <sstream>
#include <unordered_map>

#include "sudokit/compare/compare.h"
#include "sudokit/compare/trace.h"
#include "sudokit/encoders/dlx_format.h"
#include "sudokit/encoders/exact_cover.h"
#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/rate.h"
#include "sudokit/verify.h"
#include "sudokit/text.h"

namespace sudokit {

namespace lesson_page {
extern const char* const kHtml;  // apps/lesson.html, built in by apps/CMakeLists.txt
}

namespace {

// What the end step says: how the search ended, as `solve` reports it.
template <typename Answer>
std::string outcome_words(const BasicResult<Answer>& r) {
  const std::string found = counted(r.count, "solution");
  switch (r.status) {
    case Status::unique: return "the search is over: one solution, and no other (unique)";
    case Status::multiple: return "the search is over: " + found + " found";
    case Status::solved: return "the search stops at its first solution, as asked (uniqueness not checked)";
    case Status::none: return "the search is over: no solution";
    case Status::stopped: break;
  }
  const std::string why = r.stop_reason == StopReason::nodes  ? "the node limit"
                          : r.stop_reason == StopReason::time ? "the time limit"
                                                              : "its settings (no search)";
  return "the search stopped at " + why + ", with " + found + " found";
}

// Records the steps of one search: each event's words from TextTrace (so the page says what
// `solve --trace` says), the digits it sets or clears (in a grid; an exact-cover node names its
// option instead), the cells and candidates its rule reasons about, and the counters after it,
// both as counted from the events and as the backend keeps them. What a node set or took out
// is put back when the search leaves it, as the backend undoes it. Past `max_steps` steps
// nothing more is recorded (nor worded) until the end step.
class Recorder final : public SearchObserver {
 public:
  Recorder(const Grid& puzzle, std::size_t max_steps, LessonMethod& method)
      : grid_(puzzle), trace_(words_, puzzle.shape()), max_steps_(max_steps), method_(method) {
    start();
  }
  Recorder(const ExactCover& problem, std::size_t max_steps, LessonMethod& method)
      : trace_(words_, problem), max_steps_(max_steps), method_(method) {
    start();
  }
  void start() {
    frames_.push_back({1, {}, {}});
    depth_of_[1] = 0;
    words_.str("");  // TextTrace's "[node 1] root": the page draws the root itself
    method_.counter_names = {"nodes", "guesses", "backtracks", "propagations"};
  }

  // The step after the search: its outcome, with the result's counters (`solve --stats`).
  template <typename Answer>
  void finish(const BasicResult<Answer>& result) {
    counters_now_ = nullptr;
    LessonStep s = step(LessonStep::Kind::end);
    s.node = 1, s.depth = 0;  // after the search, wherever it stopped (or the recording did)
    s.text = outcome_words(result);
    s.nodes = nodes_, s.guesses = guesses_, s.dead_ends = dead_ends_, s.placements = placements_;
    last_counters_.clear();  // the end step always carries them
    take_counters(result.stats, s);
    method_.steps.push_back(std::move(s));
  }

  void enter(std::uint64_t id, std::uint64_t parent, int cell, int digit, int alternatives, Reason reason) override {
    if (full()) return;
    trace_.enter(id, parent, cell, digit, alternatives, reason);
    LessonStep s = node_step(id, parent, reason);
    s.cell = cell;
    set(cell, digit, s);
    record(std::move(s));
  }
  void enter_option(std::uint64_t id, std::uint64_t parent, int item, int option, int alternatives,
                    Reason reason) override {
    if (full()) return;
    trace_.enter_option(id, parent, item, option, alternatives, reason);
    LessonStep s = node_step(id, parent, reason);
    s.option = option;
    s.item = item;
    record(std::move(s));
  }
  void enter_step(std::uint64_t id, std::uint64_t parent, std::string_view label, int alternatives,
                  Reason reason) override {
    if (full()) return;
    trace_.enter_step(id, parent, label, alternatives, reason);
    record(node_step(id, parent, reason));
  }
  void place(int cell, int digit, Reason reason, std::string_view rule) override {
    if (full()) return;
    trace_.place(cell, digit, reason, rule);
    LessonStep s = step(LessonStep::Kind::place);
    s.cell = cell;
    placements_ += reason == Reason::inferred;
    set(cell, digit, s);
    record(std::move(s));
  }
  void place_option(int option, std::string_view words) override {
    if (full()) return;
    trace_.place_option(option, words);
    LessonStep s = step(LessonStep::Kind::place);
    s.option = option;
    ++placements_;
    record(std::move(s));
  }
  void dead_end(std::string_view why) override {
    if (full()) return;
    trace_.dead_end(why);
    ++dead_ends_;
    record(step(LessonStep::Kind::dead_end));
  }
  void leave(std::uint64_t id) override {
    if (full()) return;
    trace_.leave(id);
    LessonStep s = step(LessonStep::Kind::back);
    s.node = id;
    s.depth = depth_of_[id];
    while (frames_.size() > 1) {  // the node's frame and any left open above it
      Frame frame = std::move(frames_.back());
      frames_.pop_back();
      for (auto it = frame.cells.rbegin(); it != frame.cells.rend(); ++it) {
        s.changes.push_back({*it, (*grid_)[*it], 0});
        grid_->set(*it, 0);
      }
      for (auto it = frame.gone.rbegin(); it != frame.gone.rend(); ++it) {
        gone_.erase({it->cell, it->digit});
        s.marks.push_back({it->cell, it->digit, 0});
      }
      if (frame.node == id) break;
    }
    record(std::move(s));
  }
  void solution() override {
    if (full()) return;
    trace_.solution();
    record(step(LessonStep::Kind::solution));
  }
  void note(std::string_view text) override {
    if (full()) return;
    trace_.note(text);
    record(step(LessonStep::Kind::note));
  }
  void reasoning(std::span<const int> cells, std::span<const Candidate> removed) override {
    if (full()) return;
    reasons_.assign(cells.begin(), cells.end());
    for (const Candidate& c : removed)
      if (gone_.insert({c.cell, c.digit}).second) {
        taken_out_.push_back({c.cell, c.digit, 1});
        frames_.back().gone.push_back(c);
      }
  }
  void watch_counters(std::function<Stats()> now) override { counters_now_ = std::move(now); }

 private:
  struct Frame {
    std::uint64_t node;
    std::vector<int> cells;        // set in this node, in order
    std::vector<Candidate> gone;   // taken out by a rule in this node, in order
  };
  // Whether the steps are all recorded: every later event only marks the lesson truncated.
  bool full() {
    if (method_.steps.size() < max_steps_) return false;
    method_.truncated = true;
    return true;
  }
  LessonStep step(LessonStep::Kind kind) {
    LessonStep s;
    s.kind = kind;
    s.node = frames_.back().node;
    s.depth = depth_of_[s.node];
    return s;
  }
  LessonStep node_step(std::uint64_t id, std::uint64_t parent, Reason reason) {
    LessonStep s = step(LessonStep::Kind::node);
    s.node = id;
    s.parent = parent;
    s.depth = depth_of_[id] = depth_of_[parent] + 1;
    ++nodes_;
    guesses_ += reason == Reason::choice;
    frames_.push_back({id, {}, {}});
    return s;
  }
  void set(int cell, int digit, LessonStep& s) {
    if (!grid_ || (*grid_)[cell] == digit) return;  // a given told as such
    s.changes.push_back({cell, (*grid_)[cell], digit});
    grid_->set(cell, digit);
    frames_.back().cells.push_back(cell);
  }
  void record(LessonStep s) {
    std::string text = words_.str();
    words_.str("");
    const auto first = text.find_first_not_of(' ');
    s.text = first == std::string::npos ? "" : text.substr(first, text.find_last_not_of(" \n") + 1 - first);
    s.nodes = nodes_;
    s.guesses = guesses_;
    s.dead_ends = dead_ends_;
    s.placements = placements_;
    s.cells = std::move(reasons_);
    reasons_.clear();
    s.marks.insert(s.marks.end(), taken_out_.begin(), taken_out_.end());
    taken_out_.clear();
    if (counters_now_) take_counters(counters_now_(), s);
    method_.steps.push_back(std::move(s));
  }
  // The backend's counters into `s`, by method_.counter_names (a name first seen is added),
  // unless they are what the last step that has them says.
  void take_counters(const Stats& stats, LessonStep& s) {
    std::vector<std::string>& names = method_.counter_names;
    std::vector<std::uint64_t> values = {stats.nodes, stats.guesses, stats.backtracks, stats.propagations};
    values.resize(names.size(), 0);
    for (const Counter& c : stats.counters) {
      const auto at = static_cast<std::size_t>(std::find(names.begin(), names.end(), c.name) - names.begin());
      if (at == names.size()) names.push_back(c.name), values.push_back(0);
      values[at] = c.value;
    }
    if (values == last_counters_) return;
    last_counters_ = values;
    s.counters = std::move(values);
  }
  std::optional<Grid> grid_;  // as the search has it (none in an exact-cover lesson)
  std::ostringstream words_;
  TextTrace trace_;
  std::size_t max_steps_;
  LessonMethod& method_;
  std::vector<Frame> frames_;
  std::unordered_map<std::uint64_t, int> depth_of_;
  std::uint64_t nodes_ = 1, guesses_ = 0, dead_ends_ = 0, placements_ = 0;
  std::vector<int> reasons_;                       // told by reasoning(), for the next step
  std::vector<std::array<int, 3>> taken_out_;      // likewise
  std::set<std::pair<int, int>> gone_;             // candidates out now, as (cell, digit)
  std::function<Stats()> counters_now_;            // the backend's, while its search runs
  std::vector<std::uint64_t> last_counters_;
};


char kind_letter(LessonStep::Kind kind) {
  switch (kind) {
    case LessonStep::Kind::node: return 'n';
    case LessonStep::Kind::place: return 'p';
    case LessonStep::Kind::dead_end: return 'd';
    case LessonStep::Kind::back: return 'b';
    case LessonStep::Kind::solution: return 's';
    case LessonStep::Kind::end: return 'e';
    case LessonStep::Kind::note: break;
  }
  return 't';
}

nlohmann::json solution_json(const Grid& grid) { return to_line(grid); }
nlohmann::json solution_json(const Selection& options) { return options; }

// A step as the page reads it (apps/lesson.html, "A step is"): an array, its trailing fields
// left out where they hold their defaults (no option or item, nothing cited, marked or counted),
// and the counters as [index, increase, ...] over the last step that had them (`counted`): most
// steps change a few counters by a little, and a 16x16 lesson's page is half as big.
nlohmann::json step_json(const LessonStep& s, std::vector<std::uint64_t>& counted) {
  nlohmann::json step = {std::string(1, kind_letter(s.kind)), s.depth, s.node, s.parent, s.text, s.cell, s.changes, s.nodes,
                         s.guesses, s.dead_ends, s.placements, s.option, s.item, s.cells, s.marks};
  nlohmann::json increases = nlohmann::json::array();
  if (!s.counters.empty()) {
    counted.resize(std::max(counted.size(), s.counters.size()), 0);
    for (std::size_t i = 0; i < s.counters.size(); ++i)
      if (s.counters[i] != counted[i]) {  // counters only grow, but an increase is signed for safety
        increases.push_back(i);
        increases.push_back(static_cast<std::int64_t>(s.counters[i] - counted[i]));
        counted[i] = s.counters[i];
      }
    if (increases.empty()) increases = {0, 0};  // told, and unchanged (the end step)
  }
  step.push_back(std::move(increases));
  constexpr std::size_t kAlways = 11;  // kind .. placements
  while (step.size() > kAlways && (step.back() == -1 || (step.back().is_array() && step.back().empty()))) step.erase(step.size() - 1);
  return step;
}

// A recording's steps as the page reads them, each step's counters as increases over the last.
nlohmann::json steps_json(const std::vector<LessonStep>& recorded) {
  nlohmann::json steps = nlohmann::json::array();
  std::vector<std::uint64_t> counted;
  for (const LessonStep& s : recorded) steps.push_back(step_json(s, counted));
  return steps;
}

template <typename Answer>
nlohmann::json method_json(const LessonMethod& m, const BasicResult<Answer>& r) {
  nlohmann::json counters = nlohmann::json::object();
  for (const Counter& c : r.stats.counters) counters[c.name] = c.value;
  return {{"spec", m.spec},
          {"counter_names", m.counter_names},
          {"summary", m.summary},
          {"truncated", m.truncated},
          {"status", std::string(to_string(r.status))},
          {"stop", std::string(to_string(r.stop_reason))},
          {"count", r.count},
          {"solution", r.solutions.empty() ? nlohmann::json() : solution_json(r.solutions.front())},
          {"stats",
           {{"nodes", r.stats.nodes},
            {"guesses", r.stats.guesses},
            {"backtracks", r.stats.backtracks},
            {"propagations", r.stats.propagations},
            {"seconds", r.stats.seconds},
            {"counters", counters}}},
          {"steps", steps_json(m.steps)}};
}

nlohmann::json cover_json(const ExactCover& p) {
  return {{"items", p.items},
          {"primary", p.primary},
          {"options", p.options},
          {"colours", p.option_colours},
          {"colour_names", p.colour_names}};
}

nlohmann::json puzzle_json(const Grid& g) {
  const Shape& shape = g.shape();
  std::vector<int> givens, regions;
  std::vector<std::vector<int>> peers;  // every cell that must differ from it, whatever rule says so
  for (int cell = 0; cell < shape.cells(); ++cell) {
    givens.push_back(g[cell]);
    regions.push_back(shape.box_of(cell));
    const auto of = shape.peers_of(cell);
    peers.emplace_back(of.begin(), of.end());
  }
  return {{"size", shape.size()},  {"box", shape.name()},   {"rules", shape.rules().summary()},
          {"line", to_line(g)},    {"givens", givens},      {"regions", regions},
          {"peers", peers}};
}

// A person's way through the puzzle beside the searches: Sudoku Explainer's techniques, easiest
// first (rate.h), each deduction one step in the form the page plays back (a placement, or a note
// whose marks are the candidates it removes, its pattern's cells cited), with "steps" and
// "eliminations" as its counters. The rater needs the puzzle's only solution: from a method that
// proved it unique (its answer verified like every answer). Grids up to 16x16, where the page
// draws pencil marks; otherwise, or with no such method, the reason instead of steps.
nlohmann::json person_json(const Lesson& lesson) {
  const Grid& puzzle = *lesson.puzzle;
  if (puzzle.size() > 16) return {{"unavailable", "a person's steps are shown for grids up to 16x16"}};
  const auto proved = std::find_if(lesson.methods.begin(), lesson.methods.end(), [](const LessonMethod& m) {
    return m.result.status == Status::unique && !m.result.solutions.empty();
  });
  if (proved == lesson.methods.end())
    return {{"unavailable", "a person's steps need the puzzle's only solution, and no method here proved it has one "
                            "(it has none or several, or each method stopped or was asked for one solution only)"}};
  const SeRating r = rate_se(puzzle, proved->result.solutions.front());
  std::vector<LessonStep> steps;
  std::uint64_t placed = 0, removed = 0;
  for (const SeStep& step : r.steps) {
    LessonStep& s = steps.emplace_back();
    s.kind = step.placed ? LessonStep::Kind::place : LessonStep::Kind::note;
    s.text = describe(step, puzzle.shape());
    if (step.placed) {
      s.cell = step.placed->cell;
      s.changes.push_back({step.placed->cell, 0, step.placed->digit});
    }
    s.cells = step.cells;
    for (const CellDigit& gone : step.removed) s.marks.push_back({gone.cell, gone.digit, 1});
    removed += step.removed.size();
    s.placements = placed += step.placed.has_value();
    s.counters = {steps.size(), removed};
  }
  LessonStep& end = steps.emplace_back();
  end.kind = LessonStep::Kind::end;
  end.placements = placed;
  end.counters = {r.steps.size(), removed};
  const std::string rating = se_numbers(r);
  end.text = r.solved ? "solved by a person's techniques: " + rating + " on Sudoku Explainer's scale (sudokit rate)"
                      : "stuck: the next step needs a technique Sudoku Explainer rates 7.5 or more, which sudokit does "
                        "not apply (" + rating + ", the hardest step taken " + se_number(r.er) + ")";
  return {{"spec", "a person"},
          {"summary", "Sudoku Explainer's techniques, easiest first, one deduction a step (sudokit rate --steps)"},
          {"counter_names", nlohmann::json::array({"steps", "eliminations"})},
          {"rating", rating},
          {"solved", r.solved},
          {"search", false},
          {"final", "Rated on Sudoku Explainer's scale (sudokit rate): " + rating + (r.solved ? "" : " (stuck)") + "; " +
                        std::to_string(r.steps.size()) + " steps, " + std::to_string(removed) + " candidates removed."},
          {"steps", steps_json(steps)}};
}

nlohmann::json lesson_data(const Lesson& lesson) {
  nlohmann::json methods = nlohmann::json::array();
  if (lesson.cover) {
    for (const LessonMethod& m : lesson.methods) methods.push_back(method_json(m, m.cover_result));
    return {{"cover", cover_json(*lesson.cover)}, {"methods", methods}};
  }
  for (const LessonMethod& m : lesson.methods) methods.push_back(method_json(m, m.result));
  const Grid& g = *lesson.puzzle;
  nlohmann::json data = {{"puzzle", puzzle_json(g)}, {"methods", methods}, {"person", person_json(lesson)}};
  // The grid as exact cover (the page's "the grid as exact cover"), up to 16x16 (the page draws a
  // part of it) and when every option is a cell's digit (a killer cage's digit sets are not).
  if (g.shape().size() <= 16) {
    const SudokuCover matrix = full_sudoku_cover(g.shape());
    if (std::all_of(matrix.option_cell.begin(), matrix.option_cell.end(), [](int cell) { return cell >= 0; })) {
      data["puzzle"]["matrix"] = cover_json(matrix.cover);
      data["puzzle"]["matrix"]["option_cells"] = matrix.option_cell;
      data["puzzle"]["matrix"]["option_digits"] = matrix.option_digit;
    }
  }
  return data;
}

// A request's text, switch or count, or `fallback` when it is absent. nlohmann's get() would take
// -1 or true for a count, so the kinds are checked first.
template <typename T>
T field(const nlohmann::json& request, const char* name, T fallback) {
  static_assert(std::is_same_v<T, std::string> || std::is_same_v<T, bool> || std::is_unsigned_v<T>);
  const auto it = request.find(name);
  if (it == request.end() || it->is_null()) return fallback;
  if constexpr (std::is_same_v<T, std::string>) {
    if (it->is_string()) return it->get<T>();
  } else if constexpr (std::is_same_v<T, bool>) {
    if (it->is_boolean()) return it->get<T>();
  } else if (it->is_number_unsigned()) {
    return it->get<T>();
  }
  const char* expected = std::is_same_v<T, std::string> ? "text"
                         : std::is_same_v<T, bool>      ? "true or false"
                                                        : "a whole number from 0";
  throw UsageError(std::string("the request's \"") + name + "\" is not " + expected + ": " + it->dump());
}

// A number of a request's list, checked: get<int>() would take 1.5 as 1, true as 1 and 2^32 as 0.
int whole_number(const nlohmann::json& value, const char* name) {
  if (!value.is_number_integer() || value.get<std::int64_t>() < 0 ||
      value.get<std::int64_t>() > std::numeric_limits<int>::max())
    throw UsageError(std::string("the request's \"") + name + "\" holds " + value.dump() + ", not a whole number");
  return static_cast<int>(value.get<std::int64_t>());
}

// A request's list of numbers ("choose": [option, ...]), or of pairs, flattened ("set": [[cell,
// digit], ...] gives cell, digit, ...); empty when absent.
std::vector<int> whole_numbers(const nlohmann::json& request, const char* name, bool pairs) {
  std::vector<int> numbers;
  const auto it = request.find(name);
  if (it == request.end() || it->is_null()) return numbers;
  if (!it->is_array()) throw UsageError(std::string("the request's \"") + name + "\" is not a list: " + it->dump());
  for (const auto& element : *it) {
    if (!pairs) {
      numbers.push_back(whole_number(element, name));
    } else if (element.is_array() && element.size() == 2) {
      numbers.push_back(whole_number(element[0], name));
      numbers.push_back(whole_number(element[1], name));
    } else {
      throw UsageError(std::string("the request's \"") + name + "\" takes [cell, digit] pairs, not " + element.dump());
    }
  }
  return numbers;
}

// Whether the request sends an exact-cover problem: "kind" says "xc" or "sudoku", or, absent, its
// text's first line says (starts_like_dlx), as teach tells a file.
bool exact_cover_asked(const nlohmann::json& request) {
  const std::string kind = field<std::string>(request, "kind", "");
  if (kind == "xc") return true;
  if (kind == "sudoku") return false;
  if (!kind.empty()) throw UsageError("the request's \"kind\" is sudoku or xc, not '" + kind + "'");
  std::istringstream text(field<std::string>(request, "puzzle", ""));
  return starts_like_dlx(text);
}

// The request's puzzle, read as teach reads a file, with its "set" digits written in.
Grid requested_puzzle(const nlohmann::json& request) {
  const std::string text = field<std::string>(request, "puzzle", "");
  const std::string box_text = field<std::string>(request, "box", "");
  std::optional<BoxSpec> box;
  if (!box_text.empty()) box = parse_box_spec(box_text);
  std::istringstream in(text);
  PuzzleReader reader(in, "the request", box);
  std::optional<ParsedPuzzle> parsed = reader.next();
  if (!parsed) throw UsageError("the request has no puzzle: send its text as \"puzzle\"");
  const Grid givens = parsed->grid;
  Grid grid = givens;
  const int n = grid.shape().size(), cells = grid.shape().cells();
  const std::vector<int> set = whole_numbers(request, "set", true);
  for (std::size_t k = 0; k < set.size(); k += 2) {
    const int cell = set[k], digit = set[k + 1];
    if (cell < 0 || cell >= cells || digit < 1 || digit > n)
      throw UsageError("\"set\" names no cell and digit of a " + std::to_string(n) + "x" + std::to_string(n) +
                       " grid: [" + std::to_string(cell) + ", " + std::to_string(digit) + "]");
    if (givens[cell] != 0 && givens[cell] != digit)
      throw UsageError("\"set\" changes a given: " + grid.shape().cell_name(cell) + " is given as " +
                       std::to_string(givens[cell]));
    grid.set(cell, digit);
  }
  if (const auto faults = verify_partial(givens, grid); !faults.empty())
    throw UsageError("what if: " + faults.front().message);
  return grid;
}

}  // namespace


namespace {

// Of `names`, each that traces every step under its defaults, and each one's stepwise settings.
std::vector<std::string> stepwise_methods(const Registry& registry, const std::vector<std::string>& names) {
  return declared_methods(
      registry, names, [](const BackendInfo& info) { return info.tracing == BackendInfo::Tracing::steps; },
      &BackendInfo::stepwise);
}

// Each method's search of `problem` (a Grid or an ExactCover), recorded; with `shared_seconds`
// above 0, all of them within that many seconds (each gets what those before it left).
template <typename Problem>
void record_methods(const Registry& registry, const Problem& problem, const std::vector<std::string>& specs,
                    const Limits& limits, std::size_t max_steps, Lesson& lesson, double shared_seconds = 0) {
  const auto start = std::chrono::steady_clock::now();
  for (const std::string& text : specs) {
    const BackendSpec spec = parse_backend_spec(text, registry);
    const BackendInfo info = registry.info(spec.name);
    require_takes(info, text, problem);
    const SolverOptions options = SolverOptions::parse(spec.pairs);
    bool stepwise = info.tracing == BackendInfo::Tracing::steps;
    for (const auto& settings : info.stepwise) {
      bool all = true;
      for (const auto& [key, value] : settings) all = all && options.take(key) == value;
      stepwise = stepwise || all;
    }
    if (!stepwise)
      throw UsageError("'" + text + "' does not report every step of its search, which a lesson plays back (" +
                       (info.stepwise.empty() ? std::string("it has no settings that do")
                                              : "try " + backend_spec_text(spec.name, info.stepwise.front())) +
                       ")");
    auto solver = registry.create(spec.name, options);
    LessonMethod& method = lesson.methods.emplace_back();
    method.spec = text;
    method.summary = info.summary;
    Recorder recorder(problem, max_steps, method);
    Limits observed = limits;
    observed.observer = &recorder;
    if (shared_seconds > 0)
      observed.max_seconds =
          std::max(1e-3, shared_seconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    if constexpr (std::is_same_v<Problem, Grid>) recorder.finish(method.result = solver->solve(problem, observed));
    else recorder.finish(method.cover_result = solver->solve(problem, observed));
  }
}

}  // namespace

std::vector<std::string> lesson_methods(const Registry& registry, const Shape& shape) {
  return stepwise_methods(registry, registry.names(shape));
}

std::vector<std::string> lesson_methods(const Registry& registry, ProblemKind kind) {
  return stepwise_methods(registry, registry.names(kind));
}

Lesson record_lesson(const Registry& registry, const Grid& puzzle, const std::vector<std::string>& specs,
                     const Limits& limits, std::size_t max_steps) {
  Lesson lesson{puzzle, std::nullopt, {}};
  record_methods(registry, puzzle, specs.empty() ? lesson_methods(registry, puzzle.shape()) : specs, limits, max_steps,
                 lesson);
  return lesson;
}

Lesson record_lesson(const Registry& registry, const ExactCover& problem, const std::vector<std::string>& specs,
                     const Limits& limits, std::size_t max_steps) {
  Lesson lesson{std::nullopt, problem, {}};
  record_methods(registry, problem,
                 specs.empty() ? lesson_methods(registry, ProblemKind::exact_cover) : specs, limits, max_steps, lesson);
  return lesson;
}

namespace {

constexpr std::size_t kMostRequestMethods = 8;

// A lesson a request asked for: its methods (the declared ones when it names none; each once, at
// most kMostRequestMethods), all of them within the budget's seconds and steps together.
template <typename Problem>
nlohmann::json requested_lesson(const Registry& registry, const Problem& problem, std::vector<std::string> specs,
                                const Limits& limits, std::size_t steps, const LessonBudget& budget) {
  if (specs.empty()) {
    if constexpr (std::is_same_v<Problem, Grid>) specs = lesson_methods(registry, problem.shape());
    else specs = lesson_methods(registry, ProblemKind::exact_cover);
  }
  std::vector<std::string> distinct;
  for (const std::string& spec : specs)
    if (std::find(distinct.begin(), distinct.end(), spec) == distinct.end()) distinct.push_back(spec);
  if (distinct.size() > kMostRequestMethods)
    throw UsageError("a request takes at most " + std::to_string(kMostRequestMethods) + " methods, not " +
                     std::to_string(distinct.size()));
  Lesson lesson;
  if constexpr (std::is_same_v<Problem, Grid>) lesson.puzzle = problem;
  else lesson.cover = problem;
  const std::size_t each = std::max<std::size_t>(1, std::min(steps, budget.max_steps / distinct.size()));
  record_methods(registry, problem, distinct, limits, each, lesson, budget.max_seconds);
  nlohmann::json answer = lesson_data(lesson);
  answer["limits"] = {{"count", limits.solutions},
                      {"max_nodes", limits.max_nodes},
                      {"max_seconds", budget.max_seconds},
                      {"max_steps", each}};
  return answer;
}

}  // namespace

std::string answer_lesson_request(const Registry& registry, std::string_view request_text, const LessonBudget& budget) {
  nlohmann::json request;
  try {
    request = nlohmann::json::parse(request_text);
  } catch (const nlohmann::json::parse_error& e) {
    throw UsageError(std::string("the request is not JSON: ") + e.what());
  }
  if (!request.is_object()) throw UsageError("the request is not a JSON object");
  const std::vector<std::string> specs = split_backend_list(field<std::string>(request, "solvers", ""), "\"solvers\"");
  Limits limits;
  limits.solutions = field<std::uint64_t>(request, "count", 2);
  limits.max_nodes = std::min(field<std::uint64_t>(request, "max_nodes", 2000), budget.max_nodes);
  if (limits.max_nodes == 0) limits.max_nodes = budget.max_nodes;
  const std::size_t steps = field<std::size_t>(request, "max_steps", 5000);
  if (!exact_cover_asked(request))
    return requested_lesson(registry, requested_puzzle(request), specs, limits, steps, budget).dump();
  if (request.contains("set")) throw UsageError("\"set\" (what if) is for grids; an exact-cover lesson takes \"choose\"");
  std::istringstream in(field<std::string>(request, "puzzle", ""));
  const ExactCover problem = read_dlx(in, "the request");
  // What if: the options chosen (0-based, of the problem sent) taken, what remains searched.
  const std::vector<int> chosen = whole_numbers(request, "choose", false);
  if (chosen.empty()) return requested_lesson(registry, problem, specs, limits, steps, budget).dump();
  std::vector<int> kept;
  nlohmann::json answer =
      requested_lesson(registry, remaining_problem(problem, chosen, &kept), specs, limits, steps, budget);
  answer["cover"]["kept"] = kept;  // the page names the options left by their places in the problem sent
  answer["cover"]["chosen"] = chosen;
  for (const int o : chosen) answer["cover"]["chosen_text"].push_back(problem.option_text(o));
  return answer.dump();
}

void write_lesson_json(std::ostream& out, const Lesson& lesson) { out << lesson_data(lesson).dump(); }

namespace {

// The page with `data` as its lesson. Inside <script>, "</script" would end the element and "<!--"
// change how it is read: every '<' (in JSON only ever inside a string) is written as \u003c.
void write_page(std::ostream& out, const nlohmann::json& data) {
  std::string text = data.dump();
  for (std::size_t at = 0; (at = text.find('<', at)) != std::string::npos; at += 6) text.replace(at, 1, "\\u003c");
  const std::string page = lesson_page::kHtml, marker = "/*LESSON_DATA*/";
  const auto at = page.find(marker);
  if (at == std::string::npos) throw std::logic_error("apps/lesson.html has no " + marker);
  out << page.substr(0, at) << text << page.substr(at + marker.size());
}

}  // namespace

void write_lesson_html(std::ostream& out, const Lesson& lesson) { write_page(out, lesson_data(lesson)); }

void write_live_lesson_page(std::ostream& out, const LessonBudget& budget) {
  write_page(out, {{"live",
                    {{"max_nodes", budget.max_nodes},
                     {"max_seconds", budget.max_seconds},
                     {"max_steps", budget.max_steps}}}});
}

}  // namespace sudokit
