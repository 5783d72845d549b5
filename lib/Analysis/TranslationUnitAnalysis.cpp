//===--- TranslationUnitAnalysis.cpp - Analyse one parsed file ------------===//

#include "Analysis/TranslationUnitAnalysis.h"

#include "Analysis/KernelAnalysis.h"
#include "Analysis/KernelDiscovery.h"
#include "Analysis/SourcePoints.h"
#include "Checks/CheckRegistry.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace smemlint {

BlockShape defaultBlockShape(bool UsesThreadY, bool UsesThreadZ,
                             std::optional<unsigned> MaxThreads) {
  unsigned Threads = MaxThreads && *MaxThreads > 0 && *MaxThreads <= 1024
                         ? *MaxThreads
                         : 256;
  // Kernels indexed in 2-D or 3-D are most often written for warp-wide rows.
  if (UsesThreadZ && Threads % 64 == 0 && Threads >= 128)
    return {32, Threads / 64, 2};
  if ((UsesThreadY || UsesThreadZ) && Threads % 32 == 0 && Threads >= 64)
    return {32, Threads / 32, 1};
  return {Threads, 1, 1};
}

namespace {

std::vector<ChosenShape> chooseShapes(const KernelInfo &Kernel,
                                      const AnalysisOptions &Options) {
  std::vector<ChosenShape> Shapes;
  auto AddShape = [&](BlockShape Block, ShapeSource Source,
                      SourceLocation Where) -> ChosenShape * {
    for (ChosenShape &Existing : Shapes)
      if (Existing.Block == Block)
        return nullptr;
    Shapes.push_back({Block, Source, Where, {}});
    return &Shapes.back();
  };
  // An option naming this kernel wins over one for all kernels.
  std::string PlainName = Kernel.Kernel->getNameAsString();
  for (const BlockDimOption &Option : Options.BlockDims)
    if (Option.Kernel == Kernel.Name || Option.Kernel == PlainName)
      AddShape(Option.Block, ShapeSource::Option, SourceLocation());
  if (Shapes.empty())
    for (const BlockDimOption &Option : Options.BlockDims)
      if (Option.Kernel.empty())
        AddShape(Option.Block, ShapeSource::Option, SourceLocation());
  if (!Shapes.empty())
    return Shapes;
  for (const AnnotatedShape &Annotation : Kernel.Annotations)
    AddShape(Annotation.Block, ShapeSource::Annotation, Annotation.Where);
  if (!Shapes.empty())
    return Shapes;
  for (const LaunchSite &Launch : Kernel.Launches) {
    if (!Launch.Block)
      continue;
    if (ChosenShape *Shape = AddShape(*Launch.Block, ShapeSource::Launch,
                                      Launch.Call->getBeginLoc()))
      Shape->KnownParameters = Launch.Arguments;
    else
      for (ChosenShape &Existing : Shapes)
        if (Existing.Block == *Launch.Block) {
          // Keep only the arguments every launch with this shape agrees on.
          llvm::SmallVector<const ParmVarDecl *, 4> Disagree;
          for (auto &[Param, Value] : Existing.KnownParameters) {
            auto Other = Launch.Arguments.find(Param);
            if (Other == Launch.Arguments.end() || Other->second != Value)
              Disagree.push_back(Param);
          }
          for (const ParmVarDecl *Param : Disagree)
            Existing.KnownParameters.erase(Param);
        }
  }
  if (Shapes.empty())
    AddShape(defaultBlockShape(Kernel.UsesThreadY, Kernel.UsesThreadZ,
                               Kernel.MaxThreads),
             ShapeSource::Default, SourceLocation());
  return Shapes;
}

std::string typeName(const ASTContext &Ctx, QualType T) {
  return T.getAsString(Ctx.getPrintingPolicy());
}

SharedVariableReport describeShared(const ASTContext &Ctx,
                                    const VarDecl *Var) {
  SharedVariableReport Report;
  Report.Name = Var->getNameAsString();
  Report.Type = typeName(Ctx, Var->getType());
  SharedArrayLayout Layout = declaredLayout(Ctx, Var);
  Report.ElementBytes = Layout.ElementBytes;
  Report.Dims = Layout.Dims;
  Report.Dynamic = Var->hasExternalStorage() ||
                   llvm::is_contained(Layout.Dims, uint64_t(0));
  Report.Bytes = Report.Dynamic ? 0 : Layout.totalBytes();
  Report.Where = toSourcePoint(Ctx.getSourceManager(), Var->getLocation());
  return Report;
}

void describeAccesses(const KernelAnalysis &Analysis, KernelReport &Report) {
  const SourceManager &SM = Analysis.context().getSourceManager();
  SharedTrafficTotals Totals;
  Totals.BlockDimIndex = Analysis.shapeIndex();
  for (auto [Index, Access] : llvm::enumerate(Analysis.profile().Accesses)) {
    AccessReport A;
    A.Where = toSourcePoint(SM, Access.Site->getBeginLoc());
    A.Array = Access.Array ? Access.Array->getNameAsString() : "";
    A.Kind = accessKindName(Access.Kind);
    A.WidthBytes = Access.WidthBytes;
    A.BlockDimIndex = Analysis.shapeIndex();
    A.Wavefronts = Access.worstWavefronts();
    A.WavefrontsMean = Access.meanWavefronts();
    A.IdealWavefronts = Access.idealWavefronts();
    A.Ways = Access.ways();
    A.WarpInstructions = Access.WarpInstructions;
    A.TotalWavefronts = Access.TotalWavefronts;
    std::string Sampled = Analysis.profile().samplingReason(Access);
    if (!Access.UnknownReason.empty()) {
      A.Status = "unknown";
      A.Reason = "the address depends on " + Access.UnknownReason;
    } else if (!Sampled.empty()) {
      A.Status = "sampled";
      A.Reason = Sampled;
    } else if (!Access.Assumptions.empty()) {
      A.Status = "sampled";
      A.Reason = Access.Assumptions.front();
    }
    auto Effects = Analysis.symbolEffects().find(Index);
    if (Effects != Analysis.symbolEffects().end())
      for (const SymbolEffect &Effect : Effects->second)
        A.DependsOn.push_back(
            Analysis.symbols().symbol(Effect.Symbol).spelling());
    Report.Accesses.push_back(A);

    uint64_t *Wavefronts = &Totals.LoadWavefronts;
    uint64_t *Instructions = &Totals.LoadInstructions;
    if (Access.Kind == AccessKind::Store) {
      Wavefronts = &Totals.StoreWavefronts;
      Instructions = &Totals.StoreInstructions;
    } else if (Access.Kind == AccessKind::Atomic) {
      Wavefronts = &Totals.AtomicWavefronts;
      Instructions = &Totals.AtomicInstructions;
    }
    *Wavefronts += Access.TotalWavefronts;
    *Instructions += Access.WarpInstructions;
  }
  Report.Totals.push_back(Totals);
  const EvaluationSummary &Summary = Analysis.profile().Summary;
  Report.BudgetExceeded |= Summary.BudgetExceeded;
  for (const std::string &Item : Summary.Unsupported)
    if (!llvm::is_contained(Report.Unsupported, Item))
      Report.Unsupported.push_back(Item);
}

} // namespace

FileReport analyzeTranslationUnit(ASTContext &Ctx,
                                  const AnalysisOptions &Options) {
  FileReport File;
  const SourceManager &SM = Ctx.getSourceManager();
  if (const FileEntry *Main = SM.getFileEntryForID(SM.getMainFileID()))
    File.File = Main->tryGetRealPathName().str();
  if (OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID()))
    File.File = Main->getName().str();

  std::vector<std::unique_ptr<Check>> Checks = createAllChecks();
  std::vector<KernelInfo> Kernels = discoverKernels(Ctx);
  for (const KernelInfo &Kernel : Kernels) {
    KernelReport Report;
    Report.Name = Kernel.Name;
    Report.Where = toSourcePoint(SM, Kernel.Kernel->getLocation());
    for (const VarDecl *Var : Kernel.SharedVariables)
      Report.Shared.push_back(describeShared(Ctx, Var));
    for (const std::string &Error : Kernel.AnnotationErrors)
      File.Diagnostics.push_back({"smem-lint-annotation",
                                  Severity::Warning,
                                  Report.Where,
                                  "ignored annotation " + Error,
                                  {},
                                  {}});

    std::vector<ChosenShape> Shapes = chooseShapes(Kernel, Options);
    for (auto [ShapeIndex, Shape] : llvm::enumerate(Shapes)) {
      BlockDimReport Dim;
      Dim.X = Shape.Block.X;
      Dim.Y = Shape.Block.Y;
      Dim.Z = Shape.Block.Z;
      Dim.Source = shapeSourceName(Shape.Source);
      Dim.Where = toSourcePoint(SM, Shape.Where);
      Report.BlockDims.push_back(Dim);

      EvaluationOptions Evaluation;
      Evaluation.Block = Shape.Block;
      Evaluation.WarpSize = Options.Arch->Banking.WarpSize;
      Evaluation.KnownParameters = Shape.KnownParameters;
      Evaluation.LoopIterationLimit = Options.LoopIterationLimit;
      Evaluation.StepBudget = Options.StepBudget;
      KernelAnalysis Analysis(Ctx, Kernel, Shape, ShapeIndex, *Options.Arch,
                              std::move(Evaluation));
      describeAccesses(Analysis, Report);
      for (const std::unique_ptr<Check> &Check : Checks)
        Check->checkKernel(Analysis, File.Diagnostics);
    }
    File.Kernels.push_back(std::move(Report));
  }
  return File;
}

} // namespace smemlint
