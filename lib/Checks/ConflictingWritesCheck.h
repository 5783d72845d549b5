//===--- ConflictingWritesCheck.h - smem-conflicting-writes -----*- C++ -*-===//
//
// Warns where threads store different values to one shared word in the same
// statement: within a warp one lane's value lands and which one is
// undefined; across warps the last warp to run the statement wins. No
// barrier orders a statement with itself, so this is not a missing barrier.
// Threads storing the same value (`flag = 0` from every thread) are fine.
//
// For the user-facing documentation see:
// docs/checks/smem-conflicting-writes.md
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_CONFLICTINGWRITESCHECK_H
#define SMEMLINT_CHECKS_CONFLICTINGWRITESCHECK_H

#include "Checks/Check.h"

namespace smemlint {

class ConflictingWritesCheck : public Check {
public:
  ConflictingWritesCheck() : Check(info()) {}
  static const CheckInfo &info();
  void checkKernel(const CheckContext &Context,
                   std::vector<Diagnostic> &Findings) override;
};

} // namespace smemlint

#endif
