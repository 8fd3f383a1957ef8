// propagate: candidate sets, naked and hidden singles, locked candidates, fewest-candidates search
// — the method of Norvig's "Solving Every Sudoku Puzzle" with bitmasks instead of strings, and by
// default the first rule beyond his.
//
// Each cell holds the set of digits it may still take. Placing a digit removes it from every peer.
// Two rules then run to a fixed point:
//   naked single   a cell left with one candidate gets that digit;
//   hidden single  a digit that fits in only one cell of a unit goes there.
// A cell with no candidate, or a digit with no place in a unit, is a contradiction. When the
// rules stall, search picks the open cell with the fewest candidates (the first in row-major
// order on ties; with a stronger rule on, the first from the cell chosen last, wrapping around),
// tries its candidates in ascending order, and recurses on a copy of the state.
//
// "The cell chosen last" (choice=last, the default) is the last chosen anywhere in the search so
// far, as jsolve does: after a failed branch the next one starts where the failure was, which
// saves a sixth of the nodes on top1465 (26.4 a puzzle against 32.2) and is 1.13x as fast. But a
// node's children then depend on the branches searched before it, which a random probe (probe.h)
// cannot know: with choice=parent the scan starts from the cell chosen one level up, a node's
// children depend on the node alone, and `sudokit estimate` probes exactly the tree searched.
// rules=norvig scans from the first cell either way.
//
// Stronger rules, switched on alone or by a preset (rules=...), run only when the singles stall,
// cheapest first, then back to the singles after any elimination:
//   locked candidates  a digit of a box confined to one row or column leaves the rest of that line
//                      (pointing); a digit of a line confined to one box leaves the rest of the box
//                      (claiming);
//   naked subsets      k cells of a unit with k candidates between them: the others lose them;
//   hidden subsets     k digits of a unit with k places between them: those cells lose the rest;
//   X-wing             a digit confined to the same two columns in two rows leaves those columns
//                      elsewhere (and rows for columns).
// They live on a separate instantiation of the engine, so Norvig's method (rules=norvig) pays
// nothing for them.
//
// The default is rules=locked, the singles and locked candidates: the fastest preset on every set
// measured, 1.3-1.8x rules=norvig on 9x9 collections and 10x on minimal 16x16 puzzles
// (docs/benchmarks.md). rules=norvig is Norvig's method exactly, for teaching and for his counts.
//
// Options (all on/off): naked, hidden, locked, naked_pairs, naked_triples, hidden_pairs,
// hidden_triples, xwing (each rule); rules=locked|norvig|subsets|fish|all|none (a preset, which
// the single options override); search (off: inference only, which reports how far the rules get,
// which cells stay open, and a difficulty rating); choice=last|parent (above). With every rule
// off it is fewest-candidates backtracking.
#pragma once

#include <cstdint>
#include <cstddef>
#include <memory>
#include <string_view>
#include <vector>

#include "sudokit/solver.h"

namespace sudokit {

// The rules on; the defaults are the backend's default, rules=locked.
struct PropagateSettings {
  bool naked_singles = true;
  bool hidden_singles = true;
  bool locked_candidates = true;  // pointing and claiming
  bool naked_pairs = false, naked_triples = false;
  bool hidden_pairs = false, hidden_triples = false;
  bool xwing = false;
  bool search = true;
  // Ties of the choice, with a stronger rule: from the cell chosen one level up (choice=parent)
  // rather than the one chosen last in the search (choice=last, the default).
  bool choice_from_parent = false;
  // Where hidden singles are looked for: as the build does it (a vector scan of every unit where
  // that pays, solvers/propagate/lanes/, else the units that changed), only in the units that
  // changed, or by the vector scan after every guess too (where the build has one: grids of at
  // most 128 cells, 32 units and 16 digits). The counts are the same whichever, only the time
  // differs: for measuring, and for the test that checks it (C++ only).
  enum class HiddenScan { as_built, changed_units, every_unit };
  HiddenScan hidden_scan = HiddenScan::as_built;

  // The rules of a preset: locked (the default), norvig (also "singles"), subsets, fish (also
  // "all"), none. Throws UsageError for another name. `search` is left on.
  static PropagateSettings preset(std::string_view rules);
  bool stronger_rules() const {  // any rule beyond the singles
    return locked_candidates || naked_pairs || naked_triples || hidden_pairs || hidden_triples || xwing;
  }
  bool same_rules(const PropagateSettings& o) const;  // the same rules on, search aside
};

// The difficulty rating (counter `rating`, with search off): the hardest rule inference needed.
enum class PropagateRating : std::uint64_t { singles = 1, locked_candidates = 2, subsets = 3, fish = 4, search = 5 };
std::string_view to_string(PropagateRating rating);  // "singles", "locked candidates", ... "search"

class PropagateSolver final : public Solver {
 public:
  explicit PropagateSolver(PropagateSettings settings = {});
  ~PropagateSolver() override;
  static BackendInfo info();
  static std::unique_ptr<Solver> create(const SolverOptions& options);  // rules=, each rule=on|off, search=

  std::string_view name() const override { return "propagate"; }
  std::string options() const override;
  // With search off there is no tree; with a stronger rule and choice=last a node's children
  // depend on the search before it, which a probe does not know (it still keeps the online
  // estimate of the tree it searches).
  bool probes() const override {
    return settings_.search && (!settings_.stronger_rules() || settings_.choice_from_parent);
  }
  bool estimates_online() const override { return settings_.search; }

 private:
  // What the engine keeps between puzzles: the tables of the last shape, the search levels and
  // buffers (tables.h, private to the backend).
  struct Workspace;
  Result search(const Grid& puzzle, const Limits& limits) override;
  PropagateSettings settings_;
  std::unique_ptr<Workspace> work_;
};

}  // namespace sudokit
