//===--- GlobalTrafficReport.cpp - Global accesses for the report ---------===//

#include "Analysis/GlobalTrafficReport.h"

#include "Analysis/SourcePoints.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"

namespace smemlint {

namespace {

GlobalTraffic &trafficOf(GlobalTrafficTotals &Totals, AccessKind Kind) {
  switch (Kind) {
  case AccessKind::Load:
    return Totals.Load;
  case AccessKind::Store:
    return Totals.Store;
  case AccessKind::Atomic:
    return Totals.Atomic;
  }
  return Totals.Load;
}

} // namespace

std::vector<PitchAssumption> pitchAssumptions(const KernelAnalysis &Analysis,
                                              const GlobalAccessStats &Access) {
  std::vector<PitchAssumption> Assumptions;
  for (unsigned Symbol = 0; Symbol < 64 && Symbol < Analysis.symbols().size();
       ++Symbol) {
    const UniformSymbol &Parameter = Analysis.symbols().symbol(Symbol);
    if (!(Access.Symbols >> Symbol & 1) ||
        Parameter.SymbolKind != UniformSymbol::Kind::Parameter ||
        Analysis.options().SymbolValues.count(Symbol))
      continue;
    std::string Name = Parameter.spelling();
    int64_t Default = defaultSymbolValue(Parameter);
    int64_t Unaligned = unalignedPitchValue(Parameter);
    std::string Text = "'" + Name + "' is not known: ";
    auto With = [&](int64_t Value) {
      return Name + " = " + std::to_string(Value);
    };
    if (llvm::is_contained(Access.DependsOn, Symbol)) {
      bool TookUnaligned = Access.EvaluatedWith.count(Symbol);
      Text += "taken as a large row pitch, aligned or not; the numbers are "
              "those of " +
              With(TookUnaligned ? Unaligned : Default) + " (" +
              With(TookUnaligned ? Default : Unaligned) +
              " takes fewer sectors)";
    } else if (llvm::is_contained(Access.PitchesTried, Symbol)) {
      Text += "taken as large (" + With(Default) + "); " + With(Unaligned) +
              ", unaligned, takes the same sectors";
    } else {
      Text += "evaluated with " + With(Default);
    }
    Assumptions.push_back({Symbol, llvm::is_contained(Access.DependsOn, Symbol),
                           std::move(Text)});
  }
  return Assumptions;
}

GlobalAccessStatus globalAccessStatus(const KernelAnalysis &Analysis,
                                      const GlobalAccessStats &Access) {
  GlobalAccessStatus Result;
  if (!Access.UnknownReason.empty()) {
    Result.Status = "unknown";
    Result.Reason = (Access.Pointer ? "the address depends on "
                                    : "the access goes through ") +
                    Access.UnknownReason;
    return Result;
  }
  std::string Sampled = Analysis.globalAccesses().samplingReason(Access);
  if (!Sampled.empty()) {
    Result.Status = "sampled";
    Result.Reason = Sampled;
  } else if (!Access.Assumptions.empty()) {
    Result.Status = "assumed";
    Result.Reason = Access.Assumptions.front();
  } else if (!Access.DependsOn.empty()) {
    Result.Status = "assumed";
    for (const PitchAssumption &Assumption : pitchAssumptions(Analysis, Access))
      if (Assumption.ChangesSectors) {
        Result.Reason = Assumption.Text;
        break;
      }
  }
  return Result;
}

std::vector<const StagedCopy *>
evidentStagedCopies(const KernelAnalysis &Analysis) {
  std::vector<const StagedCopy *> Evident;
  const GlobalAccessProfile &Profile = Analysis.globalAccesses();
  for (const StagedCopy &Copy : Profile.StagedCopies) {
    const GlobalAccessStats *Store =
        Profile.find(Copy.StoreSite, AccessKind::Store);
    if (!Copy.Complete || !Copy.DirectInstructions || !Store ||
        !Store->UnknownReason.empty() || !Store->WarpInstructions)
      continue;
    // The direct store must cost more per request than the tiled one.
    if (Copy.DirectSectors * Store->WarpInstructions <=
        Store->TotalSectors * Copy.DirectInstructions)
      continue;
    Evident.push_back(&Copy);
  }
  return Evident;
}

void describeGlobalAccesses(const KernelAnalysis &Analysis,
                            KernelReport &Report) {
  const clang::SourceManager &SM = Analysis.context().getSourceManager();
  const GlobalMemoryGranularity &Granularity =
      globalMemoryGranularity(Analysis.arch());
  const GlobalAccessProfile &Profile = Analysis.globalAccesses();
  GlobalTrafficTotals Totals;
  Totals.BlockDimIndex = Analysis.shapeIndex();
  for (const GlobalAccessStats &Access : Profile.Accesses) {
    GlobalAccessReport A;
    A.Where = toSourcePoint(SM, Access.Site->getBeginLoc());
    A.Array = Access.Name;
    A.Kind = accessKindName(Access.Kind);
    A.WidthBytes = Access.WidthBytes;
    A.BlockDimIndex = Analysis.shapeIndex();
    if (Access.Worst) {
      A.RequestedBytes = Access.Worst->Cost.RequestedBytes;
      A.Sectors = Access.Worst->Cost.Sectors;
      A.Lines = Access.Worst->Cost.Lines;
      A.IdealSectors = Access.Worst->Cost.IdealSectors;
    }
    A.SectorsMean = Access.meanSectors();
    A.WarpInstructions = Access.WarpInstructions;
    A.LaneStrideBytes = Access.StrideBytes;
    A.LaneStride = !Access.StrideFormula.empty() ? Access.StrideFormula
                   : Access.StrideBytes ? std::to_string(*Access.StrideBytes)
                                        : "";
    GlobalAccessStatus Status = globalAccessStatus(Analysis, Access);
    A.Status = Status.Status;
    A.Reason = Status.Reason;
    for (unsigned Symbol : Access.DependsOn)
      A.DependsOn.push_back(Analysis.symbols().symbol(Symbol).spelling());
    Report.GlobalAccesses.push_back(A);

    if (A.Status == "unknown") {
      ++Totals.UnknownAccesses;
      continue;
    }
    Totals.Sampled |= !Profile.samplingReason(Access).empty();
    GlobalTraffic &Traffic = trafficOf(Totals, Access.Kind);
    Traffic.RequestedBytes += Access.TotalRequestedBytes;
    Traffic.TransferredBytes += Access.TotalSectors * Granularity.SectorBytes;
    Traffic.Sectors += Access.TotalSectors;
    Traffic.IdealSectors += Access.TotalIdealSectors;
    Traffic.Requests += Access.WarpInstructions;
  }

  for (const StagedCopy *Copy : evidentStagedCopies(Analysis)) {
    const GlobalAccessStats *Load =
        Profile.find(Copy->LoadSite, AccessKind::Load);
    const GlobalAccessStats *Store =
        Profile.find(Copy->StoreSite, AccessKind::Store);
    StagedCopyReport R;
    R.Tile = Copy->Tile ? Copy->Tile->getNameAsString() : "";
    R.Load = Load ? Load->Name : "";
    R.Store = Store->Name;
    R.LoadWhere = toSourcePoint(SM, Copy->LoadSite->getBeginLoc());
    R.StoreWhere = toSourcePoint(SM, Copy->StoreSite->getBeginLoc());
    R.TiledStoreSectors = Store->meanSectors();
    R.DirectStoreSectors =
        double(Copy->DirectSectors) / Copy->DirectInstructions;
    uint64_t LoadSectors = Load ? Load->TotalSectors : 0;
    R.TiledTransferredBytes =
        (LoadSectors + Store->TotalSectors) * Granularity.SectorBytes;
    R.DirectTransferredBytes =
        (LoadSectors + Copy->DirectSectors) * Granularity.SectorBytes;
    Totals.StagedCopies.push_back(R);
  }
  Report.GlobalTotals.push_back(Totals);
}

} // namespace smemlint
