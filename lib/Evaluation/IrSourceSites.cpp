//===--- IrSourceSites.cpp - The source expression of an IR access --------===//

#include "Evaluation/IrSourceSites.h"

#include "DeviceCode/DeviceModule.h"
#include "Evaluation/IrExecution.h"
#include "Evaluation/KernelEvaluator.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"

#include <optional>

namespace smemlint {

using namespace clang;

/// The expressions of one function's body by the location Clang gives their
/// instructions.
struct IrSourceSites::FunctionIndex {
  std::map<Key, std::vector<const Expr *>> Reads, Writes, Calls;
  std::map<Key, const Stmt *> Loops;
  /// Inline assembly statements (a `bar.sync` in asm is a barrier).
  std::map<Key, const Stmt *> Asms;
  /// Reads and writes by file and line, for a location whose column the IR
  /// could not hold (DILocation keeps 16 bits of it).
  std::map<Key, std::vector<const Expr *>> ReadsByLine, WritesByLine;
};

namespace {

class IndexBuilder : public RecursiveASTVisitor<IndexBuilder> {
public:
  using KeyFn =
      std::function<bool(SourceLocation, std::pair<unsigned, unsigned> &)>;
  IndexBuilder(
      KeyFn KeyOf,
      std::map<std::pair<unsigned, unsigned>, std::vector<const Expr *>> &Reads,
      std::map<std::pair<unsigned, unsigned>, std::vector<const Expr *>>
          &Writes,
      std::map<std::pair<unsigned, unsigned>, std::vector<const Expr *>> &Calls,
      std::map<std::pair<unsigned, unsigned>, const Stmt *> &Loops,
      std::map<std::pair<unsigned, unsigned>, const Stmt *> &Asms)
      : KeyOf(std::move(KeyOf)), Reads(Reads), Writes(Writes), Calls(Calls),
        Loops(Loops), Asms(Asms) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool VisitImplicitCastExpr(ImplicitCastExpr *E) {
    if (E->getCastKind() != CK_LValueToRValue)
      return true;
    // `(T)(s[i])`: CodeGen puts the load at the subscript, not at the
    // parenthesis before it.
    const Expr *Read = E->getSubExpr()->IgnoreParens();
    add(Reads, Read->getExprLoc(), Read);
    if (E->getSubExpr()->getExprLoc() != Read->getExprLoc())
      add(Reads, E->getSubExpr()->getExprLoc(), Read);
    addArms(Read);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *E) {
    if (E->isAssignmentOp()) {
      const Expr *Target = E->getLHS()->IgnoreParens();
      add(Writes, E->getOperatorLoc(), Target);
      if (E->isCompoundAssignmentOp())
        add(Reads, E->getOperatorLoc(), Target);
    }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *E) {
    if (E->isIncrementDecrementOp()) {
      const Expr *Target = E->getSubExpr()->IgnoreParens();
      add(Writes, E->getOperatorLoc(), Target);
      add(Reads, E->getOperatorLoc(), Target);
    }
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    add(Calls, E->getExprLoc(), E);
    if (E->getBeginLoc() != E->getExprLoc())
      add(Calls, E->getBeginLoc(), E);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    add(Calls, E->getExprLoc(), E);
    return true;
  }
  bool VisitAsmStmt(AsmStmt *S) {
    std::pair<unsigned, unsigned> K;
    // AsmStmt::getBeginLoc() is invalid (only the subclasses define it);
    // the asm keyword is where Clang puts the call's location.
    if (KeyOf(S->getAsmLoc(), K))
      Asms.try_emplace(K, S);
    return true;
  }
  bool VisitForStmt(ForStmt *S) { return addLoop(S); }
  bool VisitWhileStmt(WhileStmt *S) { return addLoop(S); }
  bool VisitDoStmt(DoStmt *S) { return addLoop(S); }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *S) { return addLoop(S); }

private:
  /// `c ? s[i] : x` read as a whole (an lvalue): the arm taken is what is
  /// read, and the optimizer loads through a phi of the arms' addresses
  /// (placeMergedAccess finds each arm here).
  void addArms(const Expr *Read) {
    const auto *Conditional = llvm::dyn_cast<AbstractConditionalOperator>(Read);
    if (!Conditional)
      return;
    for (const Expr *Arm :
         {Conditional->getTrueExpr(), Conditional->getFalseExpr()}) {
      const Expr *Inner = Arm->IgnoreParens();
      if (!Inner->isGLValue())
        continue;
      add(Reads, Inner->getExprLoc(), Inner);
      addArms(Inner);
    }
  }
  void
  add(std::map<std::pair<unsigned, unsigned>, std::vector<const Expr *>> &To,
      SourceLocation Where, const Expr *E) {
    std::pair<unsigned, unsigned> K;
    if (KeyOf(Where, K) && !llvm::is_contained(To[K], E))
      To[K].push_back(E);
  }
  bool addLoop(const Stmt *S) {
    std::pair<unsigned, unsigned> K;
    if (KeyOf(S->getBeginLoc(), K))
      Loops.try_emplace(K, S);
    return true;
  }

  KeyFn KeyOf;
  std::map<std::pair<unsigned, unsigned>, std::vector<const Expr *>> &Reads,
      &Writes, &Calls;
  std::map<std::pair<unsigned, unsigned>, const Stmt *> &Loops, &Asms;
};

/// Among expressions at one location, the one whose type has \p Bytes
/// (several accesses can share a macro's location), else the first.
const Expr *pick(const std::vector<const Expr *> &Candidates, unsigned Bytes,
                 const ASTContext &Ctx) {
  if (Candidates.empty())
    return nullptr;
  for (const Expr *E : Candidates) {
    QualType T = E->getType();
    if (Bytes && !T.isNull() && !T->isIncompleteType() &&
        !T->isDependentType() && !T->isFunctionType() &&
        Ctx.getTypeSizeInChars(T).getQuantity() == Bytes)
      return E;
  }
  return Candidates.front();
}

/// The expression an access inlined through \p Call is reported at: the
/// left-hand side of an assignment operator (`h2[i] = v` with __half2's
/// operator=), else the call.
const Expr *reportedCall(const Expr *Call, bool Reads) {
  if (const auto *Operator = dyn_cast<CXXOperatorCallExpr>(Call)) {
    // A struct's assignment reads its right side and writes its left.
    if (Operator->getOperator() == OO_Equal && Reads &&
        Operator->getNumArgs() == 2)
      return Operator->getArg(1)->IgnoreParens();
    if (Operator->isAssignmentOp() && Operator->getNumArgs() >= 1)
      return Operator->getArg(0)->IgnoreParens();
  }
  return Call;
}

unsigned accessBytes(const llvm::Instruction &I) {
  const llvm::DataLayout &Layout = I.getModule()->getDataLayout();
  if (const auto *Load = llvm::dyn_cast<llvm::LoadInst>(&I))
    return Layout.getTypeStoreSize(Load->getType());
  if (const auto *Store = llvm::dyn_cast<llvm::StoreInst>(&I))
    return Layout.getTypeStoreSize(Store->getValueOperand()->getType());
  return 0;
}

} // namespace

IrSourceSites::IrSourceSites(ASTContext &Ctx, const DeviceModule &Module,
                             const FunctionDecl *Kernel)
    : Ctx(Ctx), Kernel(Kernel), Locations(Module, Ctx.getSourceManager()) {}

IrSourceSites::~IrSourceSites() = default;

bool IrSourceSites::keyOf(SourceLocation Where, Key &Out) const {
  if (Where.isInvalid())
    return false;
  std::pair<FileID, unsigned> Decomposed =
      Ctx.getSourceManager().getDecomposedExpansionLoc(Where);
  if (Decomposed.first.isInvalid())
    return false;
  Out = {Decomposed.first.getHashValue(), Decomposed.second};
  return true;
}

bool IrSourceSites::inUserCode(SourceLocation Where) const {
  const SourceManager &SM = Ctx.getSourceManager();
  return Where.isValid() && !SM.isInSystemHeader(SM.getExpansionLoc(Where));
}

IrSourceSites::FunctionIndex &
IrSourceSites::indexOf(const FunctionDecl *Function) {
  std::unique_ptr<FunctionIndex> &Index = Indexes[Function];
  if (Index)
    return *Index;
  Index = std::make_unique<FunctionIndex>();
  const FunctionDecl *Definition = nullptr;
  if (Function && Function->hasBody(Definition)) {
    IndexBuilder Builder(
        [this](SourceLocation L, Key &K) { return keyOf(L, K); }, Index->Reads,
        Index->Writes, Index->Calls, Index->Loops, Index->Asms);
    Builder.TraverseStmt(Definition->getBody());
    const SourceManager &SM = Ctx.getSourceManager();
    auto ByLine = [&](const std::map<Key, std::vector<const Expr *>> &From,
                      std::map<Key, std::vector<const Expr *>> &To) {
      for (const auto &[K, Exprs] : From)
        for (const Expr *E : Exprs) {
          SourceLocation Where = SM.getExpansionLoc(E->getExprLoc());
          std::vector<const Expr *> &OnLine =
              To[{SM.getFileID(Where).getHashValue(),
                  SM.getExpansionLineNumber(Where)}];
          if (!llvm::is_contained(OnLine, E))
            OnLine.push_back(E);
        }
    };
    ByLine(Index->Reads, Index->ReadsByLine);
    ByLine(Index->Writes, Index->WritesByLine);
  }
  return *Index;
}

const Expr *IrSourceSites::accessSite(const llvm::Instruction &I) {
  auto Known = Sites.find(&I);
  if (Known != Sites.end())
    return Known->second;
  const Expr *Site = accessSiteAt(I, I.getDebugLoc().get());
  Sites[&I] = Site;
  return Site;
}

namespace {

/// The variable an access expression reads through: `v` of `v[j]`,
/// `s.x[i]` or `*p`.
const ValueDecl *accessedVariable(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E))
      E = Subscript->getBase();
    else if (const auto *Member = dyn_cast<MemberExpr>(E))
      E = Member->getBase();
    else if (const auto *Deref = dyn_cast<UnaryOperator>(E);
             Deref && Deref->getOpcode() == UO_Deref)
      E = Deref->getSubExpr();
    else if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
      return Ref->getDecl();
    else
      return nullptr;
  }
  return nullptr;
}

/// The byte offset into its array that \p Read reads when each of its
/// subscripts is a constant (`c[32]`, `t[1][N - 1]`); none otherwise.
std::optional<int64_t> constantByteOffset(const Expr *Read,
                                          const ASTContext &Ctx) {
  int64_t Bytes = 0;
  const Expr *E = Read->IgnoreParens();
  const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E);
  if (!Subscript)
    return std::nullopt;
  for (; Subscript; Subscript = dyn_cast<ArraySubscriptExpr>(E)) {
    QualType Element = Subscript->getType();
    Expr::EvalResult Index;
    if (Element->isIncompleteType() || Element->isDependentType() ||
        !Subscript->getIdx()->EvaluateAsInt(Index, Ctx))
      return std::nullopt;
    Bytes += Index.Val.getInt().getExtValue() *
             Ctx.getTypeSizeInChars(Element).getQuantity();
    E = Subscript->getBase()->IgnoreParenImpCasts();
  }
  return isa<DeclRefExpr>(E) ? std::optional<int64_t>(Bytes) : std::nullopt;
}

/// The constant byte offset \p I's address has into the variable it
/// indexes (`getelementptr (i8, @c, i64 128)`), when it has one.
std::optional<int64_t> constantAddressOffset(const llvm::Instruction &I) {
  const llvm::Value *Pointer = llvm::getLoadStorePointerOperand(&I);
  if (!Pointer)
    return std::nullopt;
  const llvm::DataLayout &Layout = I.getModule()->getDataLayout();
  llvm::APInt Offset(Layout.getIndexTypeSizeInBits(Pointer->getType()), 0);
  const llvm::Value *Base = Pointer->stripAndAccumulateConstantOffsets(
      Layout, Offset, /*AllowNonInbounds=*/true);
  if (!llvm::isa<llvm::GlobalVariable>(Base))
    return std::nullopt;
  return Offset.getSExtValue();
}

/// Whether \p I kept a source line: the optimizer's own instructions have
/// none, and line 0 stands for a merge of several.
bool hasLine(const llvm::Instruction &I) {
  return I.getDebugLoc() && I.getDebugLoc().getLine() != 0;
}

} // namespace

std::vector<const llvm::Instruction *> IrSourceSites::nearestLocatedUsers(
    const llvm::Instruction &I,
    llvm::SmallPtrSetImpl<const llvm::Instruction *> *Reached) {
  // Deep enough for a compare and a cast or two; past that, the value has
  // become something else.
  constexpr unsigned MaxDepth = 4;
  llvm::SmallPtrSet<const llvm::Instruction *, 16> Seen;
  Seen.insert(&I);
  std::vector<const llvm::Instruction *> Level{&I}, Located;
  for (unsigned Depth = 0;
       Depth < MaxDepth && Located.empty() && !Level.empty(); ++Depth) {
    std::vector<const llvm::Instruction *> Next;
    for (const llvm::Instruction *From : Level)
      for (const llvm::User *U : From->users()) {
        const auto *User = llvm::dyn_cast<llvm::Instruction>(U);
        if (!User || !Seen.insert(User).second)
          continue;
        (hasLine(*User) ? Located : Next).push_back(User);
      }
    Level = std::move(Next);
  }
  if (Reached)
    Reached->insert(Seen.begin(), Seen.end());
  return Located;
}

unsigned IrSourceSites::nearbyLine(const llvm::Instruction &I) {
  auto UserLine = [](const llvm::Instruction &At) {
    const llvm::DILocation *Where = At.getDebugLoc().get();
    while (Where && Where->getInlinedAt())
      Where = Where->getInlinedAt();
    return Where ? Where->getLine() : 0u;
  };
  if (unsigned Line = UserLine(I))
    return Line;
  for (const llvm::Instruction *User : nearestLocatedUsers(I))
    if (unsigned Line = UserLine(*User))
      return Line;
  for (const llvm::Instruction *At = I.getPrevNode(); At;
       At = At->getPrevNode())
    if (unsigned Line = UserLine(*At))
      return Line;
  return 0;
}

IrSourceSites::HoistedRead
IrSourceSites::hoistedReadSite(const llvm::Instruction &I,
                               const ValueDecl *Array) {
  if (!Array || I.getDebugLoc() || !llvm::isa<llvm::LoadInst>(I))
    return {};
  const std::set<Key> &Kept = keptLocations(*I.getFunction(), false);
  std::optional<int64_t> Address = constantAddressOffset(I);
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::SmallPtrSet<const llvm::Instruction *, 16> Reached;
  for (const llvm::Instruction *User : nearestLocatedUsers(I, &Reached)) {
    std::vector<CompiledFrame> Frames =
        Locations.frames(User->getDebugLoc().get());
    if (Frames.empty() || !inUserCode(Frames.front().Where))
      continue;
    FunctionIndex &Index =
        indexOf(Frames.front().Function ? Frames.front().Function : Kernel);
    SourceLocation Where = SM.getExpansionLoc(Frames.front().Where);
    auto OnLine = Index.ReadsByLine.find(
        {SM.getFileID(Where).getHashValue(), SM.getExpansionLineNumber(Where)});
    if (OnLine == Index.ReadsByLine.end())
      continue;
    const Expr *Unclaimed =
        unclaimedAccess(OnLine->second, Array, Kept, Address);
    if (!Unclaimed)
      continue;
    HoistedRead Read;
    Read.Site = Unclaimed;
    // The right side of `a && b` (`a || b`) became the select's second
    // (third) operand: the source reads only when `a` is true (false).
    if (const auto *Select = llvm::dyn_cast<llvm::SelectInst>(User)) {
      auto Carries = [&](const llvm::Value *V) {
        const auto *Inst = llvm::dyn_cast<llvm::Instruction>(V);
        return Inst && Reached.contains(Inst);
      };
      bool OnTrue = Carries(Select->getTrueValue());
      bool OnFalse = Carries(Select->getFalseValue());
      if (OnTrue != OnFalse && !Carries(Select->getCondition())) {
        Read.Guard = Select->getCondition();
        Read.ReadsWhen = OnTrue;
      }
    }
    return Read;
  }
  return {};
}

const Expr *IrSourceSites::unclaimedAccess(
    llvm::ArrayRef<const Expr *> Accesses, const ValueDecl *Array,
    const std::set<Key> &Kept, std::optional<int64_t> Address,
    const Key *Own) const {
  std::vector<const Expr *> Candidates, OfArray;
  for (const Expr *Access : Accesses) {
    Key K;
    if (accessedVariable(Access) != Array)
      continue;
    OfArray.push_back(Access);
    if (keyOf(Access->getExprLoc(), K) && Kept.count(K) && !(Own && K == *Own))
      continue;
    Candidates.push_back(Access);
  }
  // The line's one read of the array, which another copy of the load kept
  // (an unrolled loop whose first copies LICM hoisted without a location,
  // the others in place): this load is that read too.
  if (Candidates.empty() && OfArray.size() == 1)
    return OfArray.front();
  // `c[tid] == 0 && c[32] != 0` when neither load kept its place: the
  // subscript that names the element the address does.
  if (Candidates.size() > 1 && Address)
    llvm::erase_if(Candidates, [&](const Expr *Access) {
      return constantByteOffset(Access, Ctx) != Address;
    });
  return Candidates.size() == 1 ? Candidates.front() : nullptr;
}

const std::set<IrSourceSites::Key> &
IrSourceSites::keptLocations(const llvm::Function &F, bool Stores) {
  auto [Kept, New] = (Stores ? StoreLocations : LoadLocations).try_emplace(&F);
  if (New)
    for (const llvm::BasicBlock &Block : F)
      for (const llvm::Instruction &Access : Block)
        if ((Stores ? llvm::isa<llvm::StoreInst>(Access)
                    : llvm::isa<llvm::LoadInst>(Access)) &&
            Access.getDebugLoc()) {
          std::vector<CompiledFrame> Frames =
              Locations.frames(Access.getDebugLoc().get());
          Key K;
          if (!Frames.empty() && keyOf(Frames.front().Where, K))
            Kept->second.insert(K);
        }
  return Kept->second;
}

namespace {

/// Whether \p S's source range (in the file) holds \p Where.
bool holds(const Stmt *S, SourceLocation Where, const SourceManager &SM) {
  return S && SM.isPointWithin(Where, SM.getExpansionLoc(S->getBeginLoc()),
                               SM.getExpansionLoc(S->getEndLoc()));
}

/// The innermost statement of \p Body that holds \p Where and that \p Wanted
/// accepts (walking down the children that hold it), or null.
template <typename T>
const T *innermostAt(const Stmt *Body, SourceLocation Where,
                     const SourceManager &SM,
                     llvm::function_ref<bool(const T &)> Wanted) {
  const T *Innermost = nullptr;
  for (const Stmt *S = Body; S;) {
    if (const auto *Found = llvm::dyn_cast<T>(S); Found && Wanted(*Found))
      Innermost = Found;
    const Stmt *Inside = nullptr;
    for (const Stmt *Child : S->children())
      if (holds(Child, Where, SM)) {
        Inside = Child;
        break;
      }
    S = Inside;
  }
  return Innermost;
}

/// The innermost compound statement of \p Body that holds \p Where.
const CompoundStmt *innermostBlockAt(const Stmt *Body, SourceLocation Where,
                                     const SourceManager &SM) {
  return innermostAt<CompoundStmt>(Body, Where, SM,
                                   [](const CompoundStmt &) { return true; });
}

/// The innermost `if` of \p Body whose condition holds \p Where.
const IfStmt *innermostIfConditionAt(const Stmt *Body, SourceLocation Where,
                                     const SourceManager &SM) {
  return innermostAt<IfStmt>(Body, Where, SM, [&](const IfStmt &If) {
    return holds(If.getCond(), Where, SM);
  });
}

} // namespace

const IfStmt *IrSourceSites::ifWithConditionAt(const llvm::Instruction &I,
                                               const FunctionDecl *&Function) {
  if (!I.getDebugLoc())
    return nullptr;
  std::vector<CompiledFrame> Frames = Locations.frames(I.getDebugLoc().get());
  if (Frames.empty() || !inUserCode(Frames.front().Where))
    return nullptr;
  Function = Frames.front().Function ? Frames.front().Function : Kernel;
  const FunctionDecl *Definition = nullptr;
  if (!Function || !Function->hasBody(Definition))
    return nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  return innermostIfConditionAt(Definition->getBody(),
                                SM.getExpansionLoc(Frames.front().Where), SM);
}

const Stmt *IrSourceSites::emptiedArm(const llvm::BasicBlock &From,
                                      const llvm::BasicBlock &Join,
                                      const FunctionDecl *&Function) {
  const auto *Branch = llvm::dyn_cast<llvm::BranchInst>(From.getTerminator());
  if (!Branch || !Branch->isConditional())
    return nullptr;
  const IfStmt *If = ifWithConditionAt(*Branch, Function);
  if (!If)
    return nullptr;
  // An `else if` is a condition of its own, which the edge would have gone
  // through: the arm emptied is the `then`. Otherwise the edge's side says
  // which, as Clang emitted it (then first).
  if (!If->getElse() || llvm::isa<IfStmt>(If->getElse()))
    return If->getThen();
  if (Branch->getSuccessor(0) == &Join && Branch->getSuccessor(1) != &Join)
    return If->getThen();
  if (Branch->getSuccessor(1) == &Join && Branch->getSuccessor(0) != &Join)
    return If->getElse();
  return nullptr;
}

const Expr *IrSourceSites::accessOnLineOf(const llvm::Instruction &I,
                                          const ValueDecl *Array) {
  bool Stores = llvm::isa<llvm::StoreInst>(I);
  if (!Array || !I.getDebugLoc() || !(Stores || llvm::isa<llvm::LoadInst>(I)))
    return nullptr;
  std::vector<CompiledFrame> Frames = Locations.frames(I.getDebugLoc().get());
  if (Frames.empty() || !inUserCode(Frames.front().Where))
    return nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  FunctionIndex &Index =
      indexOf(Frames.front().Function ? Frames.front().Function : Kernel);
  SourceLocation Where = SM.getExpansionLoc(Frames.front().Where);
  const auto &ByLine = Stores ? Index.WritesByLine : Index.ReadsByLine;
  auto OnLine = ByLine.find(
      {SM.getFileID(Where).getHashValue(), SM.getExpansionLineNumber(Where)});
  if (OnLine == ByLine.end())
    return nullptr;
  Key Own;
  keyOf(Frames.front().Where, Own);
  return unclaimedAccess(OnLine->second, Array,
                         keptLocations(*I.getFunction(), Stores),
                         constantAddressOffset(I), &Own);
}

const Expr *IrSourceSites::accessInBranchOf(const llvm::Instruction &I,
                                            const llvm::BasicBlock &From,
                                            const ValueDecl *Array,
                                            const llvm::DILocation *AddressAt) {
  bool Stores = llvm::isa<llvm::StoreInst>(I);
  if (!Array || !(Stores || llvm::isa<llvm::LoadInst>(I)))
    return nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  // The access the branch's address was computed for (a store of the same
  // element, or the same read in another branch, when CSE shared it).
  const Expr *AddressFor = nullptr;
  if (AddressAt) {
    std::vector<CompiledFrame> Frames = Locations.frames(AddressAt);
    Key K;
    if (!Frames.empty() && keyOf(Frames.front().Where, K)) {
      FunctionIndex &Index =
          indexOf(Frames.front().Function ? Frames.front().Function : Kernel);
      for (const auto *Accesses : {&Index.Reads, &Index.Writes})
        if (auto Found = Accesses->find(K);
            !AddressFor && Found != Accesses->end() && !Found->second.empty())
          AddressFor = Found->second.front();
    }
  }
  auto InRange = [&](const FunctionDecl *Function, const Key &Begin,
                     const Key &End) {
    return accessInRange(I, Function, Begin, End, Array, AddressFor);
  };
  // The edge leaves an `if`'s condition straight for the join: the arm it
  // takes was emptied, its accesses sunk into the join (`ce = east_c[ty][tx]`
  // in one arm of an if/else chain whose other arms read elsewhere).
  const FunctionDecl *ArmOf = nullptr;
  if (const Stmt *Arm = emptiedArm(From, *I.getParent(), ArmOf)) {
    Key Begin, End;
    if (keyOf(Arm->getBeginLoc(), Begin) && keyOf(Arm->getEndLoc(), End))
      return InRange(ArmOf, Begin, End);
    return nullptr;
  }
  for (const llvm::Instruction &Located : From) {
    if (!Located.getDebugLoc())
      continue;
    std::vector<CompiledFrame> Frames =
        Locations.frames(Located.getDebugLoc().get());
    if (Frames.empty() || !inUserCode(Frames.front().Where))
      continue;
    const FunctionDecl *Function =
        Frames.front().Function ? Frames.front().Function : Kernel;
    const FunctionDecl *Definition = nullptr;
    if (!Function || !Function->hasBody(Definition))
      continue;
    SourceLocation Where = SM.getExpansionLoc(Frames.front().Where);
    const CompoundStmt *Block =
        innermostBlockAt(Definition->getBody(), Where, SM);
    Key Begin, End;
    if (!Block || !keyOf(Block->getBeginLoc(), Begin) ||
        !keyOf(Block->getEndLoc(), End))
      return nullptr;
    return InRange(Function, Begin, End);
  }
  return nullptr;
}

const Expr *IrSourceSites::accessInRange(const llvm::Instruction &I,
                                         const FunctionDecl *Function,
                                         const Key &Begin, const Key &End,
                                         const ValueDecl *Array,
                                         const Expr *AddressFor) {
  bool Stores = llvm::isa<llvm::StoreInst>(I);
  const std::set<Key> &Kept = keptLocations(*I.getFunction(), Stores);
  FunctionIndex &Index = indexOf(Function);
  const auto &Accesses = Stores ? Index.Writes : Index.Reads;
  std::vector<const Expr *> InBlock;
  for (auto It = Accesses.lower_bound(Begin);
       It != Accesses.end() && It->first <= End; ++It)
    for (const Expr *Access : It->second)
      if (!llvm::is_contained(InBlock, Access))
        InBlock.push_back(Access);
  // Of several, the one written as the access the address was computed
  // for (`temp[ty + 1][tx]` in each branch that reads it).
  if (AddressFor) {
    llvm::FoldingSetNodeID Wanted;
    AddressFor->IgnoreParenImpCasts()->Profile(Wanted, Ctx, true);
    std::vector<const Expr *> Alike;
    for (const Expr *Access : InBlock) {
      llvm::FoldingSetNodeID Written;
      Access->IgnoreParenImpCasts()->Profile(Written, Ctx, true);
      if (Written == Wanted)
        Alike.push_back(Access);
    }
    if (const Expr *Site =
            unclaimedAccess(Alike, Array, Kept, constantAddressOffset(I)))
      return Site;
  }
  return unclaimedAccess(InBlock, Array, Kept, constantAddressOffset(I));
}

const Expr *IrSourceSites::accessInSelectArm(const llvm::Instruction &I,
                                             const llvm::SelectInst &Select,
                                             const ValueDecl *Array,
                                             const ValueDecl *OtherArray) {
  if (!Array ||
      !(llvm::isa<llvm::StoreInst>(I) || llvm::isa<llvm::LoadInst>(I)))
    return nullptr;
  const FunctionDecl *Function = nullptr;
  const IfStmt *If = ifWithConditionAt(Select, Function);
  if (!If || !If->getElse())
    return nullptr;
  // The arms by the arrays they access, not by the select's sense, which
  // the optimizer may have inverted: each side's array in one arm only, the
  // other side's in the other.
  auto InArm = [&](const Stmt *Arm, const ValueDecl *Of) -> const Expr * {
    Key Begin, End;
    if (!keyOf(Arm->getBeginLoc(), Begin) || !keyOf(Arm->getEndLoc(), End))
      return nullptr;
    return accessInRange(I, Function, Begin, End, Of, nullptr);
  };
  const Expr *InThen = InArm(If->getThen(), Array);
  const Expr *InElse = InArm(If->getElse(), Array);
  if (InThen && !InElse && (!OtherArray || !InArm(If->getThen(), OtherArray)))
    return InThen;
  if (InElse && !InThen && (!OtherArray || !InArm(If->getElse(), OtherArray)))
    return InElse;
  return nullptr;
}

const Expr *IrSourceSites::copySourceSite(const llvm::Instruction &I) {
  return accessSiteAt(I, I.getDebugLoc().get(), /*CopySource=*/true);
}

const Expr *IrSourceSites::accessSiteAt(const llvm::Instruction &I,
                                        const llvm::DILocation *At,
                                        bool CopySource) {
  const Expr *Site = nullptr;
  std::vector<CompiledFrame> Frames = Locations.frames(At);
  bool Writes = llvm::isa<llvm::StoreInst>(I);
  bool Reads = llvm::isa<llvm::LoadInst>(I) || CopySource;
  for (size_t Level = 0; Level < Frames.size() && !Site; ++Level) {
    const CompiledFrame &Frame = Frames[Level];
    if (!inUserCode(Frame.Where))
      continue;
    Key K;
    if (!keyOf(Frame.Where, K))
      continue;
    FunctionIndex &Index = indexOf(Frame.Function ? Frame.Function : Kernel);
    if (Level == 0 && (Reads || Writes)) {
      auto &Candidates = Writes ? Index.Writes : Index.Reads;
      auto Found = Candidates.find(K);
      if (Found != Candidates.end())
        Site = pick(Found->second, accessBytes(I), Ctx);
      // A column past 65535 is not kept: the one candidate of the line.
      const SourceManager &SM = Ctx.getSourceManager();
      SourceLocation Where = SM.getExpansionLoc(Frame.Where);
      auto &ByLine = Writes ? Index.WritesByLine : Index.ReadsByLine;
      auto OnLine = ByLine.find({SM.getFileID(Where).getHashValue(),
                                 SM.getExpansionLineNumber(Where)});
      if (!Site && OnLine != ByLine.end() && OnLine->second.size() == 1)
        Site = OnLine->second.front();
    }
    if (!Site) {
      auto Found = Index.Calls.find(K);
      if (Found != Index.Calls.end() && !Found->second.empty())
        Site = reportedCall(Found->second.front(), Reads);
    }
  }
  return Site;
}

SourceLocation IrSourceSites::where(const llvm::Instruction &I) {
  const llvm::DILocation *Location = I.getDebugLoc().get();
  return Location ? Locations.where(*Location) : SourceLocation();
}

SourceLocation IrSourceSites::reachedThrough(const llvm::Instruction &I,
                                             const clang::Expr *Site) {
  const llvm::DILocation *Location = I.getDebugLoc().get();
  if (!Location || !Location->getInlinedAt())
    return SourceLocation();
  std::vector<CompiledFrame> Frames = Locations.frames(Location);
  if (Frames.size() < 2 || Frames.front().Where.isInvalid() ||
      Frames.back().Where.isInvalid())
    return SourceLocation();
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Call = SM.getExpansionLoc(Frames.back().Where);
  SourceLocation Access = SM.getExpansionLoc(
      Site && Site->getBeginLoc().isValid() ? Site->getBeginLoc()
                                            : Frames.front().Where);
  return SM.getFileID(Call) != SM.getFileID(Access) ? Call : SourceLocation();
}

SourceLocation IrSourceSites::kernelCall(const llvm::Instruction &I) {
  const llvm::DILocation *Location = I.getDebugLoc().get();
  if (!Location || !Location->getInlinedAt())
    return SourceLocation();
  std::vector<CompiledFrame> Frames = Locations.frames(Location);
  return Frames.size() < 2
             ? SourceLocation()
             : Ctx.getSourceManager().getExpansionLoc(Frames.back().Where);
}

bool IrSourceSites::within(const llvm::Instruction &I, SourceRange Range) {
  const llvm::DILocation *Location = I.getDebugLoc().get();
  if (!Location || Range.isInvalid())
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Begin = SM.getExpansionLoc(Range.getBegin());
  SourceLocation End = SM.getExpansionRange(Range.getEnd()).getEnd();
  for (const CompiledFrame &Frame : Locations.frames(Location)) {
    if (Frame.Where.isInvalid())
      continue;
    SourceLocation Where = SM.getExpansionLoc(Frame.Where);
    if (!SM.isBeforeInTranslationUnit(Where, Begin) &&
        !SM.isBeforeInTranslationUnit(End, Where))
      return true;
  }
  return false;
}

const Stmt *IrSourceSites::callSite(const llvm::Instruction &I) {
  auto Known = Calls.find(&I);
  if (Known != Calls.end())
    return Known->second;
  const Stmt *Site = findCallSite(I);
  Calls[&I] = Site;
  return Site;
}

const Stmt *IrSourceSites::findCallSite(const llvm::Instruction &I) {
  std::vector<CompiledFrame> Frames = Locations.frames(I.getDebugLoc().get());
  for (const CompiledFrame &Frame : Frames) {
    Key K;
    if (!inUserCode(Frame.Where) || !keyOf(Frame.Where, K))
      continue;
    FunctionIndex &Index = indexOf(Frame.Function ? Frame.Function : Kernel);
    auto Found = Index.Calls.find(K);
    if (Found != Index.Calls.end() && !Found->second.empty())
      return Found->second.front();
    auto Asm = Index.Asms.find(K);
    if (Asm != Index.Asms.end())
      return Asm->second;
  }
  return nullptr;
}

llvm::DenseMap<const Expr *, unsigned>
compiledAccessWidths(ASTContext &Ctx, const DeviceModule &Module,
                     const FunctionDecl *Kernel) {
  llvm::DenseMap<const Expr *, unsigned> Widths;
  const llvm::Function *Compiled = Module.compiledKernelFunction(Kernel);
  if (!Compiled)
    return Widths;
  IrSourceSites Sites(Ctx, Module, Kernel);
  ir::FunctionFacts Facts(const_cast<llvm::Function &>(*Compiled));
  // The site of each vector instruction's members; one made of several
  // statements is the evaluated code's to find (a statement merged with
  // itself is consecutive iterations of an unrolled loop).
  struct Instruction {
    const Expr *Site = nullptr;
    bool OneSite = true;
    unsigned Bytes = 0;
  };
  llvm::DenseMap<unsigned, Instruction> Instructions;
  for (const llvm::BasicBlock &Block : *Compiled)
    for (const llvm::Instruction &I : Block) {
      const VectorizedAccess *Vectorized = Module.vectorizedAccess(I);
      if (!Vectorized)
        continue;
      const Expr *Site = Sites.accessSite(I);
      // A load LICM hoisted out of a loop the copy unrolled keeps no line:
      // the read of its array on its users' line.
      if (!Site)
        if (const auto *Array =
                llvm::dyn_cast<llvm::GlobalVariable>(llvm::getUnderlyingObject(
                    llvm::getLoadStorePointerOperand(&I))))
          Site = Sites.hoistedReadSite(I, Module.sharedVariable(Array)).Site;
      auto [It, New] = Instructions.try_emplace(Vectorized->Instruction);
      Instruction &Merged = It->second;
      if (New)
        Merged.Site = Site;
      Merged.OneSite &= Site && Site == Merged.Site;
      // An address that moves with a loop the compiler kept and unrolled at
      // run time (its trip count unknown): ptxas merges such accesses in
      // pairs only, LDS.64 where LLVM forms LDS.128 (measured,
      // docs/measurements/h200-vectorization.md, v_runtime_trip). A loop
      // of a known trip count that the copy kept rolled (too large to
      // unroll) moves it by a known step, and ptxas keeps 16 bytes
      // (SGEMM_CUDA's 2D-blocktiling kernel, Bs[dotIdx * BN + threadCol *
      // TN + i]: LDS.128 x2 on the H200).
      //
      // A runtime-unrolled loop's copies of the access are its consecutive
      // iterations: the address moves from one iteration of the unrolled
      // loop to the next by the bytes the copies cover, or a small multiple
      // of them. An address that moves otherwise (a double buffer's
      // rotating index, a tile's large stride) was merged within one
      // iteration of the loop around it (nvcc's LDS.128 in a double-buffered
      // GEMM whose tile loop runs a runtime count: SGEMM_CUDA's kernel 12
      // on the H200, test/bank-conflict/vectorization-register-tile.cu).
      unsigned Bytes = Vectorized->Bytes;
      const llvm::SCEV *Address = Facts.Evolution.getSCEV(
          const_cast<llvm::Value *>(llvm::getLoadStorePointerOperand(&I)));
      for (const llvm::Loop *Around = Facts.Loops.getLoopFor(&Block); Around;
           Around = Around->getParentLoop()) {
        if (Facts.Evolution.getSmallConstantTripCount(Around))
          continue;
        bool RunsOn = llvm::SCEVExprContains(Address, [&](const llvm::SCEV *S) {
          const auto *Recurrence = llvm::dyn_cast<llvm::SCEVAddRecExpr>(S);
          if (!Recurrence || Recurrence->getLoop() != Around)
            return false;
          const auto *Step = llvm::dyn_cast<llvm::SCEVConstant>(
              Recurrence->getStepRecurrence(Facts.Evolution));
          if (!Step)
            return true;
          uint64_t Moved = Step->getAPInt().abs().getLimitedValue();
          return Moved % Bytes == 0 && Moved / Bytes >= 1 && Moved / Bytes <= 8;
        });
        if (RunsOn)
          Bytes = std::min(Bytes, 8u);
      }
      Merged.Bytes = std::max(Merged.Bytes, Bytes);
    }
  for (const auto &[Number, Merged] : Instructions)
    if (Merged.OneSite) {
      unsigned &Width = Widths[Merged.Site];
      Width = std::max(Width, Merged.Bytes);
    }
  return Widths;
}

namespace {

/// Calls \p Visit(I, Innermost) for each shared load or store \p I of \p F
/// inside a loop of \p Loops, \p Innermost its innermost loop.
template <typename Callback>
void forEachSharedAccessInLoops(const llvm::Function &F,
                                const llvm::LoopInfo &Loops, Callback Visit) {
  for (const llvm::BasicBlock &Block : F) {
    const llvm::Loop *Innermost = Loops.getLoopFor(&Block);
    if (!Innermost)
      continue;
    for (const llvm::Instruction &I : Block) {
      const llvm::Value *Pointer = llvm::getLoadStorePointerOperand(&I);
      if (Pointer && Pointer->getType()->getPointerAddressSpace() == 3)
        Visit(I, *Innermost);
    }
  }
}

} // namespace

llvm::DenseMap<const Expr *, unsigned>
mergedLoopDepths(ASTContext &Ctx, const DeviceModule &Module,
                 const FunctionDecl *Kernel,
                 const llvm::DenseMap<const Expr *, unsigned> &Widths) {
  llvm::DenseMap<const Expr *, unsigned> Depths;
  const llvm::Function *Evaluated = Module.kernelFunction(Kernel);
  if (!Evaluated || Widths.empty())
    return Depths;
  IrSourceSites Sites(Ctx, Module, Kernel);
  ir::FunctionFacts Facts(const_cast<llvm::Function &>(*Evaluated));
  const llvm::DataLayout &Layout = Evaluated->getParent()->getDataLayout();
  // The constant step of \p Address per iteration of \p L, if it has one.
  auto StepIn = [&](const llvm::SCEV *Address,
                    const llvm::Loop *L) -> std::optional<int64_t> {
    std::optional<int64_t> Step;
    bool Other = false;
    llvm::SCEVExprContains(Address, [&](const llvm::SCEV *S) {
      const auto *Recurrence = llvm::dyn_cast<llvm::SCEVAddRecExpr>(S);
      if (!Recurrence || Recurrence->getLoop() != L)
        return false;
      const auto *Constant = llvm::dyn_cast<llvm::SCEVConstant>(
          Recurrence->getStepRecurrence(Facts.Evolution));
      Other |= !Constant || Step.has_value();
      if (Constant)
        Step = Constant->getAPInt().getSExtValue();
      return false;
    });
    if (Other)
      return std::nullopt;
    return Step.value_or(0);
  };
  forEachSharedAccessInLoops(
      *Evaluated, Facts.Loops,
      [&](const llvm::Instruction &I, const llvm::Loop &Innermost) {
        const Expr *Site = Sites.accessSite(I);
        if (!Site || !Widths.count(Site))
          return;
        int64_t Width = int64_t(Layout.getTypeStoreSize(
            llvm::getLoadStoreType(const_cast<llvm::Instruction *>(&I))));
        const llvm::SCEV *Address = Facts.Evolution.getSCEV(
            const_cast<llvm::Value *>(llvm::getLoadStorePointerOperand(&I)));
        unsigned Depth = 0;
        for (const llvm::Loop *L = &Innermost; L;
             L = L->getParentLoop(), ++Depth) {
          std::optional<int64_t> Step = StepIn(Address, L);
          if (Step == Width) {
            if (Depth > 0)
              Depths[Site] = Depth;
            return;
          }
          // A loop nvcc unrolls whole between the access and the merged one:
          // each of its iterations is a chain of its own.
          if (!Step || *Step == 0 ||
              !Facts.Evolution.getSmallConstantTripCount(L))
            return;
        }
      });
  return Depths;
}

std::vector<SharedAccessInLoops>
sharedAccessesInLoops(ASTContext &Ctx, const DeviceModule &Module,
                      const FunctionDecl *Kernel) {
  std::vector<SharedAccessInLoops> Found;
  const llvm::Function *Evaluated = Module.kernelFunction(Kernel);
  if (!Evaluated)
    return Found;
  IrSourceSites Sites(Ctx, Module, Kernel);
  llvm::DominatorTree Dominators(const_cast<llvm::Function &>(*Evaluated));
  llvm::LoopInfo Loops(Dominators);
  forEachSharedAccessInLoops(
      *Evaluated, Loops,
      [&](const llvm::Instruction &I, const llvm::Loop &Innermost) {
        SharedAccessInLoops Access;
        Access.Site = Sites.accessSite(I);
        Access.Kind =
            llvm::isa<llvm::LoadInst>(I) ? AccessKind::Load : AccessKind::Store;
        for (const llvm::Loop *L = &Innermost; L; L = L->getParentLoop())
          if (const Stmt *Statement = Sites.loopStatement(*L))
            Access.Loops.push_back(Statement);
        if (Access.Site && !Access.Loops.empty())
          Found.push_back(std::move(Access));
      });
  return Found;
}

const Stmt *IrSourceSites::loopStatement(const llvm::Loop &L) {
  auto Known = LoopStatements.find(&L);
  if (Known != LoopStatements.end())
    return Known->second;
  const Stmt *Loop = findLoopStatement(L);
  LoopStatements[&L] = Loop;
  return Loop;
}

const Stmt *IrSourceSites::findLoopStatement(const llvm::Loop &L) {
  llvm::MDNode *Id = L.getLoopID();
  // A loop the compiler made of a tail recursion: its back edge is the
  // recursive call, which stands for it.
  if (!Id) {
    const llvm::BasicBlock *Latch = L.getLoopLatch();
    const Stmt *Call = Latch ? findCallSite(*Latch->getTerminator()) : nullptr;
    return llvm::isa_and_nonnull<CallExpr>(Call) ? Call : nullptr;
  }
  for (const llvm::MDOperand &Operand : Id->operands()) {
    const auto *Start = llvm::dyn_cast<llvm::DILocation>(Operand.get());
    if (!Start)
      continue;
    Key K;
    if (!keyOf(Locations.where(*Start), K))
      return nullptr;
    const FunctionDecl *Function = Locations.functionOf(*Start);
    FunctionIndex &Index = indexOf(Function ? Function : Kernel);
    auto Found = Index.Loops.find(K);
    return Found == Index.Loops.end() ? nullptr : Found->second;
  }
  return nullptr;
}

} // namespace smemlint
