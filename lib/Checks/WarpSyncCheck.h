//===--- WarpSyncCheck.h - smem-warp-sync -----------------------*- C++ -*-===//
//
// Warns where threads of one warp exchange data through shared memory with no
// __syncwarp() between the write and the read (the classic unrolled last warp
// of a reduction). Since sm_70, independent thread scheduling lets the lanes
// of a warp run apart, so `volatile` alone does not order them.
//
// For the user-facing documentation see: docs/checks/smem-warp-sync.md
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_WARPSYNCCHECK_H
#define SMEMLINT_CHECKS_WARPSYNCCHECK_H

#include "Checks/Check.h"

namespace smemlint {

class WarpSyncCheck : public Check {
public:
  WarpSyncCheck() : Check(info()) {}
  static const CheckInfo &info();
  void checkKernel(const CheckContext &Context,
                   std::vector<Diagnostic> &Findings) override;
};

} // namespace smemlint

#endif
