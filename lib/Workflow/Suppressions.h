//===--- Suppressions.h - NOLINT comments and file opt-outs -----*- C++ -*-===//
//
// What the user wrote in the source to silence findings, clang-tidy style:
//   // NOLINT                      every check, this line
//   // NOLINT(smem-bank-conflict)  the named checks (globs), this line
//   // NOLINTNEXTLINE(...)         the next line
//   // NOLINTBEGIN(...) ... // NOLINTEND(...)   the lines in between
//   // smem-lint: disable-file(...)  the whole file (every check without a
//                                    list)
// Names that match no check are reported, since a typo silences nothing.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_WORKFLOW_SUPPRESSIONS_H
#define SMEMLINT_WORKFLOW_SUPPRESSIONS_H

#include "Workflow/CheckSelection.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <vector>

namespace smemlint {

class Suppressions {
public:
  /// Reads the suppression comments of \p Text (the contents of \p File).
  /// Problems (unknown check names, an unmatched NOLINTEND) are appended to
  /// \p Problems as smem-lint-nolint warnings.
  static Suppressions parse(llvm::StringRef File, llvm::StringRef Text,
                            std::vector<Diagnostic> &Problems);

  /// Whether a finding of \p Check at \p Line is silenced.
  bool suppresses(llvm::StringRef Check, unsigned Line) const;

private:
  struct Scope {
    unsigned FirstLine, LastLine;
    std::optional<CheckGlobs> Checks; ///< nullopt: every check.
  };
  std::vector<Scope> Scopes;
};

} // namespace smemlint

#endif
