//===--- FixApplication.h - --export-fixes and --fix ------------*- C++ -*-===//
//
// Collects the fix-its of the reported findings (on the diagnostics and on
// their notes), writes them in the clang-apply-replacements YAML format, and
// applies them in place. A file is rewritten, not replaced: through a
// symbolic link its target is fixed and the link kept, a hard link keeps its
// inode, and the owner and permissions stay; a read-only file is refused.
// Inserted lines end as the file's lines do (CRLF stays CRLF). A file whose
// fixes conflict, that changed since it was analysed, or whose translation
// unit did not compile (unless FixErrors) is left alone.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_WORKFLOW_FIXAPPLICATION_H
#define SMEMLINT_WORKFLOW_FIXAPPLICATION_H

#include "Report/Report.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Chrono.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace smemlint {

/// Writes every fix-it of \p Report to \p Path as clang-tidy's
/// --export-fixes does. Returns false and sets \p Error on failure.
bool exportFixes(const RunReport &Report, llvm::StringRef Path,
                 std::string &Error);

/// \p Replacement, to be written at \p Offset of \p FileText, with its line
/// breaks written as the line it goes into ends ("\r\n" in a CRLF file).
std::string withLineEndingsOf(llvm::StringRef FileText, unsigned Offset,
                              llvm::StringRef Replacement);

struct FixOptions {
  /// --fix-errors: fix files whose translation unit had compile errors.
  bool FixErrors = false;
};

struct FixOutcome {
  unsigned FilesChanged = 0;
  unsigned FixesApplied = 0;
  /// One line per file left alone on purpose, and why.
  std::vector<std::string> Skipped;
  /// Files that should have been fixed and could not be written.
  struct WriteFailure {
    std::string File, Why;
  };
  std::vector<WriteFailure> WriteFailures;
  /// (index into RunReport::Files, index into its Diagnostics) of each
  /// finding whose every fix-it was written.
  std::set<std::pair<size_t, size_t>> Fixed;

  bool fixed(size_t File, size_t Finding) const {
    return Fixed.count({File, Finding}) != 0;
  }
};

/// Applies the fix-its of \p Report in place. A file modified after
/// \p AnalysisStart is not touched.
FixOutcome applyFixes(const RunReport &Report,
                      llvm::sys::TimePoint<> AnalysisStart,
                      const FixOptions &Options = {});

/// Whether some finding at or above \p FailOn remains: with \p Fixes, a
/// finding --fix fixed no longer counts (as with clang-tidy --fix).
bool findingsFail(const RunReport &Report, Severity FailOn,
                  const FixOutcome *Fixes = nullptr);

} // namespace smemlint

#endif
