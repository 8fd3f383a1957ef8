// `sudokit check`: another solver's answers, verified. And `compare --certify`: DRAT proofs of
// "unique" and "no solution", checked in-project.
//
// The answers file (docs/cross-checking.md) holds one entry per puzzle, in the puzzles' order:
//   a grid in any of sudokit's puzzle forms     the solution the other solver gave
//   none                                        it says the puzzle has no solution
// and before a grid, optionally, a claim line:
//   # claim: unique                             it says the grid is the only solution
//   # claim: count N                            it says the puzzle has exactly N solutions
// Other '#' lines and blank lines are skipped.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <functional>
#include <string>
#include <vector>

#include "sudokit/compare/compare.h"
#include "sudokit/format.h"
#include "sudokit/solver.h"

namespace sudokit {

struct AnswerEntry {
  // The puzzle it answers: its position in the answers file, or, after a line `# puzzle N: ...`
  // (sudokit solve's), N for the next answer and counting on from there. Only grows: a line about
  // a puzzle already answered (solve --all writes it after the grids) is a comment.
  std::size_t number = 0;
  std::size_t line = 0;    // where it starts
  std::optional<ParsedPuzzle> grid;           // the answer, unless it is "none" or unreadable
  bool no_solution = false;                   // the answer "none"
  std::optional<std::uint64_t> claimed_count; // "# claim: unique" is 1
  std::string error;                          // unreadable: where and why (file, entry, line, column)
  std::string stopped;  // no answer, as solve's `# puzzle N: stopped by ...` says: by what
};

// Reads every entry; an unreadable one is kept with its error, so that the rest still line up.
// Reads `sudokit solve`'s output as answers: its "# puzzle N: no solution" is the answer "none",
// "# puzzle N: 1 solution (unique)" claims unique, "# puzzle N: stopped by ..." with no grid
// after it (a search stopped) is an answer left stopped (AnswerEntry::stopped), and "# puzzle N:
// no answer: ..." none at all; the next answers keep their numbers.
std::vector<AnswerEntry> read_answers(std::istream& in, const std::string& source, std::optional<BoxSpec> box);

// One puzzle's verdict: correct, wrong (not a solution), refuted (a claim is false), missing,
// unreadable, stopped (a limit ended the search that decides the claim, or the answers' own solve
// stopped with no solution: the reason says which) or failed (the backend deciding it did).
struct CheckRow {
  std::size_t puzzle = 0;
  std::string source;
  std::size_t line = 0;
  std::string answer_source;
  std::size_t answer_line = 0;
  std::string answer;  // "grid", "none" or "" (missing)
  std::string claim;   // "unique", "count N" or ""
  Verdict verdict = Verdict::unset;
  std::string reason;
  std::string counterexample;  // refuted: a second solution, or a solution of a claimed "none"
};

// Verifies `entry` (nullptr: missing) against `puzzle`. A claim (none, unique, count N) is settled
// by the backend `decider` gives, called only then: an answer that claims nothing needs no
// backend, and one that cannot take the grid is not asked for.
CheckRow check_answer(const ParsedPuzzle& puzzle, const std::string& source, const AnswerEntry* entry,
                      const std::string& answer_source, const std::function<Solver&()>& decider, const Limits& limits);

void write_check_csv(std::ostream& out, const std::vector<CheckRow>& rows);
void write_check_json(std::ostream& out, const std::vector<CheckRow>& rows);

// A DRAT proof of a problem's verdict ("none": no solution; "unique": no solution other than
// `solution`), made by the backend `certifier` (an ext: backend that writes proofs) and checked by
// check_drat. Never throws for a certifier that fails: the reason says why nothing was certified.
struct Certificate {
  bool certified = false;
  std::string reason;  // why not, or "" when certified
};
Certificate certify(const Registry& registry, const std::string& certifier, const PuzzleInput& problem);

}  // namespace sudokit
