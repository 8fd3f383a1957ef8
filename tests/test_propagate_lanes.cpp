// propagate's vector vocabulary: the build's instruction set (lanes::native) computes what the
// plain loops of the reference (lanes::scalar) compute, on random lanes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "lanes/lanes.h"
#include "lanes/scalar.h"

using namespace sudokit;

namespace {
// Candidate masks of 9 or 16 digits, biased to the few-candidate masks the search sees (0, 1, 2).
std::uint16_t random_mask(std::mt19937& rng, int digits) {
  const std::uint16_t all = static_cast<std::uint16_t>((1u << digits) - 1);
  switch (rng() % 4) {
    case 0: return 0;
    case 1: return static_cast<std::uint16_t>(1u << (rng() % digits));
    case 2: return static_cast<std::uint16_t>((1u << (rng() % digits)) | (1u << (rng() % digits)));
    default: return static_cast<std::uint16_t>(rng() & all);
  }
}
}  // namespace

TEST(PropagateLanes, StripMatchesTheReference) {
  std::mt19937 rng(16);
  for (int round = 0; round < 2000; ++round) {
    const int digits = round % 2 ? 16 : 9;
    std::uint16_t a[32], b[32], peers[32];
    for (int i = 0; i < 32; ++i) a[i] = b[i] = random_mask(rng, digits), peers[i] = rng() % 3 ? 0xFFFF : 0;
    const auto digit = static_cast<std::uint16_t>(1u << (rng() % digits));
    const lanes::native::Strip32 fast(a, peers, digit);
    const lanes::scalar::Strip32 reference(b, peers, digit);
    ASSERT_EQ(fast.had(), reference.had());
    ASSERT_EQ(fast.few(), reference.few());
    ASSERT_EQ(fast.empty(), reference.empty());
    for (int i = 0; i < 32; ++i) {
      ASSERT_EQ(a[i], b[i]);
      ASSERT_EQ(a[i] & digit & peers[i], 0);  // a peer lost the digit; the others kept theirs
    }
  }
}

TEST(PropagateLanes, CopyBlocksCopiesEveryByte) {
  std::vector<unsigned char> from(32 * 7), to(32 * 7, 0);
  for (std::size_t i = 0; i < from.size(); ++i) from[i] = static_cast<unsigned char>(i * 37 + 1);
  lanes::native::copy_blocks(to.data(), from.data(), from.size());
  EXPECT_EQ(to, from);
}

TEST(PropagateLanes, LaneOrAddsTheBitWhereAsked) {
  std::mt19937 rng(32);
  for (int round = 0; round < 2000; ++round) {
    const int digits = round % 2 ? 16 : 9;
    std::uint16_t a[32], b[32];
    for (int i = 0; i < 32; ++i) a[i] = b[i] = random_mask(rng, digits);
    const std::uint32_t which = static_cast<std::uint32_t>(rng()) & static_cast<std::uint32_t>(rng());
    const auto digit = static_cast<std::uint16_t>(1u << (rng() % digits));
    std::uint16_t before[32];
    std::copy(a, a + 32, before);
    lanes::native::lane_or(a, which, digit);
    lanes::scalar::lane_or(b, which, digit);
    for (int i = 0; i < 32; ++i) {
      ASSERT_EQ(a[i], b[i]);
      ASSERT_EQ(a[i], (which >> i & 1) ? (before[i] | digit) : before[i]);  // the reference's own check
    }
  }
}

// Every unit at once, on random states of up to 128 lanes, against the reference loops (and,
// for the reference itself, against counting each digit's places directly).
TEST(PropagateLanes, UnitScanMatchesTheReference) {
  std::mt19937 rng(14);
  for (int round = 0; round < 500; ++round) {
    const int lanes = 32 * (1 + static_cast<int>(rng() % 4)), digits = round % 2 ? 16 : 9;
    const int units = 1 + static_cast<int>(rng() % 32), slots = 1 + static_cast<int>(rng() % digits);
    const auto all = static_cast<std::uint16_t>((1u << digits) - 1);
    std::vector<std::uint16_t> state(128, 0), slot_cell(static_cast<std::size_t>(slots * 32), 127), placed(32, 0);
    for (int c = 0; c < lanes && c < 127; ++c) state[static_cast<std::size_t>(c)] = random_mask(rng, digits);
    for (int i = 0; i < slots; ++i)
      for (int u = 0; u < units; ++u) slot_cell[static_cast<std::size_t>(i * 32 + u)] = static_cast<std::uint16_t>(rng() % lanes);
    for (int u = 0; u < units; ++u) placed[static_cast<std::size_t>(u)] = static_cast<std::uint16_t>(rng() % 2 ? rng() & all : 0);
    lanes::native::UnitScan fast(state.data(), lanes, slot_cell.data(), slots);
    lanes::scalar::UnitScan reference(state.data(), lanes, slot_cell.data(), slots);
    ASSERT_EQ(fast.incomplete(units, all), reference.incomplete(units, all));
    const std::uint32_t with = fast.with_hidden(placed.data(), units);
    ASSERT_EQ(with, reference.with_hidden(placed.data(), units));
    for (int u = 0; u < units; ++u) {
      ASSERT_EQ(fast.places(u), reference.places(u));
      if (with >> u & 1) { ASSERT_EQ(fast.hidden(u), reference.hidden(u)); }
      std::uint16_t once = 0, hidden = 0;
      for (int d = 0; d < digits; ++d) {
        int places = 0;
        for (int i = 0; i < slots; ++i) places += state[slot_cell[static_cast<std::size_t>(i * 32 + u)]] >> d & 1;
        once = static_cast<std::uint16_t>(once | (places > 0) << d);
        hidden = static_cast<std::uint16_t>(hidden | (places == 1 && !(placed[static_cast<std::size_t>(u)] >> d & 1)) << d);
      }
      ASSERT_EQ(reference.places(u), once);
      ASSERT_EQ(reference.hidden(u), hidden);
      ASSERT_EQ((with >> u) & 1, hidden != 0);
    }
  }
}
