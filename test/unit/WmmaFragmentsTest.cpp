//===--- WmmaFragmentsTest.cpp - The instructions a wmma fragment becomes -===//
//
// The lane layouts are those measured on the H200
// (docs/measurements/h200-wmma.md); the bank costs they give are checked
// against the measured wavefronts in test/bank-conflict/wmma*.cu.
//
//===----------------------------------------------------------------------===//

#include "Model/WmmaFragments.h"

#include "gtest/gtest.h"

namespace smemlint {
namespace {

using Element = std::pair<uint8_t, uint8_t>;

TEST(WmmaFragmentsTest, HalfOperandIsOneLdmatrixX4) {
  std::optional<WmmaFragment> A =
      wmmaFragment("llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p3", true);
  ASSERT_TRUE(A);
  EXPECT_TRUE(A->Load);
  EXPECT_EQ(A->ElementBytes, 2u);
  ASSERT_EQ(A->Instructions.size(), 1u);
  EXPECT_EQ(A->Instructions[0].WidthBytes, 16u);
  EXPECT_EQ(A->Instructions[0].Matrices, 4u);
  // Lane 17: row 1 of the tile as stored, second 16-byte chunk.
  EXPECT_EQ(A->Instructions[0].Element[17], Element(1, 8));
}

TEST(WmmaFragmentsTest, Bf16OperandIsFourWordLoads) {
  // nvcc loads bf16 through a generic wmma.load: no ldmatrix, 4 LD.E.
  std::optional<WmmaFragment> B =
      wmmaFragment("llvm.nvvm.wmma.m16n16k16.load.b.row.stride.bf16.p3", true);
  ASSERT_TRUE(B);
  ASSERT_EQ(B->Instructions.size(), 4u);
  EXPECT_EQ(B->Instructions[0].WidthBytes, 4u);
  EXPECT_EQ(B->Instructions[0].Matrices, 0u);
  // Lane 6, load 3: row 6 / 4 + 8 = 9, columns 2 (6 % 4) + 8 = 12 and 13.
  EXPECT_EQ(B->Instructions[3].Element[6], Element(9, 12));
}

TEST(WmmaFragmentsTest, ColumnMajorTf32IsStoredTransposed) {
  std::optional<WmmaFragment> A =
      wmmaFragment("llvm.nvvm.wmma.m16n16k8.load.a.col.stride.tf32.p3", true);
  ASSERT_TRUE(A);
  ASSERT_EQ(A->Instructions.size(), 4u);
  // Lane 6 (g 1, t 2), load 3: element (g + 8, t + 4) = (9, 6), stored at
  // row 6, column 9 of a column-major tile.
  EXPECT_EQ(A->Instructions[3].Element[6], Element(6, 9));
}

TEST(WmmaFragmentsTest, AccumulatorStores) {
  std::optional<WmmaFragment> Row =
      wmmaFragment("llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p3", true);
  std::optional<WmmaFragment> Col =
      wmmaFragment("llvm.nvvm.wmma.m16n16k16.store.d.col.stride.f32.p3", true);
  ASSERT_TRUE(Row && Col);
  EXPECT_FALSE(Row->Load);
  EXPECT_EQ(Row->Instructions.size(), 4u);
  EXPECT_EQ(Row->Instructions[0].WidthBytes, 8u);
  EXPECT_EQ(Col->Instructions.size(), 8u);
  EXPECT_EQ(Col->Instructions[0].WidthBytes, 4u);
}

TEST(WmmaFragmentsTest, EightBitOperands) {
  // Row-major A: one ldmatrix.x2 (lane l: row l % 16); lanes 16-31 give
  // no address.
  std::optional<WmmaFragment> A =
      wmmaFragment("llvm.nvvm.wmma.m16n16k16.load.a.row.stride.u8.p3", true);
  ASSERT_TRUE(A);
  ASSERT_EQ(A->Instructions.size(), 1u);
  EXPECT_EQ(A->Instructions[0].Matrices, 2u);
  EXPECT_EQ(A->Instructions[0].Element[15], Element(15, 0));
  // Row-major B: eight byte loads; lane 6 (g 1, t 2), load 5 reads B's
  // element (4 t + 1, g + 8) = (9, 9).
  std::optional<WmmaFragment> B =
      wmmaFragment("llvm.nvvm.wmma.m16n16k16.load.b.row.stride.u8.p3", true);
  ASSERT_TRUE(B);
  ASSERT_EQ(B->Instructions.size(), 8u);
  EXPECT_EQ(B->Instructions[5].WidthBytes, 1u);
  EXPECT_EQ(B->Instructions[5].Element[6], Element(9, 9));
}

TEST(WmmaFragmentsTest, SharedAndGlobalDiffer) {
  // A half A fragment: ldmatrix from shared memory, four 4-byte loads of
  // the mma layout from global memory.
  const char *Name = "llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0";
  EXPECT_EQ(wmmaFragment(Name, true)->Instructions.size(), 1u);
  std::optional<WmmaFragment> Global = wmmaFragment(Name, false);
  ASSERT_TRUE(Global);
  ASSERT_EQ(Global->Instructions.size(), 4u);
  EXPECT_EQ(Global->Instructions[3].WidthBytes, 4u);
  // Lane 5 (g 1, t 1), load 3: row g + 8, columns 2 t + 8.
  EXPECT_EQ(Global->Instructions[3].Element[5], Element(9, 10));
}

TEST(WmmaFragmentsTest, UnmeasuredFragmentsAreNotListed) {
  for (const char *Name : {"llvm.nvvm.wmma.m32n8k16.load.a.row.stride.u8.p3",
                           "llvm.nvvm.wmma.m32n8k16.load.c.row.stride.f16.p3",
                           "llvm.nvvm.wmma.m8n32k16.load.a.row.stride.bf16.p3",
                           "llvm.nvvm.wmma.m16n16k16.mma.row.row.f32.f32",
                           "llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16"})
    EXPECT_FALSE(wmmaFragment(Name, true)) << Name;
  EXPECT_FALSE(
      wmmaFragment("llvm.nvvm.wmma.m16n16k16.load.b.row.stride.f16.p0", false));
}

} // namespace
} // namespace smemlint
