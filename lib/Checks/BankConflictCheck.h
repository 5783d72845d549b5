//===--- BankConflictCheck.h - smem-bank-conflict ---------------*- C++ -*-===//
//
// Warns where a warp's shared-memory access takes more wavefronts than the
// same bytes need, names the lanes and bank that collide, and proposes a
// padding that it has proven by analysing the padded layout.
//
// For the user-facing documentation see: docs/checks/smem-bank-conflict.md
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_BANKCONFLICTCHECK_H
#define SMEMLINT_CHECKS_BANKCONFLICTCHECK_H

#include "Checks/Check.h"

namespace smemlint {

class BankConflictCheck : public Check {
public:
  BankConflictCheck() : Check(info()) {}
  static const CheckInfo &info();
  void checkKernel(const CheckContext &Context,
                   std::vector<Diagnostic> &Findings) override;
};

} // namespace smemlint

#endif
