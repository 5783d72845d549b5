//===--- Occupancy.cpp - How many blocks of a kernel fit on one SM --------===//
//
// Each limit follows the function of cuda_occupancy.h (CUDA 13.0) named
// beside it.
//
//===----------------------------------------------------------------------===//

#include "Model/Occupancy.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

namespace smemlint {
namespace {

// cudaOccMaxBlocksPerSMWarpsLimit: a block takes whole warps; one larger than
// the per-block maximum never runs.
unsigned blocksByThreads(const ExecutionLimits &Limits,
                         unsigned ThreadsPerBlock, unsigned WarpsPerBlock) {
  if (ThreadsPerBlock == 0 || ThreadsPerBlock > Limits.MaxThreadsPerBlock)
    return 0;
  return Limits.MaxWarpsPerSM / WarpsPerBlock;
}

// cudaOccMaxBlocksPerSMRegsLimit, with the block's warps counted in groups of
// \p WarpGroup: each sub-partition has its own slice of the register file.
unsigned blocksByRegisters(const ExecutionLimits &Limits, unsigned WarpSize,
                           unsigned RegistersPerThread, unsigned WarpsPerBlock,
                           unsigned WarpGroup) {
  if (RegistersPerThread == 0 || WarpsPerBlock == 0)
    return Occupancy::Unlimited;
  if (RegistersPerThread > Limits.MaxRegistersPerThread)
    return 0;
  uint64_t PerWarp = llvm::alignTo(uint64_t(RegistersPerThread) * WarpSize,
                                   Limits.RegisterAllocationUnit);
  // The launch check assumes the block's warps are spread over every
  // sub-partition, so it counts them rounded up to whole groups.
  if (PerWarp * llvm::alignTo(WarpsPerBlock, WarpGroup) >
      Limits.MaxRegistersPerBlock)
    return 0;
  uint64_t WarpsPerSlice = (Limits.RegistersPerSM / WarpGroup) / PerWarp;
  return unsigned(WarpsPerSlice * WarpGroup / WarpsPerBlock);
}

// cudaOccAlignUpShmemSizeVoltaPlus: the smallest carveout that holds \p Bytes,
// or the largest when none does.
uint64_t carveoutHolding(const SharedMemoryCapacity &Shared, uint64_t Bytes) {
  for (unsigned Carveout : Shared.CarveoutBytes)
    if (Carveout >= Bytes)
      return Carveout;
  return Shared.CarveoutBytes.back();
}

// cudaOccSMemPerMultiprocessor and cudaOccMaxBlocksPerSMSmemLimit: the shared
// memory the SM is configured with for a block that takes \p Allocated.
uint64_t carveoutFor(const SharedMemoryCapacity &Shared, uint64_t Allocated,
                     std::optional<unsigned> CarveoutPercent) {
  if (Shared.CarveoutBytes.empty())
    return Shared.PerSMBytes;
  // With no preference the calculator configures the maximum, which is what
  // 100 percent gives too.
  uint64_t Percent = std::min(CarveoutPercent.value_or(100), 100u);
  uint64_t Preferred =
      carveoutHolding(Shared, Percent * Shared.PerSMBytes / 100);
  // The preference yields when it cannot hold even one block.
  return Preferred >= Allocated ? Preferred
                                : carveoutHolding(Shared, Allocated);
}

} // namespace

llvm::StringRef occupancyLimitName(OccupancyLimit Limit) {
  switch (Limit) {
  case OccupancyLimit::Threads:
    return "threads";
  case OccupancyLimit::BlocksPerSM:
    return "blocks per SM";
  case OccupancyLimit::Registers:
    return "registers";
  case OccupancyLimit::SharedMemory:
    return "shared memory";
  }
  llvm_unreachable("unknown occupancy limit");
}

unsigned Occupancy::blocksAllowedBy(OccupancyLimit Resource) const {
  switch (Resource) {
  case OccupancyLimit::Threads:
    return BlocksByThreads;
  case OccupancyLimit::BlocksPerSM:
    return BlocksByBlockLimit;
  case OccupancyLimit::Registers:
    return BlocksByRegisters;
  case OccupancyLimit::SharedMemory:
    return BlocksBySharedMemory;
  }
  llvm_unreachable("unknown occupancy limit");
}

uint64_t sharedBytesAllocatedPerBlock(const ArchInfo &Arch,
                                      uint64_t SharedBytesPerBlock) {
  const SharedMemoryCapacity &Shared = Arch.SharedMemory;
  return llvm::alignTo(SharedBytesPerBlock + Shared.ReservedPerBlockBytes,
                       Shared.AllocationGranularityBytes);
}

SharedMemoryFit checkSharedMemoryFit(const ArchInfo &Arch,
                                     uint64_t SharedBytesPerBlock) {
  const SharedMemoryCapacity &Shared = Arch.SharedMemory;
  uint64_t Allocated = sharedBytesAllocatedPerBlock(Arch, SharedBytesPerBlock);
  // The per-block limits bound what a block asks for; the driver's reserve
  // comes on top of them (cudaOccSMemPerBlock).
  if (Allocated <= Shared.PerBlockBytes + Shared.ReservedPerBlockBytes)
    return SharedMemoryFit::WithinDefault;
  if (Allocated <= Shared.PerBlockOptInBytes + Shared.ReservedPerBlockBytes)
    return SharedMemoryFit::NeedsOptIn;
  if (Allocated <= Shared.PerSMBytes)
    return SharedMemoryFit::ExceedsBlockLimit;
  return SharedMemoryFit::ExceedsSM;
}

Occupancy computeOccupancy(const ArchInfo &Arch,
                           const OccupancyRequest &Request) {
  const ExecutionLimits &Limits = Arch.Limits;
  unsigned WarpSize = Arch.Banking.WarpSize;
  unsigned WarpsPerBlock = llvm::divideCeil(Request.ThreadsPerBlock, WarpSize);

  Occupancy Result;
  Result.MaxWarpsPerSM = Limits.MaxWarpsPerSM;
  Result.BlocksByThreads =
      blocksByThreads(Limits, Request.ThreadsPerBlock, WarpsPerBlock);
  Result.BlocksByBlockLimit = Limits.MaxBlocksPerSM;

  unsigned Registers = Request.RegistersPerThread.value_or(0);
  Result.BlocksByRegisters =
      blocksByRegisters(Limits, WarpSize, Registers, WarpsPerBlock,
                        Limits.WarpAllocationGranularity);
  // sm_60 refuses a block that sm_61 and sm_62 could not run.
  if (blocksByRegisters(Limits, WarpSize, Registers, WarpsPerBlock,
                        Limits.PortableWarpAllocationGranularity) == 0)
    Result.BlocksByRegisters = 0;

  // A block above 48 KB is taken to have opted in; checkSharedMemoryFit says
  // whether it must.
  uint64_t Allocated =
      sharedBytesAllocatedPerBlock(Arch, Request.SharedBytesPerBlock);
  Result.SharedBytesAllocatedPerBlock = Allocated;
  Result.CarveoutBytes =
      carveoutFor(Arch.SharedMemory, Allocated, Request.CarveoutPercent);
  SharedMemoryFit Fit = checkSharedMemoryFit(Arch, Request.SharedBytesPerBlock);
  if (Fit == SharedMemoryFit::ExceedsBlockLimit ||
      Fit == SharedMemoryFit::ExceedsSM)
    Result.BlocksBySharedMemory = 0;
  else if (Allocated > 0)
    Result.BlocksBySharedMemory = unsigned(Result.CarveoutBytes / Allocated);

  Result.BlocksPerSM =
      std::min({Result.BlocksByThreads, Result.BlocksByBlockLimit,
                Result.BlocksByRegisters, Result.BlocksBySharedMemory});
  Result.WarpsPerSM = Result.BlocksPerSM * WarpsPerBlock;
  // Shared memory last, so that it is named only when it alone binds.
  for (OccupancyLimit Resource :
       {OccupancyLimit::Threads, OccupancyLimit::BlocksPerSM,
        OccupancyLimit::Registers, OccupancyLimit::SharedMemory}) {
    if (Result.isLimitedBy(Resource)) {
      Result.Limit = Resource;
      break;
    }
  }
  return Result;
}

} // namespace smemlint
