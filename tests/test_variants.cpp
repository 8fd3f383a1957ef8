// Variant rules on every registered Sudoku backend: grid counts against a brute-force enumerator
// written here from the rules' definitions (no Shape tables), published puzzles with their
// published solutions, every option a backend declares, and random variant puzzles.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "sudokit/encoders/cnf.h"
#include "sudokit/encoders/exact_cover.h"
#include "sudokit/format.h"
#include "sudokit/generate.h"
#include "sudokit/registry.h"
#include "sudokit/trace.h"
#include "sudokit/verify.h"
#include "test_support.h"
#include "variant_puzzles.h"

using namespace sudokit;

namespace {

// ---- The brute-force enumerator: plain DFS over the cells in reading order, each digit checked
// against the cells before it by the rules' definitions (rules.h), computed here by arithmetic.

class BruteForce {
 public:
  BruteForce(int br, int bc, const Rules& rules) : br_(br), bc_(bc), n_(br * bc), rules_(rules) {
    const int cells = n_ * n_;
    // The cells before each one (in the order the search fills them) that must differ from it.
    before_.resize(static_cast<std::size_t>(cells));
    for (int a = 0; a < cells; ++a)
      for (int b = 0; b < a; ++b)
        if (must_differ(a, b)) before_[static_cast<std::size_t>(a)].push_back(b);
    cages_of_.resize(static_cast<std::size_t>(cells));
    for (std::size_t k = 0; k < rules.cages.size(); ++k)
      for (int cell : rules.cages[k].cells) cages_of_[static_cast<std::size_t>(cell)].push_back(static_cast<int>(k));
  }

  // Solutions of `givens` (0: blank), counting up to `cap`; the first one found in `first`.
  std::uint64_t count(const std::vector<int>& givens, std::uint64_t cap, std::vector<int>* first = nullptr,
                      const std::vector<int>* order = nullptr) {
    givens_ = givens;
    grid_.assign(givens.size(), 0);
    found_ = 0, cap_ = cap, first_ = first, order_ = order;
    dfs(0);
    return found_;
  }

 private:
  int box(int r, int c) const {
    if (rules_.jigsaw()) return rules_.regions[static_cast<std::size_t>(r * n_ + c)];
    return (r / br_) * (n_ / bc_) + c / bc_;
  }
  // The window holding (r, c), or -1: windows of br x bc cells start at row and column 1 and are
  // one cell apart, and each must end before the last row and column.
  int window(int r, int c) const {
    const int wr = r % (br_ + 1) == 0 ? -1 : r / (br_ + 1), wc = c % (bc_ + 1) == 0 ? -1 : c / (bc_ + 1);
    if (wr < 0 || wc < 0 || (wr + 1) * (br_ + 1) > n_ - 1 || (wc + 1) * (bc_ + 1) > n_ - 1) return -1;
    return wr * n_ + wc;
  }
  bool must_differ(int a, int b) const {
    const int ra = a / n_, ca = a % n_, rb = b / n_, cb = b % n_;
    const int dr = std::abs(ra - rb), dc = std::abs(ca - cb);
    auto both_in = [&](const std::vector<int>& cells) {
      return std::find(cells.begin(), cells.end(), a) != cells.end() && std::find(cells.begin(), cells.end(), b) != cells.end();
    };
    if (ra == rb || ca == cb || box(ra, ca) == box(rb, cb)) return true;
    if (rules_.diagonal_main && ra == ca && rb == cb) return true;
    if (rules_.diagonal_anti && ra + ca == n_ - 1 && rb + cb == n_ - 1) return true;
    if (rules_.windoku && window(ra, ca) >= 0 && window(ra, ca) == window(rb, cb)) return true;
    if (rules_.disjoint_groups && ra % br_ == rb % br_ && ca % bc_ == cb % bc_) return true;
    if (rules_.anti_king && dr <= 1 && dc <= 1) return true;
    if (rules_.anti_knight && dr + dc == 3 && dr != 0 && dc != 0) return true;
    for (const auto& region : rules_.extra_regions)
      if (both_in(region)) return true;
    for (const Cage& cage : rules_.cages)
      if (both_in(cage.cells)) return true;
    return false;
  }
  bool fits(int cell, int d) const {
    for (int p : before_[static_cast<std::size_t>(cell)])
      if (grid_[static_cast<std::size_t>(p)] == d) return false;
    for (int k : cages_of_[static_cast<std::size_t>(cell)]) {
      const Cage& cage = rules_.cages[static_cast<std::size_t>(k)];
      if (cage.sum == 0) continue;
      int total = d, open = 0;
      for (int c : cage.cells)
        if (c != cell) total += grid_[static_cast<std::size_t>(c)], open += grid_[static_cast<std::size_t>(c)] == 0;
      if (total > cage.sum || (open == 0 && total != cage.sum)) return false;
    }
    return true;
  }
  void dfs(int cell) {
    if (found_ >= cap_ && cap_ != 0) return;
    if (cell == n_ * n_) {
      if (found_++ == 0 && first_) *first_ = grid_;
      return;
    }
    const int given = givens_[static_cast<std::size_t>(cell)];
    for (int i = 1; i <= n_; ++i) {
      const int d = given ? (i == 1 ? given : 0) : (order_ ? (*order_)[static_cast<std::size_t>(i - 1)] : i);
      if (d == 0) break;
      if (!fits(cell, d)) continue;
      grid_[static_cast<std::size_t>(cell)] = d;
      dfs(cell + 1);
      grid_[static_cast<std::size_t>(cell)] = 0;
    }
  }

  int br_, bc_, n_;
  Rules rules_;
  std::vector<std::vector<int>> before_;
  std::vector<std::vector<int>> cages_of_;
  std::vector<int> givens_, grid_;
  const std::vector<int>* order_ = nullptr;
  std::uint64_t found_ = 0, cap_ = 0;
  std::vector<int>* first_ = nullptr;
};

Grid grid_of(const ShapePtr& shape, const std::vector<int>& values) {
  return Grid(shape, std::vector<std::uint8_t>(values.begin(), values.end()));
}

// The backends that take variant grids (up to 9x9, the largest here), by their declarations.
std::vector<std::string> variant_backends() {
  Rules x;
  x.diagonal_main = true;
  const auto shape = Shape::make(3, 3, x);
  return test::sudoku_backends_where([&](const BackendInfo& info) { return info.takes(*shape); });
}

class VariantBackend : public ::testing::TestWithParam<std::string> {
 protected:
  std::unique_ptr<Solver> make(const SolverOptions& options = {}) const {
    return builtin_solvers().create(GetParam(), options);
  }
};

// ---- Counting every grid of a small shape under one rule.

struct CountCase {
  std::string name;
  int br, bc;
  Rules rules;
};

std::vector<CountCase> count_cases() {
  std::vector<CountCase> out;
  auto add = [&](std::string name, int br, int bc, auto set) {
    Rules r;
    set(r);
    out.push_back({std::move(name), br, bc, std::move(r)});
  };
  for (auto [br, bc] : {std::pair{2, 2}, std::pair{2, 3}}) {
    const std::string box = std::to_string(br) + "x" + std::to_string(bc);
    add("x " + box, br, bc, [](Rules& r) { r.diagonal_main = r.diagonal_anti = true; });
    add("anti-king " + box, br, bc, [](Rules& r) { r.anti_king = true; });
    add("anti-knight " + box, br, bc, [](Rules& r) { r.anti_knight = true; });
  }
  add("windoku 2x2", 2, 2, [](Rules& r) { r.windoku = true; });
  add("disjoint 2x2", 2, 2, [](Rules& r) { r.disjoint_groups = true; });
  add("diagonal+ 2x3", 2, 3, [](Rules& r) { r.diagonal_anti = true; });
  // A 4x4 jigsaw: regions L-shaped around the centre.
  add("jigsaw 4x4", 2, 2, [](Rules& r) { r.regions = {0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3}; });
  // Killer 4x4: four cages, of 2, 3, 2 and 1 cells, one without a sum.
  add("killer 4x4", 2, 2, [](Rules& r) {
    r.cages = {{{0, 1}, 3}, {{2, 3, 7}, 0}, {{5, 6}, 5}, {{15}, 4}};
  });
  return out;
}

TEST(VariantBruteForce, ReproducesTheClassicCounts) {
  // The enumerator itself, on counts known for the classic shapes: 288 grids of 4x4, and with
  // the first row fixed 28,200,960 / 6! = 39,168 of 6x6.
  BruteForce four(2, 2, Rules{});
  EXPECT_EQ(four.count(std::vector<int>(16, 0), 0), 288u);
  BruteForce six(2, 3, Rules{});
  std::vector<int> givens(36, 0);
  std::iota(givens.begin(), givens.begin() + 6, 1);
  EXPECT_EQ(six.count(givens, 0), 39168u);
}

// The enumerator's counts for each case, worked out once: every grid of the empty shape and,
// for cases without sums, those whose first row is 1..n.
struct Counted {
  std::uint64_t all = 0, first_row_fixed = 0;
};
const std::vector<Counted>& brute_counts() {
  static const auto counts = [] {
    std::vector<Counted> out;
    for (const CountCase& c : count_cases()) {
      BruteForce brute(c.br, c.bc, c.rules);
      const int n = c.br * c.bc;
      Counted k;
      k.all = brute.count(std::vector<int>(static_cast<std::size_t>(n * n), 0), 0);
      if (c.rules.cages.empty()) {
        std::vector<int> first_row(static_cast<std::size_t>(n * n), 0);
        std::iota(first_row.begin(), first_row.begin() + n, 1);
        k.first_row_fixed = brute.count(first_row, 0);
      }
      out.push_back(k);
    }
    return out;
  }();
  return counts;
}

// Digits can be renamed in any grid of these rules (none has a sum), so the grids whose first row
// is 1..n are the count over n!: the enumerator must agree with itself on that.
TEST(VariantBruteForce, FirstRowFixedIsTheCountOverNFactorial) {
  const auto cases = count_cases();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    if (!cases[i].rules.cages.empty()) continue;
    std::uint64_t factorial = 1;
    for (int k = 2; k <= cases[i].br * cases[i].bc; ++k) factorial *= static_cast<std::uint64_t>(k);
    EXPECT_EQ(brute_counts()[i].first_row_fixed * factorial, brute_counts()[i].all) << cases[i].name;
  }
}

// Each backend counts the grids (no solution limit) and must find what the enumerator finds: on
// the empty shape when there are at most 2,000 grids, and always with the first row fixed. The
// three largest counts (6x6 X 8,640, anti-knight 11,520, anti-king 74,160) are checked through the
// first-row count only: enumerating them one by one took the sat backend (a solver call and a
// blocking clause per grid) over two minutes of CPU, far too long for a unit test under ASan.
void counts_variant_grids_as_the_brute_force_does(Solver& solver) {
  const auto cases = count_cases();
  int empty_counted = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const CountCase& c = cases[i];
    SCOPED_TRACE(c.name);
    const int n = c.br * c.bc;
    const auto shape = Shape::make(c.br, c.bc, c.rules);
    const Counted& want = brute_counts()[i];
    if (want.all <= 2000) {
      const Result r = solver.solve(Grid(shape), test::count_up_to(0, 4));
      EXPECT_EQ(r.count, want.all);
      EXPECT_EQ(r.stop_reason, StopReason::none);
      for (const Grid& s : r.solutions) EXPECT_TRUE(is_solution(Grid(shape), s)) << to_line(s);
      ++empty_counted;
    }
    if (c.rules.cages.empty()) {
      std::vector<int> first_row(static_cast<std::size_t>(n * n), 0);
      std::iota(first_row.begin(), first_row.begin() + n, 1);
      const Grid puzzle = grid_of(shape, first_row);
      const Result r = solver.solve(puzzle, test::count_up_to(0, 4));
      EXPECT_EQ(r.count, want.first_row_fixed);
      EXPECT_EQ(r.stop_reason, StopReason::none);
      for (const Grid& s : r.solutions) EXPECT_TRUE(is_solution(puzzle, s)) << to_line(s);
    }
  }
  EXPECT_GE(empty_counted, 7);
}

// One test over every registered backend, not one per backend: each test runs in a process of
// its own, and the enumerator's counts, nearly all the time the test takes, were worked out anew
// in each (four times over, ten times as slow under ASan).
TEST(VariantBruteForce, EveryBackendCountsVariantGridsAsItDoes) {
  ASSERT_GE(variant_backends().size(), 4u);
  for (const std::string& name : variant_backends()) {
    SCOPED_TRACE(name);
    counts_variant_grids_as_the_brute_force_does(*builtin_solvers().create(name));
  }
}

// The counts themselves, as the enumerator finds them (and every backend above): written down so
// that a change in the enumerator cannot make both sides drift together unnoticed.
TEST(VariantBruteForce, Counts) {
  auto count = [](int br, int bc, auto set) {
    Rules r;
    set(r);
    return BruteForce(br, bc, r).count(std::vector<int>(static_cast<std::size_t>(br * bc * br * bc), 0), 0);
  };
  EXPECT_EQ(count(2, 2, [](Rules& r) { r.diagonal_main = r.diagonal_anti = true; }), 48u);
  EXPECT_EQ(count(2, 3, [](Rules& r) { r.diagonal_main = r.diagonal_anti = true; }), 8640u);
  EXPECT_EQ(count(2, 2, [](Rules& r) { r.anti_king = true; }), 0u);
  EXPECT_EQ(count(2, 3, [](Rules& r) { r.anti_king = true; }), 74160u);
  EXPECT_EQ(count(2, 2, [](Rules& r) { r.anti_knight = true; }), 24u);
  EXPECT_EQ(count(2, 3, [](Rules& r) { r.anti_knight = true; }), 11520u);
}

// ---- Published puzzles, with their published solutions (experiments/variant_puzzles.cpp).

// Solves each published puzzle, proving uniqueness (up to 2 solutions asked, exactly 1 found),
// and checks the answer is the published solution and passes the independent verifier. A run
// the options stop before search (search=off) must agree with the solution where it filled in.
void solve_published(Solver& solver, const std::string& what) {
  for (const Published& p : published()) {
    SCOPED_TRACE(p.name + " (" + p.source + ") " + what);
    const ShapePtr shape = p.shape();
    const Grid puzzle = grid_of_line(shape, p.givens);
    const Grid solution = grid_of_line(shape, p.solution);
    ASSERT_TRUE(is_solution(puzzle, solution)) << "the published solution breaks a rule: transcription error";
    const Result r = solver.solve(puzzle, test::count_up_to(2));
    if (r.stop_reason == StopReason::no_search) {
      ASSERT_TRUE(r.deduced.has_value());
      for (int cell = 0; cell < shape->cells(); ++cell)
        if ((*r.deduced)[cell] != 0) { ASSERT_EQ((*r.deduced)[cell], solution[cell]) << shape->cell_name(cell); }
      continue;
    }
    ASSERT_EQ(r.stop_reason, StopReason::none);
    ASSERT_EQ(r.count, 1u);
    EXPECT_EQ(r.status, Status::unique);
    ASSERT_EQ(r.solutions.size(), 1u);
    EXPECT_EQ(to_line(r.solutions[0]), p.solution);
    EXPECT_TRUE(is_solution(puzzle, r.solutions[0]));
  }
}

TEST(PublishedVariants, NeedTheirRules) {
  // Without its variant rule, no published puzzle has exactly one solution (the killer has no
  // givens at all): so solving them exercises the rule.
  auto solver = builtin_solvers().create(builtin_solvers().default_for(ProblemKind::sudoku));
  for (const Published& p : published()) {
    const Grid classic = grid_of_line(Shape::make(p.br, p.bc), p.givens);
    EXPECT_NE(solver->solve(classic, test::count_up_to(2)).count, 1u) << p.name;
  }
}

TEST_P(VariantBackend, SolvesPublishedVariantPuzzles) {
  auto solver = make();
  solve_published(*solver, "");
}

// Every option value the backend declares (BackendInfo::option_choices), one at a time.
TEST_P(VariantBackend, SolvesPublishedVariantPuzzlesUnderEveryDeclaredOption) {
  const BackendInfo info = builtin_solvers().info(GetParam());
  for (const auto& [key, value] : info.option_choices()) {
    SolverOptions o;
    o.set(key, value);
    auto solver = make(o);
    solve_published(*solver, key + "=" + value);
  }
  if (info.options.find('|') != std::string::npos) { EXPECT_FALSE(info.option_choices().empty()); }
}

// ---- Random variant puzzles: random rules, a random grid found by the enumerator, random cages
// on it, random blanks. Every backend's count (up to a limit) must be the enumerator's.

struct RandomCase {
  int br, bc;
  Rules rules;
  std::vector<int> givens;
};

std::vector<RandomCase> random_cases(int count, std::uint64_t seed) {
  Random random(seed);
  std::vector<RandomCase> out;
  while (static_cast<int>(out.size()) < count) {
    const std::pair<int, int> boxes[] = {{2, 2}, {2, 3}, {3, 2}};
    const auto [br, bc] = boxes[random.below(3)];
    const int n = br * bc, cells = n * n;
    Rules rules;
    rules.diagonal_main = random.below(3) == 0;
    rules.diagonal_anti = random.below(3) == 0;
    rules.windoku = random.below(4) == 0;
    rules.anti_knight = random.below(4) == 0;
    rules.anti_king = random.below(5) == 0;
    if (random.below(4) == 0) {
      // A jigsaw map: the boxes, with random swaps of cells between regions (sizes stay n).
      for (int cell = 0; cell < cells; ++cell) rules.regions.push_back((cell / n / br) * (n / bc) + (cell % n) / bc);
      for (int i = 0; i < n; ++i) std::swap(rules.regions[random.below(cells)], rules.regions[random.below(cells)]);
    } else {
      rules.disjoint_groups = random.below(4) == 0;
    }
    if (random.below(4) == 0) {  // an extra region of 2 .. n-1 cells
      std::vector<int> all(static_cast<std::size_t>(cells));
      std::iota(all.begin(), all.end(), 0);
      random.shuffle(std::span<int>(all));
      rules.extra_regions.push_back(std::vector<int>(all.begin(), all.begin() + 2 + static_cast<long>(random.below(n - 2))));
    }
    // A grid of these rules, digits tried in a random order.
    std::vector<int> order(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), 1);
    random.shuffle(std::span<int>(order));
    std::vector<int> solution;
    if (BruteForce(br, bc, rules).count(std::vector<int>(static_cast<std::size_t>(cells), 0), 1, &solution, &order) == 0)
      continue;  // no grid keeps these rules (anti-king 4x4): draw again
    // Cages: grown from random cells over neighbours holding different digits, sums from the grid.
    std::vector<int> cage_of(static_cast<std::size_t>(cells), -1);
    const int cages = static_cast<int>(random.below(5));
    for (int k = 0; k < cages; ++k) {
      int cell = static_cast<int>(random.below(cells));
      if (cage_of[static_cast<std::size_t>(cell)] >= 0) continue;
      Cage cage;
      std::uint64_t digits = 0;
      const int size = 1 + static_cast<int>(random.below(4));
      for (int step = 0; step < 12 && static_cast<int>(cage.cells.size()) < size; ++step) {
        if (cage_of[static_cast<std::size_t>(cell)] < 0 && !((digits >> solution[static_cast<std::size_t>(cell)]) & 1)) {
          cage_of[static_cast<std::size_t>(cell)] = static_cast<int>(rules.cages.size());
          cage.cells.push_back(cell);
          digits |= std::uint64_t{1} << solution[static_cast<std::size_t>(cell)];
        }
        const int r = cell / n, c = cell % n;
        const int moves[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
        const auto& m = moves[random.below(4)];
        if (r + m[0] >= 0 && r + m[0] < n && c + m[1] >= 0 && c + m[1] < n) cell = (r + m[0]) * n + c + m[1];
      }
      for (int c : cage.cells) cage.sum += solution[static_cast<std::size_t>(c)];
      if (random.below(5) == 0) cage.sum = 0;
      rules.cages.push_back(std::move(cage));
    }
    std::vector<int> givens = solution;
    const int blanks = n * n / 3 + static_cast<int>(random.below(static_cast<std::uint64_t>(n * n / 3 + 1)));
    std::vector<int> all(static_cast<std::size_t>(cells));
    std::iota(all.begin(), all.end(), 0);
    random.shuffle(std::span<int>(all));
    for (int i = 0; i < blanks; ++i) givens[static_cast<std::size_t>(all[static_cast<std::size_t>(i)])] = 0;
    out.push_back({br, bc, std::move(rules), std::move(givens)});
  }
  return out;
}

constexpr std::uint64_t kCap = 30;

// The cases and the enumerator's counts, worked out once for every backend.
const std::vector<std::pair<RandomCase, std::uint64_t>>& counted_random_cases() {
  static const auto cases = [] {
    std::vector<std::pair<RandomCase, std::uint64_t>> out;
    for (RandomCase& c : random_cases(100, 13)) {
      const std::uint64_t count = BruteForce(c.br, c.bc, c.rules).count(c.givens, kCap);
      out.emplace_back(std::move(c), count);
    }
    return out;
  }();
  return cases;
}

void agrees_with_the_brute_force_on_random_variant_puzzles(Solver& solver) {
  int unique = 0, multiple = 0, with_cages = 0, jigsaw = 0;
  for (const auto& [c, want] : counted_random_cases()) {
    const auto shape = Shape::make(c.br, c.bc, c.rules);
    const Grid puzzle = grid_of(shape, c.givens);
    SCOPED_TRACE(shape->name() + " " + c.rules.summary() + " " + to_line(puzzle));
    const Result r = solver.solve(puzzle, test::count_up_to(kCap, kCap));
    ASSERT_EQ(r.count, want);
    ASSERT_EQ(r.stop_reason, StopReason::none);
    for (const Grid& s : r.solutions) ASSERT_TRUE(is_solution(puzzle, s)) << to_line(s);
    // Answers are different grids.
    std::vector<std::string> lines;
    for (const Grid& s : r.solutions) lines.push_back(to_line(s));
    std::sort(lines.begin(), lines.end());
    ASSERT_EQ(std::unique(lines.begin(), lines.end()), lines.end());
    (want == 1 ? unique : multiple)++;
    with_cages += !c.rules.cages.empty();
    jigsaw += c.rules.jigsaw();
  }
  // The mix must exercise what it claims to.
  EXPECT_GT(unique, 8);
  EXPECT_GT(multiple, 8);
  EXPECT_GT(with_cages, 20);
  EXPECT_GT(jigsaw, 8);
}

// Over every registered backend in one test, for the reason given above.
TEST(VariantBruteForce, EveryBackendAgreesOnRandomVariantPuzzles) {
  for (const std::string& name : variant_backends()) {
    SCOPED_TRACE(name);
    agrees_with_the_brute_force_on_random_variant_puzzles(*builtin_solvers().create(name));
  }
}

// Limits hold on variant shapes too: a node limit stops the search and says so.
TEST_P(VariantBackend, StopsAtANodeLimitOnAVariantShape) {
  Rules rules;
  rules.anti_king = true;
  const auto shape = Shape::make(2, 3, rules);
  auto solver = make();
  Limits limits = test::count_up_to(0, 1);
  limits.max_nodes = 50;
  const Result r = solver->solve(Grid(shape), limits);
  EXPECT_EQ(r.stop_reason, StopReason::nodes);
  EXPECT_LT(r.count, 74160u);
}

// Traces on a variant shape: every node entered is left again (or is on the solution's path),
// and a step that is not a cell's digit (dlx choosing a cage's digit set) is named as such.
struct StepCounter final : SearchObserver {
  std::uint64_t entered = 0, left = 0, steps = 0, cage_steps = 0;
  void enter(std::uint64_t, std::uint64_t, int, int, int, Reason) override { ++entered; }
  void enter_option(std::uint64_t, std::uint64_t, int, int, int, Reason) override { ++entered; }
  void enter_step(std::uint64_t, std::uint64_t, std::string_view label, int, Reason) override {
    ++entered, ++steps;
    cage_steps += label.rfind("cage ", 0) == 0 && label.find(" = {") != std::string_view::npos;
  }
  void place(int, int, Reason, std::string_view) override {}
  void dead_end(std::string_view) override {}
  void leave(std::uint64_t) override { ++left; }
  void solution() override {}
  void note(std::string_view) override {}
};

TEST_P(VariantBackend, TracesAKillerPuzzle) {
  const Published killer = published().front();
  const Grid puzzle = killer.puzzle();
  StepCounter steps;
  Limits limits = test::count_up_to(2);
  limits.observer = &steps;
  const Result r = make()->solve(puzzle, limits);
  ASSERT_EQ(r.count, 1u);
  EXPECT_EQ(to_line(r.solutions.at(0)), killer.solution);
  EXPECT_GE(steps.entered, steps.left);
  EXPECT_EQ(steps.cage_steps, steps.steps);  // every other step is "cage K = {digits}"
}

INSTANTIATE_TEST_SUITE_P(Registered, VariantBackend, ::testing::ValuesIn(variant_backends()),
                         [](const auto& info) { return info.param; });

// ---- The encoders: the matrix `encode --to dlx` writes and the formulas of every encoding and
// givens mode, solved as they are, have the published puzzles' one solution.

TEST(VariantEncodings, ReducedCoverHasExactlyThePublishedSolution) {
  auto solver = builtin_solvers().create(builtin_solvers().default_for(ProblemKind::exact_cover));
  for (const Published& p : published()) {
    SCOPED_TRACE(p.name);
    const Grid puzzle = p.puzzle();
    const SudokuCover cover = reduced_sudoku_cover(puzzle);
    cover.cover.validate();
    const CoverResult r = solver->solve(cover.cover, test::count_up_to(2));
    ASSERT_EQ(r.count, 1u);
    Grid g = puzzle;
    for (int o : r.solutions.at(0)) {
      ASSERT_TRUE(is_exact_cover(cover.cover, r.solutions.at(0)));
      if (cover.option_cell[static_cast<std::size_t>(o)] >= 0)
        g.set(cover.option_cell[static_cast<std::size_t>(o)], cover.option_digit[static_cast<std::size_t>(o)]);
    }
    EXPECT_EQ(to_line(g), p.solution);
  }
}

TEST(VariantEncodings, ItemNamesAreReadable) {
  Rules rules;
  rules.anti_knight = true;
  rules.cages = {{{0, 1}, 3}, {{2, 3, 7}, 0}};
  const SudokuCover s = full_sudoku_cover(*Shape::make(2, 2, rules));
  auto has = [&](const std::string& name) {
    return std::find(s.cover.items.begin(), s.cover.items.end(), name) != s.cover.items.end();
  };
  EXPECT_TRUE(has("cage1"));       // primary: cage 1 takes one digit set
  EXPECT_TRUE(has("cage1!3"));     // secondary: digit 3 is outside its set
  EXPECT_TRUE(has("cage2.4"));     // secondary: cage 2 (no sum) holds 4 at most once
  EXPECT_FALSE(has("cage2"));      // no sum, no set to choose
  EXPECT_TRUE(has("r1c1~r2c3#2"));  // secondary: a knight's move, digit 2
  // One digit set of two digits summing to 3: {1,2}.
  EXPECT_EQ(std::count(s.option_cell.begin(), s.option_cell.end(), -1), 1);
}

// The published puzzles' formulas under every encoding, givens as units or reduced, with the
// published solution's assignment: its cell variables and, for a cage, the selector of the set it
// makes. Every clause must hold, and changing any one open cell must break one.
TEST(VariantEncodings, EveryEncodingAcceptsThePublishedSolution) {
  for (const Published& p : published()) {
    const ShapePtr shape = p.shape();
    const Grid puzzle = grid_of_line(shape, p.givens);
    const Grid solution = grid_of_line(shape, p.solution);
    const int n = shape->size(), cell_vars = shape->cells() * n;
    for (Encoding e : {Encoding::minimal, Encoding::efficient, Encoding::extended}) {
      for (Givens givens : {Givens::units, Givens::reduce}) {
        SCOPED_TRACE(p.name + " " + std::string(to_string(e)) + (givens == Givens::units ? " units" : " reduce"));
        const Cnf f = sudoku_cnf(puzzle, e, givens);
        auto value_of = [&](const Grid& g, int v) {
          if (v <= cell_vars) return g[(v - 1) / n] == (v - 1) % n + 1;
          // A selector: the selectors follow the cell variables cage by cage (with sums, fewer
          // than n cells), one per digit set in CageTable order.
          int next = cell_vars + 1;
          for (const CageTable& cage : shape->cages()) {
            if (cage.sum == 0 || static_cast<int>(cage.cells.size()) == n) continue;
            std::uint64_t made = 0;
            for (int c : cage.cells) made |= std::uint64_t{1} << (g[c] - 1);
            for (Mask set : cage.combinations)
              if (next++ == v) return set == made;
          }
          ADD_FAILURE() << "variable " << v << " is neither a cell nor a selector";
          return false;
        };
        auto satisfied = [&](const Grid& g) {
          for (const auto& clause : f.clauses)
            if (std::none_of(clause.begin(), clause.end(), [&](int lit) { return value_of(g, std::abs(lit)) == (lit > 0); }))
              return false;
          return true;
        };
        EXPECT_TRUE(satisfied(solution));
        for (int cell = 0; cell < shape->cells(); cell += 7) {
          if (puzzle[cell] != 0) continue;
          Grid broken = solution;
          broken.set(cell, solution[cell] % n + 1);
          EXPECT_FALSE(satisfied(broken)) << shape->cell_name(cell);
        }
      }
    }
  }
}

}  // namespace
