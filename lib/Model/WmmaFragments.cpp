//===--- WmmaFragments.cpp - The instructions a wmma fragment becomes -----===//

#include "Model/WmmaFragments.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"

namespace smemlint {

namespace {

using Element = std::pair<uint8_t, uint8_t>;

/// An instruction whose lane l moves the element \p Of(l) (row, column of
/// the fragment), stored transposed when \p RowMajor is false.
template <typename OfT>
WmmaInstruction instruction(unsigned WidthBytes, unsigned Matrices,
                            bool RowMajor, OfT Of) {
  WmmaInstruction I;
  I.WidthBytes = WidthBytes;
  I.Matrices = Matrices;
  for (unsigned Lane = 0; Lane < 32; ++Lane) {
    auto [Row, Col] = Of(Lane);
    I.Element[Lane] = RowMajor ? Element(Row, Col) : Element(Col, Row);
  }
  return I;
}

/// A 16x16 f32 (or s32) accumulator as HMMA leaves it: lane l holds rows
/// l / 4 and l / 4 + 8 of columns 2 (l % 4) + {0, 1}, in each 8-column
/// half. Row-major: one 8-byte access per (row half, column half);
/// column-major: one 4-byte access per element of those.
std::vector<WmmaInstruction> accumulator16x16(bool RowMajor) {
  std::vector<WmmaInstruction> Instructions;
  for (unsigned RowHalf = 0; RowHalf < 2; ++RowHalf)
    for (unsigned ColHalf = 0; ColHalf < 2; ++ColHalf)
      for (unsigned Pair = 0; Pair < (RowMajor ? 1u : 2u); ++Pair)
        Instructions.push_back(
            instruction(RowMajor ? 8 : 4, 0, RowMajor, [&](unsigned Lane) {
              return Element(Lane / 4 + 8 * RowHalf,
                             2 * (Lane % 4) + Pair + 8 * ColHalf);
            }));
  return Instructions;
}

/// A 32x8 f32 accumulator (m32n8k16): the 16x16 one's layout with the four
/// 8-row groups one above the other: lane l holds rows l / 4 + 8 i of
/// columns 2 (l % 4) + {0, 1}. \p Transposed: the 8x32 accumulator of
/// m8n32k16, which nvcc computes as its transpose (its row-major store is
/// the 32x8 one's column-major store, measured).
std::vector<WmmaInstruction> accumulator32x8(bool RowMajor, bool Transposed) {
  std::vector<WmmaInstruction> Instructions;
  bool Stored32x8RowMajor = RowMajor != Transposed;
  for (unsigned Group = 0; Group < 4; ++Group)
    for (unsigned Pair = 0; Pair < (Stored32x8RowMajor ? 1u : 2u); ++Pair)
      Instructions.push_back(instruction(
          Stored32x8RowMajor ? 8 : 4, 0, Stored32x8RowMajor,
          [&](unsigned Lane) {
            return Element(Lane / 4 + 8 * Group, 2 * (Lane % 4) + Pair);
          }));
  return Instructions;
}

/// Four 4-byte accesses in the m16n8k16 layout of 16-bit pairs, at the same
/// places of the tile as stored whatever the layout (a column-major tile
/// is loaded as stored and transposed in registers by MOVM, measured):
/// lane l, g = l / 4, t = l % 4, access i: row g + 8 (i & 1), columns 2 t +
/// 8 (i >> 1) + {0, 1}.
std::vector<WmmaInstruction> pairs16x16() {
  std::vector<WmmaInstruction> Instructions;
  for (unsigned I = 0; I < 4; ++I)
    Instructions.push_back(instruction(4, 0, true, [&](unsigned Lane) {
      return Element(Lane / 4 + 8 * (I & 1), 2 * (Lane % 4) + 8 * (I >> 1));
    }));
  return Instructions;
}

/// \p Count ldmatrix.x4 (M88 or MT88) of 16x16 blocks of 16-bit elements,
/// one above the other (\p Down) or side by side: lane l gives row l % 16,
/// 16-byte chunk l / 16, of block i of the tile as stored.
std::vector<WmmaInstruction> ldmatrixX4(unsigned Count, bool Down) {
  std::vector<WmmaInstruction> Instructions;
  for (unsigned Block = 0; Block < Count; ++Block)
    Instructions.push_back(instruction(16, 4, true, [&](unsigned Lane) {
      return Element(Lane % 16 + (Down ? 16 * Block : 0),
                     Lane / 16 * 8 + (Down ? 0 : 16 * Block));
    }));
  return Instructions;
}

/// One ldmatrix.x2: \p Tall, 16 rows of one 16-byte chunk (lane l gives
/// row l % 16); otherwise 8 rows of two chunks (lane l gives row l % 8,
/// chunk l / 8 % 2). Lanes 16-31 give no address.
WmmaInstruction ldmatrixX2(bool Tall) {
  return instruction(16, 2, true, [&](unsigned Lane) {
    return Tall ? Element(Lane % 16, 0) : Element(Lane % 8, Lane / 8 % 2 * 8);
  });
}

} // namespace

std::optional<WmmaFragment> wmmaFragment(llvm::StringRef Name, bool Shared) {
  // llvm.nvvm.wmma.<shape>.<load|store>.<a|b|c|d>.<row|col>.stride.<type>
  llvm::SmallVector<llvm::StringRef, 10> Parts;
  Name.split(Parts, '.');
  if (Parts.size() < 9 || Parts[0] != "llvm" || Parts[1] != "nvvm" ||
      Parts[2] != "wmma" || Parts[7] != "stride")
    return std::nullopt;
  llvm::StringRef Shape = Parts[3], Operation = Parts[4], Use = Parts[5],
                  Type = Parts[8];
  bool RowMajor = Parts[6] == "row";
  bool MatrixA = Use == "a", MatrixB = Use == "b";
  bool Operand = MatrixA || MatrixB;
  bool Accumulator = Use == "c" || Use == "d";
  WmmaFragment Fragment;
  Fragment.Load = Operation == "load";
  if (!Fragment.Load && Operation != "store")
    return std::nullopt;
  Fragment.ElementBytes = llvm::StringSwitch<unsigned>(Type)
                              .Cases("f16", "bf16", 2)
                              .Cases("tf32", "f32", "s32", 4)
                              .Cases("u8", "s8", 1)
                              .Case("f64", 8)
                              .Default(0);
  if (!Fragment.ElementBytes || (!Operand && !Accumulator))
    return std::nullopt;
  std::vector<WmmaInstruction> &Out = Fragment.Instructions;
  bool Half = Type == "f16" || Type == "bf16";
  bool Byte = Type == "u8" || Type == "s8";

  // The accumulators, loaded as they are stored (measured for every shape
  // and type below).
  if (Accumulator) {
    if (Shape == "m16n16k16" && (Type == "f32" || Type == "s32"))
      Out = accumulator16x16(RowMajor);
    // The f32 accumulator of m16n16k8 is m16n16k16's (measured).
    else if (Shape == "m16n16k8" && Type == "f32" && Shared)
      Out = accumulator16x16(RowMajor);
    else if (Shape == "m16n16k16" && Type == "f16" && (Shared || RowMajor))
      Out = pairs16x16();
    else if (Shape == "m32n8k16" && Type == "f32" && Shared)
      Out = accumulator32x8(RowMajor, false);
    else if (Shape == "m8n32k16" && Type == "f32" && Shared)
      Out = accumulator32x8(RowMajor, true);
    else if (Shape == "m8n8k4" && Type == "f64" && (Shared || RowMajor)) {
      // DMMA's: lane l holds row l / 4, columns 2 (l % 4) + {0, 1}: one
      // 16-byte access row-major, two 8-byte ones column-major.
      for (unsigned Pair = 0; Pair < (RowMajor ? 1u : 2u); ++Pair)
        Out.push_back(
            instruction(RowMajor ? 16 : 8, 0, RowMajor, [&](unsigned Lane) {
              return Element(Lane / 4, 2 * (Lane % 4) + Pair);
            }));
    }
    // Global memory: the row-major ones measured (and f32 column-major).
    if (!Shared && !RowMajor && Type != "f32")
      Out.clear();
    if (Out.empty())
      return std::nullopt;
    return Fragment;
  }

  if (!Shared) {
    // From global memory, plain loads in the mma fragment layout (measured:
    // 16x16x16 half A row- and column-major and B column-major, bf16 A and
    // B in both layouts, 8-bit A row-major, double A row-major).
    if (Shape == "m16n16k16" &&
        ((Type == "f16" && (MatrixA || !RowMajor)) || Type == "bf16"))
      Out = pairs16x16();
    else if (Shape == "m16n16k16" && Byte && MatrixA && RowMajor)
      for (unsigned I = 0; I < 2; ++I)
        Out.push_back(instruction(4, 0, true, [&](unsigned Lane) {
          return Element(Lane / 4 + 8 * I, 4 * (Lane % 4));
        }));
    else if (Shape == "m8n8k4" && Type == "f64" && MatrixA && RowMajor)
      Out.push_back(instruction(8, 0, true, [](unsigned Lane) {
        return Element(Lane / 4, Lane % 4);
      }));
    if (Out.empty())
      return std::nullopt;
    return Fragment;
  }

  if (Shape == "m16n16k16" && Type == "bf16") {
    // CUDA 13's mma.hpp loads bf16 operands through a generic wmma.load
    // (no .shared, where half's is wmma.load.shared), so ptxas cannot use
    // ldmatrix: 4 generic 4-byte loads (LD.E), 8 rows of 4 consecutive
    // words, as the f16 accumulator's pairs of the tile as stored (measured
    // for A and B in both layouts at ldm 16, 24, 64 and 72: 8, 4, 32, 4).
    Out = pairs16x16();
  } else if (Shape == "m16n16k16" && Half) {
    // One LDSM.16.M88.4 (MT88.4 transposed): lane l gives the 16-byte row
    // l % 16, chunk l / 16, of the tile as it is stored.
    Out = ldmatrixX4(1, true);
  } else if (Shape == "m32n8k16" && Type == "f16") {
    // A (32x16): two ldmatrix.x4 of 16 rows each (column-major: of 16
    // columns each); B (16x8): one ldmatrix.x2 of 16 rows (row-major) or of
    // 8 rows of two chunks (column-major).
    if (MatrixA)
      Out = ldmatrixX4(2, RowMajor);
    else
      Out.push_back(ldmatrixX2(RowMajor));
  } else if (Shape == "m8n32k16" && Type == "f16") {
    // A (8x16): one ldmatrix.x2, B (16x32): two x4, as m32n8k16's B and A
    // the other way round.
    if (MatrixB)
      Out = ldmatrixX4(2, !RowMajor);
    else
      Out.push_back(ldmatrixX2(!RowMajor));
  } else if (Shape == "m16n16k16" && Byte) {
    // A row-major and B column-major: one LDSM.16.M88.2, lane l giving the
    // 16-byte row l % 16. The other two: eight 1-byte loads (LDS.U8), lane
    // l, g = l / 4, t = l % 4, load i: A's element (g + 8 (i / 4), 4 t + i
    // % 4), B's (4 t + i % 4, g + 8 (i / 4)), at row 4 t + i % 4, column g
    // + 8 (i / 4) of the tile as stored.
    if (MatrixA == RowMajor)
      Out.push_back(ldmatrixX2(true));
    else
      for (unsigned I = 0; I < 8; ++I)
        Out.push_back(instruction(1, 0, true, [&](unsigned Lane) {
          return Element(4 * (Lane % 4) + I % 4, Lane / 4 + 8 * (I / 4));
        }));
  } else if (Shape == "m16n16k8" && Type == "tf32") {
    // Four 4-byte loads in the m16n8k8 tf32 fragment layout: lane l, g = l
    // / 4, t = l % 4, load i: A (16 x 8) element (g + 8 (i & 1), t + 4 (i
    // >> 1)); B (8 x 16) element (t + 4 (i & 1), g + 8 (i >> 1)).
    for (unsigned I = 0; I < 4; ++I)
      Out.push_back(instruction(4, 0, RowMajor, [&](unsigned Lane) {
        unsigned G = Lane / 4, T = Lane % 4;
        return MatrixA ? Element(G + 8 * (I & 1), T + 4 * (I >> 1))
                       : Element(T + 4 * (I & 1), G + 8 * (I >> 1));
      }));
  } else if (Shape == "m8n8k4" && Type == "f64") {
    // One 8-byte load (a generic LD.E.64): A (8x4) element (l / 4, l % 4),
    // B (4x8) element (l % 4, l / 4).
    Out.push_back(instruction(8, 0, RowMajor, [&](unsigned Lane) {
      return MatrixA ? Element(Lane / 4, Lane % 4)
                     : Element(Lane % 4, Lane / 4);
    }));
  }
  if (Out.empty() || !Fragment.Load)
    return std::nullopt; // operands are only loaded
  return Fragment;
}
} // namespace smemlint
