//===--- IrIntrinsics.cpp - Intrinsics, barriers and inline PTX -----------===//
//
// What CUDA's builtins become in NVPTX IR: special registers (threadIdx,
// blockDim, blockIdx, gridDim, the lane), barriers (__syncthreads and its
// forms, cooperative groups' block sync, cuda::barrier's arrive-and-wait all
// lower to llvm.nvvm.barrier*), warp primitives (shuffles, votes, reductions,
// __syncwarp), LLVM's own integer intrinsics, and inline PTX, whose barriers
// are recognised and whose shared-memory instructions are recorded, each at
// its statement, as not evaluated yet (EvaluationSummary::Unmodelled).
//
//===----------------------------------------------------------------------===//

#include "Evaluation/CuteTmaTraits.h"
#include "Evaluation/IrExecution.h"
#include "Evaluation/PtxArithmetic.h"
#include "Evaluation/WarpgroupMma.h"
#include "Model/WmmaFragments.h"

#include "DeviceCode/DeviceModule.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Regex.h"

#include <set>

namespace smemlint {
namespace ir {

namespace {

/// The dimension (0, 1, 2) a special-register name ends in.
std::optional<unsigned> dimensionOf(llvm::StringRef Name) {
  if (Name.ends_with(".x"))
    return 0;
  if (Name.ends_with(".y"))
    return 1;
  if (Name.ends_with(".z"))
    return 2;
  return std::nullopt;
}

} // namespace

/// The words of inline PTX \p Text: opcodes with their qualifiers, operands,
/// labels.
static llvm::SmallVector<llvm::StringRef, 16> ptxWords(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 16> Words;
  llvm::SplitString(Text, Words, " \t\n\r;{},");
  return Words;
}

/// Whether \p Word of inline PTX is the opcode of an instruction that may
/// touch memory (loads, stores, atomics, copies, mbarrier operations, mapa).
static bool isPtxMemoryOpcode(llvm::StringRef Word) {
  return Word.starts_with("ld") || Word.starts_with("st") ||
         Word.starts_with("wgmma.mma_async") || Word.starts_with("atom") ||
         Word.starts_with("red") || Word.starts_with("cp.") ||
         Word.starts_with("prefetch") || Word.starts_with("mbarrier") ||
         Word.starts_with("mapa");
}

/// The instructions of inline PTX \p Text that read or write shared memory
/// (`ld.shared.v4.f32`, `cp.async.ca.shared.global`, `ldmatrix...`,
/// `mbarrier...`), in order; address conversions (cvta.shared) touch
/// nothing.
std::vector<std::string> sharedMemoryInstructions(llvm::StringRef Text) {
  std::vector<std::string> Found;
  for (llvm::StringRef Word : ptxWords(Text)) {
    // cp.async.commit_group and wait_group order copies; they move nothing.
    if (isPtxMemoryOpcode(Word) &&
        (Word.contains(".shared") || Word.starts_with("ldmatrix") ||
         Word.starts_with("wgmma.mma_async") || Word.starts_with("stmatrix") ||
         Word.starts_with("mbarrier.") || Word.starts_with("mapa")))
      Found.push_back(Word.str());
  }
  return Found;
}

bool rememberedMatch(const llvm::Regex &Pattern, llvm::StringRef Text,
                     llvm::SmallVectorImpl<llvm::StringRef> *Matches) {
  // The groups as offsets into the text (-1: did not take part), so that
  // an equal text elsewhere gets them as its own.
  struct Remembered {
    bool Matched = false;
    std::vector<std::pair<int64_t, size_t>> Groups;
  };
  thread_local llvm::StringMap<Remembered> Known;
  const llvm::Regex *Which = &Pattern;
  std::string Key(reinterpret_cast<const char *>(&Which), sizeof(Which));
  Key += Text;
  // Bounded for a long-lived process (the editor's server): statements of
  // earlier files are simply matched again.
  if (Known.size() > (1u << 16))
    Known.clear();
  auto [It, New] = Known.try_emplace(Key);
  Remembered &R = It->second;
  if (New) {
    llvm::SmallVector<llvm::StringRef, 8> Found;
    R.Matched = Pattern.match(Text, &Found);
    for (llvm::StringRef Group : Found)
      R.Groups.push_back(
          {Group.data() ? int64_t(Group.data() - Text.data()) : -1,
           Group.size()});
  }
  if (Matches) {
    Matches->clear();
    for (auto [Offset, Size] : R.Groups)
      Matches->push_back(Offset < 0 ? llvm::StringRef()
                                    : Text.substr(size_t(Offset), Size));
  }
  return R.Matched;
}

namespace {

/// Whether inline PTX \p Text only computes in registers: every statement
/// an arithmetic, conversion, comparison or move (the half-precision helpers
/// of cuda_fp16.hpp, `cvt.rn.f16.f32 $0, $1;`; mma.sync), and no special
/// register. No
/// recognizer of a barrier, copy, mbarrier, shared access or special
/// register would take it: its result is what the evaluation does not
/// compute, said without parsing it again (remembered by text: a kernel
/// runs such a statement once per warp and iteration).
bool registerOnlyPtx(llvm::StringRef Text) {
  thread_local llvm::StringMap<bool> Known;
  if (Known.size() > (1u << 16))
    Known.clear();
  auto [It, New] = Known.try_emplace(Text, false);
  if (!New)
    return It->second;
  auto Decide = [&]() {
    if (Text.contains('%'))
      return false;
    llvm::SmallVector<llvm::StringRef, 16> Statements;
    llvm::SplitString(Text, Statements, ";{}\n");
    for (llvm::StringRef Statement : Statements) {
      Statement = Statement.trim();
      if (Statement.empty() || Statement.starts_with("."))
        continue; // a declaration: .reg .b16 h;
      if (Statement.starts_with("@"))
        Statement = Statement.split(' ').second.trim();
      llvm::StringRef Opcode =
          Statement.substr(0, Statement.find_first_of(" \t")).split('.').first;
      if (!llvm::is_contained(
              {"cvt", "mov", "add", "sub", "mul", "mad", "fma", "neg", "abs",
               "min", "max", "set", "setp", "selp", "slct", "and", "or", "xor",
               "not", "cnot", "shl", "shr", "prmt", "ex2", "lg2", "rcp", "sqrt",
               "rsqrt", "sin", "cos", "tanh", "div", "rem", "bfe", "bfi",
               "popc", "clz", "brev", "bfind", "lop3", "dp4a", "dp2a",
               "copysign", "testp", "mul24", "mad24", "sad",
               // A warp's tensor-core math and register transposes: data
               // the evaluation does not compute either way.
               "mma", "movmatrix"},
              Opcode))
        return false;
    }
    return true;
  };
  It->second = Decide();
  return It->second;
}

/// What PTX instruction \p Op (one sharedMemoryInstructions finds) does to
/// shared memory.
UnmodelledEffect ptxEffect(llvm::StringRef Op) {
  if (Op.starts_with("mapa"))
    return UnmodelledEffect::MapsClusterShared;
  if (Op.starts_with("cp.async.mbarrier."))
    return UnmodelledEffect::UpdatesMbarrier;
  if (Op.starts_with("mbarrier."))
    return Op.contains("try_wait") || Op.contains("test_wait")
               ? UnmodelledEffect::WaitsOnMbarrier
               : UnmodelledEffect::UpdatesMbarrier;
  if (Op.starts_with("ld") || Op.starts_with("wgmma.mma_async"))
    return UnmodelledEffect::Reads;
  if (Op.starts_with("st"))
    return UnmodelledEffect::Writes;
  if (Op.starts_with("atom.") || Op.starts_with("red."))
    return UnmodelledEffect::ReadsAndWrites;
  // A copy names its destination first: cp.async.ca.shared.global copies
  // into shared memory, cp.async.bulk.global.shared::cta out of it.
  size_t Shared = Op.find(".shared"), Global = Op.find(".global");
  if (Shared > Global)
    return UnmodelledEffect::Reads;
  return Op.starts_with("cp.reduce.") ? UnmodelledEffect::ReadsAndWrites
                                      : UnmodelledEffect::Writes;
}

/// What NVVM intrinsic \p Name, one the evaluator does not model, does to
/// shared memory through its pointer operands; nullopt for those that move
/// nothing (cp.async.commit_group and wait_group, a wmma mma, an mbarrier's
/// pending count).
std::optional<UnmodelledEffect> intrinsicEffect(llvm::StringRef Name) {
  if (!Name.consume_front("llvm.nvvm."))
    return std::nullopt;
  if (Name.starts_with("mapa"))
    return UnmodelledEffect::MapsClusterShared;
  if (Name.starts_with("mbarrier.") || Name.starts_with("cp.async.mbarrier.")) {
    if (Name.contains("pending.count"))
      return std::nullopt;
    return Name.contains("test.wait") || Name.contains("try.wait")
               ? UnmodelledEffect::WaitsOnMbarrier
               : UnmodelledEffect::UpdatesMbarrier;
  }
  if (Name.starts_with("ldmatrix."))
    return UnmodelledEffect::Reads;
  if (Name.starts_with("stmatrix."))
    return UnmodelledEffect::Writes;
  if (Name.starts_with("wmma.")) {
    if (Name.contains(".load."))
      return UnmodelledEffect::Reads;
    if (Name.contains(".store."))
      return UnmodelledEffect::Writes;
    return std::nullopt;
  }
  if (Name.starts_with("cp.async.") || Name.starts_with("cp.reduce.async.")) {
    if (Name.contains("commit") || Name.contains("wait") ||
        Name.contains("prefetch"))
      return std::nullopt;
    // The destination comes first (cp.async.ca.shared.global.4), or the
    // direction is spelt (cp.async.bulk.tensor.g2s, s2g).
    size_t Shared = Name.find(".shared"), Global = Name.find(".global");
    bool IntoShared =
        Name.contains(".g2s.") || (Shared != llvm::StringRef::npos &&
                                   Shared < Global && !Name.contains(".s2g."));
    if (!IntoShared)
      return UnmodelledEffect::Reads;
    return Name.starts_with("cp.reduce.") ? UnmodelledEffect::ReadsAndWrites
                                          : UnmodelledEffect::Writes;
  }
  return std::nullopt;
}

/// One shared-memory access of inline PTX the evaluator follows: `ld.shared`
/// / `st.shared` of up to 16 bytes per thread (`ld.shared.v4.u32 {$0, $1,
/// $2, $3}, [$4];`, CUTLASS's shared_load), or an ldmatrix / stmatrix of 8x8
/// matrices of 16-bit elements, the shape sm_75 to sm_90 have
/// (`ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {...}, [$4];`, the
/// qualifiers in any order as CUTLASS writes them).
struct PtxSharedAccess {
  /// Each matrix has 8 rows of 8 16-bit elements, one lane's row each.
  static constexpr unsigned RowsPerMatrix = 8, RowBytes = 16;
  AccessKind Kind = AccessKind::Load;
  unsigned WidthBytes = 0;
  /// ldmatrix / stmatrix: 1, 2 or 4; 0 for ld / st.
  unsigned Matrices = 0;
  /// The asm operand ($N) that holds each thread's address.
  unsigned AddressOperand = 0;
  /// A constant added to it in the brackets (`[$4+16]`).
  int64_t ByteOffset = 0;
  /// For a scalar st.shared: the asm operand of the value stored.
  std::optional<unsigned> ValueOperand;
};

/// The `[$N]` or `[$N+K]` address of \p Operands, into \p Found.
bool parseAddressOperand(llvm::StringRef Operands, PtxSharedAccess &Found) {
  static const llvm::Regex Address(
      "\\[[ \t]*\\$([0-9]+)[ \t]*(\\+[ \t]*([0-9]+))?[ \t]*\\]");
  llvm::SmallVector<llvm::StringRef, 4> Match;
  return rememberedMatch(Address, Operands, &Match) &&
         !Match[1].getAsInteger(10, Found.AddressOperand) &&
         (Match[3].empty() || !Match[3].getAsInteger(10, Found.ByteOffset));
}

std::optional<PtxSharedAccess> ptxMatrixAccess(llvm::StringRef Text) {
  // The operands may follow with no space: "...x4.shared.b16" "{%0, ...}"
  // written as two strings (AWQ's ldmatrix_m8n8_x4_b16), which ptxas reads.
  static const llvm::Regex Instruction(
      "(^|[^.a-z_])(ld|st)matrix((\\.[a-z0-9_:]+)+)[ \t]*([{[][^;]*)");
  llvm::SmallVector<llvm::StringRef, 6> Match;
  if (!rememberedMatch(Instruction, Text, &Match))
    return std::nullopt;
  PtxSharedAccess Found;
  Found.Kind = Match[2] == "st" ? AccessKind::Store : AccessKind::Load;
  Found.WidthBytes = PtxSharedAccess::RowBytes;
  bool Shape = false, Shared = false;
  llvm::SmallVector<llvm::StringRef, 8> Qualifiers;
  Match[3].drop_front().split(Qualifiers, '.');
  for (llvm::StringRef Q : Qualifiers) {
    if (Q == "x1" || Q == "x2" || Q == "x4")
      Found.Matrices = Q.back() - '0';
    else if (Q == "m8n8")
      Shape = true;
    else if (Q == "shared" || Q == "shared::cta")
      Shared = true;
    else if (Q != "sync" && Q != "aligned" && Q != "trans" && Q != "b16")
      return std::nullopt; // m16n16, b8, b6x16_p32: not measured
  }
  if (!Shape || !Shared || !Found.Matrices ||
      !parseAddressOperand(Match[5], Found))
    return std::nullopt;
  return Found;
}

std::optional<PtxSharedAccess> ptxLoadStore(llvm::StringRef Text) {
  static const llvm::Regex Instruction(
      "(^|[^.a-z_])(ld|st)(\\.volatile|\\.relaxed\\.cta|\\.weak)?"
      "\\.shared(::cta|::cluster)?((\\.[a-z0-9]+)+)[ \t]*([{[$][^;]*)");
  llvm::SmallVector<llvm::StringRef, 8> Match;
  if (!rememberedMatch(Instruction, Text, &Match))
    return std::nullopt;
  PtxSharedAccess Found;
  Found.Kind = Match[2] == "st" ? AccessKind::Store : AccessKind::Load;
  unsigned Vector = 1, Bits = 0;
  llvm::SmallVector<llvm::StringRef, 4> Qualifiers;
  Match[5].drop_front().split(Qualifiers, '.');
  for (llvm::StringRef Q : Qualifiers) {
    if (Q == "v2" || Q == "v4")
      Vector = Q.back() - '0';
    else if (Q.size() >= 2 && llvm::StringRef("bsuf").contains(Q.front()) &&
             !Q.drop_front().getAsInteger(10, Bits))
      continue;
    else
      return std::nullopt; // f16x2, b128, a cache hint: not followed
  }
  Found.WidthBytes = Vector * Bits / 8;
  if (Bits % 8 || Found.WidthBytes == 0 || Found.WidthBytes > 16 ||
      !parseAddressOperand(Match[7], Found))
    return std::nullopt;
  // st.shared.b32 [$0], $1;
  llvm::StringRef Value = Match[7].split(',').second.trim();
  unsigned Operand = 0;
  if (Found.Kind == AccessKind::Store && Vector == 1 &&
      Value.consume_front("$") && !Value.getAsInteger(10, Operand))
    Found.ValueOperand = Operand;
  return Found;
}

/// One `cp.async.{ca,cg}.shared{::cta}.global [$D], [$S], size{, ...};` of
/// an asm statement: the copy into shared memory that Ampere added; or one
/// `cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [$D],
/// [$S], size, [$M];`, Hopper's bulk copy by the TMA engine; or one
/// `cp.async.bulk.global.shared::cta.bulk_group [$D], [$S], size;`, the
/// TMA engine's bulk copy out of shared memory (FromShared).
struct PtxAsyncCopy {
  /// The operand of the shared-memory address: the destination, or the
  /// source of a copy FromShared.
  unsigned AddressOperand = 0;
  bool Bulk = false;
  bool FromShared = false;
  /// .cg: the write bypasses L1 (LDGSTS.BYPASS).
  bool BypassesL1 = false;
  /// The copy size when the text spells it; else the operand giving it
  /// (CUTLASS's `"n"(16)`).
  unsigned WidthBytes = 0;
  std::optional<unsigned> WidthOperand;
  /// `setp.ne.b32 p, $G, 0; @p cp.async ...` (CUTLASS's guarded copy): the
  /// operand whose threads copy where it is not zero.
  std::optional<unsigned> GuardOperand;
  /// A bulk copy: the operand of the mbarrier its complete_tx signals.
  std::optional<unsigned> MbarrierOperand;
  /// A cp.async into shared memory: the operand of its global source, and
  /// a constant in its brackets.
  std::optional<unsigned> SourceOperand;
  int64_t SourceByteOffset = 0;
};

std::optional<PtxAsyncCopy> ptxAsyncCopy(llvm::StringRef Text) {
  static const llvm::Regex Instruction(
      "(^|[^.a-z_])(@p[ \t]+)?cp\\.(reduce\\.)?async((\\.[a-zA-Z0-9_:]+)+)[ "
      "\t]+"
      "([^;]*)");
  llvm::SmallVector<llvm::StringRef, 7> Match;
  if (!rememberedMatch(Instruction, Text, &Match))
    return std::nullopt;
  bool Shared = false, Global = false, CompletesMbarrier = false,
       BulkGroup = false, CacheHint = false;
  // cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32: a bulk
  // copy out of shared memory that global memory reduces into.
  bool Reduce = !Match[3].empty();
  PtxAsyncCopy Found;
  llvm::SmallVector<llvm::StringRef, 6> Qualifiers;
  Match[4].drop_front().split(Qualifiers, '.');
  for (auto [Index, Q] : llvm::enumerate(Qualifiers)) {
    if (Q == "shared" || Q == "shared::cta" ||
        (Q == "shared::cluster" && Found.Bulk && !Global)) {
      // The destination comes first.
      Shared = !Global;
      Found.FromShared = Global && Found.Bulk;
    } else if (Q == "global")
      Global = true;
    else if (Q == "bulk" && Index == 0)
      Found.Bulk = true;
    else if (Q == "mbarrier::complete_tx::bytes" && Found.Bulk)
      CompletesMbarrier = true;
    else if (Q == "bulk_group" && Found.Bulk)
      BulkGroup = true;
    else if (Q == "cg")
      Found.BypassesL1 = true;
    else if (Q == "L2::cache_hint")
      CacheHint = true;
    else if (Reduce && Found.FromShared &&
             llvm::is_contained({"add", "min", "max", "inc", "dec", "and", "or",
                                 "xor", "noftz", "f16", "bf16", "f32", "f64",
                                 "u32", "s32", "u64", "s64", "b32", "b64"},
                                Q))
      continue; // the reduction's operation and type
    else if (Q != "ca" && !Q.starts_with("L2::"))
      return std::nullopt; // tensor, multicast, cp_mask, commit_group, ...
  }
  // Into shared memory a bulk copy signals an mbarrier; out of it, it
  // joins a bulk group.
  if (Found.FromShared ? !BulkGroup || CompletesMbarrier
                       : Found.Bulk != CompletesMbarrier || BulkGroup || Reduce)
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 5> Operands;
  Match[6].split(Operands, ',');
  PtxSharedAccess Address;
  unsigned SharedOperand = Found.FromShared ? 1 : 0;
  if ((!Shared && !Found.FromShared) || !Global || Operands.size() < 3 ||
      (Found.FromShared && Operands.size() > 3u + CacheHint) ||
      !parseAddressOperand(Operands[SharedOperand], Address) ||
      Address.ByteOffset != 0)
    return std::nullopt;
  Found.AddressOperand = Address.AddressOperand;
  PtxSharedAccess Source;
  if (!Found.Bulk && parseAddressOperand(Operands[1], Source)) {
    Found.SourceOperand = Source.AddressOperand;
    Found.SourceByteOffset = Source.ByteOffset;
  }
  PtxSharedAccess Mbarrier;
  if (Found.Bulk && !Found.FromShared && Operands.size() == 4 &&
      parseAddressOperand(Operands[3], Mbarrier) && Mbarrier.ByteOffset == 0)
    Found.MbarrierOperand = Mbarrier.AddressOperand;
  llvm::StringRef Size = Operands[2].trim();
  unsigned Operand = 0;
  if (Size.consume_front("$")) {
    if (Size.getAsInteger(10, Operand))
      return std::nullopt;
    Found.WidthOperand = Operand;
  } else if (Size.getAsInteger(10, Found.WidthBytes)) {
    return std::nullopt;
  }
  if (!Match[2].empty()) {
    static const llvm::Regex Guard(
        "setp\\.ne\\.(b|s|u)32[ \t]+p[ \t]*,[ \t]*\\$([0-9]+)[ \t]*,[ \t]*0[ "
        "\t]*;");
    llvm::SmallVector<llvm::StringRef, 3> GuardMatch;
    if (!rememberedMatch(Guard, Text, &GuardMatch) ||
        GuardMatch[2].getAsInteger(10, Operand))
      return std::nullopt;
    Found.GuardOperand = Operand;
  }
  return Found;
}

/// One TMA tensor copy of an asm statement, as CUTLASS's SM90_TMA_LOAD and
/// hand-written Hopper kernels spell it: into shared memory,
/// `cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
/// [$D], [$T, {$X, $Y}], [$M];`; out of it, `cp.async.bulk.tensor.2d.global.
/// shared::cta.tile.bulk_group [$T, {$X, $Y}], [$S];` (and its
/// cp.reduce.async.bulk.tensor form). The bytes and their layout are the
/// tensor map's ($T), not the instruction's. Multicast, im2col, gather and
/// scatter forms are left to the note (\p Unfollowed: the qualifier).
struct PtxTensorCopy {
  bool FromShared = false;
  unsigned SharedOperand = 0, MapOperand = 0;
  std::optional<unsigned> MbarrierOperand;
};

std::optional<PtxTensorCopy> ptxTensorCopy(llvm::StringRef Text,
                                           std::string *Unfollowed = nullptr) {
  static const llvm::Regex Instruction(
      "(^|[^.a-z_])cp\\.(reduce\\.)?async\\.bulk\\.tensor\\.[1-5]d((\\.[a-zA-"
      "Z0-9_:]+)+)[ \t]+([^;]*)");
  llvm::SmallVector<llvm::StringRef, 6> Match;
  if (!rememberedMatch(Instruction, Text, &Match))
    return std::nullopt;
  bool Reduce = !Match[2].empty();
  bool Shared = false, Global = false, CompletesMbarrier = false,
       BulkGroup = false;
  PtxTensorCopy Found;
  llvm::SmallVector<llvm::StringRef, 8> Qualifiers;
  Match[3].drop_front().split(Qualifiers, '.');
  for (llvm::StringRef Q : Qualifiers) {
    if (Q == "shared::cta" || Q == "shared::cluster") {
      Found.FromShared = Global; // the destination comes first
      Shared = true;
    } else if (Q == "global")
      Global = true;
    else if (Q == "mbarrier::complete_tx::bytes")
      CompletesMbarrier = true;
    else if (Q == "bulk_group")
      BulkGroup = true;
    else if (Q != "tile" && Q != "L2::cache_hint" &&
             !(Reduce && llvm::is_contained({"add", "min", "max", "inc", "dec",
                                             "and", "or", "xor"},
                                            Q))) {
      if (Unfollowed) // multicast::cluster, im2col, tile::gather4, ...
        *Unfollowed = Q.str();
      return std::nullopt;
    }
  }
  if (!Shared || !Global ||
      (Found.FromShared ? !BulkGroup || CompletesMbarrier
                        : !CompletesMbarrier || BulkGroup || Reduce))
    return std::nullopt;
  static const llvm::Regex Into(
      "^\\[[ \t]*\\$([0-9]+)[ \t]*\\][ \t]*,[ \t]*\\[[ \t]*\\$([0-9]+)[ \t]*,"
      "[ \t]*\\{[^}]*\\}[ \t]*\\][ \t]*,[ \t]*\\[[ \t]*\\$([0-9]+)[ \t]*\\]");
  static const llvm::Regex OutOf(
      "^\\[[ \t]*\\$([0-9]+)[ \t]*,[ \t]*\\{[^}]*\\}[ \t]*\\][ \t]*,[ "
      "\t]*\\[[ \t]*\\$([0-9]+)[ \t]*\\]");
  llvm::SmallVector<llvm::StringRef, 4> Operands;
  llvm::StringRef Text5 = Match[5].trim();
  if (Found.FromShared) {
    if (!rememberedMatch(OutOf, Text5, &Operands) ||
        Operands[1].getAsInteger(10, Found.MapOperand) ||
        Operands[2].getAsInteger(10, Found.SharedOperand))
      return std::nullopt;
    return Found;
  }
  unsigned Mbarrier = 0;
  if (!rememberedMatch(Into, Text5, &Operands) ||
      Operands[1].getAsInteger(10, Found.SharedOperand) ||
      Operands[2].getAsInteger(10, Found.MapOperand) ||
      Operands[3].getAsInteger(10, Mbarrier))
    return std::nullopt;
  Found.MbarrierOperand = Mbarrier;
  return Found;
}

/// The asm operand of the mbarrier a copy signals with complete_tx, for a
/// copy the evaluation does not follow: the last `[$N]` of its operands.
std::optional<unsigned> completeTxMbarrierOperand(llvm::StringRef Text) {
  if (!Text.contains("mbarrier::complete_tx"))
    return std::nullopt;
  static const llvm::Regex Last("\\[[ \t]*\\$([0-9]+)[ \t]*\\][^[]*$");
  llvm::SmallVector<llvm::StringRef, 2> Match;
  unsigned Operand = 0;
  size_t End = Text.find(';');
  if (!rememberedMatch(Last, Text.take_front(End), &Match) ||
      Match[1].getAsInteger(10, Operand))
    return std::nullopt;
  return Operand;
}

/// Whether \p Text is a `fence.proxy.async` that covers shared memory:
/// `.shared::cta`, `.shared::cluster`, or no state space (all of them).
bool ptxProxyFenceCoversShared(llvm::StringRef Text) {
  static const llvm::Regex Fence(
      "(^|[^.a-z_])fence\\.proxy\\.async(\\.[a-z:]+)?[ \t]*;");
  llvm::SmallVector<llvm::StringRef, 3> Match;
  return rememberedMatch(Fence, Text, &Match) &&
         (Match[2].empty() || Match[2].starts_with(".shared"));
}

/// What an asm statement does to the groups of cp.async copies.
struct PtxAsyncGroupStep {
  enum { Commit, WaitGroup, WaitAll } What = Commit;
  /// For WaitGroup: the newest groups left in flight, as the text spells
  /// it (`wait_group 1`) or the asm operand that gives it (`wait_group $0`).
  unsigned Count = 0;
  bool CountIsOperand = false;
};

std::optional<PtxAsyncGroupStep> ptxAsyncGroupStep(llvm::StringRef Text) {
  PtxAsyncGroupStep Step;
  if (Text.contains("cp.async.commit_group"))
    return Step;
  Step.What = PtxAsyncGroupStep::WaitAll;
  if (Text.contains("cp.async.wait_all"))
    return Step;
  size_t At = Text.find("cp.async.wait_group");
  if (At == llvm::StringRef::npos)
    return std::nullopt;
  Step.What = PtxAsyncGroupStep::WaitGroup;
  llvm::StringRef Count = Text.drop_front(At + strlen("cp.async.wait_group"))
                              .split(';')
                              .first.trim();
  Step.CountIsOperand = Count.consume_front("$");
  // A count it cannot read: 0, every committed group waited for, so that
  // no copy is reported as read early because of it.
  if (Count.getAsInteger(10, Step.Count)) {
    Step.CountIsOperand = false;
    Step.Count = 0;
  }
  return Step;
}

/// What an asm statement does to the bulk groups of bulk copies out of
/// shared memory: `cp.async.bulk.commit_group`, or
/// `cp.async.bulk.wait_group[.read] N` (the read form waits until the
/// copies have read their source, which is what a rewrite of it needs).
std::optional<PtxAsyncGroupStep> ptxBulkGroupStep(llvm::StringRef Text) {
  PtxAsyncGroupStep Step;
  if (Text.contains("cp.async.bulk.commit_group"))
    return Step;
  static const llvm::Regex Wait(
      "cp\\.async\\.bulk\\.wait_group(\\.read)?[ \t]+(\\$?)([0-9]+)");
  llvm::SmallVector<llvm::StringRef, 4> Match;
  if (!rememberedMatch(Wait, Text, &Match) ||
      Match[3].getAsInteger(10, Step.Count))
    return std::nullopt;
  Step.What = PtxAsyncGroupStep::WaitGroup;
  Step.CountIsOperand = !Match[2].empty();
  return Step;
}

/// Whether \p Operand, the address operand of inline PTX,
/// takes the address of an element or row of \p Array through all \p Dims
/// of its declared shape (`__cvta_generic_to_shared(&tile[r][c])`, directly
/// or in the initializer of the variable it names), so that a change of the
/// declared row length moves its rows as it moves the other accesses'.
bool addressesDeclaredArray(const clang::Expr *Operand,
                            const clang::VarDecl *Array, unsigned Dims) {
  if (!Operand)
    return false;
  const clang::Expr *E = Operand->IgnoreParenImpCasts();
  if (const auto *Ref = llvm::dyn_cast<clang::DeclRefExpr>(E))
    if (const auto *Var = llvm::dyn_cast<clang::VarDecl>(Ref->getDecl());
        Var && Var != Array && Var->hasLocalStorage() && Var->getInit())
      E = Var->getInit();
  // The subscript chain of Array anywhere in the expression: under the
  // conversions and calls that turn it into a shared-window address.
  llvm::SmallVector<const clang::Stmt *, 16> Work{E};
  while (!Work.empty()) {
    const clang::Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *Subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(S)) {
      unsigned Depth = 0;
      const clang::Expr *Base = Subscript;
      while (const auto *Inner = llvm::dyn_cast<clang::ArraySubscriptExpr>(
                 Base->IgnoreParenImpCasts())) {
        ++Depth;
        Base = Inner->getBase();
      }
      const auto *Ref =
          llvm::dyn_cast<clang::DeclRefExpr>(Base->IgnoreParenImpCasts());
      if (Ref && Ref->getDecl() == Array && Depth == Dims)
        return true;
    }
    for (const clang::Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return false;
}

} // namespace

/// The argument of the call to \p Asm that carries asm operand \p Operand
/// ($N), or nullopt for an output the call returns. Outputs come first,
/// then inputs, as the operands are numbered.
std::optional<unsigned> asmOperandArgument(const llvm::InlineAsm &Asm,
                                           unsigned Operand) {
  unsigned Index = 0, Argument = 0;
  for (const llvm::InlineAsm::ConstraintInfo &C : Asm.ParseConstraints()) {
    if (C.Type == llvm::InlineAsm::isClobber ||
        C.Type == llvm::InlineAsm::isLabel)
      continue;
    bool Passed = C.Type != llvm::InlineAsm::isOutput || C.isIndirect;
    if (Index++ == Operand)
      return Passed ? std::optional<unsigned>(Argument) : std::nullopt;
    Argument += Passed;
  }
  return std::nullopt;
}

/// The groups a wait leaves in flight: the count its text spells, or the
/// constant its "n" operand gives (one not constant: 0, every group).
unsigned asmCount(const llvm::CallBase &Call, const llvm::InlineAsm &Asm,
                  const PtxAsyncGroupStep &Step) {
  if (!Step.CountIsOperand)
    return Step.Count;
  std::optional<unsigned> Argument = asmOperandArgument(Asm, Step.Count);
  const auto *N =
      Argument && *Argument < Call.arg_size()
          ? llvm::dyn_cast<llvm::ConstantInt>(Call.getArgOperand(*Argument))
          : nullptr;
  return N ? unsigned(N->getZExtValue()) : 0u;
}

const clang::Expr *asmOperandSite(const clang::Stmt *Statement,
                                  unsigned Operand) {
  if (const auto *Asm = llvm::dyn_cast_or_null<clang::AsmStmt>(Statement)) {
    if (Operand < Asm->getNumOutputs())
      return Asm->getOutputExpr(Operand);
    Operand -= Asm->getNumOutputs();
    return Operand < Asm->getNumInputs() ? Asm->getInputExpr(Operand) : nullptr;
  }
  return llvm::dyn_cast_or_null<clang::Expr>(Statement);
}

namespace {

/// \p Op on the threads of \p Active where both operands are known, the
/// result held at \p Bits.
template <typename OpT>
ThreadValue integerBinary(const ThreadValue &L, const ThreadValue &R,
                          unsigned Bits, const ThreadMask &Active, OpT Op) {
  ThreadValue Result = ThreadValue::unknown(
      L.threads(), L.UnknownReason.empty() ? R.UnknownReason : L.UnknownReason);
  Result.Symbols = L.Symbols | R.Symbols;
  forEachThreadInBoth(Active, L.Known, [&](unsigned T) {
    if (!R.Known[T])
      return;
    Result.Values[T] = truncateSigned(Op(L.Values[T], R.Values[T], Bits), Bits);
    Result.Known.set(T);
  });
  if (Result.knownFor(Active))
    Result.UnknownReason.clear();
  return Result;
}

/// \p Op (given the operand's width) on the threads of \p Active where the
/// operand is known, the result held at \p ResultBits.
template <typename OpT>
ThreadValue integerUnary(const ThreadValue &V, unsigned OperandBits,
                         unsigned ResultBits, const ThreadMask &Active,
                         OpT Op) {
  ThreadValue Result = ThreadValue::unknown(V.threads(), V.UnknownReason);
  Result.Symbols = V.Symbols;
  forEachThreadInBoth(Active, V.Known, [&](unsigned T) {
    Result.Values[T] = truncateSigned(Op(V.Values[T], OperandBits), ResultBits);
    Result.Known.set(T);
  });
  if (Result.knownFor(Active))
    Result.UnknownReason.clear();
  return Result;
}

/// The function \p Site calls, as the user writes it: CUDA's wmma lives in
/// nvcuda::wmma, and users write wmma::. Empty when \p Site is no call.
std::string calledFunction(const clang::Stmt *Site) {
  const auto *Call = llvm::dyn_cast_or_null<clang::CallExpr>(Site);
  const clang::FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee)
    return "";
  std::string Name = Callee->getQualifiedNameAsString();
  llvm::StringRef Short(Name);
  return Short.consume_front("nvcuda::") ? Short.str() : Name;
}

} // namespace

void IrExecution::unmodelled(const llvm::CallBase &Call,
                             UnmodelledInstruction Found,
                             const std::string &What) {
  Found.Site = Sites.callSite(Call);
  Found.Function = calledFunction(Found.Site);
  // Named among what was not followed either way (the JSON's
  // not_evaluated); only one that has no place of its own is reported at
  // the kernel.
  unsupported(Call, What, Found.Site ? Loss::Values : Loss::Accesses);
  if (!Found.Site)
    return;
  if (llvm::none_of(Summary.Unmodelled, [&](const UnmodelledInstruction &U) {
        return U.Site == Found.Site;
      }))
    Summary.Unmodelled.push_back(std::move(Found));
}

std::optional<PtxBarrier> ptxBarrier(llvm::StringRef Text) {
  // bar{.cta}.sync|arrive|red a{, b}; and barrier{.cta}{.aligned}...: the
  // first such instruction of the statement.
  static const llvm::Regex Instruction(
      "(^|[^.a-z_])((bar|barrier)(\\.cta)?\\.(sync|arrive|red)[a-z0-9_.]*)"
      "[ \t]+([^;]*)");
  llvm::SmallVector<llvm::StringRef, 7> Match;
  if (!rememberedMatch(Instruction, Text, &Match))
    return std::nullopt;
  llvm::StringRef Operands = Match[6].trim();
  PtxBarrier Found;
  Found.Instruction = (Match[2] + " " + Operands).str();
  // bar.red names its reduction and a predicate after the barrier and count.
  unsigned Commas = Operands.count(',');
  bool Counted = Match[5] == "red" ? Commas >= 3 : Commas >= 1;
  Found.Partial = Match[5] == "arrive" || Counted;
  return Found;
}

std::vector<ClusterBarrierEvent::Step> ptxClusterBarrier(llvm::StringRef Text) {
  static const llvm::Regex Instruction(
      "(^|[^.a-z_])barrier\\.cluster\\.(arrive|wait)((\\.[a-z]+)*)");
  std::vector<ClusterBarrierEvent::Step> Steps;
  llvm::SmallVector<llvm::StringRef, 5> Match;
  while (rememberedMatch(Instruction, Text, &Match)) {
    llvm::StringRef Qualifiers = Match[3];
    Steps.push_back(Match[2] == "wait" ? ClusterBarrierEvent::Step::Wait
                    : Qualifiers.contains(".relaxed")
                        ? ClusterBarrierEvent::Step::RelaxedArrive
                        : ClusterBarrierEvent::Step::Arrive);
    Text = Text.substr(Match[0].end() - Text.begin());
  }
  return Steps;
}

const llvm::Value *wmmaLeadingDimension(const llvm::Instruction &I) {
  const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
  const llvm::Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  if (!Callee || Call->arg_size() < 2)
    return nullptr;
  llvm::StringRef Name = Callee->getName();
  if (!Name.starts_with("llvm.nvvm.wmma.") ||
      !(Name.contains(".load.") || Name.contains(".store.")))
    return nullptr;
  return Call->getArgOperand(Call->arg_size() - 1);
}

std::optional<AsyncCopyOperands> asyncCopyOperands(const llvm::CallBase &Call) {
  if (const auto *Asm =
          llvm::dyn_cast<llvm::InlineAsm>(Call.getCalledOperand())) {
    llvm::StringRef Text = Asm->getAsmString();
    std::optional<PtxAsyncCopy> Copy = ptxAsyncCopy(Text);
    if (!Copy || Copy->Bulk || Copy->FromShared || !Copy->SourceOperand ||
        sharedMemoryInstructions(Text).size() != 1)
      return std::nullopt;
    AsyncCopyOperands Found;
    Found.Destination = asmArgument(Call, *Asm, Copy->AddressOperand);
    Found.Source = asmArgument(Call, *Asm, *Copy->SourceOperand);
    if (Copy->GuardOperand) {
      Found.Guard = asmArgument(Call, *Asm, *Copy->GuardOperand);
      if (!Found.Guard)
        return std::nullopt;
    }
    if (!Found.Destination || !Found.Source)
      return std::nullopt;
    return Found;
  }
  // llvm.nvvm.cp.async.{ca,cg}.shared.global.N(ptr addrspace(3), ptr
  // addrspace(1)[, i32 src-size])
  const llvm::Function *Callee = Call.getCalledFunction();
  if (!Callee || Call.arg_size() < 2 || !cpAsyncIntrinsic(Callee->getName()))
    return std::nullopt;
  AsyncCopyOperands Found;
  Found.Destination = Call.getArgOperand(0);
  Found.Source = Call.getArgOperand(1);
  return Found;
}

std::optional<CpAsyncIntrinsic> cpAsyncIntrinsic(llvm::StringRef Name) {
  if (!Name.consume_front("llvm.nvvm.cp.async."))
    return std::nullopt;
  CpAsyncIntrinsic Found;
  Found.BypassesL1 = Name.consume_front("cg.");
  if (!(Found.BypassesL1 || Name.consume_front("ca.")) ||
      !Name.consume_front("shared.global."))
    return std::nullopt;
  Name.consume_back(".s");
  if (Name.getAsInteger(10, Found.Width))
    return std::nullopt;
  return Found;
}

llvm::StringRef baseName(llvm::StringRef Name) {
  if (!Name.consume_front("_Z"))
    return Name;
  unsigned Length = 0;
  if (Name.consumeInteger(10, Length) || Length > Name.size())
    return Name;
  return Name.take_front(Length);
}

std::optional<llvm::StringRef> ptxSpecialRegisterMove(llvm::StringRef Text) {
  llvm::StringRef Move = Text.trim().rtrim(';').trim();
  if (!Move.consume_front("mov.u32") && !Move.consume_front("mov.b32"))
    return std::nullopt;
  auto [Target, Source] = Move.split(',');
  Source = Source.trim();
  if (Target.trim() != "$0" || !Source.consume_front("%"))
    return std::nullopt;
  return Source;
}

std::optional<PtxMapa> ptxMapa(llvm::StringRef Text) {
  static const llvm::Regex Mapa(
      "^[ \t\n]*mapa(\\.shared::cluster)?\\.[ub](32|64)[ \t]+\\$0[ \t]*,[ \t]*"
      "\\$([0-9]+)[ \t]*,[ \t]*\\$([0-9]+)[ \t]*;?[ \t\n]*$");
  llvm::SmallVector<llvm::StringRef, 5> Match;
  PtxMapa Found;
  if (!rememberedMatch(Mapa, Text, &Match) ||
      Match[3].getAsInteger(10, Found.AddressOperand) ||
      Match[4].getAsInteger(10, Found.RankOperand))
    return std::nullopt;
  return Found;
}

std::optional<unsigned> shuffledArgument(const llvm::CallBase &Call) {
  if (const auto *Asm =
          llvm::dyn_cast<llvm::InlineAsm>(Call.getCalledOperand())) {
    llvm::StringRef Text = Asm->getAsmString();
    Text = Text.trim();
    if (!Text.starts_with("shfl.sync.") || Text.count(';') > 1)
      return std::nullopt;
    // `shfl.sync.down.b32 $0, $1, $2, $3, $4;` (or `$0|$1, $2, ...` with a
    // predicate): the second operand is the value.
    llvm::SmallVector<llvm::StringRef, 6> Operands;
    Text.drop_front(Text.find_first_of(" \t")).split(Operands, ',');
    if (Operands.size() < 2)
      return std::nullopt;
    llvm::StringRef Value = Operands[1].trim();
    unsigned Source = 0;
    if (!Value.consume_front("$") || Value.getAsInteger(10, Source))
      return std::nullopt;
    return asmOperandArgument(*Asm, Source);
  }
  const llvm::Function *Callee = Call.getCalledFunction();
  if (!Callee)
    return std::nullopt;
  llvm::StringRef Name = Callee->getName();
  // (mask, value, lane, clamp) and (mask, var, lane or delta, width).
  if (Name.starts_with("llvm.nvvm.shfl.sync."))
    return 1u;
  Name = baseName(Name);
  if (Callee->isDeclaration() && Name.starts_with("__shfl") &&
      Name.ends_with("_sync"))
    return 1u;
  return std::nullopt;
}

bool inlinePtxMovesNoModelledData(const llvm::CallBase &Call) {
  const auto *Asm = llvm::dyn_cast<llvm::InlineAsm>(Call.getCalledOperand());
  if (!Asm)
    return false;
  llvm::StringRef Text = Asm->getAsmString();
  // A pointer operand is followed only into global loads and stores the
  // text names as such (`__ldcs`, `__stcg`: ld.global.cs, st.global.cg),
  // whose data the evaluation does not model; any other memory
  // instruction may reach shared memory through it.
  if (llvm::any_of(Call.args(), [](const llvm::Use &Operand) {
        return Operand->getType()->isPointerTy();
      })) {
    for (llvm::StringRef Word : ptxWords(Text))
      if (isPtxMemoryOpcode(Word) && !Word.starts_with("ld.global.") &&
          !Word.starts_with("st.global."))
        return false;
  }
  if (!ptxClusterBarrier(Text).empty())
    return false;
  std::optional<PtxBarrier> Bar = ptxBarrier(Text);
  // cp.async.commit_group and wait_group move no data; a loop that issues
  // copies is not computed in closed form anyway (the copy's global
  // pointer), so one that only waits does the same in each iteration.
  return (!Bar || !Bar->Partial) && sharedMemoryInstructions(Text).empty();
}

void IrExecution::partialBarrier(const llvm::CallBase &Call,
                                 const std::string &Name,
                                 const std::string &Instruction, bool InlinePtx,
                                 const ThreadMask &Active) {
  UnmodelledInstruction Found;
  Found.Instruction = Instruction;
  Found.InlinePtx = InlinePtx;
  Found.Effect = UnmodelledEffect::PartialBarrier;
  unmodelled(Call, Found,
             Name + ", a barrier for part of the block, is not followed");
  // Which threads it orders is not followed: no race is reported across it,
  // and it is not a divergent barrier.
  barrier(Call, BarrierScope::Unknown, Active);
}

void IrExecution::clusterBarrier(const llvm::Instruction &I,
                                 ClusterBarrierEvent::Step Step,
                                 const ThreadMask &Active) {
  Observer.onClusterBarrier(ClusterBarrierEvent{barrierSite(I), Step, Active});
  if (Step == ClusterBarrierEvent::Step::Wait)
    barrier(I, BarrierScope::Block, Active);
}

namespace {

bool readsOwnClusterRank(const llvm::Value *V) {
  const auto *Call = llvm::dyn_cast<llvm::CallBase>(V);
  // `mov.u32 $0, %cluster_ctarank;` (CuTe's block_rank_in_cluster).
  if (const auto *Asm =
          Call ? llvm::dyn_cast<llvm::InlineAsm>(Call->getCalledOperand())
               : nullptr) {
    std::optional<llvm::StringRef> Register =
        ptxSpecialRegisterMove(Asm->getAsmString());
    return Register && (*Register == "cluster_ctarank" ||
                        Register->starts_with("cluster_ctaid."));
  }
  const llvm::Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  return Callee &&
         (Callee->getName() == "llvm.nvvm.read.ptx.sreg.cluster.ctarank" ||
          Callee->getName().starts_with(
              "llvm.nvvm.read.ptx.sreg.cluster.ctaid."));
}

/// Whether \p V is computed from the block's rank in its cluster (through
/// arithmetic, selects and phis; not through memory).
bool dependsOnOwnClusterRank(const llvm::Value *V) {
  llvm::SmallPtrSet<const llvm::Value *, 32> Seen;
  llvm::SmallVector<const llvm::Value *, 16> Work{V};
  while (!Work.empty() && Seen.size() < 256) {
    const llvm::Value *Next = Work.pop_back_val();
    if (!Seen.insert(Next).second)
      continue;
    if (readsOwnClusterRank(Next))
      return true;
    const auto *I = llvm::dyn_cast<llvm::Instruction>(Next);
    if (!I || I->mayReadFromMemory() || llvm::isa<llvm::CallBase>(I))
      continue;
    for (const llvm::Use &Operand : I->operands())
      Work.push_back(Operand.get());
  }
  return false;
}

} // namespace

std::optional<ThreadValue>
IrExecution::mapClusterShared(const llvm::CallBase &Call,
                              const llvm::Value *Address,
                              const llvm::Value *RankOperand, CallFrame &Frame,
                              const ThreadMask &Active) {
  if (!Address || !RankOperand)
    return std::nullopt;
  const ThreadValue &Pointer = valueOf(Address, Frame, Active);
  if (!Pointer.isPointer() || !Pointer.Object.IsShared ||
      Pointer.Object.Cluster != MemoryObject::ClusterBlock::Own)
    return std::nullopt;
  const llvm::Value *Rank = RankOperand->stripPointerCasts();
  while (const auto *Cast = llvm::dyn_cast<llvm::CastInst>(Rank))
    Rank = Cast->getOperand(0);
  if (readsOwnClusterRank(Rank))
    return Pointer; // the block's own copy
  ThreadValue Mapped = Pointer;
  if (dependsOnOwnClusterRank(Rank)) {
    Mapped.Object.Cluster = MemoryObject::ClusterBlock::Peer;
  } else {
    const ThreadValue &Named = valueOf(RankOperand, Frame, Active);
    std::optional<int64_t> Uniform;
    bool Computed = true;
    for (unsigned T : Active.set_bits()) {
      if (!Named.Known[T]) {
        Computed = false;
        break;
      }
      // Ranks known but different per thread: not one block.
      if (Uniform && *Uniform != Named.Values[T])
        return std::nullopt;
      Uniform = Named.Values[T];
    }
    if (!Computed) {
      Mapped.Object.Cluster = MemoryObject::ClusterBlock::Any;
    } else {
      if (!Uniform)
        return std::nullopt;
      Mapped.Object.Cluster = MemoryObject::ClusterBlock::Fixed;
      Mapped.Object.FixedRank = int32_t(*Uniform);
    }
  }
  Mapped.Object.MappedBy = &Call;
  return Mapped;
}

const clang::Stmt *IrExecution::barrierSite(const llvm::Instruction &I) {
  if (const clang::Stmt *Site = Sites.callSite(I))
    return Site;
  const clang::FunctionDecl *Definition = Kernel;
  Kernel->hasBody(Definition);
  unsupported(I, "a barrier the evaluator could not place in the source");
  return Definition ? Definition->getBody() : nullptr;
}

void IrExecution::barrier(const llvm::Instruction &I, BarrierScope Scope,
                          const ThreadMask &Active,
                          const ThreadValue *LaneMask) {
  if (const clang::Stmt *Site = barrierSite(I))
    barrierAt(Site, Scope, Active, LaneMask);
}

void IrExecution::pairedBarrier(
    llvm::ArrayRef<std::pair<const llvm::Instruction *, ThreadMask>> Waits) {
  std::vector<BarrierArrival> Arrivals;
  ThreadMask Everyone = none();
  for (const auto &[Call, Threads] : Waits) {
    Everyone |= Threads;
    const clang::Stmt *Site = barrierSite(*Call);
    if (!Site)
      continue;
    auto Same = llvm::find_if(
        Arrivals, [Site](const BarrierArrival &A) { return A.Site == Site; });
    if (Same != Arrivals.end())
      Same->Threads |= Threads;
    else
      Arrivals.push_back({Site, Threads});
  }
  if (Arrivals.empty())
    return;
  barrierAt(Arrivals.back().Site, BarrierScope::Block, Everyone, nullptr, 0,
            Arrivals.size() > 1 ? llvm::ArrayRef(Arrivals)
                                : llvm::ArrayRef<BarrierArrival>());
}

void IrExecution::insertBarrierBefore(const llvm::Instruction &I,
                                      CallFrame &Frame,
                                      const ThreadMask &Active) {
  // Address arithmetic the optimizer scheduled among another statement's
  // instructions does not decide where the statement begins; its accesses,
  // calls and branches (an `if`'s condition, before the branch's threads
  // part) do.
  if (!I.getDebugLoc() || !(I.mayReadOrWriteMemory() ||
                            llvm::isa<llvm::CallBase>(I) || I.isTerminator()))
    return;
  bool Inside = Sites.within(I, Options.InsertedBarrier->getSourceRange());
  if (Inside && !Frame.InsideInsertedBarrier)
    barrierAt(Options.InsertedBarrier,
              Options.InsertedBarrierIsWarp ? BarrierScope::Warp
                                            : BarrierScope::Block,
              Active, nullptr);
  Frame.InsideInsertedBarrier = Inside;
}

void IrExecution::barrierAt(const clang::Stmt *Site, BarrierScope Scope,
                            const ThreadMask &Active,
                            const ThreadValue *LaneMask, uint64_t PhaseId,
                            llvm::ArrayRef<BarrierArrival> Arrivals) {
  // An mbarrier wait orders part of the block: iterations that pass only
  // such waits are not separated by block barriers (IrClosedForm).
  if (Scope == BarrierScope::Block || Scope == BarrierScope::Unknown)
    ++BlockBarriers;

  // Synchronisation the evaluator does not follow (an mbarrier wait, which
  // cuda::pipeline and cuda::barrier complete their copies with) is taken
  // to complete every copy in flight: no copy is then reported as read
  // before it lands because of what was not followed. A block barrier
  // completes none: __syncthreads() does not wait for cp.async.
  if (Scope == BarrierScope::Unknown)
    completeAsyncCopies(Active, std::nullopt, /*EveryThread=*/true);
  ThreadMask Living = livingThreads();
  if (Scope == BarrierScope::Block && Active == Living)
    orderMbarrierPhases();
  std::vector<const clang::Stmt *> Loops;
  std::vector<unsigned> Iterations;
  enclosingLoops(Loops, Iterations);
  BarrierEvent Event{Site,       Scope,    Active,  Living,  Loops,
                     Iterations, LaneMask, PhaseId, Arrivals};
  if (!Frames.empty() && Frames.back()->Current)
    Event.ControlSymbols = controlSymbols(
        *Frames.back(), *Frames.back()->Current, /*Splitting=*/true);
  Observer.onBarrier(Event);
}

void IrExecution::settleSkippedIterations(const llvm::Loop &L,
                                          const ThreadMask &Leaving) {
  // Commits the skipped iterations made would have let a later wait_group
  // complete the copies issued before the cut; waits there completed them.
  // How many, the evaluation does not know: they are taken as complete, so
  // that no read after the loop is reported early because of the cut.
  for (const llvm::BasicBlock *Block : L.blocks())
    for (const llvm::Instruction &I : *Block) {
      const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
      if (!Call)
        continue;
      bool GroupsCopies = false;
      if (const auto *Asm =
              llvm::dyn_cast<llvm::InlineAsm>(Call->getCalledOperand()))
        GroupsCopies = ptxAsyncGroupStep(Asm->getAsmString()).has_value();
      else if (const llvm::Function *Callee = Call->getCalledFunction())
        GroupsCopies =
            Callee->getName().starts_with("llvm.nvvm.cp.async.wait.") ||
            Callee->getName().starts_with("llvm.nvvm.cp.async.commit.");
      if (GroupsCopies) {
        completeAsyncCopies(Leaving, std::nullopt);
        return;
      }
    }
}

ThreadValue IrExecution::shuffle(llvm::StringRef Mode, const ThreadValue &Value,
                                 const ThreadValue &Lane,
                                 const ThreadValue &Clamp,
                                 const ThreadMask &Active) {
  ThreadValue Result = ThreadValue::unknown(Threads, Value.UnknownReason);
  Result.Symbols = Value.Symbols | Lane.Symbols;
  for (unsigned T : Active.set_bits()) {
    if (!Lane.Known[T] || !Clamp.Known[T])
      continue;
    unsigned Warp = T / Options.WarpSize, Self = T % Options.WarpSize;
    int64_t C = Clamp.Values[T];
    // PTX's shfl.sync: c holds the clamp lane and the segment mask.
    int64_t SegmentMask = (C >> 8) & 0x1f;
    int64_t MinLane = Self & SegmentMask;
    int64_t MaxInSegment = MinLane | ((C & 0x1f) & ~SegmentMask);
    int64_t B = Lane.Values[T] & 0x1f;
    int64_t Source = Self;
    bool Valid = true;
    if (Mode.starts_with("idx")) {
      Source = MinLane | (B & ~SegmentMask);
      Valid = Source <= MaxInSegment;
    } else if (Mode.starts_with("up")) {
      Source = int64_t(Self) - B;
      Valid = Source >= MaxInSegment;
    } else if (Mode.starts_with("down")) {
      Source = Self + B;
      Valid = Source <= MaxInSegment;
    } else if (Mode.starts_with("bfly")) {
      Source = Self ^ B;
      Valid = Source <= MaxInSegment;
    }
    if (!Valid)
      Source = Self;
    unsigned From = Warp * Options.WarpSize + unsigned(Source);
    // A lane that does not take part gives an undefined value.
    if (From >= Threads || !Active[From])
      continue;
    if (!Value.Known[From]) {
      // The source lane's value, whatever it is.
      Result.setNumber(T, Value.numberOf(From));
      continue;
    }
    Result.Values[T] = Value.Values[From];
    Result.Known.set(T);
  }
  if (Result.knownFor(Active))
    Result.UnknownReason.clear();
  else if (Result.UnknownReason.empty())
    Result.UnknownReason = "a shuffle from a lane that does not take part";
  return Result;
}

ThreadValue IrExecution::warpReduce(llvm::StringRef Op,
                                    const ThreadValue &Value,
                                    const ThreadMask &Active) {
  ThreadValue Result = ThreadValue::unknown(Threads, Value.UnknownReason);
  Result.Symbols = Value.Symbols;
  for (unsigned First = 0; First < Threads; First += Options.WarpSize) {
    unsigned End = std::min(Threads, First + Options.WarpSize);
    bool Known = true;
    int64_t Ballot = 0, Sum = 0, Min = INT64_MAX, Max = INT64_MIN, UMin = -1,
            UMax = 0, And = -1, Or = 0, Xor = 0;
    bool Any = false, All = true, Same = true;
    std::optional<int64_t> Seen;
    for (unsigned T = First; T < End; ++T) {
      if (!Active[T])
        continue;
      if (!Value.Known[T]) {
        Known = false;
        break;
      }
      int64_t V = Value.Values[T];
      bool Set = V != 0;
      Ballot |= int64_t(Set) << (T - First);
      Any |= Set;
      All &= Set;
      if (Seen && *Seen != V)
        Same = false;
      Seen = V;
      Sum = int64_t(uint64_t(Sum) + uint64_t(V));
      Min = std::min(Min, V);
      Max = std::max(Max, V);
      UMin = int64_t(std::min(uint64_t(UMin), truncateUnsigned(V, 32)));
      UMax = int64_t(std::max(uint64_t(UMax), truncateUnsigned(V, 32)));
      And &= V;
      Or |= V;
      Xor ^= V;
    }
    if (!Known) {
      // One result in every lane of the warp, whatever the values were.
      uint32_t Number = Numbering.fresh();
      for (unsigned T = First; T < End; ++T)
        if (Active[T])
          Result.setNumber(T, Number);
      continue;
    }
    int64_t Out = 0;
    if (Op.starts_with("ballot"))
      Out = truncateSigned(Ballot, 32);
    else if (Op.starts_with("all"))
      Out = All;
    else if (Op.starts_with("any"))
      Out = Any;
    else if (Op.starts_with("uni"))
      Out = Same;
    else if (Op == "add")
      Out = truncateSigned(Sum, 32);
    else if (Op == "min")
      Out = Min;
    else if (Op == "max")
      Out = Max;
    else if (Op == "umin")
      Out = truncateSigned(UMin, 32);
    else if (Op == "umax")
      Out = truncateSigned(UMax, 32);
    else if (Op == "and")
      Out = And;
    else if (Op == "or")
      Out = Or;
    else if (Op == "xor")
      Out = Xor;
    else
      continue;
    for (unsigned T = First; T < End; ++T)
      if (Active[T]) {
        Result.Values[T] = Out;
        Result.Known.set(T);
      }
  }
  if (Result.knownFor(Active))
    Result.UnknownReason.clear();
  return Result;
}

std::optional<ThreadValue>
IrExecution::libdeviceInteger(llvm::StringRef Name, const llvm::CallBase &Call,
                              CallFrame &Frame, const ThreadMask &Active) {
  if (!Name.consume_front("__nv_") || !Call.getType()->isIntegerTy())
    return std::nullopt;
  // min, umin, llmin, ullmin, ...: the width is the result type's.
  unsigned Bits = bitsOf(Call.getType());
  Name.consume_front("ll");
  bool Unsigned = Name.consume_front("u");
  Name.consume_front("ll");
  auto Operand = [&](unsigned I) -> const ThreadValue & {
    return valueOf(Call.getArgOperand(I), Frame, Active);
  };
  auto Of = [&](int64_t X) {
    return Unsigned ? int64_t(truncateUnsigned(X, Bits))
                    : truncateSigned(X, Bits);
  };
  if ((Name == "min" || Name == "max") && Call.arg_size() == 2) {
    bool Min = Name == "min";
    return integerBinary(Operand(0), Operand(1), Bits, Active,
                         [&](int64_t A, int64_t B, unsigned) {
                           bool Less = Unsigned
                                           ? uint64_t(Of(A)) < uint64_t(Of(B))
                                           : Of(A) < Of(B);
                           return Less == Min ? A : B;
                         });
  }
  if (Name == "abs" && !Unsigned && Call.arg_size() == 1)
    return integerUnary(
        Operand(0), Bits, Bits, Active,
        [&](int64_t A, unsigned) { return Of(A) < 0 ? -Of(A) : Of(A); });
  return std::nullopt;
}

std::optional<ThreadValue>
IrExecution::deviceLibraryCall(llvm::StringRef Name, const llvm::CallBase &Call,
                               CallFrame &Frame, const ThreadMask &Active) {
  auto Argument = [&](unsigned I) -> const ThreadValue & {
    return valueOf(Call.getArgOperand(I), Frame, Active);
  };
  unsigned Arguments = Call.arg_size();
  if (Name.starts_with("atomic") && Arguments >= 2 &&
      Call.getArgOperand(0)->getType()->isPointerTy()) {
    AddressFacts Address = addressOf(Call.getArgOperand(0), Frame, Active);
    const llvm::Value *Operand = Call.getArgOperand(Arguments - 1);
    const ThreadValue &Stored = valueOf(Operand, Frame, Active);
    reportAccess(Call, AccessKind::Atomic,
                 Layout.getTypeStoreSize(Operand->getType()), Address, Active,
                 &Stored);
    return unknown("the old value an atomic returns");
  }
  // libdevice's integer min, max and abs (what CUDA's min() and max()
  // call); libdevice is not linked in, so they are computed here.
  if (std::optional<ThreadValue> V =
          libdeviceInteger(Name, Call, Frame, Active))
    return V;
  // The 32-bit shared address of a generic pointer: what the toolkit's
  // __cvta_generic_to_shared calls in the pipeline primitives
  // (__pipeline_memcpy_async). It still points where it pointed.
  if (Name == "__nvvm_get_smem_pointer" && Arguments == 1) {
    const ThreadValue &Pointer = Argument(0);
    if (!Pointer.isPointer() || !Pointer.Object.IsShared)
      return unknown("the shared address of memory that is not shared");
    if (auto Path = Frame.Paths.find(Call.getArgOperand(0));
        Path != Frame.Paths.end())
      Frame.Paths[&Call] = ArrayPath(Path->second); // copied before it grows
    return Pointer;
  }
  if (Name == "__syncwarp") {
    ThreadValue Mask = Call.arg_size()
                           ? valueOf(Call.getArgOperand(0), Frame, Active)
                           : ThreadValue::uniform(Threads, -1);
    barrier(Call, BarrierScope::Warp, Active, &Mask);
    return unknown("");
  }
  // A group's or barrier's sync the code does not define (a generic
  // thread_group): it may synchronize, with whom is not known.
  const clang::FunctionDecl *Declared =
      Module.functionNamed(Call.getCalledFunction()->getName());
  if (Declared && (Name == "sync" || Name == "arrive_and_wait") &&
      Declared->getQualifiedNameAsString().find("cooperative_groups") !=
          std::string::npos) {
    barrier(Call, BarrierScope::Unknown, Active);
    return unknown("");
  }
  // __shfl*_sync(mask, var, lane or delta, width): PTX's clamp from width.
  if (Name.starts_with("__shfl") && Name.ends_with("_sync") && Arguments >= 3) {
    ThreadValue Width =
        Arguments >= 4 ? Argument(3) : ThreadValue::uniform(Threads, 32);
    bool Up = Name == "__shfl_up_sync";
    ThreadValue Clamp = Width;
    for (unsigned T = 0; T < Threads; ++T)
      Clamp.Values[T] = ((32 - Width.Values[T]) << 8) | (Up ? 0 : 0x1f);
    llvm::StringRef Mode = Name == "__shfl_sync"        ? "idx"
                           : Up                         ? "up"
                           : Name == "__shfl_down_sync" ? "down"
                                                        : "bfly";
    return shuffle(Mode, Argument(1), Argument(2), Clamp, Active);
  }
  if (Name == "__ballot_sync" || Name == "__any_sync" || Name == "__all_sync")
    return warpReduce(Name.drop_front(2).drop_back(5), Argument(1), Active);
  if (Name == "__activemask")
    return warpReduce("ballot", ThreadValue::uniform(Threads, 1), Active);
  auto Binary = [&](auto Op) {
    return integerBinary(Argument(0), Argument(1), bitsOf(Call.getType()),
                         Active, Op);
  };
  auto Unary = [&](auto Op) {
    return integerUnary(Argument(0), bitsOf(Call.getArgOperand(0)->getType()),
                        bitsOf(Call.getType()), Active, Op);
  };
  bool Integers = Call.getType()->isIntegerTy() && Arguments >= 1 &&
                  Call.getArgOperand(0)->getType()->isIntegerTy();
  if (!Integers)
    return std::nullopt;
  // The prelude's min and max overloads: unsigned ones compare unsigned.
  bool UnsignedArguments =
      Declared && Declared->getNumParams() >= 1 &&
      Declared->getParamDecl(0)->getType()->isUnsignedIntegerType();
  if (Arguments == 2 &&
      (Name == "min" || Name == "max" || Name == "umin" || Name == "umax")) {
    bool Min = Name.ends_with("min");
    bool Unsigned = UnsignedArguments || Name.starts_with("u");
    return Binary([=](int64_t A, int64_t B, unsigned Bits) {
      if (Unsigned) {
        uint64_t UA = truncateUnsigned(A, Bits), UB = truncateUnsigned(B, Bits);
        return int64_t(Min ? std::min(UA, UB) : std::max(UA, UB));
      }
      return Min ? std::min(A, B) : std::max(A, B);
    });
  }
  if (Arguments == 2 && (Name == "__mul24" || Name == "__umul24"))
    return Binary([](int64_t A, int64_t B, unsigned) {
      return truncateSigned(A, 24) * truncateSigned(B, 24);
    });
  if (Arguments == 1 && Name == "abs")
    return Unary([](int64_t A, unsigned) {
      return A < 0 ? int64_t(0 - uint64_t(A)) : A;
    });
  if (Arguments == 1 && (Name == "__popc" || Name == "__popcll"))
    return Unary([](int64_t A, unsigned Bits) {
      return int64_t(llvm::popcount(truncateUnsigned(A, Bits)));
    });
  if (Arguments == 1 && Name == "__clz")
    return Unary([](int64_t A, unsigned Bits) {
      uint64_t U = truncateUnsigned(A, Bits);
      return int64_t(U ? llvm::countl_zero(U) - (64 - Bits) : Bits);
    });
  if (Arguments == 1 && Name == "__ffs")
    return Unary([](int64_t A, unsigned Bits) {
      uint64_t U = truncateUnsigned(A, Bits);
      return int64_t(U ? llvm::countr_zero(U) + 1 : 0);
    });
  if (Arguments == 1 && Name == "__brev")
    return Unary([](int64_t A, unsigned Bits) {
      return truncateSigned(
          int64_t(llvm::reverseBits(truncateUnsigned(A, Bits)) >> (64 - Bits)),
          Bits);
    });
  return std::nullopt;
}

std::optional<ThreadValue>
IrExecution::specialRegister(llvm::StringRef Register) {
  std::optional<unsigned> Dim = dimensionOf(Register);
  unsigned Sizes[3] = {Options.Block.X, Options.Block.Y, Options.Block.Z};
  if (Register.starts_with("tid.") && Dim)
    return ThreadIndex[*Dim];
  if (Register.starts_with("ntid.") && Dim)
    return ThreadValue::uniform(Threads, Sizes[*Dim]);
  if (Register.starts_with("ctaid.") && Dim)
    return symbolValue({UniformSymbol::Kind::BlockIdx, nullptr, *Dim});
  if (Register.starts_with("nctaid.") && Dim) {
    if (Options.Grid) {
      unsigned Grid[3] = {Options.Grid->X, Options.Grid->Y, Options.Grid->Z};
      return ThreadValue::uniform(Threads, Grid[*Dim]);
    }
    return symbolValue({UniformSymbol::Kind::GridDim, nullptr, *Dim});
  }
  if (Register == "laneid") {
    ThreadValue Lane = ThreadValue::uniform(Threads, 0);
    for (unsigned T = 0; T < Threads; ++T)
      Lane.Values[T] = T % Options.WarpSize;
    return Lane;
  }
  if (Register == "warpid") {
    ThreadValue Warp = ThreadValue::uniform(Threads, 0);
    for (unsigned T = 0; T < Threads; ++T)
      Warp.Values[T] = T / Options.WarpSize;
    return Warp;
  }
  if (Register == "warpsize")
    return ThreadValue::uniform(Threads, Options.WarpSize);
  if (Register.starts_with("lanemask_")) {
    ThreadValue Mask = ThreadValue::uniform(Threads, 0);
    for (unsigned T = 0; T < Threads; ++T) {
      unsigned Lane = T % Options.WarpSize;
      uint64_t Bit = uint64_t(1) << Lane, Below = Bit - 1;
      uint64_t Bits = Register == "lanemask_eq"   ? Bit
                      : Register == "lanemask_lt" ? Below
                      : Register == "lanemask_le" ? Below | Bit
                      : Register == "lanemask_gt" ? ~(Below | Bit)
                                                  : ~Below;
      Mask.Values[T] = truncateSigned(int64_t(Bits), 32);
    }
    return Mask;
  }
  return std::nullopt;
}

bool IrExecution::ptxSharedAccess(const llvm::CallBase &Call,
                                  const llvm::InlineAsm &Asm, CallFrame &Frame,
                                  const ThreadMask &Active) {
  llvm::StringRef Text = Asm.getAsmString();
  if (sharedMemoryInstructions(Text).size() != 1)
    return false;
  std::optional<PtxSharedAccess> Access = ptxMatrixAccess(Text);
  if (!Access)
    Access = ptxLoadStore(Text);
  if (!Access)
    return false;
  std::optional<unsigned> Argument =
      asmOperandArgument(Asm, Access->AddressOperand);
  const clang::Expr *Site =
      asmOperandSite(Sites.callSite(Call), Access->AddressOperand);
  if (!Argument || *Argument >= Call.arg_size() || !Site)
    return false;
  const llvm::Value *Operand = Call.getArgOperand(*Argument);
  AddressFacts Facts;
  Facts.Address = valueOf(Operand, Frame, Active);
  if (!Facts.Address.isPointer()) {
    // An address computed on the shared window's places (an XOR swizzle).
    std::optional<ThreadValue> Pointer =
        sharedWindowPointer(Facts.Address, Active);
    if (!Pointer) {
      AsmAddressUnknown = Facts.Address.UnknownReason;
      return false;
    }
    Facts.Address = std::move(*Pointer);
  }
  if (!Facts.Address.Object.IsShared)
    return false;
  if (Access->ByteOffset) {
    for (unsigned T : Active.set_bits())
      Facts.Address.Values[T] += Access->ByteOffset;
  } else if (auto Path = Frame.Paths.find(Operand);
             Path != Frame.Paths.end() &&
             addressesDeclaredArray(
                 Site, Path->second.Array,
                 declaredLayout(Ctx, Path->second.Array).Dims.size())) {
    Facts.Path = Path->second;
  }
  const ThreadValue *Stored = nullptr;
  if (Access->ValueOperand)
    if (std::optional<unsigned> Value =
            asmOperandArgument(Asm, *Access->ValueOperand);
        Value && *Value < Call.arg_size())
      Stored = &valueOf(Call.getArgOperand(*Value), Frame, Active);
  // ldmatrix: lanes 8m to 8m+7 give the rows of matrix m; the other lanes'
  // operands are not read.
  ThreadMask Accessing = Active;
  if (Access->Matrices)
    for (unsigned T : Active.set_bits())
      if (T % Options.WarpSize >=
          PtxSharedAccess::RowsPerMatrix * Access->Matrices)
        Accessing.reset(T);
  reportAccessAt(Call, Site, Access->Kind, Access->WidthBytes, Facts, Accessing,
                 Stored, Access->Matrices);
  return true;
}

const llvm::Value *asmArgument(const llvm::CallBase &Call,
                               const llvm::InlineAsm &Asm, unsigned Operand) {
  std::optional<unsigned> Argument = asmOperandArgument(Asm, Operand);
  return Argument && *Argument < Call.arg_size() ? Call.getArgOperand(*Argument)
                                                 : nullptr;
}

std::optional<AddressFacts>
IrExecution::asmSharedAddress(const llvm::Value *Operand,
                              const clang::Expr *Site, CallFrame &Frame,
                              const ThreadMask &Active) {
  AddressFacts Facts;
  Facts.Address = valueOf(Operand, Frame, Active);
  if (!Facts.Address.isPointer()) {
    // An address computed on the shared window's places (an XOR swizzle of
    // a cvta'd address): the variable whose place it falls in.
    if (std::optional<ThreadValue> Pointer =
            sharedWindowPointer(Facts.Address, Active)) {
      Facts.Address = std::move(*Pointer);
      return Facts;
    }
    AsmAddressUnknown = Facts.Address.UnknownReason;
    return std::nullopt;
  }
  if (!Facts.Address.Object.IsShared)
    return std::nullopt;
  if (auto Path = Frame.Paths.find(Operand);
      Path != Frame.Paths.end() &&
      addressesDeclaredArray(
          Site, Path->second.Array,
          declaredLayout(Ctx, Path->second.Array).Dims.size()))
    Facts.Path = Path->second;
  return Facts;
}

bool IrExecution::ptxAsyncCopy(const llvm::CallBase &Call,
                               const llvm::InlineAsm &Asm, CallFrame &Frame,
                               const ThreadMask &Active) {
  llvm::StringRef Text = Asm.getAsmString();
  if (sharedMemoryInstructions(Text).size() != 1)
    return false;
  std::optional<PtxAsyncCopy> Copy = ir::ptxAsyncCopy(Text);
  if (!Copy)
    return false;
  auto ArgumentOf = [&](unsigned Operand) {
    return asmArgument(Call, Asm, Operand);
  };
  uint64_t Width = Copy->WidthBytes;
  if (Copy->WidthOperand) {
    // cp.async's size is an immediate ("n"); a bulk copy's may be a
    // register, followed when every copying thread's is one known value.
    const llvm::Value *SizeValue = ArgumentOf(*Copy->WidthOperand);
    if (!SizeValue)
      return false;
    const ThreadValue &Size = valueOf(SizeValue, Frame, Active);
    if (!Size.knownFor(Active))
      return false;
    std::set<int64_t> Sizes;
    for (unsigned T : Active.set_bits())
      Sizes.insert(Size.Values[T]);
    if (Sizes.size() != 1 || *Sizes.begin() <= 0)
      return false;
    Width = uint64_t(*Sizes.begin());
  }
  const llvm::Value *Operand = ArgumentOf(Copy->AddressOperand);
  const clang::Expr *Site =
      asmOperandSite(Sites.callSite(Call), Copy->AddressOperand);
  // A bulk copy moves a multiple of 16 bytes (PTX); a larger one than the
  // race analysis follows per access keeps its note.
  bool Sized = Copy->Bulk ? Width % 16 == 0 && Width <= (uint64_t(1) << 20)
                          : Width == 4 || Width == 8 || Width == 16;
  if (!Sized || !Operand || !Site)
    return false;
  // A guarded copy: the threads whose guard is zero copy nothing. One the
  // evaluation did not compute leaves the copy to the note.
  ThreadMask Copying = Active;
  if (Copy->GuardOperand) {
    const llvm::Value *GuardValue = ArgumentOf(*Copy->GuardOperand);
    if (!GuardValue)
      return false;
    const ThreadValue &Guard = valueOf(GuardValue, Frame, Active);
    if (!Guard.knownFor(Active))
      return false;
    for (unsigned T : Active.set_bits())
      if (Guard.Values[T] == 0)
        Copying.reset(T);
  }
  std::optional<AddressFacts> Found =
      asmSharedAddress(Operand, Site, Frame, Active);
  if (!Found)
    return false;
  AddressFacts &Facts = *Found;
  if (Copying.none())
    return true;
  if (Copy->FromShared) {
    reportAccessAt(Call, Site, AccessKind::Load, unsigned(Width), Facts,
                   Copying, nullptr, 0, AsyncPhase::BulkRead);
    return true;
  }
  std::optional<ThreadValue> Source;
  if (Copy->SourceOperand)
    if (const llvm::Value *SourceValue = ArgumentOf(*Copy->SourceOperand)) {
      Source = copySource(SourceValue, Frame, Copying);
      if (Source)
        for (int64_t &Offset : Source->Values)
          Offset += Copy->SourceByteOffset;
    }
  reportAccessAt(
      Call, Site, AccessKind::Store, unsigned(Width), Facts, Copying, nullptr,
      0, Copy->Bulk ? AsyncPhase::BulkIssue : AsyncPhase::Issue,
      Copy->BypassesL1, nullptr, nullptr, Source ? &*Source : nullptr);
  if (Copy->Bulk)
    bulkCopyCompletesTx(
        Copy->MbarrierOperand ? ArgumentOf(*Copy->MbarrierOperand) : nullptr,
        Width, Frame, Copying);
  return true;
}

bool IrExecution::ptxTensorCopy(const llvm::CallBase &Call,
                                const llvm::InlineAsm &Asm, CallFrame &Frame,
                                const ThreadMask &Active, std::string &WhyNot) {
  llvm::StringRef Text = Asm.getAsmString();
  if (sharedMemoryInstructions(Text).size() != 1)
    return false;
  std::string Unfollowed;
  std::optional<PtxTensorCopy> Copy = ir::ptxTensorCopy(Text, &Unfollowed);
  if (!Copy) {
    if (llvm::StringRef(Unfollowed).starts_with("multicast"))
      WhyNot = "a multicast copy, which writes the shared memory and signals "
               "the mbarriers of every block of the cluster its mask names, "
               "is not followed";
    else if (!Unfollowed.empty())
      WhyNot = "its ." + Unfollowed + " form is not followed";
    return false;
  }
  auto ArgumentOf = [&](unsigned Operand) {
    return asmArgument(Call, Asm, Operand);
  };
  // The tensor map: a CUtensorMap parameter (`"l"(&map)` of a
  // __grid_constant__ one) whose cuTensorMapEncodeTiled call was read.
  const llvm::Value *MapOperand = ArgumentOf(Copy->MapOperand);
  if (!MapOperand)
    return false;
  const ThreadValue &Map = valueOf(MapOperand, Frame, Active);
  const auto *Param =
      Map.isPointer()
          ? llvm::dyn_cast_or_null<clang::ParmVarDecl>(Map.Object.Decl)
          : nullptr;
  auto Encoded =
      Param ? Options.TensorMaps.find(Param) : Options.TensorMaps.end();
  const TensorMapBox *Known =
      Encoded != Options.TensorMaps.end() ? &Encoded->second : nullptr;
  if (!Known && Param)
    Known = cuteTensorMap(*Param, Map, Active, WhyNot);
  if (!Known) {
    if (WhyNot.empty())
      WhyNot = Param ? "the box of tensor map '" + Param->getNameAsString() +
                           "' is not known: no launch shows the "
                           "cuTensorMapEncodeTiled call that encodes it "
                           "with constants"
                     : "its tensor map is not a kernel parameter the "
                       "evaluation follows";
    return false;
  }
  const TensorMapBox &Box = *Known;
  uint64_t Width = Box.bytes();
  // A swizzled box narrower than its swizzle span lays each row over a
  // whole span, leaving gaps (measured: docs/measurements/h200-tma.md).
  uint64_t InnerBytes = uint64_t(Box.Box.front()) * Box.ElementBytes;
  if (Box.SwizzleBytes && InnerBytes < Box.SwizzleBytes) {
    WhyNot = "tensor map '" + Param->getNameAsString() + "' has rows of " +
             std::to_string(InnerBytes) + " bytes under " + Box.SwizzleName +
             ", and the TMA engine lays each over a whole " +
             std::to_string(Box.SwizzleBytes) +
             "-byte span, which the analysis does not model";
    return false;
  }
  if (Width == 0 || Width > (uint64_t(1) << 20) || InnerBytes % 16 ||
      InnerBytes > (Box.SwizzleBytes ? Box.SwizzleBytes : InnerBytes)) {
    WhyNot = "the box of tensor map '" + Param->getNameAsString() +
             "' is not one cuTensorMapEncodeTiled accepts";
    return false;
  }
  const llvm::Value *Operand = ArgumentOf(Copy->SharedOperand);
  const clang::Expr *Site =
      asmOperandSite(Sites.callSite(Call), Copy->SharedOperand);
  if (!Operand || !Site)
    return false;
  std::optional<AddressFacts> Found =
      asmSharedAddress(Operand, Site, Frame, Active);
  if (!Found)
    return false;
  AddressFacts &Facts = *Found;
  if (Copy->FromShared) {
    reportAccessAt(Call, Site, AccessKind::Load, unsigned(Width), Facts, Active,
                   nullptr, 0, AsyncPhase::BulkRead, false, &Box);
    return true;
  }
  reportAccessAt(Call, Site, AccessKind::Store, unsigned(Width), Facts, Active,
                 nullptr, 0, AsyncPhase::BulkIssue, false, &Box);
  bulkCopyCompletesTx(ArgumentOf(*Copy->MbarrierOperand), Width, Frame, Active);
  return true;
}

const TensorMapBox *IrExecution::cuteTensorMap(const clang::ParmVarDecl &Param,
                                               const ThreadValue &Map,
                                               const ThreadMask &Active,
                                               std::string &WhyNot) {
  std::optional<int64_t> Offset;
  for (unsigned T : Active.set_bits()) {
    if (!Map.Known[T] || (Offset && *Offset != Map.Values[T]))
      return nullptr;
    Offset = Map.Values[T];
  }
  if (!Offset)
    return nullptr;
  auto [It, New] = CuteTensorMaps.try_emplace({&Param, *Offset});
  if (New)
    It->second.Box = cuteTmaTraitsBox(Ctx, Param, *Offset, It->second.WhyNot);
  WhyNot = It->second.WhyNot;
  return It->second.Box ? &*It->second.Box : nullptr;
}

std::optional<ThreadValue> IrExecution::copySource(const llvm::Value *Source,
                                                   CallFrame &Frame,
                                                   const ThreadMask &Active) {
  const ThreadValue &Value = valueOf(Source, Frame, Active);
  if (!Value.isPointer() || Value.Object.IsShared || !Value.Object.Decl)
    return std::nullopt;
  return Value;
}

bool IrExecution::intrinsicAsyncCopy(const llvm::CallBase &Call,
                                     llvm::StringRef Name, CallFrame &Frame,
                                     const ThreadMask &Active) {
  // llvm.nvvm.cp.async.ca.shared.global.16(ptr addrspace(3), ptr
  // addrspace(1)[, i32 src-size])
  std::optional<CpAsyncIntrinsic> Copy = cpAsyncIntrinsic(Name);
  const auto *Site = llvm::dyn_cast_or_null<clang::Expr>(Sites.callSite(Call));
  if (!Copy || Call.arg_size() < 2 || !Site)
    return false;
  AddressFacts Facts = addressOf(Call.getArgOperand(0), Frame, Active);
  if (!Facts.Address.isPointer() || !Facts.Address.Object.IsShared)
    return false;
  Facts.Path.reset(); // the builtin's pointer, not a subscript of the call
  std::optional<ThreadValue> Source =
      copySource(Call.getArgOperand(1), Frame, Active);
  reportAccessAt(Call, Site, AccessKind::Store, Copy->Width, Facts, Active,
                 nullptr, 0, AsyncPhase::Issue, Copy->BypassesL1, nullptr,
                 nullptr, Source ? &*Source : nullptr);
  return true;
}

std::vector<unsigned> &IrExecution::committedGroups(CopyQueue Queue) {
  switch (Queue) {
  case CopyQueue::Bulk:
    return CommittedBulkGroups;
  case CopyQueue::WarpgroupMma:
    return CommittedWarpgroupMmaGroups;
  case CopyQueue::CpAsync:
    break;
  }
  return CommittedGroups;
}

void IrExecution::commitAsyncCopies(const ThreadMask &Active, CopyQueue Queue) {
  std::vector<unsigned> &Groups = committedGroups(Queue);
  if (Groups.empty())
    Groups.assign(Threads, 0);
  for (unsigned T : Active.set_bits())
    ++Groups[T];
}

void IrExecution::completeAsyncCopies(const ThreadMask &Active,
                                      std::optional<unsigned> NewestLeft,
                                      bool EveryThread, CopyQueue Queue) {
  for (PendingAsyncCopy &Copy : PendingCopies) {
    if ((Copy.ViaMbarrier || queueOf(Copy) != Queue) && !EveryThread)
      continue;
    const std::vector<unsigned> &Groups = committedGroups(queueOf(Copy));
    ThreadMask Completing = Copy.Pending;
    if (!EveryThread)
      Completing &= Active;
    // wait_group N: the thread's committed groups but its newest N; copies
    // it has not committed stay in flight. wait_all: every copy.
    if (NewestLeft && !EveryThread)
      for (unsigned T : Completing.set_bits())
        if (T >= Groups.size() ||
            uint64_t(Copy.Group[T]) + *NewestLeft >= Groups[T])
          Completing.reset(T);
    completeCopy(Copy, Completing);
  }
  llvm::erase_if(PendingCopies, [](const PendingAsyncCopy &Copy) {
    return Copy.Pending.none();
  });
}

void IrExecution::completeCopy(PendingAsyncCopy &Copy,
                               const ThreadMask &Completing) {
  if (Completing.none())
    return;
  std::vector<const clang::Stmt *> Loops;
  std::vector<unsigned> Iterations;
  enclosingLoops(Loops, Iterations);
  MemoryAccessEvent Event{Copy.Site,
                          Copy.ReadsShared ? AccessKind::Load
                                           : AccessKind::Store,
                          Copy.WidthBytes,
                          Copy.Address,
                          Completing,
                          /*ThroughDeclaredShape=*/false,
                          {},
                          Loops,
                          Iterations,
                          Assumptions,
                          /*StoredValue=*/nullptr,
                          /*Weight=*/1,
                          {},
                          0,
                          AsyncPhase::Completion};
  Observer.onMemoryAccess(Event);
  Copy.Pending.reset(Completing);
}

bool IrExecution::wmmaAccess(const llvm::CallBase &Call, llvm::StringRef Name,
                             CallFrame &Frame, const ThreadMask &Active) {
  // llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p3: the instructions
  // nvcc makes of it (WmmaFragments.h), measured for sm_80 and later;
  // Volta's wmma is compiled otherwise.
  unsigned Target = 0;
  llvm::StringRef Cpu =
      KernelFunction.getFnAttribute("target-cpu").getValueAsString();
  const llvm::Value *LeadingDimension = wmmaLeadingDimension(Call);
  if (!Cpu.consume_front("sm_") ||
      Cpu.take_while(llvm::isDigit).getAsInteger(10, Target) || Target < 80 ||
      !LeadingDimension)
    return false;
  const auto *Site = llvm::dyn_cast_or_null<clang::Expr>(Sites.callSite(Call));
  const ThreadValue &Base = valueOf(Call.getArgOperand(0), Frame, Active);
  const ThreadValue &Stride = valueOf(LeadingDimension, Frame, Active);
  if (!Site || !Base.isPointer() || !Stride.knownFor(Active))
    return false;
  std::optional<WmmaFragment> Fragment =
      wmmaFragment(Name, Base.Object.IsShared);
  if (!Fragment)
    return false;
  // Each thread's address for one instruction, from the element (row,
  // column) of the tile as stored that its lane moves; ldm counts elements.
  for (const WmmaInstruction &Instruction : Fragment->Instructions) {
    AddressFacts Facts;
    Facts.Address = Base;
    ThreadMask Accessing = Active;
    for (unsigned T : Active.set_bits()) {
      unsigned Lane = T % Options.WarpSize % 32;
      // ldmatrix: lanes 8m to 8m+7 give the rows of matrix m.
      if (Instruction.Matrices && Lane >= 8 * Instruction.Matrices) {
        Accessing.reset(T);
        continue;
      }
      auto [Row, Col] = Instruction.Element[Lane];
      Facts.Address.Values[T] +=
          (int64_t(Row) * Stride.Values[T] + Col) * Fragment->ElementBytes;
    }
    reportAccessAt(Call, Site,
                   Fragment->Load ? AccessKind::Load : AccessKind::Store,
                   Instruction.WidthBytes, Facts, Accessing, nullptr,
                   Instruction.Matrices);
  }
  return true;
}

std::optional<ThreadValue> IrExecution::electOneLane(const llvm::CallBase &Call,
                                                     const llvm::InlineAsm &Asm,
                                                     CallFrame &Frame,
                                                     const ThreadMask &Active) {
  // `elect.sync d|p, membermask;`, written to outputs directly or through
  // registers as CuTe's elect_one_sync does (`@p mov.s32 $1, 1;`,
  // `mov.s32 $0, d;`) or cuda::ptx::elect_sync (`elect.sync _|P_OUT, $1;`,
  // `selp.b32 $0, 1, 0, P_OUT;`).
  static const llvm::Regex Elect(
      "elect\\.sync[ \t]+([%$_A-Za-z0-9]+)\\|([%$_A-Za-z0-9]+),[ "
      "\t]*([$0-9a-fA-Fx]+)");
  llvm::SmallVector<llvm::StringRef, 4> Match;
  llvm::StringRef Text = Asm.getAsmString();
  if (!rememberedMatch(Elect, Text, &Match))
    return std::nullopt;
  std::string Lane = Match[1].str(), PredicateRegister = Match[2].str();
  // The output that receives a register: `$N` itself, or a mov (for the
  // predicate, a guarded mov of 1 or a selp) into it.
  auto OutputOf = [&](const std::string &Register,
                      bool IsPredicate) -> std::optional<unsigned> {
    unsigned N = 0;
    llvm::StringRef Direct(Register);
    if (Direct.consume_front("$") && !Direct.getAsInteger(10, N))
      return N;
    std::string Escaped = llvm::Regex::escape(Register);
    llvm::Regex Move(
        IsPredicate
            ? "@" + Escaped + "[ \t]+mov\\.[bsu]32[ \t]+\\$([0-9]+),[ \t]*1;"
            : "mov\\.[bsu]32[ \t]+\\$([0-9]+),[ \t]*" + Escaped + "[ \t]*;");
    llvm::Regex Select(
        "selp\\.[bsu]32[ \t]+\\$([0-9]+),[ \t]*1,[ \t]*0,[ \t]*" + Escaped +
        "[ \t]*;");
    llvm::SmallVector<llvm::StringRef, 2> Found;
    if ((Move.match(Text, &Found) ||
         (IsPredicate && Select.match(Text, &Found))) &&
        !Found[1].getAsInteger(10, N))
      return N;
    return std::nullopt;
  };
  std::optional<unsigned> LaneOutput = OutputOf(Lane, false);
  std::optional<unsigned> PredicateOutput = OutputOf(PredicateRegister, true);
  // The member mask: a constant, or an operand the evaluation computed.
  llvm::StringRef MaskText = Match[3];
  unsigned MaskOperand = 0;
  std::optional<ThreadValue> Mask;
  if (MaskText.consume_front("$") && !MaskText.getAsInteger(10, MaskOperand)) {
    if (const llvm::Value *V = asmArgument(Call, Asm, MaskOperand))
      Mask = valueOf(V, Frame, Active);
  } else if (uint64_t Bits = 0; !MaskText.getAsInteger(0, Bits)) {
    Mask = ThreadValue::uniform(Threads, int64_t(Bits));
  }
  if (!Mask || !Mask->knownFor(Active))
    return std::nullopt;
  // PTX elects one active member of each warp; the lowest lane, as the
  // H100 and H200 do, is the one taken here.
  ThreadValue Elected = ThreadValue::uniform(Threads, 0);
  ThreadValue Leader = ThreadValue::uniform(Threads, 0);
  const unsigned WarpSize = Options.WarpSize;
  for (unsigned First = 0; First < Threads; First += WarpSize) {
    std::optional<unsigned> Chosen;
    for (unsigned T = First; T < std::min(Threads, First + WarpSize); ++T)
      if (Active[T] && (uint64_t(Mask->Values[T]) >> (T - First) & 1)) {
        Chosen = T;
        break;
      }
    for (unsigned T = First; T < std::min(Threads, First + WarpSize); ++T) {
      Leader.Values[T] = Chosen ? int64_t(*Chosen - First) : 0;
      Elected.Values[T] = Chosen && T == *Chosen;
    }
  }
  auto *Struct = llvm::dyn_cast<llvm::StructType>(Call.getType());
  unsigned Outputs = Struct ? Struct->getNumElements() : 1;
  std::vector<ThreadValue> Results(Outputs, unknown("an output of inline PTX"));
  if (LaneOutput && *LaneOutput < Outputs)
    Results[*LaneOutput] = Leader;
  // A selp writes 0 in the other lanes; a guarded mov leaves them what the
  // output was tied to (CuTe's 0).
  bool Selected = PredicateOutput && Text.contains("selp") &&
                  !Text.contains("@" + PredicateRegister);
  if (PredicateOutput && *PredicateOutput < Outputs && Selected)
    Results[*PredicateOutput] = Elected;
  else if (PredicateOutput && *PredicateOutput < Outputs) {
    ThreadValue Predicate = Elected;
    std::optional<unsigned> Tied;
    std::vector<llvm::InlineAsm::ConstraintInfo> Constraints =
        Asm.ParseConstraints();
    if (*PredicateOutput < Constraints.size() &&
        Constraints[*PredicateOutput].hasMatchingInput())
      Tied = asmOperandArgument(
          Asm, unsigned(Constraints[*PredicateOutput].MatchingInput));
    const ThreadValue *Initial =
        Tied && *Tied < Call.arg_size()
            ? &valueOf(Call.getArgOperand(*Tied), Frame, Active)
            : nullptr;
    for (unsigned T : Active.set_bits())
      if (!Elected.Values[T]) {
        if (Initial && Initial->Known[T])
          Predicate.Values[T] = Initial->Values[T];
        else
          Predicate.forget(ThreadMask(Threads).set(T),
                           "an output of inline PTX");
      }
    Results[*PredicateOutput] = std::move(Predicate);
  }
  if (!Struct)
    return std::move(Results.front());
  Frame.Aggregates[&Call] = std::move(Results);
  return unknown("a structure of inline PTX outputs");
}

std::optional<ThreadValue>
IrExecution::ptxArithmetic(const llvm::CallBase &Call,
                           const llvm::InlineAsm &Asm, CallFrame &Frame,
                           const ThreadMask &Active) {
  // Parsed once per text: the statement runs once per warp and iteration.
  thread_local llvm::StringMap<std::optional<PtxArithmetic>> Parsed;
  if (Parsed.size() > (1u << 16))
    Parsed.clear();
  llvm::StringRef Text = Asm.getAsmString();
  auto [Entry, New] = Parsed.try_emplace(Text);
  if (New)
    Entry->second = parsePtxArithmetic(Text);
  const std::optional<PtxArithmetic> &Instruction = Entry->second;
  if (!Instruction || !Call.getType()->isIntegerTy() ||
      bitsOf(Call.getType()) != Instruction->ResultBits)
    return std::nullopt;
  std::vector<ThreadValue> Immediates;
  Immediates.reserve(Instruction->Sources.size());
  std::vector<const ThreadValue *> Sources;
  for (const PtxArithmetic::Operand &Source : Instruction->Sources) {
    if (!Source.AsmOperand) {
      Immediates.push_back(ThreadValue::uniform(Threads, Source.Immediate));
      Sources.push_back(&Immediates.back());
      continue;
    }
    const llvm::Value *Argument = asmArgument(Call, Asm, *Source.AsmOperand);
    if (!Argument || !Argument->getType()->isIntegerTy())
      return std::nullopt;
    const ThreadValue &Value = valueOf(Argument, Frame, Active);
    if (Value.isPointer())
      return std::nullopt;
    Sources.push_back(&Value);
  }
  ThreadValue Result = unknown("");
  std::vector<int64_t> Inputs(Sources.size());
  for (unsigned T : Active.set_bits()) {
    bool Known = true;
    for (size_t I = 0; I < Sources.size() && Known; ++I) {
      Known = Sources[I]->Known[T];
      Inputs[I] = Sources[I]->Values[T];
    }
    if (!Known)
      continue;
    Result.Values[T] = computePtxArithmetic(*Instruction, Inputs);
    Result.Known.set(T);
  }
  for (const ThreadValue *Source : Sources) {
    Result.Symbols |= Source->Symbols;
    if (Result.UnknownReason.empty() && !Source->knownFor(Active))
      Result.UnknownReason = Source->UnknownReason;
  }
  if (Result.knownFor(Active))
    Result.UnknownReason.clear();
  return Result;
}

ThreadValue IrExecution::call(const llvm::CallBase &Call, CallFrame &Frame,
                              const ThreadMask &Active) {
  auto Argument = [&](unsigned I) -> const ThreadValue & {
    return valueOf(Call.getArgOperand(I), Frame, Active);
  };

  if (Call.isInlineAsm()) {
    const auto *Asm = llvm::cast<llvm::InlineAsm>(Call.getCalledOperand());
    llvm::StringRef Text = Asm->getAsmString();
    std::string MbarrierWhyNot, WarpgroupMmaWhyNot;
    AsmAddressUnknown.clear();
    // What an earlier execution of this statement left for extractvalue.
    Frame.Aggregates.erase(&Call);
    if (std::optional<ThreadValue> Computed =
            ptxArithmetic(Call, *Asm, Frame, Active))
      return std::move(*Computed);
    // Parsed once per text, as ptxArithmetic's statements are.
    thread_local llvm::StringMap<std::optional<unsigned>> Conversions;
    if (Conversions.size() > (1u << 16))
      Conversions.clear();
    auto [Conversion, NewText] = Conversions.try_emplace(Text);
    if (NewText)
      Conversion->second = parseSharedAddressConversion(Text);
    if (std::optional<unsigned> Operand = Conversion->second)
      if (const llvm::Value *Pointer = asmArgument(Call, *Asm, *Operand)) {
        ThreadValue V = valueOf(Pointer, Frame, Active);
        if (!V.isPointer() || !V.Object.IsShared)
          return unknown(V.isPointer()
                             ? "the shared address of memory that is not "
                               "shared"
                             : "the shared address of " +
                                   (V.UnknownReason.empty()
                                        ? std::string("an unknown pointer")
                                        : V.UnknownReason));
        if (auto Path = Frame.Paths.find(Pointer); Path != Frame.Paths.end())
          Frame.Paths[&Call] = ArrayPath(Path->second); // copied: it grows
        return V;
      }
    if (registerOnlyPtx(Text))
      return unknown("the result of inline PTX");
    // CuTe's set_block_rank: the intrinsic's mapping, of a 32-bit shared
    // address.
    if (std::optional<PtxMapa> Mapa = ptxMapa(Text))
      if (std::optional<ThreadValue> Mapped = mapClusterShared(
              Call, asmArgument(Call, *Asm, Mapa->AddressOperand),
              asmArgument(Call, *Asm, Mapa->RankOperand), Frame, Active))
        return std::move(*Mapped);
    if (std::vector<ClusterBarrierEvent::Step> Steps = ptxClusterBarrier(Text);
        !Steps.empty()) {
      for (ClusterBarrierEvent::Step Step : Steps)
        clusterBarrier(Call, Step, Active);
    } else if (std::optional<PtxBarrier> Bar = ptxBarrier(Text)) {
      if (Bar->Partial) {
        partialBarrier(Call, "inline PTX '" + Bar->Instruction + "'",
                       Bar->Instruction, /*InlinePtx=*/true, Active);
      } else {
        barrier(Call, BarrierScope::Block, Active);
      }
    } else if (Text.contains("bar.warp.sync"))
      barrier(Call, BarrierScope::Warp, Active);
    else if (ptxProxyFenceCoversShared(Text))
      Observer.onProxyFence(ProxyFenceEvent{Active});
    else if (ptxWarpgroupStep(Call, *Asm, Active)) {
    } else if (ptxWarpgroupMma(Call, *Asm, Frame, Active, WarpgroupMmaWhyNot))
      return unknown("the accumulators of a wgmma");
    else if (std::optional<PtxAsyncGroupStep> Step = ptxBulkGroupStep(Text)) {
      if (Step->What == PtxAsyncGroupStep::Commit)
        commitAsyncCopies(Active, CopyQueue::Bulk);
      else
        completeAsyncCopies(Active, asmCount(Call, *Asm, *Step),
                            /*EveryThread=*/false, CopyQueue::Bulk);
    } else if (std::optional<PtxAsyncGroupStep> Step =
                   ptxAsyncGroupStep(Text)) {
      if (Step->What == PtxAsyncGroupStep::Commit) {
        commitAsyncCopies(Active);
      } else if (Step->What == PtxAsyncGroupStep::WaitAll) {
        completeAsyncCopies(Active, std::nullopt);
      } else {
        completeAsyncCopies(Active, asmCount(Call, *Asm, *Step));
      }
    } else if (std::optional<ThreadValue> Result =
                   ptxMbarrier(Call, *Asm, Frame, Active, MbarrierWhyNot)) {
      return std::move(*Result);
    } else if (ptxTensorCopy(Call, *Asm, Frame, Active, MbarrierWhyNot) ||
               ptxAsyncCopy(Call, *Asm, Frame, Active))
      return unknown("");
    else if (ptxSharedAccess(Call, *Asm, Frame, Active))
      return unknown("what inline PTX loads");
    else if (std::vector<std::string> Instructions =
                 sharedMemoryInstructions(Text);
             !Instructions.empty()) {
      UnmodelledInstruction Found;
      Found.Instruction = Instructions.front();
      Found.InlinePtx = true;
      Found.Effect = ptxEffect(Found.Instruction);
      Found.Why = WarpgroupMmaWhyNot.empty() ? std::move(MbarrierWhyNot)
                                             : std::move(WarpgroupMmaWhyNot);
      Found.AddressUnknown = AsmAddressUnknown;
      for (const llvm::Use &Operand : Call.args()) {
        const ThreadValue &Pointer = valueOf(Operand, Frame, Active);
        if (Pointer.isPointer() && Pointer.Object.IsShared &&
            Pointer.Object.Decl &&
            !llvm::is_contained(Found.Touches, Pointer.Object.Decl))
          Found.Touches.push_back(Pointer.Object.Decl);
      }
      unmodelled(Call, Found,
                 "inline PTX that accesses shared memory ('" +
                     Found.Instruction + "') is not evaluated yet");
      if (std::optional<unsigned> Mbarrier = completeTxMbarrierOperand(Text))
        unfollowedCopyCompletesTx(Call, *Asm, *Mbarrier, Frame, Active);
      // An mbarrier wait orders what the threads did before the arrivals
      // it waits for; which those are is not followed, so no race is
      // reported across it.
      if (llvm::any_of(Instructions, [](const std::string &Op) {
            return ptxEffect(Op) == UnmodelledEffect::WaitsOnMbarrier;
          }))
        mbarrierWaitNotFollowed(Call, Active);
    }
    if (std::optional<ThreadValue> Elected =
            electOneLane(Call, *Asm, Frame, Active))
      return std::move(*Elected);
    // `mov.u32 $0, %laneid;` (CUB's LaneId, WarpId, LaneMaskLt...): a
    // special register read.
    if (std::optional<llvm::StringRef> Register = ptxSpecialRegisterMove(Text))
      if (std::optional<ThreadValue> V = specialRegister(*Register))
        return std::move(*V);
    // The texture and surface reads of the toolkit's tex1Dfetch, tex2D,
    // surf2Dread: named as the user called them, as the built-in prelude's
    // declarations are.
    llvm::StringRef Opcode = Text.trim().split(' ').first.split('\t').first;
    if (Opcode.starts_with("tex.") || Opcode.starts_with("tld4.") ||
        Opcode.starts_with("suld.")) {
      std::string Function = calledFunction(Sites.callSite(Call));
      return unknown(Function.empty() ? "data read from a texture"
                                      : "the result of '" + Function + "'");
    }
    return unknown("the result of inline PTX");
  }

  const llvm::Function *Callee = Call.getCalledFunction();
  if (!Callee)
    return unknown("an indirect call");
  llvm::StringRef Name = Callee->getName();
  llvm::Intrinsic::ID Id = Callee->getIntrinsicID();
  if (!Callee->isIntrinsic()) {
    const clang::FunctionDecl *Declared = Module.functionNamed(Name);
    llvm::StringRef Source =
        Declared && Declared->getIdentifier() ? Declared->getName() : Name;
    if (std::optional<ThreadValue> V =
            deviceLibraryCall(Source, Call, Frame, Active))
      return std::move(*V);
  }

  // Distributed shared memory: a pointer into another block's copy of a
  // shared variable (a block the evaluation cannot tell is noted below).
  if (Name.starts_with("llvm.nvvm.mapa") && Call.arg_size() == 2)
    if (std::optional<ThreadValue> Mapped = mapClusterShared(
            Call, Call.getArgOperand(0), Call.getArgOperand(1), Frame, Active))
      return std::move(*Mapped);
  if (Name.starts_with("llvm.nvvm.barrier.cluster.")) {
    clusterBarrier(Call,
                   Name.contains("wait") ? ClusterBarrierEvent::Step::Wait
                   : Name.contains("relaxed")
                       ? ClusterBarrierEvent::Step::RelaxedArrive
                       : ClusterBarrierEvent::Step::Arrive,
                   Active);
    return unknown("");
  }

  // Special registers.
  if (Name.starts_with("llvm.nvvm.read.ptx.sreg.")) {
    llvm::StringRef Register =
        Name.drop_front(strlen("llvm.nvvm.read.ptx.sreg."));
    if (std::optional<ThreadValue> V = specialRegister(Register))
      return std::move(*V);
    return unknown("special register '" + Register.str() + "'");
  }

  // __barrier_sync_count(id, n), barrier.cta.arrive: part of the block.
  if ((Name.starts_with("llvm.nvvm.barrier.") ||
       Name.starts_with("llvm.nvvm.bar.")) &&
      (Name.contains("cnt") || Name.contains("count") ||
       Name.contains("arrive")) &&
      !Name.contains("cluster")) {
    partialBarrier(Call, "'" + Name.str() + "'", Name.str(),
                   /*InlinePtx=*/false, Active);
    return unknown("");
  }
  // Block barriers, with the reductions some of them return.
  if (Name == "llvm.nvvm.barrier0" ||
      Name.starts_with("llvm.nvvm.barrier.sync") ||
      Name.starts_with("llvm.nvvm.barrier.cta.")) {
    barrier(Call, BarrierScope::Block, Active);
    return unknown("");
  }
  if (Name.starts_with("llvm.nvvm.barrier0.")) {
    // __syncthreads_count/_and/_or: a barrier and a reduction over the block.
    const ThreadValue &Predicate = Argument(0);
    barrier(Call, BarrierScope::Block, Active);
    if (!Predicate.knownFor(Active))
      return unknown(Predicate.UnknownReason);
    int64_t Count = 0;
    for (unsigned T : Active.set_bits())
      Count += Predicate.Values[T] != 0;
    int64_t Result = Name.ends_with("popc") ? Count
                     : Name.ends_with("and")
                         ? int64_t(Count == int64_t(Active.count()))
                         : int64_t(Count > 0);
    ThreadValue V = ThreadValue::uniform(Threads, Result);
    V.Symbols = Predicate.Symbols;
    return V;
  }
  if (Name == "llvm.nvvm.bar.warp.sync") {
    barrier(Call, BarrierScope::Warp, Active, &Argument(0));
    return unknown("");
  }

  // __isShared, __isGlobal, __isClusterShared: the evaluator knows which
  // object a pointer is into (cuda::memcpy_async and cuda::barrier branch on
  // it). Shared is shared, and in the cluster's window too (which holds the
  // block's own); a kernel's pointer parameter is global memory (as
  // NVPTXLowerArgs takes it).
  if (Name == "llvm.nvvm.isspacep.shared" ||
      Name == "llvm.nvvm.isspacep.shared.cluster" ||
      Name == "llvm.nvvm.isspacep.global") {
    const ThreadValue &Pointer = Argument(0);
    const MemoryObject &Object = Pointer.Object;
    bool Known = Pointer.isPointer() && (Object.Decl || Object.Storage);
    if (Known && !Name.ends_with("global"))
      return ThreadValue::uniform(Threads, Object.IsShared);
    if (Known && (Object.IsShared ||
                  llvm::isa_and_nonnull<clang::ParmVarDecl>(Object.Decl)))
      return ThreadValue::uniform(Threads, !Object.IsShared);
    return unknown("the address space of a pointer");
  }

  // Warp shuffles: the value of another lane of the same warp.
  if (Name.starts_with("llvm.nvvm.shfl.sync.")) {
    if (Call.getType()->isStructTy())
      return unknown("a shuffle with its predicate");
    llvm::StringRef Mode = Name.drop_front(strlen("llvm.nvvm.shfl.sync."));
    return shuffle(Mode, Argument(1), Argument(2), Argument(3), Active);
  }

  // Votes and reductions over the active lanes of each warp.
  if (Name.starts_with("llvm.nvvm.vote.") ||
      Name.starts_with("llvm.nvvm.redux.sync.")) {
    bool Vote = Name.starts_with("llvm.nvvm.vote.");
    llvm::StringRef Op = Name.drop_front(
        Vote ? strlen("llvm.nvvm.vote.") : strlen("llvm.nvvm.redux.sync."));
    return warpReduce(Op, Argument(Vote ? 1 : 0), Active);
  }

  // LLVM's integer intrinsics.
  auto Binary = [&](auto Op) {
    return integerBinary(Argument(0), Argument(1), bitsOf(Call.getType()),
                         Active, Op);
  };
  auto Unary = [&](auto Op) {
    return integerUnary(Argument(0), bitsOf(Call.getArgOperand(0)->getType()),
                        bitsOf(Call.getType()), Active, Op);
  };
  switch (Id) {
  case llvm::Intrinsic::smin:
    return Binary(
        [](int64_t A, int64_t B, unsigned) { return std::min(A, B); });
  case llvm::Intrinsic::smax:
    return Binary(
        [](int64_t A, int64_t B, unsigned) { return std::max(A, B); });
  case llvm::Intrinsic::umin:
    return Binary([](int64_t A, int64_t B, unsigned Bits) {
      return int64_t(
          std::min(truncateUnsigned(A, Bits), truncateUnsigned(B, Bits)));
    });
  case llvm::Intrinsic::umax:
    return Binary([](int64_t A, int64_t B, unsigned Bits) {
      return int64_t(
          std::max(truncateUnsigned(A, Bits), truncateUnsigned(B, Bits)));
    });
  case llvm::Intrinsic::abs:
    return Unary([](int64_t A, unsigned) {
      return A < 0 ? int64_t(0 - uint64_t(A)) : A;
    });
  case llvm::Intrinsic::ctpop:
    return Unary([](int64_t A, unsigned Bits) {
      return int64_t(llvm::popcount(truncateUnsigned(A, Bits)));
    });
  case llvm::Intrinsic::ctlz:
    return Unary([](int64_t A, unsigned Bits) {
      uint64_t U = truncateUnsigned(A, Bits);
      return int64_t(U ? llvm::countl_zero(U) - (64 - Bits) : Bits);
    });
  case llvm::Intrinsic::cttz:
    return Unary([](int64_t A, unsigned Bits) {
      uint64_t U = truncateUnsigned(A, Bits);
      return int64_t(U ? llvm::countr_zero(U) : Bits);
    });
  case llvm::Intrinsic::bitreverse:
    return Unary([](int64_t A, unsigned Bits) {
      return int64_t(llvm::reverseBits(truncateUnsigned(A, Bits)) >>
                     (64 - Bits));
    });
  case llvm::Intrinsic::fshl:
  case llvm::Intrinsic::fshr: {
    const ThreadValue &A = Argument(0), &B = Argument(1), &S = Argument(2);
    unsigned Bits = bitsOf(Call.getType());
    bool Left = Id == llvm::Intrinsic::fshl;
    ThreadValue Result = ThreadValue::unknown(Threads, "a funnel shift");
    Result.Symbols = A.Symbols | B.Symbols | S.Symbols;
    for (unsigned T : Active.set_bits()) {
      if (!A.Known[T] || !B.Known[T] || !S.Known[T] || Bits > 32)
        continue;
      uint64_t Wide = (truncateUnsigned(A.Values[T], Bits) << Bits) |
                      truncateUnsigned(B.Values[T], Bits);
      unsigned Shift = truncateUnsigned(S.Values[T], Bits) % Bits;
      uint64_t Out = Left ? (Wide << Shift) >> Bits : Wide >> Shift;
      Result.Values[T] = truncateSigned(int64_t(Out), Bits);
      Result.Known.set(T);
    }
    if (Result.knownFor(Active))
      Result.UnknownReason.clear();
    return Result;
  }
  case llvm::Intrinsic::assume:
  case llvm::Intrinsic::lifetime_start:
  case llvm::Intrinsic::lifetime_end:
  case llvm::Intrinsic::experimental_noalias_scope_decl:
  case llvm::Intrinsic::dbg_value:
  case llvm::Intrinsic::dbg_declare:
  case llvm::Intrinsic::dbg_label:
  case llvm::Intrinsic::prefetch:
    return unknown("");
  case llvm::Intrinsic::expect:
    return Argument(0);
  case llvm::Intrinsic::memcpy:
  case llvm::Intrinsic::memmove:
  case llvm::Intrinsic::memset: {
    // A copy of a small object is one access of its size at each end.
    const ThreadValue &Length = Argument(2);
    int64_t Bytes = Length.knownFor(Active) && Active.any()
                        ? Length.Values[Active.find_first()]
                        : 0;
    bool Single =
        Bytes == 1 || Bytes == 2 || Bytes == 4 || Bytes == 8 || Bytes == 16;
    AddressFacts Target = addressOf(Call.getArgOperand(0), Frame, Active);
    if (Id != llvm::Intrinsic::memset) {
      AddressFacts Source = addressOf(Call.getArgOperand(1), Frame, Active);
      // A thread's own array is no memory access of the kernel's.
      if (Single && !localAlloca(Source.Address))
        reportAccess(Call, AccessKind::Load, unsigned(Bytes), Source, Active,
                     nullptr);
    }
    if (const llvm::Value *Local = localAlloca(Target.Address)) {
      const ThreadValue &Fill = Argument(1);
      bool Zero = Id == llvm::Intrinsic::memset && Fill.knownFor(Active) &&
                  Active.any() && Fill.Values[Active.find_first()] == 0;
      fillLocal(Local, Target.Address, Active, Zero ? Bytes : 0);
      return unknown("");
    }
    if (Single) {
      ThreadValue Unknown = unknown("copied data");
      reportAccess(Call, AccessKind::Store, unsigned(Bytes), Target, Active,
                   &Unknown);
    } else if ((Target.Address.isPointer() && Target.Address.Object.IsShared)) {
      unsupported(Call,
                  "a copy of " +
                      (Bytes ? std::to_string(Bytes) + " bytes"
                             : std::string("an unknown size")) +
                      " into shared memory is not evaluated",
                  Loss::Accesses);
    }
    return unknown("");
  }
  default:
    break;
  }

  if (Name.starts_with("llvm.nvvm.mulhi.") ||
      Name.starts_with("llvm.nvvm.mul24.")) {
    bool High = Name.starts_with("llvm.nvvm.mulhi.");
    bool Unsigned =
        Name.ends_with(".ui") || Name.ends_with(".ull") || Name.ends_with(".u");
    return Binary([=](int64_t A, int64_t B, unsigned Bits) {
      if (!High)
        return int64_t(truncateSigned(A, 24) * truncateSigned(B, 24));
      if (Bits >= 64)
        return int64_t(0);
      int64_t Product =
          Unsigned
              ? int64_t(truncateUnsigned(A, Bits) * truncateUnsigned(B, Bits))
              : truncateSigned(A, Bits) * truncateSigned(B, Bits);
      return Product >> Bits;
    });
  }
  if (Name.starts_with("llvm.nvvm.membar") ||
      Name.starts_with("llvm.nvvm.fence"))
    return unknown("");
  if (Name == "vprintf" || Name.starts_with("__assertfail"))
    return unknown("");

  // Atomics and async copies the NVPTX backend keeps as intrinsics.
  if (Name.starts_with("llvm.nvvm.atomic.") && Call.arg_size() >= 2) {
    AddressFacts Address = addressOf(Call.getArgOperand(0), Frame, Active);
    const ThreadValue &Operand = Argument(1);
    reportAccess(Call, AccessKind::Atomic,
                 Layout.getTypeStoreSize(Call.getArgOperand(1)->getType()),
                 Address, Active, &Operand);
    return unknown("the old value an atomic returns");
  }
  if (Name.starts_with("llvm.nvvm.wmma.") &&
      wmmaAccess(Call, Name, Frame, Active))
    return unknown("a wmma fragment");
  if (Name == "llvm.nvvm.cp.async.commit.group") {
    commitAsyncCopies(Active);
    return unknown("");
  }
  if (Name == "llvm.nvvm.cp.async.wait.all") {
    completeAsyncCopies(Active, std::nullopt);
    return unknown("");
  }
  if (Name == "llvm.nvvm.cp.async.wait.group" && Call.arg_size() == 1) {
    const auto *N = llvm::dyn_cast<llvm::ConstantInt>(Call.getArgOperand(0));
    completeAsyncCopies(Active, N ? unsigned(N->getZExtValue()) : 0u);
    return unknown("");
  }
  if (Name.starts_with("llvm.nvvm.cp.async.") &&
      intrinsicAsyncCopy(Call, Name, Frame, Active))
    return unknown("");
  if (std::optional<UnmodelledEffect> Effect = intrinsicEffect(Name)) {
    UnmodelledInstruction Found;
    Found.Instruction = Name.str();
    Found.Effect = *Effect;
    // The operand it addresses: shared when the evaluator followed the
    // pointer there, or when the intrinsic works on shared memory only.
    bool Shared = Name.contains(".shared") || Name.contains("ldmatrix") ||
                  Name.contains("stmatrix") || Name.contains("mbarrier");
    for (const llvm::Use &Operand : Call.args()) {
      if (!Operand->getType()->isPointerTy())
        continue;
      if (Operand->getType()->getPointerAddressSpace() == 3)
        Shared = true;
      const ThreadValue &Pointer = valueOf(Operand, Frame, Active);
      if (Pointer.isPointer() && Pointer.Object.IsShared) {
        Shared = true;
        Found.Array = Pointer.Object.Decl;
        break;
      }
    }
    if (Shared)
      unmodelled(Call, Found, "'" + Name.str() + "' is not evaluated yet");
    else {
      // Global memory: no shared result depends on it, but the global
      // accesses are missing, which the kernel's note says.
      std::string Function = calledFunction(Sites.callSite(Call));
      unsupported(Call,
                  "'" + (Function.empty() ? Name.str() : Function) +
                      "' on global memory is not evaluated yet",
                  Loss::Accesses);
    }
    if (*Effect == UnmodelledEffect::WaitsOnMbarrier)
      mbarrierWaitNotFollowed(Call, Active);
    return unknown("the result of '" + Name.str() + "'");
  }
  // A call the optimizer kept: named as the user wrote the function.
  const clang::FunctionDecl *Declared =
      Callee->isIntrinsic() ? nullptr : Module.functionNamed(Name);
  ThreadValue Result = unknown(
      "the result of '" +
      (Declared ? Declared->getQualifiedNameAsString() : Name.str()) + "'");
  // A function of its arguments alone (fma, a math intrinsic): equal
  // arguments give equal results.
  if (Callee->doesNotAccessMemory() && !Callee->isConvergent() &&
      Call.arg_size() <= 3 && !Call.getType()->isPointerTy() &&
      !Call.getType()->isVectorTy()) {
    llvm::SmallVector<const ThreadValue *, 3> Operands;
    for (unsigned I = 0; I < Call.arg_size(); ++I)
      Operands.push_back(&Argument(I));
    Numbering.numberResult(Result, Operands, Active,
                           uint64_t(reinterpret_cast<uintptr_t>(Callee)));
  }
  return Result;
}

} // namespace ir

namespace {

/// Whether \p Kernel's function, or a function it calls, has a call for
/// which \p Matches holds.
template <typename MatchT>
bool reachesCall(const DeviceModule &Module, const clang::FunctionDecl *Kernel,
                 MatchT Matches) {
  const llvm::Function *F = Module.kernelFunction(Kernel);
  if (!F)
    return false;
  for (const llvm::Function *Reached : reachableFunctions(*F))
    for (const llvm::Instruction &I : llvm::instructions(*Reached))
      if (const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
          Call && Matches(*Call))
        return true;
  return false;
}

} // namespace

bool mapsClusterSharedMemory(const DeviceModule &Module,
                             const clang::FunctionDecl *Kernel) {
  return reachesCall(Module, Kernel, [](const llvm::CallBase &Call) {
    if (const auto *Asm =
            llvm::dyn_cast<llvm::InlineAsm>(Call.getCalledOperand()))
      return ir::ptxMapa(Asm->getAsmString()).has_value();
    const llvm::Function *Callee = Call.getCalledFunction();
    return Callee && Callee->getName().starts_with("llvm.nvvm.mapa");
  });
}

bool readsSharedThroughAsyncProxy(const DeviceModule &Module,
                                  const clang::FunctionDecl *Kernel) {
  return reachesCall(Module, Kernel, [](const llvm::CallBase &Call) {
    const auto *Asm = llvm::dyn_cast<llvm::InlineAsm>(Call.getCalledOperand());
    if (!Asm)
      return false;
    std::optional<ir::PtxAsyncCopy> Copy =
        ir::ptxAsyncCopy(Asm->getAsmString());
    std::optional<ir::PtxTensorCopy> TensorCopy =
        ir::ptxTensorCopy(Asm->getAsmString());
    return (Copy && Copy->FromShared) ||
           (TensorCopy && TensorCopy->FromShared) ||
           ptxWarpgroupMma(Asm->getAsmString());
  });
}
} // namespace smemlint
