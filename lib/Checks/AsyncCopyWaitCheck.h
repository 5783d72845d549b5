//===--- AsyncCopyWaitCheck.h - smem-async-copy-wait ------------*- C++ -*-===//
//
// Warns where a thread reads or writes shared bytes that a cp.async may still
// be writing: the copy lands at some point before the issuing thread's
// cp.async.wait_group / wait_all completes it, and a __syncthreads() does not
// wait for it, so the access may see the old bytes (or be overwritten).
//
// For the user-facing documentation see: docs/checks/smem-async-copy-wait.md
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_ASYNCCOPYWAITCHECK_H
#define SMEMLINT_CHECKS_ASYNCCOPYWAITCHECK_H

#include "Checks/Check.h"

namespace smemlint {

class AsyncCopyWaitCheck : public Check {
public:
  AsyncCopyWaitCheck() : Check(info()) {}
  static const CheckInfo &info();
  void checkKernel(const CheckContext &Context,
                   std::vector<Diagnostic> &Findings) override;
};

} // namespace smemlint

#endif
