// The search: the open cell with the fewest candidates, each candidate in turn on a copy of the
// state one level down (the last on the level itself: nothing comes back to it), the rules run
// to a fixed point after each guess. Every node is charged to the budget first.
#pragma once

#include "engine.h"

namespace sudokit::propagate_detail {
namespace {  // internal linkage, as in one file: see engine.h

// Returns true when the search must end (a limit, or enough solutions).
template <typename M, bool kOneWord, bool kRules, bool kCages>
inline bool Engine<M, kOneWord, kRules, kCages>::search(std::size_t depth, std::uint64_t id, std::size_t tree_depth,
                                                       int from) {
  M* s = level(depth);
  if (solved_ == cells_) {
    if (estimator_) estimator_->node(tree_depth, 0);
    if (observer_) observer_->solution();
    return sink_.add(to_grid(s));
  }
  // The open cell with the fewest candidates; ties go to the first in row-major order, with the
  // stronger rules the first from the cell chosen last, wrapping around (jsolve's choice: on
  // top1465 a third fewer nodes with locked candidates than from the top, as the search stays in
  // the region its last guess was about). That cell is the last chosen anywhere in the search, or
  // with choice=parent `from`, the one chosen one level up (propagate.h).
  // Open cells have at least two candidates when naked singles are placed, else at least one.
  const int fewest_possible = settings_.naked_singles ? 2 : 1;
  int best = -1, best_count = kMaxSize + 1;
  const int start = !kRules ? 0 : settings_.choice_from_parent ? from : choice_from_;
  for (int k = 0, cell = start; k < cells_; ++k, cell = cell + 1 == cells_ ? 0 : cell + 1) {
    const M c = s[cell];
    if ((c & (c - 1)) == 0 && (settings_.naked_singles || is_placed(s, cell))) continue;
    const int count = std::popcount(c);
    if (count < best_count) {
      best = cell, best_count = count;
      if (count <= fewest_possible) {
        if constexpr (kRules) choice_from_ = cell;
        break;
      }
    }
  }
  reserve_levels(depth + 2);
  s = level(depth);
  const bool branching = best_count >= 2;
  if (estimator_) estimator_->node(tree_depth, static_cast<std::uint64_t>(best_count));
  const int solved_here = solved_;
  M rest = s[best];
  if (probe_ && rest) {  // one child: the candidate the probe picks
    for (int k = probe_->pick(best_count); k > 0; --k) rest = static_cast<M>(rest & (rest - 1));
    rest = static_cast<M>(rest & (~rest + 1));
  }
  while (rest) {
    const M bit = static_cast<M>(rest & (~rest + 1));
    rest = static_cast<M>(rest ^ bit);
    if (budget_.charge(nodes_ + 1)) return true;
    ++nodes_;
    guesses_ += branching;
    const std::uint64_t child_id = nodes_;
    if (observer_)
      observer_->enter(child_id, id, best, std::countr_zero(bit) + 1, best_count,
                       branching ? Reason::choice : Reason::forced);
    // The last candidate works on this level itself: nothing comes back to it after, so the
    // copy is saved (half the copies where a guess has two candidates).
    const bool last = rest == 0;
    const std::size_t child_depth = last ? depth : depth + 1;
    M* child = level(child_depth);
    if (!last) copy_level(child, level(depth));
    if constexpr (kRules) {  // the state copied is a fixed point of every rule: nothing pending
      changed_ = 0;
      std::fill(std::begin(pending_), std::end(pending_), 0);
    }
    if (assign(child, best, bit) && propagate(child)) {
      if (search(child_depth, child_id, tree_depth + 1, best)) return true;
    } else {
      if (estimator_) estimator_->node(tree_depth + 1, 0);  // a dead end
      queued_ = 0;
      if (observer_) observer_->dead_end(failure_);
    }
    ++backtracks_;
    if (observer_) observer_->leave(child_id);
    solved_ = solved_here;
  }
  return false;
}

}  // namespace
}  // namespace sudokit::propagate_detail
