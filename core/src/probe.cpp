// Knuth's estimator (probe.h): a path's estimate built as the backend asks which child to enter,
// and the mean and spread of the paths' estimates kept with Welford's update, which stays exact
// where the estimates span many orders of magnitude.
#include "sudokit/probe.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace sudokit {

int Probe::pick(int children) {
  if (children <= 0) throw std::logic_error("Probe::pick: a node with no children has nothing to pick");
  product_ *= children;
  nodes_ += product_;
  ++depth_;
  if (children == 1) return 0;
  return static_cast<int>(std::uniform_int_distribution<int>(0, children - 1)(rng_));
}

void Probe::finish_path() {
  ++paths_;
  // A path through a tree past a double's range (an empty 25x25 grid) counts as the largest
  // double, so the mean stays a number; the spread then overflows, and the interval is unbounded.
  const double nodes = std::min(nodes_, std::numeric_limits<double>::max());
  const double delta = nodes - mean_;
  mean_ += delta / static_cast<double>(paths_);
  m2_ += delta * (nodes - mean_);
  longest_ = std::max(longest_, static_cast<double>(depth_ + 1));
  product_ = 1, nodes_ = 1, depth_ = 0;
}

double Probe::mean_nodes() const { return paths_ == 0 ? 1 : mean_; }

std::pair<double, double> Probe::interval(double confidence) const {
  if (paths_ < 2) return {mean_nodes(), mean_nodes()};
  // The two-sided normal quantile: 1.96 at 0.95, 2.576 at 0.99 (erfinv by bisection on erf).
  double low = 0, high = 10;
  for (int i = 0; i < 60; ++i) {
    const double mid = (low + high) / 2;
    (std::erf(mid / std::sqrt(2.0)) < confidence ? low : high) = mid;
  }
  const double se = std::sqrt(m2_ / static_cast<double>(paths_ - 1) / static_cast<double>(paths_));
  return {std::max(longest_, mean_ - low * se), mean_ + low * se};
}

}  // namespace sudokit
