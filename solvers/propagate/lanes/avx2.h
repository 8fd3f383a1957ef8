// propagate's vector vocabulary with AVX2: the operations of scalar.h, 16 lanes per instruction.
// The all-units scan stays scalar.h's (unused): AVX2 has no 16-bit gather across registers.
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "scalar.h"

namespace sudokit::lanes::avx2 {

inline constexpr bool kPeerStrip = true;
inline constexpr bool kAllUnits = false;
using scalar::UnitScan;

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

}  // namespace sudokit::lanes::avx2
