//===--- ClusterProfile.h - Races between the blocks of a cluster -*- C++ -*-//
//
// A block of a thread-block cluster reaches the shared memory of another
// through a pointer mapa made (cluster.map_shared_rank). Only a cluster
// barrier (cluster.sync(): an arrive, then a wait) orders such an access with
// the other block's accesses of the same word: __syncthreads() orders one
// block. And a block's shared memory goes away when it exits, so a block
// that another still reads must wait at a cluster barrier the reader arrived
// at after its read (the CUDA programming guide's closing cluster.sync();
// the H200 fails such a launch: docs/measurements/h200-clusters.md).
//
// The evaluation runs one block; every block of the cluster runs the same
// code. So the other block's accesses of its own memory are this block's
// accesses of its own, and the observer compares each access through a
// mapped pointer with them, by the cluster barriers each thread passed: an
// access A by one thread is ordered before an access B by another when the
// first thread arrived (with release semantics, not `.relaxed`) after A at
// a barrier the second waited for before B. A pointer that names one rank
// in every block (`map_shared_rank(s, 0)`) is also compared with itself, as
// two blocks' accesses of that rank's memory.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_ANALYSIS_CLUSTERPROFILE_H
#define SMEMLINT_ANALYSIS_CLUSTERPROFILE_H

#include "Evaluation/ExecutionObserver.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace clang {
class Expr;
class Stmt;
class ValueDecl;
class VarDecl;
} // namespace clang

namespace smemlint {

/// One thread's access of a shared word.
struct ClusterAccess {
  const clang::Expr *Site = nullptr;
  AccessKind Kind = AccessKind::Load;
  unsigned Thread = 0;
  /// When Site is in a helper of another file: the kernel's call.
  clang::SourceLocation ReachedThrough;
  /// For an access of another block's memory: the statement that mapped
  /// the pointer, and how it names the block.
  const clang::Stmt *MappedAt = nullptr;
  clang::SourceLocation MappedThrough;
  MemoryObject::ClusterBlock Target = MemoryObject::ClusterBlock::Own;
  int32_t FixedRank = 0;
  /// The uniform values its addresses were computed from (every execution).
  SymbolSet Symbols = 0;
};

/// An access of another block's shared memory and an access of the same
/// word by that block (Other: of its own memory) or, for a rank named alike
/// by every block, by a third block through the same mapping (OtherRemote),
/// with no cluster barrier ordering them.
struct ClusterRace {
  ClusterAccess Remote, Other;
  bool OtherRemote = false;
  const clang::VarDecl *Array = nullptr;
  int64_t ByteOffset = 0;
  /// The remote access's address depends on data: ByteOffset is a word the
  /// other access touches, which it may reach.
  bool WordFromData = false;
  /// Data-dependent branches either access rests on.
  std::vector<std::string> Assumptions;
};

/// An access of another block's shared memory that no cluster barrier
/// orders before that block's exit: the block may be gone, and its shared
/// memory another block's, when the access is made.
struct ClusterExitHazard {
  ClusterAccess Remote;
  const clang::VarDecl *Array = nullptr;
  int64_t ByteOffset = 0;
  /// The access's address depends on data (ByteOffset means nothing).
  bool WordFromData = false;
  std::vector<std::string> Assumptions;
};

struct ClusterProfile {
  /// Past this many distinct accesses of one word (a loop with a cluster
  /// barrier in each of many iterations), the oldest are forgotten: they are
  /// the ones most likely ordered already (RecordsDropped says so).
  static constexpr size_t MaxRecordsPerWord = 64;

  /// One per pair of statements (and per statement for exits).
  std::vector<ClusterRace> Races;
  std::vector<ClusterExitHazard> ExitHazards;
  /// Some access went through a pointer into another block's memory.
  bool RemoteAccesses = false;
  /// Loops the evaluation sampled or computed in closed form, whose
  /// accesses were compared for the iterations it ran.
  std::vector<const clang::Stmt *> PartialLoops;
  /// The evaluation reached the kernel's end (exits were compared).
  bool ExitSeen = false;
  /// A word's accesses were too many to keep each distinct one: the
  /// oldest were not compared.
  bool RecordsDropped = false;
};

/// Records the shared accesses of a kernel that maps another block's shared
/// memory, and the cluster barriers, then compares them (finish()).
class ClusterObserver : public ExecutionObserver {
public:
  ClusterObserver(unsigned Threads, ClusterProfile &Profile);

  void onMemoryAccess(const MemoryAccessEvent &Event) override;
  void onRemoteSharedAccess(const RemoteSharedAccessEvent &Event) override;
  void onClusterBarrier(const ClusterBarrierEvent &Event) override;
  void onLoopSampled(const clang::Stmt *Loop,
                     const std::string &Reason) override;
  void onIterationsSkipped(const SkippedIterationsEvent &Event) override;
  void onBlockExit() override;
  /// Compares what was recorded; call once, after the evaluation.
  void finish();

private:
  /// Where and how: shared by the threads of one or more events.
  struct Context {
    ClusterAccess Access; ///< Thread unused.
    std::vector<std::string> Assumptions;
    /// A store of one known value by every thread (a flag): two such
    /// stores of the same value do not race.
    bool OneValue = false;
    int64_t Value = 0;
  };
  struct Record {
    uint32_t Context, Thread, Arrivals, Waits;
  };
  using WordKey = std::pair<const clang::ValueDecl *, int64_t>;
  using Words = llvm::DenseMap<WordKey, llvm::SmallVector<Record, 2>>;

  void record(const MemoryAccessEvent &Event,
              const RemoteSharedAccessEvent *Mapped, Words &Into);
  /// Adds \p New to one word's records unless one of its context and
  /// barrier counts is there (another thread of the same step).
  void remember(llvm::SmallVector<Record, 2> &Seen, const Record &New);
  /// Whether an arrival with release semantics lies after \p Arrivals and
  /// at or before \p Waits: the arriving thread's earlier accesses are
  /// ordered before the waiting thread's later ones.
  bool releasedBetween(uint32_t Arrivals, uint32_t Waits) const;
  bool ordered(const Record &A, const Record &B) const;
  /// Whether two blocks' accesses through mappings \p A and \p B may reach
  /// the same block's memory.
  static bool mayShareTarget(const ClusterAccess &A, const ClusterAccess &B);
  bool conflict(const Record &A, const Record &B) const;
  ClusterAccess describe(const Record &R) const;
  /// Compares remote access \p R of word \p Word of \p Var with the
  /// block's own accesses of it and other blocks' remote ones, and with the
  /// exit; records what no cluster barrier orders.
  void compare(const Record &R, llvm::ArrayRef<Record> SameWordLocal,
               llvm::ArrayRef<Record> SameWordRemote,
               const clang::ValueDecl *Var, int64_t Word, bool WordFromData);
  void reportRace(const Record &R, const Record &O, bool OtherRemote,
                  const clang::ValueDecl *Var, int64_t Word, bool WordFromData);
  std::vector<std::string> assumptionsOf(const Record &A,
                                         const Record &B) const;

  ClusterProfile &Profile;
  std::vector<uint32_t> Arrivals, Waits;
  /// Per arrival (the first is 0): whether some thread's was a release.
  std::vector<bool> ReleaseArrival;
  std::vector<Context> Contexts;
  std::map<std::tuple<const void *, int, const void *, std::string>, uint32_t>
      ContextIndex;
  Words Local, Remote;
  /// Accesses of another block's memory whose address depends on data, by
  /// variable.
  llvm::DenseMap<const clang::ValueDecl *, llvm::SmallVector<Record, 2>> Wild;
  /// For finish(): the most cluster barrier waits of a thread, and what was
  /// reported (per pair of contexts, and per context for exits).
  uint32_t LastWait = 0;
  std::set<std::tuple<uint32_t, uint32_t, bool>> Reported;
  std::set<uint32_t> ExitReported;
};

} // namespace smemlint

#endif
