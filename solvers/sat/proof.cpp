#include "proof.h"

#include <cstdio>
#include <fstream>

#include "sudokit/errors.h"

namespace sudokit::sat {

std::string ProofFiles::next_path() {
  in_progress_ = file_ + (kept_ == 0 ? "" : "." + std::to_string(kept_ + 1));
  return in_progress_;
}

void ProofFiles::finish(bool refuted, const ClauseList& clauses, int variables, const std::string& backend) {
  if (!wanted() || in_progress_.empty()) return;
  if (!refuted) {
    std::remove(in_progress_.c_str());
    return;
  }
  // The proof ends at its empty clause: CaDiCaL deletes clauses after it when it is destroyed,
  // and writes none when the clauses it was given propagate to a conflict by themselves, where
  // the empty clause is added here (a checker verifies it like any lemma).
  {
    std::ifstream in(in_progress_);
    std::string text, line;
    bool empty_clause = false;
    while (!empty_clause && std::getline(in, line)) {
      text += line + "\n";
      empty_clause = line == "0";
    }
    if (!empty_clause) text += "0\n";
    in.close();
    std::ofstream(in_progress_, std::ios::trunc) << text;
  }
  Cnf formula = clauses.to_cnf();
  formula.variables = std::max(formula.variables, variables);
  std::ofstream cnf(in_progress_ + ".cnf");
  write_dimacs(cnf, formula, {"sudokit " + backend + ": the formula that " + in_progress_ + " refutes"});
  if (!cnf.flush()) throw Error(backend + ": cannot write " + in_progress_ + ".cnf");
  ++kept_;
}

}  // namespace sudokit::sat
