// The sat backend's uniqueness sessions (solver.h): the generator's removal checks, one
// satisfiability question each. Private to the sat backend.
#include "session.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "loader.h"
#include "method.h"
#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/verify.h"

namespace sudokit::sat {

namespace {

// The rules of S's shape worked out once (SudokuRules); each question is one call on a fresh
// solver loaded with the rules reduced by the puzzle's other givens, plus a clause saying that
// one of the removed cells differs from S. Measured at 25x25 against one incremental solver kept
// for the grid, asked with the givens as assumptions (learned clauses kept from one question to
// the next, kept clues as unit clauses, or the formula rebuilt as clues were kept): those needed
// a third of the conflicts, but each conflict cost several times more on the unreduced formula,
// and a puzzle took 1.6-4x the CPU time (docs/benchmarks.md, "Generating minimal puzzles").
// Decisions try S's digits first (a phase per variable): a second solution is found near S.
class SatUniquenessSession final : public UniquenessSession {
 public:
  SatUniquenessSession(const Grid& solution, Library library, Encoding encoding, sat::Setup setup)
      : solution_(solution), rules_(solution.shape(), encoding, true), library_(library), setup_(std::move(setup)) {}

  Status unique_without(const Grid& puzzle, std::span<const int> cells, const Limits& limits) override {
    SearchBudget budget(limits);
    Grid without = puzzle;
    for (int cell : cells) without.set(cell, 0);
    const auto fixed = values_fixed_by_givens(without);
    if (!fixed) throw UsageError("sat: a uniqueness question about givens that clash");
    auto solver = sat::make_library(library_, setup_);
    const int n = without.size();
    given_.clear();
    std::optional<Loader> loader;
    try {
      loader.emplace(*solver, given_, without.cells() * n, &*fixed, rules_.auxiliaries(&*fixed), budget.deadline());
      rules_.emit(&*fixed, loader->sink());
      clause_.clear();
      for (int cell : cells) clause_.push_back(-cell_var(n, cell, solution_[cell]));
      loader->add(clause_);  // in the formula's numbering, as the rules
      // Decisions start from S: a second solution mostly differs from S in a few cells (an
      // unavoidable set), so the search looks near S first instead of anywhere.
      for (int cell = 0; cell < without.cells(); ++cell)
        if (without[cell] == 0)
          for (int d = 1; d <= n; ++d)
            if (const int v = loader->mapped(cell_var(n, cell, d))) solver->prefer(d == solution_[cell] ? v : -v);
    } catch (const LoadStopped&) {
      return Status::stopped;
    }
    sat::CallLimits call;
    call.deadline = budget.deadline();
    call.max_conflicts = limits.max_nodes;
    const Answer answer = solver->solve({}, call);
    if (answer == Answer::satisfiable) check_second_solution(*solver, *loader, without, cells);
    return answer == Answer::unsatisfiable ? Status::unique
           : answer == Answer::satisfiable ? Status::multiple
                                           : Status::stopped;
  }

  void keep(int) override {}  // every question reduces the formula by all its givens anyway

 private:
  // "multiple" keeps a clue in the generator's puzzle, so the second solution behind it is checked
  // as any answer is: the model against its formula, then its grid, which must solve `without`
  // and differ from S in one of `cells`.
  void check_second_solution(SatLibrary& solver, const Loader& loader, const Grid& without, std::span<const int> cells) {
    const DecodedGrid other = grid_of_model(without, [&](int v) { return loader.value(v); });
    std::string fault = other.fault;
    if (fault.empty()) check_model(solver, "sat", given_, {});
    if (fault.empty())
      if (const auto v = verify(without, other.grid); !v.empty()) fault = v.front().message;
    if (fault.empty() && std::none_of(cells.begin(), cells.end(), [&](int c) { return other.grid[c] != solution_[c]; }))
      fault = "its second solution is the first one";
    if (!fault.empty()) throw WrongAnswer("sat", "a uniqueness session's second solution: " + fault, to_line(other.grid));
  }

  Grid solution_;
  SudokuRules rules_;
  Library library_;
  sat::Setup setup_;  // of each question's fresh library
  std::vector<int> clause_;
  ClauseList given_;  // what the question's solver was given
};

}  // namespace

std::unique_ptr<UniquenessSession> make_session(const Grid& solution, Library library, Encoding encoding, Setup setup) {
  return std::make_unique<SatUniquenessSession>(solution, library, encoding, std::move(setup));
}

}  // namespace sudokit::sat
