//===--- UnconstructedShared.h - __shared__ objects no thread constructs -===//
//
// `__shared__ cuda::barrier<cuda::thread_scope_block> bar;` is how libcu++
// documents a block barrier: nvcc warns that no thread runs the constructor
// (#20054-D) and compiles the object as uninitialised shared memory, which
// the kernel then initialises with init(&bar, count). Clang rejects the same
// declaration and every use of the object, so no device code exists for the
// kernel.
//
// smem-lint parses such a file twice. The first parse finds the declarations
// Clang rejected (unconstructedSharedRewrite). The second reads the same
// text with those `__shared__` spelled as a macro of the same length that
// declares an ordinary local variable carrying a marker, which Clang
// accepts; before the analysis, restoreUnconstructedShared gives the marked
// variables back their __shared__ attribute and static storage, and CodeGen
// then emits them as nvcc does: shared memory, no constructor call. Lines
// and columns do not move.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_FRONTEND_UNCONSTRUCTEDSHARED_H
#define SMEMLINT_FRONTEND_UNCONSTRUCTEDSHARED_H

#include "Frontend/CompileErrors.h"
#include "Frontend/SecondParse.h"
#include "Report/Report.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class VarDecl;
} // namespace clang

namespace smemlint {

/// Adds to \p Reparse the files of the __shared__ objects with a constructor
/// among \p Sites, each with those `__shared__` replaced, and the macro
/// that stands in for them. Nothing when there are none, or none written as
/// a plain `__shared__` in a function (a macro's expansion, a
/// namespace-scope variable: those stay as the first parse had them).
void unconstructedSharedRewrite(clang::ASTContext &Ctx,
                                const std::vector<CompileErrorSite> &Sites,
                                SecondParse &Reparse);

/// Turns the variables the second parse marked back into __shared__ ones
/// (template instantiations included) and adds, for each declaration, the
/// finding the first parse's error became (unconstructedSharedFinding).
void restoreUnconstructedShared(clang::ASTContext &Ctx,
                                std::vector<Diagnostic> &Findings);

/// What smem-lint says of a __shared__ object whose constructor no thread
/// runs, built on \p Base (its place): a note for libcu++'s types, which
/// are meant to be initialised in the kernel (init(&bar, count)), a warning
/// for other types, whose constructor the author may expect to run.
Diagnostic unconstructedSharedFinding(const clang::VarDecl &Variable,
                                      Diagnostic Base);

} // namespace smemlint

#endif
