//===--- OutOfBoundsCheck.h - smem-out-of-bounds ----------------*- C++ -*-===//
//
// Reports shared-memory accesses whose index, as evaluated for the threads of
// the block, is below zero or past the end: of the array as a whole, and for
// an array of two or more dimensions, of the dimension it subscripts
// (`tile[i][32]` in a `tile[32][32]`, which lands in the next row). Also
// reports an index that divides by zero. Names the threads, the index values
// and the extent, and says when the finding rests on an assumed value.
//
// For the user-facing documentation see: docs/checks/smem-out-of-bounds.md
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_OUTOFBOUNDSCHECK_H
#define SMEMLINT_CHECKS_OUTOFBOUNDSCHECK_H

#include "Checks/Check.h"

namespace smemlint {

class OutOfBoundsCheck : public Check {
public:
  OutOfBoundsCheck() : Check(info()) {}
  static const CheckInfo &info();
  void checkKernel(const CheckContext &Context,
                   std::vector<Diagnostic> &Findings) override;
};

} // namespace smemlint

#endif
