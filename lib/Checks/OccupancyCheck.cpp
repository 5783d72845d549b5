//===--- OccupancyCheck.cpp - smem-occupancy ------------------------------===//

#include "Checks/OccupancyCheck.h"

#include "Analysis/SourcePoints.h"
#include "Checks/ResidencyWording.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

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
        "shared memory limits '" + Kernel.Name + "' to " +
        std::to_string(Now.BlocksPerSM) + " blocks (" +
        std::to_string(Now.WarpsPerSM) + " of " +
        std::to_string(Now.MaxWarpsPerSM) + " warps) per SM: " +
        describeBytes(Now.SharedBytesAllocatedPerBlock) +
        " per block with the driver's reserve and rounding, where the "
        "threads would allow " +
        std::to_string(Others) + " " + Summary;
    if (!Analysis.dynamicSharedBytesKnown())
      Message += "; dynamic shared memory of unknown size not counted";
    Findings.push_back({name().str(), Severity::Note,
                        toSourcePoint(SM, Kernel.Kernel->getLocation()),
                        Message, {}, {}});
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

} // namespace smemlint
