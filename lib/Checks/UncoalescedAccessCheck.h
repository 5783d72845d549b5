//===--- UncoalescedAccessCheck.h - gmem-uncoalesced ------------*- C++ -*-===//
//
// Warns where a warp's global load or store touches far more 32-byte sectors
// than its bytes need (at least twice the ideal and 4 more), with the lanes'
// stride and the share of moved bytes no lane uses; and notes, for a kernel
// that stages a copy through shared memory, what the direct copy the tile
// replaces would cost.
//
// For the user-facing documentation see: docs/checks/gmem-uncoalesced.md
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_UNCOALESCEDACCESSCHECK_H
#define SMEMLINT_CHECKS_UNCOALESCEDACCESSCHECK_H

#include "Checks/Check.h"

namespace smemlint {

class UncoalescedAccessCheck : public Check {
public:
  UncoalescedAccessCheck() : Check(info()) {}
  static const CheckInfo &info();
  void checkKernel(const CheckContext &Context,
                   std::vector<Diagnostic> &Findings) override;
};

} // namespace smemlint

#endif
