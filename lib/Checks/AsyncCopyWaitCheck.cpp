//===--- AsyncCopyWaitCheck.cpp - smem-async-copy-wait --------------------===//

#include "Checks/AsyncCopyWaitCheck.h"

#include "Checks/HazardWording.h"

#include "Analysis/SourceNames.h"
#include "Analysis/SourcePoints.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"

namespace smemlint {

/// What a copy into shared memory is called in the findings: a bulk copy
/// (the TMA engine's) completes through its mbarrier, a cp.async through
/// its thread's group wait.
static const char *copyIntoShared(bool Tensor, bool Bulk) {
  return Tensor ? "TMA tensor copy" : Bulk ? "cp.async.bulk" : "cp.async";
}

void AsyncCopyWaitCheck::checkKernel(const CheckContext &Context,
                                     std::vector<Diagnostic> &Findings) {
  const KernelAnalysis &Analysis = Context.Analysis;
  const clang::SourceManager &SM = Analysis.context().getSourceManager();
  for (const SharedHazard &Hazard : Analysis.barriers().Hazards) {
    if (!Hazard.CopyInFlight)
      continue;
    std::string Word = wordOf(Analysis, Hazard);
    // A wgmma is its warpgroup's: no one thread issues it.
    bool Mma = Hazard.CopyIsWarpgroupMma;
    std::string Copier = Mma ? warpgroupName(Hazard.Earlier.Thread)
                             : threadOf(Analysis, Hazard.Earlier);
    std::string CopyLine = accessLine(Analysis, Hazard.Earlier);
    std::string Copy =
        Mma ? "wgmma"
        : Hazard.CopyReadsShared
            ? "bulk copy out of shared memory"
            : copyIntoShared(Hazard.CopyIsTensor, Hazard.CopyIsBulk);
    bool Own = !Mma && Hazard.Earlier.Thread == Hazard.Later.Thread;
    std::string Message =
        "missing wait: " + triedValuesClause(Analysis, Hazard) +
        (Hazard.LaterIsCopy ? threadOf(Analysis, Hazard.Later) + "'s " +
                                  copyIntoShared(Hazard.LaterCopyIsTensor,
                                                 Hazard.LaterCopyIsBulk) +
                                  " writes " + Word
                            : describeAccess(Analysis, Hazard, Hazard.Later));
    if (Hazard.Kind == HazardKind::ReadAfterWrite)
      Message += Own ? ", which its own " + Copy + " at line " + CopyLine +
                           " may not have written yet"
                     : " before the " + Copy + " at line " + CopyLine +
                           " that writes it has landed: " + Copier +
                           " issued the copy";
    else if (Hazard.CopyReadsShared)
      Message += " while the " + Copy + " at line " + CopyLine + " of " +
                 (Own ? std::string("the same thread") : Copier) +
                 " may still be reading it, so the " +
                 (Mma ? "wgmma may multiply the new value"
                      : "copy may store the new value to global memory");
    else
      Message += " while the " + Copy + " at line " + CopyLine + " of " +
                 (Own ? std::string("the same thread") : Copier) +
                 " may still write it, so either value may stay";
    Message += Mma ? "; a wgmma has read its operands only once a "
                     "wgmma.wait_group of its warpgroup retires its group, "
                     "and none did before this access "
               : Hazard.CopyReadsShared
                   ? "; a bulk copy has read its source only once its "
                     "thread's cp.async.bulk.wait_group.read completes its "
                     "bulk group, and none did before this access "
               : Hazard.CopyIsBulk
                   ? "; a bulk copy completes when a wait on its mbarrier "
                     "sees the phase the copy completes, and none came "
                     "before this access "
                   : "; a copy completes only at its thread's "
                     "cp.async.wait_group or wait_all, and none completed it "
                     "before this access ";
    Message += assumptionsOf(Analysis, Hazard);

    Diagnostic D;
    D.Check = name().str();
    D.Level = Severity::Warning;
    D.Where = toSourcePoint(SM, Hazard.Later.Site->getBeginLoc());
    Context.nameSharedAccess(D, Hazard.Later.Site, Hazard.Later.Kind);
    Context.nameSharedAccess(D, Hazard.Earlier.Site, Hazard.Earlier.Kind);
    D.Message = std::move(Message);
    std::string Issued = Copier + " issues the " + Copy + " that " +
                         (Hazard.CopyReadsShared ? "reads " : "writes ") +
                         Word + " here" + earlierIteration(Analysis, Hazard);
    D.Notes.push_back(
        {toSourcePoint(SM, Hazard.Earlier.Site->getBeginLoc()), Issued, {}});
    std::string Fix =
        Mma ? "wait for the wgmma to have read its operands before writing "
              "them again: wgmma.wait_group.sync.aligned 0 "
              "(warpgroup_wait<0>() in CUTLASS) in every thread of the "
              "warpgroup, then __syncthreads() before the other threads write"
        : Hazard.CopyReadsShared
            ? "wait for the copy to have read its source before writing it "
              "again: cp.async.bulk.wait_group.read 0 "
              "(cuda::ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>())) in "
              "the copying thread" +
                  std::string(Own ? ""
                                  : ", then __syncthreads() before the "
                                    "other threads write")
        : Hazard.CopyIsBulk
            ? "wait on the copy's mbarrier before this access "
              "(mbarrier.try_wait.parity for the phase the copy completes, "
              "cuda::barrier::wait())"
            : "wait for the copy before this access: cp.async.wait_group N "
              "with at most N groups committed after it "
              "(__pipeline_wait_prior(N), cuda::pipeline::consumer_wait())";
    if (!Own && !Hazard.CopyIsBulk && !Hazard.CopyReadsShared)
      Fix += ", then __syncthreads() so that every thread's copy has landed "
             "before other threads use it";
    D.Notes.push_back({D.Where, std::move(Fix), {}});
    weighTriedValues(Analysis, Hazard, D);
    Findings.push_back(std::move(D));
  }
  for (const BulkReadAtExit &Exit : Analysis.barriers().BulkReadsAtExit) {
    std::string Copier = threadName(Analysis.shape().Block, Exit.Copy.Thread);
    std::string Element = Exit.Array ? elementName(Analysis.context(),
                                                   Exit.Array, Exit.ByteOffset)
                                     : "shared memory";
    // A note: CUDA's examples wait before the exit, but no document we
    // have says what an exit does to a copy still reading, and the H200
    // showed nothing (docs/measurements/h200-async-proxy.md).
    Diagnostic D;
    D.Check = name().str();
    D.Level = Severity::Note;
    D.Where = toSourcePoint(SM, Exit.Copy.Site->getBeginLoc());
    Context.nameSharedAccess(D, Exit.Copy.Site, Exit.Copy.Kind);
    D.Message =
        "possibly missing wait: the block exits while the bulk copy out of "
        "shared memory here may still be reading " +
        Element + ": " + Copier +
        " issues it and no cp.async.bulk.wait_group.read completes "
        "it before the thread returns, so the block's shared memory "
        "may go to another block before the copy has read it "
        "(block " +
        Analysis.shape().Block.str() + ", " + Analysis.arch().Name.str() + ")";
    D.Notes.push_back(
        {D.Where,
         "wait in the copying thread before it returns, as CUDA's TMA "
         "examples do: cp.async.bulk.wait_group.read 0 "
         "(cuda::ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>())); "
         "reported as a note: on the H200 no copy read another block's data "
         "in 1056-block launches without the wait",
         {}});
    D.Assumptions = assumedValues(Analysis, ~SymbolSet(0));
    Findings.push_back(std::move(D));
  }
}

const CheckInfo &AsyncCopyWaitCheck::info() {
  static const CheckInfo Info = {
      "smem-async-copy-wait",
      "AsyncCopyWait",
      FindingOrigin::Check,
      CheckCategory::Correctness,
      Severity::Warning,
      /*OnByDefault=*/true,
      /*AlwaysShown=*/false,
      /*AboutTheTool=*/false,
      NeedsSharedAccesses,
      "docs/checks/smem-async-copy-wait.md",
      "A shared word is read or written while a cp.async into it may still be "
      "in flight",
      "A cp.async (__pipeline_memcpy_async, cuda::memcpy_async, "
      "cooperative_groups::memcpy_async, CuTe's SM80_CP_ASYNC copies) writes "
      "its shared bytes at some point before the issuing thread's "
      "cp.async.wait_group or wait_all completes it; __syncthreads() does not "
      "wait for it. A read of those bytes before then may see the old data, a "
      "write may be overwritten. The finding names the access, the copy, the "
      "threads and the word.",
      "Wait for the copy before the access (cp.async.wait_group N leaves the "
      "newest N groups in flight; __pipeline_wait_prior(N), "
      "cuda::pipeline::consumer_wait()), and put __syncthreads() after the "
      "wait when threads use bytes other threads copied.",
      "```cuda\n"
      "__pipeline_memcpy_async(&tile[threadIdx.x], &in[threadIdx.x], 4);\n"
      "__pipeline_commit();\n"
      "__syncthreads();                  // does not wait for the copy\n"
      "out[threadIdx.x] = tile[255 - threadIdx.x];\n"
      "```\n"
      "\n"
      "**Fix:** wait for the copy, then order the threads:\n"
      "\n"
      "```cuda\n"
      "__pipeline_memcpy_async(&tile[threadIdx.x], &in[threadIdx.x], 4);\n"
      "__pipeline_commit();\n"
      "__pipeline_wait_prior(0);\n"
      "__syncthreads();\n"
      "out[threadIdx.x] = tile[255 - threadIdx.x];\n"
      "```",
      /*Options=*/{},
      RuntimeEvidence::Race,
  };
  return Info;
}

} // namespace smemlint
