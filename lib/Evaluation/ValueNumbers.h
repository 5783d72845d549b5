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
#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <optional>

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
  /// Numbers the threads of \p Active that \p Result leaves unknown (not
  /// those a division by zero left undefined) with the term \p Operation of
  /// \p Operands, where each operand is known or numbered for the thread.
  void numberResult(ThreadValue &Result,
                    llvm::ArrayRef<const ThreadValue *> Operands,
                    const ThreadMask &Active, uint64_t Operation,
                    bool Commutative = false);
  /// No more numbers are made: callers need not gather operands.
  bool full() const { return Terms.size() >= MaxTerms; }

private:
  struct Key {
    uint64_t Operation;
    int64_t Values[3];
    uint8_t Count, NumberMask;
  };
  struct KeyInfo {
    static Key getEmptyKey() { return {~uint64_t(0), {0, 0, 0}, 0, 0}; }
    static Key getTombstoneKey() { return {~uint64_t(0) - 1, {0, 0, 0}, 0, 0}; }
    static unsigned getHashValue(const Key &K);
    static bool isEqual(const Key &A, const Key &B);
  };
  /// Past this many terms (a long loop over data) no new numbers are made:
  /// values stay unknown, as before numbering. Every term is one thread's
  /// value, most of them belong to one thread only, and looking them up is
  /// the cost of numbering: 2^16 terms (256 per thread of a 256-thread
  /// block) keep it to a few percent of the evaluation.
  static constexpr unsigned MaxTerms = 1u << 16;
  llvm::DenseMap<Key, uint32_t, KeyInfo> Terms;
  uint32_t Next = 1;
};

} // namespace smemlint

#endif
