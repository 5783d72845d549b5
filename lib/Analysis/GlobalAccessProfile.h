//===--- GlobalAccessProfile.h - Sectors of every global access -*- C++ -*-===//
//
// Watches the evaluator's global-memory accesses (through pointer kernel
// parameters and __device__ variables) and feeds each warp's addresses
// through the transaction model: per source access the worst warp
// instruction, the totals, and the lane stride. Row pitches the analysis does
// not know are tried large and unaligned. Also finds global -> shared ->
// global round trips (the tiled transpose) and what the direct copy the tile
// replaces would cost.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_ANALYSIS_GLOBALACCESSPROFILE_H
#define SMEMLINT_ANALYSIS_GLOBALACCESSPROFILE_H

#include "Evaluation/KernelEvaluator.h"
#include "Model/GlobalTransactions.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class Expr;
class FunctionDecl;
class Stmt;
class ValueDecl;
class VarDecl;
} // namespace clang

namespace smemlint {

/// One warp instruction, kept to explain an access.
struct GlobalWarpExample {
  unsigned Warp = 0;
  /// Byte offset from the pointer per lane; nullopt for inactive lanes.
  std::vector<std::optional<int64_t>> LaneOffsets;
  GlobalRequestCost Cost;
};

/// Everything measured about one source-level global load, store or atomic.
struct GlobalAccessStats {
  const clang::Expr *Site = nullptr;
  AccessKind Kind = AccessKind::Load;
  /// The pointer parameter or __device__ variable; null when the pointer was
  /// not followed.
  const clang::ValueDecl *Pointer = nullptr;
  /// What the user calls the pointer: 'out', or the local it was read into.
  std::string Name;
  unsigned WidthBytes = 0;
  uint64_t WarpInstructions = 0;
  uint64_t TotalRequestedBytes = 0, TotalSectors = 0, TotalIdealSectors = 0,
           TotalLines = 0;
  /// The warp instruction with the most sectors beyond its ideal.
  std::optional<GlobalWarpExample> Worst;
  /// Every warp instruction had all its active lanes on one address.
  bool AlwaysUniform = true;
  /// Set when some active thread's address was unknown, or the pointer was
  /// not followed (then nothing was counted).
  std::string UnknownReason;
  SymbolSet Symbols = 0;
  std::set<const clang::Stmt *> Loops;
  std::vector<std::string> Assumptions;
  /// Unknown parameters whose unaligned value changed the numbers; the
  /// numbers are those of the worse value, given in EvaluatedWith.
  std::vector<unsigned> DependsOn;
  std::map<unsigned, int64_t> EvaluatedWith;
  /// Unknown parameters of the address that were tried unaligned.
  std::vector<unsigned> PitchesTried;
  /// Bytes between the elements of consecutive lanes along threadIdx.x in
  /// the worst warp instruction, when constant; StrideFormula writes it in
  /// the unknown parameters it depends on ("4*height"), or is empty.
  std::optional<int64_t> StrideBytes;
  std::string StrideFormula;

  unsigned sectors() const { return Worst ? Worst->Cost.Sectors : 0; }
  unsigned idealSectors() const { return Worst ? Worst->Cost.IdealSectors : 0; }
  double meanSectors() const {
    return WarpInstructions ? double(TotalSectors) / WarpInstructions : 0;
  }
};

/// A global -> shared -> global round trip: `tile[..] = in[..]`, then
/// `out[..] = tile[..]`, and what the direct version the tile replaces
/// would cost: each element stored to its place in 'out' by the thread that
/// loads it, with the load unchanged.
struct StagedCopy {
  const clang::Expr *LoadSite = nullptr, *StoreSite = nullptr;
  const clang::VarDecl *Tile = nullptr;
  /// The direct store: one request per warp and execution of the load.
  uint64_t DirectInstructions = 0, DirectRequestedBytes = 0, DirectSectors = 0,
           DirectIdealSectors = 0;
  std::optional<GlobalWarpExample> DirectWorst;
  /// Every element the load staged was stored by StoreSite, once.
  bool Complete = false;
};

struct GlobalAccessProfile {
  std::vector<GlobalAccessStats> Accesses; ///< In the order first executed.
  std::vector<StagedCopy> StagedCopies;
  /// Loops that were not enumerated to the end, with the reason.
  std::map<const clang::Stmt *, std::string> SampledLoops;

  /// Why \p Access was seen only in part ("" when fully enumerated).
  std::string samplingReason(const GlobalAccessStats &Access) const;
  const GlobalAccessStats *find(const clang::Expr *Site, AccessKind Kind) const;
};

/// Profiles global accesses as the evaluator runs; finish() once it is done.
class GlobalAccessObserver : public ExecutionObserver {
public:
  GlobalAccessObserver(const clang::FunctionDecl *Kernel, BlockShape Block,
                       unsigned WarpSize,
                       const GlobalMemoryGranularity &Granularity,
                       GlobalAccessProfile &Profile);
  ~GlobalAccessObserver() override;

  void onMemoryAccess(const MemoryAccessEvent &Event) override;
  void onLoopSampled(const clang::Stmt *Loop,
                     const std::string &Reason) override;
  void onIterationsSkipped(const SkippedIterationsEvent &Event) override;
  /// Finds the lane strides, costs the direct versions of staged copies,
  /// and adds the accesses
  /// through pointers the evaluator could not follow (loaded from memory, or
  /// of unknown origin) as unknown.
  void finish();

private:
  struct State;
  std::unique_ptr<State> S;
};

/// The value an unknown scalar parameter takes when the analysis assumes it
/// is a large, unaligned row pitch: the default (1024) plus one.
int64_t unalignedPitchValue(const UniformSymbol &Symbol);

/// For the accesses of \p Profile whose address depends on unknown scalar
/// parameters, evaluates the kernel again with each such parameter at
/// unalignedPitchValue() and keeps, per access, the numbers of the run with
/// more excess sectors; writes the lane stride as a formula in those
/// parameters. Skipped when the runs would cost more than a few budgets.
void assumeUnalignedPitches(clang::ASTContext &Ctx,
                            const clang::FunctionDecl *Kernel,
                            const EvaluationOptions &Options,
                            SymbolTable &Symbols,
                            const GlobalMemoryGranularity &Granularity,
                            uint64_t BaselineSteps,
                            GlobalAccessProfile &Profile);

} // namespace smemlint

#endif
