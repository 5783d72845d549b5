//===--- SharedAccessProfile.cpp - Bank cost of every shared access -------===//

#include "Analysis/SharedAccessProfile.h"

#include "DeviceCode/VectorizedAccesses.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <unordered_map>

namespace smemlint {
namespace {

// Offsets can be negative (an index below zero); the bank model takes
// unsigned addresses. A bias that is a multiple of every bank cycle keeps
// banks and words unchanged.
constexpr int64_t AddressBias = int64_t(1) << 40;

/// The offset a biased lane address stands for, modulo 2^64 like the bias
/// itself: a wild index must not overflow a signed subtraction.
int64_t unbiased(uint64_t Lane) {
  return int64_t(Lane - uint64_t(AddressBias));
}

/// Serves the block's own shared accesses into Profile.Accesses, or, with
/// \p Remote, those of another block's shared memory into
/// Profile.RemoteAccesses.
class BankCostObserver : public ExecutionObserver {
public:
  BankCostObserver(const SharedMemoryBanking &Banking,
                   const EvaluationOptions &Options,
                   SharedAccessProfile &Profile, bool Remote,
                   llvm::ArrayRef<const clang::VarDecl *> OnlyArrays)
      : Banking(Banking), Options(Options), Profile(Profile), Remote(Remote),
        Accesses(Remote ? Profile.RemoteAccesses : Profile.Accesses),
        OnlyArrays(OnlyArrays) {}

  void onMemoryAccess(const MemoryAccessEvent &Event) override {
    if (!Remote && wanted(Event))
      serve(Event);
  }

  void onRemoteSharedAccess(const RemoteSharedAccessEvent &Event) override {
    if (Remote && wanted(Event.Access))
      serve(Event.Access);
  }

  void onBarrier(const BarrierEvent &) override { flushAll(); }

  /// Serves what is still gathered; call once the evaluation is over.
  void finish() { flushAll(); }

  void onLoopSampled(const clang::Stmt *Loop,
                     const std::string &Reason) override {
    Profile.SampledLoops.emplace(Loop, Reason);
  }

private:
  bool wanted(const MemoryAccessEvent &Event) const {
    return OnlyArrays.empty() ||
           llvm::is_contained(OnlyArrays,
                              llvm::dyn_cast_or_null<clang::VarDecl>(
                                  Event.Address.Object.Decl));
  }

  void serve(const MemoryAccessEvent &Event) {
    if (Event.Address.Object.IsShared &&
        (Event.Async == AsyncPhase::BulkIssue ||
         Event.Async == AsyncPhase::BulkRead))
      if (const auto *Array = llvm::dyn_cast_or_null<clang::VarDecl>(
              Event.Address.Object.Decl)) {
        bool New = !Profile.BulkCopied.count(Array);
        BulkCopiedArray &Copied = Profile.BulkCopied[Array];
        if (New) {
          Copied.Site = Event.Site;
          Copied.ByWarpgroupMma = Event.WarpgroupMma != nullptr;
          if (Event.TensorMap)
            Copied.TensorMap = *Event.TensorMap;
        }
        Copied.Symbols |= Event.Address.Symbols;
        for (unsigned T : Event.Active.set_bits()) {
          if (!Event.Address.Known[T]) {
            Copied.Unknown = true;
            continue;
          }
          Copied.EndOffset =
              std::max(Copied.EndOffset,
                       Event.Address.Values[T] + int64_t(Event.WidthBytes));
        }
      }
    // What a wgmma's reads cost is not modelled: no measurement of the gmma
    // pipe's wavefronts backs one. They are listed apart.
    if (Event.WarpgroupMma && Event.Address.Object.IsShared) {
      recordWarpgroupMma(Event);
      return;
    }
    // A cp.async costs the banks when it is issued; its completion only
    // places its write for the race analysis. The TMA engine's writes and
    // reads (bulk copies into and out of shared memory) are no LSU
    // instruction: Nsight Compute counts no shared load for a TMA store.
    if (!Event.Address.Object.IsShared ||
        Event.Async == AsyncPhase::Completion ||
        Event.Async == AsyncPhase::BulkIssue ||
        Event.Async == AsyncPhase::BulkRead)
      return;
    AccessStats &Stats = statsFor(Event);
    Stats.ThroughDeclaredShape &= Event.ThroughDeclaredShape;
    Stats.DividesByZero |= Event.Address.DividedByZero.anyCommon(Event.Active);
    Stats.Symbols |= Event.Address.Symbols;
    Stats.Loops.insert(Event.EnclosingLoops.begin(),
                       Event.EnclosingLoops.end());
    for (const std::string &Assumption : Event.Assumptions)
      if (llvm::find(Stats.Assumptions, Assumption) == Stats.Assumptions.end())
        Stats.Assumptions.push_back(Assumption);

    if (gatherStatement(Event) || gatherIteration(Event))
      return;
    serveAccess(Stats, Event, Event.WidthBytes);
  }

  void recordWarpgroupMma(const MemoryAccessEvent &Event) {
    const WarpgroupMmaOperand &Operand = *Event.WarpgroupMma;
    auto Same = llvm::find_if(Profile.WarpgroupMma, [&](const auto &Reads) {
      return Reads.Site == Event.Site &&
             Reads.Operand.Operand == Operand.Operand &&
             Reads.Operand.Layout == Operand.Layout &&
             Reads.Array == Event.Address.Object.Decl;
    });
    if (Same == Profile.WarpgroupMma.end()) {
      WarpgroupMmaReads Reads;
      Reads.Site = Event.Site;
      Reads.CalledFrom = Event.CalledFrom;
      Reads.Array =
          llvm::dyn_cast_or_null<clang::VarDecl>(Event.Address.Object.Decl);
      Reads.Operand = Operand;
      Profile.WarpgroupMma.push_back(std::move(Reads));
      Same = std::prev(Profile.WarpgroupMma.end());
    }
    Same->Pieces += Event.Weight * Event.Active.count();
    Same->Symbols |= Event.Address.Symbols;
    for (const std::string &Assumption : Event.Assumptions)
      if (!llvm::is_contained(Same->Assumptions, Assumption))
        Same->Assumptions.push_back(Assumption);
  }

  /// One source access: its site, kind and array, and the kernel's call it
  /// is reached through when in another file. A function the kernel calls
  /// for two arrays has one site for both, and two accesses; so has a
  /// library's copy loop that two of the kernel's calls reach (CuTe's
  /// `copy` for the A and the B tile): each call has its own cost.
  using AccessKey = std::tuple<const clang::Expr *, unsigned,
                               const clang::Decl *, clang::SourceLocation>;
  static AccessKey keyOf(const MemoryAccessEvent &Event) {
    return {Event.Site, unsigned(Event.Kind), Event.Address.Object.Decl,
            Event.ReachedThrough};
  }

  /// Consecutive iterations of one access that the compiled code performs
  /// as one wider instruction, held until all of them have executed.
  struct IterationGroup {
    std::vector<unsigned> OuterIterations;
    unsigned Group = 0;
    unsigned Iterations = 0;
    unsigned InstructionBytes = 0;
    unsigned SourceBytes = 0;
    AccessKind Kind = AccessKind::Load;
    /// The weight of its iterations (MemoryAccessEvent::Weight).
    uint64_t Weight = 1;
    std::vector<ThreadValue> Addresses;
    std::vector<ThreadMask> Actives;
  };

  /// Statements the compiled code performs as one instruction, held until
  /// each has executed.
  struct HeldStatement {
    AccessKey Key;
    /// Which member of the instruction: a float4 copied through a cast
    /// pointer is four loads of one statement.
    const VectorizedAccess *Member = nullptr;
    ThreadValue Address;
    ThreadMask Active;
    unsigned Width = 0;
    /// MemoryAccessEvent::WholeBytes.
    unsigned WholeBytes = 0;
    uint64_t Weight = 1;
    bool CarriesLine = false;
  };
  struct StatementGroup {
    std::vector<HeldStatement> Held;
    unsigned Members = 0;
    unsigned Bytes = 0;
    AccessKind Kind = AccessKind::Load;
  };

  /// Holds \p Event when the compiled code performs it together with other
  /// statements of its block; true when held.
  bool gatherStatement(const MemoryAccessEvent &Event) {
    const VectorizedAccess *Vectorized = Event.Vectorized;
    if (!Vectorized || Event.Kind == AccessKind::Atomic || Event.Matrices ||
        Event.Async != AsyncPhase::None)
      return false;
    StatementGroup &Group = Statements[Vectorized->Instruction];
    AccessKey Key = keyOf(Event);
    // The same member again before the others came: they did not run with
    // it this time.
    if (llvm::any_of(Group.Held, [&](const HeldStatement &H) {
          return H.Member == Vectorized;
        }))
      flushStatements(Group);
    Group.Members = Vectorized->Members;
    Group.Bytes = Vectorized->Bytes;
    Group.Kind = Event.Kind;
    Group.Held.push_back({Key, Vectorized, Event.Address, Event.Active,
                          Event.WidthBytes, Event.WholeBytes, Event.Weight,
                          Vectorized->CarriesLine});
    if (Group.Held.size() == Group.Members)
      flushStatements(Group);
    return true;
  }

  /// Whether every thread of \p Group's statements touches consecutive
  /// bytes, all of them together the instruction's, from a multiple of its
  /// width: what the one instruction does for it.
  static bool statementsMergeable(const StatementGroup &Group) {
    const ThreadMask &Active = Group.Held.front().Active;
    for (const HeldStatement &H : Group.Held)
      if (H.Active != Active)
        return false;
    std::vector<std::pair<int64_t, unsigned>> Pieces;
    for (unsigned T : Active.set_bits()) {
      Pieces.clear();
      for (const HeldStatement &H : Group.Held) {
        if (!H.Address.Known[T])
          return false;
        Pieces.push_back({H.Address.Values[T], H.Width});
      }
      llvm::sort(Pieces);
      if (Pieces.front().first % int64_t(Group.Bytes) != 0)
        return false;
      int64_t End = Pieces.front().first;
      for (const auto &[Offset, Width] : Pieces) {
        if (Offset != End)
          return false;
        End += Width;
      }
      if (End - Pieces.front().first != int64_t(Group.Bytes))
        return false;
    }
    return true;
  }

  /// Serves the held statements: as the one instruction when all of them
  /// ran together and it can do their work, else each as its own.
  void flushStatements(StatementGroup &Group) {
    if (Group.Held.empty())
      return;
    if (Group.Held.size() == Group.Members && statementsMergeable(Group)) {
      auto Carrier = llvm::find_if(
          Group.Held, [](const HeldStatement &H) { return H.CarriesLine; });
      if (Carrier == Group.Held.end())
        Carrier = Group.Held.begin();
      ThreadValue Lowest = Carrier->Address;
      for (unsigned T : Carrier->Active.set_bits())
        for (const HeldStatement &H : Group.Held)
          Lowest.Values[T] = std::min(Lowest.Values[T], H.Address.Values[T]);
      AccessStats &Stats = Accesses[Index.lookup(Carrier->Key)];
      serveInstruction(Carrier->Key, Group.Kind, Group.Bytes, Lowest,
                       Carrier->Active, Carrier->Weight);
      // One statement's pieces (a float4 copied through a cast pointer,
      // which Clang splits into four loads) are the statement's own width;
      // one statement run twice side by side (a helper called twice) is
      // merged like two statements.
      bool OneStatement = llvm::all_of(Group.Held, [&](const HeldStatement &H) {
        return H.Key == Carrier->Key;
      });
      if (OneStatement && Carrier->WholeBytes == Group.Bytes) {
        Stats.WidthBytes = std::max(Stats.WidthBytes, Group.Bytes);
      } else {
        Stats.InstructionBytes = std::max(Stats.InstructionBytes, Group.Bytes);
        if (OneStatement)
          Stats.MergedExecutions =
              std::max<unsigned>(Stats.MergedExecutions, Group.Held.size());
      }
      for (const HeldStatement &H : Group.Held) {
        const clang::Expr *Site = std::get<0>(H.Key);
        if (&H == &*Carrier || Site == Stats.Site)
          continue;
        if (!llvm::is_contained(Stats.MergedStatements, Site))
          Stats.MergedStatements.push_back(Site);
        Accesses[Index.lookup(H.Key)].MergedInto = Stats.Site;
      }
    } else {
      for (const HeldStatement &H : Group.Held)
        serveInstruction(H.Key, Group.Kind, H.Width, H.Address, H.Active,
                         H.Weight);
    }
    Group.Held.clear();
  }

  /// Holds \p Event when the compiled code merges it with the next
  /// iterations of its innermost loop, or of the loop around it that
  /// CompiledMergeDepths names (iterations 0..k-1, k..2k-1, ..., as an
  /// unrolled loop's vector accesses group them; with a loop around, one
  /// group per iteration of the loops inside it); true when held.
  bool gatherIteration(const MemoryAccessEvent &Event) {
    auto Compiled = Options.CompiledAccessBytes.find(Event.Site);
    unsigned Source = Event.WidthBytes;
    if (Compiled == Options.CompiledAccessBytes.end() ||
        Event.Kind == AccessKind::Atomic || Event.Matrices ||
        Event.LoopIterations.empty() || Source == 0 ||
        (Source & (Source - 1)) != 0 || Compiled->second <= Source ||
        Compiled->second % Source != 0)
      return false;
    unsigned Iterations = Compiled->second / Source;
    AccessKey Key = keyOf(Event);
    size_t Merged = Event.LoopIterations.size() - 1;
    if (auto Depth = Options.CompiledMergeDepths.find(Event.Site);
        Depth != Options.CompiledMergeDepths.end() && Depth->second <= Merged)
      Merged -= Depth->second;
    llvm::ArrayRef<unsigned> Outer = Event.LoopIterations.take_front(Merged);
    llvm::ArrayRef<unsigned> Inner =
        Event.LoopIterations.drop_front(Merged + 1);
    IterationGroup &Group = Gathering[{Key, Inner.vec()}];
    unsigned Index = Event.LoopIterations[Merged] / Iterations;
    if (!Group.Addresses.empty() &&
        (Group.Group != Index || Group.OuterIterations != Outer.vec()))
      flush(Key, Group);
    if (Group.Addresses.empty()) {
      Group.OuterIterations = Outer.vec();
      Group.Group = Index;
      Group.Iterations = Iterations;
      Group.InstructionBytes = Compiled->second;
      Group.SourceBytes = Source;
      Group.Kind = Event.Kind;
      Group.Weight = Event.Weight;
    }
    Group.Addresses.push_back(Event.Address);
    Group.Actives.push_back(Event.Active);
    if (Group.Addresses.size() == Group.Iterations)
      flush(Key, Group);
    return true;
  }

  /// Whether iterations [From, From + Count) of \p Group touch, for every
  /// thread, consecutive bytes starting at a multiple of their total: what
  /// one instruction of that width reads.
  static bool mergeable(const IterationGroup &Group, unsigned From,
                        unsigned Count) {
    const ThreadMask &Active = Group.Actives[From];
    for (unsigned I = From + 1; I < From + Count; ++I)
      if (Group.Actives[I] != Active)
        return false;
    int64_t Bytes = int64_t(Count) * Group.SourceBytes;
    const ThreadValue &First = Group.Addresses[From];
    for (unsigned T = 0; T < Active.size(); ++T) {
      if (!Active[T])
        continue;
      if (!First.Known[T] || First.Values[T] % Bytes != 0)
        return false;
      for (unsigned I = 1; I < Count; ++I) {
        const ThreadValue &Next = Group.Addresses[From + I];
        if (!Next.Known[T] ||
            Next.Values[T] != First.Values[T] + int64_t(I) * Group.SourceBytes)
          return false;
      }
    }
    return true;
  }

  /// Serves a gathered group as the compiled code executes it: the widest
  /// instruction that covers the next iterations (all of them, or what is
  /// left of a shorter last group, halved until it fits), else one
  /// iteration at a time. Six iterations of a 4-byte read grouped by four
  /// give one 16-byte and one 8-byte load, as ptxas makes them.
  void flush(AccessKey Key, IterationGroup &Group) {
    if (Group.Addresses.empty())
      return;
    AccessStats &Stats = Accesses[Index.lookup(Key)];
    unsigned Held = Group.Addresses.size();
    for (unsigned From = 0; From < Held;) {
      unsigned Count = Group.Iterations;
      while (Count > 1 &&
             (From + Count > Held || !mergeable(Group, From, Count)))
        Count /= 2;
      unsigned Width = Count * Group.SourceBytes;
      serveInstruction(Key, Group.Kind, Width, Group.Addresses[From],
                       Group.Actives[From], Group.Weight);
      if (Count > 1 && Width > Stats.InstructionBytes) {
        Stats.InstructionBytes = Width;
        Stats.MergedIterations = Count;
      }
      From += Count;
    }
    Group.Addresses.clear();
    Group.Actives.clear();
  }

  void flushAll() {
    for (auto &[Held, Group] : Gathering)
      flush(Held.first, Group);
    for (auto &[Instruction, Group] : Statements)
      flushStatements(Group);
  }

  /// Serves one instruction of \p Width bytes that the compiled code makes
  /// of held accesses, to the access \p Key names.
  void serveInstruction(const AccessKey &Key, AccessKind Kind, unsigned Width,
                        const ThreadValue &Address, const ThreadMask &Active,
                        uint64_t Weight) {
    MemoryAccessEvent Event{
        std::get<0>(Key), Kind,  Width, Address, Active, false, {}, {}, {}, {},
        nullptr,          Weight};
    serveAccess(Accesses[Index.lookup(Key)], Event, Width);
  }

  void serveAccess(AccessStats &Stats, const MemoryAccessEvent &Event,
                   unsigned Width) {
    // Odd-sized objects (float3, structs) are moved in 4-byte pieces.
    unsigned Pieces = 1;
    if (Width == 0 || Width > 16 || (Width & (Width - 1)) != 0) {
      Pieces = std::max(1u, (Width + 3) / 4);
      Width = 4;
    }
    // Only the warps with a lane in the access (one thread's code makes one
    // request, not one per warp of the block).
    Counted.reset();
    unsigned Size = Event.Active.size();
    for (int Lane = Event.Active.find_first(); Lane >= 0;) {
      unsigned Warp = unsigned(Lane) / Banking.WarpSize;
      for (unsigned Piece = 0; Piece < Pieces; ++Piece)
        serveWarp(Stats, Event, Warp, Width, Piece * Width);
      unsigned NextWarp = (Warp + 1) * Banking.WarpSize;
      Lane = NextWarp < Size ? Event.Active.find_next(NextWarp - 1) : -1;
    }
  }

  AccessStats &statsFor(const MemoryAccessEvent &Event) {
    auto [It, Inserted] = Index.try_emplace(keyOf(Event), Accesses.size());
    if (Inserted) {
      AccessStats Stats;
      Stats.Site = Event.Site;
      Stats.Kind = Event.Kind;
      Stats.Array =
          llvm::dyn_cast_or_null<clang::VarDecl>(Event.Address.Object.Decl);
      Stats.WidthBytes = Event.WidthBytes;
      Stats.Matrices = Event.Matrices;
      Stats.AsyncCopy = Event.Async == AsyncPhase::Issue;
      Stats.BypassesL1 = Event.BypassesL1;
      Stats.Remote = Remote;
      Stats.ReachedThrough = Event.ReachedThrough;
      Accesses.push_back(std::move(Stats));
    }
    return Accesses[It->second];
  }

  void serveWarp(AccessStats &Stats, const MemoryAccessEvent &Event,
                 unsigned Warp, unsigned Width, int64_t PieceOffset) {
    if (!warpLaneAddresses(Event, Warp, Banking.WarpSize,
                           PieceOffset + AddressBias, Lanes,
                           Stats.UnknownReason))
      return;
    unsigned Active = 0;
    for (const LaneAddress &Lane : Lanes)
      if (Lane) {
        ++Active;
        int64_t Offset = unbiased(*Lane);
        int64_t End =
            Offset > INT64_MAX - int64_t(Width) ? INT64_MAX : Offset + Width;
        Stats.EndOffset = std::max(Stats.EndOffset, End);
        Stats.StartOffset = std::min(Stats.StartOffset, Offset);
        // ldmatrix rows and cp.async destinations must be aligned to
        // their size.
        if ((Event.Matrices || Event.Async == AsyncPhase::Issue) &&
            Offset % int64_t(Width) != 0)
          Stats.MisalignedRows = true;
      }
    Stats.MostActiveLanes = std::max(Stats.MostActiveLanes, Active);
    RequestKind Kind = Event.Async == AsyncPhase::Issue ? RequestKind::AsyncCopy
                       : Event.Matrices ? RequestKind::MatrixRows
                       : Event.Kind == AccessKind::Load ? RequestKind::Load
                                                        : RequestKind::Store;
    rankSourceLines(Event, Warp, Kind);
    // A warp of the block's own memory, its cp.async sources aside, is
    // counted without the pattern table (as fast as a lookup, and no memory
    // for the patterns a swizzle proof sees once); the full cost, hotspot
    // included, only where it may be the access's worst warp.
    const WarpRequestCost *Full = nullptr;
    WarpWavefronts Count;
    if (!Remote && SourceRanks.empty()) {
      if (!repeatsCountedWarp(Width, Kind)) {
        Counted = {Lanes, Width, Kind,
                   countWarpRequest(Banking, Width, Kind, Lanes)};
      }
      Count = Counted->Count;
    } else {
      Full = &costOf(Width, Kind);
      Count = {Full->Wavefronts, Full->IdealWavefronts};
      if (Stats.TotalByPlacement.size() < Full->ByPlacement.size())
        Stats.TotalByPlacement.resize(Full->ByPlacement.size());
      for (auto [I, Wavefronts] : llvm::enumerate(Full->ByPlacement))
        Stats.TotalByPlacement[I] += Event.Weight * Wavefronts;
    }
    Stats.WarpInstructions += Event.Weight;
    Stats.TotalWavefronts += Event.Weight * Count.Wavefronts;
    Stats.TotalIdealWavefronts += Event.Weight * Count.IdealWavefronts;
    if (Stats.Worst && Count.Wavefronts <= Stats.Worst->Cost.Wavefronts)
      return;
    const WarpRequestCost &Cost = Full ? *Full : costOf(Width, Kind);
    WarpExample Example;
    Example.Warp = Warp;
    for (const LaneAddress &Lane : Lanes)
      Example.LaneOffsets.push_back(
          Lane ? std::optional<int64_t>(unbiased(*Lane)) : std::nullopt);
    Example.Cost = Cost;
    Example.Cost.Hotspot.Words.clear(); // biased; recomputed from LaneOffsets
    Stats.Worst = std::move(Example);
  }

  /// Whether the warp in Lanes asks for the words of the last warp counted
  /// for this access moved by one offset, a multiple of the bank width: the
  /// same lanes active, the same words shared, each bank's words moved to
  /// one other bank. It costs what that warp did then (the warps of a
  /// row-major tile, and of most accesses of a large block).
  bool repeatsCountedWarp(unsigned Width, RequestKind Kind) const {
    if (!Counted || Counted->Width != Width || Counted->Kind != Kind ||
        Counted->Lanes.size() != Lanes.size())
      return false;
    std::optional<uint64_t> Shift;
    for (auto [Before, Now] : llvm::zip_equal(Counted->Lanes, Lanes)) {
      if (bool(Before) != bool(Now))
        return false;
      if (!Now)
        continue;
      uint64_t Moved = *Now - *Before;
      if (Shift && Moved != *Shift)
        return false;
      Shift = Moved;
    }
    return Shift && *Shift % Banking.BankWidthBytes == 0;
  }

  /// For a cp.async whose sources the evaluation followed: in SourceRanks,
  /// each active lane's 128-byte source line, numbered by the first lane
  /// that needs it (kernel parameters are taken to start on a line, as
  /// cudaMalloc's allocations do); cleared otherwise, and where a lane's
  /// source is not known.
  void rankSourceLines(const MemoryAccessEvent &Event, unsigned Warp,
                       RequestKind Kind) {
    SourceRanks.clear();
    if (Kind != RequestKind::AsyncCopy || !Event.CopySource)
      return;
    const ThreadValue &Source = *Event.CopySource;
    llvm::SmallVector<int64_t, 32> Lines;
    SourceRanks.assign(Lanes.size(), std::nullopt);
    for (auto [Lane, Address] : llvm::enumerate(Lanes)) {
      unsigned Thread = Warp * Banking.WarpSize + unsigned(Lane);
      if (!Address)
        continue;
      if (Thread >= Source.threads() || !Source.Known[Thread]) {
        SourceRanks.clear();
        return;
      }
      // Floor division: a source before the parameter's start is on an
      // earlier line.
      int64_t Line = llvm::divideFloorSigned(Source.Values[Thread],
                                             int64_t(AsyncCopySourceLineBytes));
      auto Found = llvm::find(Lines, Line);
      SourceRanks[Lane] = uint64_t(Found - Lines.begin());
      if (Found == Lines.end())
        Lines.push_back(Line);
    }
    if (Lines.size() < 2)
      SourceRanks.clear();
  }

  /// The bank model's answer for Lanes. Warps of one access mostly repeat a
  /// few patterns shifted by whole bank cycles, which serve alike, so the
  /// answer is remembered per pattern relative to its first bank cycle, for
  /// every evaluation on this thread: the kernels of one file, and the
  /// re-evaluations that prove fixes, ask for the same patterns again.
  const WarpRequestCost &costOf(unsigned Width, RequestKind Kind) {
    uint64_t Cycle = uint64_t(Banking.BankCount) * Banking.BankWidthBytes;
    uint64_t Base = UINT64_MAX;
    for (const LaneAddress &Lane : Lanes)
      if (Lane)
        Base = std::min(Base, *Lane / Cycle * Cycle);
    PatternKey.clear();
    // Everything of the banking the model reads, so that no other banking
    // on this thread finds a stale answer.
    PatternKey.push_back(Banking.BankCount);
    PatternKey.push_back(Banking.BankWidthBytes);
    PatternKey.push_back(Banking.WarpSize);
    PatternKey.push_back(Banking.BytesPerWavefront);
    PatternKey.push_back(Banking.PairedLoadsMergePhases);
    PatternKey.push_back(Width * 4 + unsigned(Kind));
    // Another block's memory is served by 512-byte segments: the same
    // pattern a bank cycle further is another placement.
    PatternKey.push_back(Remote ? 1 + Base % RemoteSegmentBytes : 0);
    for (const LaneAddress &Lane : Lanes)
      PatternKey.push_back(Lane ? *Lane - Base : UINT64_MAX);
    for (const std::optional<uint64_t> &Rank : SourceRanks)
      PatternKey.push_back(Rank ? *Rank : UINT64_MAX);
    // Hashed: a warp's pattern is looked up for every warp instruction.
    // Entries stay where they are when the table grows, so the answer is
    // returned by reference until the next call.
    static thread_local std::unordered_map<std::vector<uint64_t>,
                                           WarpRequestCost, PatternHash>
        Patterns;
    auto Known = Patterns.find(PatternKey);
    if (Known != Patterns.end())
      return Known->second;
    WarpRequestCost Cost =
        Remote ? serveRemoteRequest(Banking, Width, Kind, Lanes)
        : !SourceRanks.empty()
            ? serveAsyncCopy(Banking, Width, Lanes, SourceRanks)
            : serveWarpRequest(Banking, Width, Kind, Lanes);
    if (Patterns.size() >= MaxRememberedPatterns)
      Patterns.clear();
    return Patterns.emplace(PatternKey, std::move(Cost)).first->second;
  }
  struct PatternHash {
    size_t operator()(const std::vector<uint64_t> &Key) const {
      return llvm::hash_combine_range(Key.begin(), Key.end());
    }
  };

  static constexpr size_t MaxRememberedPatterns = 16384;
  const SharedMemoryBanking &Banking;
  const EvaluationOptions &Options;
  SharedAccessProfile &Profile;
  bool Remote;
  std::vector<AccessStats> &Accesses;
  /// The arrays profiled; empty for all.
  llvm::ArrayRef<const clang::VarDecl *> OnlyArrays;
  /// By access and the iterations of the loops inside the merged one.
  std::map<std::pair<AccessKey, std::vector<unsigned>>, IterationGroup>
      Gathering;
  /// By VectorizedAccess::Instruction.
  std::map<unsigned, StatementGroup> Statements;
  std::vector<uint64_t> PatternKey;
  llvm::DenseMap<AccessKey, unsigned> Index;
  std::vector<LaneAddress> Lanes;
  /// The last warp of the access being served that countWarpRequest counted.
  struct CountedWarp {
    std::vector<LaneAddress> Lanes;
    unsigned Width;
    RequestKind Kind;
    WarpWavefronts Count;
  };
  std::optional<CountedWarp> Counted;
  /// rankSourceLines' answer for the warp in Lanes.
  std::vector<std::optional<uint64_t>> SourceRanks;
};

} // namespace

std::string
samplingReasonOf(const std::set<const clang::Stmt *> &Loops,
                 const std::map<const clang::Stmt *, std::string> &Sampled) {
  std::vector<std::string> Reasons;
  for (const clang::Stmt *Loop : Loops) {
    auto It = Sampled.find(Loop);
    if (It != Sampled.end())
      Reasons.push_back(It->second);
  }
  llvm::sort(Reasons);
  return llvm::join(Reasons, "; ");
}

std::string
SharedAccessProfile::samplingReason(const AccessStats &Access) const {
  return samplingReasonOf(Access.Loops, SampledLoops);
}

uint64_t SharedAccessProfile::wavefrontsOf(const clang::VarDecl *Array) const {
  uint64_t Total = 0;
  for (const AccessStats &Access : Accesses)
    if (Access.Array == Array)
      Total += Access.TotalWavefronts;
  return Total;
}

const AccessStats *
SharedAccessProfile::find(const clang::Expr *Site, AccessKind Kind,
                          const clang::VarDecl *Array,
                          clang::SourceLocation ReachedThrough) const {
  for (const AccessStats &Access : Accesses)
    if (Access.Site == Site && Access.Kind == Kind &&
        (!Array || Access.Array == Array) &&
        Access.ReachedThrough == ReachedThrough)
      return &Access;
  return nullptr;
}

SharedAccessProfile
profileSharedAccesses(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel,
                      const EvaluationOptions &Options, SymbolTable &Symbols,
                      const SharedMemoryBanking &Banking,
                      ExecutionObserver *AlsoNotify,
                      llvm::ArrayRef<const clang::VarDecl *> OnlyArrays) {
  SharedAccessProfile Profile;
  Profile.StepBudget = Options.StepBudget;
  Profile.StepBudgetReason = Options.StepBudgetReason;
  BankCostObserver Observer(Banking, Options, Profile,
                            /*Remote=*/false, OnlyArrays);
  std::vector<ExecutionObserver *> Watching{&Observer};
  // Accesses of another block's shared memory are served by their own
  // rule, only in a kernel that maps one.
  std::optional<BankCostObserver> RemoteObserver;
  if (Options.Device && mapsClusterSharedMemory(*Options.Device, Kernel)) {
    RemoteObserver.emplace(Banking, Options, Profile,
                           /*Remote=*/true, OnlyArrays);
    Watching.push_back(&*RemoteObserver);
  }
  if (AlsoNotify)
    Watching.push_back(AlsoNotify);
  if (Watching.size() == 1) {
    Profile.Summary = evaluateKernel(Ctx, Kernel, Options, Symbols, Observer);
  } else {
    ObserverList All(Watching);
    Profile.Summary = evaluateKernel(Ctx, Kernel, Options, Symbols, All);
  }
  Observer.finish();
  if (RemoteObserver)
    RemoteObserver->finish();
  return Profile;
}

SweepWatcher::~SweepWatcher() = default;

std::map<unsigned, std::vector<SymbolEffect>>
sweepSymbols(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel,
             const EvaluationOptions &Options, SymbolTable &Symbols,
             const SharedMemoryBanking &Banking,
             const SharedAccessProfile &Baseline, bool &Ran,
             SweepWatcher *Watcher,
             const std::map<unsigned, int64_t> &Ceilings) {
  std::map<unsigned, std::vector<SymbolEffect>> Effects;
  Ran = false;
  // A uniform value moves every lane's address alike: it can change the
  // banks of an access only through the other lanes of its warp, so
  // accesses one lane at a time performs (the tid == 0 part of a kernel)
  // are not swept.
  auto Swept = [](const AccessStats &Access) {
    return Access.MostActiveLanes > 1 ? Access.Symbols : SymbolSet(0);
  };
  SymbolSet AllSwept = 0;
  for (const AccessStats &Access : Baseline.Accesses)
    AllSwept |= Swept(Access);
  // A sweep re-evaluates the kernel once per value; skip it when that would
  // cost more than a few full budgets.
  if (Baseline.Summary.Steps * SymbolSweepLimit > 4 * Options.StepBudget)
    return Effects;
  Ran = true;
  uint64_t BudgetPerRun = Baseline.Summary.Steps * 2 + 10'000;
  for (unsigned Symbol = 0; Symbol < 64; ++Symbol) {
    if (!(AllSwept >> Symbol & 1))
      continue;
    std::map<unsigned, std::vector<unsigned>> WaysByAccess;
    auto Ceiling = Ceilings.find(Symbol);
    unsigned Last = Ceiling != Ceilings.end()
                        ? unsigned(std::clamp<int64_t>(Ceiling->second, 1,
                                                       SymbolSweepLimit))
                        : SymbolSweepLimit;
    for (unsigned Value = 1; Value <= Last; ++Value) {
      EvaluationOptions Varied = Options;
      Varied.SymbolValues[Symbol] = Value;
      Varied.StepBudget = std::min(Options.StepBudget, BudgetPerRun);
      // A loop nest too large to enumerate is sampled in each run of the
      // sweep with a share of the bound, so that the whole sweep samples it
      // about as much as the evaluation did, not 32 times as much; nests
      // within the share are enumerated as before.
      Varied.EnumerationBound =
          std::max<uint64_t>(1, Options.EnumerationBound / SymbolSweepLimit);
      ExecutionObserver *Also =
          Watcher ? Watcher->startRun(Symbol, Value) : nullptr;
      SharedAccessProfile Run =
          profileSharedAccesses(Ctx, Kernel, Varied, Symbols, Banking, Also);
      if (Watcher)
        Watcher->finishRun();
      for (auto [I, Access] : llvm::enumerate(Baseline.Accesses)) {
        if (!(Swept(Access) >> Symbol & 1))
          continue;
        const AccessStats *Same = Run.find(Access.Site, Access.Kind,
                                           Access.Array, Access.ReachedThrough);
        WaysByAccess[I].push_back(Same ? Same->ways() : 0);
      }
    }
    for (auto &[I, Ways] : WaysByAccess) {
      if (Ways.empty())
        continue;
      unsigned First = Ways.front();
      bool Varies =
          llvm::any_of(Ways, [First](unsigned W) { return W != First; });
      if (Varies)
        Effects[I].push_back({Symbol, std::move(Ways)});
    }
  }
  return Effects;
}

} // namespace smemlint
