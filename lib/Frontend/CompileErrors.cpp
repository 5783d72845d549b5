//===--- CompileErrors.cpp - Which compile errors stop the analysis -------===//

#include "Frontend/CompileErrors.h"
#include "Frontend/UnconstructedShared.h"

#include "Report/CheckInfo.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <optional>

using namespace clang;

namespace smemlint {
namespace {

/// Every function with a body, to find the one an error is in, and every
/// __shared__ variable, to find the one an initialisation error is about.
class DeclarationCollector
    : public RecursiveASTVisitor<DeclarationCollector> {
public:
  std::vector<const FunctionDecl *> Functions;
  std::vector<const VarDecl *> SharedVariables;
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitFunctionDecl(FunctionDecl *F) {
    if (F->doesThisDeclarationHaveABody())
      Functions.push_back(F);
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (V->hasAttr<CUDASharedAttr>())
      SharedVariables.push_back(V);
    return true;
  }
};

/// The __shared__ variable Clang rejected an initialiser of at \p Where if
/// it is an object built by its constructor, as nvcc only warns about (a
/// `= value` initialiser nvcc rejects too); else null.
const VarDecl *constructedObject(const SourceManager &SM, SourceLocation Where,
                                 const std::vector<const VarDecl *> &Shared) {
  for (const VarDecl *V : Shared) {
    if (SM.getExpansionLoc(V->getLocation()) != Where)
      continue;
    const Type *T = V->getType()->getBaseElementTypeUnsafe();
    // `T x;` and `T x(args);` construct (CallInit; in a template, where
    // the type is dependent, `T x;` has no initialiser yet); `T x = v;`
    // (CInit) is the initialiser nvcc rejects.
    const Expr *Init = V->getInit();
    bool Constructed =
        T->getAsCXXRecordDecl() &&
        (!Init || (V->getInitStyle() != VarDecl::CInit &&
                   isa<CXXConstructExpr>(Init->IgnoreImplicit())));
    return Constructed ? V : nullptr;
  }
  return nullptr;
}

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

/// The first `<<<` token in bytes [\p Begin, \p End) of \p File (comments
/// and strings do not count), read by the raw lexer: a launch Clang
/// rejected is no CUDAKernelCallExpr in the AST.
std::optional<SourceLocation> firstLaunch(const SourceManager &SM,
                                          const LangOptions &Language,
                                          FileID File, size_t Begin,
                                          size_t End) {
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid || Begin >= Buffer.size())
    return std::nullopt;
  Lexer Raw(SM.getLocForStartOfFile(File), Language, Buffer.begin(),
            Buffer.begin() + Begin, Buffer.end());
  Token Next;
  for (bool More = true; More;) {
    More = !Raw.LexFromRawLexer(Next);
    if (SM.getFileOffset(Next.getLocation()) >= End)
      break;
    if (Next.is(tok::lesslessless))
      return Next.getLocation();
  }
  return std::nullopt;
}

/// Whether the statement around \p Where launches a kernel: from the `;`,
/// `{` or `}` before it to the one after.
bool inLaunchStatement(const SourceManager &SM, const LangOptions &Language,
                       SourceLocation Where) {
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(SM.getFileID(Where), &Invalid);
  if (Invalid)
    return false;
  size_t At = SM.getFileOffset(Where);
  size_t Begin = Buffer.find_last_of(";{}", At ? At - 1 : 0);
  Begin = Begin == StringRef::npos ? 0 : Begin + 1;
  size_t End = std::min(Buffer.find_first_of(";{}", At), Buffer.size());
  return firstLaunch(SM, Language, SM.getFileID(Where), Begin, End)
      .has_value();
}

/// The line of the first launch in \p F's body, or 0 if it has none.
unsigned firstLaunchLine(const SourceManager &SM, const LangOptions &Language,
                         const FunctionDecl *F) {
  SourceLocation Begin = SM.getExpansionLoc(F->getBeginLoc());
  SourceLocation End = SM.getExpansionLoc(F->getEndLoc());
  if (SM.getFileID(Begin) != SM.getFileID(End))
    return 0;
  std::optional<SourceLocation> Launch =
      firstLaunch(SM, Language, SM.getFileID(Begin), SM.getFileOffset(Begin),
                  SM.getFileOffset(End) + 1);
  return Launch ? SM.getSpellingLineNumber(*Launch) : 0;
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

std::vector<const VarDecl *>
constructedSharedObjects(ASTContext &Ctx,
                         const std::vector<CompileErrorSite> &Sites) {
  std::vector<const VarDecl *> Found;
  if (llvm::none_of(Sites, [](const CompileErrorSite &Site) {
        return Site.DiagnosticID == diag::err_shared_var_init;
      }))
    return Found;
  const SourceManager &SM = Ctx.getSourceManager();
  DeclarationCollector Collector;
  Collector.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (const CompileErrorSite &Site : Sites)
    if (Site.DiagnosticID == diag::err_shared_var_init && Site.Where.isValid())
      if (const VarDecl *Object = constructedObject(
              SM, SM.getExpansionLoc(Site.Where), Collector.SharedVariables))
        if (!llvm::is_contained(Found, Object))
          Found.push_back(Object);
  return Found;
}

void reclassifyCompileErrors(ASTContext &Ctx, std::vector<Diagnostic> &Errors,
                             const std::vector<CompileErrorSite> &Sites) {
  if (Errors.empty() || Sites.size() != Errors.size())
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &Language = Ctx.getLangOpts();
  DeclarationCollector Collector;
  Collector.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (size_t I = 0; I < Errors.size(); ++I) {
    SourceLocation Where = Sites[I].Where;
    if (Where.isInvalid())
      continue;
    Where = SM.getExpansionLoc(Where);
    const std::string ClangSays = Errors[I].Message;
    if (Sites[I].DiagnosticID == diag::err_shared_var_init)
      if (const VarDecl *Object =
              constructedObject(SM, Where, Collector.SharedVariables)) {
        Errors[I] = unconstructedSharedFinding(*Object, std::move(Errors[I]));
        continue;
      }
    const FunctionDecl *F = enclosingFunction(SM, Where, Collector.Functions);
    if (!F)
      continue;
    bool Launch = inLaunchStatement(SM, Language, Where);
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
    // A launch in the same function may take a value this statement sets.
    unsigned LaunchLine = firstLaunchLine(SM, Language, F);
    std::string Effect =
        LaunchLine ? "; the launches of '" + F->getNameAsString() +
                         "' (line " + std::to_string(LaunchLine) +
                         ") are analysed from the rest of it"
                   : "; kernels, launches and shared variables are not "
                     "affected";
    Errors[I] = frontendFinding(std::move(Errors[I]), Severity::Note,
                                "host code that this parse cannot read: " +
                                    ClangSays + Effect);
  }
}

} // namespace smemlint
