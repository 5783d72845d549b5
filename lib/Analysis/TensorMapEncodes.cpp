//===--- TensorMapEncodes.cpp - The host's cuTensorMapEncodeTiled calls ---===//

#include "Analysis/TensorMapEncodes.h"

#include "Analysis/HostValues.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace smemlint {
namespace {

/// cuTensorMapEncodeTiled's parameters, in order (CUDA's driver API).
enum EncodeArgument : unsigned {
  Map,
  DataType,
  Rank,
  GlobalAddress,
  GlobalDim,
  GlobalStrides,
  BoxDim,
  ElementStrides,
  Interleave,
  Swizzle,
  L2Promotion,
  OobFill,
  EncodeArguments
};

bool isRecordNamed(QualType Type, StringRef Name) {
  const auto *Record = Type.getCanonicalType()->getAsRecordDecl();
  return Record && Record->getIdentifier() && Record->getName() == Name;
}

bool isEnumNamed(QualType Type, StringRef Name) {
  const auto *Enum = Type.getCanonicalType()->getAs<EnumType>();
  return Enum && Enum->getDecl()->getIdentifier() &&
         Enum->getDecl()->getName() == Name;
}

/// `cuTensorMapEncodeTiled(&Var, ...)`, or the same call through a function
/// pointer (cudaGetDriverEntryPoint's): twelve arguments, the second of the
/// data-type enum.
bool encodesInto(const CallExpr *Call, const VarDecl *Var) {
  if (Call->getNumArgs() != EncodeArguments ||
      !isEnumNamed(Call->getArg(DataType)->IgnoreParenImpCasts()->getType(),
                   "CUtensorMapDataType_enum"))
    return false;
  if (const FunctionDecl *Callee = Call->getDirectCallee();
      Callee && Callee->getIdentifier() &&
      !Callee->getName().starts_with("cuTensorMapEncodeTiled"))
    return false;
  const auto *AddressOf =
      dyn_cast<UnaryOperator>(Call->getArg(Map)->IgnoreParenCasts());
  if (!AddressOf || AddressOf->getOpcode() != UO_AddrOf)
    return false;
  const auto *Ref =
      dyn_cast<DeclRefExpr>(AddressOf->getSubExpr()->IgnoreParenImpCasts());
  return Ref && Ref->getDecl() == Var;
}

/// The calls and returns of one function body.
class BodyStatements : public RecursiveASTVisitor<BodyStatements> {
public:
  std::vector<const CallExpr *> Calls;
  std::vector<const ReturnStmt *> Returns;
  bool VisitCallExpr(CallExpr *Call) {
    Calls.push_back(Call);
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *Return) {
    Returns.push_back(Return);
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
};

const VarDecl *variableNamedBy(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E);
      Construct && Construct->getNumArgs() == 1)
    E = Construct->getArg(0)->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

/// The function a `make_map(...)` initialiser calls, and its call.
const CallExpr *helperCall(const Expr *E) {
  if (!E)
    return nullptr;
  E = E->IgnoreImplicit();
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E);
      Construct && Construct->getNumArgs() == 1)
    E = Construct->getArg(0)->IgnoreImplicit();
  const auto *Call = dyn_cast<CallExpr>(E->IgnoreParens());
  return Call && Call->getDirectCallee() ? Call : nullptr;
}

/// Where a variable is given a tensor map: the encode calls into it and the
/// assignments to it (`Var = helper(...)`, Helper null when the assigned
/// value is not a helper call), with the functions they stand in.
class Definitions : public UserFunctionVisitor<Definitions> {
public:
  Definitions(const SourceManager &SM, const VarDecl *Var)
      : UserFunctionVisitor(SM), Var(Var) {}
  struct Definition {
    const Expr *At = nullptr;
    const CallExpr *Encode = nullptr, *Helper = nullptr;
    const FunctionDecl *In = nullptr;
  };
  std::vector<Definition> Found;

  bool VisitCallExpr(CallExpr *Call) {
    if (Current && encodesInto(Call, Var))
      Found.push_back({Call, Call, nullptr, Current});
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *Op) {
    if (Current && Op->isAssignmentOp() && assigns(Op->getLHS()))
      Found.push_back(
          {Op, nullptr,
           Op->getOpcode() == BO_Assign ? helperCall(Op->getRHS()) : nullptr,
           Current});
    return true;
  }
  // `map = make_map(...)` where the map's class has an operator=.
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Op) {
    if (Current && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
        assigns(Op->getArg(0)))
      Found.push_back({Op, nullptr, helperCall(Op->getArg(1)), Current});
    return true;
  }

private:
  bool assigns(const Expr *Target) const {
    const auto *Ref = dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts());
    return Ref && Ref->getDecl() == Var;
  }
  const VarDecl *Var;
};

class EncodeReader {
public:
  EncodeReader(ASTContext &Ctx, HostEvaluator &Values)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Values(Values) {}

  /// The last encode into \p Var in \p Function before \p Before (anywhere
  /// in it when null).
  std::optional<TensorMapBox> encodeOf(const VarDecl *Var,
                                       const FunctionDecl *Function,
                                       const Stmt *Before) {
    if (!Function || !Function->hasBody())
      return std::nullopt;
    BodyStatements Body;
    Body.TraverseStmt(Function->getBody());
    const CallExpr *Last = nullptr;
    for (const CallExpr *Call : Body.Calls)
      if (encodesInto(Call, Var) &&
          (!Before || SM.isBeforeInTranslationUnit(Call->getBeginLoc(),
                                                   Before->getBeginLoc())))
        Last = Call;
    return Last ? read(Last, Function) : std::nullopt;
  }

  /// What one encode call in \p Function encodes.
  std::optional<TensorMapBox> encodedBy(const CallExpr *Encode,
                                        const FunctionDecl *Function) {
    Via = nullptr;
    return read(Encode, Function);
  }

  /// The map a helper returns: its body encodes a local and returns it.
  std::optional<TensorMapBox> returnedBy(const CallExpr *Call) {
    const FunctionDecl *Helper = Call->getDirectCallee();
    const FunctionDecl *Definition = nullptr;
    if (!Helper || !Helper->hasBody(Definition) ||
        !isTensorMapType(Definition->getReturnType()))
      return std::nullopt;
    Via = Call;
    BodyStatements Body;
    Body.TraverseStmt(Definition->getBody());
    const VarDecl *Returned = nullptr;
    for (const ReturnStmt *Return : Body.Returns) {
      const VarDecl *Var = Return->getRetValue()
                               ? variableNamedBy(Return->getRetValue())
                               : nullptr;
      if (!Var || (Returned && Returned != Var))
        return std::nullopt;
      Returned = Var;
    }
    return Returned ? encodeOf(Returned, Definition, nullptr) : std::nullopt;
  }

private:
  /// One integer where \p E stands in \p Function, the same in every
  /// configuration the function is reached with.
  std::optional<int64_t> integerAt(const Expr *E, const FunctionDecl *Function,
                                   const Stmt *At) {
    if (E->isValueDependent())
      return std::nullopt;
    Expr::EvalResult Constant;
    if (E->EvaluateAsInt(Constant, Ctx))
      return Constant.Val.getInt().getExtValue();
    HostEvaluations Evaluated =
        Values.evaluateTogether({HostQuery::of(E)}, Function, At);
    std::optional<int64_t> Only;
    for (const HostConfiguration &C : Evaluated.Configurations) {
      // A helper's parameters take the values of the call being followed.
      if (Via && C.Through && C.Through != Via)
        continue;
      const HostValue &V = C.Values[0];
      if (V.ValueKind != HostValue::Kind::Integer ||
          (Only && *Only != V.Integer))
        return std::nullopt;
      Only = V.Integer;
    }
    return Evaluated.Truncated ? std::nullopt : Only;
  }

  /// `cuuint32_t box[2] = {64, BM};` handed over as `box`: its entries.
  std::optional<llvm::SmallVector<uint32_t, 5>>
  arrayEntries(const Expr *E, unsigned Count, const FunctionDecl *Function,
               const Stmt *At) {
    const VarDecl *Array = variableNamedBy(E);
    const auto *List =
        Array && Array->getInit()
            ? dyn_cast<InitListExpr>(Array->getInit()->IgnoreImplicit())
            : nullptr;
    if (!List || List->getNumInits() < Count || Count == 0 || Count > 5)
      return std::nullopt;
    llvm::SmallVector<uint32_t, 5> Entries;
    for (unsigned I = 0; I < Count; ++I) {
      std::optional<int64_t> V = integerAt(List->getInit(I), Function, At);
      if (!V || *V <= 0 || *V > 256)
        return std::nullopt;
      Entries.push_back(uint32_t(*V));
    }
    return Entries;
  }

  /// The enumerator an argument names (`CU_TENSOR_MAP_SWIZZLE_128B`), or
  /// its value's name when it is a constant of the enum.
  std::optional<std::string>
  enumeratorAt(const Expr *E, const FunctionDecl *Function, const Stmt *At) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *Enumerator = dyn_cast<EnumConstantDecl>(Ref->getDecl()))
        return Enumerator->getNameAsString();
    const auto *Enum = E->IgnoreParenImpCasts()
                           ->getType()
                           .getCanonicalType()
                           ->getAs<EnumType>();
    std::optional<int64_t> V = integerAt(E, Function, At);
    if (!Enum || !V)
      return std::nullopt;
    for (const EnumConstantDecl *Enumerator : Enum->getDecl()->enumerators())
      if (Enumerator->getInitVal().getExtValue() == *V)
        return Enumerator->getNameAsString();
    return std::nullopt;
  }

  std::optional<TensorMapBox> read(const CallExpr *Encode,
                                   const FunctionDecl *Function) {
    std::optional<std::string> Type =
        enumeratorAt(Encode->getArg(DataType), Function, Encode);
    std::optional<std::string> Layout =
        enumeratorAt(Encode->getArg(Interleave), Function, Encode);
    std::optional<std::string> Swizzle =
        enumeratorAt(Encode->getArg(EncodeArgument::Swizzle), Function, Encode);
    std::optional<int64_t> Dims =
        integerAt(Encode->getArg(Rank), Function, Encode);
    if (!Type || !Layout || !Swizzle || !Dims || *Dims < 1 || *Dims > 5 ||
        *Layout != "CU_TENSOR_MAP_INTERLEAVE_NONE")
      return std::nullopt;
    TensorMapBox Map;
    Map.Where = Encode->getBeginLoc();
    Map.SwizzleName = *Swizzle;
    Map.ElementBytes = elementBytes(*Type);
    Map.SwizzleBytes = llvm::StringSwitch<unsigned>(*Swizzle)
                           .Case("CU_TENSOR_MAP_SWIZZLE_NONE", 0)
                           .Case("CU_TENSOR_MAP_SWIZZLE_32B", 32)
                           .Case("CU_TENSOR_MAP_SWIZZLE_64B", 64)
                           .Case("CU_TENSOR_MAP_SWIZZLE_128B", 128)
                           .Default(~0u);
    if (!Map.ElementBytes || Map.SwizzleBytes == ~0u)
      return std::nullopt; // packed sub-byte types; the 128B atom variants
    auto Box =
        arrayEntries(Encode->getArg(BoxDim), unsigned(*Dims), Function, Encode);
    auto Strides = arrayEntries(Encode->getArg(ElementStrides), unsigned(*Dims),
                                Function, Encode);
    if (!Box || !Strides)
      return std::nullopt;
    Map.Box = std::move(*Box);
    Map.ElementStrides = std::move(*Strides);
    return Map;
  }

  static unsigned elementBytes(StringRef Type) {
    return llvm::StringSwitch<unsigned>(Type)
        .Case("CU_TENSOR_MAP_DATA_TYPE_UINT8", 1)
        .Cases("CU_TENSOR_MAP_DATA_TYPE_UINT16",
               "CU_TENSOR_MAP_DATA_TYPE_FLOAT16",
               "CU_TENSOR_MAP_DATA_TYPE_BFLOAT16", 2)
        .Cases("CU_TENSOR_MAP_DATA_TYPE_UINT32",
               "CU_TENSOR_MAP_DATA_TYPE_INT32",
               "CU_TENSOR_MAP_DATA_TYPE_FLOAT32",
               "CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ",
               "CU_TENSOR_MAP_DATA_TYPE_TFLOAT32",
               "CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ", 4)
        .Cases("CU_TENSOR_MAP_DATA_TYPE_UINT64",
               "CU_TENSOR_MAP_DATA_TYPE_INT64",
               "CU_TENSOR_MAP_DATA_TYPE_FLOAT64", 8)
        .Default(0);
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  HostEvaluator &Values;
  /// The helper call whose returned map is being read.
  const CallExpr *Via = nullptr;
};

} // namespace

bool isTensorMapType(QualType Type) {
  return isRecordNamed(Type, "CUtensorMap_st");
}

std::optional<TensorMapBox>
encodedTensorMap(ASTContext &Ctx, HostEvaluator &Values, const Expr *Argument,
                 const FunctionDecl *Launching, const Stmt *Launch) {
  EncodeReader Reader(Ctx, Values);
  if (const CallExpr *Helper = helperCall(Argument))
    return Reader.returnedBy(Helper);
  const VarDecl *Var = variableNamedBy(Argument);
  if (!Var || isa<ParmVarDecl>(Var) || !Launching)
    return std::nullopt;
  // Every definition that may reach the launch must encode the same box: a
  // local's in the launching function before the launch, a global's
  // anywhere in the translation unit.
  const SourceManager &SM = Ctx.getSourceManager();
  Definitions Found(SM, Var);
  if (Var->hasLocalStorage())
    Found.TraverseDecl(const_cast<FunctionDecl *>(Launching));
  else
    Found.TraverseDecl(Ctx.getTranslationUnitDecl());
  std::optional<TensorMapBox> Agreed;
  bool Any = false;
  auto Agree = [&](const std::optional<TensorMapBox> &Box) {
    if (!Box || (Agreed && *Agreed != *Box))
      return false;
    Agreed = Box;
    Any = true;
    return true;
  };
  if (const CallExpr *Helper = helperCall(Var->getInit()))
    if (!Agree(Reader.returnedBy(Helper)))
      return std::nullopt;
  for (const Definitions::Definition &D : Found.Found) {
    if (Var->hasLocalStorage() &&
        !SM.isBeforeInTranslationUnit(D.At->getBeginLoc(),
                                      Launch->getBeginLoc()))
      continue;
    std::optional<TensorMapBox> Box = D.Encode
                                          ? Reader.encodedBy(D.Encode, D.In)
                                      : D.Helper ? Reader.returnedBy(D.Helper)
                                                 : std::nullopt;
    if (!Agree(Box))
      return std::nullopt;
  }
  return Any ? Agreed : std::nullopt;
}

} // namespace smemlint
