//===--- FunctionFactsTest.cpp - What the evaluator derives from the IR ---===//
//
// FunctionFacts on hand-written NVPTX IR: which registers the evaluator may
// drop after their last read. Dropping one too early turns a value the
// evaluation computed into "not computed" for a later reader, so each kept
// register below names the reader that needs it.
//
//===----------------------------------------------------------------------===//

#include "Evaluation/IrExecution.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

using namespace smemlint;
using smemlint::ir::FunctionFacts;

namespace {

constexpr const char *BlockIR = R"IR(
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef
@ints = internal addrspace(3) global [256 x i32] undef

define void @kernel(i1 %flag) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %plus = add i32 %tid, 1
  %times = mul i32 %plus, 3
  %wide = zext i32 %times to i64
  %at = getelementptr float, ptr addrspace(3) @tile, i64 %wide
  %read = load float, ptr addrspace(3) %at
  %sum = fadd float %read, 1.0
  %twice = fmul float %sum, 2.0
  store float %twice, ptr addrspace(3) %at
  %masked = and i32 %tid, 255
  %crossed = shl i32 %tid, 1
  %odd = and i32 %tid, 5
  call void @llvm.nvvm.barrier0()
  %after = sext i32 %crossed to i64
  %there = getelementptr float, ptr addrspace(3) @tile, i64 %after
  %maskedwide = zext i32 %masked to i64
  %here = getelementptr float, ptr addrspace(3) @tile, i64 %maskedwide
  %either = select i1 %flag, ptr addrspace(3) %here, ptr addrspace(3) %there
  %picked = load float, ptr addrspace(3) %either
  %iat = getelementptr i32, ptr addrspace(3) @ints, i32 %odd
  %loaded = load i32, ptr addrspace(3) %iat
  %next = add i32 %loaded, 1
  %test = icmp slt i32 %next, 4
  %leaving = fadd float %picked, 1.0
  br i1 %test, label %exit, label %exit

exit:
  %out = phi float [ %leaving, %entry ], [ %leaving, %entry ]
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
)IR";

/// The registers FunctionFacts lets the evaluator drop, by name, with the
/// instruction after which it drops them.
std::map<std::string, std::string> droppedRegisters(llvm::Function &F) {
  FunctionFacts Facts(F);
  std::map<std::string, std::string> Dropped;
  for (const llvm::BasicBlock &Block : F)
    for (const llvm::Instruction &I : Block)
      if (const auto *Registers = Facts.lastReadOf(I))
        for (const llvm::Instruction *Register : *Registers)
          Dropped[Register->getName().str()] = I.getName().str();
  return Dropped;
}

TEST(FunctionFacts, RegistersAreDroppedOnlyAfterTheirLastReader) {
  llvm::LLVMContext Context;
  llvm::SMDiagnostic Error;
  std::unique_ptr<llvm::Module> Module =
      llvm::parseAssemblyString(BlockIR, Error, Context);
  ASSERT_TRUE(Module) << Error.getMessage().str();
  std::map<std::string, std::string> Dropped =
      droppedRegisters(*Module->getFunction("kernel"));

  // Arithmetic scalar evolution describes by its operands, floating-point
  // values and element addresses go after their last reader in the block.
  EXPECT_EQ(Dropped["plus"], "times");
  EXPECT_EQ(Dropped["times"], "wide");
  EXPECT_EQ(Dropped["wide"], "at");
  EXPECT_EQ(Dropped["read"], "sum");
  EXPECT_EQ(Dropped["sum"], "twice");
  // A store has no name: the address and value read last by it.
  EXPECT_TRUE(Dropped.count("at") && Dropped["at"].empty());
  EXPECT_TRUE(Dropped.count("twice") && Dropped["twice"].empty());
  EXPECT_EQ(Dropped["after"], "there");
  EXPECT_EQ(Dropped["maskedwide"], "here");
  EXPECT_EQ(Dropped["picked"], "leaving");
  EXPECT_EQ(Dropped["iat"], "loaded");
  // A sum of an opaque value: the closed form reads the opaque value's
  // register, not the sum's.
  EXPECT_EQ(Dropped["next"], "test");

  // Kept: the thread index (a call: scalar evolution cannot see into it);
  // `crossed` and `masked` are read past the barrier, where threads waiting
  // at it resume with what they computed before; the select's arms, which
  // the load after it reads again (placeSelectedAccess); `odd`, a mask that
  // is no run of ones (opaque to scalar evolution, whose closed form reads
  // its register); the integer load, opaque too; the condition (i1);
  // `leaving`, read by a phi on the edge.
  for (const char *Kept : {"tid", "crossed", "masked", "here", "there", "odd",
                           "loaded", "test", "leaving", "either"})
    EXPECT_FALSE(Dropped.count(Kept)) << Kept;
}

} // namespace
