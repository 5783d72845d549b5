//===--- ClusterProfile.cpp - Races between the blocks of a cluster -------===//

#include "Analysis/ClusterProfile.h"

#include "clang/AST/Decl.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <set>

namespace smemlint {

ClusterObserver::ClusterObserver(unsigned Threads, ClusterProfile &Profile)
    : Profile(Profile), Arrivals(Threads, 0), Waits(Threads, 0) {}

void ClusterObserver::record(const MemoryAccessEvent &Event,
                             const RemoteSharedAccessEvent *Mapped,
                             Words &Into) {
  const clang::Stmt *MappedAt = Mapped ? Mapped->MappedAt : nullptr;
  const MemoryObject &Object = Event.Address.Object;
  std::string Assumed = llvm::join(Event.Assumptions, "\n");
  auto [It, New] = ContextIndex.try_emplace(
      std::make_tuple(static_cast<const void *>(Event.Site), int(Event.Kind),
                      static_cast<const void *>(MappedAt), Assumed),
      uint32_t(Contexts.size()));
  // One known value stored by every thread, in every execution so far (a
  // flag): two such stores of the same value do not race.
  std::optional<int64_t> OneValue;
  if (const ThreadValue *Stored = Event.StoredValue)
    for (unsigned T : Event.Active.set_bits()) {
      if (!Stored->Known[T] || (OneValue && *OneValue != Stored->Values[T])) {
        OneValue.reset();
        break;
      }
      OneValue = Stored->Values[T];
    }
  if (New) {
    Context C;
    C.Access.Site = Event.Site;
    C.Access.Kind = Event.Kind;
    C.Access.ReachedThrough = Event.ReachedThrough;
    C.Access.MappedAt = MappedAt;
    if (Mapped)
      C.Access.MappedThrough = Mapped->MappedThrough;
    C.Access.Target = Object.Cluster;
    C.Access.FixedRank = Object.FixedRank;
    C.Assumptions.assign(Event.Assumptions.begin(), Event.Assumptions.end());
    C.OneValue = OneValue.has_value();
    C.Value = OneValue.value_or(0);
    Contexts.push_back(std::move(C));
  } else {
    Context &C = Contexts[It->second];
    C.OneValue = C.OneValue && OneValue && *OneValue == C.Value;
  }
  uint32_t ContextId = It->second;
  Contexts[ContextId].Access.Symbols |= Event.Address.Symbols;
  const clang::ValueDecl *Key = Object.Decl;
  unsigned Units = std::max(1u, (Event.WidthBytes + 3) / 4);
  forEachThreadInBoth(Event.Active, Event.Address.Known, [&](unsigned T) {
    int64_t First = Event.Address.Values[T] >> 2;
    for (unsigned U = 0; U < Units; ++U)
      remember(Into[{Key, First + U}], {ContextId, T, Arrivals[T], Waits[T]});
  });
  // Another block's words whose address depends on data (a histogram's
  // bin): compared with every word of the variable.
  if (Mapped)
    for (unsigned T : Event.Active.set_bits())
      if (!Event.Address.Known[T])
        remember(Wild[Key], {ContextId, T, Arrivals[T], Waits[T]});
}

void ClusterObserver::remember(llvm::SmallVector<Record, 2> &Seen,
                               const Record &New) {
  if (llvm::any_of(Seen, [&](const Record &R) {
        return R.Context == New.Context && R.Arrivals == New.Arrivals &&
               R.Waits == New.Waits;
      }))
    return;
  if (Seen.size() >= ClusterProfile::MaxRecordsPerWord) {
    Seen.erase(Seen.begin());
    Profile.RecordsDropped = true;
  }
  Seen.push_back(New);
}

void ClusterObserver::onMemoryAccess(const MemoryAccessEvent &Event) {
  // The block's own shared memory, as its peers' accesses through their
  // mappings meet it. Copies in flight are the async-copy check's.
  if (!Event.Address.Object.IsShared || !Event.Address.Object.Decl ||
      Event.Async != AsyncPhase::None)
    return;
  record(Event, nullptr, Local);
}

void ClusterObserver::onRemoteSharedAccess(
    const RemoteSharedAccessEvent &Event) {
  Profile.RemoteAccesses = true;
  if (Event.Access.Address.Object.Decl)
    record(Event.Access, &Event, Remote);
}

void ClusterObserver::onClusterBarrier(const ClusterBarrierEvent &Event) {
  for (unsigned T : Event.Active.set_bits()) {
    if (Event.What == ClusterBarrierEvent::Step::Wait) {
      ++Waits[T];
      continue;
    }
    uint32_t Index = Arrivals[T]++;
    if (ReleaseArrival.size() <= Index)
      ReleaseArrival.resize(Index + 1, false);
    if (Event.What == ClusterBarrierEvent::Step::Arrive)
      ReleaseArrival[Index] = true;
  }
}

void ClusterObserver::onLoopSampled(const clang::Stmt *Loop,
                                    const std::string &) {
  if (Loop && !llvm::is_contained(Profile.PartialLoops, Loop))
    Profile.PartialLoops.push_back(Loop);
}

void ClusterObserver::onIterationsSkipped(const SkippedIterationsEvent &Event) {
  if (Event.Loop && !llvm::is_contained(Profile.PartialLoops, Event.Loop))
    Profile.PartialLoops.push_back(Event.Loop);
}

void ClusterObserver::onBlockExit() { Profile.ExitSeen = true; }

bool ClusterObserver::releasedBetween(uint32_t After, uint32_t UpTo) const {
  // Arrival number K (from 1) is ReleaseArrival[K - 1]; a thread that made
  // After arrivals before its access makes arrival After + 1 next.
  for (uint32_t K = After + 1; K <= UpTo; ++K)
    if (K - 1 < ReleaseArrival.size() && ReleaseArrival[K - 1])
      return true;
  return false;
}

bool ClusterObserver::ordered(const Record &A, const Record &B) const {
  return releasedBetween(A.Arrivals, B.Waits) ||
         releasedBetween(B.Arrivals, A.Waits);
}

bool ClusterObserver::conflict(const Record &A, const Record &B) const {
  const Context &CA = Contexts[A.Context], &CB = Contexts[B.Context];
  AccessKind KA = CA.Access.Kind, KB = CB.Access.Kind;
  if (KA == AccessKind::Load && KB == AccessKind::Load)
    return false;
  if (KA == AccessKind::Atomic && KB == AccessKind::Atomic)
    return false;
  // Two stores of one value (every block setting a flag) leave that value.
  return !(KA == AccessKind::Store && KB == AccessKind::Store && CA.OneValue &&
           CB.OneValue && CA.Value == CB.Value);
}

bool ClusterObserver::mayShareTarget(const ClusterAccess &A,
                                     const ClusterAccess &B) {
  using Block = MemoryObject::ClusterBlock;
  // Peer: each block names a different one (the assumption the finding
  // of a Peer access does not rest on: it is only compared with its
  // target's own accesses).
  if (A.Target == Block::Peer || B.Target == Block::Peer)
    return false;
  if (A.Target == Block::Any || B.Target == Block::Any)
    return true;
  return A.FixedRank == B.FixedRank;
}

ClusterAccess ClusterObserver::describe(const Record &R) const {
  ClusterAccess Access = Contexts[R.Context].Access;
  Access.Thread = R.Thread;
  return Access;
}

std::vector<std::string> ClusterObserver::assumptionsOf(const Record &A,
                                                        const Record &B) const {
  std::vector<std::string> All = Contexts[A.Context].Assumptions;
  for (const std::string &More : Contexts[B.Context].Assumptions)
    if (!llvm::is_contained(All, More))
      All.push_back(More);
  return All;
}

void ClusterObserver::reportRace(const Record &R, const Record &O,
                                 bool OtherRemote, const clang::ValueDecl *Var,
                                 int64_t Word, bool WordFromData) {
  if (!Reported.insert({R.Context, O.Context, OtherRemote}).second)
    return;
  ClusterRace Race;
  Race.Remote = describe(R);
  Race.Other = describe(O);
  Race.OtherRemote = OtherRemote;
  Race.Array = llvm::dyn_cast<clang::VarDecl>(Var);
  Race.ByteOffset = Word * 4;
  Race.WordFromData = WordFromData;
  Race.Assumptions = assumptionsOf(R, O);
  Profile.Races.push_back(std::move(Race));
}

void ClusterObserver::compare(const Record &R,
                              llvm::ArrayRef<Record> SameWordLocal,
                              llvm::ArrayRef<Record> SameWordRemote,
                              const clang::ValueDecl *Var, int64_t Word,
                              bool WordFromData) {
  for (const Record &L : SameWordLocal)
    if (conflict(R, L) && !ordered(R, L))
      reportRace(R, L, false, Var, Word, WordFromData);
  // A rank every block names, or one read from data: other blocks may
  // access the same block's word through their own mapping.
  for (const Record &Other : SameWordRemote)
    if (mayShareTarget(Contexts[R.Context].Access,
                       Contexts[Other.Context].Access) &&
        conflict(R, Other) && !ordered(R, Other))
      reportRace(R, Other, true, Var, Word, WordFromData);
  if (Profile.ExitSeen && !releasedBetween(R.Arrivals, LastWait) &&
      ExitReported.insert(R.Context).second) {
    ClusterExitHazard Exit;
    Exit.Remote = describe(R);
    Exit.Array = llvm::dyn_cast<clang::VarDecl>(Var);
    Exit.ByteOffset = Word * 4;
    Exit.WordFromData = WordFromData;
    Exit.Assumptions = Contexts[R.Context].Assumptions;
    Profile.ExitHazards.push_back(std::move(Exit));
  }
}

void ClusterObserver::finish() {
  for (uint32_t W : Waits)
    LastWait = std::max(LastWait, W);
  // In a fixed order (the map's is by pointer): the first example of each
  // pair is the one reported.
  std::vector<std::pair<WordKey, const llvm::SmallVector<Record, 2> *>> Order;
  for (const auto &[Word, Records] : Remote)
    Order.push_back({Word, &Records});
  llvm::sort(Order, [](const auto &A, const auto &B) {
    return A.second->front().Context != B.second->front().Context
               ? A.second->front().Context < B.second->front().Context
               : A.first.second < B.first.second;
  });
  for (const auto &[Word, Records] : Order) {
    auto Mine = Local.find(Word);
    llvm::ArrayRef<Record> SameWord;
    if (Mine != Local.end())
      SameWord = Mine->second;
    for (const Record &R : *Records)
      compare(R, SameWord, *Records, Word.first, Word.second, false);
  }

  // Accesses whose word depends on data: against every word of their
  // variable that this block (so any block) accesses, and each other.
  for (const auto &[Var, Records] : Wild) {
    std::vector<std::pair<int64_t, const llvm::SmallVector<Record, 2> *>> Words;
    for (const auto &[Word, Locals] : Local)
      if (Word.first == Var)
        Words.push_back({Word.second, &Locals});
    llvm::sort(Words,
               [](const auto &A, const auto &B) { return A.first < B.first; });
    for (const Record &R : Records) {
      for (const auto &[Word, Locals] : Words)
        compare(R, *Locals, {}, Var, Word, true);
      compare(R, {}, Records, Var, 0, true);
    }
  }
}

} // namespace smemlint
