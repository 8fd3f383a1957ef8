// The SAT layer's one interface. Every way sudokit solves a CNF formula is a SatLibrary:
// CryptoMiniSat and CaDiCaL in-process (cryptominisat.cpp, cadical.cpp), the textbook DPLL for
// teaching (dpll.h) with its clause-learning counterpart (cdcl.h), and any DIMACS program run on a file per call (external.h: the ext:
// backends). sat.cpp says once, for all of them, what to ask: load a formula, enumerate models
// with blocking clauses, check each model against what the library was given, keep proofs.
//
// Variables are numbered from 1 and literals are DIMACS integers (v or -v), as the encoders emit
// them. A call is bounded by a deadline and a work budget (conflicts, or calls for a program that
// counts none: work()); its decisions, conflicts and propagations are read afterwards as each
// library can give them (docs/stats.md says exactly how). Nothing here is asked by type: a
// library that does something more (names its variables, enumerates by itself) says so through
// the interface, and the others keep the defaults.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/exact_cover.h"
#include "sudokit/probe.h"
#include "sudokit/online_estimate.h"
#include "sudokit/shape.h"
#include "sudokit/trace.h"

namespace sudokit::sat {

// The libraries in this process (an external program is made by make_external, external.h).
// portfolio: several searches side by side, one per core, the first answer wins (portfolio.cpp).
enum class Library { cryptominisat, cadical, dpll, cdcl, portfolio };
std::string_view to_string(Library library);

enum class Answer { satisfiable, unsatisfiable, stopped };

struct CallLimits {
  std::optional<std::chrono::steady_clock::time_point> deadline;
  std::uint64_t max_conflicts = 0;  // 0: no budget
  Probe* probe = nullptr;           // search_all() as one random path (probe.h): dpll only
  OnlineEstimator* estimator = nullptr;  // told each node of search_all()'s tree (online_estimate.h): dpll only
};

// What one solve() call did. A library that cannot count something reports nullopt.
struct CallStats {
  std::optional<std::uint64_t> decisions, propagations;
  std::uint64_t conflicts = 0;
  // Decisions undone and tried the other way (dpll's flips): each a node of its tree, not a
  // guess. None from a library that never flips (cdcl jumps back instead).
  std::optional<std::uint64_t> flips;
  // A portfolio's call: how many members there were, and the one whose answer this is (from 1;
  // 0 when none answered: the call was stopped). Both 0 for any other library.
  unsigned members = 0, member = 0;
};

struct Setup {
  // Many calls on one solver (counting, assumptions): no simplification between calls where the
  // library would redo it for every call or eliminate a variable that is later assumed.
  bool incremental = false;
  // The value a decision tries first: true for Sudoku ("this cell holds this digit" propagates to
  // all its peers), false for exact cover (an option is mostly not chosen).
  bool decide_true_first = true;
  // Write a DRAT proof (text) of every unsatisfiable answer to this file: with the clauses given
  // to the library, it proves the answer. Only a library that can (CaDiCaL, a program that writes
  // DRAT) takes one; the others throw UsageError.
  std::string proof_path;
  // A flag another thread sets to end the call under way: how a portfolio stops the members that
  // lost. CaDiCaL's terminator reads it as often as the deadline; CryptoMiniSat reads it between
  // slices of its search, and interrupt() stops a slice under way. The textbook solvers and
  // programs do not read it.
  const std::atomic<bool>* interrupt = nullptr;
  // CaDiCaL's configuration (Solver::configure, as the program's --sat, --unsat, --plain): "sat",
  // "unsat" or "plain"; "" keeps its default. The other libraries have none and ignore it.
  std::string cadical_configuration;
  // CaDiCaL's random seed (its option "seed"), 0 its default: a portfolio's later members.
  int cadical_seed = 0;
  // A portfolio's members (portfolio.cpp): CaDiCaL in a different configuration each (false), or
  // with CryptoMiniSat as the second member (true); how many, 0 for one per core of the
  // affinity mask (at most kMaxPortfolioMembers either way).
  bool portfolio_mixed = false;
  unsigned portfolio_members = 0;
};
inline constexpr unsigned kMaxPortfolioMembers = 8;

// What the solver's variables stand for: the problem, and for each solver variable (from 1) the
// formula variable it is, in the encoders' numbering (cnf.h): a Sudoku cell variable cell*n + d,
// an exact-cover option k as variable k+1; anything else an auxiliary (named xN by that number).
// The shape or problem must outlive the searches that use it.
struct Vocabulary {
  const Shape* shape = nullptr;
  const ExactCover* cover = nullptr;
  std::vector<int> formula_var;  // [solver variable]; 0 or missing: not from the formula
  bool unit_clauses_are_givens = false;  // givens=units; else a unit clause is told as forced
};

class SatLibrary {
 public:
  virtual ~SatLibrary() = default;
  // Its name in notes and faults: "CryptoMiniSat", "ext:minisat".
  virtual std::string name() const = 0;
  // Creates `count` variables and returns the first of them.
  virtual int new_vars(int count) = 0;
  virtual void add_clause(std::span<const int> literals) = 0;
  // Solves under the assumptions (true literals, for this call only) and the limits.
  virtual Answer solve(std::span<const int> assumptions, const CallLimits& limits) = 0;
  // A hint: decisions on variable |lit| try lit's value first. Libraries without a per-variable
  // phase (CryptoMiniSat 5.11's API, dpll, a program) ignore it; the answer never depends on it.
  virtual void prefer(int /*lit*/) {}
  // Variable v's value in the model of the last satisfiable call.
  virtual bool is_true(int v) = 0;
  // Whether that model gives v a value at all: a program's answer may leave variables out (the
  // sat layer then counts no literal of v as true when it checks the model). The libraries in
  // this process always give one.
  virtual bool has_value(int /*v*/) { return true; }
  virtual CallStats last_call() = 0;
  // Asks the call under way in another thread to end as soon as it can (a portfolio's loser);
  // may be called before that call starts or after it ends. Libraries that read
  // Setup::interrupt often enough need nothing more (the default does nothing).
  virtual void interrupt() {}

  // What a work budget bounds, and what a search's nodes count: conflicts, with decisions as
  // nodes (every library in this process), or calls, each a node, for a program that reports no
  // conflicts.
  enum class Work { conflicts, calls };
  virtual Work work() const { return Work::conflicts; }
  // Tells a library that reports its steps in the problem's terms (dpll) what its variables
  // stand for, by calling `make`; the others have nothing to name and do not call it (working the
  // vocabulary out is a pass over every variable, for nothing).
  virtual void set_vocabulary(const std::function<Vocabulary()>& /*make*/) {}
  // Whether the library goes on from a model by itself (dpll's chronological backtracking), so
  // that search_all() enumerates with no blocking clause; the others are asked again with a
  // clause that forbids each model (sat.cpp).
  virtual bool enumerates() const { return false; }
  // Every model under the assumptions, one at a time, when enumerates(): `on_model` reads each
  // with is_true() and returns true to go on. Returns satisfiable when on_model ended the search,
  // unsatisfiable when there is no further model, stopped at a limit; every step is told to
  // `observer` when there is one. The default throws std::logic_error (enumerates() is false).
  virtual Answer search_all(std::span<const int> assumptions, const CallLimits& limits, SearchObserver* observer,
                            const std::function<bool()>& on_model);
  // The counts of the call under way, as they stand, for an observer that shows them step by
  // step (SearchObserver::watch_counters); none from a library that tells them only when a call
  // returns (all but the textbook solvers). Asked only while a call runs.
  virtual std::optional<CallStats> running_call() const { return std::nullopt; }
  // Whether the model of the last satisfiable call has been read against every clause given,
  // by the library itself in this process (settling: settle.h), so that check_model need not
  // read it again. No library from elsewhere says so.
  virtual bool model_checked() const { return false; }
  // What answers the calls when no library was built (settling: settle.h), for a trace to say
  // so: "unit propagation of the formula", ...; nullptr once the library answers them. The counts
  // are then what the library reports for a formula it need not search. Read after a call that
  // answered (one that stopped at its deadline answered nothing).
  virtual const char* answered_without_library() const { return nullptr; }
};

std::unique_ptr<SatLibrary> make_cryptominisat(const Setup& setup);
std::unique_ptr<SatLibrary> make_cadical(const Setup& setup);
std::unique_ptr<SatLibrary> make_dpll(const Setup& setup);  // dpll.h
std::unique_ptr<SatLibrary> make_cdcl(const Setup& setup);  // cdcl.h
std::unique_ptr<SatLibrary> make_portfolio(const Setup& setup);  // portfolio.cpp
// The members a portfolio for `setup` makes on a machine with `cores` usable cores: each one's
// library and setup, no two alike, the first `setup` itself with CaDiCaL (portfolio.cpp).
struct PortfolioMember {
  Library library;
  Setup setup;
};
std::vector<PortfolioMember> portfolio_members(const Setup& setup, unsigned cores);
// How many members that is: setup.portfolio_members, else `cores`, within 1..kMaxPortfolioMembers.
unsigned portfolio_size(const Setup& setup, unsigned cores);
std::unique_ptr<SatLibrary> make_library(Library library, const Setup& setup);

}  // namespace sudokit::sat
