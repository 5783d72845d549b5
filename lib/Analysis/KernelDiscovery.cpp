//===--- KernelDiscovery.cpp - Kernels, launches and shared variables -----===//

#include "Analysis/KernelDiscovery.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

using namespace clang;

namespace smemlint {
namespace {

/// Strips the wrappers Clang puts around a launch configuration argument.
const Expr *stripConfigWrappers(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
      E = Cleanups->getSubExpr();
    else if (const auto *Temporary = dyn_cast<MaterializeTemporaryExpr>(E))
      E = Temporary->getSubExpr();
    else if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(E))
      E = Bind->getSubExpr();
    else if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E))
      E = Cast->getSubExpr();
    else if (const auto *Construct = dyn_cast<CXXConstructExpr>(E);
             Construct && Construct->getNumArgs() == 1 &&
             Construct->getConstructor()->isCopyOrMoveConstructor())
      E = Construct->getArg(0);
    else
      return E;
  }
}

/// Whether \p Var is assigned anywhere in \p Body after its declaration.
class ModificationFinder : public RecursiveASTVisitor<ModificationFinder> {
public:
  explicit ModificationFinder(const VarDecl *Var) : Var(Var) {}
  bool Modified = false;
  bool VisitBinaryOperator(BinaryOperator *E) {
    if (E->isAssignmentOp())
      check(E->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *E) {
    if (E->isIncrementDecrementOp() || E->getOpcode() == UO_AddrOf)
      check(E->getSubExpr());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    if (E->isAssignmentOp() && E->getNumArgs() > 0)
      check(E->getArg(0));
    return true;
  }

private:
  void check(const Expr *Target) {
    Target = Target->IgnoreParenImpCasts();
    if (const auto *Member = dyn_cast<MemberExpr>(Target))
      Target = Member->getBase()->IgnoreParenImpCasts();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Target))
      Modified |= Ref->getDecl() == Var;
  }
  const VarDecl *Var;
};

/// The constant initializer of a local that is never reassigned.
const Expr *unmodifiedInitializer(ASTContext &Ctx, const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Var || !Var->getInit())
    return nullptr;
  if (Var->getType().isConstQualified() || Var->isConstexpr())
    return Var->getInit();
  const auto *Function = dyn_cast<FunctionDecl>(Var->getDeclContext());
  if (!Function || !Function->getBody())
    return nullptr;
  ModificationFinder Finder(Var);
  Finder.TraverseStmt(Function->getBody());
  return Finder.Modified ? nullptr : Var->getInit();
}

std::optional<int64_t> constantInteger(ASTContext &Ctx, const Expr *E,
                                       unsigned Depth = 0) {
  if (!E || Depth > 8 || E->isValueDependent())
    return std::nullopt;
  Expr::EvalResult Result;
  if (E->EvaluateAsInt(Result, Ctx))
    return Result.Val.getInt().getExtValue();
  if (const Expr *Init = unmodifiedInitializer(Ctx, E))
    return constantInteger(Ctx, Init, Depth + 1);
  return std::nullopt;
}

std::optional<BlockShape> constantDim3(ASTContext &Ctx, const Expr *E,
                                       unsigned Depth = 0) {
  if (!E || Depth > 8 || E->isValueDependent())
    return std::nullopt;
  E = stripConfigWrappers(E);
  if (E->getType()->isIntegralOrEnumerationType()) {
    std::optional<int64_t> X = constantInteger(Ctx, E);
    if (!X || *X <= 0)
      return std::nullopt;
    return BlockShape{unsigned(*X), 1, 1};
  }
  // A constexpr dim3 (the CUDA headers' constructor is constexpr).
  Expr::EvalResult Result;
  if (E->isPRValue() && E->EvaluateAsRValue(Result, Ctx) &&
      Result.Val.isStruct() && Result.Val.getStructNumFields() >= 3) {
    unsigned Dims[3];
    for (unsigned I = 0; I < 3; ++I) {
      const APValue &Field = Result.Val.getStructField(I);
      if (!Field.isInt())
        return std::nullopt;
      Dims[I] = Field.getInt().getZExtValue();
    }
    return BlockShape{Dims[0], Dims[1], Dims[2]};
  }
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    unsigned Dims[3] = {1, 1, 1};
    for (unsigned I = 0; I < Construct->getNumArgs() && I < 3; ++I) {
      std::optional<int64_t> V = constantInteger(Ctx, Construct->getArg(I));
      if (!V || *V <= 0)
        return std::nullopt;
      Dims[I] = *V;
    }
    return BlockShape{Dims[0], Dims[1], Dims[2]};
  }
  if (const Expr *Init = unmodifiedInitializer(Ctx, E))
    return constantDim3(Ctx, Init, Depth + 1);
  return std::nullopt;
}

/// Collects the shared variables a function uses, following calls.
class SharedUseCollector : public RecursiveASTVisitor<SharedUseCollector> {
public:
  std::vector<const VarDecl *> Variables;
  bool UsesThreadY = false, UsesThreadZ = false;

  void collect(const FunctionDecl *Function) {
    const FunctionDecl *Definition = nullptr;
    if (!Function->hasBody(Definition) || !Visited.insert(Definition).second)
      return;
    TraverseStmt(Definition->getBody());
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *Var = dyn_cast<VarDecl>(E->getDecl()))
      if (Var->hasAttr<CUDASharedAttr>() &&
          llvm::find(Variables, Var) == Variables.end())
        Variables.push_back(Var);
    return true;
  }
  bool VisitDeclStmt(DeclStmt *S) {
    for (const Decl *D : S->decls())
      if (const auto *Var = dyn_cast<VarDecl>(D))
        if (Var->hasAttr<CUDASharedAttr>() &&
            llvm::find(Variables, Var) == Variables.end())
          Variables.push_back(Var);
    return true;
  }
  bool VisitMSPropertyRefExpr(MSPropertyRefExpr *E) {
    const CXXRecordDecl *Record =
        E->getBaseExpr()->getType()->getAsCXXRecordDecl();
    if (Record && Record->getName() == "__cuda_builtin_threadIdx_t") {
      StringRef Axis = E->getPropertyDecl()->getName();
      UsesThreadY |= Axis == "y";
      UsesThreadZ |= Axis == "z";
    }
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    if (const FunctionDecl *Callee = E->getDirectCallee())
      Pending.push_back(Callee);
    return true;
  }
  void drain() {
    while (!Pending.empty()) {
      const FunctionDecl *Next = Pending.back();
      Pending.pop_back();
      collect(Next);
    }
  }

private:
  llvm::SmallPtrSet<const FunctionDecl *, 16> Visited;
  std::vector<const FunctionDecl *> Pending;
};

class DiscoveryVisitor : public RecursiveASTVisitor<DiscoveryVisitor> {
public:
  explicit DiscoveryVisitor(ASTContext &Ctx) : Ctx(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitFunctionDecl(FunctionDecl *F) {
    if (!F->hasAttr<CUDAGlobalAttr>() || !F->doesThisDeclarationHaveABody() ||
        F->isDependentContext() || F->isInvalidDecl())
      return true;
    SourceLocation Loc = Ctx.getSourceManager().getExpansionLoc(F->getLocation());
    if (Ctx.getSourceManager().isInSystemHeader(Loc))
      return true;
    if (!Seen.insert(F).second)
      return true;
    Kernels.push_back(F);
    return true;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || Call->isValueDependent())
      return true;
    LaunchSite Site;
    Site.Call = Call;
    if (const CallExpr *Config = Call->getConfig()) {
      if (Config->getNumArgs() > 1) {
        Site.Grid = constantDim3(Ctx, Config->getArg(0));
        Site.Block = constantDim3(Ctx, Config->getArg(1));
      }
      if (Config->getNumArgs() > 2) {
        std::optional<int64_t> Bytes = constantInteger(Ctx, Config->getArg(2));
        if (Bytes && *Bytes >= 0)
          Site.DynamicShared = *Bytes;
      }
    }
    for (unsigned I = 0; I < Call->getNumArgs() && I < Callee->getNumParams();
         ++I) {
      const ParmVarDecl *Param = Callee->getParamDecl(I);
      if (!Param->getType()->isIntegralOrEnumerationType())
        continue;
      if (std::optional<int64_t> V = constantInteger(Ctx, Call->getArg(I)))
        Site.Arguments[Param] = *V;
    }
    Launches[Callee->getCanonicalDecl()].push_back(std::move(Site));
    return true;
  }

  /// cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
  /// bytes): the kernel opts into more than 48 KB of dynamic shared memory.
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() ||
        Callee->getName() != "cudaFuncSetAttribute" || Call->getNumArgs() < 3 ||
        Call->isValueDependent())
      return true;
    const auto *Attribute =
        dyn_cast<DeclRefExpr>(Call->getArg(1)->IgnoreParenImpCasts());
    if (!Attribute || Attribute->getDecl()->getName() !=
                          "cudaFuncAttributeMaxDynamicSharedMemorySize")
      return true;
    const Expr *Function = Call->getArg(0)->IgnoreParenCasts();
    if (const auto *AddressOf = dyn_cast<UnaryOperator>(Function))
      Function = AddressOf->getSubExpr()->IgnoreParenCasts();
    const auto *Ref = dyn_cast<DeclRefExpr>(Function);
    const auto *Kernel = Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
    if (!Kernel)
      return true;
    OptIn &Entry = OptIns[Kernel->getCanonicalDecl()];
    Entry.Where = Call->getBeginLoc();
    if (std::optional<int64_t> Bytes = constantInteger(Ctx, Call->getArg(2)))
      Entry.Bytes = std::max<uint64_t>(Entry.Bytes.value_or(0), *Bytes);
    return true;
  }

  struct OptIn {
    std::optional<uint64_t> Bytes;
    SourceLocation Where;
  };
  std::vector<FunctionDecl *> Kernels;
  std::map<const FunctionDecl *, std::vector<LaunchSite>> Launches;
  std::map<const FunctionDecl *, OptIn> OptIns;

private:
  ASTContext &Ctx;
  llvm::SmallPtrSet<const FunctionDecl *, 16> Seen;
};

/// The comment lines right above \p Loc, nearest last.
std::vector<std::pair<std::string, SourceLocation>>
commentLinesAbove(const SourceManager &SM, SourceLocation Loc) {
  std::vector<std::pair<std::string, SourceLocation>> Lines;
  Loc = SM.getExpansionLoc(Loc);
  FileID File = SM.getFileID(Loc);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid)
    return Lines;
  unsigned Offset = SM.getFileOffset(Loc);
  // rfind(C, From) looks strictly before From.
  size_t LineStart = Buffer.rfind('\n', Offset);
  while (LineStart != StringRef::npos && LineStart > 0) {
    size_t PreviousStart = Buffer.rfind('\n', LineStart);
    size_t Begin = PreviousStart == StringRef::npos ? 0 : PreviousStart + 1;
    StringRef Line = Buffer.slice(Begin, LineStart).trim();
    bool IsComment = Line.starts_with("//") || Line.starts_with("/*") ||
                     Line.starts_with("*");
    bool IsTemplateHead = Line.starts_with("template");
    if (!IsComment && !IsTemplateHead)
      break;
    if (IsComment)
      Lines.emplace_back(Line.str(),
                         SM.getLocForStartOfFile(File).getLocWithOffset(Begin));
    if (PreviousStart == StringRef::npos)
      break;
    LineStart = PreviousStart;
  }
  return Lines;
}

void readAnnotations(ASTContext &Ctx, KernelInfo &Info) {
  const FunctionDecl *F = Info.Kernel;
  SourceLocation Begin = F->getBeginLoc();
  if (const FunctionDecl *Pattern = F->getTemplateInstantiationPattern())
    Begin = Pattern->getBeginLoc();
  if (const FunctionTemplateDecl *Template =
          F->getPrimaryTemplate() ? F->getPrimaryTemplate()
                                  : F->getDescribedFunctionTemplate())
    Begin = Template->getBeginLoc();
  for (const auto &[Line, Where] :
       commentLinesAbove(Ctx.getSourceManager(), Begin)) {
    StringRef Rest = Line;
    size_t Marker = Rest.find("smem-lint:");
    if (Marker == StringRef::npos)
      continue;
    Rest = Rest.drop_front(Marker + strlen("smem-lint:")).trim();
    while (Rest.consume_front("block_dim(")) {
      size_t Close = Rest.find(')');
      std::string Error;
      std::optional<BlockShape> Shape =
          parseBlockDimArguments(Rest.take_front(Close), Error);
      if (Shape)
        Info.Annotations.push_back({*Shape, Where});
      else
        Info.AnnotationErrors.push_back("'" + Line + "': " + Error);
      if (Close == StringRef::npos)
        break;
      Rest = Rest.drop_front(Close + 1).ltrim(" ,;");
    }
  }
}

} // namespace

std::optional<BlockShape> parseBlockDimArguments(StringRef Text,
                                                 std::string &Error) {
  llvm::SmallVector<StringRef, 3> Parts;
  Text.split(Parts, ',');
  if (Parts.empty() || Parts.size() > 3) {
    Error = "expected one to three dimensions";
    return std::nullopt;
  }
  unsigned Dims[3] = {1, 1, 1};
  for (auto [I, Part] : llvm::enumerate(Parts)) {
    unsigned Value = 0;
    if (Part.trim().getAsInteger(10, Value) || Value == 0) {
      Error = "'" + Part.trim().str() + "' is not a positive integer";
      return std::nullopt;
    }
    Dims[I] = Value;
  }
  BlockShape Shape{Dims[0], Dims[1], Dims[2]};
  if (Shape.threads() > 1024 || Shape.Z > 64) {
    Error = "a block has at most 1024 threads and z at most 64";
    return std::nullopt;
  }
  return Shape;
}

std::vector<KernelInfo> discoverKernels(ASTContext &Ctx) {
  DiscoveryVisitor Visitor(Ctx);
  Visitor.TraverseDecl(Ctx.getTranslationUnitDecl());
  std::vector<KernelInfo> Kernels;
  for (FunctionDecl *F : Visitor.Kernels) {
    KernelInfo Info;
    Info.Kernel = F;
    llvm::raw_string_ostream Name(Info.Name);
    F->getNameForDiagnostic(Name, Ctx.getPrintingPolicy(), /*Qualified=*/true);
    Name.flush();
    auto Launches = Visitor.Launches.find(F->getCanonicalDecl());
    if (Launches != Visitor.Launches.end())
      Info.Launches = Launches->second;
    auto OptIn = Visitor.OptIns.find(F->getCanonicalDecl());
    if (OptIn != Visitor.OptIns.end()) {
      Info.OptsIntoLargeDynamicShared = true;
      Info.OptInDynamicBytes = OptIn->second.Bytes;
      Info.OptInWhere = OptIn->second.Where;
    }
    if (const auto *Bounds = F->getAttr<CUDALaunchBoundsAttr>())
      if (std::optional<int64_t> Max =
              constantInteger(Ctx, Bounds->getMaxThreads()))
        Info.MaxThreads = unsigned(*Max);
    readAnnotations(Ctx, Info);
    SharedUseCollector Collector;
    Collector.collect(F);
    Collector.drain();
    for (const VarDecl *Var : Collector.Variables)
      Info.SharedVariables.push_back(describeSharedVariable(Ctx, Var));
    Info.UsesThreadY = Collector.UsesThreadY;
    Info.UsesThreadZ = Collector.UsesThreadZ;
    Kernels.push_back(std::move(Info));
  }
  return Kernels;
}

SharedVariable describeSharedVariable(const ASTContext &Ctx,
                                      const VarDecl *Var) {
  SharedVariable Shared;
  Shared.Decl = Var;
  QualType Type = Var->getType();
  if (Var->isInvalidDecl() || Type->isDependentType())
    return Shared;
  Shared.Layout = declaredLayout(Ctx, Var);
  Shared.Dynamic = Var->hasExternalStorage() || Type->isIncompleteType();
  if (!Shared.Dynamic)
    Shared.StaticBytes = Ctx.getTypeSizeInChars(Type).getQuantity();
  Shared.Alignment = std::max<uint64_t>(Ctx.getDeclAlign(Var).getQuantity(), 1);
  return Shared;
}

const SharedVariable *KernelInfo::sharedVariable(const VarDecl *Var) const {
  for (const SharedVariable &Shared : SharedVariables)
    if (Shared.Decl == Var)
      return &Shared;
  return nullptr;
}

} // namespace smemlint
