// The propagate engine: the state of a search and its layout, and the order things happen in.
// Each technique is its own header (singles.h, cages.h, rules.h, locked.h, subsets.h, fish.h,
// search.h), all defining members of this one class template: the engine is instantiated per
// mask width and per set of rules, so that the default (the singles alone) compiles to code that
// has no trace of the stronger rules, and the members must be visible where it is instantiated
// (propagate.cpp, which includes them all). They are in an unnamed namespace, as they were when
// all of this was one file: internal linkage lets the compiler inline a member called from one
// place without keeping a copy, and the engine was 4-6% slower without it (measured side by side).
//
// One search level is one contiguous block of masks M (bit d-1: digit d is a candidate):
//
//   0                         cells   placed_at_          + units_        + tracked_unions_  stride_
//   | candidates, one per cell | pad  | placed digits, one | crossing unions (locked        | pad  |
//   | (r1c1, r1c2, ... rncn)   | to   | per unit (rows,    | candidates, <= 64 crossings,   | to   |
//   |                          | lanes| columns, boxes...) | as of the last pass)           | 32 B |
//
// A guess copies the block one level down (copy_level); backtracking returns to the level
// above, so undoing costs nothing. Levels live in Levels, allocated once for the deepest search
// the shape allows.
#pragma once

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "lanes/lanes.h"
#include "sudokit/errors.h"
#include "sudokit/propagate/propagate.h"
#include "tables.h"

namespace sudokit::propagate_detail {
namespace {  // internal linkage, as in one file: see engine.h

// The engine for one mask width M (the layout above). kOneWord: at most 64 units, the dirty set
// is one word. kRules: some rule beyond the singles is on; the engine without them is the Norvig
// method at full speed. kCages: the shape has killer cages with sums, and the cage rule runs with
// the singles (else it is compiled out: no cost on other shapes).
template <typename M, bool kOneWord, bool kRules, bool kCages>
class Engine {
 public:
  Engine(const Grid& puzzle, const Limits& limits, const SearchBudget& budget, const PropagateSettings& settings,
         const Tables& tables, Levels& scratch, Buffers& buffers)
      : puzzle_(puzzle), shape_(puzzle.shape()), settings_(settings), budget_(budget), sink_(limits),
        cells_(shape_.cells()), units_(static_cast<int>(shape_.units().size())),
        all_(static_cast<M>(shape_.all_digits())),
        placed_at_(std::max(cells_, tables.lanes)),
        tracked_unions_(kRules && kOneWord && settings.locked_candidates && !tables.cross_watch.empty()
                            ? static_cast<int>(tables.cross_watch.size()) : 0),
        stride_(static_cast<std::size_t>((placed_at_ + units_ + tracked_unions_ + kPerBlock - 1) / kPerBlock * kPerBlock)),
        placed_in_lanes_(units_ <= 32 && static_cast<std::size_t>(placed_at_) + 32 <= stride_),
        peers_(tables.peers), peer_begin_(tables.peer_begin), cell_units_(tables.cell_units),
        unit_begin_(tables.unit_begin), unit_cells_(tables.unit_cells), dirty_word_(tables.dirty_word),
        dirty_bits_(tables.dirty_bits), dirty_begin_(tables.dirty_begin),
        cell_unit_mask_(tables.cell_unit_mask), first_unit_(tables.first_unit.data()), tables_(tables), lanes_(tables.lanes), peer_lanes_(tables.peer_lanes.data()),
        slot_cell_(tables.slot_cell.data()),
        scan_all_(lanes::native::kAllUnits && scannable(tables) &&
                  settings.hidden_scan != PropagateSettings::HiddenScan::changed_units),
        rounds_(scannable(tables)),
        coarse_changes_(scan_all_ && !tables.reach_mask.empty() &&
                        !(settings.naked_pairs || settings.naked_triples || settings.hidden_pairs || settings.hidden_triples || settings.xwing)),
        dirty_(buffers.dirty), scratch_(scratch), observer_(limits.observer), probe_(limits.probe),
        estimator_(limits.estimator),
        where_(buffers.where) {
    assert(rounds_ || !scan_all_);  // a build that scans counts as the others only with rounds
    dirty_.assign((static_cast<std::size_t>(units_) + 63) / 64, 0);
    if (buffers.queue.size() < static_cast<std::size_t>(cells_)) buffers.queue.resize(static_cast<std::size_t>(cells_));
    queue_ = buffers.queue.data();
    if (buffers.found.size() < static_cast<std::size_t>(units_)) buffers.found.resize(static_cast<std::size_t>(units_));
    round_found_ = buffers.found.data();
    if (kRules && settings_.xwing) where_.assign(static_cast<std::size_t>(cells_), 0);
    if (kRules && settings_.locked_candidates) {
      if (buffers.unions.size() < tables.crossings.size()) buffers.unions.resize(tables.crossings.size());
      crossing_unions_ = buffers.unions.data();
    }
    if constexpr (kRules && kOneWord) std::fill(std::begin(pending_), std::end(pending_), low_bits(units_));  // the root: all
  }

  // The counters as they stand (docs/stats.md); `consistent`: the givens and the root's
  // propagation found no contradiction (a rating needs it).
  Stats stats_now(bool consistent) const {
    Stats stats;
    stats.nodes = nodes_;
    stats.guesses = guesses_;
    stats.backtracks = backtracks_;
    stats.propagations = naked_ + hidden_;
    stats.counters.reserve(14);  // as many as a run can report: one allocation
    stats.counters = {{"naked_singles", naked_}, {"hidden_singles", hidden_}, {"eliminations", eliminations_}};
    if constexpr (kCages) stats.counters.push_back({"cage_eliminations", cage_eliminations_});
    if constexpr (kRules) {
      auto add = [&](bool on, const char* name, std::uint64_t value) {
        if (on) stats.counters.push_back({name, value});
      };
      add(settings_.locked_candidates, "pointing", found_[kPointing]);
      add(settings_.locked_candidates, "claiming", found_[kClaiming]);
      add(settings_.naked_pairs, "naked_pairs", found_[kNakedPairs]);
      add(settings_.naked_triples, "naked_triples", found_[kNakedTriples]);
      add(settings_.hidden_pairs, "hidden_pairs", found_[kHiddenPairs]);
      add(settings_.hidden_triples, "hidden_triples", found_[kHiddenTriples]);
      add(settings_.xwing, "xwings", found_[kXWings]);
      stats.counters.push_back({"rule_eliminations", rule_eliminations_});
    }
    if (!settings_.search) {
      stats.counters.push_back({"open_cells", static_cast<std::uint64_t>(cells_ - solved_)});
      // The hardest rule inference needed; a grid it could neither finish nor refute needs search.
      const auto rating = consistent && solved_ != cells_ ? PropagateRating::search : hardest_;
      stats.counters.push_back({"rating", static_cast<std::uint64_t>(rating)});
    }
    stats.seconds = budget_.elapsed_seconds();
    return stats;
  }

  Result run() {
    const CountersWatch watch(observer_, [this] { return stats_now(true); });
    StopReason stop = StopReason::none;
    reserve_levels(2);
    M* root = level(0);
    std::memset(root, 0, stride_ * sizeof(M));
    for (int cell = 0; cell < cells_; ++cell) root[cell] = all_;
    bool ok = true;
    for (int cell = 0; cell < cells_ && ok; ++cell) {
      const int v = puzzle_[cell];
      if (v == 0) continue;
      const M bit = static_cast<M>(M{1} << (v - 1));
      if (!(root[cell] & bit)) ok = false;  // a peer given already took it
      else ok = assign(root, cell, bit);
    }
    for (int u = 0; u < units_; ++u) {  // at the root every unit may hold a hidden single
      dirty_[static_cast<std::size_t>(u / 64)] |= std::uint64_t{1} << (u % 64);
      if constexpr (kOneWord) dirty_one_ |= std::uint64_t{1} << u;
    }
    ok = ok && propagate(root);
    if (!ok && observer_) observer_->dead_end(failure_.empty() ? "the givens clash" : failure_);
    if (!ok && estimator_) estimator_->node(0, 0);  // the root, a leaf
    const bool scan_in_search = lanes::native::kAllUnitsInSearch || settings_.hidden_scan == PropagateSettings::HiddenScan::every_unit;
    if (scan_all_ && !scan_in_search) {  // the root is a fixed point: nothing is dirty
      scan_all_ = coarse_changes_ = false;
      forget_dirty();  // marked by the root's placements, which the scans did not read
    }
    if (ok) {
      if (settings_.search) {
        stop = search(0, 1, 0, 0) ? budget_.reason() : StopReason::none;
      } else if (solved_ == cells_) {
        sink_.add(to_grid(root));
      } else {
        stop = StopReason::no_search;
        partial_ = to_grid(root);
      }
    }
    Result r = sink_.finish(stop, stats_now(ok));
    if (stop == StopReason::no_search) r.deduced = std::move(partial_);
    return r;
  }

 private:
  M* level(std::size_t depth) { return reinterpret_cast<M*>(scratch_.data.get()) + depth * stride_; }
  // Room for `count` levels. The first call for a shape makes room for the deepest search it
  // allows (each level places a cell: cells + 2 levels, 140 MB at 64x64), uninitialised, so only
  // the levels a search reaches are ever touched; the live levels are copied only when a buffer
  // made for a smaller shape is replaced.
  void reserve_levels(std::size_t count) {
    const std::size_t needed = count * stride_ * sizeof(M);
    if (scratch_.bytes >= needed) return;
    const std::size_t bytes = std::max(needed, (static_cast<std::size_t>(cells_) + 2) * stride_ * sizeof(M));
    Levels grown;
    grown.data.reset(static_cast<unsigned char*>(::operator new[](bytes, std::align_val_t{64})));
    grown.bytes = bytes;
    if (scratch_.data) std::memcpy(grown.data.get(), scratch_.data.get(), scratch_.bytes);
    scratch_ = std::move(grown);
  }

  // singles.h: placing a digit, stripping its peers, the naked and hidden singles
  bool assign(M* s, int cell, M bit);
  void record_placed(M* placed, int cell, M bit);
  bool strip_peers_lanes(M* s, int cell, M bit);
  bool propagate(M* s);
  bool propagate_singles(M* s);
  int hidden_singles_all_units(M* s);
  int hidden_singles_dirty_units(M* s, const M* placed, int n);
  bool place_hidden_singles(M* s, int u, M hidden);
  void mark_units_of(int cell);
  int next_dirty_unit();
  bool fail();
  void forget_dirty();
  void no_place(M digits, int u);

  // A guess's copy of the state. With the vector path, in the same 32-byte blocks the vector
  // pass will load, so that each load is served whole by one store.
  void copy_level(M* to, const M* from) const {
    if (lanes_ > 0) lanes::native::copy_blocks(to, from, stride_ * sizeof(M));
    else std::memcpy(to, from, stride_ * sizeof(M));
  }

  // Whether the shape is one the all-units scan takes (tables.cpp: at most 128 cells, 16 digits,
  // 32 units), in a build that has the scan or not: the shapes where the hidden singles' rescans
  // go in rounds (hidden_singles_dirty_units), so that no count depends on the machine.
  static bool scannable(const Tables& tables) {
    return kOneWord && std::is_same_v<M, std::uint16_t> && !tables.slot_cell.empty();
  }

  bool is_placed(const M* s, int cell) const {
    return (s[placed_at_ + first_unit_[cell]] & s[cell]) != 0 && (s[cell] & (s[cell] - 1)) == 0;
  }

  // cages.h: the killer cages' sums
  int cage_rule(M* s);

  // ---- The stronger rules (the kRules engine only): scalar, run when the singles stall ----

  enum Rule { kPointing, kClaiming, kNakedPairs, kNakedTriples, kHiddenPairs, kHiddenTriples, kXWings, kRuleCount };

  // rules.h: the stronger rules, cheapest first, and what they share
  int stronger_rules(M* s);
  int eliminate(M* s, int cell, M bits);
  template <typename Targets, typename Describe>
  int apply(M* s, Rule rule, M remove, Targets targets, Describe describe);

  // Which units a family of rules must look at again: those whose candidates changed since it
  // last looked and found nothing there (kOneWord only; else every unit, every time). A search
  // node starts from a fixed point of every rule, so only what changed in it is pending.
  enum Family { kLockedFamily, kNakedFamily, kHiddenFamily, kFishFamily, kFamilies };
  bool pending(Family f, int u) const {
    if constexpr (kOneWord) return (pending_[f] >> u) & 1;
    return true;
  }
  void looked(Family f) {  // the family has looked at every pending unit
    if constexpr (kOneWord) pending_[f] = 0;
  }

  // The targets cells[i] for the set bits i of `slots`.
  static auto slots_of(const int* cells, std::uint64_t slots) {
    return [=](auto visit) {
      for (std::uint64_t b = slots; b; b &= b - 1) visit(cells[std::countr_zero(b)]);
    };
  }
  static std::string digits_text(std::uint64_t digits) {  // "3,5"
    std::string out;
    for (; digits; digits &= digits - 1) out += (out.empty() ? "" : ",") + std::to_string(std::countr_zero(digits) + 1);
    return out;
  }
  std::string cells_text(const int* cells, std::uint64_t slots) const {  // "r1c1 r1c4"
    std::string out;
    for (; slots; slots &= slots - 1) out += (out.empty() ? "" : " ") + shape_.cell_name(cells[std::countr_zero(slots)]);
    return out;
  }
  static std::uint64_t low_bits(int count) { return count >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1; }

  // locked.h: locked candidates (pointing and claiming)
  int locked(M* s, Rule rule, M digits, const std::vector<int>& cells, int within, int only_in);
  int locked_candidates(M* s);
  template <int kK>
  int locked_candidates(M* s);
  template <int kK, bool kTracked, typename U>
  int locked_pass(M* s, const U* union_of, std::uint64_t look);

  // subsets.h: naked and hidden pairs and triples
  template <typename MaskOf, typename F>
  static int each_subset(const int* items, int m, bool pairs, bool triples, MaskOf mask_of, F f);
  int subsets(M* s, bool hidden, bool pairs, bool triples);

  // fish.h: X-wing
  int xwings(M* s);

  // search.h: the fewest-candidates search
  // `depth`: the level of state it works on; `tree_depth`: its node's depth in the search tree
  // (a last candidate reuses its parent's level, one deeper in the tree).
  bool search(std::size_t depth, std::uint64_t id, std::size_t tree_depth, int from);

  Grid to_grid(const M* s) const {
    Grid g(puzzle_.shape_ptr());
    for (int cell = 0; cell < cells_; ++cell)
      if (is_placed(s, cell)) g.set(cell, std::countr_zero(s[cell]) + 1);
    return g;
  }

  const Grid& puzzle_;
  const Shape& shape_;
  PropagateSettings settings_;
  SearchBudget budget_;
  SolutionSink sink_;
  const int cells_, units_;
  const M all_;
  static constexpr int kPerBlock = 32 / sizeof(M);  // masks per 32-byte block: the stride is whole blocks
  // Whether the placed masks may be updated as one vector of 32 lanes (lanes::native::lane_or).
  static constexpr bool kLaneOr = lanes::native::kLaneOr && std::is_same_v<M, std::uint16_t> && kOneWord;
  const int placed_at_;  // where the units' placed masks start: past the vector lanes
  // Locked candidates with at most 64 crossings keep each crossing's union in the level, after
  // the placed masks, as of the last pass over that state (0 at the root: all differ), so that a
  // pass looks only at crossings whose own or mates' unions changed since.
  const int tracked_unions_;
  const std::size_t stride_;
  // The placed masks are updated with lane_or: at most 32 units, and their 32 lanes in the state.
  const bool placed_in_lanes_;
  const std::vector<std::uint16_t>& peers_;
  const std::vector<int>&peer_begin_, &cell_units_, &unit_begin_, &unit_cells_;
  const std::vector<std::uint32_t>& dirty_word_;
  const std::vector<std::uint64_t>& dirty_bits_;
  const std::vector<int>& dirty_begin_;
  const std::vector<std::uint64_t>& cell_unit_mask_;
  const int* first_unit_;  // a pointer, not a vector's reference: one load less in the singles' loop
  const Tables& tables_;
  const int lanes_;                    // 0 unless the vector path applies
  const std::uint16_t* peer_lanes_;
  const std::uint16_t* slot_cell_;
  // Hidden singles by one vector pass over every unit, instead of rescanning the units marked
  // dirty one at a time (at most 128 cells, 32 units, 16 digits): while the givens are
  // propagated, and in the search too where lanes::native::kAllUnitsInSearch says it pays.
  bool scan_all_ = false;
  // Whether rescanned units' hidden singles are placed in rounds, as the all-units scan places
  // them: scannable() shapes, in every build (hidden_singles_dirty_units).
  const bool rounds_;
  // The stronger rules are told every unit a placement can have changed (the cell's and its
  // peers') instead of the units of the peers that lost the digit: where hidden singles need no
  // dirty units, finding those was a data-dependent loop in the hottest code. Only for locked
  // candidates, which look at every crossing's union anyway; the subsets and X-wing pay more
  // for a unit looked at needlessly than the loop costs.
  bool coarse_changes_ = false;  // off with scan_all_ when the search rescans changed units
  std::vector<std::uint64_t>& dirty_;
  std::uint64_t dirty_one_ = 0;
  Levels& scratch_;
  int* queue_ = nullptr;  // cells() entries, in the solver's buffers
  std::pair<int, std::uint64_t>* round_found_ = nullptr;  // units_ entries: a round's units with hidden singles, their digits
  int queued_ = 0;
  int solved_ = 0;  // cells placed on the current path
  std::optional<Grid> partial_;
  SearchObserver* observer_;
  Probe* probe_;  // a random probe: each node enters the one child it picks
  int choice_from_ = 0;  // where the choice of a cell starts looking (kRules, choice=last)
  OnlineEstimator* estimator_;  // the online estimate: told each node's candidates (online_estimate.h)
  std::vector<std::uint64_t>& where_;  // X-wing's positions (n x n, kept only when it is on)
  std::string failure_;  // what the last contradiction was (kept only when observed)
  std::uint64_t nodes_ = 1, guesses_ = 0, backtracks_ = 0, naked_ = 0, hidden_ = 0, eliminations_ = 0;
  // The stronger rules: patterns that removed something, by rule; the candidates they removed;
  // the hardest rule that made progress.
  std::uint64_t found_[kRuleCount] = {}, rule_eliminations_ = 0, cage_eliminations_ = 0;
  PropagateRating hardest_ = PropagateRating::singles;
  std::uint64_t* crossing_unions_ = nullptr;  // locked candidates: each crossing's candidates
  std::uint64_t changed_ = 0;     // units whose candidates changed since the rules last ran
  std::uint64_t pending_[kFamilies] = {};  // by Family: units to look at again
};

}  // namespace
}  // namespace sudokit::propagate_detail
