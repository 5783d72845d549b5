//===--- GlobalTransactions.h - How a warp's global request is served -*- C++
//-*-//
//
// Pure arithmetic, no Clang: given the byte address each lane of one warp
// touches in global memory (or none, for an inactive lane) and the access
// width, the bytes the lanes ask for, the 32-byte sectors and 128-byte lines
// the request touches, and the ideal: the fewest sectors those bytes could
// occupy.
//
// The rule (CUDA C++ Best Practices Guide, "Coalesced Access to Global
// Memory"; shared/ref/h200-shared-memory.md):
// - A lane touches the bytes [address, address + width).
// - The request moves every sector that holds a byte some active lane
//   touches, once, however many lanes touch it (uniform addresses are one
//   sector per 32 bytes).
// - Requested bytes are the distinct bytes the active lanes touch; the ideal
//   is those bytes packed into whole sectors: ceil(requested / 32).
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_MODEL_GLOBALTRANSACTIONS_H
#define SMEMLINT_MODEL_GLOBALTRANSACTIONS_H

#include "Hardware/ArchTable.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <optional>

namespace smemlint {

/// What one warp instruction moves through the memory pipeline.
struct GlobalRequestCost {
  unsigned ActiveLanes = 0;
  /// Distinct bytes the active lanes touch.
  uint64_t RequestedBytes = 0;
  unsigned Sectors = 0;
  unsigned Lines = 0;
  /// The fewest sectors RequestedBytes could occupy.
  unsigned IdealSectors = 0;
  /// Every active lane touches the same address.
  bool Uniform = false;

  uint64_t transferredBytes(const GlobalMemoryGranularity &G) const {
    return uint64_t(Sectors) * G.SectorBytes;
  }
};

/// Serves one warp-wide access of \p WidthBytes per lane. \p Lanes has one
/// entry per lane of the warp (missing trailing lanes are inactive). A warp
/// with no active lane costs nothing.
GlobalRequestCost
serveGlobalRequest(const GlobalMemoryGranularity &Granularity,
                   unsigned WidthBytes,
                   llvm::ArrayRef<std::optional<uint64_t>> Lanes);

/// The threshold of gmem-uncoalesced (docs/checks/gmem-uncoalesced.md): at
/// least twice the ideal sectors and at least 4 more. A misaligned but
/// contiguous request (one extra sector) never reaches it.
bool isUncoalesced(const GlobalRequestCost &Cost);

} // namespace smemlint

#endif
