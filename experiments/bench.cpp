// sudokit-bench: puzzles per second and nodes per second of backends on puzzle files.
//
//   sudokit-bench [--solvers a,b,...] [--count 2] [-o KEY=VALUE] [--repeat R] [--seconds T]
//                 [--timeout S] [--kind sudoku|xc] [--speeds SIZES] FILE...
//
// Puzzle files: puzzles per second over all their puzzles. An exact-cover file (.dlx, or --kind
// xc): one problem, each backend's count, nodes and declared work counters, and the best time.
//
// One thread, every puzzle solved in file order, looking for up to --count solutions (2, as the
// reference figures in data/README.md). Each of the --repeat passes is one pass over the files;
// with --seconds T, after one untimed pass to warm up, each is instead whole passes until T
// seconds have gone, and its rate their mean: tdoku's run_benchmark times its passes so, and a
// figure over a second or more says more on these machines, whose speed comes and goes within
// seconds, than the best of a few passes of 30 ms. The timed loop solves only; every answer is
// verified by Solver::solve, and the bench checks again that each finished puzzle has a
// solution, so that a fast wrong backend cannot post a number. With --timeout, a puzzle stopped
// at the limit counts with the time it took (the limit), as docs/benchmarks.md's large-grid
// tables count it.
//
// Output: the allocator, then one markdown table row per backend; or, with --speeds SIZES (grid
// sides "first-last" for Sudoku, "-" for exact cover), the rows of solvers/speeds.tsv that these
// measurements give (experiments/speeds.sh writes that file from them).
#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
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

namespace {

std::vector<Grid> read_puzzles(const std::vector<std::string>& files) {
  std::vector<Grid> puzzles;
  for (const std::string& file : files) {
    std::ifstream in(file);
    if (!in) throw Error("cannot open " + file);
    PuzzleReader reader(in, file);
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
  return puzzles;
}

std::string joined(const std::vector<std::string>& words, const char* separator) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : separator) + w;
  return out;
}

}  // namespace

int main(int argc, char** argv) try {
  std::string solvers, kind_text, speeds;
  std::vector<std::string> files, option_pairs;
  std::uint64_t count = 2;
  int repeat = 1;
  double timeout = 0, seconds = 0;
  bool estimate = false;
  po::options_description desc("sudokit-bench options");
  desc.add_options()("help,h", "help")
    ("solvers", po::value(&solvers), "comma-separated backends (default: every one that takes the problem)")
    ("option,o", po::value(&option_pairs)->composing(), "backend option KEY=VALUE, passed to every backend that takes it")
    ("count", po::value(&count), "solutions to look for per puzzle (default: 2 for Sudoku, 0 (all) for exact cover)")
    ("kind", po::value(&kind_text), "sudoku or xc (default: xc for a .dlx file)")
    ("repeat", po::value(&repeat)->default_value(1), "passes over the files (windows, with --seconds); the fastest is reported")
    ("seconds", po::value(&seconds)->default_value(0), "each --repeat pass becomes a window: whole passes over the files "
     "until this many seconds have gone (after one untimed pass to warm up), timed as their mean (0: one pass; "
     "Sudoku files only)")
    ("timeout", po::value(&timeout)->default_value(0), "seconds per puzzle (0: none); a stopped puzzle counts with its time")
    ("estimate", po::bool_switch(&estimate), "keep the online estimate of each tree's size (online_estimate.h) while "
     "searching, as compare does: what it costs")
    ("speeds", po::value(&speeds), "print solvers/speeds.tsv rows for these grid sides (first-last, or - for exact cover)")
    ("file", po::value(&files)->required(), "puzzle files, or one exact-cover file");
  po::positional_options_description pos;
  pos.add("file", -1);
  po::variables_map vm;
  po::store(po::command_line_parser(argc, argv).options(desc).positional(pos).run(), vm);
  if (vm.count("help")) {
    std::cout << desc << "\n";
    return 0;
  }
  po::notify(vm);

  const std::string& first = files.front();
  const bool xc = kind_text.empty() ? first.size() > 4 && first.compare(first.size() - 4, 4, ".dlx") == 0 : kind_text == "xc";
  if (!kind_text.empty() && kind_text != "xc" && kind_text != "sudoku") throw UsageError("--kind is sudoku or xc");
  if (xc && files.size() != 1) throw UsageError("exact cover: one file");
  if (!std::isfinite(seconds) || seconds < 0 || (xc && seconds > 0))
    throw UsageError("--seconds: a number of seconds >= 0, for Sudoku files");
  if (repeat < 1) throw UsageError("--repeat: at least 1");
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
  Limits limits;
  limits.solutions = count;
  limits.max_seconds = timeout;
  OnlineEstimator estimator;
  if (estimate) limits.estimator = &estimator;
  // What a speeds row says it measured: the files, the count, the passes and the limit.
  std::string measured = joined(files, " + ") + ", --count " + std::to_string(count) + ", best of " + std::to_string(repeat);
  if (seconds > 0) {
    std::ostringstream window;
    window << " (each " << seconds << " s of passes)";
    measured += window.str();
  }
  if (!option_pairs.empty()) measured += ", -o " + joined(option_pairs, " -o ");
  if (timeout > 0) measured += ", " + std::to_string(static_cast<int>(timeout)) + " s a puzzle";
  auto speeds_row = [&](const std::string& name, double per_second) {
    // Whole numbers from 100 on, four significant digits below.
    std::printf(per_second >= 100 ? "%s\t%s\t%s\t%.0f\t%s\n" : "%s\t%s\t%s\t%.4g\t%s\n", name.c_str(),
                std::string(to_string(kind)).c_str(), speeds.c_str(), per_second, measured.c_str());
    std::fflush(stdout);
  };
  if (speeds.empty()) std::cout << "allocator: " << allocator_name() << "\n\n";

  if (xc) {
    // One exact-cover problem: each backend counts (or finds) its solutions; the costs are its own
    // work counters as it declares them, best time of --repeat passes.
    std::ifstream in(first);
    if (!in) throw Error("cannot open " + first);
    const ExactCover problem = read_dlx(in, first);
    if (speeds.empty()) std::cout << "| backend | options | status | count | nodes | work | seconds |\n|---|---|---|---|---|---|---|\n";
    for (const std::string& name : names) {
      auto solver = make(name);
      double best = 1e300;
      CoverResult r;
      for (int pass = 0; pass < repeat; ++pass) {
        const auto start = std::chrono::steady_clock::now();
        r = solver->solve(problem, limits);  // verified: a wrong cover is thrown
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      }
      if (!speeds.empty()) {
        speeds_row(name, 1 / best);
        continue;
      }
      std::string work;
      for (const auto& w : registry.info(name).work)
        work += (work.empty() ? "" : ", ") + w + " " + std::to_string(r.stats.counter(w));
      std::printf("| %s | %s | %s | %llu | %llu | %s | %.4f |\n", name.c_str(), solver->options().c_str(),
                  std::string(to_string(r.status)).c_str(), static_cast<unsigned long long>(r.count),
                  static_cast<unsigned long long>(r.stats.nodes), work.c_str(), best);
      std::fflush(stdout);
    }
    return 0;
  }

  const std::vector<Grid> puzzles = read_puzzles(files);
  // A backend declaring that it does not take some grid here (BackendInfo::takes): left out of the
  // default list, with a note; refused when named.
  std::string left_out;
  std::erase_if(names, [&](const std::string& name) {
    const BackendInfo info = registry.info(name);
    const auto untaken = std::find_if(puzzles.begin(), puzzles.end(), [&](const Grid& g) { return !info.takes(g.shape()); });
    if (untaken == puzzles.end()) return false;
    const std::string why = "puzzle " + std::to_string(untaken - puzzles.begin() + 1) + ": " + info.refusal(untaken->shape());
    if (!solvers.empty()) throw UsageError(why);
    left_out += why + ": left out\n";
    return true;
  });
  if (speeds.empty() && !left_out.empty()) std::cout << left_out << "\n";
  if (speeds.empty())
    std::cout << "| backend | options | puzzles | puzzles/s | nodes/s | mean nodes | mean guesses | stopped |\n"
                 "|---|---|---|---|---|---|---|---|\n";
  for (const std::string& name : names) {
    auto solver = make(name);
    double best = 1e300;
    std::uint64_t nodes = 0, guesses = 0, stopped = 0;
    std::vector<Result> results(puzzles.size());
    auto one_pass = [&] {
      nodes = guesses = 0;
      for (std::size_t i = 0; i < puzzles.size(); ++i) {
        results[i] = solver->solve(puzzles[i], limits);
        nodes += results[i].stats.nodes;
        guesses += results[i].stats.guesses;
      }
    };
    if (seconds > 0) one_pass();  // the warm-up
    for (int pass = 0; pass < repeat; ++pass) {
      // The time of one pass: of this one, or the mean over the passes of the next `seconds`.
      const auto start = std::chrono::steady_clock::now();
      double elapsed = 0;
      std::uint64_t passes = 0;
      do {
        one_pass();
        ++passes;
        elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      } while (elapsed < seconds);
      best = std::min(best, elapsed / static_cast<double>(passes));
      stopped = 0;
      for (std::size_t i = 0; i < puzzles.size(); ++i) {
        if (results[i].status == Status::stopped && timeout > 0) ++stopped;
        else if (results[i].solutions.empty())
          throw Error(name + " returned no solution for " + to_line(puzzles[i]));
      }
    }
    const double n = static_cast<double>(puzzles.size());
    if (!speeds.empty()) {
      speeds_row(name, n / best);
      continue;
    }
    std::printf("| %s | %s | %zu | %.0f | %.3g | %.1f | %.1f | %llu |\n", name.c_str(), solver->options().c_str(),
                puzzles.size(), n / best, static_cast<double>(nodes) / best, static_cast<double>(nodes) / n,
                static_cast<double>(guesses) / n, static_cast<unsigned long long>(stopped));
    std::fflush(stdout);
  }
  return 0;
} catch (const std::exception& e) {
  std::cerr << "sudokit-bench: " << e.what() << "\n";
  return 1;
}
