//===--- FixApplication.h - --export-fixes and --fix ------------*- C++ -*-===//
//
// Collects the fix-its of the reported findings (on the diagnostics and on
// their notes), writes them in the clang-apply-replacements YAML format, and
// applies them in place: atomically per file, leaving a file untouched when
// its fixes conflict or it changed since it was analysed.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_WORKFLOW_FIXAPPLICATION_H
#define SMEMLINT_WORKFLOW_FIXAPPLICATION_H

#include "Report/Report.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Chrono.h"

#include <string>
#include <vector>

namespace smemlint {

/// Writes every fix-it of \p Report to \p Path as clang-tidy's
/// --export-fixes does. Returns false and sets \p Error on failure.
bool exportFixes(const RunReport &Report, llvm::StringRef Path,
                 std::string &Error);

struct FixOutcome {
  unsigned FilesChanged = 0;
  unsigned FixesApplied = 0;
  /// One line per file left alone, and why.
  std::vector<std::string> Skipped;
};

/// Applies the fix-its of \p Report in place. A file modified after
/// \p AnalysisStart is not touched.
FixOutcome applyFixes(const RunReport &Report,
                      llvm::sys::TimePoint<> AnalysisStart);

} // namespace smemlint

#endif
