#include <gtest/gtest.h>

#include <set>

#include "sudokit/errors.h"
#include "sudokit/shape.h"

using namespace sudokit;

class ShapeTest : public ::testing::TestWithParam<std::pair<int, int>> {};

TEST_P(ShapeTest, UnitsAndPeersAreConsistent) {
  const auto [br, bc] = GetParam();
  const auto shape = Shape::make(br, bc);
  const int n = br * bc;
  ASSERT_EQ(shape->size(), n);
  ASSERT_EQ(shape->cells(), n * n);
  ASSERT_EQ(shape->units().size(), static_cast<std::size_t>(3 * n));
  for (const Unit& u : shape->units()) {
    ASSERT_EQ(u.cells.size(), static_cast<std::size_t>(n));
    EXPECT_EQ(std::set<int>(u.cells.begin(), u.cells.end()).size(), static_cast<std::size_t>(n));
  }
  // Peers: (n-1) in the row, (n-1) in the column, the rest of the box outside both.
  const std::size_t peers = static_cast<std::size_t>(2 * (n - 1) + (br - 1) * (bc - 1));
  for (int cell = 0; cell < shape->cells(); ++cell) {
    ASSERT_EQ(shape->units_of(cell).size(), 3u);
    ASSERT_EQ(shape->peers_of(cell).size(), peers) << shape->cell_name(cell);
    for (int p : shape->peers_of(cell)) {
      ASSERT_NE(p, cell);
      const bool shares = shape->row_of(p) == shape->row_of(cell) || shape->col_of(p) == shape->col_of(cell) ||
                          shape->box_of(p) == shape->box_of(cell);
      ASSERT_TRUE(shares);
    }
    // The box unit of a cell is the one box_of() names.
    const Unit& box = shape->units()[static_cast<std::size_t>(shape->units_of(cell)[2])];
    EXPECT_EQ(box.kind, UnitKind::box);
    EXPECT_EQ(box.index, shape->box_of(cell));
  }
  EXPECT_EQ(shape->all_digits(), n == 64 ? ~Mask{0} : (Mask{1} << n) - 1);
}

INSTANTIATE_TEST_SUITE_P(EveryShape, ShapeTest,
                         ::testing::Values(std::pair{2, 2}, std::pair{2, 3}, std::pair{3, 2}, std::pair{3, 3},
                                           std::pair{3, 4}, std::pair{4, 4}, std::pair{5, 5}, std::pair{8, 8}));

TEST(Shape, RejectsUnsupportedSizes) {
  EXPECT_THROW(Shape::make(0, 3), UsageError);
  EXPECT_THROW(Shape::make(1, 1), UsageError);
  EXPECT_THROW(Shape::make(8, 9), UsageError);
}

TEST(Shape, InfersOnlySquareBoxes) {
  EXPECT_EQ(Shape::infer(81)->name(), "3x3");
  EXPECT_EQ(Shape::infer(16)->name(), "2x2");
  EXPECT_EQ(Shape::infer(256)->name(), "4x4");
  EXPECT_EQ(Shape::infer(4096)->name(), "8x8");
  EXPECT_EQ(Shape::infer(36), nullptr);  // 6x6: 2x3 or 3x2
  EXPECT_EQ(Shape::infer(80), nullptr);
}

TEST(Shape, NamesCellsAndDigits) {
  const auto shape = Shape::make(3, 3);
  EXPECT_EQ(shape->cell_name(0), "r1c1");
  EXPECT_EQ(shape->cell_name(3 * 9 + 4), "r4c5");
  EXPECT_EQ(digit_char(9), '9');
  EXPECT_EQ(digit_char(10), 'A');
  EXPECT_EQ(char_digit('.'), 0);
  EXPECT_EQ(char_digit('G'), 16);
  EXPECT_EQ(char_digit('g'), -1);  // digits above 9 are upper case
  EXPECT_EQ(char_digit('*'), -1);
}
