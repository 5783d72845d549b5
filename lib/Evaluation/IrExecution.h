//===--- IrExecution.h - The state of one IR evaluation ---------*- C++ -*-===//
//
// Shared by the IR evaluator's files (KernelEvaluator.h lists them): the
// registers of each call frame, the paths of the SIMT mask, and the methods
// each file implements. Not used outside the Evaluation layer.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_EVALUATION_IREXECUTION_H
#define SMEMLINT_EVALUATION_IREXECUTION_H

#include "Evaluation/IrSourceSites.h"
#include "Evaluation/KernelEvaluator.h"
#include "Evaluation/ValueNumbers.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class ValueDecl;
class VarDecl;
} // namespace clang

namespace llvm {
class Regex;
} // namespace llvm

namespace smemlint {

class DeviceModule;

namespace ir {

/// A pointer reached by indexing a declared shared array through its type
/// (`getelementptr [32 x [33 x float]], @tile, 0, %i, %j`): the array, and
/// the index at each dimension so far, outermost first.
struct ArrayPath {
  const clang::VarDecl *Array = nullptr;
  /// The array's IR type.
  const llvm::Type *Whole = nullptr;
  std::vector<ThreadValue> Subscripts;
};

/// What a construct the evaluator does not follow costs the analysis.
enum class Loss {
  /// Some values become unknown.
  Values,
  /// Its own accesses or barriers are missing; the evaluation goes on.
  Accesses,
  /// The threads that reach it go no further, or a loop stops short there:
  /// what follows is missing for them.
  WhatFollows,
};

/// What an address, loaded or stored, was computed from.
struct AddressFacts {
  ThreadValue Address;
  /// Set when the address indexes Path.Array through its declared shape.
  std::optional<ArrayPath> Path;
};

/// A loop's exit test as `value stay bound`: Value a recurrence of the loop,
/// Bound invariant in it, Stay the predicate under which the loop goes on.
struct ExitTest {
  const llvm::SCEVAddRecExpr *Value = nullptr;
  const llvm::SCEV *Bound = nullptr;
  llvm::CmpInst::Predicate Stay = llvm::CmpInst::ICMP_EQ;
};

/// The exit test of \p L when it has one exit and compares a recurrence of
/// it with an invariant bound (`i < n`, `i += blockDim.x`).
/// The loop's one exiting block, leaving aside edges into blocks that only
/// hold `unreachable` (a switch's impossible default, which libcu++'s
/// memcpy_async leaves in every copy); null when there are several.
const llvm::BasicBlock *definedExitingBlock(const llvm::Loop &L);

std::optional<ExitTest> exitTest(const llvm::Loop &L,
                                 llvm::ScalarEvolution &SE);

/// What the IR proves of a loop whose middle iterations may be computed
/// instead of run (IrClosedForm.cpp).
struct ClosedFormFacts {
  /// Why they cannot ("" when they can).
  std::string Obstacle;
  /// Set when global costs cannot be carried over (an address that is not
  /// affine): the loop's global accesses are sampled for this reason.
  std::string GlobalApproximation;
  /// Every access that moves with the iteration (or stays), by its pointer:
  /// the step per iteration, invariant in the loop; whether it reaches
  /// global memory, and whether it writes.
  struct Access {
    const llvm::Instruction *Instruction;
    const llvm::Value *Pointer;
    const llvm::SCEV *Step;
    bool Global;
    bool Writes;
    /// The global source of a cp.async: the lines it reads set the copy's
    /// shared cost, so its iterations repeat only as its 128-byte line
    /// alignment does.
    bool CopySource = false;
  };
  std::vector<Access> Accesses;
  /// Widened recurrences (`int` indices made 64-bit, `% 1024` as a 10-bit
  /// value) the addresses use, with their access: exact as long as they do
  /// not wrap, which the evaluator checks.
  struct WidenedIndex {
    const llvm::SCEVCastExpr *Cast;
    const llvm::Instruction *Access;
    /// Its wrapping is harmless: a zero-extended index whose address wraps
    /// by whole bank cycles inside its shared array (`s[(i + j) & 4095]`).
    bool MayWrap;
  };
  std::vector<WidenedIndex> Widened;
  /// The compiled code merges this many iterations into one access.
  unsigned Group = 1;
  /// Branches on a comparison whose sides are each invariant or moving by a
  /// fixed step (`if (k + BK < K)`): such a branch goes one way up to some
  /// iteration and the other way after it, and the evaluator keeps each
  /// skip on one side of that iteration.
  struct MonotoneBranch {
    const llvm::ICmpInst *Compare;
    /// The branch on it, or the copy it guards (`@p cp.async`).
    const llvm::Instruction *Branch;
  };
  std::vector<MonotoneBranch> MonotoneBranches;
  /// Header phis that are no recurrence but that addresses or branches
  /// read (a rotating buffer index): the evaluator finds their period.
  std::vector<const llvm::PHINode *> Frozen;
};

/// The CFG facts of one function, derived from the IR alone: computed once
/// and kept with the module for every evaluation of the kernel (factsOf),
/// its block shapes, values tried and fix proofs.
struct FunctionFacts {
  explicit FunctionFacts(llvm::Function &F);
  llvm::DominatorTree Dominators;
  llvm::PostDominatorTree PostDominators;
  llvm::LoopInfo Loops;
  /// What scalar evolution needs, for the trip counts of loops.
  llvm::TargetLibraryInfoImpl LibraryImpl;
  llvm::TargetLibraryInfo Library;
  llvm::AssumptionCache Assumptions;
  llvm::ScalarEvolution Evolution;
  /// What the IR says of each loop asked about: IrExecution::closedFormFacts.
  llvm::DenseMap<const llvm::Loop *, ClosedFormFacts> ClosedForms;
  /// Per loop asked about: IrExecution::unobservableLoop.
  llvm::DenseMap<const llvm::Loop *, bool> Unobservable;
  /// The blocks with a conditional terminator whose outcome decides, at
  /// one or more removes, whether each block runs (its control
  /// dependences, closed transitively): a loop body depends on the loop's
  /// exit test, and so on the bound the test reads.
  llvm::DenseMap<const llvm::BasicBlock *,
                 llvm::SmallVector<const llvm::BasicBlock *, 4>>
      DecidedBy;
  /// Where the threads that part at a block rejoin: its immediate
  /// post-dominator in the CFG the evaluation follows, which has no edges
  /// into the division checks' trap blocks (null: the function's exit).
  const llvm::BasicBlock *rejoinOf(const llvm::BasicBlock &Block) const;
  /// The outermost loop around \p Load after whose first iteration the
  /// compiled code reuses what \p Load read: a nest of short loops of
  /// constant trip counts (nvcc unrolls them whole), the address the same in
  /// each of its iterations, and nothing in it that writes memory but a
  /// thread's own variables; null for none. Memoized.
  const llvm::Loop *reusingLoop(const llvm::LoadInst &Load);
  /// The registers whose last read is \p I, to drop once it ran (null for
  /// none): values of one block read only by the instructions after them in
  /// it, and by nothing else the evaluator reads later
  /// (findDroppableRegisters).
  /// A register of a block of 1024 threads is 8 KB; a loop body's hundreds
  /// of them, kept, were most of the memory a first evaluation takes.
  const llvm::SmallVector<const llvm::Instruction *, 2> *
  lastReadOf(const llvm::Instruction &I) const {
    auto Found = DroppedAfter.find(&I);
    return Found == DroppedAfter.end() ? nullptr : &Found->second;
  }

private:
  llvm::DenseMap<const llvm::Instruction *,
                 llvm::SmallVector<const llvm::Instruction *, 2>>
      DroppedAfter;
  void findDroppableRegisters(const llvm::Function &F);
  llvm::DenseMap<const llvm::LoadInst *, const llvm::Loop *> Reusing;
  /// The immediate post-dominators of that CFG; a block it does not reach
  /// (one that cannot reach an exit) is missing, PostDominators answers.
  llvm::DenseMap<const llvm::BasicBlock *, const llvm::BasicBlock *> Rejoins;
  void computeRejoins(const llvm::Function &F);
};

/// Whether a loop cut short may go on in closed form instead
/// (IrExecution::closedForm).
struct ClosedFormDecision {
  /// Go on: the loop is not cut.
  bool Continue = false;
  /// Where the iterations go on after the skip, if any.
  std::optional<unsigned> ResumeAt;
  /// Why the loop cannot be computed in closed form, when it cannot.
  std::string Obstacle;
  /// Set when global accesses moved by offsets that change their sectors.
  std::string GlobalApproximation;
  /// Set when shared addresses moved through a layout a fix tries
  /// (EvaluationOptions::EstimateThroughLayouts): the skipped iterations'
  /// costs are those of the ones run, an estimate.
  std::string LayoutApproximation;
  /// Every iteration passed a block barrier.
  bool SeparatedByBarriers = false;
  /// Without one, the loop's shared accesses that move are reads only.
  bool UnseparatedReads = false;
  /// The shared variables those moving reads address; empty when some
  /// read's variable is not known (SkippedIterationsEvent::ReadArrays).
  std::vector<const clang::ValueDecl *> MovingReadArrays;
  /// The iterations skipped and counted together: the period of the frozen
  /// phis and the merged groups, their least common multiple.
  unsigned Unit = 1;
};

struct CallFrame {
  const llvm::Function *Function = nullptr;
  FunctionFacts *Facts = nullptr;
  llvm::DenseMap<const llvm::Value *, ThreadValue> Registers;
  /// The members of structure values the evaluator computed member by
  /// member (the outputs of an inline PTX statement), for extractvalue.
  llvm::DenseMap<const llvm::Value *, std::vector<ThreadValue>> Aggregates;
  /// Indexing paths of the pointer registers that have one.
  llvm::DenseMap<const llvm::Value *, ArrayPath> Paths;
  /// Threads that returned from this call (or, in the kernel, exited).
  ThreadMask Returned;
  ThreadValue ReturnValue;
  /// The block the frame executes now: its loops enclose every access.
  const llvm::BasicBlock *Current = nullptr;
  /// The uniform symbols each conditional terminator's condition has read
  /// (FunctionFacts::DecidedBy), and those that decided the call to this
  /// function: what decides whether an access runs (controlSymbols).
  llvm::DenseMap<const llvm::BasicBlock *, SymbolSet> ConditionSymbols;
  SymbolSet CallerControl = 0;
  /// The same, of the conditions whose known values sent threads both ways:
  /// what decides which threads run a block (controlSymbols with Splitting).
  llvm::DenseMap<const llvm::BasicBlock *, SymbolSet> SplittingSymbols;
  SymbolSet CallerSplitting = 0;
  /// The last memory instruction, call or branch was inside the statement
  /// before which EvaluationOptions::InsertedBarrier stands.
  bool InsideInsertedBarrier = false;
  /// The iteration (from 0) of each loop the frame is in.
  llvm::DenseMap<const llvm::Loop *, unsigned> Iterations;
  /// For each pointer phi, the incoming edge each thread last took.
  llvm::DenseMap<const llvm::PHINode *, std::vector<unsigned>> PointerEdges;
  /// The trip count of each loop the frame entered, where it could be
  /// computed (the largest of the threads that entered).
  llvm::DenseMap<const llvm::Loop *, uint64_t> Trips;
  /// The step count when the current iteration of each loop began.
  llvm::DenseMap<const llvm::Loop *, uint64_t> IterationStart;
  /// A loop nest too large to enumerate: the iterations each of its loops
  /// runs (projectLoopNest), and the reason the loops give.
  llvm::DenseMap<const llvm::Loop *, unsigned> NestCaps;
  std::string NestCapReason;
  bool NestProjected = false;
  /// The count of block barriers when the current iteration of each loop
  /// began, and the loops one of whose iterations passed none.
  llvm::DenseMap<const llvm::Loop *, uint64_t> BarriersAtIterationStart;
  llvm::DenseSet<const llvm::Loop *> IterationWithoutBarrier;
  /// Loops that run uncut to their end in this entry (their middle
  /// iterations skipped, or only a few left), and the skip to make when the
  /// back edge is taken next (IrClosedForm.cpp).
  llvm::DenseSet<const llvm::Loop *> RunningToEnd;
  llvm::DenseMap<const llvm::Loop *, ClosedFormDecision> PendingSkips;
  /// After a skip: the iterations before which the accesses of each loop
  /// stand for the skipped ones too, and how many times they count.
  llvm::DenseMap<const llvm::Loop *, std::pair<unsigned, uint64_t>> Weights;
  /// For loops with frozen phis (ClosedFormFacts::Frozen): their values at
  /// the start of the last few iterations, oldest first.
  llvm::DenseMap<const llvm::Loop *, std::deque<std::vector<ThreadValue>>>
      FrozenHistory;
};

/// One local array or variable SROA left in memory, by offset: what each
/// thread last stored at a byte offset all of them shared.
struct LocalStorage {
  std::map<int64_t, ThreadValue> Stored;
};

class IrExecution {
public:
  IrExecution(clang::ASTContext &Ctx, const DeviceModule &Module,
              const clang::FunctionDecl *Kernel, const llvm::Function &F,
              const EvaluationOptions &Options, SymbolTable &Symbols,
              ExecutionObserver &Observer);
  ~IrExecution();
  EvaluationSummary run();

  // IrControlFlow.cpp: paths, masks, loops, calls.
  void runFunction(CallFrame &Frame, const ThreadMask &Entry);
  void takeEdge(CallFrame &Frame, const llvm::BasicBlock &From,
                const llvm::BasicBlock &To, const ThreadMask &Threads,
                const ThreadMask &Ambiguous);
  void execute(const llvm::Instruction &I, CallFrame &Frame,
               const ThreadMask &Active);
  /// \p Threads return through \p Return; those in \p Ambiguous (on this
  /// path only because a condition was unknown) go on on the other side.
  void returnFrom(CallFrame &Frame, const llvm::ReturnInst *Return,
                  const ThreadMask &Threads, const ThreadMask &Ambiguous);
  ThreadValue callDefined(const llvm::CallBase &Call, const llvm::Function &F,
                          CallFrame &Caller, const ThreadMask &Active);
  FunctionFacts &factsOf(const llvm::Function &F);
  /// The source loops around the current point, outermost first, with their
  /// iterations, across the call frames.
  void enclosingLoops(std::vector<const clang::Stmt *> &Loops,
                      std::vector<unsigned> &Iterations);
  /// The warp instructions an access made now stands for
  /// (MemoryAccessEvent::Weight).
  uint64_t currentWeight() const;
  bool countStep(const ThreadMask &Active);
  /// Tells the observer, once per loop, that \p L was cut short and why.
  void loopSampled(const llvm::Loop &L, const std::string &Why);
  /// What the iterations of \p L that a cut skips did to the cp.async
  /// groups of the threads of \p Leaving: a loop that commits or waits for
  /// groups is taken to have completed the copies issued before the cut
  /// (how many groups the skipped iterations committed is not known). The
  /// evaluated iterations stand for the skipped ones in everything else, but
  /// commit counts add up: without it, a read after the loop was reported
  /// as reading a copy that had not landed (Marlin's pipeline prologue, a
  /// loop of three fetches cut after one: 'missing wait' at reads that
  /// racecheck, following cp.async, found ordered).
  void settleSkippedIterations(const llvm::Loop &L, const ThreadMask &Leaving);
  /// Tells the observer that \p Branch sent the threads different \p Ways
  /// (or some threads, \p Unknown, either way).
  void reportNonUniformBranch(const llvm::Instruction &Branch,
                              llvm::ArrayRef<const ThreadMask *> Ways,
                              const ThreadMask &Unknown);
  /// The trip count of \p L for the threads \p Entering, from scalar
  /// evolution over their values; none when it cannot be computed.
  /// The trips of \p L for \p Thread: from scalar evolution, or from the
  /// loop's exit test (exitTest) solved with the thread's values.
  std::optional<uint64_t> threadTrips(const llvm::Loop &L, CallFrame &Frame,
                                      unsigned Thread,
                                      const ThreadMask &Entering);
  std::optional<uint64_t> tripCount(const llvm::Loop &L, CallFrame &Frame,
                                    const ThreadMask &Entering);
  /// Whether every thread of \p Entering has the same trips of \p L: the
  /// values its trip count is computed from agree (then one thread's
  /// count is every thread's, and counting it per thread is wasted).
  bool tripsAgree(const llvm::Loop &L, CallFrame &Frame,
                  const ThreadMask &Entering);
  /// Everything threadTrips reads for the threads \p Entering of \p L.
  struct TripInputs {
    ThreadMask Entering;
    std::vector<std::vector<int64_t>> Values;
    std::vector<ThreadMask> Known;
    std::vector<int64_t> Iterations;
    bool operator==(const TripInputs &O) const {
      return Entering == O.Entering && Values == O.Values && Known == O.Known &&
             Iterations == O.Iterations;
    }
  };
  TripInputs tripInputs(const llvm::Loop &L, CallFrame &Frame,
                        const ThreadMask &Entering);
  /// Per loop counted thread by thread: the last inputs and their count.
  llvm::DenseMap<const llvm::Loop *,
                 std::pair<TripInputs, std::optional<uint64_t>>>
      TripMemos;
  std::optional<llvm::APInt> evolutionValue(const llvm::SCEV *S,
                                            CallFrame &Frame, unsigned Thread,
                                            const ThreadMask &Entering);
  /// The thread-steps a loop nest may take (EvaluationOptions::
  /// EnumerationBound, scaled with a raised iteration limit).
  uint64_t enumerationBound() const;
  /// The uniform symbols that decide whether \p Block runs in \p Frame:
  /// those of the conditions it depends on, and of its call; with
  /// \p Splitting, only of those that parted the threads.
  SymbolSet controlSymbols(const CallFrame &Frame,
                           const llvm::BasicBlock &Block,
                           bool Splitting = false) const;
  /// After the first iteration of loop \p L, which took \p IterationSteps:
  /// where the nest around it would take more than \p Trigger thread-steps,
  /// caps each of its loops evenly so that it takes about the enumeration
  /// bound (NestCaps); \p Why says why it is sampled. With \p Alone, only
  /// \p L is weighed and capped, not the loops around it. A nest of at most
  /// \p WholeUpTo thread-steps in all gets caps at its trip counts: it runs
  /// whole, and the loops around it are weighed alone later, as for a nest
  /// that was capped.
  void projectLoopNest(CallFrame &Frame, const llvm::Loop &L,
                       uint64_t IterationSteps, uint64_t Trigger,
                       const std::string &Why, bool Alone = false,
                       uint64_t WholeUpTo = 0);
  /// \p Stopped reached an `unreachable` in \p Block: after a division by
  /// zero or undefined behaviour the optimizer found, the analysis says so
  /// (a trap or an assert only stops them).
  void reachedUnreachable(const llvm::BasicBlock &Block,
                          const ThreadMask &Stopped);
  // IrClosedForm.cpp: loops whose middle iterations are computed.
  /// What the IR alone says of computing the iterations of \p L from a
  /// few of them; computed once per loop.
  /// Whether nothing the observers see depends on \p L: it has one exit,
  /// no value it computes is used after it, and it touches no shared or
  /// private memory, synchronizes nothing and calls nothing that could (its
  /// global accesses only, when no observer reads them). Such a loop is not
  /// evaluated: its threads go straight to its exit, which is what every
  /// one of them reaches after it.
  bool unobservableLoop(const llvm::Loop &L, FunctionFacts &Facts);
  const ClosedFormFacts &closedFormFacts(const llvm::Loop &L,
                                         FunctionFacts &Facts);
  /// At the back edge of \p L after \p Done iterations, about to be cut
  /// short, for the threads \p Looping: whether it may go on instead, and
  /// to which iteration it skips.
  /// For a branch on \p Compare (ClosedFormFacts::MonotoneBranch): the
  /// first iteration in (First, Last] where some thread of \p Looping takes
  /// the other side than in iteration First (UINT64_MAX: none); nullopt
  /// when a side is not known or wraps in between.
  std::optional<uint64_t> monotoneSwitch(const llvm::ICmpInst *Compare,
                                         const llvm::Loop &L, CallFrame &Frame,
                                         const ThreadMask &Looping,
                                         uint64_t First, uint64_t Last);
  ClosedFormDecision closedForm(CallFrame &Frame, const llvm::Loop &L,
                                unsigned Done, const ThreadMask &Looping);
  /// Skips the iterations \p Decision names: moves the induction variables
  /// of \p L for \p Threads and tells the observer.
  void fastForward(CallFrame &Frame, const llvm::Loop &L,
                   const ThreadMask &Threads,
                   const ClosedFormDecision &Decision);
  /// At the header of \p L: keeps the values of its frozen phis, for
  /// closedForm to find their period (\p Entering: a new entry).
  void recordFrozenPhis(CallFrame &Frame, const llvm::Loop &L, bool Entering);

  bool outOfBudget() const { return Summary.BudgetExceeded; }
  /// Notes a construct the evaluator does not follow at \p I, and what that
  /// cost (EvaluationSummary::Incomplete).
  void unsupported(const llvm::Instruction &I, const std::string &What,
                   Loss Lost = Loss::Values);
  /// Records \p Found, a shared-memory instruction at \p Call the evaluator
  /// does not model (EvaluationSummary::Unmodelled), once per site; \p What
  /// names it among what the evaluation did not follow. One that cannot be
  /// placed in the user's code is a gap at the kernel instead.
  void unmodelled(const llvm::CallBase &Call, UnmodelledInstruction Found,
                  const std::string &What);
  /// Records \p Message once among what the evaluation did not follow, and
  /// among what lost accesses unless \p Lost is Values.
  void recordUnsupported(const std::string &Message, Loss Lost);

  // IrArithmetic.cpp: constants and operations on values.
  /// The value of \p V: a register of \p Frame, or a constant (computed
  /// once). The reference lasts until the frame's registers next change.
  const ThreadValue &valueOf(const llvm::Value *V, CallFrame &Frame,
                             const ThreadMask &Active);
  ThreadValue constant(const llvm::Constant *C, CallFrame &Frame,
                       const ThreadMask &Active);
  /// The result of \p Op (an instruction or a constant expression) when it
  /// is arithmetic, a comparison, a cast or a select; nullopt otherwise.
  std::optional<ThreadValue> arithmetic(const llvm::Operator &Op,
                                        CallFrame &Frame,
                                        const ThreadMask &Active);

  // IrMemory.cpp: addresses and the accesses through them.
  ThreadValue elementPointer(const llvm::GEPOperator &GEP, CallFrame &Frame,
                             const ThreadMask &Active,
                             std::optional<ArrayPath> *Path);
  AddressFacts addressOf(const llvm::Value *Pointer, CallFrame &Frame,
                         const ThreadMask &Active);
  ThreadValue load(const llvm::Instruction &I, const llvm::Value *Pointer,
                   llvm::Type *Type, CallFrame &Frame,
                   const ThreadMask &Active);
  /// Gives the threads of \p Loaded a value number where they read one
  /// value (ValueNumbers.h): one address of global memory the kernel does
  /// not write.
  void numberLoad(const llvm::Instruction &I, const llvm::Value *Pointer,
                  unsigned Width, const ThreadValue &Address,
                  const ThreadMask &Active, ThreadValue &Loaded);
  void store(const llvm::Instruction &I, const llvm::Value *Pointer,
             const llvm::Value *Stored, CallFrame &Frame,
             const ThreadMask &Active);
  void reportAccess(const llvm::Instruction &I, AccessKind Kind,
                    unsigned WidthBytes, const AddressFacts &Address,
                    const ThreadMask &Active, const ThreadValue *Stored);
  /// The accesses \p I makes for the threads of each branch whose address
  /// it merged (a phi of the branches' addresses), each at the source
  /// access of its branch, with the address that branch computed; empty
  /// when they cannot all be placed.
  struct MergedPlace {
    const clang::Expr *Site = nullptr;
    ThreadMask Threads;
    /// The branch's own address (an incoming value of the address phi),
    /// and what it is, or null when the instruction's address is the
    /// branch's.
    const llvm::Value *Address = nullptr;
    AddressFacts Facts;
  };
  std::vector<MergedPlace> placeMergedAccess(const llvm::Instruction &I,
                                             const ThreadMask &Active);
  /// placeMergedAccess for an address the optimizer selected between the
  /// arms of an `if`/`else` (a select of two addresses): the threads of
  /// each side at the access of its arm; empty when a thread's side or an
  /// arm's access is not known.
  std::vector<MergedPlace> placeSelectedAccess(const llvm::Instruction &I,
                                               const llvm::SelectInst &Select,
                                               const ThreadMask &Active);
  /// Says so when \p Placed puts lanes of one warp at different branches'
  /// accesses: the one instruction's conflicts between them are not
  /// counted.
  void noteMergedBranches(const llvm::Instruction &I, AccessKind Kind,
                          llvm::ArrayRef<MergedPlace> Placed);
  /// Reports load \p I at the source read it was moved away from
  /// (IrSourceSites::hoistedReadSite): for the threads whose condition lets
  /// the source read, with an assumption for those whose condition is data
  /// the evaluation could not compute.
  void reportHoistedRead(const llvm::Instruction &I,
                         const IrSourceSites::HoistedRead &Read,
                         unsigned WidthBytes, const AddressFacts &Address,
                         const ThreadMask &Active);
  /// \p Matrices: for ldmatrix / stmatrix, the matrices of the instruction
  /// (MemoryAccessEvent::Matrices); 0 otherwise. \p Async: Issue for a
  /// cp.async, which then waits in PendingCopies for its completion, as
  /// does a BulkRead; \p WarpgroupMma for a wgmma's operand read.
  void reportAccessAt(const llvm::Instruction &I, const clang::Expr *Site,
                      AccessKind Kind, unsigned WidthBytes,
                      const AddressFacts &Address, const ThreadMask &Active,
                      const ThreadValue *Stored, unsigned Matrices = 0,
                      AsyncPhase Async = AsyncPhase::None,
                      bool BypassesL1 = false,
                      const TensorMapBox *TensorMap = nullptr,
                      const WarpgroupMmaOperand *WarpgroupMma = nullptr,
                      const ThreadValue *CopySource = nullptr);
  MemoryObject objectOfGlobal(const llvm::GlobalVariable &Global) const;

  // IrIntrinsics.cpp: calls the compiler leaves as intrinsics or asm.
  ThreadValue call(const llvm::CallBase &Call, CallFrame &Frame,
                   const ThreadMask &Active);
  /// Inline PTX \p Asm called by \p Call when it is one ld.shared,
  /// st.shared, ldmatrix or stmatrix whose addresses point into shared
  /// memory: reported as the access it makes (for ldmatrix, each lane's
  /// 16-byte row); false (nothing reported) for any other statement or an
  /// address the evaluation did not follow.
  /// Why the last ptxSharedAccess or ptxAsyncCopy left a shared access to
  /// the note: its address was not computed (the value's reason).
  std::string AsmAddressUnknown;
  /// Inline PTX \p Asm when it is one instruction of integer arithmetic
  /// into $0 (PtxArithmetic.h): its result, computed where the operands
  /// are known and unknown for the first unknown operand's reason
  /// elsewhere; nullopt for any other statement.
  std::optional<ThreadValue> ptxArithmetic(const llvm::CallBase &Call,
                                           const llvm::InlineAsm &Asm,
                                           CallFrame &Frame,
                                           const ThreadMask &Active);
  bool ptxSharedAccess(const llvm::CallBase &Call, const llvm::InlineAsm &Asm,
                       CallFrame &Frame, const ThreadMask &Active);
  /// A wmma load or store (\p Name the intrinsic) of a fragment
  /// WmmaFragments.h lists for the memory it addresses, reported as the
  /// instructions nvcc makes of it for sm_80 and later; false (nothing
  /// reported) for other fragments, targets and addresses.
  bool wmmaAccess(const llvm::CallBase &Call, llvm::StringRef Name,
                  CallFrame &Frame, const ThreadMask &Active);
  /// Inline PTX \p Asm when it is one `cp.async.{ca,cg}.shared.global` into
  /// shared memory (CUDA's __pipeline_memcpy_async, cuda::memcpy_async,
  /// cooperative_groups::memcpy_async, CuTe's SM80_CP_ASYNC): reported as
  /// its issue, pending until a wait completes it; false (nothing
  /// reported) for any other statement, a predicated copy, or an address the
  /// evaluation did not follow.
  bool ptxAsyncCopy(const llvm::CallBase &Call, const llvm::InlineAsm &Asm,
                    CallFrame &Frame, const ThreadMask &Active);
  /// The shared address an asm operand (\p Operand, written at \p Site)
  /// gives, with the declared array it indexes when it does; nullopt when it
  /// is not a shared pointer (AsmAddressUnknown says why when not computed).
  std::optional<AddressFacts> asmSharedAddress(const llvm::Value *Operand,
                                               const clang::Expr *Site,
                                               CallFrame &Frame,
                                               const ThreadMask &Active);
  /// Inline PTX \p Asm when it is one TMA tensor copy (`cp.async.bulk.tensor`)
  /// through a CUtensorMap parameter whose encoding the host code shows
  /// (EvaluationOptions::TensorMaps): reported as a bulk copy of the map's
  /// box, into shared memory completing its mbarrier's bytes, or out of it
  /// in a bulk group; false otherwise, with \p WhyNot saying why for the
  /// note.
  bool ptxTensorCopy(const llvm::CallBase &Call, const llvm::InlineAsm &Asm,
                     CallFrame &Frame, const ThreadMask &Active,
                     std::string &WhyNot);
  /// The box of CuTe's TMA copy traits inside kernel parameter \p Param at
  /// the offset \p Map points to (CuteTmaTraits.h), read once per offset;
  /// null when none lies there (\p WhyNot set when its form is not
  /// followed).
  const TensorMapBox *cuteTensorMap(const clang::ParmVarDecl &Param,
                                    const ThreadValue &Map,
                                    const ThreadMask &Active,
                                    std::string &WhyNot);
  struct CuteTensorMap {
    std::optional<TensorMapBox> Box;
    std::string WhyNot;
  };
  /// By parameter and byte offset (node-based: accesses keep pointers to
  /// the boxes).
  std::map<std::pair<const clang::ParmVarDecl *, int64_t>, CuteTensorMap>
      CuteTensorMaps;
  // IrWarpgroupMma.cpp: Hopper's wgmma and the descriptors it reads by.
  /// Inline PTX \p Asm when it is one wgmma.mma_async whose descriptors the
  /// evaluation computed: its reads of shared memory reported per
  /// warpgroup (MemoryAccessEvent::WarpgroupMma), in flight until a
  /// wgmma.wait_group; false otherwise, with \p WhyNot saying why for the
  /// note.
  bool ptxWarpgroupMma(const llvm::CallBase &Call, const llvm::InlineAsm &Asm,
                       CallFrame &Frame, const ThreadMask &Active,
                       std::string &WhyNot);
  /// wgmma.commit_group and wgmma.wait_group N (wgmma.fence orders
  /// registers only; a count that is not a constant waits for every group):
  /// false for other statements, one with a wgmma.mma_async among them
  /// included (ptxWarpgroupMma takes the steps of such a statement).
  bool ptxWarpgroupStep(const llvm::CallBase &Call, const llvm::InlineAsm &Asm,
                        const ThreadMask &Active);
  /// The wgmma.commit_group and wait_group statements of \p Text, part of
  /// \p Asm's, in order.
  void warpgroupSteps(const llvm::CallBase &Call, const llvm::InlineAsm &Asm,
                      llvm::StringRef Text, const ThreadMask &Active);
  /// Inline PTX `elect.sync` (CuTe's elect_one_sync, cuda::ptx::elect_sync):
  /// one lane of each warp's active members, the lowest; its outputs (the
  /// leader's lane, the elected predicate) as the statement returns them,
  /// a structure's members in CallFrame::Aggregates. Nullopt for other
  /// statements or a member mask not computed.
  std::optional<ThreadValue> electOneLane(const llvm::CallBase &Call,
                                          const llvm::InlineAsm &Asm,
                                          CallFrame &Frame,
                                          const ThreadMask &Active);
  /// The address in the block's shared window of \p Pointer, a pointer
  /// into this block's shared memory: what __cvta_generic_to_shared gives,
  /// for the bit arithmetic that packs it into a wgmma descriptor
  /// (`(addr & 0x3FFFF) >> 4`). Each variable the kernel uses gets a place
  /// of its own, 1024-byte aligned (where every swizzle pattern starts
  /// over), the dynamic ones after the others; nullopt for another pointer.
  std::optional<ThreadValue> sharedWindowAddress(const ThreadValue &Pointer,
                                                 const ThreadMask &Active);
  /// \p Address, window addresses sharedWindowAddress gave (and arithmetic
  /// on them), as a pointer into the one variable each active thread's
  /// falls in; nullopt when no place was given, a thread's is not known, or
  /// they fall in different variables.
  std::optional<ThreadValue>
  sharedWindowPointer(const ThreadValue &Address,
                      const ThreadMask &Active) const;
  /// The alignment \p Object, a shared variable, is declared with (at
  /// least 16 for dynamic shared memory, as CUDA starts it); 1 for another
  /// object.
  uint64_t declaredSharedAlignment(const MemoryObject &Object) const;
  /// Whether \p Object, a shared variable, is declared aligned to the
  /// places sharedWindowAddress gives (1024 bytes): then every bit of its
  /// window addresses below that is its offset's, wherever ptxas puts it.
  bool alignedAsWindowPlace(const MemoryObject &Object) const;
  /// The variable and offset of a window address sharedWindowAddress gave:
  /// the variable placed last at or below it (an offset past its end is
  /// the bounds check's); nullopt below every place.
  std::optional<std::pair<MemoryObject, int64_t>>
  sharedAtWindow(uint64_t Address) const;
  struct SharedWindowPlace {
    MemoryObject Object;
    uint64_t Base = 0, Bytes = 0;
  };
  std::vector<SharedWindowPlace> SharedWindow;
  /// A copy the evaluation does not follow signals the mbarrier of asm
  /// operand \p Operand with complete_tx: its bytes are unknown, so the
  /// phases of that mbarrier complete on their arrivals alone.
  void unfollowedCopyCompletesTx(const llvm::CallBase &Call,
                                 const llvm::InlineAsm &Asm, unsigned Operand,
                                 CallFrame &Frame, const ThreadMask &Active);
  /// A cp.async's global source (MemoryAccessEvent::CopySource): the
  /// pointer into a parameter or variable; nullopt for anything else.
  std::optional<ThreadValue> copySource(const llvm::Value *Source,
                                        CallFrame &Frame,
                                        const ThreadMask &Active);
  /// `llvm.nvvm.cp.async.{ca,cg}.shared.global.{4,8,16}[.s]` (clang's
  /// __nvvm_cp_async builtins): as ptxAsyncCopy.
  bool intrinsicAsyncCopy(const llvm::CallBase &Call, llvm::StringRef Name,
                          CallFrame &Frame, const ThreadMask &Active);
  // IrMbarriers.cpp: mbarrier phases (init, arrivals, transaction bytes,
  // waits) followed where the evaluation can decide them.
  /// Inline PTX \p Asm when it is one mbarrier instruction on a CTA-local
  /// mbarrier whose address the evaluation knows: its effect on the phases,
  /// and the value it returns (a wait's result, an arrival's state token);
  /// nullopt (nothing done) otherwise, for the caller's note, with \p WhyNot
  /// saying why where it can.
  std::optional<ThreadValue>
  ptxMbarrier(const llvm::CallBase &Call, const llvm::InlineAsm &Asm,
              CallFrame &Frame, const ThreadMask &Active, std::string &WhyNot);
  /// An mbarrier in shared memory: its variable and byte offset.
  using MbarrierKey = std::pair<const void *, int64_t>;
  /// The wait of \p ByMbarrier's threads (their parity, or state token,
  /// \p OperandOf), as ptxMbarrier returns it.
  std::optional<ThreadValue>
  mbarrierWait(const clang::Stmt *Site, const llvm::CallBase &Call, bool Parity,
               const std::map<MbarrierKey, ThreadMask> &ByMbarrier,
               llvm::function_ref<int64_t(unsigned)> OperandOf,
               const ThreadMask &Active, std::string &WhyNot);
  /// For the bulk copy just issued into shared memory: its complete_tx of
  /// \p Bytes per issuing thread of \p Active on the mbarrier \p Operand
  /// points to.
  void bulkCopyCompletesTx(const llvm::Value *Operand, uint64_t Bytes,
                           CallFrame &Frame, const ThreadMask &Active);
  /// An mbarrier wait the evaluation does not decide: synchronisation it
  /// does not follow. The threads past it may run ahead of what they wait
  /// for in the evaluation (a consumer evaluated before its producer), so
  /// their arrivals may come from the future: no later wait is decided.
  void mbarrierWaitNotFollowed(const llvm::CallBase &Call,
                               const ThreadMask &Active) {
    if (!MbarrierWaitsUndecided)
      MbarrierWaitsUndecided = Sites.nearbyLine(Call);
    barrier(Call, BarrierScope::Unknown, Active);
  }
  /// The line of the first wait not decided (0: none).
  std::optional<unsigned> MbarrierWaitsUndecided;
  /// The evaluation stopped following every iteration of a loop (sampled):
  /// arrivals may be missing, so the phases of the mbarriers initialised so
  /// far are no longer decided.
  void forgetMbarriers(const std::string &Why) {
    if (!Mbarriers.empty())
      MbarriersForgotten = Why;
    Mbarriers.clear();
  }
  /// Why the mbarriers initialised so far are no longer followed.
  std::string MbarriersForgotten;
  /// The commit groups a wait counts by: cp.async's, cp.async.bulk's (its
  /// copies out of shared memory) and wgmma's (its operand reads).
  enum class CopyQueue { CpAsync, Bulk, WarpgroupMma };
  /// cp.async.commit_group by the threads of \p Active, or another
  /// \p Queue's: their copies not yet in a group form the newest one.
  void commitAsyncCopies(const ThreadMask &Active,
                         CopyQueue Queue = CopyQueue::CpAsync);
  /// A wait of the threads of \p Active: cp.async.wait_group with \p
  /// NewestLeft groups left in flight, cp.async.wait_all (nullopt), or
  /// synchronisation the evaluator does not follow (\p EveryThread: an
  /// mbarrier wait may complete any thread's copies). Tells the observer of
  /// each completed copy. \p Queue Bulk: cp.async.bulk.wait_group[.read],
  /// which completes bulk copies out of shared memory by their bulk groups;
  /// WarpgroupMma: wgmma.wait_group.
  void completeAsyncCopies(const ThreadMask &Active,
                           std::optional<unsigned> NewestLeft,
                           bool EveryThread = false,
                           CopyQueue Queue = CopyQueue::CpAsync);
  /// The commit counts of \p Queue, per thread.
  std::vector<unsigned> &committedGroups(CopyQueue Queue);
  /// A barrier for part of the block (a thread count, an arrival): noted
  /// where it stands (\p Name as the note says it) and taken as
  /// synchronisation the analysis does not follow.
  void partialBarrier(const llvm::CallBase &Call, const std::string &Name,
                      const std::string &Instruction, bool InlinePtx,
                      const ThreadMask &Active);
  void barrier(const llvm::Instruction &I, BarrierScope Scope,
               const ThreadMask &Active, const ThreadValue *LaneMask = nullptr);
  /// One step of a cluster barrier; a wait is a block barrier too (every
  /// thread of the block has arrived when it returns).
  void clusterBarrier(const llvm::Instruction &I,
                      ClusterBarrierEvent::Step Step, const ThreadMask &Active);
  /// `llvm.nvvm.mapa` (cluster.map_shared_rank) or inline PTX `mapa`
  /// (\p Call, of \p Address and \p Rank): the pointer into the shared
  /// memory of the block of the cluster the rank names, when that is
  /// another block named by an expression of the block's own rank or one
  /// rank for every block; the pointer itself for the block's own rank;
  /// nullopt when the evaluation cannot tell which block it is.
  std::optional<ThreadValue> mapClusterShared(const llvm::CallBase &Call,
                                              const llvm::Value *Address,
                                              const llvm::Value *Rank,
                                              CallFrame &Frame,
                                              const ThreadMask &Active);
  /// One block barrier completed by the threads waiting at several
  /// __syncthreads() calls (\p Waits: each call and its threads), as the GPU
  /// completes barrier 0 wherever its threads wait (runFunction pairs the
  /// calls on the two sides of a branch).
  void pairedBarrier(
      llvm::ArrayRef<std::pair<const llvm::Instruction *, ThreadMask>> Waits);
  /// Where the barrier \p I stands in the source; the kernel's body when the
  /// debug information does not say (a barrier must not vanish: the race
  /// analysis would see one interval where there are two).
  const clang::Stmt *barrierSite(const llvm::Instruction &I);
  /// Tells the observer of a barrier at \p Site.
  void barrierAt(const clang::Stmt *Site, BarrierScope Scope,
                 const ThreadMask &Active, const ThreadValue *LaneMask,
                 uint64_t PhaseId = 0,
                 llvm::ArrayRef<BarrierArrival> Arrivals = {});
  /// Before \p I: the barrier EvaluationOptions::InsertedBarrier asks for,
  /// when \p I is the first memory instruction, call or branch of its
  /// statement.
  void insertBarrierBefore(const llvm::Instruction &I, CallFrame &Frame,
                           const ThreadMask &Active);
  /// PTX special register \p Register ("tid.x", "laneid", "lanemask_lt"),
  /// or nullopt for one the evaluator does not model.
  std::optional<ThreadValue> specialRegister(llvm::StringRef Register);
  /// shfl.sync in mode "idx", "up", "down" or "bfly" (PTX's operands).
  ThreadValue shuffle(llvm::StringRef Mode, const ThreadValue &Value,
                      const ThreadValue &Lane, const ThreadValue &Clamp,
                      const ThreadMask &Active);
  /// A vote or warp reduction \p Op ("ballot", "all", "any", "uni", "add",
  /// "min", ...) of \p Value over the active lanes of each warp.
  ThreadValue warpReduce(llvm::StringRef Op, const ThreadValue &Value,
                         const ThreadMask &Active);
  /// libdevice's integer min, max and abs (`__nv_umin`, `__nv_llmax`,
  /// `__nv_abs`, ...), or nullopt for any other function.
  std::optional<ThreadValue> libdeviceInteger(llvm::StringRef Name,
                                              const llvm::CallBase &Call,
                                              CallFrame &Frame,
                                              const ThreadMask &Active);
  /// A CUDA device function the prelude declares without a body, by name.
  std::optional<ThreadValue> deviceLibraryCall(llvm::StringRef Name,
                                               const llvm::CallBase &Call,
                                               CallFrame &Frame,
                                               const ThreadMask &Active);

  // Shared by all.
  ThreadValue unknown(std::string Why) const {
    return ThreadValue::unknown(Threads, std::move(Why));
  }
  ThreadMask none() const { return ThreadMask(Threads, false); }
  /// The threads that have not returned from the kernel.
  ThreadMask livingThreads() const {
    ThreadMask Living = AllThreads;
    if (!Frames.empty())
      Living.reset(Frames.front()->Returned);
    return Living;
  }
  ThreadValue symbolValue(const UniformSymbol &Symbol);
  unsigned bitsOf(const llvm::Type *T) const;

  clang::ASTContext &Ctx;
  const DeviceModule &Module;
  const clang::FunctionDecl *Kernel;
  const llvm::Function &KernelFunction;
  const llvm::DataLayout &Layout;
  const EvaluationOptions &Options;
  SymbolTable &Symbols;
  ExecutionObserver &Observer;
  IrSourceSites Sites;
  unsigned Threads;
  EvaluationSummary Summary;
  ThreadValue ThreadIndex[3];
  std::vector<CallFrame *> Frames;
  /// Assumptions of the path executing now (data-dependent branches).
  std::vector<std::string> Assumptions;
  /// Kernel parameters passed by value in parameter space (structs): their
  /// loads are not memory traffic.
  llvm::DenseSet<const clang::ValueDecl *> ByValueParameters;
  std::map<const llvm::Value *, LocalStorage> Locals;
  /// The alloca \p Address points into (a thread's own array), or null.
  static const llvm::Value *localAlloca(const ThreadValue &Address);
  /// A memset or memcpy into a thread's own array (`float acc[4] = {}`):
  /// \p ZeroBytes zero bytes from Address read back as zero at each 4-byte
  /// step; 0 (anything else) leaves the array's elements unknown.
  void fillLocal(const llvm::Value *Storage, const ThreadValue &Address,
                 const ThreadMask &Active, int64_t ZeroBytes);
  /// Constants, evaluated once for every thread (node-based: references
  /// stay valid as others are added).
  std::unordered_map<const llvm::Constant *, ThreadValue> Constants;
  /// What a value the evaluator never computed reads as.
  ThreadValue NotComputed;
  /// Every thread of the block.
  ThreadMask AllThreads;
  /// Loops already reported as sampled.
  llvm::DenseSet<const clang::Stmt *> SampledLoops;
  llvm::DenseSet<const llvm::Loop *> CompilerLoopsSampled;
  /// Block barriers executed so far.
  uint64_t BlockBarriers = 0;
  /// A cp.async issued by some threads and not yet complete for all of
  /// them (MemoryAccessEvent::Async).
  struct PendingAsyncCopy {
    const clang::Expr *Site;
    unsigned WidthBytes;
    /// As reported at the issue (after any layout override).
    ThreadValue Address;
    /// The threads whose copy has not completed.
    ThreadMask Pending;
    /// Per thread: the commit group the copy joins, numbered by the
    /// thread's commit_group count when it issued the copy.
    std::vector<unsigned> Group;
    /// A bulk copy: an mbarrier's wait completes it, not wait_group.
    bool ViaMbarrier = false;
    /// A bulk copy out of shared memory: it reads its bytes until its
    /// thread's cp.async.bulk.wait_group[.read] completes its bulk group
    /// (Group counts the thread's cp.async.bulk.commit_group).
    bool ReadsShared = false;
    /// A wgmma's read of its operands: wgmma.wait_group completes it
    /// (Group counts the thread's wgmma.commit_group).
    bool WarpgroupMma = false;
    /// The mbarrier phase that completes it, when the evaluation followed it
    /// (a bulk copy's complete_tx, cp.async.mbarrier.arrive).
    std::optional<MbarrierKey> Mbarrier;
    uint64_t MbarrierPhase = 0;
    /// Its threads named different mbarriers, or one the evaluation does
    /// not follow: any phase a wait sees complete completes it, so that no
    /// access is reported as early because of what was not followed.
    bool CompletedByAnyMbarrier = false;
  };
  std::vector<PendingAsyncCopy> PendingCopies;
  static CopyQueue queueOf(const PendingAsyncCopy &Copy) {
    return Copy.WarpgroupMma  ? CopyQueue::WarpgroupMma
           : Copy.ReadsShared ? CopyQueue::Bulk
                              : CopyQueue::CpAsync;
  }
  /// Tells the observer that the threads of \p Completing finished \p Copy
  /// (AsyncPhase::Completion).
  void completeCopy(PendingAsyncCopy &Copy, const ThreadMask &Completing);
  /// Per thread: the cp.async.commit_group statements it executed.
  std::vector<unsigned> CommittedGroups;
  /// Per thread: the cp.async.bulk.commit_group statements it executed.
  std::vector<unsigned> CommittedBulkGroups;
  /// Per thread: the wgmma.commit_group statements it executed.
  std::vector<unsigned> CommittedWarpgroupMmaGroups;
  /// An mbarrier in shared memory, as far as the evaluation followed it.
  struct MbarrierState {
    /// Unique in the evaluation: with the phase, it names a phase to the
    /// observers (MbarrierArriveEvent::PhaseId).
    uint64_t Id = 0;
    /// The init's place in the kernel (its call, for a helper).
    clang::SourceLocation InitWhere;
    std::string Name;
    int64_t Expected = 0;
    /// Arrivals the current phase still needs, and its transaction bytes
    /// expected and not yet delivered.
    int64_t Pending = 0, BytesMissing = 0;
    /// A copy the evaluation does not follow signals it: its phases
    /// complete when their arrivals are in, whatever bytes are missing.
    bool BytesUnknown = false;
    /// Completed phases: the current one is number Phase.
    uint64_t Phase = 0;
    uint64_t AllArrivals = 0;
    /// A warp's arrivals overflowed it: the kernel fails there, and nothing
    /// more is reported of it.
    bool Overflowed = false;
    /// Who completed a phase: the threads that arrived on it, and the
    /// issue of a copy whose bytes it counted (null for none).
    struct PhaseRecord {
      ThreadMask Arrivers;
      const clang::Stmt *CopySite = nullptr;
      /// Bytes a copy delivered past what the phase announced: the phase
      /// completed once the announced bytes were in, these count against
      /// the next one (measured: docs/measurements/h200-tma.md).
      int64_t Surplus = 0;
      bool SurplusReported = false;
    };
    PhaseRecord Current;
    /// Phases below Ordered are complete for every thread: a block barrier
    /// or a wait of the whole block came after their completion. The
    /// completed phases from Ordered on: in time, they may still be in
    /// progress when a thread that did not complete them waits.
    uint64_t Ordered = 0;
    /// Per thread (empty until a wait): the phases below this one its own
    /// waits saw complete, which are complete for it whatever the others.
    std::vector<uint64_t> SeenComplete;
    std::map<uint64_t, PhaseRecord> Recent;
    uint64_t phaseId(uint64_t P) const { return Id << 32 | (P & 0xffffffff); }
    /// Completes the phases whose arrivals and bytes are all in.
    void completeReadyPhases();
  };
  uint64_t NextMbarrierId = 1;
  /// Reports the first warp of \p Group whose arrivals on \p S in this
  /// instruction (\p CountOf each thread's) exceed what the phase still
  /// needs, and marks \p S overflowed.
  void overflowingWarps(const llvm::CallBase &Call, const clang::Stmt *Site,
                        MbarrierState &S, const ThreadMask &Group,
                        llvm::function_ref<int64_t(unsigned)> CountOf);
  /// A barrier of the whole block: the phases completed by then are
  /// complete for every thread after it, but for those a copy's bytes
  /// completed (the copy may still be in flight).
  void orderMbarrierPhases();
  /// By (variable, byte offset) in shared memory.
  std::map<MbarrierKey, MbarrierState> Mbarriers;
  /// Value numbers of what the evaluation cannot compute (ValueNumbers.h).
  ValueNumbers Numbering;
  /// Steps since the time and memory budgets were last looked at.
  unsigned StepsSinceBudgetCheck = 0;
};

/// A PTX barrier instruction of an asm statement: `bar.sync 1, 64`.
struct PtxBarrier {
  std::string Instruction;
  /// With a thread count, or an arrival that does not wait: it orders part
  /// of the block.
  bool Partial = false;
};
std::optional<PtxBarrier> ptxBarrier(llvm::StringRef Text);

/// The cluster barrier steps of inline PTX \p Text, in order:
/// `barrier.cluster.arrive{.release|.relaxed}{.aligned}` and
/// `barrier.cluster.wait{.acquire}{.aligned}` (CUTLASS's cluster_sync()).
std::vector<ClusterBarrierEvent::Step> ptxClusterBarrier(llvm::StringRef Text);

/// The operands of a copy into shared memory by Ampere's cp.async, an asm
/// statement (`cp.async.ca.shared.global [$0], [$1], 16;`) or the
/// llvm.nvvm.cp.async intrinsic: the shared destination (a pointer or a
/// 32-bit shared address), the global source, and the operand that guards
/// it (CUTLASS's `@p cp.async`), if any. None for anything else: a bulk
/// copy, a copy out of shared memory, an asm statement doing more.
struct AsyncCopyOperands {
  const llvm::Value *Destination = nullptr;
  const llvm::Value *Source = nullptr;
  const llvm::Value *Guard = nullptr;
};
std::optional<AsyncCopyOperands> asyncCopyOperands(const llvm::CallBase &Call);

/// For a wmma fragment's load or store (llvm.nvvm.wmma.*.load.*, .store.*),
/// its leading dimension in elements: with the tile pointer (the first
/// operand), it places each lane's elements. Null for anything else.
const llvm::Value *wmmaLeadingDimension(const llvm::Instruction &I);

/// What the name of `llvm.nvvm.cp.async.{ca,cg}.shared.global.N[.s]` says:
/// the bytes each thread copies and whether the copy bypasses L1 (.cg).
struct CpAsyncIntrinsic {
  unsigned Width = 0;
  bool BypassesL1 = false;
};
std::optional<CpAsyncIntrinsic> cpAsyncIntrinsic(llvm::StringRef Name);

/// The instructions of inline PTX \p Text that read or write shared memory
/// (`ld.shared.v4.f32`, `cp.async.ca.shared.global`, `ldmatrix...`,
/// `mbarrier...`), in order.
std::vector<std::string> sharedMemoryInstructions(llvm::StringRef Text);

/// \p Pattern.match(Text, Matches), remembered by pattern and text: an asm
/// statement runs once per warp and iteration, and its text is the same
/// every time. \p Pattern must live as long as the process (a function's
/// static).
bool rememberedMatch(const llvm::Regex &Pattern, llvm::StringRef Text,
                     llvm::SmallVectorImpl<llvm::StringRef> *Matches);

/// The argument of a call to \p Asm that carries asm operand \p Operand
/// ($N), or nullopt for an output the call returns.
/// The call argument that asm operand \p Operand ($N) of \p Call is, or null.
const llvm::Value *asmArgument(const llvm::CallBase &Call,
                               const llvm::InlineAsm &Asm, unsigned Operand);
std::optional<unsigned> asmOperandArgument(const llvm::InlineAsm &Asm,
                                           unsigned Operand);
/// The source expression of asm operand \p Operand of \p Statement (the
/// `addr` of `: "r"(addr)`), or \p Statement itself when it is an
/// expression (a call of a library wrapper); null otherwise.
const clang::Expr *asmOperandSite(const clang::Stmt *Statement,
                                  unsigned Operand);

/// Whether inline PTX \p Call moves no data the evaluation models: no
/// pointer operand, no shared-memory instruction, at most a whole-block or
/// warp barrier (`cp.async.wait_all`, `fence.proxy.async`, `bar.sync 0`).
/// Such a statement does the same thing in every iteration of a loop.
bool inlinePtxMovesNoModelledData(const llvm::CallBase &Call);

/// The unmangled name of a function the prelude or the toolkit declares
/// (`_Z9atomicAddPff` is atomicAdd).
llvm::StringRef baseName(llvm::StringRef Name);

/// The special register inline PTX `mov.u32 $0, %laneid;` reads ("laneid"),
/// or nullopt for any other text.
std::optional<llvm::StringRef> ptxSpecialRegisterMove(llvm::StringRef Text);
/// `mapa.shared::cluster.u32 $0, $A, $R;` alone in inline PTX (CuTe's
/// set_block_rank): its address and rank operands.
struct PtxMapa {
  unsigned AddressOperand = 0;
  unsigned RankOperand = 0;
};
std::optional<PtxMapa> ptxMapa(llvm::StringRef Text);

/// The argument of a warp shuffle (the intrinsic, the prelude's
/// `__shfl_down_sync`, inline PTX `shfl.sync`) that holds the value moved
/// between lanes; nullopt for any other call.
std::optional<unsigned> shuffledArgument(const llvm::CallBase &Call);

/// "the condition at line 12 depends on data read from shared memory 's'; "
/// followed by \p Then, what the evaluation did for those threads (\p Line
/// 0: no line).
std::string conditionAssumption(unsigned Line, const ThreadValue &Condition,
                                llvm::StringRef Then);

/// The low \p Bits of \p V, sign-extended: how every integer is held.
int64_t truncateSigned(int64_t V, unsigned Bits);
/// The low \p Bits of \p V, zero-extended.
uint64_t truncateUnsigned(int64_t V, unsigned Bits);

} // namespace ir
} // namespace smemlint

#endif
