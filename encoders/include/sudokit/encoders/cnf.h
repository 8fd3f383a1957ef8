// Sudoku (and any exact cover) as CNF. One boolean variable per (cell, digit):
//     var(cell, d) = cell * n + d        (cell 0-based row-major, d = 1..n; DIMACS numbering from 1)
// Encodings (counts for the empty 9x9 grid):
//   minimal    each cell at least one digit; no digit twice in a unit (pairwise)      729 vars,  8829 clauses
//   efficient  minimal + each cell at most one digit (pairwise)                        729 vars, 11745 clauses
//   extended   every cell and every (unit, digit) exactly one, pairwise               729 vars, 11988 clauses
//   compact    extended, with every at-most-one as Sinz's sequential counter (3k-4 clauses and k-1
//              auxiliary variables for k literals instead of k(k-1)/2 clauses): for large grids
// Extra units (diagonals, regions) are more exactly-one groups, like rows. Variant rules: a group of
// fewer than n cells (cage, small extra region) is an at-most-one per digit, an extra pair (anti-
// knight, anti-king) a binary clause per digit, and a cage with a sum a selector variable per digit
// set that makes it, numbered after the cell variables (docs/encodings.md, "Variant rules").
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/encoders/exact_cover.h"
#include "sudokit/grid.h"
#include "sudokit/solver.h"

namespace sudokit {

enum class Encoding { minimal, efficient, extended, compact };
Encoding parse_encoding(std::string_view name);  // throws UsageError
std::string_view to_string(Encoding e);
// The default encoding (encoding=auto) by the side of the grid: extended up to 36x36, compact
// above, where extended's pairwise clauses no longer fit in memory (64x64: 31 million clauses,
// 850 MB in CryptoMiniSat; compact 3.1 million; docs/backends/sat.md). Every consumer of the
// CNF (the sat backend, ext:, encode --to dimacs) uses this one rule.
Encoding encoding_for(int size);
// The encoding an option names: "auto" (or none) is encoding_for(size).
Encoding encoding_named(const std::optional<std::string>& name, int size);

struct Cnf {
  int variables = 0;                        // highest variable number
  std::vector<std::vector<int>> clauses;    // DIMACS literals: v or -v
};

inline int cell_var(int n, int cell, int digit) { return cell * n + digit; }

// DIMACS comment lines for a variant shape: its rules, and what each cage selector variable
// stands for ("variable 730: cage 1 (sum 20) holds {2,3,6,9}"). Empty for a classic shape.
std::vector<std::string> variant_variable_comments(const Shape& shape);

// The rules of a shape, before any given.
Cnf sudoku_rules(const Shape& shape, Encoding encoding);

// The literals the givens fix: each given's variable true, and false the cell's other digits and
// the given digit in every peer. nullopt when two givens clash.
std::optional<std::vector<int>> fixed_by_givens(const Grid& puzzle);
// The same as a value per variable (index 1 .. cells*n): +1 true, -1 false, 0 open.
std::optional<std::vector<signed char>> values_fixed_by_givens(const Grid& puzzle);

// Receives one clause at a time (DIMACS literals; the span lives only for the call).
using ClauseSink = std::function<void(std::span<const int>)>;
// The rules of a shape clause by clause, without building a Cnf: for a solver to load directly.
// With `fixed` (from values_fixed_by_givens), the reduced rules: false literals dropped, and the
// groups a given settles left out. With `distinct`, a binary clause that two units share (two cells
// in one row and one box) is emitted once: the same formula as a set, without the repeats that
// the published clause counts include. Returns the highest variable used (compact adds auxiliaries).
int emit_sudoku_rules(const Shape& shape, Encoding encoding, const std::vector<signed char>* fixed,
                      const ClauseSink& add, bool distinct = false);

// The same rules worked out once for a shape and encoding (the groups' literals, and which pairs
// of each group its at-most-one emits), then emitted for puzzle after puzzle: for a solver that
// loads a reduced formula per puzzle, where working the groups out again cost 10% of its time.
class SudokuRules {
 public:
  SudokuRules(const Shape& shape, Encoding encoding, bool distinct = false);
  // As emit_sudoku_rules(shape, encoding, fixed, add, distinct).
  int emit(const std::vector<signed char>* fixed, const ClauseSink& add) const;
  // How many clauses emit(fixed, ...) gives, without making them: the size a formula would have
  // had, for one that was never built (a puzzle settled first: solvers/sat/settle.h). With
  // `unit_variables`, also how many variables its unit clauses set, each counted once (a naked
  // and a hidden single may name one): what a solver counting its propagations would not count.
  std::uint64_t clauses(const std::vector<signed char>* fixed, int* unit_variables = nullptr) const;
  // How many auxiliary variables emit(fixed, ...) will number (compact's counters; 0 for the
  // other encodings), without emitting: a solver can then create them all in one call.
  int auxiliaries(const std::vector<signed char>* fixed) const;
  // The variables the rules number before any auxiliary: the cell variables, then the killer
  // cages' selectors.
  int variables() const { return variables_; }

 private:
  struct Group {
    bool at_least_one, at_most_one;
    int first, size;  // its literals: vars_[first .. first + size)
    int partners;     // pairwise at-most-one: partners_[partners + i] = the positions j > i paired with i
  };
  void add_clause(std::vector<int> clause);
  // emit() and clauses(), one body: `add` takes each clause as a std::span<const int>.
  template <class Add>
  int emit_to(const std::vector<signed char>* fixed, Add&& add) const;
  Encoding encoding_;
  int variables_;  // cell variables, then the cages' selectors: the auxiliaries of `compact` come after them
  std::vector<Group> groups_;
  std::vector<int> vars_;
  std::vector<std::uint64_t> partners_;
  std::vector<int> clause_lits_, clause_begin_;  // plain clauses (killer cages), emitted after the groups
};

enum class Givens { units, reduce };
// A puzzle's formula: the rules plus the givens as unit clauses, or (reduce) with the givens
// propagated away: clauses they satisfy dropped and literals they falsify deleted; the fixed
// variables then appear in no clause. Conflicting givens give an empty clause.
Cnf sudoku_cnf(const Grid& puzzle, Encoding encoding, Givens givens);

// Exact cover with colours as CNF: one variable per option (option k is variable k+1); each
// primary item exactly one of its options, each secondary item at most one (pairwise, or a
// sequential counter past 16 options). A coloured secondary item gets one variable per colour
// used on it, implied by every option giving it that colour; the colour variables and the
// item's uncoloured options are at most one together. An option with no primary item is false,
// as Algorithm X never chooses one. Solutions are the option variables only.
Cnf exact_cover_cnf(const ExactCover& cover);
// The same clause by clause, without building a Cnf; returns the highest variable used.
int emit_exact_cover_cnf(const ExactCover& cover, const ClauseSink& add);

void write_dimacs(std::ostream& out, const Cnf& cnf, const std::vector<std::string>& comments = {});

// The options that choose a formula, read in this one place for every consumer of the CNF (the
// sat backend and the ext: ones, encode --to dimacs, decode): encoding=auto|minimal|efficient|
// extended|compact (auto: nullopt, encoding_for() once the size is known) and givens=units|reduce,
// or assume where `assume_allowed` (the givens passed to a solver as assumptions, not a formula).
// Takes them from `options` (SolverOptions::take); throws UsageError naming `who` for a bad value.
struct FormulaOptions {
  std::optional<Encoding> encoding;
  Givens givens = Givens::units;
  bool assume = false;
};
FormulaOptions take_formula_options(const SolverOptions& options, std::string_view who, Givens fallback,
                                    bool assume_allowed = false);

// The formula of a puzzle as a file holds it: what `encode --to dimacs` writes and `decode` reads
// models of. Options (SolverOptions, as -o gives them): encoding=auto|minimal|efficient|extended|
// compact (auto: encoding_for) and givens=units|reduce (units). Throws UsageError for another key
// or value; `who` names the command in the message.
Cnf sudoku_formula(const Grid& puzzle, const SolverOptions& options, std::string_view who);
// Writes sudoku_formula() in DIMACS, with comments naming the puzzle, the encoding and the
// numbering of the variables.
void write_dimacs_for(std::ostream& out, const Grid& puzzle, const SolverOptions& options);
// Reads a DIMACS CNF file ("c" comments, a "p cnf V C" header, clauses ending in 0). Throws
// InputError (source, line, column) for a missing header, a word that is not a literal, a literal
// above V, or a clause count other than C.
Cnf read_dimacs(std::istream& in, const std::string& source_name);

// Models (a solver's answer to one of these formulas), read, checked and decoded: model.h.

}  // namespace sudokit
