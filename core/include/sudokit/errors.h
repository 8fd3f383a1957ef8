// Typed errors thrown by the sudokit library. The library never prints and never exits:
// apps/ catches these, prints what() and chooses the exit code (see README.md).
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace sudokit {

// Base of every error sudokit throws on purpose.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A caller asked for something that does not exist or does not fit: an unknown backend or option,
// a box shape outside the supported range, a limit that makes no sense.
class UsageError : public Error {
 public:
  using Error::Error;
};

// An external program (a SAT solver run by an ext: backend) failed: it could not be started, it
// died, or it gave no answer sudokit can read. The message names the program.
class ExternalError : public Error {
 public:
  using Error::Error;
};

// An answer a backend gave that the independent verifier rejected (Solver::solve checks every one
// before anyone sees it): a grid that does not solve its puzzle, a set of options that is not an
// exact cover, a status its count contradicts, a SAT model that falsifies its formula. The answer
// is never shown as one; the command line reports it (naming the puzzle) and exits 4.
class WrongAnswer : public Error {
 public:
  // `backend` gave `answer` (its text: a grid's line, "options 1 4 7", a model's fault), wrong
  // because of `fault` ("r1c1 is blank").
  WrongAnswer(std::string backend, std::string fault, std::string answer = {});
  const std::string& backend() const { return backend_; }
  const std::string& fault() const { return fault_; }
  const std::string& answer() const { return answer_; }  // "" when there is no answer to show

 private:
  std::string backend_, fault_, answer_;
};

// Text that does not describe a valid puzzle or file. Carries where: the source (file name or
// "stdin"), the puzzle's 1-based number in that source, and the 1-based line and column.
class InputError : public Error {
 public:
  InputError(std::string source, std::size_t puzzle, std::size_t line, std::size_t column, std::string detail);
  const std::string& source() const { return source_; }
  std::size_t puzzle() const { return puzzle_; }  // 0 when the file is not a list of puzzles
  std::size_t line() const { return line_; }
  std::size_t column() const { return column_; }
  const std::string& detail() const { return detail_; }

 private:
  std::string source_;
  std::size_t puzzle_, line_, column_;
  std::string detail_;
};

// A puzzle whose givens break a rule by themselves: one digit given twice in a unit.
// line()/column() locate the second cell; the message names both cells.
class ConflictError : public InputError {
 public:
  ConflictError(std::string source, std::size_t puzzle, std::size_t line, std::size_t column, std::string detail,
                int first_cell, int second_cell)
      : InputError(std::move(source), puzzle, line, column, std::move(detail)),
        first_cell_(first_cell), second_cell_(second_cell) {}
  int first_cell() const { return first_cell_; }
  int second_cell() const { return second_cell_; }

 private:
  int first_cell_, second_cell_;
};

}  // namespace sudokit
