// The singles, the engine's hot path (Norvig's two rules). Placing a digit in a cell records it
// in the cell's units and strips it from every peer: in two passes, a branch-free one that notes
// which peers had it, then a look at those few; on small grids 32 peers at a time through the
// vector lanes (lanes/). A peer left with one candidate is a naked single, queued; a unit where a
// digit has one place left holds a hidden single, found by rescanning the units a placement
// touched (dirty units) or every unit in one vector pass (with AVX-512 always; with AVX2 while the
// givens are propagated, where most units changed: lanes/avx2.h). propagate() runs the singles to
// a fixed point and, in the engines that have them, the cage rule and the stronger rules after.
#pragma once

#include "engine.h"

namespace sudokit::propagate_detail {
namespace {  // internal linkage, as in one file: see engine.h

// Places `bit` in `cell`: its units record the digit and every peer loses it. New naked singles
// are queued. Returns false on a contradiction (a peer left with no candidate).
template <typename M, bool kOneWord, bool kRules, bool kCages>
inline bool Engine<M, kOneWord, kRules, kCages>::assign(M* s, int cell, M bit) {
  if (!scan_all_) mark_units_of(cell);
  if constexpr (kRules && kOneWord) changed_ |= cell_unit_mask_[static_cast<std::size_t>(cell)];
  ++solved_;
  record_placed(s + placed_at_, cell, bit);
  if constexpr (lanes::native::kPeerStrip && std::is_same_v<M, std::uint16_t> && kOneWord)
    if (lanes_ > 0) {
      // The placed masks lie past the lanes, and the cell is written after the vector pass: a
      // wide load right after a narrow store to the same bytes cannot be forwarded and stalls
      // (measured: 5%). The cell is not its own peer, so the pass leaves it alone.
      const bool ok = strip_peers_lanes(s, cell, bit);
      s[cell] = bit;
      return ok;
    }
  s[cell] = bit;
  const std::uint16_t* p = peers_.data() + peer_begin_[static_cast<std::size_t>(cell)];
  const std::uint16_t* end = peers_.data() + peer_begin_[static_cast<std::size_t>(cell) + 1];
  // The hot loop of the backend, in two passes. First every peer loses the digit, without a
  // branch, and the peers that had it are noted as bits of `had` (whether a peer has the digit
  // is unpredictable, and a mispredicted branch per peer was the main cost); then only those few
  // are looked at. Counters and the queue are kept in locals so that the compiler need not
  // assume the stores to s[] change them.
  int* queue = queue_;
  int queued = queued_;
  std::uint64_t eliminated = 0, dirty = 0;
  bool ok = true;
  const auto count = static_cast<int>(end - p);
  for (int first = 0; first < count && ok; first += 64) {
    const int last = std::min(count, first + 64);
    std::uint64_t had = 0;
    for (int k = first; k < last; ++k) {
      M& c = s[p[k]];
      had |= static_cast<std::uint64_t>((c & bit) != 0) << (k - first);
      c = static_cast<M>(c & ~bit);
    }
    eliminated += static_cast<std::uint64_t>(std::popcount(had));
    for (; had; had &= had - 1) {
      const int q = p[first + std::countr_zero(had)];
      const M c = s[q];
      if constexpr (kOneWord) dirty |= cell_unit_mask_[static_cast<std::size_t>(q)];
      else mark_units_of(q);
      if (c == 0) {
        ok = false;
        if (observer_) failure_ = shape_.cell_name(q) + " has no candidate left";
        break;
      }
      if (settings_.naked_singles && (c & (c - 1)) == 0) queue[queued++] = q;
    }
  }
  queued_ = queued;
  eliminations_ += eliminated;
  dirty_one_ |= dirty;
  if constexpr (kRules) changed_ |= dirty;
  return ok;
}

// The cell's units record `bit` as placed. With AVX-512 in one vector operation on the 32 lanes of
// the placed masks, when they fit: the all-units scan loads them whole, and a wide load right
// after narrow stores to its bytes cannot be forwarded and stalls (1.02-1.08x on 9x9 sets).
template <typename M, bool kOneWord, bool kRules, bool kCages>
inline void Engine<M, kOneWord, kRules, kCages>::record_placed(M* placed, int cell, M bit) {
  if constexpr (kLaneOr) {
    if (placed_in_lanes_)
      return lanes::native::lane_or(placed, static_cast<std::uint32_t>(cell_unit_mask_[static_cast<std::size_t>(cell)]), bit);
  }
  for (int k = unit_begin_[static_cast<std::size_t>(cell)]; k < unit_begin_[static_cast<std::size_t>(cell) + 1]; ++k)
    placed[cell_units_[static_cast<std::size_t>(k)]] |= bit;
}

// The peers lose `bit` 32 lanes at a time, through the cell's row of peer lanes; only the cells
// that had it are looked at.
template <typename M, bool kOneWord, bool kRules, bool kCages>
inline bool Engine<M, kOneWord, kRules, kCages>::strip_peers_lanes(M* s, int cell, M bit) {
  const std::uint16_t* peer = peer_lanes_ + static_cast<std::size_t>(cell) * static_cast<std::size_t>(lanes_);
  const bool naked = settings_.naked_singles;
  // Locals, not members: the vector stores may alias anything, and members would be reloaded.
  const int lane_count = lanes_;
  int* queue = queue_;
  int queued = queued_;
  // Every block is stripped first, its findings gathered in two words (at most 128 lanes), and
  // then looked at: a test per block of whether any peer had the digit, which no predictor
  // guesses, cost more than the blocks' few vector instructions.
  std::uint64_t had_low = 0, had_high = 0, few_low = 0, few_high = 0, empty_low = 0, empty_high = 0;
  for (int base = 0; base < lane_count; base += 32) {
    const lanes::native::Strip32 strip(s + base, peer + base, bit);
    const std::uint64_t had = strip.had();
    const std::uint64_t few = had & strip.few();  // of those, the ones left with at most one candidate
    const std::uint64_t empty = few & strip.empty();
    const int shift = base % 64;
    if (base < 64) had_low |= had << shift, few_low |= few << shift, empty_low |= empty << shift;
    else had_high |= had << shift, few_high |= few << shift, empty_high |= empty << shift;
  }
  // Every peer that had the digit lost it, a peer left with nothing too: the count of the loop
  // over the peers (assign), which builds without the lanes take, so that none counts otherwise.
  const auto eliminated = static_cast<std::uint64_t>(std::popcount(had_low) + std::popcount(had_high));
  if (empty_low | empty_high) {  // a peer left with nothing
    eliminations_ += eliminated;
    const int first = empty_low ? std::countr_zero(empty_low) : 64 + std::countr_zero(empty_high);
    if (observer_) failure_ = shape_.cell_name(first) + " has no candidate left";
    return false;
  }
  std::uint64_t dirty = 0;
  if (!coarse_changes_) {
    for (std::uint64_t h = had_low; h; h &= h - 1) dirty |= cell_unit_mask_[static_cast<std::size_t>(std::countr_zero(h))];
    for (std::uint64_t h = had_high; h; h &= h - 1) dirty |= cell_unit_mask_[static_cast<std::size_t>(64 + std::countr_zero(h))];
  }
  if (naked) {
    for (std::uint64_t single = few_low; single; single &= single - 1) queue[queued++] = std::countr_zero(single);
    for (std::uint64_t single = few_high; single; single &= single - 1) queue[queued++] = 64 + std::countr_zero(single);
  }
  queued_ = queued;
  eliminations_ += eliminated;
  dirty_one_ |= dirty;
  if constexpr (kRules) changed_ |= coarse_changes_ ? tables_.reach_mask[static_cast<std::size_t>(cell)] : dirty;
  return true;
}

// Runs the enabled rules to a fixed point: the singles, and when they stall the stronger rules,
// cheapest first, back to the singles after any elimination. Returns false on a contradiction.
template <typename M, bool kOneWord, bool kRules, bool kCages>
inline bool Engine<M, kOneWord, kRules, kCages>::propagate(M* s) {
  if constexpr (!kRules && !kCages) {
    return propagate_singles(s);
  } else {
    for (;;) {
      if (!propagate_singles(s)) return false;
      if constexpr (kCages) {
        const int found = cage_rule(s);
        if (found < 0) return fail();
        if (found > 0) continue;
      }
      if constexpr (kRules) {
        // A full grid that the singles left consistent holds no pattern to find: an easy
        // puzzle's whole solve would otherwise end with a pass over every unit for nothing.
        if (solved_ == cells_) return true;
        const int found = stronger_rules(s);
        if (found < 0) return fail();
        if (found > 0) continue;
      }
      return true;
    }
  }
}

// Naked and hidden singles until neither applies. Returns false on a contradiction.
template <typename M, bool kOneWord, bool kRules, bool kCages>
inline bool Engine<M, kOneWord, kRules, kCages>::propagate_singles(M* s) {
  const M* placed = s + placed_at_;
  const int n = shape_.size();
  for (;;) {
    while (queued_ > 0) {  // naked singles
      const int cell = queue_[static_cast<std::size_t>(--queued_)];
      if (is_placed(s, cell)) continue;  // queued twice
      ++naked_;
      if (observer_) observer_->place(cell, std::countr_zero(s[cell]) + 1, Reason::inferred, "naked single");
      if (!assign(s, cell, s[cell])) return fail();
    }
    if (!settings_.hidden_singles) return true;
    int found = 0;
    if constexpr (lanes::native::kAllUnits && std::is_same_v<M, std::uint16_t>)
      found = scan_all_ ? hidden_singles_all_units(s) : hidden_singles_dirty_units(s, placed, n);
    else
      found = hidden_singles_dirty_units(s, placed, n);
    if (found < 0) return fail();
    if (found == 0) return true;
  }
}

// Hidden singles in the units whose cells changed since they were last looked at (the state the
// search starts from is a fixed point, so other units hold none). On shapes the all-units scan
// takes, in rounds as it takes them: every such unit is looked at in the same state, and only
// then are the hidden singles found placed, in unit order. So a build that rescans changed units
// counts what one that scans every unit at once counts (naked and hidden singles, eliminations):
// the counts do not depend on the machine. On shapes no scan takes (12x12 and up, or 9x9 with
// the disjoint groups: over 128 cells, 16 digits or 32 units) every build rescans, and a unit's
// hidden singles are placed as soon as it is looked at (the lowest changed unit first), which
// spares rescanning the units that change again within a round (rounds cost 16x16 about 9%).
// Returns how many units had one, or -1 on a contradiction.
template <typename M, bool kOneWord, bool kRules, bool kCages>
inline int Engine<M, kOneWord, kRules, kCages>::hidden_singles_dirty_units(M* s, const M* placed, int n) {
  std::pair<int, std::uint64_t>* found = round_found_;
  int count = 0;
  auto look = [&](int u) {  // false: a digit with no place in u
    const int* cells = unit_cells_.data() + static_cast<std::size_t>(u) * static_cast<std::size_t>(n);
    M once = 0, twice = 0;
    for (int i = 0; i < n; ++i) {
      const M c = s[cells[i]];
      twice |= once & c;
      once |= c;
    }
    if (once != all_) {
      no_place(static_cast<M>(all_ & ~once), u);
      return false;
    }
    const auto hidden = static_cast<M>(once & ~twice & ~placed[u]);
    if (hidden) found[count++] = {u, hidden};
    return true;
  };
  if constexpr (kOneWord && std::is_same_v<M, std::uint16_t>)  // the only engines a scan takes
    if (rounds_) {
      std::uint64_t round = dirty_one_;
      dirty_one_ = 0;
      for (; round; round &= round - 1)
        if (!look(std::countr_zero(round))) return -1;
      for (int k = 0; k < count; ++k)
        if (!place_hidden_singles(s, found[k].first, static_cast<M>(found[k].second))) return -1;
      return count;
    }
  for (int u = next_dirty_unit(); u >= 0; u = next_dirty_unit()) {
    if (!look(u)) return -1;
    if (count > 0) return place_hidden_singles(s, u, static_cast<M>(found[0].second)) ? 1 : -1;
  }
  return 0;
}

// Every unit at once, one per lane (lanes::native::UnitScan). Places the hidden singles found;
// returns how many units had one, or -1 on a contradiction. What it finds may be stale by the
// time it is placed (an earlier placement took the cell or the digit): that is caught as a
// contradiction, as the digit then has no place left in the unit.
template <typename M, bool kOneWord, bool kRules, bool kCages>
inline int Engine<M, kOneWord, kRules, kCages>::hidden_singles_all_units(M* s) {
  lanes::native::UnitScan scan(s, lanes_, slot_cell_, shape_.size());
  if (const std::uint32_t missing = scan.incomplete(units_, all_)) {
    const int u = std::countr_zero(missing);
    no_place(static_cast<M>(all_ & ~scan.places(u)), u);
    return -1;
  }
  const std::uint32_t with_hidden = scan.with_hidden(s + placed_at_, units_);
  for (std::uint32_t left = with_hidden; left; left &= left - 1) {
    const int u = std::countr_zero(left);
    if (!place_hidden_singles(s, u, scan.hidden(u))) return -1;
  }
  return std::popcount(with_hidden);
}

// Places the digits of `hidden`, each found in one cell only of unit u. Returns false on a
// contradiction: a digit's one place went to another digit meanwhile. Inlined in both its
// callers (the rescan of the changed units, the all-units scan): as a call it cost 6% on the
// hard set.
template <typename M, bool kOneWord, bool kRules, bool kCages>
[[gnu::always_inline]] inline bool Engine<M, kOneWord, kRules, kCages>::place_hidden_singles(M* s, int u, M hidden) {
  const int n = shape_.size();
  const int* cells = unit_cells_.data() + static_cast<std::size_t>(u) * static_cast<std::size_t>(n);
  while (hidden) {
    const M bit = static_cast<M>(hidden & (~hidden + 1));
    hidden = static_cast<M>(hidden ^ bit);
    int i = 0;
    while (i < n && !(s[cells[i]] & bit)) ++i;
    if (i == n) {
      no_place(bit, u);
      return false;
    }
    if (s[cells[i]] == bit && is_placed(s, cells[i])) continue;  // placed from another unit
    ++hidden_;
    if (observer_) {  // the unit is the reason: the digit has no other place in it
      observer_->reasoning({cells, static_cast<std::size_t>(n)}, {});
      observer_->place(cells[i], std::countr_zero(bit) + 1, Reason::inferred, "hidden single in " + shape_.unit_name(u));
    }
    if (!assign(s, cells[i], bit)) return false;
  }
  return true;
}

// Units to rescan for hidden singles, as a bitset over unit indices.
template <typename M, bool kOneWord, bool kRules, bool kCages>
inline void Engine<M, kOneWord, kRules, kCages>::mark_units_of(int cell) {
  if constexpr (kOneWord) {
    dirty_one_ |= cell_unit_mask_[static_cast<std::size_t>(cell)];
    return;
  }
  for (int k = dirty_begin_[static_cast<std::size_t>(cell)]; k < dirty_begin_[static_cast<std::size_t>(cell) + 1]; ++k)
    dirty_[dirty_word_[static_cast<std::size_t>(k)]] |= dirty_bits_[static_cast<std::size_t>(k)];
}

// The lowest unit to rescan, taken out of the set; -1 when none is left.
template <typename M, bool kOneWord, bool kRules, bool kCages>
inline int Engine<M, kOneWord, kRules, kCages>::next_dirty_unit() {
  if constexpr (kOneWord) {
    if (!dirty_one_) return -1;
    const int u = std::countr_zero(dirty_one_);
    dirty_one_ &= dirty_one_ - 1;
    return u;
  }
  for (std::size_t w = 0; w < dirty_.size(); ++w)
    if (dirty_[w]) {
      const int bit = std::countr_zero(dirty_[w]);
      dirty_[w] &= dirty_[w] - 1;
      return static_cast<int>(w) * 64 + bit;
    }
  return -1;
}

template <typename M, bool kOneWord, bool kRules, bool kCages>
inline bool Engine<M, kOneWord, kRules, kCages>::fail() {
  queued_ = 0;
  forget_dirty();
  return false;
}

// A contradiction for the trace: the lowest of `digits` has no place left in unit u.
template <typename M, bool kOneWord, bool kRules, bool kCages>
inline void Engine<M, kOneWord, kRules, kCages>::no_place(M digits, int u) {
  if (observer_) failure_ = "digit " + std::to_string(std::countr_zero(digits) + 1) + " has no place in " + shape_.unit_name(u);
}

template <typename M, bool kOneWord, bool kRules, bool kCages>
inline void Engine<M, kOneWord, kRules, kCages>::forget_dirty() {
  std::fill(dirty_.begin(), dirty_.end(), 0);
  dirty_one_ = 0;
}

}  // namespace
}  // namespace sudokit::propagate_detail
