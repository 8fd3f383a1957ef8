// ext:NAME — any DIMACS SAT solver as a backend (docs/cross-checking.md): the sat backend, with a
// program on a file per call as its SatLibrary.
//
//   ext:minisat, ext:cadical, ext:picosat, ext:kissat   a program found on PATH
//   ext:cmd=/path/to/program                             any program taking a DIMACS file
//
// Each call of the library writes the clauses it was given (and the call's assumptions, as unit
// clauses) to a temporary file, runs the program without a shell under the time left (killed at
// the deadline: Answer::stopped), and reads its answer in either convention: "s"/"v" lines on
// stdout (cadical, picosat, kissat, and by default any other program) or minisat's result file
// named as its second argument. Everything else is the sat layer's, as for the libraries in this
// process: the formula, counting with blocking clauses, and every model checked whole against the
// clauses before it is believed (sat.cpp). The program counts no conflicts, so a work budget
// counts calls (SatLibrary::Work::calls).
//
// Options of an ext: backend: encoding= and givens=units|reduce (as sat; units by default, the
// formula `encode --to dimacs` writes), output=stdout|file (the answer convention, for a program
// the table in external.cpp does not know), proof=FILE for a program that writes DRAT (cadical,
// kissat): the proof of every search that ends unsatisfiable, FILE, FILE.2, ..., each with the
// formula it refutes beside it (FILE.cnf), as sat's proofs.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/sat/sat_library.h"
#include "sudokit/solver.h"

namespace sudokit::sat {

// How a program is run and answers.
struct Program {
  std::string member;                    // as named after "ext:": "minisat", "cmd=/path/x.sh"
  std::string path;                      // found on PATH
  bool result_file = false;              // minisat's convention: the answer in a file given as second argument
  std::vector<std::string> args;         // before the formula's file: "-q"
  std::vector<std::string> proof_args;   // before the proof's file; empty: it writes no proofs
};

// A SatLibrary that runs `program` for each call (above). With setup.proof_path, each call that
// answers unsatisfiable leaves its proof there.
std::unique_ptr<SatLibrary> make_external(const Program& program, const Setup& setup);

// The ext: family (Registry::add_family): resolves "ext:MEMBER" to its program (UsageError naming
// it when it is not installed) and lists the known programs on PATH now.
Registry::Family external_programs();

}  // namespace sudokit::sat
