//===--- ValueNumbers.h - Equal values the evaluator cannot compute -*- C++
//-*-===//
//
// A value the evaluation cannot compute (data read from memory, the result
// of a warp reduction over such data) may still be shown equal in two
// threads: both read one global address, one lane's value was broadcast by a
// shuffle, or both applied the same operations to equal values. Such values
// get a value number, hash-consed from the operation and its operands (the
// operands of a commutative operation sorted, so that the lanes of a
// butterfly reduction, which add in different orders, end with one number),
// as GPUVerify's equality abstraction compares values across threads. Equal
// numbers mean equal values; different numbers mean nothing.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_EVALUATION_VALUENUMBERS_H
#define SMEMLINT_EVALUATION_VALUENUMBERS_H

#include "Evaluation/ThreadValue.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <unordered_map>

namespace smemlint {

/// One operand of a term: a known value or the number of an unknown one.
struct TermOperand {
  bool IsNumber = false;
  int64_t Value = 0;
};

/// The operand \p V gives thread \p T: nullopt when the thread's value is
/// neither known nor numbered.
std::optional<TermOperand> termOperand(const ThreadValue &V, unsigned T);

class ValueNumbers {
public:
  /// The number of \p Operation applied to \p Operands (at most three), the
  /// same every time for the same term; 0 once the table is full.
  /// \p Operation is an opcode, or the address of what names the operation
  /// (a function, an object read from).
  uint32_t term(uint64_t Operation, llvm::ArrayRef<TermOperand> Operands,
                bool Commutative = false);
  /// A number no term has: a value equal only where it is handed on (the
  /// result of one warp reduction in every lane of its warp).
  uint32_t fresh();

private:
  struct Key {
    uint64_t Operation;
    int64_t Values[3];
    uint8_t Count, NumberMask;
    bool operator==(const Key &O) const;
  };
  struct KeyHash {
    size_t operator()(const Key &K) const;
  };
  /// Past this many terms (a long loop over data) no new numbers are made:
  /// values stay unknown, as before numbering.
  static constexpr size_t MaxTerms = size_t(1) << 20;
  std::unordered_map<Key, uint32_t, KeyHash> Terms;
  uint32_t Next = 1;
};

} // namespace smemlint

#endif
