//===--- CuteTmaTraits.h - The TMA box a CuTe atom's type carries -*- C++ -*-//
//
// CuTe (make_tma_atom, make_tma_copy, and CUTLASS's collectives built on
// them) encodes a kernel's CUtensorMap on the host from layouts computed at
// compile time, through code the analysis does not evaluate, and passes it
// inside the copy atom: the `tma_desc_` member of
//   Copy_Traits<SM90_TMA_LOAD, C<NumBitsPerTMA>,
//               AuxTmaParams<GmemStrides, TmaGmemBasis, Swizzle<B,M,S>>>.
// The type says what the copy does to shared memory: one TMA instruction
// moves NumBitsPerTMA bits (the whole box; make_tma_copy_atom), laid out by
// the shared layout's swizzle (CuTe's get_tma_swizzle_bits: Swizzle<B,4,3>
// is the 16 << B byte mode). This file reads that for the evaluator.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_EVALUATION_CUTETMATRAITS_H
#define SMEMLINT_EVALUATION_CUTETMATRAITS_H

#include "Evaluation/TensorMap.h"

#include <optional>
#include <string>

namespace clang {
class ASTContext;
class ParmVarDecl;
} // namespace clang

namespace smemlint {

/// The box of the CuTe TMA copy traits whose `tma_desc_` lies \p Offset
/// bytes into kernel parameter \p Param (a copy atom, a tiled copy, or a
/// struct holding several), as a TensorMapBox of bytes (ElementBytes 1,
/// rows as wide as the swizzle span, or one row without swizzle). Nullopt
/// when no such traits lie there; \p WhyNot is set when they do and their
/// form is not one followed (a swizzle other than Swizzle<B,4,3>, a box
/// that is not whole rows of its span).
std::optional<TensorMapBox> cuteTmaTraitsBox(const clang::ASTContext &Ctx,
                                             const clang::ParmVarDecl &Param,
                                             int64_t Offset,
                                             std::string &WhyNot);

} // namespace smemlint

#endif
