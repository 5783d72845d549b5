//===--- WmmaFragments.h - The instructions a wmma fragment becomes -------===//
//
// nvcc compiles wmma::load_matrix_sync / store_matrix_sync for sm_80 and
// later into ordinary shared-memory instructions (ldmatrix, LDS, STS), each
// lane moving elements of the fragment's tile in the layout of the mma
// instruction that consumes it. Which instructions, of which width, and
// which element each lane moves is measured on the H200 for every fragment
// listed here (docs/measurements/h200-wmma.md); a fragment not listed is
// not evaluated.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_MODEL_WMMAFRAGMENTS_H
#define SMEMLINT_MODEL_WMMAFRAGMENTS_H

#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace smemlint {

/// One warp instruction of a fragment's load or store.
struct WmmaInstruction {
  /// Bytes each lane moves (an ldmatrix lane: the 16-byte row it names).
  unsigned WidthBytes = 0;
  /// ldmatrix's matrix count (.x1, .x2, .x4); 0 for a plain load or store.
  /// Lanes 8 x Matrices and up give no address.
  unsigned Matrices = 0;
  /// Per lane: the element of the tile as stored in memory (row, column:
  /// a column-major tile's stored rows are its columns) where the lane's
  /// bytes start; the address is base + (row * ldm + column) * element
  /// bytes.
  std::array<std::pair<uint8_t, uint8_t>, 32> Element{};
};

struct WmmaFragment {
  bool Load = true;
  unsigned ElementBytes = 0;
  std::vector<WmmaInstruction> Instructions;
};

/// The fragment moved by the NVVM intrinsic \p Name
/// (llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p3 and the like) on
/// shared memory (\p Shared) or global memory, as compiled for sm_80 and
/// later; nullopt for a fragment not measured there.
std::optional<WmmaFragment> wmmaFragment(llvm::StringRef Name, bool Shared);

} // namespace smemlint

#endif
