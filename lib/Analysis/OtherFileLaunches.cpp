//===--- OtherFileLaunches.cpp - Launches one file makes of another's kernels
//===//

#include "Analysis/OtherFileLaunches.h"

#include "Analysis/SourcePoints.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Mangle.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace smemlint {

std::string kernelSymbol(ASTContext &Ctx, const FunctionDecl *Kernel) {
  return clang::ASTNameGenerator(Ctx).getName(Kernel);
}

void describeExternalUses(ASTContext &Ctx, const HostLaunches &Host,
                          FileReport &File) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto DefinedElsewhere = [&](const FunctionDecl *Kernel) {
    if (Kernel->isInvalidDecl() || Kernel->isDependentContext())
      return false;
    const FunctionDecl *Definition = nullptr;
    if (!Kernel->isDefined(Definition))
      return true;
    SourceLocation Where = SM.getExpansionLoc(Definition->getLocation());
    return !SM.isInMainFile(Where) && !SM.isInSystemHeader(Where);
  };
  auto Dims = [](const BlockShape &Shape) {
    return std::array<unsigned, 3>{Shape.X, Shape.Y, Shape.Z};
  };
  for (const auto &[Kernel, Sites] : Host.Launches) {
    if (!DefinedElsewhere(Kernel))
      continue;
    std::string Symbol = kernelSymbol(Ctx, Kernel);
    std::string Name;
    llvm::raw_string_ostream Out(Name);
    Kernel->getNameForDiagnostic(Out, Ctx.getPrintingPolicy(),
                                 /*Qualified=*/true);
    Out.flush();
    for (const LaunchSite &Site : Sites) {
      ExternalLaunch Launch;
      Launch.MangledName = Symbol;
      Launch.KernelName = Name;
      Launch.Where = toSourcePoint(SM, Site.Call->getBeginLoc());
      if (Site.Through)
        Launch.ThroughLine =
            SM.getExpansionLineNumber(Site.Through->getBeginLoc());
      if (Site.Block)
        Launch.Block = Dims(*Site.Block);
      if (Site.Grid)
        Launch.Grid = Dims(*Site.Grid);
      Launch.DynamicSharedBytes = Site.DynamicShared;
      for (const auto &[Param, Value] : Site.Arguments)
        Launch.Arguments.emplace_back(Param->getFunctionScopeIndex(), Value);
      llvm::sort(Launch.Arguments);
      Launch.MoreConfigurations = Site.MoreConfigurations;
      File.ExternalLaunches.push_back(std::move(Launch));
    }
  }
  for (const auto &[Kernel, OptIn] : Host.OptIns)
    if (DefinedElsewhere(Kernel))
      File.ExternalOptIns.push_back({kernelSymbol(Ctx, Kernel), OptIn.Bytes,
                                     toSourcePoint(SM, OptIn.Where)});
}

void attachOtherFilesUses(ASTContext &Ctx,
                          const std::vector<ExternalLaunch> &Launches,
                          const std::vector<ExternalOptIn> &OptIns,
                          std::vector<KernelInfo> &Kernels) {
  if (Launches.empty() && OptIns.empty())
    return;
  for (KernelInfo &Kernel : Kernels) {
    std::string Symbol = kernelSymbol(Ctx, Kernel.Kernel);
    for (const ExternalLaunch &Launch : Launches)
      if (Launch.MangledName == Symbol)
        Kernel.LaunchesElsewhere.push_back(Launch);
    if (Kernel.OptsIntoLargeDynamicShared)
      continue; // the file's own opt-in decides
    for (const ExternalOptIn &OptIn : OptIns) {
      if (OptIn.MangledName != Symbol)
        continue;
      // The largest opt-in; one of a size not known is taken as enough.
      bool Larger =
          !Kernel.OptsIntoLargeDynamicShared ||
          (Kernel.OptInDynamicBytes &&
           (!OptIn.Bytes || *OptIn.Bytes > *Kernel.OptInDynamicBytes));
      if (!Larger)
        continue;
      Kernel.OptsIntoLargeDynamicShared = true;
      Kernel.OptInDynamicBytes = OptIn.Bytes;
      Kernel.OptInElsewhere = OptIn.Where;
    }
  }
}

LaunchSite launchFromOtherFile(const ExternalLaunch &Launch,
                               const FunctionDecl *Kernel) {
  LaunchSite Site;
  // The evaluation knows the parameters by the definition's declarations.
  const FunctionDecl *Definition = Kernel;
  Kernel->hasBody(Definition);
  auto Shape = [](const std::array<unsigned, 3> &Dims) {
    return BlockShape{Dims[0], Dims[1], Dims[2]};
  };
  if (Launch.Block)
    Site.Block = Shape(*Launch.Block);
  if (Launch.Grid)
    Site.Grid = Shape(*Launch.Grid);
  Site.DynamicShared = Launch.DynamicSharedBytes;
  for (auto [Index, Value] : Launch.Arguments)
    if (Index < Definition->getNumParams())
      Site.Arguments[Definition->getParamDecl(Index)] = Value;
  Site.MoreConfigurations = Launch.MoreConfigurations;
  return Site;
}

} // namespace smemlint
