// Variant rules in the shape (peers, units, groups, cages) and in the verifier, each checked
// against the rule's definition computed here by arithmetic.
#include <gtest/gtest.h>

#include <bit>
#include <cstdlib>
#include <set>

#include "sudokit/errors.h"
#include "sudokit/format.h"
#include "sudokit/rules.h"
#include "sudokit/shape.h"
#include "sudokit/verify.h"

using namespace sudokit;

namespace {

// Whether two cells must differ under `rules`, straight from the definitions in rules.h.
bool must_differ(const Rules& rules, int br, int bc, int a, int b) {
  const int n = br * bc, ra = a / n, ca = a % n, rb = b / n, cb = b % n;
  if (a == b) return false;
  if (ra == rb || ca == cb) return true;
  if (rules.jigsaw() ? rules.regions[a] == rules.regions[b] : (ra / br == rb / br && ca / bc == cb / bc)) return true;
  if (rules.diagonal_main && ra == ca && rb == cb) return true;
  if (rules.diagonal_anti && ra + ca == n - 1 && rb + cb == n - 1) return true;
  if (rules.disjoint_groups && ra % br == rb % br && ca % bc == cb % bc) return true;
  if (rules.windoku) {
    auto window = [&](int r, int c) {
      const int wr = r % (br + 1) == 0 ? -1 : r / (br + 1), wc = c % (bc + 1) == 0 ? -1 : c / (bc + 1);
      // Each window ends before the last row and column: a border of one cell all round.
      const bool inside = wr >= 0 && wc >= 0 && (wr + 1) * (br + 1) <= n - 1 && (wc + 1) * (bc + 1) <= n - 1;
      return inside ? wr * n + wc : -1;
    };
    if (window(ra, ca) >= 0 && window(ra, ca) == window(rb, cb)) return true;
  }
  const int dr = std::abs(ra - rb), dc = std::abs(ca - cb);
  if (rules.anti_knight && ((dr == 1 && dc == 2) || (dr == 2 && dc == 1))) return true;
  if (rules.anti_king && dr <= 1 && dc <= 1) return true;
  auto together = [&](const std::vector<int>& cells) {
    const std::set<int> s(cells.begin(), cells.end());
    return s.count(a) && s.count(b);
  };
  for (const auto& region : rules.extra_regions)
    if (together(region)) return true;
  for (const Cage& cage : rules.cages)
    if (together(cage.cells)) return true;
  return false;
}

void expect_peers_match(const Rules& rules, int br, int bc) {
  const auto shape = Shape::make(br, bc, rules);
  for (int a = 0; a < shape->cells(); ++a) {
    const auto peers = shape->peers_of(a);
    const std::set<int> got(peers.begin(), peers.end());
    for (int b = 0; b < shape->cells(); ++b)
      ASSERT_EQ(got.count(b) == 1, must_differ(rules, br, bc, a, b))
          << rules.summary() << " " << br << "x" << bc << ": " << shape->cell_name(a) << " and " << shape->cell_name(b);
  }
  for (const Unit& u : shape->units()) EXPECT_EQ(u.cells.size(), static_cast<std::size_t>(br * bc));
  for (const Unit& g : shape->groups()) EXPECT_LT(g.cells.size(), static_cast<std::size_t>(br * bc));
  for (auto [a, b] : shape->extra_pairs()) {
    EXPECT_LT(a, b);
    for (int u : shape->units_of(a))
      for (int v : shape->units_of(b)) EXPECT_NE(u, v) << "an extra pair shares a unit";
  }
}

}  // namespace

TEST(Rules, PeersFollowEveryRuleOnEveryShape) {
  for (auto [br, bc] : {std::pair{2, 2}, {2, 3}, {3, 2}, {3, 3}, {4, 4}}) {
    for (const char* names : {"x", "diagonal+", "windoku", "disjoint", "anti-knight", "anti-king",
                              "x windoku disjoint anti-knight anti-king"}) {
      Rules rules;
      parse_rule_names(names, rules);
      expect_peers_match(rules, br, bc);
    }
  }
}

TEST(Rules, JigsawRegionsCagesAndExtraRegions) {
  Rules rules;
  // A 4x4 jigsaw: regions as L shapes.
  rules.regions = {0, 0, 0, 1,  //
                   0, 2, 1, 1,  //
                   2, 2, 3, 1,  //
                   2, 3, 3, 3};
  rules.cages = {{{0, 1}, 3}, {{14, 15}, 0}};
  rules.extra_regions = {{5, 10}};
  expect_peers_match(rules, 2, 2);
  const auto shape = Shape::make(2, 2, rules);
  EXPECT_EQ(shape->box_of(6), 1);
  ASSERT_EQ(shape->cages().size(), 2u);
  EXPECT_EQ(shape->cages()[0].combinations, std::vector<Mask>{0b11});
  EXPECT_EQ(shape->cages()[0].digits, Mask{0b11});
  EXPECT_EQ(shape->cages()[1].combinations.size(), 6u);  // any 2 of 4 digits
  EXPECT_EQ(shape->groups().size(), 3u);
  EXPECT_EQ(rules.summary(), "jigsaw+extra-regions+killer");
}

TEST(Rules, CageCombinationsAreEveryDigitSetOfTheSum) {
  for (int n : {4, 6, 9}) {
    for (int size = 1; size <= n; ++size) {
      for (int sum = 0; sum <= n * (n + 1) / 2; ++sum) {
        std::vector<Mask> expected;
        for (Mask m = 1; m < (Mask{1} << n); ++m) {
          if (std::popcount(m) != size) continue;
          int total = 0;
          for (int d = 1; d <= n; ++d)
            if (m >> (d - 1) & 1) total += d;
          if (sum == 0 || total == sum) expected.push_back(m);
        }
        ASSERT_EQ(cage_combinations(n, size, sum), expected) << n << " " << size << " " << sum;
      }
    }
  }
}

TEST(Rules, BadRulesNameTheItem) {
  auto message = [](int br, int bc, const Rules& rules) {
    try {
      Shape::make(br, bc, rules);
    } catch (const UsageError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  Rules jigsaw;
  jigsaw.regions.assign(16, 0);
  for (int i = 4; i < 16; ++i) jigsaw.regions[static_cast<std::size_t>(i)] = i / 4;
  jigsaw.regions[4] = 0;
  EXPECT_NE(message(2, 2, jigsaw).find("region 1 has 5 cells, not 4"), std::string::npos) << message(2, 2, jigsaw);
  Rules cage;
  cage.cages = {{{0, 1}, 3}, {{2, 3}, 18}};
  EXPECT_NE(message(3, 3, cage).find("cage 2 (r1c3 r1c4, sum 18): no 2 different digits of 1-9 make 18"),
            std::string::npos)
      << message(3, 3, cage);
  Rules outside;
  outside.cages = {{{0, 81}, 10}};
  EXPECT_NE(message(3, 3, outside).find("cage 1: cell 81 is outside the 9x9 grid"), std::string::npos);
  Rules twice;
  twice.extra_regions = {{3, 3}};
  EXPECT_NE(message(3, 3, twice).find("extra region 1: r1c4 appears twice"), std::string::npos);
  Rules unknown;
  EXPECT_THROW(parse_rule_names("x, anti-queen", unknown), UsageError);
}

TEST(Rules, VerifierChecksEveryRule) {
  // A classic solution: its main diagonal repeats digits, and r1c1/r2c3 are a knight's move apart.
  const Grid classic = read_one("123456789456789123789123456214365897365897214897214365531642978642978531978531642");
  ASSERT_TRUE(is_solution(classic, classic));
  auto with = [&](const Rules& rules) {
    Grid puzzle(Shape::make(3, 3, rules));
    return verify(puzzle, classic);
  };
  Rules x;
  parse_rule_names("x", x);
  const auto diagonal = with(x);
  ASSERT_FALSE(diagonal.empty());
  EXPECT_NE(diagonal.front().message.find("diagonal"), std::string::npos);
  Rules cage;
  cage.cages = {{{0, 1}, 4}};  // r1c1 + r1c2 = 1 + 2 = 3
  const auto sum = with(cage);
  ASSERT_EQ(sum.size(), 1u);
  EXPECT_EQ(sum.front().kind, Violation::Kind::wrong_sum);
  cage.cages = {{{0, 1}, 3}};
  EXPECT_TRUE(with(cage).empty());
  Rules king;
  king.anti_king = true;
  EXPECT_FALSE(with(king).empty());  // r6c6 and r7c5 both hold 4
}
