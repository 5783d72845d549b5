//===--- ArchTableTest.cpp - The per-architecture table ---------------===//

#include "Hardware/ArchTable.h"

#include <gtest/gtest.h>

using namespace smemlint;

TEST(ArchTable, FindsArchitecturesInTheSpellingsUsersWrite) {
  for (const char *Name : {"sm_90", "SM_90", "90", "sm90", "compute_90"}) {
    const ArchInfo *Arch = findArch(Name);
    ASSERT_NE(Arch, nullptr) << Name;
    EXPECT_EQ(Arch->Name, "sm_90");
  }
  EXPECT_EQ(findArch("sm_99"), nullptr);
  EXPECT_EQ(findArch(""), nullptr);
  EXPECT_EQ(findArch("sm_"), nullptr);
}

TEST(ArchTable, BlackwellParsesAsHopperForClang19) {
  // Clang 19 rejects --cuda-gpu-arch=sm_100 and sm_120
  // (shared/ref/toolchain.md).
  EXPECT_EQ(findArch("sm_100")->ParseAs, "sm_90");
  EXPECT_EQ(findArch("sm_120")->ParseAs, "sm_90");
  EXPECT_EQ(findArch("sm_80")->ParseAs, "sm_80");
}

TEST(ArchTable, EveryArchitectureHasThe32By4ByteBanksOfTheProgrammingGuide) {
  for (const ArchInfo &Arch : knownArchs()) {
    EXPECT_EQ(Arch.Banking.BankCount, 32u) << Arch.Name.str();
    EXPECT_EQ(Arch.Banking.BankWidthBytes, 4u) << Arch.Name.str();
    EXPECT_EQ(Arch.Banking.WarpSize, 32u) << Arch.Name.str();
  }
}

TEST(ArchTable, PhaseSizesFollowTheH200Measurements) {
  // docs/measurements/h200-bank-probes.md: 128 bytes of lanes per phase,
  // doubled for loads whose quads read in pairs.
  const SharedMemoryBanking &B = findArch("sm_90")->Banking;
  EXPECT_EQ(B.lanesPerPhase(4, false), 32u);
  EXPECT_EQ(B.lanesPerPhase(1, false), 32u);
  EXPECT_EQ(B.lanesPerPhase(8, false), 16u);
  EXPECT_EQ(B.lanesPerPhase(8, true), 32u);
  EXPECT_EQ(B.lanesPerPhase(16, false), 8u);
  EXPECT_EQ(B.lanesPerPhase(16, true), 16u);
}

TEST(ArchTable, SuffixedTargetsFollowTheirComputeCapability) {
  // Every name nvcc 13 accepts for sm_90 on ("nvcc --list-gpu-arch", with the
  // "a" and "f" suffixes of its -arch documentation).
  for (const char *Name :
       {"sm_90a", "sm_100a", "sm_100f", "sm_103", "sm_103a", "sm_103f",
        "sm_120a", "sm_120f", "sm_121", "sm_121a", "sm_121f", "compute_90a"})
    EXPECT_NE(findArch(Name), nullptr) << Name;
  EXPECT_EQ(findArch("sm_90f"), nullptr); // no family target before sm_100
  const ArchInfo *Hopper = findArch("sm_90a");
  EXPECT_EQ(Hopper->Name, "sm_90a");
  EXPECT_EQ(Hopper->baseName(), "sm_90");
  EXPECT_EQ(Hopper->ParseAs, "sm_90a"); // Clang 19 knows sm_90a
  EXPECT_EQ(findArch("sm_100a")->ParseAs, "sm_90");
  // shared/ref/h200-hopper.md: static shared memory up to the opt-in limit
  // on the "a" targets, 48 KB elsewhere.
  EXPECT_EQ(Hopper->StaticPerBlockBytes, 227u * 1024);
  EXPECT_EQ(findArch("sm_100a")->StaticPerBlockBytes, 227u * 1024);
  EXPECT_EQ(findArch("sm_103a")->StaticPerBlockBytes, 227u * 1024);
  EXPECT_EQ(findArch("sm_120a")->StaticPerBlockBytes, 99u * 1024);
  EXPECT_EQ(findArch("sm_121a")->StaticPerBlockBytes, 99u * 1024);
  EXPECT_EQ(findArch("sm_100f")->StaticPerBlockBytes, 48u * 1024);
  EXPECT_EQ(findArch("sm_90")->StaticPerBlockBytes, 48u * 1024);
  // The rest of the row is the compute capability's.
  EXPECT_EQ(Hopper->SharedMemory.PerSMBytes,
            findArch("sm_90")->SharedMemory.PerSMBytes);
}

// docs/measurements/h200-clusters.md: 16 blocks launch with the
// non-portable attribute on the H200, 32 never; the portable size is 8.
TEST(ArchTable, ClusterLimitsFollowTheH200Launches) {
  EXPECT_FALSE(clusterLimits(*findArch("sm_80")));
  std::optional<ClusterLimits> Hopper = clusterLimits(*findArch("sm_90a"));
  ASSERT_TRUE(Hopper);
  EXPECT_EQ(Hopper->PortableBlocks, 8u);
  EXPECT_EQ(Hopper->MaxBlocks, 16u);
  std::optional<ClusterLimits> Blackwell = clusterLimits(*findArch("sm_100"));
  ASSERT_TRUE(Blackwell);
  EXPECT_EQ(Blackwell->PortableBlocks, 8u);
  EXPECT_FALSE(Blackwell->MaxBlocks); // not measured
}

// cudaOccupancyMaxActiveClusters on the H200, from the same page: one
// block per SM holds 30 clusters of 4 (120 of 132 SMs), and every count of
// blocks per SM from 8 up gives the row of 8.
TEST(ArchTable, ActiveClustersAreTheH200Table) {
  const ArchInfo &Hopper = *findArch("sm_90");
  EXPECT_EQ(h200ActiveClusters(Hopper, 1, 4), 30u);
  EXPECT_EQ(h200ActiveClusters(Hopper, 1, 2), 66u);
  EXPECT_EQ(h200ActiveClusters(Hopper, 4, 4), 124u);
  EXPECT_EQ(h200ActiveClusters(Hopper, 8, 16), 58u);
  EXPECT_EQ(h200ActiveClusters(Hopper, 32, 16), 58u);
  EXPECT_FALSE(h200ActiveClusters(Hopper, 1, 17));
  EXPECT_FALSE(h200ActiveClusters(Hopper, 0, 2));
  EXPECT_FALSE(h200ActiveClusters(*findArch("sm_100"), 1, 2));
}
