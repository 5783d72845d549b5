//===--- KernelAnalysis.h - One kernel under one block shape ---*- C++ -*-===//
//
// What the checks look at: a kernel, the block shape it is analysed with and
// where that shape came from, the architecture, and the profile of its shared
// accesses. A check that proposes a fix re-runs the evaluation through
// reanalyse() with a changed layout to prove the fix before offering it.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_ANALYSIS_KERNELANALYSIS_H
#define SMEMLINT_ANALYSIS_KERNELANALYSIS_H

#include "Analysis/AlignmentAnalysis.h"
#include "Analysis/BarrierProfile.h"
#include "Analysis/BoundsAnalysis.h"
#include "Analysis/ClusterProfile.h"
#include "Analysis/GlobalAccessProfile.h"
#include "Analysis/KernelDiscovery.h"
#include "Analysis/ProxyFenceProfile.h"
#include "Analysis/SharedAccessProfile.h"
#include "Evaluation/TensorMap.h"
#include "Hardware/ArchTable.h"
#include "Model/Occupancy.h"
#include "Report/Report.h"

#include "clang/Basic/SourceLocation.h"

#include <map>
#include <tuple>

namespace clang {
class ASTContext;
}

namespace smemlint {

/// How the block shape of an analysis was chosen.
enum class ShapeSource { Launch, Annotation, Option, Default };

inline const char *shapeSourceName(ShapeSource Source) {
  switch (Source) {
  case ShapeSource::Launch:
    return "launch";
  case ShapeSource::Annotation:
    return "annotation";
  case ShapeSource::Option:
    return "option";
  case ShapeSource::Default:
    return "default";
  }
  return "default";
}

struct ChosenShape {
  BlockShape Block;
  ShapeSource Source = ShapeSource::Default;
  /// For a default shape the kernel's shared tiles chose (ProblemSizes.h):
  /// the tile, "'temp[16][16]'"; empty for the default block.
  std::string FromTile;
  clang::SourceLocation Where; ///< The launch or annotation.
  /// Launch arguments known for every launch with this shape.
  llvm::DenseMap<const clang::ParmVarDecl *, int64_t> KnownParameters;
  /// Arguments the launches with this shape pass different constants for:
  /// the analysis reports the worst of them.
  std::map<const clang::ParmVarDecl *, std::vector<int64_t>>
      CandidateParameters;
  /// Dynamic shared bytes per block: the largest constant third launch
  /// argument among the launches with this shape, or --dynamic-smem.
  std::optional<uint64_t> DynamicSharedBytes;
  /// Where DynamicSharedBytes came from: "launch", "option", or "" if unknown.
  std::string DynamicSharedSource;
  /// The launch that asks for DynamicSharedBytes, when one does.
  clang::SourceLocation DynamicSharedWhere;
  /// Registers per thread, from --regs; unknown otherwise.
  std::optional<unsigned> RegistersPerThread;
  /// The grid of the launches with this shape, when they agree on a
  /// constant one.
  std::optional<BlockShape> Grid;
  /// The arguments the launch itself passed (KnownParameters may also hold
  /// values given by --param).
  llvm::DenseMap<const clang::ParmVarDecl *, int64_t> LaunchArguments;
  /// The call of the launching function the launch's values come through.
  clang::SourceLocation Through;
  /// When the launch this shape (or its dynamic bytes) comes from is in
  /// another file of the run (ExternalLaunch), where it is, and the line of
  /// the call its values come through there (0: none); Where (or
  /// DynamicSharedWhere) is then invalid.
  std::optional<SourcePoint> LaunchInOtherFile, DynamicSharedInOtherFile;
  unsigned ThroughLineInOtherFile = 0;
  /// The launch takes more configurations than were analysed.
  bool MoreConfigurations = false;
  /// The tensor maps every launch with this shape passes, as encoded.
  llvm::DenseMap<const clang::ParmVarDecl *, TensorMapBox> TensorMaps;
};

/// Static shared bytes of \p Variables laid out one after another at their
/// alignments, as Clang sizes and aligns them (extern arrays count 0).
uint64_t staticSharedBytes(llvm::ArrayRef<SharedVariable> Variables);

class ProblemSizeSearch;

class KernelAnalysis {
public:
  /// \p ProfileGlobalMemory: also watch global loads and stores (for the
  /// JSON report and the gmem-* checks); globalAccesses() is empty without.
  KernelAnalysis(clang::ASTContext &Ctx, const KernelInfo &Kernel,
                 ChosenShape Shape, unsigned ShapeIndex, const ArchInfo &Arch,
                 EvaluationOptions Options, bool ProfileGlobalMemory = true);

  clang::ASTContext &context() const { return Ctx; }
  const KernelInfo &kernel() const { return Kernel; }
  const ChosenShape &shape() const { return Shape; }
  unsigned shapeIndex() const { return ShapeIndex; }
  const ArchInfo &arch() const { return Arch; }
  const SharedAccessProfile &profile() const { return Profile; }
  /// Hazards and divergent barriers, from the same evaluation.
  const BarrierProfile &barriers() const { return Barriers; }
  /// Bulk copies out of shared memory that read generic writes no
  /// fence.proxy.async orders before them.
  const ProxyFenceProfile &proxyFences() const { return ProxyFences; }
  /// Races between the blocks of a cluster through distributed shared
  /// memory, and accesses of a block that may have exited.
  const ClusterProfile &cluster() const { return Cluster; }
  /// Sectors of the global accesses, from the same evaluation (unknown row
  /// pitches tried unaligned).
  const GlobalAccessProfile &globalAccesses() const { return GlobalAccesses; }
  /// The shared variables' bounds, and every access that left them in the
  /// same evaluation.
  const std::map<const clang::VarDecl *, ObjectBounds> &bounds() const {
    return Bounds;
  }
  /// Accesses at addresses their instructions reject, and arrays aligned
  /// only by the layout (smem-misaligned-access).
  const AlignmentFindings &alignment() const { return Alignment; }
  const std::vector<Violation> &boundsViolations() const {
    return BoundsViolations;
  }
  const SymbolTable &symbols() const { return Symbols; }
  const EvaluationOptions &options() const { return Options; }
  /// The value uniform symbol \p Symbol had in this evaluation: the one the
  /// options give, else its default (defaultSymbolValue).
  int64_t symbolValue(unsigned Symbol) const {
    auto Given = Options.SymbolValues.find(Symbol);
    return Given != Options.SymbolValues.end()
               ? Given->second
               : defaultSymbolValue(Symbols.symbol(Symbol));
  }
  /// Why a parameter nothing gives has the value it was evaluated with,
  /// when the shared arrays it indexes chose it (ProblemSizes.h); empty
  /// for one at its default.
  std::string inferredValueReason(unsigned Symbol) const {
    auto Found = InferredValues.find(Symbol);
    return Found != InferredValues.end() ? Found->second : std::string();
  }
  const std::map<unsigned, std::string> &inferredValues() const {
    return InferredValues;
  }
  /// Parameters tried at smaller sizes that none kept in bounds.
  SymbolSet sizesLeftAtDefault() const { return SizesLeftAtDefault; }
  /// The largest value the symbol sweep tries for \p Symbol: 32, or less
  /// for a size the shared arrays bound.
  int64_t largestValueTried(unsigned Symbol) const;
  /// Effects of uniform symbols, per index into profile().Accesses.
  const std::map<unsigned, std::vector<SymbolEffect>> &symbolEffects() const {
    return SymbolEffects;
  }
  /// Whether the uniform symbols were varied (symbolEffects() is then
  /// complete: a symbol an access depends on but that is not listed does
  /// not change its conflict degree).
  bool symbolsSwept() const { return SymbolsSwept; }
  /// Whether uniform symbol \p Symbol is a parameter the launches with this
  /// shape pass different constants for (evaluated with the worst of them):
  /// its values come from the code, not from an assumption.
  bool fromLaunches(unsigned Symbol) const {
    const UniformSymbol &S = Symbols.symbol(Symbol);
    auto Candidates = Shape.CandidateParameters.find(S.Param);
    return S.SymbolKind == UniformSymbol::Kind::Parameter &&
           S.FieldOffset < 0 && Candidates != Shape.CandidateParameters.end() &&
           !Candidates->second.empty();
  }
  /// Whether the analysis tries other values of uniform symbol \p Symbol
  /// for races (TriedValueHazards): a value nothing gives, but not blockIdx
  /// (the analysis runs block 0).
  bool racesTriedFor(unsigned Symbol) const {
    return Symbols.symbol(Symbol).SymbolKind != UniformSymbol::Kind::BlockIdx &&
           !fromLaunches(Symbol);
  }

  /// What a finding at \p Site assumed, for the end of its message:
  /// "block 32x8, sm_90", naming the kernel first ("in 'transpose<32>', ...")
  /// when the site alone does not say which kernel ran it: a template
  /// instantiation, or a device function.
  std::string assumptionSummary(const clang::Stmt *Site) const;

  /// For a shape from a launch, the note at the launch: "analysed with
  /// block 64x1 and width = 2 from this launch, as called at line 12".
  std::string launchNote() const;

  /// \p Access's wavefronts over the whole launch: the block analysed
  /// times the blocks of the grid; nullopt when the grid is not known.
  std::optional<LaunchWavefronts>
  launchWavefronts(const AccessStats &Access) const;

  /// Static shared bytes of the kernel (see staticSharedBytes).
  uint64_t staticSharedBytes() const { return StaticSharedBytes; }
  /// Static plus dynamic shared bytes per block; the dynamic part counts 0
  /// when unknown (dynamicSharedBytesKnown() says).
  uint64_t sharedBytesPerBlock() const {
    return StaticSharedBytes + Shape.DynamicSharedBytes.value_or(0);
  }
  bool dynamicSharedBytesKnown() const {
    return Shape.DynamicSharedBytes.has_value() || !usesDynamicShared();
  }
  /// The kernel declares extern __shared__ memory.
  bool usesDynamicShared() const;
  /// Blocks of this shape resident per SM, with \p ExtraSharedBytes more
  /// shared memory per block (to weigh a fix).
  Occupancy occupancy(uint64_t ExtraSharedBytes = 0) const;

  /// Evaluates the kernel again with some shared arrays laid out differently.
  /// The hazards and divergent barriers of the kernel with a barrier
  /// (\p Warp: __syncwarp(), else __syncthreads()) before \p Statement, the
  /// unknown value \p Tried names set to its example value when given: how
  /// a barrier fix-it is proven. Evaluated once per statement and value.
  /// With \p ThroughStep (a hazard's FoundAtStep), the evaluation needs to
  /// go only about twice that far: it proves the barrier removes that
  /// hazard, which the same code with one more barrier reaches at about the
  /// same step; a later request for one found further on runs it again.
  const BarrierProfile &
  reanalyseWithBarrier(const clang::Stmt *Statement, bool Warp,
                       const std::optional<TriedValues> &Tried,
                       uint64_t ThroughStep = 0) const;
  /// The kernel evaluated with \p Layouts in place of its arrays' own: the
  /// profile holds the accesses of those arrays only.
  SharedAccessProfile reanalyse(
      const llvm::DenseMap<const clang::VarDecl *, SharedArrayLayout> &Layouts)
      const;
  /// The least enumeration bound of a layout's proof (reanalyse): 2^20
  /// thread-steps, a quarter of the kernel's own default.
  static constexpr uint64_t MinProofEnumerationBound = uint64_t(1) << 20;

private:
  /// One evaluation with every observer, filling the profiles; \p Sizes,
  /// when given, may stop it and ask for another run with other values
  /// (then it returns true, and the profiles are to be filled again).
  bool evaluate(bool ProfileGlobalMemory, ProblemSizeSearch *Sizes);

  clang::ASTContext &Ctx;
  const KernelInfo &Kernel;
  ChosenShape Shape;
  unsigned ShapeIndex;
  const ArchInfo &Arch;
  EvaluationOptions Options;
  mutable SymbolTable Symbols;
  uint64_t StaticSharedBytes = 0;
  SharedAccessProfile Profile;
  BarrierProfile Barriers;
  ProxyFenceProfile ProxyFences;
  ClusterProfile Cluster;
  GlobalAccessProfile GlobalAccesses;
  std::map<const clang::VarDecl *, ObjectBounds> Bounds;
  std::vector<Violation> BoundsViolations;
  AlignmentFindings Alignment;
  std::map<unsigned, std::vector<SymbolEffect>> SymbolEffects;
  bool SymbolsSwept = false;
  std::map<unsigned, std::string> InferredValues;
  SymbolSet SizesLeftAtDefault = 0;
  /// reanalyseWithBarrier's answers, by statement, scope and tried value,
  /// with the steps they were allowed when they ran out of them (0: they
  /// did not).
  struct BarrierProof {
    BarrierProfile Profile;
    uint64_t CutAt = 0;
  };
  mutable std::map<std::tuple<const clang::Stmt *, bool, unsigned, int64_t>,
                   BarrierProof>
      BarrierProofs;
};

} // namespace smemlint

#endif
