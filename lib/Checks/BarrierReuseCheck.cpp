//===--- BarrierReuseCheck.cpp - smem-barrier-reuse -----------------------===//

#include "Checks/BarrierReuseCheck.h"

#include "Checks/HazardWording.h"

#include "Analysis/SourcePoints.h"
#include "Fixes/BarrierInsertion.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace smemlint {

void BarrierReuseCheck::checkKernel(const CheckContext &Context,
                                    std::vector<Diagnostic> &Findings) {
  const KernelAnalysis &Analysis = Context.Analysis;
  for (const SharedHazard &Hazard : Analysis.barriers().Hazards) {
    if (Hazard.WithinOneWarp || Hazard.Kind != HazardKind::WriteAfterRead ||
        !Hazard.AcrossIterationsOf || Hazard.CopyInFlight)
      continue;
    std::string Loop =
        std::to_string(lineOf(Analysis, Hazard.AcrossIterationsOf));
    std::string ReadLine = accessLine(Analysis, Hazard.Earlier);
    std::string Message =
        "missing second barrier: " + triedValuesClause(Analysis, Hazard) +
        "the loop at line " + Loop + " refills '" +
        (Hazard.Array ? Hazard.Array->getNameAsString() : std::string("?")) +
        "' while other threads may still read the previous iteration: " +
        describeAccess(Analysis, Hazard, Hazard.Later) + ", which " +
        threadOf(Analysis, Hazard.Earlier) + " reads at line " + ReadLine +
        " in the iteration before " + assumptionsOf(Analysis, Hazard);
    Diagnostic D;
    D.Check = name().str();
    D.Level = Severity::Warning;
    D.Where = toSourcePoint(Analysis.context().getSourceManager(),
                            Hazard.Later.Site->getBeginLoc());
    Context.nameSharedAccess(D, Hazard.Later.Site, Hazard.Later.Kind);
    Context.nameSharedAccess(D, Hazard.Earlier.Site, Hazard.Earlier.Kind);
    D.Message = std::move(Message);
    D.Notes.push_back(noteAtEarlier(Analysis, Hazard));
    weighTriedValues(Analysis, Hazard, D);
    std::string NotReached = barrierNotReachedBecause(
        Analysis.context(), loopBodyEnd(Hazard.AcrossIterationsOf),
        divergenceOf(Analysis, Hazard, /*WarpScope=*/false));
    if (!NotReached.empty())
      D.Notes.push_back({D.Where,
                         "no fix-it: " + NotReached +
                             " (a divergent barrier); make the loop's trip "
                             "count the same for every thread of the block",
                         {}});
    else if (std::optional<FixIt> Fix = insertBarrierAtLoopEnd(
                 Analysis.context(), Hazard.AcrossIterationsOf,
                 "__syncthreads()"))
      D.Notes.push_back({Fix->Where,
                         "end the loop body with a second __syncthreads() so "
                         "that every read of an iteration finishes before the "
                         "next refill",
                         {*Fix}});
    Findings.push_back(std::move(D));
  }
}

const CheckInfo &BarrierReuseCheck::info() {
  static const CheckInfo Info = {
      "smem-barrier-reuse",
      "BarrierReuse",
      FindingOrigin::Check,
      CheckCategory::Correctness,
      Severity::Warning,
      /*OnByDefault=*/true,
      /*AlwaysShown=*/false,
      /*AboutTheTool=*/false,
      NeedsSharedAccesses,
      "docs/checks/smem-barrier-reuse.md",
      "A loop refills a shared buffer while other warps may still read the "
      "previous iteration",
      "A loop has a barrier after it fills a shared buffer but no second one "
      "after the last read, so the writes of the next iteration can overwrite "
      "words that other warps have not read yet.",
      "End the loop body with a second __syncthreads() so that every read of "
      "an iteration finishes before the next refill; the fix-it inserts it.",
      "```cuda\n"
      "for (int t = 0; t < n / TILE; ++t) {\n"
      "  As[ty][tx] = A[ty * n + t * TILE + tx];\n"
      "  __syncthreads();\n"
      "  for (int k = 0; k < TILE; ++k)\n"
      "    acc += As[ty][k] * B[k * n + tx];\n"
      "}\n"
      "```\n"
      "\n"
      "**Fix:** end the loop body with `__syncthreads();` so that the next "
      "refill waits for every read of this iteration (the fix-it inserts it).",
      /*Options=*/{},
      RuntimeEvidence::Race,
  };
  return Info;
}

} // namespace smemlint
