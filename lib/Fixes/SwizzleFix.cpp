//===--- SwizzleFix.cpp - XOR-swizzle a shared array's index --------------===//

#include "Fixes/SwizzleFix.h"

#include "Fixes/PaddingFix.h"

#include "Analysis/SourcePoints.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace clang;

namespace smemlint {
namespace {

/// One access of the array as written: `a[k]`, or `a[i][j]` (Row is i).
struct IndexedAccess {
  const Expr *Row = nullptr;
  const Expr *Index = nullptr;
};

/// Finds every use of one array in a kernel and the functions it calls, and
/// whether each is a complete subscript chain.
class ArrayUses : public RecursiveASTVisitor<ArrayUses> {
public:
  ArrayUses(ASTContext &Ctx, const VarDecl *Array, unsigned Rank)
      : Ctx(Ctx), Array(Array), Rank(Rank) {}

  std::vector<IndexedAccess> Accesses;
  std::string Obstacle;

  void collect(const FunctionDecl *F) {
    const FunctionDecl *Definition = nullptr;
    if (!F->hasBody(Definition) || !Visited.insert(Definition).second)
      return;
    TraverseStmt(Definition->getBody());
  }
  bool VisitCallExpr(CallExpr *E) {
    if (const FunctionDecl *Callee = E->getDirectCallee())
      if (!Ctx.getSourceManager().isInSystemHeader(Callee->getLocation()))
        Pending.push_back(Callee);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl() != Array)
      return true;
    const Expr *Chain = E;
    std::vector<const ArraySubscriptExpr *> Subscripts;
    for (unsigned Level = 0; Level < Rank; ++Level) {
      const auto *Decay = parentAs<ImplicitCastExpr>(Chain);
      const auto *Subscript =
          Decay && Decay->getCastKind() == CK_ArrayToPointerDecay
              ? parentAs<ArraySubscriptExpr>(Decay)
              : nullptr;
      if (!Subscript || Subscript->getBase()->IgnoreParenImpCasts() != Chain) {
        Obstacle = "'" + Array->getNameAsString() +
                   "' is used other than by subscripting it" + where(E);
        return true;
      }
      Subscripts.push_back(Subscript);
      Chain = Subscript;
    }
    IndexedAccess Access;
    Access.Index = Subscripts.back()->getIdx();
    if (Rank >= 2)
      Access.Row = Subscripts[Rank - 2]->getIdx();
    for (const Expr *Part : {Access.Index, Access.Row})
      if (Part && Part->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false)) {
        Obstacle = "an index of '" + Array->getNameAsString() +
                   "' has side effects" + where(E);
        return true;
      }
    Accesses.push_back(Access);
    return true;
  }
  void drain() {
    while (!Pending.empty()) {
      const FunctionDecl *Next = Pending.back();
      Pending.pop_back();
      collect(Next);
    }
  }

private:
  template <class T> const T *parentAs(const Expr *E) {
    DynTypedNodeList Parents = Ctx.getParents(*E);
    return Parents.empty() ? nullptr : Parents[0].get<T>();
  }
  std::string where(const Expr *E) {
    return " at line " +
           std::to_string(
               toSourcePoint(Ctx.getSourceManager(), E->getBeginLoc()).Line);
  }
  ASTContext &Ctx;
  const VarDecl *Array;
  unsigned Rank;
  llvm::SmallPtrSet<const FunctionDecl *, 8> Visited;
  std::vector<const FunctionDecl *> Pending;
};

/// The swizzle mask of \p Layout: the elements of one turn of the banks, or
/// of one row if that is fewer; 0 when the array cannot be swizzled.
uint64_t maskFor(const SharedArrayLayout &Layout,
                 const SharedMemoryBanking &Banking) {
  uint64_t Element = Layout.ElementBytes;
  uint64_t Cycle = uint64_t(Banking.BankCount) * Banking.BankWidthBytes;
  if (Element == 0 || !llvm::isPowerOf2_64(Element) || Element > 16)
    return 0;
  uint64_t PerCycle = Cycle / Element;
  if (Layout.Dims.size() == 1)
    return PerCycle - 1;
  uint64_t Columns = Layout.Dims.back();
  if (!llvm::isPowerOf2_64(Columns))
    return 0;
  return std::min(Columns, PerCycle) - 1;
}

/// `text` as an operand: parenthesised unless it is a name or a number.
std::string operand(const std::string &Text) {
  bool Simple = !Text.empty() && llvm::all_of(Text, [](char C) {
    return llvm::isAlnum(C) || C == '_' || C == '.';
  });
  return Simple ? Text : "(" + Text + ")";
}

} // namespace

std::string swizzleObstacle(const KernelAnalysis &Analysis,
                            const VarDecl *Array) {
  if (std::string Copied = bulkCopyObstacle(Analysis, Array); !Copied.empty())
    return Copied;
  std::string Name = "'" + Array->getNameAsString() + "'";
  const SharedVariable *Var = Analysis.kernel().sharedVariable(Array);
  if (!Var)
    return Name + " is not a shared variable of '" + Analysis.kernel().Name +
           "'";
  const SharedArrayLayout &Layout = Var->Layout;
  if (Layout.Dims.empty() || Layout.Dims.size() > 2)
    return Name + " is not a one- or two-dimensional array";
  if (maskFor(Layout, Analysis.arch().Banking) == 0)
    return "the rows of " + Name +
           " are not a power of two of elements, so an XOR would leave them";
  uint64_t Group = maskFor(Layout, Analysis.arch().Banking) + 1;
  if (Layout.Dims.size() == 1 && Layout.Dims[0] != 0 &&
      Layout.Dims[0] % Group != 0)
    return Name + " is not a whole number of " + std::to_string(Group) +
           "-element groups";
  for (const AccessStats &Access : Analysis.profile().Accesses)
    if (Access.Array == Array &&
        (!Access.ThroughDeclaredShape || !Access.UnknownReason.empty()))
      return Name + " is accessed through a pointer or with an unknown index";
  ArrayUses Uses(Analysis.context(), Array, Layout.Dims.size());
  Uses.collect(Analysis.kernel().Kernel);
  Uses.drain();
  return Uses.Obstacle;
}

std::optional<SwizzleProposal> proposeSwizzle(const KernelAnalysis &Analysis,
                                              const VarDecl *Array) {
  if (!swizzleObstacle(Analysis, Array).empty())
    return std::nullopt;
  ASTContext &Ctx = Analysis.context();
  const SharedArrayLayout &Layout =
      Analysis.kernel().sharedVariable(Array)->Layout;
  uint64_t Mask = maskFor(Layout, Analysis.arch().Banking);
  SharedArrayLayout Swizzled = Layout;
  Swizzled.SwizzleMask = Mask;
  SharedAccessProfile After = Analysis.reanalyse({{Array, Swizzled}});
  uint64_t Wavefronts = comparableWavefronts(Analysis.profile(), After, Array);
  if (Wavefronts >= Analysis.profile().wavefrontsOf(Array))
    return std::nullopt;
  // An element swizzle splits the 16-byte rows of ldmatrix and stmatrix.
  if (llvm::any_of(After.Accesses, [&](const AccessStats &Access) {
        return Access.Array == Array && Access.MisalignedRows;
      }))
    return std::nullopt;

  SwizzleProposal Proposal;
  Proposal.Array = Array;
  Proposal.Mask = Mask;
  Proposal.TotalBefore = Analysis.profile().wavefrontsOf(Array);
  Proposal.TotalAfter = Wavefronts;
  Proposal.ProofSampling = proofSampling(After, Array);
  Proposal.ConflictFree = true;
  for (const AccessStats &Access : Analysis.profile().Accesses) {
    if (Access.Array != Array)
      continue;
    const AccessStats *Changed = After.find(
        Access.Site, Access.Kind, Access.Array, Access.ReachedThrough);
    PaddedAccess Change = changeOf(Access, Changed);
    if (Changed && Changed->TotalWavefronts != Changed->TotalIdealWavefronts)
      Proposal.ConflictFree = false;
    Proposal.Accesses.push_back(Change);
  }

  std::string Name = Array->getNameAsString();
  std::string MaskText = std::to_string(Mask);
  unsigned Shift = llvm::countr_zero(Mask + 1);
  Proposal.Pattern = Layout.Dims.size() >= 2
                         ? Name + "[i][j ^ (i & " + MaskText + ")]"
                         : Name + "[k ^ ((k >> " + std::to_string(Shift) +
                               ") & " + MaskText + ")]";
  ArrayUses Uses(Ctx, Array, Layout.Dims.size());
  Uses.collect(Analysis.kernel().Kernel);
  Uses.drain();
  const SourceManager &SM = Ctx.getSourceManager();
  std::set<unsigned> Rewritten; // template instantiations share the source
  for (const IndexedAccess &Access : Uses.Accesses) {
    CharSourceRange Range =
        CharSourceRange::getTokenRange(Access.Index->getSourceRange());
    std::string Index = sourceText(SM, Range);
    std::string Replacement =
        Access.Row
            ? operand(Index) + " ^ (" +
                  operand(sourceText(SM, CharSourceRange::getTokenRange(
                                             Access.Row->getSourceRange()))) +
                  " & " + MaskText + ")"
            : operand(Index) + " ^ ((" + operand(Index) + " >> " +
                  std::to_string(Shift) + ") & " + MaskText + ")";
    FixIt Fix = makeFixIt(SM, Range, Replacement);
    if (!Fix.Where.valid() || !Rewritten.insert(Fix.Where.Offset).second)
      continue;
    Proposal.Fixes.push_back(std::move(Fix));
  }
  if (Proposal.Fixes.empty())
    return std::nullopt;
  return Proposal;
}

} // namespace smemlint
