//===--- MissingBarrierCheck.cpp - smem-missing-barrier -------------------===//

#include "Checks/MissingBarrierCheck.h"

#include "Checks/HazardWording.h"

#include "Analysis/SourcePoints.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"

namespace smemlint {

namespace {

/// Warps of the block store different values to one word in one statement:
/// which value remains depends on the order the warps run in. No barrier can
/// sit between a statement and itself, so the note says what does help.
Diagnostic oneStatementRace(const KernelAnalysis &Analysis,
                            const SharedHazard &Hazard) {
  unsigned WarpSize = Analysis.arch().Banking.WarpSize;
  Diagnostic D;
  D.Check = "smem-missing-barrier";
  D.Level = Severity::Warning;
  D.Where = toSourcePoint(Analysis.context().getSourceManager(),
                          Hazard.Later.Site->getBeginLoc());
  auto ThreadAndWarp = [&](const HazardAccess &Access) {
    return threadOf(Analysis, Access) + " (warp " +
           std::to_string(Access.Thread / WarpSize) + ")";
  };
  D.Message = "write-write race: " + ThreadAndWarp(Hazard.Earlier) + " and " +
              ThreadAndWarp(Hazard.Later) + " both write " +
              wordOf(Analysis, Hazard) +
              " in this statement, with different values; warps execute it "
              "at different times, so which value remains is undefined " +
              assumptionsOf(Analysis, Hazard);
  D.Notes.push_back(
      {D.Where,
       "a barrier cannot order a statement with itself: let one warp write "
       "these words (e.g. under 'if (threadIdx.x < " +
           std::to_string(WarpSize) +
           ")'), or give each thread a word of its own",
       {}});
  return D;
}

} // namespace

void MissingBarrierCheck::checkKernel(const CheckContext &Context,
                                      std::vector<Diagnostic> &Findings) {
  const KernelAnalysis &Analysis = Context.Analysis;
  for (const SharedHazard &Hazard : Analysis.barriers().Hazards) {
    if (Hazard.WithinOneWarp)
      continue;
    if (Hazard.Kind == HazardKind::WriteAfterRead && Hazard.AcrossIterationsOf)
      continue; // smem-barrier-reuse
    if (Hazard.WithinOneStatement) {
      Findings.push_back(oneStatementRace(Analysis, Hazard));
      continue;
    }
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
