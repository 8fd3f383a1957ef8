// The SAT library under the sat backend, behind one small interface: sat.cpp says what to ask
// (the method), cryptominisat.cpp and cadical.cpp how each library is asked; dpll.cpp is the
// textbook solver for teaching (dpll.h), which sat.cpp also asks for every model in one search.
//
// Variables are numbered from 1 and literals are DIMACS integers (v or -v), as the encoders emit
// them. A call is bounded by a deadline and a conflict budget; its decisions, conflicts and
// propagations are read afterwards as each library can give them (docs/stats.md says exactly how).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace sudokit::sat {

enum class Library { cryptominisat, cadical, dpll };
std::string_view to_string(Library library);

enum class Answer { satisfiable, unsatisfiable, stopped };

struct CallLimits {
  std::optional<std::chrono::steady_clock::time_point> deadline;
  std::uint64_t max_conflicts = 0;  // 0: no budget
};

// What one solve() call did. A library that cannot count something reports nullopt.
struct CallStats {
  std::optional<std::uint64_t> decisions, propagations;
  std::uint64_t conflicts = 0;
};

struct Setup {
  // Many calls on one solver (counting, assumptions): no simplification between calls where the
  // library would redo it for every call or eliminate a variable that is later assumed.
  bool incremental = false;
  // The value a decision tries first: true for Sudoku ("this cell holds this digit" propagates to
  // all its peers), false for exact cover (an option is mostly not chosen).
  bool decide_true_first = true;
  // Write a DRAT proof (text) of every clause the library learns or deletes to this file, from
  // the first clause on: with the clauses given to it, it proves an unsatisfiable answer. Only
  // CaDiCaL can (make_cryptominisat throws UsageError).
  std::string proof_path;
};

class SatLibrary {
 public:
  virtual ~SatLibrary() = default;
  // Creates `count` variables and returns the first of them.
  virtual int new_vars(int count) = 0;
  virtual void add_clause(std::span<const int> literals) = 0;
  // Solves under the assumptions (true literals, for this call only) and the limits.
  virtual Answer solve(std::span<const int> assumptions, const CallLimits& limits) = 0;
  // A hint: decisions on variable |lit| try lit's value first. Libraries without a per-variable
  // phase (CryptoMiniSat 5.11's API, dpll) ignore it; the answer never depends on it.
  virtual void prefer(int /*lit*/) {}
  // Variable v's value in the model of the last satisfiable call.
  virtual bool is_true(int v) = 0;
  virtual CallStats last_call() = 0;
};

std::unique_ptr<SatLibrary> make_cryptominisat(const Setup& setup);
std::unique_ptr<SatLibrary> make_cadical(const Setup& setup);
std::unique_ptr<SatLibrary> make_dpll(const Setup& setup);  // dpll.h
inline std::unique_ptr<SatLibrary> make_library(Library library, const Setup& setup) {
  switch (library) {
    case Library::cadical: return make_cadical(setup);
    case Library::dpll: return make_dpll(setup);
    case Library::cryptominisat: break;
  }
  return make_cryptominisat(setup);
}

}  // namespace sudokit::sat
