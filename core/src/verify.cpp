// Deliberately self-contained: rows, columns and boxes are recomputed here from the box size alone,
// not taken from Shape::units(), so that the verifier shares no tables with the backends.
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
  for (int b = 0; b < n; ++b) {
    const int top = (b / across) * br, left = (b % across) * bc;
    for (int i = 0; i < n; ++i) cells[static_cast<std::size_t>(i)] = (top + i / bc) * n + left + i % bc;
    check_group(solution, cells, "box " + std::to_string(b + 1), out);
  }
  // Extra units (diagonals, regions) exist only in the shape's list; check them from there.
  for (const Unit& u : solution.shape().units())
    if (u.kind == UnitKind::extra) check_group(solution, u.cells, "unit " + std::to_string(u.index + 1), out);
  return out;
}

}  // namespace sudokit
