// propagate's vector vocabulary with AVX2: the operations of scalar.h, 16 lanes per instruction.
// The all-units scan gathers slot i of 8 units per instruction (a 32-bit gather; AVX2 has no
// 16-bit one), 32-bit lanes whose low half is the unit's mask.
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "scalar.h"

namespace sudokit::lanes::avx2 {

inline constexpr bool kPeerStrip = true;
// Every unit at once pays where most units changed, as when the givens are placed: 1.33x on
// easy puzzles, where that is most of the work, and 1.00x on top1465, 1.04x on the hard set.
// After each guess too, when only a few units changed, it cost more than the rescans of those
// few: 0.85x on top1465 and the hard set (AMD Zen 3, A/B, 5 rounds, the same nodes).
inline constexpr bool kAllUnits = true;
inline constexpr bool kAllUnitsInSearch = false;
// AVX2 has no 16-bit lane masks: the reference's loop (scalar.h), not worth calling.
inline constexpr bool kLaneOr = false;
using scalar::lane_or;

class Strip32 {
 public:
  Strip32(std::uint16_t* cells, const std::uint16_t* peers, std::uint16_t digit) {
    const __m256i bit = _mm256_set1_epi16(static_cast<short>(digit));
    const __m256i a = load(cells), b = load(cells + 16);
    const __m256i strip_a = _mm256_and_si256(load(peers), bit), strip_b = _mm256_and_si256(load(peers + 16), bit);
    left_a_ = _mm256_andnot_si256(strip_a, a), left_b_ = _mm256_andnot_si256(strip_b, b);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(cells), left_a_);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(cells + 16), left_b_);
    const __m256i zero = _mm256_setzero_si256();
    had_ = ~bits(_mm256_cmpeq_epi16(_mm256_and_si256(a, strip_a), zero), _mm256_cmpeq_epi16(_mm256_and_si256(b, strip_b), zero));
  }
  std::uint32_t had() const { return had_; }
  // Read from the registers: loading the lanes back right after the store would wait for it.
  std::uint32_t few() const {
    const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi16(1);
    return bits(_mm256_cmpeq_epi16(_mm256_and_si256(left_a_, _mm256_sub_epi16(left_a_, one)), zero),
                _mm256_cmpeq_epi16(_mm256_and_si256(left_b_, _mm256_sub_epi16(left_b_, one)), zero));
  }
  std::uint32_t empty() const {
    const __m256i zero = _mm256_setzero_si256();
    return bits(_mm256_cmpeq_epi16(left_a_, zero), _mm256_cmpeq_epi16(left_b_, zero));
  }

 private:
  static __m256i load(const std::uint16_t* at) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(at)); }
  // 32 lanes' 0xFFFF/0 flags as 32 bits
  static std::uint32_t bits(__m256i flags_a, __m256i flags_b) {
    return static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_permute4x64_epi64(_mm256_packs_epi16(flags_a, flags_b), 0xD8)));
  }
  __m256i left_a_, left_b_;
  std::uint32_t had_;
};

// In the same 32-byte blocks the strip loads, so that each load is served whole by one store.
inline void copy_blocks(void* to, const void* from, std::size_t bytes) {
  auto* out = static_cast<unsigned char*>(to);
  const auto* in = static_cast<const unsigned char*>(from);
  for (std::size_t i = 0; i < bytes; i += 32)
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i), _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + i)));
}

// Up to 32 units at once (scalar.h says what each call returns), in four registers of eight
// 32-bit lanes. Each gather reads a gathered mask and the one after it: the state must extend
// one mask past `lanes` (the engine's does: the units' placed masks follow the lanes). Lane 127,
// the zero lane that slots past the last unit name, is not read.
class UnitScan {
 public:
  UnitScan(const std::uint16_t* state, int lanes, const std::uint16_t* slot_cell, int slots) {
    const __m256i zero = _mm256_setzero_si256(), low = _mm256_set1_epi32(0xFFFF);
    const __m256i readable = _mm256_set1_epi32(lanes < 127 ? lanes : 127);  // lanes below this are read
    const auto* base = reinterpret_cast<const int*>(state);
    for (int r = 0; r < 4; ++r) once_[r] = zero, twice_[r] = zero;
    for (int i = 0; i < slots; ++i)
      for (int r = 0; r < 4; ++r) {
        const __m256i cell = _mm256_cvtepu16_epi32(
            _mm_loadu_si128(reinterpret_cast<const __m128i*>(slot_cell + i * 32 + r * 8)));
        const __m256i read = _mm256_cmpgt_epi32(readable, cell);
        const __m256i c = _mm256_and_si256(_mm256_mask_i32gather_epi32(zero, base, cell, read, 2), low);
        twice_[r] = _mm256_or_si256(twice_[r], _mm256_and_si256(once_[r], c));
        once_[r] = _mm256_or_si256(once_[r], c);
      }
  }
  std::uint32_t incomplete(int units, std::uint16_t all) const {
    const __m256i want = _mm256_set1_epi32(all);
    std::uint32_t complete = 0;
    for (int r = 0; r < 4; ++r) complete |= lanes8(_mm256_cmpeq_epi32(once_[r], want)) << (8 * r);
    return ~complete & lanes_below(units);
  }
  std::uint16_t places(int u) const {
    alignas(32) std::uint32_t at[8];
    _mm256_store_si256(reinterpret_cast<__m256i*>(at), once_[u / 8]);
    return static_cast<std::uint16_t>(at[u % 8]);
  }
  std::uint32_t with_hidden(const std::uint16_t* placed, int units) {
    alignas(32) std::uint16_t in_place[32] = {};
    for (int u = 0; u < units; ++u) in_place[u] = placed[u];
    const __m256i zero = _mm256_setzero_si256();
    std::uint32_t with = 0;
    for (int r = 0; r < 4; ++r) {
      const __m256i done = _mm256_cvtepu16_epi32(_mm_load_si128(reinterpret_cast<const __m128i*>(in_place + r * 8)));
      const __m256i hidden = _mm256_andnot_si256(_mm256_or_si256(twice_[r], done), once_[r]);
      _mm256_store_si256(reinterpret_cast<__m256i*>(hidden_ + r * 8), hidden);
      with |= (~lanes8(_mm256_cmpeq_epi32(hidden, zero)) & 0xFFu) << (8 * r);
    }
    return with & lanes_below(units);
  }
  std::uint16_t hidden(int u) const { return static_cast<std::uint16_t>(hidden_[u]); }

 private:
  static std::uint32_t lanes8(__m256i flags) {  // 8 lanes' all-ones/zero flags as 8 bits
    return static_cast<std::uint32_t>(_mm256_movemask_ps(_mm256_castsi256_ps(flags))) & 0xFFu;
  }
  static std::uint32_t lanes_below(int units) { return units == 32 ? ~0u : (1u << units) - 1; }
  __m256i once_[4], twice_[4];
  alignas(32) std::uint32_t hidden_[32];
};

}  // namespace sudokit::lanes::avx2
