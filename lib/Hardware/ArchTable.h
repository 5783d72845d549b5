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

#include <optional>
#include <string>
#include <vector>

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

/// How much shared memory an SM has and how it is handed out to blocks. All
/// sizes are in bytes.
struct SharedMemoryCapacity {
  /// The most an SM can give to shared memory (its largest carveout):
  /// cudaDeviceProp::sharedMemPerMultiprocessor.
  unsigned PerSMBytes;
  /// What a block may use without opting in (48 KB everywhere):
  /// cudaDeviceProp::sharedMemPerBlock.
  unsigned PerBlockBytes;
  /// What a block may use once its kernel opts in with
  /// cudaFuncSetAttribute(cudaFuncAttributeMaxDynamicSharedMemorySize):
  /// cudaDeviceProp::sharedMemPerBlockOptin. Equal to PerBlockBytes where
  /// there is no opt-in (before sm_70).
  unsigned PerBlockOptInBytes;
  /// Taken from the SM for every resident block on top of what the block asks
  /// for (1 KB from sm_80 on): cudaDeviceProp::reservedSharedMemPerBlock.
  unsigned ReservedPerBlockBytes;
  /// A block's shared memory, reserve included, is allocated in multiples of
  /// this.
  unsigned AllocationGranularityBytes;
  /// The sizes the SM's unified L1 / shared storage can give to shared memory,
  /// ascending, the last one PerSMBytes. Empty where shared memory is a
  /// separate store of fixed size (before sm_70).
  llvm::ArrayRef<unsigned> CarveoutBytes;
};

/// How many threads, warps, blocks and registers one SM holds at a time, and
/// how registers are handed out.
struct ExecutionLimits {
  unsigned MaxThreadsPerBlock;
  unsigned MaxThreadsPerSM;
  unsigned MaxWarpsPerSM;
  unsigned MaxBlocksPerSM;
  /// Registers are allocated per warp. Each SM sub-partition has its own slice
  /// of the register file, so a block's warps are counted in groups of this
  /// many (the sub-partitions per SM) when its registers are fitted.
  unsigned WarpAllocationGranularity;
  /// The group size a block must also fit in to launch at all. Larger than
  /// WarpAllocationGranularity only on sm_60, which refuses blocks that sm_61
  /// and sm_62 (4 sub-partitions) could not run.
  unsigned PortableWarpAllocationGranularity;
  /// 32-bit registers in one SM's register file.
  unsigned RegistersPerSM;
  unsigned MaxRegistersPerBlock;
  unsigned MaxRegistersPerThread;
  /// A warp's registers (per thread x warp size) are allocated in multiples
  /// of this many.
  unsigned RegisterAllocationUnit;
};

/// One GPU architecture as smem-lint models it.
struct ArchInfo {
  llvm::StringRef Name;        ///< "sm_90"
  unsigned ComputeCapability;  ///< 90
  /// The arch handed to Clang 19 for parsing; Clang 19 rejects sm_100/sm_120,
  /// which parse like sm_90 for everything smem-lint looks at.
  llvm::StringRef ParseAs;
  SharedMemoryBanking Banking;
  SharedMemoryCapacity SharedMemory;
  ExecutionLimits Limits;
  /// The target's suffix: "" (portable), "a" (architecture-specific, sm_90a:
  /// its features run on that chip only) or "f" (family-specific, sm_100f).
  llvm::StringRef Suffix = "";
  /// Bytes a block may declare in __shared__ variables. ptxas allows 48 KB,
  /// except on the "a" targets, which allow up to PerBlockOptInBytes
  /// (shared/ref/h200-hopper.md: 227 KB on sm_90a, sm_100a and sm_103a,
  /// 99 KB on sm_120a and sm_121a; "f" targets and sm_100 as without suffix).
  unsigned StaticPerBlockBytes = 48 * 1024;

  /// The compute capability's row without the suffix ("sm_90" for sm_90a).
  llvm::StringRef baseName() const { return Name.drop_back(Suffix.size()); }
};

/// How global memory moves between the SM and the caches: a warp's request
/// is served in sectors, four to a cache line. All sizes are in bytes.
struct GlobalMemoryGranularity {
  unsigned SectorBytes;
  unsigned LineBytes;
};

/// The global-memory granularity of \p Arch (sources in ArchTable.cpp).
const GlobalMemoryGranularity &globalMemoryGranularity(const ArchInfo &Arch);

/// Thread-block clusters (compute capability 9.0 and later).
struct ClusterLimits {
  /// The most blocks a cluster may have on every GPU of the architecture.
  unsigned PortableBlocks;
  /// The most with cudaFuncAttributeNonPortableClusterSizeAllowed, where
  /// measured; a larger cluster fails to launch.
  std::optional<unsigned> MaxBlocks;
};

/// \p Arch's cluster limits; nullopt before sm_90 (no clusters).
std::optional<ClusterLimits> clusterLimits(const ArchInfo &Arch);

/// The clusters of \p ClusterBlocks blocks of a kernel with \p BlocksPerSM
/// resident blocks per SM that can run at once, as
/// cudaOccupancyMaxActiveClusters answered on an H200 (132 SMs); nullopt
/// outside the measurement (another compute capability than 9.0, a cluster
/// above 16 blocks, no block per SM).
std::optional<unsigned> h200ActiveClusters(const ArchInfo &Arch,
                                           unsigned BlocksPerSM,
                                           unsigned ClusterBlocks);

/// The SMs of the H200 the table above was measured on.
constexpr unsigned H200MultiprocessorCount = 132;

/// The architecture named \p Name ("sm_90", "90", "sm90"), or null.
/// The target called \p Name ("sm_90", "sm_90a", "compute_100f", "90"), or
/// null.
const ArchInfo *findArch(llvm::StringRef Name);

/// Every compute capability smem-lint has a row for, oldest first (the
/// portable targets: sm_90, not sm_90a).
llvm::ArrayRef<ArchInfo> knownArchs();

/// Every target, each compute capability followed by its "a" and "f"
/// variants: what --arch accepts.
std::vector<const ArchInfo *> knownTargets();

/// "sm_50, sm_52, ..., sm_90, sm_90a, ..." for error messages.
std::string knownArchNames();

} // namespace smemlint

#endif
