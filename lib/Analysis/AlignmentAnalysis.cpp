//===--- AlignmentAnalysis.cpp - Misaligned shared addresses -------------===//

#include "Analysis/AlignmentAnalysis.h"

#include "clang/AST/Decl.h"
#include "llvm/ADT/STLExtras.h"

namespace smemlint {

uint64_t guaranteedAlignment(const SharedVariable &Variable) {
  // CUDA starts dynamic shared memory at least 16 bytes aligned.
  return Variable.Dynamic ? std::max<uint64_t>(Variable.Alignment, 16)
                          : Variable.Alignment;
}

namespace {

/// Whether each thread of \p Event whose address is known is at a multiple
/// of \p Required bytes.
bool alignedInEveryThread(const MemoryAccessEvent &Event, unsigned Required) {
  bool Aligned = true;
  forEachThreadInBoth(Event.Active, Event.Address.Known, [&](unsigned T) {
    Aligned &= Event.Address.Values[T] % int64_t(Required) == 0;
  });
  return Aligned;
}

} // namespace

AlignmentObserver::AlignmentObserver(unsigned Threads,
                                     llvm::ArrayRef<SharedVariable> Variables)
    : Threads(Threads) {
  for (const SharedVariable &Variable : Variables)
    this->Variables.emplace(Variable.Decl, &Variable);
}

void AlignmentObserver::onMemoryAccess(const MemoryAccessEvent &Event) {
  check(Event, /*Remote=*/false);
}

void AlignmentObserver::onRemoteSharedAccess(
    const RemoteSharedAccessEvent &Event) {
  check(Event.Access, /*Remote=*/true);
}

void AlignmentObserver::check(const MemoryAccessEvent &Event, bool Remote) {
  const auto *Array =
      llvm::dyn_cast_or_null<clang::VarDecl>(Event.Address.Object.Decl);
  if (!Event.Address.Object.IsShared || !Array || !Variables.count(Array))
    return;
  if (Event.WholeBytes)
    gatherPiece(Event, Remote);
  if (Event.RequiredAlignment < 2)
    return;
  // Almost every access is aligned in every thread, in an array declared
  // aligned: judge() would record nothing, and is spared a copy of the
  // block's offsets per access.
  bool Permuted =
      Event.WarpgroupMma || Event.LayoutAlignment > Event.RequiredAlignment;
  if (!Permuted &&
      (Remote ||
       guaranteedAlignment(*Variables.at(Array)) % Event.RequiredAlignment ==
           0) &&
      alignedInEveryThread(Event, Event.RequiredAlignment))
    return;
  JudgedAccess Access;
  Access.Site = Event.Site;
  Access.Array = Array;
  Access.Kind = Event.Kind;
  Access.WidthBytes = Event.WidthBytes;
  Access.Required = Event.RequiredAlignment;
  Access.Matrices = Event.Matrices;
  Access.Async = Event.Async;
  Access.Remote = Remote;
  Access.Active = Event.Active;
  Access.Offsets.resize(Threads);
  for (unsigned T : Event.Active.set_bits())
    if (Event.Address.Known[T])
      Access.Offsets[T] = Event.Address.Values[T];
  Access.Symbols = Event.Address.Symbols;
  Access.Assumptions.assign(Event.Assumptions.begin(), Event.Assumptions.end());
  if (Event.TensorMap)
    Access.TensorMapSwizzle = Event.TensorMap->SwizzleName;
  if (Event.WarpgroupMma) {
    // A swizzled operand's pieces spread over its pattern, which starts
    // over at multiples of the repeat in shared address: the array must
    // start on one for the wgmma to read the layout its writes made.
    if (judge(Access) || Event.LayoutAlignment <= Event.RequiredAlignment)
      return;
    Access.Required = Event.LayoutAlignment;
    Access.Permutes = true;
    Access.ByWarpgroupMma = true;
    Access.TensorMapSwizzle = Event.WarpgroupMma->Swizzle;
    for (std::optional<int64_t> &Offset : Access.Offsets)
      if (Offset)
        Offset = 0;
    judge(Access);
    return;
  }
  // A TMA copy the engine accepts may still land off its swizzle's repeat.
  if (judge(Access) || Event.LayoutAlignment <= Event.RequiredAlignment)
    return;
  Access.Required = Event.LayoutAlignment;
  Access.Permutes = true;
  judge(Access);
}

void AlignmentObserver::gatherPiece(const MemoryAccessEvent &Event,
                                    bool Remote) {
  const auto *Array = llvm::cast<clang::VarDecl>(Event.Address.Object.Decl);
  // Another object's piece, or this one's again: start over.
  if (Whole && (Whole->Site != Event.Site || Whole->Array != Array ||
                Whole->Kind != Event.Kind || Whole->Active != Event.Active ||
                WholeBytes != Event.WholeBytes))
    flushPieces();
  if (!Whole) {
    Whole.emplace();
    Whole->Site = Event.Site;
    Whole->Array = Array;
    Whole->Kind = Event.Kind;
    Whole->WidthBytes = Event.WholeBytes;
    Whole->Required = Event.WholeAlignment;
    Whole->Remote = Remote;
    Whole->Active = Event.Active;
    Whole->Offsets.resize(Threads);
    Whole->Assumptions.assign(Event.Assumptions.begin(),
                              Event.Assumptions.end());
    WholeBytes = Event.WholeBytes;
    PieceBytes = 0;
    PieceEnds.assign(Threads, std::nullopt);
  }
  for (unsigned T : Event.Active.set_bits()) {
    if (!Event.Address.Known[T])
      continue;
    int64_t Offset = Event.Address.Values[T];
    int64_t End = Offset + int64_t(Event.WidthBytes);
    std::optional<int64_t> &Lowest = Whole->Offsets[T];
    Lowest = Lowest ? std::min(*Lowest, Offset) : Offset;
    PieceEnds[T] = PieceEnds[T] ? std::max(*PieceEnds[T], End) : End;
  }
  Whole->Symbols |= Event.Address.Symbols;
  PieceBytes += Event.WidthBytes;
  if (PieceBytes >= WholeBytes)
    flushPieces();
}

void AlignmentObserver::flushPieces() {
  // Only an object whose pieces all came, side by side, is judged at its
  // lowest address.
  bool Together = Whole && PieceBytes == WholeBytes;
  for (unsigned T = 0; Together && T < Threads; ++T)
    if (Whole->Offsets[T] &&
        *PieceEnds[T] - *Whole->Offsets[T] != int64_t(WholeBytes))
      Together = false;
  if (Together)
    judge(*Whole);
  Whole.reset();
  WholeBytes = PieceBytes = 0;
}

bool AlignmentObserver::judge(const JudgedAccess &Access) {
  unsigned Required = Access.Required;
  uint64_t Declared = guaranteedAlignment(*Variables.at(Access.Array));
  std::optional<int64_t> Residue;
  bool Disagree = false;
  std::optional<unsigned> FirstMisaligned;
  ThreadMask Misaligned(Threads);
  for (unsigned T : Access.Active.set_bits()) {
    if (!Access.Offsets[T])
      continue;
    // Floor modulo: an offset below the array is misaligned the same way.
    int64_t R = *Access.Offsets[T] % int64_t(Required);
    if (R < 0)
      R += Required;
    if (Residue && *Residue != R)
      Disagree = true;
    Residue = R;
    if (R != 0) {
      Misaligned.set(T);
      if (!FirstMisaligned)
        FirstMisaligned = T;
    }
  }
  if (!Residue)
    return false;
  if (!FirstMisaligned) {
    // Aligned from the array's start: enough only if the array is.
    if (Declared % Required == 0 || Access.Remote)
      return false;
    auto [It, Inserted] = UnderAlignedIndex.try_emplace(
        {Access.Array, Access.Permutes}, Found.UnderAligned.size());
    if (Inserted) {
      UnderAlignedArray Entry;
      Entry.Array = Access.Array;
      Entry.Declared = Declared;
      Entry.Permutes = Access.Permutes;
      Entry.TensorMapSwizzle = Access.TensorMapSwizzle;
      Entry.ByWarpgroupMma = Access.ByWarpgroupMma;
      Found.UnderAligned.push_back(std::move(Entry));
    }
    UnderAlignedArray &Entry = Found.UnderAligned[It->second];
    Entry.Required = std::max(Entry.Required, Required);
    if (!llvm::is_contained(Entry.Sites, Access.Site))
      Entry.Sites.push_back(Access.Site);
    return false;
  }
  auto [It, Inserted] = Index.try_emplace(
      {Access.Site, Access.Array, Access.Permutes}, Found.Misaligned.size());
  if (Inserted) {
    Misalignment M;
    static_cast<AlignedAccess &>(M) = Access;
    M.Threads = ThreadMask(Threads);
    M.FirstThread = *FirstMisaligned;
    M.FirstOffset = *Access.Offsets[*FirstMisaligned];
    M.ArrayAlignment = Declared;
    Found.Misaligned.push_back(std::move(M));
  }
  Misalignment &M = Found.Misaligned[It->second];
  // A whole object and its pieces at one site: the whole one says more.
  if (Access.WidthBytes > M.WidthBytes) {
    M.WidthBytes = Access.WidthBytes;
    M.Required = Required;
    M.FirstThread = *FirstMisaligned;
    M.FirstOffset = *Access.Offsets[*FirstMisaligned];
  }
  M.Threads |= Misaligned;
  M.Symbols |= Access.Symbols;
  M.WhateverThePlacement |= Disagree || Declared % Required == 0;
  for (const std::string &Assumption : Access.Assumptions)
    if (!llvm::is_contained(M.Assumptions, Assumption))
      M.Assumptions.push_back(Assumption);
  return true;
}

AlignmentFindings AlignmentObserver::take() {
  flushPieces();
  // An array some access misaligns (in the same way) is reported there.
  llvm::erase_if(Found.UnderAligned, [&](const UnderAlignedArray &U) {
    return llvm::any_of(Found.Misaligned, [&](const Misalignment &M) {
      return M.Array == U.Array && (!M.Permutes || U.Permutes);
    });
  });
  return std::move(Found);
}

} // namespace smemlint
