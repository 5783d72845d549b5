//===--- ClusterRaceCheck.cpp - smem-cluster-race -------------------------===//

#include "Checks/ClusterRaceCheck.h"

#include "Checks/HazardWording.h"

#include "Analysis/SourceNames.h"
#include "Analysis/SourcePoints.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

namespace smemlint {

namespace {

/// "another block of the cluster", "block 0 of the cluster".
std::string targetBlock(const ClusterAccess &Access) {
  switch (Access.Target) {
  case MemoryObject::ClusterBlock::Fixed:
    return "block " + std::to_string(Access.FixedRank) + " of the cluster";
  case MemoryObject::ClusterBlock::Any:
    return "the block of the cluster its data names";
  default:
    return "another block of the cluster";
  }
}

/// "a word of 'bins' its data selects": an address computed from data.
std::string dataSelectedWord(const clang::VarDecl *Array) {
  return Array ? "a word of '" + Array->getNameAsString() + "' its data selects"
               : std::string("a word of shared memory its data selects");
}

/// Makes \p D a note, with a note that says \p Why.
void demoteToNote(Diagnostic &D, const std::string &Why) {
  D.Level = Severity::Note;
  D.Notes.push_back({D.Where, "reported as a note: " + Why, {}});
}

/// Makes \p D a note when a block it is about is named by data: whether two
/// accesses meet in one block depends on it.
void demoteForDataRank(Diagnostic &D, const ClusterAccess &A,
                       const ClusterAccess *B) {
  auto ByData = [](const ClusterAccess &X) {
    return X.Target == MemoryObject::ClusterBlock::Any;
  };
  if (!ByData(A) && !(B && ByData(*B)))
    return;
  demoteToNote(D, "the rank given to map_shared_rank is computed from data "
                  "the analysis could not read, so which block each access "
                  "reaches depends on it");
}

/// Where the kernel's statement for \p Access is: the call of a helper of
/// another file, or the access.
SourcePoint placeOf(const clang::SourceManager &SM,
                    const ClusterAccess &Access) {
  return toSourcePoint(SM, Access.ReachedThrough.isValid()
                               ? Access.ReachedThrough
                               : Access.Site->getBeginLoc());
}

/// Makes \p D a note when the evaluation met synchronisation it did not
/// follow: it may order the blocks.
void demoteForUnfollowedSync(const KernelAnalysis &Analysis, Diagnostic &D) {
  const std::vector<const clang::Stmt *> &Unknown =
      Analysis.barriers().UnknownSynchronization;
  if (Unknown.empty())
    return;
  demoteToNote(D, "the call at line " +
                      std::to_string(lineOf(Analysis, Unknown.front())) +
                      " may synchronise, and the analysis did not follow it");
}

} // namespace

void ClusterRaceCheck::checkKernel(const CheckContext &Context,
                                   std::vector<Diagnostic> &Findings) {
  const KernelAnalysis &Analysis = Context.Analysis;
  const ClusterProfile &Cluster = Analysis.cluster();
  if (!Cluster.RemoteAccesses)
    return;
  const clang::ASTContext &Ctx = Analysis.context();
  const clang::SourceManager &SM = Ctx.getSourceManager();
  const BlockShape &Block = Analysis.shape().Block;
  std::string Where =
      " (block " + Block.str() + ", " + Analysis.arch().Name.str() + ")";
  auto Element = [&](const clang::VarDecl *Array, int64_t Offset) {
    return Array ? elementName(Ctx, Array, Offset)
                 : "byte " + std::to_string(Offset);
  };
  auto MappedNote = [&](const ClusterAccess &Access) {
    return DiagnosticNote{
        toSourcePoint(SM, Access.MappedThrough.isValid()
                              ? Access.MappedThrough
                              : Access.MappedAt->getBeginLoc()),
        "the pointer into the shared memory of " + targetBlock(Access) +
            " is made here",
        {}};
  };
  std::string SyncFix =
      "only a cluster barrier orders the blocks of a cluster: make every "
      "thread of the cluster arrive and wait at one (cluster.sync(), "
      "cg::this_cluster().sync(), or barrier.cluster.arrive and "
      "barrier.cluster.wait) between the two accesses; __syncthreads() "
      "orders the threads of one block";

  for (const ClusterRace &Race : Cluster.Races) {
    const ClusterAccess &R = Race.Remote, &O = Race.Other;
    std::string Word = Element(Race.Array, Race.ByteOffset);
    // An address computed from data reaches some word: name one the other
    // access touches.
    std::string RemoteWord = Race.WordFromData ? dataSelectedWord(Race.Array) +
                                                     " (such as " + Word + ")"
                                               : Word;
    Diagnostic D;
    D.Check = name().str();
    D.Level = Severity::Warning;
    D.Where = placeOf(SM, R);
    std::string Other = Race.OtherRemote
                            ? threadName(Block, O.Thread) +
                                  " of another block " + accessVerb(O.Kind) +
                                  " it through the same mapping at line " +
                                  std::to_string(lineOf(Analysis, O.Site))
                            : "that block's " + threadName(Block, O.Thread) +
                                  " " + accessVerb(O.Kind) + " it at line " +
                                  std::to_string(lineOf(Analysis, O.Site));
    D.Message = "missing cluster barrier: " + threadName(Block, R.Thread) +
                " " + accessVerb(R.Kind) + " " + RemoteWord +
                " in the shared memory of " + targetBlock(R) + ", and " +
                Other + "; no cluster barrier orders the two" + Where;
    D.Notes.push_back(
        {placeOf(SM, O),
         (Race.OtherRemote ? "the other block's access: "
                           : "the access of that block's own copy: ") +
             threadName(Block, O.Thread) + " " + accessVerb(O.Kind) + " " +
             Word + " here",
         {}});
    D.Notes.push_back(MappedNote(R));
    D.Notes.push_back({D.Where, SyncFix, {}});
    Context.nameSharedAccess(D, O.Site, O.Kind);
    D.Assumptions = assumedValues(Analysis, R.Symbols | O.Symbols);
    demoteForDataBranches(D, Race.Assumptions, "the accesses rest");
    demoteForDataRank(D, R, &O);
    if (Race.WordFromData && D.Level != Severity::Note)
      demoteToNote(D, "the address of the access of the other block's "
                      "memory is computed from data the analysis could not "
                      "read, so whether the two meet depends on it");
    demoteForUnfollowedSync(Analysis, D);
    Findings.push_back(std::move(D));
  }

  for (const ClusterExitHazard &Exit : Cluster.ExitHazards) {
    const ClusterAccess &R = Exit.Remote;
    Diagnostic D;
    D.Check = name().str();
    D.Level = Severity::Warning;
    D.Where = placeOf(SM, R);
    const char *Use = R.Kind == AccessKind::Load    ? "reads"
                      : R.Kind == AccessKind::Store ? "writes to"
                                                    : "atomically updates";
    D.Message =
        std::string("block may exit while another ") + Use +
        " its shared memory: " + threadName(Block, R.Thread) + " " +
        accessVerb(R.Kind) + " " +
        (Exit.WordFromData ? dataSelectedWord(Exit.Array)
                           : Element(Exit.Array, Exit.ByteOffset)) +
        " in the shared memory of " + targetBlock(R) +
        ", and that block's threads wait at no cluster barrier after this "
        "access before they return" +
        Where;
    D.Notes.push_back(MappedNote(R));
    D.Notes.push_back(
        {D.Where,
         "a block's shared memory is released when it exits, and may be "
         "given to another block; the H200 fails such a launch ('unspecified "
         "launch failure'). Put cluster.sync() after the last access of "
         "another block's shared memory, before any thread returns",
         {}});
    D.Assumptions = assumedValues(Analysis, R.Symbols);
    demoteForDataBranches(D, Exit.Assumptions, "the access rests");
    demoteForDataRank(D, R, nullptr);
    demoteForUnfollowedSync(Analysis, D);
    Findings.push_back(std::move(D));
  }

  // What the comparison did not cover is said where it happened.
  auto NotCovered = [&](clang::SourceLocation At, std::string Message) {
    Findings.push_back({name().str(),
                        Severity::Note,
                        toSourcePoint(SM, At),
                        std::move(Message) + Where,
                        {},
                        {}});
  };
  for (const clang::Stmt *Loop : Cluster.PartialLoops)
    NotCovered(Loop->getBeginLoc(),
               "the races between the blocks of the cluster were looked for "
               "in the iterations of this loop that the evaluation ran, not "
               "in all of them");
  clang::SourceLocation AtKernel = Analysis.kernel().Kernel->getLocation();
  if (!Cluster.ExitSeen)
    NotCovered(AtKernel,
               "the evaluation did not reach the kernel's end, so whether a "
               "block of the cluster exits while another still reads its "
               "shared memory was not checked");
  if (Cluster.RecordsDropped)
    NotCovered(AtKernel,
               "a shared word was accessed at more than " +
                   std::to_string(ClusterProfile::MaxRecordsPerWord) +
                   " different cluster barrier counts; the races between the "
                   "blocks were looked for among the latest of each word");
}

const CheckInfo &ClusterRaceCheck::info() {
  static const CheckInfo Info = {
      "smem-cluster-race",
      "ClusterRace",
      FindingOrigin::Check,
      CheckCategory::Correctness,
      Severity::Warning,
      /*OnByDefault=*/true,
      /*AlwaysShown=*/false,
      /*AboutTheTool=*/false,
      NeedsSharedAccesses,
      "docs/checks/smem-cluster-race.md",
      "Blocks of a cluster access each other's shared memory without a "
      "cluster barrier between, or exit while another still reads theirs",
      "In a thread-block cluster (sm_90 and later), a block reaches the "
      "shared memory of the other blocks through cluster.map_shared_rank "
      "(PTX mapa). __syncthreads() orders the threads of one block only; "
      "what one block writes is visible to another, and what it reads is "
      "safe from another's later write, only across a cluster barrier that "
      "every thread of the cluster arrives at and waits for "
      "(cluster.sync()). A block's shared memory is released when it exits: "
      "a block whose memory another still reads must wait at a cluster "
      "barrier that the reader arrives at after its read. The finding names "
      "the two accesses, an element, a thread of each block and the "
      "mapping.",
      "Put cluster.sync() between the write and the read (and before a "
      "later write of what another block still reads), and once more before "
      "the kernel returns when blocks read each other's shared memory.",
      "Each block fills its tile and reads its neighbour's:\n"
      "\n"
      "```cuda\n"
      "cg::cluster_group cluster = cg::this_cluster();\n"
      "s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];\n"
      "__syncthreads();\n"
      "float *peer = cluster.map_shared_rank(s, cluster.block_rank() ^ 1);\n"
      "out[blockIdx.x * 256 + threadIdx.x] = peer[(threadIdx.x + 1) % 256];\n"
      "```\n"
      "\n"
      "**Fix:** a cluster barrier before the remote read, and one before "
      "the exit:\n"
      "\n"
      "```cuda\n"
      "s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];\n"
      "cluster.sync();\n"
      "float *peer = cluster.map_shared_rank(s, cluster.block_rank() ^ 1);\n"
      "out[blockIdx.x * 256 + threadIdx.x] = peer[(threadIdx.x + 1) % 256];\n"
      "cluster.sync();\n"
      "```",
      /*Options=*/{},
      // racecheck sees distributed shared memory: it names both blocks'
      // threads, and reports an access of a block that may have exited
      // (docs/measurements/h200-clusters.md).
      RuntimeEvidence::Race,
  };
  return Info;
}

} // namespace smemlint
