//===--- GridBarriers.h - Grid barriers only some blocks reach --*- C++ -*-===//
//
// A grid barrier (cooperative groups' grid_group::sync()) waits until every
// block of the grid has arrived. A block that never arrives leaves the
// others waiting forever. The evaluation runs one block; whether other
// blocks reach the same grid barriers is found by evaluating the kernel
// again as blocks with other indices, only for kernels whose source has one.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_ANALYSIS_GRIDBARRIERS_H
#define SMEMLINT_ANALYSIS_GRIDBARRIERS_H

#include <array>
#include <vector>

namespace clang {
class Stmt;
} // namespace clang

namespace smemlint {

class KernelAnalysis;

/// Whether \p Site (a barrier's call) is a grid barrier:
/// `grid.sync()`, `cg::sync(grid)`, `this_grid().sync()`.
bool isGridBarrier(const clang::Stmt *Site);

/// A grid barrier that one block reaches (as often as) another does not.
struct DivergentGridBarrier {
  const clang::Stmt *Site = nullptr;
  std::array<unsigned, 3> Reaching{}, Missing{};
  /// How many block barriers each of the two blocks passed at the site (0
  /// when it never reaches it; one grid sync may make two).
  unsigned ReachingTimes = 0, MissingTimes = 0;
};

/// The grid barriers of \p Analysis's kernel that block 0 and a neighbour
/// along some axis (block 1 along x, y or z, where the grid has one) pass a
/// different number of times.
std::vector<DivergentGridBarrier>
divergentGridBarriers(const KernelAnalysis &Analysis);

} // namespace smemlint

#endif
