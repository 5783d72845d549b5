//===--- NvptxAssumptions.h - What nvcc knows about memory -*- C++ -*-===//
//
// Two facts about CUDA's memories that nvcc's optimizer uses and LLVM 19's
// generic passes do not know: pointers into different address spaces never
// alias, and a kernel's pointer parameters point to global memory. Both
// copies of the device code that are optimized as nvcc would (the unrolled
// copy, the copy that finds which statements become one vector instruction)
// use them.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_DEVICECODE_NVPTXASSUMPTIONS_H
#define SMEMLINT_DEVICECODE_NVPTXASSUMPTIONS_H

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/IR/PassManager.h"

namespace llvm {
class Function;
class PassBuilder;
} // namespace llvm

namespace smemlint {

/// CUDA's memories do not overlap: a global (1), shared (3), constant (4)
/// or local (5) pointer never aliases one of another space. What NVPTX's own
/// alias analysis says from LLVM 20 on; without it the vectorizer cannot
/// move a shared store past a global load (`s[4 * t + i] = in[i]`), which
/// nvcc does.
class AddressSpaceAliasResult : public llvm::AAResultBase {
public:
  AddressSpaceAliasResult() = default;
  llvm::AliasResult alias(const llvm::MemoryLocation &A,
                          const llvm::MemoryLocation &B, llvm::AAQueryInfo &,
                          const llvm::Instruction *);
  bool invalidate(llvm::Function &, const llvm::PreservedAnalyses &,
                  llvm::FunctionAnalysisManager::Invalidator &) {
    return false;
  }
};

class AddressSpaceAlias : public llvm::AnalysisInfoMixin<AddressSpaceAlias> {
  friend llvm::AnalysisInfoMixin<AddressSpaceAlias>;
  static llvm::AnalysisKey Key;

public:
  using Result = AddressSpaceAliasResult;
  Result run(llvm::Function &, llvm::FunctionAnalysisManager &) {
    return Result();
  }
};

/// Registers AddressSpaceAlias with \p Functions, and the default alias
/// analyses of \p Builder with it in front, before
/// PassBuilder::registerFunctionAnalyses.
void registerAddressSpaceAlias(llvm::PassBuilder &Builder,
                               llvm::FunctionAnalysisManager &Functions);

/// A kernel's pointer parameters point to global memory (a shared or local
/// address does not outlive the launch); nvcc compiles them so, as NVPTX's
/// argument lowering does: a cast to the global space and back, which
/// address-space inference then carries to the accesses.
void globalizePointerParameters(llvm::Function &Kernel);

} // namespace smemlint

#endif
