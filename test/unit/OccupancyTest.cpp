//===--- OccupancyTest.cpp - Occupancy against NVIDIA's calculator --------===//
//
// computeOccupancy must give what NVIDIA's header-only occupancy calculator,
// cuda_occupancy.h, gives for every architecture in the table over a sweep of
// block sizes, shared-memory sizes, register counts and carveout preferences.
// The header comes with the CUDA toolkit; without it those tests skip and say
// so. The hand-checked cases below run everywhere, with their arithmetic.
//
//===----------------------------------------------------------------------===//

#include "Model/Occupancy.h"

#include <gtest/gtest.h>

#include <climits>
#include <set>
#include <sstream>
#include <vector>

#ifdef SMEM_LINT_HAVE_CUDA_OCCUPANCY_H
#include <cuda_occupancy.h>
#endif

using namespace smemlint;

namespace {

constexpr uint64_t KB = 1024;

const ArchInfo &arch(const char *Name) {
  const ArchInfo *Arch = findArch(Name);
  EXPECT_NE(Arch, nullptr) << Name;
  return *Arch;
}

Occupancy occupancy(const char *ArchName, unsigned Threads, uint64_t Shared,
                    std::optional<unsigned> Registers = std::nullopt,
                    std::optional<unsigned> CarveoutPercent = std::nullopt) {
  OccupancyRequest Request;
  Request.ThreadsPerBlock = Threads;
  Request.SharedBytesPerBlock = Shared;
  Request.RegistersPerThread = Registers;
  Request.CarveoutPercent = CarveoutPercent;
  return computeOccupancy(arch(ArchName), Request);
}

//===----------------------------------------------------------------------===//
// Hand-checked cases
//===----------------------------------------------------------------------===//

TEST(Occupancy, HopperBlockOf48KBIsLimitedBySharedMemory) {
  // sm_90, 256 threads, 48 KB: each block takes 48 KB + the 1 KB reserve =
  // 49 KB (a multiple of the 128-byte granule); the default carveout is the
  // maximum, 228 KB: floor(228 / 49) = 4 blocks. Threads alone would allow
  // 64 warps / 8 = 8, the block limit 32. 4 blocks x 8 warps = 32 of 64 warps.
  Occupancy O = occupancy("sm_90", 256, 48 * KB);
  EXPECT_EQ(O.BlocksBySharedMemory, 4u);
  EXPECT_EQ(O.BlocksByThreads, 8u);
  EXPECT_EQ(O.BlocksByBlockLimit, 32u);
  EXPECT_EQ(O.BlocksByRegisters, Occupancy::Unlimited);
  EXPECT_EQ(O.BlocksPerSM, 4u);
  EXPECT_EQ(O.WarpsPerSM, 32u);
  EXPECT_DOUBLE_EQ(O.warpOccupancy(), 0.5);
  EXPECT_EQ(O.Limit, OccupancyLimit::SharedMemory);
  EXPECT_EQ(occupancyLimitName(O.Limit), "shared memory");
  EXPECT_EQ(O.SharedBytesAllocatedPerBlock, 49 * KB);
  EXPECT_EQ(O.CarveoutBytes, 228 * KB);
}

TEST(Occupancy, RegistersLimitAnAmpereBlock) {
  // sm_80, 128 threads, 64 registers: a warp takes 64 x 32 = 2048 registers
  // (a multiple of 256); each of the 4 sub-partitions has 64 K / 4 = 16384,
  // so 8 warps each, 32 per SM; a block is 4 warps: 8 blocks. Threads allow
  // 64 / 4 = 16; the reserve alone (1 KB) allows 164 KB / 1 KB = 164.
  Occupancy O = occupancy("sm_80", 128, 0, 64u);
  EXPECT_EQ(O.BlocksByRegisters, 8u);
  EXPECT_EQ(O.BlocksByThreads, 16u);
  EXPECT_EQ(O.BlocksBySharedMemory, 164u);
  EXPECT_EQ(O.BlocksPerSM, 8u);
  EXPECT_EQ(O.Limit, OccupancyLimit::Registers);
  EXPECT_EQ(occupancyLimitName(O.Limit), "registers");
}

TEST(Occupancy, AmpereConsumerPartHoldsOneBlockOf1024Threads) {
  // sm_86 has 48 warp slots; a 1024-thread block is 32 warps: 1 block.
  Occupancy O = occupancy("sm_86", 1024, 0);
  EXPECT_EQ(O.BlocksPerSM, 1u);
  EXPECT_EQ(O.WarpsPerSM, 32u);
  EXPECT_EQ(O.Limit, OccupancyLimit::Threads);
  EXPECT_EQ(occupancyLimitName(O.Limit), "threads");
}

TEST(Occupancy, SmallBlocksHitTheBlockLimit) {
  // sm_90, 32 threads: 64 warp slots allow 64 blocks, the SM holds 32.
  Occupancy O = occupancy("sm_90", 32, 0);
  EXPECT_EQ(O.BlocksPerSM, 32u);
  EXPECT_EQ(O.Limit, OccupancyLimit::BlocksPerSM);
  EXPECT_EQ(occupancyLimitName(O.Limit), "blocks per SM");
}

TEST(Occupancy, TiesNameSharedMemoryLast) {
  // sm_90, 1024 threads, 113 KB: 113 + 1 = 114 KB, 228 / 114 = 2 blocks by
  // shared memory, and 64 / 32 = 2 by threads. Using less shared memory
  // would not help, so threads are named.
  Occupancy O = occupancy("sm_90", 1024, 113 * KB);
  EXPECT_EQ(O.BlocksPerSM, 2u);
  EXPECT_EQ(O.Limit, OccupancyLimit::Threads);
  EXPECT_TRUE(O.isLimitedBy(OccupancyLimit::SharedMemory));
  EXPECT_FALSE(O.isLimitedBy(OccupancyLimit::BlocksPerSM));
}

TEST(Occupancy, TuringCarveoutPreferenceRoundsUpToAValidSize) {
  // sm_75, 100 bytes, carveout 0 %: the preference 0 rounds up to Turing's
  // smallest carveout, 32 KB; the block takes 100 bytes rounded to the
  // 256-byte granule: 32768 / 256 = 128 blocks by shared memory.
  Occupancy O = occupancy("sm_75", 64, 100, std::nullopt, 0u);
  EXPECT_EQ(O.SharedBytesAllocatedPerBlock, 256u);
  EXPECT_EQ(O.CarveoutBytes, 32 * KB);
  EXPECT_EQ(O.BlocksBySharedMemory, 128u);
}

TEST(Occupancy, VoltaCarveoutPreferenceIsHonouredWhileABlockFits) {
  // sm_70, 20 KB: 25 % of 96 KB = 24 KB, rounded up to the 32 KB carveout,
  // which holds floor(32 / 20) = 1 block. With no preference the runtime
  // configures 96 KB: floor(96 / 20) = 4.
  EXPECT_EQ(occupancy("sm_70", 128, 20 * KB, std::nullopt, 25u).CarveoutBytes,
            32 * KB);
  EXPECT_EQ(
      occupancy("sm_70", 128, 20 * KB, std::nullopt, 25u).BlocksBySharedMemory,
      1u);
  EXPECT_EQ(occupancy("sm_70", 128, 20 * KB).CarveoutBytes, 96 * KB);
  EXPECT_EQ(occupancy("sm_70", 128, 20 * KB).BlocksBySharedMemory, 4u);
  // A preference too small for one block yields: 0 % with 40 KB gets the
  // smallest carveout holding 40 KB, 64 KB: 1 block.
  Occupancy O = occupancy("sm_70", 128, 40 * KB, std::nullopt, 0u);
  EXPECT_EQ(O.CarveoutBytes, 64 * KB);
  EXPECT_EQ(O.BlocksPerSM, 1u);
}

TEST(Occupancy, PascalGP100RefusesBlocksGP10xCouldNotRun) {
  // sm_60, 704 threads (22 warps), 88 registers: a warp takes 88 x 32 = 2816
  // registers. On GP100's 2 sub-partitions the block needs 2816 x 22 = 61952
  // <= 64 K and fits once (32768 / 2816 = 11 warps per half, 22 per SM). On
  // GP10x the warps count in 4s: 2816 x 24 = 67584 > 64 K. The calculator
  // refuses it on every Pascal.
  EXPECT_EQ(occupancy("sm_60", 704, 0, 88u).BlocksPerSM, 0u);
  EXPECT_EQ(occupancy("sm_60", 704, 0, 88u).Limit, OccupancyLimit::Registers);
  EXPECT_EQ(occupancy("sm_61", 704, 0, 88u).BlocksPerSM, 0u);
  // 640 threads (20 warps) need 2816 x 20 = 56320 both ways: 22 / 20 = 1.
  EXPECT_EQ(occupancy("sm_60", 640, 0, 88u).BlocksPerSM, 1u);
}

TEST(Occupancy, TegraPartsHaveHalfTheRegistersPerBlock) {
  // sm_53 and sm_62 give a block at most 32 K registers: 1024 threads of 33
  // registers need 33 x 32 = 1056, rounded to 1280, per warp, x 32 warps =
  // 40960 > 32768. sm_61 gives a block 64 K.
  EXPECT_EQ(occupancy("sm_53", 1024, 0, 33u).BlocksPerSM, 0u);
  EXPECT_EQ(occupancy("sm_62", 1024, 0, 33u).BlocksPerSM, 0u);
  EXPECT_EQ(occupancy("sm_61", 1024, 0, 33u).BlocksPerSM, 1u);
}

TEST(Occupancy, BlocksThatCannotRunHaveNoResidentBlocks) {
  Occupancy TooManyThreads = occupancy("sm_90", 1025, 0);
  EXPECT_EQ(TooManyThreads.BlocksPerSM, 0u);
  EXPECT_EQ(TooManyThreads.Limit, OccupancyLimit::Threads);

  // 228 KB + the 1 KB reserve is more than the SM has.
  Occupancy TooMuchShared = occupancy("sm_90", 128, 228 * KB);
  EXPECT_EQ(TooMuchShared.BlocksPerSM, 0u);
  EXPECT_EQ(TooMuchShared.Limit, OccupancyLimit::SharedMemory);

  EXPECT_EQ(occupancy("sm_90", 128, 0, 256u).BlocksPerSM, 0u);
}

TEST(Occupancy, AboveFortyEightKBIsTakenAsOptedIn) {
  // sm_90, 100 KB: 101 KB per block, 228 / 101 = 2 blocks.
  EXPECT_EQ(occupancy("sm_90", 128, 100 * KB).BlocksPerSM, 2u);
  // sm_86, 99 KB, the opt-in maximum: 100 KB per block, the whole SM.
  EXPECT_EQ(occupancy("sm_86", 128, 99 * KB).BlocksPerSM, 1u);
}

TEST(SharedMemoryFit, SaysWhetherABlockNeedsOptInOrCannotRun) {
  const ArchInfo &H = arch("sm_90");
  EXPECT_EQ(checkSharedMemoryFit(H, 0), SharedMemoryFit::WithinDefault);
  EXPECT_EQ(checkSharedMemoryFit(H, 48 * KB), SharedMemoryFit::WithinDefault);
  EXPECT_EQ(checkSharedMemoryFit(H, 48 * KB + 1), SharedMemoryFit::NeedsOptIn);
  EXPECT_EQ(checkSharedMemoryFit(H, 227 * KB), SharedMemoryFit::NeedsOptIn);
  // 227 KB + 1 byte + the 1 KB reserve, rounded to 128 bytes, is more than
  // the 228 KB of the SM.
  EXPECT_EQ(checkSharedMemoryFit(H, 227 * KB + 1), SharedMemoryFit::ExceedsSM);

  // sm_52 has 96 KB per SM but no opt-in: a block gets 48 KB at most.
  const ArchInfo &M = arch("sm_52");
  EXPECT_EQ(checkSharedMemoryFit(M, 48 * KB), SharedMemoryFit::WithinDefault);
  EXPECT_EQ(checkSharedMemoryFit(M, 48 * KB + 1),
            SharedMemoryFit::ExceedsBlockLimit);
  EXPECT_EQ(checkSharedMemoryFit(M, 96 * KB),
            SharedMemoryFit::ExceedsBlockLimit);
  EXPECT_EQ(checkSharedMemoryFit(M, 96 * KB + 1), SharedMemoryFit::ExceedsSM);

  // sm_75: opt-in up to the whole 64 KB; there is no reserve before sm_80.
  const ArchInfo &T = arch("sm_75");
  EXPECT_EQ(checkSharedMemoryFit(T, 64 * KB), SharedMemoryFit::NeedsOptIn);
  EXPECT_EQ(checkSharedMemoryFit(T, 64 * KB + 1), SharedMemoryFit::ExceedsSM);

  EXPECT_EQ(sharedBytesAllocatedPerBlock(H, 1), 1 * KB + 128);
  EXPECT_EQ(sharedBytesAllocatedPerBlock(T, 1), 256u);
}

//===----------------------------------------------------------------------===//
// The table's own consistency
//===----------------------------------------------------------------------===//

TEST(CapacityTable, EveryRowIsConsistent) {
  for (const ArchInfo &Arch : knownArchs()) {
    SCOPED_TRACE(Arch.Name.str());
    const SharedMemoryCapacity &S = Arch.SharedMemory;
    const ExecutionLimits &L = Arch.Limits;
    EXPECT_EQ(L.MaxThreadsPerSM, L.MaxWarpsPerSM * Arch.Banking.WarpSize);
    EXPECT_EQ(L.MaxThreadsPerBlock, 1024u);
    EXPECT_EQ(S.PerBlockBytes, 48 * KB);
    EXPECT_EQ(S.ReservedPerBlockBytes, Arch.ComputeCapability >= 80 ? KB : 0);
    if (Arch.ComputeCapability < 70) {
      EXPECT_TRUE(S.CarveoutBytes.empty());
      EXPECT_EQ(S.PerBlockOptInBytes, S.PerBlockBytes);
      continue;
    }
    // Volta on: a block may have the whole carveout but the reserve.
    EXPECT_EQ(S.PerBlockOptInBytes, S.PerSMBytes - S.ReservedPerBlockBytes);
    ASSERT_FALSE(S.CarveoutBytes.empty());
    EXPECT_EQ(S.CarveoutBytes.back(), S.PerSMBytes);
    EXPECT_TRUE(std::is_sorted(S.CarveoutBytes.begin(), S.CarveoutBytes.end()));
  }
}

//===----------------------------------------------------------------------===//
// Against cuda_occupancy.h
//===----------------------------------------------------------------------===//

#ifdef SMEM_LINT_HAVE_CUDA_OCCUPANCY_H

// The calculator wants a positive SM count and never uses it; each is the
// count of one product of that architecture, from its public specification.
unsigned smCountOf(const ArchInfo &Arch) {
  struct Product {
    unsigned ComputeCapability;
    unsigned SMs;
  };
  static const Product Products[] = {
      {50, 5},    // GeForce GTX 750 Ti
      {52, 16},   // GeForce GTX 980
      {53, 2},    // Jetson TX1
      {60, 56},   // Tesla P100 SXM2
      {61, 20},   // GeForce GTX 1080
      {62, 2},    // Jetson TX2
      {70, 80},   // Tesla V100 SXM2
      {72, 8},    // Jetson AGX Xavier
      {75, 68},   // GeForce RTX 2080 Ti
      {80, 108},  // A100
      {86, 82},   // GeForce RTX 3090
      {87, 16},   // Jetson AGX Orin 64GB
      {89, 128},  // GeForce RTX 4090
      {90, 132},  // H100 SXM5, H200
      {100, 148}, // B200
      {120, 170}, // GeForce RTX 5090
  };
  for (const Product &P : Products)
    if (P.ComputeCapability == Arch.ComputeCapability)
      return P.SMs;
  return 1;
}

cudaOccDeviceProp devicePropOf(const ArchInfo &Arch) {
  cudaOccDeviceProp Prop;
  Prop.computeMajor = int(Arch.ComputeCapability / 10);
  Prop.computeMinor = int(Arch.ComputeCapability % 10);
  Prop.maxThreadsPerBlock = int(Arch.Limits.MaxThreadsPerBlock);
  Prop.maxThreadsPerMultiprocessor = int(Arch.Limits.MaxThreadsPerSM);
  Prop.regsPerBlock = int(Arch.Limits.MaxRegistersPerBlock);
  Prop.regsPerMultiprocessor = int(Arch.Limits.RegistersPerSM);
  Prop.warpSize = int(Arch.Banking.WarpSize);
  Prop.sharedMemPerBlock = Arch.SharedMemory.PerBlockBytes;
  Prop.sharedMemPerMultiprocessor = Arch.SharedMemory.PerSMBytes;
  Prop.numSms = int(smCountOf(Arch));
  Prop.sharedMemPerBlockOptin = Arch.SharedMemory.PerBlockOptInBytes;
  Prop.reservedSharedMemPerBlock = Arch.SharedMemory.ReservedPerBlockBytes;
  return Prop;
}

/// A kernel as the runtime would describe it: \p Shared bytes of dynamic
/// shared memory, opted in to exactly that (the calculator then applies the
/// opt-in limit only above 48 KB), one barrier, no partitioned caching.
cudaOccFuncAttributes kernelUsing(uint64_t Shared,
                                  std::optional<unsigned> Registers) {
  cudaOccFuncAttributes Attrs;
  Attrs.maxThreadsPerBlock = INT_MAX;
  Attrs.numRegs = int(Registers.value_or(0)); // 0 registers never limit
  Attrs.sharedSizeBytes = 0;
  Attrs.partitionedGCConfig = PARTITIONED_GC_OFF;
  Attrs.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
  Attrs.maxDynamicSharedSizeBytes = Shared;
  Attrs.numBlockBarriers = 1;
  return Attrs;
}

cudaOccDeviceState deviceStateFor(std::optional<unsigned> CarveoutPercent) {
  cudaOccDeviceState State;
  if (CarveoutPercent)
    State.carveoutConfig = int(*CarveoutPercent);
  return State;
}

std::vector<uint64_t> sharedSizesToTry(const ArchInfo &Arch) {
  const SharedMemoryCapacity &S = Arch.SharedMemory;
  std::set<uint64_t> Sizes;
  for (uint64_t Bytes = 0; Bytes <= S.PerSMBytes + KB; Bytes += KB)
    Sizes.insert(Bytes);
  auto AddAround = [&](uint64_t Bytes) {
    if (Bytes > 0)
      Sizes.insert(Bytes - 1);
    Sizes.insert(Bytes);
    Sizes.insert(Bytes + 1);
  };
  AddAround(S.PerBlockBytes);
  AddAround(S.PerBlockOptInBytes);
  AddAround(S.PerSMBytes);
  AddAround(S.AllocationGranularityBytes);
  for (uint64_t Carveout : S.CarveoutBytes) {
    AddAround(Carveout);
    if (Carveout > S.ReservedPerBlockBytes)
      AddAround(Carveout - S.ReservedPerBlockBytes);
  }
  return {Sizes.begin(), Sizes.end()};
}

std::vector<unsigned> blockSizesToTry() {
  std::vector<unsigned> Threads;
  for (unsigned T = 32; T <= 1024; T += 32)
    Threads.push_back(T);
  // Partial warps, and blocks too large to run.
  for (unsigned T : {1u, 33u, 100u, 1000u, 1025u, 1056u})
    Threads.push_back(T);
  return Threads;
}

const std::optional<unsigned> RegistersToTry[] = {
    std::nullopt, 16u, 32u, 40u, 64u, 72u, 88u, 128u, 168u, 255u};
const std::optional<unsigned> CarveoutsToTry[] = {std::nullopt, 0u,  10u,
                                                  25u,          50u, 100u};

int asCalculatorCount(unsigned Blocks) {
  return Blocks == Occupancy::Unlimited ? INT_MAX : int(Blocks);
}

unsigned calculatorFactorOf(OccupancyLimit Limit) {
  switch (Limit) {
  case OccupancyLimit::Threads:
    return OCC_LIMIT_WARPS;
  case OccupancyLimit::BlocksPerSM:
    return OCC_LIMIT_BLOCKS;
  case OccupancyLimit::Registers:
    return OCC_LIMIT_REGISTERS;
  case OccupancyLimit::SharedMemory:
    return OCC_LIMIT_SHARED_MEMORY;
  }
  return 0;
}

/// "" when \p Ours equals \p Theirs in every field both have, else the
/// differences.
std::string differences(const Occupancy &Ours, const cudaOccResult &Theirs) {
  std::ostringstream Out;
  auto Compare = [&](const char *Field, long long Mine, long long Reference) {
    if (Mine != Reference)
      Out << " " << Field << " " << Mine << " (calculator " << Reference << ")";
  };
  Compare("blocks", Ours.BlocksPerSM, Theirs.activeBlocksPerMultiprocessor);
  Compare("by threads", asCalculatorCount(Ours.BlocksByThreads),
          Theirs.blockLimitWarps);
  Compare("by block limit", asCalculatorCount(Ours.BlocksByBlockLimit),
          Theirs.blockLimitBlocks);
  Compare("by registers", asCalculatorCount(Ours.BlocksByRegisters),
          Theirs.blockLimitRegs);
  Compare("by shared memory", asCalculatorCount(Ours.BlocksBySharedMemory),
          Theirs.blockLimitSharedMem);
  Compare("allocated shared", Ours.SharedBytesAllocatedPerBlock,
          Theirs.allocatedSharedMemPerBlock);
  // Every limit we call binding the calculator calls limiting, and the
  // other way round (its barrier and virtual-resource factors aside).
  for (OccupancyLimit Limit :
       {OccupancyLimit::Threads, OccupancyLimit::BlocksPerSM,
        OccupancyLimit::Registers, OccupancyLimit::SharedMemory}) {
    bool TheirsLimits = Theirs.limitingFactors & calculatorFactorOf(Limit);
    Compare(occupancyLimitName(Limit).str().c_str(), Ours.isLimitedBy(Limit),
            TheirsLimits);
  }
  if (!(Theirs.limitingFactors & calculatorFactorOf(Ours.Limit)))
    Out << " named limit " << occupancyLimitName(Ours.Limit).str()
        << " is not one of the calculator's";
  return Out.str();
}

std::string describe(const ArchInfo &Arch, unsigned Threads, uint64_t Shared,
                     std::optional<unsigned> Registers,
                     std::optional<unsigned> Carveout) {
  std::ostringstream Out;
  Out << Arch.Name.str() << ", " << Threads << " threads, " << Shared
      << " bytes, registers "
      << (Registers ? std::to_string(*Registers) : "unknown") << ", carveout "
      << (Carveout ? std::to_string(*Carveout) + "%" : "default") << ":";
  return Out.str();
}

TEST(OccupancyAgainstCudaOccupancyH, TableFactsMatchTheCalculators) {
  for (const ArchInfo &Arch : knownArchs()) {
    SCOPED_TRACE(Arch.Name.str());
    cudaOccDeviceProp Prop = devicePropOf(Arch);
    int Value = 0;
    ASSERT_EQ(cudaOccSMemAllocationGranularity(&Value, &Prop),
              CUDA_OCC_SUCCESS);
    EXPECT_EQ(unsigned(Value), Arch.SharedMemory.AllocationGranularityBytes);
    ASSERT_EQ(cudaOccMaxBlocksPerMultiprocessor(&Value, &Prop),
              CUDA_OCC_SUCCESS);
    EXPECT_EQ(unsigned(Value), Arch.Limits.MaxBlocksPerSM);
    ASSERT_EQ(cudaOccRegAllocationGranularity(&Value, &Prop), CUDA_OCC_SUCCESS);
    EXPECT_EQ(unsigned(Value), Arch.Limits.RegisterAllocationUnit);
    ASSERT_EQ(cudaOccSubPartitionsPerMultiprocessor(&Value, &Prop),
              CUDA_OCC_SUCCESS);
    EXPECT_EQ(unsigned(Value), Arch.Limits.WarpAllocationGranularity);
    ASSERT_EQ(cudaOccRegAllocationMaxPerThread(&Value, &Prop),
              CUDA_OCC_SUCCESS);
    // The calculator allows 256 from major 7 on; the Guide and every
    // compiler stop at 255.
    EXPECT_EQ(unsigned(Value), Arch.ComputeCapability >= 70
                                   ? Arch.Limits.MaxRegistersPerThread + 1
                                   : Arch.Limits.MaxRegistersPerThread);

    // Carveouts: each of ours is one of the calculator's sizes, and the byte
    // above it rounds up to our next one.
    llvm::ArrayRef<unsigned> Carveouts = Arch.SharedMemory.CarveoutBytes;
    for (size_t I = 0; I < Carveouts.size(); ++I) {
      size_t Size = Carveouts[I];
      ASSERT_EQ(cudaOccAlignUpShmemSizeVoltaPlus(&Size, &Prop),
                CUDA_OCC_SUCCESS);
      EXPECT_EQ(Size, Carveouts[I]);
      Size = size_t(Carveouts[I]) + 1;
      cudaOccError Status = cudaOccAlignUpShmemSizeVoltaPlus(&Size, &Prop);
      if (I + 1 < Carveouts.size()) {
        EXPECT_EQ(Status, CUDA_OCC_SUCCESS);
        EXPECT_EQ(Size, Carveouts[I + 1]);
      } else {
        EXPECT_EQ(Status, CUDA_OCC_ERROR_INVALID_INPUT);
      }
    }
    if (!Carveouts.empty()) {
      size_t Size = 1;
      ASSERT_EQ(cudaOccAlignUpShmemSizeVoltaPlus(&Size, &Prop),
                CUDA_OCC_SUCCESS);
      EXPECT_EQ(Size, Carveouts.front() == 0 ? Carveouts[1] : Carveouts[0]);
    }
  }
}

TEST(OccupancyAgainstCudaOccupancyH, SweepOverEveryArchitecture) {
  size_t Compared = 0, Mismatches = 0;
  for (const ArchInfo &Arch : knownArchs()) {
    cudaOccDeviceProp Prop = devicePropOf(Arch);
    std::vector<uint64_t> SharedSizes = sharedSizesToTry(Arch);
    for (unsigned Threads : blockSizesToTry()) {
      for (uint64_t Shared : SharedSizes) {
        for (std::optional<unsigned> Registers : RegistersToTry) {
          cudaOccFuncAttributes Attrs = kernelUsing(Shared, Registers);
          for (std::optional<unsigned> Carveout : CarveoutsToTry) {
            cudaOccDeviceState State = deviceStateFor(Carveout);
            cudaOccResult Theirs{};
            ASSERT_EQ(cudaOccMaxActiveBlocksPerMultiprocessor(
                          &Theirs, &Prop, &Attrs, &State, int(Threads), Shared),
                      CUDA_OCC_SUCCESS)
                << describe(Arch, Threads, Shared, Registers, Carveout);
            OccupancyRequest Request;
            Request.ThreadsPerBlock = Threads;
            Request.SharedBytesPerBlock = Shared;
            Request.RegistersPerThread = Registers;
            Request.CarveoutPercent = Carveout;
            std::string Diff =
                differences(computeOccupancy(Arch, Request), Theirs);
            ++Compared;
            if (!Diff.empty() && ++Mismatches <= 20)
              ADD_FAILURE()
                  << describe(Arch, Threads, Shared, Registers, Carveout)
                  << Diff;
          }
        }
      }
    }
  }
  EXPECT_EQ(Mismatches, 0u);
  std::cout << "[ compared ] " << Compared << " configurations over "
            << knownArchs().size() << " architectures, " << Mismatches
            << " differ from cuda_occupancy.h\n";
}

TEST(OccupancyAgainstCudaOccupancyH, StaticSharedMemoryWithoutOptInToo) {
  // The same answer for a kernel whose shared memory is static and which
  // never opted in, as long as it stays within 48 KB.
  size_t Compared = 0;
  for (const ArchInfo &Arch : knownArchs()) {
    cudaOccDeviceProp Prop = devicePropOf(Arch);
    cudaOccDeviceState State;
    for (uint64_t Shared : sharedSizesToTry(Arch)) {
      if (Shared > Arch.SharedMemory.PerBlockBytes)
        break;
      for (unsigned Threads : blockSizesToTry()) {
        cudaOccFuncAttributes Attrs = kernelUsing(0, std::nullopt);
        Attrs.shmemLimitConfig = FUNC_SHMEM_LIMIT_DEFAULT;
        Attrs.sharedSizeBytes = Shared;
        cudaOccResult Theirs{};
        ASSERT_EQ(cudaOccMaxActiveBlocksPerMultiprocessor(
                      &Theirs, &Prop, &Attrs, &State, int(Threads), 0),
                  CUDA_OCC_SUCCESS);
        OccupancyRequest Request;
        Request.ThreadsPerBlock = Threads;
        Request.SharedBytesPerBlock = Shared;
        EXPECT_EQ(differences(computeOccupancy(Arch, Request), Theirs), "")
            << describe(Arch, Threads, Shared, std::nullopt, std::nullopt);
        ++Compared;
      }
    }
  }
  EXPECT_GT(Compared, 0u);
}

#else

TEST(OccupancyAgainstCudaOccupancyH, SweepOverEveryArchitecture) {
  GTEST_SKIP() << "cuda_occupancy.h not found at configure time (looked in "
                  "SMEM_LINT_CUDA_INCLUDE_DIR); the comparison with NVIDIA's "
                  "occupancy calculator did not run";
}

#endif

} // namespace
