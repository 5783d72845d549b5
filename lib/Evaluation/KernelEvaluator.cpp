//===--- KernelEvaluator.cpp - Run a kernel for every thread of a block ---===//

#include "Evaluation/KernelEvaluator.h"
#include "Evaluation/IrKernelEvaluator.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSwitch.h"

#include <climits>
#include <cmath>
#include <cstdio>
#include <unordered_map>

using namespace clang;

namespace smemlint {

/// The name of the integer field at \p Offset bytes into a value of type
/// \p T ("n", "shape.m"), or "" when none starts there.
static std::string fieldAt(const ASTContext &Ctx, QualType T, int64_t Offset) {
  const RecordDecl *Record = T->getAsRecordDecl();
  if (!Record || !Record->getDefinition() || Record->isInvalidDecl() ||
      T->isDependentType())
    return "";
  const ASTRecordLayout &Layout =
      Ctx.getASTRecordLayout(Record->getDefinition());
  for (const FieldDecl *Field : Record->getDefinition()->fields()) {
    int64_t Start = Layout.getFieldOffset(Field->getFieldIndex()) / 8;
    QualType FieldType = Field->getType();
    if (FieldType->isIncompleteType() || FieldType->isDependentType())
      continue;
    int64_t Size = Ctx.getTypeSizeInChars(FieldType).getQuantity();
    if (Offset < Start || Offset >= Start + Size)
      continue;
    if (Offset == Start && FieldType->isIntegerType())
      return Field->getNameAsString();
    std::string Inner = fieldAt(Ctx, FieldType, Offset - Start);
    return Inner.empty() ? "" : Field->getNameAsString() + "." + Inner;
  }
  return "";
}

std::string UniformSymbol::spelling() const {
  static const char *const Axis[] = {"x", "y", "z"};
  switch (SymbolKind) {
  case Kind::Parameter: {
    if (FieldOffset < 0)
      return Param->getNameAsString();
    std::string Field =
        fieldAt(Param->getASTContext(), Param->getType(), FieldOffset);
    return Param->getNameAsString() +
           (Field.empty() ? " + " + std::to_string(FieldOffset) + " bytes"
                          : "." + Field);
  }
  case Kind::BlockIdx:
    return std::string("blockIdx.") + Axis[Dim];
  case Kind::GridDim:
    return std::string("gridDim.") + Axis[Dim];
  }
  return "?";
}

unsigned SymbolTable::idOf(const UniformSymbol &Symbol) {
  auto [It, Inserted] = Ids.try_emplace(Symbol, Symbols.size());
  if (Inserted)
    Symbols.push_back(Symbol);
  return std::min(It->second, 63u);
}

uint64_t SharedArrayLayout::strideBytes(unsigned Level) const {
  uint64_t Stride = ElementBytes;
  for (unsigned I = Level + 1; I < Dims.size(); ++I)
    Stride *= Dims[I];
  return Stride;
}

uint64_t SharedArrayLayout::totalBytes() const {
  uint64_t Total = ElementBytes;
  for (uint64_t Dim : Dims)
    Total *= Dim;
  return Total;
}

int64_t defaultSymbolValue(const UniformSymbol &Symbol) {
  switch (Symbol.SymbolKind) {
  case UniformSymbol::Kind::Parameter:
    // A problem size large enough that bounds checks pass for a whole block.
    return 1024;
  case UniformSymbol::Kind::BlockIdx:
    return 0;
  case UniformSymbol::Kind::GridDim:
    return 1;
  }
  return 0;
}

SharedArrayLayout declaredLayout(const ASTContext &Ctx, const VarDecl *Var) {
  SharedArrayLayout Layout;
  QualType T = Var->getType();
  while (const ArrayType *AT = Ctx.getAsArrayType(T)) {
    if (const auto *CAT = dyn_cast<ConstantArrayType>(AT))
      Layout.Dims.push_back(CAT->getSize().getZExtValue());
    else
      Layout.Dims.push_back(0); // extern __shared__ T s[]: size set at launch
    T = AT->getElementType();
  }
  Layout.ElementBytes =
      T->isIncompleteType() ? 0 : Ctx.getTypeSizeInChars(T).getQuantity();
  return Layout;
}

namespace {

using ValueMap = std::unordered_map<const VarDecl *, ThreadValue>;

/// Where an lvalue lives: a local variable (a register) or memory.
struct LValue {
  enum class Kind { None, Local, Memory };
  Kind LocationKind = Kind::None;
  ThreadValue *Slot = nullptr; ///< Local.
  ThreadValue Address;         ///< Memory: a pointer value.
  /// Memory reached by subscripting a declared array: the array and how many
  /// subscripts were applied.
  const VarDecl *ShapedArray = nullptr;
  unsigned Level = 0;
  /// The index of each subscript applied, outermost first: the bounds check
  /// reads them, and a swizzle of the next level depends on the last one.
  llvm::SmallVector<ThreadValue, 2> Subscripts;
  std::string Reason; ///< None: why the location is not known.

  static LValue none(std::string Why) {
    LValue LV;
    LV.Reason = std::move(Why);
    return LV;
  }
};

struct LoopControl {
  ThreadMask Broken;
  ThreadMask Continued;
};

struct Frame {
  ValueMap Locals;
  /// Reference variables and parameters: what they are bound to.
  std::unordered_map<const VarDecl *, LValue> References;
  ThreadMask Returned;
  std::optional<ThreadValue> ReturnValue;
  std::vector<LoopControl> Loops;
};

/// How a result is cut to its C++ type: computed once per expression, not
/// once per thread (the type queries cost more than the arithmetic).
struct IntegerWrap {
  bool Applies = false; ///< An integer type narrower than 64 bits, or bool.
  bool IsBool = false;
  bool Signed = false;
  unsigned Width = 64;
  int64_t operator()(int64_t V) const {
    if (!Applies)
      return V;
    if (IsBool)
      return V != 0;
    uint64_t Mask = (uint64_t(1) << Width) - 1;
    uint64_t Bits = uint64_t(V) & Mask;
    if (Signed && (Bits >> (Width - 1)) & 1)
      return int64_t(Bits | ~Mask);
    return int64_t(Bits);
  }
};

class Evaluator {
public:
  Evaluator(ASTContext &Ctx, const EvaluationOptions &Options,
            SymbolTable &Symbols, ExecutionObserver &Observer)
      : Ctx(Ctx), Options(Options), Symbols(Symbols), Observer(Observer),
        Threads(Options.Block.threads()) {
    for (unsigned Dim = 0; Dim < 3; ++Dim)
      ThreadIndex[Dim] = ThreadValue::uniform(Threads, 0);
    for (unsigned T = 0; T < Threads; ++T) {
      ThreadIndex[0].Values[T] = Options.Block.threadX(T);
      ThreadIndex[1].Values[T] = Options.Block.threadY(T);
      ThreadIndex[2].Values[T] = Options.Block.threadZ(T);
    }
  }

  EvaluationSummary run(const FunctionDecl *Kernel);

private:
  // Statements: each returns the threads that fall through to the next one.
  ThreadMask exec(const Stmt *S, ThreadMask Active);
  ThreadMask execIf(const IfStmt *S, ThreadMask Active);
  ThreadMask execLoop(const Stmt *Loop, const Stmt *Init, const Expr *Cond,
                      const Stmt *Body, const Expr *Inc, bool TestFirst,
                      ThreadMask Active);
  ThreadMask execSwitch(const SwitchStmt *S, ThreadMask Active);
  std::optional<uint64_t> countedTrips(const ForStmt *For,
                                       const ThreadMask &Active);
  std::optional<int64_t> currentValue(const Expr *E, unsigned Thread);
  void projectLoopNest(uint64_t IterationSteps);
  uint64_t enumerationBound() const;
  void execDecl(const VarDecl *Var, const ThreadMask &Active);

  // Expressions.
  ThreadValue eval(const Expr *E, const ThreadMask &Active);
  ThreadValue evalUncounted(const Expr *E, const ThreadMask &Active);
  LValue evalLValue(const Expr *E, const ThreadMask &Active);
  ThreadValue evalCast(const CastExpr *E, const ThreadMask &Active);
  ThreadValue evalBinary(const BinaryOperator *E, const ThreadMask &Active);
  ThreadValue evalUnary(const UnaryOperator *E, const ThreadMask &Active);
  ThreadValue evalConditional(const AbstractConditionalOperator *E,
                              const ThreadMask &Active);
  /// Each thread's side of \p E, computed by \p EvalSide for the threads
  /// that choose it; unknown where the condition is.
  template <typename SideT>
  ThreadValue choose(const AbstractConditionalOperator *E,
                     const ThreadMask &Active, SideT EvalSide);
  /// The value of the lvalue \p E: a load, or for `c ? a : b` the load of
  /// each thread's side.
  ThreadValue readLValue(const Expr *E, const ThreadMask &Active);
  /// Notes that \p E is past MaxNestingDepth and gives up on its value.
  ThreadValue nestedTooDeeply(const Expr *E);
  ThreadValue evalCall(const CallExpr *E, const ThreadMask &Active);
  std::optional<ThreadValue> evalKnownCall(const CallExpr *E,
                                           StringRef Name,
                                           const ThreadMask &Active);
  ThreadValue inlineCall(const FunctionDecl *Callee, const CallExpr *E,
                         const ThreadMask &Active);
  ThreadValue evalBuiltinVariable(const PseudoObjectExpr *E);
  ThreadValue evalShuffle(StringRef Name, const CallExpr *E,
                          const ThreadMask &Active);
  void barrier(const Stmt *Site, BarrierScope Scope, const ThreadMask &Active);
  ThreadValue evalChildren(const Expr *E, const ThreadMask &Active,
                           std::string Why);
  ThreadValue evalDeclRef(const DeclRefExpr *E, const ThreadMask &Active);

  // Memory.
  ThreadValue load(const LValue &LV, const Expr *Site, QualType Type,
                   const ThreadMask &Active);
  void store(const LValue &LV, const ThreadValue &Value, const Expr *Site,
             QualType Type, const ThreadMask &Active, bool AlsoLoads = false);
  void reportAccess(const LValue &LV, const Expr *Site, AccessKind Kind,
                    QualType Type, const ThreadMask &Active,
                    const ThreadValue *StoredValue = nullptr);
  ThreadValue offsetBy(ThreadValue Pointer, const ThreadValue &Index,
                       int64_t Scale, const ThreadMask &Active);
  LValue subscript(const ArraySubscriptExpr *E, const ThreadMask &Active);

  // Helpers.
  struct Condition {
    ThreadMask True, False, Unknown;
    std::string UnknownReason;
    /// Uniform symbols the condition was computed from.
    SymbolSet Symbols = 0;
  };
  Condition evalCondition(const Expr *E, const ThreadMask &Active);
  template <typename OpT>
  ThreadValue apply(const ThreadValue &L, const ThreadValue &R,
                    const ThreadMask &Active, QualType ResultType, OpT Op) {
    return applyTo(L, R, Active, ResultType, Op);
  }
  template <typename OpT>
  ThreadValue applyTo(ThreadValue Left, const ThreadValue &R,
                      const ThreadMask &Active, QualType ResultType, OpT Op);
  IntegerWrap integerWrap(QualType T) const;
  int64_t wrap(int64_t V, QualType T) const { return integerWrap(T)(V); }
  uint64_t bytesOf(QualType T) const;
  ThreadValue unknown(std::string Why) const {
    return ThreadValue::unknown(Threads, std::move(Why));
  }
  ThreadValue symbolValue(const UniformSymbol &Symbol);
  void note(const Stmt *S, const std::string &What);
  void forgetAssignedIn(const Stmt *S, const ThreadMask &Threads,
                        const std::string &Why);
  bool outOfBudget() const { return Summary.BudgetExceeded; }
  Frame &frame() { return *Frames.back(); }
  LoopControl *innermostLoop() {
    return frame().Loops.empty() ? nullptr : &frame().Loops.back();
  }
  ThreadMask none() const { return ThreadMask(Threads, false); }
  std::string where(const Stmt *S) const;

  ASTContext &Ctx;
  const EvaluationOptions &Options;
  SymbolTable &Symbols;
  ExecutionObserver &Observer;
  const unsigned Threads;
  ThreadValue ThreadIndex[3];
  EvaluationSummary Summary;
  std::vector<std::unique_ptr<Frame>> Frames;
  std::vector<const Stmt *> LoopStack;
  std::vector<unsigned> LoopIterations; // parallel to LoopStack
  /// What the loop-nest sampler knows of each loop in LoopStack.
  struct LoopProgress {
    /// Iterations the loop will run, when it counts them (countedTrips).
    std::optional<uint64_t> Trips;
    /// A loop nested in this one ran during the current iteration.
    bool InnerLoopRan = false;
  };
  std::vector<LoopProgress> LoopProgressStack; // parallel to LoopStack
  /// Set once the cost of the running loop nest has been projected; caps
  /// (per depth in LoopStack) and why, when it was over the bound.
  bool NestProjected = false;
  std::vector<unsigned> NestCaps;
  std::string NestCapReason;
  std::vector<std::string> Assumptions;
  /// Expressions and statements being evaluated, nested; bounded by
  /// MaxNestingDepth.
  unsigned Depth = 0;
};

/// Each nested expression or statement takes a few native stack frames (about
/// 3 KB in a release build, several times that with sanitizers); past this
/// depth (a generated `a + b + ...` of thousands of terms) the rest is left
/// unknown rather than overflowing an 8 MB stack. Clang itself limits
/// brackets to 256 levels.
constexpr unsigned MaxNestingDepth = 512;

/// Counts one level of nesting for as long as it lives.
class NestingLevel {
public:
  explicit NestingLevel(unsigned &Depth) : Depth(Depth) { ++Depth; }
  ~NestingLevel() { --Depth; }

private:
  unsigned &Depth;
};

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

// Integer arithmetic on the analysed program's values, in two's complement:
// every result is wrapped to its type's width afterwards, and the program's
// own overflow must not become undefined behaviour (or, for INT64_MIN / -1, a
// SIGFPE) inside smem-lint.
int64_t wrappingAdd(int64_t A, int64_t B) {
  return int64_t(uint64_t(A) + uint64_t(B));
}
int64_t wrappingSub(int64_t A, int64_t B) {
  return int64_t(uint64_t(A) - uint64_t(B));
}
int64_t wrappingMul(int64_t A, int64_t B) {
  return int64_t(uint64_t(A) * uint64_t(B));
}
int64_t signedDiv(int64_t A, int64_t B) {
  return B == -1 ? wrappingSub(0, A) : A / B;
}
int64_t signedRem(int64_t A, int64_t B) { return B == -1 ? 0 : A % B; }

bool isIntegerLike(QualType T) {
  return T->isIntegralOrEnumerationType() || T->isBooleanType();
}

IntegerWrap Evaluator::integerWrap(QualType T) const {
  IntegerWrap Wrap;
  if (!isIntegerLike(T) || T->isDependentType())
    return Wrap;
  if (T->isBooleanType()) {
    Wrap.Applies = Wrap.IsBool = true;
    return Wrap;
  }
  Wrap.Width = Ctx.getIntWidth(T);
  Wrap.Applies = Wrap.Width < 64;
  Wrap.Signed = T->isSignedIntegerOrEnumerationType();
  return Wrap;
}

uint64_t Evaluator::bytesOf(QualType T) const {
  if (T.isNull() || T->isIncompleteType() || T->isDependentType() ||
      T->isFunctionType())
    return 0;
  return Ctx.getTypeSizeInChars(T).getQuantity();
}

std::string Evaluator::where(const Stmt *S) const {
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(S->getBeginLoc()));
  if (P.isInvalid())
    return "";
  return " at line " + std::to_string(P.getLine());
}

void Evaluator::note(const Stmt *S, const std::string &What) {
  std::string Message = What + where(S);
  if (llvm::find(Summary.Unsupported, Message) == Summary.Unsupported.end())
    Summary.Unsupported.push_back(Message);
}

/// The result is computed in the left operand's storage: one allocation less
/// per operator, which callers get by moving an operand they are done with.
template <typename OpT>
ThreadValue Evaluator::applyTo(ThreadValue Result, const ThreadValue &R,
                               const ThreadMask &Active, QualType ResultType,
                               OpT Op) {
  if (Result.threads() != Threads || R.threads() != Threads)
    return unknown(Result.threads() != Threads ? Result.UnknownReason
                                               : R.UnknownReason);
  bool LeftKnown = Result.knownFor(Active);
  std::string LeftReason = std::move(Result.UnknownReason);
  Result.UnknownReason.clear();
  Result.ValueKind = ThreadValue::Kind::Integer;
  Result.Object = MemoryObject();
  Result.Symbols |= R.Symbols;
  Result.Known &= R.Known;
  Result.Known &= Active;
  Result.DividedByZero |= R.DividedByZero;
  IntegerWrap Wrap = integerWrap(ResultType);
  auto Compute = [&](unsigned T) {
    std::optional<int64_t> V = Op(Result.Values[T], R.Values[T]);
    if (!V) {
      Result.Known.reset(T);
      Result.UnknownReason = "division by zero";
      Result.DividedByZero.resize(Threads);
      Result.DividedByZero.set(T);
      return;
    }
    Result.Values[T] = Wrap(*V);
  };
  // Most values are known for the whole block: a plain loop, no bit search.
  if (Result.Known.all())
    for (unsigned T = 0; T < Threads; ++T)
      Compute(T);
  else
    for (unsigned T : Result.Known.set_bits())
      Compute(T);
  if (!Result.knownFor(Active) && Result.UnknownReason.empty())
    Result.UnknownReason = !LeftKnown ? std::move(LeftReason) : R.UnknownReason;
  return Result;
}

ThreadValue Evaluator::symbolValue(const UniformSymbol &Symbol) {
  unsigned Id = Symbols.idOf(Symbol);
  auto It = Options.SymbolValues.find(Id);
  int64_t Value =
      It != Options.SymbolValues.end() ? It->second : defaultSymbolValue(Symbol);
  ThreadValue V = ThreadValue::uniform(Threads, Value);
  V.Symbols = SymbolSet(1) << Id;
  return V;
}

Evaluator::Condition Evaluator::evalCondition(const Expr *E,
                                              const ThreadMask &Active) {
  Condition C{none(), none(), none(), ""};
  ThreadValue V = eval(E, Active);
  for (unsigned T : Active.set_bits()) {
    if (!V.Known[T])
      C.Unknown.set(T);
    else if (V.isPointer() || V.Values[T] != 0)
      C.True.set(T);
    else
      C.False.set(T);
  }
  C.UnknownReason = V.UnknownReason;
  C.Symbols = V.Symbols;
  return C;
}

/// Every local variable a statement may assign.
class AssignedVariables : public RecursiveASTVisitor<AssignedVariables> {
public:
  std::vector<const VarDecl *> Vars;
  bool VisitBinaryOperator(BinaryOperator *E) {
    if (E->isAssignmentOp())
      addTarget(E->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *E) {
    if (E->isIncrementDecrementOp() || E->getOpcode() == UO_AddrOf)
      addTarget(E->getSubExpr());
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    // Reference arguments may be assigned by the callee.
    for (const Expr *Arg : E->arguments())
      if (Arg->isGLValue())
        addTarget(Arg);
    return true;
  }

private:
  void addTarget(const Expr *E) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
        Vars.push_back(Var);
  }
};

void Evaluator::forgetAssignedIn(const Stmt *S, const ThreadMask &Threads,
                                 const std::string &Why) {
  AssignedVariables Finder;
  Finder.TraverseStmt(const_cast<Stmt *>(S));
  for (const VarDecl *Var : Finder.Vars) {
    auto It = frame().Locals.find(Var);
    if (It != frame().Locals.end())
      It->second.forget(Threads, Why);
  }
}

/// Whether \p E only names a location (a variable, an element, a member, a
/// dereference), as opposed to an lvalue-valued operation such as `a = b`
/// that has effects of its own.
bool namesLocation(const Expr *E) {
  E = E->IgnoreParens();
  if (isa<DeclRefExpr, ArraySubscriptExpr, MemberExpr>(E))
    return true;
  if (const auto *Unary = dyn_cast<UnaryOperator>(E))
    return Unary->getOpcode() == UO_Deref;
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return Cast->getSubExpr()->isGLValue() && namesLocation(Cast->getSubExpr());
  return false;
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

EvaluationSummary Evaluator::run(const FunctionDecl *Kernel) {
  const FunctionDecl *Definition = nullptr;
  if (!Kernel->hasBody(Definition)) {
    Summary.Unsupported.push_back("the kernel has no body");
    return Summary;
  }
  Frames.push_back(std::make_unique<Frame>());
  ThreadMask All(Threads, true);
  frame().Returned = none();
  for (const ParmVarDecl *Param : Definition->parameters()) {
    QualType T = Param->getType();
    ThreadValue Value;
    if (T->isPointerType()) {
      Value = ThreadValue::pointerTo({Param, /*IsShared=*/false}, Threads);
    } else if (isIntegerLike(T)) {
      auto Known = Options.KnownParameters.find(Param);
      if (Known != Options.KnownParameters.end())
        Value = ThreadValue::uniform(Threads, wrap(Known->second, T));
      else
        Value = symbolValue({UniformSymbol::Kind::Parameter, Param, 0});
    } else {
      Value = unknown("parameter '" + Param->getNameAsString() +
                      "' is not an integer");
    }
    frame().Locals[Param] = std::move(Value);
  }
  exec(Definition->getBody(), All);
  return Summary;
}

ThreadMask Evaluator::exec(const Stmt *S, ThreadMask Active) {
  if (!S || Active.none() || outOfBudget())
    return Active;
  if (Depth >= MaxNestingDepth) {
    note(S, "statements nested more than " + std::to_string(MaxNestingDepth) +
                " levels deep not evaluated");
    return Active;
  }
  NestingLevel Level(Depth);
  switch (S->getStmtClass()) {
  case Stmt::CompoundStmtClass:
    for (const Stmt *Child : cast<CompoundStmt>(S)->body()) {
      Active = exec(Child, Active);
      if (Active.none())
        break;
    }
    return Active;
  case Stmt::DeclStmtClass:
    for (const Decl *D : cast<DeclStmt>(S)->decls())
      if (const auto *Var = dyn_cast<VarDecl>(D))
        execDecl(Var, Active);
    return Active;
  case Stmt::IfStmtClass:
    return execIf(cast<IfStmt>(S), Active);
  case Stmt::ForStmtClass: {
    const auto *For = cast<ForStmt>(S);
    return execLoop(For, For->getInit(), For->getCond(), For->getBody(),
                    For->getInc(), /*TestFirst=*/true, Active);
  }
  case Stmt::WhileStmtClass: {
    const auto *While = cast<WhileStmt>(S);
    if (const DeclStmt *CondDecl = While->getConditionVariableDeclStmt())
      exec(CondDecl, Active);
    return execLoop(While, nullptr, While->getCond(), While->getBody(),
                    nullptr, /*TestFirst=*/true, Active);
  }
  case Stmt::DoStmtClass: {
    const auto *Do = cast<DoStmt>(S);
    return execLoop(Do, nullptr, Do->getCond(), Do->getBody(), nullptr,
                    /*TestFirst=*/false, Active);
  }
  case Stmt::CXXForRangeStmtClass:
    note(S, "range-based for loop not evaluated");
    forgetAssignedIn(S, Active, "assigned in a range-based for loop");
    return Active;
  case Stmt::SwitchStmtClass:
    return execSwitch(cast<SwitchStmt>(S), Active);
  case Stmt::BreakStmtClass:
    if (LoopControl *Loop = innermostLoop())
      Loop->Broken |= Active;
    return none();
  case Stmt::ContinueStmtClass:
    if (LoopControl *Loop = innermostLoop())
      Loop->Continued |= Active;
    return none();
  case Stmt::ReturnStmtClass: {
    const auto *Return = cast<ReturnStmt>(S);
    if (const Expr *Value = Return->getRetValue()) {
      ThreadValue V = eval(Value, Active);
      if (!frame().ReturnValue)
        frame().ReturnValue = unknown("no value returned");
      frame().ReturnValue->assign(V, Active);
    }
    frame().Returned |= Active;
    return none();
  }
  case Stmt::AttributedStmtClass:
    return exec(cast<AttributedStmt>(S)->getSubStmt(), Active);
  case Stmt::LabelStmtClass:
    return exec(cast<LabelStmt>(S)->getSubStmt(), Active);
  case Stmt::NullStmtClass:
    return Active;
  case Stmt::GotoStmtClass:
  case Stmt::IndirectGotoStmtClass:
    note(S, "goto not followed");
    return Active;
  case Stmt::GCCAsmStmtClass:
  case Stmt::MSAsmStmtClass: {
    const auto *Asm = cast<AsmStmt>(S);
    if (const auto *GCCAsm = dyn_cast<GCCAsmStmt>(Asm)) {
      StringRef Text = GCCAsm->getAsmString()->getString();
      if (Text.contains("bar.sync") || Text.contains("barrier.sync") ||
          Text.contains("bar.red") || Text.contains("barrier.red"))
        barrier(S, BarrierScope::Block, Active);
      else if (Text.contains("bar.warp.sync"))
        barrier(S, BarrierScope::Warp, Active);
    }
    for (unsigned I = 0; I < Asm->getNumOutputs(); ++I) {
      LValue Out = evalLValue(Asm->getOutputExpr(I), Active);
      if (Out.LocationKind == LValue::Kind::Local)
        Out.Slot->forget(Active, "written by inline assembly");
    }
    return Active;
  }
  default:
    if (const auto *E = dyn_cast<Expr>(S)) {
      eval(E, Active);
      return Active;
    }
    note(S, std::string("statement '") + S->getStmtClassName() +
                "' not evaluated");
    return Active;
  }
}

void Evaluator::execDecl(const VarDecl *Var, const ThreadMask &Active) {
  // __shared__ and other static variables are memory, not registers.
  if (Var->hasGlobalStorage())
    return;
  if (Var->getType()->isReferenceType()) {
    if (const Expr *Init = Var->getInit())
      frame().References[Var] = evalLValue(Init, Active);
    return;
  }
  ThreadValue &Slot = frame().Locals[Var];
  if (Slot.threads() != Threads)
    Slot = unknown("'" + Var->getNameAsString() + "' is uninitialized");
  const Expr *Init = Var->getInit();
  if (!Init) {
    Slot.forget(Active, "'" + Var->getNameAsString() + "' is uninitialized");
    return;
  }
  if (Ctx.getAsArrayType(Var->getType())) {
    eval(Init, Active);
    Slot.forget(Active, "local arrays are not modelled");
    return;
  }
  Slot.assign(eval(Init, Active), Active);
}

ThreadMask Evaluator::execIf(const IfStmt *S, ThreadMask Active) {
  if (const Stmt *Init = S->getInit())
    Active = exec(Init, Active);
  if (const DeclStmt *CondDecl = S->getConditionVariableDeclStmt())
    exec(CondDecl, Active);
  if (S->isConsteval()) {
    return exec(S->getElse(), Active);
  }
  Condition C = evalCondition(S->getCond(), Active);
  bool Assumed = C.Unknown.any();
  if (Assumed) {
    Assumptions.push_back("the condition" + where(S->getCond()) +
                          " depends on " +
                          (C.UnknownReason.empty() ? std::string("data")
                                                   : C.UnknownReason) +
                          "; both branches were evaluated for those threads");
  }
  ThreadMask ThenActive = C.True;
  ThenActive |= C.Unknown;
  ThreadMask ElseActive = C.False;
  ElseActive |= C.Unknown;
  ThreadMask Out = exec(S->getThen(), ThenActive);
  if (const Stmt *Else = S->getElse())
    Out |= exec(Else, ElseActive);
  else
    Out |= ElseActive;
  if (Assumed) {
    // Values assigned on only one side are not known afterwards.
    forgetAssignedIn(S, C.Unknown, "assigned under a data-dependent branch");
    Assumptions.pop_back();
  }
  return Out;
}

ThreadMask Evaluator::execLoop(const Stmt *Loop, const Stmt *Init,
                               const Expr *Cond, const Stmt *Body,
                               const Expr *Inc, bool TestFirst,
                               ThreadMask Active) {
  if (Init)
    Active = exec(Init, Active);
  ThreadMask Entry = Active;
  ThreadMask Running = Active;
  if (!LoopProgressStack.empty())
    LoopProgressStack.back().InnerLoopRan = true;
  LoopProgress Progress;
  // Trip counts matter until the nest is projected, and after for the
  // loops it samples.
  if (const auto *For = dyn_cast<ForStmt>(Loop);
      For && (!NestProjected || !NestCaps.empty()))
    Progress.Trips = countedTrips(For, Active);
  LoopStack.push_back(Loop);
  LoopIterations.push_back(0);
  LoopProgressStack.push_back(Progress);
  unsigned Depth = LoopStack.size() - 1;
  std::string SampledReason;
  for (unsigned Iteration = 0; Running.any(); ++Iteration) {
    LoopIterations.back() = Iteration;
    LoopProgressStack.back().InnerLoopRan = false;
    uint64_t StepsBefore = Summary.Steps;
    if (outOfBudget()) {
      SampledReason = "the kernel's evaluation budget ran out";
      break;
    }
    if (Iteration >= Options.LoopIterationLimit ||
        (Iteration > 0 && Summary.Steps > Options.StepBudget / 2)) {
      SampledReason = "only the first " + std::to_string(Iteration) +
                      " iterations were evaluated";
      break;
    }
    const std::optional<uint64_t> &Trips = LoopProgressStack.back().Trips;
    // A cap the loop's own trip count reaches cuts nothing: its condition
    // ends it (and the loop was not sampled).
    if (Depth < NestCaps.size() && Iteration >= NestCaps[Depth] &&
        !(Trips && Iteration >= *Trips)) {
      SampledReason = "only the first " + std::to_string(Iteration) +
                      (Trips ? " of " + std::to_string(*Trips) : "") +
                      " iterations were evaluated" + NestCapReason;
      break;
    }
    if (Cond && (TestFirst || Iteration > 0)) {
      Condition C = evalCondition(Cond, Running);
      if (C.Unknown.any()) {
        // A data-dependent trip count: look at one iteration only.
        if (Iteration > 0) {
          SampledReason = "the loop condition depends on " +
                          (C.UnknownReason.empty() ? std::string("data")
                                                   : C.UnknownReason);
          break;
        }
        C.True |= C.Unknown;
      }
      Running = C.True;
      if (Running.none())
        break;
    }
    frame().Loops.push_back({none(), none()});
    ThreadMask FellThrough = exec(Body, Running);
    LoopControl Control = frame().Loops.back();
    frame().Loops.pop_back();
    Running = FellThrough;
    Running |= Control.Continued;
    if (Inc)
      eval(Inc, Running);
    // The first iteration of an innermost loop tells what one iteration of
    // the nest costs.
    if (Iteration == 0 && !NestProjected &&
        !LoopProgressStack.back().InnerLoopRan)
      projectLoopNest(Summary.Steps - StepsBefore);
  }
  LoopStack.pop_back();
  LoopIterations.pop_back();
  LoopProgressStack.pop_back();
  if (LoopStack.empty()) {
    NestProjected = false;
    NestCaps.clear();
    NestCapReason.clear();
  }
  if (!SampledReason.empty()) {
    Observer.onLoopSampled(Loop, "the loop" + where(Loop) + ": " +
                                     SampledReason);
    forgetAssignedIn(Loop, Entry,
                     "assigned in a loop that was only partly evaluated");
  }
  // Threads leave the loop by its condition or a break; those that returned
  // inside it stay gone.
  ThreadMask Out = Entry;
  Out.reset(frame().Returned);
  return Out;
}

uint64_t Evaluator::enumerationBound() const {
  // Asking for more iterations of one loop asks for larger nests too.
  return Options.EnumerationBound *
         std::max<uint64_t>(1, Options.LoopIterationLimit /
                                   DefaultLoopIterationLimit);
}

/// "53687091200" as "5.4e10"; small numbers as they are.
std::string roughly(uint64_t N) {
  if (N < 10'000'000)
    return std::to_string(N);
  unsigned Exponent = 0;
  double Mantissa = double(N);
  while (Mantissa >= 10) {
    Mantissa /= 10;
    ++Exponent;
  }
  char Text[32];
  snprintf(Text, sizeof(Text), "%.1fe%u", Mantissa, Exponent);
  return Text;
}

void Evaluator::projectLoopNest(uint64_t IterationSteps) {
  NestProjected = true;
  // Iterations of every enclosing loop that counts its trips; a loop that
  // does not (a while, a data-dependent bound) is left to the per-loop limit.
  uint64_t Bound = enumerationBound();
  double Projected = double(std::max<uint64_t>(1, IterationSteps));
  std::vector<uint64_t> Trips;
  for (const LoopProgress &Loop : LoopProgressStack) {
    uint64_t T = Loop.Trips ? std::max<uint64_t>(1, *Loop.Trips) : 1;
    Trips.push_back(T);
    Projected *= double(T);
  }
  if (Projected <= double(Bound))
    return;
  // Iterations the bound allows in all, shared evenly between the levels,
  // what is left over going to the innermost ones.
  double Allowed = std::max(
      1.0, double(Bound) / double(std::max<uint64_t>(1, IterationSteps)));
  unsigned Levels = llvm::count_if(Trips, [](uint64_t T) { return T > 1; });
  uint64_t Even = uint64_t(std::pow(Allowed, 1.0 / std::max(1u, Levels)));
  NestCaps.assign(Trips.size(), UINT_MAX);
  for (size_t L = 0; L < Trips.size(); ++L)
    if (Trips[L] > 1)
      NestCaps[L] = unsigned(std::clamp<uint64_t>(Even, 1, Trips[L]));
  for (size_t L = Trips.size(); L-- > 0;) {
    if (Trips[L] <= 1)
      continue;
    double Others = 1;
    for (size_t M = 0; M < Trips.size(); ++M)
      if (M != L && Trips[M] > 1)
        Others *= NestCaps[M];
    uint64_t Room = uint64_t(Allowed / Others);
    NestCaps[L] = unsigned(std::clamp<uint64_t>(
        std::max<uint64_t>(Room, NestCaps[L]), 1, Trips[L]));
  }
  NestCapReason = " (loop nest sampled: " + roughly(uint64_t(Projected)) +
                  " thread-steps, bound " + std::to_string(Bound) + ")";
}

std::optional<int64_t> Evaluator::currentValue(const Expr *E, unsigned Thread) {
  // A loop bound can be an expression as deep as any other.
  if (Depth >= MaxNestingDepth)
    return std::nullopt;
  NestingLevel Level(Depth);
  E = E->IgnoreParens();
  if (const auto *Literal = dyn_cast<IntegerLiteral>(E))
    return Literal->getValue().getSExtValue();
  if (const auto *Subst = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return currentValue(Subst->getReplacement(), Thread);
  if (isa<ConstantExpr, UnaryExprOrTypeTraitExpr>(E)) {
    Expr::EvalResult Constant;
    if (!E->isValueDependent() && E->EvaluateAsInt(Constant, Ctx))
      return Constant.Val.getInt().getExtValue();
    return std::nullopt;
  }
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
    switch (Cast->getCastKind()) {
    case CK_LValueToRValue:
    case CK_IntegralCast:
    case CK_NoOp:
      return currentValue(Cast->getSubExpr(), Thread);
    default:
      return std::nullopt;
    }
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *Enum = dyn_cast<EnumConstantDecl>(Ref->getDecl()))
      return Enum->getInitVal().getExtValue();
    const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
    if (!Var)
      return std::nullopt;
    auto Local = frame().Locals.find(Var);
    if (Local == frame().Locals.end()) {
      // A constant: constexpr, or const with a constant initializer.
      const APValue *Value = Var->getType().isConstQualified() &&
                                     Var->getAnyInitializer() &&
                                     isIntegerLike(Var->getType())
                                 ? Var->evaluateValue()
                                 : nullptr;
      if (Value && Value->isInt())
        return Value->getInt().getExtValue();
      return std::nullopt;
    }
    if (Local->second.isPointer() || Local->second.threads() <= Thread ||
        !Local->second.Known[Thread])
      return std::nullopt;
    return Local->second.Values[Thread];
  }
  if (const auto *Builtin = dyn_cast<PseudoObjectExpr>(E)) {
    // threadIdx and blockDim only: blockIdx and gridDim are symbols, which
    // a look-ahead must not number.
    const auto *Property = dyn_cast<MSPropertyRefExpr>(
        Builtin->getSyntacticForm()->IgnoreParens());
    const CXXRecordDecl *Record =
        Property ? Property->getBaseExpr()->getType()->getAsCXXRecordDecl()
                 : nullptr;
    if (!Record)
      return std::nullopt;
    StringRef Axis = Property->getPropertyDecl()->getName();
    unsigned Dim = Axis == "x" ? 0 : Axis == "y" ? 1 : 2;
    if (Record->getName() == "__cuda_builtin_threadIdx_t")
      return ThreadIndex[Dim].Values[Thread];
    if (Record->getName() == "__cuda_builtin_blockDim_t")
      return Dim == 0   ? Options.Block.X
             : Dim == 1 ? Options.Block.Y
                        : Options.Block.Z;
    return std::nullopt;
  }
  if (const auto *Binary = dyn_cast<BinaryOperator>(E)) {
    std::optional<int64_t> L = currentValue(Binary->getLHS(), Thread);
    std::optional<int64_t> R =
        L ? currentValue(Binary->getRHS(), Thread) : std::nullopt;
    if (!L || !R)
      return std::nullopt;
    switch (Binary->getOpcode()) {
    case BO_Add:
      return wrappingAdd(*L, *R);
    case BO_Sub:
      return wrappingSub(*L, *R);
    case BO_Mul:
      return wrappingMul(*L, *R);
    case BO_Div:
      return *R ? std::optional<int64_t>(signedDiv(*L, *R)) : std::nullopt;
    case BO_Shl:
      return int64_t(uint64_t(*L) << (*R & 63));
    case BO_Shr:
      return *L >> (*R & 63);
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<uint64_t> Evaluator::countedTrips(const ForStmt *For,
                                                const ThreadMask &Active) {
  // for (...; i < n; i += step) and its mirror images, n and step known.
  const auto *Test = dyn_cast_or_null<BinaryOperator>(
      For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Test || !Test->isComparisonOp())
    return std::nullopt;
  BinaryOperatorKind Op = Test->getOpcode();
  const Expr *Counter = Test->getLHS()->IgnoreParenImpCasts();
  const Expr *Limit = Test->getRHS();
  if (!isa<DeclRefExpr>(Counter)) {
    Counter = Test->getRHS()->IgnoreParenImpCasts();
    Limit = Test->getLHS();
    Op = BinaryOperator::reverseComparisonOp(Op);
  }
  const auto *CounterRef = dyn_cast<DeclRefExpr>(Counter);
  if (!CounterRef || !isIntegerLike(CounterRef->getType()))
    return std::nullopt;
  const Expr *Inc =
      For->getInc() ? For->getInc()->IgnoreParenImpCasts() : nullptr;
  const Expr *StepExpr = nullptr;
  int64_t StepSign = 1;
  if (const auto *Unary = dyn_cast_or_null<UnaryOperator>(Inc)) {
    if (!Unary->isIncrementDecrementOp())
      return std::nullopt;
    StepSign = Unary->isIncrementOp() ? 1 : -1;
    Inc = Unary->getSubExpr();
  } else if (const auto *Compound =
                 dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    if (Compound->getOpcode() != BO_AddAssign &&
        Compound->getOpcode() != BO_SubAssign)
      return std::nullopt;
    StepSign = Compound->getOpcode() == BO_AddAssign ? 1 : -1;
    StepExpr = Compound->getRHS();
    Inc = Compound->getLHS();
  } else {
    return std::nullopt;
  }
  const auto *IncRef = dyn_cast<DeclRefExpr>(Inc->IgnoreParenImpCasts());
  if (!IncRef || IncRef->getDecl() != CounterRef->getDecl())
    return std::nullopt;
  uint64_t Most = 0;
  for (unsigned T : Active.set_bits()) {
    std::optional<int64_t> Start = currentValue(CounterRef, T);
    std::optional<int64_t> End = currentValue(Limit, T);
    std::optional<int64_t> Step =
        StepExpr ? currentValue(StepExpr, T) : std::optional<int64_t>(1);
    if (!Start || !End || !Step)
      return std::nullopt;
    __int128 From = *Start, To = *End, By = __int128(*Step) * StepSign;
    __int128 Count = 0;
    switch (Op) {
    case BO_LE:
      To += 1;
      [[fallthrough]];
    case BO_LT:
      if (From < To)
        Count = By > 0 ? (To - From + By - 1) / By : -1;
      break;
    case BO_GE:
      To -= 1;
      [[fallthrough]];
    case BO_GT:
      if (From > To)
        Count = By < 0 ? (From - To - By - 1) / -By : -1;
      break;
    case BO_NE:
      if (From != To)
        Count = By != 0 && (To - From) % By == 0 && (To - From) / By > 0
                    ? (To - From) / By
                    : -1;
      break;
    default:
      return std::nullopt;
    }
    if (Count < 0)
      return std::nullopt; // it does not end by counting
    Most = std::max<uint64_t>(Most,
                              uint64_t(std::min<__int128>(Count, UINT64_MAX)));
  }
  return Most;
}

ThreadMask Evaluator::execSwitch(const SwitchStmt *S, ThreadMask Active) {
  if (const Stmt *Init = S->getInit())
    Active = exec(Init, Active);
  if (const DeclStmt *CondDecl = S->getConditionVariableDeclStmt())
    exec(CondDecl, Active);
  ThreadValue Selector = eval(S->getCond(), Active);
  const auto *Body = dyn_cast_or_null<CompoundStmt>(S->getBody());
  if (!Body || !Selector.knownFor(Active)) {
    note(S, "switch with an unknown selector or body not evaluated");
    forgetAssignedIn(S, Active, "assigned in a switch that was not evaluated");
    return Active;
  }
  // Threads enter at their case label and run on until a break.
  ThreadMask Unmatched = Active;
  for (const SwitchCase *Case = S->getSwitchCaseList(); Case;
       Case = Case->getNextSwitchCase())
    if (const auto *CS = dyn_cast<CaseStmt>(Case)) {
      Expr::EvalResult Value;
      if (CS->getLHS()->EvaluateAsInt(Value, Ctx))
        for (unsigned T : Active.set_bits())
          if (Selector.Values[T] == Value.Val.getInt().getExtValue())
            Unmatched.reset(T);
    }
  frame().Loops.push_back({none(), none()}); // a break leaves the switch
  ThreadMask Running = none();
  for (const Stmt *Child : Body->body()) {
    const Stmt *Inner = Child;
    while (const auto *Case = dyn_cast<SwitchCase>(Inner)) {
      if (const auto *CS = dyn_cast<CaseStmt>(Case)) {
        Expr::EvalResult Value;
        if (CS->getLHS()->EvaluateAsInt(Value, Ctx))
          for (unsigned T : Active.set_bits())
            if (Selector.Values[T] == Value.Val.getInt().getExtValue())
              Running.set(T);
      } else {
        Running |= Unmatched;
      }
      Inner = Case->getSubStmt();
    }
    Running = exec(Inner, Running);
  }
  LoopControl Control = frame().Loops.back();
  frame().Loops.pop_back();
  if (LoopControl *Outer = innermostLoop())
    Outer->Continued |= Control.Continued;
  ThreadMask Out = Active;
  Out.reset(frame().Returned);
  if (LoopControl *Outer = innermostLoop())
    Out.reset(Outer->Continued);
  return Out;
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

void Evaluator::reportAccess(const LValue &LV, const Expr *Site,
                             AccessKind Kind, QualType Type,
                             const ThreadMask &Active,
                             const ThreadValue *StoredValue) {
  if (LV.LocationKind != LValue::Kind::Memory || Active.none())
    return;
  MemoryAccessEvent Event{Site,
                          Kind,
                          unsigned(bytesOf(Type)),
                          LV.Address,
                          Active,
                          LV.ShapedArray != nullptr,
                          LV.ShapedArray
                              ? llvm::ArrayRef<ThreadValue>(LV.Subscripts)
                              : llvm::ArrayRef<ThreadValue>(),
                          LoopStack,
                          LoopIterations,
                          Assumptions,
                          StoredValue};
  Observer.onMemoryAccess(Event);
}

ThreadValue Evaluator::load(const LValue &LV, const Expr *Site, QualType Type,
                            const ThreadMask &Active) {
  switch (LV.LocationKind) {
  case LValue::Kind::Local: {
    ThreadValue V = *LV.Slot;
    return V;
  }
  case LValue::Kind::Memory: {
    reportAccess(LV, Site, AccessKind::Load, Type, Active);
    const ValueDecl *Object = LV.Address.Object.Decl;
    return unknown(std::string(LV.Address.Object.IsShared ? "data read from "
                                                            "shared memory"
                                                          : "data read from "
                                                            "memory") +
                   (Object ? " '" + Object->getNameAsString() + "'" : ""));
  }
  case LValue::Kind::None:
    return unknown(LV.Reason);
  }
  return unknown(LV.Reason);
}

void Evaluator::store(const LValue &LV, const ThreadValue &Value,
                      const Expr *Site, QualType Type,
                      const ThreadMask &Active, bool AlsoLoads) {
  switch (LV.LocationKind) {
  case LValue::Kind::Local:
    LV.Slot->assign(Value, Active);
    return;
  case LValue::Kind::Memory:
    if (AlsoLoads)
      reportAccess(LV, Site, AccessKind::Load, Type, Active);
    reportAccess(LV, Site, AccessKind::Store, Type, Active, &Value);
    return;
  case LValue::Kind::None:
    return;
  }
}

ThreadValue Evaluator::offsetBy(ThreadValue Pointer, const ThreadValue &Index,
                                int64_t Scale, const ThreadMask &Active) {
  ThreadValue::Kind Kind = Pointer.ValueKind;
  MemoryObject Object = Pointer.Object;
  ThreadValue Result =
      applyTo(std::move(Pointer), Index, Active, Ctx.LongLongTy,
              [Scale](int64_t P, int64_t I) -> std::optional<int64_t> {
                return wrappingAdd(P, wrappingMul(I, Scale));
              });
  Result.ValueKind = Kind;
  Result.Object = Object;
  return Result;
}

LValue Evaluator::subscript(const ArraySubscriptExpr *E,
                            const ThreadMask &Active) {
  ThreadValue Index = eval(E->getIdx(), Active);
  const Expr *Base = E->getBase()->IgnoreParens();
  const auto *Decay = dyn_cast<ImplicitCastExpr>(Base);
  if (Decay && Decay->getCastKind() == CK_ArrayToPointerDecay) {
    LValue Array = evalLValue(Decay->getSubExpr(), Active);
    if (Array.LocationKind == LValue::Kind::Local)
      return LValue::none("local arrays are not modelled");
    if (Array.LocationKind != LValue::Kind::Memory)
      return Array;
    uint64_t Stride = bytesOf(E->getType());
    ThreadValue Applied = Index;
    if (Array.ShapedArray) {
      auto Override = Options.LayoutOverrides.find(Array.ShapedArray);
      SharedArrayLayout Layout =
          Override != Options.LayoutOverrides.end()
              ? Override->second
              : declaredLayout(Ctx, Array.ShapedArray);
      if (Array.Level < Layout.Dims.size())
        Stride = Layout.strideBytes(Array.Level);
      bool Innermost = Array.Level + 1 == Layout.Dims.size();
      if (Layout.SwizzleMask && Innermost) {
        int64_t Mask = *Layout.SwizzleMask;
        int64_t Shift = llvm::countr_zero(uint64_t(Mask + 1));
        Applied = Layout.Dims.size() >= 2 && !Array.Subscripts.empty()
                      ? apply(Index, Array.Subscripts.back(), Active,
                              E->getIdx()->getType(),
                              [Mask](int64_t Col,
                                     int64_t Row) -> std::optional<int64_t> {
                                return Col ^ (Row & Mask);
                              })
                      : apply(Index, Index, Active, E->getIdx()->getType(),
                              [Mask, Shift](int64_t K,
                                            int64_t) -> std::optional<int64_t> {
                                return K ^ ((K >> Shift) & Mask);
                              });
      }
    }
    LValue Result;
    Result.LocationKind = LValue::Kind::Memory;
    Result.Address =
        offsetBy(std::move(Array.Address), Applied, Stride, Active);
    Result.ShapedArray = Array.ShapedArray;
    Result.Level = Array.Level + 1;
    Result.Subscripts = std::move(Array.Subscripts);
    Result.Subscripts.push_back(std::move(Index));
    return Result;
  }
  ThreadValue Pointer = eval(E->getBase(), Active);
  if (!Pointer.isPointer())
    return LValue::none(Pointer.UnknownReason.empty()
                            ? "subscript of a pointer the analysis cannot follow"
                            : Pointer.UnknownReason);
  LValue Result;
  Result.LocationKind = LValue::Kind::Memory;
  Result.Address =
      offsetBy(std::move(Pointer), Index, bytesOf(E->getType()), Active);
  return Result;
}

LValue Evaluator::evalLValue(const Expr *E, const ThreadMask &Active) {
  E = E->IgnoreParens();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
    if (!Var)
      return LValue::none("not a variable");
    if (Var->getType()->isReferenceType()) {
      for (auto It = Frames.rbegin(); It != Frames.rend(); ++It) {
        auto Bound = (*It)->References.find(Var);
        if (Bound != (*It)->References.end())
          return Bound->second;
      }
      return LValue::none("reference '" + Var->getNameAsString() +
                          "' not bound");
    }
    auto Local = frame().Locals.find(Var);
    if (Local != frame().Locals.end()) {
      LValue LV;
      LV.LocationKind = LValue::Kind::Local;
      LV.Slot = &Local->second;
      return LV;
    }
    if (Var->hasGlobalStorage()) {
      LValue LV;
      LV.LocationKind = LValue::Kind::Memory;
      bool Shared = Var->hasAttr<CUDASharedAttr>();
      LV.Address = ThreadValue::pointerTo({Var, Shared}, Threads);
      if (Shared && Ctx.getAsArrayType(Var->getType()))
        LV.ShapedArray = Var;
      return LV;
    }
    // A local declared in a statement the evaluator skipped.
    ThreadValue &Slot = frame().Locals[Var];
    Slot = unknown("'" + Var->getNameAsString() + "' was not evaluated");
    LValue LV;
    LV.LocationKind = LValue::Kind::Local;
    LV.Slot = &Slot;
    return LV;
  }
  if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E))
    return subscript(Subscript, Active);
  if (const auto *Unary = dyn_cast<UnaryOperator>(E)) {
    if (Unary->getOpcode() == UO_Deref) {
      ThreadValue Pointer = eval(Unary->getSubExpr(), Active);
      if (!Pointer.isPointer())
        return LValue::none("dereference of a pointer the analysis cannot "
                            "follow");
      LValue LV;
      LV.LocationKind = LValue::Kind::Memory;
      LV.Address = std::move(Pointer);
      return LV;
    }
    if (Unary->isIncrementDecrementOp() && Unary->isPrefix()) {
      eval(Unary, Active);
      return evalLValue(Unary->getSubExpr(), Active);
    }
  }
  if (const auto *Member = dyn_cast<MemberExpr>(E)) {
    const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
    LValue Base;
    if (Member->isArrow()) {
      ThreadValue Pointer = eval(Member->getBase(), Active);
      if (!Pointer.isPointer())
        return LValue::none("member access through a pointer the analysis "
                            "cannot follow");
      Base.LocationKind = LValue::Kind::Memory;
      Base.Address = std::move(Pointer);
    } else {
      Base = evalLValue(Member->getBase(), Active);
    }
    if (Base.LocationKind != LValue::Kind::Memory || !Field)
      return LValue::none(Base.LocationKind == LValue::Kind::Local
                              ? "members of local structs are not modelled"
                              : Base.Reason);
    const ASTRecordLayout &Layout =
        Ctx.getASTRecordLayout(Field->getParent());
    int64_t Offset =
        Ctx.toCharUnitsFromBits(Layout.getFieldOffset(Field->getFieldIndex()))
            .getQuantity();
    LValue LV;
    LV.LocationKind = LValue::Kind::Memory;
    LV.Address = offsetBy(std::move(Base.Address),
                          ThreadValue::uniform(Threads, Offset), 1, Active);
    return LV;
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    switch (Cast->getCastKind()) {
    case CK_NoOp:
    case CK_LValueBitCast:
    case CK_UncheckedDerivedToBase:
    case CK_DerivedToBase: {
      LValue Inner = evalLValue(Cast->getSubExpr(), Active);
      if (Cast->getCastKind() != CK_NoOp)
        Inner.ShapedArray = nullptr;
      return Inner;
    }
    default:
      break;
    }
  }
  if (const auto *Binary = dyn_cast<BinaryOperator>(E)) {
    if (Binary->isAssignmentOp()) {
      eval(Binary, Active);
      return evalLValue(Binary->getLHS(), Active);
    }
    if (Binary->getOpcode() == BO_Comma) {
      eval(Binary->getLHS(), Active);
      return evalLValue(Binary->getRHS(), Active);
    }
  }
  if (const auto *Temporary = dyn_cast<MaterializeTemporaryExpr>(E)) {
    eval(Temporary->getSubExpr(), Active);
    return LValue::none("a temporary");
  }
  // Other lvalues (calls returning references, conditional lvalues): run
  // their operands for their accesses, but the location is not followed.
  evalChildren(E, Active, "");
  return LValue::none(std::string("an lvalue of kind '") +
                      E->getStmtClassName() + "'");
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

ThreadValue Evaluator::eval(const Expr *E, const ThreadMask &Active) {
  // A step is one expression evaluated for one thread.
  Summary.Steps += Threads;
  if (Summary.Steps > Options.StepBudget)
    Summary.BudgetExceeded = true;
  if (outOfBudget())
    return unknown("the evaluation budget ran out");
  if (Depth >= MaxNestingDepth) {
    return nestedTooDeeply(E);
  }
  NestingLevel Level(Depth);
  return evalUncounted(E, Active);
}

ThreadValue Evaluator::nestedTooDeeply(const Expr *E) {
  note(E, "an expression nested more than " + std::to_string(MaxNestingDepth) +
              " levels deep not evaluated");
  return unknown("an expression nested too deeply");
}

ThreadValue Evaluator::evalChildren(const Expr *E, const ThreadMask &Active,
                                    std::string Why) {
  for (const Stmt *Child : E->children())
    if (const auto *ChildExpr = dyn_cast_or_null<Expr>(Child))
      eval(ChildExpr, Active);
  return unknown(std::move(Why));
}

ThreadValue Evaluator::evalUncounted(const Expr *E, const ThreadMask &Active) {
  if (E->containsErrors())
    return unknown("code that does not compile");
  if (E->isGLValue() && namesLocation(E)) {
    // An lvalue used for its location only; the value is read where an
    // lvalue-to-rvalue conversion says so.
    LValue LV = evalLValue(E, Active);
    if (LV.LocationKind == LValue::Kind::Memory)
      return LV.Address;
    return unknown("an lvalue");
  }
  if (const auto *Constant = dyn_cast<ConstantExpr>(E)) {
    if (Constant->hasAPValueResult() && Constant->getAPValueResult().isInt())
      return ThreadValue::uniform(
          Threads, Constant->getAPValueResult().getInt().getExtValue());
    return eval(Constant->getSubExpr(), Active);
  }
  switch (E->getStmtClass()) {
  case Stmt::IntegerLiteralClass:
    return ThreadValue::uniform(
        Threads, wrap(cast<IntegerLiteral>(E)->getValue().getZExtValue(),
                      E->getType()));
  case Stmt::CharacterLiteralClass:
    return ThreadValue::uniform(Threads,
                                cast<CharacterLiteral>(E)->getValue());
  case Stmt::CXXBoolLiteralExprClass:
    return ThreadValue::uniform(Threads, cast<CXXBoolLiteralExpr>(E)->getValue());
  case Stmt::CXXNullPtrLiteralExprClass:
  case Stmt::GNUNullExprClass:
    return ThreadValue::uniform(Threads, 0);
  case Stmt::FloatingLiteralClass:
    return unknown("a floating-point value");
  case Stmt::ParenExprClass:
    return eval(cast<ParenExpr>(E)->getSubExpr(), Active);
  case Stmt::DeclRefExprClass:
    return evalDeclRef(cast<DeclRefExpr>(E), Active);
  case Stmt::SubstNonTypeTemplateParmExprClass:
  case Stmt::UnaryExprOrTypeTraitExprClass:
  case Stmt::SizeOfPackExprClass:
  case Stmt::CXXNoexceptExprClass:
  case Stmt::OffsetOfExprClass: {
    Expr::EvalResult Result;
    if (E->EvaluateAsInt(Result, Ctx))
      return ThreadValue::uniform(Threads,
                                  Result.Val.getInt().getExtValue());
    if (const auto *Subst = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
      return eval(Subst->getReplacement(), Active);
    return unknown("a constant the analysis could not compute");
  }
  case Stmt::ImplicitCastExprClass:
  case Stmt::CStyleCastExprClass:
  case Stmt::CXXStaticCastExprClass:
  case Stmt::CXXReinterpretCastExprClass:
  case Stmt::CXXConstCastExprClass:
  case Stmt::CXXFunctionalCastExprClass:
    return evalCast(cast<CastExpr>(E), Active);
  case Stmt::BinaryOperatorClass:
  case Stmt::CompoundAssignOperatorClass:
    return evalBinary(cast<BinaryOperator>(E), Active);
  case Stmt::UnaryOperatorClass:
    return evalUnary(cast<UnaryOperator>(E), Active);
  case Stmt::ConditionalOperatorClass:
  case Stmt::BinaryConditionalOperatorClass:
    return evalConditional(cast<AbstractConditionalOperator>(E), Active);
  case Stmt::CallExprClass:
  case Stmt::CXXMemberCallExprClass:
  case Stmt::CXXOperatorCallExprClass:
    return evalCall(cast<CallExpr>(E), Active);
  case Stmt::PseudoObjectExprClass:
    return evalBuiltinVariable(cast<PseudoObjectExpr>(E));
  case Stmt::ExprWithCleanupsClass:
    return eval(cast<ExprWithCleanups>(E)->getSubExpr(), Active);
  case Stmt::CXXBindTemporaryExprClass:
    return eval(cast<CXXBindTemporaryExpr>(E)->getSubExpr(), Active);
  case Stmt::MaterializeTemporaryExprClass:
    return eval(cast<MaterializeTemporaryExpr>(E)->getSubExpr(), Active);
  case Stmt::CXXDefaultArgExprClass:
    return eval(cast<CXXDefaultArgExpr>(E)->getExpr(), Active);
  case Stmt::CXXDefaultInitExprClass:
    return eval(cast<CXXDefaultInitExpr>(E)->getExpr(), Active);
  case Stmt::CXXConstructExprClass:
  case Stmt::CXXTemporaryObjectExprClass: {
    const auto *Construct = cast<CXXConstructExpr>(E);
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    // Copying a struct (float4, __half) out of memory is a load of the
    // whole object.
    if (Ctor && Ctor->isCopyOrMoveConstructor() && Ctor->isTrivial() &&
        Construct->getNumArgs() == 1) {
      const Expr *Source = Construct->getArg(0);
      if (Source->isGLValue()) {
        LValue LV = evalLValue(Source, Active);
        return load(LV, Source, Construct->getType(), Active);
      }
    }
    return evalChildren(E, Active, "a constructed object");
  }
  case Stmt::StmtExprClass: {
    exec(cast<StmtExpr>(E)->getSubStmt(), Active);
    return unknown("a statement expression");
  }
  case Stmt::LambdaExprClass:
    return unknown("a lambda");
  default:
    break;
  }
  if (isIntegerLike(E->getType()) && !E->HasSideEffects(Ctx)) {
    Expr::EvalResult Result;
    if (E->EvaluateAsInt(Result, Ctx))
      return ThreadValue::uniform(Threads,
                                  Result.Val.getInt().getExtValue());
  }
  return evalChildren(E, Active,
                      std::string("an expression of kind '") +
                          E->getStmtClassName() + "'");
}

ThreadValue Evaluator::evalDeclRef(const DeclRefExpr *E,
                                   const ThreadMask &Active) {
  const ValueDecl *D = E->getDecl();
  if (const auto *Enum = dyn_cast<EnumConstantDecl>(D))
    return ThreadValue::uniform(Threads, Enum->getInitVal().getExtValue());
  const auto *Var = dyn_cast<VarDecl>(D);
  if (!Var)
    return unknown("a reference to '" + D->getNameAsString() + "'");
  auto Local = frame().Locals.find(Var);
  if (Local != frame().Locals.end())
    return Local->second;
  // Constants: constexpr and const globals, warpSize, template arguments.
  if (isIntegerLike(Var->getType())) {
    Expr::EvalResult Result;
    if (E->EvaluateAsInt(Result, Ctx))
      return ThreadValue::uniform(Threads, Result.Val.getInt().getExtValue());
  }
  return unknown("'" + Var->getNameAsString() + "' is not known");
}

ThreadValue Evaluator::evalCast(const CastExpr *E, const ThreadMask &Active) {
  const Expr *Sub = E->getSubExpr();
  switch (E->getCastKind()) {
  case CK_LValueToRValue: {
    // Constant globals (warpSize, const and constexpr variables) are values,
    // not memory reads.
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Sub->IgnoreParens()))
      if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
        if (Var->hasGlobalStorage() && !Var->hasAttr<CUDASharedAttr>() &&
            Var->getType().isConstQualified() && Var->getAnyInitializer() &&
            isIntegerLike(Var->getType()))
          if (const APValue *Value = Var->evaluateValue())
            if (Value->isInt())
              return ThreadValue::uniform(Threads,
                                          Value->getInt().getExtValue());
    return readLValue(Sub, Active);
  }
  case CK_ArrayToPointerDecay: {
    LValue Array = evalLValue(Sub, Active);
    if (Array.LocationKind == LValue::Kind::Memory)
      return Array.Address;
    return unknown(Array.LocationKind == LValue::Kind::Local
                       ? "local arrays are not modelled"
                       : Array.Reason);
  }
  case CK_IntegralCast:
  case CK_IntegralToBoolean:
  case CK_BooleanToSignedIntegral: {
    ThreadValue V = eval(Sub, Active);
    if (V.isPointer())
      return unknown("a pointer converted to an integer");
    if (E->getCastKind() == CK_BooleanToSignedIntegral) {
      for (unsigned T : V.Known.set_bits())
        V.Values[T] = -int64_t(V.Values[T] != 0);
      return V;
    }
    IntegerWrap Wrap = integerWrap(E->getType());
    if (Wrap.Applies)
      for (unsigned T : V.Known.set_bits())
        V.Values[T] = Wrap(V.Values[T]);
    return V;
  }
  case CK_PointerToBoolean: {
    ThreadValue V = eval(Sub, Active);
    if (V.isPointer()) {
      ThreadValue True = ThreadValue::uniform(Threads, 1);
      True.Known = V.Known;
      return True;
    }
    return unknown("a pointer of unknown origin");
  }
  case CK_NoOp:
  case CK_BitCast:
  case CK_AddressSpaceConversion:
  case CK_UserDefinedConversion:
  case CK_ConstructorConversion:
  case CK_NullToPointer: {
    ThreadValue V = eval(Sub, Active);
    if (E->getCastKind() == CK_BitCast && !E->getType()->isPointerType())
      return unknown("a bit cast");
    return V;
  }
  case CK_ToVoid:
    eval(Sub, Active);
    return unknown("void");
  default:
    eval(Sub, Active);
    return unknown(std::string("a conversion (") + E->getCastKindName() + ")");
  }
}

ThreadValue Evaluator::evalBinary(const BinaryOperator *E,
                                  const ThreadMask &Active) {
  BinaryOperatorKind Op = E->getOpcode();
  if (Op == BO_Comma) {
    eval(E->getLHS(), Active);
    return eval(E->getRHS(), Active);
  }
  if (Op == BO_LAnd || Op == BO_LOr) {
    // The right side runs only for threads the left side did not decide.
    Condition L = evalCondition(E->getLHS(), Active);
    ThreadMask NeedRight = Op == BO_LAnd ? L.True : L.False;
    NeedRight |= L.Unknown;
    Condition R = evalCondition(E->getRHS(), NeedRight);
    ThreadValue Result = ThreadValue::uniform(Threads, 0);
    Result.Known = Active;
    for (unsigned T : Active.set_bits()) {
      if (L.Unknown[T] || R.Unknown[T]) {
        bool Decided = Op == BO_LAnd ? (L.False[T] || R.False[T])
                                     : (L.True[T] || R.True[T]);
        if (!Decided) {
          Result.Known.reset(T);
          continue;
        }
        Result.Values[T] = Op == BO_LOr;
        continue;
      }
      Result.Values[T] = Op == BO_LAnd ? (L.True[T] && R.True[T])
                                       : (L.True[T] || R.True[T]);
    }
    if (!Result.knownFor(Active))
      Result.UnknownReason =
          L.Unknown.any() ? L.UnknownReason : R.UnknownReason;
    return Result;
  }
  if (E->isAssignmentOp()) {
    // Evaluate the value first: a[i] = f() reads f's operands before it
    // writes.
    ThreadValue RHS = eval(E->getRHS(), Active);
    LValue Target = evalLValue(E->getLHS(), Active);
    QualType TargetType = E->getLHS()->getType();
    if (Op == BO_Assign) {
      store(Target, RHS, E->getLHS(), TargetType, Active);
      return RHS;
    }
    const auto *Compound = cast<CompoundAssignOperator>(E);
    ThreadValue Old = Target.LocationKind == LValue::Kind::Local
                          ? *Target.Slot
                          : unknown("data read from memory");
    BinaryOperatorKind ArithOp = BinaryOperator::getOpForCompoundAssignment(Op);
    ThreadValue New;
    if (Old.isPointer() && (ArithOp == BO_Add || ArithOp == BO_Sub)) {
      int64_t Scale = bytesOf(TargetType->getPointeeType());
      New = offsetBy(Old, RHS, ArithOp == BO_Add ? Scale : -Scale, Active);
    } else {
      bool Unsigned =
          Compound->getComputationLHSType()->isUnsignedIntegerOrEnumerationType();
      New = applyTo(std::move(Old), RHS, Active,
                    Compound->getComputationResultType(),
                    [ArithOp, Unsigned](int64_t A, int64_t B)
                        -> std::optional<int64_t> {
                      switch (ArithOp) {
                      case BO_Add: return wrappingAdd(A, B);
                      case BO_Sub: return wrappingSub(A, B);
                      case BO_Mul: return wrappingMul(A, B);
                      case BO_Div:
                        if (B == 0) return std::nullopt;
                        return Unsigned ? int64_t(uint64_t(A) / uint64_t(B)) : signedDiv(A, B);
                      case BO_Rem:
                        if (B == 0) return std::nullopt;
                        return Unsigned ? int64_t(uint64_t(A) % uint64_t(B)) : signedRem(A, B);
                      case BO_Shl: return int64_t(uint64_t(A) << (B & 63));
                      case BO_Shr:
                        return Unsigned ? int64_t(uint64_t(A) >> (B & 63))
                                        : A >> (B & 63);
                      case BO_And: return A & B;
                      case BO_Or: return A | B;
                      case BO_Xor: return A ^ B;
                      default: return std::nullopt;
                      }
                    });
      IntegerWrap Wrap = integerWrap(TargetType);
      for (unsigned T : New.Known.set_bits())
        New.Values[T] = Wrap(New.Values[T]);
    }
    store(Target, New, E->getLHS(), TargetType, Active, /*AlsoLoads=*/true);
    return New;
  }

  ThreadValue L = eval(E->getLHS(), Active);
  ThreadValue R = eval(E->getRHS(), Active);
  QualType OperandType = E->getLHS()->getType();
  // Pointer arithmetic: scale by the pointee's size.
  if (L.isPointer() || R.isPointer()) {
    if ((Op == BO_Add || Op == BO_Sub) && L.isPointer() && !R.isPointer()) {
      int64_t Scale = bytesOf(OperandType->getPointeeType());
      return offsetBy(std::move(L), R, Op == BO_Add ? Scale : -Scale, Active);
    }
    if (Op == BO_Add && R.isPointer() && !L.isPointer())
      return offsetBy(std::move(R), L,
                      bytesOf(E->getRHS()->getType()->getPointeeType()),
                      Active);
    if (L.isPointer() && R.isPointer() && L.Object == R.Object) {
      int64_t Scale = std::max<int64_t>(
          1, bytesOf(OperandType->getPointeeType()));
      if (Op == BO_Sub)
        return apply(L, R, Active, E->getType(),
                     [Scale](int64_t A, int64_t B) -> std::optional<int64_t> {
                       return (A - B) / Scale;
                     });
      if (BinaryOperator::isComparisonOp(Op)) {
        ThreadValue LI = L, RI = R;
        LI.ValueKind = RI.ValueKind = ThreadValue::Kind::Integer;
        L = LI;
        R = RI;
      } else {
        return unknown("pointer arithmetic the analysis cannot follow");
      }
    } else {
      return unknown("pointer arithmetic the analysis cannot follow");
    }
  }
  if (!isIntegerLike(E->getType()) || !isIntegerLike(OperandType))
    return unknown("a non-integer value");
  bool Unsigned = OperandType->isUnsignedIntegerOrEnumerationType();
  return applyTo(std::move(L), R, Active, E->getType(),
                 [Op, Unsigned](int64_t A, int64_t B) -> std::optional<int64_t> {
                   uint64_t UA = A, UB = B;
                   switch (Op) {
                   case BO_Add: return wrappingAdd(A, B);
                   case BO_Sub: return wrappingSub(A, B);
                   case BO_Mul: return int64_t(UA * UB);
                   case BO_Div:
                     if (B == 0) return std::nullopt;
                     return Unsigned ? int64_t(UA / UB) : signedDiv(A, B);
                   case BO_Rem:
                     if (B == 0) return std::nullopt;
                     return Unsigned ? int64_t(UA % UB) : signedRem(A, B);
                   case BO_Shl: return int64_t(UA << (B & 63));
                   case BO_Shr:
                     return Unsigned ? int64_t(UA >> (B & 63)) : A >> (B & 63);
                   case BO_And: return A & B;
                   case BO_Or: return A | B;
                   case BO_Xor: return A ^ B;
                   case BO_LT: return Unsigned ? UA < UB : A < B;
                   case BO_GT: return Unsigned ? UA > UB : A > B;
                   case BO_LE: return Unsigned ? UA <= UB : A <= B;
                   case BO_GE: return Unsigned ? UA >= UB : A >= B;
                   case BO_EQ: return A == B;
                   case BO_NE: return A != B;
                   default: return std::nullopt;
                   }
                 });
}

ThreadValue Evaluator::evalUnary(const UnaryOperator *E,
                                 const ThreadMask &Active) {
  const Expr *Sub = E->getSubExpr();
  switch (E->getOpcode()) {
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec: {
    LValue Target = evalLValue(Sub, Active);
    ThreadValue Old = Target.LocationKind == LValue::Kind::Local
                          ? *Target.Slot
                          : load(Target, Sub, Sub->getType(), Active);
    int64_t Step = E->isIncrementOp() ? 1 : -1;
    ThreadValue New;
    if (Old.isPointer())
      New = offsetBy(Old, ThreadValue::uniform(Threads, Step),
                     bytesOf(Sub->getType()->getPointeeType()), Active);
    else
      New = apply(Old, ThreadValue::uniform(Threads, Step), Active,
                  Sub->getType(),
                  [](int64_t A, int64_t B) -> std::optional<int64_t> {
                    return wrappingAdd(A, B);
                  });
    store(Target, New, Sub, Sub->getType(), Active);
    return E->isPrefix() ? New : Old;
  }
  case UO_AddrOf: {
    LValue Target = evalLValue(Sub, Active);
    if (Target.LocationKind == LValue::Kind::Memory)
      return Target.Address;
    return unknown("the address of a local variable");
  }
  case UO_Deref:
    return load(evalLValue(E, Active), E, E->getType(), Active);
  case UO_Plus:
    return eval(Sub, Active);
  case UO_Extension:
    return eval(Sub, Active);
  case UO_Minus:
  case UO_Not:
  case UO_LNot: {
    ThreadValue V = eval(Sub, Active);
    if (!isIntegerLike(E->getType()) ||
        (!isIntegerLike(Sub->getType()) && E->getOpcode() != UO_LNot))
      return unknown("a non-integer value");
    if (V.isPointer()) {
      if (E->getOpcode() != UO_LNot)
        return unknown("pointer arithmetic the analysis cannot follow");
      ThreadValue False = ThreadValue::uniform(Threads, 0);
      False.Known = V.Known;
      return False;
    }
    UnaryOperatorKind Op = E->getOpcode();
    IntegerWrap Wrap = integerWrap(E->getType());
    for (unsigned T : V.Known.set_bits()) {
      int64_t X = V.Values[T];
      V.Values[T] =
          Wrap(Op == UO_Minus ? wrappingSub(0, X) : Op == UO_Not ? ~X : !X);
    }
    return V;
  }
  default:
    return evalChildren(E, Active, "a unary operator the analysis skips");
  }
}

template <typename SideT>
ThreadValue Evaluator::choose(const AbstractConditionalOperator *E,
                              const ThreadMask &Active, SideT EvalSide) {
  Condition C = evalCondition(E->getCond(), Active);
  ThreadMask TrueSide = C.True;
  TrueSide |= C.Unknown;
  ThreadMask FalseSide = C.False;
  FalseSide |= C.Unknown;
  ThreadValue Result = EvalSide(E->getTrueExpr(), TrueSide);
  ThreadValue False = EvalSide(E->getFalseExpr(), FalseSide);
  Result.assign(False, C.False);
  Result.forget(C.Unknown, C.UnknownReason.empty() ? "a data-dependent choice"
                                                   : C.UnknownReason);
  // `c ? threadIdx.x : threadIdx.y` changes with c: a sweep must vary it.
  Result.Symbols |= C.Symbols;
  return Result;
}

ThreadValue Evaluator::evalConditional(const AbstractConditionalOperator *E,
                                       const ThreadMask &Active) {
  return choose(E, Active, [this](const Expr *Side, const ThreadMask &Mask) {
    return eval(Side, Mask);
  });
}

ThreadValue Evaluator::readLValue(const Expr *E, const ThreadMask &Active) {
  if (const auto *Choice = dyn_cast<ConditionalOperator>(E->IgnoreParens())) {
    if (Depth >= MaxNestingDepth) {
      return nestedTooDeeply(E);
    }
    NestingLevel Level(Depth);
    return choose(Choice, Active,
                  [this](const Expr *Side, const ThreadMask &Mask) {
                    return readLValue(Side, Mask);
                  });
  }
  return load(evalLValue(E, Active), E, E->getType(), Active);
}

ThreadValue Evaluator::evalBuiltinVariable(const PseudoObjectExpr *E) {
  const auto *Property =
      dyn_cast<MSPropertyRefExpr>(E->getSyntacticForm()->IgnoreParens());
  if (!Property)
    return unknown("a property access");
  const CXXRecordDecl *Record =
      Property->getBaseExpr()->getType()->getAsCXXRecordDecl();
  StringRef Axis = Property->getPropertyDecl()->getName();
  unsigned Dim = Axis == "x" ? 0 : Axis == "y" ? 1 : 2;
  StringRef Builtin = Record ? Record->getName() : "";
  const BlockShape &Block = Options.Block;
  if (Builtin == "__cuda_builtin_threadIdx_t")
    return ThreadIndex[Dim];
  if (Builtin == "__cuda_builtin_blockDim_t")
    return ThreadValue::uniform(Threads,
                                Dim == 0 ? Block.X : Dim == 1 ? Block.Y
                                                              : Block.Z);
  if (Builtin == "__cuda_builtin_blockIdx_t")
    return symbolValue({UniformSymbol::Kind::BlockIdx, nullptr, Dim});
  if (Builtin == "__cuda_builtin_gridDim_t") {
    if (Options.Grid)
      return ThreadValue::uniform(Threads, Dim == 0   ? Options.Grid->X
                                           : Dim == 1 ? Options.Grid->Y
                                                      : Options.Grid->Z);
    return symbolValue({UniformSymbol::Kind::GridDim, nullptr, Dim});
  }
  return unknown("a property of '" + Builtin.str() + "'");
}

/// The unqualified name of \p E's class type, or "".
std::string typeNameOf(const Expr *E) {
  if (!E)
    return "";
  QualType T = E->getType();
  if (T->isPointerType())
    T = T->getPointeeType();
  if (const CXXRecordDecl *Record = T->getAsCXXRecordDecl())
    return Record->getNameAsString();
  return "";
}

/// The class of the object a member function is called on (most derived,
/// as written), also for static members called through an object as
/// cooperative groups' `block.sync()` is; "" for other calls.
std::string objectTypeOfCall(const CallExpr *E) {
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(E))
    if (const Expr *Object = Member->getImplicitObjectArgument())
      return typeNameOf(Object->IgnoreImpCasts());
  if (const auto *Callee =
          dyn_cast<MemberExpr>(E->getCallee()->IgnoreParenImpCasts()))
    return typeNameOf(Callee->getBase()->IgnoreImpCasts());
  if (const auto *Method =
          dyn_cast_or_null<CXXMethodDecl>(E->getDirectCallee()))
    return Method->getParent()->getNameAsString();
  return "";
}

/// Whether a class is a cooperative-groups group or a cuda::barrier.
bool isSynchronizingType(StringRef Name) {
  return Name.contains("thread_block") || Name.contains("thread_group") ||
         Name.contains("grid_group") || Name.contains("coalesced_group") ||
         Name.contains("tile") || Name == "barrier" || Name.contains("pipeline");
}

/// The scope of the barrier \p E is, if it is one.
std::optional<BarrierScope> barrierScopeOf(const CallExpr *E, StringRef Name) {
  if (Name == "__syncthreads" || Name == "__syncthreads_count" ||
      Name == "__syncthreads_and" || Name == "__syncthreads_or" ||
      Name == "__barrier_sync")
    return BarrierScope::Block;
  if (Name == "__syncwarp")
    return BarrierScope::Warp;
  // group.sync(), cg::sync(group), bar.arrive_and_wait().
  std::string Group = objectTypeOfCall(E);
  if (Group.empty() && Name == "sync" && E->getNumArgs() == 1)
    Group = typeNameOf(E->getArg(0)->IgnoreImpCasts());
  if (Name == "sync" || Name == "arrive_and_wait") {
    if (Group.find("thread_block_tile") != std::string::npos ||
        Group.find("coalesced_group") != std::string::npos)
      return BarrierScope::Warp;
    if (Group.find("thread_block") != std::string::npos ||
        Group.find("grid_group") != std::string::npos || Group == "barrier")
      return BarrierScope::Block;
    if (!Group.empty())
      return BarrierScope::Unknown;
  }
  return std::nullopt;
}

/// The function a call names, looking through std:: and the CUDA headers'
/// overload wrappers.
StringRef calleeName(const FunctionDecl *Callee) {
  if (!Callee || !Callee->getIdentifier())
    return "";
  return Callee->getName();
}

ThreadValue Evaluator::evalCall(const CallExpr *E, const ThreadMask &Active) {
  const FunctionDecl *Callee = E->getDirectCallee();
  // `a[i] = v` for a struct (float2, float4, __half) is a call of its trivial
  // operator=: a store of the whole object, and a load if v is in memory.
  if (const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee);
      Method && isa<CXXOperatorCallExpr>(E) && E->getNumArgs() == 2 &&
      Method->isTrivial() &&
      (Method->isCopyAssignmentOperator() ||
       Method->isMoveAssignmentOperator())) {
    const Expr *Source = E->getArg(1);
    QualType ObjectType = E->getArg(0)->getType();
    if (Source->isGLValue() && namesLocation(Source))
      load(evalLValue(Source, Active), Source, ObjectType, Active);
    else
      eval(Source, Active);
    LValue Target = evalLValue(E->getArg(0), Active);
    if (Target.LocationKind == LValue::Kind::Local)
      Target.Slot->forget(Active, "a struct value");
    else
      store(Target, unknown("a struct value"), E->getArg(0), ObjectType,
            Active);
    return unknown("a struct value");
  }
  StringRef Name = calleeName(Callee);
  if (std::optional<ThreadValue> Known = evalKnownCall(E, Name, Active))
    return *Known;
  if (Callee && !isa<CXXMethodDecl>(Callee) && !E->getCallee()->isTypeDependent()) {
    const FunctionDecl *Definition = nullptr;
    if (Callee->hasBody(Definition) && !Callee->getBuiltinID())
      return inlineCall(Definition, E, Active);
  }
  bool MaySynchronize = isSynchronizingType(objectTypeOfCall(E));
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(E))
    if (const Expr *Object = Member->getImplicitObjectArgument())
      eval(Object, Active);
  for (const Expr *Arg : E->arguments()) {
    eval(Arg, Active);
    MaySynchronize |= isSynchronizingType(typeNameOf(Arg));
  }
  // A call the evaluator cannot follow that is handed a group or barrier may
  // synchronize; queries of a group (its size, a thread's rank, shuffles)
  // do not.
  bool Query = llvm::StringSwitch<bool>(Name)
                   .Cases("thread_rank", "size", "num_threads",
                          "meta_group_rank", "meta_group_size", true)
                   .Cases("group_index", "thread_index", "group_dim",
                          "dim_threads", "block_rank", true)
                   .Default(Name.starts_with("shfl") ||
                            Name.starts_with("ballot") || Name == "any" ||
                            Name == "all" || Name.starts_with("match"));
  if (MaySynchronize && !Query)
    barrier(E, BarrierScope::Unknown, Active);
  return unknown("the result of a call to '" +
                 (Name.empty() ? std::string("a function") : Name.str()) + "'");
}

ThreadValue Evaluator::inlineCall(const FunctionDecl *Callee,
                                  const CallExpr *E,
                                  const ThreadMask &Active) {
  if (Frames.size() > Options.MaxCallDepth) {
    note(E, "call depth limit reached in '" + Callee->getNameAsString() + "'");
    return evalChildren(E, Active, "a call nested too deeply");
  }
  auto Callee_Frame = std::make_unique<Frame>();
  Callee_Frame->Returned = none();
  unsigned NumArgs = std::min<unsigned>(E->getNumArgs(), Callee->getNumParams());
  for (unsigned I = 0; I < NumArgs; ++I) {
    const ParmVarDecl *Param = Callee->getParamDecl(I);
    const Expr *Arg = E->getArg(I);
    if (Param->getType()->isReferenceType())
      Callee_Frame->References[Param] = evalLValue(Arg, Active);
    else
      Callee_Frame->Locals[Param] = eval(Arg, Active);
  }
  Frames.push_back(std::move(Callee_Frame));
  exec(Callee->getBody(), Active);
  std::optional<ThreadValue> Result = std::move(frame().ReturnValue);
  Frames.pop_back();
  if (Result)
    return *Result;
  return unknown("'" + Callee->getNameAsString() + "' returned no value");
}

void Evaluator::barrier(const Stmt *Site, BarrierScope Scope,
                        const ThreadMask &Active) {
  ThreadMask Alive(Threads, true);
  Alive.reset(Frames.front()->Returned);
  Observer.onBarrier(
      {Site, Scope, Active, Alive, LoopStack, LoopIterations});
}

ThreadValue Evaluator::evalShuffle(StringRef Name, const CallExpr *E,
                                   const ThreadMask &Active) {
  // __shfl*_sync(mask, value, lane-or-delta[, width]).
  if (E->getNumArgs() < 3)
    return evalChildren(E, Active, "a shuffle");
  eval(E->getArg(0), Active);
  ThreadValue Value = eval(E->getArg(1), Active);
  ThreadValue Selector = eval(E->getArg(2), Active);
  ThreadValue Width = E->getNumArgs() > 3 ? eval(E->getArg(3), Active)
                                          : ThreadValue::uniform(Threads, 32);
  ThreadValue Result = unknown("a shuffle the analysis cannot follow");
  Result.ValueKind = Value.ValueKind;
  Result.Object = Value.Object;
  Result.Symbols = Value.Symbols | Selector.Symbols;
  unsigned WarpSize = Options.WarpSize;
  for (unsigned T : Active.set_bits()) {
    if (!Selector.Known[T] || !Width.Known[T] || Width.Values[T] <= 0)
      continue;
    int64_t Lane = T % WarpSize, W = Width.Values[T], S = Selector.Values[T];
    int64_t SegmentStart = Lane / W * W;
    int64_t Source = Lane;
    if (Name.starts_with("__shfl_xor"))
      Source = Lane ^ S;
    else if (Name.starts_with("__shfl_up"))
      Source = Lane - S >= SegmentStart ? Lane - S : Lane;
    else if (Name.starts_with("__shfl_down"))
      Source = Lane + S < SegmentStart + W ? Lane + S : Lane;
    else
      Source = SegmentStart + ((S % W) + W) % W;
    if (Source < 0 || Source >= int64_t(WarpSize))
      Source = Lane;
    unsigned SourceThread = T - Lane + Source;
    if (SourceThread < Threads && Active[SourceThread] &&
        Value.Known[SourceThread]) {
      Result.Values[T] = Value.Values[SourceThread];
      Result.Known.set(T);
    }
  }
  return Result;
}

std::optional<ThreadValue>
Evaluator::evalKnownCall(const CallExpr *E, StringRef Name,
                         const ThreadMask &Active) {
  if (Name.empty())
    return std::nullopt;
  if (std::optional<BarrierScope> Scope = barrierScopeOf(E, Name)) {
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(E))
      if (const Expr *Object = Member->getImplicitObjectArgument())
        eval(Object, Active);
    for (const Expr *Arg : E->arguments())
      eval(Arg, Active);
    barrier(E, *Scope, Active);
    return unknown("the result of a barrier");
  }
  if (Name == "thread_rank" && objectTypeOfCall(E) == "thread_block") {
    // block.thread_rank(): the thread's linear index in the block.
    ThreadValue Rank = ThreadValue::uniform(Threads, 0);
    for (unsigned T = 0; T < Threads; ++T)
      Rank.Values[T] = T;
    return Rank;
  }
  if (Name.starts_with("atomic")) {
    StringRef Op = Name.drop_front(6);
    Op.consume_back("_block") || Op.consume_back("_system");
    bool IsAtomic = llvm::StringSwitch<bool>(Op)
                        .Cases("Add", "Sub", "Exch", "Min", "Max", true)
                        .Cases("Inc", "Dec", "CAS", "And", "Or", "Xor", true)
                        .Default(false);
    if (IsAtomic && E->getNumArgs() >= 2) {
      const Expr *PointerArg = E->getArg(0);
      ThreadValue Pointer = eval(PointerArg, Active);
      for (unsigned I = 1; I < E->getNumArgs(); ++I)
        eval(E->getArg(I), Active);
      if (Pointer.isPointer()) {
        LValue Target;
        Target.LocationKind = LValue::Kind::Memory;
        Target.Address = std::move(Pointer);
        reportAccess(Target, E, AccessKind::Atomic,
                     PointerArg->getType()->getPointeeType(), Active);
      }
      return unknown("the result of an atomic");
    }
  }
  if (Name.starts_with("__shfl"))
    return evalShuffle(Name, E, Active);

  using BinaryFn = std::optional<int64_t> (*)(int64_t, int64_t);
  BinaryFn Binary =
      llvm::StringSwitch<BinaryFn>(Name)
          .Cases("min", "umin", "llmin", "ullmin",
                 [](int64_t A, int64_t B) -> std::optional<int64_t> {
                   return std::min(A, B);
                 })
          .Cases("max", "umax", "llmax", "ullmax",
                 [](int64_t A, int64_t B) -> std::optional<int64_t> {
                   return std::max(A, B);
                 })
          .Cases("__mul24", "__umul24",
                 [](int64_t A, int64_t B) -> std::optional<int64_t> {
                   return wrappingMul(A, B);
                 })
          .Default(nullptr);
  if (Binary && E->getNumArgs() == 2 && isIntegerLike(E->getType())) {
    ThreadValue L = eval(E->getArg(0), Active);
    ThreadValue R = eval(E->getArg(1), Active);
    if (L.isPointer() || R.isPointer())
      return unknown("min/max of pointers");
    bool Unsigned = E->getType()->isUnsignedIntegerOrEnumerationType();
    if (Unsigned && Name.contains("min"))
      return apply(L, R, Active, E->getType(),
                   [](int64_t A, int64_t B) -> std::optional<int64_t> {
                     return int64_t(std::min(uint64_t(A), uint64_t(B)));
                   });
    if (Unsigned && Name.contains("max"))
      return apply(L, R, Active, E->getType(),
                   [](int64_t A, int64_t B) -> std::optional<int64_t> {
                     return int64_t(std::max(uint64_t(A), uint64_t(B)));
                   });
    return apply(L, R, Active, E->getType(), Binary);
  }
  using UnaryFn = int64_t (*)(int64_t);
  UnaryFn Unary =
      llvm::StringSwitch<UnaryFn>(Name)
          .Cases("abs", "labs", "llabs",
                 [](int64_t A) -> int64_t { return A < 0 ? -A : A; })
          .Cases("__popc", "__popcll",
                 [](int64_t A) -> int64_t {
                   return llvm::popcount(uint64_t(A));
                 })
          .Default(nullptr);
  if (Unary && E->getNumArgs() == 1 && isIntegerLike(E->getType())) {
    ThreadValue V = eval(E->getArg(0), Active);
    if (V.isPointer())
      return unknown("a pointer");
    uint64_t Mask = Name == "__popc" ? 0xffffffffu : ~uint64_t(0);
    IntegerWrap Wrap = integerWrap(E->getType());
    for (unsigned T : V.Known.set_bits())
      V.Values[T] = Wrap(Unary(int64_t(uint64_t(V.Values[T]) & Mask)));
    return V;
  }
  return std::nullopt;
}

} // namespace

EvaluationSummary evaluateKernel(ASTContext &Ctx, const FunctionDecl *Kernel,
                                 const EvaluationOptions &Options,
                                 SymbolTable &Symbols,
                                 ExecutionObserver &Observer) {
  if (Options.Device && hasDeviceCode(*Options.Device, Kernel))
    return evaluateKernelIr(Ctx, *Options.Device, Kernel, Options, Symbols,
                            Observer);
  Evaluator E(Ctx, Options, Symbols, Observer);
  return E.run(Kernel);
}

} // namespace smemlint
