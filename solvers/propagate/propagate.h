// propagate: candidate sets, naked and hidden singles, fewest-candidates search — the method of
// Norvig's "Solving Every Sudoku Puzzle", with bitmasks instead of strings.
//
// Each cell holds the set of digits it may still take. Placing a digit removes it from every peer.
// Two rules then run to a fixed point:
//   naked single   a cell left with one candidate gets that digit;
//   hidden single  a digit that fits in only one cell of a unit goes there.
// A cell with no candidate, or a digit with no place in a unit, is a contradiction. When the
// rules stall, search picks the open cell with the fewest candidates (the first in row-major
// order on ties), tries its candidates in ascending order, and recurses on a copy of the state.
//
// Options (all on/off): naked, hidden (each rule), search (off: inference only, which reports how
// far the rules get and which cells stay open). With both rules off it is fewest-candidates
// backtracking.
#pragma once

#include <memory>
#include <vector>

#include "sudokit/solver.h"

namespace sudokit {

struct PropagateSettings {
  bool naked_singles = true;
  bool hidden_singles = true;
  bool search = true;
};

class PropagateSolver final : public Solver {
 public:
  explicit PropagateSolver(PropagateSettings settings = {}) : settings_(settings) {}
  static BackendInfo info();
  static std::unique_ptr<Solver> create(const SolverOptions& options);  // naked=, hidden=, search=

  std::string_view name() const override { return "propagate"; }
  std::string options() const override;
  Result solve(const Grid& puzzle, const Limits& limits) override;

  struct Tables;  // peers and units of one shape, flattened; kept between puzzles of that shape

 private:
  PropagateSettings settings_;
  std::shared_ptr<const Tables> tables_;
  std::vector<unsigned char> scratch_;  // the per-level states, reused between puzzles
};

}  // namespace sudokit
