//===--- WarpSyncCheck.cpp - smem-warp-sync -------------------------------===//

#include "Checks/WarpSyncCheck.h"

#include "Checks/HazardWording.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"

#include <map>

namespace smemlint {
namespace {

// Independent thread scheduling arrived with Volta (CUDA C++ Programming
// Guide, "Independent Thread Scheduling", compute capability 7.x).
constexpr unsigned FirstIndependentlyScheduledArch = 70;

/// The innermost `{ ... }` around \p E.
const clang::Stmt *enclosingBlock(clang::ASTContext &Ctx,
                                  const clang::Expr *E) {
  clang::DynTypedNode Node = clang::DynTypedNode::create(*E);
  while (true) {
    clang::DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return nullptr;
    Node = Parents[0];
    if (const auto *Block = Node.get<clang::CompoundStmt>())
      return Block;
    if (!Node.get<clang::Stmt>())
      return nullptr;
  }
}

/// A hazard a block barrier reported elsewhere already covers: the same loop
/// refill, or the same access racing with another warp too. A race only
/// tried values show covers none the evaluation shows: it is a note.
bool coveredByBlockHazard(const SharedHazard &Hazard,
                          const std::vector<SharedHazard> &All) {
  for (const SharedHazard &Other : All) {
    if (Other.WithinOneWarp || Other.WithinOneStatement || Other.CopyInFlight ||
        (Other.OnlyWith && !Hazard.OnlyWith))
      continue;
    if (Hazard.AcrossIterationsOf &&
        Other.AcrossIterationsOf == Hazard.AcrossIterationsOf)
      return true;
    if (sameAccess(Other.Later, Hazard.Later) ||
        sameAccess(Other.Earlier, Hazard.Earlier))
      return true;
  }
  return false;
}

} // namespace

void WarpSyncCheck::checkKernel(const CheckContext &Context,
                                std::vector<Diagnostic> &Findings) {
  const KernelAnalysis &Analysis = Context.Analysis;
  if (Analysis.arch().ComputeCapability < FirstIndependentlyScheduledArch)
    return;
  const std::vector<SharedHazard> &Hazards = Analysis.barriers().Hazards;
  // One finding per block of warp-synchronous code: its first exchange, with
  // the others counted in a note; the exchanges only tried values show
  // apart, in a note of their own.
  using BlockKey = std::pair<const clang::Stmt *, bool>;
  std::map<BlockKey, std::vector<const SharedHazard *>> ByBlock;
  std::vector<BlockKey> Order;
  for (const SharedHazard &Hazard : Hazards) {
    if (!Hazard.WithinOneWarp || Hazard.WithinOneStatement ||
        Hazard.CopyInFlight || coveredByBlockHazard(Hazard, Hazards))
      continue;
    BlockKey Block{enclosingBlock(Analysis.context(), Hazard.Later.Site),
                   Hazard.OnlyWith.has_value()};
    if (!ByBlock.count(Block))
      Order.push_back(Block);
    ByBlock[Block].push_back(&Hazard);
  }
  for (const BlockKey &Block : Order) {
    std::vector<const SharedHazard *> &Group = ByBlock[Block];
    llvm::stable_sort(Group, [&](const SharedHazard *A, const SharedHazard *B) {
      return lineOf(Analysis, A->Later.Site) < lineOf(Analysis, B->Later.Site);
    });
    const SharedHazard &First = *Group.front();
    std::string Other = threadOf(Analysis, First.Earlier) + " of the same warp";
    std::string EarlierLine = accessLine(Analysis, First.Earlier);
    std::string Message = "warp-synchronous exchange without __syncwarp(): " +
                          triedValuesClause(Analysis, First) +
                          describeAccess(Analysis, First, First.Later) + ", ";
    switch (First.Kind) {
    case HazardKind::ReadAfterWrite:
      Message += "written by " + Other + " at line " + EarlierLine;
      break;
    case HazardKind::WriteAfterWrite:
      Message += "also written by " + Other + " at line " + EarlierLine;
      break;
    case HazardKind::WriteAfterRead:
      Message += "which " + Other + " reads at line " + EarlierLine;
      break;
    }
    Message += "; the lanes of a warp are not in lockstep since sm_70 " +
               assumptionsOf(Analysis, First);
    Diagnostic D = hazardDiagnostic(
        Context, First, name(), std::move(Message), "__syncwarp()",
        "insert __syncwarp() here to order the lanes of the warp");
    if (lineOf(Analysis, First.Earlier.Site) ==
            lineOf(Analysis, First.Later.Site) &&
        First.Earlier.ReachedThrough == First.Later.ReachedThrough)
      D.Notes.push_back(
          {D.Where,
           "the read and the write are in one statement: read into a "
           "register, __syncwarp(), then write",
           {}});
    if (Group.size() > 1) {
      unsigned Last = 0;
      for (const SharedHazard *H : Group)
        Last = std::max(Last, lineOf(Analysis, H->Later.Site));
      D.Notes.push_back(
          {D.Where,
           std::to_string(Group.size() - 1) +
               " more exchanges between lanes of one warp follow in this "
               "block, up to line " +
               std::to_string(Last) + ", none ordered by __syncwarp()",
           {}});
    }
    Findings.push_back(std::move(D));
  }
}

const CheckInfo &WarpSyncCheck::info() {
  static const CheckInfo Info = {
      "smem-warp-sync",
      "WarpSync",
      FindingOrigin::Check,
      CheckCategory::Correctness,
      Severity::Warning,
      /*OnByDefault=*/true,
      /*AlwaysShown=*/false,
      /*AboutTheTool=*/false,
      NeedsSharedAccesses,
      "docs/checks/smem-warp-sync.md",
      "Lanes of one warp exchange data through shared memory without "
      "__syncwarp()",
      "Threads of one warp write and read each other's shared words with no "
      "__syncwarp() in between, as in the unrolled last warp of a classic "
      "reduction. Since sm_70 the lanes of a warp can run apart, so volatile "
      "alone does not order them.",
      "Read into a register, call __syncwarp(), write, and call __syncwarp() "
      "again before the next read; or exchange registers with "
      "__shfl_down_sync().",
      "```cuda\n"
      "if (tid < 32) {\n"
      "  volatile float *vs = sdata;\n"
      "  vs[tid] += vs[tid + 16]; // lanes are not in lockstep since sm_70\n"
      "}\n"
      "```\n"
      "\n"
      "**Fix:** separate each read and write with `__syncwarp()`, or use "
      "`__shfl_down_sync()`:\n"
      "\n"
      "```cuda\n"
      "float v = sdata[tid] + sdata[tid + 16];\n"
      "__syncwarp();\n"
      "sdata[tid] = v;\n"
      "__syncwarp();\n"
      "```",
      /*Options=*/{},
      RuntimeEvidence::Race,
  };
  return Info;
}

} // namespace smemlint
