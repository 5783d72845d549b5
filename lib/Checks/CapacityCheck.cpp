//===--- CapacityCheck.cpp - smem-capacity --------------------------------===//

#include "Checks/CapacityCheck.h"

#include "Analysis/SourcePoints.h"
#include "Checks/ResidencyWording.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace smemlint {
namespace {

/// The furthest byte of dynamic shared memory any access touches, if every
/// access of it was evaluated exactly.
std::optional<uint64_t> dynamicBytesTouched(const KernelAnalysis &Analysis) {
  uint64_t Furthest = 0;
  for (const AccessStats &Access : Analysis.profile().Accesses) {
    const SharedVariable *Var = Analysis.kernel().sharedVariable(Access.Array);
    if (!Var || !Var->Dynamic)
      continue;
    if (!Access.UnknownReason.empty() ||
        !Analysis.profile().samplingReason(Access).empty() ||
        !Access.Assumptions.empty() || Access.Symbols)
      return std::nullopt;
    Furthest = std::max<uint64_t>(Furthest, Access.EndOffset);
  }
  // What the TMA engine copies into or out of it is touched too.
  for (const auto &[Array, Copied] : Analysis.profile().BulkCopied) {
    const SharedVariable *Var = Analysis.kernel().sharedVariable(Array);
    if (!Var || !Var->Dynamic)
      continue;
    if (Copied.Unknown || Copied.Symbols)
      return std::nullopt;
    Furthest = std::max<uint64_t>(Furthest, uint64_t(Copied.EndOffset));
  }
  for (const auto &[Array, End] : Analysis.profile().Summary.MbarrierEnds) {
    const auto *Var =
        Analysis.kernel().sharedVariable(llvm::dyn_cast<clang::VarDecl>(Array));
    if (Var && Var->Dynamic)
      Furthest = std::max<uint64_t>(Furthest, uint64_t(End));
  }
  // An instruction the evaluation does not follow may touch more.
  for (const UnmodelledInstruction &Found :
       Analysis.profile().Summary.Unmodelled)
    if (Found.Effect == UnmodelledEffect::Reads ||
        Found.Effect == UnmodelledEffect::Writes ||
        Found.Effect == UnmodelledEffect::ReadsAndWrites)
      return std::nullopt;
  return Furthest;
}

/// The kernel's `__cluster_dims__` against the architecture's limits: a
/// cluster above the most a GPU runs, or above the portable size without
/// the attribute that allows it, fails to launch.
void checkClusterSize(const KernelAnalysis &Analysis, llvm::StringRef Check,
                      const std::string &Summary,
                      std::vector<Diagnostic> &Findings) {
  const KernelInfo &Kernel = Analysis.kernel();
  const ArchInfo &Arch = Analysis.arch();
  const clang::SourceManager &SM = Analysis.context().getSourceManager();
  SourcePoint Where = toSourcePoint(SM, Kernel.ClusterDimsWhere);
  if (!Kernel.ClusterDimsError.empty()) {
    Findings.push_back({Check.str(),
                        Severity::Note,
                        Where,
                        Kernel.ClusterDimsError +
                            ": the cluster's size limits and residency are "
                            "not checked " +
                            Summary,
                        {},
                        {}});
    return;
  }
  if (!Kernel.ClusterDims)
    return;
  std::string Dims = std::to_string(Kernel.ClusterDims->X) + ", " +
                     std::to_string(Kernel.ClusterDims->Y) + ", " +
                     std::to_string(Kernel.ClusterDims->Z);
  std::string Shape = Kernel.ClusterDimsFromLaunch
                          ? "cluster dimension (" + Dims + ") of the launch"
                          : "__cluster_dims__(" + Dims + ")";
  unsigned Blocks = Kernel.ClusterDims->threads();
  std::optional<ClusterLimits> Limits = clusterLimits(Arch);
  if (!Limits) {
    Findings.push_back({Check.str(),
                        Severity::Error,
                        Where,
                        Shape + ": " + Arch.Name.str() +
                            " has no thread-block clusters (sm_90 and "
                            "later; nvcc rejects the kernel) " +
                            Summary,
                        {},
                        {}});
    return;
  }
  if (Limits->MaxBlocks && Blocks > *Limits->MaxBlocks) {
    Diagnostic D{Check.str(),
                 Severity::Error,
                 Where,
                 "a cluster of " + std::to_string(Blocks) + " blocks (" +
                     Shape + ") is more than the " +
                     std::to_string(*Limits->MaxBlocks) + " an " +
                     Arch.baseName().str() + " GPU runs; the launch fails " +
                     "with cudaErrorInvalidClusterSize " + Summary,
                 {},
                 {}};
    D.Notes.push_back({Where,
                       "measured on the H200: 16 blocks launch with "
                       "cudaFuncAttributeNonPortableClusterSizeAllowed, 32 "
                       "do not; nvcc compiles both without a word",
                       {}});
    Findings.push_back(std::move(D));
    return;
  }
  if (Blocks <= Limits->PortableBlocks || Kernel.AllowsNonPortableClusters)
    return;
  // Set in another file, the attribute cannot be seen here: a warning only
  // where this file launches the kernel.
  Diagnostic D{Check.str(),
               Kernel.Launches.empty() ? Severity::Note : Severity::Warning,
               Where,
               "a cluster of " + std::to_string(Blocks) + " blocks (" + Shape +
                   ") is above the portable " +
                   std::to_string(Limits->PortableBlocks) +
                   ", and the file never allows it with "
                   "cudaFuncAttributeNonPortableClusterSizeAllowed; the "
                   "launch fails with cudaErrorInvalidClusterSize " +
                   Summary,
               {},
               {}};
  D.Notes.push_back(
      {Where,
       "call cudaFuncSetAttribute(" + Kernel.Kernel->getNameAsString() +
           ", cudaFuncAttributeNonPortableClusterSizeAllowed, "
           "1) before the launch (measured on the H200: "
           "without it a cluster of 16 is refused), or use " +
           std::to_string(Limits->PortableBlocks) + " blocks or fewer",
       {}});
  Findings.push_back(std::move(D));
}

} // namespace

void CapacityCheck::checkKernel(const CheckContext &Context,
                                std::vector<Diagnostic> &Findings) {
  const KernelAnalysis &Analysis = Context.Analysis;
  const ArchInfo &Arch = Analysis.arch();
  const clang::SourceManager &SM = Analysis.context().getSourceManager();
  const KernelInfo &Kernel = Analysis.kernel();
  const ChosenShape &Shape = Analysis.shape();
  uint64_t Static = Analysis.staticSharedBytes();
  uint64_t Dynamic = Shape.DynamicSharedBytes.value_or(0);
  uint64_t Total = Static + Dynamic;
  // The kernel's name, put in by the output layer (KernelPlaceholder).
  std::string Name = KernelPlaceholder;
  std::string Summary =
      "(" + Analysis.assumptionSummary(Kernel.Kernel->getBody()) + ")";
  SourcePoint AtKernel = toSourcePoint(SM, Kernel.Kernel->getLocation());
  // Dynamic sizes come from a launch; point there when there is one.
  bool DynamicFromLaunch = Shape.DynamicSharedSource == "launch";
  SourcePoint AtLaunch =
      DynamicFromLaunch && Shape.DynamicSharedInOtherFile
          ? *Shape.DynamicSharedInOtherFile
      : DynamicFromLaunch && Shape.DynamicSharedWhere.isValid()
          ? toSourcePoint(SM, Shape.DynamicSharedWhere)
      : Shape.Source == ShapeSource::Launch ? launchPoint(SM, Shape)
                                            : AtKernel;
  const SharedMemoryCapacity &Capacity = Arch.SharedMemory;
  bool HasOptIn = Capacity.PerBlockOptInBytes > Capacity.PerBlockBytes;

  checkClusterSize(Analysis, name(), Summary, Findings);

  auto Error = [&](SourcePoint Where, std::string Message) -> Diagnostic & {
    Findings.push_back({name().str(),
                        Severity::Error,
                        std::move(Where),
                        std::move(Message) + " " + Summary,
                        {},
                        {}});
    return Findings.back();
  };

  SharedMemoryFit Fit = checkSharedMemoryFit(Arch, Total);
  std::string Parts = " (" + std::to_string(Static) + " static + " +
                      std::to_string(Dynamic) + " dynamic)";
  if (Fit == SharedMemoryFit::ExceedsSM ||
      Fit == SharedMemoryFit::ExceedsBlockLimit) {
    uint64_t Limit =
        Fit == SharedMemoryFit::ExceedsSM
            ? std::max(Capacity.PerBlockOptInBytes, Capacity.PerBlockBytes)
            : Capacity.PerBlockBytes;
    Diagnostic &D = Error(Dynamic ? AtLaunch : AtKernel,
                          Name + " needs " + describeBytes(Total) +
                              " of shared memory per block" + Parts + "; " +
                              Arch.Name.str() + " gives a block at most " +
                              describeBytes(Limit));
    D.Notes.push_back({D.Where,
                       "the launch fails with 'too many resources requested "
                       "for launch'; use a smaller tile or fewer stages",
                       {}});
    return;
  }
  if (Static > Arch.StaticPerBlockBytes) {
    Diagnostic &D =
        Error(AtKernel, "static shared memory of " + Name + " is " +
                            describeBytes(Static) + ", more than the " +
                            describeBytes(Arch.StaticPerBlockBytes) +
                            " a block can have in __shared__ "
                            "variables");
    // The architecture-specific target of the same chip takes more.
    if (const ArchInfo *Specific = findArch(Arch.baseName().str() + "a"))
      if (Arch.Suffix != "a" && Static <= Specific->StaticPerBlockBytes)
        D.Notes.push_back(
            {D.Where,
             "compiled for " + Specific->Name.str() + " (-arch=" +
                 Specific->Name.str() + "), a block may declare up to " +
                 describeBytes(Specific->StaticPerBlockBytes) +
                 " statically; the code then runs on that architecture only",
             {}});
    if (HasOptIn)
      D.Notes.push_back(
          {D.Where,
           "declare the large array 'extern __shared__', pass its size as the "
           "third launch argument, and raise the limit with "
           "cudaFuncSetAttribute(" +
               Kernel.Kernel->getNameAsString() +
               ", cudaFuncAttributeMaxDynamicSharedMemorySize, bytes)",
           {}});
    return;
  }
  if (Fit == SharedMemoryFit::NeedsOptIn && Dynamic > 0) {
    bool OptedIn = Kernel.OptsIntoLargeDynamicShared;
    std::optional<uint64_t> OptInBytes = Kernel.OptInDynamicBytes;
    if (!OptedIn) {
      // A launch in another file of the run: a file not analysed may opt
      // in, so this is a note.
      bool Elsewhere = Shape.DynamicSharedInOtherFile.has_value();
      Diagnostic &D =
          Error(AtLaunch,
                "launch of " + Name + " asks for " + describeBytes(Dynamic) +
                    " of dynamic shared memory, " + describeBytes(Total) +
                    " per block in all, above the " +
                    describeBytes(Capacity.PerBlockBytes) + " default, and " +
                    (Elsewhere ? "no file of this run opts in"
                               : "the file never opts in"));
      if (Elsewhere)
        D.Level = Severity::Note;
      D.Notes.push_back(
          {D.Where,
           "call cudaFuncSetAttribute(" + Kernel.Kernel->getNameAsString() +
               ", cudaFuncAttributeMaxDynamicSharedMemorySize, " +
               std::to_string(Dynamic) +
               ") before the launch; without it the launch fails with "
               "'invalid argument'",
           {}});
    } else if (OptInBytes && *OptInBytes < Dynamic) {
      Diagnostic &D =
          Error(AtLaunch,
                "launch of " + Name + " asks for " + describeBytes(Dynamic) +
                    " of dynamic shared memory, but the kernel opts in "
                    "to only " +
                    describeBytes(*OptInBytes));
      D.Notes.push_back({Kernel.OptInElsewhere
                             ? *Kernel.OptInElsewhere
                             : toSourcePoint(SM, Kernel.OptInWhere),
                         "the opt-in is here",
                         {}});
    }
  }

  // Dynamic bytes the kernel never touches only cost residency. The size
  // comes from a launch (constant, or followed through the host code) or
  // from --dynamic-smem.
  bool FromOption = Shape.DynamicSharedSource == "option";
  if (Dynamic == 0 || (Shape.DynamicSharedSource != "launch" && !FromOption))
    return;
  std::optional<uint64_t> Touched = Analysis.usesDynamicShared()
                                        ? dynamicBytesTouched(Analysis)
                                        : std::optional<uint64_t>(0);
  // Bytes that share an allocation unit with touched ones cost nothing (the
  // skew after a padded tile's last row).
  if (!Touched || *Touched >= Dynamic ||
      sharedBytesAllocatedPerBlock(Arch, Static + *Touched) ==
          sharedBytesAllocatedPerBlock(Arch, Static + Dynamic))
    return;
  OccupancyChange Saving = residencyChange(Analysis, 0);
  Occupancy Needed =
      computeOccupancy(Arch, {Shape.Block.threads(), Static + *Touched,
                              Shape.RegistersPerThread, std::nullopt});
  std::string Asks = FromOption ? "--dynamic-smem gives " + Name + " "
                                : "launch of " + Name + " asks for ";
  std::string Message =
      Asks + describeBytes(Dynamic) + " of dynamic shared memory, but " +
      (!Analysis.usesDynamicShared()
           ? std::string("the kernel declares no 'extern __shared__' array")
       : *Touched == 0 ? std::string("the kernel never accesses it")
                       : "the kernel touches only the first " +
                             std::to_string(*Touched) + " bytes");
  Diagnostic D{
      name().str(), Severity::Note, AtLaunch, Message + " " + Summary, {}, {}};
  if (Needed.BlocksPerSM > Saving.BlocksBefore)
    D.Notes.push_back({AtLaunch,
                       "asking for what it uses would allow " +
                           std::to_string(Saving.BlocksBefore) + " -> " +
                           std::to_string(Needed.BlocksPerSM) +
                           " blocks per SM on " + Arch.Name.str(),
                       {}});
  Findings.push_back(std::move(D));
}

const CheckInfo &CapacityCheck::info() {
  static const CheckInfo Info = {
      "smem-capacity",
      "Capacity",
      FindingOrigin::Check,
      CheckCategory::Correctness,
      Severity::Error,
      /*OnByDefault=*/true,
      /*AlwaysShown=*/false,
      /*AboutTheTool=*/false,
      NeedsSharedAccesses,
      "docs/checks/smem-capacity.md",
      "A block needs more shared memory than the architecture allows",
      "A block asks for more shared memory than an SM of the analysed "
      "architecture gives one block, its static __shared__ variables exceed "
      "48 KB, or a launch asks for more than 48 KB of dynamic shared memory "
      "without the cudaFuncSetAttribute opt-in: the launch fails at run time. "
      "Notes also point out dynamic shared memory that a launch asks for and "
      "the kernel never touches.",
      "Use less shared memory per block, or for dynamic shared memory above "
      "48 KB call cudaFuncSetAttribute(kernel, "
      "cudaFuncAttributeMaxDynamicSharedMemorySize, bytes) before the launch.",
      "```cuda\n"
      "extern __shared__ float buffer[];\n"
      "// ...\n"
      "stage<<<1, 256, 64 * 1024>>>(out); // 64 KB dynamic, no opt-in\n"
      "```\n"
      "\n"
      "**Fix:** opt in before the launch, or use less:\n"
      "\n"
      "```cuda\n"
      "cudaFuncSetAttribute(stage, "
      "cudaFuncAttributeMaxDynamicSharedMemorySize,\n"
      "                     64 * 1024);\n"
      "```",
      /*Options=*/{},
      RuntimeEvidence::Occupancy,
  };
  return Info;
}

} // namespace smemlint
