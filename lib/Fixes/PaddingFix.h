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
  std::vector<PaddedAccess> Accesses;
  FixIt Fix;
};

/// Why padding cannot be offered for \p Array, or "" if it can.
std::string paddingObstacle(const KernelAnalysis &Analysis,
                            const clang::VarDecl *Array);

/// The best padding of \p Array, if one improves on the declared layout.
std::optional<PaddingProposal> proposePadding(const KernelAnalysis &Analysis,
                                              const clang::VarDecl *Array);

} // namespace smemlint

#endif
