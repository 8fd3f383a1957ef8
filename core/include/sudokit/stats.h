// What a search cost, in counts every backend reports the same way (docs/stats.md): the tree's
// nodes, the guesses among them, the choices taken back, the inferences, the wall time, and the
// backend's own counters by name. solve() returns them at the end; a backend that can tell them
// while it searches also hands them to an observer step by step (trace.h, CountersWatch).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sudokit {

struct Counter {
  std::string name;
  std::uint64_t value;
};

struct Stats {
  std::uint64_t nodes = 0;         // search-tree nodes, the root included
  std::uint64_t guesses = 0;       // choices made where another alternative remained
  std::uint64_t backtracks = 0;    // choices undone
  std::uint64_t propagations = 0;  // assignments made by inference rather than by choice
  double seconds = 0;              // wall time inside solve()
  std::vector<Counter> counters;   // backend-specific, named as in docs/stats.md
  std::uint64_t counter(std::string_view name) const;  // 0 when absent
  // Every count, the time left out, as "nodes=12 guesses=3 backtracks=2 propagations=40
  // naked_singles=31 ...": two runs counted alike exactly when their texts are equal, which a
  // test can compare and print in one.
  std::string counts_text() const;
};

}  // namespace sudokit
