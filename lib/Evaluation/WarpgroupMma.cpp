//===--- WarpgroupMma.cpp - Hopper's wgmma and its shared operands --------===//

#include "Evaluation/WarpgroupMma.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Regex.h"

namespace smemlint {

namespace {

/// The operands of one PTX instruction, split at the commas outside braces:
/// `{$0, $1}, $2, p, 1` gives `{$0, $1}`, `$2`, `p`, `1`.
llvm::SmallVector<llvm::StringRef, 12> topLevelOperands(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 12> Operands;
  unsigned Depth = 0;
  size_t Start = 0;
  for (size_t I = 0; I <= Text.size(); ++I) {
    char C = I < Text.size() ? Text[I] : ',';
    if (C == '{')
      ++Depth;
    else if (C == '}' && Depth)
      --Depth;
    else if (C == ',' && Depth == 0) {
      Operands.push_back(Text.slice(Start, I).trim());
      Start = I + 1;
    }
  }
  return Operands;
}

/// `$12` or `${12}`: 12.
std::optional<unsigned> asmOperandNumber(llvm::StringRef Word) {
  unsigned N = 0;
  if (!Word.consume_front("$"))
    return std::nullopt;
  if (Word.consume_front("{"))
    Word = Word.take_until([](char C) { return C == '}' || C == ':'; });
  if (Word.getAsInteger(10, N))
    return std::nullopt;
  return N;
}

std::optional<PtxImmediate> immediate(llvm::StringRef Word) {
  PtxImmediate Found;
  int64_t Value = 0;
  if (std::optional<unsigned> Operand = asmOperandNumber(Word))
    Found.Operand = *Operand;
  else if (!Word.getAsInteger(0, Value))
    Found.Literal = Value;
  else
    return std::nullopt;
  return Found;
}

/// The bits of a PTX element type wgmma takes; 0 for another word.
unsigned elementBits(llvm::StringRef Type) {
  return llvm::StringSwitch<unsigned>(Type)
      .Cases("f16", "bf16", 16)
      .Case("tf32", 32)
      .Cases("e4m3", "e5m2", "s8", "u8", 8)
      .Case("b1", 1)
      .Default(0);
}

} // namespace

std::optional<PtxWarpgroupMma> ptxWarpgroupMma(llvm::StringRef Text) {
  static const llvm::Regex Instruction(
      "(^|[^.a-z_])(wgmma\\.mma_async((\\.[a-z0-9_:]+)+))[ \t]+([^;]*)");
  llvm::SmallVector<llvm::StringRef, 6> Match;
  if (!Instruction.match(Text, &Match))
    return std::nullopt;
  PtxWarpgroupMma Found;
  Found.Instruction = Match[2].str();
  llvm::SmallVector<llvm::StringRef, 8> Qualifiers;
  Match[3].drop_front().split(Qualifiers, '.');
  llvm::SmallVector<unsigned, 3> Types;
  for (llvm::StringRef Q : Qualifiers) {
    if (Q == "sp") {
      Found.Sparse = true;
    } else if (Q.consume_front("m")) {
      auto [M, Rest] = Q.split('n');
      auto [N, K] = Rest.split('k');
      if (M.getAsInteger(10, Found.M) || N.getAsInteger(10, Found.N) ||
          K.getAsInteger(10, Found.K))
        return std::nullopt;
    } else if (Q == "f32" || Q == "s32") {
      Types.push_back(0); // the accumulator's
    } else if (unsigned Bits = elementBits(Q)) {
      Types.push_back(Bits);
    }
  }
  // dtype, atype, btype: f16 is both an accumulator and an input type.
  if (Types.size() < 3 || Found.M != 64 || Found.N == 0 || Found.N > 256 ||
      Found.N % 8)
    return std::nullopt;
  Found.ABits = Types[Types.size() - 2];
  Found.BBits = Types.back();
  // 32 bytes of K per row (64 for a sparse B).
  if (!Found.ABits || !Found.BBits ||
      Found.K * Found.ABits != (Found.Sparse ? 512u : 256u) ||
      Found.ABits != Found.BBits)
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 12> Operands = topLevelOperands(Match[5]);
  unsigned ScaleD = Found.Sparse ? 5 : 3;
  if (Operands.size() <= ScaleD || !Operands[0].starts_with("{"))
    return std::nullopt;
  if (!Operands[1].starts_with("{")) {
    Found.ADescriptor = asmOperandNumber(Operands[1]);
    if (!Found.ADescriptor)
      return std::nullopt;
  }
  std::optional<unsigned> B = asmOperandNumber(Operands[2]);
  if (!B)
    return std::nullopt;
  Found.BDescriptor = *B;
  // f16 and bf16 take imm-scale-a, imm-scale-b, then imm-trans-a (A from
  // shared memory only) and imm-trans-b.
  if (Found.ABits == 16) {
    unsigned TransposeA = ScaleD + 3;
    unsigned TransposeB = Found.ADescriptor ? TransposeA + 1 : TransposeA;
    if (Operands.size() <= TransposeB)
      return std::nullopt;
    if (Found.ADescriptor) {
      Found.TransposeA = immediate(Operands[TransposeA]);
      if (!Found.TransposeA)
        return std::nullopt;
    }
    Found.TransposeB = immediate(Operands[TransposeB]);
    if (!Found.TransposeB)
      return std::nullopt;
  }
  return Found;
}

std::optional<PtxWarpgroupStep> ptxWarpgroupStep(llvm::StringRef Text) {
  static const llvm::Regex Instruction(
      "(^|[^.a-z_])wgmma\\.(fence|commit_group|wait_group)"
      "(\\.[a-z_]+)*[ \t]*([^;]*)");
  llvm::SmallVector<llvm::StringRef, 6> Match;
  if (!Instruction.match(Text, &Match))
    return std::nullopt;
  PtxWarpgroupStep Step;
  if (Match[2] == "fence")
    return Step;
  if (Match[2] == "commit_group") {
    Step.What = PtxWarpgroupStep::Commit;
    return Step;
  }
  Step.What = PtxWarpgroupStep::Wait;
  std::optional<PtxImmediate> Pending = immediate(Match[4].trim());
  if (!Pending)
    return std::nullopt;
  Step.Pending = *Pending;
  return Step;
}

GmmaDescriptor GmmaDescriptor::decode(uint64_t Bits) {
  auto Field = [&](unsigned Low, unsigned Width) {
    return uint32_t((Bits >> Low) & ((uint64_t(1) << Width) - 1));
  };
  GmmaDescriptor D;
  D.StartAddress = Field(0, 14) << 4;
  D.LeadingByteOffset = Field(16, 14) << 4;
  D.StrideByteOffset = Field(32, 14) << 4;
  D.BaseOffset = Field(49, 3);
  static constexpr unsigned Spans[] = {0, 128, 64, 32};
  D.SwizzleBytes = Spans[Field(62, 2)];
  return D;
}

std::string GmmaDescriptor::swizzleName() const {
  return SwizzleBytes ? std::to_string(SwizzleBytes) + "-byte swizzle"
                      : "no swizzle";
}

unsigned gmmaSwizzleRepeat(unsigned SwizzleBytes) {
  return SwizzleBytes ? SwizzleBytes * 8 : 16;
}

std::vector<uint32_t> gmmaOperandPieces(const GmmaDescriptor &D, unsigned Rows,
                                        bool MNMajor) {
  constexpr uint32_t Piece = 16;
  const uint32_t Span = D.SwizzleBytes;
  // Swizzle<B,4,3>: address bits [7, 7+B) flip bits [4, 4+B), B = log2 of
  // the span's pieces.
  const uint32_t Mask = Span ? Span / Piece - 1 : 0;
  auto Swizzled = [&](uint32_t Offset) {
    uint32_t Address = D.StartAddress + Offset;
    return Address ^ (((Address >> 7) & Mask) << 4);
  };
  std::vector<uint32_t> Pieces;
  Pieces.reserve(Rows * 2);
  if (!MNMajor) {
    // Rows of two pieces (32 bytes of K); eight rows to a core matrix.
    for (unsigned Row = 0; Row < Rows; ++Row)
      for (unsigned K = 0; K < 2; ++K) {
        uint32_t InCore = Span ? (Row % 8) * Span + K * Piece
                               : (Row % 8) * Piece + K * D.LeadingByteOffset;
        Pieces.push_back(Swizzled(InCore + (Row / 8) * D.StrideByteOffset));
      }
    return Pieces;
  }
  // 16 rows of K, each Rows 16-bit elements of M or N: Rows / 8 pieces.
  const unsigned SpanPieces = Span ? Span / Piece : 1;
  for (unsigned K = 0; K < 16; ++K)
    for (unsigned P = 0; P < Rows / 8; ++P) {
      uint32_t Offset = Span ? (P % SpanPieces) * Piece +
                                   (P / SpanPieces) * D.LeadingByteOffset +
                                   (K % 8) * Span + (K / 8) * D.StrideByteOffset
                             : P * D.StrideByteOffset + (K % 8) * Piece +
                                   (K / 8) * D.LeadingByteOffset;
      Pieces.push_back(Swizzled(Offset));
    }
  return Pieces;
}

} // namespace smemlint
