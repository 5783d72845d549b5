//===--- HostValues.cpp - Constants host code computes, across calls ------===//
//
// Flow sensitivity is structural: an assignment decides a read when it stands
// unconditionally in a block that encloses the read and no other assignment
// comes between; assignments under a branch, or later in a loop around the
// read, join it, and a read several different values reach is unknown. The
// values a loop variable or a parameter takes are enumerated by the caller of
// evaluate (evaluateTogether), which re-evaluates with each bound, so that
// values that belong together (a block size and the shared bytes computed
// from it) stay together.
//
//===----------------------------------------------------------------------===//

#include "Analysis/HostValues.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/DenseMap.h"

#include <deque>
#include <map>
#include <set>

using namespace clang;

namespace smemlint {

bool HostValue::operator==(const HostValue &O) const {
  if (ValueKind != O.ValueKind)
    return false;
  switch (ValueKind) {
  case Kind::Unknown:
    return true;
  case Kind::Integer:
    return Integer == O.Integer;
  case Kind::Dim3:
    return Dim3 == O.Dim3;
  case Kind::Function:
    return Function == O.Function;
  }
  return false;
}

namespace {

using Environment = llvm::DenseMap<const VarDecl *, HostValue>;

/// One assignment to a variable (or to one of its fields), or its
/// initializer. Value is null when what is stored is not an expression the
/// analysis can read: `+=`, `++`, an element store, the address handed to a
/// function that may write through it.
struct Definition {
  const Stmt *At = nullptr;
  const FieldDecl *Field = nullptr;
  const Expr *Value = nullptr;
  const FunctionDecl *In = nullptr;
  /// File offset of the end of At: an assignment takes effect after its own
  /// right-hand side is read.
  unsigned EndOffset = 0;
  bool IsInitializer = false;
};

/// A loop whose variable takes values the loop header determines.
struct CountedLoop {
  const Stmt *Loop = nullptr;
  const FunctionDecl *In = nullptr;
};

struct CallSite {
  const CallExpr *Call = nullptr;
  const FunctionDecl *Caller = nullptr;
};

/// What evaluating one expression found it needs before it can be known.
struct Need {
  enum class Kind { Parameter, LoopVariable } What;
  const VarDecl *Var = nullptr;
  std::vector<HostValue> Values; ///< For a loop variable.
  /// The loop runs more iterations than Values holds.
  bool Cut = false;
};

/// The definitions, calls and counted loops of the functions outside system
/// headers, gathered once.
class ProgramIndex : public UserFunctionVisitor<ProgramIndex> {
public:
  explicit ProgramIndex(ASTContext &Ctx)
      : UserFunctionVisitor(Ctx.getSourceManager()) {}
  bool shouldVisitLambdaBodies() const { return true; }

  llvm::DenseMap<const VarDecl *, std::vector<Definition>> Definitions;
  llvm::DenseMap<const FunctionDecl *, std::vector<CallSite>> Calls;
  llvm::DenseMap<const VarDecl *, CountedLoop> Loops;

  bool VisitVarDecl(VarDecl *Var) {
    if (!Current || isa<ParmVarDecl>(Var))
      return true;
    if (Var->getInit())
      add(Var, nullptr, Var->getInit(), Var->getInit(), true);
    // A non-const reference bound to a variable can write it.
    if (Var->getType()->isReferenceType() &&
        !Var->getType().getNonReferenceType().isConstQualified() &&
        Var->getInit())
      escape(Var->getInit(), Var->getInit());
    return true;
  }

  bool VisitForStmt(ForStmt *Loop) {
    if (const auto *Init = dyn_cast_or_null<DeclStmt>(Loop->getInit()))
      if (Init->isSingleDecl())
        if (const auto *Var = dyn_cast<VarDecl>(Init->getSingleDecl()))
          if (Var->getInit() && Var->getType()->isIntegerType())
            Loops[Var] = {Loop, Current};
    return true;
  }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *Loop) {
    if (const VarDecl *Var = Loop->getLoopVariable())
      if (!Var->getType()->isReferenceType() ||
          Var->getType().getNonReferenceType().isConstQualified())
        Loops[Var] = {Loop, Current};
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *E) {
    if (E->isAssignmentOp())
      assign(E->getLHS(), E->getOpcode() == BO_Assign ? E->getRHS() : nullptr,
             E);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *E) {
    if (E->isIncrementDecrementOp())
      assign(E->getSubExpr(), nullptr, E);
    else if (E->getOpcode() == UO_AddrOf && !addressOnlyRead(E))
      escape(E->getSubExpr(), E);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    if (E->isAssignmentOp() && E->getNumArgs() == 2)
      assign(E->getArg(0),
             E->getOperator() == OO_Equal ? E->getArg(1) : nullptr, E);
    else if ((E->getOperator() == OO_PlusPlus ||
              E->getOperator() == OO_MinusMinus) &&
             E->getNumArgs() > 0)
      assign(E->getArg(0), nullptr, E);
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *E) {
    const CXXMethodDecl *Method = E->getMethodDecl();
    if (Method && !Method->isConst() && E->getImplicitObjectArgument())
      escape(E->getImplicitObjectArgument(), E);
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    if (!Current)
      return true;
    const FunctionDecl *Callee = E->getDirectCallee();
    if (Callee && !isa<CXXOperatorCallExpr>(E))
      Calls[Callee->getCanonicalDecl()].push_back({E, Current});
    // An argument bound to a non-const reference may be written.
    if (Callee)
      for (unsigned I = 0; I < E->getNumArgs() && I < Callee->getNumParams();
           ++I) {
        QualType Type = Callee->getParamDecl(I)->getType();
        if (Type->isReferenceType() &&
            !Type.getNonReferenceType().isConstQualified())
          escape(E->getArg(I), E);
      }
    return true;
  }

private:
  /// The variable and field \p Target names: `v`, `v.f`; an element store
  /// or a deeper member is a definition of the whole variable that cannot
  /// be read.
  void assign(const Expr *Target, const Expr *Value, const Stmt *At) {
    Target = Target->IgnoreParenImpCasts();
    const FieldDecl *Field = nullptr;
    if (const auto *Member = dyn_cast<MemberExpr>(Target);
        Member && !Member->isArrow()) {
      Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
      Target = Member->getBase()->IgnoreParenImpCasts();
      if (!isa<DeclRefExpr>(Target)) {
        Field = nullptr;
        Value = nullptr;
      }
    }
    while (true) {
      if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(Target)) {
        Target = Subscript->getBase()->IgnoreParenImpCasts();
        Field = nullptr;
        Value = nullptr;
      } else if (const auto *Member = dyn_cast<MemberExpr>(Target);
                 Member && !Member->isArrow()) {
        Target = Member->getBase()->IgnoreParenImpCasts();
        Field = nullptr;
        Value = nullptr;
      } else {
        break;
      }
    }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Target))
      if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
        add(Var, Field, Value, At, false);
  }
  void escape(const Expr *Target, const Stmt *At) {
    assign(Target, nullptr, At);
  }
  /// `&x` in a table of kernel arguments (`void *args[] = {&n}`) or passed
  /// to a pointer-to-const parameter: x is read, not written.
  bool addressOnlyRead(const UnaryOperator *AddressOf) {
    if (!Current || !Current->getBody())
      return false;
    const Stmt *Child = AddressOf;
    const Stmt *Parent =
        parentsOf(Current)->getParentIgnoreParenCasts(AddressOf);
    if (const auto *List = dyn_cast_or_null<InitListExpr>(Parent))
      return List->getType()->isArrayType() &&
             List->getType()
                 ->getArrayElementTypeNoTypeQual()
                 ->isVoidPointerType();
    if (const auto *Call = dyn_cast_or_null<CallExpr>(Parent)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (!Callee)
        return false;
      for (unsigned I = 0; I < Call->getNumArgs() && I < Callee->getNumParams();
           ++I)
        if (Call->getArg(I)->IgnoreParenCasts() == Child) {
          QualType Type = Callee->getParamDecl(I)->getType();
          return Type->isPointerType() &&
                 Type->getPointeeType().isConstQualified();
        }
    }
    return false;
  }
  void add(const VarDecl *Var, const FieldDecl *Field, const Expr *Value,
           const Stmt *At, bool IsInitializer) {
    Definition Def;
    Def.At = At;
    Def.Field = Field;
    Def.Value = Value;
    Def.In = Current;
    Def.IsInitializer = IsInitializer;
    Def.EndOffset = SM.getFileOffset(SM.getExpansionLoc(At->getEndLoc()));
    Definitions[Var].push_back(Def);
  }

  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<ParentMap>> ParentMaps;

public:
  /// The parents of \p F's body, built once; null without a body.
  ParentMap *parentsOf(const FunctionDecl *F) {
    if (!F || !F->getBody())
      return nullptr;
    std::unique_ptr<ParentMap> &Map = ParentMaps[F];
    if (!Map)
      Map = std::make_unique<ParentMap>(F->getBody());
    return Map.get();
  }
};

/// Where an evaluation stands: the function whose code is read and what is
/// bound there. Only the outermost function's parameters and loop variables
/// are enumerated (Root); in a helper function everything is bound.
struct Frame {
  const FunctionDecl *Function = nullptr;
  const Environment *Bound = nullptr;
  bool Root = false;
};

bool isLoopStatement(const Stmt *S) {
  return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
}

/// A condition the statements around a launch (or a call) put on reaching
/// it: the `if` it stands in, the `case` of a switch it stands under, an
/// `if (...) return;` before it.
struct ReachCondition {
  const Expr *Condition = nullptr;
  enum class Kind { NonZero, Zero, OneOf, NoneOf } Requires = Kind::NonZero;
  /// For OneOf: the case labels that reach it; for NoneOf (under
  /// `default:`), the switch's other labels, which do not.
  std::vector<int64_t> Labels;

  bool violatedBy(const HostValue &Value) const {
    if (Value.ValueKind != HostValue::Kind::Integer)
      return false;
    switch (Requires) {
    case Kind::NonZero:
      return Value.Integer == 0;
    case Kind::Zero:
      return Value.Integer != 0;
    case Kind::OneOf:
      return !llvm::is_contained(Labels, Value.Integer);
    case Kind::NoneOf:
      return llvm::is_contained(Labels, Value.Integer);
    }
    return false;
  }
};

/// Whether control that runs to the end of \p S cannot go on to what
/// follows it: it leaves the function (`return`, `throw`, `exit(1)`) or,
/// unless \p FunctionOnly, jumps (`break`, `continue`, `goto`).
bool endsInJump(const Stmt *S, bool FunctionOnly) {
  if (!S)
    return false;
  if (isa<ReturnStmt, CXXThrowExpr>(S))
    return true;
  if (isa<BreakStmt, ContinueStmt, GotoStmt>(S))
    return !FunctionOnly;
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    return Callee && Callee->isNoReturn();
  }
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(S))
    return endsInJump(Cleanups->getSubExpr(), FunctionOnly);
  if (const auto *Case = dyn_cast<SwitchCase>(S))
    return endsInJump(Case->getSubStmt(), FunctionOnly);
  if (const auto *Block = dyn_cast<CompoundStmt>(S))
    return !Block->body_empty() && endsInJump(Block->body_back(), FunctionOnly);
  return false;
}

/// The case labels of \p Body's statement at \p At and of the labels
/// stacked on it (`case 1: case 2:`), when control reaches what follows only
/// through them: nothing when a `default` is among them, a label is not a
/// constant, or the statement before may fall through.
/// The value of a constant case label; none for a GNU range or a label
/// that does not evaluate.
std::optional<int64_t> caseLabel(const CaseStmt &Case, const ASTContext &Ctx) {
  Expr::EvalResult Result;
  if (Case.caseStmtIsGNURange() || Case.getLHS()->isValueDependent() ||
      !Case.getLHS()->EvaluateAsInt(Result, Ctx))
    return std::nullopt;
  return Result.Val.getInt().getExtValue();
}

/// What the case labels stacked on the statement at \p At of a switch's
/// \p Body (only when the statement before cannot fall through) require of
/// the switch's value: one of them, or, with `default:` among them, none of
/// the switch's other labels.
std::optional<ReachCondition> caseLabelsReaching(const SwitchStmt &Switch,
                                                 const CompoundStmt *Body,
                                                 unsigned At,
                                                 const ASTContext &Ctx) {
  const Stmt *const *Children = Body->body_begin();
  unsigned Label = At + 1;
  while (Label > 0 && !isa<SwitchCase>(Children[Label - 1]))
    --Label;
  if (Label == 0)
    return std::nullopt;
  --Label;
  if (Label > 0 && !endsInJump(Children[Label - 1], /*FunctionOnly=*/false))
    return std::nullopt;
  std::vector<int64_t> Labels;
  bool Default = false;
  for (const auto *Case = dyn_cast<SwitchCase>(Children[Label]); Case;
       Case = dyn_cast<SwitchCase>(Case->getSubStmt())) {
    if (const auto *Value = dyn_cast<CaseStmt>(Case)) {
      std::optional<int64_t> Number = caseLabel(*Value, Ctx);
      if (!Number)
        return std::nullopt;
      Labels.push_back(*Number);
    } else {
      Default = true;
    }
  }
  if (!Default)
    return ReachCondition{Switch.getCond(), ReachCondition::Kind::OneOf,
                          std::move(Labels)};
  std::vector<int64_t> Others;
  for (const SwitchCase *Case = Switch.getSwitchCaseList(); Case;
       Case = Case->getNextSwitchCase()) {
    const auto *Value = dyn_cast<CaseStmt>(Case);
    if (!Value)
      continue;
    std::optional<int64_t> Other = caseLabel(*Value, Ctx);
    if (!Other)
      return std::nullopt;
    if (!llvm::is_contained(Labels, *Other))
      Others.push_back(*Other);
  }
  return ReachCondition{Switch.getCond(), ReachCondition::Kind::NoneOf,
                        std::move(Others)};
}

/// Adds the conditions of the early exits before the statement at \p At of
/// \p Body (`if (n < 64) return;`): what follows runs only where they are
/// false. In a switch's body, only those after the statement's case label;
/// none before a label a goto may jump to.
void addEarlyExits(const CompoundStmt *Body, unsigned At, bool SwitchBody,
                   std::vector<ReachCondition> &Conditions) {
  const Stmt *const *Children = Body->body_begin();
  for (unsigned I = At; I-- > 0;) {
    const Stmt *S = Children[I];
    bool Labelled = false;
    while (const auto *Case = dyn_cast<SwitchCase>(S)) {
      S = Case->getSubStmt();
      Labelled = true;
    }
    if (isa<LabelStmt>(S))
      return;
    if (const auto *If = dyn_cast<IfStmt>(S))
      if (!If->getConditionVariable() && !If->isConsteval() &&
          endsInJump(If->getThen(), /*FunctionOnly=*/true))
        Conditions.push_back({If->getCond(), ReachCondition::Kind::Zero, {}});
    if (Labelled && SwitchBody)
      return;
  }
}

/// The conditions the statements of \p Function's body that enclose \p S
/// put on reaching it, innermost first.
std::vector<ReachCondition> reachConditions(const Stmt *S, ParentMap &Parents,
                                            const ASTContext &Ctx) {
  std::vector<ReachCondition> Conditions;
  for (const Stmt *Child = S, *Parent = Parents.getParent(S); Parent;
       Child = Parent, Parent = Parents.getParent(Parent)) {
    if (const auto *If = dyn_cast<IfStmt>(Parent)) {
      if (If->getConditionVariable() || If->isConsteval())
        continue;
      if (Child == If->getThen())
        Conditions.push_back(
            {If->getCond(), ReachCondition::Kind::NonZero, {}});
      else if (Child == If->getElse())
        Conditions.push_back({If->getCond(), ReachCondition::Kind::Zero, {}});
      continue;
    }
    const auto *Body = dyn_cast<CompoundStmt>(Parent);
    if (!Body)
      continue;
    auto Found = llvm::find(Body->body(), Child);
    if (Found == Body->body_end())
      continue;
    unsigned At = unsigned(std::distance(Body->body_begin(), Found));
    const auto *Switch = dyn_cast_or_null<SwitchStmt>(Parents.getParent(Body));
    bool SwitchBody = Switch && Switch->getBody() == Body;
    addEarlyExits(Body, At, SwitchBody, Conditions);
    if (!SwitchBody || Switch->getConditionVariable())
      continue;
    if (std::optional<ReachCondition> Labels =
            caseLabelsReaching(*Switch, Body, At, Ctx))
      Conditions.push_back(std::move(*Labels));
  }
  return Conditions;
}

} // namespace

class HostEvaluator::Implementation {
public:
  explicit Implementation(ASTContext &Ctx)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Index(Ctx) {
    Index.TraverseDecl(Ctx.getTranslationUnitDecl());
  }

  HostEvaluations enumerate(ArrayRef<HostQuery> Queries,
                            const FunctionDecl *Function, unsigned CallDepth,
                            const Stmt *Reached);

private:
  static constexpr unsigned MaxExpressionDepth = 64;
  static constexpr unsigned MaxCallDepth = 4;
  static constexpr unsigned MaxEnumerationSteps = 256;

  HostValue evaluate(const Expr *E, const Frame &At);
  HostValue evaluateQuery(const HostQuery &Query, const Frame &At);
  HostValue variable(const VarDecl *Var, const Stmt *Use, const Frame &At);
  HostValue field(const VarDecl *Var, const FieldDecl *Field, const Stmt *Use,
                  const Frame &At);
  HostValue fieldOf(const Expr *Whole, const FieldDecl *Field, const Frame &At);
  HostValue element(const VarDecl *Var, int64_t Index, const Frame &At);
  HostValue reaching(const VarDecl *Var, const FieldDecl *Field,
                     const Stmt *Use, const Frame &At);
  HostValue call(const CallExpr *Call, const Frame &At);
  HostValue construct(const CXXConstructExpr *Construct, const Frame &At);
  HostValue arithmetic(const BinaryOperator *E, const Frame &At);
  std::optional<std::vector<HostValue>> loopValues(const VarDecl *Var,
                                                   const CountedLoop &Loop,
                                                   const Frame &At, bool &Cut);
  std::vector<std::pair<Environment, const CallExpr *>>
  callerEnvironments(const FunctionDecl *Function, unsigned CallDepth);

  HostValue integerOf(const llvm::APSInt &V, QualType Type) const;
  HostValue normalized(HostValue V, QualType Type) const;
  llvm::APSInt asAPSInt(int64_t V, QualType Type) const;
  HostValue constantFold(const Expr *E) const;
  Frame frameFor(const VarDecl *Var, const Frame &At) const;
  bool dominates(const Definition &Def, const Stmt *Use) const;
  bool inLoopWith(const Definition &Def, const Stmt *Use) const;
  unsigned offsetOf(const Stmt *S) const {
    return SM.getFileOffset(SM.getExpansionLoc(S->getBeginLoc()));
  }
  ParentMap *parentsOf(const FunctionDecl *F) const {
    return Index.parentsOf(F);
  }
  void require(Need N) {
    for (const Need &Existing : Needs)
      if (Existing.Var == N.Var)
        return;
    Needs.push_back(std::move(N));
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  mutable ProgramIndex Index;
  std::vector<Need> Needs;
  unsigned Depth = 0;
  unsigned HelperDepth = 0;
  std::map<const FunctionDecl *,
           std::vector<std::pair<Environment, const CallExpr *>>>
      CallerCache;
  std::set<const FunctionDecl *> CallersInProgress;
};

namespace {

/// Counts expression nesting and variable chains, so that `x = y; y = x;`
/// or a deep expression stops as unknown.
class DepthGuard {
public:
  DepthGuard(unsigned &Depth) : Depth(Depth) { ++Depth; }
  ~DepthGuard() { --Depth; }

private:
  unsigned &Depth;
};

bool isDim3(QualType Type) {
  const auto *Record = Type.getNonReferenceType()->getAsCXXRecordDecl();
  return Record && Record->getIdentifier() && Record->getName() == "dim3";
}

/// x, y or z of a dim3: 0, 1, 2.
std::optional<unsigned> dim3Axis(const FieldDecl *Field) {
  if (!Field || !isDim3(QualType(Field->getParent()->getTypeForDecl(), 0)) ||
      !Field->getIdentifier())
    return std::nullopt;
  StringRef Name = Field->getName();
  if (Name == "x")
    return 0;
  if (Name == "y")
    return 1;
  if (Name == "z")
    return 2;
  return std::nullopt;
}

HostValue component(const HostValue &Whole, unsigned Axis) {
  if (Whole.ValueKind != HostValue::Kind::Dim3)
    return {};
  unsigned Dims[3] = {Whole.Dim3.X, Whole.Dim3.Y, Whole.Dim3.Z};
  return HostValue::integer(Dims[Axis]);
}

/// The same value from every candidate, or unknown.
HostValue agreed(const std::vector<HostValue> &Values) {
  if (Values.empty())
    return {};
  for (const HostValue &V : Values)
    if (!V.known() || V != Values.front())
      return {};
  return Values.front();
}

/// What a node that only carries its operand (cleanups, temporaries, a
/// default argument, an opaque value) carries; null for any other node.
const Expr *carriedOperand(const Expr *E) {
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
    return Cleanups->getSubExpr();
  if (const auto *Temporary = dyn_cast<MaterializeTemporaryExpr>(E))
    return Temporary->getSubExpr();
  if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(E))
    return Bind->getSubExpr();
  if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(E))
    return Default->getExpr();
  if (const auto *Default = dyn_cast<CXXDefaultInitExpr>(E))
    return Default->getExpr();
  if (const auto *Opaque = dyn_cast<OpaqueValueExpr>(E))
    return Opaque->getSourceExpr();
  return nullptr;
}

/// \p E without parentheses, the nodes carriedOperand peels, the
/// std::initializer_list around a braced list and no-op casts.
const Expr *stripTemporaries(const Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    if (const Expr *Operand = carriedOperand(E))
      E = Operand;
    else if (const auto *List = dyn_cast<CXXStdInitializerListExpr>(E))
      E = List->getSubExpr();
    else if (const auto *Implicit = dyn_cast<ImplicitCastExpr>(E);
             Implicit && Implicit->getCastKind() == CK_NoOp)
      E = Implicit->getSubExpr();
    else
      return E;
  }
}

} // namespace

llvm::APSInt HostEvaluator::Implementation::asAPSInt(int64_t V,
                                                     QualType Type) const {
  unsigned Width = Type->isIntegralOrEnumerationType()
                       ? unsigned(Ctx.getIntWidth(Type))
                       : 64u;
  bool Unsigned = Type->isUnsignedIntegerOrEnumerationType();
  return llvm::APSInt(llvm::APInt(Width, uint64_t(V), !Unsigned), Unsigned);
}

HostValue HostEvaluator::Implementation::integerOf(const llvm::APSInt &V,
                                                   QualType Type) const {
  llvm::APSInt Fitted = V.extOrTrunc(Type->isIntegralOrEnumerationType()
                                         ? unsigned(Ctx.getIntWidth(Type))
                                         : 64u);
  Fitted.setIsUnsigned(Type->isUnsignedIntegerOrEnumerationType());
  if (Fitted.isUnsigned() ? Fitted.getActiveBits() > 63
                          : Fitted.getSignificantBits() > 64)
    return {};
  return HostValue::integer(Fitted.isUnsigned() ? int64_t(Fitted.getZExtValue())
                                                : Fitted.getSExtValue());
}

HostValue HostEvaluator::Implementation::normalized(HostValue V,
                                                    QualType Type) const {
  if (V.ValueKind != HostValue::Kind::Integer ||
      !Type->isIntegralOrEnumerationType())
    return V;
  if (Type->isBooleanType())
    return HostValue::integer(V.Integer != 0);
  return integerOf(asAPSInt(V.Integer, Type), Type);
}

HostValue HostEvaluator::Implementation::constantFold(const Expr *E) const {
  if (E->isValueDependent() || E->isTypeDependent())
    return {};
  Expr::EvalResult Result;
  if (E->getType()->isIntegralOrEnumerationType()) {
    if (E->EvaluateAsInt(Result, Ctx))
      return integerOf(Result.Val.getInt(), E->getType());
    return {};
  }
  // A constexpr dim3 (the CUDA headers' constructor is constexpr).
  if (isDim3(E->getType()) && E->isPRValue() &&
      E->EvaluateAsRValue(Result, Ctx) && Result.Val.isStruct() &&
      Result.Val.getStructNumFields() >= 3) {
    unsigned Dims[3];
    for (unsigned I = 0; I < 3; ++I) {
      const APValue &Field = Result.Val.getStructField(I);
      if (!Field.isInt())
        return {};
      Dims[I] = Field.getInt().getZExtValue();
    }
    return HostValue::dim3({Dims[0], Dims[1], Dims[2]});
  }
  return {};
}

HostValue HostEvaluator::Implementation::evaluateQuery(const HostQuery &Query,
                                                       const Frame &At) {
  if (Query.E)
    return evaluate(Query.E, At);
  if (Query.Var && Query.Field)
    return field(Query.Var, Query.Field, Query.At, At);
  return {};
}

HostValue HostEvaluator::Implementation::evaluate(const Expr *E,
                                                  const Frame &At) {
  if (!E || Depth > MaxExpressionDepth || E->isValueDependent() ||
      E->isTypeDependent())
    return {};
  DepthGuard Guard(Depth);
  E = E->IgnoreParens();
  QualType Type = E->getType();

  if (isa<IntegerLiteral, CharacterLiteral, CXXBoolLiteralExpr,
          UnaryExprOrTypeTraitExpr, SizeOfPackExpr>(E))
    return constantFold(E);
  if (const auto *Constant = dyn_cast<ConstantExpr>(E)) {
    HostValue Folded = constantFold(Constant);
    return Folded.known() ? Folded : evaluate(Constant->getSubExpr(), At);
  }
  if (const auto *Subst = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return normalized(evaluate(Subst->getReplacement(), At), Type);
  if (const Expr *Operand = carriedOperand(E))
    return evaluate(Operand, At);
  if (isa<ImplicitValueInitExpr>(E))
    return Type->isIntegralOrEnumerationType() ? HostValue::integer(0)
                                               : HostValue();

  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    switch (Cast->getCastKind()) {
    case CK_IntegralCast:
    case CK_IntegralToBoolean:
    case CK_NoOp:
    case CK_LValueToRValue:
    case CK_FunctionToPointerDecay:
    case CK_BitCast:
    case CK_ConstructorConversion:
    case CK_UserDefinedConversion:
    case CK_ToVoid:
      return normalized(evaluate(Cast->getSubExpr(), At), Type);
    default:
      return constantFold(E);
    }
  }

  if (const auto *Unary = dyn_cast<UnaryOperator>(E)) {
    const Expr *Operand = Unary->getSubExpr();
    switch (Unary->getOpcode()) {
    case UO_AddrOf:
    case UO_Deref: {
      // Only a function's address (`&kernel`, `*pointer_to_kernel`).
      HostValue V = evaluate(Operand, At);
      return V.ValueKind == HostValue::Kind::Function ? V : HostValue();
    }
    case UO_Plus:
      return normalized(evaluate(Operand, At), Type);
    case UO_Minus:
    case UO_Not:
    case UO_LNot: {
      HostValue V = evaluate(Operand, At);
      if (V.ValueKind != HostValue::Kind::Integer)
        return {};
      if (Unary->getOpcode() == UO_LNot)
        return HostValue::integer(V.Integer == 0);
      llvm::APSInt Value = asAPSInt(V.Integer, Operand->getType());
      return integerOf(Unary->getOpcode() == UO_Minus ? -Value : ~Value, Type);
    }
    default:
      return {};
    }
  }

  if (const auto *Binary = dyn_cast<BinaryOperator>(E))
    return arithmetic(Binary, At);

  if (const auto *Conditional = dyn_cast<ConditionalOperator>(E)) {
    HostValue Condition = evaluate(Conditional->getCond(), At);
    if (Condition.ValueKind == HostValue::Kind::Integer)
      return evaluate(Condition.Integer ? Conditional->getTrueExpr()
                                        : Conditional->getFalseExpr(),
                      At);
    HostValue True = evaluate(Conditional->getTrueExpr(), At);
    HostValue False = evaluate(Conditional->getFalseExpr(), At);
    return True == False ? True : HostValue();
  }

  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = Ref->getDecl();
    if (const auto *F = dyn_cast<FunctionDecl>(D))
      return HostValue::function(F);
    if (const auto *Var = dyn_cast<VarDecl>(D))
      return normalized(variable(Var, Ref, At), Type);
    return constantFold(E);
  }

  if (const auto *Member = dyn_cast<MemberExpr>(E)) {
    const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
    if (!Field || Member->isArrow())
      return {};
    const Expr *Base = Member->getBase()->IgnoreParenImpCasts();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Base))
      if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
        return normalized(field(Var, Field, Member, At), Type);
    if (std::optional<unsigned> Axis = dim3Axis(Field))
      return component(evaluate(Base, At), *Axis);
    return {};
  }

  if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr *Base = Subscript->getBase()->IgnoreParenImpCasts();
    const auto *Ref = dyn_cast<DeclRefExpr>(Base);
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!Var)
      return {};
    HostValue Index = evaluate(Subscript->getIdx(), At);
    if (Index.ValueKind != HostValue::Kind::Integer)
      return {};
    return normalized(element(Var, Index.Integer, At), Type);
  }

  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E))
    return construct(Construct, At);
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return normalized(call(Call, At), Type);
  return constantFold(E);
}

HostValue HostEvaluator::Implementation::arithmetic(const BinaryOperator *E,
                                                    const Frame &At) {
  BinaryOperatorKind Op = E->getOpcode();
  if (E->isAssignmentOp())
    return {};
  if (Op == BO_Comma) {
    return evaluate(E->getRHS(), At);
  }
  HostValue L = evaluate(E->getLHS(), At);
  if (Op == BO_LAnd || Op == BO_LOr) {
    if (L.ValueKind != HostValue::Kind::Integer)
      return {};
    if ((Op == BO_LAnd) == (L.Integer == 0))
      return HostValue::integer(Op == BO_LOr);
    HostValue R = evaluate(E->getRHS(), At);
    if (R.ValueKind != HostValue::Kind::Integer)
      return {};
    return HostValue::integer(R.Integer != 0);
  }
  HostValue R = evaluate(E->getRHS(), At);
  if (L.ValueKind != HostValue::Kind::Integer ||
      R.ValueKind != HostValue::Kind::Integer)
    return {};
  QualType Operands = E->getLHS()->getType();
  llvm::APSInt A = asAPSInt(L.Integer, Operands);
  llvm::APSInt B = asAPSInt(R.Integer, E->getRHS()->getType());
  if (!E->isShiftOp())
    B = B.extOrTrunc(A.getBitWidth());
  B.setIsUnsigned(E->isShiftOp() ? B.isUnsigned() : A.isUnsigned());
  switch (Op) {
  case BO_Add:
    return integerOf(A + B, E->getType());
  case BO_Sub:
    return integerOf(A - B, E->getType());
  case BO_Mul:
    return integerOf(A * B, E->getType());
  case BO_Div:
  case BO_Rem:
    if (B == 0)
      return {};
    return integerOf(Op == BO_Div ? A / B : A % B, E->getType());
  case BO_Shl:
  case BO_Shr: {
    if (B.isNegative() || B.getZExtValue() >= A.getBitWidth())
      return {};
    unsigned Amount = B.getZExtValue();
    return integerOf(Op == BO_Shl ? A << Amount : A >> Amount, E->getType());
  }
  case BO_And:
    return integerOf(A & B, E->getType());
  case BO_Or:
    return integerOf(A | B, E->getType());
  case BO_Xor:
    return integerOf(A ^ B, E->getType());
  case BO_LT:
    return HostValue::integer(A < B);
  case BO_GT:
    return HostValue::integer(A > B);
  case BO_LE:
    return HostValue::integer(A <= B);
  case BO_GE:
    return HostValue::integer(A >= B);
  case BO_EQ:
    return HostValue::integer(A == B);
  case BO_NE:
    return HostValue::integer(A != B);
  default:
    return {};
  }
}

HostValue
HostEvaluator::Implementation::construct(const CXXConstructExpr *Construct,
                                         const Frame &At) {
  if (!isDim3(Construct->getType()))
    return {};
  const CXXConstructorDecl *Constructor = Construct->getConstructor();
  if (Constructor->isCopyOrMoveConstructor() && Construct->getNumArgs() == 1)
    return evaluate(Construct->getArg(0), At);
  HostValue Folded = constantFold(Construct);
  if (Folded.known())
    return Folded;
  unsigned Dims[3] = {1, 1, 1};
  for (unsigned I = 0; I < Construct->getNumArgs(); ++I) {
    if (I >= 3)
      return {};
    HostValue V = evaluate(Construct->getArg(I), At);
    if (V.ValueKind != HostValue::Kind::Integer || V.Integer < 0 ||
        V.Integer > UINT32_MAX)
      return {};
    Dims[I] = unsigned(V.Integer);
  }
  return HostValue::dim3({Dims[0], Dims[1], Dims[2]});
}

HostValue HostEvaluator::Implementation::call(const CallExpr *Call,
                                              const Frame &At) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || isa<CXXOperatorCallExpr>(Call) ||
      Callee->hasAttr<CUDAGlobalAttr>())
    return {};
  HostValue Folded = constantFold(Call);
  if (Folded.known())
    return Folded;
  // min and max as the CUDA headers and <algorithm> spell them.
  if (Callee->getIdentifier() && Call->getNumArgs() == 2 &&
      (Callee->getName() == "min" || Callee->getName() == "max")) {
    HostValue A = evaluate(Call->getArg(0), At);
    HostValue B = evaluate(Call->getArg(1), At);
    if (A.ValueKind != HostValue::Kind::Integer ||
        B.ValueKind != HostValue::Kind::Integer)
      return {};
    llvm::APSInt X = asAPSInt(A.Integer, Call->getType());
    llvm::APSInt Y = asAPSInt(B.Integer, Call->getType());
    bool TakeFirst = Callee->getName() == "min" ? X <= Y : X >= Y;
    return TakeFirst ? A : B;
  }
  // A helper whose body declares locals and returns an expression of them
  // and of its parameters: `return (n + block - 1) / block;`.
  const FunctionDecl *Definition = nullptr;
  if (!Callee->hasBody(Definition) || HelperDepth >= MaxCallDepth ||
      Definition->isVariadic())
    return {};
  const auto *Body = dyn_cast<CompoundStmt>(Definition->getBody());
  if (!Body || Body->size() == 0)
    return {};
  const auto *Return = dyn_cast<ReturnStmt>(Body->body_back());
  if (!Return || !Return->getRetValue())
    return {};
  for (const Stmt *S : Body->body())
    if (S != Return && !isa<DeclStmt>(S))
      return {};
  Environment Parameters;
  for (unsigned I = 0; I < Definition->getNumParams(); ++I)
    Parameters[Definition->getParamDecl(I)] =
        I < Call->getNumArgs() ? evaluate(Call->getArg(I), At) : HostValue();
  ++HelperDepth;
  HostValue Result =
      evaluate(Return->getRetValue(), Frame{Definition, &Parameters, false});
  --HelperDepth;
  return Result;
}

Frame HostEvaluator::Implementation::frameFor(const VarDecl *Var,
                                              const Frame &At) const {
  // A global's initializer is read with nothing bound.
  if (!Var->isLocalVarDeclOrParm())
    return Frame{nullptr, nullptr, false};
  return At;
}

HostValue HostEvaluator::Implementation::variable(const VarDecl *Var,
                                                  const Stmt *Use,
                                                  const Frame &At) {
  if (At.Bound) {
    auto Bound = At.Bound->find(Var);
    if (Bound != At.Bound->end())
      return Bound->second;
  }
  auto Loop = Index.Loops.find(Var);
  if (Loop != Index.Loops.end()) {
    if (!At.Root || Loop->second.In != At.Function)
      return {};
    bool Cut = false;
    std::optional<std::vector<HostValue>> Values =
        loopValues(Var, Loop->second, At, Cut);
    if (Values)
      require({Need::Kind::LoopVariable, Var, std::move(*Values), Cut});
    return {};
  }
  // Clang marks a namespace-scope constexpr variable __constant__ itself
  // (implicitly): it is still the host's constant.
  auto Explicit = [](const Attr *A) { return A && !A->isImplicit(); };
  if (Var->getType()->isReferenceType() ||
      Explicit(Var->getAttr<CUDADeviceAttr>()) ||
      Explicit(Var->getAttr<CUDAConstantAttr>()) ||
      Var->hasAttr<CUDASharedAttr>() || Var->getType().isVolatileQualified())
    return {};
  auto Defs = Index.Definitions.find(Var);
  bool Assigned = Defs != Index.Definitions.end() &&
                  llvm::any_of(Defs->second, [](const Definition &Def) {
                    return !Def.IsInitializer;
                  });
  if (const auto *Param = dyn_cast<ParmVarDecl>(Var)) {
    if (!Assigned && At.Root && At.Function &&
        Param->getDeclContext() == At.Function)
      require({Need::Kind::Parameter, Var, {}});
    return {};
  }
  if ((Var->getType().isConstQualified() || Var->isConstexpr()) &&
      Var->getInit() && !Assigned) {
    HostValue Folded = constantFold(Var->getInit());
    if (Folded.known())
      return Folded;
    return evaluate(Var->getInit(), frameFor(Var, At));
  }
  if (isDim3(Var->getType()) && Assigned &&
      llvm::any_of(Defs->second,
                   [](const Definition &Def) { return Def.Field; })) {
    // Built field by field: `dim3 block; block.x = 16;`.
    const CXXRecordDecl *Record = Var->getType()->getAsCXXRecordDecl();
    unsigned Dims[3] = {1, 1, 1};
    for (const FieldDecl *Field : Record->fields()) {
      std::optional<unsigned> Axis = dim3Axis(Field);
      if (!Axis)
        continue;
      HostValue V = field(Var, Field, Use, At);
      if (V.ValueKind != HostValue::Kind::Integer || V.Integer <= 0)
        return {};
      Dims[*Axis] = unsigned(V.Integer);
    }
    return HostValue::dim3({Dims[0], Dims[1], Dims[2]});
  }
  return reaching(Var, nullptr, Use, At);
}

HostValue HostEvaluator::Implementation::field(const VarDecl *Var,
                                               const FieldDecl *Field,
                                               const Stmt *Use,
                                               const Frame &At) {
  std::optional<unsigned> Axis = dim3Axis(Field);
  if (At.Bound) {
    auto Bound = At.Bound->find(Var);
    if (Bound != At.Bound->end())
      return Axis ? component(Bound->second, *Axis) : HostValue();
  }
  if (isa<ParmVarDecl>(Var) || Index.Loops.count(Var))
    return Axis ? component(variable(Var, Use, At), *Axis) : HostValue();
  return reaching(Var, Field, Use, At);
}

HostValue HostEvaluator::Implementation::fieldOf(const Expr *Whole,
                                                 const FieldDecl *Field,
                                                 const Frame &At) {
  Whole = stripTemporaries(Whole);
  if (const auto *List = dyn_cast<InitListExpr>(Whole)) {
    if (List->getType()->isArrayType())
      return {};
    if (const InitListExpr *Semantic = List->getSemanticForm())
      List = Semantic;
    unsigned Position = Field->getFieldIndex();
    if (Position < List->getNumInits())
      return evaluate(List->getInit(Position), At);
    return Field->getType()->isIntegralOrEnumerationType()
               ? HostValue::integer(0)
               : HostValue();
  }
  if (std::optional<unsigned> Axis = dim3Axis(Field))
    return component(evaluate(Whole, At), *Axis);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Whole->IgnoreParenImpCasts()))
    if (const auto *Other = dyn_cast<VarDecl>(Ref->getDecl()))
      return field(Other, Field, Ref, At);
  return {};
}

HostValue HostEvaluator::Implementation::element(const VarDecl *Var,
                                                 int64_t Position,
                                                 const Frame &At) {
  if (!Var->getType()->isArrayType() || !Var->getInit() || Position < 0)
    return {};
  auto Defs = Index.Definitions.find(Var);
  if (Defs != Index.Definitions.end() &&
      llvm::any_of(Defs->second,
                   [](const Definition &Def) { return !Def.IsInitializer; }))
    return {};
  const auto *List = dyn_cast<InitListExpr>(stripTemporaries(Var->getInit()));
  if (!List)
    return {};
  if (const InitListExpr *Semantic = List->getSemanticForm())
    List = Semantic;
  Frame Where = frameFor(Var, At);
  if (uint64_t(Position) < List->getNumInits())
    return evaluate(List->getInit(unsigned(Position)), Where);
  const auto *Array = Ctx.getAsConstantArrayType(Var->getType());
  if (Array && uint64_t(Position) < Array->getSize().getZExtValue() &&
      List->hasArrayFiller())
    return evaluate(List->getArrayFiller(), Where);
  return {};
}

bool HostEvaluator::Implementation::dominates(const Definition &Def,
                                              const Stmt *Use) const {
  if (Def.IsInitializer)
    return true; // a declaration precedes every use in its scope
  ParentMap *Parents = parentsOf(Def.In);
  if (!Parents)
    return false;
  // Up from the assignment to the block it stands in, through expressions
  // that always evaluate it.
  const Stmt *Child = Def.At;
  const Stmt *Parent = Parents->getParent(Child);
  while (Parent && !isa<CompoundStmt>(Parent)) {
    if (const auto *Conditional = dyn_cast<AbstractConditionalOperator>(Parent);
        Conditional && Conditional->getCond() != Child)
      return false;
    if (const auto *Logical = dyn_cast<BinaryOperator>(Parent);
        Logical && Logical->isLogicalOp() && Logical->getRHS() == Child)
      return false;
    if (isa<LambdaExpr>(Parent) ||
        (!isa<Expr>(Parent) && !isa<DeclStmt>(Parent)))
      return false;
    Child = Parent;
    Parent = Parents->getParent(Child);
  }
  if (!Parent)
    return false;
  for (const Stmt *Up = Use; Up; Up = Parents->getParent(Up))
    if (Up == Parent)
      return true;
  return false;
}

bool HostEvaluator::Implementation::inLoopWith(const Definition &Def,
                                               const Stmt *Use) const {
  ParentMap *Parents = parentsOf(Def.In);
  if (!Parents)
    return false;
  for (const Stmt *Up = Parents->getParent(Def.At); Up;
       Up = Parents->getParent(Up)) {
    if (!isLoopStatement(Up))
      continue;
    for (const Stmt *Around = Use; Around; Around = Parents->getParent(Around))
      if (Around == Up)
        return true;
  }
  return false;
}

HostValue HostEvaluator::Implementation::reaching(const VarDecl *Var,
                                                  const FieldDecl *Field,
                                                  const Stmt *Use,
                                                  const Frame &At) {
  auto Defs = Index.Definitions.find(Var);
  if (!Var->isLocalVarDecl() || Var->isStaticLocal()) {
    // A global (or a static local) is its initializer when nothing assigns
    // it.
    if (Defs != Index.Definitions.end())
      for (const Definition &Def : Defs->second)
        if (!Def.IsInitializer)
          return {};
    const Expr *Init = Var->getInit();
    if (!Init)
      return {};
    Frame Global{nullptr, nullptr, false};
    return Field ? fieldOf(Init, Field, Global) : evaluate(Init, Global);
  }
  if (Defs == Index.Definitions.end())
    return {};
  std::vector<const Definition *> Candidates;
  {
    unsigned UseOffset = offsetOf(Use);
    for (const Definition &Def : Defs->second) {
      if (Def.Field && Def.Field != Field)
        continue;
      if (Def.EndOffset < UseOffset || Def.IsInitializer) {
        if (dominates(Def, Use))
          Candidates.clear();
        Candidates.push_back(&Def);
      } else if (inLoopWith(Def, Use)) {
        Candidates.push_back(&Def);
      }
    }
  }
  if (Candidates.empty())
    return {};
  Frame Where = frameFor(Var, At);
  std::vector<HostValue> Values;
  for (const Definition *Def : Candidates) {
    if (!Def->Value)
      return {};
    if (Field && !Def->Field)
      Values.push_back(fieldOf(Def->Value, Field, Where));
    else if (!Field && Def->Field)
      return {};
    else
      Values.push_back(evaluate(Def->Value, Where));
    if (!Values.back().known())
      return {};
  }
  return agreed(Values);
}

std::optional<std::vector<HostValue>> HostEvaluator::Implementation::loopValues(
    const VarDecl *Var, const CountedLoop &Loop, const Frame &At, bool &Cut) {
  constexpr unsigned Max = HostEvaluator::MaxConfigurations;
  std::vector<HostValue> Values;
  auto Defs = Index.Definitions.find(Var);
  if (const auto *Range = dyn_cast<CXXForRangeStmt>(Loop.Loop)) {
    const Expr *Source = stripTemporaries(Range->getRangeInit());
    const auto *List = dyn_cast<InitListExpr>(Source);
    const VarDecl *Table = nullptr;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Source->IgnoreParenImpCasts()))
      Table = dyn_cast<VarDecl>(Ref->getDecl());
    if (Table) {
      const auto *Array = Ctx.getAsConstantArrayType(Table->getType());
      if (!Array || Array->getSize().getZExtValue() > Max)
        return std::nullopt;
      for (uint64_t I = 0; I < Array->getSize().getZExtValue(); ++I) {
        Values.push_back(element(Table, int64_t(I), At));
        if (!Values.back().known())
          return std::nullopt;
      }
      return Values;
    }
    if (!List || List->getNumInits() > Max)
      return std::nullopt;
    for (const Expr *Init : List->inits()) {
      Values.push_back(normalized(evaluate(Init, At), Var->getType()));
      if (!Values.back().known())
        return std::nullopt;
    }
    return Values;
  }

  const auto *For = cast<ForStmt>(Loop.Loop);
  // The loop variable changes only in the loop's increment.
  if (Defs != Index.Definitions.end())
    for (const Definition &Def : Defs->second)
      if (!Def.IsInitializer && Def.At != For->getInc())
        return std::nullopt;
  const auto *Condition = dyn_cast_or_null<BinaryOperator>(
      For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Condition || !Condition->isComparisonOp() || !For->getInc())
    return std::nullopt;
  auto IsVar = [&](const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return Ref && Ref->getDecl() == Var;
  };
  bool VarOnLeft = IsVar(Condition->getLHS());
  if (!VarOnLeft && !IsVar(Condition->getRHS()))
    return std::nullopt;
  const Expr *BoundExpr = VarOnLeft ? Condition->getRHS() : Condition->getLHS();
  HostValue Start = normalized(evaluate(Var->getInit(), At), Var->getType());
  HostValue Bound = evaluate(BoundExpr, At);
  if (Start.ValueKind != HostValue::Kind::Integer ||
      Bound.ValueKind != HostValue::Kind::Integer)
    return std::nullopt;

  // The step, as `v op= c`, `v = v op c`, `++v`, `v--`.
  const Expr *Inc = For->getInc()->IgnoreParenImpCasts();
  BinaryOperatorKind StepOp = BO_Add;
  HostValue Step = HostValue::integer(1);
  if (const auto *Unary = dyn_cast<UnaryOperator>(Inc)) {
    if (!Unary->isIncrementDecrementOp() || !IsVar(Unary->getSubExpr()))
      return std::nullopt;
    StepOp = Unary->isIncrementOp() ? BO_Add : BO_Sub;
  } else if (const auto *Compound = dyn_cast<CompoundAssignOperator>(Inc)) {
    if (!IsVar(Compound->getLHS()))
      return std::nullopt;
    StepOp = BinaryOperator::getOpForCompoundAssignment(Compound->getOpcode());
    Step = evaluate(Compound->getRHS(), At);
  } else if (const auto *Assign = dyn_cast<BinaryOperator>(Inc);
             Assign && Assign->getOpcode() == BO_Assign &&
             IsVar(Assign->getLHS())) {
    const auto *Rhs =
        dyn_cast<BinaryOperator>(Assign->getRHS()->IgnoreParenImpCasts());
    if (!Rhs || !IsVar(Rhs->getLHS()))
      return std::nullopt;
    StepOp = Rhs->getOpcode();
    Step = evaluate(Rhs->getRHS(), At);
  } else {
    return std::nullopt;
  }
  if (Step.ValueKind != HostValue::Kind::Integer)
    return std::nullopt;

  QualType Type = Var->getType();
  llvm::APSInt Current = asAPSInt(Start.Integer, Type);
  llvm::APSInt Limit = asAPSInt(Bound.Integer, Type);
  llvm::APSInt By = asAPSInt(Step.Integer, Type);
  auto Holds = [&](const llvm::APSInt &V) {
    const llvm::APSInt &L = VarOnLeft ? V : Limit;
    const llvm::APSInt &R = VarOnLeft ? Limit : V;
    switch (Condition->getOpcode()) {
    case BO_LT:
      return L < R;
    case BO_LE:
      return L <= R;
    case BO_GT:
      return L > R;
    case BO_GE:
      return L >= R;
    case BO_NE:
      return L != R;
    default:
      return false;
    }
  };
  while (Holds(Current)) {
    if (Values.size() == Max) {
      Cut = true; // the first iterations stand for the loop
      break;
    }
    Values.push_back(integerOf(Current, Type));
    llvm::APSInt Next = Current;
    switch (StepOp) {
    case BO_Add:
      Next = Current + By;
      break;
    case BO_Sub:
      Next = Current - By;
      break;
    case BO_Mul:
      Next = Current * By;
      break;
    case BO_Div:
      if (By == 0)
        return std::nullopt;
      Next = Current / By;
      break;
    case BO_Shl:
    case BO_Shr:
      if (By.isNegative() || By.getZExtValue() >= Current.getBitWidth())
        return std::nullopt;
      Next = StepOp == BO_Shl ? Current << unsigned(By.getZExtValue())
                              : Current >> unsigned(By.getZExtValue());
      break;
    default:
      return std::nullopt;
    }
    if (Next == Current)
      return std::nullopt; // does not advance
    Current = Next;
  }
  return Values;
}

std::vector<std::pair<Environment, const CallExpr *>>
HostEvaluator::Implementation::callerEnvironments(const FunctionDecl *Function,
                                                  unsigned CallDepth) {
  Environment Unknown;
  for (const ParmVarDecl *Param : Function->parameters())
    Unknown[Param] = HostValue();
  std::vector<std::pair<Environment, const CallExpr *>> Result;
  auto Cached = CallerCache.find(Function);
  if (Cached != CallerCache.end())
    return Cached->second;
  auto Calls = Index.Calls.find(Function->getCanonicalDecl());
  if (CallDepth >= MaxCallDepth || Calls == Index.Calls.end() ||
      !CallersInProgress.insert(Function).second) {
    Result.emplace_back(std::move(Unknown), nullptr);
    return Result;
  }
  for (const CallSite &Site : Calls->second) {
    std::vector<HostQuery> Arguments;
    for (unsigned I = 0; I < Function->getNumParams(); ++I)
      Arguments.push_back(HostQuery::of(
          I < Site.Call->getNumArgs() ? Site.Call->getArg(I) : nullptr));
    HostEvaluations Callers =
        enumerate(Arguments, Site.Caller, CallDepth + 1, Site.Call);
    // Call sites that bind the same values (one per instantiation of a
    // caller template) give one environment.
    auto Add = [&](Environment Bound) {
      bool Seen = llvm::any_of(Result, [&](const auto &Existing) {
        return llvm::all_of(Function->parameters(), [&](const ParmVarDecl *P) {
          return Existing.first.lookup(P) == Bound.lookup(P);
        });
      });
      if (!Seen)
        Result.emplace_back(std::move(Bound), Site.Call);
    };
    for (const HostConfiguration &Caller : Callers.Configurations) {
      Environment Bound;
      for (unsigned I = 0; I < Function->getNumParams(); ++I)
        Bound[Function->getParamDecl(I)] = Caller.Values[I];
      Add(std::move(Bound));
    }
    if (Callers.Truncated)
      Add(Unknown);
    // The call sites not read give values nobody knows, not none.
    if (Result.size() > 2 * HostEvaluator::MaxConfigurations) {
      Add(Unknown);
      break;
    }
  }
  CallersInProgress.erase(Function);
  CallerCache[Function] = Result;
  return Result;
}

HostEvaluations HostEvaluator::Implementation::enumerate(
    ArrayRef<HostQuery> Queries, const FunctionDecl *Function,
    unsigned CallDepth, const Stmt *Reached) {
  // A configuration in which the code around Reached does not reach it
  // (the `case 256:` of a switch on a value that is 64) is not one of its.
  std::vector<ReachCondition> Conditions;
  if (ParentMap *Parents = Reached ? parentsOf(Function) : nullptr)
    if (Parents->hasParent(Reached))
      Conditions = reachConditions(Reached, *Parents, Ctx);
  struct Pending {
    Environment Bound;
    const CallExpr *Through = nullptr;
  };
  HostEvaluations Result;
  std::deque<Pending> Work(1);
  std::vector<Need> Outer;
  std::swap(Outer, Needs);
  for (unsigned Steps = 0; !Work.empty(); ++Steps) {
    if (Steps == MaxEnumerationSteps) {
      Result.Truncated = true;
      break;
    }
    Pending Item = std::move(Work.front());
    Work.pop_front();
    Needs.clear();
    Frame At{Function, &Item.Bound, true};
    HostConfiguration Configuration;
    Configuration.Through = Item.Through;
    for (const HostQuery &Query : Queries)
      Configuration.Values.push_back(evaluateQuery(Query, At));
    if (Needs.empty()) {
      // The conditions are read with what the queries bound: a parameter or
      // loop variable only a condition reads stays unknown rather than
      // multiplying the configurations (a dispatch on five parameters).
      bool Unreached = false;
      for (const ReachCondition &Condition : Conditions)
        Unreached |= Condition.violatedBy(evaluate(Condition.Condition, At));
      Needs.clear();
      if (Unreached)
        continue;
      bool Seen = llvm::any_of(Result.Configurations,
                               [&](const HostConfiguration &Other) {
                                 return Other.Values == Configuration.Values;
                               });
      if (Seen)
        continue;
      if (Result.Configurations.size() == HostEvaluator::MaxConfigurations) {
        Result.Truncated = true;
        break;
      }
      Result.Configurations.push_back(std::move(Configuration));
      continue;
    }
    Need First = Needs.front();
    if (First.What == Need::Kind::LoopVariable) {
      Result.Truncated |= First.Cut;
      for (const HostValue &Value : First.Values) {
        Pending Next = Item;
        Next.Bound[First.Var] = Value;
        Work.push_back(std::move(Next));
      }
      if (First.Values.empty()) {
        Item.Bound[First.Var] = HostValue();
        Work.push_back(std::move(Item));
      }
      continue;
    }
    for (auto &[Bound, Call] : callerEnvironments(Function, CallDepth)) {
      Pending Next = Item;
      for (const auto &[Param, Value] : Bound)
        Next.Bound[Param] = Value;
      if (Call)
        Next.Through = Call;
      Work.push_back(std::move(Next));
    }
  }
  Needs = std::move(Outer);
  return Result;
}

HostEvaluator::HostEvaluator(ASTContext &Ctx)
    : Impl(std::make_unique<Implementation>(Ctx)) {}
HostEvaluator::~HostEvaluator() = default;

HostEvaluations HostEvaluator::evaluateTogether(ArrayRef<HostQuery> Queries,
                                                const FunctionDecl *Function,
                                                const Stmt *Reached) {
  return Impl->enumerate(Queries, Function, 0, Reached);
}

} // namespace smemlint
