//===--- KernelEvaluator.h - Run a kernel for every thread of a block -*- C++
//-*-//
//
// A SIMT interpreter over the kernel's optimized device IR (DeviceModule.h).
// It executes a kernel's LLVM function for all threads of one block at once:
// each instruction gives a ThreadValue, branches split the active mask and
// the paths reconverge at the branch's immediate post-dominator, as the
// hardware's do. Accesses and barriers are reported to an ExecutionObserver
// at the source expressions they were compiled from (IrSourceSites.h). The
// evaluator knows nothing about banks.
//
// The implementation is split by job:
//   IrControlFlow.cpp   paths, masks, reconvergence, loops, calls
//   IrArithmetic.cpp    constants, integer and floating-point operations
//   IrMemory.cpp        pointers, GEPs, loads, stores, atomics, layouts
//   IrIntrinsics.cpp    thread indices, barriers, shuffles, votes, inline PTX
//   IrSourceSites.cpp   instructions and loops back to the source
//   EvaluationTerms.cpp uniform symbols and declared layouts
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_EVALUATION_KERNELEVALUATOR_H
#define SMEMLINT_EVALUATION_KERNELEVALUATOR_H

#include "Evaluation/BlockShape.h"
#include "Evaluation/ExecutionObserver.h"
#include "Evaluation/TensorMap.h"
#include "Evaluation/ThreadValue.h"

#include "llvm/ADT/DenseMap.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class QualType;
class Expr;
class FunctionDecl;
class ParmVarDecl;
class Stmt;
class ValueDecl;
class VarDecl;
} // namespace clang

namespace smemlint {

class DeviceModule;

/// A value that is the same for every thread of the block but unknown to the
/// analysis: a scalar kernel parameter (or an integer field of one passed by
/// value), or a component of blockIdx or gridDim.
struct UniformSymbol {
  enum class Kind { Parameter, BlockIdx, GridDim };
  Kind SymbolKind;
  const clang::ParmVarDecl *Param = nullptr; ///< For Parameter.
  unsigned Dim = 0;                          ///< 0, 1, 2 for x, y, z.
  /// For a field of a struct parameter: its byte offset in the parameter;
  /// -1 for the parameter itself.
  int64_t FieldOffset = -1;
  /// "stride", "params.n", "blockIdx.x".
  std::string spelling() const;
  bool operator<(const UniformSymbol &O) const {
    return std::tie(SymbolKind, Param, Dim, FieldOffset) <
           std::tie(O.SymbolKind, O.Param, O.Dim, O.FieldOffset);
  }
};

/// Numbers the uniform symbols of one kernel; kept across evaluations of that
/// kernel so that a symbol keeps its bit.
class SymbolTable {
public:
  /// The bit of \p Symbol (at most 64 symbols; later ones share bit 63).
  unsigned idOf(const UniformSymbol &Symbol);
  const UniformSymbol &symbol(unsigned Id) const { return Symbols[Id]; }
  unsigned size() const { return Symbols.size(); }

private:
  std::vector<UniformSymbol> Symbols;
  std::map<UniformSymbol, unsigned> Ids;
};

/// The declared dimensions of a shared array, possibly with a padded last
/// dimension (to check a padding fix).
struct SharedArrayLayout {
  std::vector<uint64_t> Dims;
  uint64_t ElementBytes = 0;
  /// An XOR swizzle of the innermost index, to check a swizzle fix: with two
  /// or more dimensions the last index j becomes j ^ (i & Mask), i the index
  /// before it; with one, k becomes k ^ ((k / (Mask + 1)) & Mask). Mask + 1
  /// is a power of two.
  std::optional<uint64_t> SwizzleMask;
  /// Bytes between consecutive indices of subscript level \p Level (0 is the
  /// outermost).
  uint64_t strideBytes(unsigned Level) const;
  uint64_t totalBytes() const;
};

/// The default of EvaluationOptions::LoopIterationLimit (and of
/// --max-loop-iterations).
constexpr unsigned DefaultLoopIterationLimit = 1024;

struct EvaluationOptions {
  BlockShape Block;
  unsigned WarpSize = 32;
  /// The grid every launch with this block shape uses, when they agree on
  /// a constant one; gridDim is a symbol otherwise.
  std::optional<BlockShape> Grid;
  /// Scalar parameters whose value is known (from the launch site).
  llvm::DenseMap<const clang::ParmVarDecl *, int64_t> KnownParameters;
  /// CUtensorMap parameters whose encoding the host code shows: what a TMA
  /// tensor copy through each moves into shared memory.
  llvm::DenseMap<const clang::ParmVarDecl *, TensorMapBox> TensorMaps;
  /// Values given to uniform symbols for this run; a symbol not listed takes
  /// its default (defaultSymbolValue).
  std::map<unsigned, int64_t> SymbolValues;
  /// Shared arrays evaluated with another layout than declared.
  llvm::DenseMap<const clang::VarDecl *, SharedArrayLayout> LayoutOverrides;
  /// For a fix's proof: a loop computed in closed form but for its
  /// addresses through LayoutOverrides (a swizzle's do not move by one
  /// offset), too long to run in full, still skips its middle iterations,
  /// the ones run standing for them, and is reported sampled with that
  /// reason, rather than enumerated up to EnumerationBound: the estimate
  /// costs what the kernel's own evaluation did.
  bool EstimateThroughLayouts = false;
  /// A barrier a fix-it would insert, evaluated as if it stood before this
  /// statement (at its first memory instruction, call or branch each time
  /// the evaluation enters it): how a barrier fix-it is proven. Null: none.
  const clang::Stmt *InsertedBarrier = nullptr;
  /// The inserted barrier is a __syncwarp(), not a __syncthreads().
  bool InsertedBarrierIsWarp = false;
  /// A loop stops being enumerated after this many iterations.
  unsigned LoopIterationLimit = DefaultLoopIterationLimit;
  /// Thread-steps (threads times expressions) a loop nest may take. When the
  /// first iteration of its innermost loop, times the trip counts of the
  /// loops around it that count them, would take more, each of those loops
  /// runs only its first few iterations, as evenly as the bound allows, and
  /// the accesses in them are sampled with the reason. Scaled up with
  /// LoopIterationLimit above its default. A 1024-thread block in a 256 x
  /// 256 nest with 50 shared accesses would take 5e10.
  uint64_t EnumerationBound = uint64_t(1) << 22;
  /// Expression evaluations (times threads) allowed for the whole kernel;
  /// past half of it, loops stop after their current iteration, past all of
  /// it the run stops.
  uint64_t StepBudget = 64'000'000;
  /// Why StepBudget is less than a kernel's, for the note that says it was
  /// reached (the file's kernels share a budget: --max-file-steps).
  std::string StepBudgetReason;
  /// Where every evaluation with these options adds the thread-steps it
  /// took (the file's kernels share a budget); null for nowhere.
  uint64_t *StepsTaken = nullptr;
  /// When the analysis of the kernel must stop, whatever the steps: its
  /// time budget (--max-kernel-seconds), shared by every evaluation of one
  /// kernel; and the memory the process may grow by past MemoryAtStart
  /// (processMemoryBytes, --max-kernel-memory). Zero: no limit.
  std::chrono::steady_clock::time_point Deadline{};
  double TimeBudgetSeconds = 0;
  uint64_t MemoryBudgetBytes = 0;
  uint64_t MemoryAtStart = 0;
  unsigned MaxCallDepth = 16;
  /// Source accesses the compiled code performs with wider instructions
  /// (compiledAccessWidths): the bank cost of consecutive iterations is that
  /// of the one instruction they become.
  llvm::DenseMap<const clang::Expr *, unsigned> CompiledAccessBytes;
  /// Of those, the ones whose merged iterations are those of a loop around
  /// their innermost one (mergedLoopDepths): how many loops out it is.
  llvm::DenseMap<const clang::Expr *, unsigned> CompiledMergeDepths;
  /// The device code to evaluate; a kernel it does not hold is not
  /// evaluated, and the summary says so.
  const DeviceModule *Device = nullptr;
  /// Some observer reads global accesses (the global profile). Without
  /// one, a loop that only computes values it keeps to itself and touches
  /// global memory is not evaluated at all (IrExecution::unobservableLoop).
  bool GlobalAccessesObserved = true;
  /// Asked now and then (with the time budget): true stops the run, which
  /// its caller then discards (EvaluationSummary::Interrupted). How a run
  /// that leaves a shared array through a guessed size is cut short
  /// (ProblemSizes.h).
  std::function<bool()> Interrupt;
};

/// The value a uniform symbol takes when nothing else is known, documented in
/// docs/checks/smem-bank-conflict.md.
int64_t defaultSymbolValue(const UniformSymbol &Symbol);

/// Something the evaluation did not follow that cost it accesses or
/// barriers.
struct EvaluationGap {
  /// What and where, in words: "a shared load of 'c' near line 6 could not
  /// be placed in the source; it is missing from the analysis".
  std::string What;
  /// The evaluation went no further there for some threads (they stopped,
  /// or a loop was cut): what follows is missing for them, and every count
  /// is a sample. Otherwise only what What names is missing.
  bool Stopped = false;
};

/// What an instruction the evaluator does not model does to shared memory.
enum class UnmodelledEffect {
  Reads,           ///< ld.shared, ldmatrix, wmma::load_matrix_sync
  Writes,          ///< st.shared, stmatrix, cp.async into shared memory
  ReadsAndWrites,  ///< atom.shared, red.shared, a reduction into shared
  UpdatesMbarrier, ///< mbarrier.init, arrive, expect_tx, inval
  WaitsOnMbarrier, ///< mbarrier.try_wait, test_wait: synchronisation
  /// bar.sync with a thread count, bar.arrive: a barrier for part of the
  /// block (producer and consumer warps), synchronisation
  PartialBarrier,
  /// mapa, cluster.map_shared_rank: an address in another block's shared
  /// memory (distributed shared memory), whose accesses are not followed
  MapsClusterShared,
};

/// A shared-memory instruction the evaluator does not model: inline PTX that
/// touches shared memory, or the wmma load and store, ldmatrix, cp.async and
/// mbarrier intrinsics. What it does is missing from the analysis, so the
/// report notes it at its statement rather than at the kernel.
struct UnmodelledInstruction {
  /// The asm statement, or the user's call it was inlined from.
  const clang::Stmt *Site = nullptr;
  /// The PTX instruction ("ldmatrix.sync.aligned.m8n8.x1.shared.b16"), or
  /// the LLVM intrinsic ("llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16").
  std::string Instruction;
  bool InlinePtx = false;
  /// The function the user called that it comes from, as the user writes
  /// it ("wmma::load_matrix_sync", "__pipeline_memcpy_async"); empty for an
  /// asm statement of the user's own.
  std::string Function;
  UnmodelledEffect Effect = UnmodelledEffect::Reads;
  /// For an mbarrier instruction: why the evaluation did not follow it
  /// ("no init of it was evaluated"); empty when it does not say.
  std::string Why;
  /// For a shared access the evaluator models: why its address was not
  /// computed ("arithmetic on an address"); empty when the form itself is
  /// what it does not model.
  std::string AddressUnknown;
  /// The shared variable it touches, when the evaluator knows it.
  const clang::ValueDecl *Array = nullptr;
  /// Every shared variable its operands point into (inline PTX that names
  /// a tile and its mbarrier): none of them is left unmentioned.
  llvm::SmallVector<const clang::ValueDecl *, 2> Touches;
  /// Where to report it when not at Site: the kernel's statement that
  /// reaches a helper of the same file (one note per kernel that maps
  /// another block's memory through it).
  clang::SourceLocation ReportAt;
};

struct EvaluationSummary {
  /// Why nothing was evaluated (no device code for the kernel); empty when
  /// the kernel ran.
  std::string NotEvaluated;
  bool BudgetExceeded = false;
  /// EvaluationOptions::Interrupt stopped it (BudgetExceeded is set too).
  bool Interrupted = false;
  /// Which budget stopped it, when not the step budget: "its time budget of
  /// 30 s per kernel (--max-kernel-seconds)".
  std::string BudgetReason;
  uint64_t Steps = 0;
  /// Constructs the evaluator could not follow, with where they are; each
  /// makes some values unknown.
  std::vector<std::string> Unsupported;
  /// Those of Unsupported that lost accesses or barriers altogether (an
  /// access not placed in the source, inline PTX on shared memory, a call
  /// past the depth limit, threads stopped by undefined behaviour): the
  /// report says so at the kernel.
  std::vector<EvaluationGap> Incomplete;
  /// The shared-memory instructions the evaluator does not model, the first
  /// at each site. They are not in Incomplete: each is reported at
  /// its own place.
  std::vector<UnmodelledInstruction> Unmodelled;
  /// The mbarriers the evaluation followed, by shared variable: the byte
  /// past the furthest one (its 8 bytes are used though no access reads
  /// them).
  std::map<const clang::ValueDecl *, int64_t> MbarrierEnds;
};

/// The path of the field that starts \p Offset bytes into a value of type
/// \p T, innermost last ("n", "shape.m"), or "" when none starts there.
std::string fieldAt(const clang::ASTContext &Ctx, clang::QualType T,
                    int64_t Offset);

/// The declared layout of a shared variable (dims of a constant array, none
/// for a scalar, a single unknown dim for an incomplete extern array).
SharedArrayLayout declaredLayout(const clang::ASTContext &Ctx,
                                 const clang::VarDecl *Var);

/// Evaluates \p Kernel's device code (Options.Device) for every thread of
/// Options.Block.
EvaluationSummary evaluateKernel(clang::ASTContext &Ctx,
                                 const clang::FunctionDecl *Kernel,
                                 const EvaluationOptions &Options,
                                 SymbolTable &Symbols,
                                 ExecutionObserver &Observer);

/// Whether \p Module holds device code for \p Kernel to evaluate.
bool hasDeviceCode(const DeviceModule &Module,
                   const clang::FunctionDecl *Kernel);

/// Whether \p Kernel's device code, or a function it calls, copies out of
/// shared memory through the async proxy (a bulk copy to global memory, a
/// wgmma's shared operands).
bool readsSharedThroughAsyncProxy(const DeviceModule &Module,
                                  const clang::FunctionDecl *Kernel);

/// Whether \p Kernel's device code, or a function it calls, maps another
/// block's shared memory (`llvm.nvvm.mapa`, cluster.map_shared_rank).
bool mapsClusterSharedMemory(const DeviceModule &Module,
                             const clang::FunctionDecl *Kernel);

/// The source accesses of \p Kernel that the code nvcc makes performs with
/// wider shared-memory instructions than any one execution of them in the
/// source, with the instruction's bytes: the accesses of consecutive
/// iterations of an unrolled loop merged into one 8- or 16-byte load or
/// store (DeviceModule::compiledKernelFunction). Keyed by the site the
/// evaluator reports the access at.
llvm::DenseMap<const clang::Expr *, unsigned>
compiledAccessWidths(clang::ASTContext &Ctx, const DeviceModule &Module,
                     const clang::FunctionDecl *Kernel);

/// Of the accesses \p Widths names, those whose address moves by its own
/// width per iteration not of its innermost loop but of one around it,
/// every loop in between of a constant trip count with a constant step:
/// how many loops out that one is. nvcc unrolls the nest whole and merges
/// the outer loop's iterations (`As[(row * TM + i) * BK + k]`, i inner, k
/// outer: LDS.128 of four k in SGEMM_CUDA's 1D-blocktiling kernel, measured
/// on an H100, docs/measurements/h200-vectorization.md).
llvm::DenseMap<const clang::Expr *, unsigned>
mergedLoopDepths(clang::ASTContext &Ctx, const DeviceModule &Module,
                 const clang::FunctionDecl *Kernel,
                 const llvm::DenseMap<const clang::Expr *, unsigned> &Widths);

/// A shared load or store of a kernel's device code inside loops.
struct SharedAccessInLoops {
  /// Where the evaluator reports it (IrSourceSites::accessSite).
  const clang::Expr *Site = nullptr;
  AccessKind Kind = AccessKind::Load;
  /// The source loops around it, innermost first.
  std::vector<const clang::Stmt *> Loops;
};

/// The shared loads and stores of \p Kernel's device code (its own and
/// what was inlined into it) that are inside loops with a source
/// statement: what a sampled loop may never have reached.
std::vector<SharedAccessInLoops>
sharedAccessesInLoops(clang::ASTContext &Ctx, const DeviceModule &Module,
                      const clang::FunctionDecl *Kernel);

} // namespace smemlint

#endif
