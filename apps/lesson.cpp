// Lessons (lesson.h): each backend's search recorded step by step through the trace observer,
// the grid kept as the search sees it, and the page that plays the recording back.
#include "sudokit/compare/lesson.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <sstream>
#include <unordered_map>

#include "sudokit/compare/compare.h"
#include "sudokit/compare/trace.h"
#include "sudokit/errors.h"
#include "sudokit/format.h"

namespace sudokit {

namespace lesson_page {
extern const char* const kHtml;  // apps/lesson.html, built in by apps/CMakeLists.txt
}

namespace {

// Records the steps of one search: each event's words from TextTrace (so the page says what
// `solve --trace` says), the digits it sets or clears, and the counters after it. The digits a
// node set are cleared when the search leaves it, as the backend undoes them.
class Recorder final : public SearchObserver {
 public:
  Recorder(const Grid& puzzle, std::size_t max_steps, LessonMethod& method)
      : grid_(puzzle), trace_(words_, puzzle.shape()), max_steps_(max_steps), method_(method) {
    frames_.push_back({1, {}});
    depth_of_[1] = 0;
    words_.str("");  // TextTrace's "[node 1] root": the page draws the root itself
  }

  void enter(std::uint64_t id, std::uint64_t parent, int cell, int digit, int alternatives, Reason reason) override {
    trace_.enter(id, parent, cell, digit, alternatives, reason);
    LessonStep s = node_step(id, parent, reason);
    s.cell = cell;
    set(cell, digit, s);
    record(std::move(s));
  }
  void enter_option(std::uint64_t id, std::uint64_t parent, int item, int option, int alternatives,
                    Reason reason) override {
    trace_.enter_option(id, parent, item, option, alternatives, reason);
    record(node_step(id, parent, reason));
  }
  void enter_step(std::uint64_t id, std::uint64_t parent, std::string_view label, int alternatives,
                  Reason reason) override {
    trace_.enter_step(id, parent, label, alternatives, reason);
    record(node_step(id, parent, reason));
  }
  void place(int cell, int digit, Reason reason, std::string_view rule) override {
    trace_.place(cell, digit, reason, rule);
    LessonStep s = step(LessonStep::Kind::place);
    s.cell = cell;
    placements_ += reason == Reason::inferred;
    set(cell, digit, s);
    record(std::move(s));
  }
  void dead_end(std::string_view why) override {
    trace_.dead_end(why);
    ++dead_ends_;
    record(step(LessonStep::Kind::dead_end));
  }
  void leave(std::uint64_t id) override {
    trace_.leave(id);
    LessonStep s = step(LessonStep::Kind::back);
    s.node = id;
    s.depth = depth_of_[id];
    while (frames_.size() > 1) {  // the node's frame and any left open above it
      Frame frame = std::move(frames_.back());
      frames_.pop_back();
      for (auto it = frame.cells.rbegin(); it != frame.cells.rend(); ++it) {
        s.changes.push_back({*it, grid_[*it], 0});
        grid_.set(*it, 0);
      }
      if (frame.node == id) break;
    }
    record(std::move(s));
  }
  void solution() override {
    trace_.solution();
    record(step(LessonStep::Kind::solution));
  }
  void note(std::string_view text) override {
    trace_.note(text);
    record(step(LessonStep::Kind::note));
  }

 private:
  struct Frame {
    std::uint64_t node;
    std::vector<int> cells;  // set in this node, in order
  };
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
    frames_.push_back({id, {}});
    return s;
  }
  void set(int cell, int digit, LessonStep& s) {
    if (grid_[cell] == digit) return;  // a given told as such
    s.changes.push_back({cell, grid_[cell], digit});
    grid_.set(cell, digit);
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
    if (method_.steps.size() < max_steps_) method_.steps.push_back(std::move(s));
    else method_.truncated = true;
  }

  Grid grid_;
  std::ostringstream words_;
  TextTrace trace_;
  std::size_t max_steps_;
  LessonMethod& method_;
  std::vector<Frame> frames_;
  std::unordered_map<std::uint64_t, int> depth_of_;
  std::uint64_t nodes_ = 1, guesses_ = 0, dead_ends_ = 0, placements_ = 0;
};

std::string spec_text(const std::string& name, const std::vector<std::pair<std::string, std::string>>& options) {
  std::string spec = name;
  for (const auto& [key, value] : options) spec += ":" + key + "=" + value;
  return spec;
}

char kind_letter(LessonStep::Kind kind) {
  switch (kind) {
    case LessonStep::Kind::node: return 'n';
    case LessonStep::Kind::place: return 'p';
    case LessonStep::Kind::dead_end: return 'd';
    case LessonStep::Kind::back: return 'b';
    case LessonStep::Kind::solution: return 's';
    case LessonStep::Kind::note: break;
  }
  return 't';
}

nlohmann::json method_json(const LessonMethod& m) {
  nlohmann::json counters = nlohmann::json::object();
  for (const Counter& c : m.result.stats.counters) counters[c.name] = c.value;
  nlohmann::json steps = nlohmann::json::array();
  for (const LessonStep& s : m.steps) {
    nlohmann::json changes = nlohmann::json::array();
    for (const auto& [cell, before, after] : s.changes) changes.push_back({cell, before, after});
    steps.push_back({std::string(1, kind_letter(s.kind)), s.depth, s.node, s.parent, s.text, s.cell, changes, s.nodes,
                     s.guesses, s.dead_ends, s.placements});
  }
  const Result& r = m.result;
  return {{"spec", m.spec},
          {"summary", m.summary},
          {"truncated", m.truncated},
          {"status", std::string(to_string(r.status))},
          {"stop", std::string(to_string(r.stop_reason))},
          {"count", r.count},
          {"solution", r.solutions.empty() ? nlohmann::json() : nlohmann::json(to_line(r.solutions.front()))},
          {"stats",
           {{"nodes", r.stats.nodes},
            {"guesses", r.stats.guesses},
            {"backtracks", r.stats.backtracks},
            {"propagations", r.stats.propagations},
            {"seconds", r.stats.seconds},
            {"counters", counters}}},
          {"steps", steps}};
}

}  // namespace

std::vector<std::string> lesson_methods(const Registry& registry, const Shape& shape) {
  std::vector<std::string> specs;
  for (const std::string& name : registry.names(shape)) {
    const BackendInfo info = registry.info(name);
    if (info.tracing == BackendInfo::Tracing::steps) specs.push_back(name);
    for (const auto& options : info.stepwise) specs.push_back(spec_text(name, options));
  }
  return specs;
}

Lesson record_lesson(const Registry& registry, const Grid& puzzle, const std::vector<std::string>& specs,
                     const Limits& limits, std::size_t max_steps) {
  Lesson lesson{puzzle, {}};
  for (const std::string& text : specs) {
    const BackendSpec spec = parse_backend_spec(text, registry);
    const BackendInfo info = registry.info(spec.name);
    if (const std::string why = info.refusal(puzzle.shape()); !why.empty()) throw UsageError(why);
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
                                              : "try " + spec_text(spec.name, info.stepwise.front())) +
                       ")");
    auto solver = registry.create(spec.name, options);
    LessonMethod& method = lesson.methods.emplace_back();
    method.spec = text;
    method.summary = info.summary;
    Recorder recorder(puzzle, max_steps, method);
    Limits observed = limits;
    observed.observer = &recorder;
    method.result = solver->solve(puzzle, observed);
  }
  return lesson;
}

void write_lesson_json(std::ostream& out, const Lesson& lesson) {
  const Grid& g = lesson.puzzle;
  const Shape& shape = g.shape();
  std::vector<int> givens, regions;
  for (int cell = 0; cell < shape.cells(); ++cell) {
    givens.push_back(g[cell]);
    regions.push_back(shape.box_of(cell));
  }
  nlohmann::json methods = nlohmann::json::array();
  for (const LessonMethod& m : lesson.methods) methods.push_back(method_json(m));
  const nlohmann::json data = {{"puzzle",
                                {{"size", shape.size()},
                                 {"box", shape.name()},
                                 {"rules", shape.rules().summary()},
                                 {"line", to_line(g)},
                                 {"givens", givens},
                                 {"regions", regions}}},
                               {"methods", methods}};
  out << data.dump();
}

void write_lesson_html(std::ostream& out, const Lesson& lesson) {
  std::ostringstream json;
  write_lesson_json(json, lesson);
  // Inside <script>, "</script" would end the element and "<!--" change how it is read: every '<'
  // (in this JSON only ever inside a string) is written as the escape \u003c.
  std::string data = json.str();
  for (std::size_t at = 0; (at = data.find('<', at)) != std::string::npos; at += 6) data.replace(at, 1, "\\u003c");
  const std::string page = lesson_page::kHtml, marker = "/*LESSON_DATA*/";
  const auto at = page.find(marker);
  if (at == std::string::npos) throw std::logic_error("apps/lesson.html has no " + marker);
  out << page.substr(0, at) << data << page.substr(at + marker.size());
}

}  // namespace sudokit
