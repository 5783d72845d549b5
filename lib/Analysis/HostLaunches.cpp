//===--- HostLaunches.cpp - Kernel launches and their configurations ------===//

#include "Analysis/HostLaunches.h"

#include "Analysis/HostValues.h"

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

class LaunchFinder : public UserFunctionVisitor<LaunchFinder> {
public:
  explicit LaunchFinder(ASTContext &Ctx)
      : UserFunctionVisitor(Ctx.getSourceManager()), Values(Ctx) {}

  HostLaunches Found;

  bool VisitCallExpr(CallExpr *Call) {
    if (!Current || Call->isValueDependent())
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
      for (const Expr *Argument : Launch->arguments())
        Queries.push_back(HostQuery::of(Argument));
      add(Launch, Queries);
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
      if (const VarDecl *Config = addressedVariable(Call->getArg(0))) {
        auto Field = [&](StringRef Name) {
          const FieldDecl *F = fieldNamed(Config, Name);
          return F ? HostQuery::field(Config, F, Call) : HostQuery();
        };
        Queries[Grid] = Field("gridDim");
        Queries[Block] = Field("blockDim");
        Queries[Bytes] = Field("dynamicSmemBytes");
      }
      if (Name == "cudaLaunchKernelExC") {
        if (Args > 2)
          appendArgumentTable(Call->getArg(2), Queries);
      } else {
        for (unsigned I = 2; I < Args; ++I)
          Queries.push_back(HostQuery::of(Call->getArg(I)));
      }
      add(Call, Queries);
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

  void add(const Expr *Launch, const std::vector<HostQuery> &Queries) {
    HostEvaluations Evaluated =
        Values.evaluateTogether(Queries, Current, Launch);
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

  HostEvaluator Values;
};

} // namespace

HostLaunches findHostLaunches(ASTContext &Ctx) {
  LaunchFinder Finder(Ctx);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(Finder.Found);
}

} // namespace smemlint
