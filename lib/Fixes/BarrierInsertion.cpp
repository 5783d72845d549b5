//===--- BarrierInsertion.cpp - Where a missing barrier goes --------------===//

#include "Fixes/BarrierInsertion.h"

#include "Analysis/SourcePoints.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ParentMapContext.h"
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

std::optional<FixIt> insertBarrierAtLoopEnd(ASTContext &Ctx, const Stmt *Loop,
                                            StringRef Call) {
  const Stmt *Body = nullptr;
  if (const auto *For = dyn_cast<ForStmt>(Loop))
    Body = For->getBody();
  else if (const auto *While = dyn_cast<WhileStmt>(Loop))
    Body = While->getBody();
  else if (const auto *Do = dyn_cast<DoStmt>(Loop))
    Body = Do->getBody();
  const auto *Block = dyn_cast_or_null<CompoundStmt>(Body);
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

std::optional<FixIt> insertBarrierBetween(ASTContext &Ctx,
                                          const Expr *Earlier,
                                          const Expr *Later, StringRef Call) {
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
    const Stmt *Statement = LaterChain[I].get<Stmt>();
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation Begin = SM.getExpansionLoc(Statement->getBeginLoc());
    if (Begin.isInvalid() || SM.isInSystemHeader(Begin))
      return std::nullopt;
    // Same indentation as the statement it goes before.
    return makeFixIt(SM, CharSourceRange::getCharRange(Begin, Begin),
                     Call.str() + ";\n" + indentationAt(SM, Begin));
  }
  return std::nullopt;
}

} // namespace smemlint
