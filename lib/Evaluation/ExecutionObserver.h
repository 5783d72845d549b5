//===--- ExecutionObserver.h - What the evaluator reports ------*- C++ -*-===//
//
// The evaluator runs a kernel for all threads of a block and tells an observer
// about every memory access and barrier as it executes them, in program order.
// Observers (the bank-conflict analysis, later the barrier analysis) aggregate
// on the fly, so no per-thread trace is ever stored.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_EVALUATION_EXECUTIONOBSERVER_H
#define SMEMLINT_EVALUATION_EXECUTIONOBSERVER_H

#include "Evaluation/TensorMap.h"
#include "Evaluation/ThreadValue.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class Expr;
class Stmt;
} // namespace clang

namespace smemlint {

struct VectorizedAccess;

enum class AccessKind { Load, Store, Atomic };

inline const char *accessKindName(AccessKind Kind) {
  switch (Kind) {
  case AccessKind::Load:
    return "load";
  case AccessKind::Store:
    return "store";
  case AccessKind::Atomic:
    return "atomic";
  }
  return "load";
}

/// Where an asynchronous copy into shared memory (cp.async) stands. The
/// copy costs the banks when the instruction runs (Issue); its data may land
/// at any time until the issuing thread's wait completes it (Completion),
/// so the race analysis takes every access of its bytes in between as racing
/// with it and puts the write itself at the completion. A bulk copy
/// (cp.async.bulk, the TMA engine) writes without the LSU's banks
/// (BulkIssue: no bank cost) and completes only through its mbarrier. A
/// bulk copy out of shared memory (cp.async.bulk.global.shared::cta, a TMA
/// store) is a read by the TMA engine through the async proxy (BulkRead: no
/// bank cost), reported when it is issued; so is a wgmma's read of its
/// shared operands (MemoryAccessEvent::WarpgroupMma).
enum class AsyncPhase { None, Issue, BulkIssue, Completion, BulkRead };

/// One shared operand of a wgmma.mma_async, as its descriptor gives it.
struct WarpgroupMmaOperand {
  /// 'A' or 'B'.
  char Operand = 'B';
  /// The descriptor's layout in words: "K-major, 32-byte swizzle, stride
  /// byte offset 512".
  std::string Layout;
  /// Its swizzle ("32-byte swizzle"), and the alignment of shared address
  /// at which its pattern starts over (0 for none).
  std::string Swizzle;
  unsigned SwizzleRepeat = 0;
  /// The bytes one instruction reads of it: rows (M or N) x 32.
  unsigned Bytes = 0;
  /// The gmma pipe's shared wavefronts for one instruction's read of it
  /// (GmmaBytesPerWavefront).
  unsigned Wavefronts = 0;
};

/// One source-level access executed by the threads in Active.
struct MemoryAccessEvent {
  /// The accessed lvalue expression, e.g. the `tile[ty][tx]` subscript.
  const clang::Expr *Site;
  AccessKind Kind;
  unsigned WidthBytes;
  /// A pointer value: per thread, the byte offset into Address.Object.
  const ThreadValue &Address;
  const ThreadMask &Active;
  /// True when the address was computed only by subscripting the declared
  /// array type, so a change of the declared row length is a valid fix.
  bool ThroughDeclaredShape;
  /// When ThroughDeclaredShape: the index of each subscript, outermost
  /// first (`tile[ty][tx]` gives ty and tx), before any layout override.
  llvm::ArrayRef<ThreadValue> Subscripts;
  /// The loops (innermost last) the access executes in; one of them may turn
  /// out to have been sampled rather than enumerated.
  llvm::ArrayRef<const clang::Stmt *> EnclosingLoops;
  /// The current iteration (from 0) of each of EnclosingLoops.
  llvm::ArrayRef<unsigned> LoopIterations;
  /// Assumptions the evaluator made to get here (e.g. a data-dependent branch
  /// taken by every thread).
  llvm::ArrayRef<std::string> Assumptions;
  /// For stores: the value each thread writes (unknown where the evaluator
  /// does not follow it), so that threads writing the same value to one word
  /// are told apart from a real write-write race. Null for loads and atomics.
  const ThreadValue *StoredValue = nullptr;
  /// The warp instructions this one stands for: after a loop skipped its
  /// middle iterations (SkippedIterationsEvent), the first iteration run
  /// again stands for itself and the skipped ones, which cost the same.
  /// Totals count it this many times; worst cases and means do not change.
  uint64_t Weight = 1;
  /// When Site is in a function of another file than the kernel (a library
  /// header: CuTe's copy, a project's utilities), the kernel's own call
  /// through which the access is reached; invalid otherwise.
  clang::SourceLocation ReachedThrough = {};
  /// For ldmatrix / stmatrix: the number of 8x8 matrices (1, 2 or 4); each
  /// active lane gives one 16-byte row address (WidthBytes is 16). 0 for
  /// every other access.
  unsigned Matrices = 0;
  /// For a cp.async: its issue (a Store that costs the banks; a bulk copy's
  /// does not) or its completion (a Store for the race analysis only); None
  /// otherwise.
  AsyncPhase Async = AsyncPhase::None;
  /// For a cp.async's issue: .cg, which bypasses L1 (LDGSTS.BYPASS).
  bool BypassesL1 = false;
  /// For a BulkRead in a function inlined into the kernel (a helper in any
  /// file): the kernel's statement it was reached through; else invalid.
  clang::SourceLocation CalledFrom = {};
  /// When the compiled code performs this load or store together with
  /// others of its block as one wider instruction (`block[2 * t]` and
  /// `block[2 * t + 1]` as one STS.64): which one; null otherwise. The
  /// others are reported as their own events.
  const VectorizedAccess *Vectorized = nullptr;
  /// The byte alignment the instruction needs of its address (a multiple
  /// of it from a suitably aligned array start), or 0 when none is checked:
  /// what the IR promises for a load or store, at most its width; an
  /// ldmatrix row's 16; a cp.async's size; a bulk copy's 16.
  unsigned RequiredAlignment = 0;
  /// When the access is a piece of an object the source reads or writes
  /// whole (a float4 copied through a cast pointer, which Clang splits into
  /// four 4-byte loads and nvcc makes one 16-byte instruction of): the
  /// object's size and alignment; 0 otherwise.
  unsigned WholeBytes = 0;
  unsigned WholeAlignment = 0;
  /// A TMA tensor copy: the tensor map it copies by, and the alignment at
  /// which its swizzle starts over (TensorMapBox::layoutAlignment; 0 for none):
  /// a destination aligned to RequiredAlignment but not to this lands
  /// permuted.
  const TensorMapBox *TensorMap = nullptr;
  /// The uniform symbols the conditions read that decide whether the
  /// access runs at all (a loop's bound): not its address's, but a
  /// different value of them runs it more or fewer times.
  SymbolSet ControlSymbols = 0;
  /// The evaluation's thread-steps when it was made: how far an evaluation
  /// of the same kernel with a change must go to reach it again.
  uint64_t Step = 0;
  unsigned LayoutAlignment = 0;
  /// For a BulkRead: the reader is a wgmma.mma_async, not the TMA engine,
  /// and this is what it reads; null otherwise. The descriptor's 16-byte
  /// pieces are given out to the warpgroup's threads, one each (WidthBytes
  /// 16), in flight until wgmma.wait_group. Valid during the observer's
  /// call only: an observer copies what it keeps.
  const WarpgroupMmaOperand *WarpgroupMma = nullptr;
  /// For a cp.async's issue (not a bulk copy's): each thread's global
  /// source, a pointer into the kernel parameter or variable it copies from,
  /// when the evaluation followed it; null otherwise. LDGSTS writes a lane
  /// into shared memory only once its source's 128-byte line has arrived.
  const ThreadValue *CopySource = nullptr;
};

/// Block: __syncthreads() and its forms, a cooperative-groups block sync,
/// bar.sync in inline PTX. Warp: __syncwarp() and tile syncs. Mbarrier: a
/// wait on an mbarrier phase the evaluator followed (IrMbarriers.cpp): what
/// the phase's arrivals released (MbarrierArriveEvent) is ordered before the
/// waiters' (Active) next accesses, and nothing else.
/// Unknown: a call that may synchronize (it takes a group or barrier object)
/// but that the evaluator cannot follow.
enum class BarrierScope { Block, Warp, Mbarrier, Unknown };

/// The threads that wait at one barrier instruction of a block barrier that
/// several instructions complete together (BarrierEvent::Arrivals).
struct BarrierArrival {
  const clang::Stmt *Site;
  ThreadMask Threads;
};

struct BarrierEvent {
  const clang::Stmt *Site;
  BarrierScope Scope;
  /// The threads that execute the barrier.
  const ThreadMask &Active;
  /// The threads that have not returned from the kernel: a block barrier that
  /// some of them do not reach is a divergent barrier.
  const ThreadMask &Alive;
  llvm::ArrayRef<const clang::Stmt *> EnclosingLoops;
  llvm::ArrayRef<unsigned> LoopIterations;
  /// For a warp barrier: the lane mask each thread passes (__syncwarp(mask),
  /// a tile's sync); null for the whole warp.
  const ThreadValue *LaneMask = nullptr;
  /// For an mbarrier wait (Active: the waiters): the phase it waited for.
  uint64_t PhaseId = 0;
  /// For a block barrier whose threads wait at different __syncthreads()
  /// calls on different sides of a branch (each side's call; Active: all of
  /// them): the GPU counts every arrival at barrier 0 wherever it waits, so
  /// the calls complete one barrier together, though CUDA requires every
  /// thread to reach the same call. Empty for a barrier of one call.
  llvm::ArrayRef<BarrierArrival> Arrivals = {};
  /// The uniform symbols read by the branches that decide whether the
  /// barrier runs and that parted the threads: what decides which threads
  /// reach it.
  SymbolSet ControlSymbols = 0;
};

/// Iterations [From, To) of a loop that the evaluator computed instead of
/// running (IrClosedForm.cpp): each of their accesses is one of an iteration
/// already run, moved by the same offset for every thread, so their bank
/// costs and hazards are those already reported.
struct SkippedIterationsEvent {
  /// The source loop; null for a loop the compiler made.
  const clang::Stmt *Loop = nullptr;
  unsigned From = 0, To = 0;
  /// Every iteration passes a block barrier: accesses before the skip and
  /// after it are in different barrier intervals.
  bool SeparatedByBarriers = false;
  /// Without such a barrier: the loop only reads shared memory, at
  /// addresses that move, so the skipped reads were not compared with the
  /// writes of the same barrier interval before or after the loop; the
  /// race analysis says so when there are any. Names the loop's line.
  std::string UnseparatedReads;
  /// The shared variables those reads address: only writes to one of them
  /// (or to any dynamic shared variable, when one is dynamic) leave the
  /// comparison undone. Empty: any write does.
  std::vector<const clang::ValueDecl *> ReadArrays;
  /// The threads that run the loop.
  ThreadMask Threads;
  /// Set when the skip moved global accesses by offsets that change their
  /// sectors: the global accesses of the loop are sampled, for this reason.
  std::string GlobalApproximation;
};

/// A conditional branch or switch whose threads did not all go one way:
/// some took each side, or the condition depends on data the evaluation
/// could not compute. Where a barrier may go depends on it: every thread of
/// the block must reach a block barrier.
struct BranchEvent {
  /// The branch's source location (its condition), from the debug info.
  clang::SourceLocation Where;
  /// The condition was unknown for some threads.
  bool DataDependent = false;
  /// Lanes of one warp went different ways (or may have: DataDependent); a
  /// branch that splits only whole warps still leaves __syncwarp() safe.
  bool SplitsAWarp = false;
};

/// An mbarrier wait that goes wrong (IrMbarriers.cpp decides the phases).
/// NeverCompletes: every thread of the block that has not returned waits,
/// and the phase lacks arrivals or transaction bytes: the kernel hangs.
/// DependsOnTiming: a parity wait that names another phase depending on
/// whether other threads' arrivals, or a copy's bytes, are in yet: it may
/// return before they are, or wait for a later phase. Overflow: one warp
/// instruction arrives more times than the phase still needs (measured on
/// the H200: synccheck's "Barrier overflow", and the launch fails); Site is
/// the arrival.
struct MbarrierProblemEvent {
  enum class Problem {
    NeverCompletes,
    DependsOnTiming,
    Overflow,
    /// A copy brought more bytes than the phase announced (BytesMissing is
    /// minus the surplus, CopySite the copy): the phase completed before
    /// the copy was done.
    CompletesEarly
  } What;
  const clang::Stmt *Site = nullptr;
  /// When the wait was inlined into the kernel: the kernel's statement it
  /// came through (a helper's asm); else invalid.
  clang::SourceLocation CalledFrom;
  /// The mbarrier, as the source names it ("full[1]", "bar").
  std::string Barrier;
  /// Where the mbarrier was initialised (the kernel's call, for a helper),
  /// and its expected arrival count.
  clang::SourceLocation InitWhere;
  int64_t Expected = 0;
  /// The phase waited for once every completion so far is in (0 the
  /// first), and the phases completed by then: Phase == Completed, not
  /// complete.
  uint64_t Phase = 0, Completed = 0;
  /// All arrivals so far, over every phase.
  uint64_t AllArrivals = 0;
  /// For NeverCompletes: the arrivals of the phase, and its transaction
  /// bytes expected and not delivered by the copies issued (negative when
  /// more were delivered). For Overflow: the arrivals of the warp
  /// instruction, and those the phase still needed (Needed).
  int64_t Arrivals = 0, Needed = 0;
  int64_t BytesMissing = 0;
  /// For DependsOnTiming: the earliest phase that may still be in progress
  /// at the wait, the phase waited for then (-1: none, it returns), and
  /// the copy whose bytes completed it (null: other threads' arrivals).
  uint64_t EarliestPhase = 0;
  int64_t PhaseAtEarliest = -1;
  const clang::Stmt *CopySite = nullptr;
  /// A parity wait: the parity asked for (else a state token's phase).
  std::optional<int64_t> Parity;
  unsigned ExampleThread = 0;
  /// Data-dependent branches the path took (IrExecution::Assumptions).
  std::vector<std::string> Assumptions;
};

/// Arrivals on an mbarrier phase, named by \p PhaseId (unique in one
/// evaluation): what the threads of \p Threads did before is ordered
/// before what the threads waiting for the phase do after their wait (a
/// BarrierEvent of scope Mbarrier with the same PhaseId). A copy that
/// completes the phase arrives for its issuing thread when it lands.
struct MbarrierArriveEvent {
  uint64_t PhaseId = 0;
  const ThreadMask &Threads;
};

/// `fence.proxy.async` (shared memory, or every state space) executed by
/// \p Active: their generic-proxy accesses before it are ordered with
/// async-proxy accesses after it (a bulk copy out of shared memory, a TMA
/// store), ordered through barriers as usual.
struct ProxyFenceEvent {
  const ThreadMask &Active;
};

/// An access through a pointer into another block's shared memory
/// (distributed shared memory: mapa, cluster.map_shared_rank). Access's
/// addresses are offsets into that block's copy of Access.Address.Object.
struct RemoteSharedAccessEvent {
  const MemoryAccessEvent &Access;
  /// The statement that made the pointer (the map_shared_rank call), and
  /// when that is in a helper, the kernel's statement that reaches it.
  const clang::Stmt *MappedAt = nullptr;
  clang::SourceLocation MappedThrough = {};
};

/// One step of a cluster barrier (`cluster.sync()` is an arrive and a
/// wait; `barrier.cluster.arrive` and `wait` in PTX): a wait returns once
/// every thread of the cluster has arrived as often as it has waited. A
/// relaxed arrival does not order the arriving thread's accesses before it.
struct ClusterBarrierEvent {
  enum class Step { Arrive, RelaxedArrive, Wait };
  const clang::Stmt *Site = nullptr;
  Step What = Step::Arrive;
  const ThreadMask &Active;
};

class ExecutionObserver {
public:
  virtual ~ExecutionObserver() = default;
  virtual void onMemoryAccess(const MemoryAccessEvent &Event) = 0;
  virtual void onBarrier(const BarrierEvent &) {}
  /// The evaluator stopped enumerating \p Loop early; accesses inside it were
  /// seen for part of its iterations only.
  virtual void onLoopSampled(const clang::Stmt *Loop,
                             const std::string &Reason) {}
  virtual void onIterationsSkipped(const SkippedIterationsEvent &) {}
  virtual void onNonUniformBranch(const BranchEvent &) {}
  virtual void onMbarrierProblem(const MbarrierProblemEvent &) {}
  virtual void onMbarrierArrive(const MbarrierArriveEvent &) {}
  virtual void onProxyFence(const ProxyFenceEvent &) {}
  virtual void onRemoteSharedAccess(const RemoteSharedAccessEvent &) {}
  virtual void onClusterBarrier(const ClusterBarrierEvent &) {}
  /// Every thread has returned and the evaluation followed the whole kernel
  /// (no budget reached): what is still in flight outlives the block.
  virtual void onBlockExit() {}
};

/// The byte address (plus \p Offset) each lane of warp \p Warp touches in
/// \p Event, in \p Lanes: nullopt for an inactive lane, and for a lane whose
/// address is unknown, when \p UnknownReason (if still empty) says why.
/// Returns false when no lane has a known address.
inline bool warpLaneAddresses(const MemoryAccessEvent &Event, unsigned Warp,
                              unsigned WarpSize, int64_t Offset,
                              std::vector<std::optional<uint64_t>> &Lanes,
                              std::string &UnknownReason) {
  unsigned Threads = Event.Active.size();
  unsigned First = Warp * WarpSize;
  unsigned End = std::min(Threads, First + WarpSize);
  Lanes.assign(End > First ? End - First : 0, std::nullopt);
  bool AnyKnown = false;
  for (unsigned T = First; T < End; ++T) {
    if (!Event.Active[T])
      continue;
    if (!Event.Address.Known[T]) {
      if (UnknownReason.empty())
        UnknownReason = Event.Address.UnknownReason.empty()
                            ? "the address is not known"
                            : Event.Address.UnknownReason;
      continue;
    }
    AnyKnown = true;
    // Modulo 2^64: a wild offset must not overflow a signed add.
    Lanes[T - First] = uint64_t(Event.Address.Values[T]) + uint64_t(Offset);
  }
  return AnyKnown;
}

/// Passes every event on to several observers, in order.
class ObserverList : public ExecutionObserver {
public:
  explicit ObserverList(std::vector<ExecutionObserver *> Observers)
      : Observers(std::move(Observers)) {}
  void onMemoryAccess(const MemoryAccessEvent &Event) override {
    for (ExecutionObserver *O : Observers)
      O->onMemoryAccess(Event);
  }
  void onBarrier(const BarrierEvent &Event) override {
    for (ExecutionObserver *O : Observers)
      O->onBarrier(Event);
  }
  void onLoopSampled(const clang::Stmt *Loop,
                     const std::string &Reason) override {
    for (ExecutionObserver *O : Observers)
      O->onLoopSampled(Loop, Reason);
  }
  void onIterationsSkipped(const SkippedIterationsEvent &Event) override {
    for (ExecutionObserver *O : Observers)
      O->onIterationsSkipped(Event);
  }
  void onNonUniformBranch(const BranchEvent &Event) override {
    for (ExecutionObserver *O : Observers)
      O->onNonUniformBranch(Event);
  }
  void onMbarrierProblem(const MbarrierProblemEvent &Event) override {
    for (ExecutionObserver *O : Observers)
      O->onMbarrierProblem(Event);
  }
  void onMbarrierArrive(const MbarrierArriveEvent &Event) override {
    for (ExecutionObserver *O : Observers)
      O->onMbarrierArrive(Event);
  }
  void onProxyFence(const ProxyFenceEvent &Event) override {
    for (ExecutionObserver *O : Observers)
      O->onProxyFence(Event);
  }
  void onRemoteSharedAccess(const RemoteSharedAccessEvent &Event) override {
    for (ExecutionObserver *O : Observers)
      O->onRemoteSharedAccess(Event);
  }
  void onClusterBarrier(const ClusterBarrierEvent &Event) override {
    for (ExecutionObserver *O : Observers)
      O->onClusterBarrier(Event);
  }
  void onBlockExit() override {
    for (ExecutionObserver *O : Observers)
      O->onBlockExit();
  }

private:
  std::vector<ExecutionObserver *> Observers;
};

} // namespace smemlint

#endif
