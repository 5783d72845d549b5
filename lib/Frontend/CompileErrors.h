//===--- CompileErrors.h - Which compile errors stop the analysis -*- C++ -*-===//
//
// smem-lint parses the device side of a file, and Clang type-checks the host
// code there too, more strictly than nvcc in places. An error that nvcc
// would not give and that touches no kernel, launch or shared variable must
// not fail the run: such errors become notes of smem-lint-frontend, at their
// place, saying what was not read. What stays an error is an error in
// device code, in a launch, or outside any function.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_FRONTEND_COMPILEERRORS_H
#define SMEMLINT_FRONTEND_COMPILEERRORS_H

#include "Report/Report.h"

#include "clang/Basic/SourceLocation.h"

#include <vector>

namespace clang {
class ASTContext;
class VarDecl;
} // namespace clang

namespace smemlint {

/// Where Clang reported one error, and which.
struct CompileErrorSite {
  clang::SourceLocation Where;
  unsigned DiagnosticID = 0;
};

/// Turns the errors of \p Errors (one site each in \p Sites) that do not
/// stop the analysis into smem-lint-frontend findings: errors in host-only
/// functions outside any launch (notes), device-side launches, which Clang
/// 19 cannot parse (notes), and the dynamic initialisation of a __shared__
/// object, which nvcc warns about (#20054-D) and Clang rejects (warnings).
void reclassifyCompileErrors(clang::ASTContext &Ctx,
                             std::vector<Diagnostic> &Errors,
                             const std::vector<CompileErrorSite> &Sites);

/// The __shared__ objects with a constructor (`__shared__ cuda::barrier<>
/// bar;`) whose declaration Clang rejected at one of \p Sites, in the
/// declarations as written (a template's own, not its instantiations').
std::vector<const clang::VarDecl *>
constructedSharedObjects(clang::ASTContext &Ctx,
                         const std::vector<CompileErrorSite> &Sites);

} // namespace smemlint

#endif
