// Cost of the variant rules per backend: nodes and time to solve (and prove unique) the
// published variant puzzles of tests/test_variants.cpp and a classic puzzle made here (a grid
// from the fastest backend, clues removed at random while the puzzle stays unique). Prints a Markdown table for docs/encodings.md.
//   sudokit-variant-cost [REPEATS]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <span>
#include <vector>

#include "sudokit/format.h"
#include "sudokit/generate.h"
#include "sudokit/registry.h"
#include "sudokit/verify.h"

using namespace sudokit;

namespace {

struct Published {
  std::string name, source;
  int br, bc;
  Rules rules;
  std::string givens, solution;  // 81 characters, '.' blank
};

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


std::vector<int> digits_of(const std::string& line) {
  std::vector<int> out;
  for (char c : line) out.push_back(c == '.' ? 0 : c - '0');
  return out;
}

Grid grid_of(const ShapePtr& shape, const std::vector<int>& values) {
  return Grid(shape, std::vector<std::uint8_t>(values.begin(), values.end()));
}

// A unique puzzle of `rules` on 9x9: the fastest backend's first grid, digits relabelled at
// random, then clues removed in random order while exactly one solution remains.
Grid make_puzzle(const Rules& rules, std::uint64_t seed) {
  const auto shape = Shape::make(3, 3, rules);
  auto checker = builtin_solvers().create(builtin_solvers().fastest(ProblemKind::sudoku));
  Random random(seed);
  Limits one;
  const Grid first = checker->solve(Grid(shape), one).solutions.at(0);
  std::vector<int> names{1, 2, 3, 4, 5, 6, 7, 8, 9};
  random.shuffle(std::span<int>(names));
  Grid puzzle(shape);
  for (int cell = 0; cell < 81; ++cell) puzzle.set(cell, names[static_cast<std::size_t>(first[cell] - 1)]);
  std::vector<int> order(81);
  for (int i = 0; i < 81; ++i) order[static_cast<std::size_t>(i)] = i;
  random.shuffle(std::span<int>(order));
  Limits two;
  two.solutions = 2;
  for (int cell : order) {
    const int keep = puzzle[cell];
    puzzle.set(cell, 0);
    if (checker->solve(puzzle, two).count != 1) puzzle.set(cell, keep);
  }
  return puzzle;
}

}  // namespace

int main(int argc, char** argv) {
  const int repeats = argc > 1 ? std::atoi(argv[1]) : 5;
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  std::vector<std::pair<std::string, Grid>> puzzles;
  for (const Published& p : published())
    puzzles.emplace_back(p.name + " (" + p.source + ")", grid_of(Shape::make(p.br, p.bc, p.rules), digits_of(p.givens)));
  puzzles.emplace_back("classic (made here, seed 1)", make_puzzle(Rules{}, 1));
  std::printf("| puzzle | givens | backend | nodes | median ms |\n|---|---|---|---|---|\n");
  for (const auto& [name, puzzle] : puzzles) {
    for (const std::string& backend : builtin_solvers().names(ProblemKind::sudoku)) {
      auto solver = builtin_solvers().create(backend);
      Limits two;
      two.solutions = 2;
      std::vector<double> ms;
      Result r;
      for (int i = 0; i < repeats; ++i) {
        const auto start = std::chrono::steady_clock::now();
        r = solver->solve(puzzle, two);
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
      }
      std::sort(ms.begin(), ms.end());
      const bool ok = r.count == 1 && is_solution(puzzle, r.solutions.at(0));
      std::printf("| %s | %d | %s | %llu | %.3f%s |\n", name.c_str(), puzzle.givens(), backend.c_str(),
                  static_cast<unsigned long long>(r.stats.nodes), ms[ms.size() / 2], ok ? "" : " (WRONG)");
    }
  }
  return 0;
}
