//===--- KernelDiscovery.cpp - Kernels, launches and shared variables -----===//

#include "Analysis/KernelDiscovery.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

using namespace clang;

namespace smemlint {
namespace {

/// A __launch_bounds__ argument.
std::optional<int64_t> constantInteger(ASTContext &Ctx, const Expr *E) {
  Expr::EvalResult Result;
  if (!E || E->isValueDependent() || !E->EvaluateAsInt(Result, Ctx))
    return std::nullopt;
  return Result.Val.getInt().getExtValue();
}

/// Collects the shared variables a function uses, following calls.
class SharedUseCollector : public RecursiveASTVisitor<SharedUseCollector> {
public:
  explicit SharedUseCollector(const SourceManager &SM) : SM(SM) {}
  std::vector<const VarDecl *> Variables;
  /// Those the code names after declaring them.
  llvm::SmallPtrSet<const VarDecl *, 8> Referenced;
  bool UsesThreadY = false, UsesThreadZ = false;

  void collect(const FunctionDecl *Function) {
    const FunctionDecl *Definition = nullptr;
    if (!Function->hasBody(Definition) || !Visited.insert(Definition).second)
      return;
    TraverseStmt(Definition->getBody());
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *Var = dyn_cast<VarDecl>(E->getDecl()))
      if (Var->hasAttr<CUDASharedAttr>()) {
        Referenced.insert(Var);
        if (llvm::find(Variables, Var) == Variables.end())
          Variables.push_back(Var);
      }
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
    // The toolkit's own uses do not count: cooperative groups' grid sync
    // reads threadIdx.y and .z (to pick each block's master thread) for any
    // block, and a kernel that indexes only threadIdx.x itself is written
    // for a 1-D one.
    if (Record && Record->getName() == "__cuda_builtin_threadIdx_t" &&
        !SM.isInSystemHeader(SM.getExpansionLoc(E->getBeginLoc()))) {
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
  const SourceManager &SM;
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

  std::vector<FunctionDecl *> Kernels;

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

/// Reads "n == 64" terms joined by "&&" or ",".
void readAssumptions(StringRef Text, SourceLocation Where,
                     std::vector<AnnotatedValue> &Values, std::string &Error) {
  llvm::SmallVector<StringRef, 4> Terms;
  Text.split(Terms, ',');
  llvm::SmallVector<StringRef, 4> Split;
  for (StringRef Term : Terms) {
    for (size_t And = Term.find("&&"); And != StringRef::npos;
         And = Term.find("&&")) {
      Split.push_back(Term.take_front(And));
      Term = Term.drop_front(And + 2);
    }
    Split.push_back(Term);
  }
  for (StringRef Term : Split) {
    auto [Name, Value] = Term.split("==");
    Name = Name.trim();
    Value = Value.trim();
    int64_t Number = 0;
    bool Identifier =
        !Name.empty() && !llvm::isDigit(Name.front()) &&
        llvm::all_of(Name, [](char C) { return llvm::isAlnum(C) || C == '_'; });
    if (!Identifier || Value.getAsInteger(0, Number)) {
      Error = "expected 'name == integer' terms joined by '&&', got '" +
              Term.trim().str() + "'";
      return;
    }
    Values.push_back({Name.str(), Number, Where});
  }
}

/// `__cluster_dims__(x, y, z)` (or `__attribute__((cluster_dims(...)))`)
/// between the start of \p F's declaration and its name: Clang 19 parses
/// the attribute without keeping it.
void readClusterDims(ASTContext &Ctx, const FunctionDecl *F, KernelInfo &Info) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Begin = SM.getExpansionLoc(F->getBeginLoc());
  SourceLocation Name = SM.getExpansionLoc(F->getLocation());
  if (Begin.isInvalid() || Name.isInvalid() ||
      SM.getFileID(Begin) != SM.getFileID(Name) ||
      !SM.isBeforeInTranslationUnit(Begin, Name))
    return;
  bool Invalid = false;
  llvm::StringRef Buffer = SM.getBufferData(SM.getFileID(Begin), &Invalid);
  if (Invalid)
    return;
  unsigned From = SM.getFileOffset(Begin), To = SM.getFileOffset(Name);
  llvm::StringRef Text = Buffer.slice(From, To);
  static const llvm::Regex Attribute(
      "(__cluster_dims__|cluster_dims)[ \t\n]*\\(([^()]*)\\)");
  llvm::SmallVector<llvm::StringRef, 3> Match;
  if (!Attribute.match(Text, &Match))
    return;
  Info.ClusterDimsWhere = Begin.getLocWithOffset(Match[0].data() - Text.data());
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  Match[2].split(Parts, ',');
  unsigned Dims[3] = {1, 1, 1};
  bool Read = Parts.size() >= 1 && Parts.size() <= 3;
  for (size_t I = 0; Read && I < Parts.size(); ++I)
    Read = !Parts[I].trim().getAsInteger(0, Dims[I]) && Dims[I] > 0;
  if (!Read) {
    Info.ClusterDimsError = "the cluster shape '" + Match[2].trim().str() +
                            "' is not one to three positive integers";
    return;
  }
  Info.ClusterDims = BlockShape{Dims[0], Dims[1], Dims[2]};
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
    while (true) {
      bool Block = Rest.consume_front("block_dim(");
      bool Grid = !Block && Rest.consume_front("grid_dim(");
      bool Assume = !Block && !Grid && Rest.consume_front("assume(");
      if (!Block && !Grid && !Assume)
        break;
      size_t Close = Rest.find(')');
      StringRef Arguments = Rest.take_front(Close);
      std::string Error;
      if (Assume) {
        readAssumptions(Arguments, Where, Info.AssumedValues, Error);
      } else if (std::optional<BlockShape> Shape =
                     Block ? parseBlockDimArguments(Arguments, Error)
                           : parseGridDimArguments(Arguments, Error)) {
        if (Block)
          Info.Annotations.push_back({*Shape, Where});
        else
          Info.AnnotatedGrid = AnnotatedShape{*Shape, Where};
      }
      if (!Error.empty())
        Info.AnnotationErrors.push_back("'" + Line + "': " + Error);
      if (Close == StringRef::npos)
        break;
      Rest = Rest.drop_front(Close + 1).ltrim(" ,;");
    }
  }
}

} // namespace

namespace {

/// One to three comma-separated positive integers, each at most its limit.
std::optional<BlockShape> parseDimensions(StringRef Text,
                                          const uint64_t (&Limits)[3],
                                          const char *Range,
                                          std::string &Error) {
  llvm::SmallVector<StringRef, 3> Parts;
  Text.split(Parts, ',');
  if (Parts.empty() || Parts.size() > 3) {
    Error = "expected one to three dimensions";
    return std::nullopt;
  }
  unsigned Dims[3] = {1, 1, 1};
  for (auto [I, Part] : llvm::enumerate(Parts)) {
    uint64_t Value = 0;
    if (Part.trim().getAsInteger(10, Value) || Value == 0 ||
        Value > Limits[I]) {
      Error = "'" + Part.trim().str() + "' is not " + Range;
      return std::nullopt;
    }
    Dims[I] = unsigned(Value);
  }
  return BlockShape{Dims[0], Dims[1], Dims[2]};
}

} // namespace

std::optional<BlockShape> parseBlockDimArguments(StringRef Text,
                                                 std::string &Error) {
  // Each dimension bounded first, so that their product cannot wrap.
  const uint64_t Limits[3] = {UINT32_MAX, UINT32_MAX, UINT32_MAX};
  std::optional<BlockShape> Shape =
      parseDimensions(Text, Limits, "a positive integer", Error);
  if (Shape && (Shape->X > 1024 || Shape->Y > 1024 || Shape->Z > 64 ||
                Shape->threads() > 1024)) {
    Error = "a block has at most 1024 threads and z at most 64";
    return std::nullopt;
  }
  return Shape;
}

std::optional<BlockShape> parseGridDimArguments(StringRef Text,
                                                std::string &Error) {
  const uint64_t Limits[3] = {(1ull << 31) - 1, 65535, 65535};
  return parseDimensions(Text, Limits,
                         "a grid dimension (x from 1 to 2^31-1, y and z from "
                         "1 to 65535)",
                         Error);
}

std::vector<KernelInfo> discoverKernels(ASTContext &Ctx,
                                        HostLaunches *AllLaunches) {
  DiscoveryVisitor Visitor(Ctx);
  Visitor.TraverseDecl(Ctx.getTranslationUnitDecl());
  HostLaunches Host = findHostLaunches(Ctx);
  std::vector<KernelInfo> Kernels;
  for (FunctionDecl *F : Visitor.Kernels) {
    KernelInfo Info;
    Info.Kernel = F;
    llvm::raw_string_ostream Name(Info.Name);
    F->getNameForDiagnostic(Name, Ctx.getPrintingPolicy(), /*Qualified=*/true);
    Name.flush();
    auto Launches = Host.Launches.find(F->getCanonicalDecl());
    if (Launches != Host.Launches.end())
      Info.Launches = Launches->second;
    auto OptIn = Host.OptIns.find(F->getCanonicalDecl());
    if (OptIn != Host.OptIns.end()) {
      Info.OptsIntoLargeDynamicShared = true;
      Info.OptInDynamicBytes = OptIn->second.Bytes;
      Info.OptInWhere = OptIn->second.Where;
    }
    Info.AllowsNonPortableClusters =
        Host.NonPortableClusters.count(F->getCanonicalDecl());
    readClusterDims(Ctx, F, Info);
    // Without __cluster_dims__, the shape a cudaLaunchKernelEx gives.
    if (!Info.ClusterDims && Info.ClusterDimsError.empty())
      for (const LaunchSite &Launch : Info.Launches)
        if (Launch.ClusterDims) {
          Info.ClusterDims = Launch.ClusterDims;
          Info.ClusterDimsWhere = Launch.ClusterDimsWhere;
          Info.ClusterDimsFromLaunch = true;
          break;
        }
    if (const auto *Bounds = F->getAttr<CUDALaunchBoundsAttr>())
      if (std::optional<int64_t> Max =
              constantInteger(Ctx, Bounds->getMaxThreads()))
        Info.MaxThreads = unsigned(*Max);
    readAnnotations(Ctx, Info);
    SharedUseCollector Collector(Ctx.getSourceManager());
    Collector.collect(F);
    Collector.drain();
    for (const VarDecl *Var : Collector.Variables) {
      Info.SharedVariables.push_back(describeSharedVariable(Ctx, Var));
      Info.SharedVariables.back().Referenced = Collector.Referenced.count(Var);
    }
    Info.UsesThreadY = Collector.UsesThreadY;
    Info.UsesThreadZ = Collector.UsesThreadZ;
    Kernels.push_back(std::move(Info));
  }
  if (AllLaunches)
    *AllLaunches = std::move(Host);
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
