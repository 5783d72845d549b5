//===--- IrWarpgroupMma.cpp - wgmma's reads of shared memory --------------===//
//
// A wgmma.mma_async reads its shared operands through the async proxy from
// the moment it is issued until a wgmma.wait_group retires its group (PTX
// ISA 9.7.15): a generic write before it needs fence.proxy.async, and a
// write of the operand before the wait races with the read. The evaluator
// decodes each warpgroup's descriptors (WarpgroupMma.h) into the 16-byte
// pieces the instruction reads and reports them as the warpgroup's reads,
// one piece per thread, for the race, fence and bounds analyses. Their bank
// cost is not predicted: no measurement of the gmma pipe's wavefronts backs
// one yet.
//
// Descriptors are built by bit arithmetic on a shared address
// (`(addr & 0x3FFFF) >> 4`), which the evaluator computes on a place it
// gives each shared variable in the block's shared window: the variables
// the kernel uses in the order its code names them, each at a 1024-byte
// boundary (where every swizzle pattern starts over), the dynamic ones
// after them, as ptxas lays them out.
//
//===----------------------------------------------------------------------===//

#include "Evaluation/IrExecution.h"
#include "Evaluation/WarpgroupMma.h"

#include "DeviceCode/DeviceModule.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/MathExtras.h"

#include <deque>
#include <functional>

namespace smemlint {
namespace ir {

namespace {

constexpr unsigned SharedAddressSpace = 3;
constexpr uint64_t WindowStart = 1024, PlaceAlignment = 1024;
/// What a descriptor's start address and the `& 0x3FFFF` masks keep.
constexpr uint64_t WindowEnd = uint64_t(1) << 18;

/// The shared variables \p Kernel and the functions it calls name, in the
/// order their code first does.
std::vector<const llvm::GlobalVariable *>
sharedGlobalsOf(const llvm::Function &Kernel) {
  std::vector<const llvm::GlobalVariable *> Found;
  llvm::SmallPtrSet<const llvm::Value *, 32> Seen;
  std::function<void(const llvm::Value *)> Visit = [&](const llvm::Value *V) {
    if (!Seen.insert(V).second)
      return;
    if (const auto *Global = llvm::dyn_cast<llvm::GlobalVariable>(V)) {
      if (Global->getAddressSpace() == SharedAddressSpace)
        Found.push_back(Global);
      return;
    }
    if (const auto *Expression = llvm::dyn_cast<llvm::ConstantExpr>(V))
      for (const llvm::Value *Operand : Expression->operands())
        Visit(Operand);
  };
  for (const llvm::Function *F : reachableFunctions(Kernel))
    for (const llvm::Instruction &I : llvm::instructions(*F))
      for (const llvm::Value *Operand : I.operands())
        if (llvm::isa<llvm::Constant>(Operand))
          Visit(Operand);
  return Found;
}

} // namespace

std::optional<ThreadValue>
IrExecution::sharedWindowAddress(const ThreadValue &Pointer,
                                 const ThreadMask &Active) {
  const MemoryObject &Object = Pointer.Object;
  if (!Pointer.isPointer() || !Object.IsShared ||
      Object.Cluster != MemoryObject::ClusterBlock::Own)
    return std::nullopt;
  if (SharedWindow.empty()) {
    // Sized variables first, then the dynamic ones, which all start at the
    // same place.
    std::vector<const llvm::GlobalVariable *> Globals =
        sharedGlobalsOf(KernelFunction);
    uint64_t Next = WindowStart;
    for (bool Dynamic : {false, true}) {
      for (const llvm::GlobalVariable *Global : Globals) {
        uint64_t Bytes = Layout.getTypeAllocSize(Global->getValueType());
        if ((Bytes == 0) != Dynamic)
          continue;
        SharedWindow.push_back({objectOfGlobal(*Global), Next, Bytes});
        Next = llvm::alignTo(Next + Bytes, PlaceAlignment);
      }
    }
  }
  auto Place = llvm::find_if(SharedWindow, [&](const SharedWindowPlace &P) {
    return P.Object == Object;
  });
  if (Place == SharedWindow.end() || Place->Base + Place->Bytes > WindowEnd)
    return std::nullopt;
  ThreadValue Address = Pointer;
  Address.ValueKind = ThreadValue::Kind::Integer;
  Address.Object = MemoryObject();
  for (unsigned T : Active.set_bits()) {
    if (!Address.Known[T])
      continue;
    // Past the window (a wild offset, a large dynamic array): the masks
    // that keep the window's bits would wrap it into another variable.
    if (Pointer.Values[T] < 0 ||
        uint64_t(Pointer.Values[T]) >= WindowEnd - Place->Base)
      return std::nullopt;
    Address.Values[T] = int64_t(Place->Base + uint64_t(Pointer.Values[T]));
  }
  return Address;
}

std::optional<ThreadValue>
IrExecution::sharedWindowPointer(const ThreadValue &Address,
                                 const ThreadMask &Active) const {
  if (SharedWindow.empty() || Address.isPointer() || !Address.knownFor(Active))
    return std::nullopt;
  std::optional<MemoryObject> Object;
  ThreadValue Pointer = Address;
  for (unsigned T : Active.set_bits()) {
    std::optional<std::pair<MemoryObject, int64_t>> At =
        sharedAtWindow(uint64_t(Address.Values[T]) & 0xffffffffu);
    if (!At || (Object && !(*Object == At->first)))
      return std::nullopt;
    Object = At->first;
    Pointer.Values[T] = At->second;
  }
  if (!Object)
    return std::nullopt;
  Pointer.ValueKind = ThreadValue::Kind::Pointer;
  Pointer.Object = *Object;
  return Pointer;
}

uint64_t
IrExecution::declaredSharedAlignment(const MemoryObject &Object) const {
  if (!Object.IsShared || Object.Cluster != MemoryObject::ClusterBlock::Own)
    return 1;
  uint64_t Declared = 1;
  bool Dynamic = false;
  if (const auto *Var = llvm::dyn_cast_or_null<clang::VarDecl>(Object.Decl)) {
    Declared = uint64_t(Ctx.getDeclAlign(Var).getQuantity());
    Dynamic = Var->getType()->isIncompleteType();
  } else if (const auto *Global =
                 static_cast<const llvm::GlobalVariable *>(Object.Storage)) {
    Declared = Global->getAlign() ? Global->getAlign()->value() : 1;
    Dynamic = Layout.getTypeAllocSize(Global->getValueType()) == 0;
  }
  return Dynamic ? std::max<uint64_t>(Declared, 16) : Declared;
}

bool IrExecution::alignedAsWindowPlace(const MemoryObject &Object) const {
  return declaredSharedAlignment(Object) >= PlaceAlignment;
}

std::optional<std::pair<MemoryObject, int64_t>>
IrExecution::sharedAtWindow(uint64_t Address) const {
  const SharedWindowPlace *Found = nullptr;
  for (const SharedWindowPlace &Place : SharedWindow)
    if (Place.Base <= Address && (!Found || Place.Base > Found->Base))
      Found = &Place;
  if (!Found)
    return std::nullopt;
  return std::make_pair(Found->Object, int64_t(Address - Found->Base));
}

void IrExecution::warpgroupSteps(const llvm::CallBase &Call,
                                 const llvm::InlineAsm &Asm,
                                 llvm::StringRef Text,
                                 const ThreadMask &Active) {
  llvm::SmallVector<llvm::StringRef, 4> Statements;
  Text.split(Statements, ';');
  for (llvm::StringRef Statement : Statements) {
    std::optional<PtxWarpgroupStep> Step =
        smemlint::ptxWarpgroupStep(Statement);
    if (!Step || Step->What == PtxWarpgroupStep::Fence)
      continue; // wgmma.fence orders the accumulator registers only
    if (Step->What == PtxWarpgroupStep::Commit) {
      commitAsyncCopies(Active, CopyQueue::WarpgroupMma);
      continue;
    }
    std::optional<int64_t> Pending = Step->Pending.Literal;
    if (Step->Pending.Operand)
      if (const auto *N = llvm::dyn_cast_or_null<llvm::ConstantInt>(
              asmArgument(Call, Asm, *Step->Pending.Operand)))
        Pending = N->getSExtValue();
    // A count that is not a constant (PTX wants one): every group, so that
    // nothing is reported as read after its wait.
    completeAsyncCopies(Active,
                        Pending && *Pending >= 0 ? unsigned(*Pending) : 0u,
                        /*EveryThread=*/false, CopyQueue::WarpgroupMma);
  }
}

bool IrExecution::ptxWarpgroupStep(const llvm::CallBase &Call,
                                   const llvm::InlineAsm &Asm,
                                   const ThreadMask &Active) {
  llvm::StringRef Text = Asm.getAsmString();
  if (Text.contains("wgmma.mma_async") || !smemlint::ptxWarpgroupStep(Text))
    return false;
  warpgroupSteps(Call, Asm, Text, Active);
  return true;
}

bool IrExecution::ptxWarpgroupMma(const llvm::CallBase &Call,
                                  const llvm::InlineAsm &Asm, CallFrame &Frame,
                                  const ThreadMask &Active,
                                  std::string &WhyNot) {
  std::optional<PtxWarpgroupMma> Mma =
      smemlint::ptxWarpgroupMma(Asm.getAsmString());
  if (!Mma)
    return false;
  if (Mma->Sparse) {
    WhyNot = "the compressed A operand of a sparse wgmma is not modelled";
    return false;
  }
  auto Transposed =
      [&](const std::optional<PtxImmediate> &Flag) -> std::optional<bool> {
    if (!Flag)
      return false; // K-major: the only layout of 8- and 32-bit types
    if (Flag->Literal)
      return *Flag->Literal != 0;
    const auto *Constant = llvm::dyn_cast_or_null<llvm::ConstantInt>(
        asmArgument(Call, Asm, *Flag->Operand));
    if (!Constant)
      return std::nullopt;
    return !Constant->isZero();
  };
  struct Operand {
    unsigned AsmOperand;
    unsigned Rows;
    bool MNMajor;
    const char *Name;
  };
  llvm::SmallVector<Operand, 2> Operands;
  std::optional<bool> TransposeA = Transposed(Mma->TransposeA),
                      TransposeB = Transposed(Mma->TransposeB);
  if (!TransposeA || !TransposeB) {
    WhyNot = "its transpose operand is not a constant";
    return false;
  }
  if (Mma->ADescriptor)
    Operands.push_back({*Mma->ADescriptor, Mma->M, *TransposeA, "A"});
  Operands.push_back({Mma->BDescriptor, Mma->N, *TransposeB, "B"});

  const clang::Stmt *Statement = Sites.callSite(Call);
  // Every warpgroup that runs it issues its own, with its own descriptors.
  struct Read {
    const clang::Expr *Site;
    AddressFacts Facts;
    ThreadMask Threads;
    size_t Operand;
  };
  std::vector<Read> Reads;
  // One per operand and warpgroup; the events point into it.
  std::deque<WarpgroupMmaOperand> Described;
  for (const Operand &O : Operands) {
    const llvm::Value *Argument = asmArgument(Call, Asm, O.AsmOperand);
    const clang::Expr *Site = asmOperandSite(Statement, O.AsmOperand);
    if (!Argument || !Site) {
      WhyNot = "its descriptor operands are not ones the evaluation follows";
      return false;
    }
    const ThreadValue &Descriptor = valueOf(Argument, Frame, Active);
    for (unsigned First = 0; First < Threads; First += WarpgroupThreads) {
      ThreadMask Group(Threads);
      Group.set(First, std::min(Threads, First + WarpgroupThreads));
      Group &= Active;
      if (Group.none())
        continue;
      std::optional<int64_t> Bits;
      for (unsigned T : Group.set_bits()) {
        if (!Descriptor.Known[T] || (Bits && *Bits != Descriptor.Values[T])) {
          WhyNot = "the descriptor of its " + std::string(O.Name) +
                   " operand is " +
                   (Descriptor.Known[T]
                        ? std::string("not the same in every thread of the "
                                      "warpgroup")
                        : "not known (" + Descriptor.UnknownReason + ")");
          return false;
        }
        Bits = Descriptor.Values[T];
      }
      GmmaDescriptor D = GmmaDescriptor::decode(uint64_t(*Bits));
      if (D.BaseOffset) {
        WhyNot = "the descriptor of its " + std::string(O.Name) +
                 " operand has a base offset, which is not modelled";
        return false;
      }
      std::vector<uint32_t> Pieces = gmmaOperandPieces(D, O.Rows, O.MNMajor);
      WarpgroupMmaOperand &Description = Described.emplace_back();
      Description.Operand = O.Name[0];
      Description.Layout = std::string(O.MNMajor ? "M/N-major" : "K-major") +
                           ", " + D.swizzleName();
      Description.Swizzle = D.swizzleName();
      Description.Bytes = unsigned(Pieces.size()) * 16;
      Description.Wavefronts = Description.Bytes / GmmaBytesPerWavefront;
      if (D.SwizzleBytes)
        Description.SwizzleRepeat = gmmaSwizzleRepeat(D.SwizzleBytes);
      // A swizzled K-major operand's rows are one span apart: its leading
      // byte offset is not used.
      if (O.MNMajor || !D.SwizzleBytes)
        Description.Layout +=
            ", leading byte offset " + std::to_string(D.LeadingByteOffset);
      Description.Layout +=
          ", stride byte offset " + std::to_string(D.StrideByteOffset);
      std::optional<std::pair<MemoryObject, int64_t>> Start =
          sharedAtWindow(D.StartAddress);
      if (!Start) {
        WhyNot = "the start address in the descriptor of its " +
                 std::string(O.Name) +
                 " operand does not come from a shared variable the "
                 "evaluation followed";
        return false;
      }
      // The pieces by the variable the start address is in (the bounds
      // check tells a piece past its end).
      const MemoryObject &Object = Start->first;
      int64_t Base = int64_t(D.StartAddress) - Start->second;
      // A swizzle XORs address bits: the pieces are those of an array that
      // starts where its pattern starts over (1024 bytes for the 128-byte
      // swizzle), as TMA copies and CuTe's layouts need it to; an array not
      // declared so aligned is the alignment check's.
      std::vector<unsigned> Lanes(Group.set_bits_begin(), Group.set_bits_end());
      for (size_t P = 0; P < Pieces.size(); P += Lanes.size()) {
        Read R{Site, {}, ThreadMask(Threads), Described.size() - 1};
        R.Facts.Address = ThreadValue::pointerTo(Object, Threads);
        R.Facts.Address.Known.reset();
        for (size_t L = 0; L < Lanes.size() && P + L < Pieces.size(); ++L) {
          R.Facts.Address.Values[Lanes[L]] = int64_t(Pieces[P + L]) - Base;
          R.Facts.Address.Known.set(Lanes[L]);
          R.Threads.set(Lanes[L]);
        }
        R.Facts.Address.Symbols = Descriptor.Symbols;
        Reads.push_back(std::move(R));
      }
    }
  }
  for (const Read &R : Reads)
    reportAccessAt(Call, R.Site, AccessKind::Load, 16, R.Facts, R.Threads,
                   nullptr, 0, AsyncPhase::BulkRead, false, nullptr,
                   &Described[R.Operand]);
  // `wgmma.fence; wgmma.mma_async ...; wgmma.commit_group;` in one
  // statement: its commit (and wait) come after the mma.
  warpgroupSteps(
      Call, Asm,
      llvm::StringRef(Asm.getAsmString()).split("wgmma.mma_async").second,
      Active);
  return true;
}

} // namespace ir
} // namespace smemlint
