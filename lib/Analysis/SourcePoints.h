//===--- SourcePoints.h - Clang locations to report locations -*- C++ -*-===//

#ifndef SMEMLINT_ANALYSIS_SOURCEPOINTS_H
#define SMEMLINT_ANALYSIS_SOURCEPOINTS_H

#include "Report/Report.h"

#include "clang/Basic/SourceLocation.h"

#include <vector>

namespace clang {
class SourceManager;
}

namespace smemlint {

/// The file, line and column where \p Loc is spelled in the user's source
/// (the expansion point for a location inside a macro).
SourcePoint toSourcePoint(const clang::SourceManager &SM,
                          clang::SourceLocation Loc);

/// Gives every diagnostic of \p Diagnostics whose place is in a header its
/// IncludedFrom: the #include lines that bring the header into the parse,
/// the main file's first. The output has no SourceManager to ask later.
void recordIncludeChains(const clang::SourceManager &SM,
                         std::vector<Diagnostic> &Diagnostics);

/// A fix-it replacing \p Range (in file characters) with \p Replacement.
FixIt makeFixIt(const clang::SourceManager &SM, clang::CharSourceRange Range,
                std::string Replacement);

/// The source text of \p Range, or "" if it cannot be read.
std::string sourceText(const clang::SourceManager &SM,
                       clang::CharSourceRange Range);

} // namespace smemlint

#endif
