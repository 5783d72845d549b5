//===--- OccupancyCheck.cpp - smem-occupancy ------------------------------===//

#include "Checks/OccupancyCheck.h"

#include "Analysis/SourcePoints.h"
#include "Checks/ResidencyWording.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <algorithm>
#include <set>

namespace smemlint {

void OccupancyCheck::checkKernel(const CheckContext &Context,
                                 std::vector<Diagnostic> &Findings) {
  const KernelAnalysis &Analysis = Context.Analysis;
  const clang::SourceManager &SM = Analysis.context().getSourceManager();
  const KernelInfo &Kernel = Analysis.kernel();
  std::string Summary =
      "(" + Analysis.assumptionSummary(Kernel.Kernel->getBody()) + ")";
  Occupancy Now = Analysis.occupancy();

  if (Now.BlocksPerSM > 0 && Now.Limit == OccupancyLimit::SharedMemory) {
    unsigned Others = std::min({Now.BlocksByThreads, Now.BlocksByBlockLimit,
                                Now.BlocksByRegisters});
    std::string Message =
        "shared memory limits " + std::string(KernelPlaceholder) + " to " +
        std::to_string(Now.BlocksPerSM) + " blocks (" +
        std::to_string(Now.WarpsPerSM) + " of " +
        std::to_string(Now.MaxWarpsPerSM) +
        " warps) per SM: " + describeBytes(Now.SharedBytesAllocatedPerBlock) +
        " per block with the driver's reserve and rounding, where the "
        "threads would allow " +
        std::to_string(Others) + " " + Summary;
    if (!Analysis.dynamicSharedBytesKnown())
      Message += "; dynamic shared memory of unknown size not counted";
    Findings.push_back({name().str(), Severity::Note,
                        toSourcePoint(SM, Kernel.Kernel->getLocation()),
                        Message, {}, {}});
  }

  // Clusters: a cluster's blocks run on the SMs of one GPC, so a size that
  // does not divide them leaves block slots empty (measured on the H200).
  if (Kernel.ClusterDims && Kernel.ClusterDims->threads() > 1)
    if (std::optional<unsigned> Clusters = h200ActiveClusters(
            Analysis.arch(), Now.BlocksPerSM, Kernel.ClusterDims->threads())) {
      unsigned Size = Kernel.ClusterDims->threads();
      unsigned Resident = *Clusters * Size;
      // The API counts at most 8 blocks per SM for a cluster launch (the
      // same answer for 8 to 32): the rest is the cluster size's doing.
      unsigned PerSM = std::min(Now.BlocksPerSM, 8u);
      unsigned Alone = PerSM * H200MultiprocessorCount;
      if (Resident < Alone) {
        std::string Without;
        for (unsigned Other = 2; Other <= 8; Other *= 2)
          if (Other != Size &&
              *h200ActiveClusters(Analysis.arch(), Now.BlocksPerSM, Other) *
                      Other ==
                  Alone)
            Without += (Without.empty() ? "" : ", ") + std::to_string(Other);
        Diagnostic D{name().str(),
                     Severity::Note,
                     toSourcePoint(SM, Kernel.ClusterDimsWhere),
                     "clusters of " + std::to_string(Size) +
                         " blocks: on an H200 (" +
                         std::to_string(H200MultiprocessorCount) +
                         " SMs) at most " + std::to_string(*Clusters) +
                         " clusters of " + std::string(KernelPlaceholder) +
                         " run at once, " + std::to_string(Resident) +
                         " blocks, where " + std::to_string(PerSM) +
                         " per SM would be " + std::to_string(Alone) + ": " +
                         std::to_string(Alone - Resident) + " block slots (" +
                         std::to_string((Alone - Resident) * 100 / Alone) +
                         "%) stay empty " + Summary,
                     {},
                     {}};
        D.Notes.push_back(
            {D.Where,
             "a cluster's blocks run on the SMs of one GPC, and the H200's "
             "GPCs do not all hold a multiple of " +
                 std::to_string(Size) +
                 " blocks (cudaOccupancyMaxActiveClusters, measured: "
                 "docs/measurements/h200-clusters.md)" +
                 (Now.BlocksPerSM > 8
                      ? "; and it counts at most 8 blocks per SM for a "
                        "cluster launch, where this kernel would have " +
                            std::to_string(Now.BlocksPerSM)
                      : std::string()) +
                 (Without.empty() ? std::string()
                                  : "; clusters of " + Without +
                                        " blocks would leave none empty"),
             {}});
        Findings.push_back(std::move(D));
      }
    }

  // The padding smem-bank-conflict proposes, weighed in blocks per SM.
  std::set<const clang::VarDecl *> Weighed;
  for (const AccessStats &Access : Analysis.profile().Accesses) {
    if (!Access.Array || Access.ways() < 2 || !Weighed.insert(Access.Array).second)
      continue;
    const std::optional<PaddingProposal> &Proposal =
        Context.Fixes.padding(Access.Array);
    if (!Proposal)
      continue;
    uint64_t Added = Proposal->BytesAfter - Proposal->BytesBefore;
    OccupancyChange Change = residencyChange(Analysis, Added);
    if (Change.BlocksAfter >= Change.BlocksBefore)
      continue;
    Diagnostic D{name().str(),
                 Severity::Warning,
                 Proposal->Fix.Where,
                 "padding the rows of '" + Access.Array->getNameAsString() +
                     "' to " + std::to_string(Proposal->RowAfter) +
                     " elements adds " + std::to_string(Added) +
                     " bytes per block: " + describeResidencyChange(Change) +
                     " " + Summary,
                 {},
                 {}};
    D.Notes.push_back({D.Where,
                       "weigh the conflict's wavefronts against the lost "
                       "residency, or remove the conflict with a swizzled "
                       "index that costs no memory",
                       {},
                       Change});
    Findings.push_back(std::move(D));
  }
}

const CheckInfo &OccupancyCheck::info() {
  static const CheckInfo Info = {
      "smem-occupancy",
      "Occupancy",
      FindingOrigin::Check,
      CheckCategory::Performance,
      Severity::Note,
      /*OnByDefault=*/true,
      /*AlwaysShown=*/false,
      /*AboutTheTool=*/false,
      NeedsSharedAccesses,
      "docs/checks/smem-occupancy.md",
      "Shared memory limits the resident blocks per SM, or a proposed fix "
      "costs a resident block",
      "A note says when shared memory is what limits how many blocks of a "
      "kernel an SM holds at once, with the blocks and warps per SM and the "
      "bytes a block really takes; a warning says when a fix proposed "
      "elsewhere, such as a padding against a bank conflict, costs a resident "
      "block.",
      "Weigh the wavefronts a padding saves against the resident block it "
      "costs, or remove the conflict with a swizzled index that costs no "
      "memory.",
      "Shared memory per block, with the driver's 1 KB reserve and the "
      "allocation granularity, decides how many blocks fit on an SM: 8192 + "
      "1024 bytes fit 25 times in 228 KB, 8448 + 1024 only 24 times.\n"
      "\n"
      "**Fix:** when a padding costs a block, weigh the conflict's wavefronts "
      "against the lost block, or swizzle the index (`tile[row][col ^ row]`) "
      "instead of padding.",
      /*Options=*/{},
      RuntimeEvidence::Occupancy,
  };
  return Info;
}

} // namespace smemlint
