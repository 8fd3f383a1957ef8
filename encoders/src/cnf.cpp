#include "sudokit/encoders/cnf.h"

#include <functional>
#include <istream>
#include <ostream>
#include <sstream>

#include "sudokit/errors.h"

namespace sudokit {

Encoding parse_encoding(std::string_view name) {
  if (name == "minimal") return Encoding::minimal;
  if (name == "efficient") return Encoding::efficient;
  if (name == "extended") return Encoding::extended;
  if (name == "compact") return Encoding::compact;
  throw UsageError("encoding is minimal, efficient, extended or compact, not '" + std::string(name) + "'");
}

std::string_view to_string(Encoding e) {
  switch (e) {
    case Encoding::minimal: return "minimal";
    case Encoding::efficient: return "efficient";
    case Encoding::extended: return "extended";
    case Encoding::compact: return "compact";
  }
  return "?";
}

namespace {

void at_most_one_pairwise(const std::vector<int>& lits, const ClauseSink& add) {
  for (std::size_t i = 0; i < lits.size(); ++i)
    for (std::size_t j = i + 1; j < lits.size(); ++j) {
      const int clause[2] = {-lits[i], -lits[j]};
      add(clause);
    }
}

// Sinz's sequential counter: s_i true when one of x_1..x_i is true. `variables` is the highest
// variable so far; the auxiliaries come after it.
void at_most_one_sequential(const std::vector<int>& x, int& variables, const ClauseSink& add) {
  const std::size_t k = x.size();
  if (k < 2) return;
  auto emit = [&](int a, int b) {
    const int clause[2] = {a, b};
    add(clause);
  };
  const int s0 = variables + 1;  // s_i is variable s0 + i
  variables += static_cast<int>(k) - 1;
  emit(-x[0], s0);
  for (std::size_t i = 1; i + 1 < k; ++i) {
    const int si = s0 + static_cast<int>(i);
    emit(-x[i], si);
    emit(-(si - 1), si);
    emit(-x[i], -(si - 1));
  }
  emit(-x[k - 1], -(s0 + static_cast<int>(k) - 2));
}

// A sink that appends each clause to f.
ClauseSink append_to(Cnf& f) {
  return [&f](std::span<const int> c) { f.clauses.emplace_back(c.begin(), c.end()); };
}

void at_most_one_pairwise(Cnf& f, const std::vector<int>& lits) { at_most_one_pairwise(lits, append_to(f)); }
void at_most_one_sequential(Cnf& f, const std::vector<int>& x) { at_most_one_sequential(x, f.variables, append_to(f)); }

Cnf collect(const std::function<int(const ClauseSink&)>& emit) {
  Cnf f;
  f.variables = emit(append_to(f));
  return f;
}

// The first unit two cells share, or -1: a pair of cells in two units (a row and a box) is
// forbidden a digit twice by both, and only the first need say so.
int first_common_unit(const Shape& shape, int a, int b) {
  const auto ua = shape.units_of(a), ub = shape.units_of(b);
  for (std::size_t i = 0, j = 0; i < ua.size() && j < ub.size();) {
    if (ua[i] == ub[j]) return ua[i];
    if (ua[i] < ub[j]) ++i;
    else ++j;
  }
  return -1;
}

}  // namespace

int emit_sudoku_rules(const Shape& shape, Encoding e, const std::vector<signed char>* fixed, const ClauseSink& add,
                      bool distinct) {
  const int n = shape.size();
  int variables = shape.cells() * n;
  std::vector<int> lits, open, at, open_at;  // at: each literal's place in its group
  std::vector<char> first_here;  // distinct: whether this unit is the first the two cells at i, j share
  // One group of literals: at least one of them true (alo) and at most one (amo). Under `fixed`,
  // false literals are dropped; a group holding a true literal needs only its other literals false.
  // `pairs_once`: the group is a unit's, and first_here says which of its pairs to emit.
  auto group = [&](bool alo, bool amo, bool pairs_once) {
    const std::vector<int>* kept = &lits;
    const std::vector<int>* kept_at = &at;
    if (fixed) {
      open.clear(), open_at.clear();
      int trues = 0;
      for (std::size_t i = 0; i < lits.size(); ++i) {
        const signed char value = (*fixed)[static_cast<std::size_t>(lits[i])];
        if (value == 0) open.push_back(lits[i]), open_at.push_back(at[i]);
        else trues += value > 0;
      }
      if (trues > 0) {
        if (trues > 1 && amo) add({});  // two true in an at-most-one group: unsatisfiable
        if (amo)
          for (int lit : open) {
            const int clause[1] = {-lit};
            add(clause);
          }
        return;
      }
      kept = &open, kept_at = &open_at;
    }
    if (alo) add(*kept);  // empty when every literal is false: unsatisfiable
    if (!amo) return;
    if (e == Encoding::compact) {
      at_most_one_sequential(*kept, variables, add);
    } else if (pairs_once) {
      const auto& x = *kept;
      const auto& x_at = *kept_at;
      for (std::size_t i = 0; i < x.size(); ++i)
        for (std::size_t j = i + 1; j < x.size(); ++j)
          if (first_here[static_cast<std::size_t>(x_at[i] * n + x_at[j])]) {
            const int clause[2] = {-x[i], -x[j]};
            add(clause);
          }
    } else {
      at_most_one_pairwise(*kept, add);
    }
  };
  at.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) at[static_cast<std::size_t>(i)] = i;
  for (int cell = 0; cell < shape.cells(); ++cell) {
    lits.clear();
    for (int d = 1; d <= n; ++d) lits.push_back(cell_var(n, cell, d));
    group(true, e != Encoding::minimal, false);
  }
  first_here.resize(static_cast<std::size_t>(n * n));
  for (int unit = 0; unit < static_cast<int>(shape.units().size()); ++unit) {
    const auto& cells = shape.units()[static_cast<std::size_t>(unit)].cells;
    if (distinct)
      for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
          first_here[static_cast<std::size_t>(i * n + j)] =
              first_common_unit(shape, cells[static_cast<std::size_t>(i)], cells[static_cast<std::size_t>(j)]) == unit;
    for (int d = 1; d <= n; ++d) {
      lits.clear();
      for (int cell : cells) lits.push_back(cell_var(n, cell, d));
      group(e == Encoding::extended || e == Encoding::compact, true, distinct);
    }
  }
  return variables;
}

Cnf sudoku_rules(const Shape& shape, Encoding e) {
  return collect([&](const ClauseSink& add) { return emit_sudoku_rules(shape, e, nullptr, add); });
}

std::optional<std::vector<signed char>> values_fixed_by_givens(const Grid& puzzle) {
  const int n = puzzle.size();
  std::vector<signed char> value(static_cast<std::size_t>(puzzle.cells() * n) + 1, 0);
  bool clash = false;
  auto fix = [&](int v, signed char val) {
    signed char& x = value[static_cast<std::size_t>(v)];
    if (x != 0 && x != val) clash = true;
    x = val;
  };
  for (int cell = 0; cell < puzzle.cells(); ++cell) {
    const int d = puzzle[cell];
    if (d == 0) continue;
    for (int o = 1; o <= n; ++o) fix(cell_var(n, cell, o), o == d ? 1 : -1);
    for (int p : puzzle.shape().peers_of(cell)) fix(cell_var(n, p, d), -1);
  }
  if (clash) return std::nullopt;
  return value;
}

std::optional<std::vector<int>> fixed_by_givens(const Grid& puzzle) {
  const auto value = values_fixed_by_givens(puzzle);
  if (!value) return std::nullopt;
  std::vector<int> literals;
  for (std::size_t v = 1; v < value->size(); ++v)
    if ((*value)[v] != 0) literals.push_back((*value)[v] * static_cast<int>(v));
  return literals;
}

Cnf sudoku_cnf(const Grid& puzzle, Encoding e, Givens givens) {
  const int n = puzzle.size();
  if (givens == Givens::units) {
    Cnf f = sudoku_rules(puzzle.shape(), e);
    for (int cell = 0; cell < puzzle.cells(); ++cell)
      if (puzzle[cell] != 0) f.clauses.push_back({cell_var(n, cell, puzzle[cell])});
    return f;
  }
  const auto fixed = values_fixed_by_givens(puzzle);
  if (!fixed) {
    Cnf clash;
    clash.variables = puzzle.cells() * n;
    clash.clauses.push_back({});  // clashing givens: unsatisfiable
    return clash;
  }
  return collect([&](const ClauseSink& add) { return emit_sudoku_rules(puzzle.shape(), e, &*fixed, add); });
}

Cnf exact_cover_cnf(const ExactCover& xc) {
  Cnf f;
  f.variables = static_cast<int>(xc.options.size());
  std::vector<std::vector<int>> by_item(xc.items.size());
  for (std::size_t o = 0; o < xc.options.size(); ++o)
    for (int item : xc.options[o]) by_item[static_cast<std::size_t>(item)].push_back(static_cast<int>(o) + 1);
  for (int i = 0; i < xc.item_count(); ++i) {
    const auto& lits = by_item[static_cast<std::size_t>(i)];
    if (xc.is_primary(i)) f.clauses.push_back(lits);  // empty when no option covers it: unsatisfiable
    if (lits.size() > 16) at_most_one_sequential(f, lits);
    else at_most_one_pairwise(f, lits);
  }
  return f;
}

void write_dimacs(std::ostream& out, const Cnf& f, const std::vector<std::string>& comments) {
  for (const auto& c : comments) out << "c " << c << "\n";
  out << "p cnf " << f.variables << " " << f.clauses.size() << "\n";
  for (const auto& clause : f.clauses) {
    for (int lit : clause) out << lit << ' ';
    out << "0\n";
  }
}

std::optional<std::vector<bool>> read_model(std::istream& in, const std::string& source, int variables) {
  std::vector<bool> model(static_cast<std::size_t>(variables) + 1, false);
  std::string line;
  bool sat = false, seen_status = false;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    std::istringstream words(line);
    std::string first;
    if (!(words >> first) || first == "c") continue;
    if (first == "s" || first == "SAT" || first == "UNSAT" || first == "SATISFIABLE" || first == "UNSATISFIABLE") {
      std::string rest;
      if (first == "s") words >> rest;
      else rest = first;
      seen_status = true;
      sat = rest == "SATISFIABLE" || rest == "SAT";
      if (!sat) return std::nullopt;
      continue;
    }
    std::istringstream lits(first == "v" ? line.substr(line.find('v') + 1) : line);
    long lit;
    while (lits >> lit) {
      if (lit == 0) continue;
      const long v = lit > 0 ? lit : -lit;
      if (v <= variables) model[static_cast<std::size_t>(v)] = lit > 0;
    }
    if (lits.fail() && !lits.eof())
      throw InputError(source, 0, number, 1, "expected literals in the solver's model output");
  }
  if (!seen_status || !sat) throw InputError(source, 0, 1, 1, "no 's SATISFIABLE' or 'SAT' line in the solver's output");
  return model;
}

Grid grid_from_model(const Grid& puzzle, const std::vector<bool>& model) {
  Grid g = puzzle;
  const int n = puzzle.size();
  std::vector<bool> fixed_false(static_cast<std::size_t>(puzzle.cells() * n) + 1, false);
  if (const auto fixed = fixed_by_givens(puzzle))
    for (int lit : *fixed)
      if (lit < 0) fixed_false[static_cast<std::size_t>(-lit)] = true;
  for (int cell = 0; cell < puzzle.cells(); ++cell)
    for (int d = 1; d <= n && puzzle[cell] == 0; ++d) {
      const auto v = static_cast<std::size_t>(cell_var(n, cell, d));
      if (v < model.size() && model[v] && !fixed_false[v]) {
        g.set(cell, d);
        break;
      }
    }
  return g;
}

}  // namespace sudokit
