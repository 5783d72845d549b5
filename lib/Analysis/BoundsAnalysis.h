//===--- BoundsAnalysis.h - Where shared accesses leave their arrays -*- C++
//-*-//
//
// The main evaluation records, per access, the byte range its threads
// touched and the range of every subscript of a declared array. Only when one
// of them leaves its bounds is the kernel evaluated again, with an observer
// that collects the offending threads: each subscript is checked against its
// own dimension (tile[0][32] is out of bounds even though tile[1][0] is the
// same address), other accesses against the object's size. The
// smem-out-of-bounds check words what this finds.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_ANALYSIS_BOUNDSANALYSIS_H
#define SMEMLINT_ANALYSIS_BOUNDSANALYSIS_H

#include "Analysis/KernelAnalysis.h"

#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class Expr;
class VarDecl;
} // namespace clang

namespace smemlint {

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
  std::vector<std::string> Assumptions;

  bool sameAs(const Violation &O) const {
    return Threads == O.Threads && Low == O.Low && High == O.High;
  }
};

/// The bounds of every shared variable the kernel uses.
std::map<const clang::VarDecl *, ObjectBounds>
boundsOf(const KernelAnalysis &Analysis);

/// Evaluates the kernel again with \p SymbolValues and returns every access
/// that left its bounds.
std::vector<Violation>
evaluateBounds(const KernelAnalysis &Analysis, SymbolTable &Symbols,
               const std::map<const clang::VarDecl *, ObjectBounds> &Objects,
               const std::map<unsigned, int64_t> &SymbolValues);

} // namespace smemlint

#endif
