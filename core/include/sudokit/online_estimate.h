// How big is a search tree that is still being searched? Two online estimates, kept as a
// depth-first search runs, at the cost of a multiplication or two per node:
//
// - Knuth's progress fraction (as his dlx programs print it): the share of the tree already
//   searched, measured as the probability that a random root-to-leaf probe (probe.h) would end
//   in a leaf the search has already visited. A leaf under nodes with d1, d2, ..., dk children
//   has probability 1/(d1*d2*...*dk); the fraction is the sum over the leaves visited, and
//   reaches 1 exactly when the search has visited them all.
// - The weighted backtrack estimate of Kilby, Slaney, Thiebaux and Walsh ("Estimating search
//   tree size", AAAI 2006): each leaf visited is a probe that happened to be made, with Knuth's
//   estimate 1 + d1 + d1*d2 + ... + d1*...*dk; weighting each by its probability, the weighted
//   mean over the leaves visited estimates the tree's size, and equals it exactly when the search
//   ends having visited every leaf.
//
// Both need, per depth, the product of the branching factors above and Knuth's partial sum. The
// search reports each node once it knows how many children the node has (0 for a dead end or a
// solution); nothing else. The state, per depth k (root 0), where p_k = d1*...*dk:
//
//     paths_[k].inverse = 1/p_k                        the probability of reaching a node at depth k
//     paths_[k].ratio   = (1 + d1 + ... + p_k) / p_k   Knuth's path estimate, divided by p_k
//
// so a leaf at depth k adds its inverse to the fraction and its ratio (its estimate times its
// probability) to the weighted sum; the estimate is sum / fraction. A probability below the
// smallest normal double counts as 0, and an estimate too large for a double is none: a tree past
// ~1e300 nodes is not one anybody will finish.
//
//   sudokit::OnlineEstimator estimator;
//   limits.estimator = &estimator;           // a backend that searches a tree keeps it (estimates_online())
//   const auto r = solver.solve(puzzle, limits);
//   if (r.estimate) std::cout << r.estimate->nodes << " nodes, " << r.estimate->fraction << " done";
//
// One thread writes (the search); another may read now() at any time, for a progress line: the
// counts are relaxed atomics, each written by plain loads and stores, so the search pays nothing
// for them on common hardware. A reading mixes values a few nodes apart, which a progress line
// does not mind.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

namespace sudokit {

// What the estimator says at one moment.
struct OnlineEstimate {
  double nodes = 0;          // the weighted backtrack estimate of the whole tree's nodes
  double fraction = 0;       // Knuth's progress: the share of the tree searched, by probability
  std::uint64_t seen = 0;    // nodes reported so far (the search's own count, as it tells them)
  std::uint64_t leaves = 0;  // of which leaves: the paths the estimate is made from
};

class OnlineEstimator {
 public:
  OnlineEstimator();
  OnlineEstimator(const OnlineEstimator&) = delete;
  OnlineEstimator& operator=(const OnlineEstimator&) = delete;

  // Forgets the last search: Solver::solve() calls it before each search.
  void start();
  // The search is at a node at `depth` (the root 0, a child one deeper than its parent) and has
  // found that it has `children` children (0: a dead end or a solution, a leaf). Called once per
  // node, before any of its children's calls. A node whose search is cut short by a limit may
  // go unreported.
  void node(std::size_t depth, std::uint64_t children) {
    if (depth + 1 >= paths_.size()) [[unlikely]] grow(depth + 2);
    bump(seen_, 1);
    const Path here = paths_[depth];
    if (children == 0) {
      bump(fraction_, here.inverse);
      bump(weighted_, here.ratio);
      bump(leaves_, 1);
      return;
    }
    // A multiplication where a table has the reciprocal (every Sudoku cell's candidates): a
    // division costs the textbook search a third of its speed.
    const double per_child = children < kReciprocals ? reciprocal_[children] : 1 / static_cast<double>(children);
    double inverse = here.inverse * per_child;
    if (inverse < kSmallest) inverse = 0;  // below a normal double: counts as 0 (subnormals are slow)
    paths_[depth + 1] = {inverse, here.ratio * per_child + 1};
  }
  // The estimates as they stand; nodes is 0 before the first leaf (nothing to estimate from), and
  // when the estimate would not fit in a double; else never below the nodes seen.
  OnlineEstimate now() const;

 private:
  template <class T>
  static void bump(std::atomic<T>& a, std::type_identity_t<T> by) {  // one writer: no read-modify-write needed
    a.store(a.load(std::memory_order_relaxed) + by, std::memory_order_relaxed);
  }
  void grow(std::size_t depths);
  static constexpr std::uint64_t kReciprocals = 65;
  static constexpr double kSmallest = std::numeric_limits<double>::min();
  static_assert(std::atomic<double>::is_always_lock_free && std::atomic<std::uint64_t>::is_always_lock_free,
                "the search's relaxed stores must be plain stores");
  double reciprocal_[kReciprocals];  // 1/d for d < kReciprocals
  struct Path {
    double inverse, ratio;  // see above
  };
  std::vector<Path> paths_;  // per depth; only the search touches them
  std::atomic<double> fraction_{0}, weighted_{0};
  std::atomic<std::uint64_t> seen_{0}, leaves_{0};
};

}  // namespace sudokit
