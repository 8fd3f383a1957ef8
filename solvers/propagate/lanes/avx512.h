// propagate's vector vocabulary with AVX-512 (BW): every unit at once, 32 lanes in a register,
// slot i of all units gathered from the state with two permutes. The peer strip is avx2.h's: a
// 512-bit strip with mask registers measured no faster.
#pragma once

#include <immintrin.h>

#include <cstdint>

#include "avx2.h"

namespace sudokit::lanes::avx512 {

inline constexpr bool kPeerStrip = true;
inline constexpr bool kAllUnits = true;
inline constexpr bool kAllUnitsInSearch = true;
using avx2::copy_blocks;
using avx2::Strip32;

// Adds `bit` to the masks of 32 lanes where `which` has a bit: the whole 64 bytes are loaded and
// stored, so that the all-units scan's wide load of them is forwarded from the store (a narrow
// store to bytes a wide load then reads cannot be forwarded, and stalls).
inline constexpr bool kLaneOr = true;
inline void lane_or(std::uint16_t* lanes32, std::uint32_t which, std::uint16_t bit) {
  const __m512i v = _mm512_loadu_si512(lanes32);
  _mm512_storeu_si512(lanes32, _mm512_or_si512(v, _mm512_maskz_set1_epi16(which, static_cast<short>(bit))));
}

class UnitScan {
 public:
  UnitScan(const std::uint16_t* state, int lanes, const std::uint16_t* slot_cell, int slots) {
    const __m512i zero = _mm512_setzero_si512();
    const int regs = lanes / 32;
    const __m512i r0 = _mm512_loadu_si512(state), r1 = regs > 1 ? _mm512_loadu_si512(state + 32) : zero;
    const __m512i r2 = regs > 2 ? _mm512_loadu_si512(state + 64) : zero, r3 = regs > 3 ? _mm512_loadu_si512(state + 96) : zero;
    const __m512i high = _mm512_set1_epi16(64);
    once_ = zero, twice_ = zero;
    for (int i = 0; i < slots; ++i) {
      const __m512i cell = _mm512_loadu_si512(slot_cell + i * 32);
      const __m512i low_half = _mm512_permutex2var_epi16(r0, cell, r1), high_half = _mm512_permutex2var_epi16(r2, cell, r3);
      const __m512i c = _mm512_mask_blend_epi16(_mm512_test_epi16_mask(cell, high), low_half, high_half);
      twice_ = _mm512_or_si512(twice_, _mm512_and_si512(once_, c));
      once_ = _mm512_or_si512(once_, c);
    }
  }
  std::uint32_t incomplete(int units, std::uint16_t all) const {
    return _mm512_mask_cmpneq_epi16_mask(lanes_below(units), once_, _mm512_set1_epi16(static_cast<short>(all)));
  }
  std::uint16_t places(int u) const {
    alignas(64) std::uint16_t at[32];
    _mm512_store_si512(at, once_);
    return at[u];
  }
  std::uint32_t with_hidden(const std::uint16_t* placed, int units) {
    const __mmask32 lanes = lanes_below(units);
    const __m512i in_place = _mm512_maskz_loadu_epi16(lanes, placed);
    const __m512i hidden = once_ & ~(twice_ | in_place);  // (_mm512_andnot_si512 trips GCC 12's -Wmaybe-uninitialized)
    const __mmask32 with = _mm512_mask_test_epi16_mask(lanes, hidden, hidden);
    if (with) _mm512_store_si512(hidden_, hidden);
    return with;
  }
  std::uint16_t hidden(int u) const { return hidden_[u]; }

 private:
  static __mmask32 lanes_below(int units) { return static_cast<__mmask32>(units == 32 ? ~0u : (1u << units) - 1); }
  __m512i once_, twice_;
  alignas(64) std::uint16_t hidden_[32];
};

}  // namespace sudokit::lanes::avx512
