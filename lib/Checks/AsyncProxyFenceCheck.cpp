//===--- AsyncProxyFenceCheck.cpp - smem-async-proxy-fence ----------------===//

#include "Checks/AsyncProxyFenceCheck.h"

#include "Checks/HazardWording.h"

#include "Analysis/SourceNames.h"
#include "Analysis/SourcePoints.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/StringExtras.h"

namespace smemlint {

void AsyncProxyFenceCheck::checkKernel(const CheckContext &Context,
                                       std::vector<Diagnostic> &Findings) {
  const KernelAnalysis &Analysis = Context.Analysis;
  const clang::ASTContext &Ctx = Analysis.context();
  const clang::SourceManager &SM = Ctx.getSourceManager();
  const BlockShape &Block = Analysis.shape().Block;
  for (const ProxyFenceGap &Gap : Analysis.proxyFences().Gaps) {
    std::string Name =
        Gap.Array ? "'" + Gap.Array->getNameAsString() + "'" : "shared memory";
    std::string Element = Gap.Array ? elementName(Ctx, Gap.Array, Gap.Offset)
                                    : std::to_string(Gap.Offset);
    Diagnostic D;
    D.Check = name().str();
    D.Level = Severity::Warning;
    // A copy in a helper (cuda::ptx's wrappers, a project's epilogue) is
    // reported at the kernel's call of it: one finding per kernel and place.
    bool Helper = false;
    D.Where = findingPlace(SM, Gap.Copy, Gap.CopyCalledFrom, Helper);
    SourcePoint CopyPoint = toSourcePoint(SM, Gap.Copy->getBeginLoc());
    unsigned WriteLine = lineOf(Analysis, Gap.Write);
    // A wgmma is issued by its warpgroup, not by one thread.
    std::string Reader = Gap.ByWarpgroupMma ? "wgmma" : "copy";
    std::string Issued = Gap.ByWarpgroupMma
                             ? "the wgmma of " + warpgroupName(Gap.Issuer)
                             : threadName(Block, Gap.Issuer) + "'s copy";
    D.Message =
        (Gap.ByWarpgroupMma ? "wgmma" : "bulk copy out of shared memory") +
        std::string(" reads ") + Name +
        " through the async proxy, but the generic write at line " +
        std::to_string(WriteLine) +
        " is not made visible to it with fence.proxy.async (" +
        threadName(Block, Gap.Writer) + " writes " + Element +
        (Gap.ThroughBarrier
             ? ", a barrier orders it before " + Issued + "; no fence by either"
         : Gap.ByWarpgroupMma
             ? " and its warpgroup's wgmma reads it without a fence"
             : " and copies it without a fence") +
        "; block " + Block.str() + ", " + Analysis.arch().Name.str() + ")";
    SourcePoint Write = toSourcePoint(SM, Gap.WriteReachedThrough.isValid()
                                              ? Gap.WriteReachedThrough
                                              : Gap.Write->getBeginLoc());
    if (Helper)
      D.Notes.push_back(
          {CopyPoint, "the " + Reader + " that call reaches", {}});
    D.Notes.push_back({Write,
                       "the write the " + Reader + " reads: " +
                           std::to_string(Gap.UnfencedWords) + " of the " +
                           std::to_string(Gap.CopyWords) + " words it " +
                           (Gap.ByWarpgroupMma ? "reads" : "copies") +
                           " come from it unfenced",
                       {}});
    D.Notes.push_back(
        {D.Where,
         "barriers order the generic proxy only: the " +
             std::string(Gap.ByWarpgroupMma ? "tensor cores" : "TMA engine") +
             " may read " + Name +
             " as it was before the write. Put "
             "`fence.proxy.async.shared::cta` "
             "(cuda::ptx::fence_proxy_async(cuda::ptx::space_shared)" +
             (Gap.ByWarpgroupMma ? ", cutlass::arch::fence_view_async_shared()"
                                 : "") +
             ") in every writing thread after its writes and before the "
             "barrier, or in the " +
             (Gap.ByWarpgroupMma ? "warpgroup's threads" : "copying thread") +
             " between the barrier and the " +
             (Gap.ByWarpgroupMma ? "wgmma" : "copy"),
         {}});
    D.Assumptions = assumedValues(Analysis, ~SymbolSet(0));
    demoteForDataBranches(D, Gap.Assumptions, "the path rests");
    Findings.push_back(std::move(D));
  }
}

const CheckInfo &AsyncProxyFenceCheck::info() {
  static const CheckInfo Info = {
      "smem-async-proxy-fence",
      "AsyncProxyFence",
      FindingOrigin::Check,
      CheckCategory::Correctness,
      Severity::Warning,
      /*OnByDefault=*/true,
      /*AlwaysShown=*/false,
      /*AboutTheTool=*/false,
      NeedsSharedAccesses,
      "docs/checks/smem-async-proxy-fence.md",
      "A bulk copy out of shared memory (TMA store) reads generic writes "
      "that no fence.proxy.async orders before it",
      "Hopper's bulk copies out of shared memory (cp.async.bulk to global "
      "memory, cuda::ptx::cp_async_bulk, a TMA store) are performed by the "
      "TMA engine, which reads shared memory through the async proxy. "
      "Barriers order the threads' ordinary (generic-proxy) writes with "
      "each other, not with the async proxy: without a "
      "fence.proxy.async.shared::cta between the writes and the copy, the "
      "copy may read the data as it was before them. The finding names the "
      "copy, the write it reads, an element, the writing and the copying "
      "thread, and the barrier that orders them.",
      "Put fence.proxy.async.shared::cta "
      "(cuda::ptx::fence_proxy_async(cuda::ptx::space_shared)) in every "
      "writing thread after its writes and before the barrier, or in the "
      "copying thread between the barrier and the copy.",
      "Every thread writes its element, a barrier, then thread 0 copies the "
      "tile to global memory with the TMA engine:\n"
      "\n"
      "```cuda\n"
      "buf[threadIdx.x] = value;\n"
      "__syncthreads();\n"
      "if (threadIdx.x == 0) {\n"
      "  ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, out, buf, "
      "sizeof(buf));\n"
      "  ptx::cp_async_bulk_commit_group();\n"
      "  ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());\n"
      "}\n"
      "```\n"
      "\n"
      "**Fix:** fence the writes for the async proxy before the barrier:\n"
      "\n"
      "```cuda\n"
      "buf[threadIdx.x] = value;\n"
      "ptx::fence_proxy_async(ptx::space_shared);\n"
      "__syncthreads();\n"
      "```",
  };
  return Info;
}

} // namespace smemlint
