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

#include "runtime_verify/Prepare.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

namespace smemlint {
namespace verify {

/// For a directory that measured the user's program (--run): where the
/// analysed files are and how to analyse them with a launch's
/// configuration.
struct ProgramResolver {
  std::vector<std::string> Files;
  LaunchAnalyser Analyse;
};

/// Reads \p Dir and prints the verdicts as "text" or "json"; returns a
/// VerifyExit. A --run directory not yet resolved needs \p Resolver: each
/// profiled launch is re-analysed first, and plan.json is rewritten.
int compareDirectory(llvm::StringRef Dir, llvm::StringRef Format,
                     llvm::raw_ostream &Out, llvm::raw_ostream &Err,
                     const ProgramResolver *Resolver = nullptr);

} // namespace verify
} // namespace smemlint

#endif
