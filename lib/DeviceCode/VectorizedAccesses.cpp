//===--- VectorizedAccesses.cpp - Accesses nvcc merges --------------------===//

#include "DeviceCode/VectorizedAccesses.h"

#include "DeviceCode/NvptxAssumptions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopAccessAnalysis.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/KnownBits.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Scalar/InferAddressSpaces.h"
#include "llvm/Transforms/Scalar/InferAlignment.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Vectorize/LoadStoreVectorizer.h"

#include <optional>
#include <vector>

namespace smemlint {
namespace {

bool isSharedLoadOrStore(const llvm::Instruction &I) {
  const auto *Load = llvm::dyn_cast<llvm::LoadInst>(&I);
  const auto *Store = llvm::dyn_cast<llvm::StoreInst>(&I);
  if (!(Load && Load->isSimple()) && !(Store && Store->isSimple()))
    return false;
  return llvm::getLoadStorePointerOperand(&I)
             ->getType()
             ->getPointerAddressSpace() == 3;
}

/// Two shared loads or stores in one block: what the vectorizer needs to
/// merge anything.
bool hasTwoInOneBlock(const llvm::Function &F) {
  for (const llvm::BasicBlock &Block : F) {
    unsigned Found = 0;
    for (const llvm::Instruction &I : Block)
      if (isSharedLoadOrStore(I) && ++Found == 2)
        return true;
  }
  return false;
}

unsigned
knownTrailingZerosOnce(const llvm::Value *V, const llvm::DataLayout &Layout,
                       llvm::SmallPtrSetImpl<const llvm::PHINode *> &Open,
                       llvm::DenseMap<const llvm::Value *, unsigned> &Seen,
                       unsigned Depth);

/// Low bits of \p V known to be zero, following each phi's incoming values
/// as deep as its operands go: LLVM's known bits look through one level
/// under a phi only, which loses the tile a double-buffered GEMM reads after
/// its loop, `As + phi [0], [zext (shl %s, 11)]` (SGEMM_CUDA's kernel 12,
/// whose LDS.128 the H200 ran there). A phi met again on its own cycle
/// counts as unknown. \p Seen keeps each value's answer: the addresses of
/// a function share their indices, and a phi's operands would otherwise be
/// walked once per path to them.
unsigned knownTrailingZeros(const llvm::Value *V,
                            const llvm::DataLayout &Layout,
                            llvm::SmallPtrSetImpl<const llvm::PHINode *> &Open,
                            llvm::DenseMap<const llvm::Value *, unsigned> &Seen,
                            unsigned Depth = 0) {
  if (auto It = Seen.find(V); It != Seen.end())
    return It->second;
  unsigned Result = knownTrailingZerosOnce(V, Layout, Open, Seen, Depth);
  Seen[V] = Result;
  return Result;
}

unsigned
knownTrailingZerosOnce(const llvm::Value *V, const llvm::DataLayout &Layout,
                       llvm::SmallPtrSetImpl<const llvm::PHINode *> &Open,
                       llvm::DenseMap<const llvm::Value *, unsigned> &Seen,
                       unsigned Depth) {
  unsigned Bits = Layout.getTypeSizeInBits(V->getType()->getScalarType());
  unsigned Known = llvm::computeKnownBits(V, Layout).countMinTrailingZeros();
  if (Depth > 12 || Known >= Bits)
    return Known;
  auto Of = [&](const llvm::Value *Operand) {
    return knownTrailingZeros(Operand, Layout, Open, Seen, Depth + 1);
  };
  unsigned Found = 0;
  if (const auto *Phi = llvm::dyn_cast<llvm::PHINode>(V)) {
    if (!Open.insert(Phi).second)
      return Known;
    Found = Bits;
    for (const llvm::Value *Incoming : Phi->incoming_values())
      Found = std::min(Found, Of(Incoming));
    Open.erase(Phi);
  } else if (const auto *Global = llvm::dyn_cast<llvm::GlobalVariable>(V)) {
    Found = llvm::Log2(Global->getAlign().valueOrOne());
  } else if (const auto *Gep = llvm::dyn_cast<llvm::GEPOperator>(V)) {
    Found = Of(Gep->getPointerOperand());
    for (llvm::gep_type_iterator It = llvm::gep_type_begin(Gep),
                                 End = llvm::gep_type_end(Gep);
         It != End; ++It) {
      uint64_t Scale = It.getSequentialElementStride(Layout).getFixedValue();
      if (It.isStruct()) {
        const auto *Field = llvm::cast<llvm::ConstantInt>(It.getOperand());
        uint64_t Offset = Layout.getStructLayout(It.getStructType())
                              ->getElementOffset(Field->getZExtValue());
        if (Offset)
          Found = std::min(Found, unsigned(llvm::countr_zero(Offset)));
        continue;
      }
      if (Scale == 0)
        continue;
      Found = std::min(Found, Of(It.getOperand()) +
                                  unsigned(llvm::countr_zero(Scale)));
    }
  } else if (const auto *Op = llvm::dyn_cast<llvm::Operator>(V)) {
    switch (Op->getOpcode()) {
    case llvm::Instruction::ZExt:
    case llvm::Instruction::SExt:
      Found = Of(Op->getOperand(0));
      break;
    case llvm::Instruction::Shl:
      if (const auto *Amount =
              llvm::dyn_cast<llvm::ConstantInt>(Op->getOperand(1)))
        Found = Of(Op->getOperand(0)) + unsigned(Amount->getZExtValue());
      break;
    case llvm::Instruction::Mul:
      Found = Of(Op->getOperand(0)) + Of(Op->getOperand(1));
      break;
    case llvm::Instruction::Add:
    case llvm::Instruction::Sub:
    case llvm::Instruction::Or:
      Found = std::min(Of(Op->getOperand(0)), Of(Op->getOperand(1)));
      break;
    case llvm::Instruction::Select:
      Found = std::min(Of(Op->getOperand(1)), Of(Op->getOperand(2)));
      break;
    default:
      break;
    }
  }
  return std::min(Bits, std::max(Known, Found));
}

/// Raises each shared load's and store's alignment to what its address is
/// known to have (at most 16 bytes, the widest access), where
/// InferAlignment stops at a phi.
void alignThroughPhis(llvm::Function &F) {
  const llvm::DataLayout &Layout = F.getParent()->getDataLayout();
  llvm::SmallPtrSet<const llvm::PHINode *, 8> Open;
  llvm::DenseMap<const llvm::Value *, unsigned> Seen;
  for (llvm::BasicBlock &Block : F)
    for (llvm::Instruction &I : Block) {
      if (!isSharedLoadOrStore(I))
        continue;
      unsigned Zeros = knownTrailingZeros(llvm::getLoadStorePointerOperand(&I),
                                          Layout, Open, Seen);
      llvm::Align Known(uint64_t(1) << std::min(Zeros, 4u));
      if (auto *Load = llvm::dyn_cast<llvm::LoadInst>(&I))
        Load->setAlignment(std::max(Load->getAlign(), Known));
      else
        llvm::cast<llvm::StoreInst>(I).setAlignment(
            std::max(llvm::cast<llvm::StoreInst>(I).getAlign(), Known));
    }
}

/// Gives back the common base InstCombine folds away from an index: of
/// `m = x & 252` (`(t / 16) * 4` with t < 1024), `m | 1` and `m | 2` stay
/// disjoint ors of m, but `m | 3` becomes `x | 3`, which the vectorizer
/// cannot place 3 elements after `m`: NVVM merges such a run into one
/// 16-byte load (a 4x4 register tile's reads). `x | c` is `m | c` when the
/// bits the mask clears are all in c and x has no bits above the mask's; it
/// is rewritten so.
void restoreMaskedBases(llvm::Function &F) {
  const llvm::DataLayout &Layout = F.getParent()->getDataLayout();
  std::vector<llvm::BinaryOperator *> Ors;
  for (llvm::BasicBlock &Block : F)
    for (llvm::Instruction &I : Block)
      if (auto *Or = llvm::dyn_cast<llvm::BinaryOperator>(&I);
          Or && Or->getOpcode() == llvm::Instruction::Or &&
          !llvm::cast<llvm::PossiblyDisjointInst>(Or)->isDisjoint() &&
          llvm::isa<llvm::ConstantInt>(Or->getOperand(1)))
        Ors.push_back(Or);
  llvm::DominatorTree Dominators(F);
  for (llvm::BinaryOperator *Or : Ors) {
    llvm::Value *X = Or->getOperand(0);
    const llvm::APInt &C =
        llvm::cast<llvm::ConstantInt>(Or->getOperand(1))->getValue();
    llvm::KnownBits Known = llvm::computeKnownBits(X, Layout);
    for (llvm::User *U : X->users()) {
      auto *Masked = llvm::dyn_cast<llvm::BinaryOperator>(U);
      const auto *Mask =
          Masked && Masked->getOpcode() == llvm::Instruction::And
              ? llvm::dyn_cast<llvm::ConstantInt>(Masked->getOperand(1))
              : nullptr;
      if (!Mask || Masked->getOperand(0) != X ||
          !Dominators.dominates(Masked, Or))
        continue;
      const llvm::APInt &M = Mask->getValue();
      // Bits x may have that the mask clears: all must be set by c.
      llvm::APInt Cleared = ~Known.Zero & ~M;
      if ((M & C) != 0 || !Cleared.isSubsetOf(C))
        continue;
      Or->setOperand(0, Masked);
      llvm::cast<llvm::PossiblyDisjointInst>(Or)->setIsDisjoint(true);
      break;
    }
  }
}

/// Marks each load's value and each store's value with the number of its
/// instruction: a call of a function that touches no memory, which the
/// vectorizer moves and repacks like any value, so that the vector
/// instruction it makes still says which instructions it replaced.
class MemberTags {
public:
  explicit MemberTags(llvm::Module &Module) : Module(Module) {}
  ~MemberTags() {
    for (auto &[Type, Tag] : Tags)
      Tag->eraseFromParent();
  }

  /// Number \p Member, the value loaded or stored by \p I.
  void tag(llvm::Instruction &I, unsigned Member) {
    llvm::Type *Int64 = llvm::Type::getInt64Ty(Module.getContext());
    llvm::Constant *Number = llvm::ConstantInt::get(Int64, Member);
    if (auto *Store = llvm::dyn_cast<llvm::StoreInst>(&I)) {
      llvm::Value *Stored = Store->getValueOperand();
      auto *Tagged = llvm::CallInst::Create(tagFor(Stored->getType()),
                                            {Number, Stored}, "", Store);
      Store->setOperand(0, Tagged);
      return;
    }
    auto *Tagged = llvm::CallInst::Create(tagFor(I.getType()), {Number, &I});
    Tagged->insertAfter(&I);
    I.replaceUsesWithIf(Tagged,
                        [&](llvm::Use &U) { return U.getUser() != Tagged; });
  }

  /// The members a vector load or store of the copy was made of.
  llvm::SmallVector<unsigned, 4> membersOf(const llvm::Instruction &Vector) {
    llvm::SmallVector<unsigned, 4> Members;
    llvm::SmallVector<const llvm::Value *, 8> Work;
    llvm::SmallPtrSet<const llvm::Value *, 8> Seen;
    auto Follow = [&](const llvm::Value *V) {
      if (Seen.insert(V).second)
        Work.push_back(V);
    };
    // A load's value reaches the tags through extracts and casts; a store's
    // comes from them through inserts, shuffles and casts.
    bool IsStore = llvm::isa<llvm::StoreInst>(Vector);
    Follow(IsStore ? Vector.getOperand(0) : &Vector);
    while (!Work.empty()) {
      const llvm::Value *V = Work.pop_back_val();
      if (std::optional<unsigned> Member = memberNumber(V)) {
        if (V != &Vector)
          Members.push_back(*Member);
        continue;
      }
      const auto *I = llvm::dyn_cast<llvm::Instruction>(V);
      if (!I || (V != &Vector && !llvm::isa<llvm::ExtractElementInst>(I) &&
                 !llvm::isa<llvm::InsertElementInst>(I) &&
                 !llvm::isa<llvm::ShuffleVectorInst>(I) &&
                 !llvm::isa<llvm::CastInst>(I)))
        continue;
      if (IsStore) {
        for (const llvm::Value *Operand : I->operands())
          if (!llvm::isa<llvm::Constant>(Operand))
            Follow(Operand);
      } else {
        for (const llvm::User *U : I->users())
          Follow(U);
      }
    }
    llvm::sort(Members);
    Members.erase(std::unique(Members.begin(), Members.end()), Members.end());
    return Members;
  }

private:
  llvm::Function *tagFor(llvm::Type *Type) {
    llvm::Function *&Tag = Tags[Type];
    if (!Tag) {
      llvm::Type *Int64 = llvm::Type::getInt64Ty(Module.getContext());
      Tag = llvm::Function::Create(
          llvm::FunctionType::get(Type, {Int64, Type}, false),
          llvm::GlobalValue::ExternalLinkage, "smemlint.member", Module);
      Tag->setDoesNotAccessMemory();
      Tag->setDoesNotThrow();
      Tag->setWillReturn();
    }
    return Tag;
  }

  std::optional<unsigned> memberNumber(const llvm::Value *V) const {
    const auto *Call = llvm::dyn_cast<llvm::CallInst>(V);
    if (!Call || !Tags.count(Call->getFunctionType()->getReturnType()) ||
        Call->getCalledFunction() !=
            Tags.lookup(Call->getFunctionType()->getReturnType()))
      return std::nullopt;
    return unsigned(
        llvm::cast<llvm::ConstantInt>(Call->getArgOperand(0))->getZExtValue());
  }

  llvm::Module &Module;
  llvm::DenseMap<llvm::Type *, llvm::Function *> Tags;
};

bool sameLine(const llvm::DebugLoc &A, const llvm::DebugLoc &B) {
  return A && B && A.getLine() == B.getLine() && A.getCol() == B.getCol();
}

/// Shared arrays at 16-byte boundaries, as ptxas places them, for as long
/// as it lives; the alignment Clang gave them afterwards.
class SixteenByteArrays {
public:
  explicit SixteenByteArrays(llvm::Module &Module) {
    for (llvm::GlobalVariable &Global : Module.globals())
      if (Global.getAddressSpace() == 3 && Global.getValueType()->isArrayTy() &&
          Global.getAlign().valueOrOne() < llvm::Align(16)) {
        Saved.push_back({&Global, Global.getAlign()});
        Global.setAlignment(llvm::Align(16));
      }
  }
  ~SixteenByteArrays() {
    for (auto &[Global, Align] : Saved)
      Global->setAlignment(Align);
  }

private:
  std::vector<std::pair<llvm::GlobalVariable *, llvm::MaybeAlign>> Saved;
};

/// The alignment nvcc's PTX declares for each shared array of \p Code:
/// Clang's (the element's) for a definition, 16 bytes for `extern
/// __shared__` (`.extern .shared .align 16`), as \p Declared has them.
llvm::DenseMap<const llvm::GlobalVariable *, llvm::Align>
ptxAlignments(const llvm::Module &Code, const llvm::Module &Declared) {
  llvm::DenseMap<const llvm::GlobalVariable *, llvm::Align> Alignments;
  for (const llvm::GlobalVariable &Global : Code.globals()) {
    if (Global.getAddressSpace() != 3)
      continue;
    const llvm::GlobalVariable *Original =
        Declared.getNamedGlobal(Global.getName());
    if (!Original)
      continue;
    Alignments[&Global] = Original->isDeclaration()
                              ? llvm::Align(16)
                              : Original->getAlign().valueOrOne();
  }
  return Alignments;
}

/// One load or store of a chain, in the function the chain was found for.
struct ChainMember {
  /// Its place among the function's shared loads and stores, in order.
  unsigned Number = 0;
  /// Bytes from the chain's first member's address.
  int64_t Offset = 0;
  unsigned Width = 0;
};

/// The parts of a chain of the vectorizer that ptxas merges, where the PTX
/// keeps the accesses apart (an array declared `.align 4`): runs of
/// accesses in program order at rising consecutive addresses, with nothing
/// between them that \p KeptApart says ptxas does not move them across
/// (measured: four stores in the order 2, 0, 3, 1 stay four STS; stores to
/// another array between two stores keep them apart, loads of another array
/// between two loads do not; docs/measurements/h200-vectorization.md).
std::vector<std::vector<ChainMember>>
ptxasRuns(std::vector<ChainMember> Chain,
          llvm::function_ref<bool(unsigned, unsigned)> KeptApart) {
  llvm::sort(Chain, [](const ChainMember &A, const ChainMember &B) {
    return A.Number < B.Number;
  });
  std::vector<std::vector<ChainMember>> Runs;
  std::vector<ChainMember> Run;
  auto Close = [&] {
    unsigned Bytes = 0;
    for (const ChainMember &M : Run)
      Bytes += M.Width;
    if (Run.size() >= 2 && (Bytes == 8 || Bytes == 16))
      Runs.push_back(Run);
    Run.clear();
  };
  for (const ChainMember &M : Chain) {
    if (!Run.empty() && (KeptApart(Run.back().Number, M.Number) ||
                         M.Offset != Run.back().Offset + Run.back().Width))
      Close();
    Run.push_back(M);
  }
  Close();
  return Runs;
}

} // namespace

VectorizedAccesses
findVectorizedAccesses(llvm::Module &Code, const llvm::Module &Declared,
                       llvm::TargetMachine *Machine,
                       llvm::ArrayRef<const llvm::Function *> Kernels) {
  VectorizedAccesses Found;
  std::vector<llvm::Function *> Functions;
  for (llvm::Function &F : Code)
    if (!F.isDeclaration() && hasTwoInOneBlock(F))
      Functions.push_back(&F);
  if (Functions.empty())
    return Found;

  llvm::LoopAnalysisManager Loops;
  llvm::FunctionAnalysisManager FunctionAnalyses;
  llvm::CGSCCAnalysisManager SCCs;
  llvm::ModuleAnalysisManager Modules;
  llvm::PassBuilder Builder(Machine);
  registerAddressSpaceAlias(Builder, FunctionAnalyses);
  Builder.registerModuleAnalyses(Modules);
  Builder.registerCGSCCAnalyses(SCCs);
  Builder.registerFunctionAnalyses(FunctionAnalyses);
  Builder.registerLoopAnalyses(Loops);
  Builder.crossRegisterProxies(Loops, FunctionAnalyses, SCCs, Modules);
  llvm::FunctionPassManager Prepare;
  Prepare.addPass(llvm::InferAddressSpacesPass());
  Prepare.addPass(llvm::InferAlignmentPass());
  llvm::FunctionPassManager Vectorize;
  Vectorize.addPass(llvm::LoadStoreVectorizerPass());

  const llvm::DataLayout &Layout = Code.getDataLayout();
  llvm::Type *Byte = llvm::Type::getInt8Ty(Code.getContext());
  auto WidthOf = [&](const llvm::Instruction &I) {
    return unsigned(Layout.getTypeStoreSize(
        llvm::getLoadStoreType(const_cast<llvm::Instruction *>(&I))));
  };
  llvm::DenseMap<const llvm::GlobalVariable *, llvm::Align> PtxAlignments =
      ptxAlignments(Code, Declared);
  SixteenByteArrays Aligned(Code);
  MemberTags Tags(Code);
  unsigned Instructions = 0;
  auto Record = [&](llvm::ArrayRef<const llvm::Instruction *> Merged,
                    unsigned Bytes, const llvm::Instruction *Carrier) {
    ++Instructions;
    for (const llvm::Instruction *Member : Merged)
      Found[Member] = {Instructions, unsigned(Merged.size()), Bytes,
                       Member == Carrier};
  };
  for (llvm::Function *F : Functions) {
    std::vector<const llvm::Instruction *> Members;
    llvm::ValueToValueMapTy Map;
    llvm::Function *Copy = llvm::CloneFunction(F, Map);
    for (const llvm::BasicBlock &Block : *F)
      for (const llvm::Instruction &I : Block)
        if (isSharedLoadOrStore(I)) {
          Tags.tag(*llvm::cast<llvm::Instruction>(Map[&I]), Members.size());
          Members.push_back(&I);
        }
    if (llvm::is_contained(Kernels, F))
      globalizePointerParameters(*Copy);
    Prepare.run(*Copy, FunctionAnalyses);
    restoreMaskedBases(*Copy);
    alignThroughPhis(*Copy);
    FunctionAnalyses.invalidate(*Copy, llvm::PreservedAnalyses::none());
    Vectorize.run(*Copy, FunctionAnalyses);
    llvm::ScalarEvolution *Evolution = nullptr;
    for (const llvm::BasicBlock &Block : *Copy)
      for (const llvm::Instruction &I : Block) {
        if (!isSharedLoadOrStore(I) ||
            !llvm::getLoadStoreType(const_cast<llvm::Instruction *>(&I))
                 ->isVectorTy())
          continue;
        unsigned Bytes = WidthOf(I);
        llvm::SmallVector<unsigned, 4> Numbers = Tags.membersOf(I);
        if (Numbers.size() < 2 || (Bytes != 8 && Bytes != 16))
          continue;
        std::vector<const llvm::Instruction *> Merged;
        for (unsigned Number : Numbers)
          Merged.push_back(Members[Number]);
        const auto *Array =
            llvm::dyn_cast<llvm::GlobalVariable>(llvm::getUnderlyingObject(
                llvm::getLoadStorePointerOperand(Merged.front())));
        auto Declared = Array ? PtxAlignments.find(Array) : PtxAlignments.end();
        if (Declared == PtxAlignments.end() ||
            Declared->second.value() >= Bytes) {
          // The PTX has the vector instruction, at the line of the
          // member the vectorizer put it at.
          const llvm::Instruction *Carrier = nullptr;
          for (const llvm::Instruction *Member : Merged)
            if (!Carrier && sameLine(I.getDebugLoc(), Member->getDebugLoc()))
              Carrier = Member;
          Record(Merged, Bytes, Carrier);
          continue;
        }
        // ptxas merges what the PTX keeps apart, by its own rule.
        if (!Evolution)
          Evolution =
              &FunctionAnalyses.getResult<llvm::ScalarEvolutionAnalysis>(*F);
        std::vector<ChainMember> Chain;
        const llvm::Value *First =
            llvm::getLoadStorePointerOperand(Merged.front());
        for (unsigned Number : Numbers) {
          std::optional<int> Offset = llvm::getPointersDiff(
              Byte, const_cast<llvm::Value *>(First), Byte,
              const_cast<llvm::Value *>(
                  llvm::getLoadStorePointerOperand(Members[Number])),
              Layout, *Evolution, /*StrictCheck=*/false, /*CheckType=*/false);
          if (!Offset)
            break;
          Chain.push_back({Number, *Offset, WidthOf(*Members[Number])});
        }
        if (Chain.size() != Numbers.size())
          continue;
        bool Stores = llvm::isa<llvm::StoreInst>(I);
        // Between two stores any shared access; between two loads a store.
        auto KeptApart = [&](unsigned From, unsigned To) {
          for (unsigned Between = From + 1; Between < To; ++Between)
            if (Stores || llvm::isa<llvm::StoreInst>(Members[Between]))
              return true;
          return false;
        };
        for (const std::vector<ChainMember> &Run :
             ptxasRuns(Chain, KeptApart)) {
          std::vector<const llvm::Instruction *> RunMembers;
          unsigned RunBytes = 0;
          for (const ChainMember &M : Run) {
            RunMembers.push_back(Members[M.Number]);
            RunBytes += M.Width;
          }
          // ptxas's line table, as measured: the first load, the last store.
          Record(RunMembers, RunBytes,
                 Stores ? RunMembers.back() : RunMembers.front());
        }
      }
    FunctionAnalyses.clear(*Copy, Copy->getName());
    FunctionAnalyses.clear(*F, F->getName());
    Copy->eraseFromParent();
  }
  return Found;
}

} // namespace smemlint
