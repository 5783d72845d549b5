//===--- PtxArithmetic.cpp - Integer arithmetic written in inline PTX -----===//
//
// The semantics follow the PTX ISA's integer and bit-manipulation
// instructions for the operations parsePtxArithmetic accepts.
//
//===----------------------------------------------------------------------===//

#include "Evaluation/PtxArithmetic.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/bit.h"

#include <algorithm>
#include <array>

namespace smemlint {
namespace ir {

namespace {

/// The number of source operands of each operation accepted.
std::optional<unsigned> sourceCount(llvm::StringRef Operation) {
  return llvm::StringSwitch<std::optional<unsigned>>(Operation)
      .Cases("mov", "not", "cnot", "neg", "abs", 1u)
      .Cases("popc", "clz", "brev", 1u)
      .Cases("add", "sub", "mul.lo", "mul.hi", "mul.wide", 2u)
      .Cases("and", "or", "xor", "shl", "shr", 2u)
      .Cases("min", "max", "bmsk.clamp", "bmsk.wrap", 2u)
      .Cases("mul24.lo", "mul24.hi", 2u)
      .Cases("mad.lo", "mad.wide", "mad24.lo", "bfe", "sad", 3u)
      .Cases("shf.l.wrap", "shf.l.clamp", "shf.r.wrap", "shf.r.clamp", 3u)
      .Case("prmt", 3u)
      .Cases("bfi", "lop3", 4u)
      .Default(std::nullopt);
}

/// The low \p Bits of \p V.
uint64_t low(uint64_t V, unsigned Bits) {
  return Bits >= 64 ? V : V & ((uint64_t(1) << Bits) - 1);
}

/// \p V's low \p Bits, sign-extended.
int64_t signExtend(uint64_t V, unsigned Bits) {
  if (Bits >= 64)
    return int64_t(V);
  uint64_t Sign = uint64_t(1) << (Bits - 1);
  V = low(V, Bits);
  return int64_t((V ^ Sign) - Sign);
}

std::optional<int64_t> immediate(llvm::StringRef Text) {
  bool Negative = Text.consume_front("-");
  Text.consume_back("U");
  uint64_t V = 0;
  if (Text.getAsInteger(0, V))
    return std::nullopt;
  return Negative ? -int64_t(V) : int64_t(V);
}

} // namespace

std::optional<unsigned> parseSharedAddressConversion(llvm::StringRef Text) {
  // The statements, braces and register declarations left out.
  std::string Flat = Text.str();
  for (char &C : Flat)
    if (C == '{' || C == '}' || C == '\n' || C == '\t')
      C = ' ';
  llvm::SmallVector<llvm::StringRef, 4> Statements;
  for (llvm::StringRef Statement : llvm::split(llvm::StringRef(Flat), ';')) {
    Statement = Statement.trim();
    if (!Statement.empty() && !Statement.starts_with(".reg"))
      Statements.push_back(Statement);
  }
  // "op dst, src" as its three words.
  auto Parse = [](llvm::StringRef Statement)
      -> std::optional<std::array<llvm::StringRef, 3>> {
    auto [Op, Rest] = Statement.split(' ');
    auto [Destination, Source] = Rest.split(',');
    Destination = Destination.trim();
    Source = Source.trim();
    if (Destination.empty() || Source.empty() ||
        Source.find_first_of(" ,") != llvm::StringRef::npos)
      return std::nullopt;
    return std::array<llvm::StringRef, 3>{Op, Destination, Source};
  };
  auto AsmOperand = [](llvm::StringRef Word) -> std::optional<unsigned> {
    unsigned N = 0;
    if (!Word.consume_front("$") || Word.getAsInteger(10, N))
      return std::nullopt;
    return N;
  };
  auto IsCvta = [](llvm::StringRef Op, llvm::StringRef Width) {
    return Op == ("cvta.to.shared." + Width).str() ||
           Op == ("cvta.to.shared::cta." + Width).str();
  };
  if (Statements.empty() || Statements.size() > 2)
    return std::nullopt;
  auto First = Parse(Statements.front());
  if (!First)
    return std::nullopt;
  std::optional<unsigned> Pointer = AsmOperand((*First)[2]);
  if (!Pointer || *Pointer == 0)
    return std::nullopt;
  if (Statements.size() == 1)
    return (IsCvta((*First)[0], "u32") || IsCvta((*First)[0], "u64")) &&
                   (*First)[1] == "$0"
               ? Pointer
               : std::nullopt;
  auto Second = Parse(Statements.back());
  if (!Second || !IsCvta((*First)[0], "u64") || (*Second)[0] != "cvt.u32.u64" ||
      (*Second)[1] != "$0" || (*Second)[2] != (*First)[1] ||
      AsmOperand((*First)[1]))
    return std::nullopt;
  return Pointer;
}

std::optional<PtxArithmetic> parsePtxArithmetic(llvm::StringRef Text) {
  Text = Text.trim();
  Text.consume_back(";");
  Text = Text.trim();
  if (Text.find_first_of(";{}@%") != llvm::StringRef::npos)
    return std::nullopt;
  size_t Space = Text.find_first_of(" \t\n");
  if (Space == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef Mnemonic = Text.take_front(Space);
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Mnemonic.split(Parts, '.');
  if (Parts.size() < 2)
    return std::nullopt;
  // The type is the last part: .b32, .u64, .s16...
  llvm::StringRef Type = Parts.pop_back_val();
  PtxArithmetic Instruction;
  if (Type.size() < 2 || !llvm::is_contained({'b', 'u', 's'}, Type[0]) ||
      Type.drop_front().getAsInteger(10, Instruction.Bits) ||
      !llvm::is_contained({16u, 32u, 64u}, Instruction.Bits))
    return std::nullopt;
  Instruction.Signed = Type[0] == 's';
  Instruction.Operation = llvm::join(Parts, ".");
  std::optional<unsigned> Count = sourceCount(Instruction.Operation);
  if (!Count)
    return std::nullopt;
  // Operations whose type says how they treat their operands.
  llvm::StringRef Operation = Instruction.Operation;
  if ((Operation == "neg" || Operation == "abs") && !Instruction.Signed)
    return std::nullopt;
  if ((Operation.starts_with("bmsk") || Operation.starts_with("shf") ||
       Operation == "prmt" || Operation == "lop3") &&
      Instruction.Bits != 32)
    return std::nullopt;
  if (Operation.starts_with("mul24") || Operation == "mad24.lo" ||
      Operation == "popc" || Operation == "clz")
    if (Instruction.Bits == 16)
      return std::nullopt;
  Instruction.ResultBits = Instruction.Bits;
  if (Operation == "mul.wide" || Operation == "mad.wide") {
    if (Instruction.Bits == 64)
      return std::nullopt;
    Instruction.ResultBits = 2 * Instruction.Bits;
  }
  if (Operation == "popc" || Operation == "clz")
    Instruction.ResultBits = 32;

  llvm::SmallVector<llvm::StringRef, 5> Operands;
  Text.drop_front(Space).split(Operands, ',');
  if (Operands.size() != *Count + 1 || Operands.front().trim() != "$0")
    return std::nullopt;
  for (llvm::StringRef Operand : llvm::drop_begin(Operands)) {
    Operand = Operand.trim();
    PtxArithmetic::Operand Source;
    unsigned N = 0;
    if (Operand.consume_front("$")) {
      if (Operand.getAsInteger(10, N) || N == 0)
        return std::nullopt;
      Source.AsmOperand = N;
    } else if (std::optional<int64_t> V = immediate(Operand)) {
      Source.Immediate = *V;
    } else {
      return std::nullopt;
    }
    Instruction.Sources.push_back(Source);
  }
  // lop3's lookup table is an immediate.
  if (Operation == "lop3" && Instruction.Sources.back().AsmOperand)
    return std::nullopt;
  return Instruction;
}

int64_t computePtxArithmetic(const PtxArithmetic &Instruction,
                             llvm::ArrayRef<int64_t> Sources) {
  const unsigned Bits = Instruction.Bits;
  const bool Signed = Instruction.Signed;
  llvm::StringRef Op = Instruction.Operation;
  // Each source as the type reads it: zero- or sign-extended.
  auto U = [&](unsigned I, unsigned Width = 0) {
    return low(uint64_t(Sources[I]), Width ? Width : Bits);
  };
  auto S = [&](unsigned I, unsigned Width = 0) {
    return signExtend(uint64_t(Sources[I]), Width ? Width : Bits);
  };
  auto Result = [&](uint64_t V) {
    return signExtend(V, Instruction.ResultBits);
  };
  // The shift amounts and bit positions PTX reads as unsigned 32-bit.
  auto Amount = [&](unsigned I) { return low(uint64_t(Sources[I]), 32); };

  if (Op == "mov")
    return Result(U(0));
  if (Op == "add")
    return Result(U(0) + U(1));
  if (Op == "sub")
    return Result(U(0) - U(1));
  if (Op == "mul.lo")
    return Result(U(0) * U(1));
  if (Op == "mul.hi" || Op == "mul.wide") {
    __int128 Product = Signed ? __int128(S(0)) * __int128(S(1))
                              : __int128((unsigned __int128)U(0) * U(1));
    if (Op == "mul.wide")
      return Result(uint64_t(Product));
    return Result(uint64_t((unsigned __int128)Product >> Bits));
  }
  if (Op == "mad.lo")
    return Result(U(0) * U(1) + U(2));
  if (Op == "mad.wide") {
    uint64_t Product = Signed ? uint64_t(S(0) * S(1)) : U(0) * U(1);
    return Result(Product + low(uint64_t(Sources[2]), 2 * Bits));
  }
  if (Op == "mul24.lo" || Op == "mul24.hi" || Op == "mad24.lo") {
    int64_t A = Signed ? S(0, 24) : int64_t(U(0, 24));
    int64_t B = Signed ? S(1, 24) : int64_t(U(1, 24));
    uint64_t Product = uint64_t(A * B);
    if (Op == "mul24.hi")
      return Result(Product >> 16);
    return Result(Product + (Op == "mad24.lo" ? U(2) : 0));
  }
  if (Op == "and")
    return Result(U(0) & U(1));
  if (Op == "or")
    return Result(U(0) | U(1));
  if (Op == "xor")
    return Result(U(0) ^ U(1));
  if (Op == "not")
    return Result(~U(0));
  if (Op == "cnot")
    return Result(U(0) == 0);
  if (Op == "neg")
    return Result(uint64_t(-S(0)));
  if (Op == "abs")
    return Result(uint64_t(S(0) < 0 ? -S(0) : S(0)));
  if (Op == "shl")
    return Result(Amount(1) >= Bits ? 0 : U(0) << Amount(1));
  if (Op == "shr") {
    uint64_t N = std::min<uint64_t>(Amount(1), Bits);
    if (Signed)
      return Result(uint64_t(N >= Bits ? (S(0) < 0 ? -1 : 0) : S(0) >> N));
    return Result(N >= Bits ? 0 : U(0) >> N);
  }
  if (Op == "min" || Op == "max") {
    bool Less = Signed ? S(0) < S(1) : U(0) < U(1);
    return Result((Op == "min") == Less ? U(0) : U(1));
  }
  if (Op == "sad") {
    uint64_t Difference =
        Signed ? uint64_t(S(0) > S(1) ? S(0) - S(1) : S(1) - S(0))
               : (U(0) > U(1) ? U(0) - U(1) : U(1) - U(0));
    return Result(Difference + U(2));
  }
  if (Op == "popc")
    return Result(llvm::popcount(U(0)));
  if (Op == "clz")
    return Result(Bits == 64 ? llvm::countl_zero(U(0))
                             : llvm::countl_zero(uint32_t(U(0))) - (32 - Bits));
  if (Op == "brev") {
    uint64_t V = U(0), Reversed = 0;
    for (unsigned I = 0; I < Bits; ++I)
      Reversed |= ((V >> I) & 1) << (Bits - 1 - I);
    return Result(Reversed);
  }
  if (Op == "bfe") {
    // d[i] = a[pos + i] for i < len within the operand; the rest is 0
    // (unsigned) or the sign bit of the field (signed).
    uint64_t Pos = Amount(1) & 0xff, Len = Amount(2) & 0xff;
    if (Len == 0)
      return 0;
    uint64_t A = U(0);
    uint64_t Msb = Bits - 1;
    uint64_t Top = std::min(Pos + Len - 1, Msb);
    uint64_t Field = Pos > Msb ? 0 : low(A >> Pos, unsigned(Top - Pos + 1));
    if (!Signed)
      return Result(Field);
    uint64_t SignBit = (A >> Top) & 1;
    uint64_t Width = Pos > Msb ? 0 : Top - Pos + 1;
    if (SignBit)
      Field |= ~low(~uint64_t(0), unsigned(Width));
    return Result(Field);
  }
  if (Op == "bfi") {
    // bfi d, f, b, pos, len: b with f's low len bits at pos.
    uint64_t Pos = Amount(2) & 0xff, Len = Amount(3) & 0xff;
    uint64_t Into = U(1);
    for (uint64_t I = 0; I < Len && Pos + I < Bits; ++I) {
      uint64_t Bit = uint64_t(1) << (Pos + I);
      Into = ((U(0) >> I) & 1) ? Into | Bit : Into & ~Bit;
    }
    return Result(Into);
  }
  if (Op == "bmsk.clamp" || Op == "bmsk.wrap") {
    uint64_t Pos = Amount(0), Len = Amount(1);
    if (Op == "bmsk.wrap") {
      Pos &= 31;
      Len &= 31;
    } else {
      Pos = std::min<uint64_t>(Pos, 32);
      Len = std::min<uint64_t>(Len, 32);
    }
    uint64_t End = std::min<uint64_t>(Pos + Len, 32);
    uint64_t Mask =
        Pos >= End ? 0 : low(~uint64_t(0), unsigned(End - Pos)) << Pos;
    return Result(Mask);
  }
  if (Op.starts_with("shf.")) {
    // The 64-bit funnel b:a shifted; .l keeps the upper word, .r the lower.
    uint64_t N = Amount(2);
    N = Op.ends_with(".wrap") ? N & 31 : std::min<uint64_t>(N, 32);
    uint64_t Funnel = U(1) << 32 | U(0);
    if (Op.starts_with("shf.l"))
      return Result((Funnel << N) >> 32);
    return Result(Funnel >> N);
  }
  if (Op == "prmt") {
    // Byte i of d is byte (c's nibble i & 7) of b:a, or its sign replicated
    // when the nibble's bit 3 is set.
    uint64_t Bytes = U(1) << 32 | U(0), Selector = U(2), Out = 0;
    for (unsigned I = 0; I < 4; ++I) {
      uint64_t Nibble = (Selector >> (4 * I)) & 0xf;
      uint64_t Byte = (Bytes >> (8 * (Nibble & 7))) & 0xff;
      if (Nibble & 8)
        Byte = (Byte & 0x80) ? 0xff : 0;
      Out |= Byte << (8 * I);
    }
    return Result(Out);
  }
  if (Op == "lop3") {
    // Bit i of d is the lookup table's bit (a_i b_i c_i).
    uint64_t Table = U(3), Out = 0;
    for (unsigned I = 0; I < 32; ++I) {
      uint64_t Index =
          ((U(0) >> I) & 1) << 2 | ((U(1) >> I) & 1) << 1 | ((U(2) >> I) & 1);
      Out |= ((Table >> Index) & 1) << I;
    }
    return Result(Out);
  }
  return 0; // parsePtxArithmetic accepts no other operation
}

} // namespace ir
} // namespace smemlint
