//===--- BoundsAnalysis.h - Where shared accesses leave their arrays -*- C++
//-*-//
//
// The main evaluation carries an observer that collects, per access, the
// threads that leave their bounds: each subscript is checked against its own
// dimension (tile[0][32] is out of bounds even though tile[1][0] is the same
// address), other accesses against the object's size. The kernel is
// evaluated again only with other values of its uniform symbols, to tell
// violations that hold whatever the values. The smem-out-of-bounds check
// words what this finds.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_ANALYSIS_BOUNDSANALYSIS_H
#define SMEMLINT_ANALYSIS_BOUNDSANALYSIS_H

#include "Analysis/KernelDiscovery.h"
#include "Evaluation/ExecutionObserver.h"
#include "Evaluation/ThreadValue.h"

#include "llvm/ADT/DenseMap.h"

#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Expr;
class VarDecl;
} // namespace clang

namespace smemlint {

class KernelAnalysis;
class SymbolTable;

/// Where one shared variable's accesses may go.
struct ObjectBounds {
  std::vector<uint64_t> Dims; ///< Declared; empty for a scalar, 0 for [].
  uint64_t ElementBytes = 0;
  /// Bytes an access may reach; nullopt for dynamic memory of unknown size.
  std::optional<uint64_t> Bytes;
  bool Dynamic = false;

  /// Elements along dimension \p Level; nullopt when unknown (the first
  /// dimension of dynamic memory of unknown size).
  std::optional<uint64_t> extent(unsigned Level) const {
    if (Level > 0 || Dims.empty() || Dims[0] != 0)
      return Dims.empty() ? 1 : Dims[Level];
    if (!Bytes)
      return std::nullopt;
    uint64_t Row = ElementBytes;
    for (unsigned I = 1; I < Dims.size(); ++I)
      Row *= Dims[I];
    return Row ? *Bytes / Row : 0;
  }
};

/// A subscript level, or the whole object (a flat index), or the address
/// itself being undefined.
constexpr unsigned WholeObject = ~0u;
constexpr unsigned UndefinedAddress = ~0u - 1;

/// Every out-of-bounds evaluation of one access at one level.
struct Violation {
  const clang::Expr *Site = nullptr;
  const clang::VarDecl *Array = nullptr;
  unsigned Level = WholeObject;
  unsigned Kinds = 0; ///< Bit per AccessKind.
  unsigned WidthBytes = 0;
  ThreadMask Threads;
  /// Offending index values (elements, or bytes when InBytes).
  int64_t Low = std::numeric_limits<int64_t>::max();
  int64_t High = std::numeric_limits<int64_t>::min();
  bool InBytes = false;
  /// The first offending thread, the element it reaches in the declared
  /// layout (byte offset) and when.
  unsigned FirstThread = 0;
  int64_t FirstOffset = 0;
  std::vector<int64_t> FirstIndices;
  std::string FirstWhen;
  SymbolSet Symbols = 0;
  /// The symbols that decide whether it runs (a loop's bound).
  SymbolSet ControlSymbols = 0;
  std::vector<std::string> Assumptions;
  /// A wgmma's read through a descriptor (its pieces are given out to the
  /// warpgroup's threads, so no thread is named): the operand and its
  /// layout, as WarpgroupMmaOperand gives them.
  std::optional<WarpgroupMmaOperand> WarpgroupMma;

  bool sameAs(const Violation &O) const {
    return Threads == O.Threads && Low == O.Low && High == O.High;
  }
};

/// The bounds of every shared variable in \p Variables, with
/// \p DynamicSharedBytes of dynamic shared memory when known.
std::map<const clang::VarDecl *, ObjectBounds>
boundsOf(llvm::ArrayRef<SharedVariable> Variables,
         std::optional<uint64_t> DynamicSharedBytes);

/// Records the violations of one evaluation.
class BoundsObserver : public ExecutionObserver {
public:
  BoundsObserver(const clang::ASTContext &Ctx, unsigned Threads,
                 std::map<const clang::VarDecl *, ObjectBounds> Objects);

  void onMemoryAccess(const MemoryAccessEvent &Event) override;
  const std::map<const clang::VarDecl *, ObjectBounds> &objects() const {
    return Objects;
  }
  std::vector<Violation> take() { return std::move(Violations); }
  /// The violations found so far.
  const std::vector<Violation> &violations() const { return Violations; }
  /// The threads that performed the access at \p Site, in or out of
  /// bounds (ProblemSizeSearch asks).
  ThreadMask threadsAt(const clang::Expr *Site) const;

private:
  /// Whether every active thread of \p Event is known and inside, judged
  /// as check judges each: then no thread needs a check.
  static bool allInside(const MemoryAccessEvent &Event,
                        const ObjectBounds &Bounds);
  void check(const MemoryAccessEvent &Event, const clang::VarDecl *Var,
             const ObjectBounds &Bounds, unsigned T, int64_t Offset);
  void record(const MemoryAccessEvent &Event, const clang::VarDecl *Var,
              unsigned Level, unsigned T, int64_t Value, bool InBytes,
              int64_t RealOffset, llvm::ArrayRef<int64_t> Indices);
  /// "in iteration 32 of the loop at line 5", or "".
  std::string when(const MemoryAccessEvent &Event) const;

  const clang::ASTContext &Ctx;
  unsigned Threads;
  std::map<const clang::VarDecl *, ObjectBounds> Objects;
  std::vector<Violation> Violations;
  llvm::DenseMap<std::pair<const clang::Expr *, unsigned>, unsigned> Index;
  llvm::DenseMap<unsigned, uint64_t> LastSerial;
  llvm::DenseMap<const clang::Expr *, ThreadMask> Performing;
  uint64_t Serial = 0;
};

/// Evaluates the kernel again with \p SymbolValues and returns every access
/// that left its bounds.
std::vector<Violation>
evaluateBounds(const KernelAnalysis &Analysis, SymbolTable &Symbols,
               const std::map<const clang::VarDecl *, ObjectBounds> &Objects,
               const std::map<unsigned, int64_t> &SymbolValues);

} // namespace smemlint

#endif
