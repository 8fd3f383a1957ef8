// Tree-size estimates (estimate.h): the probes, then one bounded real search for the cost of a
// node (and the true size, when it is small enough to count).
#include "sudokit/compare/estimate.h"

#include <algorithm>
#include <chrono>

#include "sudokit/compare/compare.h"
#include "sudokit/probe.h"

namespace sudokit {

namespace {

template <typename Problem>
TreeEstimate estimate(Solver& solver, const Problem& problem, const EstimateSettings& settings) {
  TreeEstimate e;
  Probe probe(settings.seed);
  Limits limits;
  limits.solutions = 0;  // the whole tree: a probe that meets a solution ends there anyway
  limits.keep_solutions = 0;
  limits.probe = &probe;
  const auto start = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; i < settings.probes; ++i) {
    const auto r = solver.solve(problem, limits);
    e.solutions_met += r.count > 0;
    probe.finish_path();
  }
  e.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  e.probes = probe.paths();
  e.nodes = probe.mean_nodes();
  std::tie(e.low, e.high) = probe.interval(settings.confidence);

  Limits measure;
  measure.solutions = 0;
  measure.keep_solutions = 0;
  measure.max_nodes = settings.measure_nodes;
  measure.max_seconds = settings.measure_seconds;
  OnlineEstimator online;
  measure.estimator = &online;
  const auto r = solver.solve(problem, measure);
  if (r.stats.nodes > 0) {
    const auto nodes = static_cast<double>(r.stats.nodes);
    e.seconds_per_node = r.stats.seconds / nodes;
    for (const Counter& c : r.stats.counters) e.per_node.emplace_back(c.name, static_cast<double>(c.value) / nodes);
  }
  e.measured_nodes = r.stats.nodes;
  if (r.status != Status::stopped) {
    e.actual_nodes = r.stats.nodes;
  } else {
    if (r.estimate) e.online_nodes = r.estimate->nodes;
    // The real search stopped after counting so many nodes: the tree has more, whatever the
    // probes say.
    const double more = static_cast<double>(r.stats.nodes) + 1;
    e.nodes = std::max(e.nodes, more), e.low = std::max(e.low, more), e.high = std::max(e.high, more);
  }
  return e;
}

std::vector<std::string> probing(const Registry& registry, const std::vector<std::string>& names) {
  return declared_methods(registry, names, [](const BackendInfo& info) { return info.probes; }, &BackendInfo::probing);
}

}  // namespace

std::optional<double> TreeEstimate::estimated(const std::string& name) const {
  for (const auto& [counter, rate] : per_node)
    if (counter == name) return rate * nodes;
  return std::nullopt;
}

std::vector<std::string> probing_methods(const Registry& registry, const Shape& shape) {
  return probing(registry, registry.names(shape));
}

std::vector<std::string> probing_methods(const Registry& registry, ProblemKind kind) {
  return probing(registry, registry.names(kind));
}

TreeEstimate estimate_tree(Solver& solver, const Grid& puzzle, const EstimateSettings& settings) {
  return estimate(solver, puzzle, settings);
}

TreeEstimate estimate_tree(Solver& solver, const ExactCover& problem, const EstimateSettings& settings) {
  return estimate(solver, problem, settings);
}

}  // namespace sudokit
