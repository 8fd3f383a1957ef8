// Locked candidates. Where a box crosses a row or column, a digit of the box that fits only in
// the crossing leaves the rest of the line (pointing), and a digit of the line that fits only in
// the crossing leaves the rest of the box (claiming). Each crossing's candidates are ORed once
// per pass, and the rest of a box or line is the OR of its mates' crossings, so a pass costs a
// few ORs per crossing rather than a walk over every cell.
#pragma once

#include "engine.h"

namespace sudokit::propagate_detail {
namespace {  // internal linkage, as in one file: see engine.h

// Each of `digits`, confined to where unit `within` crosses unit `only_in`, leaves `cells`.
template <typename M, bool kOneWord, bool kRules, bool kCages>
inline int Engine<M, kOneWord, kRules, kCages>::locked(M* s, Rule rule, M digits, const std::vector<int>& cells, int within, int only_in) {
  int progress = 0;
  for (; digits; digits &= static_cast<M>(digits - 1)) {
    const M bit = static_cast<M>(digits & (~digits + 1));
    const int r = apply(s, rule, bit, slots_of(cells.data(), low_bits(static_cast<int>(cells.size()))), [&](std::vector<int>& pattern) {
      const int* in = unit_cells_.data() + static_cast<std::size_t>(within) * static_cast<std::size_t>(shape_.size());
      for (int i = 0; i < shape_.size(); ++i)  // the digit's places in `within`: all in the crossing
        if (s[in[i]] & bit) pattern.push_back(in[i]);
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
template <typename M, bool kOneWord, bool kRules, bool kCages>
inline int Engine<M, kOneWord, kRules, kCages>::locked_candidates(M* s) {
  switch (tables_.cross_k) {  // the common shapes' crossings, with loops of fixed length
    case 2: return locked_candidates<2>(s);
    case 3: return locked_candidates<3>(s);
    case 4: return locked_candidates<4>(s);
    default: return locked_candidates<0>(s);
  }
}

// kK: every crossing has kK cells, kK - 1 box mates and kK - 1 line mates; 0: as the table says.
template <typename M, bool kOneWord, bool kRules, bool kCages>
template <int kK>
inline int Engine<M, kOneWord, kRules, kCages>::locked_candidates(M* s) {
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
template <typename M, bool kOneWord, bool kRules, bool kCages>
template <int kK, bool kTracked, typename U>
inline int Engine<M, kOneWord, kRules, kCages>::locked_pass(M* s, const U* union_of, std::uint64_t look) {
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

}  // namespace
}  // namespace sudokit::propagate_detail
