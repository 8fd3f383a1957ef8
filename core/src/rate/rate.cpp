// The rater's loop (rate.h): ask the techniques in SE's order, take the first deduction found,
// check it against the solution, apply it, and keep SE's three numbers.
#include <algorithm>
#include <cmath>
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
      se::forcing_chain,
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
    if (!step) {
      rating.stuck = true;
      break;
    }
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

std::vector<double> se_ratings() {
  // The techniques' ratings (rate.h): singles to XYZ-wing; loops 4.5-5.0 (type 3 adds up to 0.6);
  // quads and jellyfish; BUG 5.6-6.2; aligned pair exclusion 6.2; cycles and chains from 6.5,
  // 0.1 more per step of length, up to the longest chain's on the largest grid chains are
  // searched on (9.6 at 25x25; 8.7 is a 9x9 grid's).
  std::vector<double> ratings = {1.0, 1.2, 1.5, 1.7, 1.9, 2.0, 2.3, 2.5, 2.6, 2.8, 3.0, 3.2, 3.4, 3.6, 3.8, 4.0, 4.2, 4.4};
  for (int tenth = 45; tenth <= 55; ++tenth) ratings.push_back(tenth / 10.0);
  for (int tenth = 56; tenth <= 62; ++tenth) ratings.push_back(tenth / 10.0);
  const auto highest = static_cast<int>(std::lround(se::highest_chain_rating() * 10));
  for (int tenth = 65; tenth <= highest; ++tenth) ratings.push_back(tenth / 10.0);
  return ratings;
}

bool ep_known(const SeRating& r) {
  return r.solved || std::any_of(r.steps.begin(), r.steps.end(), [](const SeStep& s) { return s.placed.has_value(); });
}

bool ed_known(const SeRating& r) { return r.solved || !r.steps.empty(); }

std::string se_numbers(const SeRating& r) {
  return "ER=" + (r.solved ? se_number(r.er) : "beyond") + " EP=" + (ep_known(r) ? se_number(r.ep) : "beyond") +
         " ED=" + (ed_known(r) ? se_number(r.ed) : "beyond");
}

std::string se_number(double difficulty) {
  char text[16];
  std::snprintf(text, sizeof text, "%.1f", difficulty);
  return text;
}

std::string describe(const SeStep& step, const Shape& shape) {
  std::string text = step.technique + " (" + se_number(step.difficulty) + ")";
  if (step.placed) text += ": " + shape.cell_name(step.placed->cell) + "=" + se::digit_symbol(step.placed->digit, shape);
  if (!step.where.empty()) text += (step.placed ? " in " : ": in ") + step.where;
  std::string cells, digits;
  for (int c : step.cells) cells += (cells.empty() ? "" : ",") + shape.cell_name(c);
  for (int d : step.digits) digits += (digits.empty() ? "" : ",") + se::digit_symbol(d, shape);
  if (!step.removed.empty() || !step.placed)
    text += "; cells " + cells + (step.digits.size() == 1 ? ", digit " : ", digits ") + digits;
  if (!step.removed.empty()) {
    text += "; removes";
    for (std::size_t i = 0; i < step.removed.size(); ++i)
      text += (i == 0 ? " " : ", ") + se::digit_symbol(step.removed[i].digit, shape) + " from " + shape.cell_name(step.removed[i].cell);
  }
  return text;
}

}  // namespace sudokit
