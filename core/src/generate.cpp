// generate_unique: clues removed from a random complete grid while the puzzle keeps exactly one
// solution, each removal decided as cheaply as it can be: forced by the givens, kept as the last
// clue of an unavoidable set, proven or refuted by naked and hidden singles from each other digit,
// else asked of the checker (a uniqueness session, or counting to 2). The grids come from
// random_grids.cpp.
#include "sudokit/generate.h"

#include <boost/dynamic_bitset.hpp>

#include <algorithm>
#include <bit>
#include <limits>
#include <numeric>
#include <optional>
#include <vector>

#include "sudokit/errors.h"
#include "sudokit/verify.h"

namespace sudokit {

namespace {
std::vector<int> iota(int n) {
  std::vector<int> v(static_cast<std::size_t>(n));
  std::iota(v.begin(), v.end(), 0);
  return v;
}
}  // namespace

namespace {

// Whether `cell`, blank in `puzzle`, can hold only `digit` by the givens of `puzzle` alone: every
// other digit is given among its peers (naked single), or in one of its units every other cell is
// given or sees `digit` given (hidden single).
bool forced_by_givens(const Grid& puzzle, int cell, int digit) {
  const Shape& shape = puzzle.shape();
  const Mask bit = Mask{1} << (digit - 1);
  Mask seen = bit;
  for (int p : shape.peers_of(cell))
    if (puzzle[p] != 0) seen |= Mask{1} << (puzzle[p] - 1);
  if (seen == shape.all_digits()) return true;
  auto sees_digit = [&](int other) {
    for (int p : shape.peers_of(other))
      if (puzzle[p] == digit) return true;
    return false;
  };
  for (int u : shape.units_of(cell)) {
    bool only_place = true;
    for (int other : shape.units()[static_cast<std::size_t>(u)].cells)
      if (other != cell && puzzle[other] == 0 && !sees_digit(other)) {
        only_place = false;
        break;
      }
    if (only_place) return true;
  }
  return false;
}

// Naked and hidden singles, repeated to a fixed point, from the givens of a puzzle: they end in a
// contradiction (no solution), a filled grid, or stalled with blanks left. Every rule that is
// "must differ" (peers) or "each digit once" (units) is used; cage sums are not, which only weakens
// it: a contradiction or a forced digit of the relaxation holds for the puzzle too, but a filled
// grid must still be verified against the sums. Candidates are masks; the buffers are reused.
class Singles {
 public:
  enum class Outcome { contradiction, filled, stalled };

  Outcome run(const Grid& puzzle) {
    const Shape& shape = puzzle.shape();
    const int cells = shape.cells();
    const Mask all = shape.all_digits();
    candidates_.assign(static_cast<std::size_t>(cells), all);
    fixed_.assign(static_cast<std::size_t>(cells), 0);
    queue_.clear();
    int filled = 0;
    // Fixes `cell` to the one digit of `bit`; false when that contradicts what is known.
    auto fix = [&](int cell, Mask bit) {
      Mask& c = candidates_[static_cast<std::size_t>(cell)];
      if (!(c & bit)) return false;
      if (fixed_[static_cast<std::size_t>(cell)]) return c == bit;
      c = bit;
      fixed_[static_cast<std::size_t>(cell)] = 1;
      ++filled;
      queue_.push_back(cell);
      return true;
    };
    for (int cell = 0; cell < cells; ++cell)
      if (puzzle[cell] != 0 && !fix(cell, Mask{1} << (puzzle[cell] - 1))) return Outcome::contradiction;
    for (;;) {
      while (!queue_.empty()) {  // naked singles: a fixed digit leaves its peers
        const int cell = queue_.back();
        queue_.pop_back();
        const Mask bit = candidates_[static_cast<std::size_t>(cell)];
        for (int p : shape.peers_of(cell)) {
          Mask& c = candidates_[static_cast<std::size_t>(p)];
          if (!(c & bit)) continue;
          c &= ~bit;
          if (c == 0) return Outcome::contradiction;
          if (!fixed_[static_cast<std::size_t>(p)] && (c & (c - 1)) == 0 && !fix(p, c)) return Outcome::contradiction;
        }
      }
      if (filled == cells) return Outcome::filled;
      bool progress = false;  // hidden singles: a digit with one place left in a unit
      for (const Unit& unit : shape.units()) {
        Mask once = 0, twice = 0;
        for (int cell : unit.cells) {
          const Mask c = candidates_[static_cast<std::size_t>(cell)];
          twice |= once & c;
          once |= c;
        }
        if (once != all) return Outcome::contradiction;
        const Mask hidden = once & ~twice;
        if (hidden == 0) continue;
        for (int cell : unit.cells) {
          const Mask here = candidates_[static_cast<std::size_t>(cell)] & hidden;
          if (here == 0 || fixed_[static_cast<std::size_t>(cell)]) continue;
          if ((here & (here - 1)) != 0 || !fix(cell, here)) return Outcome::contradiction;
          progress = true;
        }
      }
      if (!progress) return Outcome::stalled;
    }
  }
  // After Outcome::filled: the grid.
  Grid filled(const ShapePtr& shape) const {
    Grid g(shape);
    for (int cell = 0; cell < shape->cells(); ++cell)
      g.set(cell, std::countr_zero(candidates_[static_cast<std::size_t>(cell)]) + 1);
    return g;
  }
  Mask candidates(int cell) const { return candidates_[static_cast<std::size_t>(cell)]; }

 private:
  std::vector<Mask> candidates_;
  std::vector<char> fixed_;
  std::vector<int> queue_;
};

// Whether `without` (a puzzle whose only solution with `removed` given was `solution`) has another
// solution, decided by singles alone where they can: each other digit still a candidate of a
// removed cell is tried in turn; all ending in a contradiction prove S the only solution, one
// filling a valid grid is another solution; one that stalls leaves it to a search (nullopt).
std::optional<bool> another_solution_by_singles(const Grid& without, std::span<const int> removed,
                                                const Grid& solution, Singles& singles) {
  switch (singles.run(without)) {
    case Singles::Outcome::filled: return false;  // S, forced
    case Singles::Outcome::contradiction: return std::nullopt;  // cannot be, S being a solution: leave it to the search
    case Singles::Outcome::stalled: break;
  }
  std::vector<std::pair<int, int>> tries;  // (cell, digit)
  for (int cell : removed) {
    const Mask others = singles.candidates(cell) & ~(Mask{1} << (solution[cell] - 1));
    for (Mask m = others; m; m &= m - 1) tries.emplace_back(cell, std::countr_zero(m) + 1);
  }
  // The first digit that neither contradicts nor fills a valid grid ends the tries: the proof
  // needs them all, and the rest rarely fill a grid (at 64x64 going on cost a third of the time).
  Grid trial = without;
  for (auto [cell, digit] : tries) {
    trial.set(cell, digit);
    const Singles::Outcome outcome = singles.run(trial);
    trial.set(cell, 0);
    if (outcome == Singles::Outcome::contradiction) continue;
    if (outcome == Singles::Outcome::filled && is_solution(without, singles.filled(without.shape_ptr()))) return true;
    return std::nullopt;
  }
  return false;
}

// Sets of cells of a complete grid S that every puzzle with S as its only solution has a clue in
// (unavoidable sets): for two digits a and b, the cells holding either fall into classes linked
// by "must differ" (peers); swapping a and b in one class gives another valid grid, as every peer
// of a swapped cell outside the class holds a third digit. A puzzle without a clue in a class
// thus has that second solution too. Only for rules that are all "must differ" (no cage sums).
// Each set, and the current puzzle's clues, are bit sets over the cells: "does this removal leave
// a set with no clue?" is a word-parallel intersection, up to 4,096 cells at 64x64.
class UnavoidableSets {
 public:
  explicit UnavoidableSets(const Grid& solution)
      : sets_of_(static_cast<std::size_t>(solution.cells())), clues_(static_cast<std::size_t>(solution.cells())) {
    clues_.set();
    const Shape& shape = solution.shape();
    for (const Cage& cage : shape.rules().cages)
      if (cage.sum != 0) return;
    const auto cells = static_cast<std::size_t>(shape.cells());
    const int n = shape.size();
    std::vector<std::vector<int>> cells_of(static_cast<std::size_t>(n) + 1);
    for (int cell = 0; cell < shape.cells(); ++cell) cells_of[static_cast<std::size_t>(solution[cell])].push_back(cell);
    std::vector<int> stack;
    for (int a = 1; a <= n; ++a)
      for (int b = a + 1; b <= n; ++b) {
        auto pair_cell = [&](int cell) { return solution[cell] == a || solution[cell] == b; };
        boost::dynamic_bitset<> seen(cells);  // the cells of this pair already in a class
        for (int d : {a, b})
          for (int start : cells_of[static_cast<std::size_t>(d)]) {
            if (seen.test(static_cast<std::size_t>(start))) continue;
            boost::dynamic_bitset<> set(cells);
            const int index = static_cast<int>(sets_.size());
            seen.set(static_cast<std::size_t>(start));
            stack.assign(1, start);
            while (!stack.empty()) {
              const int cell = stack.back();
              stack.pop_back();
              set.set(static_cast<std::size_t>(cell));
              sets_of_[static_cast<std::size_t>(cell)].push_back(index);
              for (int p : shape.peers_of(cell))
                if (pair_cell(p) && !seen.test(static_cast<std::size_t>(p))) {
                  seen.set(static_cast<std::size_t>(p));
                  stack.push_back(p);
                }
            }
            sets_.push_back(std::move(set));
          }
      }
  }
  // Whether some set has no clue outside `cells` (all of them clues now): blank them, and the
  // puzzle has a second solution.
  bool needed(std::span<const int> cells) {
    rest_ = clues_;
    for (int cell : cells) rest_.reset(static_cast<std::size_t>(cell));
    for (int cell : cells)
      for (int set : sets_of_[static_cast<std::size_t>(cell)])
        if (!sets_[static_cast<std::size_t>(set)].intersects(rest_)) return true;
    return false;
  }
  void removed(int cell) { clues_.reset(static_cast<std::size_t>(cell)); }

 private:
  std::vector<boost::dynamic_bitset<>> sets_;  // each set's cells
  std::vector<std::vector<int>> sets_of_;      // per cell, the sets it is in
  boost::dynamic_bitset<> clues_;              // the current puzzle's clues
  boost::dynamic_bitset<> rest_;               // needed()'s scratch: the clues a removal leaves
};

}  // namespace

Grid generate_unique(const ShapePtr& shape, Random& random, Solver& filler, Solver& checker,
                     const GenerateOptions& options, GenerateReport* report) {
  const Grid solution = random_solution(shape, random, filler);
  Grid puzzle = solution;
  std::vector<int> cells = iota(shape->cells());
  random.shuffle(std::span<int>(cells));
  GenerateReport done;
  // A session asks one question per removal: is there a solution that differs from `solution`
  // in a removed cell? When the answer is yes, that other solution contradicts the clue, which
  // stays; every later puzzle keeps the clue, so the other solution says nothing about them.
  std::unique_ptr<UniquenessSession> session = checker.uniqueness_session(solution);
  done.session = session != nullptr;
  UnavoidableSets unavoidable(solution);
  Limits limits;
  limits.solutions = 2;
  limits.max_nodes = options.max_nodes;
  limits.keep_solutions = 0;
  int clues = shape->cells();
  std::vector<int> removing;
  auto removal_of = [&](int cell) {  // the cells that go with `cell`; none when the clue target forbids
    const int mirror = shape->cells() - 1 - cell;
    removing.assign(1, cell);
    if (options.symmetric && mirror != cell) removing.push_back(mirror);
    if (options.clues > 0 && clues - static_cast<int>(removing.size()) < options.clues) return false;
    return true;
  };
  GenerateProgress progress;
  auto tell = [&](int round, int tried, int round_cells) {
    if (!options.progress) return;
    progress.clues = clues;
    progress.round = round;
    progress.tried = tried;
    progress.cells = round_cells;
    progress.so_far = done;
    options.progress(progress);
  };
  Singles singles;
  if (options.singles_first) {
    int tried = 0;
    for (int cell : cells) {
      tell(0, tried++, static_cast<int>(cells.size()));
      if (puzzle[cell] == 0 || !removal_of(cell)) continue;
      Grid without = puzzle;
      for (int c : removing) without.set(c, 0);
      // The puzzle before was filled by singles, so a removed cell forced by the givens leaves it so.
      bool forced = true;
      for (int c : removing) forced = forced && forced_by_givens(without, c, solution[c]);
      if (!forced && singles.run(without) != Singles::Outcome::filled) continue;
      puzzle = std::move(without);
      clues -= static_cast<int>(removing.size());
      ++done.by_singles;
      for (int c : removing) unavoidable.removed(c);
    }
  }
  // Cells whose removal was proven to allow a second solution: with --symmetric a pair comes up
  // twice, and its second question would be the first's again, as hard and with the same answer.
  boost::dynamic_bitset<> needed(static_cast<std::size_t>(shape->cells()));
  // Cells whose check ran out of this round's budget: with --symmetric the mirror would ask the
  // same hard question again in the same round; it waits with its pair instead.
  boost::dynamic_bitset<> waiting(static_cast<std::size_t>(shape->cells()));
  // Tries each cell of `round` in turn under the node budget `limits.max_nodes`; with `later`, a
  // check that runs out sends its cell there instead of keeping the clue.
  auto try_cells = [&](const std::vector<int>& round, int round_number, std::vector<int>* later) {
    int tried = 0;
    for (int cell : round) {
      tell(round_number, tried++, static_cast<int>(round.size()));
      if (puzzle[cell] == 0 || needed.test(static_cast<std::size_t>(cell)) || waiting.test(static_cast<std::size_t>(cell))) continue;
      if (!removal_of(cell)) {
        if (session)
          for (int c : removing) session->keep(c);
        continue;
      }
      const int count = static_cast<int>(removing.size());
      Grid without = puzzle;
      for (int c : removing) without.set(c, 0);
      bool unique = true, proven = true;
      for (int c : removing) unique = unique && forced_by_givens(without, c, solution[c]);
      if (unique) {
        ++done.forced;
      } else if (unavoidable.needed(removing)) {
        ++done.unavoidable;
        unique = false;
      } else if (const std::optional<bool> other = another_solution_by_singles(without, removing, solution, singles)) {
        unique = !*other;
        ++(unique ? done.singles_proven : done.singles_kept);
      } else {
        ++done.checks;
        const Status status = session ? session->unique_without(puzzle, removing, limits)
                                      : checker.solve(without, limits).status;
        unique = status == Status::unique;
        if (status == Status::stopped && later) {
          ++done.deferred;
          later->push_back(cell);
          for (int c : removing) waiting.set(static_cast<std::size_t>(c));
          continue;
        }
        if (status == Status::stopped) ++done.stopped;
        else if (!unique) ++done.kept;
        proven = status != Status::stopped;
      }
      if (unique) {
        puzzle = std::move(without);
        clues -= count;
        for (int c : removing) unavoidable.removed(c);
      } else {
        for (int c : removing) {
          if (session) session->keep(c);
          if (proven) needed.set(static_cast<std::size_t>(c));
        }
      }
    }
  };
  // With options.deferred_budget, rounds of ten times the budget each, up to max_nodes (with no
  // max_nodes, the fifth round has none); the last round's stops are final.
  std::vector<int> round = cells, later;
  for (std::uint64_t budget = options.deferred_budget, step = 0;; budget *= 10, ++step) {
    const bool last = budget == 0 || (options.max_nodes == 0 ? step == 4 : budget >= options.max_nodes) ||
                      budget > std::numeric_limits<std::uint64_t>::max() / 10;
    limits.max_nodes = last ? options.max_nodes : budget;
    later.clear();
    waiting.reset();
    try_cells(round, static_cast<int>(step) + 1, last ? nullptr : &later);
    if (later.empty()) break;
    round.swap(later);
    ++done.rounds;
  }
  if (report) *report = done;
  tell(done.rounds + 1, static_cast<int>(round.size()), static_cast<int>(round.size()));
  return puzzle;
}

Grid generate_unique(const ShapePtr& shape, Random& random, Solver& checker, const GenerateOptions& options,
                     GenerateReport* report) {
  return generate_unique(shape, random, checker, checker, options, report);
}

}  // namespace sudokit
