#include "sudokit/encoders/cnf.h"

#include <algorithm>

#include <bit>
#include <charconv>
#include <cstdlib>
#include <functional>
#include <istream>
#include <limits>
#include <ostream>
#include <sstream>

#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/text.h"

namespace sudokit {

Encoding parse_encoding(std::string_view name) {
  if (name == "minimal") return Encoding::minimal;
  if (name == "efficient") return Encoding::efficient;
  if (name == "extended") return Encoding::extended;
  if (name == "compact") return Encoding::compact;
  throw UsageError("encoding is auto, minimal, efficient, extended or compact, not '" + std::string(name) + "'");
}

Encoding encoding_for(int size) { return size <= 36 ? Encoding::extended : Encoding::compact; }

Encoding encoding_named(const std::optional<std::string>& name, int size) {
  return !name || *name == "auto" ? encoding_for(size) : parse_encoding(*name);
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

SudokuRules::SudokuRules(const Shape& shape, Encoding e, bool distinct)
    : encoding_(e), variables_(shape.cells() * shape.size()) {
  const int n = shape.size();
  // Partner masks: every pair of a group (cells' groups, and units' without `distinct`), and for
  // each unit under `distinct` only the pairs whose first common unit it is.
  auto all_pairs = [&] {
    const int at = static_cast<int>(partners_.size());
    for (int i = 0; i < n; ++i) partners_.push_back(i + 1 < 64 ? ~std::uint64_t{0} << (i + 1) : 0);
    return at;
  };
  const int every_pair = all_pairs();
  auto add_group = [&](bool alo, bool amo, int partners) {
    groups_.push_back({alo, amo, static_cast<int>(vars_.size()) - n, n, partners});
  };
  for (int cell = 0; cell < shape.cells(); ++cell) {
    for (int d = 1; d <= n; ++d) vars_.push_back(cell_var(n, cell, d));
    add_group(true, e != Encoding::minimal, every_pair);
  }
  for (int unit = 0; unit < static_cast<int>(shape.units().size()); ++unit) {
    const auto& cells = shape.units()[static_cast<std::size_t>(unit)].cells;
    int partners = every_pair;
    if (distinct) {
      partners = static_cast<int>(partners_.size());
      for (int i = 0; i < n; ++i) {
        std::uint64_t mask = 0;
        for (int j = i + 1; j < n; ++j)
          if (first_common_unit(shape, cells[static_cast<std::size_t>(i)], cells[static_cast<std::size_t>(j)]) == unit)
            mask |= std::uint64_t{1} << j;
        partners_.push_back(mask);
      }
    }
    for (int d = 1; d <= n; ++d) {
      for (int cell : cells) vars_.push_back(cell_var(n, cell, d));
      add_group(e == Encoding::extended || e == Encoding::compact, true, partners);
    }
  }
  // Variant rules (docs/encodings.md, "Variant rules"). A group (a cage or a small extra region)
  // holds each digit at most once; under `distinct`, pairs that already share a unit are left out.
  auto add_at_most_one = [&](const std::vector<int>& cells) {
    const int k = static_cast<int>(cells.size());
    int partners = every_pair;
    if (distinct) {
      partners = static_cast<int>(partners_.size());
      for (int i = 0; i < k; ++i) {
        std::uint64_t mask = 0;
        for (int j = i + 1; j < k; ++j)
          if (first_common_unit(shape, cells[static_cast<std::size_t>(i)], cells[static_cast<std::size_t>(j)]) < 0)
            mask |= std::uint64_t{1} << j;
        partners_.push_back(mask);
      }
    }
    for (int d = 1; d <= n; ++d) {
      for (int cell : cells) vars_.push_back(cell_var(n, cell, d));
      groups_.push_back({false, true, static_cast<int>(vars_.size()) - k, k, partners});
    }
  };
  for (const Unit& g : shape.groups()) add_at_most_one(g.cells);
  // An extra pair (chess move): one binary clause per digit, as a group of two.
  for (auto [a, b] : shape.extra_pairs()) add_at_most_one({a, b});
  // A cage with a sum: a selector variable per digit set S that makes it (after the cell
  // variables), at least one selected; S selected forbids every cell of the cage the digits
  // outside S; a cell holding d selects some S with d. With the cage's at-most-one per digit,
  // its k cells then hold the k digits of S, so exactly one selector is true in any model and
  // the selectors add no models. Digits in no set are ruled out by unit clauses.
  for (const CageTable& cage : shape.cages()) {
    const int k = static_cast<int>(cage.cells.size());
    if (cage.sum == 0 || k == n) continue;  // only different digits, or a unit: its sum is forced
    const int first = variables_ + 1;
    variables_ += static_cast<int>(cage.combinations.size());
    std::vector<int> any;
    for (std::size_t i = 0; i < cage.combinations.size(); ++i) any.push_back(first + static_cast<int>(i));
    add_clause(any);
    for (int cell : cage.cells)
      for (int d = 1; d <= n; ++d) {
        const Mask bit = Mask{1} << (d - 1);
        if (!(cage.digits & bit)) {
          add_clause({-cell_var(n, cell, d)});
          continue;
        }
        std::vector<int> support{-cell_var(n, cell, d)};
        for (std::size_t i = 0; i < cage.combinations.size(); ++i) {
          const int selector = first + static_cast<int>(i);
          if (cage.combinations[i] & bit) support.push_back(selector);
          else add_clause({-selector, -cell_var(n, cell, d)});
        }
        add_clause(support);
      }
  }
}

void SudokuRules::add_clause(std::vector<int> clause) {
  clause_begin_.push_back(static_cast<int>(clause_lits_.size()));
  clause_lits_.insert(clause_lits_.end(), clause.begin(), clause.end());
}

// One group: at least one of its literals true, at most one. Under `fixed`, false literals are
// dropped, and a group holding a true literal needs only its other literals false.
int SudokuRules::emit(const std::vector<signed char>* fixed, const ClauseSink& add) const { return emit_to(fixed, add); }

// Counting inlines the sink: no clause is stored or passed through a std::function (but compact's
// counters, emitted by at_most_one_sequential), which was a fifth of an easy puzzle's time in sat
// when a settled formula was counted by emitting it.
std::uint64_t SudokuRules::clauses(const std::vector<signed char>* fixed, int* unit_variables) const {
  std::uint64_t count = 0;
  if (!unit_variables) {
    emit_to(fixed, [&count](std::span<const int>) { ++count; });
    return count;
  }
  std::vector<char> set(static_cast<std::size_t>(variables_) + 1, 0);
  *unit_variables = 0;
  emit_to(fixed, [&](std::span<const int> clause) {
    ++count;
    if (clause.size() != 1) return;
    const auto v = static_cast<std::size_t>(std::abs(clause[0]));
    if (v >= set.size()) set.resize(v + 1, 0);  // an auxiliary (none of the encodings has such a unit)
    *unit_variables += !set[v];
    set[v] = 1;
  });
  return count;
}

template <class Add>
int SudokuRules::emit_to(const std::vector<signed char>* fixed, Add&& add) const {
  int variables = variables_;
  std::vector<int> open;
  for (const Group& g : groups_) {
    const int* vars = vars_.data() + g.first;
    std::uint64_t open_at = 0;  // positions of the open literals
    int trues = 0;
    for (int i = 0; i < g.size; ++i) {
      const signed char value = fixed ? (*fixed)[static_cast<std::size_t>(vars[i])] : 0;
      open_at |= static_cast<std::uint64_t>(value == 0) << i;
      trues += value > 0;
    }
    if (trues > 0) {
      if (trues > 1 && g.at_most_one) add({});  // two true in an at-most-one group: unsatisfiable
      if (g.at_most_one)
        for (std::uint64_t m = open_at; m; m &= m - 1) {
          const int clause[1] = {-vars[std::countr_zero(m)]};
          add(clause);
        }
      continue;
    }
    if (g.at_least_one || encoding_ == Encoding::compact) {
      open.clear();
      for (std::uint64_t m = open_at; m; m &= m - 1) open.push_back(vars[std::countr_zero(m)]);
    }
    if (g.at_least_one) add(open);  // empty when every literal is false: unsatisfiable
    if (!g.at_most_one) continue;
    if (encoding_ == Encoding::compact) {
      at_most_one_sequential(open, variables, add);
      continue;
    }
    for (std::uint64_t m = open_at; m; m &= m - 1) {
      const int i = std::countr_zero(m);
      for (std::uint64_t pair = partners_[static_cast<std::size_t>(g.partners + i)] & open_at; pair; pair &= pair - 1) {
        const int clause[2] = {-vars[i], -vars[std::countr_zero(pair)]};
        add(clause);
      }
    }
  }
  // The plain clauses (cages): satisfied ones dropped and false literals deleted under `fixed`,
  // which covers the cell variables only.
  std::vector<int> clause;
  for (std::size_t c = 0; c < clause_begin_.size(); ++c) {
    const auto b = static_cast<std::size_t>(clause_begin_[c]);
    const std::size_t e = c + 1 < clause_begin_.size() ? static_cast<std::size_t>(clause_begin_[c + 1]) : clause_lits_.size();
    clause.clear();
    bool satisfied = false;
    for (std::size_t i = b; i < e && !satisfied; ++i) {
      const int lit = clause_lits_[i];
      const auto v = static_cast<std::size_t>(lit > 0 ? lit : -lit);
      const signed char value = fixed && v < fixed->size() ? (*fixed)[v] : 0;
      if (value == 0) clause.push_back(lit);
      else satisfied = (value > 0) == (lit > 0);
    }
    if (!satisfied) add(clause);
  }
  return variables;
}

int SudokuRules::auxiliaries(const std::vector<signed char>* fixed) const {
  if (encoding_ != Encoding::compact) return 0;
  int count = 0;
  for (const Group& g : groups_) {
    if (!g.at_most_one) continue;
    const int* vars = vars_.data() + g.first;
    int open = 0, trues = 0;
    for (int i = 0; i < g.size; ++i) {
      const signed char value = fixed ? (*fixed)[static_cast<std::size_t>(vars[i])] : 0;
      open += value == 0;
      trues += value > 0;
    }
    if (trues == 0 && open >= 2) count += open - 1;  // as at_most_one_sequential numbers them
  }
  return count;
}

int emit_sudoku_rules(const Shape& shape, Encoding e, const std::vector<signed char>* fixed, const ClauseSink& add,
                      bool distinct) {
  return SudokuRules(shape, e, distinct).emit(fixed, add);
}

std::vector<std::string> variant_variable_comments(const Shape& shape) {
  std::vector<std::string> lines;
  if (shape.rules().classic()) return lines;
  lines.push_back("rules: " + shape.rules().summary());
  const int n = shape.size();
  int next = shape.cells() * n + 1;
  for (std::size_t k = 0; k < shape.cages().size(); ++k) {
    const CageTable& cage = shape.cages()[k];
    if (cage.sum == 0 || static_cast<int>(cage.cells.size()) == n) continue;
    for (Mask set : cage.combinations) {
      std::string digits;
      for (Mask m = set; m; m &= m - 1) digits += (digits.empty() ? "" : ",") + std::to_string(std::countr_zero(m) + 1);
      lines.push_back("variable " + std::to_string(next++) + ": cage " + std::to_string(k + 1) + " (sum " +
                      std::to_string(cage.sum) + ") holds {" + digits + "}");
    }
  }
  return lines;
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

int emit_exact_cover_cnf(const ExactCover& xc, const ClauseSink& add) {
  int variables = xc.option_count();
  auto at_most_one = [&](const std::vector<int>& lits) {
    if (lits.size() > 16) at_most_one_sequential(lits, variables, add);
    else at_most_one_pairwise(lits, add);
  };
  // Per item, the options using it; for a coloured secondary item, those using it with no colour
  // and, per colour, those using it with that colour.
  std::vector<std::vector<int>> by_item(xc.items.size());
  std::vector<std::vector<std::pair<int, int>>> coloured(xc.items.size());  // (colour, option variable)
  for (int o = 0; o < xc.option_count(); ++o) {
    const auto& list = xc.options[static_cast<std::size_t>(o)];
    bool has_primary = false;
    for (std::size_t k = 0; k < list.size(); ++k) {
      const int item = list[k], colour = xc.colour(o, k);
      has_primary |= xc.is_primary(item);
      if (colour == 0) by_item[static_cast<std::size_t>(item)].push_back(o + 1);
      else coloured[static_cast<std::size_t>(item)].push_back({colour, o + 1});
    }
    if (!has_primary) {  // never chosen, as Algorithm X never chooses it
      const int unit[1] = {-(o + 1)};
      add(unit);
    }
  }
  for (int i = 0; i < xc.item_count(); ++i) {
    auto& lits = by_item[static_cast<std::size_t>(i)];
    if (xc.is_primary(i)) add(lits);  // empty when no option covers it: unsatisfiable
    // A colour in use is one variable: implied by each option giving the item that colour, and
    // counted with the uncoloured uses in one at-most-one.
    auto& uses = coloured[static_cast<std::size_t>(i)];
    std::sort(uses.begin(), uses.end());
    for (std::size_t k = 0; k < uses.size(); ++k) {
      if (k == 0 || uses[k].first != uses[k - 1].first) lits.push_back(++variables);
      const int clause[2] = {-uses[k].second, lits.back()};
      add(clause);
    }
    at_most_one(lits);
  }
  return variables;
}

Cnf exact_cover_cnf(const ExactCover& xc) {
  return collect([&](const ClauseSink& add) { return emit_exact_cover_cnf(xc, add); });
}

void write_dimacs(std::ostream& out, const Cnf& f, const std::vector<std::string>& comments) {
  for (const auto& c : comments) out << "c " << c << "\n";
  out << "p cnf " << f.variables << " " << f.clauses.size() << "\n";
  for (const auto& clause : f.clauses) {
    for (int lit : clause) out << lit << ' ';
    out << "0\n";
  }
}

namespace {

struct FormulaChoice {
  Encoding encoding;
  Givens givens;
};
FormulaChoice formula_choice(const Grid& puzzle, const SolverOptions& options, std::string_view who) {
  const FormulaOptions o = take_formula_options(options, who, Givens::units);
  if (auto unknown = options.unknown_keys(); !unknown.empty()) throw UsageError(std::string(who) + " has no option " + unknown[0]);
  return {o.encoding.value_or(encoding_for(puzzle.size())), o.givens};
}

}  // namespace

FormulaOptions take_formula_options(const SolverOptions& options, std::string_view who, Givens fallback, bool assume_allowed) {
  FormulaOptions o;
  if (auto v = options.take("encoding"); v && *v != "auto") o.encoding = parse_encoding(*v);
  o.givens = fallback;
  if (auto v = options.take("givens")) {
    if (*v == "assume" && assume_allowed) o.assume = true;
    else if (*v == "units") o.givens = Givens::units;
    else if (*v == "reduce") o.givens = Givens::reduce;
    else throw UsageError(std::string(who) + ": givens is " + (assume_allowed ? "assume, " : "") + "units or reduce, not '" + *v + "'");
  }
  return o;
}

Cnf sudoku_formula(const Grid& puzzle, const SolverOptions& options, std::string_view who) {
  const FormulaChoice c = formula_choice(puzzle, options, who);
  return sudoku_cnf(puzzle, c.encoding, c.givens);
}

void write_dimacs_for(std::ostream& out, const Grid& puzzle, const SolverOptions& options) {
  const FormulaChoice c = formula_choice(puzzle, options, "--to dimacs");
  const Cnf f = sudoku_cnf(puzzle, c.encoding, c.givens);
  const int n = puzzle.size();
  std::vector<std::string> comments{
      "sudokit: a " + puzzle.shape().grid_name() + " Sudoku puzzle, encoding " + std::string(to_string(c.encoding)) +
          ", givens as " + (c.givens == Givens::units ? "unit clauses" : "a reduced formula"),
      to_line(puzzle),
      "variable (row R, column C, digit D; all 1-based) = ((R-1)*" + std::to_string(n) + " + (C-1))*" +
          std::to_string(n) + " + D; variables above " + std::to_string(puzzle.cells() * n) +
          " are cage selectors (listed below) and auxiliary"};
  for (std::string& line : variant_variable_comments(puzzle.shape())) comments.push_back(std::move(line));
  write_dimacs(out, f, comments);
}

Cnf read_dimacs(std::istream& in, const std::string& source) {
  Cnf f;
  std::size_t declared = 0, number = 0;
  bool header = false;
  std::vector<int> clause;
  for (std::string line; std::getline(in, line);) {
    ++number;
    std::size_t pos = line.find_first_not_of(" \t\r");
    if (pos == std::string::npos || line[pos] == 'c' || line[pos] == '%') continue;
    if (line[pos] == 'p') {
      std::istringstream words(line.substr(pos + 1));
      std::string format;
      long long vars = -1, clauses = -1;
      if (header || !(words >> format >> vars >> clauses) || format != "cnf" || vars < 0 || clauses < 0 ||
          vars > (1 << 30))
        throw InputError(source, 0, number, pos + 1, "expected one header 'p cnf VARIABLES CLAUSES'");
      header = true;
      f.variables = static_cast<int>(vars);
      declared = static_cast<std::size_t>(clauses);
      continue;
    }
    if (!header) throw InputError(source, 0, number, pos + 1, "a clause before the 'p cnf' header");
    while (pos < line.size()) {
      const std::size_t end = std::min(line.find_first_of(" \t\r", pos), line.size());
      const std::string word = line.substr(pos, end - pos);
      char* stop = nullptr;
      const long lit = std::strtol(word.c_str(), &stop, 10);
      if (word.empty() || *stop != '\0' || lit > f.variables || -lit > f.variables)
        throw InputError(source, 0, number, pos + 1,
                         quote_word(word) + " is not a literal of " + std::to_string(f.variables) + " variables");
      if (lit == 0) {
        f.clauses.push_back(std::move(clause));
        clause.clear();
      } else {
        clause.push_back(static_cast<int>(lit));
      }
      pos = line.find_first_not_of(" \t\r", end);
      if (pos == std::string::npos) break;
    }
  }
  if (!header) throw InputError(source, 0, number, 1, "no 'p cnf' header");
  if (!clause.empty()) throw InputError(source, 0, number, 1, "the last clause has no terminating 0");
  if (f.clauses.size() != declared)
    throw InputError(source, 0, number, 1,
                     "the header declares " + std::to_string(declared) + " clauses, the file has " +
                         std::to_string(f.clauses.size()));
  return f;
}

}  // namespace sudokit
