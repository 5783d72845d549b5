//===--- BarrierProfile.cpp - Shared-memory hazards between barriers ------===//

#include "Analysis/BarrierProfile.h"

#include "Evaluation/WarpgroupMma.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <tuple>

namespace smemlint {

namespace {

/// One access of one word by one thread, as remembered until the next
/// barrier.
struct WordAccess {
  unsigned Thread;
  unsigned WarpEpoch; ///< The thread's warp's __syncwarp count at the time.
  unsigned Context;   ///< Index into State::Contexts.
  bool Atomic;
  /// The block barriers only part of the block reached in this interval
  /// before the access (State::PartialBarriers).
  unsigned PartialBarriers = 0;
};

/// A stored value as far as it is known: the value, or its value number
/// (ValueNumbers.h) when the evaluation could not compute it.
struct WrittenValue {
  bool IsNumber;
  int64_t Value;
  bool operator==(const WrittenValue &O) const {
    return IsNumber == O.IsNumber && Value == O.Value;
  }
};

std::optional<WrittenValue> writtenValue(const ThreadValue &Stored,
                                         unsigned T) {
  if (Stored.Known[T])
    return WrittenValue{false, Stored.Values[T]};
  if (uint32_t Number = Stored.numberOf(T))
    return WrittenValue{true, Number};
  return std::nullopt;
}

struct WordState {
  std::optional<WordAccess> Writer;
  /// What the writer stored, when known or numbered: a later write of the
  /// same value is no race (the flag idiom, `found = true` from any thread).
  std::optional<WrittenValue> Written;
  /// The two most recent readers with distinct threads: enough to find a
  /// reader other than any given writer.
  std::optional<WordAccess> Readers[2];
};

/// Where an access happened: shared by all threads of one event.
struct AccessContext {
  const clang::Expr *Site;
  AccessKind Kind;
  /// Interned: the same few nests recur in every access.
  const std::vector<const clang::Stmt *> *Loops;
  llvm::SmallVector<unsigned, 4> Iterations;
  /// A wgmma's operand read (MemoryAccessEvent::WarpgroupMma).
  bool ByWarpgroupMma = false;
  /// MemoryAccessEvent::ReachedThrough.
  clang::SourceLocation ReachedThrough;
};

/// Calls \p Visit(Thread, Offset) for each \p Unit-byte piece each active
/// thread of \p Event touches, \p Units of them from its address (modulo
/// 2^64: a wild offset must not overflow).
template <typename VisitT>
void forEachPiece(const MemoryAccessEvent &Event, unsigned Unit, unsigned Units,
                  VisitT Visit) {
  forEachThreadInBoth(Event.Active, Event.Address.Known, [&](unsigned T) {
    for (unsigned U = 0; U < Units; ++U)
      Visit(T, int64_t(uint64_t(Event.Address.Values[T]) + U * Unit));
  });
}

/// A cp.async's or cp.async.bulk's issue.
bool issuesCopy(const MemoryAccessEvent &Event) {
  return Event.Async == AsyncPhase::Issue ||
         Event.Async == AsyncPhase::BulkIssue;
}

/// The key of the \p Unit-byte piece at byte \p Offset of an array, modulo
/// 2^64: a wild index must not overflow a signed multiplication.
int64_t pieceKey(int64_t Offset, unsigned Unit) {
  return int64_t(uint64_t(Offset) * 8 + Unit);
}

/// What is remembered of every piece of shared memory since the last block
/// barrier, and which thread stored to it first in the current statement.
/// Pieces inside an array of known size sit in a flat table per array and
/// piece size, forgotten by advancing a counter; the rest (dynamic shared
/// memory, wild offsets) in a hash map. Two hash lookups per thread and
/// access used to be most of the observer's time.
class PieceTable {
public:
  /// Forgets every piece: a block barrier.
  void newInterval() {
    if (++Interval == 0)
      restartCounters();
    Scattered.clear();
  }
  /// Forgets the first writers: a new store statement.
  void newStatement() {
    if (++Statement == 0)
      restartCounters();
    ScatteredFirstWriters.clear();
  }

  /// Picks the flat table for the pieces of \p Array of \p Unit bytes, if
  /// it can have one; call before the lookups of an access.
  void select(const clang::VarDecl *Array, unsigned Unit) {
    SelectedArray = Array;
    SelectedUnit = Unit;
    SelectedShift = llvm::isPowerOf2_32(Unit) ? llvm::Log2_32(Unit) : 0;
    Selected = nullptr;
    SelectedBytes.reset();
    auto &[Stamp, Widths] = WidthsUsed[Array];
    if (Stamp != Interval) {
      Stamp = Interval;
      Widths = 0;
    }
    OtherWidths = Widths & ~Unit;
    Widths |= Unit;
    if (!Array)
      return;
    auto [It, New] = Flat.try_emplace({Array, Unit});
    if (New) {
      clang::QualType Type = Array->getType();
      if (!Type->isIncompleteType() && !Type->isDependentType()) {
        uint64_t Bytes =
            Array->getASTContext().getTypeSizeInChars(Type).getQuantity();
        It->second.Bytes = Bytes;
        if (Bytes / Unit <= MaxFlatPieces)
          It->second.Pieces = Bytes / Unit;
      } else {
        // `extern __shared__ T s[]`: as large as the launch makes it.
        It->second.Pieces = MaxFlatPieces;
      }
    }
    SelectedBytes = It->second.Bytes;
    // A 3-byte piece (char3) goes to the hash map.
    if (It->second.Pieces && llvm::isPowerOf2_32(Unit))
      Selected = &It->second;
  }

  /// Whether byte \p Offset lies outside the selected array, whose size is
  /// known: such an access is out of bounds (smem-out-of-bounds says so),
  /// mostly under an assumed value, and races through it would rest on that
  /// assumption. Not remembering it also keeps a wild index from filling
  /// the hash map.
  bool outside(int64_t Offset) const {
    return SelectedBytes && (Offset < 0 || uint64_t(Offset) >= *SelectedBytes);
  }

  /// The piece at byte \p Offset of the selected array, if accessed in this
  /// interval.
  const WordState *find(int64_t Offset) const {
    if (inFlatTable(Offset)) {
      const Slot *S = existingSlot(Offset);
      return S && S->Interval == Interval ? &S->State : nullptr;
    }
    auto It = Scattered.find({SelectedArray, pieceKey(Offset, SelectedUnit)});
    return It == Scattered.end() ? nullptr : &It->second;
  }

  WordState &get(int64_t Offset) {
    if (inFlatTable(Offset)) {
      Slot &S = slot(Offset);
      if (S.Interval != Interval) {
        S.Interval = Interval;
        S.State = WordState();
      }
      return S.State;
    }
    return Scattered[{SelectedArray, pieceKey(Offset, SelectedUnit)}];
  }

  /// The piece widths (a bit each: 1, 2, 4) the selected array was accessed
  /// with in this interval besides the selected one: its shorts written
  /// one by one and read as 16-byte vectors meet only across the tables.
  unsigned otherWidths() const { return OtherWidths; }

  /// The piece of \p Width bytes at byte \p Offset of the selected array,
  /// if accessed in this interval.
  const WordState *findOfWidth(unsigned Width, int64_t Offset) const {
    auto It =
        Flat.find({static_cast<const clang::VarDecl *>(SelectedArray), Width});
    if (It != Flat.end() && Offset >= 0 && Offset % Width == 0 &&
        uint64_t(Offset / Width) < It->second.Pieces) {
      const FlatArray &Table = It->second;
      uint64_t Index = uint64_t(Offset / Width), Page = Index / PageSlots;
      if (Page >= Table.Pages.size() || !Table.Pages[Page])
        return nullptr;
      const Slot &S = Table.Pages[Page][Index % PageSlots];
      return S.Interval == Interval ? &S.State : nullptr;
    }
    auto Found = Scattered.find({SelectedArray, pieceKey(Offset, Width)});
    return Found == Scattered.end() ? nullptr : &Found->second;
  }

  /// The first thread that stored to the piece in this statement; \p Thread
  /// if none did (and it becomes the first).
  unsigned firstWriter(int64_t Offset, unsigned Thread) {
    if (inFlatTable(Offset)) {
      Slot &S = slot(Offset);
      if (S.Statement != Statement) {
        S.Statement = Statement;
        S.FirstWriter = Thread;
      }
      return S.FirstWriter;
    }
    return ScatteredFirstWriters
        .try_emplace({SelectedArray, pieceKey(Offset, SelectedUnit)}, Thread)
        .first->second;
  }

private:
  /// Beyond this many pieces an array's accesses go to the hash map.
  static constexpr uint64_t MaxFlatPieces = uint64_t(1) << 16;

  struct Slot {
    uint32_t Interval = 0, Statement = 0;
    unsigned FirstWriter = 0;
    WordState State;
  };
  /// An array's pieces in pages allocated when first touched: a launch's
  /// evaluation touches a small part of a large (or dynamic) array, and
  /// every evaluation run (fix proofs, value sweeps) starts a new table.
  static constexpr uint64_t PageSlots = 256;
  struct FlatArray {
    std::vector<std::unique_ptr<Slot[]>> Pages;
    /// The pieces the table covers (0: none, the hash map has them all).
    uint64_t Pieces = 0;
    /// The array's size, when its type is complete.
    std::optional<uint64_t> Bytes;
  };

  /// After 2^32 barriers or statements: a stale slot must not look current.
  void restartCounters() {
    for (auto &Entry : Flat)
      for (std::unique_ptr<Slot[]> &Page : Entry.second.Pages)
        if (Page)
          for (uint64_t I = 0; I < PageSlots; ++I)
            Page[I].Interval = Page[I].Statement = 0;
    WidthsUsed.clear();
    Interval = Statement = 1;
  }

  bool inFlatTable(int64_t Offset) const {
    return Selected && Offset >= 0 && (Offset & (SelectedUnit - 1)) == 0 &&
           (uint64_t(Offset) >> SelectedShift) < Selected->Pieces;
  }

  /// The slot of a piece inFlatTable, if its page was made.
  const Slot *existingSlot(int64_t Offset) const {
    uint64_t Index = uint64_t(Offset) >> SelectedShift;
    uint64_t Page = Index / PageSlots;
    if (Page >= Selected->Pages.size() || !Selected->Pages[Page])
      return nullptr;
    return &Selected->Pages[Page][Index % PageSlots];
  }

  /// The slot of a piece inFlatTable, its page made if missing.
  Slot &slot(int64_t Offset) {
    uint64_t Index = uint64_t(Offset) >> SelectedShift;
    uint64_t Page = Index / PageSlots;
    if (Page >= Selected->Pages.size())
      Selected->Pages.resize(Page + 1);
    std::unique_ptr<Slot[]> &Slots = Selected->Pages[Page];
    if (!Slots)
      Slots = std::make_unique<Slot[]>(PageSlots);
    return Slots[Index % PageSlots];
  }

  uint32_t Interval = 1, Statement = 1;
  llvm::DenseMap<std::pair<const clang::VarDecl *, unsigned>, FlatArray> Flat;
  FlatArray *Selected = nullptr;
  /// Per array: the interval, and the piece widths accessed in it.
  llvm::DenseMap<const void *, std::pair<uint32_t, unsigned>> WidthsUsed;
  unsigned OtherWidths = 0;
  std::optional<uint64_t> SelectedBytes;
  const void *SelectedArray = nullptr;
  /// The flat tables' pieces are 1, 2 or 4 bytes: shifts, not a division
  /// per thread.
  unsigned SelectedUnit = 4;
  unsigned SelectedShift = 2;
  llvm::DenseMap<std::pair<const void *, int64_t>, WordState> Scattered;
  llvm::DenseMap<std::pair<const void *, int64_t>, unsigned>
      ScatteredFirstWriters;
};

} // namespace

struct BarrierObserver::State {
  unsigned Threads, WarpSize;
  BarrierProfile &Profile;
  std::vector<unsigned> WarpEpochs;
  /// log2 of WarpSize where it is a power of two above 1, else 0.
  unsigned WarpShift;
  /// The contexts of the accesses of the current barrier interval (older
  /// ones are no longer remembered by any piece).
  std::vector<AccessContext> Contexts;
  std::set<std::vector<const clang::Stmt *>> LoopNests;
  PieceTable Words;
  /// A hazard per pair of accesses, each a site and the kernel's call it
  /// is reached through (two calls of a library's copy are two accesses).
  using SiteKey = std::pair<const clang::Expr *, clang::SourceLocation>;
  std::map<std::tuple<SiteKey, SiteKey, int, bool, bool>, size_t> HazardIndex;
  SiteKey siteKey(const AccessContext &C) const {
    return {C.Site, C.ReachedThrough};
  }
  /// Copies in flight (MemoryAccessEvent::Async), per 4-byte word of shared
  /// memory: the thread whose copy writes it, and where it issued the copy
  /// (an index into CopyIssues, which outlive the barrier interval).
  struct CopyInFlight {
    unsigned Thread;
    unsigned Context;
  };
  llvm::DenseMap<std::pair<const void *, int64_t>,
                 llvm::SmallVector<CopyInFlight, 1>>
      CopiesInFlight;
  struct CopyIssue {
    AccessContext Where;
    bool Bulk; ///< cp.async.bulk, which its mbarrier completes.
    /// A bulk copy out of shared memory: it reads its words until its
    /// bulk group completes; only writes race with it.
    bool ReadsShared = false;
    /// A TMA tensor copy (cp.async.bulk.tensor) of a tensor map's box.
    bool Tensor = false;
    /// A wgmma's read of its operands (with ReadsShared), which
    /// wgmma.wait_group completes.
    bool WarpgroupMma = false;
  };
  std::vector<CopyIssue> CopyIssues;
  /// The shared variables some thread wrote in the current barrier interval
  /// (arrayKey), with the one thread that wrote each, or ManyThreads.
  llvm::SmallDenseMap<const void *, unsigned, 4> WrittenInInterval;
  static constexpr unsigned ManyThreads = ~0u;
  /// The one thread of \p Threads, or ManyThreads.
  static unsigned onlyThread(const ThreadMask &Threads) {
    return Threads.count() == 1 ? unsigned(Threads.find_first()) : ManyThreads;
  }
  void written(const void *ArrayKey, unsigned Thread) {
    auto [It, New] = WrittenInInterval.try_emplace(ArrayKey, Thread);
    if (!New && It->second != Thread)
      It->second = ManyThreads;
  }
  /// Loops of the current interval whose skipped iterations' reads were not
  /// compared with the writes that may follow in it (SkippedIterationsEvent):
  /// the loop, and the variables it read (arrayKey; empty: any). A loop one
  /// thread runs (`if (tid == 0)`) races with no write of that thread: its
  /// own accesses are in program order.
  struct SkippedReads {
    std::string Loop;
    llvm::SmallPtrSet<const void *, 4> Arrays;
    unsigned Reader = ManyThreads;
    bool racesWith(unsigned Writer) const {
      return Reader == ManyThreads || Writer != Reader;
    }
    /// A write to a variable of unknown declaration meets any reads.
    bool meets(const void *ArrayKey) const {
      return Arrays.empty() || !ArrayKey || Arrays.count(ArrayKey);
    }
  };
  std::vector<SkippedReads> LoopsWithSkippedReads;

  /// What identifies a shared variable for the skipped reads: its
  /// declaration, except that every dynamic shared variable is one memory.
  static const void *arrayKey(const clang::ValueDecl *Array) {
    static const char Dynamic = 0;
    const auto *Var = llvm::dyn_cast_or_null<clang::VarDecl>(Array);
    if (Var && Var->hasExternalStorage())
      return &Dynamic;
    return Array;
  }
  /// The block barriers of the current interval that some running threads
  /// skipped: each orders only the threads that reached it (racecheck on an
  /// H200 reports the read after `if (tid < 128) __syncthreads();` racing
  /// with the other threads' writes).
  struct PartialBarrier {
    const clang::Stmt *Site;
    ThreadMask Arrived;
    /// For an mbarrier wait (directed: Arrived are the waiters): per thread,
    /// the count of partial barriers when it released its accesses to the
    /// phase (arrived, or its copy landed); NotReleased if it did not. Empty
    /// for a barrier of part of the block, which orders its threads both
    /// ways. An arrival itself is an entry with no threads, so that the
    /// accesses after it count as after.
    std::vector<uint32_t> ReleasedAt;
  };
  static constexpr uint32_t NotReleased = ~uint32_t(0);
  /// Per mbarrier phase of the current interval (PhaseId): when each thread
  /// released to it, and how many accesses there were at the first release.
  struct PhaseReleases {
    std::vector<uint32_t> At;
    uint64_t AccessesAtFirst = 0;
  };
  llvm::DenseMap<uint64_t, PhaseReleases> Releases;
  /// Shared accesses seen, for telling a wait that every thread reaches
  /// right after its arrival (cuda::barrier::arrive_and_wait) from one with
  /// accesses in between.
  uint64_t Accesses = 0, AccessesAtMarker = 0;
  /// The step of the access being looked at (MemoryAccessEvent::Step).
  uint64_t Step = 0;
  std::vector<PartialBarrier> PartialBarriers;
  /// Past this many in one interval (a divergent barrier in a long loop),
  /// the next is taken as a whole barrier and the analysis says so.
  static constexpr size_t MaxPartialBarriers = 64;

  void newInterval() {
    Words.newInterval();
    Contexts.clear();
    for (unsigned &Epoch : WarpEpochs)
      ++Epoch;
    WrittenInInterval.clear();
    LoopsWithSkippedReads.clear();
    PartialBarriers.clear();
    Releases.clear();
  }

  /// An entry of PartialBarriers, or past MaxPartialBarriers in one
  /// interval, a barrier of the whole block (the analysis says so).
  void addPartialBarrier(PartialBarrier Barrier) {
    if (PartialBarriers.size() < MaxPartialBarriers) {
      PartialBarriers.push_back(std::move(Barrier));
      return;
    }
    incompleteAt("the race analysis after divergent barriers and mbarrier "
                 "waits is incomplete: after " +
                 std::to_string(MaxPartialBarriers) +
                 " barriers, arrivals and waits that ordered part of the "
                 "block, with no barrier every thread reached, the next was "
                 "taken to order every thread");
    newInterval();
  }

  void incompleteRaces(const std::string &Loop, const char *Where) {
    incompleteAt("the race analysis of " + Loop +
                 " is incomplete: the reads of the iterations computed in "
                 "closed form were not compared with the writes " +
                 Where + " it in the same barrier interval");
  }
  void incompleteAt(std::string Message) {
    if (!llvm::is_contained(Profile.IncompleteRaceAnalysis, Message))
      Profile.IncompleteRaceAnalysis.push_back(std::move(Message));
  }

  State(unsigned Threads, unsigned WarpSize, BarrierProfile &Profile)
      : Threads(Threads), WarpSize(WarpSize), Profile(Profile),
        WarpEpochs((Threads + WarpSize - 1) / WarpSize, 0),
        WarpShift(llvm::isPowerOf2_32(WarpSize) ? llvm::Log2_32(WarpSize) : 0) {
  }

  /// A shift where the warp size is a power of two (every target's 32):
  /// asked for every thread of every access.
  unsigned warpOf(unsigned Thread) const {
    return WarpShift ? Thread >> WarpShift : Thread / WarpSize;
  }

  /// Whether a remembered access by another thread is still unordered with
  /// an access by \p Thread now.
  bool unordered(const WordAccess &Earlier, unsigned Thread) const {
    if (Earlier.Thread == Thread)
      return false;
    for (size_t B = Earlier.PartialBarriers; B < PartialBarriers.size(); ++B) {
      const PartialBarrier &Barrier = PartialBarriers[B];
      if (!Barrier.Arrived[Thread])
        continue;
      if (Barrier.ReleasedAt.empty()
              ? bool(Barrier.Arrived[Earlier.Thread])
              : Barrier.ReleasedAt[Earlier.Thread] != NotReleased &&
                    Earlier.PartialBarriers <=
                        Barrier.ReleasedAt[Earlier.Thread])
        return false;
    }
    if (warpOf(Earlier.Thread) == warpOf(Thread))
      return Earlier.WarpEpoch == WarpEpochs[warpOf(Thread)];
    return true;
  }

  /// unordered() for a read by \p Reader: a wgmma's read is its whole
  /// warpgroup's, over once the warpgroup's wgmma.wait_group retired it
  /// (until then CopiesInFlight has it), so any thread of the warpgroup
  /// that a barrier or an mbarrier phase orders before \p Thread orders
  /// it (CUTLASS's consumer_release by one elected thread).
  bool unorderedRead(const WordAccess &Reader, unsigned Thread) const {
    if (!unordered(Reader, Thread))
      return false;
    if (!Contexts[Reader.Context].ByWarpgroupMma)
      return true;
    unsigned First = Reader.Thread / WarpgroupThreads * WarpgroupThreads;
    unsigned End = std::min<unsigned>(First + WarpgroupThreads,
                                      WarpEpochs.size() * WarpSize);
    for (unsigned Member = First; Member < End; ++Member) {
      if (Member == Reader.Thread)
        continue;
      WordAccess Other = Reader;
      Other.Thread = Member;
      // The member's warp's epoch then is not known: only barriers count.
      if (warpOf(Member) == warpOf(Thread))
        continue;
      if (!unordered(Other, Thread))
        return false;
    }
    return true;
  }

  HazardAccess describe(unsigned Context, unsigned Thread) const {
    const AccessContext &C = Contexts[Context];
    return {C.Site,
            C.Kind,
            Thread,
            *C.Loops,
            std::vector<unsigned>(C.Iterations.begin(), C.Iterations.end()),
            C.ByWarpgroupMma,
            C.ReachedThrough};
  }

  void record(HazardKind Kind, const WordAccess &Earlier, unsigned Thread,
              unsigned Context, const clang::VarDecl *Array, int64_t Offset,
              bool WithinOneStatement = false, bool ValuesDiffer = false) {
    bool SameWarp = warpOf(Earlier.Thread) == warpOf(Thread);
    // Writes within one statement and across executions of it are separate
    // findings (smem-conflicting-writes, smem-missing-barrier): separate keys.
    auto Key = std::make_tuple(siteKey(Contexts[Earlier.Context]),
                               siteKey(Contexts[Context]), int(Kind),
                               WithinOneStatement, false);
    auto [It, New] = HazardIndex.try_emplace(Key, Profile.Hazards.size());
    if (!New) {
      SharedHazard &Known = Profile.Hazards[It->second];
      // Within one statement, prefer an example whose values were shown
      // different (the finding describes its example); otherwise one across
      // warps: it is what a __syncwarp cannot fix.
      uint64_t FirstFound = Known.FoundAtStep;
      if (ValuesDiffer && !Known.ValuesDiffer) {
        Known = makeHazard(Kind, Earlier, Thread, Context, Array, Offset);
        Known.FoundAtStep = FirstFound;
        Known.WithinOneWarp = SameWarp;
        Known.WithinOneStatement = WithinOneStatement; // part of the key
        Known.ValuesDiffer = true;
      } else if (Known.ValuesDiffer == ValuesDiffer && Known.WithinOneWarp &&
                 !SameWarp) {
        Known = makeHazard(Kind, Earlier, Thread, Context, Array, Offset);
        Known.FoundAtStep = FirstFound;
        Known.WithinOneWarp = false;
        Known.WithinOneStatement = WithinOneStatement; // part of the key
        Known.ValuesDiffer = ValuesDiffer;
      }
      return;
    }
    SharedHazard Hazard =
        makeHazard(Kind, Earlier, Thread, Context, Array, Offset);
    Hazard.FoundAtStep = Step;
    Hazard.WithinOneWarp = SameWarp;
    Hazard.WithinOneStatement = WithinOneStatement;
    Hazard.ValuesDiffer = ValuesDiffer;
    Profile.Hazards.push_back(std::move(Hazard));
  }

  /// An access by \p Thread of a word a copy still in flight writes.
  void recordCopyInFlight(const CopyInFlight &Copy,
                          const MemoryAccessEvent &Later, unsigned Thread,
                          unsigned Context, const clang::VarDecl *Array,
                          int64_t Offset) {
    AccessKind Kind = Later.Kind;
    const AccessContext &Issue = CopyIssues[Copy.Context].Where;
    bool CopyReads = CopyIssues[Copy.Context].ReadsShared;
    if (CopyReads && Kind == AccessKind::Load)
      return; // reads alongside a copy's read
    HazardKind Hazard = CopyReads ? HazardKind::WriteAfterRead
                        : Kind == AccessKind::Load
                            ? HazardKind::ReadAfterWrite
                            : HazardKind::WriteAfterWrite;
    auto Key = std::make_tuple(siteKey(Issue), siteKey(Contexts[Context]),
                               int(Hazard), false, true);
    auto [It, New] = HazardIndex.try_emplace(Key, Profile.Hazards.size());
    if (!New)
      return;
    SharedHazard Found;
    Found.Kind = Hazard;
    Found.FoundAtStep = Step;
    Found.CopyInFlight = true;
    Found.LaterIsCopy = issuesCopy(Later);
    Found.LaterCopyIsBulk = Later.Async == AsyncPhase::BulkIssue;
    Found.LaterCopyIsTensor = Later.TensorMap != nullptr;
    Found.CopyIsBulk = CopyIssues[Copy.Context].Bulk;
    Found.CopyIsTensor = CopyIssues[Copy.Context].Tensor;
    Found.CopyReadsShared = CopyReads;
    Found.CopyIsWarpgroupMma = CopyIssues[Copy.Context].WarpgroupMma;
    Found.Earlier = {
        Issue.Site,
        Issue.Kind,
        Copy.Thread,
        *Issue.Loops,
        std::vector<unsigned>(Issue.Iterations.begin(), Issue.Iterations.end()),
        false,
        Issue.ReachedThrough};
    Found.Later = describe(Context, Thread);
    Found.Array = Array;
    Found.ByteOffset = Offset;
    Found.WithinOneWarp = warpOf(Copy.Thread) == warpOf(Thread);
    const HazardAccess &A = Found.Earlier, &B = Found.Later;
    for (size_t I = 0; I < A.Loops.size() && I < B.Loops.size(); ++I) {
      if (A.Loops[I] != B.Loops[I])
        break;
      if (A.Iterations[I] != B.Iterations[I]) {
        Found.AcrossIterationsOf = A.Loops[I];
        break;
      }
    }
    Profile.Hazards.push_back(std::move(Found));
  }

  /// The 4-byte word of shared memory holding byte \p Offset of \p Array.
  static std::pair<const void *, int64_t> wordKey(const clang::VarDecl *Array,
                                                  int64_t Offset) {
    return {Array, Offset >> 2};
  }

  /// The threads of \p Event complete their copies: the bytes are theirs
  /// from now on, as a store made here.
  void completeCopies(const MemoryAccessEvent &Event,
                      const clang::VarDecl *Array, unsigned Context,
                      unsigned Unit, unsigned Units) {
    // A bulk copy out of shared memory has read its words: it leaves no
    // write behind.
    bool Read = Event.Kind == AccessKind::Load;
    if (!Read)
      written(arrayKey(Array), ManyThreads);
    Words.select(Array, Unit);
    forEachPiece(Event, Unit, Units, [&](unsigned T, int64_t Offset) {
      auto InFlight = CopiesInFlight.find(wordKey(Array, Offset));
      if (InFlight != CopiesInFlight.end()) {
        auto Mine = llvm::find_if(InFlight->second, [&](const CopyInFlight &C) {
          return C.Thread == T &&
                 CopyIssues[C.Context].Where.Site == Event.Site;
        });
        if (Mine != InFlight->second.end())
          InFlight->second.erase(Mine);
        if (InFlight->second.empty())
          CopiesInFlight.erase(InFlight);
      }
      if (Read || Words.outside(Offset))
        return;
      WordState &Word = Words.get(Offset);
      Word.Writer = WordAccess{T, WarpEpochs[warpOf(T)], Context, false,
                               unsigned(PartialBarriers.size())};
      Word.Written.reset();
    });
    if (CopiesInFlight.empty()) {
      CopyIssues.clear();
    }
  }

  SharedHazard makeHazard(HazardKind Kind, const WordAccess &Earlier,
                          unsigned Thread, unsigned Context,
                          const clang::VarDecl *Array, int64_t Offset) const {
    SharedHazard Hazard;
    Hazard.Kind = Kind;
    // The first barrier of part of the block between them that one of the
    // two skipped (not an mbarrier wait, nor an arrival's mark).
    for (size_t B = Earlier.PartialBarriers; B < PartialBarriers.size(); ++B)
      if (PartialBarriers[B].Site && PartialBarriers[B].ReleasedAt.empty() &&
          (!PartialBarriers[B].Arrived[Earlier.Thread] ||
           !PartialBarriers[B].Arrived[Thread])) {
        Hazard.SkippedBarrier = PartialBarriers[B].Site;
        Hazard.SkippedBy =
            PartialBarriers[B].Arrived[Thread] ? Earlier.Thread : Thread;
        break;
      }
    Hazard.Earlier = describe(Earlier.Context, Earlier.Thread);
    Hazard.Later = describe(Context, Thread);
    Hazard.Array = Array;
    Hazard.ByteOffset = Offset;
    const HazardAccess &A = Hazard.Earlier, &B = Hazard.Later;
    for (size_t I = 0; I < A.Loops.size() && I < B.Loops.size(); ++I) {
      if (A.Loops[I] != B.Loops[I])
        break;
      if (A.Iterations[I] != B.Iterations[I]) {
        Hazard.AcrossIterationsOf = A.Loops[I];
        break;
      }
    }
    return Hazard;
  }
};

BarrierObserver::BarrierObserver(unsigned Threads, unsigned WarpSize,
                                 BarrierProfile &Profile)
    : S(std::make_unique<State>(Threads, WarpSize, Profile)) {}

BarrierObserver::~BarrierObserver() = default;

void BarrierObserver::onMemoryAccess(const MemoryAccessEvent &Event) {
  if (!Event.Address.Object.IsShared)
    return;
  ++S->Accesses;
  S->Step = Event.Step;
  const auto *Array =
      llvm::dyn_cast_or_null<clang::VarDecl>(Event.Address.Object.Decl);
  unsigned Context = S->Contexts.size();
  const std::vector<const clang::Stmt *> &Loops =
      *S->LoopNests
           .insert(std::vector<const clang::Stmt *>(
               Event.EnclosingLoops.begin(), Event.EnclosingLoops.end()))
           .first;
  S->Contexts.push_back(
      {Event.Site, Event.Kind, &Loops,
       llvm::SmallVector<unsigned, 4>(Event.LoopIterations.begin(),
                                      Event.LoopIterations.end()),
       Event.WarpgroupMma != nullptr, Event.ReachedThrough});
  // Sub-word accesses are tracked per byte so that threads writing
  // neighbouring chars of one word do not look like a race.
  unsigned Unit = Event.WidthBytes >= 4 ? 4 : std::max(1u, Event.WidthBytes);
  unsigned Units = std::max(1u, Event.WidthBytes / Unit);
  if (Event.Async == AsyncPhase::Completion) {
    S->completeCopies(Event, Array, Context, Unit, Units);
    return;
  }
  // Every access of a word a copy still writes races with the copy, the
  // issuing thread's own included.
  if (!S->CopiesInFlight.empty())
    forEachPiece(Event, Unit, Units, [&](unsigned T, int64_t Offset) {
      auto InFlight = S->CopiesInFlight.find(State::wordKey(Array, Offset));
      if (InFlight == S->CopiesInFlight.end())
        return;
      for (const State::CopyInFlight &Copy : InFlight->second)
        S->recordCopyInFlight(Copy, Event, T, Context, Array, Offset);
    });
  bool IsLoad = Event.Kind == AccessKind::Load;
  bool IsAtomic = Event.Kind == AccessKind::Atomic;
  if (!IsLoad) {
    const void *Key = State::arrayKey(Event.Address.Object.Decl);
    unsigned Writer = State::onlyThread(Event.Active);
    S->written(Key, Writer);
    llvm::erase_if(S->LoopsWithSkippedReads,
                   [&](const State::SkippedReads &Loop) {
                     if (!Loop.meets(Key) || !Loop.racesWith(Writer))
                       return false;
                     S->incompleteRaces(Loop.Loop, "after");
                     return true;
                   });
  }

  // Check every thread against what earlier instructions left, and stores
  // against the first writer of each word in this statement, then record.
  // Two threads storing different values to one word in one statement race
  // whether or not they share a warp: within a warp one lane's value lands,
  // and which one is undefined.
  PieceTable &Words = S->Words;
  Words.select(Array, Unit);
  if (Event.Kind == AccessKind::Store)
    Words.newStatement();
  const ThreadValue *Stored =
      Event.Kind == AccessKind::Store ? Event.StoredValue : nullptr;
  auto WritesSameValue = [Stored](unsigned A, unsigned B) {
    return Stored && Stored->shownEqual(A, B);
  };
  auto WritesDifferentValues = [Stored](unsigned A, unsigned B) {
    return Stored && Stored->shownDifferent(A, B);
  };
  if (!Event.Address.knownFor(Event.Active))
    S->Profile.UnknownAddresses = true;
  // A wgmma reads for its whole warpgroup, once every thread of it has
  // issued it: after what each of them wrote before, and before what each
  // writes after its wgmma.wait_group (until then the read is in flight,
  // CopiesInFlight). Only other warpgroups' threads need a barrier.
  auto SameWarpgroup = [](unsigned A, unsigned B) {
    return A / WarpgroupThreads == B / WarpgroupThreads;
  };
  auto OrderedByWarpgroupMma = [&](const WordAccess &Other, unsigned T) {
    return (Event.WarpgroupMma || S->Contexts[Other.Context].ByWarpgroupMma) &&
           SameWarpgroup(Other.Thread, T);
  };
  // What thread T's access of the piece at Offset meets of what earlier
  // instructions left in Word.
  auto CheckAgainst = [&](const WordState &Word, unsigned T, int64_t Offset,
                          bool SameWidth) {
    bool Rewrites = SameWidth && Event.Kind == AccessKind::Store &&
                    Word.Written && Stored &&
                    writtenValue(*Stored, T) == Word.Written;
    if (Word.Writer && S->unordered(*Word.Writer, T) &&
        !(IsAtomic && Word.Writer->Atomic) && !Rewrites &&
        !OrderedByWarpgroupMma(*Word.Writer, T)) {
      // Two writes whose values were both computed, and differ: then the
      // order shows (racecheck calls writes of identical data no hazard).
      std::optional<WrittenValue> Now = IsLoad || !Stored || !SameWidth
                                            ? std::nullopt
                                            : writtenValue(*Stored, T);
      bool Differ = Now && !Now->IsNumber && Word.Written &&
                    !Word.Written->IsNumber && !(*Now == *Word.Written);
      S->record(IsLoad ? HazardKind::ReadAfterWrite
                       : HazardKind::WriteAfterWrite,
                *Word.Writer, T, Context, Array, Offset,
                /*WithinOneStatement=*/false, Differ);
    }
    if (!IsLoad)
      for (const std::optional<WordAccess> &Reader : Word.Readers)
        if (Reader && S->unorderedRead(*Reader, T) &&
            !OrderedByWarpgroupMma(*Reader, T))
          S->record(HazardKind::WriteAfterRead, *Reader, T, Context, Array,
                    Offset);
  };
  // Thread T's access of the piece at Offset, recorded in Word.
  auto Record = [&](WordState &Word, unsigned T, const WordAccess &Access) {
    if (!IsLoad) {
      Word.Writer = Access;
      // Sub-word pieces of a wider store carry parts of its value.
      if (Stored && Units == 1 && !IsAtomic)
        Word.Written = writtenValue(*Stored, T);
      else
        Word.Written.reset();
      return;
    }
    if (Word.Readers[0] && Word.Readers[0]->Thread == unsigned(T)) {
      Word.Readers[0] = Access;
      return;
    }
    Word.Readers[1] = Word.Readers[0];
    Word.Readers[0] = Access;
  };
  auto AccessOf = [&](unsigned T) {
    return WordAccess{T, S->WarpEpochs[S->warpOf(T)], Context, IsAtomic,
                      unsigned(S->PartialBarriers.size())};
  };
  auto CheckOtherWidths = [&](unsigned T, int64_t Offset) {
    for (unsigned Width : {1u, 2u, 4u}) {
      if (!(Words.otherWidths() & Width) || Offset < 0)
        continue;
      for (int64_t Piece = Offset / Width * Width; Piece < Offset + Unit;
           Piece += Width)
        if (const WordState *Word = Words.findOfWidth(Width, Piece))
          CheckAgainst(*Word, T, Offset, /*SameWidth=*/false);
    }
  };
  if (IsLoad && !issuesCopy(Event) && Event.Async != AsyncPhase::BulkRead) {
    // A read meets only earlier writers, which reads leave as they are:
    // each thread is checked and recorded in one pass.
    forEachThreadInBoth(Event.Active, Event.Address.Known, [&](unsigned T) {
      WordAccess Access = AccessOf(T);
      for (unsigned U = 0; U < Units; ++U) {
        int64_t Offset = int64_t(uint64_t(Event.Address.Values[T]) + U * Unit);
        if (Words.outside(Offset))
          continue;
        WordState &Word = Words.get(Offset);
        CheckAgainst(Word, T, Offset, /*SameWidth=*/true);
        CheckOtherWidths(T, Offset);
        Record(Word, T, Access);
      }
    });
    return;
  }
  forEachThreadInBoth(Event.Active, Event.Address.Known, [&](unsigned T) {
    for (unsigned U = 0; U < Units; ++U) {
      int64_t Offset = int64_t(uint64_t(Event.Address.Values[T]) + U * Unit);
      if (Words.outside(Offset))
        continue;
      if (Event.Kind == AccessKind::Store) {
        unsigned Writer = Words.firstWriter(Offset, T);
        if (Writer != unsigned(T) && !WritesSameValue(Writer, T))
          S->record(HazardKind::WriteAfterWrite,
                    {Writer, S->WarpEpochs[S->warpOf(Writer)], Context, false,
                     unsigned(S->PartialBarriers.size())},
                    T, Context, Array, Offset, /*WithinOneStatement=*/true,
                    WritesDifferentValues(Writer, T));
      }
      if (const WordState *Word = Words.find(Offset))
        CheckAgainst(*Word, T, Offset, /*SameWidth=*/true);
      // The pieces of other widths it overlaps (their values are not
      // compared: a piece of another width holds another part).
      CheckOtherWidths(T, Offset);
    }
  });
  if (issuesCopy(Event) || Event.Async == AsyncPhase::BulkRead) {
    // In flight until its thread's wait completes it. A bulk copy out of
    // shared memory is also a read now, for the writes before it.
    unsigned Issue = S->CopyIssues.size();
    bool Reads = Event.Async == AsyncPhase::BulkRead;
    S->CopyIssues.push_back(
        {S->Contexts[Context], Event.Async == AsyncPhase::BulkIssue, Reads,
         Event.TensorMap != nullptr, Event.WarpgroupMma != nullptr});
    forEachPiece(Event, Unit, Units, [&](unsigned T, int64_t Offset) {
      S->CopiesInFlight[State::wordKey(Array, Offset)].push_back({T, Issue});
    });
    if (!Reads)
      return;
  }
  forEachThreadInBoth(Event.Active, Event.Address.Known, [&](unsigned T) {
    WordAccess Access = AccessOf(T);
    for (unsigned U = 0; U < Units; ++U) {
      int64_t Offset = int64_t(uint64_t(Event.Address.Values[T]) + U * Unit);
      if (!Words.outside(Offset))
        Record(Words.get(Offset), T, Access);
    }
  });
}

void BarrierObserver::onBlockExit() {
  // The copies out of shared memory no wait completed: one finding per
  // copy, with the lowest word still in flight as its example.
  std::map<unsigned, BulkReadAtExit> ByIssue;
  for (const auto &[Word, Copies] : S->CopiesInFlight)
    for (const State::CopyInFlight &Copy : Copies) {
      const State::CopyIssue &Issue = S->CopyIssues[Copy.Context];
      // A wgmma still reading at the exit has lost its accumulators too:
      // not a question of shared memory.
      if (!Issue.ReadsShared || Issue.WarpgroupMma)
        continue;
      auto [It, New] = ByIssue.try_emplace(Copy.Context);
      int64_t Offset = Word.second * 4;
      if (!New && It->second.ByteOffset <= Offset)
        continue;
      It->second.Copy = {Issue.Where.Site, Issue.Where.Kind, Copy.Thread,
                         *Issue.Where.Loops,
                         std::vector<unsigned>(Issue.Where.Iterations.begin(),
                                               Issue.Where.Iterations.end())};
      It->second.Array = static_cast<const clang::VarDecl *>(Word.first);
      It->second.ByteOffset = Offset;
    }
  std::set<const clang::Expr *> Reported;
  for (auto &[Issue, Found] : ByIssue)
    if (Reported.insert(Found.Copy.Site).second)
      S->Profile.BulkReadsAtExit.push_back(std::move(Found));
}

void BarrierObserver::onIterationsSkipped(const SkippedIterationsEvent &Event) {
  // The accesses after the skip are those of a later iteration, moved: the
  // hazards between an iteration and the next were seen in the iterations
  // run, and the barrier every iteration passes separates the rest. Without
  // such a barrier the skip moved no shared address, and the interval goes
  // on.
  if (!Event.UnseparatedReads.empty()) {
    State::SkippedReads Loop{
        Event.UnseparatedReads, {}, State::onlyThread(Event.Threads)};
    for (const clang::ValueDecl *Array : Event.ReadArrays)
      Loop.Arrays.insert(State::arrayKey(Array));
    if (llvm::any_of(S->WrittenInInterval, [&](const auto &Written) {
          return Loop.meets(Written.first) && Loop.racesWith(Written.second);
        }))
      S->incompleteRaces(Event.UnseparatedReads, "before");
    S->LoopsWithSkippedReads.push_back(std::move(Loop));
  }
  if (!Event.SeparatedByBarriers)
    return;
  S->newInterval();
}

void BarrierObserver::onBarrier(const BarrierEvent &Event) {
  if (Event.Scope == BarrierScope::Unknown) {
    S->Profile.UnknownSynchronization.push_back(Event.Site);
    // Whatever it did, do not report races across it.
    S->newInterval();
    return;
  }
  if (Event.Scope == BarrierScope::Warp) {
    for (unsigned Warp = 0; Warp < S->WarpEpochs.size(); ++Warp) {
      unsigned First = Warp * S->WarpSize;
      unsigned End = std::min(S->Threads, First + S->WarpSize);
      int Active = Event.Active.find_first_in(First, End);
      if (Active < 0)
        continue;
      ++S->WarpEpochs[Warp];
      // Every lane the mask names must reach it: the whole warp for
      // __syncwarp(), a tile's lanes for its sync. A mask the evaluation
      // did not compute names lanes it cannot tell.
      const ThreadValue *Mask = Event.LaneMask;
      if (Mask && !Mask->Known[Active])
        continue;
      uint64_t Named = Mask ? uint64_t(Mask->Values[Active]) : ~uint64_t(0);
      int Missing = -1;
      for (unsigned T = First; T < End && Missing < 0; ++T)
        if (!Event.Active[T] && (Named >> (T - First) & 1) && Event.Alive[T])
          Missing = int(T);
      if (Missing >= 0) {
        DivergentBarrier D;
        D.Site = Event.Site;
        D.Warp = true;
        D.ExampleArrived = Active;
        D.ExampleMissing = Missing;
        for (unsigned T = First; T < End; ++T)
          if (Named >> (T - First) & 1)
            (Event.Active[T] ? D.Arrived : D.Skipping) += 1;
        D.WholeWarp = (Named & 0xffffffffu) == 0xffffffffu;
        bool Known = false;
        for (const DivergentBarrier &Existing : S->Profile.DivergentBarriers)
          Known |= Existing.Site == Event.Site;
        D.Symbols = Event.ControlSymbols;
        if (!Known)
          S->Profile.DivergentBarriers.push_back(D);
      }
    }
    return;
  }
  // Threads that returned take no part; threads that skip the barrier but
  // run on are not ordered by it. An mbarrier phase orders the threads that
  // arrived on it with those that waited for it (Active), the others not.
  bool SomeoneSkips = false;
  for (unsigned T = 0; T < S->Threads && !SomeoneSkips; ++T)
    SomeoneSkips = !Event.Active[T] && Event.Alive[T];
  if (Event.Scope == BarrierScope::Mbarrier) {
    State::PartialBarrier Wait{Event.Site, Event.Active, {}};
    auto Released = S->Releases.find(Event.PhaseId);
    Wait.ReleasedAt =
        Released != S->Releases.end()
            ? Released->second.At
            : std::vector<uint32_t>(S->Threads, State::NotReleased);
    // Every running thread released right before every one of them waits
    // (no access in between): a barrier of the whole block.
    bool Whole = !SomeoneSkips && Released != S->Releases.end() &&
                 Released->second.AccessesAtFirst == S->Accesses;
    for (unsigned T = 0; T < S->Threads && Whole; ++T)
      Whole = !Event.Alive[T] || Wait.ReleasedAt[T] != State::NotReleased;
    if (Whole)
      S->newInterval();
    else
      S->addPartialBarrier(std::move(Wait));
    return;
  }
  if (SomeoneSkips)
    S->addPartialBarrier({Event.Site, Event.Active, {}});
  else
    S->newInterval();
  // Calls on both sides of a branch that complete one barrier: each is
  // still a divergent barrier (CUDA asks every thread to reach the same
  // call), reached by its own threads while the others wait at the other.
  for (const BarrierArrival &Arrival : Event.Arrivals) {
    if (llvm::any_of(S->Profile.DivergentBarriers,
                     [&](const DivergentBarrier &Existing) {
                       return Existing.Site == Arrival.Site;
                     }))
      continue;
    const BarrierArrival &Other = Event.Arrivals.front().Site == Arrival.Site
                                      ? Event.Arrivals[1]
                                      : Event.Arrivals.front();
    DivergentBarrier D;
    D.Site = Arrival.Site;
    D.PairedWith = Other.Site;
    D.ExampleArrived = Arrival.Threads.find_first();
    D.ExampleMissing = Other.Threads.find_first();
    for (unsigned T = 0; T < S->Threads; ++T) {
      if (Arrival.Threads[T])
        ++D.Arrived;
      else if (Event.Active[T])
        ++D.AtPaired;
      else
        (Event.Alive[T] ? D.Skipping : D.Returned) += 1;
    }
    D.Symbols = Event.ControlSymbols;
    S->Profile.DivergentBarriers.push_back(D);
  }
  if (Event.Active.count() == S->Threads || !Event.Arrivals.empty())
    return;
  for (const DivergentBarrier &Existing : S->Profile.DivergentBarriers)
    if (Existing.Site == Event.Site)
      return;
  DivergentBarrier D;
  D.Site = Event.Site;
  D.ExampleArrived = Event.Active.find_first();
  for (unsigned T = 0; T < S->Threads; ++T) {
    if (Event.Active[T]) {
      ++D.Arrived;
      continue;
    }
    if (D.Skipping + D.Returned == 0)
      D.ExampleMissing = T;
    (Event.Alive[T] ? D.Skipping : D.Returned) += 1;
  }
  D.Symbols = Event.ControlSymbols;
  S->Profile.DivergentBarriers.push_back(D);
}

void BarrierObserver::onMbarrierProblem(const MbarrierProblemEvent &Event) {
  for (const MbarrierProblemEvent &Known : S->Profile.MbarrierProblems)
    if (Known.Site == Event.Site && Known.CalledFrom == Event.CalledFrom &&
        Known.What == Event.What)
      return;
  S->Profile.MbarrierProblems.push_back(Event);
}

void BarrierObserver::onMbarrierArrive(const MbarrierArriveEvent &Event) {
  auto [It, New] = S->Releases.try_emplace(Event.PhaseId);
  if (New) {
    It->second.At.assign(S->Threads, State::NotReleased);
    It->second.AccessesAtFirst = S->Accesses;
  }
  // The accesses after the arrival are not released by it: an entry with
  // no threads marks where they begin, one for arrivals with no access
  // between them.
  bool Marked = !S->PartialBarriers.empty() &&
                !S->PartialBarriers.back().Site &&
                S->AccessesAtMarker == S->Accesses;
  uint32_t Now = uint32_t(S->PartialBarriers.size()) - (Marked ? 1 : 0);
  for (unsigned T : Event.Threads.set_bits())
    It->second.At[T] = Now;
  if (!Marked) {
    S->AccessesAtMarker = S->Accesses;
    S->addPartialBarrier({nullptr, ThreadMask(S->Threads, false), {}});
  }
}

void BarrierObserver::onNonUniformBranch(const BranchEvent &Event) {
  if (!Event.Where.isValid())
    return;
  NonUniformBranch &Branch = S->Profile.NonUniformBranches[Event.Where];
  Branch.DataDependent |= Event.DataDependent;
  Branch.SplitsAWarp |= Event.SplitsAWarp;
}

namespace {

/// Which hazard of a run is which of another: the pair of accesses and
/// the kind, as BarrierObserver keeps one per key.
using HazardKey =
    std::tuple<const clang::Expr *, clang::SourceLocation, const clang::Expr *,
               clang::SourceLocation, int, bool>;

HazardKey keyOf(const SharedHazard &Hazard) {
  return {Hazard.Earlier.Site, Hazard.Earlier.ReachedThrough,
          Hazard.Later.Site,   Hazard.Later.ReachedThrough,
          int(Hazard.Kind),    Hazard.WithinOneStatement};
}

/// Whether \p New tells the hazard better than \p Kept, as
/// BarrierObserver chooses within a run: values shown different, else
/// threads of different warps (what a __syncwarp cannot fix).
bool betterExample(const SharedHazard &New, const SharedHazard &Kept) {
  if (New.ValuesDiffer != Kept.ValuesDiffer)
    return New.ValuesDiffer;
  return Kept.WithinOneWarp && !New.WithinOneWarp;
}

} // namespace

struct TriedValueHazards::State {
  unsigned Threads, WarpSize;
  SymbolSet Watched;
  BarrierProfile &Evaluated;
  std::map<HazardKey, size_t> EvaluatedIndex;
  /// Per hazard of Evaluated: how many runs show it too.
  std::vector<unsigned> RunsShowing;
  unsigned Runs = 0;
  /// The hazards only runs show, in the order first found.
  std::vector<SharedHazard> Found;
  std::map<HazardKey, size_t> FoundIndex;
  /// The run being watched.
  unsigned Symbol = 0;
  int64_t Value = 0;
  std::unique_ptr<BarrierProfile> Run;
  std::unique_ptr<BarrierObserver> Observer;

  State(unsigned Threads, unsigned WarpSize, SymbolSet Watched,
        BarrierProfile &Evaluated)
      : Threads(Threads), WarpSize(WarpSize), Watched(Watched),
        Evaluated(Evaluated), RunsShowing(Evaluated.Hazards.size(), 0) {
    for (auto [I, Hazard] : llvm::enumerate(Evaluated.Hazards))
      EvaluatedIndex.emplace(keyOf(Hazard), I);
  }

  void keep(SharedHazard &Hazard) {
    HazardKey Key = keyOf(Hazard);
    auto Shown = EvaluatedIndex.find(Key);
    if (Shown != EvaluatedIndex.end()) {
      ++RunsShowing[Shown->second];
      return;
    }
    auto [It, New] = FoundIndex.try_emplace(Key, Found.size());
    if (New) {
      Hazard.OnlyWith = TriedValues{Symbol, {Value}, Value};
      Found.push_back(std::move(Hazard));
      return;
    }
    // The values of the first symbol that showed it are enough to say
    // what it rests on.
    SharedHazard &Kept = Found[It->second];
    if (Kept.OnlyWith->Symbol != Symbol)
      return;
    Kept.OnlyWith->Showing.push_back(Value);
    if (!betterExample(Hazard, Kept))
      return;
    TriedValues Values = std::move(*Kept.OnlyWith);
    Values.ExampleValue = Value;
    Kept = std::move(Hazard);
    Kept.OnlyWith = std::move(Values);
  }
};

TriedValueHazards::TriedValueHazards(unsigned Threads, unsigned WarpSize,
                                     SymbolSet Watched,
                                     BarrierProfile &Evaluated)
    : S(std::make_unique<State>(Threads, WarpSize, Watched, Evaluated)) {}

TriedValueHazards::~TriedValueHazards() = default;

ExecutionObserver *TriedValueHazards::startRun(unsigned Symbol, int64_t Value) {
  S->Observer.reset();
  S->Run.reset();
  if (Symbol >= 64 || !(S->Watched >> Symbol & 1))
    return nullptr;
  S->Symbol = Symbol;
  S->Value = Value;
  S->Run = std::make_unique<BarrierProfile>();
  S->Observer =
      std::make_unique<BarrierObserver>(S->Threads, S->WarpSize, *S->Run);
  return S->Observer.get();
}

void TriedValueHazards::finishRun() {
  if (!S->Observer)
    return;
  S->Observer.reset();
  ++S->Runs;
  for (SharedHazard &Hazard : S->Run->Hazards)
    S->keep(Hazard);
  for (const auto &[Where, Branch] : S->Run->NonUniformBranches) {
    NonUniformBranch &Merged = S->Evaluated.NonUniformBranchesTried[Where];
    Merged.DataDependent |= Branch.DataDependent;
    Merged.SplitsAWarp |= Branch.SplitsAWarp;
  }
  S->Run.reset();
}

void TriedValueHazards::finish() {
  for (auto [I, Hazard] : llvm::enumerate(S->Evaluated.Hazards))
    if (I < S->RunsShowing.size())
      Hazard.ShownByEveryValueTried =
          S->Runs > 0 && S->RunsShowing[I] == S->Runs;
  for (SharedHazard &Hazard : S->Found)
    S->Evaluated.Hazards.push_back(std::move(Hazard));
  S->Found.clear();
  S->FoundIndex.clear();
}

} // namespace smemlint
