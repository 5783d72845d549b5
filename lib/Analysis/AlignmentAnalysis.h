//===--- AlignmentAnalysis.h - Misaligned shared addresses -----*- C++ -*-===//
//
// The main evaluation carries an observer that checks each shared access's
// address against the alignment its instruction needs
// (MemoryAccessEvent::RequiredAlignment): a float4 through a cast pointer,
// an ldmatrix row, a cp.async destination. An address that is not a
// multiple of it from the array's start, where the array is at least that
// aligned or the threads disagree, stops the kernel ("misaligned
// address"); an array whose accesses are aligned but whose own declared
// alignment is smaller is aligned only if the layout places it so. The
// smem-misaligned-access check words what this finds.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_ANALYSIS_ALIGNMENTANALYSIS_H
#define SMEMLINT_ANALYSIS_ALIGNMENTANALYSIS_H

#include "Analysis/KernelDiscovery.h"
#include "Evaluation/ExecutionObserver.h"

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace clang {
class Expr;
class VarDecl;
} // namespace clang

namespace smemlint {

/// One shared access and the alignment its instruction needs.
struct AlignedAccess {
  const clang::Expr *Site = nullptr;
  const clang::VarDecl *Array = nullptr;
  AccessKind Kind = AccessKind::Load;
  unsigned WidthBytes = 0;
  unsigned Required = 0;
  /// ldmatrix / stmatrix rows, a cp.async, a bulk copy (else 0 / None).
  unsigned Matrices = 0;
  AsyncPhase Async = AsyncPhase::None;
  bool Remote = false;
  /// A TMA tensor copy: its tensor map's swizzle (CU_TENSOR_MAP_SWIZZLE_128B).
  std::string TensorMapSwizzle;
  /// Required is where the swizzle pattern starts over, not what the
  /// instruction accepts: an address off it does not stop the kernel, the
  /// copy lands permuted (TensorMapBox::swizzleRepeat).
  bool Permutes = false;
  /// With Permutes: a wgmma's swizzled operand, not a TMA copy.
  bool ByWarpgroupMma = false;
};

/// One access some thread makes at an address its instruction rejects.
struct Misalignment : AlignedAccess {
  /// Threads, over every execution, whose address is misaligned.
  ThreadMask Threads;
  /// The first one, its byte offset into the array, and when.
  unsigned FirstThread = 0;
  int64_t FirstOffset = 0;
  /// Whatever the array's placement: its declared alignment is a multiple
  /// of Required, or two threads' offsets differ modulo Required.
  bool WhateverThePlacement = false;
  /// The uniform symbols the misaligned addresses depend on.
  SymbolSet Symbols = 0;
  /// The array's declared alignment.
  uint64_t ArrayAlignment = 0;
  std::vector<std::string> Assumptions;
};

/// An array every access of which is aligned from its start, read or
/// written with instructions that need more alignment than it declares.
struct UnderAlignedArray {
  const clang::VarDecl *Array = nullptr;
  uint64_t Declared = 0;
  unsigned Required = 0;
  /// Required is a TMA swizzle's repeat (AlignedAccess::Permutes), of this
  /// swizzle mode.
  bool Permutes = false;
  std::string TensorMapSwizzle;
  /// Required is the swizzle repeat of a wgmma's operand.
  bool ByWarpgroupMma = false;
  /// The accesses that need it, in the order first executed.
  std::vector<const clang::Expr *> Sites;
};

struct AlignmentFindings {
  std::vector<Misalignment> Misaligned;
  std::vector<UnderAlignedArray> UnderAligned;
};

/// One access as AlignmentObserver judges it: Offsets has a byte offset for
/// each thread of Active whose address is known. (At namespace scope: a
/// nested class with default member initializers is not default
/// constructible for std::optional inside its enclosing class, in Clang.)
struct JudgedAccess : AlignedAccess {
  ThreadMask Active;
  std::vector<std::optional<int64_t>> Offsets;
  SymbolSet Symbols = 0;
  std::vector<std::string> Assumptions;
};

/// Records the misaligned accesses of one evaluation of a kernel whose
/// shared variables are \p Variables.
class AlignmentObserver : public ExecutionObserver {
public:
  AlignmentObserver(unsigned Threads, llvm::ArrayRef<SharedVariable> Variables);
  void onMemoryAccess(const MemoryAccessEvent &Event) override;
  void onRemoteSharedAccess(const RemoteSharedAccessEvent &Event) override;
  void onBarrier(const BarrierEvent &) override { flushPieces(); }
  /// What was found; the under-aligned arrays that some access misaligns
  /// are left out (the misalignment says more).
  AlignmentFindings take();

private:
  void check(const MemoryAccessEvent &Event, bool Remote);
  /// Records \p Access if some thread's address is off its alignment (true)
  /// or its array is declared with less (false).
  bool judge(const JudgedAccess &Access);
  /// Gathers the pieces of an object read or written whole
  /// (MemoryAccessEvent::WholeBytes) until they add up to it; its address
  /// is each thread's lowest.
  void gatherPiece(const MemoryAccessEvent &Event, bool Remote);
  void flushPieces();

  unsigned Threads;
  std::map<const clang::VarDecl *, const SharedVariable *> Variables;
  AlignmentFindings Found;
  /// By site, array and AlignedAccess::Permutes.
  std::map<std::tuple<const clang::Expr *, const clang::VarDecl *, bool>,
           unsigned>
      Index;
  std::map<std::pair<const clang::VarDecl *, bool>, unsigned> UnderAlignedIndex;
  std::optional<JudgedAccess> Whole;
  unsigned WholeBytes = 0, PieceBytes = 0;
  /// Per thread, the end of the furthest piece gathered: the pieces are
  /// one object only if they span exactly WholeBytes (not the same piece
  /// of several executions, where the rest of the object went unread).
  std::vector<std::optional<int64_t>> PieceEnds;
};

/// The shared variable's alignment as the code can rely on it: its
/// declared alignment, and at least 16 bytes for dynamic shared memory.
uint64_t guaranteedAlignment(const SharedVariable &Variable);

} // namespace smemlint

#endif
