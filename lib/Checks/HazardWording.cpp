//===--- HazardWording.cpp - How barrier findings describe a race ---------===//

#include "Checks/HazardWording.h"

#include "Analysis/SourceNames.h"
#include "Analysis/SourcePoints.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

namespace smemlint {

const char *accessVerb(AccessKind Kind) {
  switch (Kind) {
  case AccessKind::Load:
    return "reads";
  case AccessKind::Store:
    return "writes";
  case AccessKind::Atomic:
    return "atomically updates";
  }
  return "accesses";
}

const char *accessNoun(AccessKind Kind) {
  switch (Kind) {
  case AccessKind::Load:
    return "read";
  case AccessKind::Store:
    return "write";
  case AccessKind::Atomic:
    return "atomic update";
  }
  return "access";
}

namespace {

/// "1 to 3, 5 and 8": ascending values, runs of three or more collapsed.
std::string valueList(llvm::ArrayRef<int64_t> Values) {
  std::vector<std::string> Parts;
  for (size_t I = 0; I < Values.size();) {
    size_t Last = I;
    while (Last + 1 < Values.size() && Values[Last + 1] == Values[Last] + 1)
      ++Last;
    if (Last >= I + 2) {
      Parts.push_back(std::to_string(Values[I]) + " to " +
                      std::to_string(Values[Last]));
      I = Last + 1;
      continue;
    }
    Parts.push_back(std::to_string(Values[I]));
    ++I;
  }
  std::string Text;
  for (auto [I, Part] : llvm::enumerate(Parts))
    Text += (I == 0 ? "" : I + 1 == Parts.size() ? " and " : ", ") + Part;
  return Text;
}

} // namespace

unsigned lineOf(const KernelAnalysis &Analysis, const clang::Stmt *S) {
  return toSourcePoint(Analysis.context().getSourceManager(), S->getBeginLoc())
      .Line;
}

std::string accessLine(const KernelAnalysis &Analysis,
                       const HazardAccess &Access) {
  const clang::SourceManager &SM = Analysis.context().getSourceManager();
  SourcePoint At = toSourcePoint(SM, Access.Site->getBeginLoc());
  if (Access.ReachedThrough.isInvalid())
    return std::to_string(At.Line);
  return std::to_string(toSourcePoint(SM, Access.ReachedThrough).Line) +
         " (in " + llvm::sys::path::filename(At.File).str() + ":" +
         std::to_string(At.Line) + ")";
}

const clang::Expr *orderingPoint(const KernelAnalysis &Analysis,
                                 const SharedHazard &Hazard,
                                 const HazardAccess &Access) {
  // Through one call, both are in the callee: the barrier goes there.
  if (Access.ReachedThrough.isValid() &&
      Hazard.Earlier.ReachedThrough != Hazard.Later.ReachedThrough)
    if (const clang::Expr *Call =
            expressionAt(Analysis.context().getSourceManager(),
                         *Analysis.kernel().Kernel, Access.ReachedThrough))
      return Call;
  return Access.Site;
}

/// Notes at the kernel's calls the two sides of \p Hazard are reached
/// through, when they are in another file: which call of the user's code
/// each of the library's accesses comes from.
void addReachedThroughNotes(const KernelAnalysis &Analysis,
                            const SharedHazard &Hazard, Diagnostic &D) {
  const clang::SourceManager &SM = Analysis.context().getSourceManager();
  std::string Array = Hazard.Array
                          ? " of '" + Hazard.Array->getNameAsString() + "'"
                          : std::string();
  for (const HazardAccess *Side : {&Hazard.Later, &Hazard.Earlier}) {
    if (Side->ReachedThrough.isInvalid() ||
        (Side == &Hazard.Earlier &&
         Side->ReachedThrough == Hazard.Later.ReachedThrough))
      continue;
    D.ReachedThrough.push_back(toSourcePoint(SM, Side->ReachedThrough));
    D.Notes.push_back(
        {D.ReachedThrough.back(),
         "the kernel reaches the " + std::string(accessNoun(Side->Kind)) +
             Array + " by " + threadOf(Analysis, *Side) + " through this call",
         {}});
  }
}

std::string threadOf(const KernelAnalysis &Analysis,
                     const HazardAccess &Access) {
  if (Access.ByWarpgroupMma)
    return "the wgmma of " + warpgroupName(Access.Thread);
  return threadName(Analysis.shape().Block, Access.Thread);
}

std::string wordOf(const KernelAnalysis &Analysis, const SharedHazard &Hazard) {
  return elementName(Analysis.context(), Hazard.Array, Hazard.ByteOffset);
}

std::string describeAccess(const KernelAnalysis &Analysis,
                           const SharedHazard &Hazard,
                           const HazardAccess &Access) {
  return threadOf(Analysis, Access) + " " + accessVerb(Access.Kind) + " " +
         wordOf(Analysis, Hazard);
}

std::string earlierIteration(const KernelAnalysis &Analysis,
                             const SharedHazard &Hazard) {
  if (Hazard.AcrossIterationsOf)
    for (size_t I = 0; I < Hazard.Earlier.Loops.size(); ++I)
      if (Hazard.Earlier.Loops[I] == Hazard.AcrossIterationsOf)
        return ", in iteration " +
               std::to_string(Hazard.Earlier.Iterations[I]) +
               " of the loop at line " +
               std::to_string(lineOf(Analysis, Hazard.AcrossIterationsOf));
  return "";
}

DiagnosticNote noteAtEarlier(const KernelAnalysis &Analysis,
                             const SharedHazard &Hazard) {
  std::string Message = describeAccess(Analysis, Hazard, Hazard.Earlier) +
                        " here" + earlierIteration(Analysis, Hazard);
  return {toSourcePoint(Analysis.context().getSourceManager(),
                        Hazard.Earlier.Site->getBeginLoc()),
          Message,
          {}};
}

std::string assumptionsOf(const KernelAnalysis &Analysis,
                          const SharedHazard &Hazard) {
  std::string Text = Analysis.assumptionSummary(Hazard.Later.Site);
  if (Analysis.shape().Source == ShapeSource::Default)
    Text += ", assumed: no launch with a constant block shape found";
  return "(" + Text + ")";
}

std::string triedValuesClause(const KernelAnalysis &Analysis,
                              const SharedHazard &Hazard) {
  if (!Hazard.OnlyWith)
    return "";
  const TriedValues &Tried = *Hazard.OnlyWith;
  std::string Name = Analysis.symbols().symbol(Tried.Symbol).spelling();
  return "with " + Name + " = " + std::to_string(Tried.ExampleValue) +
         " (of the values tried, " +
         (Tried.Showing.size() == 1
              ? "only " + valueList(Tried.Showing) + " shows it"
              : valueList(Tried.Showing) + " show it") +
         "; '" + Name + "' is not known), ";
}

void weighTriedValues(const KernelAnalysis &Analysis,
                      const SharedHazard &Hazard, Diagnostic &D) {
  if (Hazard.OnlyWith) {
    const TriedValues &Tried = *Hazard.OnlyWith;
    Assumption A;
    A.What = Assumption::Kind::AssumedValue;
    A.Subject = Analysis.symbols().symbol(Tried.Symbol).spelling();
    A.Value = std::to_string(Tried.ExampleValue);
    A.Source = "tried";
    A.Detail = "'" + A.Subject + "' is not known; of the values tried, " +
               valueList(Tried.Showing) + " show it, the evaluated " +
               A.Subject + " = " +
               std::to_string(Analysis.symbolValue(Tried.Symbol)) + " does not";
    D.Assumptions.push_back(std::move(A));
    return;
  }
  if (!Hazard.ShownByEveryValueTried)
    return;
  // Only the values the accesses' addresses depend on are assumptions of
  // the finding (TranslationUnitAnalysis stamps them).
  SymbolSet DependsOn = 0;
  for (const HazardAccess *Side : {&Hazard.Earlier, &Hazard.Later})
    if (const AccessStats *Access =
            Analysis.profile().find(Side->Site, Side->Kind, Hazard.Array))
      DependsOn |= Access->Symbols;
  std::vector<std::string> Names, Evaluated;
  std::vector<unsigned> Ids;
  for (unsigned Id = 0; Id < Analysis.symbols().size() && Id < 64; ++Id) {
    if (!(DependsOn >> Id & 1) || !Analysis.racesTriedFor(Id))
      continue;
    Ids.push_back(Id);
    std::string Name = Analysis.symbols().symbol(Id).spelling();
    Names.push_back("'" + Name + "'");
    Evaluated.push_back(Name + " = " +
                        std::to_string(Analysis.symbolValue(Id)));
  }
  if (Names.empty())
    return;
  std::string Tried = valuesTried(Analysis, Ids);
  bool OneRange = Tried.find(" for '") == std::string::npos;
  D.HoldsForEveryValueTried = true;
  D.Notes.push_back(
      {D.Where,
       "a race for every value tried of " + llvm::join(Names, " and ") + " (" +
           Tried + (Names.size() > 1 && OneRange ? " each" : "") + ", and " +
           llvm::join(Evaluated, ", ") + " as evaluated)",
       {}});
}

/// What to do instead of a barrier before \p Before that did not remove
/// \p Hazard, whose earlier access a barrier orders at \p EarlierPoint.
std::string howToOrder(const KernelAnalysis &Analysis,
                       const SharedHazard &Hazard,
                       const clang::Expr &EarlierPoint,
                       const clang::Stmt &Before, llvm::StringRef Barrier) {
  const clang::SourceManager &SM = Analysis.context().getSourceManager();
  clang::SourceLocation Earlier =
      SM.getExpansionLoc(EarlierPoint.getBeginLoc());
  if (!SM.isPointWithin(Earlier, SM.getExpansionLoc(Before.getBeginLoc()),
                        SM.getExpansionLoc(Before.getEndLoc())))
    return "order the accesses where every thread arrives, and check that "
           "no other access undoes it";
  if (Hazard.Earlier.Kind == AccessKind::Load &&
      Hazard.Later.Kind == AccessKind::Store)
    return "both accesses are in this statement, which a barrier cannot "
           "split: read into a local variable, then " +
           Barrier.str() + ", then write";
  return "both accesses are in this statement, which a barrier cannot "
         "split: split it in two with " +
         Barrier.str() + " between";
}

Diagnostic hazardDiagnostic(const CheckContext &Context,
                            const SharedHazard &Hazard, llvm::StringRef Check,
                            std::string Message, llvm::StringRef Barrier,
                            std::string FixMessage) {
  const KernelAnalysis &Analysis = Context.Analysis;
  const clang::SourceManager &SM = Analysis.context().getSourceManager();
  Diagnostic D;
  D.Check = Check.str();
  D.Level = Severity::Warning;
  D.Where = toSourcePoint(SM, Hazard.Later.Site->getBeginLoc());
  Context.nameSharedAccess(D, Hazard.Later.Site, Hazard.Later.Kind);
  Context.nameSharedAccess(D, Hazard.Earlier.Site, Hazard.Earlier.Kind);
  D.Message = std::move(Message);
  D.Notes.push_back(noteAtEarlier(Analysis, Hazard));
  addReachedThroughNotes(Analysis, Hazard, D);
  if (Hazard.Kind == HazardKind::WriteAfterWrite &&
      !Hazard.WithinOneStatement && !Hazard.ValuesDiffer) {
    // Which write lands last matters only if they store different values.
    D.Level = Severity::Note;
    D.Notes.push_back({D.Where,
                       "reported as a note: the two writes store values the "
                       "analysis could not show to differ; if they are the "
                       "same, their order does not matter",
                       {}});
  }
  if (Hazard.SkippedBarrier) {
    // Another barrier would be skipped the same way.
    D.Notes.push_back(
        {toSourcePoint(SM, Hazard.SkippedBarrier->getBeginLoc()),
         threadName(Analysis.shape().Block, Hazard.SkippedBy) +
             " skips this barrier, which orders only the threads that reach "
             "it: make every thread of the block reach it "
             "(smem-divergent-barrier)",
         {}});
    weighTriedValues(Analysis, Hazard, D);
    return D;
  }
  bool Warp = Barrier.starts_with("__syncwarp");
  const clang::Expr *Earlier = orderingPoint(Analysis, Hazard, Hazard.Earlier);
  BarrierPlacement Place =
      placeBarrierBetween(Analysis.context(), Earlier,
                          orderingPoint(Analysis, Hazard, Hazard.Later),
                          Barrier, divergenceOf(Analysis, Hazard, Warp));
  // Offered only when the kernel, analysed again with it, no longer races
  // there and reaches it with every thread (as a padding is proven).
  std::string Unproven = disproveBarrierFix(Analysis, Hazard, Place, Warp);
  if (Place.Fix && Unproven.empty())
    D.Notes.push_back({Place.Fix->Where, std::move(FixMessage), {*Place.Fix}});
  else if (Place.Fix)
    D.Notes.push_back(
        {D.Where,
         "no fix-it: " + Unproven + "; " +
             howToOrder(Analysis, Hazard, *Earlier, *Place.Before, Barrier),
         {}});
  else if (!Place.WhyNot.empty())
    D.Notes.push_back({D.Where,
                       "no fix-it: " + Place.WhyNot +
                           " (a divergent barrier); order the accesses where "
                           "every thread arrives, for example by moving them "
                           "out of it",
                       {}});
  weighTriedValues(Analysis, Hazard, D);
  return D;
}

BranchDivergence divergenceOf(const KernelAnalysis &Analysis,
                              const SharedHazard &Hazard, bool WarpScope) {
  BranchDivergence Divergence{Analysis.barriers().NonUniformBranches,
                              WarpScope};
  if (Hazard.OnlyWith)
    for (const auto &[Where, Tried] :
         Analysis.barriers().NonUniformBranchesTried) {
      NonUniformBranch &Branch = Divergence.Branches[Where];
      Branch.DataDependent |= Tried.DataDependent;
      Branch.SplitsAWarp |= Tried.SplitsAWarp;
    }
  return Divergence;
}

} // namespace smemlint
