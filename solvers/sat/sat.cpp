#include "sudokit/sat/sat.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <optional>
#include <span>

#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/sat/dpll.h"
#include "sudokit/verify.h"

namespace sudokit {

using sat::Answer;
using sat::Library;
using sat::SatLibrary;

namespace {

// Thrown by a Loader whose deadline passed while it loaded: the solve reports "stopped" (time).
struct LoadStopped {};

// Feeds clauses to a library as an encoder emits them, with no formula built in between. The
// cell variables are created at once (one new_vars call is far cheaper than one per variable:
// CryptoMiniSat grows every per-variable array by one each time, which made loading a 49x49
// grid's compact formula take 5 s): all of them, or with `fixed` only the open ones, so that a
// reduced formula brings none of the variables the givens fixed; and in the same call the
// `auxiliaries` the encoder says it will number (SudokuRules::auxiliaries), handed out in the
// order they are first used. Any other variable is created on first use. With a deadline, the
// clock is read every kClausesPerClockRead clauses and LoadStopped thrown once it has passed: a
// 64x64 grid is millions of clauses, seconds of loading.
class Loader {
 public:
  using Deadline = std::optional<std::chrono::steady_clock::time_point>;
  // Every clause given to the library is also kept, in its numbering, in `record`: what its
  // models are checked against.
  Loader(SatLibrary& s, ClauseList& record, int cell_vars, const std::vector<signed char>* fixed = nullptr,
         int auxiliaries = 0, Deadline deadline = std::nullopt)
      : solver_(s), record_(record), map_(static_cast<std::size_t>(cell_vars) + 1, kAbsent), deadline_(deadline) {
    int open = 0;
    for (std::size_t v = 1; v < map_.size(); ++v) open += !fixed || (*fixed)[v] == 0;
    int next = open + auxiliaries > 0 ? s.new_vars(open + auxiliaries) : 0;
    for (std::size_t v = 1; v < map_.size(); ++v)
      if (!fixed || (*fixed)[v] == 0) map_[v] = next++;
    pool_next_ = next;
    pool_end_ = next + auxiliaries;
    used_ = open;
  }

  void add(std::span<const int> clause) {
    if (deadline_ && ++since_clock_read_ == kClausesPerClockRead) {
      since_clock_read_ = 0;
      if (std::chrono::steady_clock::now() >= *deadline_) throw LoadStopped{};
    }
    buffer_.clear();
    for (int lit : clause) buffer_.push_back(lit > 0 ? solver_var(lit) : -solver_var(-lit));
    solver_.add_clause(buffer_);
    record_.add(buffer_);
    ++clauses_;
  }
  ClauseSink sink() {
    return [this](std::span<const int> clause) { add(clause); };
  }

  // The library's variable for formula variable v (created on first use).
  int solver_var(int v) {
    const auto i = static_cast<std::size_t>(v);
    if (i >= map_.size()) map_.resize(i + 1, kAbsent);
    if (map_[i] == kAbsent) {
      map_[i] = pool_next_ < pool_end_ ? pool_next_++ : solver_.new_vars(1);
      ++used_;
    }
    return map_[i];
  }
  // The library's variable for formula variable v, or 0 when it has none (fixed by the givens).
  int mapped(int v) const {
    const auto i = static_cast<std::size_t>(v);
    return i < map_.size() ? map_[i] : kAbsent;
  }
  // Formula variable v's value in the model; false when the formula never mentioned it.
  bool is_true(int v) const {
    const auto i = static_cast<std::size_t>(v);
    return i < map_.size() && map_[i] != kAbsent && solver_.is_true(map_[i]);
  }

  std::uint64_t variables() const { return static_cast<std::uint64_t>(used_); }
  std::uint64_t clauses() const { return clauses_; }
  // The inverse map, [library variable] -> formula variable (0: none), for dpll's names.
  std::vector<int> formula_vars() const {
    std::vector<int> of;
    for (std::size_t v = 1; v < map_.size(); ++v)
      if (map_[v] != kAbsent) {
        const auto s = static_cast<std::size_t>(map_[v]);
        if (s >= of.size()) of.resize(s + 1, 0);
        of[s] = static_cast<int>(v);
      }
    return of;
  }

 private:
  static constexpr int kAbsent = 0;
  SatLibrary& solver_;
  ClauseList& record_;
  std::vector<int> map_;
  std::vector<int> buffer_;
  int used_ = 0;
  int pool_next_ = 0, pool_end_ = 0;  // created in advance, not yet handed out
  std::uint64_t clauses_ = 0;
  Deadline deadline_;
  static constexpr int kClausesPerClockRead = 4096;
  int since_clock_read_ = 0;
};

struct Totals {
  std::uint64_t decisions = 0, conflicts = 0, propagations = 0, flips = 0;
  bool counts_decisions = true;  // false when the library gives no decision count (CaDiCaL)
  bool counts_flips = false;     // dpll (Dpll::last_flips)
  void add(const sat::CallStats& call) {
    counts_decisions = counts_decisions && call.decisions.has_value();
    decisions += call.decisions.value_or(0);
    propagations += call.propagations.value_or(0);
    conflicts += call.conflicts;
  }
};

Stats stats_of(const Totals& t, double seconds, std::uint64_t variables, std::uint64_t clauses) {
  Stats st;
  st.nodes = 1 + t.decisions + t.flips;  // dpll: a flipped decision is a node, not a guess
  st.guesses = t.decisions;
  st.backtracks = t.conflicts;
  st.propagations = t.propagations;
  st.seconds = seconds;
  if (t.counts_decisions) st.counters.push_back({"decisions", t.decisions});
  if (t.counts_flips) st.counters.push_back({"flips", t.flips});
  st.counters.push_back({"conflicts", t.conflicts});
  st.counters.push_back({"variables", variables});
  st.counters.push_back({"clauses", clauses});
  return st;
}

std::string describe(Library library, int number, const sat::CallStats& call) {
  std::string s = library == Library::cadical ? "CaDiCaL" : library == Library::dpll ? "DPLL" : "CryptoMiniSat";
  s += " call " + std::to_string(number) + ": ";
  if (call.decisions) s += std::to_string(*call.decisions) + " decisions, ";
  s += std::to_string(call.conflicts) + " conflicts";
  if (call.propagations) s += ", " + std::to_string(*call.propagations) + " propagations";
  return s;
}

// The library's last model, checked against every clause it was given and every assumption it was
// asked under, before anything is read from it: a library that answers "satisfiable" with an
// assignment that is not a model is caught here, whatever the encoding or givens mode.
void check_model(SatLibrary& s, Library library, const ClauseList& clauses, std::span<const int> assumptions) {
  int variables = clauses.variables();
  for (int lit : assumptions) variables = std::max(variables, lit > 0 ? lit : -lit);
  boost::dynamic_bitset<> value(static_cast<std::size_t>(variables) + 1);
  for (int v = 1; v <= variables; ++v)
    if (s.is_true(v)) value.set(static_cast<std::size_t>(v));
  std::string fault = clauses.falsified(value);
  for (int lit : assumptions)
    if (fault.empty() && value.test(static_cast<std::size_t>(lit > 0 ? lit : -lit)) != (lit > 0))
      fault = "the assumption " + std::to_string(lit) + " is false under the model";
  if (!fault.empty())
    throw WrongAnswer("sat", std::string(sat::to_string(library)) + "'s model does not satisfy the formula it was given: " + fault);
}

// Asks the library again and again, each call under what is left of the limits (the node budget
// is a conflict budget, carried across the calls). After each model, `next` reads it and fills
// the clause that forbids it; returning false ends the search. Returns what stopped it, if a limit.
// dpll is asked once: it goes on after each model itself (chronological backtracking), and `next`
// only reads the model; the node budget is its conflict budget.
// Each blocking clause is kept in `clauses` with the rest of what the library was given; `next`
// checks each model against them (check_model).
template <class Next>
StopReason enumerate(SatLibrary& s, Library library, std::span<const int> assumptions, const SearchBudget& budget,
                     const Limits& limits, Totals& totals, ClauseList& clauses, std::vector<int>& block, Next next) {
  if (library == Library::dpll) {
    sat::CallLimits call;
    call.deadline = budget.deadline();
    call.max_conflicts = limits.max_nodes;
    const Answer answer = static_cast<sat::Dpll&>(s).search(assumptions, call, limits.observer, [&] {
      block.clear();
      return next();
    });
    totals.add(s.last_call());
    totals.flips = static_cast<sat::Dpll&>(s).last_flips();
    totals.counts_flips = true;
    if (limits.observer)
      limits.observer->note(describe(library, 1, s.last_call()) + ", " + std::to_string(totals.flips) + " flips");
    if (answer != Answer::stopped) return StopReason::none;
    return limits.max_seconds > 0 && budget.elapsed_seconds() >= limits.max_seconds ? StopReason::time
                                                                                    : StopReason::nodes;
  }
  for (int calls = 1;; ++calls) {
    sat::CallLimits call;
    call.deadline = budget.deadline();
    if (limits.max_nodes > 0) {
      if (totals.conflicts >= limits.max_nodes) return StopReason::nodes;
      call.max_conflicts = limits.max_nodes - totals.conflicts;
    }
    const Answer answer = s.solve(assumptions, call);
    const sat::CallStats stats = s.last_call();
    totals.add(stats);
    if (limits.observer)
      limits.observer->note(describe(library, calls, stats) + ": " +
                            (answer == Answer::satisfiable     ? "satisfiable"
                             : answer == Answer::unsatisfiable ? "unsatisfiable"
                                                               : "stopped"));
    if (answer == Answer::unsatisfiable) return StopReason::none;
    // An undecided answer came from the deadline when it has passed, else from the conflict budget.
    if (answer == Answer::stopped)
      return limits.max_seconds > 0 && budget.elapsed_seconds() >= limits.max_seconds ? StopReason::time
                                                                                      : StopReason::nodes;
    block.clear();
    if (!next()) return StopReason::none;
    s.add_clause(block);
    clauses.add(block);
  }
}

}  // namespace

std::string_view sat::to_string(Library library) {
  return library == Library::cadical ? "cadical" : library == Library::dpll ? "dpll" : "cryptominisat";
}

// The library `solver=auto` takes, as measured (docs/backends/sat.md, docs/benchmarks.md):
// * exact cover: CaDiCaL. Counting is one call per solution, and a CryptoMiniSat call costs
//   milliseconds before it searches: 12 queens 1.2 CPU seconds with CaDiCaL, 92 with CryptoMiniSat.
// * Sudoku up to 24x24: CryptoMiniSat. A puzzle is a fresh solver and two calls, and
//   CryptoMiniSat builds and loads faster: 1.2x CaDiCaL's puzzles/s on top1465 (9x9), 1.5x on
//   16x16 (minimal) puzzles.
// * Sudoku from 25x25 to 36x36 (the extended encoding): CaDiCaL. On minimal 25x25 puzzles
//   CryptoMiniSat's search falls far behind: 2 of 9 solved within 20 s, against all 9 with
//   CaDiCaL (docs/benchmarks.md, "Large grids"); on the earlier node-capped, easier 25x25 set it
//   had been 1.4x faster. Above 36x36 (compact) CryptoMiniSat loads faster and smaller (the
//   empty 64x64 grid: 3.9 s and 335 MB against 6.8 s and 440 MB); hard puzzles there not measured.
namespace {

// Passes everything on to a library and keeps what a proof's checker needs besides the proof and
// the clauses (which the search keeps anyway, to check models against): how many variables the
// library has and the last call's answer.
class Recorder final : public SatLibrary {
 public:
  explicit Recorder(std::unique_ptr<SatLibrary> inner) : inner_(std::move(inner)) {}
  int new_vars(int count) override {
    variables_ += count;
    return inner_->new_vars(count);
  }
  void add_clause(std::span<const int> literals) override { inner_->add_clause(literals); }
  Answer solve(std::span<const int> assumptions, const sat::CallLimits& limits) override {
    return last_ = inner_->solve(assumptions, limits);
  }
  bool is_true(int v) override { return inner_->is_true(v); }
  sat::CallStats last_call() override { return inner_->last_call(); }

  // Closes the proof (the library is gone) and returns the formula it refutes: `clauses`.
  Cnf finish(const ClauseList& clauses) {
    inner_.reset();
    Cnf formula = clauses.to_cnf();
    formula.variables = std::max(formula.variables, variables_);
    return formula;
  }
  Answer last() const { return last_; }

 private:
  std::unique_ptr<SatLibrary> inner_;
  int variables_ = 0;
  Answer last_ = Answer::stopped;
};

}  // namespace

std::unique_ptr<SatLibrary> SatSolver::make(Library lib, sat::Setup setup) {
  if (proof_.empty()) return sat::make_library(lib, setup);
  // The k-th proof goes to FILE, then FILE.2, FILE.3, ...: as the ext: backends name theirs.
  setup.proof_path = proof_ + (proofs_ == 0 ? "" : "." + std::to_string(proofs_ + 1));
  proof_in_progress_ = setup.proof_path;
  return std::make_unique<Recorder>(sat::make_library(lib, setup));
}

// A search that ended on an unsatisfiable call (no solution, or no further one) keeps its proof
// and writes the formula beside it as FILE.cnf; any other ending removes the proof file.
void SatSolver::finish_proof(SatLibrary& library, const ClauseList& clauses) {
  if (proof_.empty()) return;
  auto& recorder = static_cast<Recorder&>(library);
  const bool refuted = recorder.last() == Answer::unsatisfiable;
  const Cnf formula = recorder.finish(clauses);
  if (!refuted) {
    std::remove(proof_in_progress_.c_str());
    return;
  }
  // The proof ends at its empty clause: CaDiCaL deletes clauses after it when it is destroyed,
  // and writes none when the clauses it was given propagate to a conflict by themselves, where
  // the empty clause is added here (a checker verifies it like any lemma).
  {
    std::ifstream in(proof_in_progress_);
    std::string text, line;
    bool empty_clause = false;
    while (!empty_clause && std::getline(in, line)) {
      text += line + "\n";
      empty_clause = line == "0";
    }
    if (!empty_clause) text += "0\n";
    in.close();
    std::ofstream(proof_in_progress_, std::ios::trunc) << text;
  }
  std::ofstream cnf(proof_in_progress_ + ".cnf");
  write_dimacs(cnf, formula, {"sudokit sat: the formula that " + proof_in_progress_ + " refutes"});
  if (!cnf.flush()) throw UsageError("sat: cannot write " + proof_in_progress_ + ".cnf");
  ++proofs_;
}

Library SatSolver::library_for(ProblemKind kind, int size) {
  if (kind == ProblemKind::exact_cover) return Library::cadical;
  return size >= 25 && size <= 36 ? Library::cadical : Library::cryptominisat;
}

SatSolver::SatSolver(std::optional<Encoding> encoding, Mode mode, std::optional<Library> library)
    : encoding_(encoding), mode_(mode), library_(library) {}
SatSolver::~SatSolver() = default;

std::unique_ptr<Solver> SatSolver::create(const SolverOptions& options) {
  std::optional<Encoding> e;  // auto
  if (auto v = options.take("encoding"); v && *v != "auto") e = parse_encoding(*v);
  Mode m = Mode::reduce;  // measured the fastest of the three (docs/benchmarks.md)
  if (auto v = options.take("givens")) {
    if (*v == "assume") m = Mode::assume;
    else if (*v == "units") m = Mode::units;
    else if (*v == "reduce") m = Mode::reduce;
    else throw UsageError("sat: givens is assume, units or reduce, not '" + *v + "'");
  }
  std::optional<Library> library;
  if (auto v = options.take("solver")) {
    if (*v == "cryptominisat") library = Library::cryptominisat;
    else if (*v == "cadical") library = Library::cadical;
    else if (*v == "dpll") library = Library::dpll;
    else if (*v != "auto") throw UsageError("sat: solver is auto, cryptominisat, cadical or dpll, not '" + *v + "'");
  }
  auto solver = std::make_unique<SatSolver>(e, m, library);
  if (auto v = options.take("proof")) {
    // Proofs come from CaDiCaL, and only a fresh solver per puzzle derives the empty clause (an
    // answer under assumptions does not).
    if (library && library != Library::cadical) throw UsageError("sat: proof= needs solver=cadical (or auto)");
    if (m == Mode::assume) throw UsageError("sat: proof= needs givens=reduce or givens=units");
    if (v->empty()) throw UsageError("sat: proof= needs a file name");
    solver->library_ = Library::cadical;
    solver->proof_ = *v;
  }
  return solver;
}

std::string SatSolver::options() const {
  const char* mode = mode_ == Mode::assume ? "assume" : mode_ == Mode::units ? "units" : "reduce";
  std::string solver = library_ ? std::string(to_string(*library_))
                       : used_  ? "auto(" + std::string(to_string(*used_)) + ")"
                                : "auto";
  const std::string encoding = encoding_ ? std::string(to_string(*encoding_))
                               : rules_   ? "auto(" + std::string(to_string(rules_encoding_)) + ")"
                                          : "auto";
  return "encoding=" + encoding + ",givens=" + mode + ",solver=" + solver;
}

Library SatSolver::library(ProblemKind kind, int size) {
  used_ = library_ ? *library_ : library_for(kind, size);
  return *used_;
}

Result SatSolver::search(const Grid& puzzle, const Limits& limits) {
  SearchBudget budget(limits);
  SolutionSink sink(limits);
  const Shape& shape = puzzle.shape();
  const int n = shape.size();
  const int cell_vars = shape.cells() * n;
  const Library lib = library(ProblemKind::sudoku, n);

  const bool new_shape = !rules_ || !shape_->same_as(shape);
  if (new_shape) {
    rules_encoding_ = encoding_.value_or(encoding_for(n));
    rules_ = std::make_unique<SudokuRules>(shape, rules_encoding_, true);
    shape_ = puzzle.shape_ptr();
  }
  SatLibrary* s = nullptr;
  std::unique_ptr<SatLibrary> fresh;
  std::optional<Loader> loader;  // fresh solvers: how formula variables map to the library's
  std::vector<int> assumptions;
  const Loader::Deadline deadline = budget.deadline();
  try {
    if (mode_ == Mode::assume) {
      // Each puzzle leaves a retired activation variable and its blocking clauses behind; reloading
      // the rules now and then keeps that dead weight from slowing every later call.
      if (!reused_ || new_shape || lib != reused_library_ || puzzles_on_reused_ >= kReloadEvery) {
        reused_.reset();  // a load cut short by the deadline leaves no half-loaded solver behind
        reused_clauses_.clear();
        auto library = sat::make_library(lib, {.incremental = true, .decide_true_first = true});
        Loader rules(*library, reused_clauses_, cell_vars, nullptr, rules_->auxiliaries(nullptr), deadline);
        rules_->emit(nullptr, rules.sink());
        if (lib == Library::dpll)
          static_cast<sat::Dpll&>(*library).set_vocabulary({shape_.get(), nullptr, rules.formula_vars()});
        reused_ = std::move(library);
        reused_library_ = lib;
        variables_ = rules.variables();
        clauses_ = rules.clauses();
        puzzles_on_reused_ = 0;
      }
      ++puzzles_on_reused_;
      s = reused_.get();
      // A fresh activation variable guards this puzzle's blocking clauses; the cell variables of
      // the rules loaded first are numbered as in the formula.
      assumptions.push_back(s->new_vars(1));
      for (int cell = 0; cell < shape.cells(); ++cell)
        if (puzzle[cell] != 0) assumptions.push_back(cell_var(n, cell, puzzle[cell]));
    } else {
      fresh = make(lib, {.incremental = false, .decide_true_first = true});
      s = fresh.get();
      fresh_clauses_.clear();
      if (mode_ == Mode::units) {
        loader.emplace(*s, fresh_clauses_, cell_vars, nullptr, rules_->auxiliaries(nullptr), deadline);
        rules_->emit(nullptr, loader->sink());
        for (int cell = 0; cell < shape.cells(); ++cell)
          if (puzzle[cell] != 0) {
            const int unit[1] = {cell_var(n, cell, puzzle[cell])};
            loader->add(unit);
          }
      } else {
        const auto fixed = values_fixed_by_givens(puzzle);
        const auto* values = fixed ? &*fixed : nullptr;
        loader.emplace(*s, fresh_clauses_, cell_vars, values, fixed ? rules_->auxiliaries(values) : 0, deadline);
        if (fixed) rules_->emit(values, loader->sink());
        else loader->add({});  // clashing givens: unsatisfiable
      }
      variables_ = loader->variables();
      clauses_ = loader->clauses();
      if (lib == Library::dpll)
        static_cast<sat::Dpll&>(*s).set_vocabulary({&shape, nullptr, loader->formula_vars(), mode_ == Mode::units});
    }
  } catch (const LoadStopped&) {
    // The deadline passed while the formula was loading: stopped by time, before any search.
    if (limits.observer) limits.observer->note("the time limit passed while the formula was loading");
    const std::uint64_t variables = loader ? loader->variables() : 0, clauses = loader ? loader->clauses() : 0;
    loader.reset();
    if (fresh) finish_proof(*fresh, fresh_clauses_);  // no answer: the proof file is removed
    return sink.finish(StopReason::time, stats_of(Totals{}, budget.elapsed_seconds(), variables, clauses));
  }
  auto solver_var = [&](int v) { return loader ? loader->solver_var(v) : v; };
  // A cell variable's value in the model: +1, -1, or 0 when the formula left it out (givens=reduce).
  auto value = [&](int v) {
    const int in_library = loader ? loader->mapped(v) : v;
    return in_library == 0 ? 0 : s->is_true(in_library) ? 1 : -1;
  };
  ClauseList& given = mode_ == Mode::assume ? reused_clauses_ : fresh_clauses_;

  if (limits.observer)
    limits.observer->note("formula: " + std::to_string(variables_) + " variables, " + std::to_string(clauses_) +
                          " clauses (" + options() + ")" +
                          (lib == Library::dpll
                               ? std::string("; each decision is a node, each unit propagation an inference") +
                                     (mode_ == Mode::reduce ? "; the givens are propagated into the formula already, "
                                                              "so its unit clauses are what they force"
                                                            : "")
                               : "; the library decides and propagates inside each call and reports only its "
                                 "totals, so each call is one step here"));
  Totals totals;
  std::vector<int> block;
  const StopReason stop = enumerate(*s, lib, assumptions, budget, limits, totals, given, block, [&] {
    // Every cell variable read: one digit per cell, each given its own (model.h).
    // The grid first, whose faults are named by cell and digit; then every clause.
    DecodedGrid decoded = grid_of_model(puzzle, value);
    if (!decoded.fault.empty())
      throw WrongAnswer("sat", std::string(sat::to_string(lib)) + "'s model is not one grid: " + decoded.fault);
    check_model(*s, lib, given, assumptions);
    const Grid& solution = decoded.grid;
    if (mode_ == Mode::assume) block.push_back(-assumptions.front());
    const std::size_t open_from = block.size();
    for (int cell = 0; cell < shape.cells(); ++cell)
      if (puzzle[cell] == 0) block.push_back(-solver_var(cell_var(n, cell, solution[cell])));
    if (limits.observer && lib != Library::dpll) {  // dpll told each step, the solution too
      // The model, read back as the digits of the open cells, by name: what the call decided.
      std::string model = "model: ";
      for (int cell = 0; cell < shape.cells(); ++cell)
        if (puzzle[cell] == 0) model += shape.cell_name(cell) + "=" + std::to_string(solution[cell]) + " ";
      model.pop_back();
      limits.observer->note(model);
      limits.observer->solution();
    }
    if (sink.add(solution)) return false;
    if (block.size() == open_from) return false;  // nothing open: the only solution
    if (limits.observer)
      limits.observer->note(lib == Library::dpll
                                ? "backtracking from this solution to look for another"
                                : "a clause now forbids this assignment of the open cells; asking for another solution");
    return true;
  });
  if (mode_ == Mode::assume) {
    const int retire[1] = {-assumptions.front()};  // switches this puzzle's blocking clauses off
    s->add_clause(retire);
    reused_clauses_.add(retire);
  }
  if (fresh) finish_proof(*fresh, fresh_clauses_);
  return sink.finish(stop, stats_of(totals, budget.elapsed_seconds(), variables_, clauses_));
}

CoverResult SatSolver::search(const ExactCover& problem, const Limits& limits) {
  SearchBudget budget(limits);
  CoverSolutionSink sink(limits);
  const Library lib = library(ProblemKind::exact_cover);
  // Counting asks again after each solution, on one solver; an option is mostly not chosen.
  auto s = make(lib, {.incremental = true, .decide_true_first = false});
  // The clauses go straight from the encoder to the solver (64x64 Sudoku as exact cover is 3
  // million of them); a first pass that adds nothing counts the variables to create at once.
  const int option_vars = problem.option_count();
  const int all_vars = emit_exact_cover_cnf(problem, [](std::span<const int>) {});
  ClauseList given;  // what the library is given: its models are checked against it
  Loader loader(*s, given, option_vars, nullptr, all_vars - option_vars, budget.deadline());
  try {
    emit_exact_cover_cnf(problem, loader.sink());
    if (lib == Library::dpll) static_cast<sat::Dpll&>(*s).set_vocabulary({nullptr, &problem, loader.formula_vars()});
  } catch (const LoadStopped&) {
    if (limits.observer) limits.observer->note("the time limit passed while the formula was loading");
    const auto variables = loader.variables(), clauses = loader.clauses();
    finish_proof(*s, given);
    return sink.finish(StopReason::time, stats_of(Totals{}, budget.elapsed_seconds(), variables, clauses));
  }
  if (limits.observer)
    limits.observer->note("formula: " + std::to_string(loader.variables()) + " variables, " +
                          std::to_string(loader.clauses()) + " clauses, one variable per option (" + options() + ")");
  Totals totals;
  Selection chosen;
  std::vector<int> block;
  const StopReason stop = enumerate(*s, lib, {}, budget, limits, totals, given, block, [&] {
    // Blocking the chosen options is enough: no other solution chooses a superset of them, since
    // every option covers a primary item that a solution already covers once.
    check_model(*s, lib, given, {});
    chosen = options_of_model(problem.option_count(), [&](int v) { return loader.is_true(v); });
    for (int o : chosen) block.push_back(-loader.solver_var(o + 1));
    if (limits.observer && lib != Library::dpll) limits.observer->solution();  // dpll told it
    return !sink.add(chosen) && !block.empty();
  });
  const auto variables = loader.variables();
  const auto clauses = loader.clauses();
  finish_proof(*s, given);
  return sink.finish(stop, stats_of(totals, budget.elapsed_seconds(), variables, clauses));
}

namespace {

// The rules of S's shape worked out once (SudokuRules); each question is one call on a fresh
// solver loaded with the rules reduced by the puzzle's other givens, plus a clause saying that
// one of the removed cells differs from S. Measured at 25x25 against one incremental solver kept
// for the grid, asked with the givens as assumptions (learned clauses kept from one question to
// the next, kept clues as unit clauses, or the formula rebuilt as clues were kept): those needed
// a third of the conflicts, but each conflict cost several times more on the unreduced formula,
// and a puzzle took 1.6-4x the CPU time (docs/benchmarks.md, "Generating minimal puzzles").
// Decisions try S's digits first (a phase per variable): a second solution is found near S.
class SatUniquenessSession final : public UniquenessSession {
 public:
  SatUniquenessSession(const Grid& solution, Library library, Encoding encoding)
      : solution_(solution), rules_(solution.shape(), encoding, true), library_(library) {}

  Status unique_without(const Grid& puzzle, std::span<const int> cells, const Limits& limits) override {
    SearchBudget budget(limits);
    Grid without = puzzle;
    for (int cell : cells) without.set(cell, 0);
    const auto fixed = values_fixed_by_givens(without);
    if (!fixed) throw UsageError("sat: a uniqueness question about givens that clash");
    auto solver = sat::make_library(library_, {.incremental = false, .decide_true_first = true});
    const int n = without.size();
    given_.clear();
    std::optional<Loader> loader;
    try {
      loader.emplace(*solver, given_, without.cells() * n, &*fixed, rules_.auxiliaries(&*fixed), budget.deadline());
      rules_.emit(&*fixed, loader->sink());
      clause_.clear();
      for (int cell : cells) clause_.push_back(-cell_var(n, cell, solution_[cell]));
      loader->add(clause_);  // in the formula's numbering, as the rules
      // Decisions start from S: a second solution mostly differs from S in a few cells (an
      // unavoidable set), so the search looks near S first instead of anywhere.
      for (int cell = 0; cell < without.cells(); ++cell)
        if (without[cell] == 0)
          for (int d = 1; d <= n; ++d)
            if (const int v = loader->mapped(cell_var(n, cell, d))) solver->prefer(d == solution_[cell] ? v : -v);
    } catch (const LoadStopped&) {
      return Status::stopped;
    }
    sat::CallLimits call;
    call.deadline = budget.deadline();
    call.max_conflicts = limits.max_nodes;
    const Answer answer = solver->solve({}, call);
    if (answer == Answer::satisfiable) check_second_solution(*solver, *loader, without, cells);
    return answer == Answer::unsatisfiable ? Status::unique
           : answer == Answer::satisfiable ? Status::multiple
                                           : Status::stopped;
  }

  void keep(int) override {}  // every question reduces the formula by all its givens anyway

 private:
  // "multiple" keeps a clue in the generator's puzzle, so the second solution behind it is checked
  // as any answer is: the model against its formula, then its grid, which must solve `without`
  // and differ from S in one of `cells`.
  void check_second_solution(SatLibrary& solver, const Loader& loader, const Grid& without, std::span<const int> cells) {
    const DecodedGrid other = grid_of_model(without, [&](int v) {
      const int in_library = loader.mapped(v);
      return in_library == 0 ? 0 : solver.is_true(in_library) ? 1 : -1;
    });
    std::string fault = other.fault;
    if (fault.empty()) check_model(solver, library_, given_, {});
    if (fault.empty())
      if (const auto v = verify(without, other.grid); !v.empty()) fault = v.front().message;
    if (fault.empty() && std::none_of(cells.begin(), cells.end(), [&](int c) { return other.grid[c] != solution_[c]; }))
      fault = "its second solution is the first one";
    if (!fault.empty()) throw WrongAnswer("sat", "a uniqueness session's second solution: " + fault, to_line(other.grid));
  }

  Grid solution_;
  SudokuRules rules_;
  Library library_;
  std::vector<int> clause_;
  ClauseList given_;  // what the question's solver was given
};

}  // namespace

// CaDiCaL, which takes S as the phase of every open variable (prefer()); CryptoMiniSat 5.11's API
// has no per-variable phase. Measured on the same puzzles: docs/benchmarks.md, "Generating
// minimal puzzles".
Library SatSolver::session_library() { return Library::cadical; }

std::unique_ptr<UniquenessSession> SatSolver::uniqueness_session(const Grid& solution) {
  if (!proof_.empty()) return nullptr;
  const Library lib = library_ ? *library_ : session_library();
  used_ = lib;
  return std::make_unique<SatUniquenessSession>(solution, lib, encoding_.value_or(encoding_for(solution.size())));
}

BackendInfo SatSolver::info() {
  BackendInfo i;
  i.name = "sat";
  i.summary = "CNF encodings solved in-process by CryptoMiniSat or CaDiCaL (or solver=dpll, a textbook DPLL that "
              "traces every step); exact cover as one variable per option";
  i.sudoku = true;
  i.exact_cover = true;
  i.node_unit = "conflicts";
  i.work = {"decisions", "conflicts"};
  i.default_budget = 5'000;  // about 0.03 s on 9x9 (170,000 conflicts per second), 0.06 s on 16x16
  // The libraries' search is not observable step by step; solver=dpll reports every step.
  i.tracing = BackendInfo::Tracing::notes;
  i.uniqueness_sessions = true;
  i.proofs = BackendInfo::Proofs{};  // -o proof=FILE: CaDiCaL's DRAT, the formula as FILE.cnf
  i.options = "solver=auto|cryptominisat|cadical|dpll encoding=auto|minimal|efficient|extended|compact givens=reduce|units|assume "
              "proof=FILE";
  return i;
}

}  // namespace sudokit
