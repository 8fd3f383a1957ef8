// The propagate backend: what it declares, its presets and options, and which engine a puzzle
// gets. The engine itself is engine.h (its state and layout) and one header per technique:
//
//   tables.h, tables.cpp  what is kept between puzzles: a shape's tables, the levels, the buffers
//   engine.h              the engine class template: state, layout, the order of things
//   singles.h             placing a digit, stripping its peers, naked and hidden singles
//   cages.h               killer cages' sums
//   rules.h               the stronger rules in order, and what they share
//   locked.h              locked candidates (pointing, claiming)
//   subsets.h             naked and hidden pairs and triples
//   fish.h                X-wing
//   search.h              the fewest-candidates search
//
// An engine is instantiated per mask width (16, 32 or 64 digits), unit-set width (one word or
// more), and whether the stronger rules and the cage rule are compiled in: the default, the
// singles alone, is Norvig's method with nothing else in its code.
#include "sudokit/propagate/propagate.h"

#include <cstdint>
#include <memory>

#include "cages.h"
#include "engine.h"
#include "fish.h"
#include "locked.h"
#include "rules.h"
#include "search.h"
#include "singles.h"
#include "subsets.h"
#include "tables.h"
#include "sudokit/errors.h"

namespace sudokit {

BackendInfo PropagateSolver::info() {
  BackendInfo i;
  i.name = "propagate";
  i.probes = false;  // under its defaults (choice=last); choice=parent probes (propagate.h)
  i.probing = {{{"choice", "parent"}}};
  i.summary = "candidate sets, singles and locked candidates, fewest-candidates search (Norvig's method plus one "
              "rule; rules=norvig for his alone, stronger rules on request)";
  i.sudoku = true;
  i.exact_cover = false;
  i.work = {"eliminations"};
  i.default_budget = 100'000;  // about 0.06 s on 9x9 (1.6 million nodes per second), 0.2 s on 16x16
  i.options = "rules=locked|norvig|singles|subsets|fish|all|none naked= hidden= locked= naked_pairs= naked_triples= "
              "hidden_pairs= hidden_triples= xwing= (on|off) search=on|off choice=last|parent";
  // With search=off, the counter `rating` is the hardest rule needed: compare names it.
  BackendInfo::Rating rating{"rating", {}, {{"rules", "all"}, {"search", "off"}}};
  for (auto r = static_cast<std::uint64_t>(PropagateRating::singles); r <= static_cast<std::uint64_t>(PropagateRating::search); ++r)
    rating.words.emplace_back(to_string(static_cast<PropagateRating>(r)));
  i.rating = std::move(rating);
  return i;
}

namespace {
// The presets, each the one before plus more rules.
struct Preset {
  const char* name;
  PropagateSettings rules;
};
PropagateSettings with(bool singles, bool locked, bool subsets, bool fish) {
  PropagateSettings s;
  s.naked_singles = s.hidden_singles = singles;
  s.locked_candidates = locked;
  s.naked_pairs = s.naked_triples = s.hidden_pairs = s.hidden_triples = subsets;
  s.xwing = fish;
  return s;
}
const Preset kPresets[] = {{"norvig", with(true, false, false, false)}, {"locked", with(true, true, false, false)},
                           {"subsets", with(true, true, true, false)},  {"fish", with(true, true, true, true)},
                           {"none", with(false, false, false, false)}};

// The rule switches, by option name.
struct Switch {
  const char* name;
  bool PropagateSettings::*on;
};
constexpr Switch kSwitches[] = {{"naked", &PropagateSettings::naked_singles},
                                {"hidden", &PropagateSettings::hidden_singles},
                                {"locked", &PropagateSettings::locked_candidates},
                                {"naked_pairs", &PropagateSettings::naked_pairs},
                                {"naked_triples", &PropagateSettings::naked_triples},
                                {"hidden_pairs", &PropagateSettings::hidden_pairs},
                                {"hidden_triples", &PropagateSettings::hidden_triples},
                                {"xwing", &PropagateSettings::xwing}};
}  // namespace

PropagateSettings PropagateSettings::preset(std::string_view rules) {
  if (rules == "singles") rules = "norvig";
  if (rules == "all") rules = "fish";
  for (const Preset& p : kPresets)
    if (rules == p.name) return p.rules;
  throw UsageError("propagate: unknown rules preset '" + std::string(rules) +
                   "' (locked, norvig, singles, subsets, fish, all, none)");
}

bool PropagateSettings::same_rules(const PropagateSettings& o) const {
  for (const Switch& sw : kSwitches)
    if (this->*sw.on != o.*sw.on) return false;
  return true;
}

std::string_view to_string(PropagateRating rating) {
  switch (rating) {
    case PropagateRating::singles: return "singles";
    case PropagateRating::locked_candidates: return "locked candidates";
    case PropagateRating::subsets: return "subsets";
    case PropagateRating::fish: return "fish";
    case PropagateRating::search: return "search";
  }
  return "?";
}

std::unique_ptr<Solver> PropagateSolver::create(const SolverOptions& options) {
  PropagateSettings s = PropagateSettings::preset(options.take("rules").value_or("locked"));
  for (const Switch& sw : kSwitches) s.*sw.on = options.take_flag(sw.name, s.*sw.on);
  s.search = options.take_flag("search", true);
  if (const auto choice = options.take("choice")) {
    if (*choice != "last" && *choice != "parent") throw UsageError("propagate: choice is last or parent, not '" + *choice + "'");
    s.choice_from_parent = *choice == "parent";
  }
  return std::make_unique<PropagateSolver>(s);
}

// "rules=PRESET" when the rules are a preset's, else every rule switch; then search.
std::string PropagateSolver::options() const {
  std::string out;
  for (const Preset& p : kPresets)
    if (settings_.same_rules(p.rules)) out = std::string("rules=") + p.name;
  if (out.empty())
    for (const Switch& sw : kSwitches) out += std::string(out.empty() ? "" : ",") + sw.name + "=" + (settings_.*sw.on ? "on" : "off");
  return out + ",search=" + (settings_.search ? "on" : "off") + (settings_.choice_from_parent ? ",choice=parent" : "");
}

namespace {

using propagate_detail::Buffers;
using propagate_detail::Engine;
using propagate_detail::Levels;
using propagate_detail::Tables;

template <bool kRules, bool kCages>
Result solve_with(const Grid& puzzle, const Limits& limits, const SearchBudget& budget, const PropagateSettings& settings,
                  const Tables& tables, Levels& scratch, Buffers& buffers) {
  const int n = puzzle.size();
  const bool one_word = puzzle.shape().units().size() <= 64;
  if (n <= 16 && one_word)
    return Engine<std::uint16_t, true, kRules, kCages>(puzzle, limits, budget, settings, tables, scratch, buffers).run();
  if (n <= 16) return Engine<std::uint16_t, false, kRules, kCages>(puzzle, limits, budget, settings, tables, scratch, buffers).run();
  if (n <= 32) return Engine<std::uint32_t, false, kRules, kCages>(puzzle, limits, budget, settings, tables, scratch, buffers).run();
  return Engine<std::uint64_t, false, kRules, kCages>(puzzle, limits, budget, settings, tables, scratch, buffers).run();
}

// Whether the shape has a cage whose sum the peers do not express (a sum, fewer than n cells).
bool has_sum_cages(const Shape& shape) {
  for (const CageTable& cage : shape.cages())
    if (cage.sum != 0 && static_cast<int>(cage.cells.size()) < shape.size()) return true;
  return false;
}

// A node's cost grows with the grid (choosing the cell, copying the level, the unit scans): the
// clock is read every 256 nodes at 9x9 and about as often in time on larger grids, every 5
// nodes at 64x64.
std::uint32_t nodes_per_clock_read(const Shape& shape) {
  return static_cast<std::uint32_t>(SearchBudget::kNodesPerClockRead * 81 / shape.cells());
}
}  // namespace

PropagateSolver::PropagateSolver(PropagateSettings settings) : settings_(settings), work_(std::make_unique<Workspace>()) {}
PropagateSolver::~PropagateSolver() = default;

Result PropagateSolver::search(const Grid& puzzle, const Limits& limits) {
  const SearchBudget budget(limits, nodes_per_clock_read(puzzle.shape()));  // the tables count against the deadline
  Workspace& w = *work_;
  if (!w.tables || !w.tables->shape->same_as(puzzle.shape())) w.tables = std::make_shared<const Tables>(puzzle.shape_ptr());
  const Tables& tables = *w.tables;
  if (has_sum_cages(puzzle.shape())) {
    if (settings_.stronger_rules()) return solve_with<true, true>(puzzle, limits, budget, settings_, tables, w.levels, w.buffers);
    return solve_with<false, true>(puzzle, limits, budget, settings_, tables, w.levels, w.buffers);
  }
  if (settings_.stronger_rules()) return solve_with<true, false>(puzzle, limits, budget, settings_, tables, w.levels, w.buffers);
  return solve_with<false, false>(puzzle, limits, budget, settings_, tables, w.levels, w.buffers);
}

}  // namespace sudokit
