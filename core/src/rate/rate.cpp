// The rater's loop (rate.h): ask the techniques in SE's order, take the first deduction found,
// check it against the solution, apply it, and keep SE's three numbers.
#include <cstdio>
#include <functional>
#include <string>

#include "board.h"
#include "sudokit/errors.h"
#include "sudokit/verify.h"

namespace sudokit {
namespace {

using se::Board;
using Technique = std::function<std::optional<SeStep>(const Board&)>;

// SE 1.2.1's order: its "direct" producers, then the indirect ones, easiest first.
const std::vector<Technique>& techniques() {
  static const std::vector<Technique> order = {
      se::hidden_single,
      [](const Board& b) { return se::locking(b, true); },
      [](const Board& b) { return se::hidden_set(b, 2, true); },
      se::naked_single,
      [](const Board& b) { return se::hidden_set(b, 3, true); },
      [](const Board& b) { return se::locking(b, false); },
      [](const Board& b) { return se::naked_set(b, 2); },
      [](const Board& b) { return se::fish(b, 2); },
      [](const Board& b) { return se::hidden_set(b, 2, false); },
      [](const Board& b) { return se::naked_set(b, 3); },
      [](const Board& b) { return se::fish(b, 3); },
      [](const Board& b) { return se::hidden_set(b, 3, false); },
      [](const Board& b) { return se::xy_wing(b, false); },
      [](const Board& b) { return se::xy_wing(b, true); },
      [](const Board& b) { return b.classic() ? se::unique_loop(b) : std::nullopt; },
      [](const Board& b) { return se::naked_set(b, 4); },
      [](const Board& b) { return se::fish(b, 4); },
      [](const Board& b) { return se::hidden_set(b, 4, false); },
      [](const Board& b) { return b.classic() ? se::bivalue_universal_grave(b) : std::nullopt; },
      se::aligned_pair_exclusion,
  };
  return order;
}

std::optional<SeStep> next_step(const Board& board) {
  for (const auto& technique : techniques())
    if (auto step = technique(board)) return step;
  return std::nullopt;
}

// A step that contradicts the solution is the rater's bug: never let a rating rest on it.
void check(const SeStep& step, const Grid& solution, std::size_t number) {
  const auto fail = [&](const std::string& what) {
    throw WrongAnswer("the SE rater", "its step " + std::to_string(number) + " (" + describe(step, solution.shape()) + ") " + what);
  };
  for (const CellDigit& r : step.removed)
    if (solution[r.cell] == r.digit)
      fail("removes " + std::to_string(r.digit) + " from " + solution.shape().cell_name(r.cell) + ", the solution's digit there");
  if (step.placed && solution[step.placed->cell] != step.placed->digit)
    fail("places " + std::to_string(step.placed->digit) + " where the solution has " +
         std::to_string(solution[step.placed->cell]));
}

void apply(Board& board, const SeStep& step) {
  for (const CellDigit& r : step.removed) board.remove(r.cell, r.digit);
  if (step.placed) board.place(step.placed->cell, step.placed->digit);
}

Grid grid_of(const Board& board, const Grid& puzzle) {
  Grid grid = puzzle;
  for (int cell = 0; cell < board.cells(); ++cell) grid.set(cell, board.value(cell));
  return grid;
}

}  // namespace

SeRating rate_se(const Grid& puzzle, const Grid& solution, const RateOptions& options) {
  if (solution.shape().size() != puzzle.shape().size() || !is_solution(puzzle, solution))
    throw UsageError("rate_se: the solution given does not solve the puzzle");
  Board board(puzzle);
  SeRating rating{.reached = puzzle};
  bool placed_yet = false;
  while (!board.solved() && (options.max_steps == 0 || rating.steps.size() < options.max_steps)) {
    auto step = next_step(board);
    if (!step) break;
    check(*step, solution, rating.steps.size() + 1);
    apply(board, *step);
    rating.er = std::max(rating.er, step->difficulty);
    if (rating.steps.empty()) rating.ed = rating.er;
    if (!placed_yet && step->placed) {
      rating.ep = rating.er;
      placed_yet = true;
    }
    rating.steps.push_back(std::move(*step));
  }
  rating.solved = board.solved();
  rating.reached = grid_of(board, puzzle);
  if (!verify_partial(puzzle, rating.reached).empty())
    throw WrongAnswer("the SE rater", "its grid breaks the rules");
  if (rating.solved && !is_solution(puzzle, rating.reached))
    throw WrongAnswer("the SE rater", "its solution does not solve the puzzle");
  return rating;
}

std::string se_number(double difficulty) {
  char text[16];
  std::snprintf(text, sizeof text, "%.1f", difficulty);
  return text;
}

std::string describe(const SeStep& step, const Shape& shape) {
  std::string text = step.technique + " (" + se_number(step.difficulty) + ")";
  if (step.placed) text += ": " + shape.cell_name(step.placed->cell) + "=" + std::to_string(step.placed->digit);
  if (!step.where.empty()) text += (step.placed ? " in " : ": in ") + step.where;
  std::string cells, digits;
  for (int c : step.cells) cells += (cells.empty() ? "" : ",") + shape.cell_name(c);
  for (int d : step.digits) digits += (digits.empty() ? "" : ",") + std::to_string(d);
  if (!step.removed.empty() || !step.placed) text += "; cells " + cells + ", digits " + digits;
  if (!step.removed.empty()) {
    text += "; removes";
    for (std::size_t i = 0; i < step.removed.size(); ++i)
      text += (i == 0 ? " " : ", ") + std::to_string(step.removed[i].digit) + " from " + shape.cell_name(step.removed[i].cell);
  }
  return text;
}

}  // namespace sudokit
