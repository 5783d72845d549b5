//===--- ProxyFenceProfile.cpp - Generic writes the async proxy reads -----===//

#include "Analysis/ProxyFenceProfile.h"

#include "Evaluation/WarpgroupMma.h"

#include "clang/AST/Decl.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>

namespace smemlint {

ProxyFenceObserver::ProxyFenceObserver(unsigned Threads,
                                       ProxyFenceProfile &Profile)
    : Profile(Profile), LastFence(Threads, 0) {}

unsigned ProxyFenceObserver::writeSite(const MemoryAccessEvent &Event) {
  auto [It, New] = WriteIndex.try_emplace(Event.Site, unsigned(Writes.size()));
  if (New)
    Writes.push_back({Event.Site, Event.ReachedThrough,
                      std::vector<std::string>(Event.Assumptions.begin(),
                                               Event.Assumptions.end())});
  return It->second;
}

void ProxyFenceObserver::onMemoryAccess(const MemoryAccessEvent &Event) {
  if (!Event.Address.Object.IsShared)
    return;
  ++Now;
  const void *Object =
      Event.Address.Object.Decl
          ? static_cast<const void *>(Event.Address.Object.Decl)
          : Event.Address.Object.Storage;
  if (Event.Async == AsyncPhase::BulkRead) {
    checkCopy(Event);
    return;
  }
  if (Event.Async == AsyncPhase::BulkIssue) {
    AsyncWriters.insert(Event.Site);
    return;
  }
  if (Event.Kind == AccessKind::Load || Event.Async == AsyncPhase::Issue)
    return; // a cp.async writes when it completes
  bool ThroughAsyncProxy = Event.Async == AsyncPhase::Completion &&
                           AsyncWriters.contains(Event.Site);
  unsigned Site = ThroughAsyncProxy ? 0 : writeSite(Event);
  unsigned Units = std::max(1u, (Event.WidthBytes + 3) / 4);
  forEachThreadInBoth(Event.Active, Event.Address.Known, [&](unsigned T) {
    // Words, by the address of their first byte rounded down.
    int64_t First = Event.Address.Values[T] & ~int64_t(3);
    for (unsigned U = 0; U < Units; ++U) {
      WordKey Key{Object, First + int64_t(U) * 4};
      if (ThroughAsyncProxy)
        Words.erase(Key);
      else
        Words[Key] = LastWrite{T, Now, Site};
    }
  });
}

void ProxyFenceObserver::onBarrier(const BarrierEvent &Event) {
  ++Now;
  if (Event.Scope != BarrierScope::Block)
    return;
  // Only a barrier every running thread passes orders all their writes
  // before the copy; a partial one is left to the barrier analysis.
  ThreadMask Missing = Event.Alive;
  Missing.reset(Event.Active);
  if (Missing.none())
    BlockBarriers.push_back(Now);
}

void ProxyFenceObserver::onProxyFence(const ProxyFenceEvent &Event) {
  ++Now;
  for (unsigned T : Event.Active.set_bits())
    LastFence[T] = Now;
}

uint64_t ProxyFenceObserver::barrierAfter(uint64_t Step) const {
  auto It = std::upper_bound(BlockBarriers.begin(), BlockBarriers.end(), Step);
  return It == BlockBarriers.end() ? 0 : *It;
}

void ProxyFenceObserver::checkCopy(const MemoryAccessEvent &Event) {
  const void *Object =
      Event.Address.Object.Decl
          ? static_cast<const void *>(Event.Address.Object.Decl)
          : Event.Address.Object.Storage;
  // Per write site: the first unfenced word found, and how many.
  llvm::DenseMap<unsigned, size_t> BySite;
  std::vector<ProxyFenceGap> Gaps;
  uint64_t Words4 = std::max(1u, Event.WidthBytes / 4);
  forEachThreadInBoth(Event.Active, Event.Address.Known, [&](unsigned T) {
    int64_t First = Event.Address.Values[T] & ~int64_t(3);
    for (uint64_t U = 0; U < Words4; ++U) {
      int64_t Offset = First + int64_t(U) * 4;
      auto Word = Words.find(WordKey{Object, Offset});
      if (Word == Words.end())
        continue;
      const LastWrite &Last = Word->second;
      // A wgmma reads once its whole warpgroup issued it: after what each
      // of its threads wrote, but only the writer's own fence covers that.
      bool OwnWarpgroup =
          Event.WarpgroupMma &&
          Last.Thread / WarpgroupThreads == T / WarpgroupThreads;
      // Ordered before the copy: by program order, or by a block barrier
      // after the write (the first one: a fence after it covers the rest).
      uint64_t Barrier = Last.Thread == T ? 0 : barrierAfter(Last.Step);
      if (Last.Thread != T && !OwnWarpgroup && !Barrier)
        continue; // unordered: the barrier analysis reports the race
      bool WriterFenced = LastFence[Last.Thread] > Last.Step;
      // The issuer's fence covers another thread's write that a barrier
      // ordered before it.
      bool IssuerFenced = Last.Thread == T ? LastFence[T] > Last.Step
                                           : Barrier && LastFence[T] > Barrier;
      if (WriterFenced || IssuerFenced)
        continue;
      auto [Slot, New] = BySite.try_emplace(Last.Write, Gaps.size());
      if (New) {
        const WriteSite &Write = Writes[Last.Write];
        ProxyFenceGap Gap;
        Gap.Copy = Event.Site;
        Gap.CopyCalledFrom = Event.CalledFrom;
        Gap.Write = Write.Site;
        Gap.WriteReachedThrough = Write.ReachedThrough;
        Gap.Array =
            llvm::dyn_cast_or_null<clang::VarDecl>(Event.Address.Object.Decl);
        Gap.Offset = Offset;
        Gap.Writer = Last.Thread;
        Gap.Issuer = T;
        Gap.ThroughBarrier = Last.Thread != T && Barrier;
        Gap.ByWarpgroupMma = Event.WarpgroupMma != nullptr;
        Gap.Assumptions = Write.Assumptions;
        for (const std::string &Assumption : Event.Assumptions)
          if (!llvm::is_contained(Gap.Assumptions, Assumption))
            Gap.Assumptions.push_back(Assumption);
        Gaps.push_back(std::move(Gap));
      }
      ProxyFenceGap &Gap = Gaps[Slot->second];
      ++Gap.UnfencedWords;
      // The example: another thread's write, when there is one, shows the
      // barrier the copy relies on.
      if (!Gap.ThroughBarrier && Last.Thread != T && Barrier) {
        Gap.Offset = Offset;
        Gap.Writer = Last.Thread;
        Gap.Issuer = T;
        Gap.ThroughBarrier = true;
      }
    }
  });
  uint64_t CopyWords = 0;
  forEachThreadInBoth(Event.Active, Event.Address.Known,
                      [&](unsigned) { CopyWords += Words4; });
  for (ProxyFenceGap &Gap : Gaps) {
    if (!Reported.insert({Gap.Copy, Gap.Write}).second)
      continue;
    Gap.CopyWords = CopyWords;
    Profile.Gaps.push_back(std::move(Gap));
  }
}

} // namespace smemlint
