//===--- CompiledSharedAccesses.cpp - Shared accesses in the device IR ----===//

#include "DeviceCode/CompiledSharedAccesses.h"
#include "DeviceCode/DebugLocations.h"
#include "DeviceCode/DeviceModule.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

#include <map>

namespace smemlint {

namespace {

constexpr unsigned SharedAddressSpace = 3;

/// Where the pointers of one kernel's code come from.
class SharedProvenance {
public:
  /// \p CallSites: for each function the kernel calls without inlining, the
  /// calls to it, so that a pointer argument is traced to what is passed.
  explicit SharedProvenance(
      const std::map<const llvm::Function *,
                     std::vector<const llvm::CallBase *>> &CallSites)
      : CallSites(CallSites) {}

  /// Whether \p Pointer addresses shared memory, and the globals it may
  /// derive from (several where the compiler joined the addresses of
  /// several, none where it is not known).
  bool isShared(const llvm::Value *Pointer,
                llvm::SetVector<const llvm::GlobalVariable *> &Roots) {
    llvm::SmallPtrSet<const llvm::Value *, 16> Visited;
    trace(Pointer, Visited, Roots);
    auto *Type = llvm::dyn_cast<llvm::PointerType>(Pointer->getType());
    return !Roots.empty() ||
           (Type && Type->getAddressSpace() == SharedAddressSpace);
  }

private:
  void trace(const llvm::Value *V,
             llvm::SmallPtrSetImpl<const llvm::Value *> &Visited,
             llvm::SetVector<const llvm::GlobalVariable *> &Roots) {
    if (!Visited.insert(V).second)
      return;
    if (const auto *Global = llvm::dyn_cast<llvm::GlobalVariable>(V)) {
      if (Global->getAddressSpace() == SharedAddressSpace)
        Roots.insert(Global);
      return;
    }
    if (const auto *GEP = llvm::dyn_cast<llvm::GEPOperator>(V)) {
      // An integer index may itself carry a shared address (p[(int)q]) only
      // in code no one writes; the base is what counts.
      trace(GEP->getPointerOperand(), Visited, Roots);
      return;
    }
    if (const auto *Cast = llvm::dyn_cast<llvm::Operator>(V)) {
      switch (Cast->getOpcode()) {
      case llvm::Instruction::BitCast:
      case llvm::Instruction::AddrSpaceCast:
      case llvm::Instruction::IntToPtr:
      case llvm::Instruction::PtrToInt:
      case llvm::Instruction::Trunc:
      case llvm::Instruction::ZExt:
      case llvm::Instruction::SExt:
        trace(Cast->getOperand(0), Visited, Roots);
        return;
      // Integer round trips through address arithmetic (a byte offset added
      // to a cvta'd shared address).
      case llvm::Instruction::Add:
      case llvm::Instruction::Sub:
      case llvm::Instruction::Or:
      case llvm::Instruction::And:
      case llvm::Instruction::Xor:
        trace(Cast->getOperand(0), Visited, Roots);
        trace(Cast->getOperand(1), Visited, Roots);
        return;
      default:
        break;
      }
    }
    if (const auto *Phi = llvm::dyn_cast<llvm::PHINode>(V)) {
      for (const llvm::Value *Incoming : Phi->incoming_values())
        trace(Incoming, Visited, Roots);
      return;
    }
    if (const auto *Select = llvm::dyn_cast<llvm::SelectInst>(V)) {
      trace(Select->getTrueValue(), Visited, Roots);
      trace(Select->getFalseValue(), Visited, Roots);
      return;
    }
    if (const auto *Call = llvm::dyn_cast<llvm::CallBase>(V)) {
      // Address-space conversions (cvta) and pointer masks keep the object.
      if (const llvm::Function *Callee = Call->getCalledFunction())
        if (Callee->isIntrinsic() && Call->arg_size() >= 1 &&
            Call->getArgOperand(0)->getType()->isPointerTy())
          trace(Call->getArgOperand(0), Visited, Roots);
      return;
    }
    if (const auto *Argument = llvm::dyn_cast<llvm::Argument>(V)) {
      auto Sites = CallSites.find(Argument->getParent());
      if (Sites == CallSites.end())
        return;
      for (const llvm::CallBase *Call : Sites->second)
        if (Argument->getArgNo() < Call->arg_size())
          trace(Call->getArgOperand(Argument->getArgNo()), Visited, Roots);
    }
  }

  const std::map<const llvm::Function *, std::vector<const llvm::CallBase *>>
      &CallSites;
};

/// Intrinsics that take a pointer without touching memory through it.
bool touchesNoMemory(const llvm::IntrinsicInst &Intrinsic) {
  return Intrinsic.isLifetimeStartOrEnd() ||
         Intrinsic.isAssumeLikeIntrinsic() ||
         llvm::isa<llvm::DbgInfoIntrinsic>(Intrinsic) ||
         Intrinsic.getIntrinsicID() == llvm::Intrinsic::prefetch;
}

} // namespace

std::vector<CompiledSharedAccess>
compiledSharedAccesses(const DeviceModule &Module,
                       const clang::FunctionDecl *Kernel,
                       const clang::SourceManager &SM) {
  std::vector<CompiledSharedAccess> Accesses;
  const llvm::Function *KernelFunction = Module.kernelFunction(Kernel);
  if (!KernelFunction)
    return Accesses;
  std::map<const llvm::Function *, std::vector<const llvm::CallBase *>>
      CallSites;
  std::vector<const llvm::Function *> Functions =
      reachableFunctions(*KernelFunction, &CallSites);
  SharedProvenance Provenance(CallSites);
  DebugLocations Locations(Module, SM);

  for (const llvm::Function *F : Functions)
    for (const llvm::BasicBlock &Block : *F)
      for (const llvm::Instruction &I : Block) {
        std::vector<const llvm::Value *> Pointers;
        if (const auto *Load = llvm::dyn_cast<llvm::LoadInst>(&I)) {
          Pointers.push_back(Load->getPointerOperand());
        } else if (const auto *Store = llvm::dyn_cast<llvm::StoreInst>(&I)) {
          Pointers.push_back(Store->getPointerOperand());
        } else if (const auto *RMW = llvm::dyn_cast<llvm::AtomicRMWInst>(&I)) {
          Pointers.push_back(RMW->getPointerOperand());
        } else if (const auto *CAS =
                       llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&I)) {
          Pointers.push_back(CAS->getPointerOperand());
        } else if (const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I)) {
          const auto *Intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(Call);
          if (Intrinsic && touchesNoMemory(*Intrinsic))
            continue;
          // A defined function's own accesses are found in its body.
          if (!Call->isInlineAsm() && !Intrinsic)
            continue;
          for (const llvm::Value *Argument : Call->args())
            if (Argument->getType()->isPointerTy() ||
                (Call->isInlineAsm() && Argument->getType()->isIntegerTy()))
              Pointers.push_back(Argument);
        } else {
          continue;
        }
        CompiledSharedAccess Access;
        bool Shared = false;
        for (const llvm::Value *Pointer : Pointers) {
          llvm::SetVector<const llvm::GlobalVariable *> Globals;
          if (!Provenance.isShared(Pointer, Globals))
            continue;
          Shared = true;
          for (const llvm::GlobalVariable *Global : Globals)
            if (const clang::VarDecl *Var = Module.sharedVariable(Global);
                Var && !llvm::is_contained(Access.Variables, Var))
              Access.Variables.push_back(Var);
        }
        if (Access.Variables.size() == 1)
          Access.Variable = Access.Variables.front();
        if (!Shared)
          continue;
        Access.Frames = Locations.frames(I.getDebugLoc().get());
        Access.ThroughCall = llvm::isa<llvm::CallBase>(I);
        Accesses.push_back(std::move(Access));
      }
  return Accesses;
}

} // namespace smemlint
