//===--- IrArithmetic.cpp - Constants and operations on IR values ---------===//
//
// Integers are held sign-extended from their IR width, so that an i32 -1 is
// -1 and an unsigned comparison or shift looks at the low bits only.
// Floating-point values are held as their bit patterns (a float in the low
// 32 bits), which is enough to tell threads that store the same value apart
// from a race, and to fold conversions of known integers.
//
//===----------------------------------------------------------------------===//

#include "Evaluation/IrExecution.h"

#include "llvm/ADT/bit.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>

namespace smemlint {
namespace ir {

int64_t truncateSigned(int64_t V, unsigned Bits) {
  if (Bits == 0 || Bits >= 64)
    return V;
  return llvm::SignExtend64(uint64_t(V), Bits);
}

uint64_t truncateUnsigned(int64_t V, unsigned Bits) {
  if (Bits == 0 || Bits >= 64)
    return uint64_t(V);
  return uint64_t(V) & llvm::maskTrailingOnes<uint64_t>(Bits);
}

unsigned IrExecution::bitsOf(const llvm::Type *T) const {
  if (T->isIntegerTy())
    return T->getIntegerBitWidth();
  if (T->isPointerTy())
    return Layout.getPointerSizeInBits(T->getPointerAddressSpace());
  if (T->isFloatingPointTy())
    return T->getPrimitiveSizeInBits().getFixedValue();
  return 64;
}

namespace {

/// Keeps the threads a division by zero left undefined in \p From marked in
/// \p To: the out-of-bounds check names them, whatever arithmetic followed.
void carryDivisionByZero(ThreadValue &To, const ThreadValue &From) {
  if (From.DividedByZero.none())
    return;
  if (To.DividedByZero.empty())
    To.DividedByZero.resize(To.threads());
  To.DividedByZero |= From.DividedByZero;
}

/// Applies \p Op to the threads of \p Active where both operands are known;
/// the others are unknown, for the operand's reason. \p Op returns nullopt
/// for an undefined result (a division by zero).
/// An operation as ValueNumbers names it: its opcode, width and predicate,
/// with the top bit set so that it is never the address of a function.
struct NumberedOperation {
  ValueNumbers *Numbering = nullptr;
  uint64_t Operation = 0;
  bool Commutative = false;
};

NumberedOperation numbered(ValueNumbers &Numbering, unsigned Opcode,
                           unsigned Bits, unsigned Predicate = 0) {
  bool Commutative = llvm::Instruction::isCommutative(Opcode) ||
                     Predicate == llvm::CmpInst::ICMP_EQ ||
                     Predicate == llvm::CmpInst::ICMP_NE;
  return {&Numbering,
          uint64_t(1) << 63 | uint64_t(Opcode) | uint64_t(Bits) << 16 |
              uint64_t(Predicate) << 32,
          Commutative};
}

/// Numbers the threads of \p Active that \p Result leaves unknown.
void numberUnknown(ThreadValue &Result,
                   std::initializer_list<const ThreadValue *> Operands,
                   const ThreadMask &Active, const NumberedOperation &Op) {
  if (Op.Numbering)
    Op.Numbering->numberResult(Result, Operands, Active, Op.Operation,
                               Op.Commutative);
}

template <typename OpT>
ThreadValue combine(const ThreadValue &L, const ThreadValue &R,
                    const ThreadMask &Active, OpT Op,
                    const NumberedOperation &Numbered = {}) {
  ThreadValue Result = ThreadValue::unknown(L.threads(), "");
  Result.Symbols = L.Symbols | R.Symbols;
  bool DividedByZero = false;
  forEachThreadInBoth(Active, L.Known, [&](unsigned T) {
    if (!R.Known[T])
      return;
    if (std::optional<int64_t> V = Op(L.Values[T], R.Values[T])) {
      Result.Values[T] = *V;
      Result.Known.set(T);
    } else {
      if (Result.DividedByZero.empty())
        Result.DividedByZero.resize(L.threads());
      Result.DividedByZero.set(T);
      DividedByZero = true;
    }
  });
  carryDivisionByZero(Result, L);
  carryDivisionByZero(Result, R);
  numberUnknown(Result, {&L, &R}, Active, Numbered);
  if (!Result.knownFor(Active))
    Result.UnknownReason = DividedByZero         ? "division by zero"
                           : !L.knownFor(Active) ? L.UnknownReason
                                                 : R.UnknownReason;
  return Result;
}

/// One loop over every thread, active or not (the inactive ones' results
/// are left unknown by the caller), \p Op on the operands' bit patterns and
/// the result sign-extended from \p Bits: no per-thread mask test or switch,
/// so that the compiler vectorizes it.
template <typename OpT>
void denseLoop(ThreadInts &Out, const ThreadInts &A, const ThreadInts &B,
               unsigned Bits, OpT Op) {
  unsigned Shift = Bits == 0 || Bits >= 64 ? 0 : 64 - Bits;
  for (size_t T = 0, N = Out.size(); T < N; ++T)
    Out[T] = int64_t(Op(uint64_t(A[T]), uint64_t(B[T])) << Shift) >> Shift;
}

/// combine for the integer operations a tile body is made of (+, -, *,
/// the bitwise ones, shifts by less than the width), where every thread of
/// \p Active knows both operands: each thread of a 1024-thread block costs
/// a few instructions instead of a call and a switch. Nullopt where that
/// does not hold (then combine gives the same answer the slow way).
std::optional<ThreadValue>
combineKnownIntegers(const ThreadValue &L, const ThreadValue &R,
                     const ThreadMask &Active, unsigned Opcode, unsigned Bits) {
  size_t N = L.Values.size();
  if (R.Values.size() != N || Active.size() != N || !L.knownFor(Active) ||
      !R.knownFor(Active))
    return std::nullopt;
  bool Shifts = Opcode == llvm::Instruction::Shl ||
                Opcode == llvm::Instruction::LShr ||
                Opcode == llvm::Instruction::AShr;
  if (Shifts) {
    // A shift by the width or more is undefined: the slow way says so.
    uint64_t Widest = 0;
    for (int64_t Amount : R.Values)
      Widest = std::max(Widest, truncateUnsigned(Amount, Bits));
    if (Widest >= Bits)
      return std::nullopt;
  }
  ThreadValue Result;
  Result.Values.resize(N);
  uint64_t Low = Bits == 0 || Bits >= 64
                     ? ~uint64_t(0)
                     : llvm::maskTrailingOnes<uint64_t>(Bits);
  ThreadInts &Out = Result.Values;
  switch (Opcode) {
  case llvm::Instruction::Add:
    denseLoop(Out, L.Values, R.Values, Bits,
              [](uint64_t A, uint64_t B) { return A + B; });
    break;
  case llvm::Instruction::Sub:
    denseLoop(Out, L.Values, R.Values, Bits,
              [](uint64_t A, uint64_t B) { return A - B; });
    break;
  case llvm::Instruction::Mul:
    denseLoop(Out, L.Values, R.Values, Bits,
              [](uint64_t A, uint64_t B) { return A * B; });
    break;
  case llvm::Instruction::And:
    denseLoop(Out, L.Values, R.Values, Bits,
              [](uint64_t A, uint64_t B) { return A & B; });
    break;
  case llvm::Instruction::Or:
    denseLoop(Out, L.Values, R.Values, Bits,
              [](uint64_t A, uint64_t B) { return A | B; });
    break;
  case llvm::Instruction::Xor:
    denseLoop(Out, L.Values, R.Values, Bits,
              [](uint64_t A, uint64_t B) { return A ^ B; });
    break;
  case llvm::Instruction::Shl:
    denseLoop(Out, L.Values, R.Values, Bits,
              [Low](uint64_t A, uint64_t B) { return A << (B & Low); });
    break;
  case llvm::Instruction::LShr:
    denseLoop(Out, L.Values, R.Values, Bits,
              [Low](uint64_t A, uint64_t B) { return (A & Low) >> (B & Low); });
    break;
  case llvm::Instruction::AShr:
    // Held sign-extended: the 64-bit arithmetic shift is the narrow one.
    denseLoop(Out, L.Values, R.Values, Bits, [Low](uint64_t A, uint64_t B) {
      return uint64_t(int64_t(A) >> (B & Low));
    });
    break;
  default:
    return std::nullopt;
  }
  // As combine leaves them: unknown, and 0.
  Result.zeroOutside(Active);
  Result.Known = Active;
  Result.Symbols = L.Symbols | R.Symbols;
  carryDivisionByZero(Result, L);
  carryDivisionByZero(Result, R);
  return Result;
}

template <typename OpT>
ThreadValue unary(const ThreadValue &V, const ThreadMask &Active, OpT Op,
                  const NumberedOperation &Numbered = {}) {
  ThreadValue Result = ThreadValue::unknown(V.threads(), V.UnknownReason);
  Result.Symbols = V.Symbols;
  forEachThreadInBoth(Active, V.Known, [&](unsigned T) {
    if (std::optional<int64_t> R = Op(V.Values[T])) {
      Result.Values[T] = *R;
      Result.Known.set(T);
    }
  });
  carryDivisionByZero(Result, V);
  numberUnknown(Result, {&V}, Active, Numbered);
  if (Result.knownFor(Active))
    Result.UnknownReason.clear();
  return Result;
}

double asDouble(int64_t Bits, const llvm::Type *T) {
  if (T->isFloatTy())
    return llvm::bit_cast<float>(uint32_t(Bits));
  if (T->isDoubleTy())
    return llvm::bit_cast<double>(uint64_t(Bits));
  return NAN;
}

std::optional<int64_t> fromDouble(double V, const llvm::Type *T) {
  if (T->isFloatTy())
    return int64_t(llvm::bit_cast<uint32_t>(float(V)));
  if (T->isDoubleTy())
    return llvm::bit_cast<int64_t>(V);
  return std::nullopt;
}

bool isFloat(const llvm::Type *T) { return T->isFloatTy() || T->isDoubleTy(); }

} // namespace

const ThreadValue &IrExecution::valueOf(const llvm::Value *V, CallFrame &Frame,
                                        const ThreadMask &) {
  if (const auto *C = llvm::dyn_cast<llvm::Constant>(V)) {
    auto Cached = Constants.find(C);
    if (Cached != Constants.end())
      return Cached->second;
    ThreadValue Value = constant(C, Frame, AllThreads);
    return Constants.emplace(C, std::move(Value)).first->second;
  }
  auto Found = Frame.Registers.find(V);
  if (Found != Frame.Registers.end())
    return Found->second;
  return NotComputed;
}

ThreadValue IrExecution::constant(const llvm::Constant *C, CallFrame &Frame,
                                  const ThreadMask &Active) {
  if (const auto *Int = llvm::dyn_cast<llvm::ConstantInt>(C))
    return ThreadValue::uniform(
        Threads, Int->getValue().getBitWidth() <= 64 ? Int->getSExtValue() : 0);
  if (const auto *FP = llvm::dyn_cast<llvm::ConstantFP>(C)) {
    llvm::APInt Bits = FP->getValueAPF().bitcastToAPInt();
    if (Bits.getBitWidth() <= 64)
      return ThreadValue::uniform(Threads, int64_t(Bits.getZExtValue()));
    return unknown("a wide floating-point constant");
  }
  if (llvm::isa<llvm::ConstantPointerNull>(C))
    return ThreadValue::uniform(Threads, 0);
  if (const auto *Global = llvm::dyn_cast<llvm::GlobalVariable>(C))
    return ThreadValue::pointerTo(objectOfGlobal(*Global), Threads);
  if (llvm::isa<llvm::UndefValue>(C))
    return unknown("an undefined value");
  if (const auto *GEP = llvm::dyn_cast<llvm::GEPOperator>(C))
    return elementPointer(*GEP, Frame, Active, nullptr);
  if (const auto *Op = llvm::dyn_cast<llvm::Operator>(C))
    if (std::optional<ThreadValue> V = arithmetic(*Op, Frame, Active))
      return std::move(*V);
  if (llvm::isa<llvm::Function>(C))
    return unknown("a function address");
  return unknown("a constant the evaluator does not follow");
}

std::optional<ThreadValue> IrExecution::arithmetic(const llvm::Operator &Op,
                                                   CallFrame &Frame,
                                                   const ThreadMask &Active) {
  const llvm::Type *Type = Op.getType();
  unsigned Bits = bitsOf(Type);
  auto Operand = [&](unsigned I) -> const ThreadValue & {
    return valueOf(Op.getOperand(I), Frame, Active);
  };
  unsigned Opcode = Op.getOpcode();

  if (llvm::Instruction::isBinaryOp(Opcode)) {
    const ThreadValue &Left = Operand(0), &Right = Operand(1);
    std::optional<ThreadValue> LeftWindow, RightWindow;
    // Address arithmetic on an integer that holds a pointer (a cvta'd
    // shared address plus an offset) keeps the pointer.
    bool Pointer = Left.isPointer() || Right.isPointer();
    if (Pointer) {
      const ThreadValue &L = Left, &R = Right;
      if (Opcode == llvm::Instruction::Add ||
          (Opcode == llvm::Instruction::Sub && !R.isPointer())) {
        const ThreadValue &Base = L.isPointer() ? L : R;
        ThreadValue Result = combine(L, R, Active, [&](int64_t A, int64_t B) {
          return std::optional<int64_t>(
              Opcode == llvm::Instruction::Add
                  ? int64_t(uint64_t(A) + uint64_t(B))
                  : int64_t(uint64_t(A) - uint64_t(B)));
        });
        Result.ValueKind = ThreadValue::Kind::Pointer;
        Result.Object = Base.Object;
        return Result;
      }
      // `and` with a mask that keeps the low 32 bits but a few below 16: a
      // shared address truncated to 32 bits with the alignment the optimizer
      // knows (`and (ptrtoint @smem), 0xfffffffe`). Shared memory lies in
      // the 32-bit window and ptxas places arrays at 16-byte boundaries, so
      // the mask changes nothing where the offset has those bits clear.
      if (Opcode == llvm::Instruction::And && L.isPointer() != R.isPointer()) {
        const ThreadValue &Base = L.isPointer() ? L : R;
        const ThreadValue &Mask = L.isPointer() ? R : L;
        uint64_t Cleared = 0;
        bool Keeps = !Mask.isPointer() && Mask.knownFor(Active);
        for (unsigned T : Active.set_bits()) {
          if (!Keeps)
            break;
          Cleared = ~uint64_t(Mask.Values[T]) & 0xffffffffu;
          Keeps = Cleared < 16 && Base.Known[T] &&
                  (uint64_t(Base.Values[T]) & Cleared) == 0;
        }
        if (Keeps)
          return Base;
      }
      const ThreadValue &Address = L.isPointer() ? L : R;
      const ThreadValue &Other = L.isPointer() ? R : L;
      if (L.isPointer() && R.isPointer())
        return unknown("arithmetic on an address");
      // One mask for every thread, when the other side has one.
      std::optional<uint64_t> Mask;
      if (Opcode == llvm::Instruction::And && Other.knownFor(Active))
        for (unsigned T : Active.set_bits()) {
          uint64_t M = truncateUnsigned(Other.Values[T], Bits);
          if (Mask && *Mask != M) {
            Mask.reset();
            break;
          }
          Mask = M;
        }
      // `addr & 15` below the array's declared alignment: the offset's
      // bits, wherever ptxas puts it (an alignment test of a pointer).
      if (Mask && llvm::isMask_64(*Mask) &&
          *Mask < declaredSharedAlignment(Address.Object)) {
        ThreadValue Low = Address;
        Low.ValueKind = ThreadValue::Kind::Integer;
        Low.Object = MemoryObject();
        for (unsigned T : Active.set_bits())
          Low.Values[T] = int64_t(uint64_t(Low.Values[T]) & *Mask);
        return Low;
      }
      // What starts packing a shared address into a wgmma descriptor: a
      // mask that keeps the whole window (`addr & 0x3FFFF`) or the shift to
      // 16-byte units (`addr >> 4`, CuTe's start_address_). On the
      // address's place in the block's shared window, which the
      // descriptor's decoding maps back. Other arithmetic (an XOR swizzle
      // of the address, ThunderKittens' `addr ^ ((addr % 1024) >> 7 << 4)`,
      // a mask that keeps a few low bits) depends on where ptxas puts the
      // array: followed only for an array declared aligned to the window
      // places' 1024 bytes, whose address bits below that are its offset's.
      bool ShiftsToUnits = Opcode == llvm::Instruction::LShr &&
                           !R.isPointer() && R.knownFor(Active) &&
                           llvm::all_of(Active.set_bits(), [&](unsigned T) {
                             return R.Values[T] == 4;
                           });
      bool Packs = ShiftsToUnits || (Mask && (*Mask & 0x3fff0u) == 0x3fff0u);
      if (!Packs && !alignedAsWindowPlace(Address.Object))
        return unknown("arithmetic on an address");
      if (L.isPointer())
        LeftWindow = sharedWindowAddress(L, Active);
      if (R.isPointer())
        RightWindow = sharedWindowAddress(R, Active);
      if (L.isPointer() != bool(LeftWindow) ||
          R.isPointer() != bool(RightWindow))
        return unknown("arithmetic on an address");
    }
    const ThreadValue &L = LeftWindow ? *LeftWindow : Left;
    const ThreadValue &R = RightWindow ? *RightWindow : Right;
    if (isFloat(Type)) {
      return combine(
          L, R, Active,
          [&](int64_t A, int64_t B) -> std::optional<int64_t> {
            double X = asDouble(A, Type), Y = asDouble(B, Type);
            switch (Opcode) {
            case llvm::Instruction::FAdd:
              return fromDouble(X + Y, Type);
            case llvm::Instruction::FSub:
              return fromDouble(X - Y, Type);
            case llvm::Instruction::FMul:
              return fromDouble(X * Y, Type);
            case llvm::Instruction::FDiv:
              return fromDouble(X / Y, Type);
            default:
              return fromDouble(NAN, Type);
            }
          },
          numbered(Numbering, Opcode, Bits));
    }
    if (!Type->isIntegerTy())
      return unknown("a vector value");
    if (std::optional<ThreadValue> Dense =
            combineKnownIntegers(L, R, Active, Opcode, Bits))
      return Dense;
    ThreadValue Result = combine(
        L, R, Active,
        [&](int64_t A, int64_t B) -> std::optional<int64_t> {
          uint64_t UA = truncateUnsigned(A, Bits),
                   UB = truncateUnsigned(B, Bits);
          uint64_t Result = 0;
          switch (Opcode) {
          case llvm::Instruction::Add:
            Result = UA + UB;
            break;
          case llvm::Instruction::Sub:
            Result = UA - UB;
            break;
          case llvm::Instruction::Mul:
            Result = UA * UB;
            break;
          case llvm::Instruction::UDiv:
            if (!UB)
              return std::nullopt;
            Result = UA / UB;
            break;
          case llvm::Instruction::URem:
            if (!UB)
              return std::nullopt;
            Result = UA % UB;
            break;
          case llvm::Instruction::SDiv:
            if (!B || (B == -1 && A == std::numeric_limits<int64_t>::min()))
              return std::nullopt;
            Result = uint64_t(A / B);
            break;
          case llvm::Instruction::SRem:
            if (!B || (B == -1 && A == std::numeric_limits<int64_t>::min()))
              return std::nullopt;
            Result = uint64_t(A % B);
            break;
          case llvm::Instruction::Shl:
            if (UB >= Bits)
              return std::nullopt;
            Result = UA << UB;
            break;
          case llvm::Instruction::LShr:
            if (UB >= Bits)
              return std::nullopt;
            Result = UA >> UB;
            break;
          case llvm::Instruction::AShr:
            if (UB >= Bits)
              return std::nullopt;
            Result = uint64_t(A >> UB);
            break;
          case llvm::Instruction::And:
            Result = UA & UB;
            break;
          case llvm::Instruction::Or:
            Result = UA | UB;
            break;
          case llvm::Instruction::Xor:
            Result = UA ^ UB;
            break;
          default:
            return std::nullopt;
          }
          return truncateSigned(int64_t(Result), Bits);
        },
        numbered(Numbering, Opcode, Bits));
    // `x & 0` and `x | ~0` whatever x is: `if (rank == 0 && t < 64)` is
    // false for threads 64 and up, whatever the rank.
    if ((Opcode == llvm::Instruction::And || Opcode == llvm::Instruction::Or) &&
        !Result.knownFor(Active)) {
      // An i1 true may be held as 1 or -1: compared in the type's bits.
      uint64_t Absorbing =
          Opcode == llvm::Instruction::And ? 0 : truncateUnsigned(-1, Bits);
      auto Absorbs = [&](const ThreadValue &V, unsigned T) {
        return V.Known[T] && truncateUnsigned(V.Values[T], Bits) == Absorbing;
      };
      for (unsigned T : Active.set_bits())
        if (!Result.Known[T] && (Absorbs(L, T) || Absorbs(R, T))) {
          Result.Values[T] = Absorbs(L, T) ? L.Values[T] : R.Values[T];
          Result.Known.set(T);
        }
      if (Result.knownFor(Active))
        Result.UnknownReason.clear();
    }
    return Result;
  }

  switch (Opcode) {
  case llvm::Instruction::ICmp: {
    const auto *Compare = llvm::cast<llvm::CmpInst>(&Op);
    const ThreadValue &L = Operand(0), &R = Operand(1);
    if (L.isPointer() != R.isPointer() ||
        (L.isPointer() && !(L.Object == R.Object)))
      return unknown("a comparison of addresses");
    unsigned Width = bitsOf(Op.getOperand(0)->getType());
    llvm::CmpInst::Predicate P = Compare->getPredicate();
    return combine(
        L, R, Active,
        [&](int64_t A, int64_t B) {
          uint64_t UA = truncateUnsigned(A, Width),
                   UB = truncateUnsigned(B, Width);
          int64_t SA = truncateSigned(A, Width), SB = truncateSigned(B, Width);
          bool Result = false;
          switch (P) {
          case llvm::CmpInst::ICMP_EQ:
            Result = UA == UB;
            break;
          case llvm::CmpInst::ICMP_NE:
            Result = UA != UB;
            break;
          case llvm::CmpInst::ICMP_UGT:
            Result = UA > UB;
            break;
          case llvm::CmpInst::ICMP_UGE:
            Result = UA >= UB;
            break;
          case llvm::CmpInst::ICMP_ULT:
            Result = UA < UB;
            break;
          case llvm::CmpInst::ICMP_ULE:
            Result = UA <= UB;
            break;
          case llvm::CmpInst::ICMP_SGT:
            Result = SA > SB;
            break;
          case llvm::CmpInst::ICMP_SGE:
            Result = SA >= SB;
            break;
          case llvm::CmpInst::ICMP_SLT:
            Result = SA < SB;
            break;
          case llvm::CmpInst::ICMP_SLE:
            Result = SA <= SB;
            break;
          default:
            break;
          }
          return std::optional<int64_t>(Result ? 1 : 0);
        },
        numbered(Numbering, Opcode, Width, P));
  }
  case llvm::Instruction::FCmp: {
    const auto *Compare = llvm::cast<llvm::CmpInst>(&Op);
    const llvm::Type *Operands = Op.getOperand(0)->getType();
    if (!isFloat(Operands))
      return unknown("a vector comparison");
    llvm::CmpInst::Predicate P = Compare->getPredicate();
    return combine(
        Operand(0), Operand(1), Active,
        [&](int64_t A, int64_t B) {
          double X = asDouble(A, Operands), Y = asDouble(B, Operands);
          bool Unordered = std::isnan(X) || std::isnan(Y);
          bool Result = false;
          switch (P) {
          case llvm::CmpInst::FCMP_OEQ:
          case llvm::CmpInst::FCMP_UEQ:
            Result = X == Y || (Unordered && P == llvm::CmpInst::FCMP_UEQ);
            break;
          case llvm::CmpInst::FCMP_ONE:
          case llvm::CmpInst::FCMP_UNE:
            Result = (!Unordered && X != Y) ||
                     (Unordered && P == llvm::CmpInst::FCMP_UNE);
            break;
          case llvm::CmpInst::FCMP_OGT:
          case llvm::CmpInst::FCMP_UGT:
            Result = X > Y || (Unordered && P == llvm::CmpInst::FCMP_UGT);
            break;
          case llvm::CmpInst::FCMP_OGE:
          case llvm::CmpInst::FCMP_UGE:
            Result = X >= Y || (Unordered && P == llvm::CmpInst::FCMP_UGE);
            break;
          case llvm::CmpInst::FCMP_OLT:
          case llvm::CmpInst::FCMP_ULT:
            Result = X < Y || (Unordered && P == llvm::CmpInst::FCMP_ULT);
            break;
          case llvm::CmpInst::FCMP_OLE:
          case llvm::CmpInst::FCMP_ULE:
            Result = X <= Y || (Unordered && P == llvm::CmpInst::FCMP_ULE);
            break;
          case llvm::CmpInst::FCMP_ORD:
            Result = !Unordered;
            break;
          case llvm::CmpInst::FCMP_UNO:
            Result = Unordered;
            break;
          case llvm::CmpInst::FCMP_TRUE:
            Result = true;
            break;
          default:
            break;
          }
          return std::optional<int64_t>(Result ? 1 : 0);
        },
        numbered(Numbering, Opcode, bitsOf(Operands), P));
  }
  case llvm::Instruction::Select: {
    const ThreadValue &Condition = Operand(0);
    const ThreadValue &True = Operand(1), &False = Operand(2);
    ThreadMask TakeTrue = none(), TakeFalse = none();
    for (unsigned T : Active.set_bits()) {
      if (!Condition.Known[T])
        continue;
      (Condition.Values[T] ? TakeTrue : TakeFalse).set(T);
    }
    ThreadValue Result = unknown(Condition.UnknownReason);
    Result.assign(True, TakeTrue);
    Result.assign(False, TakeFalse);
    // Either way the same value (`c && false`, which the optimizer writes
    // as `select c, false, false` once a side is known): no matter what c
    // is.
    if (!True.isPointer() && !False.isPointer())
      for (unsigned T : Active.set_bits())
        if (!Condition.Known[T] && True.Known[T] && False.Known[T] &&
            True.Values[T] == False.Values[T]) {
          Result.Values[T] = True.Values[T];
          Result.Known.set(T);
        }
    if (Result.knownFor(Active))
      Result.UnknownReason.clear();
    if (!Result.knownFor(Active) && !Condition.knownFor(Active))
      Result.UnknownReason = Condition.UnknownReason;
    Result.Symbols |= Condition.Symbols;
    return Result;
  }
  case llvm::Instruction::Trunc:
  case llvm::Instruction::ZExt:
  case llvm::Instruction::SExt: {
    const ThreadValue &V = Operand(0);
    if (V.isPointer()) {
      // A shared address fits in 32 bits (the `r` operand of ldmatrix or
      // cp.async: `(unsigned)__cvta_generic_to_shared(p)`).
      if (Opcode == llvm::Instruction::Trunc &&
          !(V.Object.IsShared && Bits >= 32))
        return unknown("a truncated address");
      if (auto Path = Frame.Paths.find(Op.getOperand(0));
          Path != Frame.Paths.end() && llvm::isa<llvm::Instruction>(Op))
        Frame.Paths[&Op] = ArrayPath(Path->second); // copied before it grows
      return V;
    }
    unsigned From = bitsOf(Op.getOperand(0)->getType());
    return unary(
        V, Active,
        [&](int64_t X) -> std::optional<int64_t> {
          if (Opcode == llvm::Instruction::ZExt)
            return truncateSigned(int64_t(truncateUnsigned(X, From)), Bits);
          if (Opcode == llvm::Instruction::SExt)
            return truncateSigned(truncateSigned(X, From), Bits);
          return truncateSigned(X, Bits);
        },
        numbered(Numbering, Opcode, Bits, From));
  }
  case llvm::Instruction::PtrToInt:
  case llvm::Instruction::IntToPtr:
  case llvm::Instruction::BitCast:
  case llvm::Instruction::AddrSpaceCast: {
    ThreadValue V = Operand(0);
    // An address that went through an integer, a cast or a cvta still
    // points where it pointed.
    if (auto Path = Frame.Paths.find(Op.getOperand(0));
        Path != Frame.Paths.end() && llvm::isa<llvm::Instruction>(Op))
      Frame.Paths[&Op] = ArrayPath(Path->second); // copied before it grows
    return V;
  }
  case llvm::Instruction::SIToFP:
  case llvm::Instruction::UIToFP: {
    unsigned From = bitsOf(Op.getOperand(0)->getType());
    return unary(
        Operand(0), Active,
        [&](int64_t X) {
          double D = Opcode == llvm::Instruction::SIToFP
                         ? double(truncateSigned(X, From))
                         : double(truncateUnsigned(X, From));
          return fromDouble(D, Type);
        },
        numbered(Numbering, Opcode, Bits, From));
  }
  case llvm::Instruction::FPToSI:
  case llvm::Instruction::FPToUI: {
    const llvm::Type *From = Op.getOperand(0)->getType();
    if (!isFloat(From))
      return unknown("a vector conversion");
    return unary(
        Operand(0), Active,
        [&](int64_t X) -> std::optional<int64_t> {
          double D = asDouble(X, From);
          if (!std::isfinite(D) || std::fabs(D) > 9.2e18)
            return std::nullopt;
          return truncateSigned(int64_t(D), Bits);
        },
        numbered(Numbering, Opcode, Bits, bitsOf(From)));
  }
  case llvm::Instruction::FPExt:
  case llvm::Instruction::FPTrunc: {
    const llvm::Type *From = Op.getOperand(0)->getType();
    if (!isFloat(From) || !isFloat(Type))
      return unknown("a half-precision value");
    return unary(
        Operand(0), Active,
        [&](int64_t X) { return fromDouble(asDouble(X, From), Type); },
        numbered(Numbering, Opcode, Bits, bitsOf(From)));
  }
  case llvm::Instruction::FNeg: {
    if (!isFloat(Type))
      return unknown("a vector value");
    return unary(
        Operand(0), Active,
        [&](int64_t X) { return fromDouble(-asDouble(X, Type), Type); },
        numbered(Numbering, Opcode, Bits));
  }
  case llvm::Instruction::Freeze:
    return Operand(0);
  default:
    return std::nullopt;
  }
}

} // namespace ir
} // namespace smemlint
