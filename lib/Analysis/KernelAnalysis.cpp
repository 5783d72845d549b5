//===--- KernelAnalysis.cpp - One kernel under one block shape ------------===//

#include "Analysis/KernelAnalysis.h"

namespace smemlint {

KernelAnalysis::KernelAnalysis(clang::ASTContext &Ctx,
                               const KernelInfo &Kernel, ChosenShape Shape,
                               unsigned ShapeIndex, const ArchInfo &Arch,
                               EvaluationOptions Options)
    : Ctx(Ctx), Kernel(Kernel), Shape(std::move(Shape)),
      ShapeIndex(ShapeIndex), Arch(Arch), Options(std::move(Options)) {
  BarrierObserver BarrierWatch(this->Options.Block.threads(),
                               Arch.Banking.WarpSize, Barriers);
  Profile = profileSharedAccesses(Ctx, Kernel.Kernel, this->Options, Symbols,
                                  Arch.Banking, &BarrierWatch);
  if (!Profile.Summary.BudgetExceeded)
    SymbolEffects = sweepSymbols(Ctx, Kernel.Kernel, this->Options, Symbols,
                                 Arch.Banking, Profile);
}

SharedAccessProfile KernelAnalysis::reanalyse(
    const llvm::DenseMap<const clang::VarDecl *, SharedArrayLayout> &Layouts)
    const {
  EvaluationOptions Changed = Options;
  Changed.LayoutOverrides = Layouts;
  return profileSharedAccesses(Ctx, Kernel.Kernel, Changed, Symbols,
                               Arch.Banking);
}

} // namespace smemlint
