//===--- MbarrierWaitCheck.h - smem-mbarrier-wait ---------------*- C++ -*-===//
//
// Warns where every thread of the block that has not returned waits on an
// mbarrier phase that lacks arrivals or transaction bytes: none is left to
// complete it, and the kernel hangs (IrMbarriers.cpp decides the phases).
//
// For the user-facing documentation see: docs/checks/smem-mbarrier-wait.md
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_MBARRIERWAITCHECK_H
#define SMEMLINT_CHECKS_MBARRIERWAITCHECK_H

#include "Checks/Check.h"

namespace smemlint {

class MbarrierWaitCheck : public Check {
public:
  MbarrierWaitCheck() : Check(info()) {}
  static const CheckInfo &info();
  void checkKernel(const CheckContext &Context,
                   std::vector<Diagnostic> &Findings) override;
};

} // namespace smemlint

#endif
