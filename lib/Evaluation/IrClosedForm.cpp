//===--- IrClosedForm.cpp - Loops whose iterations are computed, not run --===//
//
// A loop too long to enumerate is usually one whose every access moves by
// the same offset each iteration (a tile loop, a grid-stride loop, a sweep):
// then iteration k + 1 costs what iteration k cost, banks rotated by the
// offset, and meets the same hazards between the same threads. The
// evaluator runs its first iterations, skips to the last ones by moving
// each induction variable by the skipped iterations times its step, and
// runs those for real, so what follows the loop sees exact values.
//
// What has to hold, proven over the IR with scalar evolution:
// - every address in the loop (and each subscript of it) is affine in the
//   iteration, with a step that is the same for every thread: the bank
//   model and the sector model depend on addresses only up to a uniform
//   shift (of a word for banks, of a 128-byte line for sectors);
// - every branch inside it but the loop's own exit is the same in every
//   iteration (it depends on values from outside the loop, it asks which
//   memory a pointer into one memory is in, or it is the exit of an inner
//   loop whose trip count is), so each iteration runs the same accesses
//   with the same threads;
// - the threads' trip counts are known and close to each other;
// - hazards do not span skipped iterations: a block barrier in every
//   iteration, or shared addresses that do not move at all;
// - a cp.async writes where it wrote in the iteration a period before (its
//   destination only rotates with a buffer), so the copies in flight where
//   the skip starts are those its last skipped iteration would leave; its
//   source moves affinely, and the skip is a whole number of periods of the
//   source's 128-byte line alignment, which the copy's cost depends on.
// Where one of these fails the loop is sampled as before and the note says
// which one failed.
//
//===----------------------------------------------------------------------===//

#include "Evaluation/IrExecution.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/IntrinsicInst.h"

#include <functional>
#include <numeric>

namespace smemlint {
namespace ir {

namespace {

/// Iterations a loop runs for real after its skipped ones at most: the
/// threads' trip counts may differ by this much (a grid-stride loop's
/// differ by one).
constexpr uint64_t MaxRealTail = 64;

/// The longest period of a rotating value the evaluator looks for (a
/// triple buffer has 3).
constexpr unsigned MaxPeriod = 4;

/// The address-space numbers of NVPTX.
constexpr unsigned GlobalSpace = 1, SharedSpace = 3, ConstantSpace = 4,
                   LocalSpace = 5;

std::string atLine(const llvm::Instruction &I) {
  const llvm::DILocation *Where = I.getDebugLoc().get();
  if (!Where)
    return "";
  while (Where->getInlinedAt())
    Where = Where->getInlinedAt();
  return " at line " + std::to_string(Where->getLine());
}

/// How the values of a loop change from one iteration to the next, as
/// scalar evolution sees them, with the loop's header phis that are no
/// recurrence (a buffer index that rotates: `cur = 1 - cur`) held fixed:
/// they are Frozen, and the evaluator checks they repeat with a period.
/// Whether \p I computes its result from its operands alone, as integer
/// arithmetic, a cast, a select or a comparison: what follows a value that
/// repeats or rotates repeats or rotates with it.
bool pureArithmetic(const llvm::Instruction &I) {
  return llvm::isa<llvm::BinaryOperator>(I) || llvm::isa<llvm::CastInst>(I) ||
         llvm::isa<llvm::SelectInst>(I) || llvm::isa<llvm::ICmpInst>(I) ||
         llvm::isa<llvm::FreezeInst>(I);
}

/// Whether \p I reads a special register that stays the same for a thread
/// for its whole life (its index, its lane, the block's and grid's shape),
/// through the intrinsic or as CUB's inline PTX `mov.u32 $0, %laneid;`.
bool readsFixedRegister(const llvm::Instruction &I) {
  const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
  if (!Call)
    return false;
  llvm::StringRef Register;
  if (const auto *Asm =
          llvm::dyn_cast<llvm::InlineAsm>(Call->getCalledOperand())) {
    std::optional<llvm::StringRef> Moved =
        ptxSpecialRegisterMove(Asm->getAsmString());
    if (!Moved)
      return false;
    Register = *Moved;
  } else if (const llvm::Function *Callee = Call->getCalledFunction()) {
    Register = Callee->getName();
    if (!Register.consume_front("llvm.nvvm.read.ptx.sreg."))
      return false;
  } else {
    return false;
  }
  Register = Register.split('.').first; // tid.x
  return llvm::is_contained(
      {"tid", "ntid", "ctaid", "nctaid", "laneid", "warpsize", "lanemask_eq",
       "lanemask_lt", "lanemask_le", "lanemask_gt", "lanemask_ge",
       "cluster_ctaid", "cluster_nctaid", "cluster_ctarank", "cluster_nctarank",
       "clusterid", "nclusterid"},
      Register);
}

class LoopMotion {
public:
  LoopMotion(const llvm::Loop &L, llvm::ScalarEvolution &SE) : L(L), SE(SE) {}

  /// Whether \p S is the same in every iteration, the frozen phis held.
  bool invariant(const llvm::SCEV *S) {
    if (SE.isLoopInvariant(S, &L))
      return true;
    return !llvm::SCEVExprContains(S, [&](const llvm::SCEV *Part) {
      if (const auto *Recurrence = llvm::dyn_cast<llvm::SCEVAddRecExpr>(Part))
        return L.contains(Recurrence->getLoop());
      const auto *Unknown = llvm::dyn_cast<llvm::SCEVUnknown>(Part);
      if (!Unknown)
        return false;
      const auto *I = llvm::dyn_cast<llvm::Instruction>(Unknown->getValue());
      if (!I || !L.contains(I) || readsFixedRegister(*I))
        return false;
      return !rotatesWithFrozen(*I);
    });
  }

  /// Whether \p I is a header phi that is no recurrence, or arithmetic on
  /// such phis and values from outside the loop only (`stage ^ 1`, the other
  /// buffer of a double-buffered loop): it repeats with the phis' period.
  /// The phis are added to Frozen.
  bool rotatesWithFrozen(const llvm::Instruction &I, unsigned Depth = 0) {
    if (const auto *Phi = llvm::dyn_cast<llvm::PHINode>(&I)) {
      if (Phi->getParent() != L.getHeader() ||
          llvm::isa<llvm::SCEVAddRecExpr>(
              SE.getSCEV(const_cast<llvm::PHINode *>(Phi))))
        return false;
      Frozen.insert(Phi);
      return true;
    }
    if (Depth > 8 || !pureArithmetic(I))
      return false;
    return llvm::all_of(I.operands(), [&](const llvm::Value *Operand) {
      const auto *Defined = llvm::dyn_cast<llvm::Instruction>(Operand);
      return !Defined || !L.contains(Defined) ||
             rotatesWithFrozen(*Defined, Depth + 1);
    });
  }

  /// Whether \p S goes through the same values in every iteration: the same
  /// value, or an inner loop's recurrence that starts where it did before.
  bool repeats(const llvm::SCEV *S) {
    const llvm::SCEV *Step = stepIn(S, nullptr);
    return Step && Step->isZero();
  }

  /// Whether \p S is built, by any arithmetic, from values that go through
  /// the same values in every iteration: invariants, inner loops'
  /// recurrences that start where they did before, and what is computed
  /// from them alone (`c / 8`, `(d + tx) % 32`, `i * j` of inner loops'
  /// counters). It repeats too.
  bool repeatsWhole(const llvm::SCEV *S, unsigned Depth = 0) {
    if (invariant(S))
      return true;
    auto Known = Repeating.find(S);
    if (Known != Repeating.end())
      return Known->second;
    auto Decide = [&]() {
      if (Depth > 16)
        return false;
      if (const auto *Recurrence = llvm::dyn_cast<llvm::SCEVAddRecExpr>(S))
        return Recurrence->getLoop() != &L &&
               L.contains(Recurrence->getLoop()) &&
               llvm::all_of(Recurrence->operands(), [&](const llvm::SCEV *Op) {
                 return repeatsWhole(Op, Depth + 1);
               });
      if (const auto *Unknown = llvm::dyn_cast<llvm::SCEVUnknown>(S)) {
        if (closedInnerRecurrence(*Unknown->getValue()))
          return true;
        // Arithmetic the scalar evolution does not describe (`x % 24`).
        const auto *I = llvm::dyn_cast<llvm::Instruction>(Unknown->getValue());
        return I && L.contains(I) && pureArithmetic(*I) &&
               llvm::all_of(I->operands(), [&](const llvm::Value *Operand) {
                 return SE.isSCEVable(Operand->getType()) &&
                        repeatsWhole(
                            SE.getSCEV(const_cast<llvm::Value *>(Operand)),
                            Depth + 1);
               });
      }
      if (llvm::isa<llvm::SCEVCastExpr>(S) ||
          llvm::isa<llvm::SCEVUDivExpr>(S) || llvm::isa<llvm::SCEVNAryExpr>(S))
        return llvm::all_of(S->operands(), [&](const llvm::SCEV *Op) {
          return repeatsWhole(Op, Depth + 1);
        });
      return false;
    };
    bool Result = Decide();
    Repeating[S] = Result;
    return Result;
  }

  /// Whether \p V is the header phi of an inner loop that starts with the
  /// same value in every iteration and computes the next from itself and
  /// values from outside this loop only (`stride >>= 1`, which scalar
  /// evolution does not describe): it goes through the same values again.
  bool closedInnerRecurrence(const llvm::Value &V) {
    const auto *Phi = llvm::dyn_cast<llvm::PHINode>(&V);
    const llvm::Loop *Inner = nullptr;
    if (Phi)
      for (const llvm::Loop *Candidate : L.getLoopsInPreorder())
        if (Candidate != &L && Candidate->getHeader() == Phi->getParent())
          Inner = Candidate;
    if (!Inner)
      return false;
    std::function<bool(const llvm::Value *, unsigned)> FromItself =
        [&](const llvm::Value *Next, unsigned Depth) {
          const auto *I = llvm::dyn_cast<llvm::Instruction>(Next);
          if (!I || I == Phi || !L.contains(I))
            return true;
          if (Depth > 8 || !Inner->contains(I) || !pureArithmetic(*I))
            return false;
          return llvm::all_of(I->operands(), [&](const llvm::Value *Operand) {
            return FromItself(Operand, Depth + 1);
          });
        };
    for (unsigned In = 0; In < Phi->getNumIncomingValues(); ++In) {
      const llvm::Value *Incoming = Phi->getIncomingValue(In);
      if (Inner->contains(Phi->getIncomingBlock(In))) {
        if (!FromItself(Incoming, 0))
          return false;
        continue;
      }
      if (Incoming == Phi || !SE.isSCEVable(Incoming->getType()) ||
          !repeats(SE.getSCEV(const_cast<llvm::Value *>(Incoming))))
        return false;
    }
    return true;
  }

  /// How \p S changes from one iteration to the next: a SCEV invariant in
  /// the loop, or null when the change is not the same in every iteration.
  /// A widened recurrence of the loop (an `int` index made 64-bit) moves by
  /// its widened step as long as it does not wrap: such casts are added to
  /// \p Widened, for the evaluator to check with the threads' values.
  const llvm::SCEV *stepIn(const llvm::SCEV *S,
                           std::vector<const llvm::SCEVCastExpr *> *Widened) {
    if (invariant(S) || repeatsWhole(S))
      return SE.getZero(S->getType()->isPointerTy()
                            ? SE.getEffectiveSCEVType(S->getType())
                            : S->getType());
    if (const auto *Recurrence = llvm::dyn_cast<llvm::SCEVAddRecExpr>(S)) {
      if (!Recurrence->isAffine())
        return nullptr;
      const llvm::SCEV *Step = Recurrence->getStepRecurrence(SE);
      if (!invariant(Step))
        return nullptr;
      if (Recurrence->getLoop() == &L)
        return Step;
      // {start,+,step} of an inner loop: moves with its start.
      if (L.contains(Recurrence->getLoop()))
        return stepIn(Recurrence->getStart(), Widened);
      return nullptr;
    }
    if (const auto *Widen = llvm::dyn_cast<llvm::SCEVZeroExtendExpr>(S))
      if (const auto *Narrow =
              llvm::dyn_cast<llvm::SCEVTruncateExpr>(Widen->getOperand())) {
        // `(i + k) & 4095`: a recurrence modulo a power of two. It moves
        // by its step modulo the same; movesAffinely checks that the
        // address it makes wraps by whole bank cycles inside its array.
        const llvm::SCEV *Step = stepIn(Narrow->getOperand(), nullptr);
        if (!Step || !llvm::isa<llvm::SCEVAddRecExpr>(Narrow->getOperand()))
          return nullptr;
        ++Wrapping;
        return SE.getZeroExtendExpr(SE.getTruncateExpr(Step, Narrow->getType()),
                                    S->getType());
      }
    if (llvm::isa<llvm::SCEVZeroExtendExpr>(S) ||
        llvm::isa<llvm::SCEVSignExtendExpr>(S)) {
      const auto *Cast = llvm::cast<llvm::SCEVCastExpr>(S);
      const auto *Recurrence =
          llvm::dyn_cast<llvm::SCEVAddRecExpr>(Cast->getOperand());
      if (!Widened)
        return nullptr;
      // Moves by \p Step widened the cast's way, as long as the narrow value
      // does not wrap: the evaluator checks that with the threads' values.
      auto WidenedStep = [&](const llvm::SCEV *Step) {
        Widened->push_back(Cast);
        return llvm::isa<llvm::SCEVZeroExtendExpr>(S)
                   ? SE.getZeroExtendExpr(Step, S->getType())
                   : SE.getSignExtendExpr(Step, S->getType());
      };
      if (!Recurrence) {
        // A narrow sum that moves (`(row + r) * k + t`, `int` arithmetic
        // scalar evolution cannot prove free of overflow).
        const llvm::SCEV *Step =
            llvm::isa<llvm::SCEVAddExpr>(Cast->getOperand())
                ? stepIn(Cast->getOperand(), nullptr)
                : nullptr;
        return Step ? WidenedStep(Step) : nullptr;
      }
      if (Recurrence->getLoop() != &L) {
        const llvm::SCEV *Step = L.contains(Recurrence->getLoop())
                                     ? stepIn(Recurrence, nullptr)
                                     : nullptr;
        // A narrow recurrence of an inner loop that starts where it did in
        // the last iteration of this one (`A[(row + off) * K + col]`, `off`
        // the inner loop's): the inner loop goes through the same values
        // again, widened the same way.
        if (Step && Step->isZero())
          return SE.getZero(S->getType());
        if (!Step)
          return nullptr;
        // Its start moving with this loop, sign-extended (`a[(row + r) * k
        // + t + i]`, i the inner loop's): it moves by its start's step as
        // long as neither end of the inner loop wraps.
        if (llvm::isa<llvm::SCEVSignExtendExpr>(S))
          return WidenedStep(Step);
        // Zero-extended: exact only as an index that wraps by bank cycles
        // (wrapsByBankCycles).
        ++Wrapping;
        return SE.getZeroExtendExpr(Step, S->getType());
      }
      const llvm::SCEV *Step = stepIn(Recurrence, nullptr);
      return Step ? WidenedStep(Step) : nullptr;
    }
    if (const auto *Sum = llvm::dyn_cast<llvm::SCEVAddExpr>(S)) {
      const llvm::SCEV *Total = nullptr;
      for (const llvm::SCEV *Operand : Sum->operands()) {
        const llvm::SCEV *Step = stepIn(Operand, Widened);
        if (!Step)
          return nullptr;
        Step = SE.getTruncateOrZeroExtend(
            Step, SE.getEffectiveSCEVType(Sum->getType()));
        Total = Total ? SE.getAddExpr(Total, Step) : Step;
      }
      return Total;
    }
    if (const auto *Product = llvm::dyn_cast<llvm::SCEVMulExpr>(S)) {
      // One factor moves; the others scale its step.
      const llvm::SCEV *Moving = nullptr;
      llvm::SmallVector<const llvm::SCEV *, 4> Scale;
      for (const llvm::SCEV *Operand : Product->operands()) {
        if (invariant(Operand)) {
          Scale.push_back(Operand);
          continue;
        }
        if (Moving)
          return nullptr;
        Moving = Operand;
      }
      const llvm::SCEV *Step = Moving ? stepIn(Moving, Widened) : nullptr;
      if (!Step)
        return nullptr;
      Scale.push_back(Step);
      return SE.getMulExpr(Scale);
    }
    return nullptr;
  }

  /// The step of the address \p Pointer, when it and every index that
  /// computed it move by a fixed step per iteration (the indices are the
  /// subscripts the bank-conflict fixes and the bounds check read), or, for
  /// a shared array, wrap around it by whole bank cycles
  /// (wrapsByBankCycles); null otherwise.
  const llvm::SCEV *
  movesAffinely(const llvm::Value *Pointer,
                std::vector<const llvm::SCEVCastExpr *> &Widened,
                const llvm::DataLayout &Layout, bool &MayWrap) {
    Wrapping = 0;
    const llvm::SCEV *Address =
        SE.isSCEVable(Pointer->getType())
            ? SE.getSCEV(const_cast<llvm::Value *>(Pointer))
            : nullptr;
    size_t Before = Widened.size();
    const llvm::SCEV *Step = Address ? stepIn(Address, &Widened) : nullptr;
    if (!Step)
      return nullptr;
    // One narrow index, wrapping by design or not: fine when the address it
    // makes wraps by bank cycles inside its array.
    MayWrap = Wrapping + (Widened.size() - Before) == 1 &&
              wrapsByBankCycles(Address, Layout);
    if (Wrapping && !MayWrap)
      return nullptr;
    for (const llvm::Value *P = Pointer;;) {
      const auto *GEP = llvm::dyn_cast<llvm::GEPOperator>(P);
      if (!GEP)
        return Step;
      for (const llvm::Value *Index : GEP->indices())
        if (!llvm::isa<llvm::Constant>(Index) &&
            (!SE.isSCEVable(Index->getType()) ||
             !stepIn(SE.getSCEV(const_cast<llvm::Value *>(Index)), &Widened)))
          return nullptr;
      P = GEP->getPointerOperand()->stripPointerCasts();
    }
  }

  /// Whether \p V is the same in every iteration or moves by a step that
  /// is (an integer a monotone branch may compare).
  bool linear(const llvm::Value *V) {
    if (!V->getType()->isIntegerTy() || !SE.isSCEVable(V->getType()))
      return false;
    const llvm::SCEV *S = SE.getSCEV(const_cast<llvm::Value *>(V));
    if (invariant(S))
      return true;
    const auto *Recurrence = llvm::dyn_cast<llvm::SCEVAddRecExpr>(S);
    return Recurrence && Recurrence->getLoop() == &L &&
           Recurrence->isAffine() &&
           invariant(Recurrence->getStepRecurrence(SE));
  }

  /// Whether \p Condition has the same value in every iteration.
  bool sameEveryIteration(const llvm::Value *Condition, unsigned Depth = 0) {
    const auto *I = llvm::dyn_cast<llvm::Instruction>(Condition);
    if (!I || !L.contains(I))
      return true;
    // A phi that joins the two sides of a branch inside the iteration
    // (libcu++'s `__isShared(p) && __isGlobal(q)` becomes `phi [true],
    // [false]`): the same when what it joins is, the branches that choose
    // being checked on their own. Not an inner loop's header phi, which
    // carries a value round that loop.
    if (const auto *Phi = llvm::dyn_cast<llvm::PHINode>(I);
        Phi && Phi->getParent() != L.getHeader()) {
      if (Depth > 8 ||
          llvm::any_of(L.getLoopsInPreorder(), [&](const llvm::Loop *Inner) {
            return Inner->getHeader() == Phi->getParent();
          }))
        return false;
      return llvm::all_of(Phi->incoming_values(), [&](const llvm::Value *In) {
        return sameEveryIteration(In, Depth + 1);
      });
    }
    // An operand may be an inner loop's recurrence that starts where it did
    // in the last iteration (`iAccum < n`, iAccum the inner loop's): it goes
    // through the same values again.
    if (const auto *Compare = llvm::dyn_cast<llvm::ICmpInst>(I))
      return llvm::all_of(Compare->operands(), [&](const llvm::Value *Operand) {
        const auto *Register = llvm::dyn_cast<llvm::Instruction>(Operand);
        return (Register && readsFixedRegister(*Register)) ||
               (SE.isSCEVable(Operand->getType()) &&
                repeats(SE.getSCEV(const_cast<llvm::Value *>(Operand))));
      });
    if (pureArithmetic(*I)) // comparisons are taken above
      return llvm::all_of(I->operands(), [&](const llvm::Value *Operand) {
        return sameEveryIteration(Operand, Depth + 1);
      });
    if (readsFixedRegister(*I))
      return true;
    return SE.isSCEVable(I->getType()) &&
           invariant(SE.getSCEV(const_cast<llvm::Instruction *>(I)));
  }

  /// The header phis the addresses and branches were found to depend on.
  llvm::SmallPtrSet<const llvm::PHINode *, 4> Frozen;

private:
  /// Whether \p Address, a shared array plus a constant times a recurrence
  /// modulo 2^M, wraps by a whole number of 128-byte bank cycles and stays
  /// in the array: then a uniform move rotates its banks and keeps which
  /// threads share a word, as an affine one does.
  bool wrapsByBankCycles(const llvm::SCEV *Address,
                         const llvm::DataLayout &Layout) {
    const auto *Sum = llvm::dyn_cast<llvm::SCEVAddExpr>(Address);
    if (!Sum || Sum->getNumOperands() != 2)
      return false;
    const auto *Base = llvm::dyn_cast<llvm::SCEVUnknown>(Sum->getOperand(1));
    const llvm::SCEV *Scaled = Sum->getOperand(0);
    if (!Base) {
      Base = llvm::dyn_cast<llvm::SCEVUnknown>(Sum->getOperand(0));
      Scaled = Sum->getOperand(1);
    }
    const auto *Array =
        Base ? llvm::dyn_cast<llvm::GlobalVariable>(Base->getValue()) : nullptr;
    if (!Array || Array->getAddressSpace() != SharedSpace)
      return false;
    uint64_t Scale = 1;
    if (const auto *Product = llvm::dyn_cast<llvm::SCEVMulExpr>(Scaled)) {
      const auto *Factor =
          llvm::dyn_cast<llvm::SCEVConstant>(Product->getOperand(0));
      if (!Factor || Product->getNumOperands() != 2)
        return false;
      Scale = Factor->getAPInt().getZExtValue();
      Scaled = Product->getOperand(1);
    }
    // zext(trunc x to iM), or the recurrence of iM scalar evolution folds
    // the truncation into.
    const auto *Widen = llvm::dyn_cast<llvm::SCEVZeroExtendExpr>(Scaled);
    if (!Widen)
      return false;
    unsigned Bits = Widen->getOperand()->getType()->getIntegerBitWidth();
    if (Bits > 32)
      return false;
    uint64_t Span = Scale << Bits;
    return Span % 128 == 0 &&
           Layout.getTypeAllocSize(Array->getValueType()) >= Span;
  }

  /// Recurrences modulo a power of two met by the last stepIn.
  unsigned Wrapping = 0;
  /// What repeatsWhole decided, by expression.
  llvm::DenseMap<const llvm::SCEV *, bool> Repeating;
  const llvm::Loop &L;
  llvm::ScalarEvolution &SE;
};

/// Whether \p Callee only tells the optimizer something (a variable's
/// lifetime, an assumption, an alias scope): it does nothing to run.
bool bookkeepingIntrinsic(const llvm::Function &Callee) {
  switch (Callee.getIntrinsicID()) {
  case llvm::Intrinsic::lifetime_start:
  case llvm::Intrinsic::lifetime_end:
  case llvm::Intrinsic::assume:
  case llvm::Intrinsic::experimental_noalias_scope_decl:
    return true;
  default:
    return false;
  }
}

/// Intrinsics that touch no memory the analysis models: synchronization,
/// debug information, hints.
bool touchesNoModelledMemory(const llvm::CallBase &Call) {
  if (Call.doesNotAccessMemory() || llvm::isa<llvm::DbgInfoIntrinsic>(Call))
    return true;
  const llvm::Function *Callee = Call.getCalledFunction();
  if (!Callee)
    return false;
  if (bookkeepingIntrinsic(*Callee))
    return true;
  llvm::StringRef Name = Callee->getName();
  // A cluster barrier is not: the blocks of the cluster order their
  // distributed shared memory by counting them (ClusterProfile).
  if (Name.starts_with("llvm.nvvm.barrier.cluster"))
    return false;
  return Name.starts_with("llvm.nvvm.barrier") ||
         Name.starts_with("llvm.nvvm.bar.") ||
         Name.starts_with("llvm.nvvm.membar") ||
         Name.starts_with("llvm.nvvm.fence") ||
         Name.starts_with("llvm.nvvm.shfl") ||
         Name.starts_with("llvm.nvvm.vote") ||
         Name.starts_with("llvm.nvvm.read.ptx.sreg") ||
         Name.starts_with("llvm.nvvm.match") ||
         Name.starts_with("llvm.nvvm.redux");
}

/// A call to a function without a body: atomics (the evaluator counts them
/// as accesses through their first argument), or one that takes no pointer
/// and so touches no memory the kernel addresses (__syncthreads, shuffles,
/// math functions).
bool isBodilessCall(const llvm::CallBase &Call, bool &Atomic) {
  const llvm::Function *Callee = Call.getCalledFunction();
  if (!Callee || !Callee->isDeclaration() || Callee->isIntrinsic())
    return false;
  Atomic = baseName(Callee->getName()).starts_with("atomic") &&
           Call.arg_size() >= 2 &&
           Call.getArgOperand(0)->getType()->isPointerTy();
  if (Atomic)
    return true;
  return llvm::none_of(Call.args(), [](const llvm::Use &Argument) {
    return Argument->getType()->isPointerTy();
  });
}

/// The pointers instruction \p I reads or writes through, with whether it
/// writes; false when \p I touches memory some other way.
bool memoryOperands(
    const llvm::Instruction &I,
    llvm::SmallVectorImpl<std::pair<const llvm::Value *, bool>> &Pointers) {
  if (const llvm::Value *Pointer = llvm::getLoadStorePointerOperand(&I)) {
    Pointers.push_back({Pointer, llvm::isa<llvm::StoreInst>(I)});
    return true;
  }
  const llvm::Value *AtomicPointer = nullptr;
  if (const auto *RMW = llvm::dyn_cast<llvm::AtomicRMWInst>(&I))
    AtomicPointer = RMW->getPointerOperand();
  else if (const auto *CAS = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&I))
    AtomicPointer = CAS->getPointerOperand();
  if (AtomicPointer) {
    Pointers.push_back({AtomicPointer, true});
    return true;
  }
  if (const auto *Transfer = llvm::dyn_cast<llvm::MemTransferInst>(&I)) {
    Pointers.push_back({Transfer->getRawDest(), true});
    Pointers.push_back({Transfer->getRawSource(), false});
    return true;
  }
  if (const auto *Set = llvm::dyn_cast<llvm::MemSetInst>(&I)) {
    Pointers.push_back({Set->getRawDest(), true});
    return true;
  }
  const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
  bool Atomic = false;
  if (Call && (isBodilessCall(*Call, Atomic) && Atomic)) {
    Pointers.push_back({Call->getArgOperand(0), true});
    return true;
  }
  if (Call && Call->getCalledFunction() &&
      Call->getCalledFunction()->getName().starts_with("llvm.nvvm.atomic.") &&
      Call->arg_size() >= 2) {
    Pointers.push_back({Call->getArgOperand(0), true});
    return true;
  }
  // A wmma fragment's load or store: each lane's elements lie at fixed
  // distances from the tile pointer, for one leading dimension
  // (wmmaLeadingDimension).
  if (wmmaLeadingDimension(I)) {
    Pointers.push_back(
        {Call->getArgOperand(0),
         Call->getCalledFunction()->getName().contains(".store.")});
    return true;
  }
  return false;
}

/// Which memory a pointer reaches, for what a uniform move of it keeps.
enum class Reached { Shared, Global, Private, Unknown };

Reached memoryReached(const llvm::Value *Pointer, const llvm::Function &Kernel,
                      unsigned Depth = 0) {
  unsigned Space = Pointer->getType()->getPointerAddressSpace();
  if (Space == SharedSpace)
    return Reached::Shared;
  if (Space == LocalSpace || Space == ConstantSpace)
    return Reached::Private;
  if (Space == GlobalSpace)
    return Reached::Global;
  const llvm::Value *Object = llvm::getUnderlyingObject(Pointer);
  // A pointer a loop moves (`A += BK`): a phi of its start and its moved
  // self, which reaches what every start reaches.
  if (llvm::isa<llvm::PHINode>(Object) || llvm::isa<llvm::SelectInst>(Object)) {
    llvm::SmallVector<const llvm::Value *, 4> Objects;
    llvm::getUnderlyingObjects(Pointer, Objects);
    std::optional<Reached> Common;
    for (const llvm::Value *Each : Objects) {
      if (llvm::isa<llvm::PHINode>(Each) || llvm::isa<llvm::SelectInst>(Each))
        return Reached::Unknown;
      Reached One = memoryReached(Each, Kernel, Depth + 1);
      if (One == Reached::Unknown || (Common && *Common != One))
        return Reached::Unknown;
      Common = One;
    }
    return Common.value_or(Reached::Unknown);
  }
  if (llvm::isa<llvm::AllocaInst>(Object))
    return Reached::Private;
  if (const auto *Variable = llvm::dyn_cast<llvm::GlobalVariable>(Object)) {
    if (Variable->getAddressSpace() == SharedSpace)
      return Reached::Shared;
    return Variable->getAddressSpace() == ConstantSpace ||
                   Variable->isConstant()
               ? Reached::Private
               : Reached::Global;
  }
  const auto *Argument = llvm::dyn_cast<llvm::Argument>(Object);
  if (!Argument)
    return Reached::Unknown;
  // A kernel's pointer arguments cannot point to shared memory.
  if (Argument->getParent() == &Kernel)
    return Reached::Global;
  // A function's argument (a member function's object, a pointer passed
  // on) reaches what every call of it passes, when they agree.
  const unsigned CallDepth = 4;
  const llvm::Function &Callee = *Argument->getParent();
  if (Depth >= CallDepth || Callee.use_empty())
    return Reached::Unknown;
  std::optional<Reached> Common;
  for (const llvm::Use &Use : Callee.uses()) {
    const auto *Call = llvm::dyn_cast<llvm::CallBase>(Use.getUser());
    if (!Call || !Call->isCallee(&Use))
      return Reached::Unknown;
    Reached Passed = memoryReached(Call->getArgOperand(Argument->getArgNo()),
                                   Kernel, Depth + 1);
    if (Passed == Reached::Unknown || (Common && *Common != Passed))
      return Reached::Unknown;
    Common = Passed;
  }
  return *Common;
}

/// The pointer whose shared address \p V is when \p V is a call of
/// `__nvvm_get_smem_pointer(p)`, the toolkit's conversion (cuda_pipeline.h's
/// copies take their destination through it); null otherwise.
const llvm::Value *sharedPointerOf(const llvm::Value &V) {
  const auto *Call = llvm::dyn_cast<llvm::CallInst>(&V);
  const llvm::Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  if (!Callee || Callee->getName() != "__nvvm_get_smem_pointer" ||
      Call->arg_size() != 1)
    return nullptr;
  return Call->getArgOperand(0);
}

/// Whether the inner loop that \p Test ends runs as often in every iteration
/// of Motion's loop because both ends of it move together (`for (pos = base
/// + i; pos < base + n; pos += N)`, base this loop's): the distance from
/// its start to its bound is the same, and so is its step. That holds as
/// long as the recurrence does not wrap, which the flag of C's signed (or
/// the compiler's proven unsigned) arithmetic says, as the compiler assumes.
bool sameDistanceEveryIteration(const ExitTest &Test, LoopMotion &Motion,
                                llvm::ScalarEvolution &SE) {
  const llvm::SCEVAddRecExpr &Value = *Test.Value;
  bool NoWrap = llvm::ICmpInst::isSigned(Test.Stay)
                    ? Value.hasNoSignedWrap()
                    : Value.hasNoUnsignedWrap() ||
                          (llvm::ICmpInst::isEquality(Test.Stay) &&
                           Value.hasNoSignedWrap());
  if (!NoWrap || !Motion.invariant(Value.getStepRecurrence(SE)) ||
      Test.Bound->getType() != Value.getStart()->getType())
    return false;
  return Motion.repeats(SE.getMinusSCEV(Test.Bound, Value.getStart()));
}

/// Whether \p Condition asks which memory a pointer is in
/// (`__isShared`, `__isGlobal`: libcu++'s memcpy_async branches on both)
/// of a pointer that reaches one memory whatever it moves by: the answer is
/// the same in every iteration.
bool spaceTestOfOneSpace(const llvm::Value *Condition,
                         const llvm::Function &Kernel) {
  const auto *Call = llvm::dyn_cast<llvm::CallInst>(Condition);
  const llvm::Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  if (!Callee || !Callee->getName().starts_with("llvm.nvvm.isspacep."))
    return false;
  Reached Memory = memoryReached(Call->getArgOperand(0), Kernel);
  return Memory == Reached::Shared || Memory == Reached::Global;
}

/// Whether \p Name (a function's, without its namespace) is one of the
/// warp's or block's collectives, which the built-in prelude declares
/// without a body (__shfl_sync, __syncwarp, a group's sync).
bool warpCollectiveName(llvm::StringRef Name) {
  for (llvm::StringRef Prefix :
       {"__shfl", "__ballot", "__any", "__all", "__activemask", "__syncwarp",
        "__match", "__reduce", "__syncthreads", "__threadfence", "__nanosleep",
        "__barrier", "sync", "arrive", "wait", "barrier"})
    if (Name.starts_with(Prefix))
      return true;
  return false;
}

/// Whether \p Call is a function without a body in the module that writes
/// only through pointers into the thread's own memory (libdevice's
/// `__nv_fast_sincosf(x, &s, &c)`).
bool returnsThroughPrivatePointers(const llvm::CallBase &Call,
                                   const llvm::Function &Kernel) {
  const llvm::Function *Callee = Call.getCalledFunction();
  return Callee && Callee->isDeclaration() && !Callee->isIntrinsic() &&
         !baseName(Callee->getName()).starts_with("atomic") &&
         llvm::all_of(Call.args(), [&](const llvm::Use &Argument) {
           return !Argument->getType()->isPointerTy() ||
                  memoryReached(Argument.get(), Kernel) == Reached::Private;
         });
}

/// The memory \p Pointer reaches, a pointer loaded from memory (a struct's
/// field) taken as global: its value is not known to the evaluation, which
/// reports no shared access through it.
Reached memoryReachedOrLoaded(const llvm::Value *Pointer,
                              const llvm::Function &Kernel) {
  Reached Memory = memoryReached(Pointer, Kernel);
  if (Memory == Reached::Unknown &&
      llvm::isa<llvm::LoadInst>(llvm::getUnderlyingObject(Pointer)))
    return Reached::Global;
  return Memory;
}

/// Whether \p V, computed in \p L, is unknown to the evaluation for every
/// thread in every iteration: data read from shared or global memory (the
/// evaluation keeps no contents of either; a struct the kernel takes by
/// value is read as parameters are), or a floating-point operation, a
/// comparison or a conversion of such data, each unknown where an operand
/// is. A branch on it splits no thread from another: all take both sides
/// in every iteration, so it repeats like a branch that never changes
/// (mean-shift's `if (dist <= radius)` on distances read from memory).
bool neverKnownInLoop(const llvm::Value *V, const llvm::Loop &L,
                      const llvm::Function &Kernel,
                      llvm::SmallPtrSetImpl<const llvm::Value *> &Seen) {
  const auto *I = llvm::dyn_cast<llvm::Instruction>(V);
  if (!I || !L.contains(I) || !Seen.insert(I).second || Seen.size() > 256)
    return false;
  if (const auto *Load = llvm::dyn_cast<llvm::LoadInst>(I)) {
    const llvm::Value *Pointer = Load->getPointerOperand();
    switch (memoryReached(Pointer, Kernel)) {
    case Reached::Shared:
      return true;
    case Reached::Global: {
      const auto *Argument =
          llvm::dyn_cast<llvm::Argument>(llvm::getUnderlyingObject(Pointer));
      return !(Argument && Argument->hasByValAttr());
    }
    default:
      return false;
    }
  }
  auto Operand = [&](unsigned N) {
    return neverKnownInLoop(I->getOperand(N), L, Kernel, Seen);
  };
  switch (I->getOpcode()) {
  case llvm::Instruction::FAdd:
  case llvm::Instruction::FSub:
  case llvm::Instruction::FMul:
  case llvm::Instruction::FDiv:
  case llvm::Instruction::FCmp:
  case llvm::Instruction::ICmp:
    return Operand(0) || Operand(1);
  case llvm::Instruction::FNeg:
  case llvm::Instruction::FPExt:
  case llvm::Instruction::FPTrunc:
  case llvm::Instruction::FPToSI:
  case llvm::Instruction::FPToUI:
  case llvm::Instruction::SIToFP:
  case llvm::Instruction::UIToFP:
    return Operand(0);
  default:
    return false;
  }
}

/// Whether the branch \p Branch of \p L decides nothing the shared-memory
/// model sees, whichever way it goes in each iteration: what it guards, up
/// to where its sides join, touches global or private memory and pure
/// arithmetic only, and what it computes flows only into global and private
/// addresses, stored data, its own condition, the value a warp shuffle
/// moves (a count reduced across the warp) and more of the same (a writer
/// that stops at the image's end, `if (next != end) { out[next] = v; next +=
/// stride; }`; a random generator's state). What it computes may decide
/// the branches of \p Partners too, which are assumed to decide only data
/// themselves (the same writer used twice: dataOnlyBranches checks them
/// together). \p GuardsGlobal says whether global accesses depend on it;
/// \p HeaderPhis gets the loop's header phis it changes.
bool decidesOnlyData(
    const llvm::Instruction &Branch, const llvm::Loop &L, FunctionFacts &Facts,
    const llvm::Function &Kernel,
    const llvm::SmallPtrSetImpl<const llvm::Instruction *> &Partners,
    bool &GuardsGlobal,
    llvm::SmallPtrSetImpl<const llvm::PHINode *> &HeaderPhis) {
  const llvm::BasicBlock *Join = Facts.rejoinOf(*Branch.getParent());
  if (!Join || !L.contains(Join))
    return false;
  // The blocks between the branch and the join.
  llvm::SmallPtrSet<const llvm::BasicBlock *, 16> Region;
  llvm::SmallVector<const llvm::BasicBlock *, 16> Pending(
      llvm::successors(Branch.getParent()));
  while (!Pending.empty()) {
    const llvm::BasicBlock *Block = Pending.pop_back_val();
    if (Block == Join || Region.contains(Block))
      continue;
    if (!L.contains(Block) || Block == L.getHeader() || Region.size() > 64)
      return false;
    Region.insert(Block);
    llvm::append_range(Pending, llvm::successors(Block));
  }
  // Where each memory access of the region or of what it computes goes.
  auto DataOnly = [&](const llvm::Value *Pointer) {
    Reached Memory = memoryReachedOrLoaded(Pointer, Kernel);
    GuardsGlobal |= Memory == Reached::Global;
    return Memory == Reached::Global || Memory == Reached::Private;
  };
  auto PureCall = [&](const llvm::CallBase &Call) {
    const llvm::Function *Callee = Call.getCalledFunction();
    // Clang marks every device function convergent, the math functions
    // without a body (libdevice's __nv_logf, the prelude's __logf) too,
    // which synchronize nothing: only the warp's collectives do.
    if (Call.isInlineAsm() || !Callee ||
        (Call.isConvergent() &&
         !(Callee->isDeclaration() && !Callee->isIntrinsic() &&
           !warpCollectiveName(baseName(Callee->getName())))))
      return false;
    if (bookkeepingIntrinsic(*Callee) || Call.doesNotAccessMemory() ||
        llvm::isa<llvm::DbgInfoIntrinsic>(Call))
      return true;
    // A math function (logf), or one that returns through pointers into
    // the thread's own memory (sincosf).
    bool Atomic = false;
    if (isBodilessCall(Call, Atomic))
      return !Atomic;
    return returnsThroughPrivatePointers(Call, Kernel);
  };
  llvm::SmallPtrSet<const llvm::Value *, 32> Tainted;
  llvm::SmallVector<const llvm::Instruction *, 32> Work;
  auto Taint = [&](const llvm::Instruction &I) {
    if (!I.getType()->isVoidTy() && Tainted.insert(&I).second)
      Work.push_back(&I);
  };
  for (const llvm::BasicBlock *Block : Region)
    for (const llvm::Instruction &I : *Block) {
      llvm::SmallVector<std::pair<const llvm::Value *, bool>, 2> Pointers;
      if (memoryOperands(I, Pointers)) {
        if (I.isAtomic() || llvm::isa<llvm::CallBase>(I))
          return false;
        for (auto [Pointer, Writes] : Pointers)
          if (!DataOnly(Pointer))
            return false;
      } else if (const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I)) {
        if (!PureCall(*Call))
          return false;
      } else if (I.mayReadOrWriteMemory() || llvm::isa<llvm::FenceInst>(I)) {
        return false;
      }
      Taint(I);
    }
  // The values that differ with the side taken: the join's phis.
  for (const llvm::PHINode &Phi : Join->phis())
    Taint(Phi);
  while (!Work.empty()) {
    if (Tainted.size() > 512)
      return false;
    const llvm::Instruction *Value = Work.pop_back_val();
    for (const llvm::Use &Use : Value->uses()) {
      const auto *User = llvm::dyn_cast<llvm::Instruction>(Use.getUser());
      if (!User)
        return false;
      if (!L.contains(User)) {
        // Used after the loop: what the last iterations, run, computed.
        continue;
      }
      if (const auto *Store = llvm::dyn_cast<llvm::StoreInst>(User)) {
        // A value stored anywhere is data (the evaluation reads shared
        // memory back as data); an address, only global or private.
        if (Store->getPointerOperand() == Value &&
            !DataOnly(Store->getPointerOperand()))
          return false;
        continue;
      }
      if (const auto *Load = llvm::dyn_cast<llvm::LoadInst>(User)) {
        if (!DataOnly(Load->getPointerOperand()))
          return false;
        Taint(*Load);
        continue;
      }
      if (User->isTerminator()) {
        // Its own condition in the next iteration, or one of what it
        // guards (a loop of its own).
        if (User != &Branch && !Region.contains(User->getParent()) &&
            !Partners.contains(User))
          return false;
        continue;
      }
      if (const auto *Call = llvm::dyn_cast<llvm::CallBase>(User)) {
        // The value a warp shuffle moves between lanes: what it returns is
        // data of the same kind.
        if (!PureCall(*Call) &&
            (!Call->isArgOperand(&Use) ||
             shuffledArgument(*Call) != Call->getArgOperandNo(&Use)))
          return false;
      } else if (User->mayReadOrWriteMemory() ||
                 !(llvm::isa<llvm::BinaryOperator>(User) ||
                   llvm::isa<llvm::UnaryOperator>(User) ||
                   llvm::isa<llvm::CastInst>(User) ||
                   llvm::isa<llvm::CmpInst>(User) ||
                   llvm::isa<llvm::SelectInst>(User) ||
                   llvm::isa<llvm::PHINode>(User) ||
                   llvm::isa<llvm::GetElementPtrInst>(User) ||
                   llvm::isa<llvm::FreezeInst>(User) ||
                   llvm::isa<llvm::ExtractValueInst>(User) ||
                   llvm::isa<llvm::InsertValueInst>(User) ||
                   llvm::isa<llvm::ExtractElementInst>(User) ||
                   llvm::isa<llvm::InsertElementInst>(User) ||
                   llvm::isa<llvm::ShuffleVectorInst>(User))) {
        return false;
      }
      Taint(*User);
    }
  }
  for (const llvm::Value *Value : Tainted)
    if (const auto *Phi = llvm::dyn_cast<llvm::PHINode>(Value);
        Phi && Phi->getParent() == L.getHeader())
      HeaderPhis.insert(Phi);
  return true;
}

/// The branches of \p L that decide only data (decidesOnlyData), checked
/// together: the largest set of which each decides only data and the
/// conditions of the others.
struct DataOnlyBranches {
  llvm::SmallPtrSet<const llvm::Instruction *, 8> Branches;
  /// Those global accesses depend on.
  llvm::SmallPtrSet<const llvm::Instruction *, 8> GuardingGlobal;
  /// The loop's header phis they change (a writer's position): data, which
  /// needs neither a fixed step nor a period.
  llvm::SmallPtrSet<const llvm::PHINode *, 4> HeaderPhis;
};

DataOnlyBranches dataOnlyBranches(const llvm::Loop &L, FunctionFacts &Facts,
                                  const llvm::Function &Kernel) {
  DataOnlyBranches Result;
  auto &[Branches, GuardingGlobal, HeaderPhis] = Result;
  const llvm::BasicBlock *Exiting = definedExitingBlock(L);
  for (const llvm::BasicBlock *Block : L.blocks()) {
    const llvm::Instruction *Terminator = Block->getTerminator();
    const auto *Branch = llvm::dyn_cast<llvm::BranchInst>(Terminator);
    if (Block != Exiting && ((Branch && Branch->isConditional()) ||
                             llvm::isa<llvm::SwitchInst>(Terminator)))
      Branches.insert(Terminator);
  }
  // Each round drops the branches whose values reach what is no longer in
  // the set; a handful of rounds at most in practice.
  for (bool Dropped = true; Dropped && !Branches.empty();) {
    Dropped = false;
    GuardingGlobal.clear();
    HeaderPhis.clear();
    for (const llvm::Instruction *Branch :
         llvm::SmallVector<const llvm::Instruction *, 8>(Branches.begin(),
                                                         Branches.end())) {
      bool Global = false;
      if (!decidesOnlyData(*Branch, L, Facts, Kernel, Branches, Global,
                           HeaderPhis)) {
        Branches.erase(Branch);
        Dropped = true;
      } else if (Global) {
        GuardingGlobal.insert(Branch);
      }
    }
  }
  return Result;
}

} // namespace

bool IrExecution::unobservableLoop(const llvm::Loop &L, FunctionFacts &Facts) {
  auto Known = Facts.Unobservable.find(&L);
  if (Known != Facts.Unobservable.end())
    return Known->second;
  auto Decide = [&]() {
    if (!L.getExitBlock() || !L.getExitingBlock())
      return false;
    for (const llvm::BasicBlock *Block : L.blocks())
      for (const llvm::Instruction &I : *Block) {
        for (const llvm::User *U : I.users()) {
          const auto *User = llvm::dyn_cast<llvm::Instruction>(U);
          if (!User || !L.contains(User))
            return false;
        }
        if (llvm::isa<llvm::FenceInst>(I))
          return false;
        llvm::SmallVector<std::pair<const llvm::Value *, bool>, 2> Pointers;
        if (memoryOperands(I, Pointers)) {
          for (auto [Pointer, Writes] : Pointers) {
            Reached Memory = memoryReachedOrLoaded(Pointer, KernelFunction);
            if (Memory == Reached::Global && !Options.GlobalAccessesObserved)
              continue;
            // A private load reads what was stored before the loop.
            if (Memory == Reached::Private && !Writes)
              continue;
            return false;
          }
          continue;
        }
        if (const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I)) {
          // Math and special registers only: no barrier, shuffle, vote or
          // anything that could order or reach shared memory.
          const llvm::Function *Callee = Call->getCalledFunction();
          if (Call->isInlineAsm() || Call->isConvergent() || !Callee ||
              !(Call->doesNotAccessMemory() ||
                llvm::isa<llvm::DbgInfoIntrinsic>(Call) ||
                Callee->getIntrinsicID() == llvm::Intrinsic::lifetime_start ||
                Callee->getIntrinsicID() == llvm::Intrinsic::lifetime_end ||
                Callee->getIntrinsicID() == llvm::Intrinsic::assume))
            return false;
          continue;
        }
        if (I.mayReadOrWriteMemory())
          return false;
      }
    return true;
  };
  bool Result = Decide();
  Facts.Unobservable[&L] = Result;
  return Result;
}

const ClosedFormFacts &IrExecution::closedFormFacts(const llvm::Loop &L,
                                                    FunctionFacts &Facts) {
  auto Known = Facts.ClosedForms.find(&L);
  if (Known != Facts.ClosedForms.end())
    return Known->second;
  llvm::ScalarEvolution &SE = Facts.Evolution;
  ClosedFormFacts Result;
  LoopMotion Motion(L, SE);
  // The branches that decide only data, computed when the first branch
  // that changes between iterations asks.
  std::optional<DataOnlyBranches> DataBranches;
  auto DecidesOnlyData = [&](const llvm::Instruction &Branch) {
    if (!DataBranches)
      DataBranches = dataOnlyBranches(L, Facts, KernelFunction);
    return DataBranches->Branches.contains(&Branch);
  };
  auto Obstacle = [&]() -> std::string {
    const llvm::BasicBlock *Exiting = definedExitingBlock(L);
    if (!Exiting)
      return "it has more than one exit";
    if (llvm::isa<llvm::SCEVCouldNotCompute>(SE.getBackedgeTakenCount(&L)) &&
        !exitTest(L, SE))
      return "its trip count has no closed form";
    for (const llvm::BasicBlock *Block : L.blocks()) {
      const llvm::Loop *Inner = Facts.Loops.getLoopFor(Block);
      for (const llvm::Instruction &I : *Block) {
        llvm::SmallVector<std::pair<const llvm::Value *, bool>, 2> Pointers;
        if (memoryOperands(I, Pointers)) {
          for (auto [Pointer, Writes] : Pointers) {
            Reached Memory = memoryReached(Pointer, KernelFunction);
            if (Memory == Reached::Private)
              continue;
            std::vector<const llvm::SCEVCastExpr *> Widened;
            bool MayWrap = false;
            if (const llvm::SCEV *Step =
                    Motion.movesAffinely(Pointer, Widened, Layout, MayWrap)) {
              Result.Accesses.push_back(
                  {&I, Pointer, Step, Memory == Reached::Global, Writes});
              for (const llvm::SCEVCastExpr *Cast : Widened)
                Result.Widened.push_back(
                    {Cast, &I,
                     MayWrap && llvm::isa<llvm::SCEVZeroExtendExpr>(Cast)});
              continue;
            }
            // Global costs are sampled then; shared ones must be exact.
            if (Memory == Reached::Global) {
              if (Result.GlobalApproximation.empty())
                Result.GlobalApproximation =
                    "the global address" + atLine(I) +
                    " is not an affine function of the iteration";
              continue;
            }
            return "the address" + atLine(I) +
                   " is not an affine function of the iteration";
          }
          if (const auto *Transfer = llvm::dyn_cast<llvm::MemIntrinsic>(&I);
              Transfer && !Motion.sameEveryIteration(Transfer->getLength()))
            return "the length of the copy" + atLine(I) +
                   " changes between iterations";
          if (const llvm::Value *Leading = wmmaLeadingDimension(I);
              Leading && !Motion.sameEveryIteration(Leading))
            return "the leading dimension of the wmma fragment" + atLine(I) +
                   " changes between iterations";
          continue;
        }
        if (const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
            Call && asyncCopyOperands(*Call)) {
          // A cp.async whose shared destination stays (a buffer the loop
          // rotates): the copies in flight where the iterations are skipped
          // are those the last skipped iteration would have left. Its
          // global source moves affinely.
          AsyncCopyOperands Copy = *asyncCopyOperands(*Call);
          // The toolkit's cuda_pipeline.h takes the shared address through
          // __nvvm_get_smem_pointer(p): p's.
          const llvm::Value *Destination = Copy.Destination;
          if (const llvm::Value *Pointer = sharedPointerOf(*Destination))
            Destination = Pointer;
          std::vector<const llvm::SCEVCastExpr *> Widened;
          const llvm::SCEV *Stays =
              SE.isSCEVable(Destination->getType())
                  ? Motion.stepIn(
                        SE.getSCEV(const_cast<llvm::Value *>(Destination)),
                        &Widened)
                  : nullptr;
          if (!Stays || !Stays->isZero())
            return "the destination of the copy" + atLine(I) +
                   " moves from one iteration to the next";
          if (Copy.Guard && !Motion.sameEveryIteration(Copy.Guard)) {
            // `k + off < K` (CUTLASS's residue predicate): it switches
            // once, as a branch on such a comparison does, and the skip
            // keeps to one side of the switch.
            const llvm::Value *Guard = Copy.Guard;
            if (const auto *Widen = llvm::dyn_cast<llvm::ZExtInst>(Guard))
              Guard = Widen->getOperand(0);
            const auto *Compare = llvm::dyn_cast<llvm::ICmpInst>(Guard);
            if (!Compare || !Compare->isRelational() || !L.contains(Compare) ||
                !Motion.linear(Compare->getOperand(0)) ||
                !Motion.linear(Compare->getOperand(1)))
              return "the guard of the copy" + atLine(I) +
                     " changes between iterations";
            Result.MonotoneBranches.push_back({Compare, &I});
          }
          // The global address asm takes (`cvta.to.global`, an
          // addrspacecast and a ptrtoint in the IR) is the pointer's own.
          const llvm::Value *Source = Copy.Source;
          if (const auto *ToInt =
                  llvm::dyn_cast<llvm::PtrToIntOperator>(Source))
            Source = ToInt->getPointerOperand();
          Source = Source->stripPointerCasts();
          bool MayWrap = false;
          const llvm::SCEV *Step =
              SE.isSCEVable(Source->getType())
                  ? Motion.movesAffinely(Source, Widened, Layout, MayWrap)
                  : nullptr;
          if (!Step || MayWrap)
            return "the source of the copy" + atLine(I) +
                   " is not an affine function of the iteration";
          Result.Accesses.push_back({&I, Source, Step, /*Global=*/true,
                                     /*Writes=*/false, /*CopySource=*/true});
          for (const llvm::SCEVCastExpr *Cast : Widened)
            Result.Widened.push_back({Cast, &I, false});
          continue;
        }
        if (const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
            Call && sharedPointerOf(*Call))
          continue; // an address conversion, nothing more
        if (const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I)) {
          if (Call->isInlineAsm()) {
            if (inlinePtxMovesNoModelledData(*Call))
              continue;
            return "inline assembly" + atLine(I);
          }
          bool Atomic = false;
          if (!touchesNoModelledMemory(*Call) &&
              !isBodilessCall(*Call, Atomic) &&
              !returnsThroughPrivatePointers(*Call, KernelFunction))
            return "a call" + atLine(I);
          continue;
        }
        const llvm::Value *Condition = nullptr;
        if (const auto *Branch = llvm::dyn_cast<llvm::BranchInst>(&I))
          Condition =
              Branch->isConditional() ? Branch->getCondition() : nullptr;
        else if (const auto *Switch = llvm::dyn_cast<llvm::SwitchInst>(&I))
          Condition = Switch->getCondition();
        if (!Condition || Block == Exiting ||
            spaceTestOfOneSpace(Condition, KernelFunction))
          continue;
        // The same in every iteration, or repeating with phis that must
        // then be periodic; a branch that decides only data needs neither
        // (a writer's position that stops advancing at the image's end).
        llvm::SmallPtrSet<const llvm::PHINode *, 4> FrozenBefore =
            Motion.Frozen;
        if (Motion.sameEveryIteration(Condition)) {
          if (Motion.Frozen.size() == FrozenBefore.size())
            continue;
          if (!DecidesOnlyData(I))
            continue;
          Motion.Frozen = std::move(FrozenBefore);
        }
        // The exit of an inner loop that runs as often in every iteration.
        if (Inner != &L && definedExitingBlock(*Inner) == Block) {
          const llvm::SCEV *Trips = SE.getBackedgeTakenCount(Inner);
          if (!llvm::isa<llvm::SCEVCouldNotCompute>(Trips) &&
              Motion.repeats(Trips))
            continue;
          std::optional<ExitTest> Test = exitTest(*Inner, SE);
          if (Test && Motion.repeats(Test->Value->getStart()) &&
              Motion.repeats(Test->Value->getStepRecurrence(SE)) &&
              Motion.repeats(Test->Bound))
            continue;
          if (Test && sameDistanceEveryIteration(*Test, Motion, SE))
            continue;
          return "the trip count of the inner loop" + atLine(I) +
                 " changes between iterations";
        }
        if (const auto *Compare = llvm::dyn_cast<llvm::ICmpInst>(Condition);
            Compare && Compare->isRelational() &&
            llvm::isa<llvm::BranchInst>(I) && L.contains(Compare) &&
            Motion.linear(Compare->getOperand(0)) &&
            Motion.linear(Compare->getOperand(1))) {
          Result.MonotoneBranches.push_back({Compare, &I});
          continue;
        }
        llvm::SmallPtrSet<const llvm::Value *, 16> Seen;
        if (neverKnownInLoop(Condition, L, KernelFunction, Seen))
          continue;
        if (DecidesOnlyData(I)) {
          if (DataBranches->GuardingGlobal.contains(&I) &&
              Result.GlobalApproximation.empty())
            Result.GlobalApproximation =
                "the global accesses the branch" + atLine(I) +
                " guards are taken as those of the iterations run, the branch "
                "changing between iterations";
          continue;
        }
        return "the branch" + atLine(I) + " changes between iterations";
      }
    }
    return "";
  };
  Result.Obstacle = Obstacle();
  if (Result.Obstacle.empty())
    for (const llvm::PHINode *Phi : Motion.Frozen)
      // What branches that decide only data change is data: a global
      // address through it is approximated (GlobalApproximation) and no
      // shared address or other branch reads it.
      if (!DataBranches || !DataBranches->HeaderPhis.contains(Phi))
        Result.Frozen.push_back(Phi);
  // A step that depends on a rotating value moves the iterations of each
  // phase by its own offset: no longer one shift for all.
  for (const ClosedFormFacts::Access &Access : Result.Accesses)
    if (Result.Obstacle.empty() &&
        llvm::SCEVExprContains(Access.Step, [&](const llvm::SCEV *Part) {
          const auto *Unknown = llvm::dyn_cast<llvm::SCEVUnknown>(Part);
          return Unknown &&
                 llvm::is_contained(Result.Frozen, Unknown->getValue());
        }))
      Result.Obstacle = "the step of the address" +
                        atLine(*Access.Instruction) +
                        " depends on a value that rotates";

  // Iterations the compiled code merges into one wider access are skipped
  // whole groups at a time, so that the bank model sees every group whole.
  // The merged iterations are those of the access's innermost loop, or of
  // the loop CompiledMergeDepths names around it.
  for (const llvm::BasicBlock *Block : L.blocks()) {
    for (const llvm::Instruction &I : *Block) {
      if (!llvm::isa<llvm::LoadInst>(I) && !llvm::isa<llvm::StoreInst>(I))
        continue;
      const clang::Expr *Site = Sites.accessSite(I);
      auto Compiled = Site ? Options.CompiledAccessBytes.find(Site)
                           : Options.CompiledAccessBytes.end();
      if (Compiled == Options.CompiledAccessBytes.end())
        continue;
      const llvm::Loop *Merged = Facts.Loops.getLoopFor(Block);
      for (unsigned Out = Options.CompiledMergeDepths.lookup(Site);
           Out > 0 && Merged; --Out)
        Merged = Merged->getParentLoop();
      if (Merged != &L)
        continue;
      llvm::Type *Accessed = llvm::isa<llvm::LoadInst>(I)
                                 ? I.getType()
                                 : I.getOperand(0)->getType();
      uint64_t Width = Layout.getTypeStoreSize(Accessed);
      if (Width && Compiled->second > Width)
        Result.Group = std::max<unsigned>(Result.Group,
                                          Compiled->second / unsigned(Width));
    }
  }
  return Facts.ClosedForms.try_emplace(&L, std::move(Result)).first->second;
}

std::optional<uint64_t>
IrExecution::monotoneSwitch(const llvm::ICmpInst *Compare, const llvm::Loop &L,
                            CallFrame &Frame, const ThreadMask &Looping,
                            uint64_t First, uint64_t Last) {
  llvm::ScalarEvolution &SE = Frame.Facts->Evolution;
  llvm::ICmpInst::Predicate Predicate = Compare->getPredicate();
  bool Signed = llvm::ICmpInst::isSigned(Predicate);
  unsigned Bits = Compare->getOperand(0)->getType()->getIntegerBitWidth();
  auto Wide = [&](const llvm::APInt &V) {
    return Signed ? V.sext(128) : V.zext(128);
  };
  // Each side at iteration K, exact in 128 bits: as a line in K, a side
  // that stays in its type at both ends stays in it in between.
  struct Side {
    llvm::APInt Start, Step;
  };
  const llvm::SCEV *Left =
      SE.getSCEV(const_cast<llvm::Value *>(Compare->getOperand(0)));
  const llvm::SCEV *Right =
      SE.getSCEV(const_cast<llvm::Value *>(Compare->getOperand(1)));
  auto SideOf = [&](const llvm::SCEV *S, unsigned T) -> std::optional<Side> {
    const auto *Recurrence = llvm::dyn_cast<llvm::SCEVAddRecExpr>(S);
    if (!Recurrence || Recurrence->getLoop() != &L) {
      std::optional<llvm::APInt> V = evolutionValue(S, Frame, T, Looping);
      if (!V)
        return std::nullopt;
      return Side{Wide(*V), llvm::APInt(128, 0)};
    }
    std::optional<llvm::APInt> Start =
        evolutionValue(Recurrence->getStart(), Frame, T, Looping);
    std::optional<llvm::APInt> Step =
        evolutionValue(Recurrence->getStepRecurrence(SE), Frame, T, Looping);
    if (!Start || !Step)
      return std::nullopt;
    return Side{Wide(*Start), Step->sext(128)};
  };
  auto At = [&](const Side &S, uint64_t K) {
    return S.Start + S.Step * llvm::APInt(128, K);
  };
  auto Fits = [&](const llvm::APInt &V) { return Wide(V.trunc(Bits)) == V; };
  uint64_t Switch = UINT64_MAX;
  for (unsigned T : Looping.set_bits()) {
    std::optional<Side> A = SideOf(Left, T);
    std::optional<Side> B = SideOf(Right, T);
    if (!A || !B)
      return std::nullopt;
    for (uint64_t K : {First, Last})
      if (!Fits(At(*A, K)) || !Fits(At(*B, K)))
        return std::nullopt;
    auto Taken = [&](uint64_t K) {
      return llvm::ICmpInst::compare(At(*A, K).trunc(Bits),
                                     At(*B, K).trunc(Bits), Predicate);
    };
    bool Before = Taken(First);
    if (Taken(Last) == Before)
      continue;
    // The first iteration on the other side.
    uint64_t Same = First, Other = Last;
    while (Other - Same > 1) {
      uint64_t Middle = Same + (Other - Same) / 2;
      (Taken(Middle) == Before ? Same : Other) = Middle;
    }
    Switch = std::min(Switch, Other);
  }
  return Switch;
}

ClosedFormDecision IrExecution::closedForm(CallFrame &Frame,
                                           const llvm::Loop &L, unsigned Done,
                                           const ThreadMask &Looping) {
  ClosedFormDecision Decision;
  if (Frame.RunningToEnd.contains(&L)) {
    // Already skipped: what is left are the last iterations, run for real.
    Decision.Continue = true;
    return Decision;
  }
  const ClosedFormFacts &Facts = closedFormFacts(L, *Frame.Facts);
  Decision.Obstacle = Facts.Obstacle;
  if (!Decision.Obstacle.empty())
    return Decision;
  llvm::ScalarEvolution &SE = Frame.Facts->Evolution;
  unsigned Group = Facts.Group;
  if (Done < std::max(2u, Group) || Done % Group != 0) {
    // Not enough iterations seen yet to compare one with the next, or in
    // the middle of a group.
    Decision.Continue = true;
    return Decision;
  }
  // The period of the frozen phis: the values they started the last
  // iteration with are those of an iteration 1..MaxPeriod before.
  unsigned Period = 1;
  if (!Facts.Frozen.empty()) {
    const auto &History = Frame.FrozenHistory[&L];
    auto SameState = [&](size_t A, size_t B) {
      for (size_t Phi = 0; Phi < Facts.Frozen.size(); ++Phi) {
        const ThreadValue &X = History[A][Phi], &Y = History[B][Phi];
        for (unsigned T : Looping.set_bits())
          if (!X.Known[T] || !Y.Known[T] || X.Values[T] != Y.Values[T])
            return false;
      }
      return true;
    };
    Period = 0;
    for (unsigned P = 1; P <= MaxPeriod && P < History.size() && !Period; ++P)
      if (SameState(History.size() - 1, History.size() - 1 - P))
        Period = P;
    if (!Period) {
      // Too few iterations yet to see a period, or none.
      Decision.Continue = History.size() <= MaxPeriod;
      if (!Decision.Continue)
        Decision.Obstacle = "a value the addresses or branches depend on" +
                            atLine(*Facts.Frozen.front()) +
                            " neither moves by a fixed step nor repeats";
      return Decision;
    }
  }
  unsigned Unit = std::lcm(Period, Group);
  // A cp.async's cost depends on the 128-byte lines its source reads: the
  // unit covers a whole period of their alignment, so that the unit run
  // after the skip costs what each skipped one did.
  for (const ClosedFormFacts::Access &Access : Facts.Accesses) {
    if (!Access.CopySource)
      continue;
    std::optional<int64_t> Uniform;
    for (unsigned T : Looping.set_bits()) {
      std::optional<llvm::APInt> V =
          evolutionValue(Access.Step, Frame, T, Looping);
      if (!V || (Uniform && V->getSExtValue() != *Uniform)) {
        Decision.Obstacle = "the source of the copy" +
                            atLine(*Access.Instruction) +
                            " moves by a different step in each thread";
        return Decision;
      }
      Uniform = V->getSExtValue();
    }
    uint64_t Moved = Uniform ? uint64_t(std::llabs(*Uniform)) % 128 : 0;
    unsigned LinePeriod =
        Moved ? unsigned(128 / std::gcd(Moved, uint64_t(128))) : 1;
    Unit = std::lcm(Unit, LinePeriod);
  }

  // The trip count of each thread that goes on.
  uint64_t Fewest = UINT64_MAX, Most = 0;
  bool Agree = tripsAgree(L, Frame, Looping);
  for (unsigned T : Looping.set_bits()) {
    std::optional<uint64_t> Trips = threadTrips(L, Frame, T, Looping);
    if (!Trips || *Trips > (uint64_t(1) << 32)) {
      Decision.Obstacle = "the trip count is not known for every thread";
      return Decision;
    }
    Fewest = std::min(Fewest, *Trips);
    Most = std::max(Most, *Trips);
    if (Agree)
      break;
  }
  // The whole units of iterations skipped; the unit run after the skip
  // stands for them, and every thread still loops through it.
  uint64_t ResumeAt =
      Fewest >= Done + Unit ? Done + (Fewest - Unit - Done) / Unit * Unit : 0;
  if (Most - std::min<uint64_t>(ResumeAt, Most) > MaxRealTail + Unit) {
    Decision.Obstacle =
        "the threads' trip counts differ by " + std::to_string(Most - Fewest);
    return Decision;
  }

  // A branch on the iteration against a bound goes one way up to some
  // iteration and the other after it: the skipped iterations and the unit
  // run for them must all be on one side. A switch close ahead is run
  // through first; one further on ends the skip before it, when the rest
  // is short enough to run.
  for (const ClosedFormFacts::MonotoneBranch &Branch : Facts.MonotoneBranches) {
    if (ResumeAt <= Done)
      break;
    uint64_t Last = ResumeAt + Unit - 1;
    std::optional<uint64_t> Switch =
        monotoneSwitch(Branch.Compare, L, Frame, Looping, Done, Last);
    if (!Switch) {
      Decision.Obstacle = "the branch" + atLine(*Branch.Branch) +
                          " compares values not known for every thread, or "
                          "that wrap around";
      return Decision;
    }
    if (*Switch > Last)
      continue;
    // The skip ends before the switch when what is left after it can run.
    uint64_t Before = *Switch >= Done + 2 * Unit
                          ? Done + (*Switch - Done) / Unit * Unit - Unit
                          : Done;
    if (Before > Done && Most - Before <= MaxRealTail + Unit) {
      ResumeAt = Before;
      continue;
    }
    if (*Switch - Done <= MaxRealTail) {
      Decision.Continue = true;
      return Decision;
    }
    Decision.Obstacle = "the branch" + atLine(*Branch.Branch) +
                        " changes sides at iteration " +
                        std::to_string(*Switch) + " of " + std::to_string(Most);
    return Decision;
  }

  // Widened indices must not wrap before the last iteration.
  for (const ClosedFormFacts::WidenedIndex &Index : Facts.Widened) {
    if (Index.MayWrap)
      continue; // it wraps inside its array, by bank cycles
    const llvm::SCEVCastExpr *Cast = Index.Cast;
    const llvm::Instruction *Access = Index.Access;
    const llvm::SCEV *Narrow = Cast->getOperand();
    // The narrow value's step: a recurrence's own, or a moving sum's.
    const llvm::SCEV *NarrowStep = nullptr;
    if (const auto *Recurrence = llvm::dyn_cast<llvm::SCEVAddRecExpr>(Narrow))
      NarrowStep = Recurrence->getStepRecurrence(SE);
    else
      NarrowStep = LoopMotion(L, SE).stepIn(Narrow, nullptr);
    bool Signed = llvm::isa<llvm::SCEVSignExtendExpr>(Cast);
    unsigned Bits = Narrow->getType()->getIntegerBitWidth();
    // An inner loop's recurrence: its value where the inner loop ended and
    // its start, the two ends of what it goes through in each iteration.
    const auto *InnerRecurrence = llvm::dyn_cast<llvm::SCEVAddRecExpr>(Narrow);
    if (InnerRecurrence && InnerRecurrence->getLoop() == &L)
      InnerRecurrence = nullptr;
    for (unsigned T : Looping.set_bits()) {
      std::optional<llvm::APInt> Now =
          evolutionValue(Narrow, Frame, T, Looping);
      std::optional<llvm::APInt> Step =
          NarrowStep ? evolutionValue(NarrowStep, Frame, T, Looping)
                     : std::nullopt;
      if (InnerRecurrence && Now && Step) {
        std::optional<llvm::APInt> Start =
            evolutionValue(InnerRecurrence->getStart(), Frame, T, Looping);
        auto WideStart = [&](const llvm::APInt &V) {
          return Signed ? V.sext(128) : V.zext(128);
        };
        if (!Start) {
          Now.reset();
        } else {
          llvm::APInt Last = WideStart(*Start) +
                             Step->sext(128) * llvm::APInt(128, Most - Done);
          if (WideStart(Last.trunc(Bits)) != Last) {
            Decision.Obstacle = "an index of the access" + atLine(*Access) +
                                " wraps around its " + std::to_string(Bits) +
                                "-bit type before the last iteration";
            return Decision;
          }
        }
      }
      if (!Now || !Step) {
        Decision.Obstacle = "an index of the access" + atLine(*Access) +
                            " is not known for every thread";
        return Decision;
      }
      // In 128 bits: the value in the last iteration, without wrapping.
      auto Wide = [&](const llvm::APInt &V) {
        return Signed ? V.sext(128) : V.zext(128);
      };
      llvm::APInt Last =
          Wide(*Now) + Step->sext(128) * llvm::APInt(128, Most - Done);
      llvm::APInt Narrow = Last.trunc(Bits);
      if (Wide(Narrow) != Last) {
        Decision.Obstacle = "an index of the access" + atLine(*Access) +
                            " wraps around its " + std::to_string(Bits) +
                            "-bit type before the last iteration";
        return Decision;
      }
    }
  }

  // The step of every access, the same for every thread: shared addresses
  // by a multiple of a word, global ones by a multiple of a 128-byte line.
  bool SharedMoves = false, SharedWrites = false;
  // The shared variables the moving reads address (unknown: an address not
  // based on a shared variable of the module).
  std::vector<const clang::ValueDecl *> MovingReadArrays;
  bool MovingReadArraysKnown = true;
  std::string GlobalApproximation = Facts.GlobalApproximation;
  // Why the rest of the loop must run, when it must; and the address that
  // moves through a layout a fix tries, which only an estimate skips.
  std::string RunForReal, ThroughLayout;
  for (const ClosedFormFacts::Access &Access : Facts.Accesses) {
    std::optional<int64_t> Uniform;
    bool Differs = false;
    for (unsigned T : Looping.set_bits()) {
      std::optional<llvm::APInt> V =
          evolutionValue(Access.Step, Frame, T, Looping);
      if (!V || (Uniform && V->getSExtValue() != *Uniform)) {
        Differs = true;
        break;
      }
      Uniform = V->getSExtValue();
    }
    if (Access.Global) {
      // A copy's source repeats its lines with the unit (above).
      if (Access.CopySource)
        continue;
      if (GlobalApproximation.empty() && (Differs || *Uniform % 128 != 0))
        GlobalApproximation =
            "the global address" + atLine(*Access.Instruction) +
            (Differs ? std::string(" moves by a different step in each thread")
                     : " moves by " + std::to_string(*Uniform) +
                           " bytes per iteration, which changes its 128-byte "
                           "lines");
      continue;
    }
    if (Differs) {
      Decision.Obstacle = "the address" + atLine(*Access.Instruction) +
                          " moves by a different step in each thread";
      return Decision;
    }
    SharedWrites |= Access.Writes;
    if (!Uniform || *Uniform == 0)
      continue;
    const auto *Variable = llvm::dyn_cast<llvm::GlobalVariable>(
        llvm::getUnderlyingObject(Access.Pointer));
    const clang::ValueDecl *Array =
        Variable ? objectOfGlobal(*Variable).Decl : nullptr;
    if (!Access.Writes) {
      if (Array && !llvm::is_contained(MovingReadArrays, Array))
        MovingReadArrays.push_back(Array);
      MovingReadArraysKnown &= Array != nullptr;
    }
    // A layout a fix proof tries moves the subscripts, not the address: its
    // rows may not move by whole words, a swizzle not uniformly at all.
    const auto *Declared = llvm::dyn_cast_or_null<clang::VarDecl>(Array);
    if (Declared && Options.LayoutOverrides.count(Declared) &&
        ThroughLayout.empty())
      ThroughLayout = "the address" + atLine(*Access.Instruction) +
                      " moves through '" + Declared->getName().str() +
                      "' in the layout a fix tries";
    if (*Uniform % 4 != 0) {
      Decision.Obstacle = "the address" + atLine(*Access.Instruction) +
                          " moves by " + std::to_string(*Uniform) +
                          " bytes, not a whole number of words";
      return Decision;
    }
    SharedMoves = true;
  }
  // The iteration just run counts too: it has not been closed yet.
  bool BarrierEach = !Frame.IterationWithoutBarrier.contains(&L) &&
                     BlockBarriers != Frame.BarriersAtIterationStart.lookup(&L);
  // Reads alone that move with no barrier between iterations meet no
  // hazard among themselves; whether the barrier interval has writes too
  // the race analysis tells (UnseparatedReads).
  bool UnseparatedReads = SharedMoves && !BarrierEach && !SharedWrites;
  if (SharedMoves && !BarrierEach && !UnseparatedReads)
    RunForReal = "its shared accesses move from one iteration to the next "
                 "with no barrier between them";
  bool Estimate = false;
  if (RunForReal.empty() && !ThroughLayout.empty()) {
    RunForReal = ThroughLayout;
    Estimate = Options.EstimateThroughLayouts;
  }
  if (!RunForReal.empty()) {
    // Hazards may span any two iterations, or the costs of the layout a
    // fix tries do not repeat: the rest is run instead, when it costs (at
    // the cost of the iteration just run) at most four times the
    // enumeration bound for an outermost loop, a quarter of it for a loop
    // that an outer one repeats, and half of what is left of the budget.
    double PerIteration =
        double(Summary.Steps - Frame.IterationStart.lookup(&L) + 1);
    double Rest = double(Most - Done) * PerIteration;
    double Bound = double(enumerationBound());
    double Left = Options.StepBudget > Summary.Steps
                      ? double(Options.StepBudget - Summary.Steps)
                      : 0;
    // Where a skip can estimate instead (a fix's proof), an outermost loop
    // runs for real only up to the bound itself.
    double Outermost = Estimate ? Bound : Bound * 4;
    if (Rest <= (L.getParentLoop() ? Bound / 4 : Outermost) &&
        Rest <= Left / 2) {
      Decision.Continue = true;
      Frame.RunningToEnd.insert(&L);
      return Decision;
    }
    if (!Estimate) {
      Decision.Obstacle = RunForReal;
      return Decision;
    }
  }
  Decision.Continue = true;
  if (ResumeAt > Done) {
    Decision.ResumeAt = unsigned(ResumeAt);
    Decision.GlobalApproximation = std::move(GlobalApproximation);
    Decision.LayoutApproximation = std::move(ThroughLayout);
    Decision.SeparatedByBarriers = BarrierEach;
    Decision.UnseparatedReads = UnseparatedReads;
    if (UnseparatedReads && MovingReadArraysKnown)
      Decision.MovingReadArrays = std::move(MovingReadArrays);
    Decision.Unit = Unit;
  }
  return Decision;
}

void IrExecution::recordFrozenPhis(CallFrame &Frame, const llvm::Loop &L,
                                   bool Entering) {
  if (Entering) {
    Frame.FrozenHistory.erase(&L);
    // A loop that may be skipped: its facts now, so that the history of
    // its frozen phis starts with its first iteration.
    if (!Frame.Trips.count(&L))
      return;
    closedFormFacts(L, *Frame.Facts);
  }
  auto Facts = Frame.Facts->ClosedForms.find(&L);
  if (Facts == Frame.Facts->ClosedForms.end() || Facts->second.Frozen.empty())
    return;
  std::deque<std::vector<ThreadValue>> &History = Frame.FrozenHistory[&L];
  std::vector<ThreadValue> State;
  for (const llvm::PHINode *Phi : Facts->second.Frozen) {
    auto Slot = Frame.Registers.find(Phi);
    State.push_back(Slot != Frame.Registers.end() ? Slot->second : unknown(""));
  }
  History.push_back(std::move(State));
  if (History.size() > MaxPeriod + 1)
    History.pop_front();
}

void IrExecution::fastForward(CallFrame &Frame, const llvm::Loop &L,
                              const ThreadMask &Threads,
                              const ClosedFormDecision &Decision) {
  llvm::ScalarEvolution &SE = Frame.Facts->Evolution;
  unsigned From = Frame.Iterations.lookup(&L);
  unsigned To = *Decision.ResumeAt;
  llvm::APInt Skipped(64, To - From);
  for (const llvm::PHINode &Phi : L.getHeader()->phis()) {
    auto Slot = Frame.Registers.find(&Phi);
    if (Slot == Frame.Registers.end())
      continue;
    ThreadValue &Value = Slot->second;
    const auto *Recurrence =
        SE.isSCEVable(Phi.getType())
            ? llvm::dyn_cast<llvm::SCEVAddRecExpr>(
                  SE.getSCEV(const_cast<llvm::PHINode *>(&Phi)))
            : nullptr;
    if (llvm::is_contained(closedFormFacts(L, *Frame.Facts).Frozen, &Phi))
      continue; // Periodic: the skip is a whole number of periods.
    if (!Recurrence || Recurrence->getLoop() != &L || !Recurrence->isAffine()) {
      // A value the loop accumulates: not an address or a branch (the
      // closed form proved that), only data.
      ThreadValue Lost = unknown(
          "a value accumulated over iterations the evaluation computed in "
          "closed form");
      Value.assign(Lost, Threads);
      continue;
    }
    unsigned Bits = Phi.getType()->isPointerTy() ? 64 : bitsOf(Phi.getType());
    for (unsigned T : Threads.set_bits()) {
      if (!Value.Known[T])
        continue;
      std::optional<llvm::APInt> Step =
          evolutionValue(Recurrence->getStepRecurrence(SE), Frame, T, Threads);
      if (!Step) {
        Value.Known.reset(T);
        continue;
      }
      int64_t Moved = int64_t(uint64_t(Value.Values[T]) +
                              uint64_t(Step->sextOrTrunc(64).getSExtValue()) *
                                  Skipped.getZExtValue());
      Value.Values[T] = truncateSigned(Moved, Bits);
    }
  }
  // What the skipped iterations stored in the threads' own arrays is lost.
  for (const llvm::BasicBlock *Block : L.blocks())
    for (const llvm::Instruction &I : *Block) {
      llvm::SmallVector<std::pair<const llvm::Value *, bool>, 2> Pointers;
      memoryOperands(I, Pointers);
      // What a function without a body returned through pointers, too.
      if (const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
          Call && returnsThroughPrivatePointers(*Call, KernelFunction))
        for (const llvm::Use &Argument : Call->args())
          if (Argument->getType()->isPointerTy())
            Pointers.push_back({Argument.get(), true});
      for (auto [Pointer, Writes] : Pointers) {
        if (!Writes)
          continue;
        const llvm::Value *Object = llvm::getUnderlyingObject(Pointer);
        // A called function's pointer argument may be its caller's alloca.
        const auto *Argument = llvm::dyn_cast<llvm::Argument>(Object);
        if (llvm::isa<llvm::AllocaInst>(Object))
          Locals.erase(Object);
        else if (!llvm::isa<llvm::GlobalValue>(Object) &&
                 !(Argument && Argument->getParent() == &KernelFunction))
          Locals.clear();
      }
    }
  Frame.Iterations[&L] = To;
  Frame.RunningToEnd.insert(&L);
  // The unit of iterations run next stands for the skipped units too.
  Frame.Weights[&L] = {To + Decision.Unit, (To - From) / Decision.Unit + 1};

  SkippedIterationsEvent Event;
  Event.Loop = Sites.loopStatement(L);
  Event.From = From;
  Event.To = To;
  Event.SeparatedByBarriers = Decision.SeparatedByBarriers;
  if (Decision.UnseparatedReads)
    Event.UnseparatedReads =
        Event.Loop
            ? "the loop at line " +
                  std::to_string(Ctx.getSourceManager().getExpansionLineNumber(
                      Event.Loop->getBeginLoc()))
            : std::string("a loop the compiler made");
  Event.ReadArrays = Decision.MovingReadArrays;
  Event.Threads = Threads;
  if (!Decision.GlobalApproximation.empty() && Event.Loop) {
    const clang::SourceManager &SM = Ctx.getSourceManager();
    Event.GlobalApproximation =
        "the loop at line " +
        std::to_string(SM.getExpansionLineNumber(Event.Loop->getBeginLoc())) +
        ": iterations " + std::to_string(From) + "-" + std::to_string(To - 1) +
        " were computed from the others, and " + Decision.GlobalApproximation;
  }
  Observer.onIterationsSkipped(Event);
  if (!Decision.LayoutApproximation.empty())
    loopSampled(L, "iterations " + std::to_string(From) + "-" +
                       std::to_string(To - 1) +
                       " were estimated from the others, as " +
                       Decision.LayoutApproximation);
}

} // namespace ir
} // namespace smemlint
