//===--- WarpgroupMmaTest.cpp - wgmma's text and descriptors --------------===//
//
// The layouts are the canonical ones of the PTX ISA's "Shared Memory Matrix
// Layout" as CuTe's make_gmma_desc spells them in units of 16 bytes: K-major
// ((8,m),2):((W,SBO),LBO or 1), M/N-major ((W,m),(8,k)):((1,LBO),(W,SBO)),
// W the swizzle span's pieces; the swizzle is Swizzle<log2 W,4,3>.
//
//===----------------------------------------------------------------------===//

#include "Evaluation/WarpgroupMma.h"

#include "gtest/gtest.h"

#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

namespace smemlint {
namespace {

uint64_t descriptor(uint32_t Start, uint32_t Leading, uint32_t Stride,
                    unsigned Mode) {
  return uint64_t(Start >> 4) | uint64_t(Leading >> 4) << 16 |
         uint64_t(Stride >> 4) << 32 | uint64_t(Mode) << 62;
}

TEST(WarpgroupMmaTest, ReadsTheOperandsOfCutlassText) {
  // CUTLASS's SM90_64x64x16_F32BF16BF16_SS: A and B from descriptors, the
  // transposes as "n" operands.
  std::optional<PtxWarpgroupMma> Mma = ptxWarpgroupMma(
      "{\n.reg .pred p;\nsetp.ne.b32 p, $34, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {$0, $1, $2, $3}, "
      "$32, $33, p, $35, $36, $37, $38;\n}\n");
  ASSERT_TRUE(Mma);
  EXPECT_EQ(Mma->N, 64u);
  EXPECT_EQ(Mma->K, 16u);
  EXPECT_EQ(Mma->ABits, 16u);
  ASSERT_TRUE(Mma->ADescriptor);
  EXPECT_EQ(*Mma->ADescriptor, 32u);
  EXPECT_EQ(Mma->BDescriptor, 33u);
  ASSERT_TRUE(Mma->TransposeA && Mma->TransposeB);
  EXPECT_EQ(Mma->TransposeA->Operand, std::optional<unsigned>(37));
  EXPECT_EQ(Mma->TransposeB->Operand, std::optional<unsigned>(38));
}

TEST(WarpgroupMmaTest, ARegistersAndEightBitTypes) {
  // A from registers: only B is read from shared memory, and only 16-bit
  // types have a transpose.
  std::optional<PtxWarpgroupMma> Mma = ptxWarpgroupMma(
      "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {$0, $1}, {$64, "
      "$65, $66, $67}, $68, p, 1, 1, 1;");
  ASSERT_TRUE(Mma);
  EXPECT_FALSE(Mma->ADescriptor);
  EXPECT_EQ(Mma->BDescriptor, 68u);
  ASSERT_TRUE(Mma->TransposeB);
  EXPECT_EQ(Mma->TransposeB->Literal, std::optional<int64_t>(1));

  std::optional<PtxWarpgroupMma> Fp8 = ptxWarpgroupMma(
      "wgmma.mma_async.sync.aligned.m64n256k32.f32.e4m3.e4m3 {$0}, $128, "
      "$129, p, 1, 1;");
  ASSERT_TRUE(Fp8);
  EXPECT_EQ(Fp8->ABits, 8u);
  EXPECT_FALSE(Fp8->TransposeB);

  // A shape PTX does not have.
  EXPECT_FALSE(ptxWarpgroupMma(
      "wgmma.mma_async.sync.aligned.m64n64k8.f32.bf16.bf16 {$0}, $1, $2, p, "
      "1, 1, 0, 0;"));
}

TEST(WarpgroupMmaTest, Steps) {
  EXPECT_EQ(ptxWarpgroupStep("wgmma.fence.sync.aligned;")->What,
            PtxWarpgroupStep::Fence);
  EXPECT_EQ(ptxWarpgroupStep("wgmma.commit_group.sync.aligned;\n")->What,
            PtxWarpgroupStep::Commit);
  std::optional<PtxWarpgroupStep> Wait =
      ptxWarpgroupStep("wgmma.wait_group.sync.aligned $0;\n");
  ASSERT_TRUE(Wait);
  EXPECT_EQ(Wait->What, PtxWarpgroupStep::Wait);
  EXPECT_EQ(Wait->Pending.Operand, std::optional<unsigned>(0));
  EXPECT_EQ(
      ptxWarpgroupStep("wgmma.wait_group.sync.aligned 1;")->Pending.Literal,
      std::optional<int64_t>(1));
}

TEST(WarpgroupMmaTest, DecodesTheFields) {
  GmmaDescriptor D =
      GmmaDescriptor::decode(descriptor(0x1400, 16, 1024, 1) | 5ull << 49);
  EXPECT_EQ(D.StartAddress, 0x1400u);
  EXPECT_EQ(D.LeadingByteOffset, 16u);
  EXPECT_EQ(D.StrideByteOffset, 1024u);
  EXPECT_EQ(D.BaseOffset, 5u);
  EXPECT_EQ(D.SwizzleBytes, 128u);
  EXPECT_EQ(GmmaDescriptor::decode(descriptor(0, 0, 0, 3)).SwizzleBytes, 32u);
}

TEST(WarpgroupMmaTest, InterleavedKMajorCoreMatrices) {
  // No swizzle: a core matrix is 8 rows of 16 contiguous bytes; the two K
  // halves LBO apart, the 8-row groups SBO apart.
  GmmaDescriptor D = GmmaDescriptor::decode(descriptor(4096, 128, 256, 0));
  std::vector<uint32_t> Pieces = gmmaOperandPieces(D, 16, false);
  ASSERT_EQ(Pieces.size(), 32u);
  EXPECT_EQ(Pieces[0], 4096u);        // row 0, K 0
  EXPECT_EQ(Pieces[1], 4096u + 128);  // row 0, K 1
  EXPECT_EQ(Pieces[2], 4096u + 16);   // row 1, K 0
  EXPECT_EQ(Pieces[16], 4096u + 256); // row 8, K 0
  EXPECT_EQ(Pieces[31], 4096u + 256 + 7 * 16 + 128);
}

TEST(WarpgroupMmaTest, SwizzledKMajorRowsFlipTheirPieces) {
  // 128-byte swizzle: row r's piece k lands at 16 (k ^ r) in its 128-byte
  // row; with a start 32 bytes in (CUTLASS's second k-block), k is 2 and 3.
  GmmaDescriptor D = GmmaDescriptor::decode(descriptor(8192, 16, 1024, 1));
  std::vector<uint32_t> Pieces = gmmaOperandPieces(D, 8, false);
  for (unsigned Row = 0; Row < 8; ++Row)
    for (unsigned K = 0; K < 2; ++K)
      EXPECT_EQ(Pieces[2 * Row + K], 8192 + 128 * Row + 16 * (K ^ Row));
  D = GmmaDescriptor::decode(descriptor(8192 + 32, 16, 1024, 1));
  Pieces = gmmaOperandPieces(D, 8, false);
  EXPECT_EQ(Pieces[2 * 3 + 0], 8192u + 128 * 3 + 16 * (2 ^ 3));
  // 32-byte swizzle: rows 32 bytes apart, bit 7 flips bit 4.
  D = GmmaDescriptor::decode(descriptor(0, 16, 256, 3));
  Pieces = gmmaOperandPieces(D, 8, false);
  EXPECT_EQ(Pieces[2 * 1 + 0], 32u);
  EXPECT_EQ(Pieces[2 * 4 + 0], 128u + 16);
  EXPECT_EQ(Pieces[2 * 4 + 1], 128u);
}

TEST(WarpgroupMmaTest, MNMajorSpansAlongTheRows) {
  // 128-byte swizzle, N = 64 bf16: one span of 8 pieces per K row, K rows
  // one span apart, the second 8 K rows SBO apart.
  GmmaDescriptor D = GmmaDescriptor::decode(descriptor(0, 8192, 1024, 1));
  std::vector<uint32_t> Pieces = gmmaOperandPieces(D, 64, true);
  ASSERT_EQ(Pieces.size(), 128u);
  EXPECT_EQ(Pieces[0], 0u);
  EXPECT_EQ(Pieces[1], 16u);
  EXPECT_EQ(Pieces[8], 128u + 16); // K row 1, piece 0: 0 ^ 1
  EXPECT_EQ(Pieces[8 * 8], 1024u); // K row 8: SBO
  // N = 128: the second span along N is LBO away.
  Pieces = gmmaOperandPieces(D, 128, true);
  EXPECT_EQ(Pieces[8], 8192u);
  // No swizzle: one piece per core matrix row, SBO between the N pieces,
  // LBO between the 8-row halves of K.
  D = GmmaDescriptor::decode(descriptor(0, 2048, 128, 0));
  Pieces = gmmaOperandPieces(D, 16, true);
  EXPECT_EQ(Pieces[1], 128u);   // K row 0, N piece 1
  EXPECT_EQ(Pieces[2], 16u);    // K row 1, N piece 0
  EXPECT_EQ(Pieces[16], 2048u); // K row 8
}

TEST(WarpgroupMmaTest, TheLayoutsTheH200Reads) {
  // utils/gpu-probes/wgmma_probes.cu's `layout` and `layout64` lines
  // (docs/measurements/h200-wgmma.md): with A one-hot in registers, the
  // accumulator shows the index of the 16-bit element of shared memory
  // each element B(k, n) was read from, k-major; N is 8 unless `n=64`.
  std::ifstream In(SMEM_LINT_TEST_INPUTS "/h200-wgmma-layouts.txt");
  ASSERT_TRUE(In) << "missing " SMEM_LINT_TEST_INPUTS "/h200-wgmma-layouts.txt";
  std::map<std::string, unsigned> Modes = {
      {"none", 0}, {"128", 1}, {"64", 2}, {"32", 3}};
  unsigned Checked = 0;
  std::string Line;
  while (std::getline(In, Line)) {
    std::istringstream Words(Line);
    std::string Mode, Word;
    unsigned Leading = 0, Stride = 0, Start = 0, Transposed = 0, N = 8;
    while (Words >> Word && Word.back() != ':') {
      auto Value = [&](const char *Key) {
        return Word.rfind(Key, 0) == 0 ? Word.substr(strlen(Key)) : "";
      };
      if (!Value("mode=").empty())
        Mode = Value("mode=");
      else if (!Value("lbo=").empty())
        Leading = std::stoul(Value("lbo="));
      else if (!Value("sbo=").empty())
        Stride = std::stoul(Value("sbo="));
      else if (!Value("start=").empty())
        Start = std::stoul(Value("start="));
      else if (!Value("trans=").empty())
        Transposed = std::stoul(Value("trans="));
      else if (!Value("n=").empty())
        N = std::stoul(Value("n="));
    }
    ASSERT_NE(Line.find("no error:"), std::string::npos) << Line;
    std::vector<uint32_t> Measured;
    for (uint32_t Index; Words >> Index;)
      Measured.push_back(Index);
    ASSERT_EQ(Measured.size(), 16 * N) << Line;
    std::vector<uint32_t> Pieces = gmmaOperandPieces(
        GmmaDescriptor::decode(descriptor(Start, Leading, Stride, Modes[Mode])),
        N, Transposed);
    // K-major: B(k, n) is element k % 8 of row n's piece k / 8; M/N-major:
    // element n % 8 of K row k's piece n / 8.
    for (unsigned K = 0; K < 16; ++K)
      for (unsigned Col = 0; Col < N; ++Col) {
        uint32_t Byte = Transposed
                            ? Pieces[K * (N / 8) + Col / 8] + 2 * (Col % 8)
                            : Pieces[2 * Col + K / 8] + 2 * (K % 8);
        EXPECT_EQ(Byte / 2, Measured[K * N + Col])
            << Line.substr(0, Line.find(':')) << ", k " << K << ", n " << Col;
      }
    ++Checked;
  }
  EXPECT_GE(Checked, 31u);
}

} // namespace
} // namespace smemlint
