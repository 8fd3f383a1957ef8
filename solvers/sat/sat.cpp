#include "sat.h"

#include <cryptominisat5/cryptominisat.h>

#include <algorithm>
#include <limits>

#include "sudokit/errors.h"

namespace sudokit {

namespace {

using CMSat::Lit;
using CMSat::lbool;

Lit lit_of(int dimacs) { return Lit(static_cast<std::uint32_t>((dimacs > 0 ? dimacs : -dimacs) - 1), dimacs < 0); }

// `reused`: the solver will see many calls with assumptions, and CryptoMiniSat must not eliminate
// a variable that is later assumed (cryptominisat.h), so simplification is off for it.
std::unique_ptr<CMSat::SATSolver> load(const Cnf& f, bool reused) {
  auto s = std::make_unique<CMSat::SATSolver>();
  s->set_verbosity(0);
  s->set_num_threads(1);
  if (reused) s->set_no_simplify();
  s->new_vars(static_cast<std::size_t>(f.variables));
  std::vector<Lit> clause;
  for (const auto& c : f.clauses) {
    clause.clear();
    for (int lit : c) clause.push_back(lit_of(lit));
    s->add_clause(clause);
  }
  return s;
}

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

  CMSat::SATSolver* s = nullptr;
  std::unique_ptr<CMSat::SATSolver> fresh;
  std::vector<Lit> assumptions;
  if (mode_ == Mode::assume) {
    if (!reused_ || !shape_ || !shape_->same_as(shape)) {
      const Cnf rules = sudoku_rules(shape, encoding_);
      reused_ = load(rules, true);
      shape_ = puzzle.shape_ptr();
      variables_ = rules.variables;
      clauses_ = rules.clauses.size();
    }
    s = reused_.get();
    // A fresh activation variable guards this puzzle's blocking clauses.
    s->new_var();
    const int activation = static_cast<int>(s->nVars());
    assumptions.push_back(lit_of(activation));
    for (int cell = 0; cell < shape.cells(); ++cell)
      if (puzzle[cell] != 0) assumptions.push_back(lit_of(cell_var(n, cell, puzzle[cell])));
  } else {
    const Cnf f = sudoku_cnf(puzzle, encoding_, mode_ == Mode::units ? Givens::units : Givens::reduce);
    fresh = load(f, false);
    s = fresh.get();
    // The reduced formula leaves the fixed variables out; fix them here too, so that the solver
    // neither decides on them (which would inflate its decision count) nor gives them a value
    // the givens rule out.
    if (mode_ == Mode::reduce)
      if (const auto fixed = fixed_by_givens(puzzle))
        for (int lit : *fixed) s->add_clause({lit_of(lit)});
    variables_ = f.variables;
    clauses_ = f.clauses.size();
  }

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
    for (int cell = 0; cell < shape.cells(); ++cell)
      for (int d = 1; d <= n; ++d)
        if (model[static_cast<std::size_t>(cell_var(n, cell, d) - 1)] == CMSat::l_True) {
          solution.set(cell, d);
          if (puzzle[cell] == 0) block.push_back(~lit_of(cell_var(n, cell, d)));
          break;
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

CoverResult solve_cover_with_sat(const ExactCover& cover, const Limits& limits) {
  SearchBudget budget(limits);
  const Cnf f = exact_cover_cnf(cover);
  auto s = load(f, false);
  CoverResult r;
  Totals totals;
  for (;;) {
    const lbool answer = call(*s, nullptr, budget, limits, 0);
    totals.add(*s);
    if (answer == CMSat::l_False) break;
    if (answer == CMSat::l_Undef) {
      r.stop_reason = why_undecided(budget, limits);
      break;
    }
    std::vector<int> chosen;
    std::vector<Lit> block;
    const auto& model = s->get_model();
    for (std::size_t o = 0; o < cover.options.size(); ++o)
      if (model[o] == CMSat::l_True) {
        chosen.push_back(static_cast<int>(o));
        block.push_back(~Lit(static_cast<std::uint32_t>(o), false));
      }
    ++r.count;
    if (r.solutions.size() < limits.keep_solutions) r.solutions.push_back(chosen);
    if ((limits.solutions != 0 && r.count >= limits.solutions) || block.empty()) break;
    s->add_clause(block);
  }
  r.stats = stats_of(totals, budget.elapsed_seconds(), static_cast<std::uint64_t>(f.variables), f.clauses.size());
  r.status = final_status(r.count, r.stop_reason, limits.solutions);
  return r;
}

}  // namespace sudokit
