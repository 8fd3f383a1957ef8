// Subsets and fish (rate.h, SE 2.0-5.4).
//
// A naked set: k cells of a unit whose candidates together are k digits; the unit's other cells
// lose those digits (pair 3.0, triple 3.6, quad 5.0). A hidden set: k digits whose places in a
// unit are k cells; those cells lose every other digit (pair 3.4, triple 4.0, quad 5.4; "direct",
// 2.0 and 2.5, when that leaves a hidden single in the unit: the step places it, and only it). A fish: a
// digit whose places in k base lines (columns, then rows) lie in k cover lines; the cover lines'
// other cells lose it (X-wing 3.2, swordfish 3.8, jellyfish 5.2). As in SE, each member of a set
// must have two or more candidates (places), a naked set is sought in units with at least 2k
// empty cells, a hidden one in units with more than 2k (direct: more than k), and a fish only for
// a digit placed at most n - 2k times.
#include <optional>
#include <string>

#include "board.h"

namespace sudokit::se {
namespace {

std::string list_words(const std::vector<std::string>& words) {
  std::string text;
  for (std::size_t i = 0; i < words.size(); ++i)
    text += (i == 0 ? "" : i + 1 == words.size() ? " and " : ", ") + words[i];
  return text;
}

const char* set_word(int degree) { return degree == 2 ? "Pair" : degree == 3 ? "Triple" : "Quad"; }

// The step for hidden digits `digits` on unit positions `where`, or none when it is not worth it
// (direct: it must leave a hidden single of another digit in the unit).
std::optional<SeStep> hidden_step(const Board& board, const Unit& unit, Mask digits, Mask where, bool direct) {
  const int degree = count(digits);
  SeStep step{std::string(direct ? "Direct Hidden " : "Hidden ") + set_word(degree), 0, board.name(unit), {}, {}, {},
              std::nullopt};
  for (int d = 1; d <= board.size(); ++d)
    if ((digits >> (d - 1)) & 1) step.digits.push_back(d);
  for (std::size_t i = 0; i < unit.cells.size(); ++i) {
    if (!((where >> i) & 1)) continue;
    const int cell = unit.cells[i];
    step.cells.push_back(cell);
    for (int d = 1; d <= board.size(); ++d)
      if (board.has(cell, d) && !((digits >> (d - 1)) & 1)) step.removed.push_back({cell, d});
  }
  if (!direct) {
    if (step.removed.empty()) return std::nullopt;
    step.difficulty = degree == 2 ? 3.4 : degree == 3 ? 4.0 : 5.4;
    return finish(std::move(step));
  }
  for (int d = 1; d <= board.size(); ++d) {
    if ((digits >> (d - 1)) & 1) continue;
    const Mask places = board.positions(unit, d);
    if (count(places) <= 1 || count(places & ~where) != 1) continue;
    step.difficulty = degree == 2 ? 2.0 : 2.5;
    step.placed = CellDigit{unit.cells[static_cast<std::size_t>(lowest(places & ~where))], d};
    step.removed.clear();  // as SE applies it: the single only (singles.cpp)
    return finish(std::move(step));
  }
  return std::nullopt;
}

}  // namespace

std::optional<SeStep> hidden_set(const Board& board, int degree, bool direct) {
  const int n = board.size();
  for (const Unit* unit : board.boxes_columns_rows()) {
    const int empty = board.empty_cells(*unit);
    if (!(empty > 2 * degree || (direct && empty > degree))) continue;
    std::optional<SeStep> found;
    any_combination(n, degree, [&](std::span<const int> pick) {
      Mask where = 0, digits = 0;
      for (int i : pick) {
        const Mask places = board.positions(*unit, i + 1);
        if (count(places) <= 1) return false;
        where |= places;
        digits |= bit(i);
      }
      if (count(where) != degree) return false;
      found = hidden_step(board, *unit, digits, where, direct);
      return found.has_value();
    });
    if (found) return found;
  }
  return std::nullopt;
}

std::optional<SeStep> naked_set(const Board& board, int degree) {
  const int n = board.size();
  for (const Unit* unit : board.boxes_columns_rows()) {
    if (board.empty_cells(*unit) < 2 * degree) continue;
    std::optional<SeStep> found;
    any_combination(n, degree, [&](std::span<const int> pick) {
      Mask digits = 0, members = 0;
      for (int i : pick) {
        const Mask c = board.candidates(unit->cells[static_cast<std::size_t>(i)]);
        if (count(c) <= 1) return false;
        digits |= c;
        members |= bit(i);
      }
      if (count(digits) != degree) return false;
      SeStep step{std::string("Naked ") + set_word(degree), degree == 2 ? 3.0 : degree == 3 ? 3.6 : 5.0,
                  board.name(*unit), {}, {}, {}, std::nullopt};
      for (int d = 1; d <= n; ++d)
        if ((digits >> (d - 1)) & 1) step.digits.push_back(d);
      for (std::size_t i = 0; i < unit->cells.size(); ++i) {
        const int cell = unit->cells[i];
        if ((members >> i) & 1) step.cells.push_back(cell);
        else
          for (int d : step.digits)
            if (board.has(cell, d)) step.removed.push_back({cell, d});
      }
      if (step.removed.empty()) return false;
      found = finish(std::move(step));
      return true;
    });
    if (found) return found;
  }
  return std::nullopt;
}

namespace {

std::optional<SeStep> fish_on(const Board& board, int degree, const std::vector<const Unit*>& bases,
                              const std::vector<const Unit*>& covers) {
  const int n = board.size();
  std::optional<SeStep> found;
  any_combination(n, degree, [&](std::span<const int> pick) {
    for (int digit = 1; digit <= n; ++digit) {
      if (board.placed(digit) + 2 * degree > n) continue;
      Mask cover = 0, base = 0;
      bool each_two = true;
      for (int i : pick) {
        const Mask places = board.positions(*bases[static_cast<std::size_t>(i)], digit);
        each_two = each_two && count(places) >= 2;
        cover |= places;
        base |= bit(i);
      }
      if (!each_two || count(cover) != degree) continue;
      SeStep step{degree == 2 ? "X-Wing" : degree == 3 ? "Swordfish" : "Jellyfish",
                  degree == 2 ? 3.2 : degree == 3 ? 3.8 : 5.2, "", {}, {digit}, {}, std::nullopt};
      std::vector<std::string> base_names, cover_names;
      for (int i : pick) base_names.push_back(board.name(*bases[static_cast<std::size_t>(i)]));
      for (int j = 0; j < n; ++j) {
        if (!((cover >> j) & 1)) continue;
        const Unit& line = *covers[static_cast<std::size_t>(j)];
        cover_names.push_back(board.name(line));
        for (int k = 0; k < n; ++k) {
          const int cell = line.cells[static_cast<std::size_t>(k)];
          if (!board.has(cell, digit)) continue;
          if ((base >> k) & 1) step.cells.push_back(cell);
          else step.removed.push_back({cell, digit});
        }
      }
      if (step.removed.empty()) continue;
      step.where = list_words(base_names) + " on " + list_words(cover_names);
      found = finish(std::move(step));
      return true;
    }
    return false;
  });
  return found;
}

}  // namespace

std::optional<SeStep> fish(const Board& board, int degree) {
  if (auto step = fish_on(board, degree, board.columns(), board.rows())) return step;
  return fish_on(board, degree, board.rows(), board.columns());
}

}  // namespace sudokit::se
