// Subsets and fish (rate.h, SE 2.0-5.4).
//
// A naked set: k cells of a unit whose candidates together are k digits; the unit's other cells
// lose those digits (pair 3.0, triple 3.6, quad 5.0). A hidden set: k digits whose places in a
// unit are k cells; those cells lose every other digit (pair 3.4, triple 4.0, quad 5.4; "direct",
// 2.0 and 2.5, when that leaves a hidden single in the unit: the step places it, and only it).
// A fish: a digit whose places in k base lines (columns, then rows) lie in k cover lines; the
// cover lines' other cells lose it (X-wing 3.2, swordfish 3.8, jellyfish 5.2). As in SE, each member of a set
// must have two or more candidates (places), a naked set is sought in units with at least 2k
// empty cells, a hidden one in units with more than 2k (direct: more than k), and a fish only for
// a digit placed at most n - 2k times.
#include <algorithm>
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
  SeStep step{std::string(direct ? "Direct Hidden " : "Hidden ") + set_word(degree), 0, board.name(unit),
              cells_at(unit, where), digits_of(digits), {}, std::nullopt};
  for (int cell : step.cells)
    for (int d : digits_of(board.candidates(cell) & ~digits)) step.removed.push_back({cell, d});
  if (!direct) {
    if (step.removed.empty()) return std::nullopt;
    step.difficulty = degree == 2 ? 3.4 : degree == 3 ? 4.0 : 5.4;
    return finish(std::move(step));
  }
  for (int d : digits_of(board.shape().all_digits() & ~digits)) {
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
  for (const Unit* unit : board.boxes_columns_rows()) {
    const int empty = board.empty_cells(*unit);
    if (!(empty > 2 * degree || (direct && empty > degree))) continue;
    std::vector<int> fits;  // digits with 2 to `degree` places: only they can be in the set
    for (int d = 1; d <= board.size(); ++d)
      if (const int k = count(board.positions(*unit, d)); k >= 2 && k <= degree) fits.push_back(d);
    std::optional<SeStep> found;
    any_combination(static_cast<int>(fits.size()), degree, [&](std::span<const int> pick) {
      Mask where = 0, digits = 0;
      for (int i : pick) {
        const int d = fits[static_cast<std::size_t>(i)];
        where |= board.positions(*unit, d);
        digits |= digit_bit(d);
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
  for (const Unit* unit : board.boxes_columns_rows()) {
    if (board.empty_cells(*unit) < 2 * degree) continue;
    std::vector<int> fits;  // cells with 2 to `degree` candidates: only they can be in the set
    for (int cell : unit->cells)
      if (const int k = count(board.candidates(cell)); k >= 2 && k <= degree) fits.push_back(cell);
    std::optional<SeStep> found;
    any_combination(static_cast<int>(fits.size()), degree, [&](std::span<const int> pick) {
      Mask digits = 0;
      std::vector<int> members;
      for (int i : pick) {
        members.push_back(fits[static_cast<std::size_t>(i)]);
        digits |= board.candidates(members.back());
      }
      if (count(digits) != degree) return false;
      SeStep step{std::string("Naked ") + set_word(degree), degree == 2 ? 3.0 : degree == 3 ? 3.6 : 5.0,
                  board.name(*unit), members, digits_of(digits), {}, std::nullopt};
      for (int cell : unit->cells)
        if (std::find(members.begin(), members.end(), cell) == members.end())
          for (int d : step.digits)
            if (board.has(cell, d)) step.removed.push_back({cell, d});
      if (step.removed.empty()) return false;
      found = finish(std::move(step));
      return true;
    });
    if (found) return found;
  }
  return std::nullopt;
}

namespace {

// The fish on `digit` in `pick` (indices of base lines), or none when it removes nothing.
std::optional<SeStep> fish_step(const Board& board, int degree, const std::vector<const Unit*>& bases,
                                const std::vector<const Unit*>& covers, std::span<const int> pick, int digit) {
  Mask cover = 0, base = 0;
  for (int i : pick) {
    cover |= board.positions(*bases[static_cast<std::size_t>(i)], digit);
    base |= bit(i);
  }
  if (count(cover) != degree) return std::nullopt;
  SeStep step{degree == 2 ? "X-Wing" : degree == 3 ? "Swordfish" : "Jellyfish", degree == 2 ? 3.2 : degree == 3 ? 3.8 : 5.2,
              "", {}, {digit}, {}, std::nullopt};
  std::vector<std::string> base_names, cover_names;
  for (int i : pick) base_names.push_back(board.name(*bases[static_cast<std::size_t>(i)]));
  for (int j = 0; j < board.size(); ++j) {
    if (!((cover >> j) & 1)) continue;
    const Unit& line = *covers[static_cast<std::size_t>(j)];
    cover_names.push_back(board.name(line));
    for (int k = 0; k < board.size(); ++k) {
      const int cell = line.cells[static_cast<std::size_t>(k)];
      if (!board.has(cell, digit)) continue;
      if ((base >> k) & 1) step.cells.push_back(cell);
      else step.removed.push_back({cell, digit});
    }
  }
  if (step.removed.empty()) return std::nullopt;
  step.where = list_words(base_names) + " on " + list_words(cover_names);
  return finish(std::move(step));
}

// SE takes the first set of base lines (in order) that makes a fish of some digit, and the
// smallest digit for it: the same as the smallest (lines, digit) over each digit's first fish,
// found among the lines where the digit has 2 to `degree` places.
std::optional<SeStep> fish_on(const Board& board, int degree, const std::vector<const Unit*>& bases,
                              const std::vector<const Unit*>& covers) {
  const int n = board.size();
  std::optional<SeStep> best;
  std::vector<int> best_lines;
  for (int digit = 1; digit <= n; ++digit) {
    if (board.placed(digit) + 2 * degree > n) continue;
    std::vector<int> fits;
    for (int i = 0; i < n; ++i)
      if (const int k = count(board.positions(*bases[static_cast<std::size_t>(i)], digit)); k >= 2 && k <= degree)
        fits.push_back(i);
    any_combination(static_cast<int>(fits.size()), degree, [&](std::span<const int> pick) {
      std::vector<int> lines;
      for (int i : pick) lines.push_back(fits[static_cast<std::size_t>(i)]);
      if (best && !(lines < best_lines)) return true;  // no earlier set of lines for this digit
      auto step = fish_step(board, degree, bases, covers, lines, digit);
      if (!step) return false;
      best = std::move(step);
      best_lines = std::move(lines);
      return true;
    });
  }
  return best;
}

}  // namespace

std::optional<SeStep> fish(const Board& board, int degree) {
  if (auto step = fish_on(board, degree, board.columns(), board.rows())) return step;
  return fish_on(board, degree, board.rows(), board.columns());
}

}  // namespace sudokit::se
