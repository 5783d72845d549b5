//===--- HostLaunches.cpp - Kernel launches and their configurations ------===//

#include "Analysis/HostLaunches.h"

#include "Analysis/HostValues.h"
#include "Analysis/TensorMapEncodes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace smemlint {
namespace {

/// The positions of the launch queries; kernel arguments follow.
enum LaunchQuery : unsigned { Callee, Grid, Block, Bytes, FirstArgument };

/// A grid or block: a dim3, or an integer for its x.
std::optional<BlockShape> shapeOf(const HostValue &V, bool IsBlock) {
  BlockShape Shape;
  if (V.ValueKind == HostValue::Kind::Dim3)
    Shape = V.Dim3;
  else if (V.ValueKind == HostValue::Kind::Integer && V.Integer > 0 &&
           V.Integer <= UINT32_MAX)
    Shape = {unsigned(V.Integer), 1, 1};
  else
    return std::nullopt;
  if (Shape.X == 0 || Shape.Y == 0 || Shape.Z == 0)
    return std::nullopt;
  // A block CUDA would refuse to launch is not one to analyse.
  if (IsBlock && (uint64_t(Shape.X) * Shape.Y * Shape.Z > 1024 || Shape.Z > 64))
    return std::nullopt;
  return Shape;
}

/// The local `cfg` in `&cfg`.
const VarDecl *addressedVariable(const Expr *E) {
  const auto *AddressOf = dyn_cast<UnaryOperator>(E->IgnoreParenCasts());
  if (!AddressOf || AddressOf->getOpcode() != UO_AddrOf)
    return nullptr;
  const auto *Ref =
      dyn_cast<DeclRefExpr>(AddressOf->getSubExpr()->IgnoreParenCasts());
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

const FieldDecl *fieldNamed(const VarDecl *Var, StringRef Name) {
  const auto *Record = Var->getType()->getAsRecordDecl();
  if (!Record)
    return nullptr;
  for (const FieldDecl *Field : Record->fields())
    if (Field->getIdentifier() && Field->getName() == Name)
      return Field;
  return nullptr;
}

/// The assignments `X = value` of a function body, in source order.
class Assignments : public RecursiveASTVisitor<Assignments> {
public:
  std::vector<const BinaryOperator *> Found;
  bool VisitBinaryOperator(BinaryOperator *Op) {
    if (Op->getOpcode() == BO_Assign)
      Found.push_back(Op);
    return true;
  }
};

/// `Var.Field` (a MemberExpr on the local itself).
bool isFieldOf(const Expr *E, const VarDecl *Var, StringRef Field) {
  const auto *Member = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  if (!Member || Member->isArrow() ||
      !Member->getMemberDecl()->getIdentifier() ||
      Member->getMemberDecl()->getName() != Field)
    return false;
  const auto *Ref =
      dyn_cast<DeclRefExpr>(Member->getBase()->IgnoreParenImpCasts());
  return Ref && Ref->getDecl() == Var;
}

/// The local array `attribute` in `attribute`, `&attribute[0]`.
const VarDecl *arrayNamedBy(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *AddressOf = dyn_cast<UnaryOperator>(E);
      AddressOf && AddressOf->getOpcode() == UO_AddrOf)
    if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(
            AddressOf->getSubExpr()->IgnoreParenImpCasts()))
      E = Subscript->getBase()->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

/// For `attribute[i].a.b.c`: i and the member names after it ("a", "b",
/// "c"), when the base is \p Array and i a constant.
std::optional<std::pair<int64_t, std::vector<StringRef>>>
attributePath(const ASTContext &Ctx, const Expr *E, const VarDecl *Array) {
  std::vector<StringRef> Names;
  E = E->IgnoreParenImpCasts();
  while (const auto *Member = dyn_cast<MemberExpr>(E)) {
    if (Member->isArrow() || !Member->getMemberDecl()->getIdentifier())
      return std::nullopt;
    Names.insert(Names.begin(), Member->getMemberDecl()->getName());
    E = Member->getBase()->IgnoreParenImpCasts();
  }
  const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E);
  if (!Subscript || arrayNamedBy(Subscript->getBase()) != Array)
    return std::nullopt;
  Expr::EvalResult Index;
  if (Subscript->getIdx()->isValueDependent() ||
      !Subscript->getIdx()->EvaluateAsInt(Index, Ctx))
    return std::nullopt;
  return std::make_pair(Index.Val.getInt().getExtValue(), std::move(Names));
}

/// The cluster shape a cudaLaunchKernelEx call gives through \p Config's
/// attributes, as CUDA's programming guide writes it before the launch:
/// `config.attrs = attribute; config.numAttrs = 1;`,
/// `attribute[0].id = cudaLaunchAttributeClusterDimension;` and
/// `attribute[0].val.clusterDim.x = 2;` (y and z alike). The last of each
/// assignment before the launch counts; each dimension must be a constant
/// there (HostEvaluator).
std::optional<std::pair<BlockShape, SourceLocation>>
clusterAttribute(ASTContext &Ctx, HostEvaluator &Values,
                 const FunctionDecl *Function, const VarDecl *Config,
                 const CallExpr *Launch) {
  const SourceManager &SM = Ctx.getSourceManager();
  Assignments Visitor;
  Visitor.TraverseStmt(Function->getBody());
  std::vector<const BinaryOperator *> Before;
  for (const BinaryOperator *Op : Visitor.Found)
    if (SM.isBeforeInTranslationUnit(Op->getBeginLoc(), Launch->getBeginLoc()))
      Before.push_back(Op);
  const VarDecl *Array = nullptr;
  std::optional<int64_t> Count;
  for (const BinaryOperator *Op : Before) {
    if (isFieldOf(Op->getLHS(), Config, "attrs"))
      Array = arrayNamedBy(Op->getRHS());
    Expr::EvalResult N;
    if (isFieldOf(Op->getLHS(), Config, "numAttrs") &&
        !Op->getRHS()->isValueDependent() &&
        Op->getRHS()->EvaluateAsInt(N, Ctx))
      Count = N.Val.getInt().getExtValue();
  }
  if (!Array || !Count)
    return std::nullopt;
  // The attribute that names the cluster dimension, among the first Count.
  std::optional<int64_t> Index;
  for (const BinaryOperator *Op : Before) {
    auto Path = attributePath(Ctx, Op->getLHS(), Array);
    const auto *Value =
        dyn_cast<DeclRefExpr>(Op->getRHS()->IgnoreParenImpCasts());
    if (!Path || Path->second != std::vector<StringRef>{"id"} || !Value ||
        !Value->getDecl()->getIdentifier() || Path->first >= *Count)
      continue;
    // A later id for the same attribute replaces it.
    if (Value->getDecl()->getName() == "cudaLaunchAttributeClusterDimension")
      Index = Path->first;
    else if (Index == Path->first)
      Index.reset();
  }
  if (!Index)
    return std::nullopt;
  unsigned Dims[3] = {0, 0, 0};
  SourceLocation Where;
  const char *Axes[3] = {"x", "y", "z"};
  for (const BinaryOperator *Op : Before) {
    auto Path = attributePath(Ctx, Op->getLHS(), Array);
    if (!Path || Path->first != *Index || Path->second.size() != 3 ||
        Path->second[0] != "val" || Path->second[1] != "clusterDim")
      continue;
    for (unsigned Axis = 0; Axis < 3; ++Axis) {
      if (Path->second[2] != Axes[Axis])
        continue;
      HostEvaluations Evaluated =
          Values.evaluateTogether({HostQuery::of(Op->getRHS())}, Function, Op);
      const HostValue *V = Evaluated.Configurations.size() == 1
                               ? &Evaluated.Configurations[0].Values[0]
                               : nullptr;
      Dims[Axis] = V && V->ValueKind == HostValue::Kind::Integer &&
                           V->Integer > 0 && V->Integer <= 1024
                       ? unsigned(V->Integer)
                       : 0;
      if (Axis == 0)
        Where = Op->getBeginLoc();
    }
  }
  if (!Dims[0] || !Dims[1] || !Dims[2])
    return std::nullopt;
  return std::make_pair(BlockShape{Dims[0], Dims[1], Dims[2]}, Where);
}

class LaunchFinder : public UserFunctionVisitor<LaunchFinder> {
public:
  explicit LaunchFinder(ASTContext &Ctx)
      : UserFunctionVisitor(Ctx.getSourceManager()), Ctx(Ctx), Values(Ctx) {}

  HostLaunches Found;

  bool VisitCallExpr(CallExpr *Call) {
    // A launch with an argument Clang could not read (host code this parse
    // cannot compile, a smem-lint-frontend note) is value-dependent for
    // Clang, but its configuration and its other arguments still are what
    // the program launches with.
    if (!Current ||
        (Call->isValueDependent() &&
         !(isa<CUDAKernelCallExpr>(Call) && Call->containsErrors())))
      return true;
    if (const auto *Launch = dyn_cast<CUDAKernelCallExpr>(Call)) {
      const CallExpr *Config = Launch->getConfig();
      std::vector<HostQuery> Queries(FirstArgument);
      Queries[Callee] = HostQuery::of(Launch->getCallee());
      if (Config && Config->getNumArgs() > 1) {
        Queries[Grid] = HostQuery::of(Config->getArg(0));
        Queries[Block] = HostQuery::of(Config->getArg(1));
      }
      if (Config && Config->getNumArgs() > 2)
        Queries[Bytes] = HostQuery::of(Config->getArg(2));
      std::vector<const Expr *> Arguments(Launch->arg_begin(),
                                          Launch->arg_end());
      for (const Expr *Argument : Arguments)
        Queries.push_back(HostQuery::of(Argument));
      add(Launch, Queries, std::nullopt, Arguments);
      return true;
    }
    const FunctionDecl *Function = Call->getDirectCallee();
    if (!Function || !Function->getIdentifier())
      return true;
    StringRef Name = Function->getName();
    unsigned Args = Call->getNumArgs();
    std::vector<HostQuery> Queries(FirstArgument);
    if ((Name == "cudaLaunchKernel" || Name == "cudaLaunchCooperativeKernel") &&
        Args >= 4) {
      // (func, gridDim, blockDim, args, sharedMem, stream)
      Queries[Callee] = HostQuery::of(Call->getArg(0));
      Queries[Grid] = HostQuery::of(Call->getArg(1));
      Queries[Block] = HostQuery::of(Call->getArg(2));
      if (Args > 4)
        Queries[Bytes] = HostQuery::of(Call->getArg(4));
      appendArgumentTable(Call->getArg(3), Queries);
      add(Call, Queries);
    } else if ((Name == "cudaLaunchKernelEx" ||
                Name == "cudaLaunchKernelExC") &&
               Args >= 2) {
      // (&config, kernel, args...) or (&config, (const void *)kernel, args)
      Queries[Callee] = HostQuery::of(Call->getArg(1));
      std::optional<std::pair<BlockShape, SourceLocation>> Cluster;
      if (const VarDecl *Config = addressedVariable(Call->getArg(0))) {
        Cluster = clusterAttribute(Ctx, Values, Current, Config, Call);
        auto Field = [&](StringRef Name) {
          const FieldDecl *F = fieldNamed(Config, Name);
          return F ? HostQuery::field(Config, F, Call) : HostQuery();
        };
        Queries[Grid] = Field("gridDim");
        Queries[Block] = Field("blockDim");
        Queries[Bytes] = Field("dynamicSmemBytes");
      }
      std::vector<const Expr *> Arguments;
      if (Name == "cudaLaunchKernelExC") {
        if (Args > 2)
          appendArgumentTable(Call->getArg(2), Queries);
      } else {
        for (unsigned I = 2; I < Args; ++I) {
          Queries.push_back(HostQuery::of(Call->getArg(I)));
          Arguments.push_back(Call->getArg(I));
        }
      }
      add(Call, Queries, Cluster, Arguments);
    } else if (Name == "cudaFuncSetAttribute" && Args >= 3) {
      noteOptIn(Call);
    }
    return true;
  }

private:
  /// The kernel arguments of `void *args[] = {&a, &b}`: a and b where the
  /// table is declared.
  void appendArgumentTable(const Expr *Table, std::vector<HostQuery> &Queries) {
    const auto *Ref = dyn_cast<DeclRefExpr>(Table->IgnoreParenCasts());
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    const auto *List =
        Var && Var->getInit()
            ? dyn_cast<InitListExpr>(Var->getInit()->IgnoreParenImpCasts())
            : nullptr;
    if (!List)
      return;
    for (const Expr *Entry : List->inits()) {
      const auto *AddressOf =
          dyn_cast<UnaryOperator>(Entry->IgnoreParenCasts());
      Queries.push_back(AddressOf && AddressOf->getOpcode() == UO_AddrOf
                            ? HostQuery::of(AddressOf->getSubExpr())
                            : HostQuery());
    }
  }

  /// \p Arguments: the kernel's arguments as the launch spells them, where
  /// it does (for its tensor maps).
  void add(const Expr *Launch, const std::vector<HostQuery> &Queries,
           const std::optional<std::pair<BlockShape, SourceLocation>> &Cluster =
               std::nullopt,
           llvm::ArrayRef<const Expr *> Arguments = {}) {
    HostEvaluations Evaluated =
        Values.evaluateTogether(Queries, Current, Launch);
    // The tensor maps do not vary with the configurations: each is read
    // once, at the launch.
    std::map<unsigned, std::optional<TensorMapBox>> TensorMaps;
    for (const HostConfiguration &Configuration : Evaluated.Configurations) {
      const HostValue &Target = Configuration.Values[Callee];
      const FunctionDecl *Kernel = Target.Function;
      if (Target.ValueKind != HostValue::Kind::Function ||
          !Kernel->hasAttr<CUDAGlobalAttr>())
        continue;
      const FunctionDecl *Definition = Kernel;
      Kernel->hasBody(Definition);
      LaunchSite Site;
      Site.Call = Launch;
      Site.Through = Configuration.Through;
      Site.MoreConfigurations = Evaluated.Truncated;
      if (Cluster) {
        Site.ClusterDims = Cluster->first;
        Site.ClusterDimsWhere = Cluster->second;
      }
      Site.Grid = shapeOf(Configuration.Values[Grid], /*IsBlock=*/false);
      Site.Block = shapeOf(Configuration.Values[Block], /*IsBlock=*/true);
      const HostValue &SharedBytes = Configuration.Values[Bytes];
      if (SharedBytes.ValueKind == HostValue::Kind::Integer &&
          SharedBytes.Integer >= 0)
        Site.DynamicShared = uint64_t(SharedBytes.Integer);
      for (unsigned I = 0; I < Definition->getNumParams() &&
                           FirstArgument + I < Configuration.Values.size();
           ++I) {
        const ParmVarDecl *Param = Definition->getParamDecl(I);
        const HostValue &Argument = Configuration.Values[FirstArgument + I];
        if (Param->getType()->isIntegralOrEnumerationType() &&
            Argument.ValueKind == HostValue::Kind::Integer)
          Site.Arguments[Param] = Argument.Integer;
        if (I < Arguments.size() && isTensorMapType(Param->getType())) {
          auto [Read, New] = TensorMaps.try_emplace(I);
          if (New)
            Read->second =
                encodedTensorMap(Ctx, Values, Arguments[I], Current, Launch);
          if (Read->second)
            Site.TensorMaps[Param] = *Read->second;
        }
      }
      Found.Launches[Kernel->getCanonicalDecl()].push_back(std::move(Site));
    }
  }

  void noteOptIn(const CallExpr *Call) {
    const auto *Attribute =
        dyn_cast<DeclRefExpr>(Call->getArg(1)->IgnoreParenImpCasts());
    if (Attribute && Attribute->getDecl()->getName() ==
                         "cudaFuncAttributeNonPortableClusterSizeAllowed") {
      noteNonPortableClusters(Call);
      return;
    }
    if (!Attribute || Attribute->getDecl()->getName() !=
                          "cudaFuncAttributeMaxDynamicSharedMemorySize")
      return;
    HostEvaluations Evaluated = Values.evaluateTogether(
        {HostQuery::of(Call->getArg(0)), HostQuery::of(Call->getArg(2))},
        Current, Call);
    for (const HostConfiguration &Configuration : Evaluated.Configurations) {
      const HostValue &Target = Configuration.Values[0];
      if (Target.ValueKind != HostValue::Kind::Function)
        continue;
      DynamicSharedOptIn &Entry =
          Found.OptIns[Target.Function->getCanonicalDecl()];
      Entry.Where = Call->getBeginLoc();
      const HostValue &Bytes = Configuration.Values[1];
      if (Bytes.ValueKind == HostValue::Kind::Integer && Bytes.Integer >= 0)
        Entry.Bytes = std::max<uint64_t>(Entry.Bytes.value_or(0),
                                         uint64_t(Bytes.Integer));
    }
  }

  void noteNonPortableClusters(const CallExpr *Call) {
    HostEvaluations Evaluated = Values.evaluateTogether(
        {HostQuery::of(Call->getArg(0)), HostQuery::of(Call->getArg(2))},
        Current, Call);
    for (const HostConfiguration &Configuration : Evaluated.Configurations) {
      const HostValue &Target = Configuration.Values[0];
      const HostValue &Allowed = Configuration.Values[1];
      if (Target.ValueKind == HostValue::Kind::Function &&
          !(Allowed.ValueKind == HostValue::Kind::Integer &&
            Allowed.Integer == 0))
        Found.NonPortableClusters.insert(Target.Function->getCanonicalDecl());
    }
  }

  ASTContext &Ctx;
  HostEvaluator Values;
};

} // namespace

HostLaunches findHostLaunches(ASTContext &Ctx) {
  LaunchFinder Finder(Ctx);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(Finder.Found);
}

} // namespace smemlint
