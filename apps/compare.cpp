// compare, the driver: each puzzle solved by every backend on a pool of threads, every answer
// verified by Solver::solve, the answers and counts compared across backends into rows with
// their verdicts. The rows as a table are compare_table.cpp; what a run reports, compare_report.cpp.
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
#include "sudokit/text.h"

namespace sudokit {

std::string backend_spec_text(const std::string& name, const std::vector<std::pair<std::string, std::string>>& settings) {
  std::string spec = name;
  for (const auto& [key, value] : settings) spec += ":" + key + "=" + value;
  return spec;
}

std::string option_flags_text(const std::vector<std::pair<std::string, std::string>>& settings) {
  std::string flags;
  for (const auto& [key, value] : settings) flags += (flags.empty() ? "-o " : " -o ") + key + "=" + value;
  return flags;
}

std::vector<std::string> declared_methods(const Registry& registry, const std::vector<std::string>& names,
                                          bool (*by_default)(const BackendInfo&), DeclaredSettings BackendInfo::*settings) {
  std::vector<std::string> specs;
  for (const std::string& name : names) {
    const BackendInfo info = registry.info(name);
    if (by_default(info)) specs.push_back(name);
    for (const auto& list : info.*settings) specs.push_back(backend_spec_text(name, list));
  }
  return specs;
}

void require_takes(const BackendInfo& info, const std::string&, const Grid& puzzle) {
  if (const std::string why = info.refusal(puzzle.shape()); !why.empty()) throw UsageError(why);
}

void require_takes(const BackendInfo& info, const std::string& spec, const ExactCover&) {
  if (!info.takes(ProblemKind::exact_cover)) throw UsageError("'" + spec + "' does not solve exact-cover problems");
}

std::vector<std::string> split_backend_list(const std::string& list, std::string_view what) {
  std::vector<std::string> specs;
  if (list.find_first_not_of(kWhiteSpace) == std::string::npos) return specs;
  for (std::size_t start = 0;;) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    std::string_view spec = std::string_view(list).substr(start, comma - start);
    spec.remove_prefix(std::min(spec.size(), spec.find_first_not_of(kWhiteSpace)));
    spec = spec.substr(0, spec.find_last_not_of(kWhiteSpace) + 1);
    if (spec.empty())
      throw UsageError(std::string(what) + " " + quote_word(list) + " leaves a name empty between its commas: give NAME[,NAME...]");
    specs.emplace_back(spec);
    if (comma == list.size()) return specs;
    start = comma + 1;
  }
}

BackendSpec parse_backend_spec(const std::string& text, const Registry& registry) {
  BackendSpec s;
  std::stringstream in(text);
  std::getline(in, s.name, ':');
  if (std::string member; registry.is_family(s.name) && std::getline(in, member, ':')) s.name += ":" + member;
  for (std::string pair; std::getline(in, pair, ':');) s.pairs.push_back(pair);
  return s;
}

namespace {

struct Spec {
  std::string label, name;
  std::vector<std::string> pairs;
  BackendInfo info;  // what the backend declares (filled by run_compare)
};

Spec parse_spec(const std::string& text, const Registry& registry) {
  BackendSpec parsed = parse_backend_spec(text, registry);
  return Spec{text, std::move(parsed.name), std::move(parsed.pairs), {}};
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

// What a backend's search type answers for a problem: a Grid or a Selection.
template <class Problem>
using AnswerOf = typename decltype(solve_with(std::declval<Solver&>(), std::declval<const Problem&>(),
                                              std::declval<const Limits&>()))::value_type;

// One backend's search of one problem: its result, or what went wrong (`error`: the backend threw;
// `wrong`: its answer failed verification), or skipped (it does not take the problem).
template <class Answer>
struct Attempt {
  BasicResult<Answer> result;
  std::string error, wrong;
  bool skipped = false;
  double cpu_seconds = 0;  // of this thread, the backend's set-up included
};

// Backend `b` of `w` on `problem`. After an exception the backend is made afresh: the search may
// have left its state half undone, and the next puzzle must not meet it.
template <class Problem>
Attempt<AnswerOf<Problem>> attempt(const Problem& problem, Workers& w, std::size_t b, const Limits& limits) {
  Attempt<AnswerOf<Problem>> a;
  a.skipped = !takes(w.specs[b].info, problem);
  const double cpu_before = thread_cpu_seconds();
  try {
    if (!a.skipped) a.result = solve_with(*w.solvers[b], problem, limits);  // verified: a wrong answer is thrown
  } catch (const WrongAnswer& e) {
    a.wrong = e.fault() + (e.answer().empty() ? "" : ": " + e.answer());
    a.result.status = Status::stopped;
    w.solvers[b] = w.make(b);
  } catch (const Error& e) {  // e.g. a program that died: the others still run
    a.error = e.what();
    a.result.status = Status::stopped;
    w.solvers[b] = w.make(b);
  }
  a.cpu_seconds = thread_cpu_seconds() - cpu_before;
  return a;
}

// The row of one attempt, with its own verdict: agrees until the answers are compared (vote).
template <class Problem, class Answer>
Row row_of(const PuzzleInput& p, const Problem& problem, const Spec& spec, const Solver& solver, const Attempt<Answer>& a) {
  const BasicResult<Answer>& r = a.result;
  Row row;
  row.puzzle = p.number;
  row.source = p.source;
  row.line = p.line;
  row.shape = shape_of(problem);
  row.givens = givens_of(problem);
  row.rules = rules_of(problem);
  row.backend = spec.label;
  row.options = solver.options();
  row.status = std::string(to_string(r.status));
  row.count = r.count;
  row.nodes = r.stats.nodes;
  row.guesses = r.stats.guesses;
  row.backtracks = r.stats.backtracks;
  row.propagations = r.stats.propagations;
  row.time = r.stats.seconds;
  row.cpu_time = a.cpu_seconds;
  row.counters = counters_text(r.stats);
  if (spec.info.rating) row.rating = spec.info.rating->word(r.stats);
  row.verdict = r.status != Status::stopped ? Verdict::agrees
                : r.stop_reason == StopReason::time ? Verdict::timeout
                                                    : Verdict::stopped;
  if (r.estimate && r.status == Status::stopped) {
    row.estimated_nodes = r.estimate->nodes;
    row.searched_fraction = r.estimate->fraction;
  }
  if (!a.error.empty()) {
    row.status = "error";
    row.verdict = Verdict::failed;
  }
  if (!a.wrong.empty()) {
    row.status = "wrong";
    row.verdict = Verdict::invalid;
  }
  if (a.skipped) {
    row.status = "skipped";
    row.verdict = Verdict::skipped;
  }
  return row;
}

// The answer most backends give is taken as right; with a tie, nobody is: every row that agreed
// with another answer, or in a tie, disagrees.
void vote(Row* rows, const std::vector<std::string>& answers) {
  std::map<std::string, int> votes;
  for (std::size_t b = 0; b < answers.size(); ++b)
    if (rows[b].verdict == Verdict::agrees) ++votes[answers[b]];
  std::string majority;
  int best = 0, ties = 0;
  for (const auto& [answer, n] : votes) {
    if (n > best) best = n, majority = answer, ties = 1;
    else if (n == best) ++ties;
  }
  for (std::size_t b = 0; b < answers.size(); ++b)
    if (rows[b].verdict == Verdict::agrees && (ties > 1 || answers[b] != majority)) rows[b].verdict = Verdict::disagrees;
}

// The report of a problem the backends disagree on: the problem, what failed, and each answer.
template <class Problem, class Answer>
std::string disagreement_text(const PuzzleInput& p, const Problem& problem, const std::vector<Spec>& specs,
                              const Row* rows, const std::vector<BasicResult<Answer>>& results,
                              const std::vector<std::string>& problems) {
  std::ostringstream out;
  out << "DISAGREEMENT on puzzle " << p.number << " (" << p.source << ", line " << p.line
      << "): " << problem_text(problem) << "\n";
  for (const auto& message : problems) out << "  " << message << "\n";
  for (std::size_t b = 0; b < results.size(); ++b) {
    const auto& r = results[b];
    out << "  " << specs[b].label << ": " << rows[b].status << ", " << counted(r.count, "solution") << ", "
        << counted(r.stats.nodes, "node");
    if (!r.solutions.empty()) out << ", first: " << solution_text(r.solutions.front());
    out << " [" << rows[b].verdict << "]\n";
  }
  return out.str();
}

// Solves one problem with every backend and fills its rows; returns the disagreement report
// (empty when all agree).
template <class Problem>
std::string check_problem(const PuzzleInput& p, const Problem& problem, Workers& w, const std::vector<Limits>& limits,
                          Row* rows) {
  std::vector<BasicResult<AnswerOf<Problem>>> results;
  std::vector<std::string> answers, problems;
  for (std::size_t b = 0; b < w.solvers.size(); ++b) {
    Attempt<AnswerOf<Problem>> a = attempt(problem, w, b, limits[b]);
    rows[b] = row_of(p, problem, w.specs[b], *w.solvers[b], a);
    if (!a.error.empty()) problems.push_back(w.specs[b].label + " failed: " + a.error);
    if (!a.wrong.empty()) problems.push_back(w.specs[b].label + " gave a wrong answer: " + a.wrong);
    answers.push_back(answer_of(a.result));
    results.push_back(std::move(a.result));
  }
  vote(rows, answers);
  bool disagreement = false;
  for (std::size_t b = 0; b < results.size(); ++b) disagreement |= is_disagreement(rows[b]);
  return disagreement ? disagreement_text(p, problem, w.specs, rows, results, problems) : std::string();
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
      OnlineEstimator estimator;  // this thread's: one search at a time
      std::vector<Limits> mine = limits;
      if (options.estimates)
        for (Limits& l : mine) l.estimator = &estimator;
      for (std::size_t i; !stopping() && (i = next++) < puzzles.size(); ++done) {
        messages[i] = check_puzzle(puzzles[i], workers, mine, &report.rows[i * width]);
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

}  // namespace sudokit
