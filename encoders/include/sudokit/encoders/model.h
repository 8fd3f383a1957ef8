// A SAT solver's answer, read whole and checked before it is believed.
//
// A model is checked twice, in two ways that share nothing: against the formula the solver was
// given (every clause satisfied, every variable of a clause given a value), and, decoded into a
// grid or a set of options, by the independent verifier (Solver::solve). Decoding reads every cell
// variable, not only the first true digit of each open cell: a cell with two digits, a given whose
// literal the solver made false, or a digit that a given rules out is named as such, by cell and
// digit, rather than passed over. The sat backend, the ext: backends and `sudokit decode` all read
// models through here.
//
//   Model m = *read_model(solver_output, "minisat", formula.variables);
//   if (std::string f = falsified_clause(formula, m); !f.empty()) ...   // "clause 12 (-5 -17) is false"
//   DecodedGrid d = grid_of_model(puzzle, m, formula);
//   if (!d.fault.empty()) ...                                             // "r1c2 holds both 3 and 5"
#pragma once

#include <boost/dynamic_bitset.hpp>
#include <functional>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "sudokit/encoders/cnf.h"

namespace sudokit {

// For each variable 1..variables(): whether the model gives it a value, and which. Bit v stands
// for variable v (bit 0 is unused), in two runtime-sized sets.
struct Model {
  explicit Model(int variables = 0)
      : assigned(static_cast<std::size_t>(variables) + 1), value(static_cast<std::size_t>(variables) + 1) {}
  boost::dynamic_bitset<> assigned;  // the model gives the variable a value
  boost::dynamic_bitset<> value;     // that value is true
  int variables() const { return static_cast<int>(value.size()) - 1; }
  void set(int v, bool is_true) {
    assigned.set(static_cast<std::size_t>(v));
    value.set(static_cast<std::size_t>(v), is_true);
  }
  // +1 true, -1 false, 0 no value (or a variable beyond the model).
  int of(int v) const {
    if (v < 1 || v > variables() || !assigned.test(static_cast<std::size_t>(v))) return 0;
    return value.test(static_cast<std::size_t>(v)) ? 1 : -1;
  }
};

// Reads a SAT solver's output: "s SATISFIABLE" and "v ..." lines (minisat's result file: "SAT"
// and one line of literals). Returns the model, or nullopt when, and only when, the output says
// UNSATISFIABLE (or UNSAT). A variable the output does not mention has no value. Throws
// InputError (line, column) for output that is no answer: no status line, UNKNOWN or
// INDETERMINATE (a program stopped by a limit), a word that is not a literal, a literal beyond
// the range of int.
std::optional<Model> read_model(std::istream& in, const std::string& source_name, int variables);

// The first clause of `formula` that `model` does not satisfy, as "clause 12 (-5 -17) is false
// under the model" (or "... has no true literal: variable 17 has no value"), numbered from 1 in
// the formula's order; "" when the model satisfies every clause.
std::string falsified_clause(const Cnf& formula, const Model& model);

// The clauses a solver was given, end to end (each followed by a 0) in one allocation: what an
// in-process library's model is checked against, and the formula written beside a DRAT proof.
// A Cnf keeps an allocation per clause, which at thousands of clauses per 9x9 puzzle costs more
// than the check.
class ClauseList {
 public:
  void add(std::span<const int> clause);
  void clear() {  // keeps the memory, for the next formula
    literals_.clear();
    clauses_ = 0;
    variables_ = 0;
  }
  std::size_t size() const { return clauses_; }
  int variables() const { return variables_; }  // the largest variable in a clause so far
  Cnf to_cnf() const;
  // The clauses in DIMACS, one a line ("1 -2 0"), without the "p cnf" header.
  void write_dimacs_clauses(std::ostream& out) const;
  // As falsified_clause(); value(v) is +1, -1 or 0 (no value) for variable v.
  std::string falsified(const std::function<int(int)>& value) const;
  // The same for a model given as one bit per variable, all with values (a library's model).
  std::string falsified(const boost::dynamic_bitset<>& value) const;

 private:
  std::vector<int> literals_;
  std::size_t clauses_ = 0;
  int variables_ = 0;
};

// The variables some clause of `formula` mentions (bit v): which of a model's values mean anything.
boost::dynamic_bitset<> mentioned_variables(const Cnf& formula);

// A model decoded: the grid, or the first fault found, named by cell and digit.
struct DecodedGrid {
  Grid grid;
  std::string fault;  // "" when the model describes a complete grid that keeps the givens
};

// The grid a model of `puzzle`'s formula describes, read whole. `value(v)` is the model's value of
// cell variable v (cell_var numbering): +1, -1, or 0 when the formula did not have v (givens=reduce
// leaves out the variables the givens fix, which then take the givens' values). Every cell must
// hold exactly one digit, every given its own, and no digit that a given rules out. The grid
// itself is not verified here: Solver::solve and `decode` give it to the verifier.
DecodedGrid grid_of_model(const Grid& puzzle, const std::function<int(int)>& value);
// The same for a model of `formula` (sudoku_cnf of the puzzle, any encoding and givens mode): a
// variable no clause mentions is taken as the formula left it out.
DecodedGrid grid_of_model(const Grid& puzzle, const Model& model, const Cnf& formula);

// The options a model of exact_cover_cnf() chooses: option k is variable k + 1. The verifier
// (verify_cover) judges them.
Selection options_of_model(int options, const std::function<bool(int)>& is_true);

}  // namespace sudokit
