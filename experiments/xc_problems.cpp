#include "xc_problems.h"

#include <algorithm>

#include "sudokit/errors.h"

namespace sudokit {

namespace {

inline std::size_t z(int i) { return static_cast<std::size_t>(i); }

void require_positive(int n, const char* what) {
  if (n < 1) throw UsageError(std::string(what) + ": the size must be at least 1, not " + std::to_string(n));
}

void add_items(ExactCover& xc, const std::string& prefix, int from, int to) {
  for (int i = from; i <= to; ++i) xc.items.push_back(prefix + std::to_string(i));
}

// Board cells numbered by their item: -1 for a hole.
struct CellItems {
  explicit CellItems(const Board& board) : cols(board.cols), item(z(board.rows * board.cols), -1) {}
  int& at(Square s) { return item[z(s.row * cols + s.col)]; }
  int cols;
  std::vector<int> item;
};

// Adds the board's cells as primary or secondary items, shorter side first (see the header), and
// returns their item numbers.
CellItems add_cells(ExactCover& xc, const Board& board) {
  if (board.rows < 1 || board.cols < 1)
    throw UsageError("board: " + std::to_string(board.rows) + "x" + std::to_string(board.cols) + " has no cells");
  CellItems cells(board);
  std::vector<char> hole(cells.item.size(), 0);
  for (const Square& h : board.holes) {
    if (h.row < 0 || h.row >= board.rows || h.col < 0 || h.col >= board.cols)
      throw UsageError("board: the hole " + cell_name(h) + " is outside the board");
    hole[z(h.row * board.cols + h.col)] = 1;
  }
  const bool by_column = board.cols > board.rows;
  const int outer = by_column ? board.cols : board.rows, inner = by_column ? board.rows : board.cols;
  for (int a = 0; a < outer; ++a)
    for (int b = 0; b < inner; ++b) {
      const Square s = by_column ? Square{b, a} : Square{a, b};
      if (hole[z(s.row * board.cols + s.col)]) continue;
      cells.at(s) = xc.item_count();
      xc.items.push_back(cell_name(s));
    }
  return cells;
}

}  // namespace

ExactCover n_queens(int n) {
  require_positive(n, "queens");
  ExactCover xc;
  add_items(xc, "R", 1, n);
  add_items(xc, "C", 1, n);
  xc.primary = 2 * n;
  add_items(xc, "A", 2, 2 * n);
  add_items(xc, "B", 1, 2 * n - 1);
  for (int r = 1; r <= n; ++r)
    for (int c = 1; c <= n; ++c)
      xc.options.push_back({r - 1, n + c - 1, 2 * n + (r + c - 2), 2 * n + (2 * n - 1) + (r - c + n - 1)});
  return xc;
}

ExactCover langford(int n) {
  require_positive(n, "langford");
  ExactCover xc;
  add_items(xc, "d", 1, n);
  add_items(xc, "s", 1, 2 * n);
  xc.primary = 3 * n;
  for (int k = 1; k <= n; ++k)
    for (int i = 1; i + k + 1 <= 2 * n; ++i) xc.options.push_back({k - 1, n + i - 1, n + i + k});
  return xc;
}

std::string cell_name(Square cell) {
  return "r" + std::to_string(cell.row + 1) + "c" + std::to_string(cell.col + 1);
}

std::vector<std::vector<Square>> orientations(std::span<const Square> cells) {
  std::vector<std::vector<Square>> out;
  for (int t = 0; t < 8; ++t) {
    std::vector<Square> shape;
    for (Square s : cells) {
      // t & 3 quarter turns, then a reflection when t >= 4.
      Square u = s;
      for (int q = 0; q < (t & 3); ++q) u = {u.col, -u.row};
      if (t >= 4) u.col = -u.col;
      shape.push_back(u);
    }
    int top = shape.empty() ? 0 : shape[0].row, left = shape.empty() ? 0 : shape[0].col;
    for (Square s : shape) top = std::min(top, s.row), left = std::min(left, s.col);
    for (Square& s : shape) s = {s.row - top, s.col - left};
    std::sort(shape.begin(), shape.end());
    if (std::find(out.begin(), out.end(), shape) == out.end()) out.push_back(std::move(shape));
  }
  return out;
}

ExactCover polyomino_packing(std::span<const Polyomino> pieces, const Board& board) {
  ExactCover xc;
  CellItems cells = add_cells(xc, board);
  const int first_piece = xc.item_count();
  for (const Polyomino& p : pieces) {
    if (p.name.empty() || p.name.find_first_of(" \t|:") != std::string::npos)
      throw UsageError("polyomino: '" + p.name + "' is not a usable item name");
    if (p.cells.empty()) throw UsageError("polyomino " + p.name + " has no cells");
    if (std::find(xc.items.begin(), xc.items.end(), p.name) != xc.items.end())
      throw UsageError("polyomino: the name " + p.name + " is used twice (or is a cell's name)");
    xc.items.push_back(p.name);
  }
  xc.primary = xc.item_count();
  for (std::size_t p = 0; p < pieces.size(); ++p)
    for (const auto& shape : orientations(pieces[p].cells))
      for (int dr = 0; dr < board.rows; ++dr)
        for (int dc = 0; dc < board.cols; ++dc) {
          std::vector<int> option{first_piece + static_cast<int>(p)};
          for (Square s : shape) {
            const Square at{s.row + dr, s.col + dc};
            if (at.row >= board.rows || at.col >= board.cols || cells.at(at) < 0) break;
            option.push_back(cells.at(at));
          }
          if (option.size() == shape.size() + 1) xc.options.push_back(std::move(option));
        }
  xc.validate();
  return xc;
}

std::vector<Polyomino> pentominoes() {
  // Each drawn on a 5x5 sheet, '#' for a cell.
  const std::pair<const char*, const char*> drawn[] = {
      {"F", ".##../##.../.#..."}, {"I", "#####"},          {"L", "####./#...."},
      {"N", "##.../.###."},       {"P", "##.../##.../#...."}, {"T", "###../.#.../.#..."},
      {"U", "#.#../###.."},       {"V", "#..../#..../###.."}, {"W", "#..../##.../.##.."},
      {"X", ".#.../###../.#..."}, {"Y", "####./.#..."},    {"Z", "##.../.#.../.##.."}};
  std::vector<Polyomino> out;
  for (auto [name, picture] : drawn) {
    Polyomino p{name, {}};
    int row = 0, col = 0;
    for (const char* c = picture; *c; ++c) {
      if (*c == '/') {
        ++row, col = 0;
        continue;
      }
      if (*c == '#') p.cells.push_back({row, col});
      ++col;
    }
    out.push_back(std::move(p));
  }
  return out;
}

ExactCover pentomino_packing(const Board& board) { return polyomino_packing(pentominoes(), board); }

ExactCover word_placement(int rows, int cols, std::span<const std::string> words) {
  ExactCover xc;
  for (const std::string& w : words) {
    const bool letters = std::all_of(w.begin(), w.end(), [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); });
    if (w.size() < 2 || !letters) throw UsageError("words: '" + w + "' is not a word of 2 or more letters A-Z");
    if (std::find(xc.items.begin(), xc.items.end(), w) != xc.items.end())
      throw UsageError("words: " + w + " is given twice");
    xc.items.push_back(w);
  }
  const int word_count = xc.primary = xc.item_count();
  CellItems cells = add_cells(xc, Board{rows, cols, {}});
  for (int w = 0; w < word_count; ++w) {
    const std::string& word = words[z(w)];
    const int length = static_cast<int>(word.size());
    for (int down = 0; down < 2; ++down)
      for (int r = 0; r + (down ? length : 1) <= rows; ++r)
        for (int c = 0; c + (down ? 1 : length) <= cols; ++c) {
          std::vector<int> option{w}, colours{0};
          for (int k = 0; k < length; ++k) {
            option.push_back(cells.at(down ? Square{r + k, c} : Square{r, c + k}));
            colours.push_back(xc.colour_id(std::string(1, word[z(k)])));
          }
          xc.options.push_back(std::move(option));
          xc.option_colours.push_back(std::move(colours));
        }
  }
  xc.validate();
  return xc;
}

}  // namespace sudokit
