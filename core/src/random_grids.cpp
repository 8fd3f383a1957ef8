// Random complete grids and what the generator draws them from: the seeded generator (Random),
// grids shuffled by the symmetries their rules allow, a grid filled from a few scattered digits
// by a backend, random jigsaw layouts, and blanks at random. generate.cpp removes clues from them.
#include "sudokit/generate.h"

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
      throw UsageError("the rules " + shape->rules().summary() + " allow no " + shape->grid_name() +
                       " grid (" + std::string(filler.name()) + " searched the empty grid to the end)");
  }
  if (!classic)
    throw UsageError("no grid found for the rules " + shape->rules().summary() + " of a " + shape->grid_name() +
                     " grid in 100 attempts, the last from an empty grid");
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

}  // namespace sudokit
