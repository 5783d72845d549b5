//===--- ValueNumbers.cpp - Equal values the evaluator cannot compute -----===//

#include "Evaluation/ValueNumbers.h"

#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <tuple>

namespace smemlint {

std::optional<TermOperand> termOperand(const ThreadValue &V, unsigned T) {
  if (V.isPointer())
    return std::nullopt; // Addresses are compared as offsets, not numbered.
  if (V.Known[T])
    return TermOperand{false, V.Values[T]};
  if (uint32_t N = V.numberOf(T))
    return TermOperand{true, N};
  return std::nullopt;
}

bool ValueNumbers::KeyInfo::isEqual(const Key &A, const Key &B) {
  return A.Operation == B.Operation && A.Count == B.Count &&
         A.NumberMask == B.NumberMask &&
         std::equal(A.Values, A.Values + A.Count, B.Values);
}

unsigned ValueNumbers::KeyInfo::getHashValue(const Key &K) {
  // A multiply-xorshift mix of the few words a term has: the table is looked
  // up once per thread of every value the evaluation cannot compute, where
  // llvm::hash_combine's general mixing showed in profiles.
  auto Mix = [](uint64_t H, uint64_t Word) {
    H = (H ^ Word) * 0x9e3779b97f4a7c15ULL;
    return H ^ (H >> 29);
  };
  uint64_t H = Mix(K.Operation, uint64_t(K.Count) << 8 | K.NumberMask);
  for (unsigned I = 0; I < K.Count; ++I)
    H = Mix(H, uint64_t(K.Values[I]));
  return unsigned(H ^ (H >> 32));
}

uint32_t ValueNumbers::term(uint64_t Operation,
                            llvm::ArrayRef<TermOperand> Operands,
                            bool Commutative) {
  if (Operands.size() > 3 || full())
    return 0;
  TermOperand Sorted[3];
  std::copy(Operands.begin(), Operands.end(), Sorted);
  if (Commutative)
    std::sort(Sorted, Sorted + Operands.size(),
              [](const TermOperand &A, const TermOperand &B) {
                return std::tie(A.IsNumber, A.Value) <
                       std::tie(B.IsNumber, B.Value);
              });
  Key K{Operation, {0, 0, 0}, uint8_t(Operands.size()), 0};
  for (size_t I = 0; I < Operands.size(); ++I) {
    K.Values[I] = Sorted[I].Value;
    K.NumberMask |= uint8_t(Sorted[I].IsNumber) << I;
  }
  auto Found = Terms.find(K);
  if (Found != Terms.end())
    return Found->second;
  if (Next == UINT32_MAX)
    return 0;
  Terms.try_emplace(K, Next);
  return Next++;
}

void ValueNumbers::numberResult(ThreadValue &Result,
                                llvm::ArrayRef<const ThreadValue *> Operands,
                                const ThreadMask &Active, uint64_t Operation,
                                bool Commutative) {
  if (full() || llvm::none_of(Operands, [](const ThreadValue *V) {
        return !V->Numbers.empty();
      }))
    return;
  ThreadMask Unknown = Active;
  Unknown.reset(Result.Known);
  if (!Result.DividedByZero.empty())
    Unknown.reset(Result.DividedByZero);
  llvm::SmallVector<TermOperand, 3> Terms, Previous;
  uint32_t PreviousNumber = 0;
  auto Same = [](const TermOperand &A, const TermOperand &B) {
    return A.IsNumber == B.IsNumber && A.Value == B.Value;
  };
  for (unsigned T : Unknown.set_bits()) {
    Terms.clear();
    for (const ThreadValue *V : Operands) {
      std::optional<TermOperand> Term = termOperand(*V, T);
      if (!Term)
        break;
      Terms.push_back(*Term);
    }
    if (Terms.size() != Operands.size())
      continue;
    // Threads in a row often combine the same operands (a value all of
    // them loaded): one lookup serves them.
    if (Previous.empty() ||
        !std::equal(Terms.begin(), Terms.end(), Previous.begin(),
                    Previous.end(), Same)) {
      PreviousNumber = term(Operation, Terms, Commutative);
      Previous = Terms;
    }
    Result.setNumber(T, PreviousNumber);
  }
}

uint32_t ValueNumbers::fresh() { return Next == UINT32_MAX ? 0 : Next++; }

} // namespace smemlint
