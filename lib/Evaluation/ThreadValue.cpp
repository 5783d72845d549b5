//===--- ThreadValue.cpp - One value for every thread of a block ----------===//

#include "Evaluation/ThreadValue.h"

#include <algorithm>

namespace smemlint {

ThreadValue ThreadValue::unknown(unsigned Threads, std::string Reason) {
  ThreadValue V;
  V.Values.assign(Threads, 0);
  V.Known.resize(Threads, false);
  V.UnknownReason = std::move(Reason);
  return V;
}

ThreadValue ThreadValue::uniform(unsigned Threads, int64_t Value) {
  ThreadValue V;
  V.Values.assign(Threads, Value);
  V.Known.resize(Threads, true);
  return V;
}

ThreadValue ThreadValue::pointerTo(MemoryObject Object, unsigned Threads) {
  ThreadValue V = uniform(Threads, 0);
  V.ValueKind = Kind::Pointer;
  V.Object = Object;
  return V;
}

void ThreadValue::zeroOutside(const ThreadMask &Active) {
  if (Active.all())
    return;
  // Word by word: a block with a few active threads (`if (tid == 0)`) has
  // whole words of inactive ones, cleared without a test per thread.
  llvm::ArrayRef<uintptr_t> Words = Active.getData();
  constexpr size_t WordBits = sizeof(uintptr_t) * 8;
  size_t N = std::min(Values.size(), size_t(Active.size()));
  for (size_t W = 0; W < Words.size() && W * WordBits < N; ++W) {
    size_t Begin = W * WordBits, End = std::min(N, Begin + WordBits);
    if (Words[W] == 0) {
      std::fill(Values.begin() + Begin, Values.begin() + End, 0);
      continue;
    }
    for (uintptr_t Off = ~Words[W]; Off; Off &= Off - 1) {
      size_t T = Begin + size_t(llvm::countr_zero(Off));
      if (T < End)
        Values[T] = 0;
    }
  }
}

bool ThreadValue::knownFor(const ThreadMask &Active) const {
  // Active & ~Known is empty.
  return !Active.test(Known);
}

void ThreadValue::forget(const ThreadMask &Threads, const std::string &Reason) {
  // Whatever made the value undefined for these threads, it is now Reason.
  if (!DividedByZero.empty())
    DividedByZero.reset(Threads);
  if (!Numbers.empty())
    for (unsigned T : Threads.set_bits())
      Numbers[T] = 0;
  if (!Threads.anyCommon(Known))
    return;
  Known.reset(Threads);
  if (UnknownReason.empty())
    UnknownReason = Reason;
}

void ThreadValue::setNumber(unsigned T, uint32_t Number) {
  if (Numbers.empty()) {
    if (!Number)
      return;
    Numbers.assign(Values.size(), 0);
  }
  Numbers[T] = Number;
}

bool ThreadValue::shownEqual(unsigned A, unsigned B) const {
  if (Known[A] || Known[B])
    return Known[A] && Known[B] && Values[A] == Values[B];
  uint32_t N = numberOf(A);
  return N && N == numberOf(B);
}

void ThreadValue::assign(const ThreadValue &Other, const ThreadMask &Active) {
  if (Values.size() != Other.Values.size() || Active.all()) {
    *this = Other;
    return;
  }
  // Mixing a pointer with an integer, or pointers into two objects, gives a
  // value the analysis cannot name for those threads.
  if (ValueKind != Other.ValueKind || !(Object == Other.Object)) {
    bool WasAllUnknown = Known.none();
    if (WasAllUnknown) {
      ValueKind = Other.ValueKind;
      Object = Other.Object;
    } else {
      Known.reset(Active);
      if (!DividedByZero.empty())
        DividedByZero.reset(Active);
      if (!Numbers.empty())
        for (unsigned T : Active.set_bits())
          Numbers[T] = 0;
      UnknownReason = "threads hold pointers to different objects";
      return;
    }
  }
  for (unsigned T : Active.set_bits()) {
    Values[T] = Other.Values[T];
    Known[T] = Other.Known[T];
  }
  if (!Other.Numbers.empty() || !Numbers.empty())
    for (unsigned T : Active.set_bits())
      setNumber(T, Other.numberOf(T));
  if (!Other.DividedByZero.empty() || !DividedByZero.empty()) {
    DividedByZero.resize(Values.size());
    for (unsigned T : Active.set_bits())
      DividedByZero[T] =
          T < Other.DividedByZero.size() && Other.DividedByZero[T];
  }
  Symbols |= Other.Symbols;
  if (UnknownReason.empty() || Known.none())
    UnknownReason = Other.UnknownReason;
}

} // namespace smemlint
