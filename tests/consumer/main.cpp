// Reads the puzzles of a file, solves each with every registered backend that takes Sudoku
// (proving uniqueness), verifies every answer and prints one line per puzzle and backend:
//   NUMBER BACKEND STATUS SOLUTION
// Exits 1 when an answer fails the verifier or the backends disagree; the library's errors
// (a bad puzzle, say) end it with exit code 2.
#include <fstream>
#include <iostream>
#include <optional>

#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/registry.h"
#include "sudokit/verify.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: consumer PUZZLES\n";
    return 2;
  }
  try {
    std::ifstream in(argv[1]);
    if (!in) throw sudokit::UsageError(std::string("cannot open ") + argv[1]);
    sudokit::PuzzleReader reader(in, argv[1]);
    const sudokit::Registry registry = sudokit::builtin_solvers();
    sudokit::Limits limits;
    limits.solutions = 2;
    int status = 0;
    while (auto p = reader.next()) {
      std::optional<std::string> agreed;
      for (const auto& name : registry.names(sudokit::ProblemKind::sudoku)) {
        const sudokit::Result r = registry.create(name)->solve(p->grid, limits);
        const std::string solution = r.solutions.empty() ? "-" : sudokit::to_line(r.solutions[0]);
        if (!r.solutions.empty() && !sudokit::is_solution(p->grid, r.solutions[0])) status = 1;
        const std::string answer = std::string(sudokit::to_string(r.status)) + " " + solution;
        if (agreed && *agreed != answer) status = 1;
        agreed = answer;
        std::cout << p->number << " " << name << " " << answer << "\n";
      }
    }
    return status;
  } catch (const sudokit::Error& e) {
    std::cerr << "consumer: " << e.what() << "\n";
    return 2;
  }
}
