//===--- ProblemSizesTest.cpp - Sizes a shared array suggests -------------===//

#include "Analysis/ProblemSizes.h"

#include "gtest/gtest.h"

namespace smemlint {
namespace {

ObjectBounds floats(std::vector<uint64_t> Dims) {
  ObjectBounds Bounds;
  Bounds.Dims = Dims;
  Bounds.ElementBytes = 4;
  uint64_t Elements = 1;
  for (uint64_t Dim : Dims)
    Elements *= Dim;
  Bounds.Bytes = Elements * 4;
  return Bounds;
}

TEST(ProblemSizesTest, LargestCandidateBelowTheValueTried) {
  // float m[24 * 24]: 576 elements, their square root 24, cube root 8.
  ObjectBounds Matrix = floats({576});
  EXPECT_EQ(nextProblemSize(Matrix, 1024), 576);
  EXPECT_EQ(nextProblemSize(Matrix, 576), 24);
  EXPECT_EQ(nextProblemSize(Matrix, 24), 8);
  EXPECT_EQ(nextProblemSize(Matrix, 8), std::nullopt);
}

TEST(ProblemSizesTest, DimensionsAreCandidates) {
  // float sm[4][16][16]: 1024 elements (root 32, cube root 10) and the
  // dimensions 16 and 4.
  ObjectBounds Tile = floats({4, 16, 16});
  EXPECT_EQ(nextProblemSize(Tile, 1024), 32);
  EXPECT_EQ(nextProblemSize(Tile, 32), 16);
  EXPECT_EQ(nextProblemSize(Tile, 16), 10);
  EXPECT_EQ(nextProblemSize(Tile, 10), 4);
}

TEST(ProblemSizesTest, ExactRootsDoNotRoundDown) {
  // 32768 = 32^3 and 4096 = 64^2: pow's rounding must not give 31 or 63.
  EXPECT_EQ(nextProblemSize(floats({32768}), 33), 32);
  EXPECT_EQ(nextProblemSize(floats({4096}), 65), 64);
}

TEST(ProblemSizesTest, UnknownSizeSuggestsNothing) {
  ObjectBounds Dynamic;
  Dynamic.Dims = {0};
  Dynamic.ElementBytes = 4;
  Dynamic.Dynamic = true;
  EXPECT_EQ(nextProblemSize(Dynamic, 1024), std::nullopt);
}

} // namespace
} // namespace smemlint
