// Exact-cover problems other than Sudoku, for tests and experiments: N queens, Langford pairs,
// polyomino packing (the pentominoes among them) and a coloured one, words placed in a grid.
// Each returns a validated sudokit::ExactCover (core's sudokit/exact_cover.h); `sudokit-xcgen`
// writes them as DLX files, and docs/exact-cover.md lists their items, options and counts.
//
// Counting convention: every solution counts, symmetric copies included. Nothing is removed to
// break a symmetry (Knuth often fixes one piece to do so; these generators do not), so the counts
// are those of the literature's "up to symmetry" numbers times the symmetries: Langford pairs
// count each sequence and its reversal, the 6x10 pentomino rectangle has 4 * 2339 = 9356 tilings.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "sudokit/exact_cover.h"

namespace sudokit {

// N queens on an N x N board: rows "R1".."RN" and columns "C1".."CN" primary, diagonals
// "A2".."A2N" (row + column) and "B1".."B2N-1" (row - column + N) secondary; one option per
// square, "Rr Cc Ar+c Br-c+N". OEIS A000170: 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200.
ExactCover n_queens(int n);

// Langford pairs: two copies of each k = 1..n in 2n slots, k numbers between the two copies of k.
// Items "d1".."dn" and "s1".."s2n", all primary; options "dk si sj" with j = i + k + 1. Solutions
// (a sequence and its reversal both count): 2 * OEIS A014552, so n = 3, 4, 7, 8, 11: 2, 2, 52,
// 300, 35584; none when n = 1 or 2 (mod 4).
ExactCover langford(int n);

// A cell of a board or a piece, rows and columns from 0.
struct Square {
  int row, col;
  friend bool operator==(const Square&, const Square&) = default;
  friend auto operator<=>(const Square&, const Square&) = default;
};

// A piece: its name (the item of the piece, so no ':' or '|' and no spaces) and its cells in any
// position; every rotation and reflection of it is placed.
struct Polyomino {
  std::string name;
  std::vector<Square> cells;
};

// A rectangle of rows x cols cells less the holes.
struct Board {
  int rows = 0, cols = 0;
  std::vector<Square> holes;
};

// The distinct rotations and reflections of `cells` (at most 8), each shifted to row 0 and
// column 0 and sorted.
std::vector<std::vector<Square>> orientations(std::span<const Square> cells);

// The name of a board cell in the packing problems: "r3c12" (row 3, column 12, from 1).
std::string cell_name(Square cell);

// Packs every piece once into the board, covering every cell: the cells (named by cell_name) then
// the pieces, all primary; one option per piece, orientation and position that fits, "P r1c1 r1c2
// ...". The cells are listed along the board's shorter side first (column by column when the
// board is wider than tall), so that a method taking the first open item, such as the backtrack
// backend, fills the board from one end. Throws UsageError for an empty or repeated piece name,
// a piece without cells, a bad board size or a hole outside the board.
ExactCover polyomino_packing(std::span<const Polyomino> pieces, const Board& board);

// The 12 free pentominoes, named by Conway's letters F I L N P T U V W X Y Z.
std::vector<Polyomino> pentominoes();

// The 12 pentominoes in a rows x cols rectangle (less `holes`). Tilings counted with every
// symmetric copy: 3x20: 8, 4x15: 1472, 5x12: 4040, 6x10: 9356; 8x8 less the centre 2x2: 520.
ExactCover pentomino_packing(const Board& board);

// Words placed in a rows x cols grid, across (left to right) or down (top to bottom), each word
// once; two words may cross or overlap only where they put the same letter. Exact cover with
// colours: each word is a primary item (named by the word), each cell a secondary item
// ("r1c2", as above) coloured by the letter put there; option "TEA r2c1:T r2c2:E r2c3:A".
// Throws UsageError for a word that is not 2 or more letters A-Z/a-z, a word given twice, or a
// bad grid size.
ExactCover word_placement(int rows, int cols, std::span<const std::string> words);

}  // namespace sudokit
