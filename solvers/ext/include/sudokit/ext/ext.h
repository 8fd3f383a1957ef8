// ext:NAME — any DIMACS SAT solver on PATH as a backend (docs/cross-checking.md).
//
//   ext:minisat, ext:cadical, ext:picosat, ext:kissat   a program found on PATH
//   ext:cmd=/path/to/program                             any program taking a DIMACS file
//
// Each solver call writes the formula to a temporary file (sudoku_cnf for a Sudoku grid,
// exact_cover_cnf for an exact-cover problem), runs the program without a shell under the time
// left (killed at the deadline: Status::stopped, StopReason::time), reads its answer in either
// convention — "s"/"v" lines on stdout (cadical, picosat, kissat, and by default any other
// program) or minisat's result file named as its second argument — and decodes the model into a
// grid or a set of options. Counting asks again with a clause forbidding the answers found (over
// the open cells' variables, or the option variables). A model is believed only when it satisfies
// every clause the program was given and decodes whole (model.h: one digit per cell, every given
// kept); the answer then goes to the independent verifier (Solver::solve) like every backend's.
//
// Options: encoding= (as sat), givens=units|reduce, output=stdout|file (the answer convention,
// for a program the table in ext.cpp does not know), proof=FILE: the DRAT proof of every call
// that answers UNSATISFIABLE, for programs that write one (cadical, kissat): the first to FILE,
// the next to FILE.2, FILE.3, ..., each with the formula it refutes next to it (FILE.cnf,
// FILE.2.cnf), so that `sudokit check-proof FILE.cnf FILE` checks it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sudokit/encoders/cnf.h"
#include "sudokit/encoders/model.h"
#include "sudokit/solver.h"

namespace sudokit {

// How a program is run and answers.
struct ExtProgram {
  std::string member;                    // as named after "ext:": "minisat", "cmd=/path/x.sh"
  std::string path;                      // found on PATH
  bool result_file = false;              // minisat's convention: the answer in a file given as second argument
  std::vector<std::string> args;         // before the formula's file: "-q"
  std::vector<std::string> proof_args;   // before the proof's file; empty: it writes no proofs
};

class ExtSolver final : public Solver {
 public:
  ExtSolver(ExtProgram program, const SolverOptions& options);
  ~ExtSolver() override;
  // The family's resolver: the program of "ext:MEMBER" and its declaration; UsageError naming the
  // program when it is not installed.
  static Registry::Entry resolve(std::string_view member);
  // The programs of the table that are on PATH now.
  static std::vector<std::string> installed();
  static Registry::Family family();

  std::string_view name() const override { return name_; }
  std::string options() const override;

 private:
  Result search(const Grid& puzzle, const Limits& limits) override;
  CoverResult search(const ExactCover& problem, const Limits& limits) override;
  template <class Answer, class Decode, class Block>
  BasicResult<Answer> run(Cnf formula, const Limits& limits, const Decode& decode, const Block& block);
  // One solver call: the model, or nullopt for UNSATISFIABLE; `stopped` when the deadline passed.
  std::optional<Model> call(const Cnf& formula, double seconds, bool& stopped);

  ExtProgram program_;
  std::string name_;
  std::optional<std::string> encoding_;  // as given; none or "auto": encoding_for(the grid's size)
  Givens givens_;
  std::string proof_;         // proof=FILE, "" for none
  std::size_t proofs_ = 0;    // proofs written so far (the next is FILE.(proofs_+1))
};

}  // namespace sudokit
