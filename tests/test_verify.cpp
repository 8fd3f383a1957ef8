#include <gtest/gtest.h>

#include "sudokit/format.h"
#include "sudokit/generate.h"
#include "sudokit/verify.h"

using namespace sudokit;

namespace {
const char* kPuzzle = "004300209005009001070060043006002087190007400050083000600000105003508690042910300";
const char* kSolution = "864371259325849761971265843436192587198657432257483916689734125713528694542916378";

bool has(const std::vector<Violation>& v, Violation::Kind kind) {
  for (const auto& x : v)
    if (x.kind == kind) return true;
  return false;
}
}  // namespace

TEST(Verify, AcceptsTheSolution) {
  EXPECT_TRUE(verify(read_one(kPuzzle), read_one(kSolution)).empty());
}

TEST(Verify, RejectsABlankCell) {
  Grid s = read_one(kSolution);
  s.set(40, 0);
  EXPECT_TRUE(has(verify(read_one(kPuzzle), s), Violation::Kind::blank_cell));
}

TEST(Verify, RejectsARepeatInRowColumnAndBox) {
  Grid s = read_one(kSolution);
  // Swapping two cells of one row keeps the row valid but breaks their columns (and maybe boxes).
  const int a = s[0], b = s[4];
  s.set(0, b);
  s.set(4, a);
  const auto v = verify(Grid(s.shape_ptr()), s);
  ASSERT_TRUE(has(v, Violation::Kind::repeated_digit));
  bool column = false;
  for (const auto& x : v) column |= x.message.find("column") != std::string::npos;
  EXPECT_TRUE(column);
  Grid t = read_one(kSolution);
  t.set(1, t[0]);  // r1c2 := r1c1: a repeat in row 1 and box 1
  const auto w = verify(Grid(t.shape_ptr()), t);
  bool row = false, box = false;
  for (const auto& x : w) row |= x.message.find("row 1") != std::string::npos, box |= x.message.find("box 1") != std::string::npos;
  EXPECT_TRUE(row);
  EXPECT_TRUE(box);
}

TEST(Verify, RejectsAChangedGiven) {
  // A valid grid that is not this puzzle's solution: relabel two digits everywhere.
  Grid s = read_one(kSolution);
  for (int cell = 0; cell < s.cells(); ++cell) {
    if (s[cell] == 1) s.set(cell, 2);
    else if (s[cell] == 2) s.set(cell, 1);
  }
  const auto v = verify(read_one(kPuzzle), s);
  EXPECT_TRUE(has(v, Violation::Kind::given_changed));
  EXPECT_FALSE(has(v, Violation::Kind::repeated_digit));
}

TEST(Verify, RejectsAGridOfAnotherShape) {
  Random random(3);
  const Grid four = random_solution(Shape::make(2, 2), random);
  EXPECT_TRUE(has(verify(read_one(kPuzzle), four), Violation::Kind::shape_mismatch));
}

TEST(Verify, RandomGridsOfEveryShapeAreValidAndBreakingOneCellIsCaught) {
  Random random(7);
  for (auto [br, bc] : {std::pair{2, 2}, {2, 3}, {3, 2}, {3, 3}, {3, 4}, {4, 4}, {5, 5}, {8, 8}}) {
    const auto shape = Shape::make(br, bc);
    const Grid g = random_solution(shape, random);
    ASSERT_TRUE(verify(Grid(shape), g).empty()) << shape->name();
    Grid broken = g;
    const int cell = static_cast<int>(random.below(static_cast<std::uint64_t>(g.cells())));
    broken.set(cell, g[cell] % g.size() + 1);
    EXPECT_TRUE(has(verify(Grid(shape), broken), Violation::Kind::repeated_digit)) << shape->name();
  }
}
