//===--- UnconstructedShared.cpp - __shared__ objects no thread constructs ===//

#include "Frontend/UnconstructedShared.h"

#include "Analysis/SourcePoints.h"
#include "Report/CheckInfo.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <set>

using namespace clang;

namespace smemlint {
namespace {

constexpr llvm::StringLiteral Spelling = "__shared__";
/// Stands in for Spelling in the second parse; as long, so that no column
/// moves.
constexpr llvm::StringLiteral StandIn = "__SMLSHR__";
static_assert(Spelling.size() == StandIn.size(), "columns must not move");
constexpr llvm::StringLiteral Marker =
    "smem-lint: __shared__ object whose constructor no thread runs";

bool isMarked(const VarDecl &Variable) {
  for (const auto *Annotation : Variable.specific_attrs<AnnotateAttr>())
    if (Annotation->getAnnotation() == Marker)
      return true;
  return false;
}

/// Every variable the second parse marked, template instantiations
/// included.
class MarkedVariables : public RecursiveASTVisitor<MarkedVariables> {
public:
  std::vector<VarDecl *> Found;
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitVarDecl(VarDecl *Variable) {
    if (isMarked(*Variable))
      Found.push_back(Variable);
    return true;
  }
};

/// Whether \p Variable's type is one of libcu++'s (namespace cuda, which
/// holds cuda::std too): those are initialised in the kernel by design.
bool isLibcuxxObject(const VarDecl &Variable) {
  const auto *Record =
      Variable.getType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
  if (!Record)
    return false;
  const NamespaceDecl *Outermost = nullptr;
  for (const DeclContext *Context = Record->getDeclContext(); Context;
       Context = Context->getParent())
    if (const auto *Namespace = dyn_cast<NamespaceDecl>(Context))
      Outermost = Namespace;
  return Outermost && Outermost->getName() == "cuda";
}

} // namespace

void unconstructedSharedRewrite(ASTContext &Ctx,
                                const std::vector<CompileErrorSite> &Sites,
                                SecondParse &Reparse) {
  const SourceManager &SM = Ctx.getSourceManager();
  bool Replaced = false;
  for (const VarDecl *Object : constructedSharedObjects(Ctx, Sites)) {
    // A variable at namespace scope would become a host variable, which
    // device code may not use: it stays rejected.
    const auto *Shared = Object->getAttr<CUDASharedAttr>();
    if (!Object->isLocalVarDecl() || !Shared ||
        Shared->getLocation().isInvalid())
      continue;
    // Spelled through a macro of the user's own: left as it is.
    Replaced |= Reparse.replace(SM, SM.getExpansionLoc(Shared->getLocation()),
                                Spelling, StandIn);
  }
  if (Replaced)
    Reparse.Flags.push_back(
        ("-D" + StandIn + "=__attribute__((annotate(\"" + Marker + "\")))")
            .str());
}

void restoreUnconstructedShared(ASTContext &Ctx,
                                std::vector<Diagnostic> &Findings) {
  MarkedVariables Marked;
  Marked.TraverseDecl(Ctx.getTranslationUnitDecl());
  const SourceManager &SM = Ctx.getSourceManager();
  // A template's declaration and its instantiations share one place: one
  // finding.
  std::set<SourceLocation> Reported;
  for (VarDecl *Variable : Marked.Found) {
    Variable->addAttr(CUDASharedAttr::CreateImplicit(
        Ctx, Variable->getAttr<AnnotateAttr>()->getRange()));
    Variable->setStorageClass(SC_Static);
    if (!Reported.insert(Variable->getLocation()).second)
      continue;
    Diagnostic Base;
    Base.Where = toSourcePoint(SM, Variable->getLocation());
    Findings.push_back(unconstructedSharedFinding(*Variable, std::move(Base)));
  }
}

Diagnostic unconstructedSharedFinding(const VarDecl &Variable,
                                      Diagnostic Base) {
  Base.Check = findings::Frontend;
  Base.Origin = FindingOrigin::Tool;
  std::string Name = "'" + Variable.getNameAsString() + "'";
  if (isLibcuxxObject(Variable)) {
    Base.Level = Severity::Note;
    std::string Type = Variable.getType()
                           ->getBaseElementTypeUnsafe()
                           ->getAsCXXRecordDecl()
                           ->getName()
                           .str();
    std::string Expected =
        Type == "barrier" ? "init(&" + Variable.getNameAsString() +
                                ", count) in one thread, then "
                                "__syncthreads(), before its first use"
        : Type == "pipeline_shared_state"
            ? "cuda::make_pipeline(block, &" + Variable.getNameAsString() +
                  ") to initialise it"
            : "the kernel to initialise it";
    Base.Message = "no thread runs the constructor of __shared__ " + Name +
                   " (nvcc warns the same, #20054-D); libcu++ expects " +
                   Expected;
  } else {
    Base.Level = Severity::Warning;
    Base.Message =
        "dynamic initialization is not supported for __shared__ variables: "
        "no thread runs the constructor of " +
        Name +
        " (nvcc warns the same, #20054-D); initialise the object in the "
        "kernel, in one thread, followed by __syncthreads()";
  }
  return Base;
}

} // namespace smemlint
