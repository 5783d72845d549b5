//===--- OccupancyCheck.h - smem-occupancy ----------------------*- C++ -*-===//
//
// Says how many blocks of a kernel stay resident per SM when shared memory
// is what limits them (a note), and warns when a fix another check proposes
// (padding) costs a resident block.
//
// For the user-facing documentation see: docs/checks/smem-occupancy.md
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_OCCUPANCYCHECK_H
#define SMEMLINT_CHECKS_OCCUPANCYCHECK_H

#include "Checks/Check.h"

namespace smemlint {

class OccupancyCheck : public Check {
public:
  OccupancyCheck() : Check(info()) {}
  static const CheckInfo &info();
  void checkKernel(const CheckContext &Context,
                   std::vector<Diagnostic> &Findings) override;
};

} // namespace smemlint

#endif
