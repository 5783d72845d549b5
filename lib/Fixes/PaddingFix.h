//===--- PaddingFix.h - Pad a shared array's rows, proven by re-analysis -*- C++
//-*-//
//
// Finds the smallest padding of a shared array's last dimension that removes
// its bank conflicts (or, if none does, the one that leaves the fewest
// wavefronts), by evaluating the kernel again with each padded layout and
// every access of the array, stores included.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_FIXES_PADDINGFIX_H
#define SMEMLINT_FIXES_PADDINGFIX_H

#include "Analysis/KernelAnalysis.h"
#include "Report/Report.h"

#include <optional>
#include <vector>

namespace smemlint {

/// One access of the padded array, before and after.
struct PaddedAccess {
  const AccessStats *Access = nullptr;
  /// Of the worst warp instruction; over every execution (TotalWavefronts)
  /// when InAll.
  uint64_t WavefrontsBefore = 0, WavefrontsAfter = 0;
  unsigned IdealAfter = 0;
  /// The fix changes the instructions the compiled code performs the
  /// access with (iterations merged before, not after): per-instruction
  /// numbers would compare different instructions.
  bool InAll = false;
};

/// The change of \p Before, an access of the current layout, to \p After,
/// the same access re-analysed with a fix.
PaddedAccess changeOf(const AccessStats &Before, const AccessStats *After);

struct PaddingProposal {
  const clang::VarDecl *Array = nullptr;
  unsigned PadElements = 0;
  uint64_t RowBefore = 0, RowAfter = 0; ///< Elements per row.
  uint64_t BytesBefore = 0, BytesAfter = 0;
  /// Every access of the array is at its ideal after the fix.
  bool ConflictFree = false;
  /// The array's wavefronts per block over every access, before and after.
  uint64_t TotalBefore = 0, TotalAfter = 0;
  /// Why the re-analysis that proves the fix evaluated only some iterations
  /// of a loop with an access of the array ("" when it evaluated them all):
  /// its numbers are then estimates, and the note says so.
  std::string ProofSampling;
  std::vector<PaddedAccess> Accesses;
  FixIt Fix;
};

/// The wavefronts per block of every access of \p Array in \p After, the
/// re-analysis of a layout change, comparable with \p Before's: an access
/// whose loop the re-analysis sampled where \p Before did not (or the
/// other way) is counted at its mean per warp instruction times the
/// warp instructions \p Before counted, since the raw totals would compare
/// a part of the iterations with all of them.
uint64_t comparableWavefronts(const SharedAccessProfile &Before,
                              const SharedAccessProfile &After,
                              const clang::VarDecl *Array);

/// Why \p After, the re-analysis of a layout change of \p Array, sampled a
/// loop with an access of the array, each reason once; "" when it did not.
std::string proofSampling(const SharedAccessProfile &After,
                          const clang::VarDecl *Array);

/// Why padding cannot be offered for \p Array, or "" if it can.
std::string paddingObstacle(const KernelAnalysis &Analysis,
                            const clang::VarDecl *Array);

/// Why no layout fix of \p Array can be offered because the TMA engine
/// copies it (SharedAccessProfile::BulkCopied): the copy lays its bytes out
/// by itself; "" when it does not.
std::string bulkCopyObstacle(const KernelAnalysis &Analysis,
                             const clang::VarDecl *Array);

/// The best padding of \p Array, if one improves on the declared layout.
std::optional<PaddingProposal> proposePadding(const KernelAnalysis &Analysis,
                                              const clang::VarDecl *Array);

} // namespace smemlint

#endif
