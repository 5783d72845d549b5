//===--- ArchTable.cpp - Per-architecture hardware facts ------------------===//

#include "Hardware/ArchTable.h"

#include "llvm/ADT/STLExtras.h"

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

// Clang 19 accepts sm_50 .. sm_90a (shared/ref/toolchain.md).
constexpr ArchInfo Archs[] = {
    {"sm_50", 50, "sm_50", Banking32x4},  {"sm_52", 52, "sm_52", Banking32x4},
    {"sm_53", 53, "sm_53", Banking32x4},  {"sm_60", 60, "sm_60", Banking32x4},
    {"sm_61", 61, "sm_61", Banking32x4},  {"sm_62", 62, "sm_62", Banking32x4},
    {"sm_70", 70, "sm_70", Banking32x4},  {"sm_72", 72, "sm_72", Banking32x4},
    {"sm_75", 75, "sm_75", Banking32x4},  {"sm_80", 80, "sm_80", Banking32x4},
    {"sm_86", 86, "sm_86", Banking32x4},  {"sm_87", 87, "sm_87", Banking32x4},
    {"sm_89", 89, "sm_89", Banking32x4},  {"sm_90", 90, "sm_90", Banking32x4},
    {"sm_100", 100, "sm_90", Banking32x4}, {"sm_120", 120, "sm_90", Banking32x4},
};

} // namespace

const ArchInfo *findArch(llvm::StringRef Name) {
  std::string Canonical = Name.lower();
  llvm::StringRef Digits = Canonical;
  Digits.consume_front("sm_") || Digits.consume_front("sm") ||
      Digits.consume_front("compute_");
  for (const ArchInfo &Arch : Archs)
    if (Arch.Name.drop_front(3) == Digits)
      return &Arch;
  return nullptr;
}

llvm::ArrayRef<ArchInfo> knownArchs() { return Archs; }

std::string knownArchNames() {
  std::string Names;
  for (const ArchInfo &Arch : Archs) {
    if (!Names.empty())
      Names += ", ";
    Names += Arch.Name.str();
  }
  return Names;
}

} // namespace smemlint
