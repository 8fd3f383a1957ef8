// Killer cages with sums (the kCages engine only): a cage's digits must add up to its sum, so a
// candidate that no completion of the cage's open cells can reach goes. Compiled out of every
// engine whose shape has no sum cages.
#pragma once

#include "engine.h"

namespace sudokit::propagate_detail {
namespace {  // internal linkage, as in one file: see engine.h

// Killer cages: a digit set S of a cage is still possible when every cell of the cage has a
// candidate in S and S's digits all have a cell (k different digits in k cells are all of S).
// Each cell keeps only the digits of the possible sets; no possible set is a contradiction
// (this is also what checks a full cage's sum, so it runs under every setting, even rules=none).
// Returns -1 on a contradiction, else whether a candidate went.
template <typename M, bool kOneWord, bool kRules, bool kCages>
inline int Engine<M, kOneWord, kRules, kCages>::cage_rule(M* s) {
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
    std::vector<Candidate> removals;
    for (int cell : cage.cells) {
      if (!(s[cell] & ~allowed)) continue;
      if (observer_)
        for (M had = static_cast<M>(s[cell] & ~allowed); had; had &= static_cast<M>(had - 1))
          removals.push_back({cell, std::countr_zero(had) + 1});
      const int r = eliminate(s, cell, static_cast<M>(~allowed));
      if (r < 0) return -1;
      cage_eliminations_ += static_cast<std::uint64_t>(r);
      rule_eliminations_ -= static_cast<std::uint64_t>(r);  // eliminate() counted them as the stronger rules
      if (observer_) losers += " " + shape_.cell_name(cell);
      progress = 1;
    }
    if (observer_ && !losers.empty()) {
      observer_->reasoning(cage.cells, removals);
      observer_->note("cage " + std::to_string(k + 1) + " (sum " + std::to_string(cage.sum) + "): only " +
                      digits_text(allowed) + " fit; removed from" + losers);
    }
  }
  return progress;
}

}  // namespace
}  // namespace sudokit::propagate_detail
