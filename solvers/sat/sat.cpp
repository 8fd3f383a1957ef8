// The sat backend and the ext: backends: what to ask a SatLibrary for a Sudoku grid or an
// exact-cover problem (sat.h). The rest of the SAT layer: loading (loader.h), enumerating and
// checking models (method.h), proofs (proof.h), uniqueness sessions (session.h), the libraries.
#include "sudokit/sat/sat.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <optional>
#include <span>
#include <system_error>

#include "loader.h"
#include "method.h"
#include "proof.h"
#include "session.h"
#include "settle.h"
#include "sudokit/errors.h"
#include "sudokit/verify.h"

namespace sudokit {

using sat::Answer;
using sat::Library;
using sat::SatLibrary;

// The library `solver=auto` takes, as measured (docs/backends/sat.md, docs/benchmarks.md):
// * exact cover: CaDiCaL. Counting is one call per solution, and a CryptoMiniSat call costs
//   milliseconds before it searches: 12 queens 1.2 CPU seconds with CaDiCaL, 92 with CryptoMiniSat.
// * Sudoku up to 12x12: the textbook CDCL. A puzzle that unit propagation does not settle is a
//   fresh solver, and building CryptoMiniSat (and loading a formula into it) costs more than the
//   search: the CDCL, built in a fraction of that and branching on the cell with the fewest
//   digits left, makes 1.3-1.9x CryptoMiniSat's puzzles/s on top1465, 1.0-1.1x on
//   forum_hardest_1106 (with 1.4x its conflicts) and 1.3-1.6x on 12x12 puzzles.
// * Sudoku from 13x13 to 24x24: CryptoMiniSat, which builds and loads faster than CaDiCaL: 1.5x
//   CaDiCaL's puzzles/s on 16x16 (minimal) puzzles; the CDCL, with twice its conflicts, 0.5x.
// * Sudoku from 25x25 to 36x36 (the extended encoding): CaDiCaL. On minimal 25x25 puzzles
//   CryptoMiniSat's search falls far behind: 2 of 9 solved within 20 s, against all 9 with
//   CaDiCaL (docs/benchmarks.md, "Large grids"); on the earlier node-capped, easier 25x25 set it
//   had been 1.4x faster. Above 36x36 (compact) CryptoMiniSat loads faster and smaller (the
//   empty 64x64 grid: 3.9 s and 335 MB against 6.8 s and 440 MB); hard puzzles there not measured.
Library SatSolver::library_for(ProblemKind kind, int size) {
  if (kind == ProblemKind::exact_cover) return Library::cadical;
  if (size <= 12) return Library::cdcl;
  return size >= 25 && size <= 36 ? Library::cadical : Library::cryptominisat;
}

sat::Setup SatSolver::setup(bool incremental, bool decide_true_first) const {
  sat::Setup setup{.incremental = incremental, .decide_true_first = decide_true_first};
  setup.cadical_configuration = config_.cadical;
  setup.portfolio_mixed = config_.portfolio_mixed;
  setup.portfolio_members = config_.portfolio_members;
  return setup;
}

// CaDiCaL, which takes S as the phase of every open variable (prefer()); CryptoMiniSat 5.11's API
// has no per-variable phase. Measured on the same puzzles: docs/benchmarks.md, "Generating
// minimal puzzles".
Library SatSolver::session_library() { return Library::cadical; }

namespace {

// encoding= and givens= (as every consumer of the CNF reads them: take_formula_options) and
// proof=: what every sat backend reads (sat, and ext: with `fallback` units and no assume).
SatSolver::Config formula_options(const SolverOptions& options, const std::string& who, Givens fallback,
                                  bool assume_allowed) {
  SatSolver::Config c;
  const FormulaOptions f = take_formula_options(options, who, fallback, assume_allowed);
  c.encoding = f.encoding;
  c.mode = f.assume ? SatSolver::Mode::assume : f.givens == Givens::units ? SatSolver::Mode::units : SatSolver::Mode::reduce;
  if (auto v = options.take("proof")) {
    // Only a fresh library per puzzle derives the empty clause (an answer under assumptions does not).
    if (c.mode == SatSolver::Mode::assume) throw UsageError(who + ": proof= needs givens=reduce or givens=units");
    if (v->empty()) throw UsageError(who + ": proof= needs a file name");
    c.proof = *v;
  }
  return c;
}

}  // namespace

SatSolver::SatSolver(Config config)
    : config_(std::move(config)), name_(config_.program ? "ext:" + config_.program->member : "sat") {
  if (!config_.proof.empty()) proofs_ = std::make_unique<sat::ProofFiles>(config_.proof);
}
SatSolver::SatSolver(std::optional<Encoding> encoding, Mode mode, std::optional<Library> library)
    : SatSolver(Config{.encoding = encoding, .mode = mode, .library = library}) {}
SatSolver::~SatSolver() = default;

std::unique_ptr<Solver> SatSolver::create(const SolverOptions& options) {
  Config c = formula_options(options, "sat", Givens::reduce, true);  // reduce: measured the fastest
  if (auto v = options.take("solver")) {
    if (*v == "cryptominisat") c.library = Library::cryptominisat;
    else if (*v == "cadical") c.library = Library::cadical;
    else if (*v == "dpll") c.library = Library::dpll;
    else if (*v == "cdcl") c.library = Library::cdcl;
    else if (*v == "portfolio") c.library = Library::portfolio;
    else if (*v != "auto") throw UsageError("sat: solver is auto, cryptominisat, cadical, portfolio, dpll or cdcl, not '" + *v + "'");
  }
  c.settle = options.take_flag("settle", true);
  if (auto v = options.take("cadical")) {
    if (*v == "sat" || *v == "unsat" || *v == "plain") c.cadical = *v;
    else if (*v != "default") throw UsageError("sat: cadical is default, sat, unsat or plain, not '" + *v + "'");
  }
  // As cadical=, these do nothing with another library.
  if (auto v = options.take("portfolio")) {
    if (*v == "mixed") c.portfolio_mixed = true;
    else if (*v != "cadical") throw UsageError("sat: portfolio is cadical or mixed, not '" + *v + "'");
  }
  if (auto v = options.take("members"); v && *v != "auto") {  // auto: one per core, as without it
    const char* end = v->data() + v->size();
    const auto [stop, error] = std::from_chars(v->data(), end, c.portfolio_members);
    if (error != std::errc{} || stop != end || c.portfolio_members < 1 || c.portfolio_members > sat::kMaxPortfolioMembers)
      throw UsageError("sat: members is auto or a number of searches from 1 to " + std::to_string(sat::kMaxPortfolioMembers) +
                       ", not '" + *v + "'");
  }
  if (!c.proof.empty()) {  // proofs come from CaDiCaL
    if (c.library && c.library != Library::cadical) throw UsageError("sat: proof= needs solver=cadical (or auto)");
    c.library = Library::cadical;
  }
  return std::make_unique<SatSolver>(std::move(c));
}

std::unique_ptr<Solver> SatSolver::create_external(sat::Program program, const SolverOptions& options) {
  const std::string who = "ext:" + program.member;
  // units: the standard formula, as `encode --to dimacs` writes it.
  Config c = formula_options(options, who, Givens::units, false);
  if (auto output = options.take("output")) {
    if (*output != "stdout" && *output != "file") throw UsageError(who + ": output is stdout or file, not '" + *output + "'");
    program.result_file = *output == "file";
  }
  if (!c.proof.empty() && program.proof_args.empty())
    throw UsageError(who + " writes no DRAT proofs that sudokit knows how to ask for (cadical and kissat do)");
  c.program = std::move(program);
  return std::make_unique<SatSolver>(std::move(c));
}

std::string SatSolver::options() const {
  const Mode m = config_.mode;
  const std::string encoding = config_.encoding ? std::string(to_string(*config_.encoding))
                               : rules_         ? "auto(" + std::string(to_string(rules_encoding_)) + ")"
                                                : "auto";
  std::string s = "encoding=" + encoding + ",givens=" + (m == Mode::assume ? "assume" : m == Mode::units ? "units" : "reduce");
  if (config_.program) return config_.proof.empty() ? s : s + ",proof=" + config_.proof;
  const std::string solver = config_.library ? std::string(to_string(*config_.library))
                             : used_         ? "auto(" + std::string(to_string(*used_)) + ")"
                                             : "auto";
  s += ",solver=" + solver;
  // CaDiCaL's configuration, when one other than its default was asked for and CaDiCaL was used
  // (the other libraries have none: with them, or where auto takes another, it does nothing).
  const bool cadical = used_ && (*used_ == Library::cadical || *used_ == Library::portfolio);
  if (cadical && !config_.cadical.empty()) s += ",cadical=" + config_.cadical;
  if (used_ && *used_ == Library::portfolio) {
    if (config_.portfolio_mixed) s += ",portfolio=mixed";
    // members=auto(N): one per core of the affinity mask, as a portfolio made now would have.
    if (config_.portfolio_members) s += ",members=" + std::to_string(config_.portfolio_members);
    else s += ",members=auto(" + std::to_string(sat::portfolio_size(setup(false, true), usable_cpus())) + ")";
  }
  return s + (config_.settle ? "" : ",settle=off");
}

Library SatSolver::library(ProblemKind kind, int size) {
  used_ = config_.library ? *config_.library : library_for(kind, size);
  return *used_;
}

// Settling answers as CryptoMiniSat, CaDiCaL and the CDCL report a formula they need not search
// (settle.h). Not with a proof (it is the library's own derivation) nor for a library asked many
// times (its state between calls is its own).
bool SatSolver::may_settle(ProblemKind kind, Library lib, bool incremental) const {
  return config_.settle && !config_.program && !proofs_ && kind == ProblemKind::sudoku && !incremental &&
         sat::settles(lib);
}

std::unique_ptr<SatLibrary> SatSolver::make(ProblemKind kind, int size, sat::Setup setup, bool settle) {
  if (proofs_) setup.proof_path = proofs_->next_path();
  if (config_.program) return sat::make_external(*config_.program, setup);
  const Library lib = library(kind, size);
  if (settle && may_settle(kind, lib, setup.incremental)) {
    if (!settle_work_) settle_work_ = sat::settle_work();
    return sat::settle_first(lib, setup, settle_work_);
  }
  return sat::make_library(lib, setup);
}

// A fresh formula that the rules' unit propagation settles with the givens (settle.h) gets a
// library holding that model, and the sizes the formula would have had (variables_, clauses_):
// the formula itself is not built. Otherwise `fresh` is left alone, and the answer says whether
// settle_first could still settle the formula (or would only build the library after it).
// A traced CDCL is not settled here, nor wrapped by settle_first: it is built, so its trace shows
// every step.
SatSolver::Settling SatSolver::settled_by_rules(const Grid& puzzle, const FixedValues& fixed,
                                                const sat::Loader::Deadline& deadline, bool observed,
                                                std::unique_ptr<sat::SatLibrary>& fresh) {
  const Library lib = library(ProblemKind::sudoku, puzzle.size());
  if (!may_settle(ProblemKind::sudoku, lib, false) || (observed && lib == Library::cdcl)) return Settling::not_here;
  // Out of time already: the usual way reports it as it always has (while loading, or at the
  // first call).
  if (deadline && std::chrono::steady_clock::now() >= *deadline) return Settling::maybe_later;
  const int cell_vars = puzzle.shape().cells() * puzzle.size();
  if (!propagator_) propagator_ = std::make_unique<sat::RulesPropagator>(*rules_, cell_vars);
  if (!propagator_->usable()) return Settling::maybe_later;
  std::vector<signed char> model;
  const auto outcome = propagator_->settle(puzzle, model);
  if (outcome == sat::RulesPropagator::Outcome::conflict) return Settling::never;
  if (outcome == sat::RulesPropagator::Outcome::open) {
    if (!fixed) return config_.mode == Mode::units ? Settling::never : Settling::maybe_later;
    for (std::size_t v = 1; v < fixed->size(); ++v)
      if ((*fixed)[v] != 0 && model[v] != (*fixed)[v]) return Settling::maybe_later;
    return Settling::never;
  }
  // The variables the formula's unit clauses set: the givens' and the rules' own (units), or
  // what the reduction leaves of a group with one literal open (reduce); only the CDCL's counts
  // need them.
  std::uint64_t units = 0;
  if (config_.mode == Mode::units) {
    variables_ = static_cast<std::uint64_t>(cell_vars);
    const auto givens = static_cast<std::uint64_t>(puzzle.givens());
    clauses_ = propagator_->clauses() + givens;
    std::vector<int> rule_units;  // the rules' unit clauses on other variables than the givens'
    for (int lit : propagator_->unit_clauses()) {
      const int v = std::abs(lit), n = puzzle.size();
      if (puzzle[(v - 1) / n] != (v - 1) % n + 1) rule_units.push_back(v);
    }
    std::sort(rule_units.begin(), rule_units.end());
    units = givens + static_cast<std::uint64_t>(std::unique(rule_units.begin(), rule_units.end()) - rule_units.begin());
  } else {
    if (!fixed) return Settling::maybe_later;  // cannot be: givens that clash do not settle
    variables_ = static_cast<std::uint64_t>(std::count(fixed->begin() + 1, fixed->end(), 0));
    int unit_variables = 0;
    clauses_ = rules_->clauses(&*fixed, lib == Library::cdcl ? &unit_variables : nullptr);
    units = static_cast<std::uint64_t>(unit_variables);
  }
  fresh = sat::settled_library(lib, std::move(model), variables_, units);
  return Settling::settled;
}

Result SatSolver::search(const Grid& puzzle, const Limits& limits) {
  SearchBudget budget(limits);
  SolutionSink sink(limits);
  const Shape& shape = puzzle.shape();
  const int n = shape.size();
  const int cell_vars = shape.cells() * n;
  const Mode mode = config_.mode;

  const bool new_shape = !rules_ || !shape_->same_as(shape);
  if (new_shape) {
    rules_encoding_ = config_.encoding.value_or(encoding_for(n));
    rules_ = std::make_unique<SudokuRules>(shape, rules_encoding_, true);
    shape_ = puzzle.shape_ptr();
    propagator_.reset();
  }
  SatLibrary* s = nullptr;
  std::unique_ptr<SatLibrary> fresh;
  std::optional<sat::Loader> loader;  // fresh libraries: how formula variables map to the library's
  std::vector<int> assumptions;
  const sat::Loader::Deadline deadline = budget.deadline();
  // givens=reduce: the values the givens fix (nullopt when they clash), worked out once.
  const FixedValues fixed = mode == Mode::reduce ? values_fixed_by_givens(puzzle) : std::nullopt;
  // A fresh library is gone (closing its proof) before its proof is kept or removed.
  auto finish_fresh = [&](bool refuted) {
    const int created = loader ? loader->created() : 0;
    loader.reset();
    fresh.reset();
    if (proofs_) proofs_->finish(refuted, fresh_clauses_, created, name_);
  };
  try {
    if (mode == Mode::assume) {
      const Library lib = library(ProblemKind::sudoku, n);
      // Each puzzle leaves a retired activation variable and its blocking clauses behind; reloading
      // the rules now and then keeps that dead weight from slowing every later call.
      if (!reused_ || new_shape || lib != reused_library_ || puzzles_on_reused_ >= kReloadEvery) {
        reused_.reset();  // a load cut short by the deadline leaves no half-loaded library behind
        reused_clauses_.clear();
        auto library = sat::make_library(lib, setup(true, true));
        sat::Loader rules(*library, reused_clauses_, cell_vars, nullptr, rules_->auxiliaries(nullptr), deadline);
        rules_->emit(nullptr, rules.sink());
        library->set_vocabulary([&] { return sat::Vocabulary{shape_.get(), nullptr, rules.formula_vars()}; });
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
    } else if (const Settling settling = settled_by_rules(puzzle, fixed, deadline, limits.observer != nullptr, fresh);
               settling == Settling::settled) {
      s = fresh.get();
      fresh_clauses_.clear();
    } else {
      fresh = make(ProblemKind::sudoku, n, setup(false, true), settling == Settling::maybe_later);
      s = fresh.get();
      fresh_clauses_.clear();
      if (mode == Mode::units) {
        loader.emplace(*s, fresh_clauses_, cell_vars, nullptr, rules_->auxiliaries(nullptr), deadline);
        rules_->emit(nullptr, loader->sink());
        for (int cell = 0; cell < shape.cells(); ++cell)
          if (puzzle[cell] != 0) {
            const int unit[1] = {cell_var(n, cell, puzzle[cell])};
            loader->add(unit);
          }
      } else {
        const auto* values = fixed ? &*fixed : nullptr;
        loader.emplace(*s, fresh_clauses_, cell_vars, values, fixed ? rules_->auxiliaries(values) : 0, deadline);
        if (fixed) rules_->emit(values, loader->sink());
        else loader->add({});  // clashing givens: unsatisfiable
      }
      variables_ = loader->variables();
      clauses_ = loader->clauses();
      s->set_vocabulary([&] { return sat::Vocabulary{&shape, nullptr, loader->formula_vars(), mode == Mode::units}; });
    }
  } catch (const sat::LoadStopped&) {
    // The deadline passed while the formula was loading: stopped by time, before any search.
    if (limits.observer) limits.observer->note("the time limit passed while the formula was loading");
    const std::uint64_t variables = loader ? loader->variables() : 0, clauses = loader ? loader->clauses() : 0;
    const auto work = s ? s->work() : SatLibrary::Work::conflicts;
    if (fresh) finish_fresh(false);  // no answer: the proof file is removed
    return sink.finish(StopReason::time, sat::stats_of({.variables = variables, .clauses = clauses}, work,
                                                       budget.elapsed_seconds()));
  }
  auto solver_var = [&](int v) { return loader ? loader->solver_var(v) : v; };
  // A cell variable's value in the model: +1, -1, or 0 when the library was not given it
  // (givens=reduce) or its model left it out.
  auto value = [&](int v) {
    if (loader) return loader->value(v);
    return !s->has_value(v) ? 0 : s->is_true(v) ? 1 : -1;
  };
  ClauseList& given = mode == Mode::assume ? reused_clauses_ : fresh_clauses_;
  const bool steps = s->enumerates();  // it tells the observer every step itself (dpll)

  if (limits.observer)
    limits.observer->note("formula: " + std::to_string(variables_) + " variables, " + std::to_string(clauses_) +
                          " clauses (" + options() + ")" +
                          (steps ? std::string("; each decision is a node, each unit propagation an inference") +
                                       (mode == Mode::reduce ? "; the givens are propagated into the formula already, "
                                                               "so its unit clauses are what they force"
                                                             : "")
                                 : "; the library decides and propagates inside each call and reports only its "
                                   "totals, so each call is one step here"));
  sat::Totals totals{.variables = variables_, .clauses = clauses_};
  std::vector<int> block;
  const StopReason stop = sat::enumerate(*s, assumptions, budget, limits, totals, given, block, [&] {
    // Every cell variable read: one digit per cell, each given its own (model.h). The grid
    // first, whose faults are named by cell and digit; then every clause.
    DecodedGrid decoded = grid_of_model(puzzle, value);
    if (!decoded.fault.empty()) throw WrongAnswer(name_, s->name() + "'s model is not one grid: " + decoded.fault);
    sat::check_model(*s, name_, given, assumptions);
    // A model the settling code checked itself (or, settled by the rules' propagation, never
    // read against a formula) is read once more as a grid against the rules, which is what the
    // formula says: the answer may be counted without being kept, and so never reach the
    // verifier in Solver::solve. A third of a microsecond at 9x9.
    if (s->model_checked())
      if (const auto wrong = verify(puzzle, decoded.grid); !wrong.empty())
        throw WrongAnswer(name_, "the settled model breaks the rules: " + wrong.front().message);
    const Grid& solution = decoded.grid;
    if (mode == Mode::assume) block.push_back(-assumptions.front());
    const std::size_t open_from = block.size();
    for (int cell = 0; cell < shape.cells(); ++cell)
      if (puzzle[cell] == 0) block.push_back(-solver_var(cell_var(n, cell, solution[cell])));
    if (limits.observer && !steps) {  // a library that tells each step told the solution too
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
      limits.observer->note(steps ? "backtracking from this solution to look for another"
                                  : "a clause now forbids this assignment of the open cells; asking for another solution");
    return true;
  });
  const auto work = s->work();
  if (mode == Mode::assume) {
    const int retire[1] = {-assumptions.front()};  // switches this puzzle's blocking clauses off
    s->add_clause(retire);
    reused_clauses_.add(retire);
  }
  if (fresh) finish_fresh(totals.last == Answer::unsatisfiable);
  return sink.finish(stop, sat::stats_of(totals, work, budget.elapsed_seconds()));
}

CoverResult SatSolver::search(const ExactCover& problem, const Limits& limits) {
  SearchBudget budget(limits);
  CoverSolutionSink sink(limits);
  // Counting asks again after each solution, on one library; an option is mostly not chosen.
  auto s = make(ProblemKind::exact_cover, 0, setup(true, false));
  // The clauses go straight from the encoder to the library (64x64 Sudoku as exact cover is 3
  // million of them); a first pass that adds nothing counts the variables to create at once.
  const int option_vars = problem.option_count();
  const int all_vars = emit_exact_cover_cnf(problem, [](std::span<const int>) {});
  ClauseList given;  // what the library is given: its models are checked against it
  std::optional<sat::Loader> loader;
  loader.emplace(*s, given, option_vars, nullptr, all_vars - option_vars, budget.deadline());
  const auto work = s->work();
  auto finish = [&](bool refuted) {
    const int created = loader->created();
    loader.reset();
    s.reset();
    if (proofs_) proofs_->finish(refuted, given, created, name_);
  };
  try {
    emit_exact_cover_cnf(problem, loader->sink());
    s->set_vocabulary([&] { return sat::Vocabulary{nullptr, &problem, loader->formula_vars()}; });
  } catch (const sat::LoadStopped&) {
    if (limits.observer) limits.observer->note("the time limit passed while the formula was loading");
    const auto variables = loader->variables(), clauses = loader->clauses();
    finish(false);
    return sink.finish(StopReason::time, sat::stats_of({.variables = variables, .clauses = clauses}, work,
                                                       budget.elapsed_seconds()));
  }
  if (limits.observer)
    limits.observer->note("formula: " + std::to_string(loader->variables()) + " variables, " +
                          std::to_string(loader->clauses()) + " clauses, one variable per option (" + options() + ")");
  sat::Totals totals{.variables = loader->variables(), .clauses = loader->clauses()};
  Selection chosen;
  std::vector<int> block;
  const bool steps = s->enumerates();
  const StopReason stop = sat::enumerate(*s, {}, budget, limits, totals, given, block, [&] {
    // Blocking the chosen options is enough: no other solution chooses a superset of them, since
    // every option covers a primary item that a solution already covers once.
    sat::check_model(*s, name_, given, {});
    chosen = options_of_model(problem.option_count(), [&](int v) { return loader->is_true(v); });
    for (int o : chosen) block.push_back(-loader->solver_var(o + 1));
    if (limits.observer && !steps) limits.observer->solution();  // dpll told it
    return !sink.add(chosen) && !block.empty();
  });
  totals.variables = loader->variables(), totals.clauses = loader->clauses();
  finish(totals.last == Answer::unsatisfiable);
  return sink.finish(stop, sat::stats_of(totals, work, budget.elapsed_seconds()));
}

bool SatSolver::probes() const { return !config_.program && config_.library == Library::dpll; }

std::unique_ptr<UniquenessSession> SatSolver::uniqueness_session(const Grid& solution) {
  if (proofs_ || config_.program) return nullptr;
  const Library lib = config_.library ? *config_.library : session_library();
  used_ = lib;
  return sat::make_session(solution, lib, config_.encoding.value_or(encoding_for(solution.size())), setup(false, true));
}

BackendInfo SatSolver::info() {
  BackendInfo i;
  i.name = "sat";
  i.summary = "CNF encodings solved in-process by CryptoMiniSat, CaDiCaL, or a textbook CDCL (the default up to "
              "12x12) or DPLL that trace every step; exact cover as one variable per option";
  i.sudoku = true;
  i.exact_cover = true;
  i.node_unit = "conflicts";
  i.work = {"decisions", "conflicts"};
  // About 0.07 s on 9x9 (the CDCL: some 70,000 conflicts a second on forum_hardest_1106, building
  // included; CryptoMiniSat 170,000), 0.06 s on 16x16 (CryptoMiniSat).
  i.default_budget = 5'000;
  // The libraries' search is not observable step by step; solver=dpll and solver=cdcl report every
  // step (and so does auto up to 12x12, where it takes the CDCL).
  i.tracing = BackendInfo::Tracing::notes;
  i.stepwise = {{{"solver", "dpll"}}, {{"solver", "cdcl"}}};
  i.probing = {{{"solver", "dpll"}}};
  i.uniqueness_sessions = true;
  // -o proof=FILE: CaDiCaL's DRAT, the formula as FILE.cnf; a certifier asks for the givens as
  // unit clauses, so that the proof does not rest on sudokit's own reduction of them.
  i.proofs = BackendInfo::Proofs{"proof", ".cnf", {{"givens", "units"}}};
  i.options = "solver=auto|cryptominisat|cadical|portfolio|dpll|cdcl encoding=auto|minimal|efficient|extended|compact givens=reduce|units|assume "
              "proof=FILE settle=on|off cadical=default|sat|unsat|plain portfolio=cadical|mixed members=auto|N";
  return i;
}

}  // namespace sudokit
