//===--- Suppressions.h - NOLINT comments and file opt-outs -----*- C++ -*-===//
//
// What the user wrote in the source to silence findings, clang-tidy style:
//   // NOLINT                      every check, this line
//   // NOLINT(smem-bank-conflict)  the named checks (globs), this line
//   // NOLINTNEXTLINE(...)         the next line
//   // NOLINTBEGIN(...) ... // NOLINTEND(...)   the lines in between
//   // smem-lint: disable-file(...)  the whole file (every check without a
//                                    list)
// Block comments (/* NOLINT */) count as well; a "//" or "NOLINT" inside a
// string or character literal does not. The same comments serve clang-tidy,
// so names outside smem-lint's namespaces (readability-*, clang-analyzer-*)
// are left to it silently; a name of ours that matches no check is reported,
// since a typo silences nothing.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_WORKFLOW_SUPPRESSIONS_H
#define SMEMLINT_WORKFLOW_SUPPRESSIONS_H

#include "Workflow/CheckSelection.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <vector>

namespace smemlint {

/// One comment of a source file, as the lexer found it.
struct SourceComment {
  unsigned Line, Column; ///< Where it starts (1-based; the column in bytes).
  llvm::StringRef Text;  ///< Without its "//" or "/*" and "*/".
};

/// The comments of C++/CUDA source \p Text, in order. String, character and
/// raw string literals are skipped, so a "//" inside one starts nothing.
std::vector<SourceComment> sourceComments(llvm::StringRef Text);

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
