// X-wing: a digit confined to the same two columns in two rows can sit only at those four
// corners, so the two columns lose it everywhere else (and rows for columns).
#pragma once

#include "engine.h"

namespace sudokit::propagate_detail {
namespace {  // internal linkage, as in one file: see engine.h

// A digit that fits in exactly the same two columns of two rows takes those columns there, so
// the rest of both columns loses it; and the same with rows and columns swapped.
template <typename M, bool kOneWord, bool kRules, bool kCages>
inline int Engine<M, kOneWord, kRules, kCages>::xwings(M* s) {
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
          const int r = apply(s, kXWings, bit, targets, [&](std::vector<int>& pattern) {
            for (int line : {a, b})  // the four corners
              for (std::uint64_t cross = lines[a]; cross; cross &= cross - 1)
                pattern.push_back(by_row ? line * n + std::countr_zero(cross) : std::countr_zero(cross) * n + line);
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

}  // namespace
}  // namespace sudokit::propagate_detail
