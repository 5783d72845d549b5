//===--- Check.cpp - What every check shares ------------------------------===//

#include "Checks/Check.h"

#include "Analysis/SourcePoints.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace smemlint {
namespace {

void addOnce(std::vector<std::string> &Ids, std::string Id) {
  if (!Id.empty() && !llvm::is_contained(Ids, Id))
    Ids.push_back(std::move(Id));
}

} // namespace

std::string assumedBlock(const ChosenShape &Shape) {
  std::string Text = "the assumed block " + Shape.Block.str();
  if (!Shape.FromTile.empty())
    Text += ", which keeps the threads inside the shared tile " +
            Shape.FromTile +
            " they index (the default block sends them past "
            "it)";
  return Text;
}

SourcePoint launchPoint(const clang::SourceManager &SM,
                        const ChosenShape &Shape) {
  return Shape.LaunchInOtherFile ? *Shape.LaunchInOtherFile
                                 : toSourcePoint(SM, Shape.Where);
}

DiagnosticNote shapeNote(const KernelAnalysis &Analysis,
                         const clang::SourceManager &SM) {
  const ChosenShape &Shape = Analysis.shape();
  const KernelInfo &Kernel = Analysis.kernel();
  std::string Block = Shape.Block.str();
  switch (Shape.Source) {
  case ShapeSource::Launch:
    return {launchPoint(SM, Shape), Analysis.launchNote(), {}};
  case ShapeSource::Annotation:
    return {toSourcePoint(SM, Shape.Where),
            "analysed with block " + Block + " from this annotation",
            {}};
  case ShapeSource::Option:
    return {toSourcePoint(SM, Kernel.Kernel->getLocation()),
            "analysed with block " + Block + " given by --block-dim",
            {}};
  case ShapeSource::Default:
    break;
  }
  return {toSourcePoint(SM, Kernel.Kernel->getLocation()),
          "analysed with " + assumedBlock(Shape) + ": no launch of '" +
              Kernel.Name +
              "' with a constant block shape was found; give the real shape "
              "with --block-dim or a '// smem-lint: block_dim(x, y, z)' "
              "comment above the kernel" +
              (Kernel.Launches.empty() && Kernel.LaunchesElsewhere.empty()
                   ? ", or analyse the file that launches it in the same run"
                   : ""),
          {}};
}

std::string valuesTried(const KernelAnalysis &Analysis,
                        llvm::ArrayRef<unsigned> Symbols) {
  std::vector<std::string> Ranges;
  bool Same = true;
  for (unsigned Id : Symbols) {
    int64_t Last = Analysis.largestValueTried(Id);
    Same &= Last == Analysis.largestValueTried(Symbols.front());
    Ranges.push_back("1 to " + std::to_string(Last) + " for '" +
                     Analysis.symbols().symbol(Id).spelling() + "'");
  }
  if (Symbols.empty() || Same)
    return "1 to " +
           std::to_string(Symbols.empty()
                              ? int64_t(SymbolSweepLimit)
                              : Analysis.largestValueTried(Symbols.front()));
  return llvm::join(Ranges, ", ");
}

std::vector<Assumption> assumedValues(const KernelAnalysis &Analysis,
                                      SymbolSet Symbols) {
  std::vector<Assumption> Assumed;
  const SymbolTable &Table = Analysis.symbols();
  for (unsigned Id = 0; Id < Table.size() && Id < 64; ++Id) {
    if (!(Symbols & (SymbolSet(1) << Id)) || Analysis.fromLaunches(Id))
      continue;
    const UniformSymbol &Symbol = Table.symbol(Id);
    int64_t Value = Analysis.symbolValue(Id);
    Assumption A;
    A.What = Assumption::Kind::AssumedValue;
    A.Subject = Symbol.spelling();
    A.Value = std::to_string(Value);
    A.Source = "assumed";
    A.Detail = "'" + A.Subject + "' is not known; evaluated with " + A.Subject +
               " = " + A.Value;
    if (std::string Why = Analysis.inferredValueReason(Id); !Why.empty()) {
      A.Source = "shared-bounds";
      A.Detail += ", " + Why;
    }
    Assumed.push_back(std::move(A));
  }
  return Assumed;
}

void CheckContext::nameSharedAccess(
    Diagnostic &Finding, const clang::Expr *Site, AccessKind Kind,
    clang::SourceLocation ReachedThrough) const {
  for (std::string &Id : Ids.shared(Site, Kind, ReachedThrough))
    addOnce(Finding.Accesses, std::move(Id));
}

void CheckContext::nameGlobalAccess(Diagnostic &Finding,
                                    const clang::Expr *Site,
                                    AccessKind Kind) const {
  addOnce(Finding.Accesses, Ids.global(Site, Kind));
}

void CheckContext::nameAccessesAt(Diagnostic &Finding,
                                  const clang::Expr *Site) const {
  for (AccessKind Kind :
       {AccessKind::Load, AccessKind::Store, AccessKind::Atomic}) {
    nameSharedAccess(Finding, Site, Kind);
    nameGlobalAccess(Finding, Site, Kind);
  }
}

SourcePoint findingPlace(const clang::SourceManager &SM,
                         const clang::Stmt *Site,
                         clang::SourceLocation CalledFrom, bool &InHelper) {
  SourcePoint Own = toSourcePoint(SM, Site->getBeginLoc());
  InHelper = CalledFrom.isValid();
  if (!InHelper)
    return Own;
  SourcePoint Call = toSourcePoint(SM, CalledFrom);
  if (Call.File == Own.File && Call.Line == Own.Line) {
    InHelper = false;
    return Own;
  }
  return Call;
}

void demoteForDataBranches(Diagnostic &Finding,
                           llvm::ArrayRef<std::string> DataBranches,
                           llvm::StringRef What) {
  if (DataBranches.empty())
    return;
  Finding.Level = Severity::Note;
  Finding.Notes.push_back({Finding.Where,
                           "reported as a note: " + What.str() +
                               " on a branch on data the analysis could not "
                               "read (" +
                               llvm::join(DataBranches, "; ") + ")",
                           {}});
}

} // namespace smemlint
