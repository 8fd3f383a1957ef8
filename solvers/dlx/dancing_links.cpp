#include "sudokit/dlx/dancing_links.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <limits>
#include <string>

#include "sudokit/errors.h"

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace sudokit {

namespace {
inline std::size_t z(int i) { return static_cast<std::size_t>(i); }
}  // namespace

DancingLinks::DancingLinks(const ExactCover& xc, Choice choice)
    : items_(xc.item_count()), primary_(xc.primary), forced_below_(choice == Choice::fast ? 2 : 1),
      active_primary_(xc.primary) {
  const int n = items_;
  std::size_t total = z(n) + 2;
  for (const auto& o : xc.options) total += o.size() + 1;
  if (total > std::numeric_limits<Link>::max() / kStep)  // a link is a byte offset (below)
    throw UsageError("an exact-cover matrix of " + std::to_string(total) +
                     " nodes is more than dancing links can hold (" +
                     std::to_string(std::numeric_limits<Link>::max() / kStep) + ")");
  // The choice of item scans whole blocks of lengths; entries that must never win (index 0, the
  // padding, secondary items) carry kCovered, as covered items do.
  const int scanned = (primary_ + 1 + kBlock - 1) / kBlock * kBlock;
  len_.assign(z(std::max(n + 1, scanned)), kCovered);
  node_.assign(total, Node{0, 0, 0});
  option_of_.assign(total, -1);
  if (xc.has_colours()) colour_.assign(total, 0);
  // The options' nodes in order, each option followed by a spacer; the vertical links are made
  // by preselect() below, with nothing committed.
  item_options_start_.assign(z(n) + 2, 0);
  int p = n + 1;  // the first spacer
  int last_spacer = p;
  for (std::size_t k = 0; k < xc.options.size(); ++k) {
    const int first = p + 1;
    option_first_.push_back(first);
    primary_in_option_.push_back(static_cast<int>(
        std::count_if(xc.options[k].begin(), xc.options[k].end(), [&](int item) { return xc.is_primary(item); })));
    for (std::size_t e = 0; e < xc.options[k].size(); ++e) {
      const int i = xc.options[k][e] + 1;
      ++p;
      if (xc.has_colours()) colour_[z(p)] = xc.option_colours[k][e];
      node_[z(p)].top = i;
      option_of_[z(p)] = static_cast<int>(k);
      ++item_options_start_[z(i) + 1];
    }
    node_[z(last_spacer)].down = link_of(p);  // spacer before: its dlink is this option's last node
    ++p;
    node_[z(p)].top = -static_cast<int>(k) - 1;
    node_[z(p)].up = link_of(first);       // spacer after: its ulink is this option's first node
    last_spacer = p;
  }
  // Each item's options, in order (counted above, placed now).
  for (int i = 1; i <= n; ++i) item_options_start_[z(i) + 1] += item_options_start_[z(i)];
  item_options_.resize(z(item_options_start_[z(n) + 1]));
  std::vector<int> filled(item_options_start_.begin(), item_options_start_.end() - 1);
  for (std::size_t k = 0; k < xc.options.size(); ++k)
    for (const int item : xc.options[k]) item_options_[z(filled[z(item) + 1]++)] = static_cast<int>(k);
  committed_.assign(z(n) + 2, 0);
  gone_.assign(xc.options.size(), 0);
  kept_.assign(xc.options.size(), 0);
  last_.assign(z(n) + 2, 0);
  preselect({});
}

// Hides the other nodes of p's option: each leaves its item's list. Knuth's walk: to the right
// up to the spacer, then back to the option's first node. Returns the links changed.
// With colours, a node already purified (colour -1) agrees with what was chosen and stays.
template <bool kColours, bool kTrack>
[[gnu::always_inline]] inline std::uint64_t DancingLinks::hide(Link p, Tally& t) {
  unsigned char* const nodes = base();
  int* len = len_.data();
  std::uint64_t updates = 0;
  int least_len = t.least_len, least_item = t.least_item;
  for (Link q = p + kStep; q != p;) {
    const Node& n = at(nodes, q);
    const int x = n.top;
    const Link u = n.up, d = n.down;
    if (x <= 0) {
      q = u;  // a spacer: back to the first node of this option
    } else if (kColours && colour_[index_of(q)] < 0) {
      q += kStep;
    } else {
      at(nodes, u).down = d;
      at(nodes, d).up = u;
      const int left = --len[x];
      if constexpr (kTrack) {
        const bool fewer = left < least_len;  // the first item to drop lowest: a choice without a scan
        least_len = fewer ? left : least_len;
        least_item = fewer ? x : least_item;
      }
      ++updates;
      q += kStep;
    }
  }
  if constexpr (kTrack) t.least_len = least_len, t.least_item = least_item;
  return updates;
}

template <bool kColours>
[[gnu::always_inline]] inline void DancingLinks::unhide(Link p) {
  unsigned char* const nodes = base();
  int* len = len_.data();
  for (Link q = p - kStep; q != p;) {
    const Node& n = at(nodes, q);
    const int x = n.top;
    const Link u = n.up, d = n.down;
    if (x <= 0) {
      q = d;  // a spacer: on to the last node of this option
    } else if (kColours && colour_[index_of(q)] < 0) {
      q -= kStep;
    } else {
      at(nodes, u).down = q;
      at(nodes, d).up = q;
      ++len[x];
      q -= kStep;
    }
  }
}

// Mems as dlx1 charges cover(): 3 to unlink the item, 1 per option visited and 1 to end the list,
// 2 per spacer and 6 per node hidden (read its links and item, relink its neighbours, update
// its item's length). uncover() costs the same, charged here too (a search undoes every cover).
template <bool kColours, bool kTrack>
[[gnu::always_inline]] inline void DancingLinks::cover(int i, Tally& t) {
  std::uint64_t updates = 1;  // the item leaving the active ones (dlx1 unlinks it from its list)
  const std::uint64_t rows = static_cast<std::uint32_t>(len_[z(i)]) & (kCovered - 1);  // options in its list
  // The next node is read before hiding this one: hide() changes other items' lists only, but
  // the compiler cannot know that, and would wait for its stores before the next load.
  unsigned char* const nodes = base();
  const Link head = link_of(i);
  for (Link p = at(nodes, head).down; p != head;) {
    const Link next = at(nodes, p).down;
    updates += hide<kColours, kTrack>(p, t);
    p = next;
  }
  len_[z(i)] += kCovered;  // the item leaves the active ones
  t.updates += updates;
  t.rows += rows;
  ++t.covers;
}

template <bool kColours>
[[gnu::always_inline]] inline void DancingLinks::uncover(int i) {
  len_[z(i)] -= kCovered;
  unsigned char* const nodes = base();
  const Link head = link_of(i);
  for (Link p = at(nodes, head).up; p != head;) {
    const Link next = at(nodes, p).up;
    unhide<kColours>(p);
    p = next;
  }
}

// A coloured secondary item of a chosen option: the options giving it another colour (or none)
// are hidden, those giving it the same colour are marked as agreeing (dlx2's purify). The chosen
// option's own node is not in the item's list any more: cover(best) hid it.
template <bool kTrack>
void DancingLinks::purify(Link p, Tally& t) {
  const int colour = colour_[index_of(p)];
  const Link head = link_of(at(p).top);
  std::uint64_t updates = 0, rows = 0;
  for (Link q = at(head).down; q != head; q = at(q).down, ++rows) {
    if (colour_[index_of(q)] == colour) colour_[index_of(q)] = -1;
    else updates += hide<true, kTrack>(q, t);
  }
  t.purified_updates += updates;
  t.mems += 2 * (3 + 3 * rows + 6 * updates);
}

void DancingLinks::unpurify(Link p) {
  const int colour = colour_[index_of(p)];
  const Link head = link_of(at(p).top);
  for (Link q = at(head).up; q != head; q = at(q).up) {
    if (colour_[index_of(q)] < 0) colour_[index_of(q)] = colour;
    else unhide<true>(q);
  }
}

// Covers the chosen option's other items; with colours, purifies a coloured one, and leaves one
// that an earlier choice already purified to the same colour (-1). Returns how many other items
// it has, counted on the way, for the mems the caller charges.
template <bool kColours, bool kTrack>
[[gnu::always_inline]] inline int DancingLinks::cover_rest(Link x, Tally& t) {
  int others = 0;
  for (Link p = x + kStep; p != x;) {
    const int j = at(p).top;
    if (j <= 0) {
      p = at(p).up;
    } else {
      ++others;
      if (!kColours || colour_[index_of(p)] == 0) cover<kColours, kTrack>(j, t);
      else if (colour_[index_of(p)] > 0) purify<kTrack>(p, t);
      p += kStep;
    }
  }
  return others;
}

template <bool kColours>
[[gnu::always_inline]] inline void DancingLinks::uncover_rest(Link x) {
  for (Link p = x - kStep; p != x;) {
    const int j = at(p).top;
    if (j <= 0) {
      p = at(p).down;
    } else {
      if (!kColours || colour_[index_of(p)] == 0) uncover<kColours>(j);
      else if (colour_[index_of(p)] > 0) unpurify(p);
      p -= kStep;
    }
  }
}

// Covering the givens one by one, as if chosen, costs a scattered update per link, and taking them
// back as much again; a 9x9 puzzle's givens hide most of the matrix. What the covers leave does
// not depend on their order: the items of the givens covered, and in each other item's list the
// options that share no item with a given, in their order. So the options the givens' items hold
// are marked gone, and every list is linked afresh from the options kept, whatever the matrix held
// before. A node not linked keeps stale links: it is in no item's list, and nothing the search
// does reaches it. On easy puzzles, where setting up was a third of the
// time, 19% more puzzles a second (median of 5 alternated rounds) than covering the givens and
// copying the built matrix back after; top1465 and 17_clue unchanged (docs/benchmarks.md).
bool DancingLinks::preselect(std::span<const int> options) {
  if (++stamp_ == 0) {  // after 2^32 puzzles: old marks could pass for new ones
    std::fill(committed_.begin(), committed_.end(), 0);
    std::fill(gone_.begin(), gone_.end(), 0);
    stamp_ = 1;
  }
  const std::uint32_t stamp = stamp_;
  bool clash = false;
  active_primary_ = primary_;
  for (const int option : options) {
    for (int p = option_first_[z(option)]; node_[z(p)].top > 0; ++p) {
      const int i = node_[z(p)].top;
      const bool again = committed_[z(i)] == stamp;
      clash = clash || again;
      active_primary_ -= i <= primary_ && !again;  // each item once, even when two givens share it
      committed_[z(i)] = stamp;
      for (int k = item_options_start_[z(i)]; k < item_options_start_[z(i) + 1]; ++k) gone_[z(item_options_[z(k)])] = stamp;
    }
  }
  // Each item's list starts empty; the options left are appended in their order, a node each.
  Node* node = node_.data();
  unsigned char* const nodes = base();
  int* len = len_.data();
  Link* last = last_.data();
  for (int i = 1; i <= items_; ++i) {
    last[i] = link_of(i);
    // Secondary items are never chosen: kCovered always; a covered item: kCovered more.
    len[i] = (i > primary_ ? kCovered : 0) + (committed_[z(i)] == stamp ? kCovered : 0);
  }
  const std::uint32_t* gone = gone_.data();
  const int option_count = static_cast<int>(option_first_.size());
  int kept = 0;
  for (int o = 0; o < option_count; ++o) {  // without a branch on the data
    kept_[z(kept)] = o;
    kept += gone[o] != stamp;
  }
  for (int k = 0; k < kept; ++k) {
    for (int p = option_first_[z(kept_[z(k)])]; node[p].top > 0; ++p) {
      const int i = node[p].top;
      node[p].up = last[i];
      at(nodes, last[i]).down = link_of(p);
      last[i] = link_of(p);
      ++len[i];
    }
  }
  for (int i = 1; i <= items_; ++i) {
    at(nodes, last[i]).down = link_of(i);
    node[i].up = last[i];
  }
  assert(links_ok());
  return !clash;
}

StopReason DancingLinks::search(SearchBudget& budget, const Visit& visit, Counts& c, Watcher* watcher, Probe* probe,
                                OnlineEstimator* estimator) {
  assert(links_ok());
  StopReason stop = StopReason::none;
  watcher_ = watcher;
  probe_ = probe;
  estimator_ = estimator;
  least_len_ = kCovered, least_item_ = 0;  // the root scans: no choice depends on an earlier puzzle
  chosen_.resize(z(primary_) + 1);          // each level covers a primary item: no deeper level
  // Only the fast choice reads what the covers left (least_len_); Knuth's scans at every level.
  const bool track = forced_below_ > 1;
  ++c.mems;  // the root's link, read by the root level
  if (colour_.empty()) {
    if (track) solve_level<false, true>(0, 1, active_primary_, budget, visit, c, stop);
    else solve_level<false, false>(0, 1, active_primary_, budget, visit, c, stop);
  } else {
    if (track) solve_level<true, true>(0, 1, active_primary_, budget, visit, c, stop);
    else solve_level<true, false>(0, 1, active_primary_, budget, visit, c, stop);
  }
  watcher_ = nullptr;
  probe_ = nullptr;
  estimator_ = nullptr;
  assert(links_ok());
  return stop;
}

// One level of Algorithm X; returns true when the search must end. Every cover is undone before
// returning, so the matrix comes back intact however the search ends. `flatten` inlines cover,
// hide and the rest into the search loop (a few percent, measured).
template <bool kColours, bool kTrack>
[[gnu::flatten]] bool DancingLinks::solve_level(std::size_t level, std::uint64_t id, int active, SearchBudget& budget,
                                                const Visit& visit, Counts& c, StopReason& stop) {
  // dlx1 reads the root's link here to see whether a solution is reached: 1 mem, charged by
  // the caller (search() for the root, the parent level for the rest).
  if (active == 0) {  // every primary item covered: a solution
    if (estimator_) estimator_->node(level, 0);
    if (watcher_) watcher_->solution();
    solution_.clear();
    for (std::size_t l = 0; l < level; ++l) solution_.push_back(option_of_[index_of(chosen_[l])]);
    return visit(solution_);
  }
  const auto [best, fewest] = choose_item<kTrack>();
  if (level + 1 > c.max_depth) c.max_depth = level + 1;
  if (watcher_ && fewest == 0) watcher_->dead_end(best - 1);
  if (estimator_) estimator_->node(level, static_cast<std::uint64_t>(fewest));
  // Each option's child chooses among what cover(best) and that option's covers left.
  // The covers' work is tallied in registers and added to the counts once per node.
  Tally best_work;
  cover<kColours, kTrack>(best, best_work);
  c.updates += best_work.all_updates();
  // dlx1's scan of the active items, and reading the first option.
  c.mems += best_work.all_mems() + 3 + 2 * static_cast<std::uint64_t>(active);
  const bool branching = fewest >= 2;
  bool halt = false;
  const Link head = link_of(best);
  Link x = at(head).down;
  if (probe_ && fewest > 0)  // a random probe tries one option: the one it picks
    for (int k = probe_->pick(fewest); k > 0; --k) x = at(x).down;
  for (; x != head; x = at(x).down) {
    if (budget.charge(c.nodes + 1)) {
      stop = budget.reason();
      halt = true;
      break;
    }
    ++c.nodes;
    c.guesses += branching;

    const std::uint64_t child = c.nodes;
    if (watcher_) watcher_->enter(child, id, option_of_[index_of(x)], best - 1, fewest);
    chosen_[level] = x;
    Tally work;
    if constexpr (kTrack) work.least_len = best_work.least_len, work.least_item = best_work.least_item;
    const int others = cover_rest<kColours, kTrack>(x, work);
    if constexpr (kTrack) least_len_ = work.least_len, least_item_ = work.least_item;  // for the child's choice
    const int primaries = primary_in_option_[z(option_of_[index_of(x)])] - 1;  // besides `best`
    // dlx1: take this option and come back to it (4), read its other nodes and spacer to cover
    // and again to uncover them (2 per node, 4 for the spacer); the child's root link (1).
    c.updates += work.all_updates();
    c.mems += work.all_mems() + 9 + 2 * static_cast<std::uint64_t>(others);
    halt = solve_level<kColours, kTrack>(level + 1, child, active - 1 - primaries, budget, visit, c, stop);
    uncover_rest<kColours>(x);
    c.backtracks += !halt;  // counted before the watcher hears of it, which may show the count
    if (watcher_) watcher_->leave(child);
    if (halt || probe_) break;
  }
  uncover<kColours>(best);
  return halt;
}

// The active primary item with the fewest options. Choice::knuth takes the first such item in
// item order, as dlx1 does (a scan may stop at an item with no option: nothing beats it, and
// which empty item fails costs the same). Choice::fast takes, first, an item that the covers since
// the last choice left with one option or none (kudoku's trick: most choices are forced, and the
// covers just made them so); failing that, a scan in item order, where an item with at most one
// option ends the scan at once. The scan runs over the
// contiguous lengths, in item order: a covered item's length carries kCovered, so it never
// wins. With AVX2 it takes 8 items per
// step: first looking for a forced item while keeping the running minimum, then, only when there
// was none, for the first item with that minimum.
template <bool kTrack>
std::pair<int, int> DancingLinks::choose_item() const {
  const int* len = len_.data();
  if (kTrack && least_len_ < forced_below_ && len[least_item_] == least_len_) return {least_item_, least_len_};
  const int blocks = (primary_ + kBlock) / kBlock;  // items 1..primary, with index 0 in the first
#if defined(__AVX2__)
  static_assert(kBlock % 8 == 0);
  const int steps = blocks * (kBlock / 8);
  auto load = [&](int step) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(len + step * 8)); };
  auto lanes = [](__m256i mask) { return _mm256_movemask_ps(_mm256_castsi256_ps(mask)); };
  const __m256i forced_below = _mm256_set1_epi32(forced_below_);
  __m256i least = _mm256_set1_epi32(kCovered);
  for (int step = 0; step < steps; ++step) {
    const __m256i v = load(step);
    // Knuth's choice has nothing to gain by stopping early: an empty item is the first minimum.
    if (kTrack) {
      if (const int forced = lanes(_mm256_cmpgt_epi32(forced_below, v))) {
        const int best = step * 8 + std::countr_zero(static_cast<unsigned>(forced));
        return {best, len[best]};
      }
    }
    least = _mm256_min_epi32(least, v);
  }
  __m128i m = _mm_min_epi32(_mm256_castsi256_si128(least), _mm256_extracti128_si256(least, 1));
  m = _mm_min_epi32(m, _mm_shuffle_epi32(m, 0x4e));
  m = _mm_min_epi32(m, _mm_shuffle_epi32(m, 0xb1));
  const int fewest = _mm_cvtsi128_si32(m);
  const __m256i target = _mm256_set1_epi32(fewest);
  if (!kTrack) {
    // Up to 64 items at a time with no branch on the data: where the first minimum lies varies
    // from level to level, and a mispredicted exit costs more than the loads saved.
    for (int base = 0;; base += 8) {
      std::uint64_t hits = 0;
      const int end = std::min(steps, base + 8);
      for (int step = base; step < end; ++step)
        hits |= static_cast<std::uint64_t>(static_cast<unsigned>(lanes(_mm256_cmpeq_epi32(target, load(step)))))
                << ((step - base) * 8);
      if (hits != 0) return {base * 8 + std::countr_zero(hits), fewest};
    }
  }
  for (int step = 0;; ++step)
    if (const int hit = lanes(_mm256_cmpeq_epi32(target, load(step))))
      return {step * 8 + std::countr_zero(static_cast<unsigned>(hit)), fewest};
#else
  int best = 0, fewest = kCovered;
  for (int i = 1; i < blocks * kBlock && fewest >= forced_below_; ++i)
    if (len[i] < fewest) best = i, fewest = len[i];
  return {best, fewest};
#endif
}

bool DancingLinks::links_ok() const {
  // An item's own count: secondary items carry kCovered always (they are never chosen).
  auto options_of = [&](int i) { return len_[z(i)] - (i > primary_ ? kCovered : 0); };
  int active_primary = 0;
  for (int i = 1; i <= items_; ++i) {
    if (options_of(i) < 0) return false;
    if (!active(i)) continue;
    active_primary += i <= primary_;
    int count = 0;
    const Link head = link_of(i);
    auto in_range = [&](Link p) { return p % kStep == 0 && index_of(p) < node_.size(); };
    if (!in_range(at(head).down)) return false;
    for (Link p = at(head).down; p != head; p = at(p).down) {
      if (at(p).top != i || !in_range(at(p).down) || at(at(p).down).up != p) return false;
      if (++count > static_cast<int>(node_.size())) return false;
    }
    if (count != options_of(i)) return false;
  }
  return active_primary == active_primary_;
}

}  // namespace sudokit
