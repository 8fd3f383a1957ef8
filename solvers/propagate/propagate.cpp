#include "propagate.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>

#if defined(__AVX2__)
#include <immintrin.h>
#endif
#include <vector>

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
  std::vector<std::uint32_t> dirty_word;
  std::vector<std::uint64_t> dirty_bits;
  std::vector<int> dirty_begin;
  std::vector<std::uint64_t> cell_unit_mask;  // when there are at most 64 units
};

namespace {

using Tables = PropagateSolver::Tables;

// The search for one mask width M. The state of one search level is a contiguous block:
// cells() candidate masks (zero padding up to the vector lanes, on small grids), then one
// "placed" mask per unit (digits already placed in it), padded to whole 32-byte blocks.
// Guessing copies the block one level down; backtracking just returns to the level above.
template <typename M, bool kOneWord>  // kOneWord: at most 64 units, the dirty set is one word
class Engine {
 public:
  Engine(const Grid& puzzle, const Limits& limits, const PropagateSettings& settings, const Tables& tables,
         std::vector<unsigned char>& scratch)
      : puzzle_(puzzle), shape_(puzzle.shape()), settings_(settings), budget_(limits), sink_(limits),
        cells_(shape_.cells()), units_(static_cast<int>(shape_.units().size())),
        all_(static_cast<M>(shape_.all_digits())),
        placed_at_(std::max(cells_, tables.lanes)),
        stride_(static_cast<std::size_t>((placed_at_ + units_ + kPerBlock - 1) / kPerBlock * kPerBlock)),
        peers_(tables.peers), peer_begin_(tables.peer_begin), cell_units_(tables.cell_units),
        unit_begin_(tables.unit_begin), unit_cells_(tables.unit_cells), dirty_word_(tables.dirty_word),
        dirty_bits_(tables.dirty_bits), dirty_begin_(tables.dirty_begin),
        cell_unit_mask_(tables.cell_unit_mask), lanes_(tables.lanes), peer_lanes_(tables.peer_lanes.data()),
        slot_cell_(tables.slot_cell.data()),
#if defined(__AVX512BW__)
        scan_all_(std::is_same_v<M, std::uint16_t> && !tables.slot_cell.empty()),
#endif
        dirty_((static_cast<std::size_t>(units_) + 63) / 64, 0),
        scratch_(scratch),
        queue_(static_cast<std::size_t>(cells_)), observer_(limits.observer) {}

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
    stats.counters = {{"naked_singles", naked_}, {"hidden_singles", hidden_}, {"eliminations", eliminations_}};
    if (!settings_.search) stats.counters.push_back({"open_cells", static_cast<std::uint64_t>(cells_ - solved_)});
    stats.seconds = budget_.elapsed_seconds();
    Result r = sink_.finish(stop, std::move(stats));
    if (stop == StopReason::no_search) r.partial = std::move(partial_);
    return r;
  }

 private:
  M* level(std::size_t depth) { return reinterpret_cast<M*>(scratch_.data()) + depth * stride_; }
  void reserve_levels(std::size_t count) {
    if (scratch_.size() < count * stride_ * sizeof(M)) scratch_.resize(count * stride_ * sizeof(M) * 2);
  }

  // Places `bit` in `cell`: its units record the digit and every peer loses it. New naked singles
  // are queued. Returns false on a contradiction (a peer left with no candidate).
  bool assign(M* s, int cell, M bit) {
    if (!scan_all_) mark_units_of(cell);
    ++solved_;
    M* placed = s + placed_at_;
    for (int k = unit_begin_[static_cast<std::size_t>(cell)]; k < unit_begin_[static_cast<std::size_t>(cell) + 1]; ++k)
      placed[cell_units_[static_cast<std::size_t>(k)]] |= bit;
#if defined(__AVX2__)
    if constexpr (std::is_same_v<M, std::uint16_t> && kOneWord)
      if (lanes_ > 0) {
        // The placed masks lie past the lanes, and the cell is written after the vector pass: a
        // wide load right after a narrow store to the same bytes cannot be forwarded and stalls
        // (measured: 5%). The cell is not its own peer, so the pass leaves it alone.
        const bool ok = strip_peers_vector(s, cell, bit);
        s[cell] = bit;
        return ok;
      }
#endif
    s[cell] = bit;
    const std::uint16_t* p = peers_.data() + peer_begin_[static_cast<std::size_t>(cell)];
    const std::uint16_t* end = peers_.data() + peer_begin_[static_cast<std::size_t>(cell) + 1];
    // The hot loop of the backend, in two passes. First every peer loses the digit, without a
    // branch, and the peers that had it are noted as bits of `had` (whether a peer has the digit
    // is unpredictable, and a mispredicted branch per peer was the main cost); then only those few
    // are looked at. Counters and the queue are kept in locals so that the compiler need not
    // assume the stores to s[] change them.
    int* queue = queue_.data();
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
    return ok;
  }

#if defined(__AVX2__)
  // The peers lose `bit` 16 cells per instruction, through the cell's row of peer lanes; the
  // cells that had it come out as a bit mask, 32 cells at a time, and only those are looked at.
  bool strip_peers_vector(M* s, int cell, M bit) {
    const std::uint16_t* peer = peer_lanes_ + static_cast<std::size_t>(cell) * static_cast<std::size_t>(lanes_);
    const __m256i digit = _mm256_set1_epi16(static_cast<short>(bit));
    const __m256i zero = _mm256_setzero_si256();
    const bool naked = settings_.naked_singles;
    auto load = [](const void* at) { return _mm256_loadu_si256(static_cast<const __m256i*>(at)); };
    // Locals, not members: the vector stores may alias anything, and members would be reloaded.
    const int lanes = lanes_;
    int* queue = queue_.data();
    int queued = queued_;
    std::uint64_t eliminated = 0, dirty = 0;
    // 32 lanes' 0xFFFF/0 flags as 32 bits
    auto bits = [](__m256i flags_a, __m256i flags_b) {
      return static_cast<std::uint32_t>(
          _mm256_movemask_epi8(_mm256_permute4x64_epi64(_mm256_packs_epi16(flags_a, flags_b), 0xD8)));
    };
    const __m256i one = _mm256_set1_epi16(1);
    for (int base = 0; base < lanes; base += 32) {
      const __m256i a = load(s + base), b = load(s + base + 16);
      const __m256i strip_a = _mm256_and_si256(load(peer + base), digit);
      const __m256i strip_b = _mm256_and_si256(load(peer + base + 16), digit);
      const __m256i left_a = _mm256_andnot_si256(strip_a, a), left_b = _mm256_andnot_si256(strip_b, b);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(s + base), left_a);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(s + base + 16), left_b);
      // The cells that had the digit, and of those, the ones left with at most one candidate
      // (read from the registers: loading them back right after the store would wait for it).
      const std::uint32_t had = ~bits(_mm256_cmpeq_epi16(_mm256_and_si256(a, strip_a), zero),
                                      _mm256_cmpeq_epi16(_mm256_and_si256(b, strip_b), zero));
      if (!had) continue;
      eliminated += static_cast<std::uint64_t>(std::popcount(had));
      const std::uint32_t few = had & bits(_mm256_cmpeq_epi16(_mm256_and_si256(left_a, _mm256_sub_epi16(left_a, one)), zero),
                                           _mm256_cmpeq_epi16(_mm256_and_si256(left_b, _mm256_sub_epi16(left_b, one)), zero));
      if (const std::uint32_t empty = few & bits(_mm256_cmpeq_epi16(left_a, zero), _mm256_cmpeq_epi16(left_b, zero))) {
        if (observer_) failure_ = shape_.cell_name(base + std::countr_zero(empty)) + " has no candidate left";
        queued_ = queued;
        eliminations_ += eliminated;
        return false;
      }
      if (!scan_all_)
        for (std::uint32_t h = had; h; h &= h - 1) dirty |= cell_unit_mask_[static_cast<std::size_t>(base + std::countr_zero(h))];
      if (naked)
        for (std::uint32_t single = few; single; single &= single - 1) queue[queued++] = base + std::countr_zero(single);
    }
    queued_ = queued;
    eliminations_ += eliminated;
    dirty_one_ |= dirty;
    return true;
  }
#endif

  // A guess's copy of the state. With the vector path, in the same 32-byte blocks the vector
  // pass will load, so that each load is served whole by one store.
  void copy_level(M* to, const M* from) const {
#if defined(__AVX2__)
    if (lanes_ > 0) {
      for (std::size_t i = 0; i < stride_; i += kPerBlock)
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(to + i), _mm256_loadu_si256(reinterpret_cast<const __m256i*>(from + i)));
      return;
    }
#endif
    std::memcpy(to, from, stride_ * sizeof(M));
  }

  bool is_placed(const M* s, int cell) const {
    return (s[placed_at_ + cell_units_[static_cast<std::size_t>(unit_begin_[static_cast<std::size_t>(cell)])]] &
            s[cell]) != 0 && (s[cell] & (s[cell] - 1)) == 0;
  }

  // Runs the enabled rules until neither applies. Returns false on a contradiction.
  bool propagate(M* s) {
    const M* placed = s + placed_at_;
    const int n = shape_.size();
    for (;;) {
      while (queued_ > 0) {  // naked singles
        const int cell = queue_[static_cast<std::size_t>(--queued_)];
        if (is_placed(s, cell)) continue;  // queued twice
        ++naked_;
        if (observer_) observer_->place(cell, std::countr_zero(s[cell]) + 1, Reason::naked_single);
        if (!assign(s, cell, s[cell])) return fail();
      }
      if (!settings_.hidden_singles) return true;
#if defined(__AVX512BW__)
      if constexpr (std::is_same_v<M, std::uint16_t>)
        if (scan_all_) {
          const int found = hidden_singles_all_units(s);
          if (found < 0) return fail();
          if (found == 0) return true;
          continue;
        }
#endif
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

#if defined(__AVX512BW__)
  // Every unit at once, one per lane: slot i of all units is gathered from the state registers,
  // and `once`/`twice` are accumulated over the slots as in the one-unit scan. Places the hidden
  // singles found; returns how many units had one, or -1 on a contradiction. What it finds may
  // be stale by the time it is placed (an earlier placement took the cell or the digit): that
  // is caught as a contradiction, as the digit then has no place left in the unit.
  int hidden_singles_all_units(M* s) {
    const int n = shape_.size();
    const __m512i zero = _mm512_setzero_si512();
    const int regs = lanes_ / 32;
    const __m512i r0 = _mm512_loadu_si512(s), r1 = regs > 1 ? _mm512_loadu_si512(s + 32) : zero;
    const __m512i r2 = regs > 2 ? _mm512_loadu_si512(s + 64) : zero, r3 = regs > 3 ? _mm512_loadu_si512(s + 96) : zero;
    const __m512i high = _mm512_set1_epi16(64);
    __m512i once = zero, twice = zero;
    for (int i = 0; i < n; ++i) {
      const __m512i cell = _mm512_loadu_si512(slot_cell_ + i * 32);
      const __m512i low_half = _mm512_permutex2var_epi16(r0, cell, r1), high_half = _mm512_permutex2var_epi16(r2, cell, r3);
      const __m512i c = _mm512_mask_blend_epi16(_mm512_test_epi16_mask(cell, high), low_half, high_half);
      twice = _mm512_or_si512(twice, _mm512_and_si512(once, c));
      once = _mm512_or_si512(once, c);
    }
    const auto units = static_cast<__mmask32>(units_ == 32 ? ~0u : (1u << units_) - 1);
    const __m512i placed = _mm512_maskz_loadu_epi16(units, s + placed_at_);
    if (const __mmask32 missing = _mm512_mask_cmpneq_epi16_mask(units, once, _mm512_set1_epi16(static_cast<short>(all_)))) {
      if (observer_) {
        alignas(64) std::uint16_t at[32];
        _mm512_store_si512(at, once);
        const int u = std::countr_zero(missing);
        failure_ = "digit " + std::to_string(std::countr_zero(static_cast<M>(all_ & ~at[u])) + 1) + " has no place in " +
                   shape_.unit_name(u);
      }
      return -1;
    }
    const __m512i hidden = once & ~(twice | placed);  // (_mm512_andnot_si512 trips GCC 12's -Wmaybe-uninitialized)
    const __mmask32 with_hidden = _mm512_mask_test_epi16_mask(units, hidden, hidden);
    if (!with_hidden) return 0;
    alignas(64) std::uint16_t hidden_in[32];
    _mm512_store_si512(hidden_in, hidden);
    for (std::uint32_t left = with_hidden; left; left &= left - 1) {
      const int u = std::countr_zero(left);
      if (!place_hidden_singles(s, u, hidden_in[u])) return -1;
    }
    return std::popcount(with_hidden);
  }
#endif

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
      if (observer_) observer_->place(cells[i], std::countr_zero(bit) + 1, Reason::hidden_single);
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

  // Returns true when the search must end (a limit, or enough solutions).
  bool search(std::size_t depth, std::uint64_t id) {
    M* s = level(depth);
    if (solved_ == cells_) {
      if (observer_) observer_->solution();
      return sink_.add(to_grid(s));
    }
    // The open cell with the fewest candidates; ties go to the first in row-major order.
    // Open cells have at least two candidates when naked singles are placed, else at least one.
    const int fewest_possible = settings_.naked_singles ? 2 : 1;
    int best = -1, best_count = kMaxSize + 1;
    for (int cell = 0; cell < cells_; ++cell) {
      const M c = s[cell];
      if ((c & (c - 1)) == 0 && (settings_.naked_singles || is_placed(s, cell))) continue;
      const int count = std::popcount(c);
      if (count < best_count) {
        best = cell, best_count = count;
        if (count <= fewest_possible) break;
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
      M* child = level(depth + 1);
      copy_level(child, level(depth));
      if (assign(child, best, bit) && propagate(child)) {
        if (search(depth + 1, child_id)) return true;
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
  const std::size_t stride_;
  const std::vector<std::uint16_t>& peers_;
  const std::vector<int>&peer_begin_, &cell_units_, &unit_begin_, &unit_cells_;
  const std::vector<std::uint32_t>& dirty_word_;
  const std::vector<std::uint64_t>& dirty_bits_;
  const std::vector<int>& dirty_begin_;
  const std::vector<std::uint64_t>& cell_unit_mask_;
  const int lanes_;                    // 0 unless the vector path applies
  const std::uint16_t* peer_lanes_;
  const std::uint16_t* slot_cell_;
  // Hidden singles by one vector pass over every unit, instead of rescanning the units marked
  // dirty one at a time (AVX-512, at most 128 cells, 32 units, 16 digits).
  const bool scan_all_ = false;
  std::vector<std::uint64_t> dirty_;
  std::uint64_t dirty_one_ = 0;
  std::vector<unsigned char>& scratch_;
  std::vector<int> queue_;
  int queued_ = 0;
  int solved_ = 0;  // cells placed on the current path
  std::optional<Grid> partial_;
  SearchObserver* observer_;
  std::string failure_;  // what the last contradiction was (kept only when observed)
  std::uint64_t nodes_ = 1, guesses_ = 0, backtracks_ = 0, naked_ = 0, hidden_ = 0, eliminations_ = 0;
};

}  // namespace

BackendInfo PropagateSolver::info() {
  BackendInfo i;
  i.name = "propagate";
  i.summary = "candidate sets, naked and hidden singles, fewest-candidates search (Norvig)";
  i.sudoku = true;
  i.exact_cover = false;
  i.work = {"eliminations"};
  i.options = "naked=on|off hidden=on|off search=on|off";
  i.puzzles_per_second = 31957;  // docs/benchmarks.md, top1465
  return i;
}

std::unique_ptr<Solver> PropagateSolver::create(const SolverOptions& options) {
  PropagateSettings s;
  s.naked_singles = options.take_flag("naked", true);
  s.hidden_singles = options.take_flag("hidden", true);
  s.search = options.take_flag("search", true);
  return std::make_unique<PropagateSolver>(s);
}

std::string PropagateSolver::options() const {
  auto on = [](bool b) { return b ? "on" : "off"; };
  return std::string("naked=") + on(settings_.naked_singles) + ",hidden=" + on(settings_.hidden_singles) +
         ",search=" + on(settings_.search);
}

Result PropagateSolver::solve(const Grid& puzzle, const Limits& limits) {
  if (!tables_ || !tables_->shape->same_as(puzzle.shape())) tables_ = std::make_shared<const Tables>(puzzle.shape_ptr());
  const int n = puzzle.size();
  const bool one_word = puzzle.shape().units().size() <= 64;
  if (n <= 16 && one_word) return Engine<std::uint16_t, true>(puzzle, limits, settings_, *tables_, scratch_).run();
  if (n <= 16) return Engine<std::uint16_t, false>(puzzle, limits, settings_, *tables_, scratch_).run();
  if (n <= 32) return Engine<std::uint32_t, false>(puzzle, limits, settings_, *tables_, scratch_).run();
  return Engine<std::uint64_t, false>(puzzle, limits, settings_, *tables_, scratch_).run();
}

}  // namespace sudokit
