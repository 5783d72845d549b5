//===--- MissingBarrierCheck.cpp - smem-missing-barrier -------------------===//

#include "Checks/MissingBarrierCheck.h"

#include "Checks/HazardWording.h"

#include "Analysis/SourceNames.h"

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
    if (Hazard.CopyInFlight)
      continue; // smem-async-copy-wait
    if (Hazard.Kind == HazardKind::WriteAfterRead && Hazard.AcrossIterationsOf)
      continue; // smem-barrier-reuse
    std::string Later = describeAccess(Analysis, Hazard, Hazard.Later);
    std::string Earlier = threadOf(Analysis, Hazard.Earlier);
    std::string EarlierLine = accessLine(Analysis, Hazard.Earlier);
    // A barrier between them that one of the threads skips orders nothing.
    std::string Between =
        Hazard.SkippedBarrier
            ? ", and " + threadName(Analysis.shape().Block, Hazard.SkippedBy) +
                  " does not reach the barrier at line " +
                  std::to_string(lineOf(Analysis, Hazard.SkippedBarrier)) +
                  " in between"
            : " with no __syncthreads() in between";
    std::string Message =
        "missing barrier: " + triedValuesClause(Analysis, Hazard) + Later +
        ", ";
    switch (Hazard.Kind) {
    case HazardKind::ReadAfterWrite:
      Message += "written by " + Earlier + " at line " + EarlierLine + Between;
      break;
    case HazardKind::WriteAfterWrite:
      Message +=
          "also written by " + Earlier + " at line " + EarlierLine + Between;
      break;
    case HazardKind::WriteAfterRead:
      Message += "which " + Earlier + " reads at line " + EarlierLine + Between;
      break;
    }
    Message += " " + assumptionsOf(Analysis, Hazard);
    Findings.push_back(hazardDiagnostic(
        Context, Hazard, name(), std::move(Message), "__syncthreads()",
        "insert __syncthreads() here so that every thread of the block "
        "finishes the access at line " +
            EarlierLine + " first"));
  }
}

const CheckInfo &MissingBarrierCheck::info() {
  static const CheckInfo Info = {
      "smem-missing-barrier",
      "MissingBarrier",
      FindingOrigin::Check,
      CheckCategory::Correctness,
      Severity::Warning,
      /*OnByDefault=*/true,
      /*AlwaysShown=*/false,
      /*AboutTheTool=*/false,
      NeedsSharedAccesses,
      "docs/checks/smem-missing-barrier.md",
      "Threads of different warps share a shared-memory word with no barrier "
      "in between",
      "A thread reads a shared word that a thread of another warp writes, or "
      "writes a word that another warp reads or writes, with no "
      "__syncthreads() between the two accesses. The finding names both "
      "accesses (the earlier one as a related location), one pair of threads "
      "and the word they share.",
      "Put __syncthreads() between the write and the accesses of other "
      "threads to the same words; the fix-it inserts it where every thread of "
      "the block reaches it.",
      "```cuda\n"
      "__shared__ float s[256];\n"
      "s[threadIdx.x] = in[threadIdx.x];\n"
      "out[threadIdx.x] = s[255 - threadIdx.x]; // another warp's write\n"
      "```\n"
      "\n"
      "**Fix:** order the accesses with a block barrier (the fix-it inserts "
      "it):\n"
      "\n"
      "```cuda\n"
      "s[threadIdx.x] = in[threadIdx.x];\n"
      "__syncthreads();\n"
      "out[threadIdx.x] = s[255 - threadIdx.x];\n"
      "```",
      /*Options=*/{},
      RuntimeEvidence::Race,
  };
  return Info;
}

} // namespace smemlint
