//===--- SharedAccessProfile.h - Bank cost of shared accesses -*- C++ -*-===//
//
// Runs the evaluator over one kernel and block shape and feeds every shared
// access, warp by warp, through the bank model: per source access the worst
// warp instruction, the mean, the number of warp instructions and why the
// numbers may be approximate. Also varies the uniform symbols an address
// depends on, to say how the conflict degree depends on them.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_ANALYSIS_SHAREDACCESSPROFILE_H
#define SMEMLINT_ANALYSIS_SHAREDACCESSPROFILE_H

#include "Evaluation/KernelEvaluator.h"
#include "Model/BankModel.h"

#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Expr;
class FunctionDecl;
class Stmt;
class VarDecl;
} // namespace clang

namespace smemlint {

/// The most expensive warp instruction of an access, kept to explain it.
struct WarpExample {
  unsigned Warp = 0;
  /// Byte offset into the array per lane; nullopt for inactive lanes.
  std::vector<std::optional<int64_t>> LaneOffsets;
  WarpRequestCost Cost;
};

/// Everything measured about one source-level shared access (one load, store
/// or atomic at one place in the source).
struct AccessStats {
  const clang::Expr *Site = nullptr;
  AccessKind Kind = AccessKind::Load;
  const clang::VarDecl *Array = nullptr;
  unsigned WidthBytes = 0;
  /// When the compiled code merges consecutive iterations of this access
  /// into one wider instruction (EvaluationOptions::CompiledAccessBytes):
  /// its bytes and how many iterations it covers; the warp instructions and
  /// wavefronts below then count those instructions.
  unsigned InstructionBytes = 0;
  unsigned MergedIterations = 0;
  /// When the compiled code performs this access and other statements as
  /// one wider instruction (MemoryAccessEvent::Vectorized), the statement
  /// whose line the instruction keeps counts it (InstructionBytes is its
  /// width) and names the others here; each of the others names it in
  /// MergedInto and counts no instruction for those executions.
  std::vector<const clang::Expr *> MergedStatements;
  const clang::Expr *MergedInto = nullptr;
  /// When the compiled code performs executions of this same statement side
  /// by side as one instruction (a helper called twice in a row): how many.
  unsigned MergedExecutions = 0;
  uint64_t WarpInstructions = 0;
  /// The most lanes of one warp that performed it together.
  unsigned MostActiveLanes = 0;
  uint64_t TotalWavefronts = 0;
  uint64_t TotalIdealWavefronts = 0;
  std::optional<WarpExample> Worst;
  /// Every execution addressed the array through its declared shape.
  bool ThroughDeclaredShape = true;
  /// Set when some active thread's address was unknown.
  std::string UnknownReason;
  /// Some active thread's address was undefined by a division by zero.
  bool DividesByZero = false;
  SymbolSet Symbols = 0;
  /// One past the furthest byte any evaluated thread touched.
  int64_t EndOffset = 0;
  /// The lowest byte any evaluated thread touched (negative below the array);
  /// meaningful once WarpInstructions > 0.
  int64_t StartOffset = std::numeric_limits<int64_t>::max();
  std::set<const clang::Stmt *> Loops;
  std::vector<std::string> Assumptions;
  /// The kernel's call the access is reached through, when it is in
  /// another file (MemoryAccessEvent::ReachedThrough): each such call has
  /// an access of its own.
  clang::SourceLocation ReachedThrough;
  /// ldmatrix / stmatrix: the matrices per instruction (1, 2 or 4); 0 for
  /// an ordinary access.
  unsigned Matrices = 0;
  /// For Matrices: some row address was not a multiple of 16 bytes from the
  /// start of the array, which the instruction does not allow; for
  /// AsyncCopy, some destination not a multiple of the copy's size.
  bool MisalignedRows = false;
  /// A cp.async's write into shared memory (the Store of an LDGSTS).
  bool AsyncCopy = false;
  /// For AsyncCopy: a cp.async.cg (LDGSTS.BYPASS), whose shared write no
  /// H200 counter sees; its cost is the .ca rule, not measured.
  bool BypassesL1 = false;
  /// An access of another block's shared memory (distributed shared
  /// memory), served by serveRemoteRequest: Worst's cost carries the
  /// segments and the most wavefronts over the array's placements.
  bool Remote = false;
  /// For Remote: the segment rule's wavefronts at each placement of the
  /// array (WarpRequestCost::ByPlacement), summed over warp instructions.
  std::vector<uint64_t> TotalByPlacement;

  unsigned worstWavefronts() const {
    return Worst ? Worst->Cost.Wavefronts : 0;
  }
  unsigned idealWavefronts() const {
    return Worst ? Worst->Cost.IdealWavefronts : 0;
  }
  unsigned ways() const { return Worst ? Worst->Cost.ways() : 0; }
  /// Some evaluated thread touched a byte outside [0, Bytes).
  bool reachesOutside(uint64_t Bytes) const {
    return WarpInstructions && (StartOffset < 0 || EndOffset > int64_t(Bytes));
  }
  double meanWavefronts() const {
    return WarpInstructions ? double(TotalWavefronts) / WarpInstructions : 0;
  }
  /// Wavefronts beyond the fewest the bytes need, over every warp
  /// instruction: Nsight Compute's "L1 Wavefronts Shared Excessive".
  uint64_t excessiveWavefronts() const {
    return TotalWavefronts - TotalIdealWavefronts;
  }
};

/// How one access's conflict degree changes with a uniform symbol.
struct SymbolEffect {
  unsigned Symbol = 0;
  /// Ways with the symbol set to 1, 2, ..., SymbolSweepLimit.
  std::vector<unsigned> WaysByValue;
};

/// A shared array the TMA engine copies into or out of (cp.async.bulk,
/// cp.async.bulk.tensor), or a wgmma reads through a matrix descriptor: it
/// lays the bytes out by the copy or the descriptor, not by the array's
/// declaration, so a layout fix of the array would not move them.
struct BulkCopiedArray {
  const clang::Expr *Site = nullptr; ///< The first such copy.
  /// The first is a wgmma's read through its matrix descriptor.
  bool ByWarpgroupMma = false;
  /// A tensor copy's map (its swizzle is the layout fix to use); null for
  /// a copy of contiguous bytes.
  std::optional<TensorMapBox> TensorMap;
  /// The byte past the furthest copied, from the array's start; set Unknown
  /// when some copying thread's address was not known.
  int64_t EndOffset = 0;
  bool Unknown = false;
  /// The uniform symbols the copied addresses depend on (a parameter's
  /// value chose them: the extent holds for that value only).
  SymbolSet Symbols = 0;
};

/// A wgmma's reads of one shared operand at one source place: what the
/// descriptor decoded to, and how much it read. Costed by the gmma pipe's
/// rule (WarpgroupMmaOperand::Wavefronts), apart from the LSU's accesses.
struct WarpgroupMmaReads {
  const clang::Expr *Site = nullptr; ///< The descriptor operand.
  /// The kernel's statement it was reached through (a helper's asm).
  clang::SourceLocation CalledFrom;
  const clang::VarDecl *Array = nullptr;
  WarpgroupMmaOperand Operand;
  /// 16-byte pieces read over the evaluation (all warpgroups, all
  /// executions).
  uint64_t Pieces = 0;
  /// The uniform symbols the descriptors were computed from (a parameter:
  /// the layout holds for the value the analysis chose).
  SymbolSet Symbols = 0;
  /// Data-dependent branches the reads rest on.
  std::vector<std::string> Assumptions;
};

struct SharedAccessProfile {
  std::vector<AccessStats> Accesses; ///< In the order first executed.
  /// The wgmma operand reads, in the order first executed.
  std::vector<WarpgroupMmaReads> WarpgroupMma;
  /// By array, the copies of the TMA engine.
  std::map<const clang::VarDecl *, BulkCopiedArray> BulkCopied;
  /// Accesses of another block's shared memory, apart: Nsight Compute
  /// counts them with global memory, not among shared wavefronts.
  std::vector<AccessStats> RemoteAccesses;
  /// Loops that were not enumerated to the end, with the reason.
  std::map<const clang::Stmt *, std::string> SampledLoops;
  EvaluationSummary Summary;
  /// The step budget the evaluation ran with, and why it was less than a
  /// kernel's (EvaluationOptions::StepBudgetReason).
  uint64_t StepBudget = 0;
  std::string StepBudgetReason;

  /// The evaluation reached its step budget: it stopped, or, past half of
  /// it, cut loops short (the evaluator's rule), so later iterations and
  /// accesses were not seen.
  bool reachedBudget() const {
    return Summary.BudgetExceeded ||
           (!SampledLoops.empty() && Summary.Steps > StepBudget / 2);
  }

  /// Why \p Access was seen only in part ("" when fully enumerated).
  std::string samplingReason(const AccessStats &Access) const;
  /// Wavefronts of every warp instruction evaluated on \p Array.
  uint64_t wavefrontsOf(const clang::VarDecl *Array) const;
  /// The access at \p Site of \p Kind; of \p Array when given (a function
  /// the kernel calls for two arrays has one site for both), reached
  /// through the kernel's call \p ReachedThrough (AccessStats::ReachedThrough).
  const AccessStats *
  find(const clang::Expr *Site, AccessKind Kind,
       const clang::VarDecl *Array = nullptr,
       clang::SourceLocation ReachedThrough = clang::SourceLocation()) const;
};

/// Why accesses inside \p Loops were seen only in part: the reasons of the
/// ones among \p Sampled, sorted and joined ("" when none was sampled).
std::string
samplingReasonOf(const std::set<const clang::Stmt *> &Loops,
                 const std::map<const clang::Stmt *, std::string> &Sampled);

/// Evaluates \p Kernel and profiles its shared accesses; \p AlsoNotify, if
/// given, sees the same evaluation (so other analyses need no second run).
/// With \p OnlyArrays, only the accesses of those arrays are profiled (a
/// fix's proof reads no other).
SharedAccessProfile
profileSharedAccesses(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel,
                      const EvaluationOptions &Options, SymbolTable &Symbols,
                      const SharedMemoryBanking &Banking,
                      ExecutionObserver *AlsoNotify = nullptr,
                      llvm::ArrayRef<const clang::VarDecl *> OnlyArrays = {});

/// Symbol values tried when an access's address depends on a symbol: 1 to
/// 32 covers every residue of a stride modulo the 32 banks.
constexpr unsigned SymbolSweepLimit = 32;

/// Sees the runs of a sweep besides the bank model, so that another
/// analysis (the race analysis) needs no runs of its own: which value of
/// which symbol each run tries, and its evaluation.
class SweepWatcher {
public:
  virtual ~SweepWatcher();
  /// The observer of the run that gives \p Symbol the value \p Value, or
  /// nullptr to watch none.
  virtual ExecutionObserver *startRun(unsigned Symbol, int64_t Value) = 0;
  /// The run startRun began is over.
  virtual void finishRun() = 0;
};

/// For each access of \p Baseline whose address depends on uniform symbols,
/// the effect of each such symbol on its conflict degree (only symbols that
/// change it). Keyed by index into Baseline.Accesses.
/// \p Ran is set when the values were tried (a sweep that would cost more
/// than a few full budgets is skipped). \p Watcher, if given, sees every
/// run. A symbol in \p Ceilings is tried up to its value only (a size the
/// shared arrays bound, ProblemSizes.h).
std::map<unsigned, std::vector<SymbolEffect>>
sweepSymbols(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel,
             const EvaluationOptions &Options, SymbolTable &Symbols,
             const SharedMemoryBanking &Banking,
             const SharedAccessProfile &Baseline, bool &Ran,
             SweepWatcher *Watcher = nullptr,
             const std::map<unsigned, int64_t> &Ceilings = {});

} // namespace smemlint

#endif
