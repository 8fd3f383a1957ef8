// The interface every backend implements, and what a solve returns.
//
// Example (the test suite compiles and runs it as it stands here: tests/CMakeLists.txt):
//
//   #include <iostream>
//
//   #include "sudokit/format.h"
//   #include "sudokit/registry.h"
//   #include "sudokit/verify.h"
//
//   int main() {
//     const sudokit::Grid puzzle = sudokit::read_one(
//         "004300209005009001070060043006002087190007400050083000600000105003508690042910300");
//     const sudokit::Registry registry = sudokit::builtin_solvers();  // sudokit/registry.h
//     auto solver = registry.create("propagate");
//     sudokit::Limits limits;
//     limits.solutions = 2;  // find one and prove it unique
//     const sudokit::Result r = solver->solve(puzzle, limits);
//     if (r.status != sudokit::Status::unique || !sudokit::is_solution(puzzle, r.solutions[0])) return 1;
//     std::cout << sudokit::to_string(r.status) << " " << sudokit::to_line(r.solutions[0]) << "\n";
//   }
//
// Two kinds of problem go through it: Sudoku grids (Grid, Result) and exact-cover problems
// (ExactCover, CoverResult, whose solutions are the chosen options). Each backend declares which
// it takes, how it counts work and whether it can trace (BackendInfo); everything that runs
// backends reads those declarations, never a backend's name.
//
// Statistics are plain counters; docs/stats.md defines each one exactly, per backend, so that
// numbers compare across backends.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sudokit/errors.h"
#include "sudokit/exact_cover.h"
#include "sudokit/grid.h"
#include "sudokit/probe.h"
#include "sudokit/shape.h"
#include "sudokit/stats.h"
#include "sudokit/trace.h"
#include "sudokit/online_estimate.h"

namespace sudokit {

struct Limits {
  std::uint64_t solutions = 1;     // stop after this many: 1 any one, 2 prove uniqueness, 0 all
  std::uint64_t max_nodes = 0;     // node budget, 0 for none
  double max_seconds = 0;          // time budget from the start of solve(), 0 or >= 1e9 for none
                                   // (negative or NaN: solve() throws UsageError)
  std::size_t keep_solutions = 16; // how many of the solutions found are returned in full
  std::function<void(const Grid&)> on_solution;  // optional: called for every solution, as found
  std::function<void(const Selection&)> on_cover_solution;  // the same for exact-cover problems
  SearchObserver* observer = nullptr;            // optional: told every step (trace.h)
  // Optional: one random probe instead of the search (probe.h). Each node enters only the child
  // probe->pick() chooses; only a backend that declares BackendInfo::probes takes it (the others
  // throw UsageError).
  Probe* probe = nullptr;
  // Optional: the online estimates of the tree's size (online_estimate.h), kept during the search
  // by a backend that searches a tree (estimates_online(); the others leave it as solve() reset it) and
  // returned in the result's `estimate`. Another thread may read it while the search runs. Not
  // with `probe` (solve() throws UsageError): a probe's path estimates nothing online.
  OnlineEstimator* estimator = nullptr;
};

enum class Status {
  unique,    // exactly one solution, proven (the search finished)
  multiple,  // two or more solutions found (all of them, or as many as the limit asked for)
  solved,    // one solution found and the search stopped there (limit 1): uniqueness unknown
  none,      // no solution, proven
  stopped,   // a node or time limit, or a no-search mode, ended the search first; count = found so far
};
std::string_view to_string(Status status);

enum class StopReason { none, nodes, time, no_search, probe };  // probe: one random path (probe.h)
std::string_view to_string(StopReason reason);

// The status of a search that found `count` solutions looking for up to `limit` (0: all), ended
// early by `stop` or not. Every backend's result goes through this one rule.
Status final_status(std::uint64_t count, StopReason stop, std::uint64_t limit);

// What a solve returns; Answer is a Grid for Sudoku, a Selection for exact cover.
template <class Answer>
struct BasicResult {
  using value_type = Answer;
  Status status = Status::none;
  StopReason stop_reason = StopReason::none;
  std::uint64_t count = 0;          // solutions found (exact when the search finished)
  std::vector<Answer> solutions;    // the first Limits::keep_solutions of them
  // When the run stopped (status stopped) before an answer: the part of one it had established
  // without guessing, the givens and every inference (a grid with the cells it could fill; for
  // exact cover, the options that must be chosen). Only a backend that can tell sets it:
  // propagate with -o search=off does.
  std::optional<Answer> deduced;
  Stats stats;
  // With Limits::estimator, from a backend that keeps it and once there is an estimate (nodes
  // above 0): the tree's size estimated from the part searched (exact, fraction 1, when the search
  // visited the whole tree). online_estimate.h.
  std::optional<OnlineEstimate> estimate;
};
using Result = BasicResult<Grid>;
using CoverResult = BasicResult<Selection>;  // each solution's options ascending

// Backend options, "key=value" pairs given on the command line with -o. Each backend reads the
// keys it knows with take(); unknown_keys() lists what nobody took so a typo is an error.
class SolverOptions {
 public:
  SolverOptions() = default;
  void set(std::string key, std::string value);
  static SolverOptions parse(const std::vector<std::string>& pairs);  // throws UsageError
  std::optional<std::string> take(std::string_view key) const;
  bool take_flag(std::string_view key, bool fallback) const;  // on/off, true/false, yes/no, 1/0
  std::vector<std::string> unknown_keys() const;
  bool empty() const { return entries_.empty(); }

 private:
  struct Entry {
    std::string key, value;
    mutable bool taken = false;
  };
  std::vector<Entry> entries_;
};

enum class ProblemKind { sudoku, exact_cover };
std::string_view to_string(ProblemKind kind);  // "sudoku", "xc"

// What a backend declares about itself when it is registered. The command line, compare, the
// tests, the bench and the experiments read these, never a backend's name.
struct BackendInfo {
  BackendInfo() = default;
  BackendInfo(std::string name_, std::string summary_) : name(std::move(name_)), summary(std::move(summary_)) {}
  std::string name, summary;
  // The folder its code is in, from the project's root ("solvers/dlx"): set by its registration
  // (solvers/CMakeLists.txt), not by the backend. A backend built in from outside solvers/
  // (SUDOKIT_EXTRA_BACKENDS) is not one sudokit ships, and the tutorial leaves it out.
  std::string source;
  bool sudoku = true;        // takes Sudoku grids: solve(const Grid&, ...)
  bool exact_cover = false;  // takes exact-cover problems: solve(const ExactCover&, ...)
  // The Sudoku grids it takes: sides up to max_size (every size sudokit reads, 64, by default),
  // and with classic_only none with variant rules (rules.h). compare, the bench, the tests and
  // Registry::default_for read takes() and leave a backend out of what it does not take, so a
  // new backend need not implement every size and rule to join.
  // A backend built for one box shape alone says which in only_boxes (rows, columns of a box:
  // {3, 3} takes 9x9 grids with 3x3 boxes and no other); takes_side() and takes() read it.
  int max_size = kMaxSize;
  bool classic_only = false;
  std::optional<std::pair<int, int>> only_boxes;
  bool takes_side(int size) const {
    return sudoku && size <= max_size && (!only_boxes || size == only_boxes->first * only_boxes->second);
  }
  bool takes(const Shape& shape) const {
    return takes_side(shape.size()) && (!classic_only || shape.rules().classic()) &&
           (!only_boxes || (shape.box_rows() == only_boxes->first && shape.box_cols() == only_boxes->second));
  }
  std::string grids() const;  // those grids in words: "classic grids up to 9x9", "every grid"
  // Why it does not take grids like `shape`, in the words every command reports ("sixth does not
  // take a 16x16 grid: it takes classic grids up to 9x9"); empty when it takes them.
  std::string refusal(const Shape& shape) const;
  std::string node_unit = "nodes";      // what --max-nodes bounds (docs/stats.md): "nodes" or "conflicts"
  // The work budget per puzzle, in node_unit, that `compare` gives this backend when its command
  // line sets none (--max-nodes): a few hundredths of a second of search on a 9x9 puzzle on one
  // core of the reference machine (docs/experiments.md), so that a big file ends in a bounded time
  // and stops at the same point on any machine. 0: no default budget.
  std::uint64_t default_budget = 0;
  std::vector<std::string> work;        // its own measures of work, named counters in Stats ("updates", "mems")
  // What it reports to Limits::observer (--trace, --tree): every node of its search (steps), or
  // only notes such as a SAT solver call's decisions and conflicts (notes).
  enum class Tracing { none, notes, steps } tracing = Tracing::steps;
  // Settings under which a backend that traces only notes reports every step, each a method a
  // lesson can show (sat: its textbook DPLL and CDCL, solver=dpll and solver=cdcl); `sudokit teach`
  // shows them beside the backends that trace every step by default.
  std::vector<std::vector<std::pair<std::string, std::string>>> stepwise;
  // Whether it searches a tree it can probe at random under its defaults (Limits::probe: Knuth's
  // estimate of the tree's size, `sudokit estimate`), and the settings under which one that cannot
  // can (sat: its textbook DPLL, solver=dpll; propagate: choice=parent, as its default tree
  // depends on the order it is searched in). The online estimate (Limits::estimator, a stopped
  // search's `estimated_nodes`) is the solver's to say: Solver::estimates_online().
  bool probes = false;
  std::vector<std::vector<std::pair<std::string, std::string>>> probing;
  std::string options;                  // its -o keys, as "key=a|b" words, for `sudokit solvers`
  // Each value of each key the options offer a choice of ("key=a|b"), in order: what the tests
  // and the differential fuzzer run a backend under besides its defaults.
  std::vector<std::pair<std::string, std::string>> option_choices() const;
  // How fast it was measured to be, per kind of problem and range of grid sizes: problems per
  // second, proving uniqueness (Sudoku) or counting every solution (exact cover, size 0). The
  // figures are not typed into code: solvers/speeds.tsv holds them, experiments/speeds.sh writes
  // that file from sudokit-bench's runs, and builtin_solvers() reads it. A command that must pick
  // a backend and was not told one takes the fastest there (Registry::default_for).
  struct Speed {
    ProblemKind kind = ProblemKind::sudoku;
    int min_size = 0, max_size = 0;  // grid sides it was measured for (0, 0 for exact cover)
    double per_second = 0;
    std::string measured;  // on what, how: "data/top1465, --count 2, best of 3"
  };
  std::vector<Speed> speeds;
  double speed(ProblemKind kind, int size) const;  // 0 when not measured there
  // A counter whose value names a step on a scale, 1 for the first word: propagate's `rating`
  // (1 singles ... 5 search). compare writes the word in its `rating` column.
  struct Rating {
    std::string counter;
    std::vector<std::string> words;
    // The options under which a rating means what the scale says (propagate: every rule, no
    // search); `generate --difficulty` rates with the first backend declaring a scale, so set.
    std::vector<std::pair<std::string, std::string>> options;
    // The word for this counter's value in `stats`; empty when absent or off the scale.
    std::string word(const Stats& stats) const;
  };
  std::optional<Rating> rating;
  // How it proves an unsatisfiable answer ("no solution", or "no solution but the one found"):
  // the -o key that names the proof's file, written in DRAT text, and the suffix of the file
  // beside it that holds the formula the proof refutes (FILE.cnf). `compare --certify` takes the
  // first backend that declares it (Registry::certifier). No value: it writes no proofs.
  struct Proofs {
    std::string option = "proof";
    std::string formula_suffix = ".cnf";
    // What a certifier sets besides the proof's file: the formula that owes least to sudokit's
    // own code (sat: givens=units, the givens as unit clauses rather than propagated away by the
    // same reduction the backend being certified uses).
    std::vector<std::pair<std::string, std::string>> options;
  };
  std::optional<Proofs> proofs;
  // Solver::uniqueness_session() gives a session (an incremental solver for one grid): the
  // generator's removal checks then cost one satisfiability question each (generate.h).
  bool uniqueness_sessions = false;
  bool takes(ProblemKind kind) const { return kind == ProblemKind::sudoku ? sudoku : exact_cover; }
};

// Uniqueness checks against one complete grid, S, kept across many questions: what the generator
// asks while it removes clues. Each question is about a puzzle P whose givens agree with S and
// whose only solution is S (the caller's invariant). P with some cells made blank still has only
// S iff no solution of it differs from S in one of those cells: one satisfiability question, not
// a count to 2; a session may keep, from one question to the next, what it worked out for S.
class UniquenessSession {
 public:
  virtual ~UniquenessSession() = default;
  // Whether `puzzle` with `cells` made blank has S as its only solution: Status::unique (proven),
  // multiple (another solution exists) or stopped (a node or time limit of `limits` ran out; the
  // other fields of `limits` are not used). `puzzle` still has `cells` given.
  virtual Status unique_without(const Grid& puzzle, std::span<const int> cells, const Limits& limits) = 0;
  // `cell` stays given in every later question (a clue that could not go): the session may fix
  // it for good instead of asking it each time.
  virtual void keep(int cell) = 0;
};

// A backend. Callers ask solve(); a backend implements search(). solve() lets no answer out that
// the independent verifier (verify.h, exact_cover.h) has not accepted: every solution kept in the
// result or passed to Limits::on_solution / on_cover_solution (and none of the first million of
// those passed twice),
// the part a stopped search deduced, and the result's own arithmetic (its status is
// final_status() of its count, it keeps min(count, keep_solutions) solutions, all different).
// What fails is thrown as WrongAnswer, naming the backend and the fault, never returned; so a bug
// in a backend, a SAT library or an external program shows as an error, not as an answer. A count
// beyond the solutions kept and passed on is the backend's word: no solution of it is shown, and
// compare checks it against the other backends'. After a solve() that threw, make the backend
// again: its search may have left its state half undone.
class Solver {
 public:
  virtual ~Solver() = default;
  virtual std::string_view name() const = 0;
  virtual std::string options() const { return {}; }  // the settings in effect, "key=value,..."
  // Solves `puzzle` under `limits`. A puzzle whose givens conflict has no solution (Status::none).
  // Throws WrongAnswer when the backend's answer fails verification (above), UsageError for a
  // shape the backend cannot handle or when it takes no Sudoku; never exits.
  Result solve(const Grid& puzzle, const Limits& limits);
  // Solves an exact-cover problem (validated: see ExactCover::validate), checked as above. Throws
  // UsageError when the backend takes no exact cover.
  CoverResult solve(const ExactCover& problem, const Limits& limits);
  // A session of uniqueness checks against the complete grid `solution` (UniquenessSession), or
  // nullptr when the backend has none (it declares BackendInfo::uniqueness_sessions when it has).
  // Throws UsageError for a shape the backend cannot handle.
  virtual std::unique_ptr<UniquenessSession> uniqueness_session(const Grid& solution);
  // Whether its search, as configured, is a tree whose nodes' children depend on the node alone,
  // which a random probe can walk: it takes Limits::probe (it declares BackendInfo::probes or
  // BackendInfo::probing); solve() refuses a probe otherwise with UsageError.
  virtual bool probes() const { return false; }
  // Whether it keeps Limits::estimator, the online estimate of the tree it searches: those that
  // probe, and a backend whose tree depends on the order it is searched in (propagate's
  // choice=last), which a probe cannot walk but a search can still measure as it goes.
  virtual bool estimates_online() const { return probes(); }

 protected:
  // The backend's search, as solve() describes it; its answers reach callers through solve() only.
  // The defaults throw UsageError (the backend does not take that kind of problem).
  virtual Result search(const Grid& puzzle, const Limits& limits);
  virtual CoverResult search(const ExactCover& problem, const Limits& limits);
};

class Registry {
 public:
  using Factory = std::function<std::unique_ptr<Solver>(const SolverOptions&)>;
  struct Entry {
    BackendInfo info;
    Factory make;
  };
  void add(BackendInfo info, Factory make);  // throws UsageError for a name given twice
  // A family of backends named PREFIX:MEMBER, made on demand rather than listed one by one (the
  // external SAT solvers: ext:minisat, ext:cmd=/path/to/solver). `resolve` gets MEMBER and returns
  // that backend's declaration and factory, or throws UsageError (no such program, say);
  // `members` lists the members available now, for `sudokit solvers`.
  struct Family {
    std::string prefix, summary;
    std::function<Entry(std::string_view member)> resolve;
    std::function<std::vector<std::string>()> members;
  };
  void add_family(Family family);  // throws UsageError for a prefix given twice
  // Makes the named backend; throws UsageError for an unknown name or an option it did not take.
  std::unique_ptr<Solver> create(std::string_view name, const SolverOptions& options = {}) const;
  const std::vector<Entry>& entries() const { return entries_; }
  const std::vector<Family>& families() const { return families_; }
  // What the named backend declares (a family member is resolved); throws UsageError for an
  // unknown name.
  BackendInfo info(std::string_view name) const;
  // Every registered backend, in registration order (family members are not listed: name them).
  std::vector<std::string> names() const;
  std::vector<std::string> names(ProblemKind kind) const;  // those that take `kind`
  std::vector<std::string> names(const Shape& shape) const;  // the Sudoku backends taking such grids
  bool contains(std::string_view name) const;              // registered by add()
  bool is_family(std::string_view prefix) const;           // "ext" when ext:... is a family
  // The backend a command takes when it was not told one, for a problem of `kind` and grid side
  // `size` (exact cover: any): of the backends that take it (a Sudoku backend: grids of that
  // size, BackendInfo::max_size), the one declaring the highest speed there (BackendInfo::speeds),
  // the first registered on a tie or when none is measured. solve,
  // xc, check, generate and the Python module all ask here, so none of them names a backend.
  // Throws UsageError when no backend takes `kind`.
  std::string default_for(ProblemKind kind, int size = 9) const;
  // The same for Sudoku grids like `shape`, its rules too (BackendInfo::takes): of the backends
  // that take them, the one declaring the highest speed at side `speed_at` (0: the shape's own;
  // generate's filler asks for the fastest at 9, the light search it does). Throws UsageError
  // when none takes them.
  std::string default_for(const Shape& shape, int speed_at = 0) const;
  // The backend that proves `kind`'s verdicts for `compare --certify`: the first registered that
  // takes it and declares BackendInfo::proofs; throws UsageError when none does.
  std::string certifier(ProblemKind kind) const;
  // The generator's default checker: the first Sudoku backend that declares uniqueness sessions
  // (one question per removal instead of a count to 2), else `fallback`.
  std::string uniqueness_checker(std::string_view fallback) const;

 private:
  UsageError unknown_backend(std::string_view name) const;
  std::optional<Entry> resolve(std::string_view name) const;  // a registered backend or a family member
  std::vector<Entry> entries_;
  std::vector<Family> families_;
};

// The CPUs this process may run on (its affinity mask, as taskset sets it), not the machine's:
// more threads than that share cores and inflate every time measured (compare's jobs, a sat
// portfolio's members). At least 1.
unsigned usable_cpus();

// Node and time limits for a search loop: call charge() once per node; it says when to stop.
// The clock is read every 256 nodes, so a deadline costs almost nothing; a backend whose nodes
// cost far more on large grids (propagate: about a millisecond a node at 64x64) reads it more
// often, so that it stops close to the deadline. The time budget runs from construction: make
// it before any set-up (building a matrix, loading a formula), which the deadline then includes.
class SearchBudget {
 public:
  static constexpr std::uint32_t kNodesPerClockRead = 256;
  // Throws UsageError for a negative or NaN time limit; nodes_per_clock_read 0 counts as 1.
  explicit SearchBudget(const Limits& limits, std::uint32_t nodes_per_clock_read = kNodesPerClockRead);
  bool charge(std::uint64_t nodes_so_far) {  // true: stop now
    if (nodes_so_far > node_limit_) return stop(StopReason::nodes);
    if (--countdown_ == 0) return tick();
    return false;
  }
  // For a loop that keeps its node count in a register and compares it with a bound instead of
  // calling charge() per node, or counts several nodes at once without stepping through them:
  // the highest count, `nodes_so_far` charged, up to which charge() would neither stop nor read
  // the clock. For the first node past it, n, the loop calls charge_after_quiet(n), which
  // charges the nodes between as charge() would have, then n itself, and returns what charge(n)
  // returns; then it asks again.
  std::uint64_t quiet_until(std::uint64_t nodes_so_far) {
    quiet_from_ = nodes_so_far;
    return std::min(node_limit_, nodes_so_far + countdown_ - 1);
  }
  bool charge_after_quiet(std::uint64_t nodes_so_far) {
    countdown_ -= static_cast<std::uint32_t>(nodes_so_far - 1 - quiet_from_);
    return charge(nodes_so_far);
  }
  bool out_of_time();  // checks the clock now
  StopReason reason() const { return reason_; }
  // The deadline, when there is one: a time budget too long for the clock (1e10 s, infinity)
  // has none, so callers never convert such a budget themselves.
  std::optional<std::chrono::steady_clock::time_point> deadline() const {
    return has_deadline_ ? std::optional(deadline_) : std::nullopt;
  }
  bool stopped() const { return reason_ != StopReason::none; }
  double elapsed_seconds() const;

 private:
  bool stop(StopReason r) {
    reason_ = r;
    return true;
  }
  bool tick() {
    countdown_ = nodes_per_clock_read_;
    return out_of_time();
  }
  std::chrono::steady_clock::time_point start_, deadline_;
  std::uint64_t node_limit_;  // largest node count allowed
  bool has_deadline_;
  std::uint32_t nodes_per_clock_read_;
  std::uint32_t countdown_;
  std::uint64_t quiet_from_ = 0;  // the count quiet_until() was last asked at
  StopReason reason_ = StopReason::none;
};

// Collects solutions under the limits and turns a finished or stopped search into a result.
template <class Answer>
class BasicSolutionSink {
 public:
  explicit BasicSolutionSink(const Limits& limits) : limits_(limits) {}
  // Records one solution; returns true when the solution limit is reached and the search should end.
  bool add(const Answer& solution);
  // Whether the next solution is looked at (kept, or passed to a callback). When it is not, a
  // backend may skip building it and call add_unseen(): counting many solutions costs less.
  bool wants_answer() const;
  bool add_unseen();  // records one solution nobody looks at; returns as add() does
  std::uint64_t count() const { return count_; }
  // The result for a search that ended: `stop` is the limit that cut it short, if any.
  BasicResult<Answer> finish(StopReason stop, Stats stats);

 private:
  const Limits& limits_;
  std::uint64_t count_ = 0;
  std::vector<Answer> kept_;
};
using SolutionSink = BasicSolutionSink<Grid>;
using CoverSolutionSink = BasicSolutionSink<Selection>;  // add() takes the options ascending

}  // namespace sudokit
