#include "sudokit/errors.h"

namespace sudokit {

namespace {
std::string locate(const std::string& source, std::size_t puzzle, std::size_t line, std::size_t column,
                   const std::string& detail) {
  std::string where = source.empty() ? std::string("input") : source;
  if (puzzle != 0) {
    where.append(": puzzle ").append(std::to_string(puzzle)).append(", line ");
  } else {
    where.append(": line ");
  }
  where.append(std::to_string(line));
  if (column != 0) where.append(", column ").append(std::to_string(column));
  return where.append(": ").append(detail);
}
}  // namespace

InputError::InputError(std::string source, std::size_t puzzle, std::size_t line, std::size_t column,
                       std::string detail)
    : Error(locate(source, puzzle, line, column, detail)),
      source_(std::move(source)), puzzle_(puzzle), line_(line), column_(column), detail_(std::move(detail)) {}

WrongAnswer::WrongAnswer(std::string backend, std::string fault, std::string answer)
    : Error(backend + " gave a wrong answer: " + fault),
      backend_(std::move(backend)), fault_(std::move(fault)), answer_(std::move(answer)) {}

}  // namespace sudokit
