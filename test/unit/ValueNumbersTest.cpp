//===--- ValueNumbersTest.cpp - Equal values the evaluator cannot compute -===//

#include "Evaluation/ValueNumbers.h"

#include "gtest/gtest.h"

namespace smemlint {
namespace {

constexpr uint64_t Add = 1, Sub = 2;

TermOperand number(int64_t N) { return {true, N}; }
TermOperand value(int64_t V) { return {false, V}; }

TEST(ValueNumbersTest, SameTermSameNumber) {
  ValueNumbers Numbers;
  uint32_t A = Numbers.term(Add, {number(1), value(3)});
  EXPECT_NE(A, 0u);
  EXPECT_EQ(A, Numbers.term(Add, {number(1), value(3)}));
}

TEST(ValueNumbersTest, CommutativeOperandsInAnyOrder) {
  // The lanes of a butterfly sum: x0 + x1 in lane 0, x1 + x0 in lane 1.
  ValueNumbers Numbers;
  EXPECT_EQ(Numbers.term(Add, {number(7), number(9)}, true),
            Numbers.term(Add, {number(9), number(7)}, true));
  EXPECT_NE(Numbers.term(Sub, {number(7), number(9)}),
            Numbers.term(Sub, {number(9), number(7)}));
}

TEST(ValueNumbersTest, KnownValueIsNotANumber) {
  // The known value 5 and the unknown value numbered 5 are not the same.
  ValueNumbers Numbers;
  EXPECT_NE(Numbers.term(Add, {number(5), number(1)}),
            Numbers.term(Add, {value(5), number(1)}));
}

TEST(ValueNumbersTest, OperationsAndFreshNumbersDiffer) {
  ValueNumbers Numbers;
  uint32_t Sum = Numbers.term(Add, {number(1), number(2)});
  EXPECT_NE(Sum, Numbers.term(Sub, {number(1), number(2)}));
  uint32_t Fresh = Numbers.fresh();
  EXPECT_NE(Fresh, Sum);
  EXPECT_NE(Fresh, Numbers.fresh());
}

TEST(ValueNumbersTest, ThreadValueComparesNumbersOfUnknownThreads) {
  ThreadValue V = ThreadValue::unknown(3, "data");
  V.setNumber(0, 4);
  V.setNumber(1, 4);
  EXPECT_TRUE(V.shownEqual(0, 1));
  EXPECT_FALSE(V.shownEqual(0, 2)); // thread 2 has no number
  EXPECT_FALSE(V.shownDifferent(0, 1));
  ThreadMask First(3, false);
  First.set(0);
  V.forget(First, "overwritten");
  EXPECT_FALSE(V.shownEqual(0, 1));
}

} // namespace
} // namespace smemlint
