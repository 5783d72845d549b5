//===--- IrControlFlow.cpp - Paths, masks, loops and calls over the IR ----===//
//
// The SIMT mask over a function's CFG: a stack of paths, each a block, the
// threads executing it and the block where it rejoins its siblings (the
// immediate post-dominator of the branch that split them), as in the
// hardware's reconvergence stack. Threads whose branch condition is unknown
// run every side, and the values they carry past the rejoin are unknown.
// Phis are assigned on the edge a thread takes, so that threads rejoining
// from different sides each get their own incoming value.
//
//===----------------------------------------------------------------------===//

#include "Evaluation/IrExecution.h"
#include "Evaluation/KernelEvaluator.h"
#include "Evaluation/MemoryUsage.h"

#include "DeviceCode/DeviceModule.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Process.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace smemlint {

using namespace ir;

namespace ir {

namespace {

/// Loops of at least this many iterations skip their middle ones (when the
/// closed form allows) without waiting for the enumeration bound.
constexpr uint64_t EarlySkipTrips = 16;

/// "53687091200" as "5.4e10"; small numbers as they are.
std::string roughly(uint64_t N) {
  if (N < 10'000'000)
    return std::to_string(N);
  unsigned Exponent = 0;
  double Mantissa = double(N);
  while (Mantissa >= 10) {
    Mantissa /= 10;
    ++Exponent;
  }
  char Text[32];
  snprintf(Text, sizeof(Text), "%.1fe%u", Mantissa, Exponent);
  return Text;
}

/// The call that ends a trap block: `call @llvm.ubsantrap` or another
/// function that does not return, before the block's `unreachable`.
const llvm::CallBase *trapCall(const llvm::BasicBlock &Block) {
  const llvm::Instruction *Last = Block.getTerminator();
  if (!llvm::isa_and_nonnull<llvm::UnreachableInst>(Last))
    return nullptr;
  for (const llvm::Instruction *I = Last->getPrevNode(); I;
       I = I->getPrevNode()) {
    if (llvm::isa<llvm::DbgInfoIntrinsic>(I))
      continue;
    const auto *Call = llvm::dyn_cast<llvm::CallBase>(I);
    return Call && Call->doesNotReturn() ? Call : nullptr;
  }
  return nullptr;
}

/// A block that only reports a division by zero: the check DeviceModule
/// has Clang put before every integer division (the only sanitizer it
/// enables), so that the optimizer keeps the division instead of deleting
/// the code of every thread that may reach it.
bool isDivisionCheck(const llvm::BasicBlock &Block) {
  const llvm::CallBase *Call = trapCall(Block);
  return Call && Call->getIntrinsicID() == llvm::Intrinsic::ubsantrap;
}

/// The user's line of \p I, or of the closest instruction before it in its
/// block that has one; 0 when none does.
unsigned sourceLine(const llvm::Instruction &I) {
  for (const llvm::Instruction *At = &I; At; At = At->getPrevNode())
    if (const llvm::DILocation *Where = At->getDebugLoc().get()) {
      while (Where->getInlinedAt())
        Where = Where->getInlinedAt();
      if (Where->getLine())
        return Where->getLine();
    }
  return 0;
}

} // namespace

const llvm::Loop *FunctionFacts::reusingLoop(const llvm::LoadInst &Load) {
  auto [Known, New] = Reusing.try_emplace(&Load, nullptr);
  if (!New)
    return Known->second;
  // nvcc unrolls a nest of short constant loops whole (a register tile's
  // `for i < 4, for j < 4`), and CSE keeps one load of each address: a
  // read of bs[k][tc + j] in the i loop is made once, not once per i (an
  // H100's LDS.128 count, test/runtime-verify/run-program-gemm-async.test).
  // Iterations of the nest, at most: what such a nest unrolls to.
  constexpr unsigned UnrolledIterations = 64;
  const llvm::Loop *Best = nullptr;
  if (!Load.isSimple() || !Evolution.isSCEVable(Load.getPointerOperandType()))
    return nullptr;
  const llvm::SCEV *Address =
      Evolution.getSCEV(const_cast<llvm::Value *>(Load.getPointerOperand()));
  unsigned Unrolled = 1;
  for (const llvm::Loop *L = Loops.getLoopFor(Load.getParent()); L;
       L = L->getParentLoop()) {
    unsigned Trips = Evolution.getSmallConstantTripCount(L);
    Unrolled *= std::max(Trips, 1u);
    // The load runs in every iteration of L (it dominates the latch), L's
    // trips are known and few.
    const llvm::BasicBlock *Latch = L->getLoopLatch();
    if (Trips < 2 || Unrolled > UnrolledIterations || !Latch ||
        !Dominators.dominates(Load.getParent(), Latch))
      break;
    // Nothing in L writes memory but the thread's own variables.
    bool Writes = llvm::any_of(L->blocks(), [](const llvm::BasicBlock *Block) {
      return llvm::any_of(*Block, [](const llvm::Instruction &I) {
        if (!I.mayWriteToMemory())
          return false;
        const auto *Store = llvm::dyn_cast<llvm::StoreInst>(&I);
        return !Store || !Store->isSimple() ||
               !llvm::isa<llvm::AllocaInst>(
                   llvm::getUnderlyingObject(Store->getPointerOperand()));
      });
    });
    if (Writes)
      break;
    // Whether the address moves from one iteration of L to the next: a
    // recurrence of L or a value L computes (the inner loops' recurrences
    // start and step alike in each).
    bool Moves = llvm::SCEVExprContains(Address, [&](const llvm::SCEV *S) {
      if (const auto *Recurrence = llvm::dyn_cast<llvm::SCEVAddRecExpr>(S))
        return Recurrence->getLoop() == L;
      if (const auto *Unknown = llvm::dyn_cast<llvm::SCEVUnknown>(S))
        if (const auto *I =
                llvm::dyn_cast<llvm::Instruction>(Unknown->getValue()))
          return L->contains(I);
      return false;
    });
    // Where the address moves with L (the loop over a tile row's columns),
    // a loop around it may still repeat the whole sequence.
    if (!Moves)
      Best = L;
  }
  Reusing[&Load] = Best;
  return Best;
}

FunctionFacts::FunctionFacts(llvm::Function &F)
    : Dominators(F), PostDominators(F), Loops(Dominators),
      LibraryImpl(llvm::Triple(F.getParent()->getTargetTriple())),
      Library(LibraryImpl, &F), Assumptions(F),
      Evolution(F, Library, Assumptions, Dominators, Loops) {
  computeRejoins(F);
  findDroppableRegisters(F);
  // Control dependence as Ferrante, Ottenstein and Warren define it: the
  // blocks on the post-dominator tree path from a branch's successor up to
  // (not including) the branch's own post-dominator run only when the
  // branch goes that way. The tree is that of the CFG the evaluation
  // follows (rejoinOf): the code after an `if` that divides does not
  // depend on it. The walk is bounded by the function's size (a block that
  // reaches no exit answers from LLVM's tree).
  llvm::DenseMap<const llvm::BasicBlock *,
                 llvm::SmallVector<const llvm::BasicBlock *, 4>>
      Direct;
  for (const llvm::BasicBlock &Branch : F) {
    if (Branch.getTerminator()->getNumSuccessors() < 2)
      continue;
    const llvm::BasicBlock *Stop = rejoinOf(Branch);
    for (const llvm::BasicBlock *Successor : llvm::successors(&Branch)) {
      size_t Steps = 0;
      for (const llvm::BasicBlock *Y = Successor;
           Y && Y != Stop && Steps++ <= F.size(); Y = rejoinOf(*Y))
        if (!llvm::is_contained(Direct[Y], &Branch))
          Direct[Y].push_back(&Branch);
    }
  }
  for (const auto &[Block, Branches] : Direct) {
    llvm::SmallVector<const llvm::BasicBlock *, 4> &All = DecidedBy[Block];
    llvm::SmallVector<const llvm::BasicBlock *, 8> Work(Branches.begin(),
                                                        Branches.end());
    while (!Work.empty()) {
      const llvm::BasicBlock *Branch = Work.pop_back_val();
      if (llvm::is_contained(All, Branch))
        continue;
      All.push_back(Branch);
      auto Further = Direct.find(Branch);
      if (Further != Direct.end())
        Work.append(Further->second.begin(), Further->second.end());
    }
  }
}

namespace {

/// Whether scalar evolution always describes \p I by its operands, never as
/// an opaque SCEVUnknown whose register the closed form and the trip counts
/// read at a loop's latch (evolutionValue): sums, products, casts, element
/// addresses, shifts and masks by constants; and every floating-point value
/// (no evolution at all).
bool evolutionSeesThrough(const llvm::Instruction &I) {
  if (I.getType()->isFloatingPointTy())
    return true;
  switch (I.getOpcode()) {
  case llvm::Instruction::Add:
  case llvm::Instruction::Sub:
  case llvm::Instruction::Mul:
  case llvm::Instruction::ZExt:
  case llvm::Instruction::SExt:
  case llvm::Instruction::Trunc:
  case llvm::Instruction::GetElementPtr:
    return true;
  case llvm::Instruction::Shl:
    return llvm::isa<llvm::ConstantInt>(I.getOperand(1));
  case llvm::Instruction::And: {
    // ScalarEvolution::createSCEV: a run of ones is a truncation.
    const auto *Mask = llvm::dyn_cast<llvm::ConstantInt>(I.getOperand(1));
    return Mask && Mask->getValue().isShiftedMask();
  }
  default:
    return false;
  }
}

/// Whether running \p I may leave the block's remaining instructions to a
/// later pass with other threads (a __syncthreads() the threads wait at,
/// resumed after it), or read registers other than its operands: any call
/// but those of intrinsics that touch no memory and need no other thread.
bool mayInterruptBlock(const llvm::Instruction &I) {
  const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
  if (!Call || llvm::isa<llvm::DbgInfoIntrinsic>(I))
    return false;
  return !llvm::isa<llvm::IntrinsicInst>(I) || !Call->doesNotAccessMemory() ||
         Call->isConvergent();
}

} // namespace

/// A register may be dropped after its last read when nothing reads it but
/// the instructions after it in its block, and in one pass over the block:
/// no phi (read on an edge), no select (placeSelectedAccess reads its arms
/// for the load that follows it), no terminator (read after the block's
/// instructions), no call in between that may stop the pass. Conditions
/// (i1) stay: the hoisted reads' guards are read where the load is.
void FunctionFacts::findDroppableRegisters(const llvm::Function &F) {
  for (const llvm::BasicBlock &Block : F) {
    llvm::DenseMap<const llvm::Instruction *, unsigned> Position;
    unsigned Next = 0;
    // The position of the last instruction that may interrupt the pass.
    std::vector<unsigned> LastInterruptBefore;
    unsigned LastInterrupt = 0;
    for (const llvm::Instruction &I : Block) {
      Position[&I] = ++Next;
      if (mayInterruptBlock(I))
        LastInterrupt = Next;
      LastInterruptBefore.push_back(LastInterrupt);
    }
    for (const llvm::Instruction &I : Block) {
      if (I.getType()->isVoidTy() || I.getType()->isIntegerTy(1) ||
          llvm::isa<llvm::PHINode>(I) || I.isTerminator() ||
          !evolutionSeesThrough(I) || I.use_empty())
        continue;
      const llvm::Instruction *Last = nullptr;
      unsigned LastAt = 0;
      bool Droppable = true;
      for (const llvm::User *U : I.users()) {
        const auto *Reader = llvm::dyn_cast<llvm::Instruction>(U);
        if (!Reader || Reader->getParent() != &Block ||
            llvm::isa<llvm::PHINode>(Reader) ||
            llvm::isa<llvm::SelectInst>(Reader) || Reader->isTerminator()) {
          Droppable = false;
          break;
        }
        if (unsigned At = Position.lookup(Reader); At > LastAt) {
          LastAt = At;
          Last = Reader;
        }
      }
      // LastInterruptBefore[LastAt - 1]: the last interruption at or before
      // the last read; one after the definition stops the drop.
      if (!Droppable || !Last ||
          LastInterruptBefore[LastAt - 1] > Position.lookup(&I))
        continue;
      DroppedAfter[Last].push_back(&I);
    }
  }
}

/// A division check is no branch of the evaluation: every thread goes on
/// past it (a thread that divides by zero too, as on the GPU), never into
/// its trap block. As exits of the function, though, the trap blocks keep
/// the code after them from post-dominating what comes before: in
/// PostDominators the two sides of an `if` one of which divides join only
/// at the function's exit, and the threads of that side would run on alone
/// past the `if`, through its __syncthreads(), the others reaching the same
/// call apart from them. Here the post-dominators are those of the CFG
/// without the edges into the trap blocks (Cooper, Harvey and Kennedy's
/// iterative algorithm on the reverse CFG from a virtual exit).
void FunctionFacts::computeRejoins(const llvm::Function &F) {
  auto Followed = [](const llvm::BasicBlock &From, const llvm::BasicBlock &To) {
    const auto *Branch = llvm::dyn_cast<llvm::BranchInst>(From.getTerminator());
    if (!Branch || Branch->isUnconditional())
      return true;
    bool Check0 = isDivisionCheck(*Branch->getSuccessor(0));
    bool Check1 = isDivisionCheck(*Branch->getSuccessor(1));
    return Check0 == Check1 || !isDivisionCheck(To);
  };
  auto Successors = [&](const llvm::BasicBlock &Block) {
    llvm::SmallVector<const llvm::BasicBlock *, 4> Result;
    for (const llvm::BasicBlock *S : llvm::successors(&Block))
      if (Followed(Block, *S) && !llvm::is_contained(Result, S))
        Result.push_back(S);
    return Result;
  };
  // Postorder of the reverse CFG from the exits; the virtual exit, number
  // Exit, is last.
  std::vector<const llvm::BasicBlock *> Order;
  llvm::DenseMap<const llvm::BasicBlock *, unsigned> Number;
  llvm::SmallPtrSet<const llvm::BasicBlock *, 32> Seen;
  std::vector<std::pair<const llvm::BasicBlock *, llvm::const_pred_iterator>>
      Stack;
  for (const llvm::BasicBlock &Block : F) {
    if (!Successors(Block).empty() || !Seen.insert(&Block).second)
      continue;
    Stack.push_back({&Block, llvm::pred_begin(&Block)});
    while (!Stack.empty()) {
      auto &[Node, Next] = Stack.back();
      if (Next == llvm::pred_end(Node)) {
        Number[Node] = unsigned(Order.size());
        Order.push_back(Node);
        Stack.pop_back();
        continue;
      }
      const llvm::BasicBlock *Pred = *Next++;
      if (Followed(*Pred, *Node) && Seen.insert(Pred).second)
        Stack.push_back({Pred, llvm::pred_begin(Pred)});
    }
  }
  const unsigned Exit = unsigned(Order.size());
  constexpr unsigned None = ~0u;
  // Each block's followed successors by number, Exit for an exit: the
  // iteration below visits them many times.
  std::vector<llvm::SmallVector<unsigned, 2>> Next(Order.size());
  for (unsigned I = 0; I < Exit; ++I) {
    llvm::SmallVector<const llvm::BasicBlock *, 4> Kept = Successors(*Order[I]);
    for (const llvm::BasicBlock *S : Kept)
      if (auto It = Number.find(S); It != Number.end())
        Next[I].push_back(It->second);
    if (Kept.empty())
      Next[I].push_back(Exit);
  }
  std::vector<unsigned> Idom(Order.size() + 1, None);
  Idom[Exit] = Exit;
  auto Intersect = [&](unsigned A, unsigned B) {
    while (A != B) {
      while (A < B)
        A = Idom[A];
      while (B < A)
        B = Idom[B];
    }
    return A;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (unsigned I = Exit; I-- > 0;) {
      unsigned New = None;
      for (unsigned S : Next[I]) {
        if (Idom[S] == None)
          continue;
        New = New == None ? S : Intersect(S, New);
      }
      if (New != None && Idom[I] != New) {
        Idom[I] = New;
        Changed = true;
      }
    }
  }
  for (unsigned I = 0; I < Exit; ++I)
    if (Idom[I] != None)
      Rejoins[Order[I]] = Idom[I] == Exit ? nullptr : Order[Idom[I]];
}

const llvm::BasicBlock *
FunctionFacts::rejoinOf(const llvm::BasicBlock &Block) const {
  auto It = Rejoins.find(&Block);
  if (It != Rejoins.end())
    return It->second;
  const llvm::DomTreeNode *Node = PostDominators.getNode(&Block);
  return Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
}

SymbolSet IrExecution::controlSymbols(const CallFrame &Frame,
                                      const llvm::BasicBlock &Block,
                                      bool Splitting) const {
  SymbolSet Control = Splitting ? Frame.CallerSplitting : Frame.CallerControl;
  const auto &Symbols =
      Splitting ? Frame.SplittingSymbols : Frame.ConditionSymbols;
  auto Deciding = Frame.Facts->DecidedBy.find(&Block);
  if (Deciding != Frame.Facts->DecidedBy.end())
    for (const llvm::BasicBlock *Branch : Deciding->second)
      Control |= Symbols.lookup(Branch);
  return Control;
}

IrExecution::IrExecution(clang::ASTContext &Ctx, const DeviceModule &Module,
                         const clang::FunctionDecl *Kernel,
                         const llvm::Function &F,
                         const EvaluationOptions &Options, SymbolTable &Symbols,
                         ExecutionObserver &Observer)
    : Ctx(Ctx), Module(Module), Kernel(Kernel), KernelFunction(F),
      Layout(F.getParent()->getDataLayout()), Options(Options),
      Symbols(Symbols), Observer(Observer), Sites(Ctx, Module, Kernel),
      Threads(Options.Block.threads()) {
  for (unsigned Dim = 0; Dim < 3; ++Dim)
    ThreadIndex[Dim] = ThreadValue::uniform(Threads, 0);
  for (unsigned T = 0; T < Threads; ++T) {
    ThreadIndex[0].Values[T] = Options.Block.threadX(T);
    ThreadIndex[1].Values[T] = Options.Block.threadY(T);
    ThreadIndex[2].Values[T] = Options.Block.threadZ(T);
  }
  AllThreads = ThreadMask(Threads, true);
  NotComputed = unknown("a value the evaluator did not compute");
}

IrExecution::~IrExecution() = default;

namespace {

/// The FunctionFacts of the functions one kernel reaches, kept with the
/// module: scalar evolution and the loops' closed-form facts cost a proof of
/// a fix about as much as the evaluation it proves. One kernel's at a time
/// (its evaluations follow each other), and per kernel because which memory
/// a pointer reaches depends on the kernel that passed it.
struct AnalysisCache : DeviceModule::EvaluationCache {
  const llvm::Function *Kernel = nullptr;
  std::map<const llvm::Function *, std::unique_ptr<FunctionFacts>> Facts;
};

} // namespace

FunctionFacts &IrExecution::factsOf(const llvm::Function &F) {
  std::unique_ptr<DeviceModule::EvaluationCache> &Slot =
      Module.evaluationCache();
  if (!Slot)
    Slot = std::make_unique<AnalysisCache>();
  auto &Cache = static_cast<AnalysisCache &>(*Slot);
  if (Cache.Kernel != &KernelFunction) {
    Cache.Facts.clear();
    Cache.Kernel = &KernelFunction;
  }
  std::unique_ptr<FunctionFacts> &Entry = Cache.Facts[&F];
  if (!Entry)
    Entry = std::make_unique<FunctionFacts>(const_cast<llvm::Function &>(F));
  return *Entry;
}

ThreadValue IrExecution::symbolValue(const UniformSymbol &Symbol) {
  unsigned Id = Symbols.idOf(Symbol);
  auto Given = Options.SymbolValues.find(Id);
  int64_t Value = Given != Options.SymbolValues.end()
                      ? Given->second
                      : defaultSymbolValue(Symbol);
  ThreadValue V = ThreadValue::uniform(Threads, Value);
  V.Symbols = SymbolSet(1) << Id;
  return V;
}

bool IrExecution::countStep(const ThreadMask &Active) {
  // An instruction costs its dispatch whatever part of the block is active:
  // a single thread looping counts a warp's worth per step, so that a
  // one-thread kernel is not allowed 32 times the instructions of a warp.
  Summary.Steps += std::max<uint64_t>(Active.count(), 32);
  if (Summary.Steps > Options.StepBudget)
    Summary.BudgetExceeded = true;
  ++StepsSinceBudgetCheck;
  // A run its caller would discard stops soon (asking is cheap).
  if (Options.Interrupt && StepsSinceBudgetCheck % 256 == 0 &&
      !Summary.BudgetExceeded && Options.Interrupt()) {
    Summary.BudgetExceeded = true;
    Summary.Interrupted = true;
    Summary.BudgetReason = "an interruption";
  }
  // The time and memory budgets, looked at now and then (a clock read and a
  // heap statistic cost more than a step).
  if (StepsSinceBudgetCheck >= 8192 && !Summary.BudgetExceeded) {
    StepsSinceBudgetCheck = 0;
    if (Options.TimeBudgetSeconds > 0 &&
        std::chrono::steady_clock::now() > Options.Deadline) {
      Summary.BudgetExceeded = true;
      char Seconds[32];
      snprintf(Seconds, sizeof(Seconds), "%g", Options.TimeBudgetSeconds);
      Summary.BudgetReason = std::string("its time budget of ") + Seconds +
                             " s per kernel (--max-kernel-seconds)";
    } else if (Options.MemoryBudgetBytes > 0 &&
               processMemoryBytes() >
                   Options.MemoryAtStart + Options.MemoryBudgetBytes) {
      Summary.BudgetExceeded = true;
      Summary.BudgetReason = "its memory budget of " +
                             std::to_string(Options.MemoryBudgetBytes >> 20) +
                             " MiB per kernel (--max-kernel-memory)";
    }
  }
  return !Summary.BudgetExceeded;
}

void IrExecution::unsupported(const llvm::Instruction &I,
                              const std::string &What, Loss Lost) {
  std::string Message = What;
  if (const llvm::DILocation *Where = I.getDebugLoc().get()) {
    // The user's line: the outermost inlined-at location.
    while (Where->getInlinedAt())
      Where = Where->getInlinedAt();
    Message += " at line " + std::to_string(Where->getLine());
  }
  if (Lost == Loss::Accesses)
    Message += "; its accesses are missing from the analysis";
  recordUnsupported(Message, Lost);
}

void IrExecution::recordUnsupported(const std::string &Message, Loss Lost) {
  if (!llvm::is_contained(Summary.Unsupported, Message))
    Summary.Unsupported.push_back(Message);
  if (Lost != Loss::Values &&
      llvm::none_of(Summary.Incomplete, [&](const EvaluationGap &Gap) {
        return Gap.What == Message;
      }))
    Summary.Incomplete.push_back({Message, Lost == Loss::WhatFollows});
}

void IrExecution::reachedUnreachable(const llvm::BasicBlock &Block,
                                     const ThreadMask &Stopped) {
  const llvm::CallBase *Trap = trapCall(Block);
  // __trap(), assert(): the threads stop, as they do on the GPU.
  if (Trap && Trap->getIntrinsicID() != llvm::Intrinsic::ubsantrap)
    return;
  unsigned Line = sourceLine(*Block.getTerminator());
  std::string Where = Line ? " at line " + std::to_string(Line) : "";
  bool One = Stopped.count() == 1 || Stopped.count() == Threads;
  std::string Who = Stopped.count() == Threads ? std::string("every thread")
                    : One ? "thread " + std::to_string(Stopped.find_first())
                          : std::to_string(Stopped.count()) + " threads";
  std::string Message =
      Trap ? Who + (One ? " divides" : " divide") + " by zero" + Where +
                 ": the compiler drops the code after an integer division "
                 "by zero, as nvcc may"
           : "the compiled code reaches 'unreachable'" + Where + " for " + Who +
                 ": the compiler found undefined behaviour on the path (a "
                 "signed overflow, INT_MIN / -1, an index past a local array, "
                 "a function that does not return its value) and dropped the "
                 "code after it, as nvcc may";
  recordUnsupported(Message, Loss::WhatFollows);
}

std::optional<llvm::APInt>
IrExecution::evolutionValue(const llvm::SCEV *S, CallFrame &Frame,
                            unsigned Thread, const ThreadMask &Entering) {
  llvm::ScalarEvolution &SE = Frame.Facts->Evolution;
  unsigned Bits = SE.getTypeSizeInBits(S->getType());
  if (const auto *C = llvm::dyn_cast<llvm::SCEVConstant>(S))
    return C->getAPInt();
  if (const auto *U = llvm::dyn_cast<llvm::SCEVUnknown>(S)) {
    const llvm::Value *V = U->getValue();
    if (!V->getType()->isIntegerTy())
      return std::nullopt;
    const ThreadValue &Value = valueOf(V, Frame, Entering);
    if (Thread >= Value.Known.size() || !Value.Known[Thread])
      return std::nullopt;
    return llvm::APInt(64, uint64_t(Value.Values[Thread]), /*isSigned=*/true)
        .sextOrTrunc(Bits);
  }
  if (const auto *Cast = llvm::dyn_cast<llvm::SCEVCastExpr>(S)) {
    std::optional<llvm::APInt> Inner =
        evolutionValue(Cast->getOperand(0), Frame, Thread, Entering);
    if (!Inner)
      return std::nullopt;
    switch (S->getSCEVType()) {
    case llvm::scTruncate:
      return Inner->trunc(Bits);
    case llvm::scZeroExtend:
      return Inner->zext(Bits);
    case llvm::scSignExtend:
      return Inner->sext(Bits);
    default:
      return std::nullopt;
    }
  }
  if (const auto *Division = llvm::dyn_cast<llvm::SCEVUDivExpr>(S)) {
    auto L = evolutionValue(Division->getLHS(), Frame, Thread, Entering);
    auto R = evolutionValue(Division->getRHS(), Frame, Thread, Entering);
    if (!L || !R || R->isZero())
      return std::nullopt;
    return L->udiv(*R);
  }
  if (const auto *Recurrence = llvm::dyn_cast<llvm::SCEVAddRecExpr>(S)) {
    // {start,+,step} of an enclosing loop, at its current iteration.
    auto Iteration = Frame.Iterations.find(Recurrence->getLoop());
    if (!Recurrence->isAffine() || Iteration == Frame.Iterations.end())
      return std::nullopt;
    auto Start =
        evolutionValue(Recurrence->getStart(), Frame, Thread, Entering);
    auto Step = evolutionValue(Recurrence->getStepRecurrence(SE), Frame, Thread,
                               Entering);
    if (!Start || !Step)
      return std::nullopt;
    return *Start + *Step * llvm::APInt(Bits, Iteration->second);
  }
  const auto *Nary = llvm::dyn_cast<llvm::SCEVNAryExpr>(S);
  if (!Nary || Nary->getNumOperands() == 0)
    return std::nullopt;
  std::optional<llvm::APInt> Result;
  for (const llvm::SCEV *Operand : Nary->operands()) {
    std::optional<llvm::APInt> V =
        evolutionValue(Operand, Frame, Thread, Entering);
    if (!V)
      return std::nullopt;
    if (!Result) {
      Result = *V;
      continue;
    }
    switch (S->getSCEVType()) {
    case llvm::scAddExpr:
      *Result += *V;
      break;
    case llvm::scMulExpr:
      *Result *= *V;
      break;
    case llvm::scSMaxExpr:
      *Result = llvm::APIntOps::smax(*Result, *V);
      break;
    case llvm::scUMaxExpr:
      *Result = llvm::APIntOps::umax(*Result, *V);
      break;
    case llvm::scSMinExpr:
      *Result = llvm::APIntOps::smin(*Result, *V);
      break;
    case llvm::scUMinExpr:
    case llvm::scSequentialUMinExpr:
      *Result = llvm::APIntOps::umin(*Result, *V);
      break;
    default:
      return std::nullopt;
    }
  }
  return Result;
}

const llvm::BasicBlock *definedExitingBlock(const llvm::Loop &L) {
  if (const llvm::BasicBlock *Exiting = L.getExitingBlock())
    return Exiting;
  const llvm::BasicBlock *Found = nullptr;
  for (const llvm::BasicBlock *Block : L.blocks())
    for (const llvm::BasicBlock *Successor : llvm::successors(Block)) {
      if (L.contains(Successor) ||
          llvm::isa<llvm::UnreachableInst>(
              Successor->getFirstNonPHIOrDbgOrLifetime()))
        continue;
      if (Found && Found != Block)
        return nullptr;
      Found = Block;
    }
  return Found;
}

std::optional<ExitTest> exitTest(const llvm::Loop &L,
                                 llvm::ScalarEvolution &SE) {
  const llvm::BasicBlock *Exiting = definedExitingBlock(L);
  const auto *Branch =
      Exiting ? llvm::dyn_cast<llvm::BranchInst>(Exiting->getTerminator())
              : nullptr;
  if (!Branch || !Branch->isConditional())
    return std::nullopt;
  const auto *Compare = llvm::dyn_cast<llvm::ICmpInst>(Branch->getCondition());
  if (!Compare || !SE.isSCEVable(Compare->getOperand(0)->getType()))
    return std::nullopt;
  ExitTest Test;
  Test.Stay = L.contains(Branch->getSuccessor(0))
                  ? Compare->getPredicate()
                  : Compare->getInversePredicate();
  const llvm::SCEV *Left = SE.getSCEV(Compare->getOperand(0));
  const llvm::SCEV *Right = SE.getSCEV(Compare->getOperand(1));
  if (SE.isLoopInvariant(Left, &L)) {
    std::swap(Left, Right);
    Test.Stay = llvm::ICmpInst::getSwappedPredicate(Test.Stay);
  }
  Test.Value = llvm::dyn_cast<llvm::SCEVAddRecExpr>(Left);
  Test.Bound = Right;
  if (!Test.Value || Test.Value->getLoop() != &L || !Test.Value->isAffine() ||
      !SE.isLoopInvariant(Right, &L))
    return std::nullopt;
  return Test;
}

std::optional<uint64_t> IrExecution::threadTrips(const llvm::Loop &L,
                                                 CallFrame &Frame,
                                                 unsigned Thread,
                                                 const ThreadMask &Entering) {
  llvm::ScalarEvolution &SE = Frame.Facts->Evolution;
  const llvm::SCEV *Backedges = SE.getBackedgeTakenCount(&L);
  if (!llvm::isa<llvm::SCEVCouldNotCompute>(Backedges)) {
    std::optional<llvm::APInt> Count =
        evolutionValue(Backedges, Frame, Thread, Entering);
    if (!Count)
      return std::nullopt;
    return Count->getActiveBits() > 63 ? UINT64_MAX : Count->getZExtValue() + 1;
  }
  // Scalar evolution could not count it (a runtime stride it cannot prove
  // free of overflow): the exit test, solved with the thread's values.
  std::optional<ExitTest> Test = exitTest(L, SE);
  if (!Test)
    return std::nullopt;
  std::optional<llvm::APInt> Start =
      evolutionValue(Test->Value->getStart(), Frame, Thread, Entering);
  std::optional<llvm::APInt> Step = evolutionValue(
      Test->Value->getStepRecurrence(SE), Frame, Thread, Entering);
  std::optional<llvm::APInt> Bound =
      evolutionValue(Test->Bound, Frame, Thread, Entering);
  if (!Start || !Step || !Bound)
    return std::nullopt;
  bool Signed = llvm::ICmpInst::isSigned(Test->Stay);
  unsigned Bits = Start->getBitWidth();
  auto Wide = [&](const llvm::APInt &V) {
    return Signed ? V.sext(128) : V.zext(128);
  };
  llvm::APInt A = Wide(*Start), B = Wide(Bound->sextOrTrunc(Bits));
  llvm::APInt S = Step->sextOrTrunc(Bits).sext(128);
  llvm::APInt Zero(128, 0);
  // The first iteration k whose value leaves the loop.
  std::optional<llvm::APInt> Leaves;
  switch (llvm::ICmpInst::getNonStrictPredicate(
      llvm::ICmpInst::getSignedPredicate(Test->Stay))) {
  case llvm::ICmpInst::ICMP_SLE: {
    // Stays while value < bound (strict) or <= bound.
    bool Strict = llvm::ICmpInst::isStrictPredicate(Test->Stay);
    llvm::APInt Last = Strict ? B - 1 : B;
    if (A.sgt(Last))
      Leaves = Zero;
    else if (S.sgt(Zero))
      Leaves = (Last - A).sdiv(S) + 1;
    break;
  }
  case llvm::ICmpInst::ICMP_SGE: {
    bool Strict = llvm::ICmpInst::isStrictPredicate(Test->Stay);
    llvm::APInt Last = Strict ? B + 1 : B;
    if (A.slt(Last))
      Leaves = Zero;
    else if (S.slt(Zero))
      Leaves = (A - Last).sdiv(-S) + 1;
    break;
  }
  case llvm::ICmpInst::ICMP_NE:
    if (A == B)
      Leaves = Zero;
    else if (!S.isZero() && (B - A).srem(S).isZero() &&
             (B - A).sdiv(S).sgt(Zero))
      Leaves = (B - A).sdiv(S);
    break;
  case llvm::ICmpInst::ICMP_EQ:
    Leaves = A == B && !S.isZero() ? llvm::APInt(128, 1) : Zero;
    break;
  default:
    break;
  }
  if (!Leaves || Leaves->getActiveBits() > 40)
    return std::nullopt;
  // The value the last test sees must not have wrapped around its type.
  llvm::APInt Last = A + S * *Leaves;
  if (Wide(Last.trunc(Bits)) != Last)
    return std::nullopt;
  return Leaves->getZExtValue() + 1;
}

namespace {

/// The expressions threadTrips computes \p L's trips from: the backedge
/// count, or the exit test's recurrence and bound; none when neither exists.
llvm::SmallVector<const llvm::SCEV *, 3>
tripExpressions(const llvm::Loop &L, llvm::ScalarEvolution &SE) {
  llvm::SmallVector<const llvm::SCEV *, 3> Counted;
  const llvm::SCEV *Backedges = SE.getBackedgeTakenCount(&L);
  if (!llvm::isa<llvm::SCEVCouldNotCompute>(Backedges)) {
    Counted.push_back(Backedges);
  } else if (std::optional<ExitTest> Test = exitTest(L, SE)) {
    Counted.push_back(Test->Value);
    Counted.push_back(Test->Bound);
  }
  return Counted;
}

/// Walks \p Counted (tripExpressions) through what threadTrips reads:
/// \p Leaf(V) for each integer value scalar evolution left opaque (its
/// register, per thread: evolutionValue), until it returns false;
/// \p Recurrence(L) for each recurrence (L's iteration in the frame).
template <typename LeafT, typename RecurrenceT>
void visitTripLeaves(llvm::ArrayRef<const llvm::SCEV *> Counted, LeafT Leaf,
                     RecurrenceT Recurrence) {
  struct Visitor {
    LeafT &Leaf;
    RecurrenceT &Recurrence;
    bool Done = false;
    bool follow(const llvm::SCEV *S) {
      if (const auto *R = llvm::dyn_cast<llvm::SCEVAddRecExpr>(S))
        Recurrence(*R->getLoop());
      else if (const auto *U = llvm::dyn_cast<llvm::SCEVUnknown>(S);
               U && U->getType()->isIntegerTy())
        Done = !Leaf(*U->getValue());
      return !Done;
    }
    bool isDone() const { return Done; }
  };
  Visitor Walk{Leaf, Recurrence};
  for (const llvm::SCEV *S : Counted)
    if (!Walk.Done)
      llvm::visitAll(S, Walk);
}

} // namespace

bool IrExecution::tripsAgree(const llvm::Loop &L, CallFrame &Frame,
                             const ThreadMask &Entering) {
  llvm::SmallVector<const llvm::SCEV *, 3> Counted =
      tripExpressions(L, Frame.Facts->Evolution);
  if (Counted.empty())
    return true; // No thread's trips can be counted.
  // The recurrences of enclosing loops are at one iteration in the frame;
  // what can differ between threads is the values the expressions read.
  unsigned First = unsigned(Entering.find_first());
  bool Agree = true;
  visitTripLeaves(
      Counted,
      [&](const llvm::Value &Leaf) {
        const ThreadValue &Value = valueOf(&Leaf, Frame, Entering);
        auto KnownFor = [&](unsigned T) {
          return T < Value.Known.size() && Value.Known[T];
        };
        for (unsigned T : Entering.set_bits())
          if (KnownFor(T) != KnownFor(First) ||
              (KnownFor(T) && Value.Values[T] != Value.Values[First]))
            return Agree = false;
        return true;
      },
      [](const llvm::Loop &) {});
  return Agree;
}

std::optional<uint64_t> IrExecution::tripCount(const llvm::Loop &L,
                                               CallFrame &Frame,
                                               const ThreadMask &Entering) {
  if (Entering.none())
    return std::nullopt;
  if (tripsAgree(L, Frame, Entering))
    return threadTrips(L, Frame, Entering.find_first(), Entering);
  // Counted per thread (a loop from `tid` stepped by the block): an inner
  // loop entered again in each iteration of an outer one usually reads the
  // same values each time, and each thread's count costs an evaluation of
  // the expressions in wide integers.
  TripInputs Inputs = tripInputs(L, Frame, Entering);
  auto Known = TripMemos.find(&L);
  if (Known != TripMemos.end() && Known->second.first == Inputs)
    return Known->second.second;
  std::optional<uint64_t> Most;
  for (unsigned T : Entering.set_bits()) {
    std::optional<uint64_t> Trips = threadTrips(L, Frame, T, Entering);
    if (!Trips) {
      Most.reset();
      break;
    }
    Most = std::max(Most.value_or(0), *Trips);
  }
  TripMemos[&L] = {std::move(Inputs), Most};
  return Most;
}

IrExecution::TripInputs IrExecution::tripInputs(const llvm::Loop &L,
                                                CallFrame &Frame,
                                                const ThreadMask &Entering) {
  TripInputs Inputs;
  Inputs.Entering = Entering;
  visitTripLeaves(
      tripExpressions(L, Frame.Facts->Evolution),
      [&](const llvm::Value &Leaf) {
        const ThreadValue &Value = valueOf(&Leaf, Frame, Entering);
        Inputs.Values.emplace_back(Value.Values.begin(), Value.Values.end());
        Inputs.Known.push_back(Value.Known);
        return true;
      },
      [&](const llvm::Loop &Outer) {
        auto Iteration = Frame.Iterations.find(&Outer);
        Inputs.Iterations.push_back(Iteration == Frame.Iterations.end()
                                        ? -1
                                        : int64_t(Iteration->second));
      });
  return Inputs;
}

uint64_t IrExecution::enumerationBound() const {
  // Asking for more iterations of one loop asks for larger nests too.
  return Options.EnumerationBound *
         std::max<uint64_t>(1, Options.LoopIterationLimit /
                                   DefaultLoopIterationLimit);
}

void IrExecution::projectLoopNest(CallFrame &Frame, const llvm::Loop &L,
                                  uint64_t IterationSteps, uint64_t Trigger,
                                  const std::string &Why, bool Alone,
                                  uint64_t WholeUpTo) {
  uint64_t Bound = enumerationBound();
  // The nest, outermost first; a loop whose trips cannot be counted is left
  // to the per-loop limit.
  std::vector<const llvm::Loop *> Nest;
  for (const llvm::Loop *Level = &L; Level;
       Level = Alone ? nullptr : Level->getParentLoop())
    Nest.insert(Nest.begin(), Level);
  // With the caps set already (what the loops will run), and without them
  // (what the message states).
  double Projected = double(std::max<uint64_t>(1, IterationSteps));
  double Whole = Projected;
  std::vector<uint64_t> Trips;
  for (const llvm::Loop *Level : Nest) {
    uint64_t Runs = std::max<uint64_t>(1, Frame.Trips.lookup(Level));
    Whole *= double(Runs);
    if (auto Cap = Frame.NestCaps.find(Level); Cap != Frame.NestCaps.end())
      Runs = std::min<uint64_t>(Runs, std::max(1u, Cap->second));
    Trips.push_back(Runs);
    Projected *= double(Runs);
  }
  if (Projected <= double(Trigger))
    return;
  if (Whole <= double(WholeUpTo)) {
    for (size_t Level = 0; Level < Nest.size(); ++Level)
      if (Trips[Level] > 1 && !Frame.NestCaps.count(Nest[Level]))
        Frame.NestCaps[Nest[Level]] = unsigned(std::min<uint64_t>(
            Trips[Level], std::numeric_limits<unsigned>::max()));
    return;
  }
  // The iterations the bound allows in all, shared evenly between the
  // levels, what is left over going to the innermost ones.
  double Allowed = std::max(
      1.0, double(Bound) / double(std::max<uint64_t>(1, IterationSteps)));
  unsigned Levels = llvm::count_if(Trips, [](uint64_t T) { return T > 1; });
  uint64_t Even = uint64_t(std::pow(Allowed, 1.0 / std::max(1u, Levels)));
  std::vector<uint64_t> Caps(Trips.size(), UINT_MAX);
  for (size_t Level = 0; Level < Trips.size(); ++Level)
    if (Trips[Level] > 1)
      Caps[Level] = std::clamp<uint64_t>(Even, 1, Trips[Level]);
  for (size_t Level = Trips.size(); Level-- > 0;) {
    if (Trips[Level] <= 1)
      continue;
    double Others = 1;
    for (size_t M = 0; M < Trips.size(); ++M)
      if (M != Level && Trips[M] > 1)
        Others *= double(Caps[M]);
    uint64_t Room = uint64_t(Allowed / Others);
    Caps[Level] =
        std::clamp<uint64_t>(std::max(Room, Caps[Level]), 1, Trips[Level]);
  }
  for (size_t Level = 0; Level < Nest.size(); ++Level)
    if (Trips[Level] > 1)
      Frame.NestCaps[Nest[Level]] = unsigned(std::min<uint64_t>(
          Caps[Level], std::numeric_limits<unsigned>::max()));
  Frame.NestCapReason = " (loop nest sampled: " + roughly(uint64_t(Whole)) +
                        " thread-steps" + Why + ", bound " +
                        std::to_string(Bound) + ")";
}

void IrExecution::reportNonUniformBranch(
    const llvm::Instruction &Branch, llvm::ArrayRef<const ThreadMask *> Ways,
    const ThreadMask &Unknown) {
  BranchEvent Event{Sites.where(Branch), Unknown.any(), Unknown.any()};
  for (unsigned First = 0; First < Threads && !Event.SplitsAWarp;
       First += Options.WarpSize) {
    unsigned End = std::min(Threads, First + Options.WarpSize);
    unsigned WaysTaken = 0;
    for (const ThreadMask *Way : Ways)
      WaysTaken += Way->find_first_in(First, End) >= 0;
    Event.SplitsAWarp = WaysTaken > 1;
  }
  Observer.onNonUniformBranch(Event);
}

namespace {

/// Whether an iteration of \p L may change an mbarrier's state: an arrive,
/// a transaction count, a copy that completes on one, an init or an inval
/// (inline PTX or an intrinsic naming them), or a call into code the loop
/// does not show. A loop of plain arithmetic and accesses (a grid-stride
/// sum whose bound reads %nctaid through inline PTX) leaves every phase as
/// it was.
bool mayUpdateMbarriers(const llvm::Loop &L) {
  for (const llvm::BasicBlock *Block : L.blocks())
    for (const llvm::Instruction &I : *Block) {
      const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
      if (!Call)
        continue;
      // What the instruction names: the PTX of inline assembly, an
      // intrinsic's name.
      llvm::StringRef Text;
      if (const auto *Asm =
              llvm::dyn_cast<llvm::InlineAsm>(Call->getCalledOperand())) {
        Text = Asm->getAsmString();
      } else {
        const llvm::Function *Callee = Call->getCalledFunction();
        // A body the evaluation runs as a call may arrive; a declaration
        // without one is a math function.
        if (!Callee || (!Callee->isIntrinsic() && !Callee->isDeclaration()))
          return true;
        Text = Callee->getName();
      }
      if (Text.contains("mbarrier") || Text.contains("cp.async"))
        return true;
    }
  return false;
}

} // namespace

void IrExecution::loopSampled(const llvm::Loop &L, const std::string &Why) {
  if (mayUpdateMbarriers(L))
    forgetMbarriers(
        "the loop at line " +
        std::to_string(Sites.nearbyLine(*L.getHeader()->getTerminator())) +
        " was evaluated in part (" + Why +
        "), so the arrivals in the iterations it skipped are not known");
  const clang::Stmt *Loop = Sites.loopStatement(L);
  if (!Loop) {
    // A loop the compiler made (of a recursion): no source loop to mark
    // sampled, so the kernel's analysis says it, once.
    if (CompilerLoopsSampled.insert(&L).second)
      unsupported(*L.getHeader()->getTerminator(),
                  "a loop the compiler made (of a recursion) was evaluated "
                  "in part (" +
                      Why + ")",
                  Loss::WhatFollows);
    return;
  }
  if (!SampledLoops.insert(Loop).second)
    return;
  const clang::SourceManager &SM = Ctx.getSourceManager();
  Observer.onLoopSampled(
      Loop, std::string(llvm::isa<clang::CallExpr>(Loop) ? "the recursion"
                                                         : "the loop") +
                " at line " +
                std::to_string(SM.getExpansionLineNumber(Loop->getBeginLoc())) +
                ": " + Why);
}

void IrExecution::enclosingLoops(std::vector<const clang::Stmt *> &Loops,
                                 std::vector<unsigned> &Iterations) {
  Loops.clear();
  Iterations.clear();
  for (CallFrame *Frame : Frames) {
    if (!Frame->Current)
      continue;
    std::vector<const llvm::Loop *> Chain;
    for (const llvm::Loop *L = Frame->Facts->Loops.getLoopFor(Frame->Current);
         L; L = L->getParentLoop())
      Chain.push_back(L);
    for (auto It = Chain.rbegin(); It != Chain.rend(); ++It)
      if (const clang::Stmt *Loop = Sites.loopStatement(**It)) {
        Loops.push_back(Loop);
        Iterations.push_back(Frame->Iterations.lookup(*It));
      }
  }
}

uint64_t IrExecution::currentWeight() const {
  uint64_t Weight = 1;
  for (const CallFrame *Frame : Frames) {
    if (!Frame->Current || Frame->Weights.empty())
      continue;
    for (const llvm::Loop *L = Frame->Facts->Loops.getLoopFor(Frame->Current);
         L; L = L->getParentLoop()) {
      auto Counted = Frame->Weights.find(L);
      if (Counted != Frame->Weights.end() &&
          Frame->Iterations.lookup(L) < Counted->second.first)
        Weight = Weight * Counted->second.second;
    }
  }
  return Weight;
}

void IrExecution::takeEdge(CallFrame &Frame, const llvm::BasicBlock &From,
                           const llvm::BasicBlock &To,
                           const ThreadMask &Threads,
                           const ThreadMask &Ambiguous) {
  if (const llvm::Loop *L = Frame.Facts->Loops.getLoopFor(&To);
      L && L->getHeader() == &To) {
    if (L->contains(&From)) {
      ++Frame.Iterations[L];
      if (Frame.BarriersAtIterationStart.lookup(L) == BlockBarriers)
        Frame.IterationWithoutBarrier.insert(L);
    } else {
      Frame.Iterations[L] = 0;
      Frame.IterationWithoutBarrier.erase(L);
      Frame.RunningToEnd.erase(L);
      Frame.PendingSkips.erase(L);
      Frame.Weights.erase(L);
      // A new nest: its projection is made again.
      if (!L->getParentLoop()) {
        Frame.NestCaps.clear();
        Frame.NestCapReason.clear();
        Frame.NestProjected = false;
      }
      // A loop nothing observes is stepped over whole: no trips needed.
      std::optional<uint64_t> Trips;
      if (Options.InsertedBarrier || !unobservableLoop(*L, *Frame.Facts))
        Trips = tripCount(*L, Frame, Threads);
      if (Trips)
        Frame.Trips[L] = *Trips;
      else
        Frame.Trips.erase(L);
    }
    Frame.IterationStart[L] = Summary.Steps;
    Frame.BarriersAtIterationStart[L] = BlockBarriers;
  }
  // Phis read their incoming values before any of them is assigned.
  std::vector<std::pair<const llvm::PHINode *, ThreadValue>> Assigned;
  for (const llvm::PHINode &Phi : To.phis()) {
    int Incoming = Phi.getBasicBlockIndex(&From);
    if (Incoming < 0)
      continue;
    ThreadValue V = valueOf(Phi.getIncomingValue(Incoming), Frame, Threads);
    if (Phi.getType()->isPointerTy()) {
      std::vector<unsigned> &Edges = Frame.PointerEdges[&Phi];
      Edges.resize(this->Threads);
      for (unsigned T : Threads.set_bits())
        Edges[T] = unsigned(Incoming);
    }
    if (Ambiguous.anyCommon(Threads)) {
      ThreadMask Both = Ambiguous;
      Both &= Threads;
      V.forget(Both, "a value assigned under a data-dependent branch");
    }
    Assigned.emplace_back(&Phi, std::move(V));
  }
  for (auto &[Phi, V] : Assigned) {
    auto Slot = Frame.Registers.find(Phi);
    if (Slot == Frame.Registers.end())
      Frame.Registers.try_emplace(Phi, std::move(V));
    else
      Slot->second.assign(V, Threads);
    // A phi of indexing paths keeps none: the sides may index differently.
    Frame.Paths.erase(Phi);
  }
  if (const llvm::Loop *L = Frame.Facts->Loops.getLoopFor(&To);
      L && L->getHeader() == &To) {
    recordFrozenPhis(Frame, *L, !L->contains(&From));
    // A back edge past which the middle iterations are computed, not run.
    auto Skip = Frame.PendingSkips.find(L);
    if (L->contains(&From) && Skip != Frame.PendingSkips.end()) {
      ClosedFormDecision Decision = std::move(Skip->second);
      Frame.PendingSkips.erase(Skip);
      fastForward(Frame, *L, Threads, Decision);
    }
  }
}

namespace {

/// One path of the reconvergence stack.
struct Path {
  const llvm::BasicBlock *Block = nullptr;
  ThreadMask Active;
  /// Where the path rejoins the one below it; null: the function's exit.
  const llvm::BasicBlock *Rejoin = nullptr;
  /// Threads running this path only because their branch condition was
  /// unknown.
  ThreadMask Ambiguous;
  std::vector<std::string> Assumptions;
  /// The loop whose latch is Rejoin, for a divergence inside the loop whose
  /// post-dominator lies beyond it (a loop with a break): threads that
  /// leave the loop wait at its exit until the others are done with it.
  const llvm::Loop *Within = nullptr;
  /// Where in Block the path goes on: after this barrier, which it waited
  /// at while a sibling path ran (null: from the block's start).
  const llvm::Instruction *ResumeAfter = nullptr;
};

/// A plain __syncthreads(): block barrier 0 with every thread counted.
bool isSyncthreads(const llvm::Instruction &I) {
  const auto *Call = llvm::dyn_cast<llvm::CallInst>(&I);
  const llvm::Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  return Callee && Callee->getName() == "llvm.nvvm.barrier0";
}

/// Whether \p P may call __syncthreads() before it rejoins the path below
/// it: only then is there something for a barrier of another path to wait
/// for.
bool mayReachSyncthreads(const Path &P) {
  llvm::SmallPtrSet<const llvm::BasicBlock *, 16> Seen;
  llvm::SmallVector<const llvm::BasicBlock *, 16> Work{P.Block};
  while (!Work.empty()) {
    const llvm::BasicBlock *Block = Work.pop_back_val();
    if (!Block || Block == P.Rejoin || !Seen.insert(Block).second)
      continue;
    if (llvm::any_of(*Block, isSyncthreads))
      return true;
    llvm::append_range(Work, llvm::successors(Block));
  }
  return false;
}

/// The user's line of \p Branch itself; 0 when it has none.
unsigned branchLine(const llvm::Instruction &Branch) {
  const llvm::DILocation *L = Branch.getDebugLoc().get();
  while (L && L->getInlinedAt())
    L = L->getInlinedAt();
  return L ? L->getLine() : 0;
}

/// The aggregate or vector whose member \p I extracts; null for anything
/// else.
const llvm::Value *wholeOfMember(const llvm::Instruction &I) {
  if (const auto *Member = llvm::dyn_cast<llvm::ExtractValueInst>(&I))
    return Member->getAggregateOperand();
  if (const auto *Element = llvm::dyn_cast<llvm::ExtractElementInst>(&I))
    return Element->getVectorOperand();
  return nullptr;
}

/// What the evaluation does for threads whose branch condition is unknown.
constexpr llvm::StringLiteral BothBranches =
    "both branches were evaluated for those threads";

/// A block that only returns (after its phis): threads that branch to it
/// have left the function, as the source's `return` said, even when the
/// optimizer shares one return block between every path.
bool onlyReturns(const llvm::BasicBlock &Block) {
  for (const llvm::Instruction &I : Block) {
    if (llvm::isa<llvm::PHINode>(I) || llvm::isa<llvm::DbgInfoIntrinsic>(I))
      continue;
    return llvm::isa<llvm::ReturnInst>(I);
  }
  return false;
}

} // namespace

std::string conditionAssumption(unsigned Line, const ThreadValue &Condition,
                                llvm::StringRef Then) {
  return "the condition" +
         (Line ? " at line " + std::to_string(Line) : std::string()) +
         " depends on " +
         (Condition.UnknownReason.empty() ? std::string("data")
                                          : Condition.UnknownReason) +
         "; " + Then.str();
}

void IrExecution::runFunction(CallFrame &Frame, const ThreadMask &Entry) {
  std::vector<Path> Paths;
  Paths.push_back(
      {&Frame.Function->getEntryBlock(), Entry, nullptr, none(), Assumptions});
  std::vector<std::string> Outer = Assumptions;
  // Threads that broke out of a loop, by loop: where they wait, with whom.
  llvm::DenseMap<const llvm::Loop *, std::vector<Path>> Parked;
  ThreadMask ParkedThreads = none();
  // When the last threads of loop L leave it for Exit (a path that is not
  // itself inside L), those that broke out earlier go on with them.
  // They run before the path that leaves (the top one), which stays on top.
  auto Unpark = [&](const llvm::Loop *L, const llvm::BasicBlock *Exit,
                    ThreadMask &Mask) {
    auto Waiting = Parked.find(L);
    if (Waiting == Parked.end())
      return;
    std::vector<Path> Resumed = std::move(Waiting->second);
    Parked.erase(Waiting);
    Path Leaving = std::move(Paths.back());
    Paths.pop_back();
    for (Path &P : Resumed) {
      ParkedThreads.reset(P.Active);
      if (P.Block == Exit) {
        Mask |= P.Active;
        continue;
      }
      P.Rejoin = Leaving.Rejoin;
      P.Within = Leaving.Within;
      Paths.push_back(std::move(P));
    }
    Paths.push_back(std::move(Leaving));
  };
  // Paths waiting at a __syncthreads() for the threads of the paths that
  // run after them (the other side of the branch). The GPU completes barrier
  // 0 once every thread of the block waits at one, whichever call it waits
  // at, so the two sides of a thread-dependent branch that each call
  // __syncthreads() pass one barrier together, as a producer and a consumer
  // half of a block rely on. Only in the kernel's own frame.
  std::vector<Path> AtBarrier;
  auto WaitingThreads = [&] {
    ThreadMask Waiting = none();
    for (const Path &P : AtBarrier)
      Waiting |= P.Active;
    return Waiting;
  };
  // Paths released by the path that arrived last, to go on at Paths index
  // ReleasedAt once that path has run this block (below it and whatever it
  // becomes; the first to wait runs first).
  std::vector<Path> Released;
  size_t ReleasedAt = 0;
  // One barrier for the waiting paths and \p Last (a call and its threads,
  // when a path arrives).
  auto ReleaseWaiting = [&](const llvm::Instruction *Last,
                            const ThreadMask *LastThreads) {
    std::vector<std::pair<const llvm::Instruction *, ThreadMask>> Waits;
    for (const Path &Waiting : AtBarrier)
      Waits.push_back({Waiting.ResumeAfter, Waiting.Active});
    if (Last)
      Waits.push_back({Last, *LastThreads});
    pairedBarrier(Waits);
    Released.assign(std::make_move_iterator(AtBarrier.rbegin()),
                    std::make_move_iterator(AtBarrier.rend()));
    ReleasedAt = Last ? Paths.size() - 1 : Paths.size();
    AtBarrier.clear();
  };
  while (!Paths.empty() || !Parked.empty() || !AtBarrier.empty() ||
         !Released.empty()) {
    if (!Released.empty()) {
      Paths.insert(Paths.begin() + std::min(ReleasedAt, Paths.size()),
                   std::make_move_iterator(Released.begin()),
                   std::make_move_iterator(Released.end()));
      Released.clear();
    }
    if (outOfBudget())
      break;
    // No sibling reached a barrier before the threads waiting at one are
    // needed again: theirs was a barrier of their own.
    if (!AtBarrier.empty() &&
        (Paths.empty() || Paths.back().Active.anyCommon(WaitingThreads()))) {
      ReleaseWaiting(nullptr, nullptr);
      continue;
    }
    // Threads still waiting when nothing else runs (the others returned
    // inside the loop) go on from where they wait.
    if (Paths.empty()) {
      for (auto &[L, Waiting] : Parked)
        for (Path &P : Waiting) {
          P.Rejoin = nullptr;
          P.Within = nullptr;
          Paths.push_back(std::move(P));
        }
      Parked.clear();
      ParkedThreads = none();
      continue;
    }
    Path &Top = Paths.back();
    Top.Active.reset(Frame.Returned);
    Top.Active.reset(ParkedThreads);
    if (!Top.Block || Top.Block == Top.Rejoin || Top.Active.none()) {
      Paths.pop_back();
      continue;
    }
    if (Top.Within && !Top.Within->contains(Top.Block)) {
      Path Waiting = Top;
      Paths.pop_back();
      // Threads also on another side (an unknown condition) stay in the
      // loop too.
      ThreadMask Sure = Waiting.Active;
      Sure.reset(Waiting.Ambiguous);
      ParkedThreads |= Sure;
      Parked[Waiting.Within].push_back(std::move(Waiting));
      continue;
    }
    // A loop entered whose work nothing observes: its threads go on from
    // its exit (the exit's phis take what the loop's exiting edge gives,
    // values from before the loop).
    if (const llvm::Loop *L = Frame.Facts->Loops.getLoopFor(Top.Block);
        L && L->getHeader() == Top.Block && !Frame.Iterations.lookup(L) &&
        !Options.InsertedBarrier && unobservableLoop(*L, *Frame.Facts)) {
      Assumptions = Top.Assumptions;
      takeEdge(Frame, *L->getExitingBlock(), *L->getExitBlock(), Top.Active,
               Top.Ambiguous);
      Top.Block = L->getExitBlock();
      continue;
    }
    const llvm::BasicBlock &Block = *Top.Block;
    Frame.Current = &Block;
    Assumptions = Top.Assumptions;
    ThreadMask Active = Top.Active;
    const llvm::Instruction *Skip = Top.ResumeAfter;
    Top.ResumeAfter = nullptr;
    bool Waits = false;
    for (const llvm::Instruction &I : Block) {
      if (Skip) {
        Skip = &I == Skip ? nullptr : Skip;
        continue;
      }
      if (llvm::isa<llvm::PHINode>(I) || I.isTerminator())
        continue;
      if (!countStep(Active))
        break;
      if (Frames.size() == 1 && isSyncthreads(I)) {
        ThreadMask Arrived = WaitingThreads();
        Arrived |= Active;
        bool Everyone = Arrived == livingThreads();
        // Wait for the path below when its threads are others (the other
        // side of the branch), not when it is where these threads go on.
        bool Sibling = false;
        // The path below: the first one a release put back, if any.
        if (!Everyone && Paths.back().Ambiguous.none() &&
            (!Released.empty() || Paths.size() >= 2)) {
          const Path &Below =
              !Released.empty() ? Released.back() : Paths[Paths.size() - 2];
          ThreadMask Next = Below.Active;
          Next.reset(Frame.Returned);
          Next.reset(ParkedThreads);
          Sibling = Next.any() && !Next.anyCommon(Arrived) &&
                    mayReachSyncthreads(Below);
        }
        if (Sibling) {
          Path Waiting = std::move(Paths.back());
          Paths.pop_back();
          Waiting.Block = &Block;
          Waiting.Active = Active;
          Waiting.ResumeAfter = &I;
          AtBarrier.push_back(std::move(Waiting));
          Waits = true;
          break;
        }
        if (!AtBarrier.empty()) {
          ReleaseWaiting(&I, &Active);
          continue;
        }
      }
      execute(I, Frame, Active);
      if (const auto *Dropped = Frame.Facts->lastReadOf(I))
        for (const llvm::Instruction *Register : *Dropped)
          Frame.Registers.erase(Register);
    }
    if (outOfBudget())
      break;
    if (Waits)
      continue;
    // Threads that exited inside the block (a trap) take no branch.
    Active.reset(Frame.Returned);
    const llvm::Instruction *Terminator = Block.getTerminator();
    if (Options.InsertedBarrier && Active.any())
      insertBarrierBefore(*Terminator, Frame, Active);

    if (const auto *Return = llvm::dyn_cast<llvm::ReturnInst>(Terminator)) {
      returnFrom(Frame, Return, Active, Top.Ambiguous);
      Paths.pop_back();
      continue;
    }

    // The threads that go to each successor.
    std::vector<std::pair<const llvm::BasicBlock *, ThreadMask>> Targets;
    ThreadMask Unknown = none();
    std::string Assumed;
    if (const auto *Branch = llvm::dyn_cast<llvm::BranchInst>(Terminator)) {
      if (Branch->isUnconditional()) {
        Targets.push_back({Branch->getSuccessor(0), Active});
      } else if (isDivisionCheck(*Branch->getSuccessor(0)) !=
                 isDivisionCheck(*Branch->getSuccessor(1))) {
        // A thread that divides by zero goes on with an undefined quotient,
        // as on the GPU (no trap): the division marks it (DividedByZero).
        Targets.push_back(
            {Branch->getSuccessor(isDivisionCheck(*Branch->getSuccessor(0))),
             Active});
      } else {
        const ThreadValue &C = valueOf(Branch->getCondition(), Frame, Active);
        if (C.Symbols)
          Frame.ConditionSymbols[&Block] |= C.Symbols;
        ThreadMask True = none(), False = none();
        for (unsigned T : Active.set_bits()) {
          if (!C.Known[T])
            Unknown.set(T);
          else if (C.Values[T] != 0)
            True.set(T);
          else
            False.set(T);
        }
        if (Unknown.any() || (True.any() && False.any()))
          reportNonUniformBranch(*Branch, {&True, &False}, Unknown);
        // Where data decides, the uniform values beside it do not.
        if (True.any() && False.any())
          Frame.SplittingSymbols[&Block] |= C.Symbols;
        if (Unknown.any()) {
          const llvm::Loop *L = Frame.Facts->Loops.getLoopFor(&Block);
          bool Exits0 = L && !L->contains(Branch->getSuccessor(0));
          bool Exits1 = L && !L->contains(Branch->getSuccessor(1));
          if (Exits0 != Exits1) {
            // A data-dependent trip count: one iteration is looked at.
            unsigned Stay = Exits0 ? 1 : 0;
            ThreadMask &Staying = Stay == 0 ? True : False;
            ThreadMask &Leaving = Stay == 0 ? False : True;
            if (Frame.Iterations.lookup(L) == 0) {
              Staying |= Unknown;
            } else {
              Leaving |= Unknown;
              loopSampled(*L, "the loop condition depends on " +
                                  (C.UnknownReason.empty() ? std::string("data")
                                                           : C.UnknownReason));
            }
            Unknown = none();
          } else {
            True |= Unknown;
            False |= Unknown;
            Assumed = conditionAssumption(branchLine(*Branch), C, BothBranches);
          }
        }
        Targets.push_back({Branch->getSuccessor(0), True});
        Targets.push_back({Branch->getSuccessor(1), False});
      }
    } else if (const auto *Switch =
                   llvm::dyn_cast<llvm::SwitchInst>(Terminator)) {
      const ThreadValue &C = valueOf(Switch->getCondition(), Frame, Active);
      if (C.Symbols)
        Frame.ConditionSymbols[&Block] |= C.Symbols;
      std::vector<ThreadMask> Masks(Switch->getNumSuccessors(), none());
      for (unsigned T : Active.set_bits()) {
        if (!C.Known[T]) {
          Unknown.set(T);
          for (ThreadMask &M : Masks)
            M.set(T);
          continue;
        }
        auto Case = Switch->findCaseValue(llvm::cast<llvm::ConstantInt>(
            llvm::ConstantInt::get(Switch->getCondition()->getType(),
                                   uint64_t(C.Values[T]), /*IsSigned=*/true)));
        Masks[Case->getSuccessorIndex()].set(T);
      }
      if (Unknown.any())
        Assumed = conditionAssumption(branchLine(*Switch), C, BothBranches);
      bool Parts = llvm::count_if(
                       Masks, [](const ThreadMask &M) { return M.any(); }) > 1;
      if (Unknown.any() || Parts) {
        std::vector<const ThreadMask *> Ways;
        for (const ThreadMask &M : Masks)
          Ways.push_back(&M);
        reportNonUniformBranch(*Switch, Ways, Unknown);
      }
      // Where data decides, the uniform values beside it do not.
      if (Parts && Unknown.none())
        Frame.SplittingSymbols[&Block] |= C.Symbols;
      for (unsigned S = 0; S < Switch->getNumSuccessors(); ++S)
        Targets.push_back({Switch->getSuccessor(S), Masks[S]});
    } else {
      // unreachable, or a terminator the evaluator does not model: the
      // threads stop here.
      ThreadMask Stopped = Active;
      Stopped.reset(Top.Ambiguous);
      if (!llvm::isa<llvm::UnreachableInst>(Terminator))
        unsupported(*Terminator, "a terminator the evaluator does not follow",
                    Loss::WhatFollows);
      else if (Stopped.any())
        reachedUnreachable(Block, Stopped);
      Frame.Returned |= Stopped;
      Paths.pop_back();
      continue;
    }

    // Successors several cases share get the union once.
    std::vector<std::pair<const llvm::BasicBlock *, ThreadMask>> Taken;
    for (auto &[Successor, Mask] : Targets) {
      if (Mask.none())
        continue;
      auto Same = llvm::find_if(
          Taken, [To = Successor](const auto &T) { return T.first == To; });
      if (Same != Taken.end())
        Same->second |= Mask;
      else
        Taken.push_back({Successor, Mask});
    }
    // The iteration limit, half the step budget (what follows the loop
    // gets the rest) and the caps of a loop nest too large to enumerate: a
    // back edge past them leaves the loop instead.
    for (auto &[Successor, Mask] : Taken) {
      const llvm::Loop *L = Frame.Facts->Loops.getLoopFor(Successor);
      if (!L || L->getHeader() != Successor || !L->contains(&Block))
        continue;
      uint64_t Done = uint64_t(Frame.Iterations.lookup(L)) + 1;
      uint64_t IterationSteps = Summary.Steps - Frame.IterationStart.lookup(L);
      if (Done == 1 && !Frame.NestProjected && L->getSubLoops().empty()) {
        // A nest up to twice the bound runs whole: sampling it would skip
        // at most half of it (HeCBench gmm's 24 x 24 inversion, 5% past
        // the bound, had been cut to 23 x 23 iterations) and leave it
        // `sampled`; past that, it is sampled at the bound.
        Frame.NestProjected = true;
        projectLoopNest(Frame, *L, IterationSteps, enumerationBound(), "",
                        /*Alone=*/false,
                        /*WholeUpTo=*/2 * enumerationBound());
      } else if (Done == 1 && !L->getSubLoops().empty()) {
        // An outer loop whose first iteration shows that the nest cannot
        // end within the budget (the projection from its first inner loop
        // may have seen a small part of it): it would be cut anyway, so it
        // is sampled evenly at the enumeration bound, not run until the
        // budget ends. A nest sampled already was capped from that first
        // inner loop's cost: this loop's whole iteration, now known, may
        // cost many times more, and past twice the bound (an estimate's
        // error tolerated) its cap is made again to keep to it. Only its
        // own: the loops around it may still go on in closed form.
        uint64_t Left = Options.StepBudget / 2 > Summary.Steps
                            ? Options.StepBudget / 2 - Summary.Steps
                            : 0;
        if (!Frame.NestCaps.empty())
          projectLoopNest(Frame, *L, IterationSteps, 2 * enumerationBound(), "",
                          /*Alone=*/true);
        else
          projectLoopNest(Frame, *L, IterationSteps,
                          std::max(Left, enumerationBound()),
                          ", more than the budget leaves");
      }
      auto Trips = Frame.Trips.find(L);
      std::string Of = Trips != Frame.Trips.end()
                           ? " of " + std::to_string(Trips->second)
                           : std::string();
      auto Cap = Frame.NestCaps.find(L);
      std::string Why;
      std::string First = Done == 1 ? "only the first iteration"
                                    : "only the first " + std::to_string(Done);
      if (Done >= Options.LoopIterationLimit ||
          Summary.Steps > Options.StepBudget / 2)
        Why = First + Of +
              (Done == 1 ? " was evaluated" : " iterations were evaluated");
      else if (Cap != Frame.NestCaps.end() && Done >= Cap->second &&
               !(Trips != Frame.Trips.end() && Done >= Trips->second))
        Why = First + Of +
              (Done == 1 ? " was evaluated" : " iterations were evaluated") +
              Frame.NestCapReason;
      // A loop past its skip runs its last iterations, threads leaving it
      // as their trip counts end.
      if (Frame.RunningToEnd.contains(L))
        continue;
      // A loop about to be cut may go on in closed form instead; a long one
      // skips its middle iterations as soon as it can (after 2, 4, 8 or 16
      // of them), not only once it would be cut. Either needs every thread
      // to go on here.
      bool Early = Trips != Frame.Trips.end() &&
                   Trips->second >= EarlySkipTrips && Done >= 2 && Done <= 16 &&
                   (Done & (Done - 1)) == 0;
      if ((Early || !Why.empty()) && Mask == Active && Top.Ambiguous.none()) {
        ClosedFormDecision Decision =
            closedForm(Frame, *L, unsigned(Done), Mask);
        if (Decision.ResumeAt) {
          Frame.PendingSkips[L] = std::move(Decision);
          continue;
        }
        if (Why.empty() || Decision.Continue)
          continue;
        if (!Decision.Obstacle.empty())
          Why += "; it is not computed in closed form: " + Decision.Obstacle;
      }
      if (Why.empty())
        continue;
      loopSampled(*L, Why);
      settleSkippedIterations(*L, Mask);
      // Values the loop computes are not known past a cut.
      for (const llvm::BasicBlock *Inside : L->blocks())
        for (const llvm::Instruction &I : *Inside) {
          auto Slot = Frame.Registers.find(&I);
          if (Slot != Frame.Registers.end())
            Slot->second.forget(
                Mask, "a value assigned in a loop that was only partly "
                      "evaluated");
        }
      llvm::SmallVector<llvm::BasicBlock *, 4> Exits;
      L->getExitBlocks(Exits);
      const llvm::BasicBlock *Exit = nullptr;
      for (const llvm::BasicBlock *S : llvm::successors(&Block))
        if (!L->contains(S))
          Exit = S;
      if (!Exit && !Exits.empty())
        Exit = Exits.front();
      if (!Exit) {
        Frame.Returned |= Mask;
        Mask = none();
      } else {
        Successor = Exit;
      }
    }
    // Threads that branch to a block that only returns leave now, so that a
    // barrier the others go on to is one they did not reach.
    // Threads that also run another side (their condition is unknown) go
    // on to the block as a path of their own.
    if (Taken.size() > 1)
      for (auto &[Successor, Mask] : Taken) {
        ThreadMask Leaving = Mask;
        Leaving.reset(Top.Ambiguous);
        Leaving.reset(Unknown);
        if (Leaving.none() || !onlyReturns(*Successor))
          continue;
        takeEdge(Frame, Block, *Successor, Leaving, none());
        returnFrom(Frame,
                   llvm::cast<llvm::ReturnInst>(Successor->getTerminator()),
                   Leaving, none());
        Mask.reset(Leaving);
      }
    llvm::erase_if(Taken, [](const auto &T) { return T.second.none(); });

    if (Taken.empty()) {
      Paths.pop_back();
      continue;
    }
    if (Taken.size() == 1) {
      const llvm::BasicBlock *Next = Taken.front().first;
      bool Rejoins = Next == Top.Rejoin;
      takeEdge(Frame, Block, *Next, Taken.front().second,
               Rejoins ? Top.Ambiguous : none());
      ThreadMask Going = Taken.front().second;
      const llvm::Loop *LeavingWithin = Top.Within;
      // The loop's last threads leave it: those waiting at its exits go on.
      for (const llvm::Loop *L = Frame.Facts->Loops.getLoopFor(&Block);
           L && !L->contains(Next); L = L->getParentLoop())
        if (LeavingWithin != L)
          Unpark(L, Next, Going);
      Paths.back().Block = Next;
      Paths.back().Active = Going;
      continue;
    }
    // Divergence: the paths rejoin at the immediate post-dominator; inside a
    // loop whose post-dominator lies beyond it (a loop with a break), at the
    // loop's latch, the threads that leave waiting at the exit.
    const llvm::BasicBlock *Rejoin = Frame.Facts->rejoinOf(Block);
    const llvm::Loop *Within = Top.Within;
    if (const llvm::Loop *L = Frame.Facts->Loops.getLoopFor(&Block);
        L && L->getLoopLatch() && L->getLoopLatch() != &Block &&
        (!Rejoin || !L->contains(Rejoin))) {
      Rejoin = L->getLoopLatch();
      Within = L;
    }
    Path Parent = Top;
    Paths.pop_back();
    if (Rejoin != Parent.Rejoin) {
      // The parent continues at the rejoin with all of its threads.
      Parent.Block = Rejoin;
      Paths.push_back(Parent);
    }
    ThreadMask Ambiguous = Parent.Ambiguous;
    Ambiguous |= Unknown;
    std::vector<std::string> SideAssumptions = Parent.Assumptions;
    if (!Assumed.empty())
      SideAssumptions.push_back(Assumed);
    // Pushed in reverse so that the first successor runs first.
    for (auto It = Taken.rbegin(); It != Taken.rend(); ++It) {
      const auto &[Successor, Mask] = *It;
      bool Rejoins = Successor == Rejoin;
      takeEdge(Frame, Block, *Successor, Mask, Rejoins ? Ambiguous : none());
      if (!Rejoins)
        Paths.push_back(
            {Successor, Mask, Rejoin, Ambiguous, SideAssumptions, Within});
    }
  }
  Frame.Current = nullptr;
  Assumptions = Outer;
}

void IrExecution::returnFrom(CallFrame &Frame, const llvm::ReturnInst *Return,
                             const ThreadMask &Threads,
                             const ThreadMask &Ambiguous) {
  if (const llvm::Value *Result = Return->getReturnValue()) {
    if (Frame.ReturnValue.threads() != this->Threads)
      Frame.ReturnValue = unknown("");
    Frame.ReturnValue.assign(valueOf(Result, Frame, Threads), Threads);
    if (Ambiguous.anyCommon(Threads)) {
      ThreadMask Both = Ambiguous;
      Both &= Threads;
      Frame.ReturnValue.forget(Both, "returned under a data-dependent branch");
    }
  }
  // A thread that also runs the other side of a data-dependent branch has
  // not left: it goes on there.
  ThreadMask Left = Threads;
  Left.reset(Ambiguous);
  Frame.Returned |= Left;
}

void IrExecution::execute(const llvm::Instruction &I, CallFrame &Frame,
                          const ThreadMask &Active) {
  ThreadValue Result;
  bool HasResult = !I.getType()->isVoidTy();
  if (Options.InsertedBarrier)
    insertBarrierBefore(I, Frame, Active);
  if (const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I)) {
    const llvm::Function *Callee = Call->getCalledFunction();
    if (Callee && !Callee->isDeclaration() && !Callee->isIntrinsic())
      Result = callDefined(*Call, *Callee, Frame, Active);
    else
      Result = call(*Call, Frame, Active);
  } else if (const auto *Load = llvm::dyn_cast<llvm::LoadInst>(&I)) {
    Result = load(I, Load->getPointerOperand(), Load->getType(), Frame, Active);
  } else if (const auto *Store = llvm::dyn_cast<llvm::StoreInst>(&I)) {
    store(I, Store->getPointerOperand(), Store->getValueOperand(), Frame,
          Active);
    return;
  } else if (const auto *RMW = llvm::dyn_cast<llvm::AtomicRMWInst>(&I)) {
    AddressFacts Address = addressOf(RMW->getPointerOperand(), Frame, Active);
    const ThreadValue &Operand = valueOf(RMW->getValOperand(), Frame, Active);
    reportAccess(I, AccessKind::Atomic,
                 Layout.getTypeStoreSize(RMW->getValOperand()->getType()),
                 Address, Active, &Operand);
    Result = unknown("the old value an atomic returns");
  } else if (const auto *CAS = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&I)) {
    AddressFacts Address = addressOf(CAS->getPointerOperand(), Frame, Active);
    const ThreadValue &Operand =
        valueOf(CAS->getNewValOperand(), Frame, Active);
    reportAccess(I, AccessKind::Atomic,
                 Layout.getTypeStoreSize(CAS->getNewValOperand()->getType()),
                 Address, Active, &Operand);
    Result = unknown("the old value an atomic returns");
  } else if (const auto *GEP = llvm::dyn_cast<llvm::GEPOperator>(&I)) {
    std::optional<ArrayPath> Path;
    Result = elementPointer(*GEP, Frame, Active, &Path);
    if (Path)
      Frame.Paths[&I] = std::move(*Path);
    else
      Frame.Paths.erase(&I);
  } else if (const auto *Alloca = llvm::dyn_cast<llvm::AllocaInst>(&I)) {
    Result = ThreadValue::pointerTo({nullptr, false, Alloca}, Threads);
  } else if (std::optional<ThreadValue> Value =
                 arithmetic(llvm::cast<llvm::Operator>(I), Frame, Active)) {
    Result = std::move(*Value);
  } else if (llvm::isa<llvm::FenceInst>(I)) {
    return;
  } else if (const auto *Member = llvm::dyn_cast<llvm::ExtractValueInst>(&I);
             Member && Member->getNumIndices() == 1 &&
             Frame.Aggregates.count(Member->getAggregateOperand()) &&
             Member->getIndices()[0] <
                 Frame.Aggregates[Member->getAggregateOperand()].size()) {
    Result =
        Frame
            .Aggregates[Member->getAggregateOperand()][Member->getIndices()[0]];
  } else if (const llvm::Value *Whole = wholeOfMember(I);
             Whole && Frame.Registers.count(Whole) &&
             !Frame.Registers[Whole].UnknownReason.empty()) {
    // A member of a result not known as a whole (what an inline PTX texture
    // fetch returns, a vector loaded from memory): not known, for the same
    // reason.
    Result = unknown(Frame.Registers[Whole].UnknownReason);
  } else {
    if (HasResult)
      Result = unknown(std::string("an '") + I.getOpcodeName() +
                       "' the evaluator does not follow");
  }
  if (!HasResult)
    return;
  // A register written for the first time, or by every thread, takes the
  // result whole: its other threads never executed the definition, and by
  // dominance never read it.
  auto Slot = Frame.Registers.find(&I);
  if (Slot == Frame.Registers.end())
    Frame.Registers.try_emplace(&I, std::move(Result));
  else if (Active.all())
    Slot->second = std::move(Result);
  else
    Slot->second.assign(Result, Active);
}

ThreadValue IrExecution::callDefined(const llvm::CallBase &Call,
                                     const llvm::Function &F, CallFrame &Caller,
                                     const ThreadMask &Active) {
  if (Frames.size() >= Options.MaxCallDepth) {
    const clang::FunctionDecl *Callee = Module.functionNamed(F.getName());
    unsupported(Call,
                "call depth limit reached in '" +
                    (Callee ? Callee->getNameAsString() : F.getName().str()) +
                    "'",
                Loss::Accesses);
    return unknown("a call past the depth limit");
  }
  CallFrame Frame;
  Frame.Function = &F;
  Frame.Facts = &factsOf(F);
  Frame.Returned = none();
  Frame.CallerControl = controlSymbols(Caller, *Call.getParent());
  Frame.CallerSplitting =
      controlSymbols(Caller, *Call.getParent(), /*Splitting=*/true);
  for (const llvm::Argument &Arg : F.args()) {
    if (Arg.getArgNo() >= Call.arg_size())
      break;
    const llvm::Value *Passed = Call.getArgOperand(Arg.getArgNo());
    Frame.Registers[&Arg] = valueOf(Passed, Caller, Active);
    auto Path = Caller.Paths.find(Passed);
    if (Path != Caller.Paths.end())
      Frame.Paths[&Arg] = Path->second;
  }
  Frames.push_back(&Frame);
  runFunction(Frame, Active);
  Frames.pop_back();
  if (F.getReturnType()->isVoidTy())
    return unknown("");
  if (Frame.ReturnValue.threads() != Threads)
    return unknown("a call that did not return");
  return Frame.ReturnValue;
}

EvaluationSummary IrExecution::run() {
  CallFrame Frame;
  Frame.Function = &KernelFunction;
  Frame.Facts = &factsOf(KernelFunction);
  Frame.Returned = none();
  const clang::FunctionDecl *Definition = Kernel;
  Kernel->hasBody(Definition);
  bool ParametersMatch =
      Definition && Definition->getNumParams() == KernelFunction.arg_size();
  for (const llvm::Argument &Arg : KernelFunction.args()) {
    const clang::ParmVarDecl *Param =
        ParametersMatch ? Definition->getParamDecl(Arg.getArgNo()) : nullptr;
    ThreadValue Value;
    if (!Param) {
      Value = unknown("a kernel parameter");
    } else if (Arg.getType()->isPointerTy()) {
      if (Arg.hasByValAttr())
        ByValueParameters.insert(Param);
      Value = ThreadValue::pointerTo({Param, /*IsShared=*/false}, Threads);
    } else if (Arg.getType()->isIntegerTy()) {
      unsigned Bits = Arg.getType()->getIntegerBitWidth();
      auto Known = Options.KnownParameters.find(Param);
      if (Known != Options.KnownParameters.end()) {
        Value =
            ThreadValue::uniform(Threads, truncateSigned(Known->second, Bits));
      } else {
        Value = symbolValue({UniformSymbol::Kind::Parameter, Param, 0});
        for (int64_t &V : Value.Values)
          V = truncateSigned(V, Bits);
      }
    } else {
      // Read as what a value depends on: "depends on the floating-point
      // parameter 'alpha'".
      Value = unknown((Arg.getType()->isFloatingPointTy()
                           ? "the floating-point parameter '"
                           : "the parameter '") +
                      Param->getNameAsString() + "'");
    }
    Frame.Registers[&Arg] = std::move(Value);
  }
  Frames.push_back(&Frame);
  runFunction(Frame, AllThreads);
  Frames.pop_back();
  if (!outOfBudget() && !Summary.BudgetExceeded && Frame.Returned == AllThreads)
    Observer.onBlockExit();
  return Summary;
}

} // namespace ir

bool hasDeviceCode(const DeviceModule &Module,
                   const clang::FunctionDecl *Kernel) {
  return Module.kernelFunction(Kernel) != nullptr;
}

EvaluationSummary evaluateKernel(clang::ASTContext &Ctx,
                                 const clang::FunctionDecl *Kernel,
                                 const EvaluationOptions &Options,
                                 SymbolTable &Symbols,
                                 ExecutionObserver &Observer) {
  const llvm::Function *F =
      Options.Device ? Options.Device->kernelFunction(Kernel) : nullptr;
  if (!F) {
    // Never silent: nothing was evaluated, and the report says so.
    EvaluationSummary Summary;
    clang::SourceLocation Broken = brokenCodeReachedBy(Ctx, Kernel);
    const clang::SourceManager &SM = Ctx.getSourceManager();
    Summary.NotEvaluated =
        Broken.isValid()
            ? "Clang cannot compile what it reaches at line " +
                  std::to_string(SM.getExpansionLineNumber(Broken)) +
                  " (a compile error, or the use of a __shared__ object with "
                  "a constructor, which nvcc only warns about), so there is "
                  "no device code to evaluate"
            : std::string("there is no device code to evaluate (CodeGen "
                          "made none for it)");
    Summary.Unsupported.push_back(Summary.NotEvaluated);
    return Summary;
  }
  IrExecution Execution(Ctx, *Options.Device, Kernel, *F, Options, Symbols,
                        Observer);
  EvaluationSummary Summary = Execution.run();
  if (Options.StepsTaken)
    *Options.StepsTaken += Summary.Steps;
  return Summary;
}

} // namespace smemlint
