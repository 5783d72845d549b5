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
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_ANALYSIS_BARRIERPROFILE_H
#define SMEMLINT_ANALYSIS_BARRIERPROFILE_H

#include "Evaluation/ExecutionObserver.h"

#include <cstdint>
#include <map>
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
};

struct SharedHazard {
  HazardKind Kind = HazardKind::ReadAfterWrite;
  /// In the order the evaluator executed them.
  HazardAccess Earlier, Later;
  const clang::VarDecl *Array = nullptr;
  int64_t ByteOffset = 0;
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
};

/// How the threads went at one branch (all executions together).
struct NonUniformBranch {
  bool DataDependent = false;
  bool SplitsAWarp = false;
};

struct BarrierProfile {
  /// One hazard per pair of source accesses and kind, first example kept.
  std::vector<SharedHazard> Hazards;
  std::vector<DivergentBarrier> DivergentBarriers;
  /// Where the race analysis is incomplete: reads of skipped loop
  /// iterations that share a barrier interval with writes (see
  /// SkippedIterationsEvent::UnseparatedReads).
  std::vector<std::string> IncompleteRaceAnalysis;
  /// Calls that may synchronize but were not followed.
  std::vector<const clang::Stmt *> UnknownSynchronization;
  /// The branches (by their condition's location) whose threads did not all
  /// go one way: a barrier fix-it must not go where only some threads reach.
  std::map<clang::SourceLocation, NonUniformBranch> NonUniformBranches;
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

private:
  struct State;
  std::unique_ptr<State> S;
};

} // namespace smemlint

#endif
