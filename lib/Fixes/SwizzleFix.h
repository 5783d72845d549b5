//===--- SwizzleFix.h - XOR-swizzle a shared array's index, proven by re-analysis -*- C++ -*-//
//
// When padding cannot remove a bank conflict (a warp spans several rows, the
// array is one-dimensional or dynamic) or costs residency, an XOR swizzle of
// the innermost index permutes each row's elements across the banks at no
// memory cost: `a[i][j]` becomes `a[i][j ^ (i & M)]`, and a one-dimensional
// `a[k]` becomes `a[k ^ ((k >> S) & M)]`. Every access of the array is
// rewritten the same way, so the data stays where its readers look for it;
// the kernel is evaluated again with the swizzled layout before the fix is
// offered.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_FIXES_SWIZZLEFIX_H
#define SMEMLINT_FIXES_SWIZZLEFIX_H

#include "Analysis/KernelAnalysis.h"
#include "Fixes/PaddingFix.h"
#include "Report/Report.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace smemlint {

struct SwizzleProposal {
  const clang::VarDecl *Array = nullptr;
  uint64_t Mask = 0;
  /// "tile[r][c ^ (r & 31)]": the rewrite, for the note.
  std::string Pattern;
  bool ConflictFree = false;
  /// As PaddingProposal's.
  uint64_t TotalBefore = 0, TotalAfter = 0;
  std::string ProofSampling;
  /// Every access of the array, before and after (PaddedAccess serves both
  /// kinds of layout change).
  std::vector<PaddedAccess> Accesses;
  /// One replacement per index rewritten, in every access of the array.
  std::vector<FixIt> Fixes;
};

/// Why \p Array cannot be swizzled, or "" if it can.
std::string swizzleObstacle(const KernelAnalysis &Analysis,
                            const clang::VarDecl *Array);

/// The swizzle of \p Array, if it lowers the array's wavefronts.
std::optional<SwizzleProposal> proposeSwizzle(const KernelAnalysis &Analysis,
                                              const clang::VarDecl *Array);

} // namespace smemlint

#endif
