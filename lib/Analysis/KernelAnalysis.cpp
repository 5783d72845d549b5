//===--- KernelAnalysis.cpp - One kernel under one block shape ------------===//

#include "Analysis/KernelAnalysis.h"

#include "Analysis/HostValues.h"
#include "Analysis/ProblemSizes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/MathExtras.h"

#include <optional>

namespace smemlint {

KernelAnalysis::KernelAnalysis(clang::ASTContext &Ctx, const KernelInfo &Kernel,
                               ChosenShape Shape, unsigned ShapeIndex,
                               const ArchInfo &Arch, EvaluationOptions Options,
                               bool ProfileGlobalMemory)
    : Ctx(Ctx), Kernel(Kernel), Shape(std::move(Shape)), ShapeIndex(ShapeIndex),
      Arch(Arch), Options(std::move(Options)),
      StaticSharedBytes(smemlint::staticSharedBytes(Kernel.SharedVariables)) {
  this->Options.GlobalAccessesObserved = ProfileGlobalMemory;
  // Arguments several launches disagree on are symbols; start from the
  // launch value that costs the most wavefronts.
  for (const auto &[Param, Values] : this->Shape.CandidateParameters) {
    if (Values.empty())
      continue;
    unsigned Id = Symbols.idOf({UniformSymbol::Kind::Parameter, Param, 0});
    uint64_t Worst = 0;
    for (int64_t Value : Values) {
      EvaluationOptions Trial = this->Options;
      Trial.SymbolValues[Id] = Value;
      uint64_t Wavefronts = 0;
      for (const AccessStats &Access :
           profileSharedAccesses(Ctx, Kernel.Kernel, Trial, Symbols,
                                 Arch.Banking)
               .Accesses)
        Wavefronts += Access.TotalWavefronts;
      if (Wavefronts >= Worst || !this->Options.SymbolValues.count(Id)) {
        Worst = Wavefronts;
        this->Options.SymbolValues[Id] = Value;
      }
    }
  }
  Bounds = boundsOf(Kernel.SharedVariables, this->Shape.DynamicSharedBytes);
  // A run that leaves a shared array through a size nothing gives stops,
  // and the kernel is evaluated again with a size the array allows.
  ProblemSizeSearch Sizes(Symbols, this->Options.SymbolValues);
  while (evaluate(ProfileGlobalMemory, &Sizes))
    ;
  InferredValues = Sizes.reasons();
  SizesLeftAtDefault = Sizes.leftAtDefault();
  if (ProfileGlobalMemory && !Profile.Summary.BudgetExceeded)
    assumeUnalignedPitches(Ctx, Kernel.Kernel, this->Options, Symbols,
                           globalMemoryGranularity(Arch), Profile.Summary.Steps,
                           GlobalAccesses);
  if (!Profile.Summary.BudgetExceeded) {
    // The runs that try other values of a parameter nothing gives look for
    // races too: a race only some values show is a note, not a silence.
    SymbolSet Assumed = 0;
    for (unsigned Id = 0; Id < Symbols.size() && Id < 64; ++Id)
      if (racesTriedFor(Id))
        Assumed |= SymbolSet(1) << Id;
    TriedValueHazards Tried(this->Options.Block.threads(),
                            Arch.Banking.WarpSize, Assumed, Barriers);
    // A size the shared arrays bound is not tried past the bound.
    std::map<unsigned, int64_t> Ceilings;
    for (const auto &[Id, Why] : InferredValues)
      Ceilings[Id] = largestValueTried(Id);
    SymbolEffects =
        sweepSymbols(Ctx, Kernel.Kernel, this->Options, Symbols, Arch.Banking,
                     Profile, SymbolsSwept, &Tried, Ceilings);
    Tried.finish();
  }
}

bool KernelAnalysis::evaluate(bool ProfileGlobalMemory,
                              ProblemSizeSearch *Sizes) {
  Barriers = BarrierProfile();
  ProxyFences = ProxyFenceProfile();
  Cluster = ClusterProfile();
  GlobalAccesses = GlobalAccessProfile();
  BarrierObserver BarrierWatch(this->Options.Block.threads(),
                               Arch.Banking.WarpSize, Barriers);
  BoundsObserver BoundsWatch(Ctx, this->Options.Block.threads(), Bounds);
  AlignmentObserver AlignmentWatch(this->Options.Block.threads(),
                                   Kernel.SharedVariables);
  std::vector<ExecutionObserver *> Watching{&BarrierWatch, &BoundsWatch,
                                            &AlignmentWatch};
  // Only a kernel that copies out of shared memory through the async proxy
  // needs its writes remembered across barriers.
  std::optional<ProxyFenceObserver> FenceWatch;
  if (this->Options.Device &&
      readsSharedThroughAsyncProxy(*this->Options.Device, Kernel.Kernel)) {
    FenceWatch.emplace(this->Options.Block.threads(), ProxyFences);
    Watching.push_back(&*FenceWatch);
  }
  // Only a kernel that maps another block's shared memory needs every
  // access remembered with the cluster barriers before it.
  std::optional<ClusterObserver> ClusterWatch;
  if (this->Options.Device &&
      mapsClusterSharedMemory(*this->Options.Device, Kernel.Kernel)) {
    ClusterWatch.emplace(this->Options.Block.threads(), Cluster);
    Watching.push_back(&*ClusterWatch);
  }
  std::optional<GlobalAccessObserver> GlobalWatch;
  if (ProfileGlobalMemory) {
    GlobalWatch.emplace(Kernel.Kernel, this->Options.Block,
                        Arch.Banking.WarpSize, globalMemoryGranularity(Arch),
                        GlobalAccesses);
    Watching.push_back(&*GlobalWatch);
  }
  ObserverList Watchers(std::move(Watching));
  EvaluationOptions Run = this->Options;
  if (Sizes)
    Run.Interrupt = [&] { return Sizes->shouldStop(BoundsWatch.violations()); };
  Profile = profileSharedAccesses(Ctx, Kernel.Kernel, Run, Symbols,
                                  Arch.Banking, &Watchers);
  if (GlobalWatch)
    GlobalWatch->finish();
  if (ClusterWatch)
    ClusterWatch->finish();
  bool Again = Sizes && Sizes->retry(BoundsWatch, this->Options.SymbolValues);
  BoundsViolations = BoundsWatch.take();
  Alignment = AlignmentWatch.take();
  return Again;
}

int64_t KernelAnalysis::largestValueTried(unsigned Symbol) const {
  if (!InferredValues.count(Symbol))
    return SymbolSweepLimit;
  return std::clamp<int64_t>(symbolValue(Symbol), 1, SymbolSweepLimit);
}

std::string KernelAnalysis::assumptionSummary(const clang::Stmt *Site) const {
  std::string Summary = "block " + Shape.Block.str() + ", " + Arch.Name.str();
  const clang::FunctionDecl *F = Kernel.Kernel;
  const clang::SourceManager &SM = Ctx.getSourceManager();
  bool InKernelBody =
      F->getBody() &&
      SM.isPointWithin(SM.getExpansionLoc(Site->getBeginLoc()),
                       SM.getExpansionLoc(F->getBody()->getBeginLoc()),
                       SM.getExpansionLoc(F->getBody()->getEndLoc()));
  if (F->isTemplateInstantiation() || !InKernelBody)
    Summary = "in " + std::string(KernelPlaceholder) + ", " + Summary;
  return Summary;
}

std::optional<LaunchWavefronts>
KernelAnalysis::launchWavefronts(const AccessStats &Access) const {
  if (!Shape.Grid)
    return std::nullopt;
  LaunchWavefronts Launch;
  Launch.Blocks = uint64_t(Shape.Grid->X) * Shape.Grid->Y * Shape.Grid->Z;
  Launch.WarpInstructions = Launch.Blocks * Access.WarpInstructions;
  Launch.Wavefronts = Launch.Blocks * Access.TotalWavefronts;
  Launch.IdealWavefronts = Launch.Blocks * Access.TotalIdealWavefronts;
  Launch.ExcessiveWavefronts = Launch.Blocks * Access.excessiveWavefronts();
  return Launch;
}

std::string KernelAnalysis::launchNote() const {
  std::string Note = "analysed with block " + Shape.Block.str();
  std::vector<std::string> Values;
  for (const auto &[Param, Value] : Shape.KnownParameters)
    if (Shape.LaunchArguments.lookup(Param) == Value &&
        Shape.LaunchArguments.count(Param))
      Values.push_back(Param->getNameAsString() + " = " +
                       std::to_string(Value));
  llvm::sort(Values);
  for (auto [I, Value] : llvm::enumerate(Values))
    Note += (I + 1 == Values.size() ? " and " : ", ") + Value;
  Note += Shape.LaunchInOtherFile
              ? " from this launch, in another file of this run"
              : " from this launch";
  if (Shape.Through.isValid())
    Note += ", as called at line " +
            std::to_string(
                Ctx.getSourceManager().getExpansionLineNumber(Shape.Through));
  else if (Shape.ThroughLineInOtherFile)
    Note +=
        ", as called at line " + std::to_string(Shape.ThroughLineInOtherFile);
  if (Shape.MoreConfigurations)
    Note += "; it runs with more configurations than the " +
            std::to_string(HostEvaluator::MaxConfigurations) + " analysed";
  return Note;
}

bool KernelAnalysis::usesDynamicShared() const {
  return llvm::any_of(Kernel.SharedVariables,
                      [](const SharedVariable &Var) { return Var.Dynamic; });
}

Occupancy KernelAnalysis::occupancy(uint64_t ExtraSharedBytes) const {
  OccupancyRequest Request;
  Request.ThreadsPerBlock = Shape.Block.threads();
  Request.SharedBytesPerBlock = sharedBytesPerBlock() + ExtraSharedBytes;
  Request.RegistersPerThread = Shape.RegistersPerThread;
  return computeOccupancy(Arch, Request);
}

uint64_t staticSharedBytes(llvm::ArrayRef<SharedVariable> Variables) {
  uint64_t Bytes = 0;
  for (const SharedVariable &Var : Variables)
    if (!Var.Dynamic)
      Bytes = llvm::alignTo(Bytes, Var.Alignment) + Var.StaticBytes;
  return Bytes;
}

SharedAccessProfile KernelAnalysis::reanalyse(
    const llvm::DenseMap<const clang::VarDecl *, SharedArrayLayout> &Layouts)
    const {
  EvaluationOptions Changed = Options;
  Changed.LayoutOverrides = Layouts;
  // Loops that skip their middle iterations in the kernel's evaluation
  // skip them in the proof too, as an estimate where the layout moves
  // addresses other than by one offset: the proof costs what the
  // evaluation did, and says when it is an estimate.
  Changed.EstimateThroughLayouts = true;
  // What such a loop may still run for real instead: about what the
  // kernel's evaluation took (every loop nest it enumerated fits).
  Changed.EnumerationBound =
      std::min(Options.EnumerationBound,
               std::max(Profile.Summary.Steps * 2, MinProofEnumerationBound));
  // The proofs compare only the arrays they change.
  std::vector<const clang::VarDecl *> Changing;
  for (const auto &[Array, Layout] : Layouts)
    Changing.push_back(Array);
  return profileSharedAccesses(Ctx, Kernel.Kernel, Changed, Symbols,
                               Arch.Banking, nullptr, Changing);
}

const BarrierProfile &
KernelAnalysis::reanalyseWithBarrier(const clang::Stmt *Statement, bool Warp,
                                     const std::optional<TriedValues> &Tried,
                                     uint64_t ThroughStep) const {
  auto Key = std::make_tuple(Statement, Warp, Tried ? Tried->Symbol + 1 : 0u,
                             Tried ? Tried->ExampleValue : 0);
  // The main evaluation's steps, with room: the same code runs again; and
  // for one hazard, twice the steps that found it (a hazard found by a
  // run of the sweep, with other steps, asks for no such limit).
  uint64_t Allowed =
      std::min(Options.StepBudget, Profile.Summary.Steps * 2 + 10'000);
  if (ThroughStep && !Tried)
    Allowed = std::min(Allowed, ThroughStep * 2 + MinProofEnumerationBound);
  auto Known = BarrierProofs.find(Key);
  if (Known != BarrierProofs.end() &&
      (!Known->second.CutAt || Known->second.CutAt >= Allowed))
    return Known->second.Profile;
  EvaluationOptions Changed = Options;
  Changed.InsertedBarrier = Statement;
  Changed.InsertedBarrierIsWarp = Warp;
  if (Tried)
    Changed.SymbolValues[Tried->Symbol] = Tried->ExampleValue;
  Changed.StepBudget = Allowed;
  BarrierProof &Proof = BarrierProofs[Key];
  Proof = BarrierProof();
  BarrierObserver Watch(Options.Block.threads(), Options.WarpSize,
                        Proof.Profile);
  SymbolTable Copy = Symbols;
  EvaluationSummary Summary =
      evaluateKernel(Ctx, Kernel.Kernel, Changed, Copy, Watch);
  if (Summary.BudgetExceeded) {
    Proof.CutAt = Allowed;
    // Stopped where the proof asked, past the hazard: the hazard's part is
    // complete; stopped by the kernel's own budget (or its time), it is not.
    bool PastTheHazard = ThroughStep && !Tried &&
                         Summary.BudgetReason.empty() &&
                         Allowed < Profile.Summary.Steps;
    if (!PastTheHazard)
      Proof.Profile.IncompleteRaceAnalysis.push_back(
          "the evaluation with the barrier reached its budget");
  }
  return Proof.Profile;
}

} // namespace smemlint
