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
