//===--- BoundsAnalysis.cpp - Where shared accesses leave their arrays ----===//

#include "Analysis/BoundsAnalysis.h"

#include "Analysis/KernelAnalysis.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace smemlint {
namespace {

int64_t floorDiv(int64_t A, int64_t B) {
  int64_t Q = A / B;
  return (A % B != 0 && (A < 0) != (B < 0)) ? Q - 1 : Q;
}

} // namespace

BoundsObserver::BoundsObserver(const ASTContext &Ctx, unsigned Threads,
                               std::map<const VarDecl *, ObjectBounds> Objects)
    : Ctx(Ctx), Threads(Threads), Objects(std::move(Objects)) {}

void BoundsObserver::onMemoryAccess(const MemoryAccessEvent &Event) {
  // A cp.async's bytes were checked at its issue.
  if (!Event.Address.Object.IsShared || Event.Async == AsyncPhase::Completion)
    return;
  const auto *Var = dyn_cast_or_null<VarDecl>(Event.Address.Object.Decl);
  auto Found = Objects.find(Var);
  if (Found == Objects.end() || Found->second.ElementBytes == 0)
    return;
  const ObjectBounds &Bounds = Found->second;
  ++Serial;
  ThreadMask &Performed = Performing[Event.Site];
  if (Performed.size() < Event.Active.size())
    Performed.resize(Event.Active.size());
  Performed |= Event.Active;
  if (allInside(Event, Bounds))
    return;
  for (unsigned T : Event.Active.set_bits()) {
    if (!Event.Address.Known[T]) {
      if (T < Event.Address.DividedByZero.size() &&
          Event.Address.DividedByZero[T])
        record(Event, Var, UndefinedAddress, T, 0, false, 0, {});
      continue;
    }
    check(Event, Var, Bounds, T, Event.Address.Values[T]);
  }
}

bool BoundsObserver::allInside(const MemoryAccessEvent &Event,
                               const ObjectBounds &Bounds) {
  const ThreadMask &Active = Event.Active;
  if (!Event.Address.knownFor(Active))
    return false;
  // The least and the greatest of \p V over the active threads.
  auto Range = [&](const ThreadValue &V) {
    int64_t Low = INT64_MAX, High = INT64_MIN;
    forEachThreadInBoth(Active, Active, [&](unsigned T) {
      Low = std::min(Low, V.Values[T]);
      High = std::max(High, V.Values[T]);
    });
    return std::make_pair(Low, High);
  };
  unsigned Levels = Bounds.Dims.size();
  if (Event.ThroughDeclaredShape && Levels &&
      Event.Subscripts.size() == Levels) {
    // Judged by the subscripts where a thread knows them all, else by the
    // offset: for some threads one way and the other way for others, each
    // thread on its own.
    if (!llvm::all_of(Event.Subscripts, [&](const ThreadValue &Index) {
          return Index.knownFor(Active);
        }))
      return false;
    for (unsigned Level = 0; Level < Levels; ++Level) {
      auto [Low, High] = Range(Event.Subscripts[Level]);
      std::optional<uint64_t> Extent = Bounds.extent(Level);
      if (Low < 0 || (Extent && High >= int64_t(*Extent)))
        return false;
    }
    return true;
  }
  auto [Low, High] = Range(Event.Address);
  int64_t Width = std::max<int64_t>(Event.WidthBytes, 1);
  return Low >= 0 && (!Bounds.Bytes || High <= int64_t(*Bounds.Bytes) - Width);
}

void BoundsObserver::check(const MemoryAccessEvent &Event, const VarDecl *Var,
                           const ObjectBounds &Bounds, unsigned T,
                           int64_t Offset) {
  unsigned Levels = Bounds.Dims.size();
  if (Event.ThroughDeclaredShape && Levels &&
      Event.Subscripts.size() == Levels &&
      llvm::all_of(Event.Subscripts,
                   [T](const ThreadValue &Index) { return Index.Known[T]; })) {
    // The subscripts themselves: an index far out of range must not be
    // judged by the byte offset it wrapped to.
    auto Outside = [&](unsigned Level) {
      int64_t Index = Event.Subscripts[Level].Values[T];
      std::optional<uint64_t> Extent = Bounds.extent(Level);
      return Index < 0 || (Extent && Index >= int64_t(*Extent));
    };
    bool AnyOutside = false;
    for (unsigned Level = 0; Level < Levels && !AnyOutside; ++Level)
      AnyOutside = Outside(Level);
    if (!AnyOutside)
      return;
    llvm::SmallVector<int64_t, 4> Indices;
    for (const ThreadValue &Index : Event.Subscripts)
      Indices.push_back(Index.Values[T]);
    for (unsigned Level = 0; Level < Levels; ++Level)
      if (Outside(Level))
        record(Event, Var, Levels == 1 ? WholeObject : Level, T, Indices[Level],
               false, Offset, Indices);
    return;
  }
  int64_t Element = floorDiv(Offset, int64_t(Bounds.ElementBytes));
  // Remainders and quotients only: a wild offset near the ends of int64
  // must not overflow (found by evaluator-fuzzer).
  int64_t Rest = Offset % int64_t(Bounds.ElementBytes);
  if (Rest < 0)
    Rest += Bounds.ElementBytes;
  int64_t Width = std::max<int64_t>(Event.WidthBytes, 1);
  bool Below = Offset < 0;
  bool Past = Bounds.Bytes && Offset > int64_t(*Bounds.Bytes) - Width;
  if (!Below && !Past)
    return;
  // In elements when the access is one whole element; else in bytes.
  bool Whole = Rest == 0 && Width == int64_t(Bounds.ElementBytes);
  record(Event, Var, WholeObject, T, Whole ? Element : Offset, !Whole, Offset,
         {});
}

void BoundsObserver::record(const MemoryAccessEvent &Event, const VarDecl *Var,
                            unsigned Level, unsigned T, int64_t Value,
                            bool InBytes, int64_t RealOffset,
                            llvm::ArrayRef<int64_t> Indices) {
  auto [It, New] =
      Index.try_emplace(std::make_pair(Event.Site, Level), Violations.size());
  if (New) {
    Violation V;
    V.Site = Event.Site;
    V.Array = Var;
    V.Level = Level;
    V.WidthBytes = Event.WidthBytes;
    V.Threads = ThreadMask(Threads);
    V.InBytes = InBytes;
    V.FirstThread = T;
    V.FirstOffset = RealOffset;
    V.FirstIndices.assign(Indices.begin(), Indices.end());
    V.FirstWhen = when(Event);
    if (Event.WarpgroupMma)
      V.WarpgroupMma = *Event.WarpgroupMma;
    Violations.push_back(std::move(V));
  }
  Violation &V = Violations[It->second];
  V.Kinds |= 1u << unsigned(Event.Kind);
  V.Threads.set(T);
  V.Low = std::min(V.Low, Value);
  V.High = std::max(V.High, Value);
  V.Symbols |= Event.Address.Symbols;
  V.ControlSymbols |= Event.ControlSymbols;
  if (LastSerial.lookup(It->second) != Serial) {
    LastSerial[It->second] = Serial;
    for (const std::string &Assumption : Event.Assumptions)
      if (!llvm::is_contained(V.Assumptions, Assumption))
        V.Assumptions.push_back(Assumption);
  }
}

ThreadMask BoundsObserver::threadsAt(const clang::Expr *Site) const {
  auto Found = Performing.find(Site);
  return Found != Performing.end() ? Found->second : ThreadMask(Threads);
}

std::string BoundsObserver::when(const MemoryAccessEvent &Event) const {
  if (Event.EnclosingLoops.empty() || Event.LoopIterations.empty())
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(
      SM.getExpansionLoc(Event.EnclosingLoops.back()->getBeginLoc()));
  return "in iteration " + std::to_string(Event.LoopIterations.back()) +
         " of the loop" +
         (P.isValid() ? " at line " + std::to_string(P.getLine()) : "");
}

std::map<const VarDecl *, ObjectBounds>
boundsOf(llvm::ArrayRef<SharedVariable> Variables,
         std::optional<uint64_t> DynamicSharedBytes) {
  std::map<const VarDecl *, ObjectBounds> Objects;
  for (const SharedVariable &Var : Variables) {
    if (Var.Decl->isInvalidDecl() || Var.Decl->getType()->isDependentType())
      continue;
    ObjectBounds B;
    B.Dims = Var.Layout.Dims;
    B.ElementBytes = Var.Layout.ElementBytes;
    B.Dynamic = Var.Dynamic;
    B.Bytes = Var.reachableBytes(DynamicSharedBytes);
    Objects.emplace(Var.Decl, std::move(B));
  }
  return Objects;
}

std::vector<Violation>
evaluateBounds(const KernelAnalysis &Analysis, SymbolTable &Symbols,
               const std::map<const VarDecl *, ObjectBounds> &Objects,
               const std::map<unsigned, int64_t> &SymbolValues) {
  EvaluationOptions Options = Analysis.options();
  Options.SymbolValues = SymbolValues;
  // The main evaluation's steps, with room: the same threads run the same
  // iterations.
  Options.StepBudget = std::min(Options.StepBudget,
                                Analysis.profile().Summary.Steps * 2 + 10'000);
  BoundsObserver Observer(Analysis.context(), Options.Block.threads(), Objects);
  evaluateKernel(Analysis.context(), Analysis.kernel().Kernel, Options, Symbols,
                 Observer);
  return Observer.take();
}

} // namespace smemlint
