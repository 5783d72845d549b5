//===--- MisalignedAccessCheck.h - smem-misaligned-access -------*- C++ -*-===//
//
// Reports shared-memory accesses at addresses their instruction rejects (a
// float4 through a cast pointer at a float index, an ldmatrix row, a
// cp.async destination): the GPU stops the kernel with "misaligned
// address". Notes an array read as vectors that only the layout aligns.
//
// For the user-facing documentation see: docs/checks/smem-misaligned-access.md
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_MISALIGNEDACCESSCHECK_H
#define SMEMLINT_CHECKS_MISALIGNEDACCESSCHECK_H

#include "Checks/Check.h"

namespace smemlint {

class MisalignedAccessCheck : public Check {
public:
  MisalignedAccessCheck() : Check(info()) {}
  static const CheckInfo &info();
  void checkKernel(const CheckContext &Context,
                   std::vector<Diagnostic> &Findings) override;
};

} // namespace smemlint

#endif
