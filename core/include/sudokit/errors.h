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
