//===--- GridBarriers.cpp - Grid barriers only some blocks reach ----------===//

#include "Analysis/GridBarriers.h"

#include "Analysis/KernelAnalysis.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <map>

using namespace clang;

namespace smemlint {
namespace {

bool isGridGroup(QualType Type) {
  const auto *Record = Type.getNonReferenceType()->getAsCXXRecordDecl();
  return Record && Record->getName() == "grid_group";
}

/// Finds whether a function body calls a grid barrier.
class GridBarrierFinder : public RecursiveASTVisitor<GridBarrierFinder> {
public:
  bool VisitCallExpr(CallExpr *Call) {
    Found |= isGridBarrier(Call);
    return !Found;
  }
  bool Found = false;
};

/// Counts the block barriers each grid barrier's call makes.
class GridBarrierCounter : public ExecutionObserver {
public:
  void onMemoryAccess(const MemoryAccessEvent &) override {}
  void onBarrier(const BarrierEvent &Event) override {
    if (Event.Scope == BarrierScope::Block && isGridBarrier(Event.Site))
      ++Passes[Event.Site];
  }
  std::map<const Stmt *, unsigned> Passes;
};

std::map<const Stmt *, unsigned>
gridBarrierPasses(const KernelAnalysis &Analysis,
                  const std::array<unsigned, 3> &Block) {
  EvaluationOptions Options = Analysis.options();
  SymbolTable Symbols = Analysis.symbols();
  for (unsigned Dim = 0; Dim < 3; ++Dim)
    Options.SymbolValues[Symbols.idOf(
        {UniformSymbol::Kind::BlockIdx, nullptr, Dim})] = Block[Dim];
  // The main evaluation's steps, with room: another block runs about the
  // same code.
  Options.StepBudget = std::min(Options.StepBudget,
                                Analysis.profile().Summary.Steps * 2 + 10'000);
  GridBarrierCounter Counter;
  evaluateKernel(Analysis.context(), Analysis.kernel().Kernel, Options, Symbols,
                 Counter);
  return std::move(Counter.Passes);
}

} // namespace

bool isGridBarrier(const Stmt *Site) {
  const auto *Call = dyn_cast_or_null<CallExpr>(Site);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || Callee->getName() != "sync")
    return false;
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
    return isGridGroup(Member->getObjectType());
  return Call->getNumArgs() == 1 && isGridGroup(Call->getArg(0)->getType());
}

std::vector<DivergentGridBarrier>
divergentGridBarriers(const KernelAnalysis &Analysis) {
  const FunctionDecl *Definition = nullptr;
  if (!Analysis.kernel().Kernel->hasBody(Definition))
    return {};
  GridBarrierFinder Finder;
  Finder.TraverseStmt(Definition->getBody());
  if (!Finder.Found)
    return {};
  std::vector<DivergentGridBarrier> Divergent;
  std::array<unsigned, 3> First = {0, 0, 0};
  std::map<const Stmt *, unsigned> FirstPasses =
      gridBarrierPasses(Analysis, First);
  const std::optional<BlockShape> &Grid = Analysis.options().Grid;
  for (unsigned Dim = 0; Dim < 3; ++Dim) {
    unsigned Extent = !Grid      ? 2
                      : Dim == 0 ? Grid->X
                      : Dim == 1 ? Grid->Y
                                 : Grid->Z;
    if (Extent < 2)
      continue;
    std::array<unsigned, 3> Neighbour = {0, 0, 0};
    Neighbour[Dim] = 1;
    std::map<const Stmt *, unsigned> Passes =
        gridBarrierPasses(Analysis, Neighbour);
    std::map<const Stmt *, unsigned> Sites = FirstPasses;
    Sites.insert(Passes.begin(), Passes.end());
    for (const auto &[Site, Unused] : Sites) {
      unsigned A = FirstPasses[Site], B = Passes[Site];
      bool Known = false;
      for (const DivergentGridBarrier &Existing : Divergent)
        Known |= Existing.Site == Site;
      if (A == B || Known)
        continue;
      DivergentGridBarrier D;
      D.Site = Site;
      D.Reaching = A > B ? First : Neighbour;
      D.Missing = A > B ? Neighbour : First;
      D.ReachingTimes = std::max(A, B);
      D.MissingTimes = std::min(A, B);
      Divergent.push_back(D);
    }
  }
  return Divergent;
}

} // namespace smemlint
