//===--- TensorMapEncodes.h - The host's cuTensorMapEncodeTiled calls -*- C++
//-*-//
//
// A CUtensorMap argument of a launch, followed back to the
// cuTensorMapEncodeTiled call that filled it: in the launching function
// before the launch (`cuTensorMapEncodeTiled(&map, ...)`, or through the
// driver entry point's function pointer, called the same way), or in the
// helper whose returned local initialises it (`CUtensorMap map =
// make_map(...)`). The box, element strides, data type and swizzle must be
// constants there (HostValues.h); anything else is left unknown.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_ANALYSIS_TENSORMAPENCODES_H
#define SMEMLINT_ANALYSIS_TENSORMAPENCODES_H

#include "Evaluation/TensorMap.h"

#include <optional>

namespace clang {
class ASTContext;
class Expr;
class FunctionDecl;
class QualType;
class Stmt;
} // namespace clang

namespace smemlint {

class HostEvaluator;

/// A kernel parameter of type CUtensorMap (const or not, by value).
bool isTensorMapType(clang::QualType Type);

/// What the cuTensorMapEncodeTiled call behind \p Argument (a launch's
/// argument, in \p Launching, at \p Launch) encoded, when it can be read.
std::optional<TensorMapBox> encodedTensorMap(
    clang::ASTContext &Ctx, HostEvaluator &Values, const clang::Expr *Argument,
    const clang::FunctionDecl *Launching, const clang::Stmt *Launch);

} // namespace smemlint

#endif
