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
std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

std::vector<int> iota(int n) {
  std::vector<int> v(static_cast<std::size_t>(n));
  std::iota(v.begin(), v.end(), 0);
  return v;
}
}  // namespace

Random::Random(std::uint64_t seed) {
  for (auto& s : s_) s = splitmix64(seed);
}

std::uint64_t Random::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

std::uint64_t Random::below(std::uint64_t bound) {
  // Rejection sampling: no modulo bias, same sequence everywhere.
  const std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % bound);
  for (;;) {
    const std::uint64_t x = next();
    if (x < limit) return x % bound;
  }
}

namespace {

// The symmetries that may keep variant rules, each tried and kept only when the grid still obeys
// them (a solution's digits are checked by the verifier; a partial grid keeps them by its peers).
Grid shuffled_with_rules(const Grid& solution, Random& random) {
  const ShapePtr& shape = solution.shape_ptr();
  const int n = shape->size();
  const Rules& rules = shape->rules();
  bool sums = false;
  for (const Cage& cage : rules.cages) sums = sums || cage.sum != 0;
  std::vector<int> digits = iota(n);
  if (!sums) random.shuffle(std::span<int>(digits));
  Grid g(shape);
  for (int cell = 0; cell < shape->cells(); ++cell)
    g.set(cell, solution[cell] == 0 ? 0 : digits[static_cast<std::size_t>(solution[cell] - 1)] + 1);
  auto keeps_rules = [&](const Grid& candidate) {
    for (int cell = 0; cell < candidate.cells(); ++cell) {
      if (candidate[cell] == 0) continue;
      for (int p : shape->peers_of(cell))
        if (candidate[p] == candidate[cell]) return false;
    }
    return !candidate.complete() || verify(Grid(shape), candidate).empty();
  };
  const bool square_boxes = shape->box_rows() == shape->box_cols();
  for (int transform = 0; transform < 3; ++transform) {
    if (random.below(2) == 0 || (transform == 0 && !square_boxes)) continue;
    Grid moved(shape);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) {
        const int from = transform == 0 ? shape->cell_at(c, r)               // transpose
                         : transform == 1 ? shape->cell_at(n - 1 - r, c)     // upside down
                                          : shape->cell_at(r, n - 1 - c);    // left to right
        moved.set(shape->cell_at(r, c), g[from]);
      }
    if (keeps_rules(moved)) g = std::move(moved);
  }
  return g;
}

}  // namespace

Grid shuffled(const Grid& solution, Random& random) {
  if (!solution.shape().rules().classic()) return shuffled_with_rules(solution, random);
  const ShapePtr& shape = solution.shape_ptr();
  const int br = shape->box_rows(), bc = shape->box_cols(), n = shape->size();
  // Lines: a random order of bands (groups of br rows), and of rows inside each band; the same
  // for stacks of columns.
  auto permute_lines = [&](int group, int groups) {
    std::vector<int> order_of_groups = iota(groups), out;
    random.shuffle(std::span<int>(order_of_groups));
    for (int g : order_of_groups) {
      std::vector<int> inside = iota(group);
      random.shuffle(std::span<int>(inside));
      for (int i : inside) out.push_back(g * group + i);
    }
    return out;
  };
  const std::vector<int> rows = permute_lines(br, n / br);
  const std::vector<int> cols = permute_lines(bc, n / bc);
  std::vector<int> digits = iota(n);
  random.shuffle(std::span<int>(digits));
  const bool transpose = br == bc && random.below(2) == 1;
  Grid g(shape);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      int pr = rows[static_cast<std::size_t>(r)], pc = cols[static_cast<std::size_t>(c)];
      if (transpose) std::swap(pr, pc);
      const int v = solution.at(pr, pc);
      g.set(shape->cell_at(r, c), v == 0 ? 0 : digits[static_cast<std::size_t>(v - 1)] + 1);
    }
  return g;
}

Grid random_solution(const ShapePtr& shape, Random& random) {
  const int br = shape->box_rows(), bc = shape->box_cols(), n = shape->size();
  Grid pattern(shape);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)  // row r starts at an offset that differs per row in a band and per band
      pattern.set(shape->cell_at(r, c), (bc * (r % br) + r / br + c) % n + 1);
  return shuffled(pattern, random);
}

Grid random_solution(const ShapePtr& shape, Random& random, Solver& filler) {
  const int n = shape->size();
  Limits limits;
  limits.max_nodes = 100000;
  const bool classic = shape->rules().classic();
  const int attempts = classic ? 20 : 100;
  for (int attempt = 0; attempt < attempts; ++attempt) {
    // Scatter random digits where they break no rule, then let the filler complete the grid.
    // n of them at first; under rules that allow few grids (anti-knight on a jigsaw layout)
    // random seeds mostly leave none, so every 20 failures halve them, and the last attempt
    // has none: the filler's own grid, which the relabelling in shuffled() still randomises.
    const int scattered = attempt + 1 == attempts ? 0 : n >> (attempt / 20);
    Grid seeds(shape);
    std::vector<int> cells = iota(shape->cells());
    random.shuffle(std::span<int>(cells));
    for (int i = 0; i < scattered; ++i) {
      const int cell = cells[static_cast<std::size_t>(i)];
      Mask taken = 0;
      for (int p : shape->peers_of(cell))
        if (seeds[p] != 0) taken |= Mask{1} << (seeds[p] - 1);
      std::vector<int> free;
      for (int d = 1; d <= n; ++d)
        if (!(taken & (Mask{1} << (d - 1)))) free.push_back(d);
      if (!free.empty()) seeds.set(cell, free[random.below(free.size())]);
    }
    const Result r = filler.solve(seeds, limits);
    if (!r.solutions.empty()) return shuffled(r.solutions.front(), random);
    if (scattered == 0 && r.status == Status::none)
      throw UsageError("the rules " + shape->rules().summary() + " allow no grid of a " + shape->name() +
                       " shape (" + std::string(filler.name()) + " searched the empty grid to the end)");
  }
  if (!classic)
    throw UsageError("no grid found for the rules " + shape->rules().summary() + " of a " + shape->name() +
                     " shape in 100 attempts, the last from an empty grid");
  return random_solution(shape, random);  // the filler kept failing: fall back to the pattern
}

std::vector<int> random_jigsaw_regions(int box_rows, int box_cols, Random& random) {
  const int n = box_rows * box_cols, cells = n * n;
  std::vector<int> region(static_cast<std::size_t>(cells));
  for (int cell = 0; cell < cells; ++cell) {
    const int r = cell / n, c = cell % n;
    region[static_cast<std::size_t>(cell)] = (r / box_rows) * (n / box_cols) + c / box_cols;
  }
  auto neighbours = [&](int cell) {
    std::vector<int> out;
    const int r = cell / n, c = cell % n;
    if (r > 0) out.push_back(cell - n);
    if (r + 1 < n) out.push_back(cell + n);
    if (c > 0) out.push_back(cell - 1);
    if (c + 1 < n) out.push_back(cell + 1);
    return out;
  };
  auto connected = [&](int which) {
    std::vector<int> stack;
    std::vector<char> seen(static_cast<std::size_t>(cells), 0);
    int size = 0, start = -1;
    for (int cell = 0; cell < cells; ++cell)
      if (region[static_cast<std::size_t>(cell)] == which) ++size, start = cell;
    stack.push_back(start);
    seen[static_cast<std::size_t>(start)] = 1;
    int reached = 0;
    while (!stack.empty()) {
      const int cell = stack.back();
      stack.pop_back();
      ++reached;
      for (int next : neighbours(cell))
        if (!seen[static_cast<std::size_t>(next)] && region[static_cast<std::size_t>(next)] == which) {
          seen[static_cast<std::size_t>(next)] = 1;
          stack.push_back(next);
        }
    }
    return reached == size;
  };
  // Each step: a cell a of region A next to region B, and a cell b of B next to A, change
  // regions; sizes stay n, and the step is undone unless both regions stay connected.
  for (int step = 0; step < 40 * cells; ++step) {
    const int a = static_cast<int>(random.below(static_cast<std::uint64_t>(cells)));
    const auto around = neighbours(a);
    const int towards = around[random.below(around.size())];
    const int from = region[static_cast<std::size_t>(a)], to = region[static_cast<std::size_t>(towards)];
    if (from == to) continue;
    std::vector<int> candidates;  // cells of `to` next to `from`, other than by a alone
    for (int cell = 0; cell < cells; ++cell) {
      if (region[static_cast<std::size_t>(cell)] != to) continue;
      for (int next : neighbours(cell))
        if (next != a && region[static_cast<std::size_t>(next)] == from) {
          candidates.push_back(cell);
          break;
        }
    }
    if (candidates.empty()) continue;
    const int b = candidates[random.below(candidates.size())];
    region[static_cast<std::size_t>(a)] = to;
    region[static_cast<std::size_t>(b)] = from;
    if (!connected(from) || !connected(to)) {
      region[static_cast<std::size_t>(a)] = from;
      region[static_cast<std::size_t>(b)] = to;
    }
  }
  return region;
}

// Layouts are tried until one has a grid. Under rules that allow few grids most have none: 50
// attempts failed 4 of 40 seeds of `generate --jigsaw --box 2x3 --rules anti-king --count 3`.
constexpr int kJigsawAttempts = 500;

ShapePtr random_jigsaw_shape(int box_rows, int box_cols, Rules rules, Random& random, Solver& filler) {
  for (int attempt = 0; attempt < kJigsawAttempts; ++attempt) {
    rules.regions = random_jigsaw_regions(box_rows, box_cols, random);
    ShapePtr shape = Shape::make(box_rows, box_cols, rules);
    Limits limits;
    limits.max_nodes = 100000;
    if (!filler.solve(Grid(shape), limits).solutions.empty()) return shape;
  }
  throw UsageError("no jigsaw layout with a solution found in " + std::to_string(kJigsawAttempts) +
                   " attempts for the rules " + rules.summary());
}

Grid with_random_blanks(const Grid& solution, int blanks, Random& random) {
  std::vector<int> cells = iota(solution.cells());
  random.shuffle(std::span<int>(cells));
  Grid g = solution;
  for (int i = 0; i < blanks && i < solution.cells(); ++i) g.set(cells[static_cast<std::size_t>(i)], 0);
  return g;
}

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
