//===--- CompileErrors.cpp - Which compile errors stop the analysis -------===//

#include "Frontend/CompileErrors.h"

#include "Report/CheckInfo.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace smemlint {
namespace {

/// Every function with a body, to find the one an error is in.
class FunctionCollector : public RecursiveASTVisitor<FunctionCollector> {
public:
  std::vector<const FunctionDecl *> Functions;
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitFunctionDecl(FunctionDecl *F) {
    if (F->doesThisDeclarationHaveABody())
      Functions.push_back(F);
    return true;
  }
};

/// The innermost function whose body holds \p Where, or null.
const FunctionDecl *
enclosingFunction(const SourceManager &SM, SourceLocation Where,
                  const std::vector<const FunctionDecl *> &Functions) {
  const FunctionDecl *Best = nullptr;
  unsigned BestLength = ~0u;
  for (const FunctionDecl *F : Functions) {
    SourceRange Range = F->getSourceRange();
    SourceLocation Begin = SM.getExpansionLoc(Range.getBegin());
    SourceLocation End = SM.getExpansionLoc(Range.getEnd());
    if (!SM.isPointWithin(Where, Begin, End))
      continue;
    unsigned Length =
        SM.getFileOffset(End) - std::min(SM.getFileOffset(End),
                                         SM.getFileOffset(Begin));
    if (Length < BestLength) {
      Best = F;
      BestLength = Length;
    }
  }
  return Best;
}

bool runsOnTheDevice(const FunctionDecl *F) {
  return F->hasAttr<CUDADeviceAttr>() || F->hasAttr<CUDAGlobalAttr>();
}

/// Whether the statement around \p Where launches a kernel (`<<<` between
/// the statement's start and its end), read from the text: a launch Clang
/// rejected is no CUDAKernelCallExpr in the AST.
bool inLaunchStatement(const SourceManager &SM, SourceLocation Where) {
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(SM.getFileID(Where), &Invalid);
  if (Invalid)
    return false;
  size_t At = SM.getFileOffset(Where);
  size_t Begin = Buffer.find_last_of(";{}", At ? At - 1 : 0);
  Begin = Begin == StringRef::npos ? 0 : Begin + 1;
  size_t End = Buffer.find_first_of(";{}", At);
  StringRef Statement = Buffer.slice(Begin, End);
  return Statement.contains("<<<");
}

Diagnostic frontendFinding(Diagnostic Error, Severity Level,
                           std::string Message) {
  Error.Check = findings::Frontend;
  Error.Origin = FindingOrigin::Tool;
  Error.Level = Level;
  Error.Message = std::move(Message);
  return Error;
}

} // namespace

void reclassifyCompileErrors(ASTContext &Ctx, std::vector<Diagnostic> &Errors,
                             const std::vector<CompileErrorSite> &Sites) {
  if (Errors.empty() || Sites.size() != Errors.size())
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  FunctionCollector Collector;
  Collector.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (size_t I = 0; I < Errors.size(); ++I) {
    SourceLocation Where = Sites[I].Where;
    if (Where.isInvalid())
      continue;
    Where = SM.getExpansionLoc(Where);
    const std::string ClangSays = Errors[I].Message;
    if (Sites[I].DiagnosticID == diag::err_shared_var_init) {
      Errors[I] = frontendFinding(
          std::move(Errors[I]), Severity::Warning,
          "dynamic initialization is not supported for __shared__ variables: "
          "no thread runs this constructor (nvcc warns the same, #20054-D); "
          "initialise the object in the kernel, e.g. init(&bar, count) in one "
          "thread followed by __syncthreads() for a cuda::barrier");
      continue;
    }
    const FunctionDecl *F = enclosingFunction(SM, Where, Collector.Functions);
    if (!F)
      continue;
    bool Launch = inLaunchStatement(SM, Where);
    if (runsOnTheDevice(F)) {
      if (Launch)
        Errors[I] = frontendFinding(
            std::move(Errors[I]), Severity::Note,
            "a device-side kernel launch (dynamic parallelism), which Clang "
            "19 cannot parse: this launch is not analysed, the kernel it "
            "launches is analysed on its own (Clang: " +
                ClangSays + ")");
      continue;
    }
    if (Launch)
      continue; // a launch's shape and arguments are what the analysis uses
    Errors[I] = frontendFinding(
        std::move(Errors[I]), Severity::Note,
        "host code that this parse cannot read: " + ClangSays +
            "; kernels, launches and shared variables are not affected");
  }
}

} // namespace smemlint
