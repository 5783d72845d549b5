//===--- WarpgroupMma.h - Hopper's wgmma, its shared operands -*- C++ -*-===//
//
// `wgmma.mma_async` (sm_90a) reads its B operand, and A unless A comes from
// registers, straight from shared memory through the async proxy: what it
// reads is described by a 64-bit matrix descriptor (start address, leading
// and stride byte offsets, swizzle mode), not by thread addresses. This file
// reads the instruction out of inline PTX as CUTLASS, CuTe,
// ThunderKittens and hand-written kernels emit it, and decodes a
// descriptor into the 16-byte pieces of shared memory the instruction reads,
// by the canonical layouts of the PTX ISA ("Shared Memory Matrix Layout",
// the same ones CuTe's make_gmma_desc describes).
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_EVALUATION_WARPGROUPMMA_H
#define SMEMLINT_EVALUATION_WARPGROUPMMA_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace smemlint {

/// The threads of a warpgroup, which issue a wgmma together: four
/// contiguous warps, the first a multiple of four (PTX ISA, "Warpgroup").
constexpr unsigned WarpgroupThreads = 128;

/// A literal of the asm text, or an asm operand ($N) whose constant the
/// call passes ("n" constraints).
struct PtxImmediate {
  std::optional<int64_t> Literal;
  std::optional<unsigned> Operand;
};

/// One `wgmma.mma_async.sync.aligned.m64nNkK.dtype.atype.btype d, a, b, ...`.
struct PtxWarpgroupMma {
  unsigned M = 0, N = 0, K = 0;
  /// The bits of one element of A and of B (16 for f16 and bf16, 32 for
  /// tf32, 8 for e4m3, e5m2, s8 and u8, 1 for b1).
  unsigned ABits = 0, BBits = 0;
  /// The asm operand of A's descriptor; none when A is in registers.
  std::optional<unsigned> ADescriptor;
  unsigned BDescriptor = 0;
  /// imm-trans-a and imm-trans-b: 1 for an M- or N-major operand. Only the
  /// 16-bit types have them; the others are K-major.
  std::optional<PtxImmediate> TransposeA, TransposeB;
  /// `wgmma.mma_async.sp`: A is stored compressed, which the layouts below
  /// do not describe.
  bool Sparse = false;
  /// The instruction as written, for messages.
  std::string Instruction;
};

/// The wgmma.mma_async of inline PTX \p Text (the only one), or nullopt.
std::optional<PtxWarpgroupMma> ptxWarpgroupMma(llvm::StringRef Text);

/// `wgmma.fence`, `wgmma.commit_group` and `wgmma.wait_group N` of inline
/// PTX.
struct PtxWarpgroupStep {
  enum Kind { Fence, Commit, Wait } What = Fence;
  /// For Wait: the groups that may stay in flight.
  PtxImmediate Pending;
};
std::optional<PtxWarpgroupStep> ptxWarpgroupStep(llvm::StringRef Text);

/// A shared-memory matrix descriptor's fields, in bytes.
struct GmmaDescriptor {
  uint32_t StartAddress = 0;
  uint32_t LeadingByteOffset = 0;
  uint32_t StrideByteOffset = 0;
  unsigned BaseOffset = 0;
  /// 0: none (interleaved core matrices), else the swizzle span: 32, 64 or
  /// 128 bytes.
  unsigned SwizzleBytes = 0;
  static GmmaDescriptor decode(uint64_t Bits);
  /// "128-byte swizzle", "no swizzle".
  std::string swizzleName() const;
};

/// The 16-byte pieces of shared memory an operand of \p Rows rows (M for A,
/// N for B) by 32 bytes of K reads through descriptor \p D: their window
/// addresses after the swizzle, in the order of the operand's rows (K-major:
/// row by row, its two pieces each; M/N-major, which only 16-bit types
/// have: K row by K row). \p MNMajor: the operand is transposed
/// (imm-trans 1).
std::vector<uint32_t> gmmaOperandPieces(const GmmaDescriptor &D, unsigned Rows,
                                        bool MNMajor);

/// The bytes of shared memory the gmma pipe reads per wavefront: one core
/// matrix, 8 rows of 16 bytes. Under every canonical layout a core matrix's
/// rows lie in 8 different 16-byte bank groups (16 bytes apart, or a
/// swizzle span apart with the rows' pieces XORed apart), so an operand
/// costs its bytes / 128 wavefronts: measured on the H200 for 27 layouts,
/// swizzled or not, starts off the atom included
/// (docs/measurements/h200-wgmma.md), with no bank conflict in any.
constexpr unsigned GmmaBytesPerWavefront = 128;

/// The byte alignment at which a swizzle mode's pattern starts over (1024
/// for 128-byte, 512 for 64-byte, 256 for 32-byte; 16 for none).
unsigned gmmaSwizzleRepeat(unsigned SwizzleBytes);

} // namespace smemlint

#endif
