//===--- CapacityCheck.h - smem-capacity ------------------------*- C++ -*-===//
//
// Errors where a block cannot get the shared memory it asks for on the
// analysed architecture: more than the SM has (with the driver's reserve),
// more than a block may have, static __shared__ variables over 48 KB, or more
// than 48 KB of dynamic shared memory without the cudaFuncSetAttribute opt-in
// in the translation unit. Notes dynamic shared memory a launch asks for that
// the kernel never touches.
//
// For the user-facing documentation see: docs/checks/smem-capacity.md
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_CAPACITYCHECK_H
#define SMEMLINT_CHECKS_CAPACITYCHECK_H

#include "Checks/Check.h"

namespace smemlint {

class CapacityCheck : public Check {
public:
  CapacityCheck() : Check(info()) {}
  static const CheckInfo &info();
  void checkKernel(const CheckContext &Context,
                   std::vector<Diagnostic> &Findings) override;
};

} // namespace smemlint

#endif
