//===--- ThreadValue.h - One value for every thread of a block -*- C++ -*-===//
//
// The symbolic evaluator computes each expression for all threads of a block
// at once. A ThreadValue holds, per thread, an integer or a byte offset into a
// memory object (a pointer), and says which threads' values are known and, if
// some are not, why. Values that are uniform across the block but unknown to
// the analysis (kernel parameters, blockIdx) are evaluated with a chosen value
// and remember which such symbols they depend on, so that a caller can vary
// them and see what changes.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_EVALUATION_THREADVALUE_H
#define SMEMLINT_EVALUATION_THREADVALUE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/bit.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clang {
class ValueDecl;
}

namespace smemlint {

/// One bit per thread of the block, in linear thread order.
using ThreadMask = llvm::BitVector;

/// Calls \p Visit(T) for every thread T set in both \p A and \p B (masks of
/// one block), ascending. Word by word: in the observers' per-thread loops it
/// costs a fraction of set_bits() and a test per thread.
template <typename VisitT>
void forEachThreadInBoth(const ThreadMask &A, const ThreadMask &B,
                         VisitT Visit) {
  // BitVector's words are uintptr_t (its BitWord, private).
  llvm::ArrayRef<uintptr_t> Left = A.getData(), Right = B.getData();
  constexpr unsigned WordBits = sizeof(uintptr_t) * 8;
  for (size_t W = 0; W < Left.size() && W < Right.size(); ++W)
    for (uintptr_t Bits = Left[W] & Right[W]; Bits; Bits &= Bits - 1)
      Visit(unsigned(W * WordBits + llvm::countr_zero(Bits)));
}

/// The set of uniform symbols a value depends on; bit I is symbol I of the
/// kernel's SymbolTable.
using SymbolSet = uint64_t;

/// Gives the per-thread arrays of ThreadValue the blocks freed before, of
/// the same size: the evaluator makes and drops one or two per instruction,
/// all as long as the block has threads, and asking malloc for each (a
/// block of 256 threads is 2 KB, past the allocator's per-thread cache) was
/// about a tenth of the evaluation.
template <typename T> struct RecyclingAllocator {
  using value_type = T;
  RecyclingAllocator() = default;
  template <typename U> RecyclingAllocator(const RecyclingAllocator<U> &) {}
  T *allocate(size_t N) {
    std::vector<void *> &Free = freeBlocks(N * sizeof(T));
    if (Free.empty())
      return static_cast<T *>(::operator new(N * sizeof(T)));
    void *Block = Free.back();
    Free.pop_back();
    return static_cast<T *>(Block);
  }
  void deallocate(T *Block, size_t N) {
    std::vector<void *> &Free = freeBlocks(N * sizeof(T));
    if (Free.size() < MaxFreeBlocks)
      Free.push_back(Block);
    else
      ::operator delete(Block);
  }
  bool operator==(const RecyclingAllocator &) const { return true; }
  bool operator!=(const RecyclingAllocator &) const { return false; }

private:
  static constexpr size_t MaxFreeBlocks = 1024;
  /// The free blocks of one size, per thread (files are analysed on
  /// several); a few sizes are in use at a time.
  static std::vector<void *> &freeBlocks(size_t Bytes) {
    struct Pools {
      std::vector<std::pair<size_t, std::vector<void *>>> BySize;
      ~Pools() {
        for (auto &[Size, Blocks] : BySize)
          for (void *Block : Blocks)
            ::operator delete(Block);
      }
    };
    thread_local Pools Local;
    for (auto &[Size, Blocks] : Local.BySize)
      if (Size == Bytes)
        return Blocks;
    return Local.BySize.emplace_back(Bytes, std::vector<void *>()).second;
  }
};

/// Per-thread integers, from the recycled blocks.
using ThreadInts = std::vector<int64_t, RecyclingAllocator<int64_t>>;

/// What a pointer points into: a __shared__ variable or a pointer parameter
/// (global memory), or a thread's local storage (the IR evaluator's
/// allocas, named by Storage).
struct MemoryObject {
  const clang::ValueDecl *Decl = nullptr;
  bool IsShared = false;
  const void *Storage = nullptr;
  /// For a shared variable: whose copy of it. Own: the block's. Peer and
  /// Fixed: another block of the cluster's (distributed shared memory, a
  /// pointer mapa made); Peer names the block by an expression of the
  /// block's own rank (`rank ^ 1`: every block a different one), Fixed by
  /// FixedRank, the same in every block, Any by a rank the evaluation could
  /// not compute (read from memory: a histogram's bin owner).
  enum class ClusterBlock : uint8_t { Own, Peer, Fixed, Any };
  ClusterBlock Cluster = ClusterBlock::Own;
  int32_t FixedRank = 0;
  /// For Peer and Fixed: the mapa instruction (an llvm::CallBase).
  const void *MappedBy = nullptr;
  bool operator==(const MemoryObject &O) const {
    return Decl == O.Decl && IsShared == O.IsShared && Storage == O.Storage &&
           Cluster == O.Cluster && FixedRank == O.FixedRank &&
           MappedBy == O.MappedBy;
  }
};

struct ThreadValue {
  enum class Kind { Integer, Pointer };
  Kind ValueKind = Kind::Integer;
  /// For pointers: the object the byte offsets in Values are relative to.
  MemoryObject Object;
  /// Per thread: the integer, or the byte offset for a pointer.
  ThreadInts Values;
  /// Per thread: whether Values holds the thread's real value.
  llvm::BitVector Known;
  /// Uniform symbols the value was computed from.
  SymbolSet Symbols = 0;
  /// Why some threads are unknown (empty when all are known).
  std::string UnknownReason;
  /// The threads whose value a division or modulo by zero left undefined,
  /// also through later arithmetic and assignments (empty when none): one
  /// reason per value cannot tell them from threads unknown for another.
  ThreadMask DividedByZero;
  /// Per thread whose value is unknown: its value number (ValueNumbers.h),
  /// equal in threads whose values were shown equal; 0 for none. Empty when
  /// no thread has one.
  std::vector<uint32_t> Numbers;

  static ThreadValue unknown(unsigned Threads, std::string Reason);
  /// Sets Values to 0 for the threads outside \p Active, as the evaluator
  /// leaves threads it did not compute (after a loop over every thread).
  void zeroOutside(const ThreadMask &Active);
  static ThreadValue uniform(unsigned Threads, int64_t Value);
  static ThreadValue pointerTo(MemoryObject Object, unsigned Threads);

  unsigned threads() const { return Values.size(); }
  bool isPointer() const { return ValueKind == Kind::Pointer; }
  /// True if every thread in \p Active has a known value.
  bool knownFor(const ThreadMask &Active) const;
  /// Marks the threads in \p Threads unknown for \p Reason.
  void forget(const ThreadMask &Threads, const std::string &Reason);
  /// Copies \p Other's values into the threads of \p Active.
  void assign(const ThreadValue &Other, const ThreadMask &Active);
  /// The value number of thread \p T's unknown value, 0 for none.
  uint32_t numberOf(unsigned T) const {
    return T < Numbers.size() && !Known[T] ? Numbers[T] : 0;
  }
  void setNumber(unsigned T, uint32_t Number);
  /// Threads \p A and \p B hold values shown equal: both known and equal,
  /// or both unknown with one value number.
  bool shownEqual(unsigned A, unsigned B) const;
  /// Both known and different.
  bool shownDifferent(unsigned A, unsigned B) const {
    return Known[A] && Known[B] && Values[A] != Values[B];
  }
};

} // namespace smemlint

#endif
