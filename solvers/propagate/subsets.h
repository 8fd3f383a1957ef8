// Naked and hidden subsets. k cells of a unit with only k candidates between them: the other
// cells of the unit lose those digits (naked); k digits with only k places in a unit: those cells
// lose their other candidates (hidden). Pairs and triples, each switched on its own.
#pragma once

#include "engine.h"

namespace sudokit::propagate_detail {
namespace {  // internal linkage, as in one file: see engine.h

// Calls f(set, cover) on every pair (if `pairs`) and triple (if `triples`) of the m `items` (bit
// numbers) whose masks together cover at most as many bits as there are items: `set` has the
// items' bits, `cover` is the union of their masks. f returns -1 on a contradiction, which ends
// the walk. Returns -1, else whether f made progress.
template <typename M, bool kOneWord, bool kRules, bool kCages>
template <typename MaskOf, typename F>
inline int Engine<M, kOneWord, kRules, kCages>::each_subset(const int* items, int m, bool pairs, bool triples, MaskOf mask_of, F f) {
  int progress = 0;
  auto visit = [&](std::uint64_t set, std::uint64_t cover) {
    const int r = f(set, cover);
    progress |= r;
    return r >= 0;
  };
  for (int a = 0; a < m; ++a)
    for (int b = a + 1; b < m; ++b) {
      const std::uint64_t pair = (std::uint64_t{1} << items[a]) | (std::uint64_t{1} << items[b]);
      const std::uint64_t pair_cover = mask_of(items[a]) | mask_of(items[b]);
      const int pair_count = std::popcount(pair_cover);
      if (pair_count > (triples ? 3 : 2)) continue;
      if (pairs && pair_count <= 2 && !visit(pair, pair_cover)) return -1;
      for (int c = b + 1; triples && c < m; ++c) {
        const std::uint64_t cover = pair_cover | mask_of(items[c]);
        if (std::popcount(cover) <= 3 && !visit(pair | (std::uint64_t{1} << items[c]), cover)) return -1;
      }
    }
  return progress;
}

// Naked: k (2 or 3) cells of a unit whose candidates together are k digits; no other cell of the
// unit can take those digits. Hidden: k digits of a unit that together fit in only k of its
// cells; those cells can take no other digit. One is the other with cells and digits swapped,
// so one walk serves both: items are the unit's cells with 2..k candidates (naked) or its open
// digits with 2..k places (hidden). Fewer than k for k items is a contradiction. Pairs and
// triples are looked for in the same pass.
template <typename M, bool kOneWord, bool kRules, bool kCages>
inline int Engine<M, kOneWord, kRules, kCages>::subsets(M* s, bool hidden, bool pairs, bool triples) {
  const int n = shape_.size(), k = triples ? 3 : 2;
  const M* placed = s + placed_at_;
  int progress = 0;
  const Family family = hidden ? kHiddenFamily : kNakedFamily;
  for (int u = 0; u < units_; ++u) {
    if (!pending(family, u)) continue;
    const int* cells = unit_cells_.data() + static_cast<std::size_t>(u) * static_cast<std::size_t>(n);
    int items[kMaxSize], m = 0;
    std::uint64_t where[kMaxSize];  // hidden: digit d's slots in the unit, as seen at the start
    if (hidden) {
      // The open digits with 2..k places, counted bit-sliced (at least 1, 2, 3, 4 places),
      // then the places of those digits only.
      const M open = static_cast<M>(all_ & ~placed[u]);
      M once = 0, twice = 0, thrice = 0, more = 0;
      for (int i = 0; i < n; ++i) {
        const M c = static_cast<M>(s[cells[i]] & open);
        more |= thrice & c, thrice |= twice & c, twice |= once & c, once |= c;
      }
      const M few = static_cast<M>(twice & ~(k == 2 ? thrice : more));
      if (std::popcount(few) < 2) continue;
      for (M d = few; d; d &= static_cast<M>(d - 1)) where[std::countr_zero(d)] = 0, items[m++] = std::countr_zero(d);
      for (int i = 0; i < n; ++i)
        for (M c = static_cast<M>(s[cells[i]] & few); c; c &= static_cast<M>(c - 1)) where[std::countr_zero(c)] |= std::uint64_t{1} << i;
    } else {
      for (int i = 0; i < n; ++i) {
        const int count = std::popcount(s[cells[i]]);
        if (count >= 2 && count <= k) items[m++] = i;
      }
    }
    if (m < 2) continue;
    // Naked: the cells' current candidates. Hidden: places only shrink, so the slots seen at the
    // start still hold every place of the digits.
    auto mask_of = [&](int item) { return hidden ? where[item] : std::uint64_t{s[cells[item]]}; };
    auto found = [&](std::uint64_t set, std::uint64_t cover) {
      const int size = std::popcount(set);
      if (std::popcount(cover) < size) {
        if (observer_) failure_ = std::to_string(size) + (hidden ? " digits have fewer places in " : " cells share fewer digits in ") + shape_.unit_name(u);
        return -1;
      }
      const Rule rule = hidden ? (size == 2 ? kHiddenPairs : kHiddenTriples) : (size == 2 ? kNakedPairs : kNakedTriples);
      const std::uint64_t digits = hidden ? set : cover, slots = hidden ? cover : set;
      const auto remove = static_cast<M>(hidden ? all_ & ~digits : digits);
      return apply(s, rule, remove, slots_of(cells, hidden ? slots : low_bits(n) & ~slots), [&](std::vector<int>& pattern) {
        slots_of(cells, slots)([&](int cell) { pattern.push_back(cell); });
        return std::string(hidden ? "hidden " : "naked ") + (size == 2 ? "pair " : "triple ") + digits_text(digits) + " at " +
               cells_text(cells, slots) + " in " + shape_.unit_name(u) + (hidden ? ": the other digits" : "");
      });
    };
    const int r = each_subset(items, m, pairs, triples, mask_of, found);
    if (r < 0) return -1;
    progress |= r;
  }
  looked(family);
  return progress;
}

}  // namespace
}  // namespace sudokit::propagate_detail
