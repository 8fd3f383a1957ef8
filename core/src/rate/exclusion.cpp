// Aligned pair exclusion (rate.h, SE 6.2).
//
// Two cells A and B, each with two or more candidates and no naked single among the cells they
// see, and two or more cells of two candidates that see both ("excluders"). A pair of digits
// (a for A, b for B) is impossible when A and B see each other and a = b, or when some excluder
// holds no digit but a and b (both taken, it would be empty). A digit of A (or B) that is in no
// possible pair is removed. SE takes pairs of cells in the order it lists them.
#include <algorithm>
#include <iterator>
#include <optional>
#include <vector>

#include "board.h"

namespace sudokit::se {
namespace {

struct Candidate {
  int cell;
  std::vector<int> excluders;  // bivalue cells it sees, ascending
};

std::vector<Candidate> aligned_candidates(const Board& board) {
  std::vector<Candidate> found;
  for (int cell = 0; cell < board.cells(); ++cell) {
    if (count(board.candidates(cell)) < 2) continue;
    bool single_seen = false;
    std::vector<int> excluders;
    for (int peer : board.shape().peers_of(cell)) {
      const int k = count(board.candidates(peer));
      single_seen = single_seen || k == 1;
      if (k == 2) excluders.push_back(peer);
    }
    if (!single_seen && !excluders.empty()) found.push_back({cell, std::move(excluders)});
  }
  return found;
}

std::optional<SeStep> exclude_pair(const Board& board, const Candidate& first, const Candidate& second) {
  std::vector<int> common;  // the excluders both see
  std::set_intersection(first.excluders.begin(), first.excluders.end(), second.excluders.begin(),
                        second.excluders.end(), std::back_inserter(common));
  if (common.size() < 2) return std::nullopt;
  const int a = first.cell, b = second.cell;
  const bool see = board.sees(a, b);
  Mask allowed_a = 0, allowed_b = 0;
  for (int da = 1; da <= board.size(); ++da) {
    if (!board.has(a, da)) continue;
    for (int db = 1; db <= board.size(); ++db) {
      if (!board.has(b, db) || (see && da == db)) continue;
      const Mask both = digit_bit(da) | digit_bit(db);
      bool possible = true;
      for (int e : common) possible = possible && (board.candidates(e) & ~both) != 0;
      if (!possible) continue;
      allowed_a |= digit_bit(da);
      allowed_b |= digit_bit(db);
    }
  }
  SeStep step{"Aligned Pair Exclusion", 6.2, "", {a, b}, {}, {}, std::nullopt};
  step.cells.insert(step.cells.end(), common.begin(), common.end());
  for (int d : digits_of(board.candidates(a) & ~allowed_a)) step.removed.push_back({a, d});
  for (int d : digits_of(board.candidates(b) & ~allowed_b)) step.removed.push_back({b, d});
  if (step.removed.empty()) return std::nullopt;
  for (const CellDigit& r : step.removed) step.digits.push_back(r.digit);
  return finish(std::move(step));
}

}  // namespace

std::optional<SeStep> aligned_pair_exclusion(const Board& board) {
  const std::vector<Candidate> candidates = aligned_candidates(board);
  for (std::size_t i = 0; i < candidates.size(); ++i)
    for (std::size_t j = i + 1; j < candidates.size(); ++j)
      if (auto step = exclude_pair(board, candidates[i], candidates[j])) return step;
  return std::nullopt;
}

}  // namespace sudokit::se
