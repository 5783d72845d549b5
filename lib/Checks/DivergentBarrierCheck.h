//===--- DivergentBarrierCheck.h - smem-divergent-barrier -------*- C++ -*-===//
//
// Warns where a block barrier (__syncthreads() and its forms, a cooperative
// groups block sync, bar.sync) is reached by only part of the block: under a
// thread-dependent condition, in a loop whose trip count differs between
// threads, or after some threads returned. The CUDA programming guide makes
// this undefined behaviour, and compute-sanitizer's synccheck did not report
// it on an H200 when the threads that skip the barrier exit
// (shared/ref/h200-shared-memory.md,
// docs/measurements/racecheck-barrier-tests.md). Also a full-mask
// __syncwarp() that part of a warp skips, and a grid barrier
// (grid_group::sync()) that some blocks of the grid do not reach.
//
// For the user-facing documentation see: docs/checks/smem-divergent-barrier.md
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_DIVERGENTBARRIERCHECK_H
#define SMEMLINT_CHECKS_DIVERGENTBARRIERCHECK_H

#include "Checks/Check.h"

namespace smemlint {

class DivergentBarrierCheck : public Check {
public:
  DivergentBarrierCheck() : Check(info()) {}
  static const CheckInfo &info();
  void checkKernel(const CheckContext &Context,
                   std::vector<Diagnostic> &Findings) override;

private:
  void reportGridBarriers(const CheckContext &Context,
                          std::vector<Diagnostic> &Findings) const;
};

} // namespace smemlint

#endif
