//===--- Compare.h - Judge predictions against measurements ---*- C++ -*-===//
//
// The `compare` step of `smem-lint --verify`: reads plan.json and the raw
// outputs measure.sh wrote, and gives every prediction a verdict
// (confirmed, refuted, not measurable) by the tolerance rules of
// docs/runtime-verify.md.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_RUNTIME_VERIFY_COMPARE_H
#define SMEMLINT_RUNTIME_VERIFY_COMPARE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

namespace smemlint {
namespace verify {

/// Reads \p Dir and prints the verdicts as "text" or "json"; returns a
/// VerifyExit.
int compareDirectory(llvm::StringRef Dir, llvm::StringRef Format,
                     llvm::raw_ostream &Out, llvm::raw_ostream &Err);

} // namespace verify
} // namespace smemlint

#endif
