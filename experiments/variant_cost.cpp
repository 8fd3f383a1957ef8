// Cost of the variant rules per backend: nodes and time to solve (and prove unique) the
// published variant puzzles of experiments/variant_puzzles.cpp and a classic puzzle made here (a grid
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
#include "variant_puzzles.h"

using namespace sudokit;

namespace {

// A unique puzzle of `rules` on 9x9: the fastest backend's first grid, digits relabelled at
// random, then clues removed in random order while exactly one solution remains.
Grid make_puzzle(const Rules& rules, std::uint64_t seed) {
  const auto shape = Shape::make(3, 3, rules);
  auto checker = builtin_solvers().create(builtin_solvers().default_for(ProblemKind::sudoku));
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
    puzzles.emplace_back(p.name + " (" + p.source + ")", p.puzzle());
  puzzles.emplace_back("classic (made here, seed 1)", make_puzzle(Rules{}, 1));
  std::printf("| puzzle | givens | backend | nodes | median ms |\n|---|---|---|---|---|\n");
  for (const auto& [name, puzzle] : puzzles) {
    for (const std::string& backend : builtin_solvers().names(puzzle.shape())) {  // those taking its rules
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
