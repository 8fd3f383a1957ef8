#include "sudokit/compare/compare.h"

#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "sudokit/compare/exit_codes.h"
#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/exact_cover.h"

namespace sudokit {

namespace {

struct Spec {
  std::string label, name;
  std::vector<std::string> pairs;
  BackendInfo info;  // what the backend declares (filled by run_compare)
};

// "name:key=value:...", where a family's name takes one more word: "ext:cadical:proof=p.drat".
Spec parse_spec(const std::string& text, const Registry& registry) {
  Spec s{text, {}, {}, {}};
  std::stringstream in(text);
  std::getline(in, s.name, ':');
  if (std::string member; registry.is_family(s.name) && std::getline(in, member, ':')) s.name += ":" + member;
  for (std::string pair; std::getline(in, pair, ':');) s.pairs.push_back(pair);
  return s;
}

// How each kind of problem is solved, checked and shown. An answer is what must agree between
// backends: the status and count, and the solution when it is unique. With limit 1 ("solved")
// backends may rightly pick different solutions of a problem that has several, so the solution is
// not part of the answer then.
std::string solution_text(const Grid& g) { return to_line(g); }
std::string solution_text(const Selection& s) {
  std::string out = "options";
  for (int o : s) out += " " + std::to_string(o + 1);  // 1-based: the option's place in the file
  return out;
}
std::string problem_text(const Grid& g) {
  return g.shape().rules().classic() ? to_line(g) : to_line(g) + " (" + g.shape().rules().summary() + ")";
}
std::string problem_text(const std::shared_ptr<const ExactCover>& xc) {
  return "an exact-cover problem of " + std::to_string(xc->item_count()) + " items and " +
         std::to_string(xc->option_count()) + " options";
}
std::string shape_of(const Grid& g) { return g.shape().name(); }
std::string shape_of(const std::shared_ptr<const ExactCover>& xc) {
  return "xc:" + std::to_string(xc->item_count()) + "/" + std::to_string(xc->option_count());
}
std::string rules_of(const Grid& g) { return g.shape().rules().summary(); }
std::string rules_of(const std::shared_ptr<const ExactCover>&) { return ""; }
int givens_of(const Grid& g) { return g.givens(); }
int givens_of(const std::shared_ptr<const ExactCover>&) { return 0; }
Result solve_with(Solver& s, const Grid& g, const Limits& limits) { return s.solve(g, limits); }
CoverResult solve_with(Solver& s, const std::shared_ptr<const ExactCover>& xc, const Limits& limits) {
  return s.solve(*xc, limits);
}

// CPU time of this thread: unlike wall-clock time it does not grow when other threads or
// programs share the core, so rows of one run compare whatever --jobs was and whatever else ran.
double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

template <class Answer>
std::string answer_of(const BasicResult<Answer>& r) {
  std::string a = std::string(to_string(r.status)) + " " + std::to_string(r.count);
  if (r.status == Status::unique) a += " " + solution_text(r.solutions.front());
  return a;
}

std::string counters_text(const Stats& s) {
  std::string out;
  for (const Counter& c : s.counters) out += (out.empty() ? "" : ";") + c.name + "=" + std::to_string(c.value);
  return out;
}

// Whether a backend takes a problem, by what it declares (BackendInfo::takes): one it does not
// take is not run on it, and its row says so.
bool takes(const BackendInfo& info, const Grid& g) { return info.takes(g.shape()); }
bool takes(const BackendInfo& info, const std::shared_ptr<const ExactCover>&) { return info.exact_cover; }

// The backends of one worker thread (a backend keeps per-puzzle scratch state), made again after
// one throws: a search ended by an exception may leave its state half undone (dlx's covers, a
// SAT library mid-search), and the next puzzle must not meet it.
struct Workers {
  const Registry& registry;
  const std::vector<Spec>& specs;
  std::vector<std::unique_ptr<Solver>> solvers;
  std::unique_ptr<Solver> make(std::size_t b) const {
    return registry.create(specs[b].name, SolverOptions::parse(specs[b].pairs));
  }
  Workers(const Registry& r, const std::vector<Spec>& s) : registry(r), specs(s) {
    for (std::size_t b = 0; b < specs.size(); ++b) solvers.push_back(make(b));
  }
};

// Solves one problem with every backend and fills its rows; returns the disagreement report
// (empty when all agree).
template <class Problem>
std::string check_problem(const PuzzleInput& p, const Problem& problem, Workers& w, const std::vector<Limits>& limits,
                          Row* rows) {
  const auto& specs = w.specs;
  auto& solvers = w.solvers;
  using Answer = typename decltype(solve_with(*solvers[0], problem, limits[0]))::value_type;
  std::vector<BasicResult<Answer>> results;
  std::vector<std::string> answers, problems;
  for (std::size_t b = 0; b < solvers.size(); ++b) {
    BasicResult<Answer> r;
    std::string error, wrong;
    const bool skipped = !takes(specs[b].info, problem);
    const double cpu_before = thread_cpu_seconds();
    try {
      if (!skipped) r = solve_with(*solvers[b], problem, limits[b]);  // verified: a wrong answer is thrown
    } catch (const WrongAnswer& e) {
      wrong = e.fault() + (e.answer().empty() ? "" : ": " + e.answer());
      r.status = Status::stopped;
      solvers[b] = w.make(b);
    } catch (const Error& e) {  // e.g. a program that died: the others still run
      error = e.what();
      r.status = Status::stopped;
      solvers[b] = w.make(b);
    }
    Row& row = rows[b];
    row.puzzle = p.number;
    row.source = p.source;
    row.line = p.line;
    row.shape = shape_of(problem);
    row.givens = givens_of(problem);
    row.rules = rules_of(problem);
    row.backend = specs[b].label;
    row.options = solvers[b]->options();
    row.status = std::string(to_string(r.status));
    row.count = r.count;
    row.nodes = r.stats.nodes;
    row.guesses = r.stats.guesses;
    row.backtracks = r.stats.backtracks;
    row.propagations = r.stats.propagations;
    row.time = r.stats.seconds;
    row.cpu_time = thread_cpu_seconds() - cpu_before;
    row.counters = counters_text(r.stats);
    if (specs[b].info.rating) row.rating = specs[b].info.rating->word(r.stats);
    row.verdict = r.status != Status::stopped ? "agrees" : r.stop_reason == StopReason::time ? "timeout" : "stopped";
    if (!error.empty()) {
      row.status = "error";
      row.verdict = "failed";
      problems.push_back(specs[b].label + " failed: " + error);
    }
    if (!wrong.empty()) {
      row.status = "wrong";
      row.verdict = "invalid";
      problems.push_back(specs[b].label + " gave a wrong answer: " + wrong);
    }
    if (skipped) row.status = row.verdict = "skipped";
    answers.push_back(answer_of(r));
    results.push_back(std::move(r));
  }
  // The answer most backends give is taken as right; with a tie, nobody is.
  std::map<std::string, int> votes;
  for (std::size_t b = 0; b < solvers.size(); ++b)
    if (rows[b].verdict == "agrees") ++votes[answers[b]];
  std::string majority;
  int best = 0, ties = 0;
  for (const auto& [answer, n] : votes) {
    if (n > best) best = n, majority = answer, ties = 1;
    else if (n == best) ++ties;
  }
  for (std::size_t b = 0; b < solvers.size(); ++b)
    if (rows[b].verdict == "agrees" && (ties > 1 || answers[b] != majority)) rows[b].verdict = "disagrees";
  bool disagreement = false;
  for (std::size_t b = 0; b < solvers.size(); ++b) disagreement |= is_disagreement(rows[b]);
  if (!disagreement) return {};

  std::ostringstream out;
  out << "DISAGREEMENT on puzzle " << p.number << " (" << p.source << ", line " << p.line
      << "): " << problem_text(problem) << "\n";
  for (const auto& message : problems) out << "  " << message << "\n";
  for (std::size_t b = 0; b < solvers.size(); ++b) {
    const auto& r = results[b];
    out << "  " << specs[b].label << ": " << rows[b].status << ", " << r.count << " solution(s), " << r.stats.nodes
        << " nodes";
    if (!r.solutions.empty()) out << ", first: " << solution_text(r.solutions.front());
    out << " [" << rows[b].verdict << "]\n";
  }
  return out.str();
}

std::string check_puzzle(const PuzzleInput& p, Workers& workers, const std::vector<Limits>& limits, Row* rows) {
  return std::visit([&](const auto& problem) { return check_problem(p, problem, workers, limits, rows); }, p.problem);
}

// The specs of a run, each with what its backend declares; every check a spec can fail before any
// puzzle is read (validate_backends) or run.
std::vector<Spec> resolve_specs(const Registry& registry, const std::vector<std::string>& backends, ProblemKind kind) {
  std::vector<Spec> specs;
  for (const auto& text : backends.empty() ? registry.names(kind) : backends) specs.push_back(parse_spec(text, registry));
  for (Spec& s : specs) s.info = registry.info(s.name);
  for (const Spec& s : specs)
    if (!s.info.takes(kind))
      throw UsageError("backend '" + s.name + "' does not solve " +
                       (kind == ProblemKind::sudoku ? "Sudoku puzzles" : "exact-cover problems") +
                       " (sudokit solvers --kind " + std::string(to_string(kind)) + ")");
  // One row per (puzzle, backend setting): a setting named twice would count every puzzle twice.
  // The same setting is the same backend with the same settings in effect, however spelt
  // ("sat" and "sat:encoding=auto"); making each backend also checks its options.
  std::vector<std::string> effective;
  for (const Spec& s : specs) effective.push_back(s.name + " " + registry.create(s.name, SolverOptions::parse(s.pairs))->options());
  for (std::size_t a = 0; a < specs.size(); ++a)
    for (std::size_t b = 0; b < a; ++b)
      if (effective[a] == effective[b])
        throw UsageError("'" + specs[a].label + "' names the same backend and settings as '" + specs[b].label +
                         "': give each setting once (a backend set two ways: " + specs[a].name + ":KEY=VALUE)");
  return specs;
}

}  // namespace

void validate_backends(const Registry& registry, const std::vector<std::string>& backends, ProblemKind kind) {
  resolve_specs(registry, backends, kind);
}

CompareReport run_compare(const Registry& registry, const std::vector<PuzzleInput>& puzzles,
                          const CompareOptions& options, std::ostream& details) {
  const ProblemKind kind = puzzles.empty() ? ProblemKind::sudoku : puzzles.front().kind();
  for (const PuzzleInput& p : puzzles)
    if (p.kind() != kind) throw UsageError("compare takes Sudoku puzzles or exact-cover problems in one run, not both");
  const std::vector<Spec> specs = resolve_specs(registry, options.backends, kind);

  const std::size_t width = specs.size();
  CompareReport report;
  std::vector<Limits> limits(width, options.limits);
  for (std::size_t b = 0; b < width; ++b) {
    const BackendInfo info = registry.info(specs[b].name);
    if (options.default_budgets > 0)
      limits[b].max_nodes = static_cast<std::uint64_t>(
          std::max(1.0, std::round(options.default_budgets * static_cast<double>(info.default_budget))));
    if (options.default_budgets > 0 && info.default_budget == 0) limits[b].max_nodes = 0;
    report.budgets.push_back({specs[b].label, info.node_unit, limits[b].max_nodes, options.default_budgets});
  }
  report.puzzles = puzzles.size();
  report.rows.resize(puzzles.size() * width);
  std::vector<std::string> messages(puzzles.size());
  std::vector<char> finished(puzzles.size(), 0);  // each written by one worker, read after the join
  std::atomic<std::size_t> next{0}, done{0};
  std::atomic<unsigned> working{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto stopping = [&] { return options.stop != nullptr && options.stop->load(); };
  auto work = [&] {
    try {
      Workers workers(registry, specs);
      for (std::size_t i; !stopping() && (i = next++) < puzzles.size(); ++done) {
        messages[i] = check_puzzle(puzzles[i], workers, limits, &report.rows[i * width]);
        finished[i] = 1;
      }
    } catch (...) {
      std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next = puzzles.size();
    }
    --working;
  };
  const unsigned jobs = std::max(1u, std::min<unsigned>(options.jobs, static_cast<unsigned>(puzzles.size())));
  working = jobs;
  std::vector<std::thread> threads;
  for (unsigned j = 1; j < jobs; ++j) threads.emplace_back(work);
  if (options.progress) {
    // The main thread tells the progress; the workers do the solving.
    threads.emplace_back(work);
    while (working > 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      options.progress(done, puzzles.size());
    }
  } else {
    work();
  }
  for (auto& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
  if (done < puzzles.size()) {  // stopped: keep the rows of the puzzles that finished, in order
    report.stopped = true;
    report.puzzles = done;
    std::vector<Row> rows;
    for (std::size_t i = 0; i < puzzles.size(); ++i)
      if (finished[i]) rows.insert(rows.end(), report.rows.begin() + static_cast<std::ptrdiff_t>(i * width),
                                   report.rows.begin() + static_cast<std::ptrdiff_t>((i + 1) * width));
    report.rows = std::move(rows);
  }
  for (const auto& m : messages)
    if (!m.empty()) {
      details << m;
      ++report.disagreements;
    }
  return report;
}

// Seconds as the CSV and JSON write them: microseconds, or for a time no run takes (a file
// written elsewhere) all the digits it needs, never cut to a buffer's size.
std::string seconds_text(double seconds) {
  char text[64];
  std::snprintf(text, sizeof text, std::fabs(seconds) < 1e15 ? "%.6f" : "%.17g", seconds);
  return text;
}

// A time read back: a finite number of seconds, not negative, the whole field (no sign, no
// spaces); anything else is not a time.
double seconds_of(const std::string& field) {
  double seconds = 0;
  const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), seconds);
  if (error != std::errc() || end != field.data() + field.size() || !std::isfinite(seconds) || seconds < 0)
    throw std::invalid_argument("a time of 0 seconds or more");
  return seconds;
}

namespace {

// A count read back: decimal digits only, as write_csv writes them (no sign, no spaces, nothing
// after), and small enough for T; stoull would take "-1" as 2^64-1 and "30z" as 30.
template <class T>
T count_of(const std::string& field) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (error != std::errc() || end != field.data() + field.size() ||
      value > static_cast<std::uint64_t>(std::numeric_limits<T>::max()))
    throw std::invalid_argument("a whole number of 0 or more");
  return static_cast<T>(value);
}

// The columns, with how read_csv reads each one back: every text column as it is, every number as
// strictly as it is written. The names are those of docs/stats.md, whose table is made from this.
#define SUDOKIT_TEXT(m, type, meaning)                                                                   \
  RowColumn {                                                                                          \
    #m, RowColumn::Type::type, "", meaning, [](const Row& r) -> RowColumn::Value { return r.m; },      \
        [](Row& r, const std::string& f) { r.m = f; }                                                  \
  }
#define SUDOKIT_COUNT(m, unit, meaning)                                                                  \
  RowColumn {                                                                                          \
    #m, RowColumn::Type::count, unit, meaning,                                                         \
        [](const Row& r) -> RowColumn::Value { return static_cast<std::uint64_t>(r.m); },              \
        [](Row& r, const std::string& f) { r.m = count_of<decltype(Row::m)>(f); }                      \
  }
#define SUDOKIT_SECONDS(m, meaning)                                                                      \
  RowColumn {                                                                                          \
    #m, RowColumn::Type::seconds, "seconds", meaning, [](const Row& r) -> RowColumn::Value { return r.m; }, \
        [](Row& r, const std::string& f) { r.m = seconds_of(f); }                                      \
  }
const RowColumn kColumns[] = {
    SUDOKIT_COUNT(puzzle, "", "its place in the input, from 1, bad puzzles counted (kept across shards)"),
    SUDOKIT_TEXT(source, text, "the file it came from (`stdin`; `<string>` or `<puzzle>` from Python)"),
    SUDOKIT_COUNT(line, "", "the line of `source` it starts on"),
    SUDOKIT_TEXT(shape, text, "the box, `3x3`, or `xc:ITEMS/OPTIONS` for an exact-cover problem"),
    SUDOKIT_COUNT(givens, "cells", "its given cells (0 for exact cover)"),
    SUDOKIT_TEXT(backend, text, "the backend as `--solvers` named it, `NAME[:KEY=VALUE...]`"),
    SUDOKIT_TEXT(options, text, "the backend's settings in effect, `KEY=VALUE` pairs"),
    SUDOKIT_TEXT(status, text, "`unique`, `multiple`, `solved`, `none`, `stopped` (above), `error` (the backend failed), `wrong` (its answer failed verification) or `skipped` (not a grid it takes)"),
    SUDOKIT_COUNT(count, "solutions", "solutions found (up to `--count`; so far, when stopped)"),
    SUDOKIT_COUNT(nodes, "nodes", "`nodes` above"),
    SUDOKIT_COUNT(guesses, "choices", "`guesses` above"),
    SUDOKIT_COUNT(backtracks, "choices", "`backtracks` above"),
    SUDOKIT_COUNT(propagations, "assignments", "`propagations` above"),
    SUDOKIT_SECONDS(time, "`time` above: wall clock inside `solve()`"),
    SUDOKIT_TEXT(counters, counters, "the backend's own counters (below), `name=value;...`; an object in JSON"),
    SUDOKIT_TEXT(verdict, text, "`agrees`, `disagrees`, `invalid`, `stopped`, `timeout`, `failed` or `skipped` (below)"),
    SUDOKIT_SECONDS(cpu_time, "CPU time of the thread that ran `solve()`, set-up included: what the summary compares"),
    SUDOKIT_TEXT(rules, text, "the puzzle's variant rules in short: `classic`, `x+anti-knight`; empty for exact cover"),
    SUDOKIT_TEXT(rating, optional_text, "the backend's difficulty rating in words, on the scale it declares; none when it gave none")};
#undef SUDOKIT_TEXT
#undef SUDOKIT_COUNT
#undef SUDOKIT_SECONDS
constexpr std::size_t kColumnCount = std::size(kColumns);
static_assert(kColumnCount == 19);

// A field of the CSV file.
std::string csv_text(const RowColumn& c, const Row& r) {
  return std::visit(
      [](const auto& v) -> std::string {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::monostate>) return "";
        else if constexpr (std::is_same_v<T, std::uint64_t>) return std::to_string(v);
        else if constexpr (std::is_same_v<T, double>) return seconds_text(v);
        else return csv_field(v);
      },
      column_value(c, r));
}

// A value of the JSON file; counters become an object of numbers.
std::string json_text(const RowColumn& c, const Row& r) {
  if (c.type == RowColumn::Type::counters) {
    std::string out = "{";
    std::stringstream counters(std::get<std::string>(c.value(r)));
    for (std::string kv; std::getline(counters, kv, ';');) {
      const auto eq = kv.find('=');
      out += (out.size() > 1 ? ", " : "") + json_string(kv.substr(0, eq)) + ": " + kv.substr(eq + 1);
    }
    return out + "}";
  }
  return std::visit(
      [](const auto& v) -> std::string {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::monostate>) return "null";
        else if constexpr (std::is_same_v<T, std::uint64_t>) return std::to_string(v);
        else if constexpr (std::is_same_v<T, double>) return seconds_text(v);
        else return json_string(v);
      },
      column_value(c, r));
}

}  // namespace

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

std::string json_string(const std::string& s) {
  std::string q = "\"";
  for (char c : s) {
    if (c == '\n') {
      q += "\\n";
      continue;
    }
    if (c == '"' || c == '\\') q += '\\';
    q += c;
  }
  return q + "\"";
}

// The puzzles (by number) that every backend compared skipped: nothing checked them.
std::vector<std::size_t> puzzles_nobody_took(const std::vector<Row>& rows) {
  std::map<std::size_t, bool> taken;  // puzzle -> some backend ran it
  for (const Row& r : rows) taken[r.puzzle] = taken[r.puzzle] || r.verdict != "skipped";
  std::vector<std::size_t> out;
  for (const auto& [puzzle, some] : taken)
    if (!some) out.push_back(puzzle);
  return out;
}

int exit_code_for(const std::vector<Row>& rows) {
  int code = kOk;
  for (const Row& r : rows) {
    if (is_disagreement(r)) return kDisagreement;
    if (r.verdict == "stopped" || r.verdict == "timeout" || r.status == "none") code = kUnsolved;
  }
  // A puzzle no backend took passed no check: the backends named were the wrong ones for it.
  if (!puzzles_nobody_took(rows).empty()) code = std::max(code, static_cast<int>(kUsage));
  return code;
}

int exit_code_for(const CompareReport& report) {
  return report.disagreements > 0 ? kDisagreement : exit_code_for(report.rows);
}

std::span<const RowColumn> row_columns() { return kColumns; }

std::string_view to_string(RowColumn::Type type) {
  switch (type) {
    case RowColumn::Type::count: return "integer";
    case RowColumn::Type::seconds: return "number";
    case RowColumn::Type::text: return "text";
    case RowColumn::Type::optional_text: return "text or none";
    case RowColumn::Type::counters: return "counters";
  }
  return "?";
}

std::variant<std::monostate, std::uint64_t, double, std::string> column_value(const RowColumn& column, const Row& row) {
  auto value = column.value(row);
  if (column.type == RowColumn::Type::optional_text && std::get<std::string>(value).empty()) return std::monostate{};
  return std::visit([](auto&& v) -> std::variant<std::monostate, std::uint64_t, double, std::string> { return std::move(v); },
                    std::move(value));
}

void write_column_table(std::ostream& out) {
  out << "| column | type | unit | meaning |\n|---|---|---|---|\n";
  for (const RowColumn& c : kColumns)
    out << "| `" << c.name << "` | " << to_string(c.type) << " | " << (c.unit.empty() ? "-" : c.unit) << " | " << c.meaning
        << " |\n";
}

void write_csv_header(std::ostream& out) {
  for (const RowColumn& c : kColumns) out << (&c == kColumns ? "" : ",") << c.name;
  out << "\n";
}

void write_csv_rows(std::ostream& out, const std::vector<Row>& rows) {
  for (const Row& r : rows) {
    for (const RowColumn& c : kColumns) out << (&c == kColumns ? "" : ",") << csv_text(c, r);
    out << "\n";
  }
}

void write_csv(std::ostream& out, const std::vector<Row>& rows) {
  write_csv_header(out);
  write_csv_rows(out, rows);
}

std::vector<Row> read_csv(std::istream& in, const std::string& source) {
  std::vector<Row> rows;
  std::string line;
  std::size_t number = 0;
  // The fields of one record; `open` is set to the 1-based position of a quote left open at its end.
  auto fields_of = [&](const std::string& text, std::size_t& open) {
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      if (quoted) {
        if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') fields.back() += '"', ++i;
        else if (c == '"') quoted = false;
        else fields.back() += c;
      } else if (c == '"') {
        quoted = true;
        open = i + 1;
      } else if (c == ',') {
        fields.emplace_back();
      } else {
        fields.back() += c;
      }
    }
    if (!quoted) open = 0;
    return fields;
  };
  while (std::getline(in, line)) {
    const std::size_t start = ++number;
    std::size_t open = 0;
    auto f = fields_of(line, open);
    // A quoted field may hold a line break (csv_field quotes it): the record goes on. A CR before
    // that break is data, like any character inside quotes.
    for (std::string more; open != 0 && std::getline(in, more); f = fields_of(line, open)) {
      ++number;
      line += '\n' + more;
    }
    if (open != 0) {  // the file ended inside the quote: say where it opened
      const auto quote = static_cast<std::ptrdiff_t>(open - 1);
      const auto lines_before = static_cast<std::size_t>(std::count(line.begin(), line.begin() + quote, '\n'));
      const auto line_start = line.rfind('\n', open - 1);
      throw InputError(source, 0, start + lines_before, line_start == std::string::npos ? open : open - 1 - line_start,
                       "this quoted field is never closed");
    }
    // The record ends outside quotes: a CR there is a CRLF file's line end, not data.
    if (!line.empty() && line.back() == '\r') {
      line.pop_back();
      f = fields_of(line, open);
    }
    if (line.empty()) continue;
    if (f.front() == "puzzle") continue;  // a header (several shard files may be concatenated)
    // 19 fields; files written before the rules and rating columns have 17, before cpu_time 16.
    // (rules and rating came together: no file has 18.)
    if (f.size() < kColumnCount - 3 || f.size() > kColumnCount || f.size() == kColumnCount - 1)
      throw InputError(source, 0, start, 1, "expected 19 fields as written by sudokit compare --csv");
    Row r;
    for (std::size_t i = 0; i < f.size(); ++i) {
      try {
        kColumns[i].read(r, f[i]);
      } catch (const std::invalid_argument& e) {
        const std::string shown = f[i].size() > 40 ? f[i].substr(0, 40) + "..." : f[i];
        throw InputError(source, 0, start, 1, std::string(kColumns[i].name) + " is not " + e.what() + ": '" + shown + "'");
      }
    }
    if (f.size() < kColumnCount - 2) r.cpu_time = r.time;  // no CPU time: the time is the best guess
    // Before the rules column every puzzle was classic; exact cover has none (its shape says xc:).
    if (f.size() < kColumnCount) r.rules = r.shape.rfind("xc:", 0) == 0 ? "" : "classic";
    rows.push_back(std::move(r));
  }
  return rows;
}

void write_json(std::ostream& out, const std::vector<Row>& rows) {
  out << "[\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    out << "  {";
    for (const RowColumn& c : kColumns)
      out << (&c == kColumns ? "\"" : ", \"") << c.name << "\": " << json_text(c, rows[i]);
    out << "}" << (i + 1 < rows.size() ? "," : "") << "\n";
  }
  out << "]\n";
}

void write_summary(std::ostream& out, const std::vector<Row>& rows) {
  std::vector<std::string> order;
  std::map<std::string, std::vector<const Row*>> by_backend;
  for (const Row& r : rows) {
    if (r.verdict == "skipped") continue;  // not run: write_budget_notes says how many
    if (!by_backend.count(r.backend)) order.push_back(r.backend);
    by_backend[r.backend].push_back(&r);
  }
  auto stats = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    double sum = 0;
    for (double x : v) sum += x;
    const double median = v.empty() ? 0 : v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
    return std::array<double, 4>{v.empty() ? 0 : sum / static_cast<double>(v.size()), median, v.empty() ? 0 : v.back(), sum};
  };
  out << "| backend | puzzles | unique | multiple | solved | none | stopped | timeout | nodes mean | nodes median "
         "| nodes max | CPU ms mean | CPU ms median | CPU ms max | puzzles per CPU s | disagreements |\n"
         "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& name : order) {
    const auto& list = by_backend[name];
    std::map<std::string, std::size_t> status;
    std::size_t disagreements = 0;
    std::vector<double> nodes, times;
    for (const Row* r : list) {
      // A search stopped by the clock is counted apart from one stopped by the work budget: only
      // the first depends on the machine and its load.
      ++status[r->verdict == "timeout" ? "timeout" : r->status];
      disagreements += is_disagreement(*r);
      nodes.push_back(static_cast<double>(r->nodes));
      times.push_back(r->cpu_time * 1000);  // CPU time of the solving thread: load does not inflate it
    }
    const auto n = stats(nodes), t = stats(times);
    char line[512];
    std::snprintf(line, sizeof line,
                  "| %s | %zu | %zu | %zu | %zu | %zu | %zu | %zu | %.1f | %.0f | %.0f | %.3f | %.3f | %.3f | %.0f | %zu |\n",
                  name.c_str(), list.size(), status["unique"], status["multiple"], status["solved"], status["none"],
                  status["stopped"], status["timeout"], n[0], n[1], n[2], t[0], t[1], t[2],
                  t[3] > 0 ? static_cast<double>(list.size()) / (t[3] / 1000) : 0.0, disagreements);
    out << line;
  }
}

void write_budget_notes(std::ostream& out, const CompareReport& report) {
  if (const auto nobody = puzzles_nobody_took(report.rows); !nobody.empty()) {
    out << "no backend compared takes " << (nobody.size() == 1 ? "puzzle " : "puzzles ");
    for (std::size_t i = 0; i < nobody.size() && i < 10; ++i) out << (i ? ", " : "") << nobody[i];
    out << (nobody.size() > 10 ? ", ..." : "") << ": nothing checked " << (nobody.size() == 1 ? "it" : "them")
        << " (`sudokit solvers` says which backend takes which grids)\n";
  }
  for (const auto& b : report.budgets) {
    std::size_t skipped = 0;
    for (const Row& r : report.rows) skipped += r.backend == b.backend && r.verdict == "skipped";
    if (skipped > 0)
      out << b.backend << ": " << skipped << (skipped == 1 ? " puzzle" : " puzzles")
          << " skipped: not a grid it takes (its size or rules; `sudokit solvers`)\n";
  }
  for (const auto& b : report.budgets) {
    if (b.scale <= 0 || b.nodes == 0) continue;
    std::size_t stopped = 0;
    for (const Row& r : report.rows) stopped += r.backend == b.backend && r.verdict == "stopped";
    if (stopped == 0) continue;
    std::ostringstream scale;
    scale << b.scale;
    out << b.backend << ": " << stopped << (stopped == 1 ? " puzzle" : " puzzles") << " stopped at "
        << (b.scale == 1 ? "the" : scale.str() + "x its") << " default budget of " << b.nodes << " " << b.unit
        << " per puzzle; use --max-nodes N, or Kx for K times each default (0: no limit)\n";
  }
}

void write_count_summary(std::ostream& out, const CompareReport& report, std::uint64_t limit) {
  if (limit != 0 && limit <= 2) return;  // finding one, or proving it unique: the statuses say it
  // Each puzzle's count as the backends that finished agree on it (rows in puzzle order).
  struct Agreed {
    std::uint64_t count;
    bool at_least;  // the count reached the limit: there may be more
  };
  std::vector<Agreed> agreed;
  std::size_t unsettled = 0;
  for (std::size_t i = 0; i < report.rows.size();) {
    std::size_t j = i;
    std::optional<Agreed> a;
    bool disagreement = false;
    for (; j < report.rows.size() && report.rows[j].puzzle == report.rows[i].puzzle && report.rows[j].source == report.rows[i].source; ++j) {
      disagreement |= is_disagreement(report.rows[j]);
      if (report.rows[j].verdict == "agrees" && report.rows[j].status != "stopped")
        a = Agreed{report.rows[j].count, limit != 0 && report.rows[j].count >= limit};
    }
    if (a && !disagreement) agreed.push_back(*a);
    else ++unsettled;
    i = j;
  }
  if (agreed.empty()) return;
  auto text = [](const Agreed& a) { return (a.at_least ? "at least " : "") + std::to_string(a.count); };
  if (agreed.size() == 1 && unsettled == 0) {
    out << "solutions: " << text(agreed.front()) << ", agreed by every backend that finished\n";
    return;
  }
  std::sort(agreed.begin(), agreed.end(), [](const Agreed& x, const Agreed& y) { return x.count < y.count; });
  out << "solutions per puzzle, as the backends that finished agree: min " << text(agreed.front()) << ", median "
      << text(agreed[(agreed.size() - 1) / 2]) << ", max " << text(agreed.back()) << " (" << agreed.size() << " puzzles";
  if (unsettled) out << "; " << unsettled << " without an agreed count: every backend stopped, or a disagreement";
  out << ")\n";
}

}  // namespace sudokit
