// sudokit-bench: puzzles per second and nodes per second of backends on a puzzle file.
//
//   sudokit-bench [--solvers a,b,...] [--count 2] [-o KEY=VALUE] [--repeat R] [--kind sudoku|xc] FILE
//
// A puzzle file: puzzles per second over the file. An exact-cover file (.dlx, or --kind xc): one
// problem, each backend's count, nodes and declared work counters, and the best time.
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
#include "sudokit/encoders/dlx_format.h"
#include "sudokit/verify.h"

namespace po = boost::program_options;
using namespace sudokit;

int main(int argc, char** argv) try {
  std::string solvers, file, kind_text;
  std::vector<std::string> option_pairs;
  std::uint64_t count = 2;
  int repeat = 1;
  po::options_description desc("sudokit-bench options");
  desc.add_options()("help,h", "help")
    ("solvers", po::value(&solvers), "comma-separated backends (default: every one that takes the problem)")
    ("option,o", po::value(&option_pairs)->composing(), "backend option KEY=VALUE, passed to every backend that takes it")
    ("count", po::value(&count), "solutions to look for per puzzle (default: 2 for Sudoku, 0 (all) for exact cover)")
    ("kind", po::value(&kind_text), "sudoku or xc (default: xc for a .dlx file)")
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

  const bool xc = kind_text.empty() ? file.size() > 4 && file.compare(file.size() - 4, 4, ".dlx") == 0 : kind_text == "xc";
  if (!kind_text.empty() && kind_text != "xc" && kind_text != "sudoku") throw UsageError("--kind is sudoku or xc");
  const ProblemKind kind = xc ? ProblemKind::exact_cover : ProblemKind::sudoku;
  if (!vm.count("count")) count = xc ? 0 : 2;
  const Registry registry = builtin_solvers();
  std::vector<std::string> names;
  if (solvers.empty()) names = registry.names(kind);
  std::stringstream list(solvers);
  for (std::string name; std::getline(list, name, ',');) names.push_back(name);
  auto make = [&](const std::string& name) {
    if (!registry.info(name).takes(kind)) throw UsageError(name + " does not take " + std::string(to_string(kind)));
    try {
      return registry.create(name, SolverOptions::parse(option_pairs));
    } catch (const UsageError&) {  // an option meant for another backend
      return registry.create(name, SolverOptions{});
    }
  };
  std::cout << "allocator: " << allocator_name() << "\n\n";
  Limits limits;
  limits.solutions = count;

  if (xc) {
    // One exact-cover problem: each backend counts (or finds) its solutions; the costs are its own
    // work counters as it declares them, best time of --repeat passes.
    std::ifstream in(file);
    if (!in) throw Error("cannot open " + file);
    const ExactCover problem = read_dlx(in, file);
    std::cout << "| backend | options | status | count | nodes | work | seconds |\n|---|---|---|---|---|---|---|\n";
    for (const std::string& name : names) {
      auto solver = make(name);
      double best = 1e300;
      CoverResult r;
      for (int pass = 0; pass < repeat; ++pass) {
        const auto start = std::chrono::steady_clock::now();
        r = solver->solve(problem, limits);
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        for (const auto& s : r.solutions)
          if (!is_exact_cover(problem, s)) throw Error(name + " returned a set of options that is not an exact cover");
      }
      std::string work;
      for (const auto& w : registry.info(name).work)
        work += (work.empty() ? "" : ", ") + w + " " + std::to_string(r.stats.counter(w));
      std::printf("| %s | %s | %s | %llu | %llu | %s | %.3f |\n", name.c_str(), solver->options().c_str(),
                  std::string(to_string(r.status)).c_str(), static_cast<unsigned long long>(r.count),
                  static_cast<unsigned long long>(r.stats.nodes), work.c_str(), best);
      std::fflush(stdout);
    }
    return 0;
  }

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
  std::cout << "| backend | options | puzzles | puzzles/s | nodes/s | mean nodes | mean guesses |\n"
               "|---|---|---|---|---|---|---|\n";
  for (const std::string& name : names) {
    auto solver = make(name);
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
