//===--- BankModel.cpp - How a warp's shared-memory request is served -----===//

#include "Model/BankModel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <optional>
#include <tuple>
#include <vector>

namespace smemlint {
namespace {

struct PhaseCost {
  unsigned Wavefronts = 0;
  unsigned Ideal = 0;
  BankHotspot Hotspot;
};

PhaseCost servePhase(const SharedMemoryBanking &Banking, unsigned WidthBytes,
                     llvm::ArrayRef<LaneAddress> Lanes, unsigned FirstLane,
                     bool MergeSameWord, bool WithHotspot) {
  // Banks and their widths are powers of two on every target: shifts and
  // masks then, not a division per word.
  bool PowersOfTwo = llvm::isPowerOf2_32(Banking.BankWidthBytes) &&
                     llvm::isPowerOf2_32(Banking.BankCount);
  unsigned WidthShift = llvm::Log2_32(Banking.BankWidthBytes);
  uint64_t BankMask = Banking.BankCount - 1;
  auto WordOf = [&](uint64_t Address) {
    return PowersOfTwo ? Address >> WidthShift
                       : Address / Banking.BankWidthBytes;
  };
  auto BankOf = [&](uint64_t Word) {
    return unsigned(PowersOfTwo ? Word & BankMask : Word % Banking.BankCount);
  };
  // Each bank's distinct words as a list threaded through one array, no
  // sort and no allocation for a phase's at most 32 lanes of a few words.
  struct WordRequest {
    uint64_t Word;
    unsigned Bank;
    unsigned Lane;
    unsigned NextInBank;
  };
  constexpr unsigned None = ~0u;
  llvm::SmallVector<WordRequest, 128> Requests;
  llvm::SmallVector<unsigned, 32> Head(Banking.BankCount, None);
  llvm::SmallVector<unsigned, 32> InBank(Banking.BankCount, 0);
  unsigned DistinctWords = 0;
  for (auto [Offset, Address] : llvm::enumerate(Lanes)) {
    if (!Address)
      continue;
    uint64_t FirstWord = WordOf(*Address);
    uint64_t LastWord = WordOf(*Address + std::max(WidthBytes, 1u) - 1);
    for (uint64_t Word = FirstWord; Word <= LastWord; ++Word) {
      unsigned Bank = BankOf(Word);
      bool Seen = false;
      if (MergeSameWord)
        for (unsigned At = Head[Bank]; At != None && !Seen;
             At = Requests[At].NextInBank)
          Seen = Requests[At].Word == Word;
      // A lane on a word another lane asks for is served with it, but it is
      // one of the lanes the busiest bank's answer names.
      if (!Seen) {
        ++InBank[Bank];
        ++DistinctWords;
      }
      Requests.push_back(
          {Word, Bank, unsigned(FirstLane + Offset), Seen ? None : Head[Bank]});
      if (!Seen)
        Head[Bank] = unsigned(Requests.size() - 1);
    }
  }
  PhaseCost Cost;
  if (Requests.empty())
    return Cost;
  // The busiest bank, the lowest of equally busy ones.
  unsigned HotBank = 0;
  for (unsigned Bank = 0; Bank < Banking.BankCount; ++Bank)
    if (InBank[Bank] > Cost.Wavefronts) {
      Cost.Wavefronts = InBank[Bank];
      HotBank = Bank;
    }
  Cost.Ideal = (DistinctWords + Banking.BankCount - 1) / Banking.BankCount;
  if (!WithHotspot)
    return Cost;
  BankHotspot &Hot = Cost.Hotspot;
  Hot.Bank = HotBank;
  Hot.DistinctWords = Cost.Wavefronts;
  for (const WordRequest &Request : Requests)
    if (Request.Bank == HotBank) {
      Hot.Words.push_back(Request.Word);
      Hot.Lanes.push_back(Request.Lane);
    }
  llvm::sort(Hot.Words);
  Hot.Words.erase(std::unique(Hot.Words.begin(), Hot.Words.end()),
                  Hot.Words.end());
  llvm::sort(Hot.Lanes);
  Hot.Lanes.erase(std::unique(Hot.Lanes.begin(), Hot.Lanes.end()),
                  Hot.Lanes.end());
  return Cost;
}

} // namespace

bool quadsReadInPairs(llvm::ArrayRef<LaneAddress> Lanes) {
  auto Same = [&](size_t A, size_t B) {
    if (A >= Lanes.size() || B >= Lanes.size() || !Lanes[A] || !Lanes[B])
      return true; // an inactive lane matches anything
    return *Lanes[A] == *Lanes[B];
  };
  for (size_t Quad = 0; Quad < Lanes.size(); Quad += 4) {
    bool Neighbours = Same(Quad, Quad + 1) && Same(Quad + 2, Quad + 3);
    bool Alternate = Same(Quad, Quad + 2) && Same(Quad + 1, Quad + 3);
    if (!Neighbours && !Alternate)
      return false;
  }
  return true;
}

namespace {

/// serveWarpRequest with the pairing of loads decided by the caller, and
/// the busiest bank's hotspot only \p WithHotspot.
WarpRequestCost serveLanes(const SharedMemoryBanking &Banking,
                           unsigned WidthBytes, RequestKind Kind,
                           llvm::ArrayRef<LaneAddress> Lanes, bool PairedLoad,
                           bool WithHotspot = true) {
  WarpRequestCost Cost;
  // A matrix's rows cost as many wavefronts as the most distinct rows in
  // one 16-byte bank group: a phase of 8 lanes of 16 bytes, never paired.
  unsigned PhaseLanes = Kind == RequestKind::MatrixRows
                            ? MatrixRowsPerPhase
                            : Banking.lanesPerPhase(WidthBytes, PairedLoad);
  Cost.LanesPerPhase = PhaseLanes;
  unsigned WorstPhaseWavefronts = 0;
  for (unsigned First = 0; First < Lanes.size(); First += PhaseLanes) {
    PhaseCost Phase = servePhase(
        Banking, WidthBytes,
        Lanes.slice(First, std::min<size_t>(PhaseLanes, Lanes.size() - First)),
        First, Kind != RequestKind::AsyncCopy, WithHotspot);
    Cost.Wavefronts += Phase.Wavefronts;
    Cost.IdealWavefronts += Phase.Ideal;
    if (Phase.Wavefronts > WorstPhaseWavefronts) {
      WorstPhaseWavefronts = Phase.Wavefronts;
      Cost.Hotspot = std::move(Phase.Hotspot);
    }
  }
  return Cost;
}

bool pairedLoad(const SharedMemoryBanking &Banking, unsigned WidthBytes,
                RequestKind Kind, llvm::ArrayRef<LaneAddress> Lanes) {
  return Kind == RequestKind::Load && WidthBytes > Banking.BankWidthBytes &&
         quadsReadInPairs(Lanes);
}

} // namespace

WarpRequestCost serveWarpRequest(const SharedMemoryBanking &Banking,
                                 unsigned WidthBytes, RequestKind Kind,
                                 llvm::ArrayRef<LaneAddress> Lanes) {
  return serveLanes(Banking, WidthBytes, Kind, Lanes,
                    pairedLoad(Banking, WidthBytes, Kind, Lanes));
}

WarpWavefronts countWarpRequest(const SharedMemoryBanking &Banking,
                                unsigned WidthBytes, RequestKind Kind,
                                llvm::ArrayRef<LaneAddress> Lanes) {
  WarpRequestCost Cost =
      serveLanes(Banking, WidthBytes, Kind, Lanes,
                 pairedLoad(Banking, WidthBytes, Kind, Lanes),
                 /*WithHotspot=*/false);
  return {Cost.Wavefronts, Cost.IdealWavefronts};
}

WarpRequestCost
serveAsyncCopy(const SharedMemoryBanking &Banking, unsigned WidthBytes,
               llvm::ArrayRef<LaneAddress> Lanes,
               llvm::ArrayRef<std::optional<uint64_t>> SourceLines) {
  WarpRequestCost Cost =
      serveWarpRequest(Banking, WidthBytes, RequestKind::AsyncCopy, Lanes);
  llvm::SmallVector<uint64_t, 32> Lines;
  for (auto [Lane, Address] : llvm::enumerate(Lanes)) {
    if (!Address)
      continue;
    if (Lane >= SourceLines.size() || !SourceLines[Lane])
      return Cost;
    if (!llvm::is_contained(Lines, *SourceLines[Lane]))
      Lines.push_back(*SourceLines[Lane]);
  }
  if (Lines.size() < 2)
    return Cost;
  // The phases one after the other (a quarter warp at a time for 16 bytes).
  // Each phase's lines arrive one per wavefront from its start, in the order
  // of its first lane that needs each; each bank writes one word a
  // wavefront, earliest line first.
  unsigned PhaseLanes = Banking.lanesPerPhase(WidthBytes, false);
  unsigned Wavefronts = 0, Ideal = 0;
  std::vector<llvm::SmallVector<unsigned, 8>> ByBank(Banking.BankCount);
  llvm::SmallVector<uint64_t, 32> PhaseLines;
  for (size_t First = 0; First < Lanes.size(); First += PhaseLanes) {
    for (auto &Arrivals : ByBank)
      Arrivals.clear();
    PhaseLines.clear();
    for (size_t Lane = First;
         Lane < std::min<size_t>(First + PhaseLanes, Lanes.size()); ++Lane) {
      if (!Lanes[Lane])
        continue;
      auto Found = llvm::find(PhaseLines, *SourceLines[Lane]);
      unsigned Arrival = unsigned(Found - PhaseLines.begin());
      if (Found == PhaseLines.end())
        PhaseLines.push_back(*SourceLines[Lane]);
      uint64_t FirstWord = *Lanes[Lane] / Banking.BankWidthBytes;
      uint64_t LastWord = (*Lanes[Lane] + std::max(WidthBytes, 1u) - 1) /
                          Banking.BankWidthBytes;
      for (uint64_t Word = FirstWord; Word <= LastWord; ++Word)
        ByBank[Word % Banking.BankCount].push_back(Arrival);
    }
    if (PhaseLines.empty())
      continue;
    unsigned PhaseEnd = Wavefronts;
    for (auto &Arrivals : ByBank) {
      llvm::sort(Arrivals);
      unsigned Written = Wavefronts;
      for (unsigned At : Arrivals)
        Written = std::max(Written, Wavefronts + At) + 1;
      PhaseEnd = std::max(PhaseEnd, Written);
    }
    Wavefronts = PhaseEnd;
    Ideal += unsigned(PhaseLines.size());
  }
  Cost.Wavefronts = std::max(Cost.Wavefronts, Wavefronts);
  Cost.IdealWavefronts = std::max(Cost.IdealWavefronts, Ideal);
  Cost.SourceLines = unsigned(Lines.size());
  return Cost;
}

WarpRequestCost serveBySegments(const SharedMemoryBanking &Banking,
                                unsigned WidthBytes, RequestKind Kind,
                                llvm::ArrayRef<LaneAddress> Lanes) {
  llvm::SmallVector<uint64_t, 32> Segments;
  for (const LaneAddress &Lane : Lanes)
    if (Lane && !llvm::is_contained(Segments, *Lane / RemoteSegmentBytes))
      Segments.push_back(*Lane / RemoteSegmentBytes);
  WarpRequestCost Cost;
  Cost.Segments = Segments.size();
  unsigned Worst = 0;
  // Lanes of the other segments are not inactive: they do not pair.
  bool Paired = pairedLoad(Banking, WidthBytes, Kind, Lanes);
  std::vector<LaneAddress> InSegment(Lanes.size());
  for (uint64_t Segment : Segments) {
    for (auto [I, Lane] : llvm::enumerate(Lanes))
      InSegment[I] =
          Lane && *Lane / RemoteSegmentBytes == Segment ? Lane : std::nullopt;
    WarpRequestCost Part =
        serveLanes(Banking, WidthBytes, Kind, InSegment, Paired);
    Cost.Wavefronts += Part.Wavefronts;
    Cost.LanesPerPhase = Part.LanesPerPhase;
    if (Part.Wavefronts > Worst) {
      Worst = Part.Wavefronts;
      Cost.Hotspot = std::move(Part.Hotspot);
    }
  }
  return Cost;
}

WarpRequestCost serveRemoteRequest(const SharedMemoryBanking &Banking,
                                   unsigned WidthBytes, RequestKind Kind,
                                   llvm::ArrayRef<LaneAddress> Lanes) {
  WarpRequestCost Banked = serveWarpRequest(Banking, WidthBytes, Kind, Lanes);
  uint64_t Cycle = uint64_t(Banking.BankCount) * Banking.BankWidthBytes;
  std::optional<WarpRequestCost> Fewest;
  unsigned Most = 0;
  llvm::SmallVector<unsigned, 4> ByPlacement;
  std::vector<LaneAddress> Shifted(Lanes.size());
  for (uint64_t Shift = 0; Shift < RemoteSegmentBytes; Shift += Cycle) {
    for (auto [I, Lane] : llvm::enumerate(Lanes))
      Shifted[I] = Lane ? LaneAddress(*Lane + Shift) : std::nullopt;
    WarpRequestCost Placed =
        serveBySegments(Banking, WidthBytes, Kind, Shifted);
    // Name the words from the offsets as given.
    for (uint64_t &Word : Placed.Hotspot.Words)
      Word -= Shift / Banking.BankWidthBytes;
    Most = std::max(Most, Placed.Wavefronts);
    ByPlacement.push_back(Placed.Wavefronts);
    if (!Fewest || Placed.Wavefronts < Fewest->Wavefronts)
      Fewest = std::move(Placed);
  }
  if (!Fewest)
    return Banked;
  unsigned Segments = Fewest->Segments, Ideal = Banked.IdealWavefronts,
           BankWavefronts = Banked.Wavefronts;
  WarpRequestCost Cost =
      Kind == RequestKind::Load ? std::move(*Fewest) : std::move(Banked);
  Cost.Segments = Segments;
  Cost.IdealWavefronts = Ideal;
  Cost.BankWavefronts = BankWavefronts;
  Cost.ByPlacement = std::move(ByPlacement);
  Cost.MostWavefronts = std::max(Most, Cost.Wavefronts);
  return Cost;
}

unsigned bankOf(const SharedMemoryBanking &Banking, int64_t Offset) {
  int64_t Width = Banking.BankWidthBytes, Count = Banking.BankCount;
  // Floor division, then a modulo that stays non-negative.
  int64_t Word = Offset / Width - (Offset % Width < 0);
  return unsigned(((Word % Count) + Count) % Count);
}

} // namespace smemlint
