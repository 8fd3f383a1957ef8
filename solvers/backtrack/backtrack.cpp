#include "sudokit/backtrack/backtrack.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "sudokit/errors.h"

namespace sudokit {

namespace {

// Of the digits in `untried`, the one `probe` picks, alone; none when there are none.
template <typename M>
void keep_one(M& untried, Probe& probe) {
  if (!untried) return;
  for (int k = probe.pick(std::popcount(untried)); k > 0; --k) untried = static_cast<M>(untried & (untried - 1));
  untried = static_cast<M>(untried & (~untried + 1));
}

// Fewest-candidates order: the empty cell with the fewest candidates, ties going to the first
// after the cell chosen last in reading order, wrapping around (jsolve's tie-break, as propagate
// has it: the search stays in the region of its last guess). The cells not yet chosen,
// levels[depth..], are kept in reading order: choose() moves the chosen one to `depth` keeping the
// others' order, and unchoose() puts it back when its level is exhausted. So the choice depends
// only on the path to the node, which a random probe (probe.h) follows too, and not on what the
// search did in other branches (a swap would leave the order, and so every later tie-break, to
// that history, and the probes would estimate another tree).
template <class Level, class Count>
std::size_t fewest(const std::vector<Level>& levels, std::size_t depth, Count count) {
  const std::size_t n = levels.size();
  std::size_t start = depth;  // the first cell after the last chosen one, in reading order
  if (depth > 0)
    while (start < n && levels[start].cell < levels[depth - 1].cell) ++start;
  if (start == n) start = depth;  // none after it: wrap around to the first
  std::size_t best = depth;
  int best_count = kMaxSize + 1;
  for (std::size_t k = 0, i = start; k < n - depth && best_count > 1; ++k, i = i + 1 == n ? depth : i + 1)
    if (const int c = count(levels[i]); c < best_count) best = i, best_count = c;
  return best;
}
template <class Level>
void choose(std::vector<Level>& levels, std::size_t depth, std::size_t best) {
  const auto at = levels.begin() + static_cast<std::ptrdiff_t>(depth);
  std::rotate(at, levels.begin() + static_cast<std::ptrdiff_t>(best), levels.begin() + static_cast<std::ptrdiff_t>(best) + 1);
}
template <class Level>
void unchoose(std::vector<Level>& levels, std::size_t depth) {
  const auto at = levels.begin() + static_cast<std::ptrdiff_t>(depth);
  const auto after = std::find_if(at + 1, levels.end(), [&](const Level& l) { return l.cell > at->cell; });
  std::rotate(at, at + 1, after);
}

// The tree walk of the textbook search, shared by Search (classic shapes, when observed or in
// fewest-candidates order; its plain path has a tighter loop of its own) and VariantSearch: one
// level per empty cell, each trying its untried digits lowest first; a node per digit placed, a
// backtrack per digit taken back. `s` supplies the levels (untried, placed, branching, cell), the
// budget, the sink and the observer, and the steps: enter(depth) picks and loads the cell of a
// level, place/unplace(level) put its digit in and out, solution() reads the grid, observed()
// says whether anyone watches (false at compile time for Search's plain instantiation). Under a
// random probe (probe.h) a level keeps one of its digits, the one the probe picks; an online
// estimator (online_estimate.h) hears of each node as its cell's candidates are known.
template <class S>
StopReason walk(S& s, Stats& stats) {
  const std::size_t depth_max = s.levels_.size();
  std::uint64_t nodes = 1, guesses = 0, backtracks = 0;  // nodes: the root
  StopReason stop = StopReason::none;
  const CountersWatch watch(s.observed() ? s.observer_ : nullptr, [&] {
    Stats now;
    now.nodes = nodes, now.guesses = guesses, now.backtracks = backtracks;
    return now;
  });
  std::size_t depth = 0;
  auto enter = [&] {
    s.enter(depth);
    if (s.estimator_)
      s.estimator_->node(depth, depth < depth_max ? static_cast<std::uint64_t>(std::popcount(s.levels_[depth].untried)) : 0);
    if (s.probe_ && depth < depth_max) keep_one(s.levels_[depth].untried, *s.probe_);
  };
  enter();
  for (;;) {
    if (depth == depth_max) {
      if (s.observed()) s.observer_->solution();
      if (s.sink_.add(s.solution()) || depth == 0) break;
      --depth;
      s.unplace(s.levels_[depth]);
      ++backtracks;
      if (s.observed()) s.observer_->leave(s.watched_[depth].id);
      continue;
    }
    auto& l = s.levels_[depth];
    if (l.untried == 0) {
      if (s.observed() && s.watched_[depth].options == 0)
        s.observer_->dead_end(s.shape_.cell_name(l.cell) + " has no candidate");
      s.exhausted(depth);
      if (depth == 0) break;  // every branch tried
      --depth;
      s.unplace(s.levels_[depth]);
      ++backtracks;
      if (s.observed()) s.observer_->leave(s.watched_[depth].id);
      continue;
    }
    if (s.budget_.charge(nodes + 1)) {
      stop = s.budget_.reason();
      break;
    }
    using M = decltype(l.untried);
    const M bit = static_cast<M>(l.untried & (~l.untried + 1));
    l.untried = static_cast<M>(l.untried ^ bit);
    l.placed = bit;
    s.place(l);
    ++nodes;
    guesses += l.branching;
    if (s.observed()) {
      s.watched_[depth].id = nodes;
      s.observer_->enter(nodes, depth == 0 ? 1 : s.watched_[depth - 1].id, l.cell, std::countr_zero(bit) + 1,
                         s.watched_[depth].options, l.branching ? Reason::choice : Reason::forced);
    }
    ++depth;
    enter();
  }
  stats.nodes = nodes;
  stats.guesses = guesses;
  stats.backtracks = backtracks;
  return stop;
}

// The search, compiled per mask width M (16, 32 or 64 bits) and per number K of units a cell
// belongs to (3 for plain Sudoku; cells in fewer units repeat one, which is harmless because
// units are updated with set/clear rather than toggle).
// kPlain: row-major order and nobody observing — the textbook search with no test in its loop
// for the variant or the observer (the benchmarked path).
template <typename M, int K, bool kPlain>
class Search {
 public:
  Search(const Grid& puzzle, const Limits& limits, BacktrackSolver::CellOrder order)
      : puzzle_(puzzle), shape_(puzzle.shape()), order_(order), budget_(limits), sink_(limits),
        used_(shape_.units().size(), static_cast<M>(~shape_.all_digits())), observer_(limits.observer),
        probe_(kPlain ? nullptr : limits.probe), estimator_(limits.estimator) {}

  Result run() {
    Stats stats;
    for (int cell = 0; cell < shape_.cells(); ++cell) {
      if (puzzle_[cell] == 0) {
        Level level{};
        level.cell = cell;
        const auto units = shape_.units_of(cell);
        for (int k = 0; k < K; ++k)
          level.unit[static_cast<std::size_t>(k)] =
              &used_[static_cast<std::size_t>(units[static_cast<std::size_t>(k) < units.size() ? static_cast<std::size_t>(k) : 0])];
        levels_.push_back(level);
        continue;
      }
      const M bit = static_cast<M>(M{1} << (puzzle_[cell] - 1));
      for (int u : shape_.units_of(cell)) {
        if (used_[static_cast<std::size_t>(u)] & bit) {  // a given repeated in a unit
          stats.nodes = 1;  // the root, a leaf
          if (estimator_) estimator_->node(0, 0);
          stats.seconds = budget_.elapsed_seconds();
          return sink_.finish(StopReason::none, std::move(stats));
        }
        used_[static_cast<std::size_t>(u)] |= bit;
      }
    }
    if (!kPlain && observer_) watched_.resize(levels_.size() + 1);
    for (std::size_t i = 0; i + 1 < levels_.size(); ++i)
      for (M* u : levels_[i].unit)
        if (std::ranges::find(levels_[i + 1].unit, u) != levels_[i + 1].unit.end()) levels_[i].next_peer = static_cast<M>(~M{0});
    for (std::size_t i = 0; i + 2 < levels_.size(); ++i)
      for (M* u : levels_[i].unit)
        if (std::ranges::find(levels_[i + 2].unit, u) != levels_[i + 2].unit.end()) levels_[i].second_peer = static_cast<M>(~M{0});
    depth_max_ = levels_.size();
    const StopReason stop = !kPlain     ? walk(*this, stats)
                            : estimator_ ? search_plain<true>(stats)
                                         : search_plain<false>(stats);
    stats.seconds = budget_.elapsed_seconds();
    return sink_.finish(stop, std::move(stats));
  }

 private:
  struct Level {
    M untried, placed;
    bool branching;  // the cell had two or more candidates when entered
    M next_peer = 0;    // every digit when the next level's cell shares a unit with this one, else none
    M second_peer = 0;  // the same for the level after it
    M next;             // search_plain: the next level's candidates before this level's digit
    M second;           // search_plain: the level after it's, likewise
    M dead;             // search_plain: the digits that would leave the next level none
    int cell;
    std::array<M*, K> unit;  // the masks of the cell's units
  };

  static M mask_if(bool b) { return static_cast<M>(-static_cast<int>(b)); }  // every bit, or none
  M candidates(const Level& l) const {
    M taken = 0;
    for (M* u : l.unit) taken |= *u;
    return static_cast<M>(~taken);
  }
  template <class S>
  friend StopReason walk(S& s, Stats& stats);
  bool observed() const { return !kPlain && observer_; }
  void place(const Level& l, M bit) {
    for (M* u : l.unit) *u |= bit;
  }
  void unplace(const Level& l, M bit) {
    for (M* u : l.unit) *u &= static_cast<M>(~bit);
  }
  void place(const Level& l) { place(l, l.placed); }
  void unplace(const Level& l) { unplace(l, l.placed); }
  void exhausted(std::size_t depth) {
    if (!kPlain && order_ == BacktrackSolver::CellOrder::fewest_candidates) unchoose(levels_, depth);
  }
  void enter(std::size_t depth) {
    if (depth == depth_max_) return;
    if (!kPlain && order_ == BacktrackSolver::CellOrder::fewest_candidates) {
      choose(levels_, depth, fewest(levels_, depth, [&](const Level& l) { return std::popcount(candidates(l)); }));
    }
    Level& l = levels_[depth];
    l.untried = candidates(l);
    l.branching = (l.untried & (l.untried - 1)) != 0;
    if (!kPlain && observer_) watched_[depth].options = std::popcount(l.untried);
  }
  Grid solution() const {
    Grid g = puzzle_;
    for (const Level& l : levels_) g.set(l.cell, std::countr_zero(l.placed) + 1);
    return g;
  }

  // The plain search: the same tree as walk() above, in a tighter loop. Moving to a cell's next
  // digit takes the old one out and puts the new one in with one XOR per unit (the old digit is
  // in each of the cell's units, the new one in none). The two "take the next untried digit"
  // steps below (after backing up, and on a cell just reached) are written out twice on purpose:
  // one shared step, even forced inline, measured 4-7% slower (A/B, forum_hardest_1106).
  //
  // A third of the tree (top1465) is leaves one level down: a digit whose placement leaves the
  // next cell no candidate. Which digits those are ("dead") is known when a cell is reached: all
  // of them when the next cell has no candidate already, else, when the next cell is a peer with
  // one candidate left, that digit. Each is still a node, a guess when the cell branches, and a
  // backtrack, and is counted as one, when the search would visit it (skip_dead, when they stay
  // within the budget's quiet run), without being placed and taken back: the same tree, the
  // same counts. Not with an online estimator, which hears of every node. (Skipping further, a
  // digit whose every next-level digit is dead, was measured slower: see docs/benchmarks.md.)
  //
  // The current level's untried and dead digits, and its next level's candidates, are kept in
  // locals (untried, dead, next), written to the level only for the search's return to it: the
  // units' masks are stores of M, which the compiler must assume may change the level's own
  // fields, so a field read back after them waited on the store (a fifth of the samples, on an
  // AMD Zen 4); and backtracks are not counted in the loop but worked out at the end (below),
  // one register fewer. 1.05-1.08x the code before (A/B, 5 rounds, top1465 and
  // forum_hardest_1106, first 50 each; the same counts).
  //
  // The search is bound by latency more than by work: each step's digit depends on the last
  // one's. So the candidates are worked out two levels ahead: reaching x, the next level's come
  // from what the level above found for two levels on (less its digit, when peers), and only
  // the level after next's are read from the units' masks, whose latest store (the level
  // above's digit) then has two steps to arrive before anything waits on it; reading the next
  // level's from the masks, just after the store, put the store's forwarding on every step.
  // 1.04-1.06x (A/B, 5 rounds, the three 50-puzzle sets; the same counts). A mispredicted
  // branch costs less than a longer chain: the dead-digit skip done without branches ran at
  // 0.7x, with 28% fewer mispredictions (cachegrind's model) and 23% more instructions.
  // kEstimate: an online estimator hears of every node (compiled apart, so that the loop without
  // one has no test for it and one register more).
  template <bool kEstimate>
  StopReason search_plain(Stats& stats) {
    const std::size_t depth_max = depth_max_ = levels_.size();
    std::uint64_t nodes = 1, guesses = 0;
    StopReason stop = StopReason::none;
    // Two sentinels past the last cell, never given a digit: their units are one empty mask
    // (never written), so that the last cells' candidates two levels on are every bit and none
    // of the last cell's digits is dead, with no test for the end of the grid.
    Level sentinel{};
    M empty = 0;
    sentinel.unit.fill(&empty);
    levels_.push_back(sentinel);
    levels_.push_back(sentinel);
    Level* const first = levels_.data();
    Level* const last = first + depth_max;
    Level* l = first;
    OnlineEstimator* const estimator = kEstimate ? estimator_ : nullptr;
    M untried = 0, dead = 0, next = 0, second = 0;
    // The budget in a register: nodes up to `quiet` need no call (budget_.quiet_until); the
    // first past it is charged with the quiet ones before it.
    std::uint64_t quiet = budget_.quiet_until(nodes);
    const auto over_budget = [&](std::uint64_t n) __attribute__((always_inline)) {
      if (n <= quiet) return false;
      const bool stop_now = budget_.charge_after_quiet(n);
      quiet = budget_.quiet_until(n);
      return stop_now;
    };
    // Reaching x, the digit `placed` just put in the level above: x's candidates, which of them
    // are dead, and the next level's candidates. Inlined on purpose: as a call, its register
    // saves cost 10% of the search.
    auto enter = [&](Level* x, M placed, bool at_first) __attribute__((always_inline)) {
      dead = 0;
      if (x == last) {
        if constexpr (kEstimate) estimator->node(depth_max, 0);  // a solution
        untried = 0;
        return;
      }
      if (at_first || kEstimate) {
        untried = candidates(*x);
      } else {  // what the level above worked out, less its digit when the cells are peers
        untried = static_cast<M>(next & ~(placed & x[-1].next_peer));
      }
      x->branching = (untried & (untried - 1)) != 0;
      if constexpr (kEstimate) {
        estimator->node(static_cast<std::size_t>(x - first), static_cast<std::uint64_t>(std::popcount(untried)));
        return;
      }
      // No test for the last cell (the sentinel's candidates are every bit) or for a cell with
      // no candidate (none of its digits is dead, as it has none).
      if (at_first) {
        next = candidates(x[1]);
      } else {
        next = static_cast<M>(second & ~(placed & x[-1].second_peer));
      }
      x->next = next;
      second = x->second = candidates(x[2]);
      // As masks, not branches: which case holds is as hard to predict as the search itself.
      const M lone = static_cast<M>(next & mask_if((next & (next - 1)) == 0));
      dead = x->dead = static_cast<M>(untried & ((lone & x->next_peer) | mask_if(next == 0)));
    };
    // The dead digits of x below its next live one (all, when none is live): each a node, a
    // guess when x branches, and a backtrack, counted here in the order the search would visit
    // them, so that a search ended by a solution limit counts the same nodes.
    auto skip_dead = [&](const Level* x) __attribute__((always_inline)) {
      const M skippable = static_cast<M>(untried & dead);
      if (skippable == 0) return;
      const M live = static_cast<M>(untried & ~dead);
      const M skipped = live == 0 ? skippable : static_cast<M>(skippable & ((live & (~live + 1)) - 1));
      if (skipped == 0) return;
      const auto k = static_cast<std::uint32_t>(std::popcount(skipped));
      if (nodes + k > quiet) return;  // a limit or a clock read among them: step through them
      nodes += k;
      guesses += x->branching ? k : 0;
      untried = static_cast<M>(untried ^ skipped);
    };
    enter(l, 0, true);
    if (l == last && sink_.add(solution_of(first, last))) l = nullptr;  // no empty cell
    if (l != nullptr) skip_dead(l);
    while (l != nullptr) {
      M bit = 0;
      if (untried == 0) {  // back up to the nearest level with a digit left to try
        bool advanced = false;
        while (l != first) {
          --l;
          const M old = l->placed;
          untried = l->untried;
          dead = l->dead;
          skip_dead(l);
          if (untried == 0) {
            unplace(*l, old);
            continue;
          }
          if (over_budget(nodes + 1)) {
            stop = budget_.reason();
            break;
          }
          bit = static_cast<M>(untried & (~untried + 1));
          untried = static_cast<M>(untried ^ bit);
          l->untried = untried;
          l->placed = bit;
          for (M* u : l->unit) *u ^= static_cast<M>(old | bit);
          next = l->next;
          second = l->second;
          ++nodes;
          guesses += l->branching;
          advanced = true;
          break;
        }
        if (!advanced) break;  // the root is exhausted, or a limit
      } else {
        if (over_budget(nodes + 1)) {
          stop = budget_.reason();
          break;
        }
        bit = static_cast<M>(untried & (~untried + 1));
        untried = static_cast<M>(untried ^ bit);
        l->untried = untried;
        l->placed = bit;
        place(*l, bit);
        ++nodes;
        guesses += l->branching;
      }
      ++l;
      enter(l, bit, false);
      if (l == last && sink_.add(solution_of(first, last))) break;
      skip_dead(l);
    }
    levels_.pop_back();
    levels_.pop_back();
    stats.nodes = nodes;
    stats.guesses = guesses;
    // Every node but the root is taken back once, except those on the path where the search
    // ended: the levels above l (l, on the sentinel, after a solution that ended it; none when
    // there was no empty cell and that solution ended it, l null).
    stats.backtracks = l == nullptr ? 0 : nodes - 1 - static_cast<std::uint64_t>(l - first);
    return stop;
  }

  Grid solution_of(const Level* first, const Level* last) const {
    Grid g = puzzle_;
    for (const Level* l = first; l != last; ++l) g.set(l->cell, std::countr_zero(l->placed) + 1);
    return g;
  }

  const Grid& puzzle_;
  const Shape& shape_;
  BacktrackSolver::CellOrder order_;
  SearchBudget budget_;
  SolutionSink sink_;
  // used_[u]: the digits unit u holds, and every bit above the grid's digits, so that a cell's
  // candidates are the bits none of its units has (one operation fewer, and no mask to keep in a
  // register, in the search's hottest step).
  std::vector<M> used_;
  SearchObserver* observer_;
  Probe* probe_;  // a random probe's (never on the plain path)
  OnlineEstimator* estimator_;  // the online estimate's
  // Per level, only when observed (kept out of Level to keep the hot loop's data small): the
  // node that holds the level's placement, and how many candidates the cell had.
  struct Watched {
    std::uint64_t id = 0;
    int options = 0;
  };
  std::vector<Watched> watched_;
  std::vector<Level> levels_;
  std::size_t depth_max_ = 0;  // levels_.size(), kept: the loop would otherwise divide by sizeof(Level)
};

// The search for shapes with groups, extra pairs or cages (variant rules beyond full units): the
// same tree walk (walk() above: one level per empty cell, digits in increasing order, row-
// major or fewest-candidates order), with a cell's candidates taken from its units' and groups'
// masks, its extra partners' digits, and its cages' sums. A digit that would make a cage's sum
// unreachable is no candidate: the cage's placed digits plus it must leave a total the cage's
// remaining cells can make with different digits it does not hold yet (between the sum of the
// smallest and of the largest such digits), and a full cage must make its sum exactly. Classic
// shapes and shapes with only full units never come here (Search above, unchanged).
template <typename M>
class VariantSearch {
 public:
  VariantSearch(const Grid& puzzle, const Limits& limits, BacktrackSolver::CellOrder order)
      : puzzle_(puzzle), shape_(puzzle.shape()), order_(order), budget_(limits), sink_(limits),
        all_(static_cast<M>(shape_.all_digits())), observer_(limits.observer), probe_(limits.probe),
        estimator_(limits.estimator) {
    const int units = static_cast<int>(shape_.units().size());
    used_.assign(shape_.units().size() + shape_.groups().size(), 0);
    value_.assign(static_cast<std::size_t>(shape_.cells()), 0);
    slots_.resize(static_cast<std::size_t>(shape_.cells()));
    partners_.resize(static_cast<std::size_t>(shape_.cells()));
    for (int cell = 0; cell < shape_.cells(); ++cell) {
      auto& slots = slots_[static_cast<std::size_t>(cell)];
      for (int u : shape_.units_of(cell)) slots.push_back(u);
      for (int g : shape_.groups_of(cell)) slots.push_back(units + g);
    }
    for (auto [a, b] : shape_.extra_pairs()) {
      partners_[static_cast<std::size_t>(a)].push_back(b);
      partners_[static_cast<std::size_t>(b)].push_back(a);
    }
    for (const CageTable& c : shape_.cages()) cages_.push_back({c.sum, static_cast<int>(c.cells.size()), 0, 0, 0});
  }

  Result run() {
    Stats stats;
    bool ok = true;
    for (int cell = 0; cell < shape_.cells() && ok; ++cell) {
      if (puzzle_[cell] == 0) {
        levels_.push_back(Level{0, 0, false, cell});
        continue;
      }
      const M bit = static_cast<M>(M{1} << (puzzle_[cell] - 1));
      ok = (clashes(cell) & bit) == 0;  // a given repeated in a unit or group, or beside a partner
      if (ok) place(cell, bit);
    }
    for (const Cage& c : cages_) ok = ok && (c.placed < c.size || c.sum == 0 || c.total == c.sum);
    if (!ok) {
      stats.nodes = 1;  // the root, a leaf
      if (estimator_) estimator_->node(0, 0);
      stats.seconds = budget_.elapsed_seconds();
      return sink_.finish(StopReason::none, std::move(stats));
    }
    if (observer_) watched_.resize(levels_.size() + 1);
    const StopReason stop = walk(*this, stats);
    stats.seconds = budget_.elapsed_seconds();
    return sink_.finish(stop, std::move(stats));
  }

 private:
  struct Level {
    M untried, placed;
    bool branching;
    int cell;
  };
  struct Cage {
    int sum, size, placed, total;
    M digits;  // the digits placed in it
  };

  // The digits a unit, group or partner of `cell` holds.
  M clashes(int cell) const {
    M taken = 0;
    for (int slot : slots_[static_cast<std::size_t>(cell)]) taken |= used_[static_cast<std::size_t>(slot)];
    for (int p : partners_[static_cast<std::size_t>(cell)])
      if (const int v = value_[static_cast<std::size_t>(p)]) taken |= static_cast<M>(M{1} << (v - 1));
    return taken;
  }
  // Whether `bit` can go in cage c: the rest of the cage can still make its sum.
  bool fits(const Cage& c, M bit) const {
    if (c.sum == 0) return true;
    const int total = c.total + std::countr_zero(bit) + 1, left = c.size - c.placed - 1;
    if (left == 0) return total == c.sum;
    const int need = c.sum - total;
    int low = 0, high = 0;
    M free = static_cast<M>(all_ & ~(c.digits | bit));
    for (int i = 0; i < left && free; ++i) {  // the smallest `left` digits still free
      low += std::countr_zero(free) + 1;
      free = static_cast<M>(free & (free - 1));
    }
    free = static_cast<M>(all_ & ~(c.digits | bit));
    for (int i = 0; i < left && free; ++i) {  // and the largest
      const int top = std::bit_width(static_cast<std::uint64_t>(free)) - 1;
      high += top + 1;
      free = static_cast<M>(free & ~(M{1} << top));
    }
    return std::popcount(static_cast<std::uint64_t>(all_ & ~(c.digits | bit))) >= left && low <= need && need <= high;
  }
  M candidates(int cell) const {
    M c = static_cast<M>(all_ & ~clashes(cell));
    for (int k : shape_.cages_of(cell))
      for (M rest = c; rest; rest = static_cast<M>(rest & (rest - 1))) {
        const M bit = static_cast<M>(rest & (~rest + 1));
        if (!fits(cages_[static_cast<std::size_t>(k)], bit)) c = static_cast<M>(c & ~bit);
      }
    return c;
  }
  void place(int cell, M bit) {
    for (int slot : slots_[static_cast<std::size_t>(cell)]) used_[static_cast<std::size_t>(slot)] |= bit;
    value_[static_cast<std::size_t>(cell)] = std::countr_zero(bit) + 1;
    for (int k : shape_.cages_of(cell)) {
      Cage& c = cages_[static_cast<std::size_t>(k)];
      ++c.placed, c.total += std::countr_zero(bit) + 1, c.digits |= bit;
    }
  }
  template <class S>
  friend StopReason walk(S& s, Stats& stats);
  bool observed() const { return observer_ != nullptr; }
  void place(const Level& l) { place(l.cell, l.placed); }
  void unplace(const Level& l) { unplace(l.cell, l.placed); }
  void unplace(int cell, M bit) {
    for (int slot : slots_[static_cast<std::size_t>(cell)]) used_[static_cast<std::size_t>(slot)] &= static_cast<M>(~bit);
    value_[static_cast<std::size_t>(cell)] = 0;
    for (int k : shape_.cages_of(cell)) {
      Cage& c = cages_[static_cast<std::size_t>(k)];
      --c.placed, c.total -= std::countr_zero(bit) + 1, c.digits &= static_cast<M>(~bit);
    }
  }
  void exhausted(std::size_t depth) {
    if (order_ == BacktrackSolver::CellOrder::fewest_candidates) unchoose(levels_, depth);
  }
  void enter(std::size_t depth) {
    if (depth == levels_.size()) return;
    if (order_ == BacktrackSolver::CellOrder::fewest_candidates) {
      choose(levels_, depth, fewest(levels_, depth, [&](const Level& l) {
               return std::popcount(static_cast<std::uint64_t>(candidates(l.cell)));
             }));
    }
    Level& l = levels_[depth];
    l.untried = candidates(l.cell);
    l.branching = (l.untried & (l.untried - 1)) != 0;
    if (observer_) watched_[depth].options = std::popcount(static_cast<std::uint64_t>(l.untried));
  }
  Grid solution() const {
    Grid g = puzzle_;
    for (const Level& l : levels_) g.set(l.cell, std::countr_zero(l.placed) + 1);
    return g;
  }

  const Grid& puzzle_;
  const Shape& shape_;
  BacktrackSolver::CellOrder order_;
  SearchBudget budget_;
  SolutionSink sink_;
  M all_;
  SearchObserver* observer_;
  Probe* probe_;
  OnlineEstimator* estimator_;
  std::vector<M> used_;                        // units, then groups: the digits each holds
  std::vector<int> value_;                     // each cell's digit, 0 while empty
  std::vector<std::vector<int>> slots_;        // each cell's units and groups, as indices into used_
  std::vector<std::vector<int>> partners_;     // each cell's extra pairs' other cells
  std::vector<Cage> cages_;
  struct Watched {
    std::uint64_t id = 0;
    int options = 0;
  };
  std::vector<Watched> watched_;
  std::vector<Level> levels_;
};

template <typename M>
Result run_with_mask(const Grid& puzzle, const Limits& limits, BacktrackSolver::CellOrder order) {
  const Shape& shape = puzzle.shape();
  if (!shape.groups().empty() || !shape.extra_pairs().empty() || !shape.cages().empty())
    return VariantSearch<M>(puzzle, limits, order).run();
  std::size_t k = 0, fewest = kMaxSize;
  for (int cell = 0; cell < puzzle.cells(); ++cell) {
    k = std::max(k, puzzle.shape().units_of(cell).size());
    fewest = std::min(fewest, puzzle.shape().units_of(cell).size());
  }
  // The plain search moves a cell to its next digit with one XOR per unit slot, which a unit
  // repeated to fill K slots (a cell off the diagonals of an X grid) would cancel: it runs only
  // when every cell is in K units (classic grids, and jigsaw, windoku-free shapes alike).
  if (order == BacktrackSolver::CellOrder::row_major && limits.observer == nullptr && limits.probe == nullptr &&
      fewest == k) {
    switch (k) {
      case 3: return Search<M, 3, true>(puzzle, limits, order).run();
      case 4: return Search<M, 4, true>(puzzle, limits, order).run();
      case 5: return Search<M, 5, true>(puzzle, limits, order).run();
      case 6: return Search<M, 6, true>(puzzle, limits, order).run();
      default: break;
    }
  }
  switch (k) {
    case 3: return Search<M, 3, false>(puzzle, limits, order).run();
    case 4: return Search<M, 4, false>(puzzle, limits, order).run();
    case 5: return Search<M, 5, false>(puzzle, limits, order).run();
    case 6: return Search<M, 6, false>(puzzle, limits, order).run();
    default: throw UsageError("backtrack: cells in more than 6 units are not supported");
  }
}

}  // namespace

BackendInfo BacktrackSolver::info() {
  BackendInfo i;
  i.name = "backtrack";
  i.probes = true;
  i.summary = "textbook depth-first search: row-major cells, digits in order; Algorithm X on plain arrays";
  i.sudoku = true;
  i.exact_cover = true;
  i.work = {"checks"};
  i.default_budget = 2'000'000;  // about 0.017 s at its 120 million nodes per second (17-clue puzzles)
  i.options = "order=rowmajor|fewest";
  return i;
}

std::unique_ptr<Solver> BacktrackSolver::create(const SolverOptions& options) {
  CellOrder order = CellOrder::row_major;
  if (auto o = options.take("order")) {
    if (*o == "fewest") order = CellOrder::fewest_candidates;
    else if (*o != "rowmajor") throw UsageError("backtrack: order is rowmajor or fewest, not '" + *o + "'");
  }
  return std::make_unique<BacktrackSolver>(order);
}

std::string BacktrackSolver::options() const {
  return order_ == CellOrder::row_major ? "order=rowmajor" : "order=fewest";
}

Result BacktrackSolver::search(const Grid& puzzle, const Limits& limits) {
  const int n = puzzle.size();
  if (n <= 16) return run_with_mask<std::uint16_t>(puzzle, limits, order_);
  if (n <= 32) return run_with_mask<std::uint32_t>(puzzle, limits, order_);
  return run_with_mask<std::uint64_t>(puzzle, limits, order_);
}

}  // namespace sudokit
