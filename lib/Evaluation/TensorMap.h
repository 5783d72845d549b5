//===--- TensorMap.h - What a CUtensorMap tells a TMA tensor copy -*- C++ -*-//
//
// A kernel that copies tiles with the TMA engine (`cp.async.bulk.tensor`)
// receives a CUtensorMap the host encoded with cuTensorMapEncodeTiled. The
// copy's shared side is fixed by that call, not by the instruction: how many
// bytes land (the box), and how they are laid out (the swizzle), which also
// decides how the destination must be aligned. HostLaunches reads the call
// for each kernel argument; the evaluator applies it to each copy.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_EVALUATION_TENSORMAP_H
#define SMEMLINT_EVALUATION_TENSORMAP_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <string>

namespace smemlint {

/// A tiled tensor map as cuTensorMapEncodeTiled encoded it, for the
/// non-interleaved layouts the analysis follows.
struct TensorMapBox {
  unsigned ElementBytes = 0;
  /// Elements the box spans per dimension, innermost first (boxDim).
  llvm::SmallVector<uint32_t, 5> Box;
  /// The step per dimension (elementStrides); the innermost one is ignored
  /// by the TMA engine without interleave.
  llvm::SmallVector<uint32_t, 5> ElementStrides;
  /// 0 (CU_TENSOR_MAP_SWIZZLE_NONE), 32, 64 or 128: the bytes one swizzle
  /// row spans.
  unsigned SwizzleBytes = 0;
  /// The enumerator as written (CU_TENSOR_MAP_SWIZZLE_128B), for messages.
  std::string SwizzleName;
  /// The cuTensorMapEncodeTiled call (the kernel parameter, for a CuTe
  /// atom's).
  clang::SourceLocation Where;
  /// A CuTe atom's (CuteTmaTraits.h): CuTe's swizzled shared layouts
  /// (ComposedLayout<Swizzle, smem_ptr_flag, ...>) XOR the shared address,
  /// as the TMA engine does, so the kernel reads the box where it landed
  /// wherever the destination lies past 128 bytes: no layout alignment.
  bool ReadersSwizzleByAddress = false;

  /// The bytes one copy writes into shared memory: the elements the box
  /// loads (ceil(boxDim[i] / elementStrides[i]) along each outer
  /// dimension, CUDA's driver API), as its mbarrier counts them.
  uint64_t bytes() const {
    uint64_t Elements = Box.empty() ? 0 : Box[0];
    for (size_t I = 1; I < Box.size(); ++I) {
      uint32_t Step = I < ElementStrides.size() && ElementStrides[I] > 0
                          ? ElementStrides[I]
                          : 1;
      Elements *= (Box[I] + Step - 1) / Step;
    }
    return Elements * ElementBytes;
  }
  /// The destination alignment without which the copy stops the kernel
  /// ("misaligned address", measured: docs/measurements/h200-tma.md).
  static constexpr unsigned RequiredAlignment = 128;
  /// The alignment at which the swizzle pattern starts over: 8 swizzle rows
  /// (256, 512, 1024 bytes). The TMA engine swizzles by the shared address,
  /// so a destination aligned to 128 bytes but not to this lands permuted
  /// from where the tile's own offsets put it (measured); 0 without swizzle.
  unsigned swizzleRepeat() const { return SwizzleBytes * 8; }
  /// The alignment the destination needs for the kernel's reads to find
  /// the box where they expect it: the swizzle's repeat, unless they
  /// swizzle by address too.
  unsigned layoutAlignment() const {
    return ReadersSwizzleByAddress ? 0 : swizzleRepeat();
  }
  bool operator==(const TensorMapBox &O) const {
    return ElementBytes == O.ElementBytes && Box == O.Box &&
           ElementStrides == O.ElementStrides && SwizzleBytes == O.SwizzleBytes;
  }
  bool operator!=(const TensorMapBox &O) const { return !(*this == O); }
};

} // namespace smemlint

#endif
