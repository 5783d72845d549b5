//===--- ReferenceBanks.h - Brute-force wavefronts for the fuzzers -*- C++ -*-//
//
// The fuzzers' oracle: the number of wavefronts one warp request takes,
// computed the slow and obvious way from the rule as the measurements state it
// (docs/measurements/h200-bank-probes.md, Conclusion), byte by byte with
// ordinary containers. It deliberately shares no code with lib/Model, so that a
// slip in the model's arithmetic shows up as a disagreement.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_FUZZ_REFERENCEBANKS_H
#define SMEMLINT_FUZZ_REFERENCEBANKS_H

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace smemlint {
namespace fuzz {

/// The numbers the rule is written in: an H200 has 32 banks of 4-byte words,
/// a warp of 32 lanes, 128 bytes per wavefront, and merges paired wide loads.
struct ReferenceBanking {
  unsigned Banks = 32;
  unsigned WordBytes = 4;
  unsigned WarpLanes = 32;
  unsigned PhaseBytes = 128;
  bool PairedLoadsMerge = true;
};

struct ReferenceCost {
  unsigned Wavefronts = 0;
  unsigned Ideal = 0;
  unsigned LanesPerPhase = 0;
  /// Wavefronts of the costliest phase.
  unsigned WorstPhase = 0;
};

/// Rule 2's condition: every aligned quad of lanes splits into two pairs that
/// each read one address ({0,1}{2,3} or {0,2}{1,3}); an inactive or missing
/// lane matches anything.
inline bool
referenceQuadsPair(const std::vector<std::optional<uint64_t>> &Lanes) {
  auto Match = [&](size_t A, size_t B) {
    bool ActiveA = A < Lanes.size() && Lanes[A].has_value();
    bool ActiveB = B < Lanes.size() && Lanes[B].has_value();
    return !ActiveA || !ActiveB || *Lanes[A] == *Lanes[B];
  };
  for (size_t Q = 0; Q < Lanes.size(); Q += 4) {
    bool Neighbours = Match(Q, Q + 1) && Match(Q + 2, Q + 3);
    bool Alternate = Match(Q, Q + 2) && Match(Q + 1, Q + 3);
    if (!Neighbours && !Alternate)
      return false;
  }
  return true;
}

/// Wavefronts for one warp where lane L touches Width bytes at Lanes[L]
/// (nullopt: inactive).
inline ReferenceCost
referenceWavefronts(const ReferenceBanking &B, unsigned Width, bool IsLoad,
                    const std::vector<std::optional<uint64_t>> &Lanes) {
  ReferenceCost Cost;
  // Rule 1: accesses up to one bank word are served for the whole warp at
  // once; wider ones in groups of lanes that carry PhaseBytes.
  unsigned PhaseLanes = B.WarpLanes;
  if (Width > B.WordBytes) {
    PhaseLanes = std::max(1u, B.PhaseBytes / Width);
    // Rule 2: loads (never stores) whose quads pair up take twice as many.
    if (IsLoad && B.PairedLoadsMerge && referenceQuadsPair(Lanes))
      PhaseLanes *= 2;
    PhaseLanes = std::min(PhaseLanes, B.WarpLanes);
  }
  Cost.LanesPerPhase = PhaseLanes;
  // Rule 3: per phase, the busiest bank's count of distinct words.
  for (size_t First = 0; First < Lanes.size(); First += PhaseLanes) {
    std::map<unsigned, std::set<uint64_t>> WordsByBank;
    std::set<uint64_t> Words;
    for (size_t L = First; L < std::min(Lanes.size(), First + PhaseLanes);
         ++L) {
      if (!Lanes[L])
        continue;
      for (unsigned Byte = 0; Byte < Width; ++Byte) {
        // 128-bit: an address near 2^64 must not wrap.
        unsigned __int128 Address = (unsigned __int128)*Lanes[L] + Byte;
        uint64_t Word = uint64_t(Address / B.WordBytes);
        WordsByBank[unsigned(Word % B.Banks)].insert(Word);
        Words.insert(Word);
      }
    }
    size_t Busiest = 0;
    for (const auto &Bank : WordsByBank)
      Busiest = std::max(Busiest, Bank.second.size());
    Cost.Wavefronts += Busiest;
    Cost.WorstPhase = std::max<unsigned>(Cost.WorstPhase, Busiest);
    Cost.Ideal += (Words.size() + B.Banks - 1) / B.Banks;
  }
  return Cost;
}

} // namespace fuzz
} // namespace smemlint

#endif
