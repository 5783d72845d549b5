//===--- PaddingFix.cpp - Pad a shared array's rows, proven by re-analysis
//-===//

#include "Fixes/PaddingFix.h"

#include "Analysis/SourcePoints.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace smemlint {

PaddedAccess changeOf(const AccessStats &Before, const AccessStats *After) {
  PaddedAccess Change;
  Change.Access = &Before;
  Change.InAll = After && After->InstructionBytes != Before.InstructionBytes;
  Change.WavefrontsBefore =
      Change.InAll ? Before.TotalWavefronts : Before.worstWavefronts();
  Change.WavefrontsAfter = !After         ? 0
                           : Change.InAll ? After->TotalWavefronts
                                          : After->worstWavefronts();
  Change.IdealAfter = After ? After->idealWavefronts() : 0;
  return Change;
}

uint64_t comparableWavefronts(const SharedAccessProfile &Before,
                              const SharedAccessProfile &After,
                              const VarDecl *Array) {
  double Total = 0;
  for (const AccessStats &Access : After.Accesses) {
    if (Access.Array != Array)
      continue;
    const AccessStats *Baseline =
        Before.find(Access.Site, Access.Kind, Array, Access.ReachedThrough);
    if (Baseline && Access.WarpInstructions && Baseline->WarpInstructions &&
        Access.WarpInstructions != Baseline->WarpInstructions &&
        After.samplingReason(Access) != Before.samplingReason(*Baseline))
      Total += double(Access.TotalWavefronts) *
               double(Baseline->WarpInstructions) /
               double(Access.WarpInstructions);
    else
      Total += double(Access.TotalWavefronts);
  }
  return uint64_t(Total + 0.5);
}

std::string proofSampling(const SharedAccessProfile &After,
                          const VarDecl *Array) {
  std::vector<std::string> Reasons;
  for (const AccessStats &Access : After.Accesses) {
    if (Access.Array != Array)
      continue;
    std::string Reason = After.samplingReason(Access);
    if (!Reason.empty() && !llvm::is_contained(Reasons, Reason))
      Reasons.push_back(std::move(Reason));
  }
  return llvm::join(Reasons, "; ");
}

namespace {

/// The size expression of the innermost array dimension as written.
const Expr *lastDimensionSize(const VarDecl *Array) {
  const TypeSourceInfo *TSI = Array->getTypeSourceInfo();
  if (!TSI)
    return nullptr;
  const Expr *Size = nullptr;
  TypeLoc TL = TSI->getTypeLoc();
  while (auto ArrayLoc = TL.getAs<ArrayTypeLoc>()) {
    Size = ArrayLoc.getSizeExpr();
    TL = ArrayLoc.getElementLoc();
  }
  return Size;
}

} // namespace

std::string bulkCopyObstacle(const KernelAnalysis &Analysis,
                             const VarDecl *Array) {
  const auto &Copied = Analysis.profile().BulkCopied;
  auto Found = Copied.find(Array);
  if (Found == Copied.end())
    return "";
  const BulkCopiedArray &Copy = Found->second;
  std::string Name = "'" + Array->getNameAsString() + "'";
  std::string Line = std::to_string(
      Analysis.context().getSourceManager().getSpellingLineNumber(
          Copy.Site->getBeginLoc()));
  if (Copy.ByWarpgroupMma)
    return Name + " is read by a wgmma (line " + Line +
           ") through a matrix descriptor, whose layout a change of its "
           "declaration would not change";
  if (!Copy.TensorMap)
    return Name + " is copied by the TMA engine (line " + Line +
           ") as contiguous bytes, which a change of its layout would not "
           "move";
  std::string Advice =
      Copy.TensorMap->SwizzleBytes
          ? "; read it through the XOR of the tensor map's " +
                Copy.TensorMap->SwizzleName
          : "; encode the tensor map with a swizzle mode "
            "(CU_TENSOR_MAP_SWIZZLE_128B for 128-byte rows) and read it "
            "through the same XOR";
  return Name + " is written by a TMA tensor copy (line " + Line +
         ") in the tensor map's layout, which a change of its declaration "
         "would not move" +
         Advice;
}

std::string paddingObstacle(const KernelAnalysis &Analysis,
                            const VarDecl *Array) {
  if (std::string Copied = bulkCopyObstacle(Analysis, Array); !Copied.empty())
    return Copied;
  const SharedVariable *Var = Analysis.kernel().sharedVariable(Array);
  if (!Var)
    return "'" + Array->getNameAsString() + "' is not a shared variable of '" +
           Analysis.kernel().Name + "'";
  const SharedArrayLayout &Layout = Var->Layout;
  if (Var->Dynamic)
    return "'" + Array->getNameAsString() +
           "' is dynamic shared memory; its layout is in the index arithmetic";
  if (llvm::is_contained(Layout.Dims, 0u))
    return "'" + Array->getNameAsString() + "' has a dimension of size 0";
  if (Layout.Dims.size() < 2)
    return "'" + Array->getNameAsString() +
           "' is one-dimensional; padding has to go into the index arithmetic";
  if (!lastDimensionSize(Array))
    return "the declaration of '" + Array->getNameAsString() +
           "' has no size to change";
  for (const AccessStats &Access : Analysis.profile().Accesses)
    if (Access.Array == Array) {
      if (!Access.ThroughDeclaredShape)
        return "'" + Array->getNameAsString() +
               "' is also accessed through a pointer, which padding would "
               "break";
      if (!Access.UnknownReason.empty())
        return "an access of '" + Array->getNameAsString() +
               "' could not be evaluated";
    }
  return "";
}

std::optional<PaddingProposal> proposePadding(const KernelAnalysis &Analysis,
                                              const VarDecl *Array) {
  if (!paddingObstacle(Analysis, Array).empty())
    return std::nullopt;
  ASTContext &Ctx = Analysis.context();
  const SharedMemoryBanking &Banking = Analysis.arch().Banking;
  SharedArrayLayout Declared = Analysis.kernel().sharedVariable(Array)->Layout;
  uint64_t Baseline = Analysis.profile().wavefrontsOf(Array);

  // One full turn of the banks is enough: padding by more repeats a mapping
  // already tried.
  uint64_t BankCycle = uint64_t(Banking.BankCount) * Banking.BankWidthBytes;
  unsigned MaxPad = std::max<uint64_t>(
      1, BankCycle / std::max<uint64_t>(1, Declared.ElementBytes));
  std::optional<std::pair<unsigned, SharedAccessProfile>> Best;
  uint64_t BestWavefronts = Baseline;
  for (unsigned Pad = 1; Pad <= MaxPad; ++Pad) {
    SharedArrayLayout Padded = Declared;
    Padded.Dims.back() += Pad;
    SharedAccessProfile Profile = Analysis.reanalyse({{Array, Padded}});
    // ldmatrix and stmatrix need 16-byte aligned rows, cp.async a
    // destination aligned to its size: a padding that moves one off that
    // alignment breaks the kernel.
    if (llvm::any_of(Profile.Accesses, [&](const AccessStats &Access) {
          return Access.Array == Array && Access.MisalignedRows;
        }))
      continue;
    uint64_t Wavefronts =
        comparableWavefronts(Analysis.profile(), Profile, Array);
    uint64_t Ideal = 0;
    for (const AccessStats &Access : Profile.Accesses)
      if (Access.Array == Array)
        Ideal += Access.TotalIdealWavefronts;
    if (Wavefronts < BestWavefronts) {
      BestWavefronts = Wavefronts;
      Best.emplace(Pad, std::move(Profile));
    }
    if (Best && Best->first == Pad && Wavefronts == Ideal)
      break;
  }
  if (!Best)
    return std::nullopt;

  PaddingProposal Proposal;
  Proposal.Array = Array;
  Proposal.PadElements = Best->first;
  Proposal.RowBefore = Declared.Dims.back();
  Proposal.RowAfter = Declared.Dims.back() + Best->first;
  Proposal.BytesBefore = Declared.totalBytes();
  SharedArrayLayout Padded = Declared;
  Padded.Dims.back() = Proposal.RowAfter;
  Proposal.BytesAfter = Padded.totalBytes();
  Proposal.TotalBefore = Baseline;
  Proposal.TotalAfter = BestWavefronts;
  Proposal.ProofSampling = proofSampling(Best->second, Array);
  Proposal.ConflictFree = true;
  for (const AccessStats &Access : Analysis.profile().Accesses) {
    if (Access.Array != Array)
      continue;
    const AccessStats *After = Best->second.find(
        Access.Site, Access.Kind, Access.Array, Access.ReachedThrough);
    PaddedAccess Change = changeOf(Access, After);
    if (After && After->TotalWavefronts != After->TotalIdealWavefronts)
      Proposal.ConflictFree = false;
    Proposal.Accesses.push_back(Change);
  }

  const Expr *Size = lastDimensionSize(Array);
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range =
      CharSourceRange::getTokenRange(Size->getSourceRange());
  std::string Replacement;
  if (isa<IntegerLiteral>(Size->IgnoreImpCasts()) &&
      !Size->getBeginLoc().isMacroID())
    Replacement = std::to_string(Proposal.RowAfter);
  else
    Replacement =
        sourceText(SM, Range) + " + " + std::to_string(Proposal.PadElements);
  Proposal.Fix = makeFixIt(SM, Range, Replacement);
  return Proposal;
}

} // namespace smemlint
