// propagate's vector vocabulary, the reference: plain loops over 32 lanes of 16-bit candidate
// masks. Each instruction set has a header with the same few operations (avx2.h, avx512.h);
// lanes.h picks the one the build targets as `lanes::native`. These loops define what the others
// compute (tests/test_propagate_lanes.cpp compares them) and serve builds without AVX2.
//
// A lane is one cell of a grid of at most 128 cells and 16 digits: the state's candidate masks
// are laid out one per lane, padded with zeros to a multiple of 32 lanes.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace sudokit::lanes::scalar {

// Whether the search should strip a digit from the peers through their lanes (Strip32): without
// vector instructions, walking the peer list is cheaper than 32 lanes at a time.
inline constexpr bool kPeerStrip = false;
// Whether hidden singles should be looked for in every unit at once (UnitScan), while the givens
// are propagated and after each guess: only where vectors can gather the units' cells (AVX-512's
// permutes, AVX2's gathers); elsewhere the search rescans the units that changed.
inline constexpr bool kAllUnits = false;
inline constexpr bool kAllUnitsInSearch = false;
// Whether lane_or() is worth calling (one vector operation, avx512.h) rather than a loop over the lanes.
inline constexpr bool kLaneOr = false;
inline void lane_or(std::uint16_t* lanes32, std::uint32_t which, std::uint16_t bit) {
  for (; which; which &= which - 1) lanes32[std::countr_zero(which)] |= bit;
}

// 32 lanes lose `digit` where `peers` is all ones (0xFFFF, else 0); the masks are stored back at
// `cells`. Tells which lanes had the digit and what they were left with.
class Strip32 {
 public:
  Strip32(std::uint16_t* cells, const std::uint16_t* peers, std::uint16_t digit) {
    for (int i = 0; i < 32; ++i) {
      const auto strip = static_cast<std::uint16_t>(peers[i] & digit);
      had_ |= static_cast<std::uint32_t>((cells[i] & strip) != 0) << i;
      left_[i] = cells[i] = static_cast<std::uint16_t>(cells[i] & ~strip);
    }
  }
  std::uint32_t had() const { return had_; }  // the lanes that lost the digit
  std::uint32_t few() const {                 // the lanes left with at most one candidate
    std::uint32_t out = 0;
    for (int i = 0; i < 32; ++i) out |= static_cast<std::uint32_t>((left_[i] & (left_[i] - 1)) == 0) << i;
    return out;
  }
  std::uint32_t empty() const {  // the lanes left with none
    std::uint32_t out = 0;
    for (int i = 0; i < 32; ++i) out |= static_cast<std::uint32_t>(left_[i] == 0) << i;
    return out;
  }

 private:
  std::uint32_t had_ = 0;
  std::uint16_t left_[32];
};

// Copies a search level: `bytes` is a multiple of 32, the blocks the vector loads read.
inline void copy_blocks(void* to, const void* from, std::size_t bytes) { std::memcpy(to, from, bytes); }

// Up to 32 units examined at once, one unit per lane, for digits with no place and hidden singles.
// `state` holds `lanes` masks (a multiple of 32, at most 128); slot i of the units is the cells
// slot_cell[32 i .. 32 i + 32), and a lane past the last unit reads cell 127, a zero lane.
class UnitScan {
 public:
  UnitScan(const std::uint16_t* state, int lanes, const std::uint16_t* slot_cell, int slots) {
    for (int u = 0; u < 32; ++u) {
      std::uint16_t once = 0, twice = 0;
      for (int i = 0; i < slots; ++i) {
        const int cell = slot_cell[i * 32 + u];
        const std::uint16_t c = cell < lanes ? state[cell] : 0;
        twice = static_cast<std::uint16_t>(twice | (once & c));
        once = static_cast<std::uint16_t>(once | c);
      }
      once_[u] = once, twice_[u] = twice;
    }
  }
  // The first `units` lanes whose digits with a place are not all of `all`: a contradiction.
  std::uint32_t incomplete(int units, std::uint16_t all) const {
    std::uint32_t out = 0;
    for (int u = 0; u < units; ++u) out |= static_cast<std::uint32_t>(once_[u] != all) << u;
    return out;
  }
  std::uint16_t places(int u) const { return once_[u]; }  // unit u's digits with a place
  // The first `units` lanes with a hidden single: a digit with one place, not yet placed
  // (`placed`: one mask per unit). hidden(u) is that unit's digits.
  std::uint32_t with_hidden(const std::uint16_t* placed, int units) {
    std::uint32_t out = 0;
    for (int u = 0; u < units; ++u) {
      hidden_[u] = static_cast<std::uint16_t>(once_[u] & ~(twice_[u] | placed[u]));
      out |= static_cast<std::uint32_t>(hidden_[u] != 0) << u;
    }
    return out;
  }
  std::uint16_t hidden(int u) const { return hidden_[u]; }

 private:
  std::uint16_t once_[32], twice_[32], hidden_[32] = {};
};

}  // namespace sudokit::lanes::scalar
