// XY-wing and XYZ-wing (rate.h, SE 4.2 and 4.4).
//
// A pivot cell XY sees two cells XZ and YZ (two candidates each, sharing Z, each sharing one of
// the pivot's other digits): whichever digit the pivot takes, one wing is Z, so a cell that sees
// both wings cannot be Z. In the XYZ-wing the pivot holds X, Y and Z itself, so the cell must see
// the pivot too.
#include <optional>

#include "board.h"

namespace sudokit::se {
namespace {

bool wing_pattern(Mask pivot, Mask xz, Mask yz, bool xyz) {
  if (count(pivot) != (xyz ? 3 : 2) || count(xz) != 2 || count(yz) != 2) return false;
  return count(pivot | xz | yz) == 3 && count(pivot & xz & yz) == (xyz ? 1 : 0);
}

std::optional<SeStep> wing_step(const Board& board, int pivot, int xz, int yz, bool xyz) {
  const int z = lowest(board.candidates(xz) & board.candidates(yz)) + 1;
  SeStep step{xyz ? "XYZ-Wing" : "XY-Wing", xyz ? 4.4 : 4.2, "pivot " + board.shape().cell_name(pivot),
              {pivot, xz, yz}, digits_of(board.candidates(pivot) | board.candidates(xz) | board.candidates(yz)), {},
              std::nullopt};
  for (int cell = 0; cell < board.cells(); ++cell) {
    if (cell == pivot || cell == xz || cell == yz || !board.has(cell, z)) continue;
    if (board.sees(cell, xz) && board.sees(cell, yz) && (!xyz || board.sees(cell, pivot))) step.removed.push_back({cell, z});
  }
  if (step.removed.empty()) return std::nullopt;
  return finish(std::move(step));
}

}  // namespace

std::optional<SeStep> xy_wing(const Board& board, bool xyz) {
  for (int pivot = 0; pivot < board.cells(); ++pivot) {
    const Mask p = board.candidates(pivot);
    if (count(p) != (xyz ? 3 : 2)) continue;
    for (int xz : board.shape().peers_of(pivot)) {
      const Mask a = board.candidates(xz);
      if (count(a) != 2 || count(p & ~a) != 1) continue;
      for (int yz : board.shape().peers_of(pivot)) {
        if (!wing_pattern(p, a, board.candidates(yz), xyz)) continue;
        if (auto step = wing_step(board, pivot, xz, yz, xyz)) return step;
      }
    }
  }
  return std::nullopt;
}

}  // namespace sudokit::se
