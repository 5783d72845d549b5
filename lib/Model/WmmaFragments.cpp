//===--- WmmaFragments.cpp - The instructions a wmma fragment becomes -----===//

#include "Model/WmmaFragments.h"

#include "llvm/ADT/SmallVector.h"

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

} // namespace

std::optional<WmmaFragment> wmmaFragment(llvm::StringRef Name) {
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
  WmmaFragment Fragment;
  Fragment.Load = Operation == "load";
  if (!Fragment.Load && Operation != "store")
    return std::nullopt;

  if (Shape == "m16n16k16" && Fragment.Load && (MatrixA || MatrixB) &&
      (Type == "f16" || Type == "bf16")) {
    // One LDSM.16.M88.4 (MT88.4 transposed): lane l gives the 16-byte row
    // l % 16, chunk l / 16, of the tile as it is stored.
    Fragment.ElementBytes = 2;
    Fragment.Instructions.push_back(
        instruction(16, 4, /*RowMajor=*/true, [](unsigned Lane) {
          return Element(Lane % 16, Lane / 16 * 8);
        }));
    return Fragment;
  }
  if (Shape == "m16n16k8" && Fragment.Load && (MatrixA || MatrixB) &&
      Type == "tf32") {
    // Four 4-byte loads in the m16n8k8 tf32 fragment layout: lane l, g = l
    // / 4, t = l % 4, load i: A (16 x 8) element (g + 8 (i & 1), t + 4 (i
    // >> 1)); B (8 x 16) element (t + 4 (i & 1), g + 8 (i >> 1)).
    Fragment.ElementBytes = 4;
    for (unsigned I = 0; I < 4; ++I)
      Fragment.Instructions.push_back(
          instruction(4, 0, RowMajor, [&](unsigned Lane) {
            unsigned G = Lane / 4, T = Lane % 4;
            return MatrixA ? Element(G + 8 * (I & 1), T + 4 * (I >> 1))
                           : Element(T + 4 * (I & 1), G + 8 * (I >> 1));
          }));
    return Fragment;
  }
  // The f32 accumulator of m16n16k8 is stored as m16n16k16's (measured).
  if ((Shape == "m16n16k16" || Shape == "m16n16k8") && !Fragment.Load &&
      Use == "d" && Type == "f32") {
    Fragment.ElementBytes = 4;
    Fragment.Instructions = accumulator16x16(RowMajor);
    return Fragment;
  }
  return std::nullopt;
}

} // namespace smemlint
