// Deliberately self-contained: rows, columns, boxes and every variant rule are recomputed here from
// the box size and the puzzle's Rules description alone, not taken from Shape's tables, so that
// the verifier shares no tables with the backends.
//
// Every answer any backend returns passes through here (Solver::solve), so the path where nothing
// is wrong allocates nothing: a group is checked with a bit mask of the digits seen, and the names
// that a message needs ("row 3", "r3c4") are built only once a violation is found.
#include "sudokit/verify.h"

#include <array>
#include <cstdint>

namespace sudokit {

namespace {

std::string name_of(int n, int cell) {
  return "r" + std::to_string(cell / n + 1) + "c" + std::to_string(cell % n + 1);
}

// Checks one group of cells for a repeated digit, appending a violation for each repeat. `cell_at(i)`
// is the group's i-th cell; `group` names it, called only when there is something to report.
// `whole`: every cell of the grid holds a digit 1..n (checked before), so a group of n cells is
// right exactly when their digits together make all n: one OR a cell, no test on the data.
template <class CellAt, class Name>
void check_group(const Grid& g, int count, CellAt cell_at, Name group, std::vector<Violation>& out, bool whole = false) {
  const int n = g.size();
  if (whole && count == n) {
    std::uint64_t digits = 0;
    for (int i = 0; i < count; ++i) digits |= std::uint64_t{1} << (g[cell_at(i)] - 1);
    if (digits == (n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1)) return;
  }
  std::uint64_t seen = 0;  // bit v-1: digit v met in this group (n <= 64)
  bool repeated = false;
  for (int i = 0; i < count; ++i) {
    const int v = g[cell_at(i)];
    if (v < 1 || v > n) continue;  // reported once per cell elsewhere
    const std::uint64_t bit = std::uint64_t{1} << (v - 1);
    repeated |= (seen & bit) != 0;
    seen |= bit;
  }
  if (!repeated) return;
  // The slow path, for the report: each repeat with the cell that held the digit first.
  std::vector<int> first(static_cast<std::size_t>(n) + 1, -1);
  const std::string name = group();
  for (int i = 0; i < count; ++i) {
    const int cell = cell_at(i), v = g[cell];
    if (v < 1 || v > n) continue;
    int& f = first[static_cast<std::size_t>(v)];
    if (f < 0) f = cell;
    else
      out.push_back({Violation::Kind::repeated_digit, cell, f,
                     "digit " + std::to_string(v) + " twice in " + name + ": " + name_of(n, f) + " and " + name_of(n, cell)});
  }
}

// Where the i-th cell of a box lies from the box's top-left cell, for i < n: worked out once per
// grid, since a division per cell read cost more than the rest of the check (a fifth of an easy
// puzzle's solve with the fastest backend, measured).
struct BoxOffsets {
  BoxOffsets(int br, int bc) {
    const int n = br * bc;
    for (int i = 0; i < n; ++i) at[static_cast<std::size_t>(i)] = (i / bc) * n + i % bc;
  }
  int operator()(int i) const { return at[static_cast<std::size_t>(i)]; }
  std::array<int, 64> at{};  // n <= 64
};

template <class Name>
void check_list(const Grid& g, const std::vector<int>& cells, Name group, std::vector<Violation>& out) {
  check_group(g, static_cast<int>(cells.size()), [&](int i) { return cells[static_cast<std::size_t>(i)]; }, group, out);
}

// The variant rules, each by its definition in rules.h. `complete`: a cage's sum is checked (a
// partial grid's cage may still be short of it).
void check_rules(const Rules& rules, const Grid& g, int br, int bc, const BoxOffsets& box, bool complete,
                 std::vector<Violation>& out) {
  const int n = br * bc;
  if (rules.jigsaw()) {
    std::vector<int> cells;
    for (int region = 0; region < n; ++region) {
      cells.clear();
      for (int cell = 0; cell < n * n; ++cell)
        if (rules.regions[static_cast<std::size_t>(cell)] == region) cells.push_back(cell);
      check_list(g, cells, [&] { return "region " + std::to_string(region + 1); }, out);
    }
  }
  if (rules.diagonal_main) check_group(g, n, [&](int i) { return i * n + i; }, [] { return std::string("the main diagonal"); }, out);
  if (rules.diagonal_anti)
    check_group(g, n, [&](int i) { return (n - 1 - i) * n + i; }, [] { return std::string("the anti-diagonal"); }, out);
  if (rules.windoku)
    for (int top = 1; top + br <= n - 1; top += br + 1)
      for (int left = 1; left + bc <= n - 1; left += bc + 1)
        check_group(g, n, [&](int i) { return top * n + left + box(i); },
                    [&] { return "the window at " + name_of(n, top * n + left); }, out);
  if (rules.disjoint_groups)
    for (int dr = 0; dr < br; ++dr)
      for (int dc = 0; dc < bc; ++dc)
        check_group(g, n, [&](int i) { return ((i / (n / bc)) * br + dr) * n + (i % (n / bc)) * bc + dc; },
                    [&] { return "disjoint group " + std::to_string(dr * bc + dc + 1); }, out);
  for (std::size_t i = 0; i < rules.extra_regions.size(); ++i)
    check_list(g, rules.extra_regions[i], [&] { return "extra region " + std::to_string(i + 1); }, out);
  for (std::size_t i = 0; i < rules.cages.size(); ++i) {
    const Cage& cage = rules.cages[i];
    check_list(g, cage.cells, [&] { return "cage " + std::to_string(i + 1); }, out);
    int total = 0;
    bool full = true;
    for (int cell : cage.cells) {
      full = full && g[cell] >= 1 && g[cell] <= n;
      total += g[cell];
    }
    if ((complete || full) && cage.sum != 0 && total != cage.sum)
      out.push_back({Violation::Kind::wrong_sum, cage.cells.front(), -1,
                     "cage " + std::to_string(i + 1) + " sums to " + std::to_string(total) + ", not " + std::to_string(cage.sum)});
  }
  // Chess moves: each pair once, from the cell that comes first.
  std::vector<std::pair<int, int>> moves;
  if (rules.anti_knight) moves.insert(moves.end(), {{1, 2}, {2, 1}, {2, -1}, {1, -2}});
  if (rules.anti_king) moves.insert(moves.end(), {{1, 1}, {1, -1}, {0, 1}, {1, 0}});
  for (int r = 0; r < n && !moves.empty(); ++r)
    for (int c = 0; c < n; ++c)
      for (auto [dr, dc] : moves) {
        const int r2 = r + dr, c2 = c + dc;
        if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n) continue;
        const int a = r * n + c, b = r2 * n + c2;
        if (g[a] >= 1 && g[a] == g[b])
          out.push_back({Violation::Kind::repeated_digit, b, a,
                         "digit " + std::to_string(g[a]) + " a " + (dr == 2 || dc == 2 || dc == -2 ? "knight" : "king") +
                             "'s move apart: " + name_of(n, a) + " and " + name_of(n, b)});
      }
}

std::vector<Violation> check(const Grid& puzzle, const Grid& solution, bool complete) {
  std::vector<Violation> out;
  const int br = solution.shape().box_rows(), bc = solution.shape().box_cols();
  const int n = br * bc;
  if (puzzle.shape().box_rows() != br || puzzle.shape().box_cols() != bc ||
      static_cast<int>(solution.values().size()) != n * n || static_cast<int>(puzzle.values().size()) != n * n) {
    out.push_back({Violation::Kind::shape_mismatch, -1, -1,
                   "the solution is " + solution.shape().grid_name() + ", the puzzle " + puzzle.shape().grid_name()});
    return out;
  }
  // Whether any cell is blank (when that matters), out of range or not its given, in one pass
  // with no branch on the data, so that the messages below are built only when one is.
  const std::uint8_t* values = solution.values().data();
  const std::uint8_t* givens = puzzle.values().data();
  bool suspect = false;
  for (int cell = 0; cell < n * n; ++cell) {
    const int v = values[cell], given = givens[cell];
    suspect |= (complete && v == 0) | (v > n) | (given != 0 && given != v);
  }
  for (int cell = 0; cell < n * n && suspect; ++cell) {
    const int v = solution[cell];
    if (v == 0) {
      if (complete) out.push_back({Violation::Kind::blank_cell, cell, -1, name_of(n, cell) + " is blank"});
    } else if (v < 0 || v > n) {
      out.push_back({Violation::Kind::out_of_range, cell, -1, name_of(n, cell) + " holds " + std::to_string(v)});
    }
    if (puzzle[cell] != 0 && puzzle[cell] != v)
      out.push_back({Violation::Kind::given_changed, cell, -1,
                     name_of(n, cell) + " was given " + std::to_string(puzzle[cell]) + " but holds " + std::to_string(v)});
  }
  const bool whole = complete && !suspect;
  for (int r = 0; r < n; ++r)
    check_group(solution, n, [&](int i) { return r * n + i; }, [&] { return "row " + std::to_string(r + 1); }, out, whole);
  for (int c = 0; c < n; ++c)
    check_group(solution, n, [&](int i) { return i * n + c; }, [&] { return "column " + std::to_string(c + 1); }, out,
                whole);
  const int across = n / bc;
  const BoxOffsets box(br, bc);
  for (int b = 0; b < n && !puzzle.shape().rules().jigsaw(); ++b) {
    const int corner = (b / across) * br * n + (b % across) * bc;
    check_group(solution, n, [&](int i) { return corner + box(i); }, [&] { return "box " + std::to_string(b + 1); }, out,
                whole);
  }
  check_rules(puzzle.shape().rules(), solution, br, bc, box, complete, out);
  return out;
}

}  // namespace

std::vector<Violation> verify(const Grid& puzzle, const Grid& solution) { return check(puzzle, solution, true); }

std::vector<Violation> verify_partial(const Grid& puzzle, const Grid& partial) { return check(puzzle, partial, false); }

}  // namespace sudokit
