//===--- BankConflictCheck.cpp - smem-bank-conflict -----------------------===//

#include "Checks/BankConflictCheck.h"

#include "Analysis/SourceNames.h"
#include "Analysis/SourcePoints.h"
#include "Checks/ResidencyWording.h"
#include "Fixes/PaddingFix.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <cstdio>
#include <numeric>
#include <set>

using namespace clang;

namespace smemlint {
namespace {

/// \p Callee as users write it: CUDA's wmma lives in nvcuda::wmma, and
/// users write wmma::.
std::string userSpelledName(const clang::FunctionDecl &Callee) {
  std::string Name = Callee.getQualifiedNameAsString();
  llvm::StringRef Short(Name);
  return Short.consume_front("nvcuda::") ? Short.str() : Name;
}

/// "0-31", "0, 2, ..., 30", "0-3, 8-11".
std::string formatLanes(const std::vector<unsigned> &Lanes) {
  if (Lanes.empty())
    return "";
  if (Lanes.size() >= 3) {
    unsigned Step = Lanes[1] - Lanes[0];
    bool Progression = Step > 1;
    for (size_t I = 2; I < Lanes.size() && Progression; ++I)
      Progression = Lanes[I] - Lanes[I - 1] == Step;
    if (Progression)
      return std::to_string(Lanes[0]) + ", " + std::to_string(Lanes[1]) +
             ", ..., " + std::to_string(Lanes.back());
  }
  std::string Text;
  for (size_t I = 0; I < Lanes.size();) {
    size_t J = I;
    while (J + 1 < Lanes.size() && Lanes[J + 1] == Lanes[J] + 1)
      ++J;
    if (!Text.empty())
      Text += ", ";
    Text += std::to_string(Lanes[I]);
    if (J > I)
      Text += "-" + std::to_string(Lanes[J]);
    I = J + 1;
  }
  return Text;
}

/// The byte distance between consecutive active lanes, if it is constant.
std::optional<int64_t> laneStride(const WarpExample &Warp) {
  std::optional<std::pair<unsigned, int64_t>> First;
  std::optional<int64_t> Stride;
  for (auto [Lane, Offset] : llvm::enumerate(Warp.LaneOffsets)) {
    if (!Offset)
      continue;
    if (!First) {
      First.emplace(Lane, *Offset);
      continue;
    }
    // 128-bit: wild offsets (an index near the ends of int64) must not
    // overflow; such a stride is no help to the reader anyway.
    __int128 Distance = __int128(*Offset) - First->second;
    int64_t Lanes = int64_t(Lane) - First->first;
    if (Distance % Lanes != 0 || Distance / Lanes > INT64_MAX ||
        Distance / Lanes <= INT64_MIN)
      return std::nullopt;
    if (Stride && *Stride != Distance / Lanes)
      return std::nullopt;
    Stride = int64_t(Distance / Lanes);
  }
  return Stride;
}

std::string plural(uint64_t N, const char *Word) {
  return std::to_string(N) + " " + Word + (N == 1 ? "" : "s");
}

const char *verbOf(AccessKind Kind, bool ReadModifyWrite) {
  if (ReadModifyWrite)
    return "read-modify-write";
  switch (Kind) {
  case AccessKind::Load:
    return "read";
  case AccessKind::Store:
    return "write";
  case AccessKind::Atomic:
    return "atomic";
  }
  return "access";
}

std::string lineOf(const SourceManager &SM, const Expr *E) {
  return std::to_string(toSourcePoint(SM, E->getBeginLoc()).Line);
}

/// What the wider instruction of \p Access is made of, in words: "4
/// iterations", "this read and the ones at lines 36 and 37".
std::string mergedSources(const SourceManager &SM, const AccessStats &Access) {
  if (Access.MergedStatements.empty() && Access.MergedExecutions)
    return std::to_string(Access.MergedExecutions) + " executions of this " +
           (Access.Kind == AccessKind::Load ? "read" : "write") +
           " side by side (its function called in a row)";
  if (Access.MergedStatements.empty())
    return std::to_string(Access.MergedIterations) + " iterations";
  unsigned Own = toSourcePoint(SM, Access.Site->getBeginLoc()).Line;
  std::set<unsigned> Lines;
  for (const Expr *Other : Access.MergedStatements)
    Lines.insert(toSourcePoint(SM, Other->getBeginLoc()).Line);
  std::string Text =
      Access.Kind == AccessKind::Load ? "this read" : "this write";
  size_t Others = Access.MergedStatements.size();
  if (Lines.size() == 1 && *Lines.begin() == Own)
    return Text +
           (Others == 1 ? " and the one beside it" : " and the ones beside it");
  std::vector<std::string> Numbers;
  for (unsigned Line : Lines)
    Numbers.push_back(std::to_string(Line));
  std::string List = Numbers.back();
  if (Numbers.size() > 1)
    List =
        llvm::join(llvm::ArrayRef(Numbers).drop_back(), ", ") + " and " + List;
  return Text + (Others == 1 ? " and the one at line " : " and the ones at ") +
         (Others == 1 ? List : (Lines.size() == 1 ? "line " : "lines ") + List);
}

/// "gcd(stride, 32)-way" or "1- to 32-way (32-way with stride = 32)".
std::string describeEffect(const SymbolEffect &Effect, const std::string &Name,
                           unsigned BankCount) {
  bool IsGcd = true;
  for (auto [I, Ways] : llvm::enumerate(Effect.WaysByValue))
    IsGcd &= Ways == std::gcd(unsigned(I + 1), BankCount);
  if (IsGcd)
    return "gcd(" + Name + ", " + std::to_string(BankCount) + ")-way";
  auto [Min, Max] =
      std::minmax_element(Effect.WaysByValue.begin(), Effect.WaysByValue.end());
  unsigned WorstValue = Max - Effect.WaysByValue.begin() + 1;
  return std::to_string(*Min) + "- to " + std::to_string(*Max) + "-way (" +
         std::to_string(*Max) + "-way with " + Name + " = " +
         std::to_string(WorstValue) + ")";
}

/// \p N with at most \p Decimals decimals and no trailing zeros: "2.5".
std::string decimal(double N, unsigned Decimals = 2) {
  char Buffer[64];
  snprintf(Buffer, sizeof Buffer, "%.*f", int(Decimals), N);
  std::string Text = Buffer;
  if (Text.find('.') == std::string::npos)
    return Text;
  while (Text.back() == '0')
    Text.pop_back();
  if (Text.back() == '.')
    Text.pop_back();
  return Text;
}

/// "3 excessive wavefronts of 4 (75%)": Nsight Compute's words for what a
/// bank conflict costs (its Source page's "L1 Wavefronts Shared Excessive"
/// beside "L1 Wavefronts Shared").
std::string excessiveOf(double Excessive, double Wavefronts) {
  double Percent = Wavefronts > 0 ? 100 * Excessive / Wavefronts : 0;
  return decimal(Excessive) + " excessive wavefront" +
         (Excessive == 1 ? "" : "s") + " of " + decimal(Wavefronts) + " (" +
         decimal(Percent, 1) + "%)";
}

class ConflictReporter {
public:
  ConflictReporter(const CheckContext &Context,
                   std::vector<Diagnostic> &Findings)
      : Context(Context), Analysis(Context.Analysis), Fixes(Context.Fixes),
        Ctx(Analysis.context()), SM(Ctx.getSourceManager()),
        Findings(Findings) {}

  void report(unsigned Index, const AccessStats &Access, bool ReadModifyWrite);
  /// An access of another block's shared memory (AccessStats::Remote).
  void reportRemote(const AccessStats &Access);

private:
  DiagnosticNote explainSegments(const AccessStats &Access) const;
  /// What the numbers cover: the iterations evaluated, the assumptions,
  /// the block shape.
  void addCoverageNotes(Diagnostic &D, const AccessStats &Access) const;
  DiagnosticNote explainHotspot(const AccessStats &Access) const;
  DiagnosticNote nsightComputeCounts(const AccessStats &Access) const;
  std::vector<DiagnosticNote> proposeFixes(const AccessStats &Access);
  DiagnosticNote paddingNote(const AccessStats &Access,
                             const PaddingProposal &Proposal);
  DiagnosticNote swizzleNote(const AccessStats &Access,
                             const SwizzleProposal &Proposal);
  std::string describeChanges(const std::vector<PaddedAccess> &Changes,
                              const AccessStats &This) const;
  unsigned symbolValue(unsigned Symbol) const;
  /// Bytes \p Access may reach in its array; nullopt when unknown.
  std::optional<uint64_t> arrayBytes(const AccessStats &Access) const;

  const CheckContext &Context;
  const KernelAnalysis &Analysis;
  LayoutFixAdvisor &Fixes;
  const ASTContext &Ctx;
  const SourceManager &SM;
  std::vector<Diagnostic> &Findings;
};

DiagnosticNote
ConflictReporter::explainHotspot(const AccessStats &Access) const {
  const WarpExample &Warp = *Access.Worst;
  const BankHotspot &Hot = Warp.Cost.Hotspot;
  const SharedMemoryBanking &Banking = Analysis.arch().Banking;
  // The worst warp instruction's bytes per lane: the merged instruction's
  // when the compiler merges iterations.
  unsigned Width =
      Access.InstructionBytes ? Access.InstructionBytes : Access.WidthBytes;
  bool Phased = Warp.Cost.LanesPerPhase < Banking.WarpSize;

  // The distinct words of the hot bank, named by the element a lane reads.
  std::vector<std::string> Elements;
  std::vector<int64_t> Words;
  for (unsigned Lane : Hot.Lanes) {
    int64_t Offset = *Warp.LaneOffsets[Lane];
    // 128-bit, so that a wild offset near the ends of int64 cannot overflow.
    for (__int128 Byte = Offset; Byte < __int128(Offset) + std::max(Width, 1u);
         Byte += Banking.BankWidthBytes) {
      // Floor division: a negative offset is in a negative word.
      int64_t Word = int64_t(Byte / Banking.BankWidthBytes -
                             (Byte % Banking.BankWidthBytes < 0));
      if (((Word % Banking.BankCount) + Banking.BankCount) %
                  Banking.BankCount !=
              Hot.Bank ||
          llvm::is_contained(Words, Word))
        continue;
      Words.push_back(Word);
      Elements.push_back(Access.Array ? elementName(Ctx, Access.Array, Offset)
                                      : "?");
    }
  }
  std::string List;
  for (size_t I = 0; I < Elements.size(); ++I) {
    if (Elements.size() > 4 && I == 3) {
      List += ", ...";
      I = Elements.size() - 1;
    }
    if (!List.empty())
      List += ", ";
    List += Elements[I];
  }
  std::string Message =
      "lanes " + formatLanes(Hot.Lanes) + " of warp " +
      std::to_string(Warp.Warp) + " need " + std::to_string(Hot.DistinctWords) +
      " different words from bank " + std::to_string(Hot.Bank) + ": " + List;
  // LDGSTS does not merge lanes that write one word: each is a write.
  if (Access.AsyncCopy && Hot.DistinctWords > Words.size())
    Message = "lanes " + formatLanes(Hot.Lanes) + " of warp " +
              std::to_string(Warp.Warp) + " make " +
              std::to_string(Hot.DistinctWords) + " writes to bank " +
              std::to_string(Hot.Bank) + " (" + List +
              "): a cp.async serves each lane's write on its own, even to "
              "one word";
  if (Access.Matrices)
    Message += std::string(" (") +
               (Access.Kind == AccessKind::Store ? "stmatrix" : "ldmatrix") +
               " serves each 8x8 matrix on its own, from the row addresses "
               "of 8 lanes)";
  else if (Phased)
    Message += " (this " + std::to_string(Width) + "-byte access is served " +
               std::to_string(Warp.Cost.LanesPerPhase) + " lanes at a time)";
  if (std::optional<int64_t> Stride = laneStride(Warp); Stride && *Stride) {
    uint64_t Distance = *Stride < 0 ? 0 - uint64_t(*Stride) : uint64_t(*Stride);
    if (*Stride % Banking.BankWidthBytes == 0)
      Message += "; consecutive lanes are " +
                 plural(Distance / Banking.BankWidthBytes, "word") + " apart";
    else
      Message +=
          "; consecutive lanes are " + plural(Distance, "byte") + " apart";
  }
  if (Access.AsyncCopy && Warp.Cost.SourceLines > 1)
    Message +=
        "; and the warp copies from " + std::to_string(Warp.Cost.SourceLines) +
        " different 128-byte lines of global memory: a cp.async "
        "writes a lane only once its line has arrived, one line per "
        "wavefront" +
        (Warp.Cost.LanesPerPhase < Banking.WarpSize
             ? " for each " + std::to_string(Warp.Cost.LanesPerPhase) +
                   " lanes served together"
             : std::string()) +
        ", so its ideal is " + plural(Warp.Cost.IdealWavefronts, "wavefront") +
        " (docs/measurements/h200-cp-async.md)";
  return {toSourcePoint(SM, Access.Site->getBeginLoc()), Message, {}};
}

DiagnosticNote
ConflictReporter::nsightComputeCounts(const AccessStats &Access) const {
  // "conflict", not "bank conflict": the headline says that already.
  std::string Degree =
      "a " + std::to_string(Access.ways()) + "-way conflict: " +
      excessiveOf(Access.worstWavefronts() - Access.idealWavefronts(),
                  Access.worstWavefronts());
  std::string Instructions =
      plural(Access.WarpInstructions, "warp instruction");
  bool EveryWarpAlike =
      Access.TotalWavefronts ==
          uint64_t(Access.worstWavefronts()) * Access.WarpInstructions &&
      Access.TotalIdealWavefronts ==
          uint64_t(Access.idealWavefronts()) * Access.WarpInstructions;
  std::string Message = "in Nsight Compute's terms, " + Degree;
  if (EveryWarpAlike && Access.WarpInstructions == 1) {
    Message += " in the block's one warp instruction";
  } else if (EveryWarpAlike) {
    Message += " in each of the block's " + Instructions;
  } else {
    // The headline is the worst warp instruction; the mean is what the
    // Source page's per-line numbers divide out to.
    double Ideal =
        double(Access.TotalIdealWavefronts) / Access.WarpInstructions;
    Message +=
        " in the worst warp instruction (warp " +
        std::to_string(Access.Worst->Warp) + "); on average over the " +
        "block's " + Instructions + " a " +
        decimal(double(Access.TotalWavefronts) / Access.TotalIdealWavefronts) +
        "-way conflict: " +
        excessiveOf(Access.meanWavefronts() - Ideal, Access.meanWavefronts());
  }
  Message += "; per block, " +
             excessiveOf(Access.excessiveWavefronts(), Access.TotalWavefronts);
  if (std::optional<LaunchWavefronts> Launch =
          Analysis.launchWavefronts(Access))
    Message +=
        "; per launch (" +
        (Launch->Blocks == 1 ? std::string("1 block")
                             : plural(Launch->Blocks, "block") +
                                   ", each counted as the block analysed") +
        "), " + excessiveOf(Launch->ExcessiveWavefronts, Launch->Wavefronts);
  else
    Message += "; per launch: the grid is not known (give it with "
               "--grid-dim)";
  if (!Analysis.profile().samplingReason(Access).empty())
    Message += "; the counts cover the iterations evaluated";
  return {toSourcePoint(SM, Access.Site->getBeginLoc()), Message, {}};
}

std::string
ConflictReporter::describeChanges(const std::vector<PaddedAccess> &Changes,
                                  const AccessStats &This) const {
  // This access first, then the others the fix changes. Where the fix
  // changes the instructions the compiler makes (merged iterations before,
  // not after), the numbers are over every execution, and each part says
  // its unit.
  bool AnyInAll = llvm::any_of(
      Changes, [](const PaddedAccess &Change) { return Change.InAll; });
  std::vector<std::string> Parts;
  for (const PaddedAccess &Change : Changes) {
    bool IsThis = Change.Access == &This;
    if (!IsThis && Change.WavefrontsBefore == Change.WavefrontsAfter)
      continue;
    std::string Text =
        (IsThis ? std::string("this ") + verbOf(This.Kind, false)
                : std::string("the ") + verbOf(Change.Access->Kind, false) +
                      " at line " + lineOf(SM, Change.Access->Site)) +
        ": " + std::to_string(Change.WavefrontsBefore) + " -> " +
        std::to_string(Change.WavefrontsAfter);
    if (Change.InAll)
      Text += " wavefronts in all, its iterations no longer merged into " +
              std::to_string(Change.Access->InstructionBytes) +
              "-byte instructions";
    else if (AnyInAll)
      Text += " wavefronts per warp";
    Parts.insert(IsThis ? Parts.begin() : Parts.end(), Text);
  }
  return llvm::join(Parts, ", ") + (AnyInAll ? "" : " wavefronts");
}

namespace {

/// What a proof that evaluated every iteration says; one that sampled a
/// loop saw only part of the accesses.
std::string conflictFreeClaim(const std::string &ProofSampling) {
  return ProofSampling.empty() ? "conflict-free"
                               : "conflict-free in the iterations evaluated";
}

/// The array's wavefronts over every access, for a fix that trades some
/// accesses' costs against others'.
std::string totalChange(uint64_t Before, uint64_t After) {
  return std::to_string(Before) + " -> " + std::to_string(After) +
         " wavefronts per block in all; ";
}

std::string proofCaveat(const std::string &ProofSampling) {
  if (ProofSampling.empty())
    return "";
  return "; an estimate: with the fix, " + ProofSampling;
}

} // namespace

DiagnosticNote ConflictReporter::paddingNote(const AccessStats &Access,
                                             const PaddingProposal &Proposal) {
  std::string Name = Access.Array->getNameAsString();
  uint64_t Added = Proposal.BytesAfter - Proposal.BytesBefore;
  OccupancyChange Residency = residencyChange(Analysis, Added);
  std::string Bytes = "+" + std::to_string(Added) + " bytes per block (" +
                      std::to_string(Proposal.BytesBefore) + " -> " +
                      std::to_string(Proposal.BytesAfter) + "), " +
                      describeResidencyChange(Residency);
  std::string Changes = describeChanges(Proposal.Accesses, Access);
  std::string Message =
      Proposal.ConflictFree
          ? "pad the rows of '" + Name + "' to " +
                std::to_string(Proposal.RowAfter) +
                " elements: " + conflictFreeClaim(Proposal.ProofSampling) +
                " (" + Changes + "), " + Bytes
          : "padding the rows of '" + Name + "' to " +
                std::to_string(Proposal.RowAfter) +
                " elements leaves the fewest wavefronts (" +
                totalChange(Proposal.TotalBefore, Proposal.TotalAfter) +
                Changes + "), " + Bytes +
                "; no padding removes every conflict of '" + Name +
                "' with block " + Analysis.shape().Block.str();
  Message += proofCaveat(Proposal.ProofSampling);
  return DiagnosticNote{Proposal.Fix.Where, Message, {Proposal.Fix}, Residency};
}

DiagnosticNote ConflictReporter::swizzleNote(const AccessStats &Access,
                                             const SwizzleProposal &Proposal) {
  std::string Name = Access.Array->getNameAsString();
  std::string Changes = describeChanges(Proposal.Accesses, Access);
  // Point at this access's own rewrite, so the editor shows it in place.
  SourcePoint Where = Proposal.Fixes.front().Where;
  SourcePoint Here = toSourcePoint(SM, Access.Site->getBeginLoc());
  for (const FixIt &Fix : Proposal.Fixes)
    if (Fix.Where.File == Here.File && Fix.Where.Line == Here.Line)
      Where = Fix.Where;
  std::string Message =
      std::string(Proposal.ConflictFree ? "swizzle" : "or swizzle") + " '" +
      Name + "' with an XOR at its " + std::to_string(Proposal.Fixes.size()) +
      " accesses (" + Proposal.Pattern + "): " +
      (Proposal.ConflictFree
           ? conflictFreeClaim(Proposal.ProofSampling) + " (" + Changes
           : "fewer wavefronts (" +
                 totalChange(Proposal.TotalBefore, Proposal.TotalAfter) +
                 Changes) +
      "), no extra shared memory" + proofCaveat(Proposal.ProofSampling);
  return DiagnosticNote{Where, Message, Proposal.Fixes, std::nullopt};
}

std::vector<DiagnosticNote>
ConflictReporter::proposeFixes(const AccessStats &Access) {
  if (!Access.Array)
    return {};
  const std::optional<PaddingProposal> &Padding = Fixes.padding(Access.Array);
  bool PaddingSettlesIt =
      Padding && Padding->ConflictFree &&
      residencyChange(Analysis, Padding->BytesAfter - Padding->BytesBefore)
              .BlocksAfter == Analysis.occupancy().BlocksPerSM;
  std::vector<DiagnosticNote> Notes;
  if (Padding)
    Notes.push_back(paddingNote(Access, *Padding));
  if (PaddingSettlesIt)
    return Notes;
  // Padding is impossible, leaves conflicts, or costs a resident block: an
  // XOR swizzle may do better at no memory cost.
  const std::optional<SwizzleProposal> &Swizzle = Fixes.swizzle(Access.Array);
  if (Swizzle) {
    Notes.push_back(swizzleNote(Access, *Swizzle));
    // A conflict-free swizzle is the fix to apply; padding stays as the
    // alternative without its edit.
    if (Swizzle->ConflictFree && !Notes.front().FixIts.empty() &&
        Notes.size() == 2)
      Notes.front().FixIts.clear();
    return Notes;
  }
  if (!Notes.empty())
    return Notes;
  std::string Name = Access.Array->getNameAsString();
  std::string Obstacle = paddingObstacle(Analysis, Access.Array);
  if (Obstacle.empty())
    return {DiagnosticNote{toSourcePoint(SM, Access.Array->getLocation()),
                           "no padding of the rows of '" + Name +
                               "' lowers its wavefronts with block " +
                               Analysis.shape().Block.str() +
                               "; change the index mapping",
                           {}}};
  std::optional<int64_t> Stride = laneStride(*Access.Worst);
  std::string Advice = Obstacle;
  if (Stride && Access.WidthBytes <= 4 && *Stride % 4 == 0 && *Stride)
    Advice += "; make consecutive lanes touch consecutive words (a lane "
              "stride of 1 word, or any odd number of words, is "
              "conflict-free)";
  return {DiagnosticNote{
      toSourcePoint(SM, Access.Array->getLocation()), Advice, {}}};
}

std::optional<uint64_t>
ConflictReporter::arrayBytes(const AccessStats &Access) const {
  if (!Access.Array)
    return std::nullopt;
  const SharedVariable *Var = Analysis.kernel().sharedVariable(Access.Array);
  if (!Var)
    return std::nullopt;
  return Var->reachableBytes(Analysis.shape().DynamicSharedBytes);
}

unsigned ConflictReporter::symbolValue(unsigned Symbol) const {
  return Analysis.symbolValue(Symbol);
}

void ConflictReporter::report(unsigned Index, const AccessStats &Access,
                              bool ReadModifyWrite) {
  const SharedMemoryBanking &Banking = Analysis.arch().Banking;
  std::vector<SymbolEffect> Effects;
  auto Found = Analysis.symbolEffects().find(Index);
  if (Found != Analysis.symbolEffects().end())
    Effects = Found->second;
  unsigned Ways = Access.ways();
  // The range over the values tried counts the assumed symbols only: a
  // parameter the launches give takes their values, the worst evaluated.
  unsigned WorstOverSymbols = Ways, LeastOverSymbols = Ways;
  std::vector<const SymbolEffect *> Assumed;
  for (const SymbolEffect &Effect : Effects) {
    WorstOverSymbols =
        std::max(WorstOverSymbols, *std::max_element(Effect.WaysByValue.begin(),
                                                     Effect.WaysByValue.end()));
    if (Analysis.fromLaunches(Effect.Symbol))
      continue;
    Assumed.push_back(&Effect);
    LeastOverSymbols =
        std::min(LeastOverSymbols, *std::min_element(Effect.WaysByValue.begin(),
                                                     Effect.WaysByValue.end()));
  }
  unsigned WorstAssumed = Ways;
  for (const SymbolEffect *Effect : Assumed)
    WorstAssumed =
        std::max(WorstAssumed, *std::max_element(Effect->WaysByValue.begin(),
                                                 Effect->WaysByValue.end()));
  if (WorstOverSymbols < 2)
    return;

  std::string Array =
      Access.Array ? Access.Array->getNameAsString() : std::string("?");
  std::string What =
      std::string(verbOf(Access.Kind, ReadModifyWrite)) + " of '" + Array + "'";
  if (Access.Matrices) {
    std::string Instruction =
        std::string(Access.Kind == AccessKind::Store ? "stmatrix"
                                                     : "ldmatrix") +
        ".x" + std::to_string(Access.Matrices);
    What = Instruction + " of '" + Array + "'";
    // A library call compiled to it: wmma::load_matrix_sync.
    if (const auto *Call = llvm::dyn_cast<clang::CallExpr>(Access.Site))
      if (const clang::FunctionDecl *Callee = Call->getDirectCallee())
        What = "'" + userSpelledName(*Callee) + "' (" + Instruction + ") of '" +
               Array + "'";
  } else if (Access.AsyncCopy) {
    // The shared side of the copy: LDGSTS writes the bytes it fetched.
    What = "cp.async into '" + Array + "'";
    if (Access.WidthBytes != Banking.BankWidthBytes)
      What = std::to_string(Access.WidthBytes) + "-byte " + What;
  } else if (Access.WidthBytes != Banking.BankWidthBytes)
    What = std::to_string(Access.WidthBytes) + "-byte " + What;

  Diagnostic D;
  D.Check = BankConflictCheck::info().Name;
  D.Level = Severity::Warning;
  D.Where = toSourcePoint(SM, Access.Site->getBeginLoc());
  Context.nameSharedAccess(D, Access.Site, Access.Kind, Access.ReachedThrough);
  D.Ways = WorstOverSymbols;
  if (Ways >= 2) {
    // nvcc merges consecutive iterations, or this statement and others:
    // the cost is the instruction's.
    std::string Compiled;
    if (Access.InstructionBytes)
      Compiled = ", as the " + std::to_string(Access.InstructionBytes) +
                 "-byte " +
                 (Access.Kind == AccessKind::Load ? "load" : "store") +
                 " nvcc makes of " + mergedSources(SM, Access);
    // With values assumed, the headline is the range over the values
    // tried: "1- to 32-way", the evaluated degree after it.
    std::string Degree = std::to_string(Ways) + "-way bank conflict";
    std::string Evaluated;
    if (LeastOverSymbols != WorstAssumed) {
      std::vector<std::string> Names, Values;
      for (const SymbolEffect *Effect : Assumed) {
        std::string Name = Analysis.symbols().symbol(Effect->Symbol).spelling();
        Names.push_back("'" + Name + "'");
        Values.push_back(Name + " = " +
                         std::to_string(symbolValue(Effect->Symbol)));
      }
      Degree = std::to_string(LeastOverSymbols) + "- to " +
               std::to_string(WorstAssumed) +
               "-way bank conflict depending on " + llvm::join(Names, " and ");
      Evaluated = " with " + llvm::join(Values, ", ");
    }
    D.Message = Degree + ": " + What + " takes " +
                plural(Access.worstWavefronts(), "wavefront") +
                " per warp instead of " +
                std::to_string(Access.idealWavefronts()) + Evaluated +
                Compiled + " (" + Analysis.assumptionSummary(Access.Site) + ")";
    DiagnosticNote Hotspot = explainHotspot(Access);
    Hotspot.KeyFact = true;
    D.Notes.push_back(std::move(Hotspot));
    D.Notes.push_back(nsightComputeCounts(Access));
    if (Access.BypassesL1) {
      // No H200 counter sees LDGSTS.BYPASS's shared write.
      D.Level = Severity::Note;
      D.Notes.push_back(
          {D.Where,
           "reported as a note: a cp.async.cg writes shared memory past L1, "
           "where no H200 counter sees its wavefronts; they are counted as "
           "for cp.async.ca, though the H200 times .cg's conflicts at about a "
           "third of .ca's (128-byte stride; "
           "docs/measurements/h200-cp-async.md)",
           {}});
    }
  } else {
    D.Message = "up to " + std::to_string(WorstOverSymbols) +
                "-way bank conflict: " + What +
                " depends on a value the analysis does not know (" +
                Analysis.assumptionSummary(Access.Site) + ")";
  }
  // The symbols not among Effects do not change the degree; with every
  // symbol varied, a degree of 2 or more for every value is no assumption.
  D.HoldsForEveryValueTried = Analysis.symbolsSwept() && LeastOverSymbols >= 2;
  if (D.HoldsForEveryValueTried && !Assumed.empty()) {
    std::vector<unsigned> Ids;
    for (const SymbolEffect *Effect : Assumed)
      Ids.push_back(Effect->Symbol);
    D.Notes.push_back({D.Where,
                       "a conflict for every value tried of what the "
                       "address depends on (" +
                           valuesTried(Analysis, Ids) + ")",
                       {}});
  }
  for (const SymbolEffect &Effect : Effects) {
    std::string Name = Analysis.symbols().symbol(Effect.Symbol).spelling();
    D.Notes.push_back({D.Where,
                       "the conflict degree depends on '" + Name + "': " +
                           describeEffect(Effect, Name, Banking.BankCount) +
                           "; evaluated with " + Name + " = " +
                           std::to_string(symbolValue(Effect.Symbol)),
                       {}});
  }
  addCoverageNotes(D, Access);
  // Out-of-bounds lanes hit the banks of whatever lies there: no layout of
  // this array changes that, so no fix is proposed before the index is fixed.
  std::optional<uint64_t> Bytes = arrayBytes(Access);
  bool Outside = Bytes && Access.reachesOutside(*Bytes);
  if (Outside) {
    DiagnosticNote FixIndexFirst{D.Where,
                                 "some lanes index outside '" + Array +
                                     "' (see smem-out-of-bounds); fix the "
                                     "index before the layout",
                                 {}};
    FixIndexFirst.KeyFact = true;
    D.Notes.push_back(std::move(FixIndexFirst));
  }
  if (Ways >= 2 && !Outside) {
    std::vector<DiagnosticNote> Proposed = proposeFixes(Access);
    // What to do: the fix that carries the edit, else the advice.
    auto Applied = llvm::find_if(Proposed, [](const DiagnosticNote &Note) {
      return !Note.FixIts.empty();
    });
    if (Applied == Proposed.end())
      Applied = Proposed.begin();
    if (Applied != Proposed.end())
      Applied->KeyFact = true;
    for (DiagnosticNote &Fix : Proposed)
      D.Notes.push_back(std::move(Fix));
  }
  Findings.push_back(std::move(D));
}

void ConflictReporter::addCoverageNotes(Diagnostic &D,
                                        const AccessStats &Access) const {
  std::string Sampled = Analysis.profile().samplingReason(Access);
  if (!Sampled.empty())
    D.Notes.push_back({D.Where, "evaluated in part: " + Sampled, {}});
  for (const std::string &Assumption : Access.Assumptions)
    D.Notes.push_back({D.Where, "assumed: " + Assumption, {}});
  D.Notes.push_back(shapeNote(Analysis, SM));
}

DiagnosticNote
ConflictReporter::explainSegments(const AccessStats &Access) const {
  const WarpExample &Warp = *Access.Worst;
  std::vector<unsigned> Lanes;
  std::vector<std::string> Elements;
  for (auto [Lane, Offset] : llvm::enumerate(Warp.LaneOffsets)) {
    if (!Offset)
      continue;
    Lanes.push_back(Lane);
    std::string Element =
        Access.Array ? elementName(Ctx, Access.Array, *Offset) : "?";
    if (!llvm::is_contained(Elements, Element))
      Elements.push_back(std::move(Element));
  }
  if (Elements.size() > 4) {
    Elements.erase(Elements.begin() + 3, Elements.end() - 1);
    Elements.insert(Elements.end() - 1, "...");
  }
  std::string Message =
      "lanes " + formatLanes(Lanes) + " of warp " + std::to_string(Warp.Warp) +
      " read " + llvm::join(Elements, ", ") + " of the other block's '" +
      (Access.Array ? Access.Array->getNameAsString() : std::string("?")) + "'";
  if (std::optional<int64_t> Stride = laneStride(Warp); Stride && *Stride)
    Message += ", " +
               plural(*Stride < 0 ? 0 - uint64_t(*Stride) : uint64_t(*Stride),
                      "byte") +
               " apart";
  Message += ": " + std::to_string(Warp.Cost.Segments) +
             " different 512-byte segments, and a load of another block's "
             "shared memory is served one segment at a time, each "
             "segment's lanes by the bank rule "
             "(docs/measurements/h200-clusters.md)";
  return {toSourcePoint(SM, Access.Site->getBeginLoc()), Message, {}};
}

void ConflictReporter::reportRemote(const AccessStats &Access) {
  const WarpRequestCost &Cost = Access.Worst->Cost;
  unsigned Ideal = std::max(Cost.IdealWavefronts, 1u);
  unsigned Ways = Access.ways();
  unsigned MostWays = (Cost.MostWavefronts + Ideal - 1) / Ideal;
  // Reported when the block's warp instructions take twice their ideal on
  // average, not for one warp's: a remote access is an order of magnitude
  // slower than the block's own whatever its lanes do, and one lane of a
  // warp wrapping around to another segment is not worth a finding.
  // The array lies at one placement: the most the block may take is the
  // costliest placement's total, not each warp's costliest.
  // A store's least is the bank rule's (TotalWavefronts).
  bool Load = Access.Kind == AccessKind::Load;
  uint64_t Needed = std::max<uint64_t>(Access.TotalIdealWavefronts, 1);
  uint64_t LeastTotal = Access.TotalWavefronts, MostTotal = LeastTotal;
  for (auto [I, Total] : llvm::enumerate(Access.TotalByPlacement)) {
    if (Load)
      LeastTotal = I == 0 ? Total : std::min(LeastTotal, Total);
    MostTotal = std::max(MostTotal, Total);
  }
  bool Costly = LeastTotal >= 2 * Needed;
  bool MayCost = MostTotal >= 2 * Needed;
  if (!Costly)
    Ways = 1;
  if (!MayCost)
    return;
  std::string Array =
      Access.Array ? Access.Array->getNameAsString() : std::string("?");
  std::string What = std::string(verbOf(Access.Kind, false)) + " of '" + Array +
                     "' in another block of the cluster";
  if (Access.WidthBytes != Analysis.arch().Banking.BankWidthBytes)
    What = std::to_string(Access.WidthBytes) + "-byte " + What;

  Diagnostic D;
  D.Check = BankConflictCheck::info().Name;
  D.Where = toSourcePoint(SM, Access.Site->getBeginLoc());
  Context.nameSharedAccess(D, Access.Site, Access.Kind, Access.ReachedThrough);
  std::string Assumed = " (" + Analysis.assumptionSummary(Access.Site) + ")";
  if (Ways >= 2) {
    D.Level = Severity::Warning;
    D.Ways = Ways;
    D.Message = std::to_string(Ways) +
                "-way conflict in distributed shared memory: " + What +
                " takes " + plural(Cost.Wavefronts, "wavefront") +
                " per warp instead of " + std::to_string(Ideal) + Assumed;
  } else {
    // Only some placements of the array, or some runs of a store, cost
    // more: what holds is the ideal.
    D.Level = Severity::Note;
    D.Ways = MostWays;
    D.Message = "up to " + std::to_string(MostWays) +
                "-way conflict in distributed shared memory: " + What +
                " takes up to " + plural(Cost.MostWavefronts, "wavefront") +
                " per warp instead of " + std::to_string(Ideal) + Assumed;
  }
  // A load's segments, then the bank conflict within the worst one: 8
  // segments of 4 words of one bank make 32 wavefronts.
  bool Segmented = Load && Cost.Segments > 1;
  if (Segmented)
    D.Notes.push_back(explainSegments(Access));
  if (Cost.Hotspot.DistinctWords > 1)
    D.Notes.push_back(explainHotspot(Access));
  if (!D.Notes.empty())
    D.Notes.front().KeyFact = true;
  if (Cost.MostWavefronts > Cost.Wavefronts)
    D.Notes.push_back(
        {D.Where,
         Load ? "up to " + plural(Cost.MostWavefronts, "wavefront") +
                    " where '" + Array +
                    "' starts at another 128-byte step of a 512-byte "
                    "segment: where it lies is not known"
              : "a store of another block's shared memory costs at least "
                "the bank rule's wavefronts; lanes spread over 512-byte "
                "segments add some, up to " +
                    plural(Cost.MostWavefronts, "wavefront") +
                    ", varying from run to run on the H200",
         {}});
  if (Ways >= 2)
    D.Notes.push_back(
        {D.Where,
         "Nsight Compute counts these with local and global memory "
         "(l1tex__data_pipe_lsu_wavefronts_mem_lgds), not among shared "
         "memory's wavefronts; per block, " +
             excessiveOf(double(Access.excessiveWavefronts()),
                         double(Access.TotalWavefronts)) +
             (Analysis.profile().samplingReason(Access).empty()
                  ? ""
                  : "; the counts cover the iterations evaluated"),
         {}});
  addCoverageNotes(D, Access);
  if (Access.Array && Ways >= 2)
    D.Notes.push_back(
        {toSourcePoint(SM, Access.Array->getLocation()),
         Segmented
             ? "make consecutive lanes read consecutive words of the other "
               "block's '" +
                   Array +
                   "': a warp's 128 contiguous bytes are one segment and one "
                   "wavefront; padding the rows removes the bank conflicts "
                   "within a segment, not the segments"
             : "within a segment the bank rule of the block's own memory "
               "applies: make the lanes of a warp reach different banks of '" +
                   Array +
                   "', as for the block's own accesses (whose fix-its are "
                   "proven on the block's own accesses only)",
         {}});
  Findings.push_back(std::move(D));
}

} // namespace

void BankConflictCheck::checkKernel(const CheckContext &Context,
                                    std::vector<Diagnostic> &Findings) {
  const KernelAnalysis &Analysis = Context.Analysis;
  ConflictReporter Reporter(Context, Findings);
  const std::vector<AccessStats> &Accesses = Analysis.profile().Accesses;
  for (auto [Index, Access] : llvm::enumerate(Accesses)) {
    if (!Access.UnknownReason.empty() || !Access.Worst)
      continue;
    // `s[i] += x` reads and writes the same words: one finding for both.
    bool ReadModifyWrite = false;
    if (Access.Kind == AccessKind::Store) {
      const AccessStats *Load =
          Analysis.profile().find(Access.Site, AccessKind::Load, Access.Array);
      if (Load && Load->worstWavefronts() == Access.worstWavefronts() &&
          Load->UnknownReason.empty())
        continue;
    }
    if (Access.Kind == AccessKind::Load) {
      const AccessStats *Store =
          Analysis.profile().find(Access.Site, AccessKind::Store, Access.Array);
      ReadModifyWrite =
          Store && Store->worstWavefronts() == Access.worstWavefronts();
    }
    Reporter.report(Index, Access, ReadModifyWrite);
  }
  for (const AccessStats &Access : Analysis.profile().RemoteAccesses)
    if (Access.UnknownReason.empty() && Access.Worst)
      Reporter.reportRemote(Access);
}

/// --min-ways: conflicts below this many ways are not reported.
const CheckOption BankConflictOptions[] = {
    {"min-ways", "MinWays",
     "Report bank conflicts of at least this many ways (2 to 32)", 2, 2, 32,
     [](const Diagnostic &Finding, unsigned MinWays) {
       return Finding.Ways >= MinWays;
     }},
};

const CheckInfo &BankConflictCheck::info() {
  static const CheckInfo Info = {
      "smem-bank-conflict",
      "BankConflict",
      FindingOrigin::Check,
      CheckCategory::Performance,
      Severity::Warning,
      /*OnByDefault=*/true,
      /*AlwaysShown=*/false,
      /*AboutTheTool=*/false,
      NeedsSharedAccesses,
      "docs/checks/smem-bank-conflict.md",
      "A shared-memory access takes more wavefronts per warp than its bytes "
      "need",
      "Lanes of one warp ask one shared-memory bank for different words, so a "
      "warp-wide access is served in more wavefronts than the bytes it moves "
      "need. The finding names the lanes, the bank and the words that "
      "collide, and the block shape and architecture it assumed.",
      "Change the layout so that the lanes of a warp reach different banks: "
      "pad the rows of a 2-D array by one element (tile[32][33] instead of "
      "tile[32][32]), or use an odd word stride or an XOR swizzle in the "
      "index. When a padding removes the conflict, a note carries its fix-it, "
      "proven by analysing every access of the array again, with its cost in "
      "bytes per block and resident blocks per SM.",
      "Lanes of one warp ask one of the 32 shared-memory banks for different "
      "words, so the access is served in several wavefronts instead of one.\n"
      "\n"
      "```cuda\n"
      "__shared__ float tile[32][32];\n"
      "// ...\n"
      "out[i] = tile[threadIdx.x][threadIdx.y]; // a column: 32 lanes, bank "
      "0\n"
      "```\n"
      "\n"
      "**Fix:** pad the rows so that consecutive rows start in different "
      "banks:\n"
      "\n"
      "```cuda\n"
      "__shared__ float tile[32][33];\n"
      "```\n"
      "\n"
      "When a padding removes the conflict, a note carries its fix-it, proven "
      "by analysing every access of the array again, with its cost in bytes "
      "per block and resident blocks per SM.",
      BankConflictOptions,
      RuntimeEvidence::SharedWavefronts,
  };
  return Info;
}

} // namespace smemlint
