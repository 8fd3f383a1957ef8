// The stronger rules (the kRules engine only), run when the singles stall, cheapest first, and
// back to the singles after any elimination: locked candidates (locked.h), naked and hidden
// subsets (subsets.h), X-wing (fish.h). What they share: removing candidates with the trace and
// the counters kept, and the pending units of each family, so that a rule looks again only where
// something changed since it last found nothing.
#pragma once

#include "engine.h"

namespace sudokit::propagate_detail {
namespace {  // internal linkage, as in one file: see engine.h

// One pass of the first enabled rule, in order of cost, that finds anything; every pattern it
// finds in that pass is applied. Returns -1 on a contradiction, 0 when no rule applies, else 1.
template <typename M, bool kOneWord, bool kRules, bool kCages>
inline int Engine<M, kOneWord, kRules, kCages>::stronger_rules(M* s) {
  if constexpr (kOneWord) {
    for (std::uint64_t& p : pending_) p |= changed_;
    changed_ = 0;
  }
  int r = 0;
  if (settings_.locked_candidates && (r = locked_candidates(s)) != 0) return r;
  if ((settings_.naked_pairs || settings_.naked_triples) &&
      (r = subsets(s, false, settings_.naked_pairs, settings_.naked_triples)) != 0)
    return r;
  if ((settings_.hidden_pairs || settings_.hidden_triples) &&
      (r = subsets(s, true, settings_.hidden_pairs, settings_.hidden_triples)) != 0)
    return r;
  if (settings_.xwing && (r = xwings(s)) != 0) return r;
  return 0;
}

// Removes `bits` from `cell`, as a rule's deduction: the cell's units are rescanned for hidden
// singles and a cell left with one candidate is queued. Returns how many candidates went, or
// -1 when none is left.
template <typename M, bool kOneWord, bool kRules, bool kCages>
inline int Engine<M, kOneWord, kRules, kCages>::eliminate(M* s, int cell, M bits) {
  const M had = static_cast<M>(s[cell] & bits);
  if (!had) return 0;
  const M left = static_cast<M>(s[cell] ^ had);
  s[cell] = left;
  rule_eliminations_ += static_cast<std::uint64_t>(std::popcount(had));
  if (!scan_all_) mark_units_of(cell);
  if constexpr (kOneWord) changed_ |= cell_unit_mask_[static_cast<std::size_t>(cell)];
  if (left == 0) {
    if (observer_) failure_ = shape_.cell_name(cell) + " has no candidate left";
    return -1;
  }
  if (settings_.naked_singles && (left & (left - 1)) == 0) queue_[static_cast<std::size_t>(queued_++)] = cell;
  return std::popcount(had);
}

// One pattern of `rule` found: the digits `remove` leave every cell targets(visit) visits.
// Returns -1 on a contradiction, else whether any candidate went; if one did, counts the
// pattern and tells the observer what it was (describe(pattern) says it in words and lists its
// cells), which candidates went and which cells lost them.
template <typename M, bool kOneWord, bool kRules, bool kCages>
template <typename Targets, typename Describe>
inline int Engine<M, kOneWord, kRules, kCages>::apply(M* s, Rule rule, M remove, Targets targets, Describe describe) {
  int removed = 0;
  bool dead = false;
  std::string losers;
  std::vector<Candidate> removals;
  targets([&](int cell) {
    if (!(s[cell] & remove)) return;  // most targets: a pattern found again lost nothing since
    if (observer_ && !dead)
      for (M had = static_cast<M>(s[cell] & remove); had; had &= static_cast<M>(had - 1))
        removals.push_back({cell, std::countr_zero(had) + 1});
    const int r = dead ? 0 : eliminate(s, cell, remove);
    dead = dead || r < 0;
    if (r > 0 && observer_) losers += " " + shape_.cell_name(cell);
    removed += std::max(r, 0);
  });
  if (dead) return -1;
  if (!removed) return 0;
  ++found_[rule];
  static constexpr PropagateRating kLevel[kRuleCount] = {
      PropagateRating::locked_candidates, PropagateRating::locked_candidates, PropagateRating::subsets,
      PropagateRating::subsets, PropagateRating::subsets, PropagateRating::subsets, PropagateRating::fish};
  hardest_ = std::max(hardest_, kLevel[rule]);
  if (observer_) {
    std::vector<int> pattern;
    const std::string words = describe(pattern);
    observer_->reasoning(pattern, removals);
    observer_->note(words + "; removed from" + losers);
  }
  return 1;
}

}  // namespace
}  // namespace sudokit::propagate_detail
