//===--- ProblemSizes.h - What the shared arrays say about unknown sizes -===//
//
// A scalar parameter that no launch, option or comment gives is evaluated
// at its default, 1024: a problem size large enough for a whole block. A
// kernel written for a fixed tile (`for (i = 0; i < n*n; ...) m[i]` over
// `float m[24*24]`) is not run with such an n, and at 1024 every loop over
// it leaves the array and takes 1.7e3 times the iterations it has. So the
// runs of the kernel are watched (ProblemSizeSearch): an access that leaves
// a shared array of known size through such a parameter stops the run, and
// the parameter is tried at the next smaller value the array suggests (its
// elements, their square and cube roots, its dimensions), until a run keeps
// the arrays in bounds. A value that does so only by keeping threads that
// were in bounds from the access is no size the kernel is written for. The
// kernel's analysis then uses the value and says why; when no candidate
// does, the parameter keeps its default, and the out-of-bounds notes show
// what it does.
//
// The same for the block: a kernel analysed with the default block whose
// threads leave a shared tile by their index alone is written for the
// tile's shape (blockShapesFromTiles).
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_ANALYSIS_PROBLEMSIZES_H
#define SMEMLINT_ANALYSIS_PROBLEMSIZES_H

#include "Analysis/BoundsAnalysis.h"
#include "Analysis/KernelAnalysis.h"
#include "Evaluation/KernelEvaluator.h"

#include "llvm/ADT/ArrayRef.h"

#include <map>
#include <string>
#include <vector>

namespace smemlint {

/// The largest candidate value below \p Below that a shared object of
/// \p Bounds suggests for a size that indexes it (its elements, their
/// square and cube roots, its dimensions), or nullopt when none is above 1.
std::optional<int64_t> nextProblemSize(const ObjectBounds &Bounds,
                                       int64_t Below);

/// Whether threads of \p Analysis leave a shared array by their thread
/// index alone: through no parameter, in the index or the conditions that
/// lead to the access, but those no size could keep in bounds
/// (ProblemSizeSearch::leftAtDefault: a guard `x < width` around a tile).
bool leavesTilesByThreadIndex(const KernelAnalysis &Analysis);

/// For a kernel analysed with the default block whose threads leave a
/// shared tile by their index (leavesTilesByThreadIndex): the blocks the
/// tile's dimensions suggest, best first. `temp[ty][tx]` over
/// `float temp[16][16]` with the default 32x8 sends threads 16-31 of each
/// row past the row: the kernel is written for 16x16. For each block, \p
/// Tiles gets the tile it comes from ("'temp[16][16]'"). The caller
/// analyses the kernel again with each and keeps one whose threads stay
/// inside every tile (TranslationUnitAnalysis).
std::vector<BlockShape> blockShapesFromTiles(const KernelAnalysis &Analysis,
                                             std::vector<std::string> &Tiles);

class ProblemSizeSearch {
public:
  /// Runs of the kernel stopped and tried again at most this many times.
  static constexpr unsigned MaxRetries = 8;

  /// \p Given: the symbol values the options already set (from launches);
  /// those are never searched.
  ProblemSizeSearch(const SymbolTable &Symbols,
                    const std::map<unsigned, int64_t> &Given);

  /// Whether a run that has found \p Violations so far should stop: one
  /// of them leaves an array of known size through a parameter still
  /// searched.
  bool shouldStop(llvm::ArrayRef<Violation> Violations) const;

  /// After a run watched by \p Bounds: whether to run again, with the
  /// values it sets in \p Values. Again when the run went out of bounds
  /// through a size still searched (the next candidate), and when the
  /// value tried kept threads that were in bounds from the access (a guard
  /// `if (x < nx)` shrunk around a halo read until the threads past the
  /// tile stop): that is no size the kernel is written for, and the sizes
  /// go back to their defaults. When the tries are used up,
  /// every value searched goes back to its default and the search ends.
  bool retry(const BoundsObserver &Bounds, std::map<unsigned, int64_t> &Values);

  /// For each symbol given a value by the search, why, in words: "the
  /// largest value tried that keeps the accesses of 'm' (576 elements) in
  /// bounds; with 1024 they leave it".
  const std::map<unsigned, std::string> &reasons() const { return Reasons; }
  /// The sizes the search tried and gave back their defaults: no value
  /// the arrays suggest keeps the accesses through them in bounds.
  SymbolSet leftAtDefault() const;

private:
  /// A parameter nothing gives whose value is still searched.
  bool searched(unsigned Symbol) const;
  /// The violation that stops a run, and the sizes still searched it
  /// goes through.
  const Violation *stoppingViolation(llvm::ArrayRef<Violation> Violations,
                                     SymbolSet &Through) const;
  /// Gives the sizes of \p Through their defaults back, for good.
  void settle(SymbolSet Through, std::map<unsigned, int64_t> &Values);

  const SymbolTable &Symbols;
  std::map<unsigned, int64_t> Given;
  /// Symbols whose candidates ran out: they keep their default.
  SymbolSet Settled = 0;
  /// Symbols given a candidate at some point.
  SymbolSet Tried = 0;
  unsigned Retries = 0;
  bool Ended = false;
  std::map<unsigned, std::string> Reasons;
  /// The access whose violation chose the values being tried, the threads
  /// that left its array, those that performed it, and the sizes tried.
  struct Trial {
    const clang::Expr *Site = nullptr;
    ThreadMask Threads;
    ThreadMask Before;
    SymbolSet Sizes = 0;
  };
  std::vector<Trial> Trials;
};

} // namespace smemlint

#endif
