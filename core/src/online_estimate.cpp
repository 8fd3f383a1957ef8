// The online estimates (online_estimate.h): the per-depth state grows as the search goes deeper;
// a reading divides the weighted sum by the fraction.
#include "sudokit/online_estimate.h"

#include <algorithm>
#include <cmath>

namespace sudokit {

OnlineEstimator::OnlineEstimator() {
  reciprocal_[0] = 0;
  for (std::uint64_t d = 1; d < kReciprocals; ++d) reciprocal_[d] = 1 / static_cast<double>(d);
  start();
}

void OnlineEstimator::start() {
  paths_.assign(2, Path{0, 0});
  paths_[0] = {1, 1};  // the root: reached with certainty, Knuth's estimate 1
  fraction_.store(0, std::memory_order_relaxed);
  weighted_.store(0, std::memory_order_relaxed);
  seen_.store(0, std::memory_order_relaxed);
  leaves_.store(0, std::memory_order_relaxed);
}

void OnlineEstimator::grow(std::size_t depths) { paths_.resize(std::max(depths, 2 * paths_.size()), Path{0, 0}); }

OnlineEstimate OnlineEstimator::now() const {
  OnlineEstimate e;
  e.fraction = fraction_.load(std::memory_order_relaxed);
  e.seen = seen_.load(std::memory_order_relaxed);
  e.leaves = leaves_.load(std::memory_order_relaxed);
  const double weighted = weighted_.load(std::memory_order_relaxed);
  // Past a few dozen levels of large branching a leaf's probability is below a double's range:
  // such leaves add nothing to the fraction, and an estimate resting on none is not made.
  if (e.fraction > 0) e.nodes = weighted / e.fraction;
  if (!std::isfinite(e.nodes)) e.nodes = 0;
  // Never fewer nodes than the search has seen: the weighted mean of the paths so far can be.
  if (e.nodes > 0 && e.nodes < static_cast<double>(e.seen)) e.nodes = static_cast<double>(e.seen);
  if (e.fraction > 1) e.fraction = 1;  // rounding, over millions of leaves
  return e;
}

}  // namespace sudokit
