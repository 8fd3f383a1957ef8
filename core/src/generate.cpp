// generate_unique: clues removed from a random complete grid while the puzzle keeps exactly one
// solution, each removal decided as cheaply as it can be: forced by the givens, kept as the last
// clue of an unavoidable set, proven or refuted by naked and hidden singles from each other digit,
// else asked of the checker (a uniqueness session, or counting to 2). The grids come from
// random_grids.cpp.
//
// Its singles (class Singles) are propagate's idea in a second, plain form, on purpose: core sits
// below every backend and may not use one, and propagate's own singles are its hot path, a
// candidate layout in vector lanes private to that backend (solvers/propagate/engine.h), which a
// 70-line relaxation of peers and units could not share without slowing it. Both are checked
// against the independent verifier: a grid the generator's singles fill is verified before it is
// taken as a second solution.
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

// The clue removal of one puzzle: the state generate_unique() keeps while it takes clues from
// `solution` (the puzzle, its clue count, what is known about each cell) and the one place where
// each removal's outcome is decided (decide) and counted in the report (record).
class ClueRemoval {
 public:
  ClueRemoval(const Grid& solution, Solver& checker, const GenerateOptions& options)
      : solution_(solution),
        puzzle_(solution),
        clues_(solution.cells()),
        options_(options),
        checker_(checker),
        // A session asks one question per removal: is there a solution that differs from
        // `solution` in a removed cell? When the answer is yes, that other solution contradicts
        // the clue, which stays; every later puzzle keeps the clue, so it says nothing about them.
        session_(checker.uniqueness_session(solution)),
        unavoidable_(solution),
        needed_(static_cast<std::size_t>(solution.cells())),
        waiting_(static_cast<std::size_t>(solution.cells())) {
    report_.session = session_ != nullptr;
    limits_.solutions = 2;
    limits_.max_nodes = options.max_nodes;
    limits_.keep_solutions = 0;
  }

  // Removes, in the order of `cells`, every clue that naked and hidden singles can do without.
  void singles_first(const std::vector<int>& cells) {
    int tried = 0;
    for (int cell : cells) {
      tell(0, tried++, static_cast<int>(cells.size()));
      if (puzzle_[cell] == 0 || !removal_of(cell)) continue;
      Grid without = blanked();
      // The puzzle before was filled by singles, so a removed cell forced by the givens leaves it so.
      if (!forced(without) && singles_.run(without) != Singles::Outcome::filled) continue;
      ++report_.by_singles;
      remove(std::move(without));
    }
  }

  // Rounds of checks over `cells`: with options.deferred_budget, rounds of ten times the budget
  // each, up to max_nodes (with no max_nodes, the fifth round has none); a check that runs out of
  // a round's budget waits for the next, and the last round's stops are final.
  void check_rounds(std::vector<int> round) {
    std::vector<int> later;
    for (std::uint64_t budget = options_.deferred_budget, step = 0;; budget *= 10, ++step) {
      const bool last = budget == 0 || (options_.max_nodes == 0 ? step == 4 : budget >= options_.max_nodes) ||
                        budget > std::numeric_limits<std::uint64_t>::max() / 10;
      limits_.max_nodes = last ? options_.max_nodes : budget;
      later.clear();
      waiting_.reset();
      try_cells(round, static_cast<int>(step) + 1, last ? nullptr : &later);
      if (later.empty()) break;
      round.swap(later);
      ++report_.rounds;
    }
    last_round_ = static_cast<int>(round.size());
  }
  // The progress at the end: every round done.
  void tell_done() { tell(report_.rounds + 1, last_round_, last_round_); }

  const Grid& puzzle() const { return puzzle_; }
  const GenerateReport& report() const { return report_; }

 private:
  // What became of one removal, and how it was known.
  enum class Outcome { forced, unavoidable, singles_proven, singles_kept, unique, kept, stopped, deferred };

  // Tries each cell of `round` in turn; with `later`, a check that runs out of this round's budget
  // sends its cell there instead of keeping the clue.
  void try_cells(const std::vector<int>& round, int round_number, std::vector<int>* later) {
    int tried = 0;
    for (int cell : round) {
      tell(round_number, tried++, static_cast<int>(round.size()));
      if (puzzle_[cell] == 0 || needed_.test(static_cast<std::size_t>(cell)) || waiting_.test(static_cast<std::size_t>(cell)))
        continue;
      if (!removal_of(cell)) {
        if (session_)
          for (int c : removing_) session_->keep(c);
        continue;
      }
      Grid without = blanked();
      const Outcome outcome = decide(without, later != nullptr);
      record(outcome);
      switch (outcome) {
        case Outcome::forced:
        case Outcome::singles_proven:
        case Outcome::unique: remove(std::move(without)); break;
        case Outcome::deferred:
          later->push_back(cell);
          for (int c : removing_) waiting_.set(static_cast<std::size_t>(c));
          break;
        case Outcome::unavoidable:
        case Outcome::singles_kept:
        case Outcome::kept:
        case Outcome::stopped: keep(outcome != Outcome::stopped); break;
      }
    }
  }

  // Whether the puzzle keeps one solution without removing_'s cells, each way cheaper than the
  // next: forced by the givens, the last clue of an unavoidable set, singles from each other
  // digit, and last the checker (a session's question, or a count to 2 under the budget).
  Outcome decide(const Grid& without, bool may_defer) {
    if (forced(without)) return Outcome::forced;
    if (unavoidable_.needed(removing_)) return Outcome::unavoidable;
    if (const std::optional<bool> other = another_solution_by_singles(without, removing_, solution_, singles_))
      return *other ? Outcome::singles_kept : Outcome::singles_proven;
    const Status status = session_ ? session_->unique_without(puzzle_, removing_, limits_) : checker_.solve(without, limits_).status;
    if (status == Status::stopped) return may_defer ? Outcome::deferred : Outcome::stopped;
    return status == Status::unique ? Outcome::unique : Outcome::kept;
  }

  // The report's count of each outcome, kept here only.
  void record(Outcome outcome) {
    switch (outcome) {
      case Outcome::forced: ++report_.forced; break;
      case Outcome::unavoidable: ++report_.unavoidable; break;
      case Outcome::singles_proven: ++report_.singles_proven; break;
      case Outcome::singles_kept: ++report_.singles_kept; break;
      case Outcome::unique: ++report_.checks; break;
      case Outcome::kept: ++report_.checks, ++report_.kept; break;
      case Outcome::stopped: ++report_.checks, ++report_.stopped; break;
      case Outcome::deferred: ++report_.checks, ++report_.deferred; break;
    }
  }

  // The cells that go with `cell` into removing_ (its mirror too, when symmetric); false when the
  // clue target forbids their removal.
  bool removal_of(int cell) {
    const int mirror = puzzle_.cells() - 1 - cell;
    removing_.assign(1, cell);
    if (options_.symmetric && mirror != cell) removing_.push_back(mirror);
    return options_.clues <= 0 || clues_ - static_cast<int>(removing_.size()) >= options_.clues;
  }
  Grid blanked() const {
    Grid without = puzzle_;
    for (int c : removing_) without.set(c, 0);
    return without;
  }
  bool forced(const Grid& without) const {
    for (int c : removing_)
      if (!forced_by_givens(without, c, solution_[c])) return false;
    return true;
  }
  void remove(Grid without) {
    puzzle_ = std::move(without);
    clues_ -= static_cast<int>(removing_.size());
    for (int c : removing_) unavoidable_.removed(c);
  }
  // The clues stay; `proven`: their removal is known to allow a second solution, so with
  // --symmetric the pair's second turn does not ask again.
  void keep(bool proven) {
    for (int c : removing_) {
      if (session_) session_->keep(c);
      if (proven) needed_.set(static_cast<std::size_t>(c));
    }
  }
  void tell(int round, int tried, int round_cells) {
    if (!options_.progress) return;
    GenerateProgress progress;
    progress.clues = clues_;
    progress.round = round;
    progress.tried = tried;
    progress.cells = round_cells;
    progress.so_far = report_;
    options_.progress(progress);
  }

  const Grid& solution_;
  Grid puzzle_;
  int clues_;
  const GenerateOptions& options_;
  Solver& checker_;
  std::unique_ptr<UniquenessSession> session_;
  UnavoidableSets unavoidable_;
  Singles singles_;
  Limits limits_;
  GenerateReport report_;
  std::vector<int> removing_;  // the cells of the removal being tried
  int last_round_ = 0;         // the cells of the last round of checks
  // Cells whose removal was proven to allow a second solution: with --symmetric a pair comes up
  // twice, and its second question would be the first's again, as hard and with the same answer.
  boost::dynamic_bitset<> needed_;
  // Cells whose check ran out of this round's budget: with --symmetric the mirror would ask the
  // same hard question again in the same round; it waits with its pair instead.
  boost::dynamic_bitset<> waiting_;
};

}  // namespace

Grid generate_unique(const ShapePtr& shape, Random& random, Solver& filler, Solver& checker,
                     const GenerateOptions& options, GenerateReport* report) {
  const Grid solution = random_solution(shape, random, filler);
  std::vector<int> cells = iota(shape->cells());
  random.shuffle(std::span<int>(cells));
  ClueRemoval removal(solution, checker, options);
  if (options.singles_first) removal.singles_first(cells);
  removal.check_rounds(std::move(cells));
  if (report) *report = removal.report();
  removal.tell_done();
  return removal.puzzle();
}

Grid generate_unique(const ShapePtr& shape, Random& random, Solver& checker, const GenerateOptions& options,
                     GenerateReport* report) {
  return generate_unique(shape, random, checker, checker, options, report);
}

}  // namespace sudokit
