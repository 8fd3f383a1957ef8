// sudokit-bench: puzzles per second and nodes per second of backends on a puzzle file.
//
//   sudokit-bench [--solvers a,b,...] [--count 2] [-o KEY=VALUE] [--repeat R] FILE
//
// One thread, every puzzle solved in file order, looking for up to --count solutions (2, as the
// reference figures in ../shared/data/README.md). The timed loop solves only; every answer is
// then verified, so that a fast wrong backend cannot post a number. Output: the allocator, then
// one markdown table row per backend.
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "sudokit/allocator.h"
#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/registry.h"
#include "sudokit/verify.h"

namespace po = boost::program_options;
using namespace sudokit;

int main(int argc, char** argv) try {
  std::string solvers = "backtrack", file;
  std::vector<std::string> option_pairs;
  std::uint64_t count = 2;
  int repeat = 1;
  po::options_description desc("sudokit-bench options");
  desc.add_options()("help,h", "help")
    ("solvers", po::value(&solvers), "comma-separated backends")
    ("option,o", po::value(&option_pairs)->composing(), "backend option KEY=VALUE, passed to every backend that takes it")
    ("count", po::value(&count)->default_value(2), "solutions to look for per puzzle")
    ("repeat", po::value(&repeat)->default_value(1), "passes over the file; the fastest is reported")
    ("file", po::value(&file)->required(), "puzzle file");
  po::positional_options_description pos;
  pos.add("file", 1);
  po::variables_map vm;
  po::store(po::command_line_parser(argc, argv).options(desc).positional(pos).run(), vm);
  if (vm.count("help")) {
    std::cout << desc << "\n";
    return 0;
  }
  po::notify(vm);

  std::ifstream in(file);
  if (!in) throw Error("cannot open " + file);
  std::stringstream text;
  text << in.rdbuf();
  std::vector<Grid> puzzles;
  {
    std::istringstream s(text.str());
    PuzzleReader reader(s, file);
    for (;;) {
      try {
        auto p = reader.next();
        if (!p) break;
        puzzles.push_back(p->grid);
      } catch (const InputError& e) {
        std::cerr << "skipped: " << e.what() << "\n";
      }
    }
  }
  const Registry registry = builtin_solvers();
  std::cout << "allocator: " << allocator_name() << "\n\n";
  std::cout << "| backend | options | puzzles | puzzles/s | nodes/s | mean nodes | mean guesses |\n"
               "|---|---|---|---|---|---|---|\n";
  std::stringstream names(solvers);
  for (std::string name; std::getline(names, name, ',');) {
    SolverOptions options = SolverOptions::parse(option_pairs);
    auto solver = registry.create(name, SolverOptions{});
    try {
      solver = registry.create(name, options);
    } catch (const UsageError&) {  // an option meant for another backend
    }
    Limits limits;
    limits.solutions = count;
    double best = 1e300;
    std::uint64_t nodes = 0, guesses = 0;
    std::vector<Result> results(puzzles.size());
    for (int pass = 0; pass < repeat; ++pass) {
      nodes = guesses = 0;
      const auto start = std::chrono::steady_clock::now();
      for (std::size_t i = 0; i < puzzles.size(); ++i) {
        results[i] = solver->solve(puzzles[i], limits);
        nodes += results[i].stats.nodes;
        guesses += results[i].stats.guesses;
      }
      best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      // Verified outside the timed loop, as the reference benchmark times solving alone.
      for (std::size_t i = 0; i < puzzles.size(); ++i)
        if (results[i].solutions.empty() || !is_solution(puzzles[i], results[i].solutions.front()))
          throw Error(name + " returned no valid solution for " + to_line(puzzles[i]));
    }
    const double n = static_cast<double>(puzzles.size());
    std::printf("| %s | %s | %zu | %.0f | %.3g | %.1f | %.1f |\n", name.c_str(), solver->options().c_str(),
                puzzles.size(), n / best, static_cast<double>(nodes) / best, static_cast<double>(nodes) / n,
                static_cast<double>(guesses) / n);
    std::fflush(stdout);
  }
  return 0;
} catch (const std::exception& e) {
  std::cerr << "sudokit-bench: " << e.what() << "\n";
  return 1;
}
