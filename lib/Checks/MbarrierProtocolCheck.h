//===--- MbarrierProtocolCheck.h - smem-mbarrier-protocol -------*- C++ -*-===//
//
// Warns where an mbarrier wait never returns (every thread of the block that
// has not returned waits on a phase that lacks arrivals or transaction
// bytes), or where a parity wait names one phase or another depending on
// when other threads' arrivals or a copy's bytes come in (IrMbarriers.cpp
// follows the phases).
//
// For the user-facing documentation see: docs/checks/smem-mbarrier-protocol.md
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_MBARRIERPROTOCOLCHECK_H
#define SMEMLINT_CHECKS_MBARRIERPROTOCOLCHECK_H

#include "Checks/Check.h"

namespace smemlint {

class MbarrierProtocolCheck : public Check {
public:
  MbarrierProtocolCheck() : Check(info()) {}
  static const CheckInfo &info();
  void checkKernel(const CheckContext &Context,
                   std::vector<Diagnostic> &Findings) override;
};

} // namespace smemlint

#endif
