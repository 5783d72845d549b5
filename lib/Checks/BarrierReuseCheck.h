//===--- BarrierReuseCheck.h - smem-barrier-reuse ---------------*- C++ -*-===//
//
// Warns where a loop refills a shared buffer in iteration i+1 while threads of
// another warp may still read iteration i's contents: the loop has the barrier
// after the load but not the "second barrier" after the last read.
//
// For the user-facing documentation see: docs/checks/smem-barrier-reuse.md
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_BARRIERREUSECHECK_H
#define SMEMLINT_CHECKS_BARRIERREUSECHECK_H

#include "Checks/Check.h"

namespace smemlint {

class BarrierReuseCheck : public Check {
public:
  BarrierReuseCheck() : Check(info()) {}
  static const CheckInfo &info();
  void checkKernel(const CheckContext &Context,
                   std::vector<Diagnostic> &Findings) override;
};

} // namespace smemlint

#endif
