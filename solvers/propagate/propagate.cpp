#include "sudokit/propagate/propagate.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "lanes/lanes.h"
#include "sudokit/errors.h"

namespace sudokit {

struct PropagateSolver::Tables {
  explicit Tables(const ShapePtr& shape_ptr) : shape(shape_ptr) {
    const Shape& sh = *shape;
    for (int cell = 0; cell < sh.cells(); ++cell) {
      peer_begin.push_back(static_cast<int>(peers.size()));
      for (int p : sh.peers_of(cell)) peers.push_back(static_cast<std::uint16_t>(p));
      unit_begin.push_back(static_cast<int>(cell_units.size()));
      for (int u : sh.units_of(cell)) cell_units.push_back(u);
      first_unit.push_back(cell_units[static_cast<std::size_t>(unit_begin.back())]);
    }
    peer_begin.push_back(static_cast<int>(peers.size()));
    unit_begin.push_back(static_cast<int>(cell_units.size()));
    for (const Unit& u : sh.units())
      for (int cell : u.cells) unit_cells.push_back(cell);
    // Each cell's units as (64-bit word, bits) pairs of a unit bitset: one OR per word.
    for (int cell = 0; cell < sh.cells(); ++cell) {
      dirty_begin.push_back(static_cast<int>(dirty_word.size()));
      for (int u : sh.units_of(cell)) {
        const auto word = static_cast<std::uint32_t>(u / 64);
        const std::uint64_t bit = std::uint64_t{1} << (u % 64);
        if (static_cast<int>(dirty_word.size()) > dirty_begin.back() && dirty_word.back() == word) dirty_bits.back() |= bit;
        else dirty_word.push_back(word), dirty_bits.push_back(bit);
      }
    }
    dirty_begin.push_back(static_cast<int>(dirty_word.size()));
    if (sh.units().size() <= 64)
      for (int cell = 0; cell < sh.cells(); ++cell)
        cell_unit_mask.push_back(dirty_bits[static_cast<std::size_t>(dirty_begin[static_cast<std::size_t>(cell)])]);
    // The units a placement in a cell can change: its own and its peers'.
    for (std::size_t cell = 0; cell < cell_unit_mask.size(); ++cell) {
      std::uint64_t reach = cell_unit_mask[cell];
      for (int p : sh.peers_of(static_cast<int>(cell))) reach |= cell_unit_mask[static_cast<std::size_t>(p)];
      reach_mask.push_back(reach);
    }
    if (sh.cells() <= kMaxLanes && sh.size() <= 16 && sh.units().size() <= 64) {
      lanes = (sh.cells() + 31) / 32 * 32;
      peer_lanes.assign(static_cast<std::size_t>(sh.cells() * lanes), 0);
      for (int cell = 0; cell < sh.cells(); ++cell)
        for (int p : sh.peers_of(cell)) peer_lanes[static_cast<std::size_t>(cell * lanes + p)] = 0xFFFF;
      // Slot i of every unit, one unit per lane: the cell each lane gathers. Lanes past the last
      // unit gather lane 127, which is always zero padding (at most 121 cells use the lanes).
      if (sh.units().size() <= 32) {
        slot_cell.assign(static_cast<std::size_t>(sh.size() * 32), 127);
        for (std::size_t u = 0; u < sh.units().size(); ++u)
          for (int i = 0; i < sh.size(); ++i)
            slot_cell[static_cast<std::size_t>(i * 32) + u] = static_cast<std::uint16_t>(sh.units()[u].cells[static_cast<std::size_t>(i)]);
      }
    }
    // For the stronger rules: the rows and columns by number, and every box's crossings with the
    // rows and columns it meets.
    row_unit.assign(static_cast<std::size_t>(sh.size()), -1);
    col_unit.assign(static_cast<std::size_t>(sh.size()), -1);
    for (std::size_t u = 0; u < sh.units().size(); ++u) {
      const Unit& unit = sh.units()[u];
      if (unit.kind == UnitKind::row) row_unit[static_cast<std::size_t>(unit.index)] = static_cast<int>(u);
      if (unit.kind == UnitKind::column) col_unit[static_cast<std::size_t>(unit.index)] = static_cast<int>(u);
    }
    // A jigsaw region crosses its rows and columns as a box does (its cells split by row, and a
    // line's cells by region), so it gets the same crossings; other extra units get none.
    for (std::size_t b = 0; b < sh.units().size(); ++b) {
      const Unit& box = sh.units()[b];
      if (box.kind != UnitKind::box && box.kind != UnitKind::region) continue;
      for (bool by_row : {true, false}) {
        std::vector<int> through;  // the lines through it, ascending
        for (int cell : box.cells) through.push_back(by_row ? sh.row_of(cell) : sh.col_of(cell));
        std::sort(through.begin(), through.end());
        through.erase(std::unique(through.begin(), through.end()), through.end());
        for (int l : through) {
          Crossing x;
          x.box = static_cast<int>(b);
          x.line = by_row ? row_unit[static_cast<std::size_t>(l)] : col_unit[static_cast<std::size_t>(l)];
          auto on_line = [&](int cell) { return (by_row ? sh.row_of(cell) : sh.col_of(cell)) == l; };
          for (int cell : box.cells) (on_line(cell) ? x.both : x.box_rest).push_back(cell);
          for (int cell : sh.units()[static_cast<std::size_t>(x.line)].cells)
            if (sh.box_of(cell) != box.index) x.line_rest.push_back(cell);
          x.by_row = by_row;
          crossings.push_back(std::move(x));
        }
      }
    }
    // The rest of a box is its other crossings with lines the same way, and the rest of a line
    // its crossings with other boxes: the rule ORs a few crossings instead of every cell.
    for (Crossing& x : crossings)
      for (int j = 0; j < static_cast<int>(crossings.size()); ++j) {
        const Crossing& y = crossings[static_cast<std::size_t>(j)];
        if (&y == &x || y.by_row != x.by_row) continue;
        if (y.box == x.box) x.box_mates.push_back(j);
        if (y.line == x.line) x.line_mates.push_back(j);
      }
    // The same, flat, for the pass that runs at every node: crossing i's cells, then its box
    // mates, then its line mates, from cross_at[i]. When every crossing has k cells, k - 1 box
    // mates and k - 1 line mates (square boxes), the pass is compiled for that k.
    cross_k = crossings.empty() ? 0 : static_cast<int>(crossings[0].both.size());
    for (const Crossing& x : crossings) {
      const auto k = static_cast<std::size_t>(cross_k);
      if (x.both.size() != k || x.box_mates.size() + 1 != k || x.line_mates.size() + 1 != k) cross_k = 0;
      cross_at.push_back(static_cast<int>(cross_flat.size()));
      cross_units.push_back((x.box < 64 ? std::uint64_t{1} << x.box : 0) | (x.line < 64 ? std::uint64_t{1} << x.line : 0));
      for (int c : x.both) cross_flat.push_back(static_cast<std::uint16_t>(c));
      cross_mates_at.push_back(static_cast<int>(cross_flat.size()));
      for (int j : x.box_mates) cross_flat.push_back(static_cast<std::uint16_t>(j));
      cross_lines_at.push_back(static_cast<int>(cross_flat.size()));
      for (int j : x.line_mates) cross_flat.push_back(static_cast<std::uint16_t>(j));
    }
    cross_at.push_back(static_cast<int>(cross_flat.size()));
    // What a crossing's finds depend on: its own union and its mates' (at most 64 crossings).
    if (crossings.size() <= 64)
      for (const Crossing& x : crossings) {
        std::uint64_t watch = std::uint64_t{1} << (&x - crossings.data());
        for (int j : x.box_mates) watch |= std::uint64_t{1} << j;
        for (int j : x.line_mates) watch |= std::uint64_t{1} << j;
        cross_watch.push_back(watch);
      }
  }

  // Small grids (at most 128 cells, 16 digits): a row of `lanes` masks per cell, all ones at its
  // peers, so that a placement strips its digit from every peer in a few vector instructions.
  static constexpr int kMaxLanes = 128;
  int lanes = 0;
  std::vector<std::uint16_t> peer_lanes;
  std::vector<std::uint16_t> slot_cell;  // at most 32 units: slot i's cells at [32 i, 32 i + 32)

  ShapePtr shape;
  std::vector<std::uint16_t> peers;  // peers of cell c: peers[peer_begin[c] .. peer_begin[c+1])
  std::vector<int> peer_begin, cell_units, unit_begin, unit_cells;
  std::vector<int> first_unit;  // the first unit of each cell, where is_placed() looks
  std::vector<std::uint32_t> dirty_word;
  std::vector<std::uint64_t> dirty_bits;
  std::vector<int> dirty_begin;
  std::vector<std::uint64_t> cell_unit_mask;  // when there are at most 64 units
  std::vector<std::uint64_t> reach_mask;      // the same, of a cell and its peers

  std::vector<int> row_unit, col_unit;  // the unit index of row r, column c
  struct Crossing {                     // a box and a row or column through it
    int box, line;
    bool by_row;
    std::vector<int> both, box_rest, line_rest;  // cells in both, in the box only, in the line only
    std::vector<int> box_mates, line_mates;      // the crossings that make up box_rest, line_rest
  };
  std::vector<Crossing> crossings;
  std::vector<std::uint16_t> cross_flat;  // per crossing: its cells, box mates, line mates
  std::vector<int> cross_at, cross_mates_at, cross_lines_at;
  std::vector<std::uint64_t> cross_units;  // its box and line as unit bits (at most 64 units)
  std::vector<std::uint64_t> cross_watch;  // itself and its mates as crossing bits (at most 64 crossings)
  int cross_k = 0;  // cells per crossing when uniform (square boxes), else 0
};

namespace {

using Tables = PropagateSolver::Tables;

// The search for one mask width M. The state of one search level is a contiguous block:
// cells() candidate masks (zero padding up to the vector lanes, on small grids), then one
// "placed" mask per unit (digits already placed in it), padded to whole 32-byte blocks.
// Guessing copies the block one level down; backtracking just returns to the level above.
// kOneWord: at most 64 units, the dirty set is one word. kRules: some rule beyond the singles is
// on; the engine without them is the Norvig method at full speed.
// kCages: the shape has killer cages with sums, and the cage rule runs with the singles (else it
// is compiled out: no cost on other shapes).
template <typename M, bool kOneWord, bool kRules, bool kCages>
class Engine {
 public:
  Engine(const Grid& puzzle, const Limits& limits, const SearchBudget& budget, const PropagateSettings& settings,
         const Tables& tables, PropagateSolver::Levels& scratch, PropagateSolver::Buffers& buffers)
      : puzzle_(puzzle), shape_(puzzle.shape()), settings_(settings), budget_(budget), sink_(limits),
        cells_(shape_.cells()), units_(static_cast<int>(shape_.units().size())),
        all_(static_cast<M>(shape_.all_digits())),
        placed_at_(std::max(cells_, tables.lanes)),
        tracked_unions_(kRules && kOneWord && settings.locked_candidates && !tables.cross_watch.empty()
                            ? static_cast<int>(tables.cross_watch.size()) : 0),
        stride_(static_cast<std::size_t>((placed_at_ + units_ + tracked_unions_ + kPerBlock - 1) / kPerBlock * kPerBlock)),
        peers_(tables.peers), peer_begin_(tables.peer_begin), cell_units_(tables.cell_units),
        unit_begin_(tables.unit_begin), unit_cells_(tables.unit_cells), dirty_word_(tables.dirty_word),
        dirty_bits_(tables.dirty_bits), dirty_begin_(tables.dirty_begin),
        cell_unit_mask_(tables.cell_unit_mask), first_unit_(tables.first_unit.data()), tables_(tables), lanes_(tables.lanes), peer_lanes_(tables.peer_lanes.data()),
        slot_cell_(tables.slot_cell.data()),
        scan_all_(lanes::native::kAllUnits && std::is_same_v<M, std::uint16_t> && !tables.slot_cell.empty()),
        coarse_changes_(scan_all_ && !tables.reach_mask.empty() &&
                        !(settings.naked_pairs || settings.naked_triples || settings.hidden_pairs || settings.hidden_triples || settings.xwing)),
        dirty_(buffers.dirty), scratch_(scratch), observer_(limits.observer), where_(buffers.where) {
    dirty_.assign((static_cast<std::size_t>(units_) + 63) / 64, 0);
    if (buffers.queue.size() < static_cast<std::size_t>(cells_)) buffers.queue.resize(static_cast<std::size_t>(cells_));
    queue_ = buffers.queue.data();
    if (kRules && settings_.xwing) where_.assign(static_cast<std::size_t>(cells_), 0);
    if (kRules && settings_.locked_candidates) {
      if (buffers.unions.size() < tables.crossings.size()) buffers.unions.resize(tables.crossings.size());
      crossing_unions_ = buffers.unions.data();
    }
    if constexpr (kRules && kOneWord) std::fill(std::begin(pending_), std::end(pending_), low_bits(units_));  // the root: all
  }

  Result run() {
    Stats stats;
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
    if (ok) {
      if (settings_.search) {
        stop = search(0, 1) ? budget_.reason() : StopReason::none;
      } else if (solved_ == cells_) {
        sink_.add(to_grid(root));
      } else {
        stop = StopReason::no_search;
        partial_ = to_grid(root);
      }
    }
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
      const auto rating = ok && solved_ != cells_ ? PropagateRating::search : hardest_;
      stats.counters.push_back({"rating", static_cast<std::uint64_t>(rating)});
    }
    stats.seconds = budget_.elapsed_seconds();
    Result r = sink_.finish(stop, std::move(stats));
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
    PropagateSolver::Levels grown;
    grown.data.reset(static_cast<unsigned char*>(::operator new[](bytes, std::align_val_t{64})));
    grown.bytes = bytes;
    if (scratch_.data) std::memcpy(grown.data.get(), scratch_.data.get(), scratch_.bytes);
    scratch_ = std::move(grown);
  }

  // Places `bit` in `cell`: its units record the digit and every peer loses it. New naked singles
  // are queued. Returns false on a contradiction (a peer left with no candidate).
  bool assign(M* s, int cell, M bit) {
    if (!scan_all_) mark_units_of(cell);
    if constexpr (kRules && kOneWord) changed_ |= cell_unit_mask_[static_cast<std::size_t>(cell)];
    ++solved_;
    M* placed = s + placed_at_;
    for (int k = unit_begin_[static_cast<std::size_t>(cell)]; k < unit_begin_[static_cast<std::size_t>(cell) + 1]; ++k)
      placed[cell_units_[static_cast<std::size_t>(k)]] |= bit;
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

  // The peers lose `bit` 32 lanes at a time, through the cell's row of peer lanes; only the cells
  // that had it are looked at.
  bool strip_peers_lanes(M* s, int cell, M bit) {
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
    if (empty_low | empty_high) {
      // A peer left with nothing. Counted as when the blocks were looked at one by one, up to the
      // first with an empty cell.
      const int first = empty_low ? std::countr_zero(empty_low) : 64 + std::countr_zero(empty_high);
      const int seen = first / 32 * 32 + 32;
      eliminations_ += static_cast<std::uint64_t>(std::popcount(had_low & low_bits(seen)) +
                                                  (seen > 64 ? std::popcount(had_high & low_bits(seen - 64)) : 0));
      if (observer_) failure_ = shape_.cell_name(first) + " has no candidate left";
      return false;
    }
    const auto eliminated = static_cast<std::uint64_t>(std::popcount(had_low) + std::popcount(had_high));
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

  // A guess's copy of the state. With the vector path, in the same 32-byte blocks the vector
  // pass will load, so that each load is served whole by one store.
  void copy_level(M* to, const M* from) const {
    if (lanes_ > 0) lanes::native::copy_blocks(to, from, stride_ * sizeof(M));
    else std::memcpy(to, from, stride_ * sizeof(M));
  }

  bool is_placed(const M* s, int cell) const {
    return (s[placed_at_ + first_unit_[cell]] & s[cell]) != 0 && (s[cell] & (s[cell] - 1)) == 0;
  }

  // Runs the enabled rules to a fixed point: the singles, and when they stall the stronger rules,
  // cheapest first, back to the singles after any elimination. Returns false on a contradiction.
  bool propagate(M* s) {
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
          const int found = stronger_rules(s);
          if (found < 0) return fail();
          if (found > 0) continue;
        }
        return true;
      }
    }
  }

  // Killer cages: a digit set S of a cage is still possible when every cell of the cage has a
  // candidate in S and S's digits all have a cell (k different digits in k cells are all of S).
  // Each cell keeps only the digits of the possible sets; no possible set is a contradiction
  // (this is also what checks a full cage's sum, so it runs under every setting, even rules=none).
  // Returns -1 on a contradiction, else whether a candidate went.
  int cage_rule(M* s) {
    int progress = 0;
    const auto& cages = shape_.cages();
    for (std::size_t k = 0; k < cages.size(); ++k) {
      const CageTable& cage = cages[k];
      const auto size = cage.cells.size();
      if (cage.sum == 0 || static_cast<int>(size) == shape_.size()) continue;  // peers and units say it all
      M allowed = 0;
      for (const Mask combination : cage.combinations) {
        const auto set = static_cast<M>(combination);
        M reach = 0;
        std::size_t i = 0;
        for (; i < size; ++i) {
          const M here = static_cast<M>(s[cage.cells[i]] & set);
          if (!here) break;
          reach |= here;
        }
        if (i == size && reach == set) allowed |= set;
      }
      if (allowed == 0) {
        if (observer_) failure_ = "no digit set of cage " + std::to_string(k + 1) + " (sum " + std::to_string(cage.sum) + ") fits";
        return -1;
      }
      std::string losers;
      for (int cell : cage.cells) {
        if (!(s[cell] & ~allowed)) continue;
        const int r = eliminate(s, cell, static_cast<M>(~allowed));
        if (r < 0) return -1;
        cage_eliminations_ += static_cast<std::uint64_t>(r);
        rule_eliminations_ -= static_cast<std::uint64_t>(r);  // eliminate() counted them as the stronger rules
        if (observer_) losers += " " + shape_.cell_name(cell);
        progress = 1;
      }
      if (observer_ && !losers.empty())
        observer_->note("cage " + std::to_string(k + 1) + " (sum " + std::to_string(cage.sum) + "): only " +
                        digits_text(allowed) + " fit; removed from" + losers);
    }
    return progress;
  }

  // Naked and hidden singles until neither applies. Returns false on a contradiction.
  bool propagate_singles(M* s) {
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
      if constexpr (lanes::native::kAllUnits && std::is_same_v<M, std::uint16_t>)
        if (scan_all_) {
          const int found = hidden_singles_all_units(s);
          if (found < 0) return fail();
          if (found == 0) return true;
          continue;
        }
      // Hidden singles, in units whose cells changed since they were last looked at: the state
      // the search starts from is a fixed point, so other units hold none.
      const int u = next_dirty_unit();
      if (u < 0) return true;
      const int* cells = unit_cells_.data() + static_cast<std::size_t>(u) * static_cast<std::size_t>(n);
      M once = 0, twice = 0;
      for (int i = 0; i < n; ++i) {
        const M c = s[cells[i]];
        twice |= once & c;
        once |= c;
      }
      if (once != all_) {  // a digit with no place in this unit
        if (observer_)
          failure_ = "digit " + std::to_string(std::countr_zero(static_cast<M>(all_ & ~once)) + 1) +
                     " has no place in " + shape_.unit_name(u);
        return fail();
      }
      if (!place_hidden_singles(s, u, static_cast<M>(once & ~twice & ~placed[u]))) return fail();
    }
  }

  // Every unit at once, one per lane (lanes::native::UnitScan). Places the hidden singles found;
  // returns how many units had one, or -1 on a contradiction. What it finds may be stale by the
  // time it is placed (an earlier placement took the cell or the digit): that is caught as a
  // contradiction, as the digit then has no place left in the unit.
  int hidden_singles_all_units(M* s) {
    lanes::native::UnitScan scan(s, lanes_, slot_cell_, shape_.size());
    if (const std::uint32_t missing = scan.incomplete(units_, all_)) {
      if (observer_) {
        const int u = std::countr_zero(missing);
        failure_ = "digit " + std::to_string(std::countr_zero(static_cast<M>(all_ & ~scan.places(u))) + 1) +
                   " has no place in " + shape_.unit_name(u);
      }
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
  // contradiction: a digit's one place went to another digit meanwhile.
  bool place_hidden_singles(M* s, int u, M hidden) {
    const int n = shape_.size();
    const int* cells = unit_cells_.data() + static_cast<std::size_t>(u) * static_cast<std::size_t>(n);
    while (hidden) {
      const M bit = static_cast<M>(hidden & (~hidden + 1));
      hidden = static_cast<M>(hidden ^ bit);
      int i = 0;
      while (i < n && !(s[cells[i]] & bit)) ++i;
      if (i == n) {
        if (observer_)
          failure_ = "digit " + std::to_string(std::countr_zero(bit) + 1) + " has no place in " + shape_.unit_name(u);
        return false;
      }
      if (s[cells[i]] == bit && is_placed(s, cells[i])) continue;  // placed from another unit
      ++hidden_;
      if (observer_) observer_->place(cells[i], std::countr_zero(bit) + 1, Reason::inferred, "hidden single");
      if (!assign(s, cells[i], bit)) return false;
    }
    return true;
  }

  // Units to rescan for hidden singles, as a bitset over unit indices.
  void mark_units_of(int cell) {
    if constexpr (kOneWord) {
      dirty_one_ |= cell_unit_mask_[static_cast<std::size_t>(cell)];
      return;
    }
    for (int k = dirty_begin_[static_cast<std::size_t>(cell)]; k < dirty_begin_[static_cast<std::size_t>(cell) + 1]; ++k)
      dirty_[dirty_word_[static_cast<std::size_t>(k)]] |= dirty_bits_[static_cast<std::size_t>(k)];
  }
  int next_dirty_unit() {
    if constexpr (kOneWord) {
      if (!dirty_one_) return -1;
      const int bit = std::countr_zero(dirty_one_);
      dirty_one_ &= dirty_one_ - 1;
      return bit;
    }
    for (std::size_t w = 0; w < dirty_.size(); ++w)
      if (dirty_[w]) {
        const int bit = std::countr_zero(dirty_[w]);
        dirty_[w] &= dirty_[w] - 1;
        return static_cast<int>(w) * 64 + bit;
      }
    return -1;
  }

  bool fail() {
    queued_ = 0;
    std::fill(dirty_.begin(), dirty_.end(), 0);
    dirty_one_ = 0;
    return false;
  }

  // ---- The stronger rules (the kRules engine only): scalar, run when the singles stall ----

  enum Rule { kPointing, kClaiming, kNakedPairs, kNakedTriples, kHiddenPairs, kHiddenTriples, kXWings, kRuleCount };

  // One pass of the first enabled rule, in order of cost, that finds anything; every pattern it
  // finds in that pass is applied. Returns -1 on a contradiction, 0 when no rule applies, else 1.
  int stronger_rules(M* s) {
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

  // Removes `bits` from `cell`, as a rule's deduction: the cell's units are rescanned for hidden
  // singles and a cell left with one candidate is queued. Returns how many candidates went, or
  // -1 when none is left.
  int eliminate(M* s, int cell, M bits) {
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
  // pattern and tells the observer what it was (describe()) and which cells lost digits.
  template <typename Targets, typename Describe>
  int apply(M* s, Rule rule, M remove, Targets targets, Describe describe) {
    int removed = 0;
    bool dead = false;
    std::string losers;
    targets([&](int cell) {
      if (!(s[cell] & remove)) return;  // most targets: a pattern found again lost nothing since
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
    if (observer_) observer_->note(describe() + "; removed from" + losers);
    return 1;
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

  // Each of `digits`, confined to where unit `within` crosses unit `only_in`, leaves `cells`.
  int locked(M* s, Rule rule, M digits, const std::vector<int>& cells, int within, int only_in) {
    int progress = 0;
    for (; digits; digits &= static_cast<M>(digits - 1)) {
      const M bit = static_cast<M>(digits & (~digits + 1));
      const int r = apply(s, rule, bit, slots_of(cells.data(), low_bits(static_cast<int>(cells.size()))), [&] {
        return std::string(rule == kPointing ? "pointing: " : "claiming: ") + digits_text(bit) + " of " +
               shape_.unit_name(within) + " lies in " + shape_.unit_name(only_in) + " only";
      });
      if (r < 0) return -1;
      progress |= r;
    }
    return progress;
  }

  // A digit of a box that fits only where a row or column crosses it leaves the rest of that line
  // (pointing); a digit of a line that fits only in one box leaves the rest of the box (claiming).
  int locked_candidates(M* s) {
    switch (tables_.cross_k) {  // the common shapes' crossings, with loops of fixed length
      case 2: return locked_candidates<2>(s);
      case 3: return locked_candidates<3>(s);
      case 4: return locked_candidates<4>(s);
      default: return locked_candidates<0>(s);
    }
  }
  // kK: every crossing has kK cells, kK - 1 box mates and kK - 1 line mates; 0: as the table says.
  template <int kK>
  int locked_candidates(M* s) {
    if constexpr (kOneWord)
      if (!pending_[kLockedFamily]) return 0;  // nothing changed since it last found nothing
    const std::uint16_t* flat = tables_.cross_flat.data();
    const int* at = tables_.cross_at.data();
    const int* mates_at = tables_.cross_mates_at.data();
    const auto count = static_cast<int>(tables_.crossings.size());
    // Each crossing's candidates, as the pass starts. Eliminations only shrink them, so a digit
    // missing from a stale union is missing from the true one, and what is found stays sound.
    auto union_at = [&](int i) {
      M both = 0;
      if constexpr (kK > 0)
        for (int k = 0; k < kK; ++k) both |= s[flat[i * (3 * kK - 2) + k]];
      else
        for (int k = at[i]; k < mates_at[i]; ++k) both |= s[flat[k]];
      return both;
    };
    if constexpr (kOneWord) {
      if (tracked_unions_) {
        // A crossing whose own and mates' unions are those of the last pass over this state finds
        // what it found then: nothing, as what it finds leaves a mate's union smaller. A node
        // starts from its parent's last pass, which found nothing. So only the others are looked at.
        M* last = s + placed_at_ + units_;
        std::uint64_t changed = 0;
        for (int i = 0; i < count; ++i) {
          const M both = union_at(i);
          changed |= static_cast<std::uint64_t>(both != last[i]) << i;
          last[i] = both;
        }
        std::uint64_t look = 0;
        for (; changed; changed &= changed - 1) look |= tables_.cross_watch[static_cast<std::size_t>(std::countr_zero(changed))];
        return locked_pass<kK, true>(s, last, look);
      }
    }
    std::uint64_t* union_of = crossing_unions_;
    for (int i = 0; i < count; ++i) union_of[i] = union_at(i);
    return locked_pass<kK, false>(s, union_of, 0);
  }
  // Every crossing (by the bits of `look` when tracked, else all, in order) against its mates'
  // unions in union_of.
  template <int kK, bool kTracked, typename U>
  int locked_pass(M* s, const U* union_of, std::uint64_t look) {
    int progress = 0;
    const std::uint16_t* flat = tables_.cross_flat.data();
    const int* at = tables_.cross_at.data();
    const int* mates_at = tables_.cross_mates_at.data();
    const int* lines_at = tables_.cross_lines_at.data();
    const auto count = static_cast<int>(tables_.crossings.size());
    for (int next = 0;;) {
      int i;
      if constexpr (kTracked) {
        if (!look) break;
        i = std::countr_zero(look);
        look &= look - 1;
      } else {
        if (next == count) break;
        i = next++;
      }
      if constexpr (kOneWord) {
        if (!(pending_[kLockedFamily] & tables_.cross_units[static_cast<std::size_t>(i)])) continue;
      }
      const auto both = static_cast<M>(union_of[i]);
      M box_rest = 0, line_rest = 0;
      if constexpr (kK > 0) {
        const std::uint16_t* mates = flat + i * (3 * kK - 2) + kK;
        for (int k = 0; k < kK - 1; ++k)
          box_rest |= static_cast<M>(union_of[mates[k]]), line_rest |= static_cast<M>(union_of[mates[kK - 1 + k]]);
      } else {
        for (int k = mates_at[i]; k < lines_at[i]; ++k) box_rest |= static_cast<M>(union_of[flat[k]]);
        for (int k = lines_at[i]; k < at[i + 1]; ++k) line_rest |= static_cast<M>(union_of[flat[k]]);
      }
      // Digits the other side still has (the rest would remove nothing; a placed digit is never
      // among them, as its peers have lost it).
      const auto pointing = static_cast<M>(both & ~box_rest & line_rest);
      const auto claiming = static_cast<M>(both & ~line_rest & box_rest);
      if (!(pointing | claiming)) continue;  // the usual case
      const Tables::Crossing& x = tables_.crossings[static_cast<std::size_t>(i)];
      const int r = locked(s, kPointing, pointing, x.line_rest, x.box, x.line);
      const int r2 = r < 0 ? r : locked(s, kClaiming, claiming, x.box_rest, x.line, x.box);
      if (r2 < 0) return -1;
      progress |= r | r2;
    }
    looked(kLockedFamily);
    return progress;
  }

  // Calls f(set, cover) on every pair (if `pairs`) and triple (if `triples`) of the m `items` (bit
  // numbers) whose masks together cover at most as many bits as there are items: `set` has the
  // items' bits, `cover` is the union of their masks. f returns -1 on a contradiction, which ends
  // the walk. Returns -1, else whether f made progress.
  template <typename MaskOf, typename F>
  static int each_subset(const int* items, int m, bool pairs, bool triples, MaskOf mask_of, F f) {
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
  int subsets(M* s, bool hidden, bool pairs, bool triples) {
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
        return apply(s, rule, remove, slots_of(cells, hidden ? slots : low_bits(n) & ~slots), [&] {
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

  // A digit that fits in exactly the same two columns of two rows takes those columns there, so
  // the rest of both columns loses it; and the same with rows and columns swapped.
  int xwings(M* s) {
    if constexpr (kOneWord)
      if (!pending_[kFishFamily]) return 0;  // nothing changed since it last found nothing
    const int n = shape_.size();
    // where_[d * n + r]: the columns where digit d fits in row r (by_row), or the rows of column r.
    // A digit placed in a line fits there once, so such lines never look like half an X-wing.
    int progress = 0;
    for (bool by_row : {true, false}) {
      std::fill(where_.begin(), where_.end(), 0);
      for (int cell = 0; cell < cells_; ++cell) {
        const int line = by_row ? cell / n : cell % n, across = by_row ? cell % n : cell / n;
        for (M c = s[cell]; c; c &= static_cast<M>(c - 1))
          where_[static_cast<std::size_t>(std::countr_zero(c) * n + line)] |= std::uint64_t{1} << across;
      }
      for (int d = 0; d < n; ++d) {
        const M bit = static_cast<M>(M{1} << d);
        const std::uint64_t* lines = where_.data() + static_cast<std::size_t>(d * n);
        for (int a = 0; a < n; ++a) {
          if (std::popcount(lines[a]) != 2) continue;
          for (int b = a + 1; b < n; ++b) {
            if (lines[b] != lines[a]) continue;
            // The digit leaves both cross lines everywhere but in lines a and b.
            auto targets = [&](auto visit) {
              for (std::uint64_t cross = lines[a]; cross; cross &= cross - 1)
                for (int l = 0; l < n; ++l)
                  if (l != a && l != b) visit(by_row ? l * n + std::countr_zero(cross) : std::countr_zero(cross) * n + l);
            };
            const int r = apply(s, kXWings, bit, targets, [&] {
              return "X-wing: " + digits_text(bit) + " of " + (by_row ? "rows " : "columns ") + std::to_string(a + 1) + "," +
                     std::to_string(b + 1) + " lies in " + (by_row ? "columns " : "rows ") + digits_text(lines[a]) + " only";
            });
            if (r < 0) return -1;
            progress |= r;
          }
        }
      }
    }
    looked(kFishFamily);
    return progress;
  }

  // Returns true when the search must end (a limit, or enough solutions).
  bool search(std::size_t depth, std::uint64_t id) {
    M* s = level(depth);
    if (solved_ == cells_) {
      if (observer_) observer_->solution();
      return sink_.add(to_grid(s));
    }
    // The open cell with the fewest candidates; ties go to the first in row-major order, with the
    // stronger rules the first from the cell chosen last, wrapping around (jsolve's choice: on
    // top1465 a third fewer nodes with locked candidates, as the search stays in the region its
    // last guess was about instead of going back to the top rows).
    // Open cells have at least two candidates when naked singles are placed, else at least one.
    const int fewest_possible = settings_.naked_singles ? 2 : 1;
    int best = -1, best_count = kMaxSize + 1;
    const int start = kRules ? choice_from_ : 0;
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
    const int solved_here = solved_;
    for (M rest = s[best]; rest;) {
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
        if (search(child_depth, child_id)) return true;
      } else {
        queued_ = 0;
        if (observer_) observer_->dead_end(failure_);
      }
      if (observer_) observer_->leave(child_id);
      ++backtracks_;
      solved_ = solved_here;
    }
    return false;
  }

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
  const int placed_at_;  // where the units' placed masks start: past the vector lanes
  // Locked candidates with at most 64 crossings keep each crossing's union in the level, after
  // the placed masks, as of the last pass over that state (0 at the root: all differ), so that a
  // pass looks only at crossings whose own or mates' unions changed since.
  const int tracked_unions_;
  const std::size_t stride_;
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
  // dirty one at a time (AVX-512, at most 128 cells, 32 units, 16 digits).
  const bool scan_all_ = false;
  // The stronger rules are told every unit a placement can have changed (the cell's and its
  // peers') instead of the units of the peers that lost the digit: where hidden singles need no
  // dirty units, finding those was a data-dependent loop in the hottest code. Only for locked
  // candidates, which look at every crossing's union anyway; the subsets and X-wing pay more
  // for a unit looked at needlessly than the loop costs.
  const bool coarse_changes_ = false;
  std::vector<std::uint64_t>& dirty_;
  std::uint64_t dirty_one_ = 0;
  PropagateSolver::Levels& scratch_;
  int* queue_ = nullptr;  // cells() entries, in the solver's buffers
  int queued_ = 0;
  int solved_ = 0;  // cells placed on the current path
  std::optional<Grid> partial_;
  SearchObserver* observer_;
  std::vector<std::uint64_t>& where_;  // X-wing's positions (n x n, kept only when it is on)
  std::string failure_;  // what the last contradiction was (kept only when observed)
  std::uint64_t nodes_ = 1, guesses_ = 0, backtracks_ = 0, naked_ = 0, hidden_ = 0, eliminations_ = 0;
  // The stronger rules: patterns that removed something, by rule; the candidates they removed;
  // the hardest rule that made progress.
  std::uint64_t found_[kRuleCount] = {}, rule_eliminations_ = 0, cage_eliminations_ = 0;
  PropagateRating hardest_ = PropagateRating::singles;
  std::uint64_t* crossing_unions_ = nullptr;  // locked candidates: each crossing's candidates
  int choice_from_ = 0;           // where the choice of a cell starts looking (kRules)
  std::uint64_t changed_ = 0;     // units whose candidates changed since the rules last ran
  std::uint64_t pending_[kFamilies] = {};  // by Family: units to look at again
};

}  // namespace

BackendInfo PropagateSolver::info() {
  BackendInfo i;
  i.name = "propagate";
  i.summary = "candidate sets, naked and hidden singles, fewest-candidates search (Norvig); stronger rules on request";
  i.sudoku = true;
  i.exact_cover = false;
  i.work = {"eliminations"};
  i.default_budget = 100'000;  // about 0.03 s on 9x9 (3 million nodes per second), 0.1 s on 16x16
  i.options = "rules=norvig|singles|locked|subsets|fish|all|none naked= hidden= locked= naked_pairs= naked_triples= "
              "hidden_pairs= hidden_triples= xwing= (on|off) search=on|off";
  // With search=off, the counter `rating` is the hardest rule needed: compare names it.
  BackendInfo::Rating rating{"rating", {}, {{"rules", "all"}, {"search", "off"}}};
  for (auto r = static_cast<std::uint64_t>(PropagateRating::singles); r <= static_cast<std::uint64_t>(PropagateRating::search); ++r)
    rating.words.emplace_back(to_string(static_cast<PropagateRating>(r)));
  i.rating = std::move(rating);
  return i;
}

namespace {
// The presets, each the one before plus more rules.
struct Preset {
  const char* name;
  PropagateSettings rules;
};
PropagateSettings with(bool singles, bool locked, bool subsets, bool fish) {
  PropagateSettings s;
  s.naked_singles = s.hidden_singles = singles;
  s.locked_candidates = locked;
  s.naked_pairs = s.naked_triples = s.hidden_pairs = s.hidden_triples = subsets;
  s.xwing = fish;
  return s;
}
const Preset kPresets[] = {{"norvig", with(true, false, false, false)}, {"locked", with(true, true, false, false)},
                           {"subsets", with(true, true, true, false)},  {"fish", with(true, true, true, true)},
                           {"none", with(false, false, false, false)}};

// The rule switches, by option name.
struct Switch {
  const char* name;
  bool PropagateSettings::*on;
};
constexpr Switch kSwitches[] = {{"naked", &PropagateSettings::naked_singles},
                                {"hidden", &PropagateSettings::hidden_singles},
                                {"locked", &PropagateSettings::locked_candidates},
                                {"naked_pairs", &PropagateSettings::naked_pairs},
                                {"naked_triples", &PropagateSettings::naked_triples},
                                {"hidden_pairs", &PropagateSettings::hidden_pairs},
                                {"hidden_triples", &PropagateSettings::hidden_triples},
                                {"xwing", &PropagateSettings::xwing}};
}  // namespace

PropagateSettings PropagateSettings::preset(std::string_view rules) {
  if (rules == "singles") rules = "norvig";
  if (rules == "all") rules = "fish";
  for (const Preset& p : kPresets)
    if (rules == p.name) return p.rules;
  throw UsageError("propagate: unknown rules preset '" + std::string(rules) +
                   "' (norvig, singles, locked, subsets, fish, all, none)");
}

bool PropagateSettings::same_rules(const PropagateSettings& o) const {
  for (const Switch& sw : kSwitches)
    if (this->*sw.on != o.*sw.on) return false;
  return true;
}

std::string_view to_string(PropagateRating rating) {
  switch (rating) {
    case PropagateRating::singles: return "singles";
    case PropagateRating::locked_candidates: return "locked candidates";
    case PropagateRating::subsets: return "subsets";
    case PropagateRating::fish: return "fish";
    case PropagateRating::search: return "search";
  }
  return "?";
}

std::unique_ptr<Solver> PropagateSolver::create(const SolverOptions& options) {
  PropagateSettings s = PropagateSettings::preset(options.take("rules").value_or("norvig"));
  for (const Switch& sw : kSwitches) s.*sw.on = options.take_flag(sw.name, s.*sw.on);
  s.search = options.take_flag("search", true);
  return std::make_unique<PropagateSolver>(s);
}

// "rules=PRESET" when the rules are a preset's, else every rule switch; then search.
std::string PropagateSolver::options() const {
  std::string out;
  for (const Preset& p : kPresets)
    if (settings_.same_rules(p.rules)) out = std::string("rules=") + p.name;
  if (out.empty())
    for (const Switch& sw : kSwitches) out += std::string(out.empty() ? "" : ",") + sw.name + "=" + (settings_.*sw.on ? "on" : "off");
  return out + ",search=" + (settings_.search ? "on" : "off");
}

namespace {
template <bool kRules, bool kCages>
Result solve_with(const Grid& puzzle, const Limits& limits, const SearchBudget& budget, const PropagateSettings& settings,
                  const Tables& tables, PropagateSolver::Levels& scratch, PropagateSolver::Buffers& buffers) {
  const int n = puzzle.size();
  const bool one_word = puzzle.shape().units().size() <= 64;
  if (n <= 16 && one_word)
    return Engine<std::uint16_t, true, kRules, kCages>(puzzle, limits, budget, settings, tables, scratch, buffers).run();
  if (n <= 16) return Engine<std::uint16_t, false, kRules, kCages>(puzzle, limits, budget, settings, tables, scratch, buffers).run();
  if (n <= 32) return Engine<std::uint32_t, false, kRules, kCages>(puzzle, limits, budget, settings, tables, scratch, buffers).run();
  return Engine<std::uint64_t, false, kRules, kCages>(puzzle, limits, budget, settings, tables, scratch, buffers).run();
}

// Whether the shape has a cage whose sum the peers do not express (a sum, fewer than n cells).
bool has_sum_cages(const Shape& shape) {
  for (const CageTable& cage : shape.cages())
    if (cage.sum != 0 && static_cast<int>(cage.cells.size()) < shape.size()) return true;
  return false;
}

// A node's cost grows with the grid (choosing the cell, copying the level, the unit scans): the
// clock is read every 256 nodes at 9x9 and about as often in time on larger grids, every 5
// nodes at 64x64.
std::uint32_t nodes_per_clock_read(const Shape& shape) {
  return static_cast<std::uint32_t>(SearchBudget::kNodesPerClockRead * 81 / shape.cells());
}
}  // namespace

Result PropagateSolver::search(const Grid& puzzle, const Limits& limits) {
  const SearchBudget budget(limits, nodes_per_clock_read(puzzle.shape()));  // the tables count against the deadline
  if (!tables_ || !tables_->shape->same_as(puzzle.shape())) tables_ = std::make_shared<const Tables>(puzzle.shape_ptr());
  if (has_sum_cages(puzzle.shape())) {
    if (settings_.stronger_rules()) return solve_with<true, true>(puzzle, limits, budget, settings_, *tables_, scratch_, buffers_);
    return solve_with<false, true>(puzzle, limits, budget, settings_, *tables_, scratch_, buffers_);
  }
  if (settings_.stronger_rules()) return solve_with<true, false>(puzzle, limits, budget, settings_, *tables_, scratch_, buffers_);
  return solve_with<false, false>(puzzle, limits, budget, settings_, *tables_, scratch_, buffers_);
}

}  // namespace sudokit
