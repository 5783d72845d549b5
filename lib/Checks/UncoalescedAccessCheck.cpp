//===--- UncoalescedAccessCheck.cpp - gmem-uncoalesced --------------------===//

#include "Checks/UncoalescedAccessCheck.h"

#include "Analysis/GlobalTrafficReport.h"
#include "Analysis/SourcePoints.h"
#include "Evaluation/KernelEvaluator.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"

#include <cstdio>
#include <cstdlib>

using namespace clang;

namespace smemlint {
namespace {

/// "4.9", "32": one decimal, none when it is 0.
std::string decimal(double Value) {
  char Buffer[32];
  std::snprintf(Buffer, sizeof(Buffer), "%.1f", Value);
  std::string Text = Buffer;
  if (Text.size() > 2 && Text.substr(Text.size() - 2) == ".0")
    Text.resize(Text.size() - 2);
  return Text;
}

/// "87.5%", "50%".
std::string percent(double Fraction) { return decimal(Fraction * 100) + "%"; }

std::string plural(uint64_t N, const char *Word) {
  return std::to_string(N) + " " + Word + (N == 1 ? "" : "s");
}

/// "store to 'out'", "16-byte load from 'in'", "read-modify-write of 'c'".
std::string describeAccess(const GlobalAccessStats &Access,
                           bool ReadModifyWrite) {
  std::string Name = "'" + Access.Name + "'";
  std::string Text;
  if (ReadModifyWrite)
    Text = "read-modify-write of " + Name;
  else if (Access.Kind == AccessKind::Load)
    Text = "load from " + Name;
  else if (Access.Kind == AccessKind::Store)
    Text = "store to " + Name;
  else
    Text = "atomic on " + Name;
  if (Access.WidthBytes != 4)
    Text = std::to_string(Access.WidthBytes) + "-byte " + Text;
  return Text;
}

/// Bytes of one element of what \p Pointer points to, or 0.
/// The element type \p Pointer points to or holds; null when unknown.
QualType elementType(const ASTContext &Ctx, const ValueDecl *Pointer) {
  if (!Pointer)
    return QualType();
  QualType T = Pointer->getType();
  QualType Element;
  if (const auto *P = T->getAs<PointerType>())
    Element = P->getPointeeType();
  else if (const ArrayType *A = Ctx.getAsArrayType(T))
    Element = A->getElementType();
  if (Element.isNull() || Element->isIncompleteType() ||
      Element->isDependentType())
    return QualType();
  return Element;
}

uint64_t elementBytes(const ASTContext &Ctx, const ValueDecl *Pointer) {
  QualType Element = elementType(Ctx, Pointer);
  return Element.isNull() ? 0 : Ctx.getTypeSizeInChars(Element).getQuantity();
}

class UncoalescedReporter {
public:
  UncoalescedReporter(const CheckContext &Context,
                      std::vector<Diagnostic> &Findings)
      : Context(Context), Analysis(Context.Analysis), Ctx(Analysis.context()),
        SM(Ctx.getSourceManager()), Findings(Findings),
        Granularity(globalMemoryGranularity(Analysis.arch())) {}

  void report(const GlobalAccessStats &Access, bool ReadModifyWrite);
  void reportStagedCopy(const StagedCopy &Copy);

private:
  DiagnosticNote explainLanes(const GlobalAccessStats &Access) const;
  DiagnosticNote advise(const GlobalAccessStats &Access) const;

  const CheckContext &Context;
  const KernelAnalysis &Analysis;
  const ASTContext &Ctx;
  const SourceManager &SM;
  std::vector<Diagnostic> &Findings;
  const GlobalMemoryGranularity &Granularity;
};

DiagnosticNote
UncoalescedReporter::explainLanes(const GlobalAccessStats &Access) const {
  const GlobalWarpExample &Warp = *Access.Worst;
  uint64_t Element = elementBytes(Ctx, Access.Pointer);
  QualType ElementType = elementType(Ctx, Access.Pointer);
  std::vector<std::string> Names;
  std::optional<unsigned> FirstLane, LastLane;
  unsigned Active = 0;
  for (auto [Lane, Offset] : llvm::enumerate(Warp.LaneOffsets)) {
    if (!Offset)
      continue;
    ++Active;
    if (!FirstLane)
      FirstLane = Lane;
    LastLane = Lane;
    int64_t Index = Element ? llvm::divideFloorSigned(*Offset, Element) : 0;
    // A field is named when the access reads less than the element.
    std::string Field =
        Element && Access.WidthBytes < Element
            ? fieldAt(Ctx, ElementType, *Offset - Index * int64_t(Element))
            : "";
    if (!Field.empty())
      Field = "." + Field;
    Names.push_back(
        Element && (*Offset % int64_t(Element) == 0 || !Field.empty())
            ? Access.Name + "[" + std::to_string(Index) + "]" + Field
            : "byte " + std::to_string(*Offset));
  }
  std::string List;
  for (size_t I = 0; I < Names.size(); ++I) {
    if (Names.size() > 5 && I == 3) {
      List += ", ...";
      I = Names.size() - 1;
    }
    if (!List.empty())
      List += ", ";
    List += Names[I];
  }
  std::string Lanes = Active == *LastLane - *FirstLane + 1
                          ? "lanes " + std::to_string(*FirstLane) + "-" +
                                std::to_string(*LastLane)
                          : "the " + std::to_string(Active) + " active lanes";
  const GlobalRequestCost &Cost = Warp.Cost;
  return {toSourcePoint(SM, Access.Site->getBeginLoc()),
          Lanes + " of warp " + std::to_string(Warp.Warp) + " " +
              (Access.Kind == AccessKind::Load ? "read " : "write ") + List +
              ": " + plural(Cost.RequestedBytes, "byte") + " spread over " +
              plural(Cost.Sectors, "sector") + " in " +
              plural(Cost.Lines, "line"),
          {}};
}

DiagnosticNote
UncoalescedReporter::advise(const GlobalAccessStats &Access) const {
  SourcePoint Where = toSourcePoint(SM, Access.Site->getBeginLoc());
  std::optional<int64_t> Stride = Access.StrideBytes;
  if (Stride && std::abs(*Stride) >= int64_t(Granularity.LineBytes))
    return {Where,
            "each lane touches its own 128-byte line: let consecutive lanes "
            "(threadIdx.x) index the contiguous dimension of '" +
                Access.Name +
                "', or stage the data through a shared-memory tile so that "
                "both the global load and the global store run along rows",
            {}};
  return {Where,
          "the sectors carry bytes no lane asked for: have consecutive lanes "
          "touch consecutive elements (a structure of arrays instead of an "
          "array of structures), or load whole elements with a vector type",
          {}};
}

void UncoalescedReporter::report(const GlobalAccessStats &Access,
                                 bool ReadModifyWrite) {
  const GlobalRequestCost &Cost = Access.Worst->Cost;
  uint64_t Moved = Cost.transferredBytes(Granularity);
  double Unused = Moved ? 1.0 - double(Cost.RequestedBytes) / Moved : 0;
  std::string Message = describeAccess(Access, ReadModifyWrite) + ": ";
  if (Access.StrideBytes) {
    std::string Stride = !Access.StrideFormula.empty()
                             ? Access.StrideFormula
                             : std::to_string(std::abs(*Access.StrideBytes));
    Message += "consecutive lanes are " + Stride + " bytes apart: ";
  }
  Message += std::to_string(Cost.Sectors) + " sectors per request, ideal " +
             std::to_string(Cost.IdealSectors) + "; " + percent(Unused) +
             " of transferred bytes unused (" +
             Analysis.assumptionSummary(Access.Site) + ")";

  Diagnostic D;
  D.Check = UncoalescedAccessCheck::info().Name;
  D.Level = Severity::Warning;
  D.Where = toSourcePoint(SM, Access.Site->getBeginLoc());
  Context.nameGlobalAccess(D, Access.Site, Access.Kind);
  D.Message = std::move(Message);
  D.Notes.push_back(explainLanes(Access));
  if (Access.WarpInstructions > 1 &&
      std::abs(Access.meanSectors() - Cost.Sectors) >= 0.05)
    D.Notes.push_back(
        {D.Where,
         "over its " + plural(Access.WarpInstructions, "request") +
             " in this block the mean is " + decimal(Access.meanSectors()) +
             " sectors per request",
         {}});
  for (const PitchAssumption &Assumption : pitchAssumptions(Analysis, Access))
    D.Notes.push_back({D.Where, "assumed: " + Assumption.Text, {}});
  std::string Sampled = Analysis.globalAccesses().samplingReason(Access);
  if (!Sampled.empty())
    D.Notes.push_back({D.Where, "evaluated in part: " + Sampled, {}});
  for (const std::string &Assumption : Access.Assumptions)
    D.Notes.push_back({D.Where, "assumed: " + Assumption, {}});
  D.Notes.push_back(shapeNote(Analysis, SM));
  D.Notes.push_back(advise(Access));
  Findings.push_back(std::move(D));
}

void UncoalescedReporter::reportStagedCopy(const StagedCopy &Copy) {
  const GlobalAccessProfile &Profile = Analysis.globalAccesses();
  const GlobalAccessStats *Store =
      Profile.find(Copy.StoreSite, AccessKind::Store);
  const GlobalAccessStats *Load = Profile.find(Copy.LoadSite, AccessKind::Load);
  std::string Tile = Copy.Tile ? Copy.Tile->getNameAsString() : "?";
  uint64_t LoadSectors = Load ? Load->TotalSectors : 0;
  uint64_t Requested =
      (Load ? Load->TotalRequestedBytes : 0) + Store->TotalRequestedBytes;
  uint64_t Tiled =
      (LoadSectors + Store->TotalSectors) * Granularity.SectorBytes;
  uint64_t Direct =
      (LoadSectors + Copy.DirectSectors) * Granularity.SectorBytes;
  Diagnostic D;
  D.Check = UncoalescedAccessCheck::info().Name;
  D.Level = Severity::Note;
  D.Where = toSourcePoint(SM, Copy.StoreSite->getBeginLoc());
  Context.nameGlobalAccess(D, Copy.StoreSite, AccessKind::Store);
  Context.nameGlobalAccess(D, Copy.LoadSite, AccessKind::Load);
  D.Message =
      "staging through '" + Tile + "' keeps the stores to '" + Store->Name +
      "' coalesced: " + decimal(Store->meanSectors()) +
      " sectors per request, where storing each element from the thread "
      "that loads it (the copy without the tile) takes " +
      decimal(double(Copy.DirectSectors) / Copy.DirectInstructions) +
      "; per block " + std::to_string(Tiled) + " bytes transferred for " +
      std::to_string(Requested) + " requested, " + std::to_string(Direct) +
      " without the tile (" + Analysis.assumptionSummary(Copy.StoreSite) + ")";
  D.Notes.push_back({toSourcePoint(SM, Copy.LoadSite->getBeginLoc()),
                     "the elements come from this load of '" +
                         (Load ? Load->Name : std::string("?")) +
                         "', staged in '" + Tile + "'",
                     {}});
  Findings.push_back(std::move(D));
}

} // namespace

void UncoalescedAccessCheck::checkKernel(const CheckContext &Context,
                                         std::vector<Diagnostic> &Findings) {
  const KernelAnalysis &Analysis = Context.Analysis;
  const GlobalAccessProfile &Profile = Analysis.globalAccesses();
  UncoalescedReporter Reporter(Context, Findings);
  for (const GlobalAccessStats &Access : Profile.Accesses) {
    // Unknown addresses are not guessed; a uniform address is one sector
    // per 32 bytes however many lanes read it.
    if (!Access.UnknownReason.empty() || !Access.Worst ||
        Access.AlwaysUniform || !isUncoalesced(Access.Worst->Cost))
      continue;
    // A float3 or odd-sized struct is moved in 4-byte pieces; when lanes
    // copy whole consecutive objects, the pieces together use every byte
    // their sectors bring (the later pieces hit in L1).
    bool Pieces = Access.WidthBytes > 16 ||
                  (Access.WidthBytes & (Access.WidthBytes - 1)) != 0;
    if (Pieces && Access.StrideBytes &&
        std::abs(*Access.StrideBytes) == int64_t(Access.WidthBytes))
      continue;
    // `out[i] += x` loads and stores the same sectors: one finding.
    bool ReadModifyWrite = false;
    if (Access.Kind == AccessKind::Store) {
      const GlobalAccessStats *Load =
          Profile.find(Access.Site, AccessKind::Load);
      if (Load && Load->sectors() == Access.sectors() &&
          Load->UnknownReason.empty())
        continue;
    }
    if (Access.Kind == AccessKind::Load) {
      const GlobalAccessStats *Store =
          Profile.find(Access.Site, AccessKind::Store);
      ReadModifyWrite = Store && Store->sectors() == Access.sectors();
    }
    Reporter.report(Access, ReadModifyWrite);
  }
  for (const StagedCopy *Copy : evidentStagedCopies(Analysis))
    Reporter.reportStagedCopy(*Copy);
}

const CheckInfo &UncoalescedAccessCheck::info() {
  static const CheckInfo Info = {
      "gmem-uncoalesced",
      "UncoalescedGlobalAccess",
      FindingOrigin::Check,
      CheckCategory::Performance,
      Severity::Warning,
      /*OnByDefault=*/false,
      /*AlwaysShown=*/false,
      /*AboutTheTool=*/false,
      NeedsGlobalAccesses,
      "docs/checks/gmem-uncoalesced.md",
      "A warp's global access touches far more 32-byte sectors than its bytes "
      "need",
      "The lanes of one warp read or write global memory far apart, so each "
      "warp instruction moves many 32-byte sectors of which only a few bytes "
      "are used. The finding gives the lanes' stride, the sectors per request "
      "and the ideal.",
      "Make consecutive lanes touch consecutive addresses, for example by "
      "staging the data through a shared-memory tile read in the other order.",
      "Consecutive lanes far apart in global memory waste most of each "
      "transferred sector.\n"
      "\n"
      "```cuda\n"
      "out[x * height + y] = in[y * width + x]; // lanes 4*height bytes "
      "apart\n"
      "```\n"
      "\n"
      "**Fix:** stage through a shared tile so that both the load and the "
      "store are row-wise.",
      /*Options=*/{},
      RuntimeEvidence::GlobalSectors,
  };
  return Info;
}

} // namespace smemlint
