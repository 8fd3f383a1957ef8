#include "sudokit/solver.h"

#include <sched.h>

#include <algorithm>
#include <sstream>
#include <string_view>
#include <thread>
#include <unordered_set>
#include <type_traits>

#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/text.h"
#include "sudokit/verify.h"

namespace sudokit {

std::string_view to_string(Status status) {
  switch (status) {
    case Status::unique: return "unique";
    case Status::multiple: return "multiple";
    case Status::solved: return "solved";
    case Status::none: return "none";
    case Status::stopped: return "stopped";
  }
  return "?";
}

std::string_view to_string(StopReason reason) {
  switch (reason) {
    case StopReason::none: return "";
    case StopReason::nodes: return "node limit";
    case StopReason::time: return "time limit";
    case StopReason::no_search: return "search turned off";
    case StopReason::probe: return "one random probe";
  }
  return "?";
}

Status final_status(std::uint64_t count, StopReason stop, std::uint64_t limit) {
  if (stop != StopReason::none) return Status::stopped;  // the count may be incomplete
  if (count >= 2) return Status::multiple;
  if (count == 1) return limit == 1 ? Status::solved : Status::unique;
  return Status::none;
}

std::string_view to_string(Reason reason) {
  switch (reason) {
    case Reason::given: return "given";
    case Reason::inferred: return "inferred";
    case Reason::choice: return "choice";
    case Reason::forced: return "forced";
  }
  return "?";
}

std::uint64_t Stats::counter(std::string_view name) const {
  for (const Counter& c : counters)
    if (c.name == name) return c.value;
  return 0;
}

std::string Stats::counts_text() const {
  std::string out = "nodes=" + std::to_string(nodes) + " guesses=" + std::to_string(guesses) +
                    " backtracks=" + std::to_string(backtracks) + " propagations=" + std::to_string(propagations);
  for (const Counter& c : counters) out += " " + c.name + "=" + std::to_string(c.value);
  return out;
}

void SolverOptions::set(std::string key, std::string value) {
  for (Entry& e : entries_)
    if (e.key == key) {
      e.value = std::move(value);
      return;
    }
  entries_.push_back({std::move(key), std::move(value)});
}

SolverOptions SolverOptions::parse(const std::vector<std::string>& pairs) {
  SolverOptions options;
  for (const std::string& p : pairs) {
    const auto eq = p.find('=');
    if (eq == std::string::npos || eq == 0) throw UsageError("a backend option is KEY=VALUE, not '" + p + "'");
    options.set(p.substr(0, eq), p.substr(eq + 1));
  }
  return options;
}

std::optional<std::string> SolverOptions::take(std::string_view key) const {
  for (const Entry& e : entries_)
    if (e.key == key) {
      e.taken = true;
      return e.value;
    }
  return std::nullopt;
}

bool SolverOptions::take_flag(std::string_view key, bool fallback) const {
  auto v = take(key);
  if (!v) return fallback;
  if (*v == "on" || *v == "true" || *v == "yes" || *v == "1") return true;
  if (*v == "off" || *v == "false" || *v == "no" || *v == "0") return false;
  throw UsageError("option " + std::string(key) + " is on or off, not '" + *v + "'");
}

std::vector<std::string> SolverOptions::unknown_keys() const {
  std::vector<std::string> keys;
  for (const Entry& e : entries_)
    if (!e.taken) keys.push_back(e.key);
  return keys;
}

std::string_view to_string(ProblemKind kind) { return kind == ProblemKind::sudoku ? "sudoku" : "xc"; }

Result Solver::search(const Grid&, const Limits&) {
  throw UsageError("backend '" + std::string(name()) + "' does not solve Sudoku grids");
}

CoverResult Solver::search(const ExactCover&, const Limits&) {
  throw UsageError("backend '" + std::string(name()) + "' does not solve exact-cover problems");
}

// Every answer through the independent verifiers before it leaves solve(). The faults are found
// here; the backend that made them is named by the WrongAnswer thrown.
namespace {

std::string answer_text(const Grid& g) { return to_line(g); }
std::string answer_text(const Selection& s) {
  std::string out = "options";
  for (int o : s) out += " " + std::to_string(o + 1);  // 1-based: the option's place in the file
  return out;
}

std::string fault_of(const Grid& puzzle, const Grid& solution) {
  const auto v = verify(puzzle, solution);
  return v.empty() ? std::string() : v.front().message;
}
std::string fault_of(const ExactCover& problem, const Selection& solution) {
  const auto v = verify_cover(problem, solution);
  return v.empty() ? std::string() : v.front().message;
}
// What a stopped search established may be incomplete, never wrong.
std::string partial_fault_of(const Grid& puzzle, const Grid& deduced) {
  const auto v = verify_partial(puzzle, deduced);
  return v.empty() ? std::string() : v.front().message;
}
std::string partial_fault_of(const ExactCover& problem, const Selection& deduced) {
  for (const CoverViolation& v : verify_cover(problem, deduced))
    if (v.kind != CoverViolation::Kind::uncovered) return v.message;
  return {};
}

template <class Problem, class Answer>
void check_solution(const Solver& solver, const Problem& problem, const Answer& solution) {
  if (std::string fault = fault_of(problem, solution); !fault.empty())
    throw WrongAnswer(std::string(solver.name()), std::move(fault), answer_text(solution));
}

// GCC 12 takes the grids' ordering (vector<uint8_t>'s <=>, a memcmp) for a read of unbounded
// size once enough is inlined here, and -Werror makes that false warning fatal.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overread"
#endif
template <class Problem, class Answer>
void check_result(const Solver& solver, const Problem& problem, const Limits& limits, const BasicResult<Answer>& r) {
  auto wrong = [&](const std::string& fault) { throw WrongAnswer(std::string(solver.name()), fault); };
  for (const Answer& s : r.solutions) check_solution(solver, problem, s);
  if (r.deduced)
    if (std::string fault = partial_fault_of(problem, *r.deduced); !fault.empty())
      throw WrongAnswer(std::string(solver.name()), "what it deduced: " + fault, answer_text(*r.deduced));
  const Status expected = final_status(r.count, r.stop_reason, limits.solutions);
  if (r.status != expected)
    wrong("it says " + std::string(to_string(r.status)) + " with " + counted(r.count, "solution") + " found" +
          (r.stop_reason == StopReason::none ? std::string() : ", stopped by the " + std::string(to_string(r.stop_reason))) +
          ", which is " + std::string(to_string(expected)));
  const std::uint64_t kept = std::min<std::uint64_t>(r.count, limits.keep_solutions);
  if (r.solutions.size() != kept)
    wrong("it counts " + counted(r.count, "solution") + " but returns " + std::to_string(r.solutions.size()) +
          " (of up to " + std::to_string(limits.keep_solutions) + " kept)");
  if (r.solutions.size() >= 2) {  // one solution counted twice would make a wrong count
    std::vector<const Answer*> sorted;
    for (const Answer& s : r.solutions) sorted.push_back(&s);
    auto key = [](const Answer* a) -> const auto& {
      if constexpr (std::is_same_v<Answer, Grid>) return a->values();
      else return *a;
    };
    std::sort(sorted.begin(), sorted.end(), [&](const Answer* a, const Answer* b) { return key(a) < key(b); });
    for (std::size_t i = 1; i < sorted.size(); ++i)
      if (key(sorted[i - 1]) == key(sorted[i])) throw WrongAnswer(std::string(solver.name()), "the same solution twice", answer_text(*sorted[i]));
  }
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

// solve() for either kind: the backend's search with each solution it passes on checked first,
// then its result.
template <class Problem, class Search>
auto checked_search(const Solver& solver, const Problem& problem, const Limits& limits, Search search) {
  constexpr bool sudoku = std::is_same_v<Problem, Grid>;
  const bool streams = sudoku ? static_cast<bool>(limits.on_solution) : static_cast<bool>(limits.on_cover_solution);
  if (!streams) {  // nothing seen before the result: no callback to wrap (and add_unseen stays open)
    auto r = search(limits);
    check_result(solver, problem, limits, r);
    return r;
  }
  // A solution passed on twice would be counted twice: each one streamed is remembered by a
  // 64-bit hash of its digits (or options), some 40 bytes a solution in the set however large
  // the grid, for the first kRemembered solutions: a count in the millions (every 6x6 grid, 28
  // million) would otherwise hold a gigabyte. Two different solutions share a hash with
  // probability about 3e-8 at that size, far below any backend bug's.
  constexpr std::size_t kRemembered = std::size_t{1} << 20;
  std::unordered_set<std::uint64_t> streamed;
  auto once = [&](std::string_view bytes, const std::string& text) {
    if (streamed.size() >= kRemembered) return;
    if (!streamed.insert(std::hash<std::string_view>{}(bytes)).second)
      throw WrongAnswer(std::string(solver.name()), "the same solution twice", text);
  };
  Limits checked = limits;
  if constexpr (sudoku)
    checked.on_solution = [&](const Grid& g) {
      check_solution(solver, problem, g);
      const auto& v = g.values();
      once({reinterpret_cast<const char*>(v.data()), v.size()}, answer_text(g));
      limits.on_solution(g);
    };
  else
    checked.on_cover_solution = [&](const Selection& s) {
      check_solution(solver, problem, s);
      once({reinterpret_cast<const char*>(s.data()), s.size() * sizeof(int)}, answer_text(s));
      limits.on_cover_solution(s);
    };
  auto r = search(checked);
  check_result(solver, problem, limits, r);
  return r;
}

}  // namespace

// A probe is refused by a backend that cannot take one, and its result says what it was: one
// path, which decides nothing about the puzzle (its solutions, if it met one, are checked). The
// online estimate is started afresh and returned when the backend kept one (a probe's path
// estimates nothing online: the probe's own estimate is the Probe's).
template <typename Answer, typename Search>
BasicResult<Answer> searched(const Solver& solver, const Limits& limits, Search search) {
  if (limits.probe && !solver.probes())
    throw UsageError(std::string(solver.name()) + (solver.options().empty() ? "" : " (" + solver.options() + ")") +
                     " cannot probe its search at random");
  if (limits.probe && limits.estimator)
    throw UsageError("a random probe and an online estimate are not kept in one search (Limits)");
  // Reset whatever the backend: a reader between searches must not see the last one's.
  if (limits.estimator) limits.estimator->start();
  BasicResult<Answer> r = search();
  if (limits.probe) r.stop_reason = StopReason::probe, r.status = Status::stopped;
  if (limits.estimator && solver.estimates_online())
    if (const OnlineEstimate e = limits.estimator->now(); e.nodes > 0) r.estimate = e;
  return r;
}

Result Solver::solve(const Grid& puzzle, const Limits& limits) {
  return searched<Grid>(*this, limits, [&] {
    return checked_search(*this, puzzle, limits, [&](const Limits& l) { return search(puzzle, l); });
  });
}

CoverResult Solver::solve(const ExactCover& problem, const Limits& limits) {
  return searched<Selection>(*this, limits, [&] {
    return checked_search(*this, problem, limits, [&](const Limits& l) { return search(problem, l); });
  });
}

std::unique_ptr<UniquenessSession> Solver::uniqueness_session(const Grid&) { return nullptr; }

void Registry::add(BackendInfo info, Factory make) {
  if (contains(info.name)) throw UsageError("backend '" + info.name + "' is registered twice");
  entries_.push_back({std::move(info), std::move(make)});
}

void Registry::add_family(Family family) {
  if (is_family(family.prefix)) throw UsageError("backend family '" + family.prefix + "' is registered twice");
  families_.push_back(std::move(family));
}

std::optional<Registry::Entry> Registry::resolve(std::string_view name) const {
  for (const Entry& e : entries_)
    if (e.info.name == name) return e;
  const auto colon = name.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  for (const Family& f : families_)
    if (f.prefix == name.substr(0, colon)) {
      Entry e = f.resolve(name.substr(colon + 1));
      e.info.name = std::string(name);
      return e;
    }
  return std::nullopt;
}

BackendInfo Registry::info(std::string_view name) const {
  if (auto e = resolve(name)) return e->info;
  throw unknown_backend(name);
}

UsageError Registry::unknown_backend(std::string_view name) const {
  std::string known;
  for (const Entry& e : entries_) known += (known.empty() ? "" : ", ") + e.info.name;
  for (const Family& f : families_) known += (known.empty() ? "" : ", ") + f.prefix + ":NAME";
  return UsageError("no backend named '" + std::string(name) + "' (known: " + known + ")");
}

std::unique_ptr<Solver> Registry::create(std::string_view name, const SolverOptions& options) const {
  const auto e = resolve(name);
  if (!e) throw unknown_backend(name);
  auto solver = e->make(options);
  if (auto unknown = options.unknown_keys(); !unknown.empty()) {
    std::string list;
    for (const auto& k : unknown) list += (list.empty() ? "" : ", ") + k;
    throw UsageError("backend '" + e->info.name + "' has no option " + list);
  }
  return solver;
}

std::vector<std::string> Registry::names() const {
  std::vector<std::string> out;
  for (const Entry& e : entries_) out.push_back(e.info.name);
  return out;
}

std::vector<std::string> Registry::names(ProblemKind kind) const {
  std::vector<std::string> out;
  for (const Entry& e : entries_)
    if (e.info.takes(kind)) out.push_back(e.info.name);
  return out;
}

std::string BackendInfo::grids() const {
  const std::string kind = classic_only ? "classic " : "";
  if (only_boxes) {
    const std::string side = std::to_string(only_boxes->first * only_boxes->second);
    return kind + side + "x" + side + " grids with " + std::to_string(only_boxes->first) + "x" +
           std::to_string(only_boxes->second) + " boxes";
  }
  if (!classic_only && max_size >= kMaxSize) return "every grid";
  const std::string side = std::to_string(max_size);
  return kind + "grids" + (max_size < kMaxSize ? " up to " + side + "x" + side : "");
}

// "16x16", "9x9 x jigsaw" (the rules when not classic: Rules::summary, in words), "6x6 (2x3 boxes)".
static std::string grid_words(const Shape& shape) {
  if (shape.rules().classic()) return shape.grid_name();
  std::string rules = shape.rules().summary();
  std::replace(rules.begin(), rules.end(), '+', ' ');
  return shape.grid_name() + " " + rules;
}

std::string BackendInfo::refusal(const Shape& shape) const {
  if (takes(shape)) return {};
  if (!sudoku) return name + " does not take Sudoku grids";
  return name + " does not take a " + grid_words(shape) + " grid: it takes " + grids();
}

std::vector<std::string> Registry::names(const Shape& shape) const {
  std::vector<std::string> out;
  for (const Entry& e : entries_)
    if (e.info.takes(shape)) out.push_back(e.info.name);
  return out;
}

bool Registry::contains(std::string_view name) const {
  return std::any_of(entries_.begin(), entries_.end(), [&](const Entry& e) { return e.info.name == name; });
}

// Longer time budgets (infinity too) mean no deadline: start + 1e10 s would not fit the clock's
// 64-bit nanoseconds, and converting it is undefined behaviour.
constexpr double kLongestDeadline = 1e9;  // seconds, about 31 years
bool Registry::is_family(std::string_view prefix) const {
  return std::any_of(families_.begin(), families_.end(), [&](const Family& f) { return f.prefix == prefix; });
}

// The entry among those `takes` accepts that declares the highest speed for `kind` at side
// `size`, the first registered on a tie; nullptr when none is accepted.
template <typename Takes>
static const Registry::Entry* fastest(const std::vector<Registry::Entry>& entries, ProblemKind kind, int size, Takes takes) {
  const Registry::Entry* best = nullptr;
  for (const Registry::Entry& e : entries)
    if (takes(e.info) && (!best || e.info.speed(kind, size) > best->info.speed(kind, size))) best = &e;
  return best;
}

std::string Registry::default_for(ProblemKind kind, int size) const {
  const Entry* best = fastest(entries_, kind, size, [&](const BackendInfo& info) {
    return kind == ProblemKind::exact_cover ? info.exact_cover : info.takes_side(size);
  });
  if (!best) throw UsageError("no backend takes " + std::string(to_string(kind)) + (kind == ProblemKind::sudoku ? " grids of side " + std::to_string(size) : ""));
  return best->info.name;
}

std::string Registry::default_for(const Shape& shape, int speed_at) const {
  const int size = speed_at > 0 ? speed_at : shape.size();
  const Entry* best = fastest(entries_, ProblemKind::sudoku, size, [&](const BackendInfo& info) { return info.takes(shape); });
  if (!best) throw UsageError("no backend takes a " + grid_words(shape) + " grid");
  return best->info.name;
}

double BackendInfo::speed(ProblemKind kind, int size) const {
  for (const Speed& s : speeds)
    if (s.kind == kind && (kind == ProblemKind::exact_cover || (size >= s.min_size && size <= s.max_size)))
      return s.per_second;
  return 0;
}

std::string Registry::certifier(ProblemKind kind) const {
  for (const Entry& e : entries_)
    if (e.info.takes(kind) && e.info.proofs) return e.info.name;
  throw UsageError("no backend that takes " + std::string(to_string(kind)) + " writes proofs (BackendInfo::proofs)");
}

std::string Registry::uniqueness_checker(std::string_view fallback) const {
  for (const Entry& e : entries_)
    if (e.info.sudoku && e.info.uniqueness_sessions) return e.info.name;
  return std::string(fallback);
}

std::vector<std::pair<std::string, std::string>> BackendInfo::option_choices() const {
  std::vector<std::pair<std::string, std::string>> out;
  std::istringstream words(options);
  for (std::string word; words >> word;) {
    const auto eq = word.find('=');
    if (eq == std::string::npos || word.find('|') == std::string::npos) continue;
    std::istringstream values(word.substr(eq + 1));
    // A value in capitals names what to give (members=auto|N), not a word to type.
    auto placeholder = [](const std::string& v) { return std::ranges::all_of(v, [](char ch) { return ch >= 'A' && ch <= 'Z'; }); };
    for (std::string value; std::getline(values, value, '|');)
      if (!placeholder(value)) out.emplace_back(word.substr(0, eq), value);
  }
  return out;
}

std::string BackendInfo::Rating::word(const Stats& stats) const {
  for (const Counter& c : stats.counters)
    if (c.name == counter) return c.value >= 1 && c.value <= words.size() ? words[c.value - 1] : std::string();
  return {};
}

SearchBudget::SearchBudget(const Limits& limits, std::uint32_t nodes_per_clock_read)
    : start_(std::chrono::steady_clock::now()),
      node_limit_(limits.max_nodes ? limits.max_nodes : ~std::uint64_t{0}),
      has_deadline_(limits.max_seconds > 0 && limits.max_seconds < kLongestDeadline),
      nodes_per_clock_read_(std::max<std::uint32_t>(nodes_per_clock_read, 1)),
      countdown_(nodes_per_clock_read_) {
  if (!(limits.max_seconds >= 0))  // NaN fails every comparison
    throw UsageError("the time limit must be a number of seconds, 0 or more; got " + std::to_string(limits.max_seconds));
  if (has_deadline_)
    deadline_ = start_ + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                             std::chrono::duration<double>(limits.max_seconds));
}

bool SearchBudget::out_of_time() {
  if (has_deadline_ && std::chrono::steady_clock::now() >= deadline_) return stop(StopReason::time);
  return false;
}

double SearchBudget::elapsed_seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

template <class Answer>
bool BasicSolutionSink<Answer>::add(const Answer& solution) {
  ++count_;
  if constexpr (std::is_same_v<Answer, Grid>) {
    if (limits_.on_solution) limits_.on_solution(solution);
  } else {
    if (limits_.on_cover_solution) limits_.on_cover_solution(solution);
  }
  if (kept_.size() < limits_.keep_solutions) kept_.push_back(solution);
  return limits_.solutions != 0 && count_ >= limits_.solutions;
}

template <class Answer>
bool BasicSolutionSink<Answer>::wants_answer() const {
  bool callback = false;
  if constexpr (std::is_same_v<Answer, Grid>) callback = static_cast<bool>(limits_.on_solution);
  else callback = static_cast<bool>(limits_.on_cover_solution);
  return callback || kept_.size() < limits_.keep_solutions;
}

template <class Answer>
bool BasicSolutionSink<Answer>::add_unseen() {
  ++count_;
  return limits_.solutions != 0 && count_ >= limits_.solutions;
}

template <class Answer>
BasicResult<Answer> BasicSolutionSink<Answer>::finish(StopReason stop, Stats stats) {
  BasicResult<Answer> r;
  r.count = count_;
  r.solutions = std::move(kept_);
  r.stats = std::move(stats);
  r.stop_reason = stop;
  r.status = final_status(count_, stop, limits_.solutions);
  return r;
}

template class BasicSolutionSink<Grid>;
template class BasicSolutionSink<Selection>;

unsigned usable_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) return static_cast<unsigned>(std::max(1, CPU_COUNT(&set)));
  return std::max(1u, std::thread::hardware_concurrency());
}

}  // namespace sudokit
