//===--- PtxArithmetic.h - Integer arithmetic written in inline PTX -------===//
//
// CUB writes bit-field extracts, inserts and shifts in inline PTX (BFE, BFI,
// SHR_ADD, radix digits through bmsk), hand-written kernels some of their
// index arithmetic (mad.lo, shl, prmt). One such instruction on registers
// and immediates is computed as the IR's own arithmetic is: parsed once,
// evaluated per thread.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_EVALUATION_PTXARITHMETIC_H
#define SMEMLINT_EVALUATION_PTXARITHMETIC_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace smemlint {
namespace ir {

/// One integer PTX instruction whose destination is asm operand $0.
struct PtxArithmetic {
  /// The operation and its modifiers but the type: "bfe", "mad.lo",
  /// "shf.l.wrap", "bmsk.clamp".
  std::string Operation;
  /// The width of the operation's type (.b32: 32) and of its result
  /// (mul.wide: twice that).
  unsigned Bits = 32;
  unsigned ResultBits = 32;
  bool Signed = false;
  /// The source operands: an asm operand ($N) or an immediate.
  struct Operand {
    std::optional<unsigned> AsmOperand;
    int64_t Immediate = 0;
  };
  std::vector<Operand> Sources;
};

/// \p Text as one instruction of integer arithmetic into $0, or nullopt
/// for anything else (several statements, predicates, special registers,
/// floating point, an operation not computed here).
std::optional<PtxArithmetic> parsePtxArithmetic(llvm::StringRef Text);

/// For inline PTX that converts a generic pointer to its 32- or 64-bit
/// shared-window address and does nothing else, the asm operand of the
/// pointer: `cvta.to.shared.u32 $0, $1;`, or the form that CUTLASS's older
/// cast_smem_ptr_to_uint and many GEMMs after it write, `{ .reg .u64 p;
/// cvta.to.shared.u64 p, $1; cvt.u32.u64 $0, p; }`. What
/// __cvta_generic_to_shared computes: the address still points where the
/// pointer did.
std::optional<unsigned> parseSharedAddressConversion(llvm::StringRef Text);

/// The result of \p Instruction on \p Sources (one value per source, each
/// held as the low bits of an int64_t), sign-extended from its result bits.
int64_t computePtxArithmetic(const PtxArithmetic &Instruction,
                             llvm::ArrayRef<int64_t> Sources);

} // namespace ir
} // namespace smemlint

#endif
