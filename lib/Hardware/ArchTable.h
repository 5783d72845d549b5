//===--- ArchTable.h - Per-architecture hardware facts ----------*- C++ -*-===//
//
// The one place where smem-lint keeps numbers about the hardware. Every number
// carries its source beside it in ArchTable.cpp. The bank model, the capacity
// checks and the front end read these and hard-code none of them.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_HARDWARE_ARCHTABLE_H
#define SMEMLINT_HARDWARE_ARCHTABLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace smemlint {

/// How shared memory is split into banks and how a warp request is served.
struct SharedMemoryBanking {
  unsigned BankCount;
  unsigned BankWidthBytes;
  unsigned WarpSize;
  /// Bytes one wavefront delivers. Accesses wider than a bank word are served
  /// in phases of this many bytes' worth of consecutive lanes.
  unsigned BytesPerWavefront;
  /// Wide loads whose aligned lane quads read in pairs (lanes 0,1 and 2,3 of
  /// each quad, or 0,2 and 1,3, share an address) are served in phases of
  /// twice as many lanes.
  bool PairedLoadsMergePhases;

  /// The number of consecutive lanes served together for an access of
  /// \p WidthBytes; \p PairedLoad is true for a load whose quads pair up.
  unsigned lanesPerPhase(unsigned WidthBytes, bool PairedLoad) const {
    if (WidthBytes <= BankWidthBytes)
      return WarpSize;
    unsigned Lanes = BytesPerWavefront / WidthBytes;
    if (PairedLoad && PairedLoadsMergePhases)
      Lanes *= 2;
    return Lanes < WarpSize ? Lanes : WarpSize;
  }
};

/// One GPU architecture as smem-lint models it.
struct ArchInfo {
  llvm::StringRef Name;        ///< "sm_90"
  unsigned ComputeCapability;  ///< 90
  /// The arch handed to Clang 19 for parsing; Clang 19 rejects sm_100/sm_120,
  /// which parse like sm_90 for everything smem-lint looks at.
  llvm::StringRef ParseAs;
  SharedMemoryBanking Banking;
};

/// The architecture named \p Name ("sm_90", "90", "sm90"), or null.
const ArchInfo *findArch(llvm::StringRef Name);

/// Every architecture smem-lint knows, oldest first.
llvm::ArrayRef<ArchInfo> knownArchs();

/// "sm_50, sm_52, ..." for error messages.
std::string knownArchNames();

} // namespace smemlint

#endif
