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

/// The result of \p Instruction on \p Sources (one value per source, each
/// held as the low bits of an int64_t), sign-extended from its result bits.
int64_t computePtxArithmetic(const PtxArithmetic &Instruction,
                             llvm::ArrayRef<int64_t> Sources);

} // namespace ir
} // namespace smemlint

#endif
