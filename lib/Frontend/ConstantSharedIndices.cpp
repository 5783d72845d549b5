//===--- ConstantSharedIndices.cpp - tile[0][40] in a tile[32][32] --------===//

#include "Frontend/ConstantSharedIndices.h"

#include "Analysis/SourcePoints.h"
#include "Checks/OutOfBoundsCheck.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <map>
#include <set>

using namespace clang;

namespace smemlint {

namespace {

/// The array subscripts that begin at one of a set of places, in templates'
/// instantiations too (Clang warns once per instantiation).
class SubscriptsAt : public RecursiveASTVisitor<SubscriptsAt> {
public:
  SubscriptsAt(const SourceManager &SM, std::set<SourceLocation> Places)
      : SM(SM), Places(std::move(Places)) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  std::map<SourceLocation, const ArraySubscriptExpr *> Found;

  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    SourceLocation At = SM.getExpansionLoc(E->getBeginLoc());
    if (Places.count(At))
      Found.try_emplace(At, E);
    return true;
  }

private:
  const SourceManager &SM;
  std::set<SourceLocation> Places;
};

/// The __shared__ variable whose array \p E subscripts, through the
/// subscripts and casts of its dimensions; null for any other array.
const VarDecl *sharedArrayOf(const ArraySubscriptExpr *E) {
  const Expr *Base = E->getBase()->IgnoreParenImpCasts();
  while (const auto *Inner = dyn_cast<ArraySubscriptExpr>(Base))
    Base = Inner->getBase()->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(Base);
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return Var && Var->hasAttr<CUDASharedAttr>() ? Var : nullptr;
}

} // namespace

void reportConstantSharedIndices(
    ASTContext &Ctx, const std::vector<ConstantIndexWarning> &Warnings,
    std::vector<Diagnostic> &Findings) {
  if (Warnings.empty())
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  std::set<SourceLocation> Places;
  for (const ConstantIndexWarning &Warning : Warnings)
    Places.insert(SM.getExpansionLoc(Warning.Where));
  SubscriptsAt Subscripts(SM, Places);
  Subscripts.TraverseDecl(Ctx.getTranslationUnitDecl());
  std::set<SourceLocation> Reported;
  for (const ConstantIndexWarning &Warning : Warnings) {
    SourceLocation At = SM.getExpansionLoc(Warning.Where);
    auto Found = Subscripts.Found.find(At);
    const VarDecl *Shared = Found == Subscripts.Found.end()
                                ? nullptr
                                : sharedArrayOf(Found->second);
    if (!Shared || !Reported.insert(At).second)
      continue;
    Diagnostic D;
    D.Check = OutOfBoundsCheck::info().Name;
    D.Origin = FindingOrigin::Check;
    D.Level = Severity::Warning;
    D.Where = toSourcePoint(SM, At);
    // The evaluation's own warning or error there says more (which threads).
    bool Known = llvm::any_of(Findings, [&](const Diagnostic &Other) {
      return Other.Check == D.Check && Other.Level >= Severity::Warning &&
             Other.Where.Line == D.Where.Line &&
             Other.Where.Column == D.Where.Column &&
             Other.Where.File == D.Where.File;
    });
    if (Known)
      continue;
    D.Message = "constant index out of bounds of __shared__ '" +
                Shared->getNameAsString() + "': " + Warning.Message +
                " (Clang's -Warray-bounds)";
    DiagnosticNote Lands;
    Lands.Where = D.Where;
    Lands.Message =
        "the compiler folds the index into an address: an index past an "
        "inner dimension reaches another element of '" +
        Shared->getNameAsString() +
        "', one past the whole array reaches other shared memory";
    D.Notes.push_back(std::move(Lands));
    Findings.push_back(std::move(D));
  }
}

} // namespace smemlint
