//===--- ConflictingWritesCheck.cpp - smem-conflicting-writes -------------===//

#include "Checks/ConflictingWritesCheck.h"

#include "Analysis/SourcePoints.h"
#include "Checks/HazardWording.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"

namespace smemlint {

void ConflictingWritesCheck::checkKernel(const CheckContext &Context,
                                         std::vector<Diagnostic> &Findings) {
  const KernelAnalysis &Analysis = Context.Analysis;
  unsigned WarpSize = Analysis.arch().Banking.WarpSize;
  auto ThreadAndWarp = [&](const HazardAccess &Access) {
    return threadOf(Analysis, Access) + " (warp " +
           std::to_string(Access.Thread / WarpSize) + ")";
  };
  for (const SharedHazard &Hazard : Analysis.barriers().Hazards) {
    if (!Hazard.WithinOneStatement)
      continue;
    Diagnostic D;
    D.Check = name().str();
    // Values the evaluation could not compute may be equal: a warp's
    // reduction result, a value loaded from one address.
    D.Level = Hazard.ValuesDiffer ? Severity::Warning : Severity::Note;
    D.Where = toSourcePoint(Analysis.context().getSourceManager(),
                            Hazard.Later.Site->getBeginLoc());
    Context.nameSharedAccess(D, Hazard.Later.Site, Hazard.Later.Kind);
    Context.nameSharedAccess(D, Hazard.Earlier.Site, Hazard.Earlier.Kind);
    D.Message =
        "conflicting writes: " + triedValuesClause(Analysis, Hazard) +
        ThreadAndWarp(Hazard.Earlier) + " and " + ThreadAndWarp(Hazard.Later) +
        " both write " + wordOf(Analysis, Hazard) + " in this statement" +
        (Hazard.ValuesDiffer
             ? ", with different values; " +
                   std::string(Hazard.WithinOneWarp
                                   ? "one lane's value lands, and which one "
                                     "is undefined "
                                   : "warps run the statement at different "
                                     "times, so the last one wins ")
             : "; their values depend on what the analysis could not "
               "compute, and may be the same (then the write is benign); "
               "if they differ, which one lands is undefined ") +
        assumptionsOf(Analysis, Hazard);
    D.Notes.push_back({D.Where,
                       "a barrier cannot order a statement with itself: let "
                       "one thread write each word, or give each thread a "
                       "word of its own",
                       {}});
    weighTriedValues(Analysis, Hazard, D);
    Findings.push_back(std::move(D));
  }
}

const CheckInfo &ConflictingWritesCheck::info() {
  static const CheckInfo Info = {
      "smem-conflicting-writes",
      "ConflictingWrites",
      FindingOrigin::Check,
      CheckCategory::Correctness,
      Severity::Warning,
      /*OnByDefault=*/true,
      /*AlwaysShown=*/false,
      /*AboutTheTool=*/false,
      NeedsSharedAccesses,
      "docs/checks/smem-conflicting-writes.md",
      "Threads store different values to one shared word in one statement",
      "Two threads of the block store different values to the same shared "
      "word in the same statement. Within a warp one lane's value lands and "
      "which one is undefined; across warps the last warp to run the "
      "statement wins. No barrier can order a statement with itself.",
      "Let one thread write each word, or give each thread a word of its own.",
      "```cuda\n"
      "a[threadIdx.x & 7] = threadIdx.x; // 32 threads per word\n"
      "```\n"
      "\n"
      "**Fix:** one writer per word:\n"
      "\n"
      "```cuda\n"
      "if (threadIdx.x < 8)\n"
      "  a[threadIdx.x] = threadIdx.x;\n"
      "```",
      /*Options=*/{},
      RuntimeEvidence::Race,
  };
  return Info;
}

} // namespace smemlint
