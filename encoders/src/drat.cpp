#include "sudokit/encoders/drat.h"

#include <boost/dynamic_bitset.hpp>

#include <algorithm>
#include <cstdlib>
#include <istream>
#include <map>

#include "sudokit/errors.h"
#include "sudokit/text.h"

namespace sudokit {

namespace {

// Clauses under two watched literals, with a top-level assignment that only grows. A check assumes
// literals on top of it, propagates, and takes the assumptions back.
class Checker {
 public:
  // Adds a clause that follows from the active ones (an original clause or a checked lemma).
  void add(std::vector<int> lits) {
    if (!normalise(lits)) return;  // a tautology constrains nothing
    reserve_for(lits);
    const int id = static_cast<int>(clauses_.size());
    clauses_.push_back(lits);
    deleted_.push_back(false);
    by_literals_[sorted(lits)].push_back(id);
    if (inconsistent_) return;
    std::vector<int>& c = clauses_.back();
    // Literals not false at the top level first: those are the ones to watch.
    std::stable_partition(c.begin(), c.end(), [&](int l) { return value(l) >= 0; });
    if (c.empty() || value(c[0]) < 0) {
      inconsistent_ = true;  // every literal false: the empty clause follows by propagation
      return;
    }
    if (c.size() >= 2) {
      watches_[index(c[0])].push_back(id);
      watches_[index(c[1])].push_back(id);
    }
    if ((c.size() == 1 || value(c[1]) < 0) && value(c[0]) == 0) {
      assign(c[0]);
      if (!propagate()) inconsistent_ = true;
    }
  }

  // Removes the clause with exactly these literals; false when there is none. Values the
  // clause implied at the top level stay (they follow from clauses that were valid).
  bool remove(std::vector<int> lits) {
    if (!normalise(lits)) return true;
    auto it = by_literals_.find(sorted(lits));
    if (it == by_literals_.end() || it->second.empty()) return false;
    deleted_[static_cast<std::size_t>(it->second.back())] = true;
    it->second.pop_back();
    return true;
  }

  // Does `lemma` follow by reverse unit propagation: its negation propagates to a conflict?
  bool rup(const std::vector<int>& lemma) {
    if (inconsistent_) return true;
    reserve_for(lemma);
    const std::size_t mark = trail_.size();
    bool conflict = false;
    for (int l : lemma) {
      if (value(l) > 0) {
        conflict = true;  // the lemma holds already
        break;
      }
      if (value(l) == 0) assign(-l);
    }
    if (!conflict) conflict = !propagate();
    undo(mark);
    return conflict;
  }

  // Resolution asymmetric tautology on the lemma's first literal: every resolvent with an active
  // clause holding that literal's negation is RUP.
  bool rat(const std::vector<int>& lemma) {
    if (lemma.empty()) return false;
    const int pivot = lemma.front();
    for (std::size_t id = 0; id < clauses_.size(); ++id) {
      if (deleted_[id]) continue;
      const auto& d = clauses_[id];
      if (std::find(d.begin(), d.end(), -pivot) == d.end()) continue;
      std::vector<int> resolvent = lemma;
      for (int l : d)
        if (l != -pivot) resolvent.push_back(l);
      if (normalise(resolvent) && !rup(resolvent)) return false;
    }
    return true;
  }

  bool inconsistent() const { return inconsistent_; }

 private:
  static std::size_t index(int lit) { return 2 * static_cast<std::size_t>(std::abs(lit)) + (lit < 0); }
  signed char value(int lit) const { return values_[index(lit)]; }
  static std::vector<int> sorted(std::vector<int> lits) {
    std::sort(lits.begin(), lits.end());
    return lits;
  }
  // Drops repeated literals; false for a tautology (l and -l).
  static bool normalise(std::vector<int>& lits) {
    std::vector<int> out;
    for (int l : lits) {
      if (std::find(out.begin(), out.end(), -l) != out.end()) return false;
      if (std::find(out.begin(), out.end(), l) == out.end()) out.push_back(l);
    }
    lits = std::move(out);
    return true;
  }
  void reserve_for(const std::vector<int>& lits) {
    for (int l : lits)
      if (index(l) + 2 > values_.size()) {
        const std::size_t size = 2 * static_cast<std::size_t>(std::abs(l)) + 2;
        values_.resize(size, 0);
        watches_.resize(size);
      }
  }
  void assign(int lit) {
    values_[index(lit)] = 1;
    values_[index(-lit)] = -1;
    trail_.push_back(lit);
  }
  void undo(std::size_t mark) {
    while (trail_.size() > mark) {
      const int lit = trail_.back();
      trail_.pop_back();
      values_[index(lit)] = values_[index(-lit)] = 0;
    }
    propagated_ = std::min(propagated_, mark);
  }
  // Unit propagation from the unpropagated part of the trail; false on a conflict.
  bool propagate() {
    while (propagated_ < trail_.size()) {
      const int falsified = -trail_[propagated_++];
      auto& ws = watches_[index(falsified)];
      std::size_t keep = 0;
      for (std::size_t i = 0; i < ws.size(); ++i) {
        const int id = ws[i];
        if (deleted_[static_cast<std::size_t>(id)]) continue;  // dropped from the list for good
        auto& c = clauses_[static_cast<std::size_t>(id)];
        if (c[0] == falsified) std::swap(c[0], c[1]);
        if (value(c[0]) > 0) {
          ws[keep++] = id;
          continue;
        }
        bool moved = false;
        for (std::size_t k = 2; k < c.size(); ++k)
          if (value(c[k]) >= 0) {
            std::swap(c[1], c[k]);
            watches_[index(c[1])].push_back(id);
            moved = true;
            break;
          }
        if (moved) continue;
        ws[keep++] = id;
        if (value(c[0]) < 0) {  // conflict: keep the rest of the list as it is
          for (++i; i < ws.size(); ++i) ws[keep++] = ws[i];
          ws.resize(keep);
          return false;
        }
        assign(c[0]);
      }
      ws.resize(keep);
    }
    return true;
  }

  std::vector<signed char> values_ = std::vector<signed char>(2, 0);  // per literal index
  std::vector<std::vector<int>> watches_ = std::vector<std::vector<int>>(2);
  std::vector<std::vector<int>> clauses_;
  boost::dynamic_bitset<> deleted_;  // per clause id
  std::map<std::vector<int>, std::vector<int>> by_literals_;  // for deletions: sorted literals -> ids
  std::vector<int> trail_;
  std::size_t propagated_ = 0;
  bool inconsistent_ = false;
};

std::string clause_text(const std::vector<int>& lits) {
  std::string s;
  for (int l : lits) s += std::to_string(l) + " ";
  return s + "0";
}

}  // namespace

DratResult check_drat(const Cnf& formula, std::istream& proof, const std::string& proof_name) {
  Checker checker;
  for (const auto& c : formula.clauses) checker.add(c);
  DratResult result;
  std::vector<int> clause;
  bool deletion = false, in_clause = false;
  std::size_t clause_line = 0, number = 0;
  for (std::string line; std::getline(proof, line);) {
    ++number;
    for (unsigned char ch : line)
      if (ch != '\t' && ch != '\r' && (ch < 32 || ch > 126))
        throw InputError(proof_name, 0, number, 1,
                         "not a text DRAT proof (binary DRAT? ask the solver for text: cadical --no-binary)");
    std::size_t pos = line.find_first_not_of(" \t\r");
    if (pos == std::string::npos || (!in_clause && line[pos] == 'c')) continue;
    while (pos != std::string::npos && pos < line.size()) {
      const std::size_t end = std::min(line.find_first_of(" \t\r", pos), line.size());
      const std::string word = line.substr(pos, end - pos);
      if (!in_clause) {
        in_clause = true;
        clause_line = number;
        deletion = word == "d";
        if (deletion) {
          pos = line.find_first_not_of(" \t\r", end);
          continue;
        }
      }
      char* stop = nullptr;
      const long lit = std::strtol(word.c_str(), &stop, 10);
      if (*stop != '\0' || lit > (1L << 30) || lit < -(1L << 30))
        throw InputError(proof_name, 0, number, pos + 1, quote_word(word) + " is not a literal");
      if (lit != 0) {
        clause.push_back(static_cast<int>(lit));
      } else {
        in_clause = false;
        if (deletion) {
          checker.remove(clause);
          ++result.deletions;
        } else {
          ++result.lemmas;
          if (!checker.rup(clause) && !checker.rat(clause)) {
            result.line = clause_line;
            result.reason = "line " + std::to_string(clause_line) + ": lemma " + std::to_string(result.lemmas) +
                            " does not follow (neither RUP nor RAT): " + clause_text(clause);
            return result;
          }
          if (clause.empty()) {
            result.verified = true;  // the empty clause: what comes after it does not matter
            result.line = clause_line;
            return result;
          }
          checker.add(clause);
        }
        clause.clear();
      }
      pos = line.find_first_not_of(" \t\r", end);
    }
  }
  if (in_clause) throw InputError(proof_name, 0, number, 1, "the last clause has no terminating 0");
  result.line = number;
  result.reason = "the proof does not derive the empty clause" +
                  std::string(checker.inconsistent() ? " (its clauses do propagate to a conflict: add a line '0')" : "");
  return result;
}

}  // namespace sudokit
