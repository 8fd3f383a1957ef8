// -o proof=FILE, for every SatLibrary that writes DRAT (CaDiCaL in-process, a program such as
// cadical): a search that ends on an unsatisfiable answer keeps its proof, and the formula it
// refutes (every clause the library was given, the blocking clauses of the solutions found
// included) is written beside it, so that `sudokit check-proof FILE.cnf FILE` checks it. The first
// search's proof goes to FILE, the next ones to FILE.2, FILE.3, ...; any other ending removes the
// proof file. Private to the sat backend.
#pragma once

#include <string>

#include "sudokit/encoders/model.h"

namespace sudokit::sat {

class ProofFiles {
 public:
  explicit ProofFiles(std::string file) : file_(std::move(file)) {}
  bool wanted() const { return !file_.empty(); }
  // The proof file of the next search: Setup::proof_path of its library.
  std::string next_path();
  // After the search, with its library gone (which closes the proof): kept, ended by its empty
  // clause and with the formula beside it when `refuted`, else removed. `variables`: the most the
  // library had. Throws Error (named by `backend`) when the formula cannot be written.
  void finish(bool refuted, const ClauseList& clauses, int variables, const std::string& backend);

 private:
  std::string file_, in_progress_;
  int kept_ = 0;
};

}  // namespace sudokit::sat
