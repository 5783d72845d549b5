//===--- GlobalTransactionsTest.cpp - The sector model by hand and measured
//-===//
//
// Hand-computed cases with the arithmetic beside them, and the rows measured
// on an H200 (l1tex__t_sectors_pipe_lsu_mem_global_op_{ld,st}.sum over
// l1tex__t_requests_pipe_lsu_mem_global_op_{ld,st}.sum):
// shared/ref/h200-shared-memory.md and
// docs/measurements/h200-global-sectors.md.
//
//===----------------------------------------------------------------------===//

#include "Model/GlobalTransactions.h"

#include <gtest/gtest.h>

#include <functional>
#include <vector>

using namespace smemlint;

namespace {

const GlobalMemoryGranularity &h200() {
  return globalMemoryGranularity(*findArch("sm_90"));
}

/// One warp where lane L touches byte address Address(L) (nullopt: inactive).
GlobalRequestCost
serve(unsigned Width,
      const std::function<std::optional<uint64_t>(unsigned)> &Address) {
  std::vector<std::optional<uint64_t>> Lanes;
  for (unsigned Lane = 0; Lane < 32; ++Lane)
    Lanes.push_back(Address(Lane));
  return serveGlobalRequest(h200(), Width, Lanes);
}

/// A base well inside memory, at the start of a 128-byte line.
constexpr uint64_t Base = 1 << 20;

} // namespace

TEST(GlobalTransactions, GranularityOfTheH200) {
  EXPECT_EQ(h200().SectorBytes, 32u);
  EXPECT_EQ(h200().LineBytes, 128u);
}

TEST(GlobalTransactions, ConsecutiveFloats) {
  // 32 lanes x 4 bytes = bytes 0..127 of one line: 128 / 32 = 4 sectors,
  // 1 line, ideal 4. Measured: 4 sectors per request.
  GlobalRequestCost Cost = serve(4, [](unsigned L) { return Base + 4 * L; });
  EXPECT_EQ(Cost.ActiveLanes, 32u);
  EXPECT_EQ(Cost.RequestedBytes, 128u);
  EXPECT_EQ(Cost.Sectors, 4u);
  EXPECT_EQ(Cost.Lines, 1u);
  EXPECT_EQ(Cost.IdealSectors, 4u);
  EXPECT_FALSE(Cost.Uniform);
  EXPECT_EQ(Cost.transferredBytes(h200()), 128u);
  EXPECT_FALSE(isUncoalesced(Cost));
}

TEST(GlobalTransactions, NaiveTransposeStoreBlock32x8) {
  // out[x * height + y], height 1024: lane L writes byte 4096 * L, each in
  // its own sector and line: 32 sectors, 32 lines, 128 bytes -> ideal 4.
  // Measured: 32 sectors per store request, 4 per load request.
  GlobalRequestCost Store =
      serve(4, [](unsigned L) { return Base + 4096 * L; });
  EXPECT_EQ(Store.RequestedBytes, 128u);
  EXPECT_EQ(Store.Sectors, 32u);
  EXPECT_EQ(Store.Lines, 32u);
  EXPECT_EQ(Store.IdealSectors, 4u);
  EXPECT_TRUE(isUncoalesced(Store));
  // 1 - 128 / (32 * 32) = 87.5% of the moved bytes unused.
  EXPECT_EQ(Store.transferredBytes(h200()), 1024u);
}

TEST(GlobalTransactions, NaiveTransposeStoreBlock16x16) {
  // Block 16x16: lane L is (tx, ty) = (L % 16, L / 16), it writes byte
  // 4096 * tx + 4 * ty. Lanes tx and tx + 16 share a sector (bytes 0 and 4
  // of it): 16 sectors in 16 lines for 128 bytes (ideal 4). Measured: 16.
  GlobalRequestCost Cost = serve(
      4, [](unsigned L) { return Base + 4096 * (L % 16) + 4 * (L / 16); });
  EXPECT_EQ(Cost.Sectors, 16u);
  EXPECT_EQ(Cost.Lines, 16u);
  EXPECT_EQ(Cost.IdealSectors, 4u);
  EXPECT_TRUE(isUncoalesced(Cost));
  // The load in[y * width + x] of the same block: two rows of 16 floats,
  // 64 bytes each at 4096-byte distance: 2 + 2 = 4 sectors. Measured: 4.
  GlobalRequestCost Load = serve(
      4, [](unsigned L) { return Base + 4096 * (L / 16) + 4 * (L % 16); });
  EXPECT_EQ(Load.Sectors, 4u);
  EXPECT_EQ(Load.Lines, 2u);
  EXPECT_FALSE(isUncoalesced(Load));
}

TEST(GlobalTransactions, UnalignedRowPitch) {
  // The naive transpose's load with width = 1025: row y starts at byte
  // 4100 * y, 4 * y mod 32 past a sector boundary. Rows with y % 8 == 0 take
  // 4 sectors, the other 7 of 8 take 5 (bytes 4y .. 4y + 127 cross five
  // sectors): mean (4 + 7 * 5) / 8 = 4.875. Measured: 4.875.
  unsigned Total = 0;
  for (unsigned Y = 0; Y < 8; ++Y) {
    GlobalRequestCost Cost =
        serve(4, [&](unsigned L) { return Base + 4100 * Y + 4 * L; });
    EXPECT_EQ(Cost.Sectors, Y == 0 ? 4u : 5u) << "row " << Y;
    EXPECT_EQ(Cost.IdealSectors, 4u);
    EXPECT_FALSE(isUncoalesced(Cost));
    Total += Cost.Sectors;
  }
  EXPECT_EQ(Total, 39u); // 39 / 8 = 4.875
}

TEST(GlobalTransactions, MisalignedByOneFloat) {
  // in[i + 1]: bytes 4..131 cross sectors 0-4 and lines 0-1: 5 sectors,
  // 2 lines, ideal 4; one extra sector is below the threshold. Measured: 5.
  GlobalRequestCost Cost =
      serve(4, [](unsigned L) { return Base + 4 + 4 * L; });
  EXPECT_EQ(Cost.Sectors, 5u);
  EXPECT_EQ(Cost.Lines, 2u);
  EXPECT_EQ(Cost.IdealSectors, 4u);
  EXPECT_FALSE(isUncoalesced(Cost));
}

TEST(GlobalTransactions, VectorWidths) {
  // float2: 32 x 8 = 256 bytes -> 8 sectors, 2 lines, ideal 8. Measured: 8.
  GlobalRequestCost Float2 = serve(8, [](unsigned L) { return Base + 8 * L; });
  EXPECT_EQ(Float2.RequestedBytes, 256u);
  EXPECT_EQ(Float2.Sectors, 8u);
  EXPECT_EQ(Float2.Lines, 2u);
  EXPECT_EQ(Float2.IdealSectors, 8u);
  // float4: 32 x 16 = 512 bytes -> 16 sectors, 4 lines. Measured: 16.
  GlobalRequestCost Float4 =
      serve(16, [](unsigned L) { return Base + 16 * L; });
  EXPECT_EQ(Float4.Sectors, 16u);
  EXPECT_EQ(Float4.Lines, 4u);
  EXPECT_EQ(Float4.IdealSectors, 16u);
  EXPECT_FALSE(isUncoalesced(Float4));
  // Every other float4 (32-byte stride): bytes 32L .. 32L + 15, one sector
  // per lane: 32 sectors, 1024 / 128 = 8 lines, 512 bytes -> ideal 16;
  // 32 >= 2 x 16 and 32 >= 16 + 4. Measured: 32.
  GlobalRequestCost Stride2 =
      serve(16, [](unsigned L) { return Base + 32 * L; });
  EXPECT_EQ(Stride2.Sectors, 32u);
  EXPECT_EQ(Stride2.Lines, 8u);
  EXPECT_EQ(Stride2.IdealSectors, 16u);
  EXPECT_TRUE(isUncoalesced(Stride2));
}

TEST(GlobalTransactions, StridedScalars) {
  // Floats 8 bytes apart: bytes 0..251 -> sectors 0-7, 2 lines; 128 bytes
  // -> ideal 4; 8 = 2 x 4 and 8 = 4 + 4: flagged. Measured: 8.
  GlobalRequestCost Float2Apart =
      serve(4, [](unsigned L) { return Base + 8 * L; });
  EXPECT_EQ(Float2Apart.Sectors, 8u);
  EXPECT_EQ(Float2Apart.Lines, 2u);
  EXPECT_EQ(Float2Apart.IdealSectors, 4u);
  EXPECT_TRUE(isUncoalesced(Float2Apart));
  // Floats 128 bytes apart: one line each, 32 sectors. Measured: 32.
  EXPECT_EQ(serve(4, [](unsigned L) { return Base + 128 * L; }).Sectors, 32u);
  // Doubles 16 bytes apart: bytes 16L .. 16L + 7 -> 512 / 32 = 16 sectors,
  // 256 bytes -> ideal 8. Measured: 16.
  GlobalRequestCost Doubles =
      serve(8, [](unsigned L) { return Base + 16 * L; });
  EXPECT_EQ(Doubles.Sectors, 16u);
  EXPECT_EQ(Doubles.IdealSectors, 8u);
  EXPECT_TRUE(isUncoalesced(Doubles));
  // One float field of a 12-byte struct: bytes 12L .. 12L + 3 span 0..375,
  // sectors 0-11 = 12, lines 0-2 = 3; ideal 4. Measured: 12.
  GlobalRequestCost Field = serve(4, [](unsigned L) { return Base + 12 * L; });
  EXPECT_EQ(Field.Sectors, 12u);
  EXPECT_EQ(Field.Lines, 3u);
  EXPECT_EQ(Field.IdealSectors, 4u);
  EXPECT_TRUE(isUncoalesced(Field));
}

TEST(GlobalTransactions, UniformAddress) {
  // Every lane reads in[0]: 4 distinct bytes, 1 sector, ideal 1; never
  // flagged. Measured: 1.
  GlobalRequestCost Cost = serve(4, [](unsigned) { return Base; });
  EXPECT_TRUE(Cost.Uniform);
  EXPECT_EQ(Cost.ActiveLanes, 32u);
  EXPECT_EQ(Cost.RequestedBytes, 4u);
  EXPECT_EQ(Cost.Sectors, 1u);
  EXPECT_EQ(Cost.IdealSectors, 1u);
  EXPECT_FALSE(isUncoalesced(Cost));
  // A uniform float4 at byte 16: 16 bytes in one sector.
  EXPECT_EQ(serve(16, [](unsigned) { return Base + 16; }).Sectors, 1u);
  // Pairs of lanes on one float (a[lane >> 1]): 16 floats, 64 bytes, 2
  // sectors, ideal 2, not uniform.
  GlobalRequestCost Pairs =
      serve(4, [](unsigned L) { return Base + 4 * (L >> 1); });
  EXPECT_FALSE(Pairs.Uniform);
  EXPECT_EQ(Pairs.RequestedBytes, 64u);
  EXPECT_EQ(Pairs.Sectors, 2u);
  EXPECT_EQ(Pairs.IdealSectors, 2u);
}

TEST(GlobalTransactions, PartialWarps) {
  // Lanes 0-15 active, consecutive floats: 64 bytes, 2 sectors, ideal 2.
  // Measured: 2.
  auto Half = [](uint64_t Stride) {
    return [Stride](unsigned L) -> std::optional<uint64_t> {
      if (L >= 16)
        return std::nullopt;
      return Base + Stride * L;
    };
  };
  GlobalRequestCost Coalesced = serve(4, Half(4));
  EXPECT_EQ(Coalesced.ActiveLanes, 16u);
  EXPECT_EQ(Coalesced.Sectors, 2u);
  EXPECT_EQ(Coalesced.IdealSectors, 2u);
  // Lanes 0-15, 4096 bytes apart: 16 sectors, 64 bytes -> ideal 2.
  // Measured: 16.
  GlobalRequestCost Strided = serve(4, Half(4096));
  EXPECT_EQ(Strided.Sectors, 16u);
  EXPECT_EQ(Strided.Lines, 16u);
  EXPECT_EQ(Strided.IdealSectors, 2u);
  EXPECT_TRUE(isUncoalesced(Strided));
  // No active lane: nothing moves.
  GlobalRequestCost None = serve(4, [](unsigned) { return std::nullopt; });
  EXPECT_EQ(None.ActiveLanes, 0u);
  EXPECT_EQ(None.Sectors, 0u);
  EXPECT_EQ(None.IdealSectors, 0u);
  EXPECT_FALSE(isUncoalesced(None));
}

TEST(GlobalTransactions, Threshold) {
  // Three lanes 32 bytes apart: 12 bytes in 3 sectors, ideal 1. 3 >= 2 x 1
  // but 3 < 1 + 4: not flagged (a handful of scattered bytes).
  GlobalRequestCost Few = serve(4, [](unsigned L) -> std::optional<uint64_t> {
    if (L >= 3)
      return std::nullopt;
    return Base + 32 * L;
  });
  EXPECT_EQ(Few.Sectors, 3u);
  EXPECT_EQ(Few.IdealSectors, 1u);
  EXPECT_FALSE(isUncoalesced(Few));
  // 16 lanes 8 bytes apart: bytes 0..123, sectors
  // 0-3 = 4, 64 bytes -> ideal 2: 4 >= 2 x 2 but 4 < 2 + 4: not flagged.
  GlobalRequestCost Sixteen =
      serve(4, [](unsigned L) -> std::optional<uint64_t> {
        if (L >= 16)
          return std::nullopt;
        return Base + 8 * L;
      });
  EXPECT_EQ(Sixteen.Sectors, 4u);
  EXPECT_EQ(Sixteen.IdealSectors, 2u);
  EXPECT_FALSE(isUncoalesced(Sixteen));
  // Six lanes 32 bytes apart: 24 bytes, 6 sectors, ideal 1: 6 >= 2 and
  // 6 >= 5: flagged.
  GlobalRequestCost Six = serve(4, [](unsigned L) -> std::optional<uint64_t> {
    if (L >= 6)
      return std::nullopt;
    return Base + 32 * L;
  });
  EXPECT_EQ(Six.Sectors, 6u);
  EXPECT_TRUE(isUncoalesced(Six));
  // Floats at 4 * (L + L / 4 * 4): eight runs of 16 bytes, one per 32-byte
  // sector (bytes 0-15, 32-47, ..., 224-239): 8 sectors for 128 bytes,
  // ideal 4: flagged at exactly twice the ideal and 4 more.
  GlobalRequestCost Gaps =
      serve(4, [](unsigned L) { return Base + 4 * (L + L / 4 * 4); });
  EXPECT_EQ(Gaps.Sectors, 8u);
  EXPECT_EQ(Gaps.Lines, 2u);
  EXPECT_EQ(Gaps.IdealSectors, 4u);
  EXPECT_TRUE(isUncoalesced(Gaps));
}

TEST(GlobalTransactions, BytesSpanningSectorsAndLines) {
  // A 16-byte element at byte 24 spans sectors 0 and 1 (bytes 24..39): 2
  // sectors for 16 bytes, ideal 1.
  GlobalRequestCost Straddle =
      serve(16, [](unsigned L) -> std::optional<uint64_t> {
        if (L != 0)
          return std::nullopt;
        return Base + 24;
      });
  EXPECT_EQ(Straddle.Sectors, 2u);
  EXPECT_EQ(Straddle.Lines, 1u);
  EXPECT_EQ(Straddle.IdealSectors, 1u);
  // Bytes 120..135 cross a line: 2 sectors in 2 lines.
  GlobalRequestCost CrossLine =
      serve(16, [](unsigned L) -> std::optional<uint64_t> {
        if (L != 0)
          return std::nullopt;
        return Base + 120;
      });
  EXPECT_EQ(CrossLine.Sectors, 2u);
  EXPECT_EQ(CrossLine.Lines, 2u);
  // Chars: 32 lanes x 1 byte = one sector.
  EXPECT_EQ(serve(1, [](unsigned L) { return Base + L; }).Sectors, 1u);
  // Lanes in descending order cost the same as ascending.
  EXPECT_EQ(serve(4, [](unsigned L) { return Base + 4096 * (31 - L); }).Sectors,
            32u);
}
