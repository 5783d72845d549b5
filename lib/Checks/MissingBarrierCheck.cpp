//===--- MissingBarrierCheck.cpp - smem-missing-barrier -------------------===//

#include "Checks/MissingBarrierCheck.h"

#include "Checks/HazardWording.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace smemlint {

void MissingBarrierCheck::checkKernel(const CheckContext &Context,
                                      std::vector<Diagnostic> &Findings) {
  const KernelAnalysis &Analysis = Context.Analysis;
  for (const SharedHazard &Hazard : Analysis.barriers().Hazards) {
    // One statement racing with itself: smem-conflicting-writes.
    if (Hazard.WithinOneWarp || Hazard.WithinOneStatement)
      continue;
    if (Hazard.Kind == HazardKind::WriteAfterRead && Hazard.AcrossIterationsOf)
      continue; // smem-barrier-reuse
    std::string Later = describeAccess(Analysis, Hazard, Hazard.Later);
    std::string Earlier = threadOf(Analysis, Hazard.Earlier);
    std::string EarlierLine =
        std::to_string(lineOf(Analysis, Hazard.Earlier.Site));
    std::string Message = "missing barrier: " + Later + ", ";
    switch (Hazard.Kind) {
    case HazardKind::ReadAfterWrite:
      Message += "written by " + Earlier + " at line " + EarlierLine +
                 " with no __syncthreads() in between";
      break;
    case HazardKind::WriteAfterWrite:
      Message += "also written by " + Earlier + " at line " + EarlierLine +
                 " with no __syncthreads() in between";
      break;
    case HazardKind::WriteAfterRead:
      Message += "which " + Earlier + " reads at line " + EarlierLine +
                 " with no __syncthreads() in between";
      break;
    }
    Message += " " + assumptionsOf(Analysis, Hazard);
    Findings.push_back(hazardDiagnostic(
        Analysis, Hazard, name(), std::move(Message), "__syncthreads()",
        "insert __syncthreads() here so that every thread of the block "
        "finishes the access at line " +
            EarlierLine + " first"));
  }
}

} // namespace smemlint
