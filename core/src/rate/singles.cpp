// Singles and intersections (rate.h, SE 1.0-2.8).
//
// A hidden single is a digit with one place left in a unit: 1.0 when that unit has only one empty
// cell (the last value), else 1.2 in a box and 1.5 in a row or column; SE looks for last values
// first, and scans boxes, then columns, then rows. A naked single (2.3) is a cell with one
// candidate. An intersection: when a digit's places in unit A all lie in unit B (A a box and B a
// line: pointing, 2.6; A a line and B a box: claiming, 2.8), B's other cells lose it. SE rates it
// "direct" (1.7, 1.9) when the elimination leaves a hidden single in a unit of A's kind, and then
// the step places that single and nothing else: SE leaves the eliminations that show it undone.
#include <optional>

#include "board.h"

namespace sudokit::se {
namespace {

std::optional<SeStep> hidden_single_in(const Board& board, const std::vector<const Unit*>& units, bool last_value) {
  for (const Unit* unit : units) {
    const bool alone = board.empty_cells(*unit) == 1;
    if (alone != last_value) continue;
    for (int digit = 1; digit <= board.size(); ++digit) {
      const Mask places = board.positions(*unit, digit);
      if (count(places) != 1) continue;
      const int cell = unit->cells[static_cast<std::size_t>(lowest(places))];
      const double difficulty = alone ? 1.0 : is_box(*unit) ? 1.2 : 1.5;
      return finish({alone ? "Last Value" : "Hidden Single", difficulty, board.name(*unit), {cell}, {digit}, {},
                     CellDigit{cell, digit}});
    }
  }
  return std::nullopt;
}

// Where digit's places in `line_or_box` (all inside `other`) let `other` lose it: its cells outside.
std::vector<CellDigit> locked_removals(const Board& board, const Unit& first, const Unit& second, int digit) {
  std::vector<CellDigit> removed;
  for (int cell : second.cells)
    if (!board.contains(first, cell) && board.has(cell, digit)) removed.push_back({cell, digit});
  return removed;
}

// Direct mode: a unit of first's kind crossing `second` whose digit keeps one place once `second`
// loses it outside `first`: that place, or -1.
int following_single(const Board& board, const std::vector<const Unit*>& first_kind, const Unit& first,
                     const Unit& second, int digit) {
  for (const Unit* third : first_kind) {
    if (third == &first || !board.crosses(*third, second)) continue;
    const Mask places = board.positions(*third, digit);
    if (count(places) <= 1) continue;
    int left = 0, single = -1;
    for (std::size_t i = 0; i < third->cells.size(); ++i) {
      const int cell = third->cells[i];
      const bool removed = board.contains(second, cell) && !board.contains(first, cell);  // two diagonals share a cell
      if (!((places >> i) & 1) || removed) continue;
      ++left;
      single = cell;
    }
    if (left == 1) return single;
  }
  return -1;
}

std::optional<SeStep> locking_between(const Board& board, const std::vector<const Unit*>& first_kind,
                                      const std::vector<const Unit*>& second_kind, bool direct) {
  for (int digit = 1; digit <= board.size(); ++digit) {
    for (const Unit* first : first_kind) {
      const Mask places = board.positions(*first, digit);
      if (count(places) < 2) continue;
      const int some_place = first->cells[static_cast<std::size_t>(lowest(places))];
      for (const Unit* second : second_kind) {
        // Every place inside `second` (it then crosses `first`); a unit without the first misses.
        if (second == first || !board.contains(*second, some_place)) continue;
        bool inside = true;
        for (std::size_t i = 0; i < first->cells.size() && inside; ++i)
          if ((places >> i) & 1) inside = board.contains(*second, first->cells[i]);
        if (!inside) continue;
        auto removed = locked_removals(board, *first, *second, digit);
        if (removed.empty()) continue;
        // From a box, pointing (2.6; direct 1.7); from a line or a variant unit, claiming (2.8; 1.9).
        const bool pointing = is_box(*first);
        SeStep step{pointing ? "Pointing" : "Claiming", pointing ? 2.6 : 2.8,
                    board.name(*first) + " and " + board.name(*second), cells_at(*first, places), {digit}, removed,
                    std::nullopt};
        if (direct) {
          const int single = following_single(board, first_kind, *first, *second, digit);
          if (single < 0) continue;
          step.technique = pointing ? "Direct Pointing" : "Direct Claiming";
          step.difficulty = pointing ? 1.7 : 1.9;
          step.placed = CellDigit{single, digit};
          step.removed.clear();  // as SE applies it: the single, not the eliminations that show it
        }
        return finish(std::move(step));
      }
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<SeStep> hidden_single(const Board& board) {
  const auto units = board.boxes_columns_rows();
  if (auto step = hidden_single_in(board, units, true)) return step;
  return hidden_single_in(board, units, false);
}

std::optional<SeStep> naked_single(const Board& board) {
  for (int cell = 0; cell < board.cells(); ++cell) {
    if (board.value(cell) != 0 || count(board.candidates(cell)) != 1) continue;
    const int digit = lowest(board.candidates(cell)) + 1;
    return finish({"Naked Single", 2.3, board.shape().cell_name(cell), {cell}, {digit}, {}, CellDigit{cell, digit}});
  }
  return std::nullopt;
}

std::optional<SeStep> locking(const Board& board, bool direct) {
  if (auto s = locking_between(board, board.boxes(), board.columns(), direct)) return s;
  if (auto s = locking_between(board, board.boxes(), board.rows(), direct)) return s;
  if (auto s = locking_between(board, board.columns(), board.boxes(), direct)) return s;
  if (auto s = locking_between(board, board.rows(), board.boxes(), direct)) return s;
  // Variant units with the standard ones, both ways, then with each other (after SE's order).
  for (const auto& kind : board.variant_units())
    for (const auto* other : {&board.columns(), &board.rows(), &board.boxes()}) {
      if (auto s = locking_between(board, kind, *other, direct)) return s;
      if (auto s = locking_between(board, *other, kind, direct)) return s;
    }
  for (const auto& first : board.variant_units())
    for (const auto& second : board.variant_units())
      if (&first != &second)
        if (auto s = locking_between(board, first, second, direct)) return s;
  return std::nullopt;
}

}  // namespace sudokit::se
