//===--- HazardWording.cpp - How barrier findings describe a race ---------===//

#include "Checks/HazardWording.h"

#include "Analysis/SourceNames.h"
#include "Analysis/SourcePoints.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"

namespace smemlint {
namespace {

const char *verb(AccessKind Kind) {
  switch (Kind) {
  case AccessKind::Load:
    return "reads";
  case AccessKind::Store:
    return "writes";
  case AccessKind::Atomic:
    return "atomically updates";
  }
  return "accesses";
}

} // namespace

unsigned lineOf(const KernelAnalysis &Analysis, const clang::Stmt *S) {
  return toSourcePoint(Analysis.context().getSourceManager(), S->getBeginLoc())
      .Line;
}

std::string threadOf(const KernelAnalysis &Analysis,
                     const HazardAccess &Access) {
  return threadName(Analysis.shape().Block, Access.Thread);
}

std::string wordOf(const KernelAnalysis &Analysis, const SharedHazard &Hazard) {
  return elementName(Analysis.context(), Hazard.Array, Hazard.ByteOffset);
}

std::string describeAccess(const KernelAnalysis &Analysis,
                           const SharedHazard &Hazard,
                           const HazardAccess &Access) {
  return threadOf(Analysis, Access) + " " + verb(Access.Kind) + " " +
         wordOf(Analysis, Hazard);
}

DiagnosticNote noteAtEarlier(const KernelAnalysis &Analysis,
                             const SharedHazard &Hazard) {
  std::string Message =
      describeAccess(Analysis, Hazard, Hazard.Earlier) + " here";
  if (Hazard.AcrossIterationsOf)
    for (size_t I = 0; I < Hazard.Earlier.Loops.size(); ++I)
      if (Hazard.Earlier.Loops[I] == Hazard.AcrossIterationsOf)
        Message += ", in iteration " +
                   std::to_string(Hazard.Earlier.Iterations[I]) +
                   " of the loop at line " +
                   std::to_string(lineOf(Analysis, Hazard.AcrossIterationsOf));
  return {toSourcePoint(Analysis.context().getSourceManager(),
                        Hazard.Earlier.Site->getBeginLoc()),
          Message,
          {}};
}

std::string assumptionsOf(const KernelAnalysis &Analysis,
                          const SharedHazard &Hazard) {
  std::string Text = Analysis.assumptionSummary(Hazard.Later.Site);
  if (Analysis.shape().Source == ShapeSource::Default)
    Text += ", assumed: no launch with a constant block shape found";
  return "(" + Text + ")";
}

Diagnostic hazardDiagnostic(const CheckContext &Context,
                            const SharedHazard &Hazard, llvm::StringRef Check,
                            std::string Message, llvm::StringRef Barrier,
                            std::string FixMessage) {
  const KernelAnalysis &Analysis = Context.Analysis;
  const clang::SourceManager &SM = Analysis.context().getSourceManager();
  Diagnostic D;
  D.Check = Check.str();
  D.Level = Severity::Warning;
  D.Where = toSourcePoint(SM, Hazard.Later.Site->getBeginLoc());
  Context.nameSharedAccess(D, Hazard.Later.Site, Hazard.Later.Kind);
  Context.nameSharedAccess(D, Hazard.Earlier.Site, Hazard.Earlier.Kind);
  D.Message = std::move(Message);
  D.Notes.push_back(noteAtEarlier(Analysis, Hazard));
  if (Hazard.SkippedBarrier) {
    // Another barrier would be skipped the same way.
    D.Notes.push_back(
        {toSourcePoint(SM, Hazard.SkippedBarrier->getBeginLoc()),
         threadName(Analysis.shape().Block, Hazard.SkippedBy) +
             " skips this barrier, which orders only the threads that reach "
             "it: make every thread of the block reach it "
             "(smem-divergent-barrier)",
         {}});
    return D;
  }
  BarrierPlacement Place = placeBarrierBetween(
      Analysis.context(), Hazard.Earlier.Site, Hazard.Later.Site, Barrier,
      divergenceOf(Analysis, Barrier.starts_with("__syncwarp")));
  if (Place.Fix)
    D.Notes.push_back({Place.Fix->Where, std::move(FixMessage), {*Place.Fix}});
  else if (!Place.WhyNot.empty())
    D.Notes.push_back({D.Where,
                       "no fix-it: " + Place.WhyNot +
                           " (a divergent barrier); order the accesses where "
                           "every thread arrives, for example by moving them "
                           "out of it",
                       {}});
  return D;
}

BranchDivergence divergenceOf(const KernelAnalysis &Analysis, bool WarpScope) {
  return {Analysis.barriers().NonUniformBranches, WarpScope};
}

} // namespace smemlint
