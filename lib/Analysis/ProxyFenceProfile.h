//===--- ProxyFenceProfile.h - Generic writes the async proxy reads -*- C++
//-*-//
//
// Hopper's bulk copies out of shared memory (cp.async.bulk.global.shared::cta,
// the TMA store) read through the async proxy, which is not ordered with the
// generic proxy's st.shared by barriers alone: the PTX memory model asks for
// a `fence.proxy.async.shared::cta` between the generic writes and the copy.
// CUDA's programming guide has every writing thread fence before the
// barrier; a fence by the issuing thread after the barrier is accepted too.
//
// The observer keeps, per word of shared memory, the last generic write and
// its step in the evaluation; at a bulk copy it takes each word the copy
// reads whose write is ordered before the copy (the issuing thread's own, or
// one before a block barrier every running thread passed) and fenced by
// neither its writer (a fence after the write) nor the issuer (a fence after
// that barrier, or after its own write). A write not ordered at all is a
// race the barrier analysis reports.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_ANALYSIS_PROXYFENCEPROFILE_H
#define SMEMLINT_ANALYSIS_PROXYFENCEPROFILE_H

#include "Evaluation/ExecutionObserver.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <string>
#include <vector>

namespace clang {
class Expr;
class VarDecl;
} // namespace clang

namespace smemlint {

/// A bulk copy that reads generic writes no proxy fence orders before it.
struct ProxyFenceGap {
  /// The bulk copy out of shared memory, and the generic write it reads.
  const clang::Expr *Copy = nullptr;
  const clang::Expr *Write = nullptr;
  /// The kernel's statement through which the copy was reached (a helper
  /// in any file); invalid when it is in the kernel's body.
  clang::SourceLocation CopyCalledFrom;
  /// When the write is in a helper of another file: the kernel's call.
  clang::SourceLocation WriteReachedThrough;
  const clang::VarDecl *Array = nullptr;
  /// An example: a byte offset into Array the copy reads, the thread whose
  /// write left it there, and the thread that issued the copy.
  int64_t Offset = 0;
  unsigned Writer = 0, Issuer = 0;
  /// The words of the copy whose writes are not fenced, and how many it
  /// reads.
  uint64_t UnfencedWords = 0, CopyWords = 0;
  /// The write is ordered before the copy by a block barrier (otherwise the
  /// issuing thread wrote it itself).
  bool ThroughBarrier = false;
  /// The reader is a wgmma (its operand's descriptor), not a bulk copy:
  /// Issuer is then a thread of the warpgroup that issues it.
  bool ByWarpgroupMma = false;
  /// Data-dependent branches the write or the copy rests on.
  std::vector<std::string> Assumptions;
};

struct ProxyFenceProfile {
  std::vector<ProxyFenceGap> Gaps;
};

class ProxyFenceObserver : public ExecutionObserver {
public:
  ProxyFenceObserver(unsigned Threads, ProxyFenceProfile &Profile);

  void onMemoryAccess(const MemoryAccessEvent &Event) override;
  void onBarrier(const BarrierEvent &Event) override;
  void onProxyFence(const ProxyFenceEvent &Event) override;

private:
  struct LastWrite {
    unsigned Thread = 0;
    uint64_t Step = 0;
    /// Index into Writes (the site and its assumptions).
    unsigned Write = 0;
  };
  struct WriteSite {
    const clang::Expr *Site;
    clang::SourceLocation ReachedThrough;
    std::vector<std::string> Assumptions;
  };
  using WordKey = std::pair<const void *, int64_t>;

  unsigned writeSite(const MemoryAccessEvent &Event);
  void checkCopy(const MemoryAccessEvent &Event);
  /// The step of the first block barrier after \p Step, 0 if none.
  uint64_t barrierAfter(uint64_t Step) const;

  ProxyFenceProfile &Profile;
  /// Every event advances it; steps order writes, fences and barriers.
  uint64_t Now = 0;
  /// Per thread: the step of its last proxy fence (0: none yet).
  std::vector<uint64_t> LastFence;
  /// Steps of the block barriers every running thread passed, in order.
  std::vector<uint64_t> BlockBarriers;
  llvm::DenseMap<WordKey, LastWrite> Words;
  std::vector<WriteSite> Writes;
  llvm::DenseMap<const clang::Expr *, unsigned> WriteIndex;
  /// Bulk copies into shared memory: their completion writes through the
  /// async proxy, which needs no fence before a bulk read.
  llvm::DenseSet<const clang::Expr *> AsyncWriters;
  /// Copies already reported with this write.
  llvm::DenseSet<std::pair<const clang::Expr *, const clang::Expr *>> Reported;
};

} // namespace smemlint

#endif
