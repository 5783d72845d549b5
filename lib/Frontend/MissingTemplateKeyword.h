//===--- MissingTemplateKeyword.h - `T::f<N>(x)` without `template` -*- C++
//-*-//
//
// In a template, `vec_cast<T, U>::cast<N>(p)` names a member template of a
// dependent type without the `template` keyword the standard asks for
// ([temp.names]). nvcc's front end and GCC (with a warning) read it as the
// call it is meant to be; Clang reads `cast < N > (p)` as two comparisons
// and rejects every instantiation ("missing 'template' keyword prior to
// dependent template name", "reference to overloaded function could not be
// resolved"), so no device code exists for the kernels that use it.
//
// smem-lint finds, at the errors of the first parse, the dependent names
// that a `<` follows, and parses the file again (SecondParse.h) with the
// name `cast` spelled as a macro of the same length that expands to
// `template cast`.
// The second parse says so in a note at each place.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_FRONTEND_MISSINGTEMPLATEKEYWORD_H
#define SMEMLINT_FRONTEND_MISSINGTEMPLATEKEYWORD_H

#include "Frontend/CompileErrors.h"
#include "Frontend/SecondParse.h"
#include "Report/Report.h"

#include <vector>

namespace clang {
class ASTContext;
} // namespace clang

namespace smemlint {

/// Adds to \p Reparse, for each dependent member name without `template`
/// that one of \p Sites rejects, its file with the name replaced by a macro
/// that adds the keyword.
void missingTemplateKeywordRewrite(clang::ASTContext &Ctx,
                                   const std::vector<CompileErrorSite> &Sites,
                                   SecondParse &Reparse);

/// In the second parse, a note of smem-lint-frontend at each name that got
/// its `template` keyword from missingTemplateKeywordRewrite.
void noteAddedTemplateKeywords(clang::ASTContext &Ctx,
                               std::vector<Diagnostic> &Findings);

} // namespace smemlint

#endif
