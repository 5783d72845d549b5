//===--- BankModelFuzzer.cpp - The bank model against a brute-force oracle ===//
//
// libFuzzer target bank-model-fuzzer. From the input bytes it builds one warp
// request (banking, access width 1/2/4/8/16, load or store, active lanes and
// 32 lane addresses aligned to the width, with shared addresses and paired
// quads made likely), serves it with serveWarpRequest, and aborts when the
// wavefronts, the ideal or the phase size differ from ReferenceBanks.h, or
// when the reported hotspot does not describe the request.
//
//===----------------------------------------------------------------------===//

#include "ReferenceBanks.h"

#include "Hardware/ArchTable.h"
#include "Model/BankModel.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cinttypes>
#include <cstdio>
#include <cstdlib>

using namespace smemlint;

namespace {

struct Request {
  SharedMemoryBanking Banking;
  unsigned Width = 4;
  bool IsLoad = true;
  std::vector<LaneAddress> Lanes;
};

/// A banking the table holds, or a made-up one (other bank counts and word
/// sizes), so that no constant of the H200 is silently assumed.
SharedMemoryBanking pickBanking(FuzzedDataProvider &Data) {
  llvm::ArrayRef<ArchInfo> Archs = knownArchs();
  if (Data.ConsumeBool())
    return Archs[Data.ConsumeIntegralInRange<size_t>(0, Archs.size() - 1)]
        .Banking;
  SharedMemoryBanking B;
  B.BankCount = 8u << Data.ConsumeIntegralInRange(0, 3); // 8 .. 64
  B.BankWidthBytes = Data.ConsumeBool() ? 4 : 8;
  B.WarpSize = 32;
  B.BytesPerWavefront = B.BankCount * B.BankWidthBytes;
  B.PairedLoadsMergePhases = Data.ConsumeBool();
  return B;
}

/// Element indices for the 32 lanes, in one of a few shapes real code has.
std::vector<uint64_t> pickElements(FuzzedDataProvider &Data, unsigned Width) {
  std::vector<uint64_t> Elements(32);
  // Most indices stay within a few KB; now and then far away, up to the top
  // of the address space (a negative offset seen as unsigned).
  uint64_t Limit = uint64_t(1) << Data.ConsumeIntegralInRange(0, 16);
  uint64_t Base = 0;
  if (Data.ConsumeIntegralInRange(0, 7) == 0)
    Base = Data.ConsumeIntegralInRange<uint64_t>(
        0, UINT64_MAX / Width - Limit - 4096); // (lane op mask) * stride < 4096
  switch (Data.ConsumeIntegralInRange(0, 4)) {
  case 0: { // a pool of a few addresses shared by the lanes (broadcasts)
    std::vector<uint64_t> Pool(Data.ConsumeIntegralInRange(1, 32));
    for (uint64_t &P : Pool)
      P = Data.ConsumeIntegralInRange<uint64_t>(0, Limit);
    for (uint64_t &E : Elements)
      E = Pool[Data.ConsumeIntegralInRange<size_t>(0, Pool.size() - 1)];
    break;
  }
  case 1: { // (lane op mask) * stride + offset
    unsigned Stride = Data.ConsumeIntegralInRange(0, 65);
    unsigned Mask = Data.ConsumeIntegral<uint8_t>() & 31;
    unsigned Shift = Data.ConsumeIntegralInRange(0, 4);
    unsigned Op = Data.ConsumeIntegralInRange(0, 3);
    unsigned Offset = Data.ConsumeIntegralInRange(0, 64);
    for (unsigned L = 0; L < 32; ++L) {
      unsigned Index = Op == 0   ? L
                       : Op == 1 ? (L & Mask)
                       : Op == 2 ? (L ^ Mask)
                                 : (L >> Shift);
      Elements[L] = uint64_t(Index) * Stride + Offset;
    }
    break;
  }
  case 2: { // quads made of pairs, in one of the three pairings
    for (unsigned Q = 0; Q < 8; ++Q) {
      uint64_t A = Data.ConsumeIntegralInRange<uint64_t>(0, Limit);
      uint64_t B = Data.ConsumeBool()
                       ? A
                       : Data.ConsumeIntegralInRange<uint64_t>(0, Limit);
      static const unsigned Pairings[3][4] = {
          {0, 0, 1, 1}, {0, 1, 0, 1}, {0, 1, 1, 0}};
      const unsigned *Pairing = Pairings[Data.ConsumeIntegralInRange(0, 2)];
      for (unsigned L = 0; L < 4; ++L)
        Elements[Q * 4 + L] = Pairing[L] ? B : A;
    }
    break;
  }
  default: // anything
    for (uint64_t &E : Elements)
      E = Data.ConsumeIntegralInRange<uint64_t>(0, Limit);
    break;
  }
  for (uint64_t &E : Elements)
    E += Base;
  return Elements;
}

Request pickRequest(FuzzedDataProvider &Data) {
  Request R;
  R.Banking = pickBanking(Data);
  static const unsigned Widths[] = {1, 2, 4, 8, 16};
  R.Width = Widths[Data.ConsumeIntegralInRange(0, 4)];
  R.IsLoad = Data.ConsumeBool();
  // Usually a full warp; sometimes a short lane list (trailing lanes
  // inactive), and a random active mask.
  unsigned Count = Data.ConsumeIntegralInRange(0, 7) == 0
                       ? Data.ConsumeIntegralInRange(0, 32)
                       : 32;
  uint32_t Active = Data.ConsumeBool() ? ~0u : Data.ConsumeIntegral<uint32_t>();
  std::vector<uint64_t> Elements = pickElements(Data, R.Width);
  for (unsigned L = 0; L < Count; ++L)
    R.Lanes.push_back(Active >> L & 1 ? LaneAddress(Elements[L] * R.Width)
                                      : std::nullopt);
  return R;
}

[[noreturn]] void fail(const Request &R, const WarpRequestCost &Model,
                       const fuzz::ReferenceCost &Reference, const char *What) {
  std::fprintf(stderr,
               "bank-model-fuzzer: %s\n"
               "  banking: %u banks x %u B, warp %u, %u B per wavefront, "
               "paired loads merge: %d\n"
               "  %u-byte %s, %zu lanes:\n",
               What, R.Banking.BankCount, R.Banking.BankWidthBytes,
               R.Banking.WarpSize, R.Banking.BytesPerWavefront,
               R.Banking.PairedLoadsMergePhases, R.Width,
               R.IsLoad ? "load" : "store", R.Lanes.size());
  for (size_t L = 0; L < R.Lanes.size(); ++L) {
    if (R.Lanes[L])
      std::fprintf(stderr, "    lane %2zu: byte %" PRIu64 "\n", L, *R.Lanes[L]);
    else
      std::fprintf(stderr, "    lane %2zu: inactive\n", L);
  }
  std::fprintf(stderr,
               "  model:     wavefronts %u, ideal %u, lanes per phase %u, "
               "hotspot bank %u with %u words\n"
               "  reference: wavefronts %u, ideal %u, lanes per phase %u\n",
               Model.Wavefronts, Model.IdealWavefronts, Model.LanesPerPhase,
               Model.Hotspot.Bank, Model.Hotspot.DistinctWords,
               Reference.Wavefronts, Reference.Ideal, Reference.LanesPerPhase);
  std::abort();
}

/// The hotspot must be a real bank of the request: its words map to it, each
/// of its lanes is active and touches one of them, and it has as many words
/// as the costliest phase (\p WorstPhase) has wavefronts.
const char *hotspotProblem(const Request &R, const WarpRequestCost &Model,
                           unsigned WorstPhase) {
  const BankHotspot &Hot = Model.Hotspot;
  if (Model.Wavefronts == 0)
    return nullptr;
  if (Hot.DistinctWords == 0 || Hot.DistinctWords != Hot.Words.size() ||
      Hot.DistinctWords != WorstPhase)
    return "hotspot is not the busiest bank of the costliest phase";
  if (Hot.Bank >= R.Banking.BankCount)
    return "hotspot bank out of range";
  for (uint64_t Word : Hot.Words)
    if (Word % R.Banking.BankCount != Hot.Bank)
      return "hotspot word is not in the hotspot bank";
  if (Hot.Lanes.empty())
    return "hotspot names no lane";
  for (unsigned Lane : Hot.Lanes) {
    if (Lane >= R.Lanes.size() || !R.Lanes[Lane])
      return "hotspot names an inactive lane";
    uint64_t First = *R.Lanes[Lane] / R.Banking.BankWidthBytes;
    uint64_t Last = (*R.Lanes[Lane] + R.Width - 1) / R.Banking.BankWidthBytes;
    bool Touches = false;
    for (uint64_t Word : Hot.Words)
      Touches |= Word >= First && Word <= Last;
    if (!Touches)
      return "hotspot lane touches none of the hotspot words";
  }
  return nullptr;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Bytes, size_t Size) {
  FuzzedDataProvider Data(Bytes, Size);
  Request R = pickRequest(Data);
  RequestKind Kind = R.IsLoad ? RequestKind::Load : RequestKind::Store;
  WarpRequestCost Model = serveWarpRequest(R.Banking, R.Width, Kind, R.Lanes);

  fuzz::ReferenceBanking B;
  B.Banks = R.Banking.BankCount;
  B.WordBytes = R.Banking.BankWidthBytes;
  B.WarpLanes = R.Banking.WarpSize;
  B.PhaseBytes = R.Banking.BytesPerWavefront;
  B.PairedLoadsMerge = R.Banking.PairedLoadsMergePhases;
  fuzz::ReferenceCost Reference =
      fuzz::referenceWavefronts(B, R.Width, R.IsLoad, R.Lanes);

  if (Model.Wavefronts != Reference.Wavefronts)
    fail(R, Model, Reference, "wavefronts differ from the reference");
  if (Model.IdealWavefronts != Reference.Ideal)
    fail(R, Model, Reference, "ideal wavefronts differ from the reference");
  if (Model.LanesPerPhase != Reference.LanesPerPhase)
    fail(R, Model, Reference, "lanes per phase differ from the reference");
  if (Model.IdealWavefronts > Model.Wavefronts ||
      (Model.Wavefronts > 0) != (Model.ways() > 0))
    fail(R, Model, Reference, "ideal or ways inconsistent with wavefronts");
  if (const char *Problem = hotspotProblem(R, Model, Reference.WorstPhase))
    fail(R, Model, Reference, Problem);
  return 0;
}
