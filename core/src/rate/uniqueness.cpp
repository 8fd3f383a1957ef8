// Uniqueness techniques (rate.h, SE 4.5-6.2): sound only for a puzzle with one solution.
//
// Unique loops. Cells holding the same two digits a, b that close a loop visiting every unit it
// enters exactly twice (a rectangle over two boxes, or a longer loop) would let a and b swap: a
// second solution. So the loop's cells with other candidates ("extra" cells) cannot all drop
// them: type 1, one extra cell, loses a and b; type 2, extra cells whose only other digit is x,
// make x true in one of them, so every cell seeing them all loses x; type 3, two extra cells
// whose other digits form a naked set with other cells of a unit they share, which the unit's other
// cells lose (or, read the other way, a hidden set of a, b and other digits with the unit's other
// cells; both tried from as many digits as the extra cells hold, as SE 1.2.1 does); type 4, two extra
// cells sharing a unit where a has no other place: one of them is a, so neither is b. Rating 4.5
// for a rectangle, 4.6 for a loop of 6, 4.7 of 8, 5.0 of 10 or more; type 3 adds 0.1 per digit
// of its set past the first. Hints are taken easiest first, then by type, as SE takes them.
//
// BUG (bivalue universal grave): if every empty cell had two candidates and every digit two
// places in each unit, the puzzle would have two solutions. When a few cells break that, and
// removing one extra candidate from each restores it, one of those extras is true: type 1, one
// such cell, keeps only its extra digit (5.6); type 2, cells whose extra is the same digit x, so
// every cell seeing them all loses x (5.7); type 3, their extras make a naked set with other cells
// of a unit they share (5.8-6.2); type 4, two such cells sharing a unit and one more digit (5.7).
#include <algorithm>
#include <optional>
#include <set>
#include <vector>

#include "board.h"

namespace sudokit::se {
namespace {

constexpr std::size_t kLongestLoop = 14;

struct LoopSearch {
  const Board& board;
  int a, b;
  std::vector<std::vector<int>> found;
  std::vector<int> loop;

  // SE's walk (checkForLoops): from each unit of another kind than the last, to each cell holding
  // a and b; up to two cells with other digits, more while those other digits are one. As in
  // SE 1.2.1, the other digits seen pile up over the cells tried from here, not per branch.
  void extend(int cell, int extras_allowed, Mask extra_digits, int last_kind) {
    loop.push_back(cell);
    Mask extras = extra_digits;
    for (int kind = 0; kind < 3; ++kind) {
      if (kind == last_kind) continue;
      for (int next : board.unit_of(kind, cell).cells) {
        if (next == loop.front() && loop.size() >= 4) {
          found.push_back(loop);
          continue;
        }
        if (loop.size() >= kLongestLoop || std::find(loop.begin(), loop.end(), next) != loop.end()) continue;
        const Mask c = board.candidates(next);
        if (!((c >> (a - 1)) & 1) || !((c >> (b - 1)) & 1)) continue;
        extras |= c & ~digit_bit(a) & ~digit_bit(b);
        if (count(c) == 2 || count(extras) == 1 || extras_allowed > 0)
          extend(next, extras_allowed - (count(c) > 2 ? 1 : 0), extras, kind);
      }
    }
    loop.pop_back();
  }

  // Each unit the loop enters is entered by exactly one cell at even and one at odd positions.
  bool valid(const std::vector<int>& cells) const {
    std::set<const Unit*> even, odd;
    for (std::size_t i = 0; i < cells.size(); ++i)
      for (int kind = 0; kind < 3; ++kind)
        if (!(i % 2 ? odd : even).insert(&board.unit_of(kind, cells[i])).second) return false;
    return even == odd;
  }
};

int index_in(const Unit& unit, int cell) {
  return static_cast<int>(std::find(unit.cells.begin(), unit.cells.end(), cell) - unit.cells.begin());
}

double loop_rating(std::size_t cells) {
  double rating = 4.5;
  if (cells >= 10) rating += 0.3;
  if (cells >= 8) rating += 0.2;
  else if (cells >= 6) rating += 0.1;
  return rating;
}

SeStep loop_step(const std::vector<int>& loop, int a, int b, int type, double rating) {
  const std::string name = loop.size() == 4 ? "Unique Rectangle type " : "Unique Loop type ";
  return SeStep{name + std::to_string(type), rating, "", loop, {a, b}, {}, std::nullopt};
}

std::vector<int> seeing_all(const Board& board, const std::vector<int>& cells) {
  std::vector<int> common;
  for (int cell = 0; cell < board.cells(); ++cell)
    if (std::all_of(cells.begin(), cells.end(), [&](int c) { return board.sees(cell, c); })) common.push_back(cell);
  return common;
}

void type2(const Board& board, const std::vector<int>& loop, const std::vector<int>& extra, int a, int b,
           std::vector<std::pair<int, SeStep>>& hints) {
  const int x = lowest(board.candidates(extra.front()) & ~digit_bit(a) & ~digit_bit(b)) + 1;
  SeStep step = loop_step(loop, a, b, 2, loop_rating(loop.size()));
  step.digits.push_back(x);
  for (int cell : seeing_all(board, extra))
    if (board.has(cell, x)) step.removed.push_back({cell, x});
  if (!step.removed.empty()) hints.emplace_back(2, finish(std::move(step)));
}

// Type 3: c1's other digits with k-1 cells of a unit c1 and c2 share make a naked set of k
// digits (SE's search; c1 stands for both). Only cells with 2 to k candidates can take part.
void type3(const Board& board, const std::vector<int>& loop, int c1, int c2, int a, int b,
           std::vector<std::pair<int, SeStep>>& hints) {
  const Mask extra = (board.candidates(c1) | board.candidates(c2)) & ~digit_bit(a) & ~digit_bit(b);
  const int n = board.size();
  const int pair[2] = {c1, c2};
  for (int degree = 2; degree <= std::min(7, n - 2); ++degree) {
    for (int kind = 0; kind < 3; ++kind) {
      const Unit* unit = board.unit_holding(kind, pair);
      if (!unit || degree * 2 > board.empty_cells(*unit) || degree < count(extra)) continue;
      std::vector<int> fits;  // the unit's other cells that could be in a set of `degree`
      for (int cell : unit->cells)
        if (cell != c1 && cell != c2 && count(board.candidates(cell)) >= 2 && count(board.candidates(cell)) <= degree)
          fits.push_back(cell);
      any_combination(static_cast<int>(fits.size()), degree - 1, [&](std::span<const int> pick) {
        Mask naked = extra & board.candidates(c1) & board.candidates(c2), together = extra;
        std::vector<int> others;
        for (int i : pick) {
          const int cell = fits[static_cast<std::size_t>(i)];
          naked |= board.candidates(cell);
          together |= board.candidates(cell);
          others.push_back(cell);
        }
        if (count(naked) != degree || count(together) != degree) return false;
        SeStep step = loop_step(loop, a, b, 3, loop_rating(loop.size()) + 0.1 * (degree - 1));
        step.cells.insert(step.cells.end(), others.begin(), others.end());
        // The set's digits leave the unit's other cells, and only those: SE 1.2.1 looks no further,
        // even when the set's cells also share a box or a line.
        for (int cell : unit->cells) {
          if (cell == c1 || cell == c2 || std::find(others.begin(), others.end(), cell) != others.end()) continue;
          for (int d : digits_of(board.candidates(cell) & together)) step.removed.push_back({cell, d});
        }
        if (!step.removed.empty()) hints.emplace_back(3, finish(std::move(step)));
        return false;
      });
    }
  }
}

// Type 3 with a hidden set: the loop's two digits and k-2 others have, in a unit the two extra
// cells share, no places but c1 (standing for both) and k-1 other cells: those cells lose every
// other digit. Rated as the loop, plus 0.1 per cell past the first (SE's original rating).
void type3_hidden(const Board& board, const std::vector<int>& loop, int c1, int c2, int a, int b,
                  std::vector<std::pair<int, SeStep>>& hints) {
  const Mask extra = (board.candidates(c1) | board.candidates(c2)) & ~digit_bit(a) & ~digit_bit(b);
  const int n = board.size();
  // The digits besides a, b and the extra ones.
  const std::vector<int> rest = digits_of(board.shape().all_digits() & ~extra & ~digit_bit(a) & ~digit_bit(b));
  // From as many digits as the extra cells hold, as SE 1.2.1 does: with three extra digits, a
  // hidden pair of the loop's two digits is not looked for.
  for (int degree = std::max(2, count(extra)); degree <= std::min(7, n - 2); ++degree) {
    for (int kind = 0; kind < 3; ++kind) {
      const int pair[2] = {c1, c2};
      const Unit* unit = board.unit_holding(kind, pair);
      if (!unit || degree * 2 >= board.empty_cells(*unit) || degree - 2 > static_cast<int>(rest.size())) continue;
      const int i1 = index_in(*unit, c1), i2 = index_in(*unit, c2);
      const auto try_digits = [&](std::span<const int> pick) {
        Mask hidden = digit_bit(a) | digit_bit(b), where = 0;
        for (int i : pick) hidden |= digit_bit(rest[static_cast<std::size_t>(i)]);
        for (int d : digits_of(hidden)) {
          const Mask places = board.positions(*unit, d) & ~bit(i2);
          if (places == 0) return false;
          where |= places;
        }
        if (count(where) != degree) return false;
        SeStep step = loop_step(loop, a, b, 3, loop_rating(loop.size()) + 0.1 * (degree - 2));
        step.where = board.name(*unit);
        for (int d : digits_of(hidden & ~digit_bit(a) & ~digit_bit(b))) step.digits.push_back(d);
        for (Mask w = where & ~bit(i1); w; w &= w - 1) {
          const int cell = unit->cells[static_cast<std::size_t>(lowest(w))];
          step.cells.push_back(cell);
          for (int d : digits_of(board.candidates(cell) & ~hidden)) step.removed.push_back({cell, d});
        }
        if (!step.removed.empty()) hints.emplace_back(3, finish(std::move(step)));
        return false;
      };
      if (degree == 2) try_digits({});
      else any_combination(static_cast<int>(rest.size()), degree - 2, try_digits);
    }
  }
}

void type4(const Board& board, const std::vector<int>& loop, int c1, int c2, int a, int b,
           std::vector<std::pair<int, SeStep>>& hints) {
  const Unit *lock_a = nullptr, *lock_b = nullptr;
  const int pair[2] = {c1, c2};
  for (int kind = 0; kind < 3; ++kind) {
    const Unit* unit = board.unit_holding(kind, pair);
    if (!unit) continue;
    bool other_a = false, other_b = false;
    for (int cell : unit->cells) {
      if (cell == c1 || cell == c2) continue;
      other_a = other_a || board.has(cell, a);
      other_b = other_b || board.has(cell, b);
    }
    if (!other_a) lock_a = unit;
    if (!other_b) lock_b = unit;
  }
  if (!lock_a && !lock_b) return;
  const int gone = lock_a ? b : a;
  SeStep step = loop_step(loop, a, b, 4, loop_rating(loop.size()));
  step.where = board.name(lock_a ? *lock_a : *lock_b);
  step.removed = {{c1, gone}, {c2, gone}};
  hints.emplace_back(4, finish(std::move(step)));
}

void classify(const Board& board, const std::vector<int>& loop, int a, int b, std::vector<std::pair<int, SeStep>>& hints) {
  std::vector<int> extra;
  for (int cell : loop)
    if (count(board.candidates(cell)) > 2) extra.push_back(cell);
  if (extra.size() == 1) {
    SeStep step = loop_step(loop, a, b, 1, loop_rating(loop.size()));
    step.removed = {{extra[0], a}, {extra[0], b}};
    hints.emplace_back(1, finish(std::move(step)));
  } else if (extra.size() > 2) {
    type2(board, loop, extra, a, b, hints);
  } else if (extra.size() == 2) {
    const Mask others = (board.candidates(extra[0]) | board.candidates(extra[1])) & ~digit_bit(a) & ~digit_bit(b);
    if (count(others) == 1) {
      type2(board, loop, extra, a, b, hints);
    } else if (count(others) >= 2) {
      type3(board, loop, extra[0], extra[1], a, b, hints);
      type3_hidden(board, loop, extra[0], extra[1], a, b, hints);
    }
    type4(board, loop, extra[0], extra[1], a, b, hints);
  }
}

}  // namespace

std::optional<SeStep> unique_loop(const Board& board) {
  std::vector<std::pair<int, SeStep>> hints;  // (type, step)
  std::set<std::vector<int>> seen;            // loops classified: their cells sorted, then a, b
  for (int cell = 0; cell < board.cells(); ++cell) {
    const Mask c = board.candidates(cell);
    if (count(c) != 2) continue;
    LoopSearch search{board, lowest(c) + 1, lowest(c & (c - 1)) + 1, {}, {}};
    search.extend(cell, 2, 0, -1);
    for (const auto& loop : search.found) {
      // A loop of L cells is found from each of them both ways: classify it once (SE keeps one hint).
      std::vector<int> key(loop);
      std::sort(key.begin(), key.end());
      key.push_back(search.a);
      key.push_back(search.b);
      if (search.valid(loop) && seen.insert(std::move(key)).second) classify(board, loop, search.a, search.b, hints);
    }
  }
  const auto easier = [](const std::pair<int, SeStep>& x, const std::pair<int, SeStep>& y) {
    if (x.second.difficulty != y.second.difficulty) return x.second.difficulty < y.second.difficulty;
    return x.first < y.first;
  };
  const auto best = std::min_element(hints.begin(), hints.end(), easier);
  if (best == hints.end()) return std::nullopt;
  return best->second;
}

namespace {

// What breaks the grave: the cells with extra candidates and, per cell, the extra digits.
struct Grave {
  std::vector<int> cells;
  std::vector<Mask> extras;  // per cell of `cells`
  Mask all_extras = 0;
  std::optional<std::vector<int>> seeing_all;  // cells that see every one of `cells`
};

// The grave's breakers, SE's way (units box, row, column; a digit with other than 0 or 2 places
// that only one cell of 3+ candidates can take is that cell's extra); none when it is not one.
std::optional<Grave> find_grave(const Board& board, const std::vector<const Unit*>& units) {
  const int n = board.size();
  std::vector<Mask> left(static_cast<std::size_t>(board.cells()));
  for (int cell = 0; cell < board.cells(); ++cell) left[static_cast<std::size_t>(cell)] = board.candidates(cell);
  Grave g;
  for (const Unit* unit : units) {
    for (int digit = 1; digit <= n; ++digit) {
      const Mask places = board.positions(*unit, digit);
      if (count(places) == 0 || count(places) == 2) continue;
      std::vector<int> wide = cells_at(*unit, places);  // the places of 3 or more candidates
      std::erase_if(wide, [&](int cell) { return count(board.candidates(cell)) < 3; });
      if (wide.empty()) return std::nullopt;
      if (wide.size() != 1) continue;
      const int cell = wide[0];
      auto at = std::find(g.cells.begin(), g.cells.end(), cell);
      if (at == g.cells.end()) {
        g.cells.push_back(cell);
        g.extras.push_back(0);
        at = g.cells.end() - 1;
      }
      g.extras[static_cast<std::size_t>(at - g.cells.begin())] |= digit_bit(digit);
      g.all_extras |= digit_bit(digit);
      left[static_cast<std::size_t>(cell)] &= ~digit_bit(digit);
      std::vector<int> seen;
      for (int other : board.shape().peers_of(cell))
        if (!g.seeing_all || std::find(g.seeing_all->begin(), g.seeing_all->end(), other) != g.seeing_all->end())
          seen.push_back(other);
      std::erase_if(seen, [&](int c) { return std::find(g.cells.begin(), g.cells.end(), c) != g.cells.end(); });
      g.seeing_all = std::move(seen);
      if (g.cells.size() > 1 && count(g.all_extras) > 1 && g.seeing_all->empty()) return std::nullopt;
    }
  }
  for (int cell = 0; cell < board.cells(); ++cell)
    if (board.value(cell) == 0 && count(left[static_cast<std::size_t>(cell)]) != 2) return std::nullopt;
  for (const Unit* unit : units)
    for (int digit = 1; digit <= n; ++digit) {
      int places = 0;
      for (int cell : unit->cells) places += (left[static_cast<std::size_t>(cell)] >> (digit - 1)) & 1;
      if (places != 0 && places != 2) return std::nullopt;
    }
  if (g.cells.empty()) return std::nullopt;
  return g;
}

// Type 4: two breakers in one unit sharing one digit besides their extras: one of them is its
// extra, so neither is anything but its extra or that digit.
std::optional<SeStep> grave_type4(const Board& board, const Grave& g) {
  const int c1 = g.cells[0], c2 = g.cells[1];
  const Mask common = board.candidates(c1) & board.candidates(c2) & ~g.all_extras;
  if (count(common) != 1) return std::nullopt;
  for (int kind = 0; kind < 3; ++kind) {
    const Unit* unit = board.unit_holding(kind, g.cells);
    if (!unit) continue;
    SeStep step{"BUG type 4", 5.7, board.name(*unit), g.cells, digits_of(g.all_extras | common), {}, std::nullopt};
    for (std::size_t i = 0; i < 2; ++i) {
      const int cell = g.cells[i];
      for (int d : digits_of(board.candidates(cell) & ~g.extras[i] & ~common)) step.removed.push_back({cell, d});
    }
    return finish(std::move(step));
  }
  return std::nullopt;
}

// Type 3: the breakers' extras, with k-1 cells of a unit they share, make a naked set of k digits:
// the unit's other cells lose them (5.7 + 0.1 per digit past the first).
std::optional<SeStep> grave_type3(const Board& board, const Grave& g) {
  for (int kind = 0; kind < 3; ++kind) {
    const Unit* unit = board.unit_holding(kind, g.cells);
    if (!unit) continue;
    std::vector<int> around;  // cells of the unit that see every breaker
    for (int cell : *g.seeing_all)
      if (board.contains(*unit, cell)) around.push_back(cell);
    for (int degree = 2; degree <= 6; ++degree) {
      if (static_cast<int>(around.size()) < degree) continue;
      std::optional<SeStep> found;
      any_combination(static_cast<int>(around.size()), degree - 1, [&](std::span<const int> pick) {
        Mask naked = 0;
        bool each_two = count(g.all_extras) >= 2;
        std::vector<int> members;
        for (int i : pick) {
          const Mask c = board.candidates(around[static_cast<std::size_t>(i)]);
          each_two = each_two && count(c) >= 2;
          naked |= c;
          members.push_back(around[static_cast<std::size_t>(i)]);
        }
        if (count(naked) != degree || !each_two || count(naked | g.all_extras) != degree) return false;
        SeStep step{"BUG type 3", 5.7 + 0.1 * (degree - 1), board.name(*unit), g.cells, digits_of(naked),
                    {}, std::nullopt};
        step.cells.insert(step.cells.end(), members.begin(), members.end());
        for (int cell : around) {
          if (std::find(members.begin(), members.end(), cell) != members.end()) continue;
          for (int d : digits_of(board.candidates(cell) & naked)) step.removed.push_back({cell, d});
        }
        if (step.removed.empty()) return false;
        found = finish(std::move(step));
        return true;
      });
      if (found) return found;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<SeStep> bivalue_universal_grave(const Board& board) {
  std::vector<const Unit*> units(board.boxes());
  units.insert(units.end(), board.rows().begin(), board.rows().end());
  units.insert(units.end(), board.columns().begin(), board.columns().end());
  const std::optional<Grave> g = find_grave(board, units);
  if (!g) return std::nullopt;
  if (g->cells.size() == 1) {
    SeStep step{"BUG type 1", 5.6, "", g->cells, digits_of(g->all_extras), {}, std::nullopt};
    for (int d : digits_of(board.candidates(g->cells[0]) & ~g->all_extras)) step.removed.push_back({g->cells[0], d});
    return finish(std::move(step));
  }
  if (count(g->all_extras) == 1) {
    const int x = lowest(g->all_extras) + 1;
    SeStep step{"BUG type 2", 5.7, "", g->cells, {x}, {}, std::nullopt};
    for (int cell : g->seeing_all.value_or(std::vector<int>{}))
      if (board.has(cell, x)) step.removed.push_back({cell, x});
    if (!step.removed.empty()) return finish(std::move(step));
    return g->cells.size() == 2 ? grave_type4(board, *g) : std::nullopt;
  }
  if (!g->seeing_all || g->seeing_all->empty()) return std::nullopt;
  if (g->cells.size() == 2)
    if (auto step = grave_type4(board, *g)) return step;
  return grave_type3(board, *g);
}

}  // namespace sudokit::se
