//===--- DivergentBarrierCheck.cpp - smem-divergent-barrier ---------------===//

#include "Checks/DivergentBarrierCheck.h"

#include "Analysis/GridBarriers.h"
#include "Analysis/SourceNames.h"
#include "Analysis/SourcePoints.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/StringExtras.h"

namespace smemlint {

void DivergentBarrierCheck::checkKernel(const CheckContext &Context,
                                        std::vector<Diagnostic> &Findings) {
  const KernelAnalysis &Analysis = Context.Analysis;
  const BlockShape &Block = Analysis.shape().Block;
  for (const DivergentBarrier &Barrier :
       Analysis.barriers().DivergentBarriers) {
    Diagnostic D;
    D.Check = name().str();
    D.Level = Severity::Warning;
    D.Where = toSourcePoint(Analysis.context().getSourceManager(),
                            Barrier.Site->getBeginLoc());
    std::string Missing = threadName(Block, Barrier.ExampleMissing);
    std::string Arrived = threadName(Block, Barrier.ExampleArrived);
    unsigned Total = Barrier.Arrived + Barrier.Skipping + Barrier.Returned;
    if (Barrier.Warp) {
      D.Message =
          "divergent __syncwarp(): " + std::to_string(Barrier.Skipping) +
          " of the " + std::to_string(Total) + " lanes " +
          (Barrier.WholeWarp ? "of the warp" : "its mask names") +
          " skip it (" + Missing + " does, " + Arrived + " does not)" +
          (Barrier.WholeWarp ? " but the mask names the whole warp" : "");
    } else if (Barrier.PairedWith) {
      unsigned OtherLine = toSourcePoint(Analysis.context().getSourceManager(),
                                         Barrier.PairedWith->getBeginLoc())
                               .Line;
      D.Message = "divergent barrier: " + std::to_string(Barrier.Arrived) +
                  " threads of the block wait here (" + Arrived + ") and " +
                  std::to_string(Barrier.AtPaired) +
                  " at the __syncthreads() at line " +
                  std::to_string(OtherLine) + " (" + Missing +
                  "); the GPU completes the two as one barrier, but CUDA "
                  "requires every thread of the block to reach the same one";
      if (Barrier.Skipping + Barrier.Returned)
        D.Message += "; " +
                     std::to_string(Barrier.Skipping + Barrier.Returned) +
                     " threads reach neither";
    } else {
      D.Message = "divergent barrier: " +
                  std::to_string(Barrier.Skipping + Barrier.Returned) + " of " +
                  std::to_string(Total) +
                  " threads of the block do not reach it (" + Missing +
                  (Barrier.Returned && !Barrier.Skipping ? " returned before it"
                                                         : " skips it") +
                  ", " + Arrived + " arrives)";
      if (Barrier.Returned && Barrier.Skipping)
        D.Message +=
            "; " + std::to_string(Barrier.Returned) + " of them returned early";
    }
    // Which threads reach it may rest on a value nothing gave (a grid the
    // launch does not show: gridDim.x = 1 leaves a grid-stride loop one
    // iteration longer for some threads): then it is a note that says so.
    SymbolSet Assumed = 0;
    for (unsigned Id = 0; Id < Analysis.symbols().size() && Id < 64; ++Id)
      if ((Barrier.Symbols >> Id & 1) && Analysis.racesTriedFor(Id))
        Assumed |= SymbolSet(1) << Id;
    if (Assumed) {
      D.Level = Severity::Note;
      D.Assumptions = assumedValues(Analysis, Assumed);
      std::vector<std::string> Values;
      for (const Assumption &A : D.Assumptions)
        Values.push_back(A.Subject + " = " + A.Value);
      D.Message += " with " + llvm::join(Values, " and ") +
                   (Values.size() == 1 ? ", a value" : ", values") +
                   " the analysis assumed";
    }
    D.Message +=
        " (block " + Block.str() + ", " + Analysis.arch().Name.str() + ")";
    if (Barrier.PairedWith)
      D.Notes.push_back(
          {D.Where,
           "the behaviour is undefined (__syncthreads() is PTX's bar.sync, "
           "which the compiler may treat as reached by the whole block); the "
           "race analysis pairs the two calls as the GPU does. Call "
           "__syncthreads() once, outside the branch: end each side's work "
           "before it and branch again after it",
           {}});
    else
      D.Notes.push_back(
          {D.Where,
           Barrier.Warp
               ? "pass the mask of the lanes that reach it, or move it out of "
                 "the branch"
           : Barrier.Returned && !Barrier.Skipping
               // The early `if (i >= n) return;` of a kernel that later
               // synchronizes: the fix is to keep those threads, not to move
               // the barrier.
               ? "every thread of the block must reach the same barrier: "
                 "instead of returning early, keep those threads and guard "
                 "only their work with the condition, so that they reach the "
                 "barrier too (the behaviour is undefined; compute-sanitizer's "
                 "synccheck reports nothing when the threads that miss a "
                 "barrier have exited)"
               : "every thread of the block must reach the same barrier: move "
                 "it out of the thread-dependent branch or loop (the behaviour "
                 "is undefined; when the threads that skip it exit, "
                 "compute-sanitizer's synccheck reports nothing)",
           {}});
    Findings.push_back(std::move(D));
  }
  reportGridBarriers(Context, Findings);
}

void DivergentBarrierCheck::reportGridBarriers(
    const CheckContext &Context, std::vector<Diagnostic> &Findings) const {
  const KernelAnalysis &Analysis = Context.Analysis;
  auto BlockName = [](const std::array<unsigned, 3> &Index) {
    return "block (" + std::to_string(Index[0]) + "," +
           std::to_string(Index[1]) + "," + std::to_string(Index[2]) + ")";
  };
  for (const DivergentGridBarrier &Barrier : divergentGridBarriers(Analysis)) {
    Diagnostic D;
    D.Check = name().str();
    D.Level = Severity::Warning;
    D.Where = toSourcePoint(Analysis.context().getSourceManager(),
                            Barrier.Site->getBeginLoc());
    // Counts of block barriers, not of calls: one grid sync may make two.
    D.Message =
        "divergent grid barrier: " + BlockName(Barrier.Missing) +
        (Barrier.MissingTimes == 0
             ? " never reaches it, " + BlockName(Barrier.Reaching) + " does"
             : " reaches it fewer times than " + BlockName(Barrier.Reaching)) +
        " (block " + Analysis.shape().Block.str() + ", " +
        Analysis.arch().Name.str() + ")";
    D.Notes.push_back(
        {D.Where,
         "a grid barrier waits until every block of the grid arrives: the "
         "blocks that reach it wait for the others forever (the kernel "
         "hangs); make every block reach it the same number of times",
         {}});
    Findings.push_back(std::move(D));
  }
}

const CheckInfo &DivergentBarrierCheck::info() {
  static const CheckInfo Info = {
      "smem-divergent-barrier",
      "DivergentBarrier",
      FindingOrigin::Check,
      CheckCategory::Correctness,
      Severity::Warning,
      /*OnByDefault=*/true,
      /*AlwaysShown=*/false,
      /*AboutTheTool=*/false,
      NeedsSharedAccesses,
      "docs/checks/smem-divergent-barrier.md",
      "A block barrier that only part of the block reaches",
      "A __syncthreads() or another block barrier is reached by only part of "
      "the block: under a thread-dependent condition, in a loop whose trip "
      "count differs between threads, or after some threads returned early. "
      "The behaviour is undefined, and compute-sanitizer's synccheck does not "
      "always see it.",
      "Make every thread of the block reach the barrier: move it out of the "
      "thread-dependent branch or loop (guard the work, not the barrier), and "
      "replace an early return before a barrier with a guard around the work.",
      "```cuda\n"
      "if (threadIdx.x < 128)\n"
      "  __syncthreads(); // half of the block never arrives\n"
      "```\n"
      "\n"
      "**Fix:** guard the work, not the barrier:\n"
      "\n"
      "```cuda\n"
      "if (threadIdx.x < 128)\n"
      "  work();\n"
      "__syncthreads();\n"
      "```",
      /*Options=*/{},
      RuntimeEvidence::SkippedBarrier,
  };
  return Info;
}

} // namespace smemlint
