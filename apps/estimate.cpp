// Tree-size estimates (estimate.h): the probes, then one bounded real search for the cost of a
// node (and the true size, when it is small enough to count).
#include "sudokit/compare/estimate.h"

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
  const auto r = solver.solve(problem, measure);
  if (r.stats.nodes > 0) e.seconds_per_node = r.stats.seconds / static_cast<double>(r.stats.nodes);
  if (r.status != Status::stopped) e.actual_nodes = r.stats.nodes;
  return e;
}

std::vector<std::string> probing(const Registry& registry, const std::vector<std::string>& names) {
  std::vector<std::string> specs;
  for (const std::string& name : names) {
    const BackendInfo info = registry.info(name);
    if (info.probes) specs.push_back(name);
    for (const auto& settings : info.probing) specs.push_back(backend_spec_text(name, settings));
  }
  return specs;
}

}  // namespace

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
