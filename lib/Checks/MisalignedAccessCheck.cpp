//===--- MisalignedAccessCheck.cpp - smem-misaligned-access ---------------===//
//
// Words what Analysis/AlignmentAnalysis finds: the threads whose shared
// address their instruction rejects, and the arrays aligned only by where
// the compiler happens to place them.
//
//===----------------------------------------------------------------------===//

#include "Checks/MisalignedAccessCheck.h"

#include "Analysis/SourceNames.h"
#include "Analysis/SourcePoints.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <optional>

using namespace clang;

namespace smemlint {
namespace {

/// The source text of the alignment \p Array's declaration states, when it
/// states one, in one attribute whose value is a number or a name written
/// in the file (`__align__(128)`'s 128, through the macro's argument), and
/// reads as that value there. Not an `alignas`: the parse moves
/// `__shared__ alignas(8)` to `alignas(8) __shared__` as nvcc reads it
/// (withNvccSpellings), so its place in the parsed text is not the file's.
std::optional<CharSourceRange> statedAlignment(const SourceManager &SM,
                                               const LangOptions &Language,
                                               const VarDecl &Array) {
  const AlignedAttr *Stated = nullptr;
  for (const AlignedAttr *Attr : Array.specific_attrs<AlignedAttr>()) {
    if (Stated || !Attr->isAlignmentExpr() || !Attr->getAlignmentExpr() ||
        Attr->isAlignas())
      return std::nullopt;
    Stated = Attr;
  }
  if (!Stated)
    return std::nullopt;
  const Expr *Value = Stated->getAlignmentExpr()->IgnoreImplicit();
  std::string Spelled;
  if (const auto *Number = dyn_cast<IntegerLiteral>(Value))
    Spelled = llvm::toString(Number->getValue(), 10, /*Signed=*/false);
  else if (const auto *Name = dyn_cast<DeclRefExpr>(Value))
    Spelled = Name->getNameInfo().getAsString();
  else
    return std::nullopt;
  SourceLocation Where = SM.getFileLoc(Value->getBeginLoc());
  if (Where.isInvalid())
    return std::nullopt;
  CharSourceRange Token = CharSourceRange::getTokenRange(Where, Where);
  if (Lexer::getSourceText(Token, SM, Language) != Spelled)
    return std::nullopt;
  return Token;
}

/// "16-byte read", "ldmatrix row", "16-byte cp.async into".
std::string instructionOf(const Misalignment &M) {
  if (M.Matrices)
    return std::string(M.Kind == AccessKind::Store ? "stmatrix" : "ldmatrix") +
           " row address";
  if (M.Async == AsyncPhase::Issue)
    return std::to_string(M.WidthBytes) + "-byte cp.async";
  if (!M.TensorMapSwizzle.empty())
    return "TMA tensor copy";
  if (M.Async == AsyncPhase::BulkIssue || M.Async == AsyncPhase::BulkRead)
    return "bulk copy";
  return std::to_string(M.WidthBytes) + "-byte " +
         (M.Kind == AccessKind::Load    ? "read"
          : M.Kind == AccessKind::Store ? "write"
                                        : "atomic");
}

/// "unless 'a' itself starts 12 bytes past a multiple of 16, which nothing
/// arranges": the placement that would make \p M's address aligned.
DiagnosticNote placementNote(const SourceManager &SM, const Misalignment &M,
                             int64_t Past) {
  return {toSourcePoint(SM, M.Array->getLocation()),
          "unless '" + M.Array->getNameAsString() + "' itself starts " +
              std::to_string(M.Required - Past) + " bytes past a multiple of " +
              std::to_string(M.Required) +
              ", which nothing arranges: it is declared " +
              std::to_string(M.ArrayAlignment) + "-byte aligned",
          {}};
}

/// Error, warning or note, as smem-out-of-bounds words a fault: an error
/// when nothing was assumed, a note when the block shape or a value the
/// address depends on was; \p Worst caps it.
Severity levelOf(const KernelAnalysis &Analysis, const Misalignment &M,
                 Severity Worst) {
  bool OnAssumedValues = false;
  for (unsigned Id = 0; Id < 64; ++Id)
    if ((M.Symbols >> Id & 1) && Analysis.racesTriedFor(Id))
      OnAssumedValues = true;
  if (Analysis.shape().Source == ShapeSource::Default || OnAssumedValues)
    return Severity::Note;
  if (!M.WhateverThePlacement || !M.Assumptions.empty())
    return Severity::Warning;
  return Worst;
}

/// A TMA tensor copy the engine accepts (128-byte aligned) whose
/// destination is off its swizzle's repeat: the box lands permuted.
void reportPermuted(const CheckContext &Context, const Misalignment &M,
                    std::vector<Diagnostic> &Findings) {
  const KernelAnalysis &Analysis = Context.Analysis;
  const ASTContext &Ctx = Analysis.context();
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Array = M.Array->getNameAsString();
  std::string Repeat = std::to_string(M.Required);
  int64_t Past = ((M.FirstOffset % M.Required) + M.Required) % M.Required;
  Diagnostic D;
  D.Check = MisalignedAccessCheck::info().Name;
  D.Level = levelOf(Analysis, M, Severity::Warning);
  D.Where = toSourcePoint(SM, M.Site->getBeginLoc());
  Context.nameSharedAccess(D, M.Site, M.Kind);
  D.Message = "TMA tensor copy " +
              std::string(M.Kind == AccessKind::Load ? "out of" : "into") +
              " '" + Array + "' with " + M.TensorMapSwizzle + " at " +
              elementName(Ctx, M.Array, M.FirstOffset) + ", " +
              std::to_string(Past) + " bytes past a multiple of " + Repeat +
              " from the start of '" + Array +
              "': the TMA engine swizzles by the shared address, whose "
              "pattern repeats every " +
              Repeat +
              " bytes, so the tile lands permuted from the layout its "
              "swizzled reads assume (" +
              Analysis.assumptionSummary(M.Site) + ")";
  if (!M.WhateverThePlacement)
    D.Notes.push_back(placementNote(SM, M, Past));
  for (const std::string &Assumption : M.Assumptions)
    D.Notes.push_back({D.Where, "assumed: " + Assumption, {}});
  D.Notes.push_back(
      {D.Where,
       "measured on the H200: a 128-byte-aligned destination off the "
       "swizzle's repeat completes without an error and holds the box "
       "swizzled by its shared address, not by its offset in the tile "
       "(docs/measurements/h200-tma.md); start each stage at a multiple of " +
           Repeat + " bytes",
       {}});
  Findings.push_back(std::move(D));
}

void reportMisaligned(const CheckContext &Context, const Misalignment &M,
                      std::vector<Diagnostic> &Findings) {
  if (M.Permutes)
    return reportPermuted(Context, M, Findings);
  const KernelAnalysis &Analysis = Context.Analysis;
  const ASTContext &Ctx = Analysis.context();
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Array = M.Array->getNameAsString();
  std::string Required = std::to_string(M.Required);
  Diagnostic D;
  D.Check = MisalignedAccessCheck::info().Name;
  D.Level = levelOf(Analysis, M, Severity::Error);
  D.Where = toSourcePoint(SM, M.Site->getBeginLoc());
  Context.nameSharedAccess(D, M.Site, M.Kind);
  std::string Thread = threadName(Analysis.shape().Block, M.FirstThread);
  int64_t Past = ((M.FirstOffset % M.Required) + M.Required) % M.Required;
  D.Message = "misaligned " + instructionOf(M) + " of '" + Array + "'" +
              (M.Remote ? " in another block of the cluster" : "") + ": " +
              Thread + "'s address is " +
              elementName(Ctx, M.Array, M.FirstOffset) + ", " +
              std::to_string(Past) + " bytes past a multiple of " + Required +
              " from the start of '" + Array +
              "'; the instruction needs a multiple of " + Required +
              " and the GPU stops the kernel ('misaligned address') (" +
              Analysis.assumptionSummary(M.Site) + ")";
  DiagnosticNote Threads{
      D.Where, "misaligned for threads " + threadList(M.Threads), {}};
  Threads.KeyFact = true;
  D.Notes.push_back(std::move(Threads));
  if (!M.WhateverThePlacement)
    D.Notes.push_back(placementNote(SM, M, Past));
  if (M.Matrices)
    D.Notes.push_back({D.Where,
                       "each lane gives the address of one 16-byte row of an "
                       "8x8 matrix, which must be 16-byte aligned",
                       {}});
  for (const std::string &Assumption : M.Assumptions)
    D.Notes.push_back({D.Where, "assumed: " + Assumption, {}});
  if (!M.TensorMapSwizzle.empty())
    D.Notes.push_back({D.Where,
                       "measured on the H200: a TMA tensor copy whose shared "
                       "address is not a multiple of 128 bytes stops the "
                       "kernel with 'misaligned address', whatever its "
                       "swizzle (docs/measurements/h200-tma.md)",
                       {}});
  else
    D.Notes.push_back({D.Where,
                       "measured on the H200: such an access stops the kernel "
                       "with 'misaligned address', and compute-sanitizer "
                       "reports an invalid __shared__ read or write whose "
                       "address 'is misaligned' "
                       "(docs/measurements/h200-misaligned.md)",
                       {}});
  Findings.push_back(std::move(D));
}

/// Another static shared variable the compiler may place before \p Array.
bool sharesTheLayout(const KernelInfo &Kernel, const VarDecl *Array) {
  return llvm::any_of(Kernel.SharedVariables, [&](const SharedVariable &V) {
    return V.Decl != Array && !V.Dynamic && V.StaticBytes > 0;
  });
}

void reportUnderAligned(const CheckContext &Context, const UnderAlignedArray &U,
                        std::vector<Diagnostic> &Findings) {
  const KernelAnalysis &Analysis = Context.Analysis;
  const SourceManager &SM = Analysis.context().getSourceManager();
  // Alone, the array is the first and starts where shared memory does.
  if (!sharesTheLayout(Analysis.kernel(), U.Array))
    return;
  std::string Array = U.Array->getNameAsString();
  std::string Required = std::to_string(U.Required);
  std::vector<std::string> Lines;
  for (const Expr *Site : U.Sites) {
    std::string Line =
        std::to_string(SM.getExpansionLineNumber(Site->getBeginLoc()));
    if (!llvm::is_contained(Lines, Line))
      Lines.push_back(Line);
  }
  Diagnostic D;
  D.Check = MisalignedAccessCheck::info().Name;
  D.Level = Severity::Note;
  D.Where = toSourcePoint(SM, U.Array->getLocation());
  std::string Where = "(line" + std::string(Lines.size() > 1 ? "s " : " ") +
                      llvm::join(Lines, ", ") + ")";
  if (U.ByWarpgroupMma)
    D.Message =
        "'" + Array + "' is read by wgmma with the " + U.TensorMapSwizzle +
        " " + Where + ", whose pattern repeats every " + Required +
        " bytes of shared address, but is declared " +
        std::to_string(U.Declared) +
        "-byte aligned: the wgmma reads the layout its writes assume only "
        "if the compiler places it at a multiple of " +
        Required + " bytes (" + Analysis.assumptionSummary(U.Sites[0]) + ")";
  else if (U.Permutes)
    D.Message =
        "'" + Array + "' is written by TMA tensor copies with " +
        U.TensorMapSwizzle + " " + Where + ", whose pattern repeats every " +
        Required + " bytes of shared address, but is declared " +
        std::to_string(U.Declared) +
        "-byte aligned: the copies land as its reads assume only if "
        "the compiler places it at a multiple of " +
        Required + " bytes (" + Analysis.assumptionSummary(U.Sites[0]) + ")";
  else
    D.Message = "'" + Array + "' is accessed with instructions that need " +
                Required + "-byte alignment " + Where + " but is declared " +
                std::to_string(U.Declared) +
                "-byte aligned: the accesses are aligned only if the compiler "
                "places it at a multiple of " +
                Required + " bytes (" + Analysis.assumptionSummary(U.Sites[0]) +
                ")";
  D.Notes.push_back(
      {D.Where,
       U.ByWarpgroupMma
           ? "the swizzle flips bits 4 and up of each 16-byte piece's shared "
             "address by bits 7 and up (PTX ISA, matrix descriptor): "
             "placed elsewhere, the wgmma reads the pieces in another order"
       : U.Permutes
           ? "the kernel has other static shared variables; on the H200 a "
             "swizzled TMA copy 128 bytes past a multiple of its repeat "
             "landed permuted, without an error "
             "(docs/measurements/h200-tma.md)"
           : "the kernel has other static shared variables; on the H200 a "
             "float array declared after a 4-byte one started 4 bytes past a "
             "multiple of 16, and its float4 reads stopped the kernel "
             "(docs/measurements/h200-misaligned.md)",
       {}});
  DiagnosticNote Fix{
      D.Where, "declare '" + Array + "' __align__(" + Required + ")", {}};
  // An alignment the declaration already states (`__align__(128)`,
  // `alignas(128)`) gets the new value in its place; otherwise the
  // attribute goes before the type.
  if (std::optional<CharSourceRange> Stated =
          statedAlignment(SM, Analysis.context().getLangOpts(), *U.Array))
    Fix.FixIts.push_back(makeFixIt(SM, *Stated, Required));
  else if (SourceLocation TypeStart = U.Array->getTypeSpecStartLoc();
           TypeStart.isValid() && !TypeStart.isMacroID())
    Fix.FixIts.push_back(
        makeFixIt(SM, CharSourceRange::getCharRange(TypeStart, TypeStart),
                  "__align__(" + Required + ") "));
  Fix.KeyFact = true;
  D.Notes.push_back(std::move(Fix));
  Findings.push_back(std::move(D));
}

} // namespace

void MisalignedAccessCheck::checkKernel(const CheckContext &Context,
                                        std::vector<Diagnostic> &Findings) {
  const AlignmentFindings &Found = Context.Analysis.alignment();
  for (const Misalignment &M : Found.Misaligned)
    reportMisaligned(Context, M, Findings);
  for (const UnderAlignedArray &U : Found.UnderAligned)
    reportUnderAligned(Context, U, Findings);
}

const CheckInfo &MisalignedAccessCheck::info() {
  static const CheckInfo Info = {
      "smem-misaligned-access",
      "MisalignedAccess",
      FindingOrigin::Check,
      CheckCategory::Correctness,
      Severity::Error,
      /*OnByDefault=*/true,
      /*AlwaysShown=*/false,
      /*AboutTheTool=*/false,
      NeedsSharedAccesses,
      "docs/checks/smem-misaligned-access.md",
      "a shared-memory access whose address is not a multiple of the alignment "
      "its instruction needs (a float2 or float4 through a cast pointer, an "
      "ldmatrix row, a cp.async destination): the GPU stops the kernel with "
      "'misaligned address'; or an array read as vectors whose declared "
      "alignment leaves it to the layout",
      "A vector load or store (float2, float4, int4 through a cast pointer), "
      "an ldmatrix or stmatrix row, a cp.async or a bulk copy needs its "
      "shared address to be a multiple of its size (16 bytes for a matrix row "
      "or a bulk copy). The compiler emits the vector instruction from the "
      "type's alignment and does not check the address; the GPU stops the "
      "kernel with 'misaligned address'. The finding names the threads, the "
      "element each starts at and how far past a multiple it is. An array "
      "whose accesses are aligned from its start but which is declared with "
      "less alignment than they need is aligned only where the compiler "
      "happens to place it: a note.",
      "Index whole vectors (reinterpret_cast<float4 *>(s)[i] with i a vector "
      "index, not a float index), keep ldmatrix rows and copy destinations on "
      "16-byte boundaries, and declare an array read as vectors with "
      "__align__(16) (or of the vector type).",
      "A float4 read through a cast pointer at a float index that is not a "
      "multiple of 4 is misaligned.\n"
      "\n"
      "```cuda\n"
      "__shared__ __align__(16) float s[256];\n"
      "// ...\n"
      "float4 v = *reinterpret_cast<float4 *>(&s[4 * lane + 1]); // byte 4\n"
      "```\n"
      "\n"
      "**Fix:** read from a multiple of 16 bytes:\n"
      "\n"
      "```cuda\n"
      "float4 v = *reinterpret_cast<float4 *>(&s[4 * lane]);\n"
      "```",
      /*Options=*/{},
      RuntimeEvidence::LaunchFault,
      // What cudaGetErrorString says of cudaErrorMisalignedAddress.
      "misaligned address",
  };
  return Info;
}

} // namespace smemlint
