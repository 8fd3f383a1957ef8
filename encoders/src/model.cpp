// Models read, checked against their formula and decoded (model.h). The faults are named the way
// a person debugging a solver needs them: the clause and its literals, the cell and its digits.
#include "sudokit/encoders/model.h"

#include <charconv>
#include <istream>
#include <ostream>
#include <limits>
#include <sstream>

#include "sudokit/errors.h"
#include "sudokit/text.h"

namespace sudokit {

namespace {

constexpr long long kMaxVariable = std::numeric_limits<int>::max();

std::string clause_text(std::span<const int> clause) {
  std::string s = "(";
  for (int lit : clause) s += (s.size() > 1 ? " " : "") + std::to_string(lit);
  return s + ")";
}

// The fault of clause number `number` under `value`, "" when one of its literals is true.
template <class Value>
std::string clause_fault(std::span<const int> clause, std::size_t number, const Value& value) {
  int unassigned = 0;
  for (int lit : clause) {
    const int v = lit > 0 ? lit : -lit, val = value(v);
    if (val == 0) unassigned = unassigned ? unassigned : v;
    else if ((val > 0) == (lit > 0)) return {};
  }
  std::string s = "clause " + std::to_string(number) + " " + clause_text(clause);
  if (unassigned) return s + " has no true literal: variable " + std::to_string(unassigned) + " has no value in the model";
  return s + (clause.empty() ? " is the empty clause: the formula has no model" : " is false under the model");
}

}  // namespace

std::optional<Model> read_model(std::istream& in, const std::string& source, int variables) {
  Model model(variables);
  std::string line;
  bool sat = false, seen_status = false;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    std::istringstream words(line);
    std::string first;
    if (!(words >> first) || first == "c") continue;
    if (first == "s" || first == "SAT" || first == "UNSAT" || first == "SATISFIABLE" || first == "UNSATISFIABLE" ||
        first == "INDET" || first == "INDETERMINATE" || first == "UNKNOWN") {
      std::string rest;
      if (first == "s") words >> rest;
      else rest = first;
      seen_status = true;
      sat = rest == "SATISFIABLE" || rest == "SAT";
      if (rest == "UNSATISFIABLE" || rest == "UNSAT") return std::nullopt;
      // UNKNOWN, INDETERMINATE (a limit or an interrupt): no answer, which must not pass for "none".
      if (!sat) throw InputError(source, 0, number, 1, "the solver gave no answer ('" + rest + "')");
      continue;
    }
    const auto lits = split_words(line);
    for (std::size_t i = first == "v" ? 1 : 0; i < lits.size(); ++i) {
      const std::string_view text = lits[i].text;
      long long lit = 0;
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), lit);
      if (ec == std::errc() && end == text.data() + text.size() && lit >= -kMaxVariable && lit <= kMaxVariable) {
        // A DIMACS variable is a positive int, so negating a literal cannot overflow.
        const long long v = lit > 0 ? lit : -lit;
        if (v != 0 && v <= variables) model.set(static_cast<int>(v), lit > 0);
      } else if (ec == std::errc::result_out_of_range || (ec == std::errc() && end == text.data() + text.size())) {
        throw InputError(source, 0, number, lits[i].column,
                         "literal " + std::string(text) + " is out of range: variables are 1 to " +
                             std::to_string(kMaxVariable));
      } else {
        throw InputError(source, 0, number, lits[i].column,
                         "expected literals in the solver's model output, not " + quote_word(text));
      }
    }
  }
  if (!seen_status || !sat) throw InputError(source, 0, 1, 1, "no 's SATISFIABLE' or 'SAT' line in the solver's output");
  return model;
}

std::string falsified_clause(const Cnf& formula, const Model& model) {
  auto value = [&](int v) { return model.of(v); };
  for (std::size_t i = 0; i < formula.clauses.size(); ++i)
    if (std::string fault = clause_fault(std::span<const int>(formula.clauses[i]), i + 1, value); !fault.empty())
      return fault;
  return {};
}

void ClauseList::add(std::span<const int> clause) {
  for (int lit : clause) {
    literals_.push_back(lit);
    variables_ = std::max(variables_, lit > 0 ? lit : -lit);
  }
  literals_.push_back(0);
  ++clauses_;
}

Cnf ClauseList::to_cnf() const {
  Cnf f;
  f.variables = variables_;
  f.clauses.reserve(clauses_);
  std::vector<int> clause;
  for (int lit : literals_) {
    if (lit != 0) {
      clause.push_back(lit);
    } else {
      f.clauses.push_back(clause);
      clause.clear();
    }
  }
  return f;
}

void ClauseList::write_dimacs_clauses(std::ostream& out) const {
  std::string line;
  for (int lit : literals_) {
    line += std::to_string(lit);
    if (lit == 0) {
      line += '\n';
      out << line;
      line.clear();
    } else {
      line += ' ';
    }
  }
}

std::string ClauseList::falsified(const std::function<int(int)>& value) const {
  std::size_t number = 0, begin = 0;
  for (std::size_t i = 0; i < literals_.size(); ++i)
    if (literals_[i] == 0) {
      const std::span<const int> clause(literals_.data() + begin, i - begin);
      if (std::string fault = clause_fault(clause, ++number, value); !fault.empty()) return fault;
      begin = i + 1;
    }
  return {};
}

std::string ClauseList::falsified(const boost::dynamic_bitset<>& value) const {
  // The common case first, with no call per literal: every clause has a true literal.
  bool satisfied = true, clause_true = false;
  for (int lit : literals_) {
    if (lit == 0) {
      satisfied = satisfied && clause_true;
      clause_true = false;
    } else {
      const auto v = static_cast<std::size_t>(lit > 0 ? lit : -lit);
      clause_true = clause_true || (v < value.size() && value.test(v) == (lit > 0));
    }
  }
  if (satisfied) return {};
  return falsified([&](int v) {
    const auto i = static_cast<std::size_t>(v);
    return i < value.size() ? (value.test(i) ? 1 : -1) : 0;
  });
}

boost::dynamic_bitset<> mentioned_variables(const Cnf& formula) {
  boost::dynamic_bitset<> mentioned(static_cast<std::size_t>(formula.variables) + 1);
  for (const auto& clause : formula.clauses)
    for (int lit : clause) mentioned.set(static_cast<std::size_t>(lit > 0 ? lit : -lit));
  return mentioned;
}

DecodedGrid grid_of_model(const Grid& puzzle, const std::function<int(int)>& value) {
  const Shape& shape = puzzle.shape();
  const int n = puzzle.size();
  const auto fixed = values_fixed_by_givens(puzzle);  // nullopt: the givens clash, nothing is fixed
  DecodedGrid out{puzzle, {}};
  auto var_name = [&](int cell, int d) {
    return shape.cell_name(cell) + "=" + std::to_string(d) + " (variable " + std::to_string(cell_var(n, cell, d)) + ")";
  };
  for (int cell = 0; cell < puzzle.cells() && out.fault.empty(); ++cell) {
    const int given = puzzle[cell];
    bool given_true = false;
    int first = 0, second = 0;  // the cell's true digits other than its given
    for (int d = 1; d <= n; ++d) {
      const int v = cell_var(n, cell, d);
      int val = value(v);
      if (val == 0 && fixed) val = (*fixed)[static_cast<std::size_t>(v)];  // left out of the formula
      if (val <= 0) continue;
      if (d == given) given_true = true;
      else if (!first) first = d;
      else if (!second) second = d;
    }
    if (given != 0) {
      if (!given_true)
        out.fault = shape.cell_name(cell) + " is given " + std::to_string(given) + ", but the model makes " +
                    var_name(cell, given) + " false";
      else if (first)
        out.fault = shape.cell_name(cell) + " is given " + std::to_string(given) + ", but the model also makes " +
                    var_name(cell, first) + " true";
      continue;
    }
    if (!first) {
      out.fault = shape.cell_name(cell) + " holds no digit: none of " + shape.cell_name(cell) + "=1.." +
                  std::to_string(n) + " is true in the model";
    } else if (second) {
      out.fault = shape.cell_name(cell) + " holds two digits: the model makes both " + var_name(cell, first) + " and " +
                  var_name(cell, second) + " true";
    } else {
      for (int peer : shape.peers_of(cell))
        if (puzzle[peer] == first) {
          out.fault = "the model makes " + var_name(cell, first) + " true, but " + shape.cell_name(peer) +
                      " is given " + std::to_string(first);
          break;
        }
      out.grid.set(cell, first);
    }
  }
  return out;
}

DecodedGrid grid_of_model(const Grid& puzzle, const Model& model, const Cnf& formula) {
  const boost::dynamic_bitset<> mentioned = mentioned_variables(formula);
  return grid_of_model(puzzle, [&](int v) {
    return static_cast<std::size_t>(v) < mentioned.size() && mentioned.test(static_cast<std::size_t>(v)) ? model.of(v) : 0;
  });
}

Selection options_of_model(int options, const std::function<bool(int)>& is_true) {
  Selection chosen;
  for (int o = 0; o < options; ++o)
    if (is_true(o + 1)) chosen.push_back(o);
  return chosen;
}

}  // namespace sudokit
