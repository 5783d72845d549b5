//===--- ConstantSharedIndices.h - tile[0][40] in a tile[32][32] -*- C++
//-*-===//
//
// A constant index past a dimension of a __shared__ array is folded by the
// optimizer into the address of another element of the same array
// (`tile[0][40]` becomes `tile[1][8]`), so the evaluation, which checks the
// whole object, cannot tell it from a right one. Clang's -Warray-bounds
// sees the subscript as written; its warnings on __shared__ arrays become
// smem-out-of-bounds warnings.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_FRONTEND_CONSTANTSHAREDINDICES_H
#define SMEMLINT_FRONTEND_CONSTANTSHAREDINDICES_H

#include "Report/Report.h"

#include "clang/Basic/SourceLocation.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
} // namespace clang

namespace smemlint {

/// Clang's -Warray-bounds warning at one place: a constant index past a
/// dimension of an array (`tile[0][40]` in a `tile[32][32]`).
struct ConstantIndexWarning {
  clang::SourceLocation Where;
  std::string Message;
};

/// The warnings of \p Warnings whose array is a __shared__ variable, as
/// smem-out-of-bounds warnings, unless \p Findings already has a warning or
/// an error of that check at the place.
void reportConstantSharedIndices(
    clang::ASTContext &Ctx, const std::vector<ConstantIndexWarning> &Warnings,
    std::vector<Diagnostic> &Findings);

} // namespace smemlint

#endif
