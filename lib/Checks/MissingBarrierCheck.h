//===--- MissingBarrierCheck.h - smem-missing-barrier -----------*- C++ -*-===//
//
// Warns where a thread reads (or writes) a shared word another thread wrote,
// or writes one another thread read, with no __syncthreads() in between on the
// path the evaluator followed, and the threads are in different warps.
// Write-after-read across loop iterations is smem-barrier-reuse; hazards
// inside one warp are smem-warp-sync.
//
// For the user-facing documentation see: docs/checks/smem-missing-barrier.md
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_MISSINGBARRIERCHECK_H
#define SMEMLINT_CHECKS_MISSINGBARRIERCHECK_H

#include "Checks/Check.h"

namespace smemlint {

class MissingBarrierCheck : public Check {
public:
  MissingBarrierCheck() : Check(info()) {}
  static const CheckInfo &info();
  void checkKernel(const CheckContext &Context,
                   std::vector<Diagnostic> &Findings) override;
};

} // namespace smemlint

#endif
