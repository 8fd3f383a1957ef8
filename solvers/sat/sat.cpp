#include "sat.h"

#include <cryptominisat5/cryptominisat.h>

#include <algorithm>
#include <limits>
#include <optional>
#include <span>

#include "sudokit/errors.h"

namespace sudokit {

namespace {

using CMSat::Lit;
using CMSat::lbool;

Lit lit_of(int dimacs) { return Lit(static_cast<std::uint32_t>((dimacs > 0 ? dimacs : -dimacs) - 1), dimacs < 0); }

std::unique_ptr<CMSat::SATSolver> new_solver(bool reused) {
  auto s = std::make_unique<CMSat::SATSolver>();
  s->set_verbosity(0);
  s->set_num_threads(1);
  // A reused solver sees many calls with assumptions, and CryptoMiniSat must not eliminate a
  // variable that is later assumed (cryptominisat.h), so simplification is off for it.
  if (reused) s->set_no_simplify();
  // Decide a variable true first: "this cell holds this digit" propagates to all its peers, while
  // "this cell does not hold it" propagates little. Measured: a third fewer decisions on top1465.
  s->set_default_polarity(true);
  return s;
}

// Feeds clauses to a solver as an encoder emits them, with no formula built in between. The
// cell variables are created at once (one new_vars call is far cheaper than one new_var per
// variable): all of them, or with `fixed` only the open ones, so that a reduced formula brings
// none of the variables the givens fixed. Auxiliary variables are created on first use.
class Loader {
 public:
  static constexpr std::uint32_t kAbsent = std::numeric_limits<std::uint32_t>::max();

  Loader(CMSat::SATSolver& s, int cell_vars, const std::vector<signed char>* fixed = nullptr)
      : solver_(s), map_(static_cast<std::size_t>(cell_vars) + 1, kAbsent) {
    for (std::size_t v = 1; v < map_.size(); ++v)
      if (!fixed || (*fixed)[v] == 0) map_[v] = used_++;
    s.new_vars(used_);
  }

  void add(std::span<const int> clause) {
    buffer_.clear();
    for (int lit : clause) buffer_.push_back(Lit(solver_var(lit > 0 ? lit : -lit), lit < 0));
    solver_.add_clause(buffer_);
    ++clauses_;
  }
  ClauseSink sink() {
    return [this](std::span<const int> clause) { add(clause); };
  }

  // The solver's variable for formula variable v (created on first use).
  std::uint32_t solver_var(int v) {
    const auto i = static_cast<std::size_t>(v);
    if (i >= map_.size()) map_.resize(i + 1, kAbsent);
    if (map_[i] == kAbsent) {
      solver_.new_var();
      map_[i] = used_++;
    }
    return map_[i];
  }
  // Formula variable v's value in the model; false when the formula never mentioned it.
  bool is_true(const std::vector<lbool>& model, int v) const {
    const auto i = static_cast<std::size_t>(v);
    return i < map_.size() && map_[i] != kAbsent && model[map_[i]] == CMSat::l_True;
  }

  std::uint32_t variables() const { return used_; }
  std::uint64_t clauses() const { return clauses_; }

 private:
  CMSat::SATSolver& solver_;
  std::vector<std::uint32_t> map_;
  std::vector<Lit> buffer_;
  std::uint32_t used_ = 0;
  std::uint64_t clauses_ = 0;
};

// One solver call under the limits; l_Undef when a limit ended it.
lbool call(CMSat::SATSolver& s, const std::vector<Lit>* assumptions, SearchBudget& budget, const Limits& limits,
           std::uint64_t conflicts_before) {
  if (limits.max_seconds > 0) {
    const double left = limits.max_seconds - budget.elapsed_seconds();
    if (left <= 0) return CMSat::l_Undef;
    s.set_max_time(left);
  }
  if (limits.max_nodes > 0) {
    const std::uint64_t used = s.get_sum_conflicts() - conflicts_before;
    if (used >= limits.max_nodes) return CMSat::l_Undef;
    s.set_max_confl(limits.max_nodes - used);
  }
  if (assumptions) s.set_no_confl_needed();
  return s.solve(assumptions);
}

// An undecided answer came from the deadline when it has passed, else from the conflict budget.
StopReason why_undecided(const SearchBudget& budget, const Limits& limits) {
  return limits.max_seconds > 0 && budget.elapsed_seconds() >= limits.max_seconds ? StopReason::time
                                                                                  : StopReason::nodes;
}

struct Totals {
  std::uint64_t decisions = 0, conflicts = 0, propagations = 0;
  void add(CMSat::SATSolver& s) {
    decisions += s.get_last_decisions();
    conflicts += s.get_last_conflicts();
    propagations += s.get_last_propagations();
  }
};

Stats stats_of(const Totals& t, double seconds, std::uint64_t variables, std::uint64_t clauses) {
  Stats st;
  st.nodes = 1 + t.decisions;
  st.guesses = t.decisions;
  st.backtracks = t.conflicts;
  st.propagations = t.propagations;
  st.seconds = seconds;
  st.counters = {{"decisions", t.decisions}, {"conflicts", t.conflicts}, {"variables", variables}, {"clauses", clauses}};
  return st;
}

}  // namespace

SatSolver::SatSolver(Encoding encoding, Mode mode) : encoding_(encoding), mode_(mode) {}
SatSolver::~SatSolver() = default;

std::unique_ptr<Solver> SatSolver::create(const SolverOptions& options) {
  Encoding e = Encoding::extended;
  if (auto v = options.take("encoding")) e = parse_encoding(*v);
  Mode m = Mode::reduce;  // measured the fastest of the three (docs/benchmarks.md)
  if (auto v = options.take("givens")) {
    if (*v == "assume") m = Mode::assume;
    else if (*v == "units") m = Mode::units;
    else if (*v == "reduce") m = Mode::reduce;
    else throw UsageError("sat: givens is assume, units or reduce, not '" + *v + "'");
  }
  return std::make_unique<SatSolver>(e, m);
}

std::string SatSolver::options() const {
  const char* mode = mode_ == Mode::assume ? "assume" : mode_ == Mode::units ? "units" : "reduce";
  return "encoding=" + std::string(to_string(encoding_)) + ",givens=" + mode;
}

Result SatSolver::solve(const Grid& puzzle, const Limits& limits) {
  SearchBudget budget(limits);
  SolutionSink sink(limits);
  const Shape& shape = puzzle.shape();
  const int n = shape.size();
  const int cell_vars = shape.cells() * n;

  const bool new_shape = !rules_ || !shape_->same_as(shape);
  if (new_shape) {
    rules_ = std::make_unique<SudokuRules>(shape, encoding_, true);
    shape_ = puzzle.shape_ptr();
  }
  CMSat::SATSolver* s = nullptr;
  std::unique_ptr<CMSat::SATSolver> fresh;
  std::optional<Loader> loader;  // fresh solvers: how formula variables map to the solver's
  std::vector<Lit> assumptions;
  if (mode_ == Mode::assume) {
    // Each puzzle leaves a retired activation variable and its blocking clauses behind; reloading
    // the rules now and then keeps that dead weight from slowing every later call.
    if (!reused_ || new_shape || puzzles_on_reused_ >= kReloadEvery) {
      reused_ = new_solver(true);
      Loader rules(*reused_, cell_vars);
      rules_->emit(nullptr, rules.sink());
      variables_ = static_cast<int>(rules.variables());
      clauses_ = rules.clauses();
      puzzles_on_reused_ = 0;
    }
    ++puzzles_on_reused_;
    s = reused_.get();
    // A fresh activation variable guards this puzzle's blocking clauses.
    s->new_var();
    assumptions.push_back(Lit(s->nVars() - 1, false));
    for (int cell = 0; cell < shape.cells(); ++cell)
      if (puzzle[cell] != 0) assumptions.push_back(lit_of(cell_var(n, cell, puzzle[cell])));
  } else {
    fresh = new_solver(false);
    s = fresh.get();
    if (mode_ == Mode::units) {
      loader.emplace(*s, cell_vars);
      rules_->emit(nullptr, loader->sink());
      for (int cell = 0; cell < shape.cells(); ++cell)
        if (puzzle[cell] != 0) {
          const int unit[1] = {cell_var(n, cell, puzzle[cell])};
          loader->add(unit);
        }
    } else {
      const auto fixed = values_fixed_by_givens(puzzle);
      loader.emplace(*s, cell_vars, fixed ? &*fixed : nullptr);
      if (fixed) rules_->emit(&*fixed, loader->sink());
      else loader->add({});  // clashing givens: unsatisfiable
    }
    variables_ = static_cast<int>(loader->variables());
    clauses_ = loader->clauses();
  }
  // The open cells' variables in the solver; the dense numbering of assume mode is the identity.
  auto solver_lit = [&](int v) { return loader ? Lit(loader->solver_var(v), false) : lit_of(v); };
  auto is_true = [&](const std::vector<lbool>& model, int v) {
    return loader ? loader->is_true(model, v) : model[static_cast<std::size_t>(v - 1)] == CMSat::l_True;
  };

  const std::uint64_t conflicts_before = s->get_sum_conflicts();
  Totals totals;
  int calls = 0;
  if (limits.observer)
    limits.observer->note("formula: " + std::to_string(variables_) + " variables, " + std::to_string(clauses_) +
                          " clauses (" + options() + ")");
  StopReason stop = StopReason::none;
  for (;;) {
    const lbool answer = call(*s, assumptions.empty() ? nullptr : &assumptions, budget, limits, conflicts_before);
    totals.add(*s);
    if (limits.observer)
      limits.observer->note("CryptoMiniSat call " + std::to_string(++calls) + ": " +
                            std::to_string(s->get_last_decisions()) + " decisions, " +
                            std::to_string(s->get_last_conflicts()) + " conflicts, " +
                            std::to_string(s->get_last_propagations()) + " propagations: " +
                            (answer == CMSat::l_True ? "satisfiable" : answer == CMSat::l_False ? "unsatisfiable" : "stopped"));
    if (answer == CMSat::l_False) break;
    if (answer == CMSat::l_Undef) {
      stop = why_undecided(budget, limits);
      break;
    }
    const auto& model = s->get_model();
    Grid solution = puzzle;
    std::vector<Lit> block;
    if (mode_ == Mode::assume) block.push_back(~assumptions.front());
    for (int cell = 0; cell < shape.cells(); ++cell) {
      if (puzzle[cell] != 0) continue;
      for (int d = 1; d <= n; ++d)
        if (is_true(model, cell_var(n, cell, d))) {
          solution.set(cell, d);
          block.push_back(~solver_lit(cell_var(n, cell, d)));
          break;
        }
    }
    if (limits.observer) limits.observer->solution();
    if (sink.add(solution)) break;
    if (block.size() <= (mode_ == Mode::assume ? 1u : 0u)) break;  // nothing open: the only solution
    if (limits.observer)
      limits.observer->note("a clause now forbids this assignment of the open cells; asking for another solution");
    s->add_clause(block);
  }
  if (mode_ == Mode::assume) s->add_clause({~assumptions.front()});  // retire this puzzle's blocking clauses
  if (limits.max_seconds > 0) s->set_max_time(std::numeric_limits<double>::max());
  if (limits.max_nodes > 0) s->set_max_confl(std::numeric_limits<std::uint64_t>::max());
  return sink.finish(stop, stats_of(totals, budget.elapsed_seconds(), static_cast<std::uint64_t>(variables_), clauses_));
}

CoverResult SatSolver::solve(const ExactCover& problem, const Limits& limits) {
  SearchBudget budget(limits);
  CoverSolutionSink sink(limits);
  const Cnf f = exact_cover_cnf(problem);
  // Counting asks again after each solution: simplification between calls would redo its work
  // for every one of thousands of calls, so it is off (measured: docs/benchmarks.md).
  auto s = new_solver(true);
  s->set_default_polarity(false);  // an option is mostly not chosen
  Loader loader(*s, f.variables);
  for (const auto& clause : f.clauses) loader.add(clause);
  if (limits.observer)
    limits.observer->note("formula: " + std::to_string(loader.variables()) + " variables, " +
                          std::to_string(loader.clauses()) + " clauses, one variable per option");
  Totals totals;
  StopReason stop = StopReason::none;
  Selection chosen;
  std::vector<Lit> block;
  for (int calls = 1;; ++calls) {
    const lbool answer = call(*s, nullptr, budget, limits, 0);
    totals.add(*s);
    if (limits.observer)
      limits.observer->note("CryptoMiniSat call " + std::to_string(calls) + ": " + std::to_string(s->get_last_decisions()) +
                            " decisions, " + std::to_string(s->get_last_conflicts()) + " conflicts: " +
                            (answer == CMSat::l_True ? "satisfiable" : answer == CMSat::l_False ? "unsatisfiable" : "stopped"));
    if (answer == CMSat::l_False) break;
    if (answer == CMSat::l_Undef) {
      stop = why_undecided(budget, limits);
      break;
    }
    // Blocking the chosen options is enough: no other solution chooses a superset of them, since
    // every option covers a primary item that a solution already covers once.
    chosen.clear();
    block.clear();
    const auto& model = s->get_model();
    for (int o = 1; o <= problem.option_count(); ++o)
      if (loader.is_true(model, o)) {
        chosen.push_back(o - 1);
        block.push_back(~Lit(loader.solver_var(o), false));
      }
    if (limits.observer) limits.observer->solution();
    if (sink.add(chosen) || block.empty()) break;
    s->add_clause(block);
  }
  return sink.finish(stop, stats_of(totals, budget.elapsed_seconds(), loader.variables(), loader.clauses()));
}

BackendInfo SatSolver::info() {
  BackendInfo i;
  i.name = "sat";
  i.summary = "CNF encodings solved in-process by CryptoMiniSat; exact cover as one variable per option";
  i.sudoku = true;
  i.exact_cover = true;
  i.node_unit = "conflicts";
  i.work = {"decisions", "conflicts"};
  i.tracing = BackendInfo::Tracing::notes;  // CryptoMiniSat's search is not observable step by step
  i.options = "encoding=minimal|efficient|extended|compact givens=reduce|units|assume";
  return i;
}

}  // namespace sudokit
