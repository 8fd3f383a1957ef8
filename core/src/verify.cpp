// Deliberately self-contained: rows, columns, boxes and every variant rule are recomputed here from
// the box size and the puzzle's Rules description alone, not taken from Shape's tables, so that
// the verifier shares no tables with the backends.
#include "sudokit/verify.h"

namespace sudokit {

namespace {

std::string name_of(int n, int cell) {
  return "r" + std::to_string(cell / n + 1) + "c" + std::to_string(cell % n + 1);
}

// Checks one group of cells for a repeated digit, appending a violation for each repeat.
void check_group(const Grid& g, const std::vector<int>& cells, const std::string& group, std::vector<Violation>& out) {
  const int n = g.size();
  std::vector<int> first(static_cast<std::size_t>(n) + 1, -1);
  for (int cell : cells) {
    const int v = g[cell];
    if (v < 1 || v > n) continue;  // reported once per cell elsewhere
    int& f = first[static_cast<std::size_t>(v)];
    if (f < 0) {
      f = cell;
    } else {
      out.push_back({Violation::Kind::repeated_digit, cell, f,
                     "digit " + std::to_string(v) + " twice in " + group + ": " + name_of(n, f) + " and " +
                         name_of(n, cell)});
    }
  }
}

// The variant rules, each by its definition in rules.h.
void check_rules(const Rules& rules, const Grid& g, int br, int bc, std::vector<Violation>& out) {
  const int n = br * bc;
  std::vector<int> cells;
  if (rules.jigsaw())
    for (int region = 0; region < n; ++region) {
      cells.clear();
      for (int cell = 0; cell < n * n; ++cell)
        if (rules.regions[static_cast<std::size_t>(cell)] == region) cells.push_back(cell);
      check_group(g, cells, "region " + std::to_string(region + 1), out);
    }
  if (rules.diagonal_main) {
    cells.clear();
    for (int i = 0; i < n; ++i) cells.push_back(i * n + i);
    check_group(g, cells, "the main diagonal", out);
  }
  if (rules.diagonal_anti) {
    cells.clear();
    for (int i = 0; i < n; ++i) cells.push_back((n - 1 - i) * n + i);
    check_group(g, cells, "the anti-diagonal", out);
  }
  if (rules.windoku)
    for (int top = 1; top + br <= n - 1; top += br + 1)
      for (int left = 1; left + bc <= n - 1; left += bc + 1) {
        cells.clear();
        for (int r = top; r < top + br; ++r)
          for (int c = left; c < left + bc; ++c) cells.push_back(r * n + c);
        check_group(g, cells, "the window at " + name_of(n, top * n + left), out);
      }
  if (rules.disjoint_groups)
    for (int dr = 0; dr < br; ++dr)
      for (int dc = 0; dc < bc; ++dc) {
        cells.clear();
        for (int top = 0; top < n; top += br)
          for (int left = 0; left < n; left += bc) cells.push_back((top + dr) * n + left + dc);
        check_group(g, cells, "disjoint group " + std::to_string(dr * bc + dc + 1), out);
      }
  for (std::size_t i = 0; i < rules.extra_regions.size(); ++i)
    check_group(g, rules.extra_regions[i], "extra region " + std::to_string(i + 1), out);
  for (std::size_t i = 0; i < rules.cages.size(); ++i) {
    const Cage& cage = rules.cages[i];
    const std::string name = "cage " + std::to_string(i + 1);
    check_group(g, cage.cells, name, out);
    int total = 0;
    bool complete = true;
    for (int cell : cage.cells) {
      complete = complete && g[cell] >= 1 && g[cell] <= n;
      total += g[cell];
    }
    if (complete && cage.sum != 0 && total != cage.sum)
      out.push_back({Violation::Kind::wrong_sum, cage.cells.front(), -1,
                     name + " sums to " + std::to_string(total) + ", not " + std::to_string(cage.sum)});
  }
  // Chess moves: each pair once, from the cell that comes first.
  std::vector<std::pair<int, int>> moves;
  if (rules.anti_knight) moves.insert(moves.end(), {{1, 2}, {2, 1}, {2, -1}, {1, -2}});
  if (rules.anti_king) moves.insert(moves.end(), {{1, 1}, {1, -1}, {0, 1}, {1, 0}});
  for (int r = 0; r < n; ++r)
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

}  // namespace

std::vector<Violation> verify(const Grid& puzzle, const Grid& solution) {
  std::vector<Violation> out;
  const int br = solution.shape().box_rows(), bc = solution.shape().box_cols();
  const int n = br * bc;
  if (puzzle.shape().box_rows() != br || puzzle.shape().box_cols() != bc ||
      static_cast<int>(solution.values().size()) != n * n) {
    out.push_back({Violation::Kind::shape_mismatch, -1, -1,
                   "the solution is " + solution.shape().name() + ", the puzzle " + puzzle.shape().name()});
    return out;
  }
  for (int cell = 0; cell < n * n; ++cell) {
    const int v = solution[cell];
    if (v == 0) out.push_back({Violation::Kind::blank_cell, cell, -1, name_of(n, cell) + " is blank"});
    else if (v < 0 || v > n)
      out.push_back({Violation::Kind::out_of_range, cell, -1, name_of(n, cell) + " holds " + std::to_string(v)});
    if (puzzle[cell] != 0 && puzzle[cell] != v)
      out.push_back({Violation::Kind::given_changed, cell, -1,
                     name_of(n, cell) + " was given " + std::to_string(puzzle[cell]) + " but holds " +
                         std::to_string(v)});
  }
  std::vector<int> cells(static_cast<std::size_t>(n));
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) cells[static_cast<std::size_t>(c)] = r * n + c;
    check_group(solution, cells, "row " + std::to_string(r + 1), out);
  }
  for (int c = 0; c < n; ++c) {
    for (int r = 0; r < n; ++r) cells[static_cast<std::size_t>(r)] = r * n + c;
    check_group(solution, cells, "column " + std::to_string(c + 1), out);
  }
  const int across = n / bc;
  for (int b = 0; b < n && !puzzle.shape().rules().jigsaw(); ++b) {
    const int top = (b / across) * br, left = (b % across) * bc;
    for (int i = 0; i < n; ++i) cells[static_cast<std::size_t>(i)] = (top + i / bc) * n + left + i % bc;
    check_group(solution, cells, "box " + std::to_string(b + 1), out);
  }
  check_rules(puzzle.shape().rules(), solution, br, bc, out);
  return out;
}

}  // namespace sudokit
