// sudokit estimate: how big each backend's search of each puzzle is, by Knuth's random probes
// (estimate.h), with the time a full search would take and, where the tree is small enough to
// count, its true size beside the estimate.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>

#include "cli.h"
#include "sudokit/compare/compare.h"
#include "sudokit/compare/estimate.h"
#include "sudokit/registry.h"

namespace sudokit::cli {

namespace {

struct EstimateCommand {
  std::string solvers, box_text, rules_text, kind_text;
  EstimateSettings settings;
  std::vector<std::string> files;
};

void add_estimate_options(po::options_description& desc, EstimateCommand& c) {
  desc.add_options()
    ("help,h", "show this help")
    ("solver,s", po::value<std::string>(&c.solvers),
     "the backends, as compare takes them: NAME or NAME:KEY=VALUE, comma-separated (default: every backend that "
     "takes the grid and can probe its search, and the settings under which the others can)")
    ("probes", po::value<std::uint64_t>(&c.settings.probes)->default_value(1000), "random paths per puzzle and backend")
    ("seed", po::value<std::uint64_t>(&c.settings.seed)->default_value(1), "the probes' random choices")
    ("measure-nodes", po::value<std::uint64_t>(&c.settings.measure_nodes)->default_value(200'000),
     "the real search that measures a node's cost stops here (and gives the true size when it finishes first)")
    ("box", po::value<std::string>(&c.box_text), "box shape RxC when it cannot be inferred")
    ("kind", po::value<std::string>(&c.kind_text),
     "sudoku or xc (exact-cover files in Knuth's DLX format, one problem each); default: from the files")
    ("file", po::value<std::vector<std::string>>(&c.files), "puzzle files, puzzles typed in their one-line form, or exact-cover files (FILE.dlx); '-' for stdin");
  add_rules_option(desc, c.rules_text);
}

constexpr const char* kEstimateUsage =
    "usage: sudokit estimate [--solver LIST] [--probes N] [--seed S] [--measure-nodes N] [--box RxC]\n"
    "                        [--rules NAMES] [--kind sudoku|xc] [FILE|PUZZLE|-]...\n"
    "Estimates the size of each backend's search tree for each puzzle without searching it (Knuth's\n"
    "random probes, each a path from the root that follows the backend's own choices), with a 95%\n"
    "interval, and the time a full search would take at the cost of a node measured on a short real\n"
    "search; when that search finishes, its node count is printed beside the estimate. The tree is the\n"
    "whole search (every solution sought): a search that stops at its first solution visits part of it.";

std::string number(double x) {
  if (!std::isfinite(x)) return ">1.8e+308";  // past a double's range: an interval with no top
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", x);
  return text;
}

// Each backend made once per spec and kept for the next puzzle (a 49,000-puzzle file makes four,
// not 200,000); one that gave a wrong answer is made afresh, as after any solve() that threw.
using SolverCache = std::map<std::string, std::unique_ptr<Solver>>;

// One line per backend for `problem` (a Grid or an ExactCover), `where` naming it.
template <typename Problem>
void estimate_problem(const Problem& problem, const std::string& where, const std::vector<std::string>& specs,
                      const EstimateCommand& c, const Registry& registry, SolverCache& made, Outcome& outcome) {
  for (const std::string& text : specs) {
    try {
      const BackendSpec spec = parse_backend_spec(text, registry);
      const BackendInfo info = registry.info(spec.name);
      require_takes(info, text, problem);
      std::unique_ptr<Solver>& solver = made[text];
      if (!solver) solver = registry.create(spec.name, SolverOptions::parse(spec.pairs));
      const TreeEstimate e = estimate_tree(*solver, problem, c.settings);
      std::cout << where << ": solver=" << text << " probes=" << e.probes << " estimated_nodes=" << number(e.nodes)
                << " low=" << number(e.low) << " high=" << number(e.high)
                << " estimated_seconds=" << number(e.estimated_seconds());
      for (const std::string& work : info.work)  // the backend's own measures: updates, mems, ...
        if (const auto total = e.estimated(work)) std::cout << " estimated_" << work << "=" << number(*total);
      std::cout << " actual_nodes="
                << (e.actual_nodes ? std::to_string(*e.actual_nodes) : ">" + std::to_string(e.measured_nodes));
      if (e.online_nodes) std::cout << " online_nodes=" << number(*e.online_nodes);
      std::cout << "\n";
    } catch (const WrongAnswer& e) {
      report_rejected(e, where);
      outcome.raise(kDisagreement);
      made.erase(text);
    } catch (...) {  // reported by the caller; the next problem gets a fresh backend
      made.erase(text);
      throw;
    }
  }
}

// Exact-cover files, one problem each: a file that cannot be read is reported, the others still run.
void estimate_cover_files(const EstimateCommand& c, const std::vector<std::string>& named, const Registry& registry,
                          SolverCache& made, Outcome& outcome) {
  const std::vector<std::string> specs = named.empty() ? probing_methods(registry, ProblemKind::exact_cover) : named;
  for (const std::string& file : c.files.empty() ? std::vector<std::string>{"-"} : c.files) {
    const std::optional<ExactCover> problem = read_xc_file(file, outcome);
    if (!problem) continue;
    estimate_problem(*problem, file == "-" ? "stdin" : file, specs, c, registry, made, outcome);
  }
}

// The spec's settings with those under which its backend probes (BackendInfo::probing) put in,
// when that makes a search it can probe: the spec to suggest; empty when none does.
std::string probing_spec(const Registry& registry, const BackendSpec& spec) {
  for (const auto& probing : registry.info(spec.name).probing) {
    std::vector<std::pair<std::string, std::string>> settings;
    for (const std::string& pair : spec.pairs) {
      const auto eq = pair.find('=');
      const std::string key = pair.substr(0, eq);
      if (std::none_of(probing.begin(), probing.end(), [&](const auto& p) { return p.first == key; }))
        settings.emplace_back(key, eq == std::string::npos ? "" : pair.substr(eq + 1));
    }
    settings.insert(settings.end(), probing.begin(), probing.end());
    std::vector<std::string> pairs;
    for (const auto& [key, value] : settings) pairs.push_back(key + "=" + value);
    if (registry.create(spec.name, SolverOptions::parse(pairs))->probes()) return backend_spec_text(spec.name, settings);
  }
  return "";
}

}  // namespace

int cmd_estimate(const std::vector<std::string>& args) {
  EstimateCommand c;
  const auto parsed = parse_command(args, c, add_estimate_options, "file", kEstimateUsage);
  if (!parsed) return kOk;
  if (c.settings.probes == 0) throw UsageError("--probes: at least 1");
  const Registry registry = builtin_solvers();
  const std::vector<std::string> named = named_backends(*parsed, "solver", c.solvers);
  SolverCache made;
  for (const std::string& text : named) {  // a bad name or option fails before any search
    const BackendSpec spec = parse_backend_spec(text, registry);
    std::unique_ptr<Solver>& solver = made[text];
    solver = registry.create(spec.name, SolverOptions::parse(spec.pairs));  // kept for the first puzzle
    if (solver->probes()) continue;
    const std::string instead = probing_spec(registry, spec);
    throw UsageError("'" + text + "' cannot probe its search at random" + (instead.empty() ? "" : " (try " + instead + ")"));
  }
  std::optional<BoxSpec> box;
  if (!c.box_text.empty()) box = parse_box_spec(c.box_text);
  const Rules rules = parse_rules_option(c.rules_text);
  Outcome outcome;
  if ((c.kind_text.empty() ? kind_of_files(c.files) : parse_problem_kind(c.kind_text)) == ProblemKind::exact_cover) {
    estimate_cover_files(c, named, registry, made, outcome);
    return outcome.code;
  }
  for_each_puzzle(c.files.empty() ? std::vector<std::string>{"-"} : c.files, box, rules, outcome,
                  [&](const ParsedPuzzle& p, const std::string& source) {
                    estimate_problem(p.grid, source + ": puzzle " + std::to_string(p.number),
                                     named.empty() ? probing_methods(registry, p.grid.shape()) : named, c, registry,
                                     made, outcome);
                  });
  return outcome.code;
}

}  // namespace sudokit::cli
