//===--- GlobalTransactions.cpp - How a warp's global request is served ---===//

#include "Model/GlobalTransactions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>

namespace smemlint {

GlobalRequestCost
serveGlobalRequest(const GlobalMemoryGranularity &Granularity,
                   unsigned WidthBytes,
                   llvm::ArrayRef<std::optional<uint64_t>> Lanes) {
  GlobalRequestCost Cost;
  uint64_t Width = std::max(WidthBytes, 1u);
  llvm::SmallVector<std::pair<uint64_t, uint64_t>, 32> Ranges; // [begin, end)
  for (const std::optional<uint64_t> &Lane : Lanes)
    if (Lane)
      Ranges.push_back({*Lane, *Lane + Width});
  if (Ranges.empty())
    return Cost;
  Cost.ActiveLanes = Ranges.size();
  Cost.Uniform = llvm::all_of(
      Ranges, [&](const auto &R) { return R.first == Ranges.front().first; });
  llvm::sort(Ranges);

  // Walk the ranges in address order, counting each byte, sector and line
  // once: a sector (line) is new when it starts past the last one counted.
  uint64_t Sector = Granularity.SectorBytes, Line = Granularity.LineBytes;
  uint64_t CoveredEnd = 0;
  std::optional<uint64_t> LastSector, LastLine;
  for (auto [Begin, End] : Ranges) {
    uint64_t From = std::max(Begin, CoveredEnd);
    if (From < End)
      Cost.RequestedBytes += End - From;
    CoveredEnd = std::max(CoveredEnd, End);
    for (uint64_t S = Begin / Sector; S <= (End - 1) / Sector; ++S)
      if (!LastSector || S > *LastSector) {
        ++Cost.Sectors;
        LastSector = S;
      }
    for (uint64_t L = Begin / Line; L <= (End - 1) / Line; ++L)
      if (!LastLine || L > *LastLine) {
        ++Cost.Lines;
        LastLine = L;
      }
  }
  Cost.IdealSectors = (Cost.RequestedBytes + Sector - 1) / Sector;
  return Cost;
}

bool isUncoalesced(const GlobalRequestCost &Cost) {
  return !Cost.Uniform && Cost.Sectors >= 2 * Cost.IdealSectors &&
         Cost.Sectors >= Cost.IdealSectors + 4;
}

} // namespace smemlint
