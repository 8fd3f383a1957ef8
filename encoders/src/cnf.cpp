#include "sudokit/encoders/cnf.h"

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

void at_least_one(Cnf& f, const std::vector<int>& lits) { f.clauses.push_back(lits); }

void at_most_one_pairwise(Cnf& f, const std::vector<int>& lits) {
  for (std::size_t i = 0; i < lits.size(); ++i)
    for (std::size_t j = i + 1; j < lits.size(); ++j) f.clauses.push_back({-lits[i], -lits[j]});
}

// Sinz's sequential counter: s_i true when one of x_1..x_i is true.
void at_most_one_sequential(Cnf& f, const std::vector<int>& x) {
  const std::size_t k = x.size();
  if (k < 2) return;
  std::vector<int> s(k - 1);
  for (auto& v : s) v = ++f.variables;
  f.clauses.push_back({-x[0], s[0]});
  for (std::size_t i = 1; i + 1 < k; ++i) {
    f.clauses.push_back({-x[i], s[i]});
    f.clauses.push_back({-s[i - 1], s[i]});
    f.clauses.push_back({-x[i], -s[i - 1]});
  }
  f.clauses.push_back({-x[k - 1], -s[k - 2]});
}

}  // namespace

Cnf sudoku_rules(const Shape& shape, Encoding e) {
  const int n = shape.size();
  Cnf f;
  f.variables = shape.cells() * n;
  auto amo = [&](const std::vector<int>& lits) {
    if (e == Encoding::compact) at_most_one_sequential(f, lits);
    else at_most_one_pairwise(f, lits);
  };
  std::vector<int> lits;
  for (int cell = 0; cell < shape.cells(); ++cell) {
    lits.clear();
    for (int d = 1; d <= n; ++d) lits.push_back(cell_var(n, cell, d));
    at_least_one(f, lits);
    if (e != Encoding::minimal) amo(lits);
  }
  for (const Unit& u : shape.units())
    for (int d = 1; d <= n; ++d) {
      lits.clear();
      for (int cell : u.cells) lits.push_back(cell_var(n, cell, d));
      if (e == Encoding::extended || e == Encoding::compact) at_least_one(f, lits);
      amo(lits);
    }
  return f;
}

std::optional<std::vector<int>> fixed_by_givens(const Grid& puzzle) {
  const int n = puzzle.size();
  std::vector<int> value(static_cast<std::size_t>(puzzle.cells() * n) + 1, 0);
  bool clash = false;
  auto fix = [&](int v, int val) {
    int& x = value[static_cast<std::size_t>(v)];
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
  std::vector<int> literals;
  for (std::size_t v = 1; v < value.size(); ++v)
    if (value[v] != 0) literals.push_back(value[v] * static_cast<int>(v));
  return literals;
}

Cnf sudoku_cnf(const Grid& puzzle, Encoding e, Givens givens) {
  Cnf f = sudoku_rules(puzzle.shape(), e);
  const int n = puzzle.size();
  if (givens == Givens::units) {
    for (int cell = 0; cell < puzzle.cells(); ++cell)
      if (puzzle[cell] != 0) f.clauses.push_back({cell_var(n, cell, puzzle[cell])});
    return f;
  }
  const auto fixed = fixed_by_givens(puzzle);
  Cnf reduced;
  reduced.variables = f.variables;
  if (!fixed) {
    reduced.clauses.push_back({});  // clashing givens: unsatisfiable
    return reduced;
  }
  std::vector<int> value(static_cast<std::size_t>(f.variables) + 1, 0);  // +1 true, -1 false, 0 free
  for (int lit : *fixed) value[static_cast<std::size_t>(lit > 0 ? lit : -lit)] = lit > 0 ? 1 : -1;
  for (auto& clause : f.clauses) {
    std::vector<int> kept;
    bool satisfied = false;
    for (int lit : clause) {
      const int v = lit > 0 ? lit : -lit;
      const int val = v < static_cast<int>(value.size()) ? value[static_cast<std::size_t>(v)] : 0;
      if (val == 0) kept.push_back(lit);
      else if ((val > 0) == (lit > 0)) satisfied = true;
    }
    if (!satisfied) reduced.clauses.push_back(std::move(kept));  // may be empty: unsatisfiable
  }
  return reduced;
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
