//===--- IrMemory.cpp - Addresses and accesses in the IR evaluator --------===//
//
// A pointer is a byte offset into a memory object: a __shared__ variable
// (its `addrspace(3)` global), a kernel's pointer parameter (global memory),
// another global, or a thread's local storage (an alloca SROA left). A GEP
// that indexes a shared array through its declared type also records the
// subscript of each dimension, which is what the padding and swizzle proofs
// relay out (LayoutOverrides) and what names elements (`tile[3][0]`).
//
//===----------------------------------------------------------------------===//

#include "Evaluation/IrExecution.h"

#include "DeviceCode/DeviceModule.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/MathExtras.h"

#include <set>

namespace smemlint {
namespace ir {

namespace {

constexpr unsigned SharedAddressSpace = 3;

/// The type of the objects at subscript level \p Level of \p Whole (0 is
/// the whole array).
const llvm::Type *levelType(const llvm::Type *Whole, unsigned Level) {
  for (unsigned L = 0; L < Level && Whole; ++L)
    Whole = Whole->isArrayTy() ? Whole->getArrayElementType() : nullptr;
  return Whole;
}

unsigned arrayDepth(const llvm::Type *T) {
  unsigned Depth = 0;
  for (; T && T->isArrayTy(); T = T->getArrayElementType())
    ++Depth;
  return Depth;
}

/// Whether the source expression indexes \p Array itself by subscripts
/// (`tile[i][j]`, not `p[k]` through a pointer): only then is a change of
/// the declared row length a fix of the source.
bool subscriptsDeclaredArray(const clang::Expr *Site,
                             const clang::VarDecl *Array) {
  const clang::Expr *E = Site ? Site->IgnoreParens() : nullptr;
  while (const auto *Subscript =
             llvm::dyn_cast_or_null<clang::ArraySubscriptExpr>(E))
    E = Subscript->getBase()->IgnoreParenImpCasts();
  const auto *Ref = llvm::dyn_cast_or_null<clang::DeclRefExpr>(E);
  return Ref && Ref->getDecl() == Array && Site &&
         llvm::isa<clang::ArraySubscriptExpr>(Site->IgnoreParens());
}

bool isInlineAsm(const llvm::Instruction &I) {
  const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
  return Call && Call->isInlineAsm();
}

/// The offset every thread of \p Active addresses, when they all know the
/// same one: local storage is modelled per offset, not per thread.
std::optional<int64_t> sharedOffset(const ThreadValue &Address,
                                    const ThreadMask &Active) {
  std::optional<int64_t> Offset;
  for (unsigned T : Active.set_bits()) {
    if (!Address.Known[T] || (Offset && *Offset != Address.Values[T]))
      return std::nullopt;
    Offset = Address.Values[T];
  }
  return Offset;
}

} // namespace

MemoryObject
IrExecution::objectOfGlobal(const llvm::GlobalVariable &Global) const {
  MemoryObject Object;
  if (Global.getAddressSpace() == SharedAddressSpace) {
    Object.IsShared = true;
    const clang::VarDecl *Var = Module.sharedVariable(&Global);
    // Every kernel's `extern __shared__ float s[]` is one global `s`, and
    // the module names the first declaration: this kernel's own is the one
    // its findings and layout are about (a block-scope extern belongs to the
    // translation unit; the function that declares it is its lexical
    // context).
    if (Var)
      for (const clang::VarDecl *Redeclaration : Var->redecls())
        if (const auto *Function = llvm::dyn_cast<clang::FunctionDecl>(
                Redeclaration->getLexicalDeclContext());
            Function &&
            Function->getCanonicalDecl() == Kernel->getCanonicalDecl()) {
          Var = Redeclaration;
          break;
        }
    Object.Decl = Var;
    if (!Object.Decl)
      Object.Storage = &Global;
    return Object;
  }
  // A __device__ or __constant__ variable: global memory, named by itself.
  Object.Storage = &Global;
  return Object;
}

ThreadValue IrExecution::elementPointer(const llvm::GEPOperator &GEP,
                                        CallFrame &Frame,
                                        const ThreadMask &Active,
                                        std::optional<ArrayPath> *Path) {
  const llvm::Value *BasePointer = GEP.getPointerOperand();
  ThreadValue Result = valueOf(BasePointer, Frame, Active);
  if (!Result.isPointer())
    return Result.UnknownReason.empty()
               ? unknown("an address the evaluator cannot follow")
               : Result;

  // Where the indexing path stands before this GEP.
  std::optional<ArrayPath> Current;
  if (const auto *Global = llvm::dyn_cast<llvm::GlobalVariable>(
          BasePointer->stripPointerCasts())) {
    if (Result.Object.IsShared && Result.Object.Decl)
      Current = ArrayPath{llvm::cast<clang::VarDecl>(Result.Object.Decl),
                          Global->getValueType(),
                          {}};
  } else if (auto Known = Frame.Paths.find(BasePointer);
             Known != Frame.Paths.end()) {
    Current = Known->second;
  }
  const llvm::Type *Whole = Current ? Current->Whole : nullptr;

  unsigned Level = Current ? Current->Subscripts.size() : 0;
  bool PathHolds = Current.has_value();
  if (PathHolds) {
    const llvm::Type *Source = GEP.getSourceElementType();
    if (Source == levelType(Whole, Level)) {
      // Indexes whole level-Level objects: only index 0 stays in the array.
      const auto *First = llvm::dyn_cast<llvm::ConstantInt>(GEP.getOperand(1));
      PathHolds = First && First->isZero();
    } else if (Source != levelType(Whole, Level + 1)) {
      PathHolds = false;
    }
  }

  unsigned Operand = 1;
  bool FirstIndexIsSubscript =
      PathHolds && GEP.getSourceElementType() != levelType(Whole, Level);
  for (llvm::gep_type_iterator It = llvm::gep_type_begin(GEP),
                               End = llvm::gep_type_end(GEP);
       It != End; ++It, ++Operand) {
    const llvm::Value *IndexValue = It.getOperand();
    const ThreadValue &Index = valueOf(IndexValue, Frame, Active);
    if (llvm::StructType *Struct = It.getStructTypeOrNull()) {
      const auto *Field = llvm::cast<llvm::ConstantInt>(IndexValue);
      int64_t Offset = Layout.getStructLayout(Struct)->getElementOffset(
          Field->getZExtValue());
      for (int64_t &V : Result.Values)
        V = int64_t(uint64_t(V) + uint64_t(Offset));
      PathHolds = false;
      continue;
    }
    int64_t Scale = int64_t(It.getSequentialElementStride(Layout));
    unsigned Bits = bitsOf(IndexValue->getType());
    if (Result.knownFor(Active) && Index.knownFor(Active) &&
        Index.threads() == Threads && Result.threads() == Threads &&
        Active.size() == Threads) {
      // Every active thread knows both: in place, one loop the compiler
      // vectorizes (the address of nearly every access of a tile body).
      unsigned Shift = Bits == 0 || Bits >= 64 ? 0 : 64 - Bits;
      for (unsigned T = 0; T < Threads; ++T)
        Result.Values[T] = int64_t(
            uint64_t(Result.Values[T]) +
            uint64_t(int64_t(uint64_t(Index.Values[T]) << Shift) >> Shift) *
                uint64_t(Scale));
      Result.zeroOutside(Active);
      Result.Known = Active;
      Result.Numbers.clear();
      Result.Symbols |= Index.Symbols;
      Result.UnknownReason.clear();
      if (Index.DividedByZero.any()) {
        if (Result.DividedByZero.empty())
          Result.DividedByZero.resize(Threads);
        Result.DividedByZero |= Index.DividedByZero;
      }
    } else {
      MemoryObject Object = Result.Object;
      ThreadValue Scaled = ThreadValue::unknown(Threads, Index.UnknownReason);
      Result.Symbols |= Index.Symbols;
      forEachThreadInBoth(Active, Result.Known, [&](unsigned T) {
        if (!Index.Known[T])
          return;
        Scaled.Values[T] = int64_t(
            uint64_t(Result.Values[T]) +
            uint64_t(truncateSigned(Index.Values[T], Bits)) * uint64_t(Scale));
        Scaled.Known.set(T);
      });
      Scaled.Symbols = Result.Symbols;
      if (!Scaled.knownFor(Active) && Scaled.UnknownReason.empty())
        Scaled.UnknownReason = Result.UnknownReason;
      else if (Scaled.knownFor(Active))
        Scaled.UnknownReason.clear();
      Scaled.ValueKind = ThreadValue::Kind::Pointer;
      Scaled.Object = Object;
      for (const ThreadValue *Part :
           {static_cast<const ThreadValue *>(&Result), &Index})
        if (Part->DividedByZero.any()) {
          if (Scaled.DividedByZero.empty())
            Scaled.DividedByZero.resize(Threads);
          Scaled.DividedByZero |= Part->DividedByZero;
        }
      Result = std::move(Scaled);
    }
    if (PathHolds && (Operand > 1 || FirstIndexIsSubscript)) {
      ThreadValue Subscript = Index;
      for (int64_t &V : Subscript.Values)
        V = truncateSigned(V, Bits);
      Current->Subscripts.push_back(std::move(Subscript));
    }
  }
  if (Path && PathHolds && Current &&
      Current->Subscripts.size() <= arrayDepth(Whole))
    *Path = std::move(Current);
  return Result;
}

AddressFacts IrExecution::addressOf(const llvm::Value *Pointer,
                                    CallFrame &Frame,
                                    const ThreadMask &Active) {
  AddressFacts Facts;
  if (const auto *GEP = llvm::dyn_cast<llvm::GEPOperator>(Pointer);
      GEP && llvm::isa<llvm::Constant>(Pointer)) {
    Facts.Address = elementPointer(*GEP, Frame, Active, &Facts.Path);
    return Facts;
  }
  Facts.Address = valueOf(Pointer, Frame, Active);
  const llvm::Value *Stripped = Pointer->stripPointerCasts();
  if (auto Known = Frame.Paths.find(Pointer); Known != Frame.Paths.end())
    Facts.Path = Known->second;
  else if (auto Cast = Frame.Paths.find(Stripped); Cast != Frame.Paths.end())
    Facts.Path = Cast->second;
  else if (llvm::isa<llvm::GlobalVariable>(Stripped) &&
           Facts.Address.isPointer() && Facts.Address.Object.IsShared &&
           Facts.Address.Object.Decl)
    Facts.Path =
        ArrayPath{llvm::cast<clang::VarDecl>(Facts.Address.Object.Decl),
                  llvm::cast<llvm::GlobalVariable>(Stripped)->getValueType(),
                  {}};
  if (!Facts.Address.isPointer()) {
    auto *Type = llvm::dyn_cast<llvm::PointerType>(Pointer->getType());
    if (Type && Type->getAddressSpace() == SharedAddressSpace) {
      // Shared by its address space, at an address the evaluator lost.
      std::string Why = Facts.Address.UnknownReason;
      Facts.Address = ThreadValue::unknown(
          Threads,
          Why.empty() ? "an address the evaluator cannot follow" : Why);
      Facts.Address.ValueKind = ThreadValue::Kind::Pointer;
      Facts.Address.Object.IsShared = true;
    }
  }
  return Facts;
}

const llvm::Value *IrExecution::localAlloca(const ThreadValue &Address) {
  const MemoryObject &Object = Address.Object;
  if (!Address.isPointer() || !Object.Storage || Object.IsShared)
    return nullptr;
  const auto *Storage = static_cast<const llvm::Value *>(Object.Storage);
  return llvm::isa<llvm::AllocaInst>(Storage) ? Storage : nullptr;
}

void IrExecution::fillLocal(const llvm::Value *Storage,
                            const ThreadValue &Address,
                            const ThreadMask &Active, int64_t ZeroBytes) {
  LocalStorage &Local = Locals[Storage];
  std::optional<int64_t> Offset = sharedOffset(Address, Active);
  if (!Offset || ZeroBytes <= 0 || ZeroBytes > 4096) {
    Local.Stored.clear();
    return;
  }
  for (int64_t At = 0; At + 4 <= ZeroBytes; At += 4) {
    auto Slot = Local.Stored.try_emplace(*Offset + At,
                                         unknown("a local array element"));
    Slot.first->second.assign(ThreadValue::uniform(Threads, 0), Active);
  }
}

ThreadValue IrExecution::load(const llvm::Instruction &I,
                              const llvm::Value *Pointer, llvm::Type *Type,
                              CallFrame &Frame, const ThreadMask &Active) {
  AddressFacts Address = addressOf(Pointer, Frame, Active);
  const MemoryObject &Object = Address.Address.Object;
  if (Address.Address.isPointer() && Object.Storage && !Object.IsShared) {
    auto Local = Locals.find(static_cast<const llvm::Value *>(Object.Storage));
    if (Local != Locals.end()) {
      // A thread's own storage: the value stored at the same offset.
      std::optional<int64_t> Offset = sharedOffset(Address.Address, Active);
      if (Offset) {
        auto Stored = Local->second.Stored.find(*Offset);
        if (Stored != Local->second.Stored.end())
          return Stored->second;
        return unknown("a local array element");
      }
      // Threads reading different elements (`offsets[lane % 8]`): each its
      // own element's integer.
      ThreadValue Read = unknown("a local array element");
      for (unsigned T : Active.set_bits()) {
        if (!Address.Address.Known[T])
          continue;
        auto Stored = Local->second.Stored.find(Address.Address.Values[T]);
        if (Stored == Local->second.Stored.end() ||
            Stored->second.isPointer() || !Stored->second.Known[T])
          continue;
        Read.Values[T] = Stored->second.Values[T];
        Read.Known.set(T);
        Read.Symbols |= Stored->second.Symbols;
      }
      return Read;
    }
    if (llvm::isa<llvm::AllocaInst>(
            static_cast<const llvm::Value *>(Object.Storage)))
      return unknown("a local variable never stored to");
  }
  if (Address.Address.isPointer() && Object.Decl &&
      ByValueParameters.contains(Object.Decl)) {
    // A field of a struct the kernel takes by value: the same for the whole
    // launch, a uniform symbol like a scalar parameter.
    std::optional<int64_t> Offset = sharedOffset(Address.Address, Active);
    if (Offset && Type->isIntegerTy()) {
      ThreadValue Field = symbolValue(
          {UniformSymbol::Kind::Parameter,
           llvm::cast<clang::ParmVarDecl>(Object.Decl), 0, *Offset});
      for (int64_t &V : Field.Values)
        V = truncateSigned(V, Type->getIntegerBitWidth());
      return Field;
    }
    return unknown("a field of parameter '" + Object.Decl->getNameAsString() +
                   "'");
  }
  unsigned Width = Layout.getTypeStoreSize(Type);
  // A read the compiled code made in an earlier iteration of a nest it
  // unrolls whole, of the same address: it reuses that value.
  const auto *Read = llvm::dyn_cast<llvm::LoadInst>(&I);
  const llvm::Loop *Reusing = Read && Address.Address.isPointer()
                                  ? Frame.Facts->reusingLoop(*Read)
                                  : nullptr;
  if (!Reusing || !Frame.Iterations.lookup(Reusing))
    reportAccess(I, AccessKind::Load, Width, Address, Active, nullptr);
  ThreadValue Loaded =
      Object.IsShared
          ? unknown("data read from shared memory" +
                    (Object.Decl ? " '" + Object.Decl->getNameAsString() + "'"
                                 : std::string()))
          : unknown(std::string("data read from memory") +
                    (Object.Decl ? " '" + Object.Decl->getNameAsString() + "'"
                                 : std::string()));
  numberLoad(I, Pointer, Width, Address.Address, Active, Loaded);
  return Loaded;
}

void IrExecution::numberLoad(const llvm::Instruction &I,
                             const llvm::Value *Pointer, unsigned Width,
                             const ThreadValue &Address,
                             const ThreadMask &Active, ThreadValue &Loaded) {
  const MemoryObject &Object = Address.Object;
  const void *Named =
      Object.Decl ? static_cast<const void *>(Object.Decl) : Object.Storage;
  if (!Address.isPointer() || !Named || I.getType()->isVectorTy() ||
      Numbering.full())
    return;
  // Memory reads as one value at one address only where the kernel cannot
  // change it: global memory through a pointer it only reads, or marked
  // invariant (__ldg). Not shared memory: the lanes of a warp read a word
  // together in the evaluation, but `bins[k] += 1` from two lanes may read
  // before and after the other's write.
  if (Object.IsShared)
    return;
  const auto *Argument =
      llvm::dyn_cast<llvm::Argument>(llvm::getUnderlyingObject(Pointer));
  bool ReadOnly = Argument && Argument->getType()->isPointerTy() &&
                  Argument->onlyReadsMemory();
  if (!ReadOnly && !I.hasMetadata(llvm::LLVMContext::MD_invariant_load))
    return;
  forEachThreadInBoth(Active, Address.Known, [&](unsigned T) {
    Loaded.setNumber(
        T, Numbering.term(uint64_t(reinterpret_cast<uintptr_t>(Named)),
                          {TermOperand{false, Address.Values[T]},
                           TermOperand{false, int64_t(Width)}}));
  });
}

void IrExecution::store(const llvm::Instruction &I, const llvm::Value *Pointer,
                        const llvm::Value *Stored, CallFrame &Frame,
                        const ThreadMask &Active) {
  AddressFacts Address = addressOf(Pointer, Frame, Active);
  const ThreadValue &Value = valueOf(Stored, Frame, Active);
  if (const llvm::Value *Storage = localAlloca(Address.Address)) {
    LocalStorage &Local = Locals[Storage];
    std::optional<int64_t> Offset = sharedOffset(Address.Address, Active);
    if (Offset) {
      auto Slot = Local.Stored.try_emplace(*Offset, unknown("a local array "
                                                            "element"));
      Slot.first->second.assign(Value, Active);
    } else {
      // Threads storing at different offsets: what any slot holds is lost.
      Local.Stored.clear();
    }
    return;
  }
  reportAccess(I, AccessKind::Store, Layout.getTypeStoreSize(Stored->getType()),
               Address, Active, &Value);
}

void IrExecution::reportAccess(const llvm::Instruction &I, AccessKind Kind,
                               unsigned WidthBytes, const AddressFacts &Facts,
                               const ThreadMask &Active,
                               const ThreadValue *Stored) {
  if (Active.none())
    return;
  const ThreadValue &Address = Facts.Address;
  if (!Address.isPointer())
    return; // Neither shared by address space nor a known object.
  bool CopyRead =
      Kind == AccessKind::Load && llvm::isa<llvm::MemTransferInst>(I);
  const clang::Expr *Site =
      CopyRead ? Sites.copySourceSite(I) : Sites.accessSite(I);
  // A conditional read as a whole (`c ? s[i] : x` is an lvalue, read once):
  // the load goes through a phi of the arms' addresses, each arm's threads
  // to their own arm's read, of shared or of global memory.
  bool WholeConditional = Site && llvm::isa<clang::AbstractConditionalOperator>(
                                      Site->IgnoreParens());
  if (Site && !WholeConditional) {
    reportAccessAt(I, Site, Kind, WidthBytes, Facts, Active, Stored);
    return;
  }
  auto Placed = placeMergedAccess(I, Active);
  if (Placed.empty() && Site) {
    reportAccessAt(I, Site, Kind, WidthBytes, Facts, Active, Stored);
    return;
  }
  if (Placed.empty() && !CopyRead)
    if (const clang::Expr *OnLine =
            Sites.accessOnLineOf(I, Address.Object.Decl)) {
      reportAccessAt(I, OnLine, Kind, WidthBytes, Facts, Active, Stored);
      return;
    }
  if (Placed.empty()) {
    IrSourceSites::HoistedRead Read =
        Sites.hoistedReadSite(I, Address.Object.Decl);
    if (Read.Site) {
      reportHoistedRead(I, Read, WidthBytes, Facts, Active);
      return;
    }
    // Said with the line of the nearest user that has one: what is missing
    // and where, not where the evaluation stopped (it goes on).
    unsigned Line = Sites.nearbyLine(I);
    std::string Array =
        Address.Object.Decl
            ? " of '" + Address.Object.Decl->getNameAsString() + "'"
            : std::string();
    std::string Near = !Line             ? std::string()
                       : I.getDebugLoc() ? " at line " + std::to_string(Line)
                                         : " near line " + std::to_string(Line);
    recordUnsupported(std::string("a ") +
                          (Address.Object.IsShared ? "shared " : "global ") +
                          accessKindName(Kind) + Array + Near +
                          " could not be placed in the source; it is missing "
                          "from the analysis",
                      Address.Object.IsShared ? Loss::Accesses : Loss::Values);
  }
  noteMergedBranches(I, Kind, Placed);
  for (const MergedPlace &Place : Placed)
    reportAccessAt(I, Place.Site, Kind, WidthBytes,
                   Place.Address ? Place.Facts : Facts, Place.Threads, Stored);
}

void IrExecution::reportHoistedRead(const llvm::Instruction &I,
                                    const IrSourceSites::HoistedRead &Read,
                                    unsigned WidthBytes,
                                    const AddressFacts &Facts,
                                    const ThreadMask &Active) {
  if (!Read.Guard) {
    reportAccessAt(I, Read.Site, AccessKind::Load, WidthBytes, Facts, Active,
                   nullptr);
    return;
  }
  // The load runs before the condition the source read waits for: the
  // threads whose condition is known read only when it holds; for the
  // others the read rests on data the analysis could not read.
  const auto *GuardInstruction = llvm::dyn_cast<llvm::Instruction>(Read.Guard);
  bool Computed =
      !GuardInstruction ||
      Frames.back()->Facts->Dominators.dominates(GuardInstruction, &I);
  ThreadValue Guard = Computed ? valueOf(Read.Guard, *Frames.back(), Active)
                               : unknown("a value computed after the read");
  ThreadMask Reading = none(), Unknown = none();
  for (unsigned T : Active.set_bits()) {
    if (!Guard.Known[T])
      Unknown.set(T);
    else if ((Guard.Values[T] != 0) == Read.ReadsWhen)
      Reading.set(T);
  }
  Reading |= Unknown;
  if (Reading.none())
    return;
  if (Unknown.none()) {
    reportAccessAt(I, Read.Site, AccessKind::Load, WidthBytes, Facts, Reading,
                   nullptr);
    return;
  }
  Assumptions.push_back(conditionAssumption(
      Sites.nearbyLine(GuardInstruction ? *GuardInstruction : I), Guard,
      "the read that waits for it was evaluated for those threads"));
  reportAccessAt(I, Read.Site, AccessKind::Load, WidthBytes, Facts, Reading,
                 nullptr);
  Assumptions.pop_back();
}

void IrExecution::noteMergedBranches(const llvm::Instruction &I,
                                     AccessKind Kind,
                                     llvm::ArrayRef<MergedPlace> Placed) {
  if (Placed.size() < 2)
    return;
  // Only lanes of one warp in different branches share the instruction's
  // wavefronts, in shared memory. (Several places are the branches' own,
  // each with its address's facts.)
  bool SharedWarp = false;
  for (unsigned First = 0; First < Threads && !SharedWarp;
       First += Options.WarpSize) {
    unsigned End = std::min(Threads, First + Options.WarpSize);
    unsigned Branches = llvm::count_if(Placed, [&](const MergedPlace &P) {
      return P.Facts.Address.isPointer() && P.Facts.Address.Object.IsShared &&
             P.Threads.find_first_in(First, End) >= 0;
    });
    SharedWarp = Branches > 1;
  }
  if (!SharedWarp)
    return;
  const clang::SourceManager &SM = Ctx.getSourceManager();
  std::set<unsigned> Lines;
  for (const MergedPlace &P : Placed)
    Lines.insert(SM.getExpansionLineNumber(P.Site->getBeginLoc()));
  std::string List;
  for (auto [N, Line] : llvm::enumerate(Lines))
    List += (N == 0                  ? ""
             : N + 1 == Lines.size() ? " and "
                                     : ", ") +
            std::to_string(Line);
  unsigned Line = Sites.nearbyLine(I);
  recordUnsupported(
      std::string("the compiler made one shared ") + accessKindName(Kind) +
          (Line ? " at line " + std::to_string(Line) : std::string()) +
          " of the " + (Kind == AccessKind::Store ? "writes" : "reads") +
          " at lines " + List +
          " in different branches; each is counted for the threads of its "
          "branch, the bank conflicts between the branches' lanes of one "
          "warp are not",
      Loss::Accesses);
}

std::vector<IrExecution::MergedPlace>
IrExecution::placeMergedAccess(const llvm::Instruction &I,
                               const ThreadMask &Active) {
  const llvm::Value *Pointer = llvm::getLoadStorePointerOperand(&I);
  if (!Pointer || Frames.empty())
    return {};
  // A load LICM hoisted out of a loop (the value promoted to a register,
  // stored back after the loop) has lost its location; the access it was
  // made from is the other one of the same address that kept it.
  if (!I.getDebugLoc())
    for (const llvm::User *U : Pointer->users()) {
      const auto *Sibling = llvm::dyn_cast<llvm::Instruction>(U);
      if (Sibling == &I || !Sibling || !Sibling->getDebugLoc() ||
          llvm::getLoadStorePointerOperand(Sibling) != Pointer)
        continue;
      if (const clang::Expr *Site =
              Sites.accessSiteAt(I, Sibling->getDebugLoc().get()))
        return {{Site, Active, nullptr, {}}};
    }
  if (const auto *Select = llvm::dyn_cast<llvm::SelectInst>(Pointer))
    return placeSelectedAccess(I, *Select, Active);
  const auto *Phi = llvm::dyn_cast<llvm::PHINode>(Pointer);
  if (!Phi)
    return {};
  auto Edges = Frames.back()->PointerEdges.find(Phi);
  if (Edges == Frames.back()->PointerEdges.end())
    return {};
  // The threads by the edge they came in on: each branch's own access.
  std::map<unsigned, ThreadMask> ByEdge;
  for (unsigned T : Active.set_bits()) {
    auto [It, New] = ByEdge.try_emplace(Edges->second[T], ThreadMask(Threads));
    It->second.set(T);
  }
  std::vector<MergedPlace> Placed;
  for (const auto &[Edge, Arriving] : ByEdge) {
    const llvm::Value *Address = Phi->getIncomingValue(Edge);
    const auto *Computed = llvm::dyn_cast<llvm::Instruction>(Address);
    const llvm::DILocation *ComputedAt =
        Computed ? Computed->getDebugLoc().get() : nullptr;
    // The branches' addresses may point into different arrays (a phi of
    // `north[ty][tx]` and `temp[ty-1][tx]`): each is its own branch's.
    AddressFacts Facts = addressOf(Address, *Frames.back(), Arriving);
    const clang::ValueDecl *Array =
        Facts.Address.isPointer() ? Facts.Address.Object.Decl : nullptr;
    const clang::Expr *Site = Sites.accessInBranchOf(
        I, *Phi->getIncomingBlock(Edge), Array, ComputedAt);
    if (!Site && ComputedAt)
      Site = Sites.accessSiteAt(I, ComputedAt);
    if (!Site)
      return {};
    auto Same = llvm::find_if(Placed, [&](const MergedPlace &P) {
      return P.Site == Site && P.Address == Address;
    });
    if (Same != Placed.end()) {
      Same->Threads |= Arriving;
      continue;
    }
    Placed.push_back({Site, Arriving, Address, std::move(Facts)});
  }
  return Placed;
}

std::vector<IrExecution::MergedPlace>
IrExecution::placeSelectedAccess(const llvm::Instruction &I,
                                 const llvm::SelectInst &Select,
                                 const ThreadMask &Active) {
  // The threads by the side their condition selects: each arm's own access.
  ThreadValue Condition =
      valueOf(Select.getCondition(), *Frames.back(), Active);
  ThreadMask Sides[2] = {none(), none()};
  for (unsigned T : Active.set_bits()) {
    if (!Condition.Known[T])
      return {};
    Sides[Condition.Values[T] != 0 ? 0 : 1].set(T);
  }
  const llvm::Value *Addresses[2] = {Select.getTrueValue(),
                                     Select.getFalseValue()};
  AddressFacts Facts[2] = {addressOf(Addresses[0], *Frames.back(), Sides[0]),
                           addressOf(Addresses[1], *Frames.back(), Sides[1])};
  auto ArrayOf = [&](unsigned Side) -> const clang::ValueDecl * {
    return Facts[Side].Address.isPointer() ? Facts[Side].Address.Object.Decl
                                           : nullptr;
  };
  std::vector<MergedPlace> Placed;
  for (unsigned Side : {0u, 1u}) {
    if (Sides[Side].none())
      continue;
    const clang::Expr *Site =
        Sites.accessInSelectArm(I, Select, ArrayOf(Side), ArrayOf(1 - Side));
    if (!Site)
      return {};
    Placed.push_back(
        {Site, Sides[Side], Addresses[Side], std::move(Facts[Side])});
  }
  return Placed;
}

namespace {

/// The alignment \p I needs of its shared address, in bytes: the IR's
/// for a load, store or atomic (the compiler's promise, which it emits
/// vector instructions on), at most the access's width; an inline PTX
/// access's width; an ldmatrix row's 16; a cp.async's size; a bulk copy's
/// 16. 0 where nothing is checked (a copy's completion, a library call).
unsigned requiredAlignment(const llvm::Instruction &I, unsigned WidthBytes,
                           unsigned Matrices, AsyncPhase Async) {
  if (Matrices)
    return 16;
  switch (Async) {
  case AsyncPhase::Issue:
    return WidthBytes;
  case AsyncPhase::BulkIssue:
  case AsyncPhase::BulkRead:
    return 16;
  case AsyncPhase::Completion:
    return 0;
  case AsyncPhase::None:
    break;
  }
  // The largest power of two that divides the width, at most 16: a 12-byte
  // float3 needs 4.
  unsigned Natural =
      WidthBytes ? std::min(16u, 1u << llvm::countr_zero(WidthBytes)) : 0;
  std::optional<llvm::Align> Promised;
  if (const auto *Load = llvm::dyn_cast<llvm::LoadInst>(&I))
    Promised = Load->getAlign();
  else if (const auto *Store = llvm::dyn_cast<llvm::StoreInst>(&I))
    Promised = Store->getAlign();
  else if (const auto *RMW = llvm::dyn_cast<llvm::AtomicRMWInst>(&I))
    Promised = RMW->getAlign();
  else if (const auto *CmpXchg = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&I))
    Promised = CmpXchg->getAlign();
  else if (isInlineAsm(I))
    return Natural;
  if (!Promised)
    return 0;
  return std::min<unsigned>(Natural, Promised->value());
}

} // namespace

void IrExecution::reportAccessAt(
    const llvm::Instruction &I, const clang::Expr *Site, AccessKind Kind,
    unsigned WidthBytes, const AddressFacts &Facts, const ThreadMask &Active,
    const ThreadValue *Stored, unsigned Matrices, AsyncPhase Async,
    bool BypassesL1, const TensorMapBox *TensorMap,
    const WarpgroupMmaOperand *WarpgroupMma, const ThreadValue *CopySource) {
  const ThreadValue &Address = Facts.Address;
  // The declared shape, and a layout to evaluate instead of it.
  const ArrayPath *Path = nullptr;
  std::optional<ArrayPath> Completed;
  std::optional<ThreadValue> Relaid;
  SharedArrayLayout Declared;
  if (Facts.Path && Address.Object.IsShared)
    Declared = declaredLayout(Ctx, Facts.Path->Array);
  if (Facts.Path && Address.Object.IsShared &&
      Facts.Path->Subscripts.size() <= Declared.Dims.size() &&
      // Inline PTX's caller checked its operand (ptxSharedAccess).
      (isInlineAsm(I) || subscriptsDeclaredArray(Site, Facts.Path->Array))) {
    // `tile[r][0]` compiles to the address of row r: the optimizer folds
    // trailing zero subscripts away, and they are zeros again here.
    Path = &*Facts.Path;
    if (Path->Subscripts.size() < Declared.Dims.size()) {
      Completed = *Facts.Path;
      while (Completed->Subscripts.size() < Declared.Dims.size())
        Completed->Subscripts.push_back(ThreadValue::uniform(Threads, 0));
      Path = &*Completed;
    }
    auto Override = Options.LayoutOverrides.find(Path->Array);
    if (Override != Options.LayoutOverrides.end()) {
      const SharedArrayLayout &Changed = Override->second;
      ThreadValue Offset = ThreadValue::uniform(Threads, 0);
      Offset.ValueKind = ThreadValue::Kind::Pointer;
      Offset.Object = Address.Object;
      Offset.Symbols = Address.Symbols;
      Offset.Known = Address.Known;
      Offset.UnknownReason = Address.UnknownReason;
      size_t Dims = Path->Subscripts.size();
      for (unsigned T : Active.set_bits()) {
        if (!Address.Known[T])
          continue;
        int64_t Bytes = 0;
        for (size_t Level = 0; Level < Dims; ++Level) {
          int64_t Index = Path->Subscripts[Level].Values[T];
          if (Level + 1 == Dims && Changed.SwizzleMask) {
            int64_t Mask = int64_t(*Changed.SwizzleMask);
            int64_t Shift = llvm::countr_zero(uint64_t(Mask + 1));
            Index = Dims >= 2
                        ? Index ^ (Path->Subscripts[Level - 1].Values[T] & Mask)
                        : Index ^ ((Index >> Shift) & Mask);
          }
          Bytes = int64_t(uint64_t(Bytes) +
                          uint64_t(Index) * Changed.strideBytes(Level));
        }
        Offset.Values[T] = Bytes;
      }
      Relaid = std::move(Offset);
    }
  }
  std::vector<const clang::Stmt *> Loops;
  std::vector<unsigned> Iterations;
  enclosingLoops(Loops, Iterations);
  unsigned Required = TensorMap
                          ? TensorMapBox::RequiredAlignment
                          : requiredAlignment(I, WidthBytes, Matrices, Async);
  MemoryAccessEvent Event{Site,
                          Kind,
                          WidthBytes,
                          Relaid ? *Relaid : Address,
                          Active,
                          Path != nullptr,
                          Path ? llvm::ArrayRef<ThreadValue>(Path->Subscripts)
                               : llvm::ArrayRef<ThreadValue>(),
                          Loops,
                          Iterations,
                          Assumptions,
                          Stored,
                          currentWeight(),
                          Sites.reachedThrough(I, Site),
                          Matrices,
                          Async,
                          BypassesL1,
                          Async == AsyncPhase::BulkRead
                              ? Sites.kernelCall(I)
                              : clang::SourceLocation(),
                          Module.vectorizedAccess(I),
                          Required};
  if (!Frames.empty())
    Event.ControlSymbols = controlSymbols(*Frames.back(), *I.getParent());
  Event.Step = Summary.Steps;
  Event.WarpgroupMma = WarpgroupMma;
  Event.CopySource = CopySource;
  if (WarpgroupMma)
    Event.LayoutAlignment = WarpgroupMma->SwizzleRepeat;
  if (TensorMap) {
    Event.TensorMap = TensorMap;
    Event.LayoutAlignment = TensorMap->layoutAlignment();
  }
  if (Site && !Matrices && Async == AsyncPhase::None) {
    // A vector type or small aligned struct read or written whole.
    clang::QualType Whole = Site->getType();
    if (!Whole.isNull() && !Whole->isDependentType() &&
        !Whole->isIncompleteType() &&
        (Whole->isRecordType() || Whole->isVectorType())) {
      uint64_t Bytes = Ctx.getTypeSizeInChars(Whole).getQuantity();
      uint64_t Align = Ctx.getTypeAlignInChars(Whole).getQuantity();
      if (Bytes > WidthBytes && Bytes <= 16 && Align > WidthBytes) {
        Event.WholeBytes = unsigned(Bytes);
        Event.WholeAlignment = unsigned(std::min<uint64_t>(Align, 16));
      }
    }
  }
  if (Address.Object.Cluster != MemoryObject::ClusterBlock::Own) {
    // Another block's shared memory: its races are the cluster's
    // (ClusterProfile), not this block's, and it costs no bank cycle of
    // this block. Copies and matrix loads through it are not followed.
    if (Matrices || Async != AsyncPhase::None) {
      recordUnsupported("a copy or matrix access of another block's shared "
                        "memory at line " +
                            std::to_string(Sites.nearbyLine(I)) +
                            " is not followed",
                        Loss::Accesses);
      return;
    }
    const auto *Mapa =
        static_cast<const llvm::Instruction *>(Address.Object.MappedBy);
    Observer.onRemoteSharedAccess(RemoteSharedAccessEvent{
        Event, Sites.callSite(*Mapa), Sites.kernelCall(*Mapa)});
    return;
  }
  Observer.onMemoryAccess(Event);
  if (Async == AsyncPhase::Issue || Async == AsyncPhase::BulkIssue ||
      Async == AsyncPhase::BulkRead) {
    PendingAsyncCopy Copy{Site,
                          WidthBytes,
                          Event.Address,
                          Active,
                          std::vector<unsigned>(Threads, 0),
                          Async == AsyncPhase::BulkIssue};
    Copy.ReadsShared = Async == AsyncPhase::BulkRead;
    Copy.WarpgroupMma = WarpgroupMma != nullptr;
    std::vector<unsigned> &Groups = committedGroups(queueOf(Copy));
    if (Groups.empty())
      Groups.assign(Threads, 0);
    for (unsigned T : Active.set_bits())
      Copy.Group[T] = Groups[T];
    PendingCopies.push_back(std::move(Copy));
  }
}

} // namespace ir
} // namespace smemlint
