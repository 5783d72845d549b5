//===--- GlobalAccessProfile.cpp - Sectors of every global access ---------===//

#include "Analysis/GlobalAccessProfile.h"

#include "Analysis/SharedAccessProfile.h"

#include "Analysis/SourcePoints.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace smemlint {
namespace {

// Offsets can be negative; the model takes unsigned addresses. A bias that is
// a multiple of every line keeps sectors and lines unchanged.
constexpr int64_t AddressBias = int64_t(1) << 40;

/// The offset a biased lane address stands for, modulo 2^64 like the bias
/// itself: a wild index must not overflow a signed subtraction.
int64_t unbiased(uint64_t Lane) {
  return int64_t(Lane - uint64_t(AddressBias));
}

/// The direct copies kept per staged load are bounded: threads times
/// executions of the load.
constexpr size_t MaxStagedElements = size_t(1) << 22;

const Expr *normalized(const Expr *E) {
  return E ? E->IgnoreParenImpCasts() : nullptr;
}

/// The lvalue a copy reads: `in[i]` in `float4 v = in[i]` or `t = in[i]`.
const Expr *copiedFrom(const Expr *E) {
  E = normalized(E);
  if (const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(E))
    E = normalized(Temp->getSubExpr());
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E))
    if (Construct->getNumArgs() == 1)
      E = normalized(Construct->getArg(0));
  return E;
}

bool isGlobalObject(const MemoryObject &Object) {
  if (Object.IsShared || !Object.Decl)
    return false;
  // __constant__ memory goes through the constant cache, not the sectors
  // modelled here.
  return !Object.Decl->hasAttr<CUDAConstantAttr>();
}

/// Why the pointer \p E points where the evaluator cannot follow, or nullopt
/// when it is a kernel parameter or shared memory (an access through it that
/// was not reported was not reached).
std::optional<std::string> unfollowedPointer(const Expr *E, unsigned Depth) {
  if (!E || Depth > 8)
    return std::string("a pointer of unknown origin");
  E = E->IgnoreParenCasts();
  if (const auto *Binary = dyn_cast<BinaryOperator>(E)) {
    if (Binary->isAdditiveOp() || Binary->isAssignmentOp())
      return unfollowedPointer(Binary->getLHS()->getType()->isPointerType()
                                   ? Binary->getLHS()
                                   : Binary->getRHS(),
                               Depth + 1);
    if (Binary->getOpcode() == BO_Comma)
      return unfollowedPointer(Binary->getRHS(), Depth + 1);
  }
  if (const auto *Unary = dyn_cast<UnaryOperator>(E)) {
    if (Unary->isIncrementDecrementOp())
      return unfollowedPointer(Unary->getSubExpr(), Depth + 1);
    if (Unary->getOpcode() == UO_Deref)
      return std::string("a pointer loaded from memory");
  }
  if (isa<ArraySubscriptExpr>(E) || isa<MemberExpr>(E))
    return std::string("a pointer loaded from memory");
  if (const auto *Conditional = dyn_cast<ConditionalOperator>(E)) {
    if (auto Why = unfollowedPointer(Conditional->getTrueExpr(), Depth + 1))
      return Why;
    return unfollowedPointer(Conditional->getFalseExpr(), Depth + 1);
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    return "a pointer returned by " +
           (Callee ? "'" + Callee->getNameAsString() + "'"
                   : std::string("a call"));
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
    if (!Var || isa<ParmVarDecl>(Var) || Var->hasAttr<CUDASharedAttr>())
      return std::nullopt;
    if (Var->getType()->isArrayType())
      return std::nullopt; // a __device__ array: followed
    if (Var->hasGlobalStorage())
      return "a pointer loaded from memory ('" + Var->getNameAsString() + "')";
    if (const Expr *Init = Var->getInit())
      return unfollowedPointer(Init, Depth + 1);
    return std::string("a pointer of unknown origin");
  }
  return std::string("a pointer of unknown origin");
}

/// The expression that yields the pointer an access goes through: `p` in
/// `p[i]`, `*p`, `p->x` and `p[i].x`; null for anything else (locals,
/// shared arrays by name).
const Expr *accessedPointer(const Expr *E) {
  E = E->IgnoreParens();
  while (const auto *Member = dyn_cast<MemberExpr>(E)) {
    if (Member->isArrow())
      return Member->getBase();
    E = Member->getBase()->IgnoreParens();
  }
  if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr *Base = Subscript->getBase()->IgnoreParens();
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Base);
        Cast && Cast->getCastKind() == CK_ArrayToPointerDecay)
      return nullptr;
    return Base;
  }
  if (const auto *Unary = dyn_cast<UnaryOperator>(E);
      Unary && Unary->getOpcode() == UO_Deref)
    return Unary->getSubExpr();
  return nullptr;
}

/// What the kernel body reads and writes, found from the AST: which value
/// each assignment stores (to pair `tile[..] = in[..]`), and every access
/// expression with its kinds (to report the ones the evaluator skipped).
class AccessSyntax : public RecursiveASTVisitor<AccessSyntax> {
public:
  llvm::DenseMap<const Expr *, const Expr *> AssignedFrom;
  /// The values of AssignedFrom: loads a store may be paired with.
  llvm::DenseSet<const Expr *> AssignmentSources;
  std::vector<std::pair<const Expr *, AccessKind>> Accesses;

  bool VisitBinaryOperator(BinaryOperator *E) {
    if (E->getOpcode() == BO_Assign)
      assign(E->getLHS(), E->getRHS());
    if (E->isCompoundAssignmentOp())
      readWrite(E->getLHS());
    else if (E->isAssignmentOp())
      Accesses.push_back({E->getLHS(), AccessKind::Store});
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    if (E->getOperator() == OO_Equal && E->getNumArgs() == 2) {
      assign(E->getArg(0), E->getArg(1));
      Accesses.push_back({E->getArg(0), AccessKind::Store});
    }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *E) {
    if (E->isIncrementDecrementOp())
      readWrite(E->getSubExpr());
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *E) {
    if (E->getCastKind() == CK_LValueToRValue)
      Accesses.push_back({E->getSubExpr(), AccessKind::Load});
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    const CXXConstructorDecl *Ctor = E->getConstructor();
    if (Ctor && Ctor->isCopyOrMoveConstructor() && E->getNumArgs() == 1 &&
        E->getArg(0)->isGLValue())
      Accesses.push_back({normalized(E->getArg(0)), AccessKind::Load});
    return true;
  }

private:
  void assign(const Expr *To, const Expr *From) {
    const Expr *Source = copiedFrom(From);
    AssignedFrom[normalized(To)] = Source;
    AssignmentSources.insert(Source);
  }
  void readWrite(const Expr *E) {
    Accesses.push_back({E, AccessKind::Load});
    Accesses.push_back({E, AccessKind::Store});
  }
};

/// The byte distance between consecutive lanes along threadIdx.x, when the
/// same for every such pair of active lanes.
std::optional<int64_t> laneStride(const GlobalWarpExample &Example,
                                  const BlockShape &Block, unsigned WarpSize) {
  std::optional<int64_t> Stride;
  auto Scan = [&](bool SameRowOnly) {
    Stride.reset();
    bool Any = false;
    for (unsigned Lane = 0; Lane + 1 < Example.LaneOffsets.size(); ++Lane) {
      const auto &This = Example.LaneOffsets[Lane];
      const auto &Next = Example.LaneOffsets[Lane + 1];
      if (!This || !Next)
        continue;
      unsigned Thread = Example.Warp * WarpSize + Lane;
      if (SameRowOnly && Block.threadX(Thread) + 1 != Block.threadX(Thread + 1))
        continue;
      int64_t Distance = *Next - *This;
      if (Any && Distance != *Stride)
        return false;
      Stride = Distance;
      Any = true;
    }
    return Any;
  };
  if (Scan(/*SameRowOnly=*/true))
    return Stride;
  if (Block.X == 1 && Scan(/*SameRowOnly=*/false))
    return Stride;
  return std::nullopt;
}

/// Which warp instruction best explains an access: the most sectors beyond
/// the ideal, then the most sectors.
bool worseThan(const GlobalRequestCost &A, const GlobalRequestCost &B) {
  unsigned ExcessA = A.Sectors - A.IdealSectors;
  unsigned ExcessB = B.Sectors - B.IdealSectors;
  return ExcessA != ExcessB ? ExcessA > ExcessB : A.Sectors > B.Sectors;
}

} // namespace

int64_t unalignedPitchValue(const UniformSymbol &Symbol) {
  return defaultSymbolValue(Symbol) + 1;
}

std::string
GlobalAccessProfile::samplingReason(const GlobalAccessStats &Access) const {
  return samplingReasonOf(Access.Loops, SampledLoops);
}

const GlobalAccessStats *GlobalAccessProfile::find(const clang::Expr *Site,
                                                   AccessKind Kind) const {
  for (const GlobalAccessStats &Access : Accesses)
    if (Access.Site == Site && Access.Kind == Kind)
      return &Access;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// The observer
//===----------------------------------------------------------------------===//

struct GlobalAccessObserver::State {
  const FunctionDecl *Kernel;
  BlockShape Block;
  unsigned Threads, WarpSize;
  GlobalMemoryGranularity Granularity;
  GlobalAccessProfile &Profile;
  AccessSyntax Syntax;

  llvm::DenseMap<std::pair<const Expr *, unsigned>, unsigned> Index;
  std::set<const Expr *> ObservedSites;
  std::vector<std::optional<uint64_t>> Lanes;
  std::vector<uint64_t> PatternKey;
  std::map<std::vector<uint64_t>, GlobalRequestCost> Patterns;

  // Staging: the previous event, to pair `tile[..] = in[..]` (a global load
  // then a shared store of the same statement) and `out[..] = tile[..]`.
  struct PreviousEvent {
    const Expr *Site = nullptr;
    bool Global = false;
    AccessKind Kind = AccessKind::Load;
    const ValueDecl *Object = nullptr;
    std::vector<int64_t> Values;
    llvm::BitVector Known, Active;
    unsigned Execution = 0; ///< Of Site, for a global load.
  } Previous;
  llvm::DenseMap<const Expr *, unsigned> LoadExecutions;
  /// Who last filled a shared byte from global memory.
  struct Writer {
    const Expr *LoadSite;
    unsigned Execution, Thread;
  };
  llvm::DenseMap<std::pair<const ValueDecl *, int64_t>, Writer> CellWriters;
  /// Elements each global load staged into shared memory.
  llvm::DenseMap<const Expr *, uint64_t> StagedElements;
  struct DirectStores {
    const VarDecl *Tile = nullptr;
    unsigned WidthBytes = 0;
    uint64_t Mapped = 0;
    bool Overflow = false;
    /// [execution of the load][thread]: where the direct store would write.
    std::vector<std::vector<std::optional<int64_t>>> Offsets;
  };
  std::map<std::pair<const Expr *, const Expr *>, DirectStores> Direct;

  State(const FunctionDecl *Kernel, BlockShape Block, unsigned WarpSize,
        const GlobalMemoryGranularity &Granularity,
        GlobalAccessProfile &Profile)
      : Kernel(Kernel), Block(Block), Threads(Block.threads()),
        WarpSize(WarpSize), Granularity(Granularity), Profile(Profile) {
    const FunctionDecl *Definition = nullptr;
    if (Kernel->hasBody(Definition))
      Syntax.TraverseStmt(Definition->getBody());
  }

  GlobalAccessStats &statsFor(const Expr *Site, AccessKind Kind,
                              const ValueDecl *Pointer, unsigned Width) {
    auto [It, Inserted] =
        Index.try_emplace({Site, unsigned(Kind)}, Profile.Accesses.size());
    if (Inserted) {
      GlobalAccessStats Stats;
      Stats.Site = Site;
      Stats.Kind = Kind;
      Stats.Pointer = Pointer;
      Stats.Name = Pointer ? Pointer->getNameAsString() : "?";
      Stats.WidthBytes = Width;
      Profile.Accesses.push_back(std::move(Stats));
    }
    return Profile.Accesses[It->second];
  }

  void onGlobalAccess(const MemoryAccessEvent &Event) {
    GlobalAccessStats &Stats = statsFor(
        Event.Site, Event.Kind, Event.Address.Object.Decl, Event.WidthBytes);
    Stats.Symbols |= Event.Address.Symbols;
    Stats.Loops.insert(Event.EnclosingLoops.begin(),
                       Event.EnclosingLoops.end());
    for (const std::string &Assumption : Event.Assumptions)
      if (!llvm::is_contained(Stats.Assumptions, Assumption))
        Stats.Assumptions.push_back(Assumption);
    // Odd-sized objects (float3, structs) are moved in 4-byte pieces, each
    // its own instruction.
    unsigned Width = Event.WidthBytes;
    unsigned Pieces = 1;
    if (Width == 0 || Width > 16 || (Width & (Width - 1)) != 0) {
      Pieces = std::max(1u, (Width + 3) / 4);
      Width = 4;
    }
    for (unsigned Warp = 0; Warp * WarpSize < Threads; ++Warp)
      for (unsigned Piece = 0; Piece < Pieces; ++Piece)
        serveWarp(Stats, Event, Warp, Width, Piece * Width);
  }

  void serveWarp(GlobalAccessStats &Stats, const MemoryAccessEvent &Event,
                 unsigned Warp, unsigned Width, int64_t PieceOffset) {
    if (!warpLaneAddresses(Event, Warp, WarpSize, PieceOffset + AddressBias,
                           Lanes, Stats.UnknownReason))
      return;
    GlobalRequestCost Cost = costOf(Width);
    Stats.WarpInstructions += Event.Weight;
    Stats.TotalRequestedBytes += Event.Weight * Cost.RequestedBytes;
    Stats.TotalSectors += Event.Weight * Cost.Sectors;
    Stats.TotalIdealSectors += Event.Weight * Cost.IdealSectors;
    Stats.TotalLines += Event.Weight * Cost.Lines;
    Stats.AlwaysUniform &= Cost.Uniform;
    if (Stats.Worst && !worseThan(Cost, Stats.Worst->Cost))
      return;
    GlobalWarpExample Example;
    Example.Warp = Warp;
    for (const std::optional<uint64_t> &Lane : Lanes)
      Example.LaneOffsets.push_back(
          Lane ? std::optional<int64_t>(unbiased(*Lane))
               : std::nullopt);
    Example.Cost = Cost;
    Stats.Worst = std::move(Example);
  }

  /// The model's answer for Lanes, remembered per pattern relative to its
  /// first line (patterns shifted by whole lines cost the same).
  GlobalRequestCost costOf(unsigned Width) {
    uint64_t Line = Granularity.LineBytes;
    uint64_t Base = UINT64_MAX;
    for (const std::optional<uint64_t> &Lane : Lanes)
      if (Lane)
        Base = std::min(Base, *Lane / Line * Line);
    PatternKey.clear();
    PatternKey.push_back(Width);
    for (const std::optional<uint64_t> &Lane : Lanes)
      PatternKey.push_back(Lane ? *Lane - Base : UINT64_MAX);
    auto Known = Patterns.find(PatternKey);
    if (Known != Patterns.end())
      return Known->second;
    GlobalRequestCost Cost = serveGlobalRequest(Granularity, Width, Lanes);
    if (Patterns.size() < 4096)
      Patterns.emplace(PatternKey, Cost);
    return Cost;
  }

  void trackStaging(const MemoryAccessEvent &Event, bool Global) {
    const Expr *Site = normalized(Event.Site);
    const ValueDecl *Object = Event.Address.Object.Decl;
    auto PairedWithPrevious = [&] {
      auto From = Syntax.AssignedFrom.find(Site);
      return Previous.Site && From != Syntax.AssignedFrom.end() &&
             From->second == Previous.Site && Previous.Active == Event.Active;
    };
    if (!Global && Event.Kind == AccessKind::Store && Previous.Global &&
        Previous.Kind == AccessKind::Load && PairedWithPrevious()) {
      // `tile[..] = in[..]`: remember which load filled each shared byte.
      uint64_t Staged = 0;
      for (unsigned T : Event.Active.set_bits())
        if (Event.Address.Known[T] && Previous.Known[T]) {
          CellWriters[{Object, Event.Address.Values[T]}] = {
              Previous.Site, Previous.Execution, T};
          ++Staged;
        }
      StagedElements[Previous.Site] += Staged;
    } else if (Global && Event.Kind == AccessKind::Store && !Previous.Global &&
               Previous.Kind == AccessKind::Load && PairedWithPrevious()) {
      // `out[..] = tile[..]`: the element's loader would store it here.
      DirectStores *Stores = nullptr;
      const Expr *StoresLoad = nullptr;
      for (unsigned T : Event.Active.set_bits()) {
        if (!Event.Address.Known[T] || !Previous.Known[T])
          continue;
        auto Cell = CellWriters.find({Previous.Object, Previous.Values[T]});
        if (Cell == CellWriters.end())
          continue;
        const Writer &W = Cell->second;
        if (!Stores || StoresLoad != W.LoadSite) {
          Stores = &Direct[{W.LoadSite, Site}];
          StoresLoad = W.LoadSite;
        }
        DirectStores &D = *Stores;
        D.Tile = dyn_cast_or_null<VarDecl>(Previous.Object);
        D.WidthBytes = Event.WidthBytes;
        if (D.Offsets.size() <= W.Execution) {
          if (size_t(W.Execution + 1) * Threads > MaxStagedElements) {
            D.Overflow = true;
            continue;
          }
          D.Offsets.resize(W.Execution + 1);
        }
        std::vector<std::optional<int64_t>> &Row = D.Offsets[W.Execution];
        if (Row.empty())
          Row.resize(Threads);
        if (!Row[W.Thread])
          ++D.Mapped;
        Row[W.Thread] = Event.Address.Values[T];
      }
    }
    if (Global && Event.Kind == AccessKind::Load)
      Previous.Execution = LoadExecutions[Site]++;
    Previous.Site = Site;
    Previous.Global = Global;
    Previous.Kind = Event.Kind;
    Previous.Object = Object;
    // The addresses are needed only by a store this load may be paired with.
    if (Event.Kind != AccessKind::Load || !Syntax.AssignmentSources.count(Site))
      return;
    Previous.Values.assign(Event.Address.Values.begin(),
                           Event.Address.Values.end());
    Previous.Known = Event.Address.Known;
    Previous.Active = Event.Active;
  }

  void costDirectStores() {
    for (auto &[Sites, D] : Direct) {
      StagedCopy Copy;
      Copy.LoadSite = Sites.first;
      Copy.StoreSite = Sites.second;
      Copy.Tile = D.Tile;
      Copy.Complete = !D.Overflow && D.Mapped == StagedElements[Sites.first];
      for (auto [Execution, Row] : llvm::enumerate(D.Offsets)) {
        if (Row.empty())
          continue;
        for (unsigned Warp = 0; Warp * WarpSize < Threads; ++Warp) {
          unsigned First = Warp * WarpSize;
          unsigned End = std::min(Threads, First + WarpSize);
          Lanes.assign(End - First, std::nullopt);
          bool Any = false;
          for (unsigned T = First; T < End; ++T)
            if (Row[T]) {
              Lanes[T - First] = uint64_t(*Row[T]) + uint64_t(AddressBias);
              Any = true;
            }
          if (!Any)
            continue;
          GlobalRequestCost Cost = costOf(D.WidthBytes);
          ++Copy.DirectInstructions;
          Copy.DirectRequestedBytes += Cost.RequestedBytes;
          Copy.DirectSectors += Cost.Sectors;
          Copy.DirectIdealSectors += Cost.IdealSectors;
          if (Copy.DirectWorst && !worseThan(Cost, Copy.DirectWorst->Cost))
            continue;
          GlobalWarpExample Example;
          Example.Warp = Warp;
          for (const std::optional<uint64_t> &Lane : Lanes)
            Example.LaneOffsets.push_back(
                Lane ? std::optional<int64_t>(unbiased(*Lane))
                     : std::nullopt);
          Example.Cost = Cost;
          Copy.DirectWorst = std::move(Example);
        }
      }
      Profile.StagedCopies.push_back(std::move(Copy));
    }
  }

  void addUnfollowedAccesses() {
    for (const auto &[Site, Kind] : Syntax.Accesses) {
      const Expr *Pointer = accessedPointer(Site);
      // Code that did not compile has no size to measure.
      if (!Pointer || Site->containsErrors() ||
          Site->getType()->isDependentType() ||
          ObservedSites.count(Site->IgnoreParens()) ||
          ObservedSites.count(normalized(Site)))
        continue;
      std::optional<std::string> Why = unfollowedPointer(Pointer, 0);
      if (!Why)
        continue;
      GlobalAccessStats &Stats =
          statsFor(Site, Kind, nullptr,
                   Site->getType()->isIncompleteType()
                       ? 0
                       : unsigned(Kernel->getASTContext()
                                      .getTypeSizeInChars(Site->getType())
                                      .getQuantity()));
      // Named as written: 'p' in `p[i]`, 'ptrs[k]' in `*ptrs[k]`.
      std::string Text =
          sourceText(Kernel->getASTContext().getSourceManager(),
                     CharSourceRange::getTokenRange(Pointer->getSourceRange()));
      if (!Text.empty())
        Stats.Name = Text;
      Stats.UnknownReason = *Why;
    }
  }
};

GlobalAccessObserver::GlobalAccessObserver(
    const FunctionDecl *Kernel, BlockShape Block, unsigned WarpSize,
    const GlobalMemoryGranularity &Granularity, GlobalAccessProfile &Profile)
    : S(std::make_unique<State>(Kernel, Block, WarpSize, Granularity,
                                Profile)) {}

GlobalAccessObserver::~GlobalAccessObserver() = default;

void GlobalAccessObserver::onMemoryAccess(const MemoryAccessEvent &Event) {
  if (Event.Async == AsyncPhase::Completion)
    return;
  S->ObservedSites.insert(Event.Site->IgnoreParens());
  S->ObservedSites.insert(normalized(Event.Site));
  bool Global = isGlobalObject(Event.Address.Object);
  if (Global)
    S->onGlobalAccess(Event);
  S->trackStaging(Event, Global);
}

void GlobalAccessObserver::onLoopSampled(const clang::Stmt *Loop,
                                         const std::string &Reason) {
  S->Profile.SampledLoops.emplace(Loop, Reason);
}

void GlobalAccessObserver::onIterationsSkipped(
    const SkippedIterationsEvent &Event) {
  // Skipped iterations cost what the ones run cost only when the skip moved
  // every global address by whole 128-byte lines.
  if (Event.Loop && !Event.GlobalApproximation.empty())
    S->Profile.SampledLoops.emplace(Event.Loop, Event.GlobalApproximation);
}

void GlobalAccessObserver::finish() {
  for (GlobalAccessStats &Access : S->Profile.Accesses)
    if (Access.Worst)
      Access.StrideBytes = laneStride(*Access.Worst, S->Block, S->WarpSize);
  S->costDirectStores();
  S->addUnfollowedAccesses();
}

//===----------------------------------------------------------------------===//
// Unknown row pitches
//===----------------------------------------------------------------------===//

namespace {

/// "4*height", "height + 4", "4*width - 4*height" from a constant and
/// coefficients; written positive when every part is negative.
std::string
strideFormula(int64_t Constant,
              const std::vector<std::pair<std::string, int64_t>> &Terms) {
  bool AllNegative = Constant <= 0;
  for (const auto &[Name, Coefficient] : Terms)
    AllNegative &= Coefficient < 0;
  int64_t Sign = AllNegative ? -1 : 1;
  std::string Text;
  auto Append = [&](int64_t Value, const std::string &Name) {
    if (Value == 0)
      return;
    if (Text.empty())
      Text += Value < 0 ? "-" : "";
    else
      Text += Value < 0 ? " - " : " + ";
    int64_t Magnitude = Value < 0 ? -Value : Value;
    if (Name.empty())
      Text += std::to_string(Magnitude);
    else
      Text += (Magnitude == 1 ? "" : std::to_string(Magnitude) + "*") + Name;
  };
  for (const auto &[Name, Coefficient] : Terms)
    Append(Sign * Coefficient, Name);
  Append(Sign * Constant, "");
  return Text;
}

} // namespace

void assumeUnalignedPitches(ASTContext &Ctx, const FunctionDecl *Kernel,
                            const EvaluationOptions &Options,
                            SymbolTable &Symbols,
                            const GlobalMemoryGranularity &Granularity,
                            uint64_t BaselineSteps,
                            GlobalAccessProfile &Profile) {
  SymbolSet Used = 0;
  for (const GlobalAccessStats &Access : Profile.Accesses)
    Used |= Access.Symbols;
  std::vector<unsigned> Pitches;
  for (unsigned Symbol = 0; Symbol < 64 && Symbol < Symbols.size(); ++Symbol)
    if ((Used >> Symbol & 1) &&
        Symbols.symbol(Symbol).SymbolKind == UniformSymbol::Kind::Parameter &&
        !Options.SymbolValues.count(Symbol))
      Pitches.push_back(Symbol);
  // One run per parameter, for at most four of them; skip the runs when
  // they would cost more than a few full budgets.
  if (Pitches.size() > 4)
    Pitches.resize(4);
  if (Pitches.empty() ||
      BaselineSteps * Pitches.size() > 4 * Options.StepBudget)
    return;

  // Per access: the lane stride with every parameter at its default, and
  // with each parameter raised by one.
  std::vector<std::optional<int64_t>> BaseStride;
  for (const GlobalAccessStats &Access : Profile.Accesses)
    BaseStride.push_back(Access.StrideBytes);
  std::vector<std::map<unsigned, std::optional<int64_t>>> VariedStride(
      Profile.Accesses.size());
  std::vector<double> WorstExcess;
  for (const GlobalAccessStats &Access : Profile.Accesses)
    WorstExcess.push_back(
        Access.WarpInstructions
            ? double(Access.TotalSectors - Access.TotalIdealSectors) /
                  Access.WarpInstructions
            : 0);

  for (unsigned Symbol : Pitches) {
    int64_t Value = unalignedPitchValue(Symbols.symbol(Symbol));
    EvaluationOptions Varied = Options;
    Varied.SymbolValues[Symbol] = Value;
    Varied.StepBudget =
        std::min(Options.StepBudget, BaselineSteps * 2 + 10'000);
    GlobalAccessProfile Run;
    GlobalAccessObserver Observer(Kernel, Options.Block, Options.WarpSize,
                                  Granularity, Run);
    evaluateKernel(Ctx, Kernel, Varied, Symbols, Observer);
    Observer.finish();
    for (auto [I, Access] : llvm::enumerate(Profile.Accesses)) {
      if (!(Access.Symbols >> Symbol & 1))
        continue;
      const GlobalAccessStats *Same = Run.find(Access.Site, Access.Kind);
      if (!Same || !Same->WarpInstructions)
        continue;
      VariedStride[I][Symbol] = Same->StrideBytes;
      Access.PitchesTried.push_back(Symbol);
      double Excess = double(Same->TotalSectors - Same->TotalIdealSectors) /
                      Same->WarpInstructions;
      bool Changed = Same->TotalSectors != Access.TotalSectors ||
                     Same->WarpInstructions != Access.WarpInstructions ||
                     Same->sectors() != Access.sectors();
      if (Changed)
        Access.DependsOn.push_back(Symbol);
      if (Excess <= WorstExcess[I])
        continue;
      WorstExcess[I] = Excess;
      Access.WarpInstructions = Same->WarpInstructions;
      Access.TotalRequestedBytes = Same->TotalRequestedBytes;
      Access.TotalSectors = Same->TotalSectors;
      Access.TotalIdealSectors = Same->TotalIdealSectors;
      Access.TotalLines = Same->TotalLines;
      Access.Worst = Same->Worst;
      Access.AlwaysUniform = Same->AlwaysUniform;
      Access.StrideBytes = Same->StrideBytes;
      Access.EvaluatedWith = {{Symbol, Value}};
    }
  }

  // stride = Constant + sum of Coefficient * parameter, from the default run
  // and one run per parameter.
  for (auto [I, Access] : llvm::enumerate(Profile.Accesses)) {
    if (!BaseStride[I] || VariedStride[I].empty())
      continue;
    std::vector<std::pair<std::string, int64_t>> Terms;
    int64_t Constant = *BaseStride[I];
    bool Linear = true;
    for (const auto &[Symbol, Stride] : VariedStride[I]) {
      if (!Stride) {
        Linear = false;
        break;
      }
      int64_t Coefficient = *Stride - *BaseStride[I];
      if (Coefficient == 0)
        continue;
      const UniformSymbol &Parameter = Symbols.symbol(Symbol);
      Constant -= Coefficient * defaultSymbolValue(Parameter);
      Terms.push_back({Parameter.spelling(), Coefficient});
    }
    if (Linear && !Terms.empty())
      Access.StrideFormula = strideFormula(Constant, Terms);
  }
}

} // namespace smemlint
