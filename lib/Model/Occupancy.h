//===--- Occupancy.h - How many blocks fit on one SM ------------*- C++ -*-===//
//
// Pure arithmetic, no Clang: given an architecture, a block size, the shared
// memory a block uses and (when known) its registers per thread, how many
// blocks an SM holds at once, which resource stops it holding more, and how
// much shared memory each block really takes. Also whether a block's shared
// memory can be had at all, and at what price (opt-in).
//
// The rules are those of NVIDIA's occupancy calculator, cuda_occupancy.h
// (cudaOccMaxActiveBlocksPerMultiprocessor, CUDA 13.0), restated here; every
// number comes from Hardware/ArchTable. test/unit/OccupancyTest.cpp checks
// the results equal the calculator's for every architecture in the table.
// Not modelled, because they never change the count for an ordinary kernel:
// partitioned global caching (off unless asked for), the barrier limit from
// sm_90 on (one barrier per block never binds) and virtual resources (none).
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_MODEL_OCCUPANCY_H
#define SMEMLINT_MODEL_OCCUPANCY_H

#include "Hardware/ArchTable.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <limits>
#include <optional>

namespace smemlint {

/// A launch configuration to place on one SM.
struct OccupancyRequest {
  unsigned ThreadsPerBlock = 0;
  /// Static plus dynamic shared memory of one block, without the driver's
  /// reserve. A block above 48 KB is assumed to have opted in; ask
  /// checkSharedMemoryFit whether it must.
  uint64_t SharedBytesPerBlock = 0;
  /// Unknown (nullopt): registers are assumed not to limit.
  std::optional<unsigned> RegistersPerThread;
  /// The preferred share of the maximum shared memory, in percent, as given
  /// to cudaFuncAttributePreferredSharedMemoryCarveout (values above 100 are
  /// taken as 100). Unset: the runtime's default, which is the maximum. It is
  /// only a preference: a block that needs more gets the next carveout that
  /// holds it. Ignored before sm_70, where shared memory is not carved out.
  std::optional<unsigned> CarveoutPercent;
};

/// The resources that can stop an SM from holding one more block.
enum class OccupancyLimit {
  Threads,     ///< Warp slots: resident threads per SM, or threads per block.
  BlocksPerSM, ///< The SM's limit on resident blocks.
  Registers,
  SharedMemory,
};

/// The name a diagnostic uses: "threads", "blocks per SM", "registers",
/// "shared memory".
llvm::StringRef occupancyLimitName(OccupancyLimit Limit);

/// How one SM fills up with blocks of one launch configuration.
struct Occupancy {
  /// A block count no resource bounds (no shared memory, unknown registers).
  static constexpr unsigned Unlimited = std::numeric_limits<unsigned>::max();

  /// Blocks resident on one SM at once; 0 when a block cannot run at all.
  unsigned BlocksPerSM = 0;
  unsigned WarpsPerSM = 0;
  /// The SM's warp slots, for the occupancy fraction.
  unsigned MaxWarpsPerSM = 0;

  /// The blocks each resource alone would allow.
  unsigned BlocksByThreads = 0;
  unsigned BlocksByBlockLimit = 0;
  unsigned BlocksByRegisters = Unlimited;
  unsigned BlocksBySharedMemory = Unlimited;

  /// The resource that sets BlocksPerSM. When several tie, the first of
  /// threads, blocks per SM, registers, shared memory is named, so "shared
  /// memory" means it alone binds: using less of it would fit more blocks.
  OccupancyLimit Limit = OccupancyLimit::Threads;

  /// What one block takes from the SM: its shared memory plus the driver's
  /// reserve, rounded up to the allocation granularity.
  uint64_t SharedBytesAllocatedPerBlock = 0;
  /// The shared memory the SM is configured with for this launch: the
  /// carveout chosen, or the fixed size before sm_70.
  uint64_t CarveoutBytes = 0;

  /// The blocks \p Resource alone would allow.
  unsigned blocksAllowedBy(OccupancyLimit Resource) const;
  /// True when \p Resource allows no more than BlocksPerSM blocks.
  bool isLimitedBy(OccupancyLimit Resource) const {
    return blocksAllowedBy(Resource) == BlocksPerSM;
  }
  /// Resident warps over the SM's warp slots (Nsight Compute's "theoretical
  /// occupancy"), between 0 and 1.
  double warpOccupancy() const {
    return MaxWarpsPerSM ? double(WarpsPerSM) / MaxWarpsPerSM : 0.0;
  }
};

/// How many blocks of \p Request one SM of \p Arch holds, and why no more.
Occupancy computeOccupancy(const ArchInfo &Arch,
                           const OccupancyRequest &Request);

/// Whether a block's shared memory can be had on one architecture.
enum class SharedMemoryFit {
  /// Within the 48 KB every kernel gets.
  WithinDefault,
  /// Above 48 KB but within sharedMemPerBlockOptin: the kernel must call
  /// cudaFuncSetAttribute(cudaFuncAttributeMaxDynamicSharedMemorySize) and
  /// take the memory as dynamic shared memory.
  NeedsOptIn,
  /// More than any block may have, although the SM has that much (before
  /// sm_70, where there is no opt-in and a block gets at most 48 KB).
  ExceedsBlockLimit,
  /// More than the SM has, with the driver's reserve counted.
  ExceedsSM,
};

/// Whether \p SharedBytesPerBlock (static plus dynamic, without the driver's
/// reserve) can be given to one block on \p Arch.
SharedMemoryFit checkSharedMemoryFit(const ArchInfo &Arch,
                                     uint64_t SharedBytesPerBlock);

/// What one block using \p SharedBytesPerBlock takes from the SM: that plus
/// the driver's reserve, rounded up to the allocation granularity.
uint64_t sharedBytesAllocatedPerBlock(const ArchInfo &Arch,
                                      uint64_t SharedBytesPerBlock);

} // namespace smemlint

#endif
