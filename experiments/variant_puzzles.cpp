#include "variant_puzzles.h"

#include <cstdint>
#include <utility>

namespace sudokit {

Grid grid_of_line(ShapePtr shape, const std::string& line) {
  std::vector<std::uint8_t> values;
  for (char c : line) values.push_back(static_cast<std::uint8_t>(c == '.' ? 0 : c - '0'));
  return Grid(std::move(shape), std::move(values));
}

ShapePtr Published::shape() const { return Shape::make(br, bc, rules); }
Grid Published::puzzle() const { return grid_of_line(shape(), givens); }

std::vector<Published> published() {
  std::vector<Published> out;
  {
    // Killer: UK Puzzle Association, https://ukpuzzles.org/file_download.php?fileid=247 (killer
    // 9x9 #1), as transcribed with its solution in lisudoku/lisudoku_solver,
    // src/solver/tests/logical_solver/puzzles/killer_9x9.rs (check_killer_9x9_1_solve). No givens.
    Published p{"killer", "ukpuzzles.org file 247", 3, 3, {}, std::string(81, '.'),
                "632798154478165392195324786724639815813452679569817243346571928981243567257986431"};
    auto cage = [&](int sum, std::vector<std::pair<int, int>> cells) {
      Cage c;
      for (auto [r, col] : cells) c.cells.push_back(r * 9 + col);
      c.sum = sum;
      p.rules.cages.push_back(std::move(c));
    };
    cage(20, {{0, 0}, {0, 1}, {1, 0}, {1, 1}});
    cage(9, {{0, 2}, {0, 3}});
    cage(22, {{1, 2}, {2, 2}, {2, 1}});
    cage(17, {{0, 4}, {1, 4}, {2, 4}});
    cage(9, {{0, 5}, {0, 6}});
    cage(18, {{1, 6}, {2, 6}, {2, 7}});
    cage(20, {{0, 7}, {0, 8}, {1, 7}, {1, 8}});
    cage(8, {{2, 0}, {3, 0}});
    cage(16, {{1, 3}, {2, 3}, {3, 3}, {3, 2}, {3, 1}});
    cage(27, {{1, 5}, {2, 5}, {3, 5}, {3, 6}, {3, 7}});
    cage(11, {{2, 8}, {3, 8}});
    cage(12, {{4, 0}, {4, 1}, {4, 2}});
    cage(22, {{4, 6}, {4, 7}, {4, 8}});
    cage(15, {{3, 4}, {4, 3}, {4, 4}, {4, 5}, {5, 4}});
    cage(8, {{5, 0}, {6, 0}});
    cage(30, {{5, 1}, {5, 2}, {5, 3}, {6, 3}, {7, 3}});
    cage(17, {{5, 7}, {5, 6}, {5, 5}, {6, 5}, {7, 5}});
    cage(11, {{5, 8}, {6, 8}});
    cage(11, {{6, 1}, {6, 2}, {7, 2}});
    cage(24, {{7, 0}, {7, 1}, {8, 0}, {8, 1}});
    cage(16, {{8, 2}, {8, 3}});
    cage(19, {{6, 4}, {7, 4}, {8, 4}});
    cage(10, {{8, 5}, {8, 6}});
    cage(16, {{6, 7}, {6, 6}, {7, 6}});
    cage(17, {{7, 7}, {7, 8}, {8, 7}, {8, 8}});
    out.push_back(std::move(p));
  }
  {
    // Jigsaw: Janko, Chaos Sudoku 108, https://www.janko.at/Raetsel/Sudoku/Chaos/108.a.htm, as
    // transcribed with its solution in SmilingWayne/PuzzleSolver, docs/puzzles/jigsaw_sudoku.md.
    Published p{"jigsaw", "janko.at Chaos Sudoku 108", 3, 3, {},
                "8........"
                "...1....."
                "2.....4.6"
                ".....8..5"
                "...62..18"
                ".3...4.2."
                "...5..1.7"
                "..2......"
                "...8...9.",
                "845279361359162784281395476467918235574623918136754829928536147792481653613847592"};
    const std::string regions =
        "999998888"
        "555998888"
        "555998333"
        "555111333"
        "222111333"
        "222111444"
        "222766444"
        "777766444"
        "777766666";
    for (char c : regions) p.rules.regions.push_back(c - '1');
    out.push_back(std::move(p));
  }
  {
    // Windoku (Hyper Sudoku): pravinthan/HyperSudokuSolver, Test.py, test_One (its README shows
    // the Hyper Sudoku rules: four extra 3x3 windows).
    Published p{"windoku", "HyperSudokuSolver test_One", 3, 3, {},
                "....9.7.."
                ".61....4."
                ".....2..3"
                "..748...."
                ".8....6.."
                "..3...5.."
                "...5..2.."
                "9..1....."
                "5.2....86",
                "834691752261357849759842163627485391185973624493216578348569217976128435512734986"};
    p.rules.windoku = true;
    out.push_back(std::move(p));
  }
  {
    // X (Sudoku-X): UK Puzzle Association, https://ukpuzzles.org/file_download.php?fileid=247
    // (diagonal 9x9 #1), as transcribed with its solution in lisudoku/lisudoku_solver,
    // src/solver/tests/logical_solver/puzzles/diagonal_9x9.rs (check_diagonal_9x9_1_hard_solve).
    // (The Sudopedia Sudoku-X example there leaves rows 1-5 empty, which the textbook row-major
    // backtrack takes minutes over.)
    Published p{"x", "ukpuzzles.org file 247, diagonal", 3, 3, {},
                ".....38.."
                "....47..."
                "6...2...."
                "89......."
                ".23...78."
                ".......36"
                "....3...4"
                "...16...."
                "..78.....",
                "259613847381947265674528913896371452123456789745289136518732694932164578467895321"};
    p.rules.diagonal_main = p.rules.diagonal_anti = true;
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace sudokit
