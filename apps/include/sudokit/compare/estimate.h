// How big is a search before it is run: Knuth's random probes (core's probe.h) taken with a
// backend's own choice rule, and the cost of a node measured on a short real search, so that a
// search that would not finish in a budget comes with "would need about 3e9 nodes, 40 minutes".
//
//   const Registry registry = builtin_solvers();
//   auto solver = registry.create("backtrack", {});
//   const TreeEstimate e = estimate_tree(*solver, puzzle, {.probes = 1000, .seed = 1});
//   e.nodes, e.low, e.high;            // the estimate and its 95% interval
//   e.seconds_per_node * e.nodes;      // the time a full search would take
//   e.actual_nodes;                    // the real count, when the measuring search finished
//
// What is estimated is the whole tree: the search as it runs when it must finish (counting every
// solution, or proving a puzzle unique). A search that stops at its first solution, or its
// second, visits a part of it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sudokit/exact_cover.h"
#include "sudokit/grid.h"
#include "sudokit/solver.h"

namespace sudokit {

struct EstimateSettings {
  std::uint64_t probes = 1000;      // random paths, each one solve() under Limits::probe
  std::uint64_t seed = 1;           // the probes' random choices: the same seed, the same estimate
  double confidence = 0.95;         // of the interval
  // The real search that measures a node's cost: at most this many nodes and seconds. When it
  // finishes inside them, its node count is the tree's (actual_nodes), with every solution sought.
  std::uint64_t measure_nodes = 200'000;
  double measure_seconds = 1;
};

struct TreeEstimate {
  std::uint64_t probes = 0;
  double nodes = 1, low = 1, high = 1;  // the mean of the probes' estimates, and its interval
  double seconds_per_node = 0;          // measured on the real search
  // The backend's own counters per node on that search (updates, mems, ...): a measure of work
  // times the estimated nodes estimates that work, as seconds_per_node does the time.
  std::vector<std::pair<std::string, double>> per_node;
  std::optional<std::uint64_t> actual_nodes;  // the whole tree's, when that search finished
  std::uint64_t measured_nodes = 0;     // the nodes that search counted (finished or not); when it
                                        // stopped, nodes, low and high are raised above them
  // When that search stopped: its own online estimate of the tree (online_estimate.h), made from
  // the part it searched, beside the probes' (a second opinion by another method).
  std::optional<double> online_nodes;
  std::uint64_t solutions_met = 0;      // probes whose path ended at a solution
  double seconds = 0;                   // spent probing
  double estimated_seconds() const { return nodes * seconds_per_node; }
  // The estimated total of counter `name` (nodes times its measured rate); nullopt when the
  // backend did not count it.
  std::optional<double> estimated(const std::string& name) const;
};

// The backends that take `shape` (or problems of `kind`) and can probe their search, as --solvers
// specs: each that probes under its defaults (BackendInfo::probes), and each one's probing
// settings (BackendInfo::probing: sat:solver=dpll).
std::vector<std::string> probing_methods(const Registry& registry, const Shape& shape);
std::vector<std::string> probing_methods(const Registry& registry, ProblemKind kind);

// Throws UsageError when `solver` cannot probe (Solver::probes), WrongAnswer as solve() does.
TreeEstimate estimate_tree(Solver& solver, const Grid& puzzle, const EstimateSettings& settings);
TreeEstimate estimate_tree(Solver& solver, const ExactCover& problem, const EstimateSettings& settings);

}  // namespace sudokit
