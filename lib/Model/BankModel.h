//===--- BankModel.h - How a warp's shared-memory request is served -*- C++ -*-//
//
// Pure arithmetic, no Clang: given the byte address each lane of one warp
// touches (or none, for an inactive lane) and the access width, the number of
// wavefronts (service steps) the request takes, the ideal for the same bytes,
// and the bank that explains the difference.
//
// The rule (docs/measurements/h200-bank-probes.md, 330 measured patterns):
// - The warp is served in phases of consecutive lanes that carry 128 bytes:
//   the whole warp for accesses of up to 4 bytes, half-warps for 8 bytes,
//   quarter-warps for 16 bytes.
// - A load (not a store or atomic) whose aligned lane quads each read in
//   pairs (lanes {0,1},{2,3} or {0,2},{1,3} of the quad share an address; an
//   inactive lane matches anything) is served in phases twice that size.
// - A phase costs as many wavefronts as its busiest bank has distinct 4-byte
//   words to deliver; lanes reading one word share it (broadcast). An empty
//   phase costs nothing. The instruction costs the sum over its phases.
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_MODEL_BANKMODEL_H
#define SMEMLINT_MODEL_BANKMODEL_H

#include "Hardware/ArchTable.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace smemlint {

/// The byte address one lane touches; nullopt for an inactive lane.
using LaneAddress = std::optional<uint64_t>;

/// The lanes that need distinct words of one bank in one phase: the reason a
/// request takes more than its ideal number of wavefronts.
struct BankHotspot {
  unsigned Bank = 0;
  /// Distinct bank words wanted from this bank.
  unsigned DistinctWords = 0;
  /// The lanes asking for them, ascending.
  std::vector<unsigned> Lanes;
  /// The word index (byte address / bank width) of each of those words,
  /// ascending.
  std::vector<uint64_t> Words;
};

/// What one warp instruction costs.
struct WarpRequestCost {
  unsigned Wavefronts = 0;
  /// Wavefronts the same distinct words would take with no conflict.
  unsigned IdealWavefronts = 0;
  /// The busiest bank of the most expensive phase.
  BankHotspot Hotspot;
  /// Consecutive lanes served together in one phase.
  unsigned LanesPerPhase = 0;
  /// Another block's shared memory (serveRemoteRequest): the aligned
  /// 512-byte segments the lanes touch, and the most wavefronts over the
  /// array's placements (Wavefronts is the fewest); 0 otherwise.
  unsigned Segments = 0;
  unsigned MostWavefronts = 0;
  /// For another block's memory: the bank rule's wavefronts for the whole
  /// warp, which the segments of a load may raise, and the segment rule's
  /// at each placement of the array (a bank cycle apart).
  unsigned BankWavefronts = 0;
  llvm::SmallVector<unsigned, 4> ByPlacement;
  /// For a cp.async (serveAsyncCopy): the 128-byte lines its lanes' global
  /// sources lie in, when more than one; 0 otherwise.
  unsigned SourceLines = 0;

  /// The conflict degree ("N-way"): wavefronts over the ideal, rounded up.
  unsigned ways() const {
    return IdealWavefronts == 0
               ? 0
               : (Wavefronts + IdealWavefronts - 1) / IdealWavefronts;
  }
};

enum class RequestKind {
  Load,
  Store,
  /// ldmatrix / stmatrix: each lane gives the address of one 16-byte row of
  /// an 8x8 matrix of 16-bit elements, lanes 8m to 8m+7 those of matrix m.
  /// Each matrix is served on its own, never merged with another
  /// (../shared/ref/h200-hopper.md: 96 measured launches).
  MatrixRows,
  /// The shared write of a cp.async.ca (LDGSTS): served as a store, except
  /// that lanes writing the same word are not merged; each lane is its own
  /// access (docs/measurements/h200-cp-async.md: 32 lanes on one word take
  /// 32 wavefronts, STS 1).
  AsyncCopy
};

/// The rows of one ldmatrix / stmatrix matrix: lanes served together.
constexpr unsigned MatrixRowsPerPhase = 8;
/// The bytes of one such row: 8 elements of 16 bits.
constexpr unsigned MatrixRowBytes = 16;

/// Serves one warp-wide access of \p WidthBytes per lane. \p Lanes has one
/// entry per lane of the warp (missing trailing lanes are inactive). A warp with
/// no active lane costs nothing. Atomics are served like stores.
WarpRequestCost serveWarpRequest(const SharedMemoryBanking &Banking,
                                 unsigned WidthBytes, RequestKind Kind,
                                 llvm::ArrayRef<LaneAddress> Lanes);

/// The wavefronts and the ideal wavefronts of what serveWarpRequest serves,
/// without the hotspot: allocation-free, for the warps whose cost is only
/// added up (the evaluation asks once per warp instruction).
struct WarpWavefronts {
  unsigned Wavefronts = 0;
  unsigned IdealWavefronts = 0;
};
WarpWavefronts countWarpRequest(const SharedMemoryBanking &Banking,
                                unsigned WidthBytes, RequestKind Kind,
                                llvm::ArrayRef<LaneAddress> Lanes);

/// The bytes of the global lines a cp.async's sources are fetched in.
constexpr unsigned AsyncCopySourceLineBytes = 128;

/// Serves the shared write of one warp's cp.async.ca (LDGSTS) whose lanes
/// copy from \p SourceLines (per lane, the index of its source's 128-byte
/// line, in any numbering; nullopt for an inactive lane). The warp is served
/// phase after phase as a store of the width is (a quarter warp at a time
/// for 16 bytes); a phase's lines arrive one per wavefront from its start,
/// in the order of the first of its lanes that needs each, and each
/// wavefront writes at most one word per bank for lanes whose line is in,
/// lanes on one word counted apart (measured for 4, 8 and 16 bytes:
/// docs/measurements/h200-cp-async.md, "Sources in several lines"). A warp
/// whose sources are one line costs what serveWarpRequest's AsyncCopy does.
/// The ideal is the phases' lines: the same copy with no bank shared.
WarpRequestCost
serveAsyncCopy(const SharedMemoryBanking &Banking, unsigned WidthBytes,
               llvm::ArrayRef<LaneAddress> Lanes,
               llvm::ArrayRef<std::optional<uint64_t>> SourceLines);

/// The bytes of the segments a load of another block's shared memory is
/// served in (distributed shared memory).
constexpr unsigned RemoteSegmentBytes = 512;

/// Serves one warp-wide access of another block's shared memory (through
/// cluster.map_shared_rank / mapa). The rule
/// (docs/measurements/h200-clusters.md, 140 single-warp loads and 140
/// stores measured on the H200):
/// - A load is split by the aligned 512-byte segment each lane's address
///   falls in; each segment's lanes are served as a request of their own
///   by the bank model, and the instruction costs the sum (exact on 131 of
///   the 140 loads; within 2 wavefronts where every lane reads its own
///   128-byte row).
/// - A store costs at least the bank model's wavefronts (exact for 8- and
///   16-byte stores within 512 bytes), and lanes spread over segments add
///   up to the load rule's, varying from run to run: Wavefronts is the
///   bank model's, MostWavefronts the segment rule's.
/// \p Lanes are offsets from an array that starts on a bank cycle; where in
/// a 512-byte segment it starts is not known, so a load is served at each
/// of the bank-cycle placements: Wavefronts is the fewest, MostWavefronts
/// the most.
WarpRequestCost serveRemoteRequest(const SharedMemoryBanking &Banking,
                                   unsigned WidthBytes, RequestKind Kind,
                                   llvm::ArrayRef<LaneAddress> Lanes);

/// The load rule above at one placement: \p Lanes are addresses in the
/// other block's shared memory, segments starting at multiples of
/// RemoteSegmentBytes.
WarpRequestCost serveBySegments(const SharedMemoryBanking &Banking,
                                unsigned WidthBytes, RequestKind Kind,
                                llvm::ArrayRef<LaneAddress> Lanes);

/// The bank of the word that holds byte \p Offset of a bank-aligned array
/// (a negative offset is in a negative word, bank cycles repeating below 0).
unsigned bankOf(const SharedMemoryBanking &Banking, int64_t Offset);

/// True when every aligned quad of \p Lanes reads in pairs: lanes {0,1} and
/// {2,3} of the quad, or {0,2} and {1,3}, share an address.
bool quadsReadInPairs(llvm::ArrayRef<LaneAddress> Lanes);

} // namespace smemlint

#endif
