//===--- ArchTable.cpp - Per-architecture hardware facts ------------------===//

#include "Hardware/ArchTable.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <deque>
#include <string>
#include <vector>

namespace smemlint {
namespace {

// Banking, compute capability 5.x and later: "Shared memory has 32 banks that
// are organized such that successive 32-bit words map to successive banks"
// (CUDA C++ Programming Guide, sections "Compute Capability 5.x" to "10.x",
// Shared Memory). How 8- and 16-byte accesses are split into 128-byte phases,
// and that paired loads merge two phases, was measured on an H200 over 330
// lane patterns: docs/measurements/h200-bank-probes.md (with the rows of
// shared/ref/h200-shared-memory.md: float4 a[0] takes 2 wavefronts, float4
// a[lane] 4, double s[lane*17] 2). The documented organisation is unchanged
// from Maxwell to Blackwell, so every row shares it until a measurement on
// another generation says otherwise.
constexpr SharedMemoryBanking Banking32x4 = {/*BankCount=*/32,
                                             /*BankWidthBytes=*/4,
                                             /*WarpSize=*/32,
                                             /*BytesPerWavefront=*/128,
                                             /*PairedLoadsMergePhases=*/true};

constexpr unsigned KB = 1024; // bytes
constexpr unsigned K = 1024;  // registers: the Programming Guide's "64 K"

// Carveouts: the shared-memory sizes an SM's unified L1 / shared storage can
// be set to, from the "Shared Memory" subsection of compute capability 7.x,
// 8.x, 9.0, 10.0 and 12.0 in the CUDA C++ Programming Guide; cuda_occupancy.h
// (CUDA 13.0) encodes the same lists in cudaOccAlignUpShmemSizeVoltaPlus.
constexpr unsigned Carveouts96KB[] = {0,       8 * KB,  16 * KB,
                                      32 * KB, 64 * KB, 96 * KB};
constexpr unsigned Carveouts64KB[] = {32 * KB, 64 * KB};
constexpr unsigned Carveouts164KB[] = {0,       8 * KB,   16 * KB,  32 * KB,
                                       64 * KB, 100 * KB, 132 * KB, 164 * KB};
constexpr unsigned Carveouts100KB[] = {0,       8 * KB,  16 * KB,
                                       32 * KB, 64 * KB, 100 * KB};
constexpr unsigned Carveouts228KB[] = {0,        8 * KB,   16 * KB,  32 * KB,
                                       64 * KB,  100 * KB, 132 * KB, 164 * KB,
                                       196 * KB, 228 * KB};

// One row per architecture: name, compute capability, parse arch, banking,
// then the shared-memory capacity and the execution limits, column by column.
// "Guide" is the table "Technical Specifications per Compute Capability" of
// the CUDA C++ Programming Guide, cited by its row name; "occ.h" is
// cuda_occupancy.h of CUDA 13.0 (the reference test/unit/OccupancyTest.cpp
// compares against), cited by function.
//
// Shared memory (bytes):
//   SM       Guide "Maximum amount of shared memory per SM"
//   Block    Guide "Maximum amount of shared memory per thread block": 48 KB
//            without opt-in (its footnote: more needs dynamic shared memory
//            and an explicit opt-in)
//   OptIn    the same row with opt-in; 48 KB before 7.0, where there is none
//   Reserve  Guide, Compute Capability 8.x, Shared Memory: the 1 KB a block
//            cannot use is "reserved for system use"; occ.h
//            cudaOccSMemPerBlock adds it from major 8 on
//   Granule  occ.h cudaOccSMemAllocationGranularity (the Guide gives none)
//   Carveouts  the lists above
// Execution (counts):
//   Thr/Blk  Guide "Maximum number of threads per block"
//   Thr/SM   Guide "Maximum number of resident threads per SM"
//   Wrp/SM   Guide "Maximum number of resident warps per SM"
//   Blk/SM   Guide "Maximum number of resident blocks per SM"; occ.h
//            cudaOccMaxBlocksPerMultiprocessor
//   WGran    occ.h cudaOccSubPartitionsPerMultiprocessor (2 on GP100, 4
//            elsewhere)
//   WPort    occ.h cudaOccMaxActiveBlocksPerMultiprocessor: a block that
//            cannot run on GP10x (4 sub-partitions) is refused on GP100 too
//   Reg/SM   Guide "Number of 32-bit registers per SM"
//   Reg/Blk  Guide "Maximum number of 32-bit registers per thread block"
//   Reg/Thr  Guide "Maximum number of 32-bit registers per thread" (occ.h
//            cudaOccRegAllocationMaxPerThread says 256 from major 7 on; no
//            compiler emits more than 255)
//   RUnit    occ.h cudaOccRegAllocationGranularity (registers per warp)
//
// Clang 19 accepts sm_50 .. sm_90a (shared/ref/toolchain.md). nvcc 13 also
// accepts sm_88 and sm_110, which have no row: their resident threads per SM
// are in no reference this table cites.
// clang-format off
constexpr ArchInfo Archs[] = {
    // Name, CC, ParseAs, Banking          SM        Block    OptIn     Reserve  Granule  Carveouts
    //                                     Thr/Blk  Thr/SM  Wrp/SM  Blk/SM  WGran  WPort  Reg/SM  Reg/Blk  Reg/Thr  RUnit
    {"sm_50", 50, "sm_50", Banking32x4,   {64 * KB,  48 * KB, 48 * KB,  0,       256,     {}},
                                          {1024,    2048,   64,     32,     4,     4,     64 * K, 64 * K,  255,     256}},
    {"sm_52", 52, "sm_52", Banking32x4,   {96 * KB,  48 * KB, 48 * KB,  0,       256,     {}},
                                          {1024,    2048,   64,     32,     4,     4,     64 * K, 64 * K,  255,     256}},
    {"sm_53", 53, "sm_53", Banking32x4,   {64 * KB,  48 * KB, 48 * KB,  0,       256,     {}},
                                          {1024,    2048,   64,     32,     4,     4,     64 * K, 32 * K,  255,     256}},
    {"sm_60", 60, "sm_60", Banking32x4,   {64 * KB,  48 * KB, 48 * KB,  0,       256,     {}},
                                          {1024,    2048,   64,     32,     2,     4,     64 * K, 64 * K,  255,     256}},
    {"sm_61", 61, "sm_61", Banking32x4,   {96 * KB,  48 * KB, 48 * KB,  0,       256,     {}},
                                          {1024,    2048,   64,     32,     4,     4,     64 * K, 64 * K,  255,     256}},
    {"sm_62", 62, "sm_62", Banking32x4,   {64 * KB,  48 * KB, 48 * KB,  0,       256,     {}},
                                          {1024,    2048,   64,     32,     4,     4,     64 * K, 32 * K,  255,     256}},
    {"sm_70", 70, "sm_70", Banking32x4,   {96 * KB,  48 * KB, 96 * KB,  0,       256,     Carveouts96KB},
                                          {1024,    2048,   64,     32,     4,     4,     64 * K, 64 * K,  255,     256}},
    {"sm_72", 72, "sm_72", Banking32x4,   {96 * KB,  48 * KB, 96 * KB,  0,       256,     Carveouts96KB},
                                          {1024,    2048,   64,     32,     4,     4,     64 * K, 64 * K,  255,     256}},
    {"sm_75", 75, "sm_75", Banking32x4,   {64 * KB,  48 * KB, 64 * KB,  0,       256,     Carveouts64KB},
                                          {1024,    1024,   32,     16,     4,     4,     64 * K, 64 * K,  255,     256}},
    {"sm_80", 80, "sm_80", Banking32x4,   {164 * KB, 48 * KB, 163 * KB, 1 * KB,  128,     Carveouts164KB},
                                          {1024,    2048,   64,     32,     4,     4,     64 * K, 64 * K,  255,     256}},
    {"sm_86", 86, "sm_86", Banking32x4,   {100 * KB, 48 * KB, 99 * KB,  1 * KB,  128,     Carveouts100KB},
                                          {1024,    1536,   48,     16,     4,     4,     64 * K, 64 * K,  255,     256}},
    {"sm_87", 87, "sm_87", Banking32x4,   {164 * KB, 48 * KB, 163 * KB, 1 * KB,  128,     Carveouts164KB},
                                          {1024,    1536,   48,     16,     4,     4,     64 * K, 64 * K,  255,     256}},
    {"sm_89", 89, "sm_89", Banking32x4,   {100 * KB, 48 * KB, 99 * KB,  1 * KB,  128,     Carveouts100KB},
                                          {1024,    1536,   48,     24,     4,     4,     64 * K, 64 * K,  255,     256}},
    {"sm_90", 90, "sm_90", Banking32x4,   {228 * KB, 48 * KB, 227 * KB, 1 * KB,  128,     Carveouts228KB},
                                          {1024,    2048,   64,     32,     4,     4,     64 * K, 64 * K,  255,     256}},
    {"sm_100", 100, "sm_90", Banking32x4, {228 * KB, 48 * KB, 227 * KB, 1 * KB,  128,     Carveouts228KB},
                                          {1024,    2048,   64,     32,     4,     4,     64 * K, 64 * K,  255,     256}},
    // Compute capability 10.3 (B300): the Guide's column for 10.x, the same as
    // 10.0; occ.h gives minor 3 the 10.0 carveouts and 32 blocks.
    {"sm_103", 103, "sm_90", Banking32x4, {228 * KB, 48 * KB, 227 * KB, 1 * KB,  128,     Carveouts228KB},
                                          {1024,    2048,   64,     32,     4,     4,     64 * K, 64 * K,  255,     256}},
    // Blk/SM: 24 per occ.h (CUDA 13.0); CCCL's cuda::arch::traits<sm_120>
    // says 32. The reference this table is tested against wins.
    {"sm_120", 120, "sm_90", Banking32x4, {100 * KB, 48 * KB, 99 * KB,  1 * KB,  128,     Carveouts100KB},
                                          {1024,    1536,   48,     24,     4,     4,     64 * K, 64 * K,  255,     256}},
    // Compute capability 12.1 (GB10): the Guide's column for 12.x, the same
    // as 12.0; occ.h treats every 12.x alike.
    {"sm_121", 121, "sm_90", Banking32x4, {100 * KB, 48 * KB, 99 * KB,  1 * KB,  128,     Carveouts100KB},
                                          {1024,    1536,   48,     24,     4,     4,     64 * K, 64 * K,  255,     256}},
};
// clang-format on

/// The "a" and "f" targets nvcc 13 accepts ("nvcc --list-gpu-arch" with the
/// suffixes of its -arch documentation), each a copy of its compute
/// capability's row with what the suffix changes.
const std::vector<ArchInfo> &suffixedTargets() {
  static const std::vector<ArchInfo> Targets = [] {
    static const std::deque<std::string> Names = [] {
      std::deque<std::string> Result;
      for (const ArchInfo &Base : Archs) {
        if (Base.ComputeCapability >= 90)
          Result.push_back(Base.Name.str() + "a");
        if (Base.ComputeCapability >= 100)
          Result.push_back(Base.Name.str() + "f");
      }
      return Result;
    }();
    std::vector<ArchInfo> Result;
    for (const std::string &Name : Names) {
      llvm::StringRef BaseName = llvm::StringRef(Name).drop_back();
      const ArchInfo *Base = llvm::find_if(
          Archs, [&](const ArchInfo &A) { return A.Name == BaseName; });
      ArchInfo Target = *Base;
      Target.Name = Name;
      Target.Suffix = llvm::StringRef(Name).take_back();
      if (Target.Suffix == "a") {
        // shared/ref/h200-hopper.md: ptxas takes static shared memory up to
        // the opt-in limit on the "a" targets.
        Target.StaticPerBlockBytes = Target.SharedMemory.PerBlockOptInBytes;
        // Clang 19 knows sm_90a (and defines __CUDA_ARCH_FEAT_SM90_ALL).
        if (Base->ParseAs == Base->Name)
          Target.ParseAs = "sm_90a";
      }
      Result.push_back(Target);
    }
    return Result;
  }();
  return Targets;
}

} // namespace

const ArchInfo *findArch(llvm::StringRef Name) {
  std::string Canonical = Name.lower();
  llvm::StringRef Digits = Canonical;
  Digits.consume_front("sm_") || Digits.consume_front("sm") ||
      Digits.consume_front("compute_");
  for (const ArchInfo &Arch : Archs)
    if (Arch.Name.drop_front(3) == Digits)
      return &Arch;
  for (const ArchInfo &Arch : suffixedTargets())
    if (Arch.Name.drop_front(3) == Digits)
      return &Arch;
  return nullptr;
}

// "The concurrent accesses of the threads of a warp will coalesce into a
// number of transactions equal to the number of 32-byte transactions
// necessary to service all of the threads of the warp" (CUDA C++ Best
// Practices Guide, "Coalesced Access to Global Memory", for compute
// capability 6.0 and later); "an L1 or L2 cache line is four sectors, i.e.
// 128 bytes" (Nsight Compute Kernel Profiling Guide, Memory Tables). Measured
// on an H200: 32 consecutive floats take 4 sectors per request, lanes 128+
// bytes apart 32 (shared/ref/h200-shared-memory.md,
// docs/measurements/h200-global-sectors.md).
const GlobalMemoryGranularity &globalMemoryGranularity(const ArchInfo &) {
  static constexpr GlobalMemoryGranularity Sectors32Lines128 = {
      /*SectorBytes=*/32, /*LineBytes=*/128};
  return Sectors32Lines128;
}

std::optional<ClusterLimits> clusterLimits(const ArchInfo &Arch) {
  if (Arch.ComputeCapability < 90)
    return std::nullopt;
  // Portable: 8 (CUDA programming guide, "Thread Block Clusters"). The H200
  // launched __cluster_dims__(16) with
  // cudaFuncAttributeNonPortableClusterSizeAllowed and refused 16 without it
  // and 32 with it (cudaErrorInvalidClusterSize;
  // docs/measurements/h200-clusters.md). Not measured on later GPUs.
  if (Arch.ComputeCapability == 90)
    return ClusterLimits{8, 16};
  return ClusterLimits{8, std::nullopt};
}

std::optional<unsigned> h200ActiveClusters(const ArchInfo &Arch,
                                           unsigned BlocksPerSM,
                                           unsigned ClusterBlocks) {
  // cudaOccupancyMaxActiveClusters on an H200 (CUDA 13,
  // docs/measurements/h200-clusters.md): row B - 1 for B blocks per SM,
  // column C - 1 for clusters of C blocks. Every B from 8 to 32 gave the
  // row of 8.
  static constexpr uint16_t Clusters[8][16] = {
      {132, 66, 39, 30, 22, 17, 15, 15, 9, 7, 7, 7, 7, 7, 7, 7},
      {264, 132, 79, 62, 47, 39, 32, 30, 23, 21, 16, 16, 14, 14, 14, 14},
      {396, 198, 124, 92, 69, 62, 47, 45, 37, 30, 28, 28, 23, 21, 21, 21},
      {528, 264, 163, 124, 94, 79, 69, 62, 51, 44, 37, 37, 30, 30, 28, 28},
      {660, 330, 203, 154, 124, 101, 84, 77, 60, 58, 51, 44, 42, 37, 37, 35},
      {792, 396, 248, 186, 146, 124, 101, 92, 74, 65, 58, 58, 51, 44, 44, 42},
      {924, 462, 287, 216, 171, 141, 124, 107, 88, 79, 72, 65, 58, 58, 51, 49},
      {1056, 528, 327, 248, 193, 163, 139, 124, 102, 88, 81, 74, 67, 65, 58,
       58},
  };
  if (Arch.ComputeCapability != 90 || BlocksPerSM == 0 || ClusterBlocks == 0 ||
      ClusterBlocks > 16)
    return std::nullopt;
  return Clusters[std::min(BlocksPerSM, 8u) - 1][ClusterBlocks - 1];
}

llvm::ArrayRef<ArchInfo> knownArchs() { return Archs; }

std::vector<const ArchInfo *> knownTargets() {
  std::vector<const ArchInfo *> Targets;
  for (const ArchInfo &Arch : Archs) {
    Targets.push_back(&Arch);
    for (const ArchInfo &Suffixed : suffixedTargets())
      if (Suffixed.baseName() == Arch.Name)
        Targets.push_back(&Suffixed);
  }
  return Targets;
}

std::string knownArchNames() {
  std::string Names;
  for (const ArchInfo *Arch : knownTargets()) {
    if (!Names.empty())
      Names += ", ";
    Names += Arch->Name.str();
  }
  return Names;
}

} // namespace smemlint
