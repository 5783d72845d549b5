//===--- TranslationUnitAnalysis.cpp - Analyse one parsed file ------------===//

#include "Checks/TranslationUnitAnalysis.h"

#include "Checks/HazardWording.h"

#include "Analysis/GlobalTrafficReport.h"
#include "Analysis/KernelAnalysis.h"
#include "Analysis/KernelDiscovery.h"
#include "Analysis/OtherFileLaunches.h"
#include "Analysis/ProblemSizes.h"
#include "Analysis/SourcePoints.h"
#include "Checks/CheckRegistry.h"
#include "DeviceCode/CompiledSharedAccesses.h"
#include "Evaluation/KernelEvaluator.h"
#include "Evaluation/MemoryUsage.h"
#include "Model/BankModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <map>
#include <set>
#include <time.h>

using namespace clang;

namespace smemlint {

BlockShape defaultBlockShape(bool UsesThreadY, bool UsesThreadZ,
                             std::optional<unsigned> MaxThreads) {
  unsigned Threads =
      MaxThreads && *MaxThreads > 0 && *MaxThreads <= 1024 ? *MaxThreads : 256;
  // Kernels indexed in 2-D or 3-D are most often written for warp-wide rows.
  if (UsesThreadZ && Threads % 64 == 0 && Threads >= 128)
    return {32, Threads / 64, 2};
  if ((UsesThreadY || UsesThreadZ) && Threads % 32 == 0 && Threads >= 64)
    return {32, Threads / 32, 1};
  return {Threads, 1, 1};
}

bool settingNamesKernel(StringRef Setting, StringRef KernelName) {
  if (Setting.empty())
    return false;
  std::string Name = KernelName.str();
  for (StringRef Anonymous : {"(anonymous namespace)::", "(anonymous)::"})
    for (size_t At; (At = Name.find(Anonymous.str())) != std::string::npos;)
      Name.erase(At, Anonymous.size());
  for (StringRef Candidate : {KernelName, StringRef(Name)}) {
    StringRef Base = Candidate.split('<').first;
    StringRef Unqualified = Base.rsplit("::").second;
    if (Setting == Candidate || Setting == Base ||
        (!Unqualified.empty() && Setting == Unqualified))
      return true;
  }
  return false;
}

namespace {

/// The budget an evaluation reached: "its budget of 64000000 thread-steps",
/// or its time or memory budget.
std::string budgetReached(const SharedAccessProfile &Profile) {
  if (!Profile.Summary.BudgetReason.empty())
    return Profile.Summary.BudgetReason;
  return "its budget of " + std::to_string(Profile.StepBudget) +
         " thread-steps" +
         (Profile.StepBudgetReason.empty() ? std::string()
                                           : ", " + Profile.StepBudgetReason);
}

std::vector<ChosenShape> chooseShapes(const KernelInfo &Kernel,
                                      const AnalysisOptions &Options) {
  std::vector<ChosenShape> Shapes;
  auto AddShape = [&](BlockShape Block, ShapeSource Source,
                      SourceLocation Where) -> ChosenShape * {
    for (ChosenShape &Existing : Shapes)
      if (Existing.Block == Block)
        return nullptr;
    // Member by member: clang rejects copy-list-initialising the DenseMap
    // (explicit default constructor) that an aggregate initialiser implies.
    ChosenShape &Shape = Shapes.emplace_back();
    Shape.Block = Block;
    Shape.Source = Source;
    Shape.Where = Where;
    return &Shape;
  };
  // An option naming this kernel wins over one for all kernels.
  for (const BlockDimOption &Option : Options.BlockDims)
    if (settingNamesKernel(Option.Kernel, Kernel.Name))
      AddShape(Option.Block, ShapeSource::Option, SourceLocation());
  if (Shapes.empty())
    for (const BlockDimOption &Option : Options.BlockDims)
      if (Option.Kernel.empty())
        AddShape(Option.Block, ShapeSource::Option, SourceLocation());
  // The launches of this file, then (for a kernel none of them gives a
  // shape) those of the other files of the run.
  std::vector<LaunchSite> OtherFiles;
  for (const ExternalLaunch &Launch : Kernel.LaunchesElsewhere)
    OtherFiles.push_back(launchFromOtherFile(Launch, Kernel.Kernel));
  auto WithLaunchDynamicBytes = [&]() {
    std::optional<uint64_t> Largest;
    SourceLocation LargestWhere;
    std::optional<SourcePoint> LargestElsewhere;
    auto Consider = [&](const LaunchSite &Launch,
                        const ExternalLaunch *Elsewhere) {
      if (!Launch.DynamicShared ||
          (Largest && *Launch.DynamicShared <= *Largest))
        return;
      Largest = *Launch.DynamicShared;
      LargestWhere =
          Launch.Call ? Launch.Call->getBeginLoc() : SourceLocation();
      LargestElsewhere = Elsewhere
                             ? std::optional<SourcePoint>(Elsewhere->Where)
                             : std::nullopt;
    };
    for (const LaunchSite &Launch : Kernel.Launches)
      Consider(Launch, nullptr);
    if (!Largest)
      for (auto [Launch, Elsewhere] :
           llvm::zip(OtherFiles, Kernel.LaunchesElsewhere))
        Consider(Launch, &Elsewhere);
    for (ChosenShape &Shape : Shapes) {
      Shape.DynamicSharedBytes = Largest;
      Shape.DynamicSharedWhere = LargestWhere;
      Shape.DynamicSharedInOtherFile = LargestElsewhere;
    }
    return Shapes;
  };
  if (!Shapes.empty())
    return WithLaunchDynamicBytes();
  for (const AnnotatedShape &Annotation : Kernel.Annotations)
    AddShape(Annotation.Block, ShapeSource::Annotation, Annotation.Where);
  if (!Shapes.empty())
    return WithLaunchDynamicBytes();
  auto UseLaunch = [&](const LaunchSite &Launch,
                       const ExternalLaunch *Elsewhere) {
    if (!Launch.Block)
      return;
    SourceLocation Where =
        Launch.Call ? Launch.Call->getBeginLoc() : SourceLocation();
    std::optional<SourcePoint> WhereElsewhere;
    if (Elsewhere)
      WhereElsewhere = Elsewhere->Where;
    if (ChosenShape *Shape =
            AddShape(*Launch.Block, ShapeSource::Launch, Where)) {
      Shape->KnownParameters = Launch.Arguments;
      Shape->LaunchArguments = Launch.Arguments;
      if (Launch.Through)
        Shape->Through = Launch.Through->getBeginLoc();
      Shape->MoreConfigurations = Launch.MoreConfigurations;
      Shape->DynamicSharedBytes = Launch.DynamicShared;
      Shape->DynamicSharedWhere = Where;
      Shape->LaunchInOtherFile = WhereElsewhere;
      Shape->DynamicSharedInOtherFile = WhereElsewhere;
      Shape->ThroughLineInOtherFile = Elsewhere ? Elsewhere->ThroughLine : 0;
      Shape->Grid = Launch.Grid;
      Shape->TensorMaps = Launch.TensorMaps;
      return;
    }
    for (ChosenShape &Existing : Shapes) {
      if (!(Existing.Block == *Launch.Block))
        continue;
      if (Existing.Grid && (!Launch.Grid || !(*Launch.Grid == *Existing.Grid)))
        Existing.Grid.reset();
      Existing.MoreConfigurations |= Launch.MoreConfigurations;
      // A tensor map another launch encodes otherwise is not known.
      llvm::SmallVector<const ParmVarDecl *, 2> Differ;
      for (const auto &[Param, Map] : Existing.TensorMaps) {
        auto Other = Launch.TensorMaps.find(Param);
        if (Other == Launch.TensorMaps.end() || Other->second != Map)
          Differ.push_back(Param);
      }
      for (const ParmVarDecl *Param : Differ)
        Existing.TensorMaps.erase(Param);
      if (Launch.DynamicShared &&
          (!Existing.DynamicSharedBytes ||
           *Launch.DynamicShared > *Existing.DynamicSharedBytes)) {
        Existing.DynamicSharedBytes = *Launch.DynamicShared;
        Existing.DynamicSharedWhere = Where;
        Existing.DynamicSharedInOtherFile = WhereElsewhere;
      }
      // An argument the launches with this shape disagree on becomes a
      // set of candidate values; one a launch does not give is unknown.
      llvm::SmallVector<const ParmVarDecl *, 4> Disagree;
      for (auto &[Param, Value] : Existing.KnownParameters) {
        auto Other = Launch.Arguments.find(Param);
        if (Other == Launch.Arguments.end() || Other->second != Value)
          Disagree.push_back(Param);
      }
      for (const ParmVarDecl *Param : Disagree) {
        auto Other = Launch.Arguments.find(Param);
        if (Other != Launch.Arguments.end())
          Existing.CandidateParameters[Param] = {
              Existing.KnownParameters[Param], Other->second};
        Existing.KnownParameters.erase(Param);
      }
      for (auto &[Param, Values] : Existing.CandidateParameters) {
        auto Other = Launch.Arguments.find(Param);
        if (Other == Launch.Arguments.end())
          Values.clear(); // some launch passes an unknown value
        else if (!Values.empty() && !llvm::is_contained(Values, Other->second))
          Values.push_back(Other->second);
      }
    }
  };
  for (const LaunchSite &Launch : Kernel.Launches)
    UseLaunch(Launch, nullptr);
  // The other files' launches add the blocks this file's do not launch with
  // (every block, when this file gives none); a block both launch with is
  // analysed with this file's configuration.
  std::vector<BlockShape> OwnBlocks;
  for (const ChosenShape &Shape : Shapes)
    OwnBlocks.push_back(Shape.Block);
  for (auto [Launch, Elsewhere] :
       llvm::zip(OtherFiles, Kernel.LaunchesElsewhere))
    if (Launch.Block && !llvm::is_contained(OwnBlocks, *Launch.Block))
      UseLaunch(Launch, &Elsewhere);
  if (Shapes.empty()) {
    AddShape(defaultBlockShape(Kernel.UsesThreadY, Kernel.UsesThreadZ,
                               Kernel.MaxThreads),
             ShapeSource::Default, SourceLocation());
    // Launches whose block shape is not constant may still pass constant
    // dynamic bytes.
    return WithLaunchDynamicBytes();
  }
  return Shapes;
}

/// The value of a per-kernel option for \p Kernel: the entry naming it, else
/// one for all kernels.
std::optional<uint64_t>
optionFor(const KernelInfo &Kernel,
          const std::vector<KernelValueOption> &Options) {
  std::optional<uint64_t> ForAll;
  for (const KernelValueOption &Option : Options) {
    if (settingNamesKernel(Option.Kernel, Kernel.Name))
      return Option.Value;
    if (Option.Kernel.empty())
      ForAll = Option.Value;
  }
  return ForAll;
}

/// Fills in what the options say about dynamic shared memory, registers and
/// parameter values.
void applyResourceOptions(const KernelInfo &Kernel,
                          const AnalysisOptions &Options,
                          std::vector<ChosenShape> &Shapes) {
  std::optional<uint64_t> Dynamic =
      optionFor(Kernel, Options.DynamicSharedBytes);
  std::optional<uint64_t> Registers =
      optionFor(Kernel, Options.RegistersPerThread);
  for (ChosenShape &Shape : Shapes) {
    if (Dynamic) {
      Shape.DynamicSharedBytes = *Dynamic;
      Shape.DynamicSharedSource = "option";
    } else if (Shape.DynamicSharedBytes) {
      Shape.DynamicSharedSource = "launch";
    }
    if (Registers)
      Shape.RegistersPerThread = unsigned(*Registers);
  }
  // The grid: an option naming this kernel, one for all, a grid_dim
  // comment, else what the launches agree on.
  std::optional<BlockShape> Grid;
  if (Kernel.AnnotatedGrid)
    Grid = Kernel.AnnotatedGrid->Block;
  for (bool Named : {false, true})
    for (const BlockDimOption &Option : Options.GridDims)
      if (Named ? settingNamesKernel(Option.Kernel, Kernel.Name)
                : Option.Kernel.empty())
        Grid = Option.Block;
  if (Grid)
    for (ChosenShape &Shape : Shapes)
      Shape.Grid = Grid;
  // Parameter values: an assume comment above the kernel, then the options
  // (the one naming this kernel wins over one for all).
  auto Assign = [&](llvm::StringRef Name, int64_t Value) {
    for (const ParmVarDecl *Param : Kernel.Kernel->parameters()) {
      if (Param->getName() != Name ||
          !Param->getType()->isIntegralOrEnumerationType())
        continue;
      for (ChosenShape &Shape : Shapes) {
        Shape.KnownParameters[Param] = Value;
        Shape.CandidateParameters.erase(Param);
      }
    }
  };
  for (const AnnotatedValue &Assumed : Kernel.AssumedValues)
    Assign(Assumed.Name, Assumed.Value);
  auto Applies = [&](const ParameterValueSetting &Setting, bool Named) {
    return Named ? settingNamesKernel(Setting.Kernel, Kernel.Name)
                 : Setting.Kernel.empty();
  };
  for (bool Named : {false, true})
    for (const ParameterValueSetting &Setting : Options.ParameterValues)
      if (Applies(Setting, Named))
        Assign(Setting.Name, Setting.Value);
}

std::string typeName(const ASTContext &Ctx, QualType T) {
  return T.getAsString(Ctx.getPrintingPolicy());
}

SharedVariableReport describeShared(const ASTContext &Ctx,
                                    const SharedVariable &Var) {
  SharedVariableReport Report;
  Report.Name = Var.Decl->getNameAsString();
  Report.Type = typeName(Ctx, Var.Decl->getType());
  Report.ElementBytes = Var.Layout.ElementBytes;
  Report.Dims = Var.Layout.Dims;
  Report.Dynamic = Var.Dynamic;
  Report.Bytes = Var.StaticBytes;
  Report.Where = toSourcePoint(Ctx.getSourceManager(), Var.Decl->getLocation());
  return Report;
}

/// The first place where the evaluation went no further for some threads.
const EvaluationGap *firstStop(const EvaluationSummary &Summary) {
  auto Stop = llvm::find_if(
      Summary.Incomplete, [](const EvaluationGap &Gap) { return Gap.Stopped; });
  return Stop == Summary.Incomplete.end() ? nullptr : &*Stop;
}

void describeAccesses(const KernelAnalysis &Analysis, KernelReport &Report) {
  const SourceManager &SM = Analysis.context().getSourceManager();
  for (const WarpgroupMmaReads &Reads : Analysis.profile().WarpgroupMma) {
    WarpgroupMmaReport W;
    W.Where = toSourcePoint(SM, Reads.Site->getBeginLoc());
    if (Reads.CalledFrom.isValid())
      W.CalledFrom = toSourcePoint(SM, Reads.CalledFrom);
    W.BlockDimIndex = Analysis.shapeIndex();
    W.Operand = std::string(1, Reads.Operand.Operand);
    W.Array = Reads.Array ? Reads.Array->getNameAsString() : "";
    W.Layout = Reads.Operand.Layout;
    W.BytesPerInstruction = Reads.Operand.Bytes;
    W.WavefrontsPerInstruction = Reads.Operand.Wavefronts;
    if (Reads.Operand.Bytes)
      W.Instructions = Reads.Pieces * 16 / Reads.Operand.Bytes;
    for (unsigned Symbol = 0; Symbol < 64; ++Symbol)
      if (Reads.Symbols >> Symbol & 1)
        W.DependsOn.push_back(Analysis.symbols().symbol(Symbol).spelling());
    if (!W.DependsOn.empty()) {
      W.Status = "assumed";
      W.Reason = "the descriptors depend on '" + W.DependsOn.front() +
                 "', evaluated with " + W.DependsOn.front() + " = " +
                 std::to_string(Analysis.symbolValue(
                     unsigned(llvm::countr_zero(Reads.Symbols))));
    } else if (!Reads.Assumptions.empty()) {
      W.Status = "assumed";
      W.Reason = Reads.Assumptions.front();
    }
    Report.WarpgroupMma.push_back(std::move(W));
  }
  SharedTrafficTotals Totals;
  Totals.BlockDimIndex = Analysis.shapeIndex();
  for (auto [Index, Access] : llvm::enumerate(Analysis.profile().Accesses)) {
    AccessReport A;
    A.Where = toSourcePoint(SM, Access.Site->getBeginLoc());
    if (Access.ReachedThrough.isValid())
      A.ReachedThrough = toSourcePoint(SM, Access.ReachedThrough);
    A.Array = Access.Array ? Access.Array->getNameAsString() : "";
    // A cp.async's shared write is an LDGSTS, which Nsight Compute counts
    // apart from the shared stores (..._op_ldgsts).
    A.Kind = Access.AsyncCopy ? "copy" : accessKindName(Access.Kind);
    A.WidthBytes = Access.WidthBytes;
    A.InstructionBytes = Access.InstructionBytes;
    A.MergedIterations = Access.MergedIterations;
    for (const Expr *Other : Access.MergedStatements)
      A.MergedStatements.push_back(toSourcePoint(SM, Other->getBeginLoc()));
    if (Access.MergedInto)
      A.MergedInto = toSourcePoint(SM, Access.MergedInto->getBeginLoc());
    A.BlockDimIndex = Analysis.shapeIndex();
    A.Wavefronts = Access.worstWavefronts();
    A.WavefrontsMean = Access.meanWavefronts();
    A.IdealWavefronts = Access.idealWavefronts();
    A.Ways = Access.ways();
    A.WarpInstructions = Access.WarpInstructions;
    A.TotalWavefronts = Access.TotalWavefronts;
    if (Access.Worst) {
      const SharedMemoryBanking &Banking = Analysis.arch().Banking;
      A.WorstWarp = Access.Worst->Warp;
      A.LanesPerPhase = Access.Worst->Cost.LanesPerPhase;
      for (const std::optional<int64_t> &Offset : Access.Worst->LaneOffsets)
        A.WorstWarpBanks.push_back(
            Offset ? std::optional<unsigned>(bankOf(Banking, *Offset))
                   : std::nullopt);
    }
    A.TotalIdealWavefronts = Access.TotalIdealWavefronts;
    A.ExcessiveWavefronts = Access.excessiveWavefronts();
    A.Launch = Analysis.launchWavefronts(Access);
    std::string Sampled = Analysis.profile().samplingReason(Access);
    if (!Access.UnknownReason.empty()) {
      A.Status = "unknown";
      A.Reason = "the address depends on " + Access.UnknownReason;
    } else if (!Sampled.empty()) {
      A.Status = "sampled";
      A.Reason = Sampled;
      Totals.Sampled = true;
    } else if (!Access.Assumptions.empty()) {
      // Every execution evaluated, on a path or value that rests on an
      // assumption (a branch on data followed both ways): not a sample.
      A.Status = "assumed";
      A.Reason = Access.Assumptions.front();
    } else if (Analysis.profile().Summary.BudgetExceeded) {
      // Stopped outside any loop (deep call trees): later executions of
      // this access were not seen.
      A.Status = "sampled";
      A.Reason = "the kernel's evaluation stopped at " +
                 budgetReached(Analysis.profile());
      Totals.Sampled = true;
    } else if (const EvaluationGap *Stop =
                   firstStop(Analysis.profile().Summary)) {
      // Threads stopped somewhere: later executions of this access may be
      // missing. A gap that lost only its own accesses leaves this one whole.
      A.Status = "sampled";
      A.Reason = "the kernel's evaluation is incomplete: " + Stop->What;
      Totals.Sampled = true;
    }
    auto Effects = Analysis.symbolEffects().find(Index);
    if (Effects != Analysis.symbolEffects().end())
      for (const SymbolEffect &Effect : Effects->second) {
        const UniformSymbol &Symbol = Analysis.symbols().symbol(Effect.Symbol);
        A.DependsOn.push_back(Symbol.spelling());
        // The numbers hold for the value the analysis assumed.
        if (A.Status == "exact") {
          A.Status = "assumed";
          A.Reason = "the conflict degree depends on '" + Symbol.spelling() +
                     "', evaluated with " + Symbol.spelling() + " = " +
                     std::to_string(Analysis.symbolValue(Effect.Symbol));
        }
      }
    Report.Accesses.push_back(A);

    uint64_t *Wavefronts = &Totals.LoadWavefronts;
    uint64_t *Instructions = &Totals.LoadInstructions;
    if (Access.AsyncCopy) {
      Wavefronts = &Totals.CopyWavefronts;
      Instructions = &Totals.CopyInstructions;
    } else if (Access.Kind == AccessKind::Store) {
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
  Report.BudgetExceeded |= Analysis.profile().reachedBudget();
  for (const std::string &Item : Summary.Unsupported)
    if (!llvm::is_contained(Report.Unsupported, Item))
      Report.Unsupported.push_back(Item);
}

/// A smem-lint-incomplete note at \p Where: what the analysis did not cover.
Diagnostic incompleteNote(SourcePoint Where, std::string Message) {
  Diagnostic D;
  D.Check = findings::Incomplete;
  D.Origin = FindingOrigin::Tool;
  D.Level = Severity::Note;
  D.Where = std::move(Where);
  D.Message = std::move(Message);
  return D;
}

/// A note at each shared access of a sampled loop that none of the
/// iterations evaluated reached (a read under `if (l <= r * r)` that the
/// first iterations of a convolution skip): its absence from the findings
/// says nothing about it.
void noteUnreachedInSampledLoops(const KernelAnalysis &Analysis,
                                 std::vector<Diagnostic> &Diagnostics) {
  const SharedAccessProfile &Profile = Analysis.profile();
  const DeviceModule *Device = Analysis.options().Device;
  if (Profile.SampledLoops.empty() || !Device)
    return;
  const SourceManager &SM = Analysis.context().getSourceManager();
  std::set<std::pair<const Expr *, AccessKind>> Noted;
  for (const SharedAccessInLoops &Access : sharedAccessesInLoops(
           Analysis.context(), *Device, Analysis.kernel().Kernel)) {
    if (llvm::any_of(Profile.Accesses, [&](const AccessStats &Seen) {
          return Seen.Site == Access.Site && Seen.Kind == Access.Kind;
        }))
      continue;
    auto Sampled = llvm::find_if(Access.Loops, [&](const Stmt *Loop) {
      return Profile.SampledLoops.count(Loop);
    });
    if (Sampled == Access.Loops.end() ||
        !Noted.insert({Access.Site, Access.Kind}).second)
      continue;
    Diagnostics.push_back(incompleteNote(
        toSourcePoint(SM, Access.Site->getBeginLoc()),
        std::string("this shared ") +
            (Access.Kind == AccessKind::Load ? "read" : "write") +
            " was not reached in the iterations evaluated, so its bank "
            "conflicts and races are not known: " +
            Profile.SampledLoops.at(*Sampled) + " (in " +
            std::string(KernelPlaceholder) + ", block " +
            Analysis.shape().Block.str() + ")"));
  }
}

/// A note when the evaluation of a kernel stopped short, so that a clean
/// result is not taken for a complete one: the step budget ran out, a loop
/// was cut, or code the evaluator could not follow lost accesses.
void noteIncompleteAnalysis(const KernelAnalysis &Analysis,
                            std::vector<Diagnostic> &Diagnostics) {
  const SharedAccessProfile &Profile = Analysis.profile();
  SourcePoint Kernel = toSourcePoint(Analysis.context().getSourceManager(),
                                     Analysis.kernel().Kernel->getLocation());
  if (!Profile.Summary.NotEvaluated.empty()) {
    Diagnostics.push_back(incompleteNote(
        Kernel, std::string(KernelPlaceholder) +
                    " is not analysed: " + Profile.Summary.NotEvaluated));
    return;
  }
  // Where the evaluation went no further, and what it lost while going on.
  std::vector<std::string> Reasons, Missing;
  if (Profile.reachedBudget()) {
    std::set<const Stmt *> Loops;
    for (const auto &[Loop, Reason] : Profile.SampledLoops)
      Loops.insert(Loop);
    std::string Cut = samplingReasonOf(Loops, Profile.SampledLoops);
    Reasons.push_back("budget exceeded: the evaluation reached " +
                      budgetReached(Profile) +
                      (Cut.empty() ? "" : " (" + Cut + ")"));
  }
  for (const EvaluationGap &Gap : Profile.Summary.Incomplete) {
    std::vector<std::string> &To = Gap.Stopped ? Reasons : Missing;
    if (!llvm::is_contained(To, Gap.What))
      To.push_back(Gap.What);
  }
  noteUnreachedInSampledLoops(Analysis, Diagnostics);
  const std::vector<std::string> &Races =
      Analysis.barriers().IncompleteRaceAnalysis;
  if (Reasons.empty() && Missing.empty() && Races.empty())
    return;
  std::vector<std::string> Parts;
  if (!Reasons.empty())
    Parts.push_back(llvm::join(Reasons, "; ") +
                    "; accesses past that point were not analysed");
  Parts.insert(Parts.end(), Missing.begin(), Missing.end());
  Parts.insert(Parts.end(), Races.begin(), Races.end());
  std::string Why = llvm::join(Parts, "; ");
  Diagnostics.push_back(incompleteNote(
      Kernel, "the analysis of " + std::string(KernelPlaceholder) +
                  " is incomplete: " + Why + " (block " +
                  Analysis.shape().Block.str() + ", " +
                  Analysis.arch().Name.str() + ")"));
}

OccupancyReport describeOccupancy(const KernelAnalysis &Analysis) {
  Occupancy O = Analysis.occupancy();
  OccupancyReport R;
  R.BlockDimIndex = Analysis.shapeIndex();
  R.Arch = Analysis.arch().Name.str();
  R.BlocksPerSM = O.BlocksPerSM;
  R.WarpsPerSM = O.WarpsPerSM;
  R.MaxWarpsPerSM = O.MaxWarpsPerSM;
  R.LimitedBy = occupancyLimitName(O.Limit).str();
  R.BlocksByThreads = O.BlocksByThreads;
  R.BlocksByBlockLimit = O.BlocksByBlockLimit;
  if (O.BlocksByRegisters != Occupancy::Unlimited)
    R.BlocksByRegisters = O.BlocksByRegisters;
  if (O.BlocksBySharedMemory != Occupancy::Unlimited)
    R.BlocksBySharedMemory = O.BlocksBySharedMemory;
  R.SharedBytesPerBlock = Analysis.sharedBytesPerBlock();
  R.SharedBytesAllocatedPerBlock = O.SharedBytesAllocatedPerBlock;
  R.DynamicSharedKnown = Analysis.dynamicSharedBytesKnown();
  R.RegistersKnown = Analysis.shape().RegistersPerThread.has_value();
  return R;
}

/// What a note about an access not analysed holds for: the block shape and
/// arch, and for a template's instantiation the kernel (KernelPlaceholder),
/// so that the instantiations that miss the same access share one note
/// (mergeInstantiationRepeats).
std::string notAnalysedUnder(const KernelAnalysis &Analysis) {
  bool Instantiated =
      Analysis.kernel().Kernel->getTemplateInstantiationPattern() != nullptr;
  return std::string(" (") +
         (Instantiated ? std::string("in ") + KernelPlaceholder + ", " : "") +
         "block " + Analysis.shape().Block.str() + ", " +
         Analysis.arch().Name.str() + ")";
}

/// A note at each shared access whose address the evaluation could not
/// compute for some thread (an index read from memory): its bank cost and
/// the races through it are not known, so a clean result there is no
/// evidence. Counted in the summary line.
void noteUnanalysedAccesses(const CheckContext &Context,
                            std::vector<Diagnostic> &Diagnostics) {
  const KernelAnalysis &Analysis = Context.Analysis;
  const SourceManager &SM = Analysis.context().getSourceManager();
  for (const AccessStats &Access : Analysis.profile().Accesses) {
    if (Access.UnknownReason.empty() || !Access.Site)
      continue;
    const char *What = accessNoun(Access.Kind);
    std::string Array = Access.Array
                            ? "'" + Access.Array->getNameAsString() + "'"
                            : std::string("shared memory");
    Diagnostic D = incompleteNote(
        toSourcePoint(SM, Access.Site->getBeginLoc()),
        std::string("access not analysed: the address of this ") + What +
            " of " + Array + " depends on " + Access.UnknownReason +
            ", so its wavefronts and the races through it are not known" +
            notAnalysedUnder(Analysis));
    D.AccessNotAnalysed = true;
    Context.nameSharedAccess(D, Access.Site, Access.Kind,
                             Access.ReachedThrough);
    Diagnostics.push_back(std::move(D));
  }
}

/// An unmodelled instruction in the user's terms: "inline PTX 'ld.shared.f32'"
/// (with the function it is in when the user called one: "in
/// '__pipeline_memcpy_async'"), or the C++ function that became the
/// intrinsic ("'wmma::load_matrix_sync'").
std::string unmodelledName(const UnmodelledInstruction &Found) {
  if (Found.InlinePtx)
    return "inline PTX '" + Found.Instruction + "'" +
           (Found.Function.empty() ? "" : " in '" + Found.Function + "'");
  return "'" + (Found.Function.empty() ? Found.Instruction : Found.Function) +
         "'";
}

/// A note at each shared-memory instruction the evaluation does not model
/// (inline PTX, ldmatrix, wmma, cp.async, mbarrier): what it does there is
/// missing, so a clean result there is no evidence. Counted in the summary
/// line with the accesses whose address is unknown.
void noteUnmodelledInstructions(const KernelAnalysis &Analysis,
                                std::vector<Diagnostic> &Diagnostics) {
  const SourceManager &SM = Analysis.context().getSourceManager();
  std::string Assumed = notAnalysedUnder(Analysis);
  for (const UnmodelledInstruction &Found :
       Analysis.profile().Summary.Unmodelled) {
    std::string Name = unmodelledName(Found);
    std::string Memory = Found.Array
                             ? "'" + Found.Array->getNameAsString() + "'"
                             : std::string("shared memory");
    std::string NotKnown =
        (!Found.AddressUnknown.empty()
             ? "; the analysis could not compute its address (" +
                   Found.AddressUnknown + ")"
         : Found.Why.empty()
             ? std::string("; the analysis does not evaluate it")
             : "; the analysis does not evaluate it (" + Found.Why + ")") +
        ", so its wavefronts and the races through it are not known";
    std::string Message;
    switch (Found.Effect) {
    case UnmodelledEffect::Reads:
      Message = "access not analysed: " + Name + " reads " + Memory + NotKnown;
      break;
    case UnmodelledEffect::Writes:
      Message = "access not analysed: " + Name + " writes " + Memory + NotKnown;
      break;
    case UnmodelledEffect::ReadsAndWrites:
      Message =
          "access not analysed: " + Name + " updates " + Memory + NotKnown;
      break;
    case UnmodelledEffect::UpdatesMbarrier:
      Message = "access not analysed: " + Name +
                " updates an mbarrier the analysis does not follow (" +
                (Found.Why.empty() ? std::string("a form it does not model")
                                   : Found.Why) +
                "), so the phases it completes are not known";
      break;
    case UnmodelledEffect::WaitsOnMbarrier:
      // BarrierScope::Unknown: the race analysis starts anew after it.
      Message = "synchronisation not followed: " + Name +
                " waits on an mbarrier phase the analysis could not decide (" +
                (Found.Why.empty() ? std::string("a form it does not model")
                                   : Found.Why) +
                "); it does not know what the wait orders, so it reports no "
                "race across it";
      break;
    case UnmodelledEffect::MapsClusterShared:
      Message = "access not analysed: " + Name + " maps " + Memory +
                " into the shared memory of a block of the cluster "
                "(distributed shared memory); the accesses through it are "
                "not analysed: neither their cost nor the races between the "
                "blocks";
      break;
    case UnmodelledEffect::PartialBarrier:
      Message = "synchronisation not followed: " + Name +
                " is a barrier for part of the block (a thread count, or an "
                "arrival that does not wait); the analysis does not follow "
                "which threads it orders, so it reports no race across it";
      break;
    }
    Diagnostic D = incompleteNote(
        toSourcePoint(SM, Found.ReportAt.isValid() ? Found.ReportAt
                                                   : Found.Site->getBeginLoc()),
        Message + Assumed);
    D.AccessNotAnalysed = true;
    Diagnostics.push_back(std::move(D));
  }
}

/// The findings one kernel produced: where they start in the file's list.
struct KernelFindings {
  const KernelInfo *Kernel;
  size_t Begin, End;
};

/// A finding's identity for merging repeats: its check, level, place,
/// message and fixes, everything a user would act on.
std::string repeatKey(const Diagnostic &D) {
  std::string Key = D.Check + "\n" + severityName(D.Level) + "\n" +
                    D.Where.File + ":" + std::to_string(D.Where.Offset) + "\n" +
                    D.Message;
  auto AddFixes = [&Key](const std::vector<FixIt> &Fixes) {
    for (const FixIt &Fix : Fixes)
      Key += "\n" + std::to_string(Fix.Where.Offset) + "+" +
             std::to_string(Fix.Length) + "=" + Fix.Replacement;
  };
  AddFixes(D.FixIts);
  for (const DiagnosticNote &Note : D.Notes)
    AddFixes(Note.FixIts);
  return Key;
}

/// Drops the findings of \p Diagnostics that \p Dropped marks, in place.
void dropMarked(std::vector<Diagnostic> &Diagnostics,
                const std::vector<bool> &Dropped) {
  size_t Out = 0;
  for (size_t I = 0; I < Diagnostics.size(); ++I) {
    if (Dropped[I])
      continue;
    if (Out != I)
      Diagnostics[Out] = std::move(Diagnostics[I]);
    ++Out;
  }
  Diagnostics.resize(Out);
}

/// A library's access that several of the kernel's calls reach is an access
/// per call (each has its cost); where they find the same thing, one
/// finding names every call instead of a copy per call, as a block-reduce
/// helper called five times has one conflict to fix.
void mergeCallRepeats(std::vector<Diagnostic> &Diagnostics, size_t Begin) {
  std::map<std::string, size_t> Kept;
  std::vector<bool> Dropped(Diagnostics.size(), false);
  for (size_t I = Begin; I < Diagnostics.size(); ++I) {
    Diagnostic &D = Diagnostics[I];
    if (D.ReachedThrough.empty())
      continue;
    // The notes at the calls differ; the rest must not.
    std::string Key = repeatKey(D);
    auto [It, New] = Kept.try_emplace(Key, I);
    if (New)
      continue;
    Diagnostic &First = Diagnostics[It->second];
    for (const SourcePoint &Call : D.ReachedThrough) {
      if (llvm::any_of(First.ReachedThrough, [&](const SourcePoint &Known) {
            return Known.File == Call.File && Known.Offset == Call.Offset;
          }))
        continue;
      First.ReachedThrough.push_back(Call);
      First.Notes.push_back(
          {Call,
           "the kernel reaches it the same way through this call (the "
           "counts above are each call's)",
           {}});
    }
    for (const std::string &Id : D.Accesses)
      if (!llvm::is_contained(First.Accesses, Id))
        First.Accesses.push_back(Id);
    Dropped[I] = true;
  }
  dropMarked(Diagnostics, Dropped);
}

/// Instantiations of one kernel template mostly find the same thing at the
/// same place: `transpose<float>` and `transpose<double>` both read the tile
/// column-wise. One warning names them all, as a reader of the template
/// wants, instead of a copy per instantiation; findings that differ (another
/// conflict degree, another fix) stay apart. Findings whose message names
/// the kernel (KernelPlaceholder) are merged; the output layer renders the
/// names from Kernel and OtherInstantiations.
void mergeInstantiationRepeats(std::vector<Diagnostic> &Diagnostics,
                               llvm::ArrayRef<KernelFindings> PerKernel) {
  std::map<std::string, size_t> Kept;
  std::vector<bool> Dropped(Diagnostics.size(), false);
  for (const KernelFindings &Found : PerKernel) {
    const FunctionDecl *Pattern =
        Found.Kernel->Kernel->getTemplateInstantiationPattern();
    if (!Pattern)
      continue;
    for (size_t I = Found.Begin; I < Found.End; ++I) {
      const Diagnostic &D = Diagnostics[I];
      if (D.Message.find(KernelPlaceholder) == std::string::npos)
        continue;
      // The finding without its instantiation, and everything a user would
      // act on.
      std::string Key =
          std::to_string(uintptr_t(Pattern)) + "\n" + repeatKey(D);
      auto [It, New] = Kept.try_emplace(Key, I);
      if (New)
        continue;
      Diagnostic &First = Diagnostics[It->second];
      if (First.Kernel != D.Kernel &&
          !llvm::is_contained(First.OtherInstantiations, D.Kernel)) {
        First.OtherInstantiations.push_back(D.Kernel);
        if (D.KernelIndex)
          First.OtherKernelIndices.push_back(*D.KernelIndex);
      }
      Dropped[I] = true;
    }
  }
  dropMarked(Diagnostics, Dropped);
}

/// The expression at \p Site as written, at most a line's worth.
std::string spelledExpression(const ASTContext &Ctx, const Expr *Site) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = CharSourceRange::getTokenRange(
      SM.getExpansionRange(Site->getSourceRange()).getAsRange());
  std::string Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts()).str();
  std::replace(Text.begin(), Text.end(), '\n', ' ');
  constexpr size_t MaxLength = 160;
  if (Text.size() > MaxLength)
    Text = Text.substr(0, MaxLength) + "...";
  return Text;
}

/// One past the last byte of \p Site, where a finding's range ends.
SourcePoint endOf(const ASTContext &Ctx, const Expr *Site) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Last = SM.getExpansionRange(Site->getEndLoc()).getEnd();
  return toSourcePoint(
      SM, Lexer::getLocForEndOfToken(Last, 0, SM, Ctx.getLangOpts()));
}

/// What an access's numbers rest on besides the block shape.
std::vector<Assumption>
accessAssumptions(const KernelAnalysis &Analysis, SymbolSet Symbols,
                  const std::string &SamplingReason,
                  llvm::ArrayRef<std::string> DataDependentBranches) {
  std::vector<Assumption> Result = assumedValues(Analysis, Symbols);
  if (!SamplingReason.empty()) {
    Assumption A;
    A.What = Assumption::Kind::SampledLoop;
    A.Detail = SamplingReason;
    Result.push_back(std::move(A));
  }
  for (const std::string &Branch : DataDependentBranches) {
    Assumption A;
    A.What = Assumption::Kind::DataDependentBranch;
    A.Detail = Branch;
    Result.push_back(std::move(A));
  }
  if (Analysis.profile().Summary.BudgetExceeded) {
    Assumption A;
    A.What = Assumption::Kind::EvaluationBudget;
    A.Detail = "the kernel's evaluation stopped at " +
               budgetReached(Analysis.profile());
    Result.push_back(std::move(A));
  }
  return Result;
}

/// A note at each __shared__ variable the compiled kernel accesses but the
/// evaluation of this shape never did: no thread of the block analysed
/// reached that code (values assumed for what nothing gives, a branch the
/// block does not take), so the checks say nothing of it. Never silent: a
/// kernel with no finding there was not shown clean.
void noteUnreachedSharedVariables(const KernelAnalysis &Analysis,
                                  llvm::ArrayRef<CompiledSharedAccess> Compiled,
                                  std::vector<Diagnostic> &Diagnostics) {
  const SourceManager &SM = Analysis.context().getSourceManager();
  const SharedAccessProfile &Profile = Analysis.profile();
  // A variable calls touch (an mbarrier, a copy's target) has the notes of
  // the instructions the evaluation does not model; libcu++ keeps plain
  // fallbacks beside them (init's store where isspacep.shared fails) that
  // no thread takes.
  std::vector<const VarDecl *> Seen;
  for (const CompiledSharedAccess &Access : Compiled)
    if (Access.ThroughCall && Access.Variable)
      Seen.push_back(Access.Variable);
  // Each variable once, those of an access the compiler made of the
  // accesses of several included.
  std::vector<const VarDecl *> Accessed;
  for (const CompiledSharedAccess &Access : Compiled)
    for (const VarDecl *Var : Access.Variables)
      if (!llvm::is_contained(Accessed, Var))
        Accessed.push_back(Var);
  for (const VarDecl *Var : Accessed) {
    if (llvm::is_contained(Seen, Var))
      continue;
    Seen.push_back(Var);
    // Every kernel's `extern __shared__ T s[]` of one name is one variable
    // in the device code (the first declaration stands for them all).
    bool Evaluated = llvm::any_of(Profile.Accesses, [&](const AccessStats &A) {
      return A.Array == Var || (A.Array && A.Array->hasExternalStorage() &&
                                Var->hasExternalStorage() &&
                                A.Array->getName() == Var->getName());
    });
    bool Noted = llvm::any_of(
        Profile.Summary.Unmodelled, [&](const UnmodelledInstruction &U) {
          return U.Array == Var || llvm::is_contained(U.Touches, Var);
        });
    if (Evaluated || Noted || Profile.Summary.BudgetExceeded)
      continue;
    // Where the compiled code accesses it: its first line in the user's
    // code.
    unsigned Line = 0;
    for (const CompiledSharedAccess &Other : Compiled)
      if (llvm::is_contained(Other.Variables, Var) && !Line)
        for (const CompiledFrame &Frame : Other.Frames)
          if (Frame.Where.isValid() && SM.isInMainFile(Frame.Where)) {
            Line = SM.getExpansionLineNumber(Frame.Where);
            break;
          }
    std::string Message =
        "'" + Var->getNameAsString() + "' is not analysed: the compiled code " +
        "accesses it" + (Line ? " at line " + std::to_string(Line) : "") +
        ", but no thread of the block evaluated reached that code, so the "
        "checks say nothing about it";
    std::vector<std::string> Values;
    // The analysis runs block 0 by design; that is no value to give.
    for (const Assumption &A : assumedValues(Analysis, ~SymbolSet(0)))
      if (!llvm::StringRef(A.Subject).starts_with("blockIdx"))
        Values.push_back(A.Subject + " = " + A.Value);
    if (!Values.empty())
      Message += "; the evaluation took " + llvm::join(Values, ", ") +
                 ", which nothing in the code gives: give the values of a "
                 "real launch with --param NAME=VALUE";
    Diagnostics.push_back(incompleteNote(toSourcePoint(SM, Var->getLocation()),
                                         Message + notAnalysedUnder(Analysis)));
  }
}

/// The last line of the statement that holds \p Site: up through the
/// expressions around it to the one a statement list or a control statement
/// holds. 0 where the statement ends in a macro or is not found.
unsigned statementLastLine(const ASTContext &Ctx, const Stmt *Site) {
  if (!Site)
    return 0;
  DynTypedNode Node = DynTypedNode::create(*Site);
  for (unsigned Depth = 0; Depth < 64; ++Depth) {
    DynTypedNodeList Parents = const_cast<ASTContext &>(Ctx).getParents(Node);
    if (Parents.empty())
      break;
    // An asm operand's statement is the asm: nvcc places its instruction
    // at a later operand's line (AWQ's cp.async, racecheck on an H100).
    const Expr *Parent = Parents[0].get<Expr>();
    if (!Parent) {
      if (Parents[0].get<AsmStmt>())
        Node = Parents[0];
      break;
    }
    Node = Parents[0];
  }
  const Stmt *Statement = Node.get<Stmt>();
  if (!Statement)
    return 0;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation End = Statement->getEndLoc();
  if (End.isInvalid() || End.isMacroID())
    return 0;
  return SM.getExpansionLineNumber(End);
}

/// Where each access of one kernel and shape ends, by id, for the ranges of
/// the findings at them.
using AccessEnds = std::map<std::string, std::pair<SourcePoint, SourcePoint>>;

/// Gives the accesses the last evaluation added to \p Report their ids,
/// spellings and assumptions, and records them in \p Ids and \p Ends.
void identifyAccesses(const KernelAnalysis &Analysis, KernelReport &Report,
                      size_t SharedBegin, size_t GlobalBegin,
                      unsigned &NextShared, unsigned &NextGlobal,
                      AccessIds &Ids, AccessEnds &Ends) {
  const ASTContext &Ctx = Analysis.context();
  // The same for a shared and a global access: its report entry, its
  // profile (for the sampling reason) and the id's letter and counter.
  auto Identify = [&](auto &Entry, const auto &Access, const auto &Profile,
                      const char *Letter, unsigned &Next) {
    Entry.Id = Letter + std::to_string(Next++);
    Entry.Expression = spelledExpression(Ctx, Access.Site);
    Entry.Assumptions =
        accessAssumptions(Analysis, Access.Symbols,
                          Profile.samplingReason(Access), Access.Assumptions);
    Ends[Entry.Id] = {Entry.Where, endOf(Ctx, Access.Site)};
  };
  const SharedAccessProfile &Shared = Analysis.profile();
  for (auto [Index, Access] : llvm::enumerate(Shared.Accesses)) {
    AccessReport &A = Report.Accesses[SharedBegin + Index];
    Identify(A, Access, Shared, "s", NextShared);
    A.End = Ends[A.Id].second;
    A.StatementLastLine = statementLastLine(Ctx, Access.Site);
    Ids.addShared(Access.Site, Access.Kind, Access.ReachedThrough, A.Id);
  }
  const GlobalAccessProfile &Global = Analysis.globalAccesses();
  for (auto [Index, Access] : llvm::enumerate(Global.Accesses)) {
    if (GlobalBegin + Index >= Report.GlobalAccesses.size())
      break;
    GlobalAccessReport &A = Report.GlobalAccesses[GlobalBegin + Index];
    Identify(A, Access, Global, "g", NextGlobal);
    Ids.addGlobal(Access.Site, Access.Kind, A.Id);
  }
}

/// The block shape a kernel was analysed with, as an assumption: where it
/// came from says how much the findings can be trusted.
Assumption blockShapeAssumption(const BlockDimReport &Dim) {
  Assumption A;
  A.What = Assumption::Kind::BlockShape;
  A.Subject = "block";
  A.Value = std::to_string(Dim.X) + "x" + std::to_string(Dim.Y) +
            (Dim.Z > 1 ? "x" + std::to_string(Dim.Z) : "");
  A.Source = Dim.Source;
  A.Where = Dim.Where;
  if (Dim.Source == "default" && !Dim.FromTile.empty())
    A.Detail = "no launch, annotation or option gives the block shape; "
               "analysed with " +
               A.Value + ", which keeps the threads inside the shared tile " +
               Dim.FromTile + " they index";
  else if (Dim.Source == "default")
    A.Detail = "no launch, annotation or option gives the block shape; "
               "analysed with the default " +
               A.Value;
  else
    A.Detail = "block " + A.Value + " from the " + Dim.Source;
  return A;
}

void addOnce(std::vector<Assumption> &To, const Assumption &A) {
  if (!llvm::is_contained(To, A))
    To.push_back(A);
}

/// Whether \p Finding states its own value for what \p A assumes: a race
/// only a value tried shows rests on that value, not on the one its
/// accesses were evaluated with.
bool givesOwnValue(const std::vector<Assumption> &Finding,
                   const Assumption &A) {
  return A.What == Assumption::Kind::AssumedValue &&
         llvm::any_of(Finding, [&A](const Assumption &Own) {
           return Own.What == A.What && Own.Subject == A.Subject;
         });
}

/// A finding that holds only under what the analysis assumed, the default
/// block shape or a uniform value nothing gave, is a note, not a warning,
/// and says what to give instead; unless its check found it to hold for
/// every value it tried. A race that needs a branch on data the analysis
/// could not read (it took both ways) is a note too: the data may never
/// take that way.
void weighAssumptions(Diagnostic &D) {
  if (D.Origin != FindingOrigin::Check || D.Level == Severity::Note)
    return;
  const CheckInfo *Kind = findFindingKind(D.Check);
  bool Race = Kind && Kind->Evidence == RuntimeEvidence::Race;
  std::vector<std::string> Rests, Branches;
  for (const Assumption &A : D.Assumptions) {
    if (Race && A.What == Assumption::Kind::DataDependentBranch) {
      if (!llvm::is_contained(Branches, A.Detail))
        Branches.push_back(A.Detail);
      continue;
    }
    if (A.What == Assumption::Kind::BlockShape && A.Source == "default")
      Rests.push_back("the assumed block " + A.Value +
                      " (no launch, annotation or option gives the shape; "
                      "give it with --block-dim or a '// smem-lint: "
                      "block_dim(x, y, z)' comment above the kernel)");
    // blockIdx is not an assumption of that kind: the analysis runs block 0
    // and says so where a finding depends on which block runs.
    // A value tried that shows what the evaluation does not is never
    // outweighed: the finding holds for some values only.
    else if (A.What == Assumption::Kind::AssumedValue &&
             (!D.HoldsForEveryValueTried || A.Source == "tried") &&
             !llvm::StringRef(A.Subject).starts_with("blockIdx"))
      Rests.push_back(
          (A.Source == "tried"
               ? A.Subject + " = " + A.Value +
                     ", one of the values tried for '" + A.Subject + "'"
               : "the assumed " + A.Subject + " = " + A.Value) +
          (A.Source == "shared-bounds"
               ? std::string(", the largest value tried that keeps the "
                             "shared arrays it indexes in bounds")
               : std::string()) +
          (llvm::StringRef(A.Subject).starts_with("gridDim")
               ? std::string(" (the grid is not known)")
           : llvm::StringRef(A.Subject).contains('.')
               ? std::string(" (a field of a parameter: nothing "
                             "in the code gives its value)")
               : " (give the value with --param " + A.Subject + "=VALUE)"));
  }
  if (!Branches.empty())
    Rests.push_back("a branch on data the analysis could not read (" +
                    llvm::join(Branches, "; ") + ")");
  if (Rests.empty())
    return;
  D.Level = Severity::Note;
  D.Notes.push_back(
      {D.Where,
       "reported as a note: it rests on " + llvm::join(Rests, " and on "),
       {}});
}

/// A finding at an access inside a library header says where the kernel
/// reaches it: a user of CuTe or a project header learns which of their
/// calls the conflict comes from, as Clang's "in instantiation of" notes do.
void addReachedThrough(
    Diagnostic &D,
    const std::map<std::string, const AccessReport *> &SharedAccesses) {
  for (const std::string &Id : D.Accesses) {
    auto It = SharedAccesses.find(Id);
    if (It == SharedAccesses.end())
      continue;
    const AccessReport &A = *It->second;
    if (!A.ReachedThrough.valid() || A.Where.File != D.Where.File ||
        A.Where.Offset != D.Where.Offset)
      continue;
    // The access is the call itself (wmma::load_matrix_sync), or the
    // check said which call already (hazardDiagnostic).
    if (A.ReachedThrough.File == A.Where.File &&
        A.ReachedThrough.Offset == A.Where.Offset)
      return;
    if (D.ReachedThrough.empty())
      D.ReachedThrough.push_back(A.ReachedThrough);
    if (llvm::any_of(D.Notes, [&](const DiagnosticNote &N) {
          return N.Where.File == A.ReachedThrough.File &&
                 N.Where.Offset == A.ReachedThrough.Offset;
        }))
      return;
    D.Notes.push_back({A.ReachedThrough,
                       "the kernel reaches this access of '" + A.Array +
                           "' through this call",
                       {}});
    return;
  }
}

/// Stamps what the checks' new findings \p Begin.. were found under: the
/// kernel, the shape and its assumption, the arch, the assumptions of the
/// accesses they name, and the end of their range.
void stampProvenance(std::vector<Diagnostic> &Diagnostics, size_t Begin,
                     const KernelAnalysis &Analysis, const KernelReport &Report,
                     unsigned KernelIndex, const AccessEnds &Ends) {
  const BlockDimReport &Dim = Report.BlockDims[Analysis.shapeIndex()];
  Assumption Shape = blockShapeAssumption(Dim);
  std::map<std::string, const std::vector<Assumption> *> AccessAssumptions;
  std::map<std::string, const AccessReport *> SharedAccesses;
  for (const AccessReport &A : Report.Accesses) {
    AccessAssumptions[A.Id] = &A.Assumptions;
    SharedAccesses[A.Id] = &A;
  }
  for (const GlobalAccessReport &A : Report.GlobalAccesses)
    AccessAssumptions[A.Id] = &A.Assumptions;
  for (size_t I = Begin; I < Diagnostics.size(); ++I) {
    Diagnostic &D = Diagnostics[I];
    D.Kernel = Report.Name;
    D.KernelIndex = KernelIndex;
    D.Block = {Dim.X, Dim.Y, Dim.Z};
    D.BlockDimIndex = Analysis.shapeIndex();
    D.Arch = Analysis.arch().Name.str();
    addOnce(D.Assumptions, Shape);
    for (const std::string &Id : D.Accesses) {
      auto It = AccessAssumptions.find(Id);
      if (It != AccessAssumptions.end())
        for (const Assumption &A : *It->second)
          if (!givesOwnValue(D.Assumptions, A))
            addOnce(D.Assumptions, A);
      auto End = Ends.find(Id);
      if (!D.End.valid() && End != Ends.end() &&
          End->second.first.Offset == D.Where.Offset &&
          End->second.first.File == D.Where.File)
        D.End = End->second.second;
    }
    addReachedThrough(D, SharedAccesses);
    weighAssumptions(D);
  }
}

} // namespace

/// CPU time of the calling thread: unlike wall time, not stretched by
/// whatever else runs on the machine.
static double threadCpuMilliseconds() {
  timespec Now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &Now);
  return Now.tv_sec * 1e3 + Now.tv_nsec / 1e6;
}

FileReport analyzeTranslationUnit(ASTContext &Ctx,
                                  const AnalysisOptions &Options,
                                  const DeviceCodeGenInputs *DeviceInputs) {
  FileReport File;
  const SourceManager &SM = Ctx.getSourceManager();
  if (const FileEntry *Main = SM.getFileEntryForID(SM.getMainFileID()))
    File.File = Main->tryGetRealPathName().str();
  if (OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID()))
    File.File = Main->getName().str();

  std::vector<std::unique_ptr<Check>> Checks = createAllChecks();
  HostLaunches Host;
  std::vector<KernelInfo> Kernels = discoverKernels(Ctx, &Host);
  describeExternalUses(Ctx, Host, File);
  attachOtherFilesUses(Ctx, Options.LaunchesInOtherFiles,
                       Options.OptInsInOtherFiles, Kernels);
  std::unique_ptr<DeviceModule> Device;
  std::string DeviceError;
  if (DeviceInputs && !Kernels.empty()) {
    std::vector<const FunctionDecl *> KernelDecls;
    for (const KernelInfo &Kernel : Kernels)
      KernelDecls.push_back(Kernel.Kernel);
    Device =
        DeviceModule::generate(Ctx, *DeviceInputs, KernelDecls, DeviceError);
    // Never silent: without device code, what the source evaluation does
    // not follow goes unchecked, and the user should know.
    if (!Device && !DeviceError.empty())
      File.Diagnostics.push_back(incompleteNote(
          toSourcePoint(SM, Kernels.front().Kernel->getLocation()),
          "the device code of this file could not be generated (" +
              DeviceError + "): its kernels are not analysed"));
    if (Device && !Options.DeviceIrDumpPath.empty()) {
      std::error_code EC;
      llvm::raw_fd_ostream Dump(Options.DeviceIrDumpPath, EC);
      if (!EC) {
        Device->module().print(Dump, nullptr);
        if (const llvm::Module *Compiled = Device->compiledModule()) {
          Dump << "\n; The same code as nvcc compiles it (loops unrolled):\n";
          Compiled->print(Dump, nullptr);
        }
      }
    }
  }
  // Checks and fixes ask for the parents of nodes in the user's code; Clang
  // builds its parent map over the traversal scope, which would otherwise be
  // every header too (CUB alone: a tenth of the parse time and 70 MB).
  std::vector<Decl *> UserDecls;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (!SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      UserDecls.push_back(D);
  Ctx.setTraversalScope(UserDecls);
  std::vector<KernelFindings> PerKernel;
  // Access ids are unique in the file (AccessReport::Id).
  unsigned NextSharedId = 0, NextGlobalId = 0;
  // The thread-steps the file's kernels have taken, against
  // Options.FileStepBudget.
  uint64_t FileSteps = 0;
  for (const KernelInfo &Kernel : Kernels) {
    KernelFindings Found{&Kernel, File.Diagnostics.size(), 0};
    KernelReport Report;
    Report.Name = Kernel.Name;
    Report.Where = toSourcePoint(SM, Kernel.Kernel->getLocation());
    for (const SharedVariable &Var : Kernel.SharedVariables)
      Report.Shared.push_back(describeShared(Ctx, Var));
    for (const ParmVarDecl *Param : Kernel.Kernel->parameters()) {
      ParameterReport P;
      P.Name = Param->getNameAsString();
      P.Type = typeName(Ctx, Param->getType());
      if (const auto *Pointer = Param->getType()->getAs<PointerType>()) {
        QualType Pointee = Pointer->getPointeeType();
        P.IsPointer = true;
        P.PointeeType = typeName(Ctx, Pointee.getUnqualifiedType());
        if (!Pointee->isIncompleteType() && !Pointee->isDependentType())
          P.PointeeBytes = Ctx.getTypeSizeInChars(Pointee).getQuantity();
      } else if (Param->getType()->isIntegralOrEnumerationType() &&
                 !Param->getType()->isDependentType()) {
        P.IntegerBytes = Ctx.getTypeSizeInChars(Param->getType()).getQuantity();
        P.IsSigned = Param->getType()->isSignedIntegerOrEnumerationType();
      }
      Report.Parameters.push_back(P);
    }
    for (const std::string &Error : Kernel.AnnotationErrors) {
      Diagnostic D;
      D.Check = findings::Annotation;
      D.Origin = FindingOrigin::Tool;
      D.Level = Severity::Warning;
      D.Where = Report.Where;
      D.Message = "ignored annotation " + Error;
      D.Kernel = Kernel.Name;
      D.KernelIndex = File.Kernels.size();
      File.Diagnostics.push_back(std::move(D));
    }

    auto NoteForKernel = [&](SourcePoint Where, std::string Message) {
      Diagnostic D = incompleteNote(std::move(Where), std::move(Message));
      D.Kernel = Kernel.Name;
      D.KernelIndex = File.Kernels.size();
      File.Diagnostics.push_back(std::move(D));
    };
    std::vector<ChosenShape> Shapes = chooseShapes(Kernel, Options);
    applyResourceOptions(Kernel, Options, Shapes);
    // A launch whose block shape could not be followed, beside others whose
    // shapes are analysed, is said at the launch, not left out in silence.
    if (llvm::any_of(Shapes, [](const ChosenShape &Shape) {
          return Shape.Source == ShapeSource::Launch;
        })) {
      llvm::SmallPtrSet<const Expr *, 4> Said;
      for (const LaunchSite &Launch : Kernel.Launches) {
        if (Launch.Block || !Said.insert(Launch.Call).second)
          continue;
        NoteForKernel(toSourcePoint(SM, Launch.Call->getBeginLoc()),
                      "this launch of " + std::string(KernelPlaceholder) +
                          " is not analysed: its block shape depends on what "
                          "the analysis cannot follow in the host code (a "
                          "branch, a value read at run time or through "
                          "memory); the kernel is analysed with the shapes "
                          "of its other launches");
      }
      // Another file's launch whose block is not constant: said where
      // the kernel takes another file's shapes.
      if (llvm::any_of(Shapes, [](const ChosenShape &Shape) {
            return Shape.LaunchInOtherFile.has_value();
          }))
        for (const ExternalLaunch &Launch : Kernel.LaunchesElsewhere)
          if (!Launch.Block)
            NoteForKernel(
                Report.Where,
                "the launch of " + std::string(KernelPlaceholder) + " at " +
                    llvm::sys::path::filename(Launch.Where.File).str() + ":" +
                    std::to_string(Launch.Where.Line) +
                    ", in another file of this run, is not analysed: its "
                    "block shape depends on what the analysis cannot follow "
                    "in the host code; the kernel is analysed with the "
                    "shapes of its other launches");
    }
    std::vector<CompiledSharedAccess> Compiled;
    llvm::DenseMap<const Expr *, unsigned> CompiledWidths, MergeDepths;
    if (Device) {
      if (const llvm::Function *F = Device->kernelFunction(Kernel.Kernel))
        Report.MangledName = F->getName().str();
      Compiled = compiledSharedAccesses(*Device, Kernel.Kernel, SM);
      CompiledWidths = compiledAccessWidths(Ctx, *Device, Kernel.Kernel);
      MergeDepths =
          mergedLoopDepths(Ctx, *Device, Kernel.Kernel, CompiledWidths);
    }
    for (const CompiledSharedAccess &Access : Compiled) {
      std::vector<std::string> Names;
      for (const VarDecl *Var : Access.Variables)
        Names.push_back(Var->getNameAsString());
      if (Names.empty())
        Names.push_back("(shared memory)");
      for (std::string &Name : Names)
        if (!llvm::is_contained(Report.CompiledSharedVariables, Name))
          Report.CompiledSharedVariables.push_back(std::move(Name));
    }
    // Never silent: a kernel whose source uses shared memory and whose
    // compiled code makes no access of it was not analysed at all. (In a
    // file with compile errors, the parse already said what is missing.)
    std::string Names;
    for (const SharedVariable &Var : Kernel.SharedVariables)
      if (Var.Referenced)
        Names +=
            (Names.empty() ? "'" : ", '") + Var.Decl->getNameAsString() + "'";
    if (Device && hasDeviceCode(*Device, Kernel.Kernel) && Compiled.empty() &&
        !Names.empty() && !Ctx.getDiagnostics().hasErrorOccurred()) {
      NoteForKernel(Report.Where,
                    "the compiled code of " + std::string(KernelPlaceholder) +
                        " makes no shared-memory access, though its source "
                        "uses " +
                        Names +
                        ": the compiler removed them (values never used, "
                        "code that cannot run or has undefined behaviour), "
                        "so there is nothing to analyse");
    }
    Report.StaticSharedBytes = staticSharedBytes(Kernel.SharedVariables);
    Report.UsesDynamicShared = llvm::any_of(
        Report.Shared, [](const SharedVariableReport &S) { return S.Dynamic; });
    if (Kernel.ClusterDims) {
      Report.ClusterDims = {Kernel.ClusterDims->X, Kernel.ClusterDims->Y,
                            Kernel.ClusterDims->Z};
      Report.ClusterDimsFromLaunch = Kernel.ClusterDimsFromLaunch;
      Report.AllowsNonPortableClusters = Kernel.AllowsNonPortableClusters;
    }
    // One time and memory budget for everything the kernel's analysis runs.
    auto KernelDeadline =
        std::chrono::steady_clock::now() +
        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
            std::chrono::duration<double>(Options.KernelSeconds));
    uint64_t KernelMemoryAtStart = processMemoryBytes();
    // What is left of the file's budget, down to a 32nd of a kernel's: the
    // kernels first in the file take what they need, the others what
    // remains, and say so where they reach it.
    uint64_t KernelSteps = Options.StepBudget;
    std::string KernelStepsReason;
    if (Options.FileStepBudget &&
        FileSteps + Options.StepBudget > Options.FileStepBudget) {
      uint64_t Left = Options.FileStepBudget > FileSteps
                          ? Options.FileStepBudget - FileSteps
                          : 0;
      KernelSteps = std::max(Options.StepBudget / 32, Left);
      KernelStepsReason = "reduced because the file's kernels share " +
                          std::to_string(Options.FileStepBudget) +
                          " (--max-file-steps) and those before it took "
                          "most of them";
    }
    for (auto [ShapeIndex, Chosen] : llvm::enumerate(Shapes)) {
      double Start = threadCpuMilliseconds();
      auto Analyse = [&, ShapeIndex = ShapeIndex](const ChosenShape &Shape) {
        EvaluationOptions Evaluation;
        Evaluation.Block = Shape.Block;
        Evaluation.WarpSize = Options.Arch->Banking.WarpSize;
        Evaluation.KnownParameters = Shape.KnownParameters;
        Evaluation.TensorMaps = Shape.TensorMaps;
        Evaluation.Grid = Shape.Grid;
        Evaluation.CompiledAccessBytes = CompiledWidths;
        Evaluation.CompiledMergeDepths = MergeDepths;
        Evaluation.LoopIterationLimit = Options.LoopIterationLimit;
        Evaluation.StepBudget = KernelSteps;
        Evaluation.StepBudgetReason = KernelStepsReason;
        Evaluation.Deadline = KernelDeadline;
        Evaluation.TimeBudgetSeconds = Options.KernelSeconds;
        Evaluation.MemoryBudgetBytes = Options.KernelMemoryBytes;
        Evaluation.MemoryAtStart = KernelMemoryAtStart;
        Evaluation.Device = Device.get();
        Evaluation.StepsTaken = &FileSteps;
        return std::make_unique<const KernelAnalysis>(
            Ctx, Kernel, Shape, ShapeIndex, *Options.Arch, Evaluation,
            Options.ProfileGlobalMemory);
      };
      std::unique_ptr<const KernelAnalysis> Analysed = Analyse(Chosen);
      // A default block that sends threads past a shared tile they index
      // is not the block the kernel is written for: the tile's own shapes
      // are tried, and the first that keeps every thread inside is kept,
      // best one that needs no more parameter values chosen than the
      // default did (17x16 keeps a padded 16x17 tile's transposed read in
      // bounds only by shrinking a guard around it; 16x16 needs none).
      if (Chosen.Source == ShapeSource::Default &&
          leavesTilesByThreadIndex(*Analysed)) {
        std::vector<std::string> Tiles;
        std::vector<BlockShape> Blocks = blockShapesFromTiles(*Analysed, Tiles);
        size_t ChosenByDefault = Analysed->inferredValues().size();
        std::unique_ptr<const KernelAnalysis> Fitting;
        for (size_t I = 0; I < Blocks.size(); ++I) {
          ChosenShape Tiled = Chosen;
          Tiled.Block = Blocks[I];
          Tiled.FromTile = Tiles[I];
          std::unique_ptr<const KernelAnalysis> Other = Analyse(Tiled);
          if (leavesTilesByThreadIndex(*Other))
            continue;
          bool NoMoreChosen = Other->inferredValues().size() <= ChosenByDefault;
          if (!Fitting || NoMoreChosen)
            Fitting = std::move(Other);
          if (NoMoreChosen)
            break;
        }
        if (Fitting)
          Analysed = std::move(Fitting);
      }
      const KernelAnalysis &Analysis = *Analysed;
      const ChosenShape &Shape = Analysis.shape();
      BlockDimReport Dim;
      Dim.X = Shape.Block.X;
      Dim.Y = Shape.Block.Y;
      Dim.Z = Shape.Block.Z;
      Dim.Source = shapeSourceName(Shape.Source);
      Dim.FromTile = Shape.FromTile;
      Dim.Where = launchPoint(SM, Shape);
      Dim.DynamicSharedBytes = Shape.DynamicSharedBytes;
      Dim.DynamicSharedSource = Shape.DynamicSharedSource;
      if (Shape.Grid)
        Dim.Grid = {Shape.Grid->X, Shape.Grid->Y, Shape.Grid->Z};
      for (const auto &[Param, Value] : Shape.KnownParameters)
        Dim.ParameterValues.emplace_back(Param->getNameAsString(), Value);
      llvm::sort(Dim.ParameterValues);
      for (const auto &[Param, Map] : Shape.TensorMaps)
        Dim.TensorMaps.push_back(
            {Param->getNameAsString(),
             Map.ElementBytes,
             {Map.Box.begin(), Map.Box.end()},
             {Map.ElementStrides.begin(), Map.ElementStrides.end()},
             Map.SwizzleBytes});
      llvm::sort(Dim.TensorMaps, [](const auto &A, const auto &B) {
        return A.Parameter < B.Parameter;
      });
      Report.BlockDims.push_back(Dim);
      Report.Evaluator = Device && hasDeviceCode(*Device, Kernel.Kernel)
                             ? "device-ir"
                             : "none";
      for (const auto &[Id, Reason] : Analysis.inferredValues())
        Report.BlockDims.back().InferredValues.push_back(
            {Analysis.symbols().symbol(Id).spelling(), Analysis.symbolValue(Id),
             Reason});
      size_t SharedBegin = Report.Accesses.size();
      size_t GlobalBegin = Report.GlobalAccesses.size();
      size_t FindingsBegin = File.Diagnostics.size();
      describeAccesses(Analysis, Report);
      for (const auto &[Mbarrier, End] :
           Analysis.profile().Summary.MbarrierEnds)
        if (std::string Name = Mbarrier->getNameAsString();
            !llvm::is_contained(Report.MbarrierVariables, Name))
          Report.MbarrierVariables.push_back(Name);
      noteIncompleteAnalysis(Analysis, File.Diagnostics);
      describeGlobalAccesses(Analysis, Report);
      Report.Occupancy.push_back(describeOccupancy(Analysis));
      AccessIds Ids;
      AccessEnds Ends;
      identifyAccesses(Analysis, Report, SharedBegin, GlobalBegin, NextSharedId,
                       NextGlobalId, Ids, Ends);
      LayoutFixAdvisor Fixes(Analysis);
      CheckContext Context{Analysis, Fixes, Ids};
      for (const std::unique_ptr<Check> &Check : Checks)
        Check->checkKernel(Context, File.Diagnostics);
      noteUnanalysedAccesses(Context, File.Diagnostics);
      noteUnmodelledInstructions(Analysis, File.Diagnostics);
      noteUnreachedSharedVariables(Analysis, Compiled, File.Diagnostics);
      stampProvenance(File.Diagnostics, FindingsBegin, Analysis, Report,
                      File.Kernels.size(), Ends);
      mergeCallRepeats(File.Diagnostics, FindingsBegin);
      Report.EvaluationMilliseconds += threadCpuMilliseconds() - Start;
    }
    File.Kernels.push_back(std::move(Report));
    Found.End = File.Diagnostics.size();
    PerKernel.push_back(Found);
  }
  mergeInstantiationRepeats(File.Diagnostics, PerKernel);
  return File;
}

} // namespace smemlint
