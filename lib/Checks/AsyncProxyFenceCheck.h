//===--- AsyncProxyFenceCheck.h - smem-async-proxy-fence --------*- C++ -*-===//
//
// A bulk copy out of shared memory (a TMA store) reads through the async
// proxy; generic writes reach it only through fence.proxy.async, not through
// barriers alone. Without the fence the copy may write stale data to global
// memory. The analysis is ProxyFenceProfile's.
//
// For the user-facing documentation see: docs/checks/smem-async-proxy-fence.md
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_ASYNCPROXYFENCECHECK_H
#define SMEMLINT_CHECKS_ASYNCPROXYFENCECHECK_H

#include "Checks/Check.h"

namespace smemlint {

class AsyncProxyFenceCheck : public Check {
public:
  AsyncProxyFenceCheck() : Check(info()) {}
  static const CheckInfo &info();
  void checkKernel(const CheckContext &Context,
                   std::vector<Diagnostic> &Findings) override;
};

} // namespace smemlint

#endif
