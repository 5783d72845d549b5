//===--- Check.h - The interface every smem-lint check implements -*- C++ -*-//
//
// A check looks at one kernel analysed under one block shape and appends its
// findings. Checks never print; the output layer renders what they return.
// Each check declares what it is (its CheckInfo) beside its code, in a
// static info(), and is listed once in CheckRegistry.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_CHECK_H
#define SMEMLINT_CHECKS_CHECK_H

#include "Analysis/KernelAnalysis.h"
#include "Fixes/LayoutFixes.h"
#include "Report/CheckInfo.h"
#include "Report/Report.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <utility>
#include <vector>

namespace clang {
class Expr;
} // namespace clang

namespace smemlint {

/// The ids the report gave the accesses of one kernel and block shape
/// (AccessReport::Id, GlobalAccessReport::Id), so that a finding can name
/// the accesses it is about.
class AccessIds {
public:
  void addShared(const clang::Expr *Site, AccessKind Kind,
                 clang::SourceLocation ReachedThrough, std::string Id) {
    Shared[{Site, unsigned(Kind)}].push_back({ReachedThrough, std::move(Id)});
  }
  void addGlobal(const clang::Expr *Site, AccessKind Kind, std::string Id) {
    Global[{Site, unsigned(Kind)}] = std::move(Id);
  }
  /// The ids of the shared accesses at \p Site of \p Kind: the one reached
  /// through the kernel's call \p ReachedThrough when that is given, else
  /// every one (AccessStats::ReachedThrough).
  std::vector<std::string>
  shared(const clang::Expr *Site, AccessKind Kind,
         clang::SourceLocation ReachedThrough = clang::SourceLocation()) const {
    std::vector<std::string> Found;
    auto It = Shared.find({Site, unsigned(Kind)});
    if (It != Shared.end())
      for (const auto &[Through, Id] : It->second)
        if (ReachedThrough.isInvalid() || Through == ReachedThrough)
          Found.push_back(Id);
    return Found;
  }
  std::string global(const clang::Expr *Site, AccessKind Kind) const {
    auto It = Global.find({Site, unsigned(Kind)});
    return It == Global.end() ? std::string() : It->second;
  }

private:
  using Key = std::pair<const clang::Expr *, unsigned>;
  llvm::DenseMap<Key,
                 std::vector<std::pair<clang::SourceLocation, std::string>>>
      Shared;
  llvm::DenseMap<Key, std::string> Global;
};

/// What a check sees: one kernel under one block shape, the layout fixes
/// proposed for its arrays (computed once, shared by the checks that offer
/// or weigh them), and the ids of its accesses.
struct CheckContext {
  const KernelAnalysis &Analysis;
  LayoutFixAdvisor &Fixes;
  const AccessIds &Ids;

  /// Adds the id of the shared access at \p Site to \p Finding's accesses:
  /// the one reached through \p ReachedThrough when given, else all.
  void nameSharedAccess(
      Diagnostic &Finding, const clang::Expr *Site, AccessKind Kind,
      clang::SourceLocation ReachedThrough = clang::SourceLocation()) const;
  void nameGlobalAccess(Diagnostic &Finding, const clang::Expr *Site,
                        AccessKind Kind) const;
  /// Adds every access (shared or global, of any kind) at \p Site.
  void nameAccessesAt(Diagnostic &Finding, const clang::Expr *Site) const;
};

/// The uniform values in \p Symbols that nothing gave a value: the analysis
/// used its own (EvaluationOptions::SymbolValues or the default), and a
/// finding that rests on them says so (a note, not a warning).
/// The note that says which block a finding was analysed with: "analysed
/// with block 64x1 and n = 4 from this launch", "... from this annotation",
/// "... given by --block-dim", or the assumed block and how to give the
/// real one (at the kernel).
DiagnosticNote shapeNote(const KernelAnalysis &Analysis,
                         const clang::SourceManager &SM);

/// Where the launch \p Shape comes from is: in this file, or in another
/// file of the run (ChosenShape::LaunchInOtherFile); invalid for none.
SourcePoint launchPoint(const clang::SourceManager &SM,
                        const ChosenShape &Shape);

/// "the assumed block 32x8", and for a block a shared tile chose, which.
std::string assumedBlock(const ChosenShape &Shape);

/// The values the symbol sweep tried for \p Symbols: "1 to 32", or "1 to
/// 24 for 'n', 1 to 32 for 'm'" when they differ.
std::string valuesTried(const KernelAnalysis &Analysis,
                        llvm::ArrayRef<unsigned> Symbols);

std::vector<Assumption> assumedValues(const KernelAnalysis &Analysis,
                                      SymbolSet Symbols);

/// Where a finding about \p Site is reported: the kernel's statement
/// \p CalledFrom when the site is in a helper the kernel calls (one finding
/// per kernel and place), the site itself otherwise. \p InHelper says
/// which, for the note that points at the helper's line.
SourcePoint findingPlace(const clang::SourceManager &SM,
                         const clang::Stmt *Site,
                         clang::SourceLocation CalledFrom, bool &InHelper);

/// Makes \p Finding a note when it rests on \p DataBranches (branches on
/// data the analysis could not read), with a note that says so: \p What
/// rests on them ("the threads that arrive depend").
void demoteForDataBranches(Diagnostic &Finding,
                           llvm::ArrayRef<std::string> DataBranches,
                           llvm::StringRef What);

class Check {
public:
  explicit Check(const CheckInfo &Info) : Info(Info) {}
  virtual ~Check() = default;

  /// The check's name as users select and suppress it: "smem-bank-conflict".
  llvm::StringRef name() const { return Info.Name; }
  const CheckInfo &info() const { return Info; }

  virtual void checkKernel(const CheckContext &Context,
                           std::vector<Diagnostic> &Findings) = 0;

private:
  const CheckInfo &Info;
};

} // namespace smemlint

#endif
