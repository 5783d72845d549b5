//===--- BarrierProfile.h - Shared-memory hazards between barriers -*- C++ -*-//
//
// Watches the evaluator's accesses and barriers and finds, per barrier
// interval, shared words that one thread writes and another reads or writes
// (read-after-write, write-after-write, write-after-read), with one concrete
// pair of threads; and block barriers that part of the block does not reach.
// Atomics on one word do not race with each other; a word a thread writes and
// only it reads is not a hazard. __syncwarp() orders the threads of a warp.
// Threads storing different values to one word in one statement are a
// write-write hazard too (WithinOneStatement); the same value is not.
// TriedValueHazards watches the runs of the symbol sweep the same way, for
// the hazards only other values of an unknown parameter show. An mbarrier
// wait the evaluator decided orders what the phase's arrivals released
// before the waiters' next accesses, one way only; waits that go wrong are
// kept (MbarrierProblems). A cp.async
// writes its bytes at no point the threads can order until the issuing
// thread's wait completes it: every access of them in between is a hazard
// with the copy (CopyInFlight), and the write counts from the completion on.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_ANALYSIS_BARRIERPROFILE_H
#define SMEMLINT_ANALYSIS_BARRIERPROFILE_H

#include "Analysis/SharedAccessProfile.h"
#include "Evaluation/ExecutionObserver.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class Expr;
class Stmt;
class VarDecl;
} // namespace clang

namespace smemlint {

enum class HazardKind { ReadAfterWrite, WriteAfterWrite, WriteAfterRead };

/// One side of a hazard: an access by one thread.
struct HazardAccess {
  const clang::Expr *Site = nullptr;
  AccessKind Kind = AccessKind::Load;
  unsigned Thread = 0;
  std::vector<const clang::Stmt *> Loops;
  std::vector<unsigned> Iterations;
  /// A wgmma's read of its operand: Thread is one of the warpgroup that
  /// issues it, which reads the word for all of them.
  bool ByWarpgroupMma = false;
  /// When Site is in another file than the kernel (a library's copy loop):
  /// the kernel's call it is reached through (MemoryAccessEvent::
  /// ReachedThrough); two calls reaching one site are two accesses.
  clang::SourceLocation ReachedThrough;
};

/// Whether \p A and \p B are one access of the source: one site, reached
/// through one call of the kernel.
inline bool sameAccess(const HazardAccess &A, const HazardAccess &B) {
  return A.Site == B.Site && A.ReachedThrough == B.ReachedThrough;
}

/// The values tried for an unknown uniform value (sweepSymbols gives it 1
/// to SymbolSweepLimit in turn) that show a hazard the evaluation with the
/// value the analysis chose does not.
struct TriedValues {
  unsigned Symbol = 0;
  /// Ascending; ExampleValue is the run the hazard's example comes from.
  std::vector<int64_t> Showing;
  int64_t ExampleValue = 0;
};

struct SharedHazard {
  HazardKind Kind = HazardKind::ReadAfterWrite;
  /// In the order the evaluator executed them.
  HazardAccess Earlier, Later;
  const clang::VarDecl *Array = nullptr;
  int64_t ByteOffset = 0;
  /// The evaluation's thread-steps when it first showed this pair of
  /// accesses (MemoryAccessEvent::Step); 0 when not known.
  uint64_t FoundAtStep = 0;
  /// Every example of this pair of accesses had both threads in one warp.
  bool WithinOneWarp = true;
  /// Set when the accesses are in different iterations of this loop (the
  /// outermost such loop).
  const clang::Stmt *AcrossIterationsOf = nullptr;
  /// Both writes come from one execution of one statement: the threads'
  /// values land in an undefined order, and no barrier can order a
  /// statement with itself.
  bool WithinOneStatement = false;
  /// For writes within one statement: the two values were shown to differ
  /// (both known, unequal). Values the evaluation could not compute may be
  /// equal (a warp's reduction result, a value loaded from one address).
  bool ValuesDiffer = false;
  /// Set when a block barrier lies between the accesses that one of the two
  /// threads (SkippedBy) did not reach: a divergent barrier orders only the
  /// threads that reach it.
  const clang::Stmt *SkippedBarrier = nullptr;
  unsigned SkippedBy = 0;
  /// Set when only runs with other values of an unknown parameter show the
  /// hazard: its threads and word are those of the run with ExampleValue.
  std::optional<TriedValues> OnlyWith;
  /// The evaluation shows it, and so did every run of the sweep: it does not
  /// rest on the values the analysis chose.
  bool ShownByEveryValueTried = false;
  /// Earlier is a cp.async still in flight when Later accessed its bytes:
  /// the copy may land before or after the access, whatever barriers lie
  /// between (smem-async-copy-wait). Earlier's loops and iterations are
  /// those of the copy's issue.
  bool CopyInFlight = false;
  /// For CopyInFlight: Later is itself a copy's issue (a second copy into
  /// bytes the first may still write): a cp.async, or a bulk copy
  /// (LaterCopyIsBulk), maybe a TMA tensor copy (LaterCopyIsTensor).
  bool LaterIsCopy = false;
  bool LaterCopyIsBulk = false;
  bool LaterCopyIsTensor = false;
  /// For CopyInFlight: Earlier is a bulk copy (cp.async.bulk), which its
  /// mbarrier completes.
  bool CopyIsBulk = false;
  /// For CopyInFlight: that bulk copy is a TMA tensor copy
  /// (cp.async.bulk.tensor) of a tensor map's box.
  bool CopyIsTensor = false;
  /// For CopyInFlight: Earlier is a bulk copy out of shared memory
  /// (cp.async.bulk.global.shared::cta), still reading the word Later
  /// writes until the copy's bulk group completes.
  bool CopyReadsShared = false;
  /// For CopyReadsShared: Earlier is a wgmma's read of its operands (the
  /// warpgroup's threads share its pieces), which reads until a
  /// wgmma.wait_group retires its group.
  bool CopyIsWarpgroupMma = false;
};

struct DivergentBarrier {
  const clang::Stmt *Site = nullptr;
  unsigned Arrived = 0;
  /// Threads that skip the barrier but are still running, and threads that
  /// returned from the kernel before it.
  unsigned Skipping = 0, Returned = 0;
  unsigned ExampleArrived = 0, ExampleMissing = 0;
  bool Warp = false; ///< A __syncwarp() that part of a warp skips.
  /// For a warp barrier: its mask names every lane (else a tile's lanes).
  bool WholeWarp = true;
  /// Set when the threads that do not reach this __syncthreads() wait at
  /// another one (on the other side of a branch), which the GPU completes
  /// together with it: that call, and how many threads wait there
  /// (ExampleMissing is one of them).
  const clang::Stmt *PairedWith = nullptr;
  unsigned AtPaired = 0;
  /// The uniform symbols that decided which threads reach it
  /// (BarrierEvent::ControlSymbols): a value assumed among them makes the
  /// divergence rest on the assumption.
  SymbolSet Symbols = 0;
};

/// How the threads went at one branch (all executions together).
struct NonUniformBranch {
  bool DataDependent = false;
  bool SplitsAWarp = false;
};

/// A bulk copy out of shared memory still reading when its block exits:
/// no thread waited for it with cp.async.bulk.wait_group.read, and the
/// block's shared memory may go to another block before it has read it.
struct BulkReadAtExit {
  HazardAccess Copy;
  const clang::VarDecl *Array = nullptr;
  int64_t ByteOffset = 0;
};

struct BarrierProfile {
  /// One hazard per pair of source accesses and kind, first example kept.
  std::vector<SharedHazard> Hazards;
  std::vector<DivergentBarrier> DivergentBarriers;
  /// mbarrier waits that go wrong (the first per wait and problem).
  std::vector<MbarrierProblemEvent> MbarrierProblems;
  /// One per bulk copy out of shared memory still reading at the exit.
  std::vector<BulkReadAtExit> BulkReadsAtExit;
  /// Where the race analysis is incomplete: reads of skipped loop
  /// iterations that share a barrier interval with writes (see
  /// SkippedIterationsEvent::UnseparatedReads).
  std::vector<std::string> IncompleteRaceAnalysis;
  /// Calls that may synchronize but were not followed.
  std::vector<const clang::Stmt *> UnknownSynchronization;
  /// The branches (by their condition's location) whose threads did not all
  /// go one way: a barrier fix-it must not go where only some threads reach.
  std::map<clang::SourceLocation, NonUniformBranch> NonUniformBranches;
  /// The same for the runs of the sweep: a barrier fix-it for a hazard only
  /// they show must not go where their threads split either.
  std::map<clang::SourceLocation, NonUniformBranch> NonUniformBranchesTried;
  /// Some shared access had an address the evaluator did not know.
  bool UnknownAddresses = false;
};

/// Finds hazards and divergent barriers as the evaluator runs.
class BarrierObserver : public ExecutionObserver {
public:
  BarrierObserver(unsigned Threads, unsigned WarpSize, BarrierProfile &Profile);
  ~BarrierObserver() override;

  void onMemoryAccess(const MemoryAccessEvent &Event) override;
  void onBarrier(const BarrierEvent &Event) override;
  void onIterationsSkipped(const SkippedIterationsEvent &Event) override;
  void onNonUniformBranch(const BranchEvent &Event) override;
  void onMbarrierProblem(const MbarrierProblemEvent &Event) override;
  void onMbarrierArrive(const MbarrierArriveEvent &Event) override;
  void onBlockExit() override;

private:
  struct State;
  std::unique_ptr<State> S;
};

/// Watches the runs of the symbol sweep for hazards, so that the race
/// analysis needs no runs of its own: keeps those the evaluation
/// (\p Evaluated) does not show, with the values that show them, and marks
/// those it shows that every run shows too. Watches the runs of the symbols
/// in \p Watched only: the values nothing gives.
class TriedValueHazards : public SweepWatcher {
public:
  TriedValueHazards(unsigned Threads, unsigned WarpSize, SymbolSet Watched,
                    BarrierProfile &Evaluated);
  ~TriedValueHazards() override;

  ExecutionObserver *startRun(unsigned Symbol, int64_t Value) override;
  void finishRun() override;
  /// Adds what the runs showed to the evaluated profile; call once, after
  /// the sweep.
  void finish();

private:
  struct State;
  std::unique_ptr<State> S;
};

} // namespace smemlint

#endif
