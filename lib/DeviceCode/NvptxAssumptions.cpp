//===--- NvptxAssumptions.cpp - What nvcc knows about memory --------------===//

#include "DeviceCode/NvptxAssumptions.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Passes/PassBuilder.h"

namespace smemlint {

llvm::AnalysisKey AddressSpaceAlias::Key;

llvm::AliasResult AddressSpaceAliasResult::alias(const llvm::MemoryLocation &A,
                                                 const llvm::MemoryLocation &B,
                                                 llvm::AAQueryInfo &,
                                                 const llvm::Instruction *) {
  unsigned SpaceA = A.Ptr->getType()->getPointerAddressSpace();
  unsigned SpaceB = B.Ptr->getType()->getPointerAddressSpace();
  if (SpaceA != SpaceB && SpaceA != 0 && SpaceB != 0)
    return llvm::AliasResult::NoAlias;
  return llvm::AliasResult::MayAlias;
}

void registerAddressSpaceAlias(llvm::PassBuilder &Builder,
                               llvm::FunctionAnalysisManager &Functions) {
  Functions.registerPass([] { return AddressSpaceAlias(); });
  Functions.registerPass([&Builder] {
    llvm::AAManager Alias = Builder.buildDefaultAAPipeline();
    Alias.registerFunctionAnalysis<AddressSpaceAlias>();
    return Alias;
  });
}

void globalizePointerParameters(llvm::Function &Kernel) {
  if (Kernel.isDeclaration())
    return;
  llvm::IRBuilder<> Builder(&*Kernel.getEntryBlock().getFirstInsertionPt());
  for (llvm::Argument &Parameter : Kernel.args()) {
    auto *Type = llvm::dyn_cast<llvm::PointerType>(Parameter.getType());
    if (!Type || Type->getAddressSpace() != 0 || Parameter.use_empty())
      continue;
    llvm::Value *Global = Builder.CreateAddrSpaceCast(
        &Parameter, llvm::PointerType::get(Kernel.getContext(), 1));
    llvm::Value *Generic = Builder.CreateAddrSpaceCast(Global, Type);
    Parameter.replaceUsesWithIf(
        Generic, [&](llvm::Use &U) { return U.getUser() != Global; });
  }
}

} // namespace smemlint
