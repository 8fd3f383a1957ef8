// A DRAT proof checker: does a proof show that a CNF formula has no solution?
//
// A DRAT proof (the text format SAT solvers such as CaDiCaL write with --no-binary) is a list of
// lines, each a clause ending in 0: a lemma added ("1 -2 0"), or with a leading 'd' a clause
// deleted ("d 1 -2 0"); 'c' lines are comments. The proof is valid when every lemma follows from
// the clauses active before it and the last lemma checked is the empty clause ("0").
//
// Checking is forward: each lemma's negation is assumed and unit propagation over the active
// clauses (two watched literals) must reach a conflict (reverse unit propagation, RUP); a lemma
// that is not RUP is accepted when it is a resolution asymmetric tautology on its first literal
// (RAT: RUP together with each active clause holding that literal's negation). Deletions are
// honoured; deleting a unit clause whose value was already propagated keeps that value (it is
// implied by clauses that were valid, so this is sound, as drat-trim does). This is the whole of
// the trust: it shares no code with any solver.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>

#include "sudokit/encoders/cnf.h"

namespace sudokit {

struct DratResult {
  bool verified = false;
  std::size_t line = 0;       // rejected: the proof line of the first lemma that does not follow (or the last line)
  std::string reason;         // rejected: why, e.g. "lemma 12 (line 14) is neither RUP nor RAT: 3 -7 0"
  std::size_t lemmas = 0;     // lemmas checked
  std::size_t deletions = 0;  // deletion lines honoured
};

// Checks `proof` (text DRAT) against `formula`. Throws InputError (source, line, column) for a
// proof it cannot read: binary DRAT, a word that is not a literal, a clause without its 0.
// Lemmas may use variables above the formula's (extended resolution adds them).
DratResult check_drat(const Cnf& formula, std::istream& proof, const std::string& proof_name);

}  // namespace sudokit
