//===--- LayoutFixes.h - The layout fixes proposed for one kernel -*- C++ -*-===//
//
// Remembers the padding and the swizzle proposed for each array of one kernel
// analysis: each search evaluates the kernel again (padding once per
// candidate row length), so it runs once however many checks offer or weigh
// the result.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_FIXES_LAYOUTFIXES_H
#define SMEMLINT_FIXES_LAYOUTFIXES_H

#include "Fixes/PaddingFix.h"
#include "Fixes/SwizzleFix.h"

#include <map>

namespace smemlint {

class LayoutFixAdvisor {
public:
  explicit LayoutFixAdvisor(const KernelAnalysis &Analysis)
      : Analysis(Analysis) {}

  const std::optional<PaddingProposal> &padding(const clang::VarDecl *Array) {
    auto [It, New] = Paddings.try_emplace(Array);
    if (New)
      It->second = proposePadding(Analysis, Array);
    return It->second;
  }
  const std::optional<SwizzleProposal> &swizzle(const clang::VarDecl *Array) {
    auto [It, New] = Swizzles.try_emplace(Array);
    if (New)
      It->second = proposeSwizzle(Analysis, Array);
    return It->second;
  }

private:
  const KernelAnalysis &Analysis;
  std::map<const clang::VarDecl *, std::optional<PaddingProposal>> Paddings;
  std::map<const clang::VarDecl *, std::optional<SwizzleProposal>> Swizzles;
};

} // namespace smemlint

#endif
