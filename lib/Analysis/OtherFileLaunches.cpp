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

using namespace clang;

namespace smemlint {

void describeExternalUses(ASTContext &Ctx, const HostLaunches &Host,
                          FileReport &File) {
  const SourceManager &SM = Ctx.getSourceManager();
  ASTNameGenerator Symbols(Ctx);
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
    std::string Symbol = Symbols.getName(Kernel);
    for (const LaunchSite &Site : Sites) {
      ExternalLaunch Launch;
      Launch.MangledName = Symbol;
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
      File.ExternalOptIns.push_back({Symbols.getName(Kernel), OptIn.Bytes,
                                     toSourcePoint(SM, OptIn.Where)});
}

void attachOtherFilesUses(ASTContext &Ctx,
                          const std::vector<ExternalLaunch> &Launches,
                          const std::vector<ExternalOptIn> &OptIns,
                          std::vector<KernelInfo> &Kernels) {
  if (Launches.empty() && OptIns.empty())
    return;
  ASTNameGenerator Symbols(Ctx);
  for (KernelInfo &Kernel : Kernels) {
    std::string Symbol = Symbols.getName(Kernel.Kernel);
    for (const ExternalLaunch &Launch : Launches)
      if (Launch.MangledName == Symbol)
        Kernel.LaunchesElsewhere.push_back(Launch);
    if (Kernel.OptsIntoLargeDynamicShared)
      continue; // the file's own opt-in decides
    // The largest opt-in; one of a size not known is taken as enough.
    const ExternalOptIn *Largest = nullptr;
    for (const ExternalOptIn &OptIn : OptIns)
      if (OptIn.MangledName == Symbol &&
          (!Largest || (Largest->Bytes &&
                        (!OptIn.Bytes || *OptIn.Bytes > *Largest->Bytes))))
        Largest = &OptIn;
    if (Largest) {
      Kernel.OptsIntoLargeDynamicShared = true;
      Kernel.OptInDynamicBytes = Largest->Bytes;
      Kernel.OptInElsewhere = Largest->Where;
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
