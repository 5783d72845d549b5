//===--- BarrierInsertion.cpp - Where a missing barrier goes --------------===//

#include "Fixes/BarrierInsertion.h"

#include "Analysis/SourcePoints.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

#include <vector>

using namespace clang;

namespace smemlint {
namespace {

/// \p S and its ancestors up to the enclosing function, innermost first.
/// A variable's initializer climbs through the variable to its DeclStmt.
std::vector<DynTypedNode> ancestors(ASTContext &Ctx, const Stmt *S) {
  std::vector<DynTypedNode> Chain = {DynTypedNode::create(*S)};
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(Chain.back());
    if (Parents.empty() || Parents[0].get<FunctionDecl>())
      return Chain;
    if (!Parents[0].get<Stmt>() && !Parents[0].get<VarDecl>())
      return Chain;
    Chain.push_back(Parents[0]);
  }
}

/// The whitespace before column \p Column of \p Loc's line, tabs kept.
std::string indentationAt(const SourceManager &SM, SourceLocation Loc) {
  unsigned Column = SM.getExpansionColumnNumber(Loc);
  StringRef Buffer = SM.getBufferData(SM.getFileID(Loc));
  std::string Indent =
      Buffer.substr(SM.getFileOffset(Loc) - (Column - 1), Column - 1).str();
  for (char &C : Indent)
    if (C != '\t')
      C = ' ';
  return Indent;
}

} // namespace

const Expr *expressionAt(const SourceManager &SM, const FunctionDecl &Function,
                         SourceLocation Where) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const SourceManager &SM;
    SourceLocation Where;
    const Expr *Found = nullptr;
    Finder(const SourceManager &SM, SourceLocation Where)
        : SM(SM), Where(Where) {}
    bool VisitExpr(Expr *E) {
      if (SM.getExpansionLoc(E->getBeginLoc()) == Where ||
          SM.getExpansionLoc(E->getExprLoc()) == Where) {
        Found = E;
        return false; // preorder: the first is the outermost
      }
      return true;
    }
  };
  if (!Function.getBody() || Where.isInvalid())
    return nullptr;
  Finder Find(SM, SM.getExpansionLoc(Where));
  Find.TraverseStmt(Function.getBody());
  return Find.Found;
}

/// The body of a loop statement, or null.
static const Stmt *loopBody(const Stmt *Loop) {
  if (const auto *For = dyn_cast<ForStmt>(Loop))
    return For->getBody();
  if (const auto *While = dyn_cast<WhileStmt>(Loop))
    return While->getBody();
  if (const auto *Do = dyn_cast<DoStmt>(Loop))
    return Do->getBody();
  if (const auto *Range = dyn_cast<CXXForRangeStmt>(Loop))
    return Range->getBody();
  return nullptr;
}

const Stmt *loopBodyEnd(const Stmt *Loop) {
  const Stmt *Body = loopBody(Loop);
  if (!Body)
    return Loop;
  if (const auto *Block = dyn_cast<CompoundStmt>(Body))
    return Block->body_empty() ? Body : Block->body_back();
  return Body;
}

std::optional<FixIt> insertBarrierAtLoopEnd(ASTContext &Ctx, const Stmt *Loop,
                                            StringRef Call) {
  const auto *Block = dyn_cast_or_null<CompoundStmt>(loopBody(Loop));
  if (!Block || Block->body_empty())
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Last = SM.getExpansionLoc(Block->body_back()->getBeginLoc());
  SourceLocation Close = SM.getExpansionLoc(Block->getRBracLoc());
  if (Last.isInvalid() || Close.isInvalid() || SM.isInSystemHeader(Close))
    return std::nullopt;
  std::string Indent = indentationAt(SM, Last);
  if (SM.getExpansionLineNumber(Close) == SM.getExpansionLineNumber(Last))
    return makeFixIt(SM, CharSourceRange::getCharRange(Close, Close),
                     Call.str() + "; ");
  // At the start of the line of the closing brace.
  SourceLocation LineStart =
      Close.getLocWithOffset(-int(SM.getExpansionColumnNumber(Close) - 1));
  return makeFixIt(SM, CharSourceRange::getCharRange(LineStart, LineStart),
                   Indent + Call.str() + ";\n");
}

namespace {

/// The source range whose branches decide whether the threads that reach
/// \p Control run its part \p Child: an `if`'s, loop's or `switch`'s header
/// for its body, a `?:`'s condition for its arms, the left side of `&&` and
/// `||` for the right. Invalid when \p Child runs wherever \p Control does.
SourceRange decidingRange(const Stmt *Control, const Stmt *Child) {
  auto Header = [](const Stmt *Whole, const Stmt *Body) {
    return SourceRange(Whole->getBeginLoc(), Body->getBeginLoc());
  };
  if (const auto *If = dyn_cast<IfStmt>(Control)) {
    if (Child == If->getThen() || Child == If->getElse())
      return Header(If, If->getThen());
  } else if (const auto *Do = dyn_cast<DoStmt>(Control)) {
    if (Child == Do->getBody())
      return SourceRange(Do->getBody()->getEndLoc(), Do->getEndLoc());
  } else if (const Stmt *Body = isa<SwitchStmt>(Control)
                                    ? cast<SwitchStmt>(Control)->getBody()
                                    : loopBody(Control)) {
    if (Child == Body)
      return Header(Control, Body);
  } else if (const auto *Conditional =
                 dyn_cast<AbstractConditionalOperator>(Control)) {
    if (Child != Conditional->getCond())
      return Conditional->getCond()->getSourceRange();
  } else if (const auto *Logical = dyn_cast<BinaryOperator>(Control)) {
    if (Logical->isLogicalOp() && Child == Logical->getRHS())
      return Logical->getLHS()->getSourceRange();
  }
  return SourceRange();
}

/// The branch of \p Divergence inside \p Range that splits the threads a
/// barrier of its scope must order, if any.
const NonUniformBranch *splitIn(const SourceManager &SM, SourceRange Range,
                                const BranchDivergence &Divergence) {
  if (Range.isInvalid())
    return nullptr;
  auto [File, Begin] = SM.getDecomposedExpansionLoc(Range.getBegin());
  auto [EndFile, End] = SM.getDecomposedExpansionLoc(Range.getEnd());
  if (File.isInvalid() || File != EndFile)
    return nullptr;
  for (const auto &[Where, Branch] : Divergence.Branches) {
    if (Divergence.WarpScope && !Branch.SplitsAWarp)
      continue;
    auto [BranchFile, Offset] = SM.getDecomposedExpansionLoc(Where);
    if (BranchFile == File && Offset >= Begin && Offset <= End)
      return &Branch;
  }
  return nullptr;
}

/// The index in \p Chain (innermost first) of the outermost statement above
/// \p From whose threads split on the way to it, or -1.
int outermostSplit(const SourceManager &SM,
                   const std::vector<DynTypedNode> &Chain, size_t From,
                   const BranchDivergence &Divergence,
                   const NonUniformBranch **How = nullptr) {
  int Outermost = -1;
  for (size_t I = From + 1; I < Chain.size(); ++I) {
    const Stmt *Control = Chain[I].get<Stmt>();
    const Stmt *Child = Chain[I - 1].get<Stmt>();
    if (!Control || !Child)
      continue;
    if (const NonUniformBranch *Split =
            splitIn(SM, decidingRange(Control, Child), Divergence)) {
      Outermost = int(I);
      if (How)
        *How = Split;
    }
  }
  return Outermost;
}

/// "inside the branch at line 3, which only some threads of the block take".
std::string insideSplit(const SourceManager &SM, const Stmt *Control,
                        const NonUniformBranch &How,
                        const BranchDivergence &Divergence) {
  bool Loop = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(Control);
  std::string Text =
      std::string("inside the ") + (Loop ? "loop" : "branch") + " at line " +
      std::to_string(SM.getExpansionLineNumber(Control->getBeginLoc()));
  const char *Threads =
      Divergence.WarpScope ? "lanes of a warp" : "threads of the block";
  if (How.DataDependent)
    return Text + ", whose condition depends on data the analysis could not " +
           "read, so the " + Threads + " may not all " +
           (Loop ? "run the same iterations" : "take it");
  return Text +
         (Loop ? std::string(", whose iterations differ between the ") + Threads
               : std::string(", which only some ") + Threads + " take");
}

} // namespace

BarrierPlacement placeBarrierBetween(ASTContext &Ctx, const Expr *Earlier,
                                     const Expr *Later, StringRef Call,
                                     const BranchDivergence &Divergence) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<DynTypedNode> LaterChain = ancestors(Ctx, Later);
  std::vector<DynTypedNode> EarlierChain = ancestors(Ctx, Earlier);
  auto HoldsEarlier = [&](const Stmt *Block) {
    for (const DynTypedNode &Node : EarlierChain)
      if (Node.get<Stmt>() == Block)
        return true;
    return false;
  };
  for (size_t I = 0; I + 1 < LaterChain.size(); ++I) {
    const auto *Block = LaterChain[I + 1].get<CompoundStmt>();
    if (!Block || !HoldsEarlier(Block))
      continue;
    // Not where only some threads arrive: before the outermost statement
    // that splits them instead, if the earlier access is outside it.
    const NonUniformBranch *How = nullptr;
    int Split = outermostSplit(SM, LaterChain, I, Divergence, &How);
    if (Split >= 0) {
      const Stmt *Control = LaterChain[Split].get<Stmt>();
      if (HoldsEarlier(Control))
        return {std::nullopt, "a barrier between them would be " +
                                  insideSplit(SM, Control, *How, Divergence)};
      I = size_t(Split) - 1; // the search goes on above Control
      continue;
    }
    const Stmt *Statement = LaterChain[I].get<Stmt>();
    SourceLocation Begin = SM.getExpansionLoc(Statement->getBeginLoc());
    if (Begin.isInvalid() || SM.isInSystemHeader(Begin))
      return {};
    // Same indentation as the statement it goes before.
    return {makeFixIt(SM, CharSourceRange::getCharRange(Begin, Begin),
                      Call.str() + ";\n" + indentationAt(SM, Begin)),
            "", Statement};
  }
  return {};
}

std::string disproveBarrierFix(const KernelAnalysis &Analysis,
                               const SharedHazard &Hazard,
                               const BarrierPlacement &Place, bool Warp) {
  if (!Place.Fix || !Place.Before)
    return "";
  const BarrierProfile &With = Analysis.reanalyseWithBarrier(
      Place.Before, Warp, Hazard.OnlyWith, Hazard.FoundAtStep);
  std::string Line = std::to_string(
      Analysis.context().getSourceManager().getExpansionLineNumber(
          Place.Before->getBeginLoc()));
  std::string Barrier = Warp ? "__syncwarp()" : "__syncthreads()";
  for (const DivergentBarrier &D : With.DivergentBarriers)
    if (D.Site == Place.Before)
      return "re-analysed with a " + Barrier + " before line " + Line +
             ", not every thread it must order reaches it (a divergent "
             "barrier)";
  if (!With.IncompleteRaceAnalysis.empty())
    return "re-analysed with a " + Barrier + " before line " + Line +
           ", the race analysis is incomplete (" +
           With.IncompleteRaceAnalysis.front() + "), so the fix is not proven";
  for (const SharedHazard &Left : With.Hazards)
    if (sameAccess(Left.Earlier, Hazard.Earlier) &&
        sameAccess(Left.Later, Hazard.Later) && Left.Kind == Hazard.Kind &&
        Left.WithinOneStatement == Hazard.WithinOneStatement &&
        Left.CopyInFlight == Hazard.CopyInFlight)
      return "re-analysed with a " + Barrier + " before line " + Line +
             ", the race remains";
  return "";
}

std::string barrierNotReachedBecause(ASTContext &Ctx, const Stmt *Where,
                                     const BranchDivergence &Divergence) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<DynTypedNode> Chain = ancestors(Ctx, Where);
  const NonUniformBranch *How = nullptr;
  int Split = outermostSplit(SM, Chain, 0, Divergence, &How);
  if (Split < 0)
    return "";
  return "a barrier there would be " +
         insideSplit(SM, Chain[Split].get<Stmt>(), *How, Divergence);
}

} // namespace smemlint
