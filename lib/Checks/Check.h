//===--- Check.h - The interface every smem-lint check implements -*- C++ -*-//
//
// A check looks at one kernel analysed under one block shape and appends its
// findings. Checks never print; the output layer renders what they return.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_CHECK_H
#define SMEMLINT_CHECKS_CHECK_H

#include "Analysis/KernelAnalysis.h"
#include "Fixes/LayoutFixes.h"
#include "Report/Report.h"

#include "llvm/ADT/StringRef.h"

#include <vector>

namespace smemlint {

/// What a check sees: one kernel under one block shape, and the layout
/// fixes proposed for its arrays (computed once, shared by the checks that
/// offer or weigh them).
struct CheckContext {
  const KernelAnalysis &Analysis;
  LayoutFixAdvisor &Fixes;
};

class Check {
public:
  explicit Check(llvm::StringRef Name) : Name(Name) {}
  virtual ~Check() = default;

  /// The check's name as users select and suppress it: "smem-bank-conflict".
  llvm::StringRef name() const { return Name; }

  virtual void checkKernel(const CheckContext &Context,
                           std::vector<Diagnostic> &Findings) = 0;

private:
  std::string Name;
};

} // namespace smemlint

#endif
