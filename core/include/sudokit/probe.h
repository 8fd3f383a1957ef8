// Knuth's random probes ("Estimating the efficiency of backtrack programs", Math. Comp. 29, 1975):
// the size of a search tree, estimated without searching it. A probe walks from the root to a
// leaf, entering at each node one child chosen uniformly at random; if the nodes on its path have
// d1, d2, ... children, then 1 + d1 + d1*d2 + d1*d2*d3 + ... is an unbiased estimate of the
// number of nodes in the tree (each node at depth k stands for the d1*...*dk nodes it might have
// been). The mean of many probes converges on the size; their spread gives a confidence interval.
//
// A backend that can probe (BackendInfo::probes) follows its own choice rule to decide which
// node branches and into how many children, and asks the Probe in Limits::probe which child to
// enter: the estimate is of the tree that backend would search. With Limits::probe set, each
// solve() is one probe, and its result's nodes are the path's.
//
//   sudokit::Probe probe(seed);
//   for (int i = 0; i < 1000; ++i) {
//     limits.probe = &probe;
//     solver.solve(puzzle, limits);   // one path, told to probe.pick() at each branching node
//     probe.finish_path();
//   }
//   probe.mean_nodes();   // the estimate; probe.interval(0.95) its confidence interval
#pragma once

#include <cstdint>
#include <random>
#include <utility>

namespace sudokit {

class Probe {
 public:
  explicit Probe(std::uint64_t seed) : rng_(seed) {}

  // The child to enter, in [0, children), uniformly; records that the node has `children`.
  // A backend calls it once at each node of the path that has children (none at a leaf).
  int pick(int children);
  // Ends the current path: its estimate joins the sample.
  void finish_path();

  std::uint64_t paths() const { return paths_; }
  double mean_nodes() const;                 // over the finished paths (1 with none)
  // The normal-approximation interval of the mean at `confidence` (0.95: 1.96 standard errors),
  // clipped below at the largest path seen (the tree has at least that many nodes).
  std::pair<double, double> interval(double confidence) const;
  double path_estimate() const { return nodes_; }  // the current path's, so far

 private:
  std::mt19937_64 rng_;
  double product_ = 1, nodes_ = 1;  // current path: d1*...*dk, and 1 + d1 + ... + d1*...*dk
  std::uint64_t paths_ = 0;
  double mean_ = 0, m2_ = 0;        // Welford's running mean and sum of squared deviations
  double longest_ = 1;              // the most nodes a path had: a lower bound of the tree
  int depth_ = 0;
};

}  // namespace sudokit
