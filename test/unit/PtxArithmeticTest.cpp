//===--- PtxArithmeticTest.cpp - Integer arithmetic in inline PTX ---------===//
//
// Expected values follow the PTX ISA's definitions of each instruction
// (integer, bit-manipulation and logic instructions), computed by hand in
// the comments.
//
//===----------------------------------------------------------------------===//

#include "Evaluation/PtxArithmetic.h"

#include "gtest/gtest.h"

namespace smemlint {
namespace ir {
namespace {

/// \p Text run on \p Sources (its $1, $2, ... in order).
int64_t run(llvm::StringRef Text, std::vector<int64_t> Sources) {
  std::optional<PtxArithmetic> Instruction = parsePtxArithmetic(Text);
  EXPECT_TRUE(Instruction.has_value()) << Text.str();
  if (!Instruction)
    return 0;
  std::vector<int64_t> Inputs;
  size_t Next = 0;
  for (const PtxArithmetic::Operand &Source : Instruction->Sources)
    Inputs.push_back(Source.AsmOperand ? Sources.at(Next++) : Source.Immediate);
  return computePtxArithmetic(*Instruction, Inputs);
}

TEST(PtxArithmeticTest, ParsesOneInstructionIntoTheFirstOperand) {
  std::optional<PtxArithmetic> Bfe =
      parsePtxArithmetic("bfe.u32 $0, $1, 4, 0x8;");
  ASSERT_TRUE(Bfe);
  EXPECT_EQ(Bfe->Operation, "bfe");
  EXPECT_EQ(Bfe->Bits, 32u);
  EXPECT_FALSE(Bfe->Signed);
  ASSERT_EQ(Bfe->Sources.size(), 3u);
  EXPECT_EQ(*Bfe->Sources[0].AsmOperand, 1u);
  EXPECT_EQ(Bfe->Sources[2].Immediate, 8);
  std::optional<PtxArithmetic> Wide =
      parsePtxArithmetic(" mul.wide.s32 $0, $1, -3 ");
  ASSERT_TRUE(Wide);
  EXPECT_EQ(Wide->ResultBits, 64u);
  EXPECT_EQ(Wide->Sources[1].Immediate, -3);
}

TEST(PtxArithmeticTest, RejectsWhatItDoesNotCompute) {
  for (const char *Text :
       {"mov.u32 $0, %laneid;", "add.f32 $0, $1, $2;", "@p add.s32 $0, $1, 1;",
        "{ add.s32 $0, $1, 1; add.s32 $0, $0, 1; }", "add.s32 $1, $2, 1;",
        "add.s32 $0, $1;", "cvt.u32.u64 $0, $1;", "neg.u32 $0, $1;",
        "prmt.b32.f4e $0, $1, $2, $3;", "lop3.b32 $0, $1, $2, $3, $4;",
        "add.cc.u32 $0, $1, $2;", "ld.shared.u32 $0, [$1];"})
    EXPECT_FALSE(parsePtxArithmetic(Text)) << Text;
}

TEST(PtxArithmeticTest, BitFieldExtract) {
  // 0xABCD >> 4 = 0xABC, low 8 bits: 0xBC.
  EXPECT_EQ(run("bfe.u32 $0, $1, $2, $3;", {0xABCD, 4, 8}), 0xBC);
  // Signed: the field's top bit (bit 11 of 0xABCD, 1) fills the rest.
  EXPECT_EQ(run("bfe.s32 $0, $1, $2, $3;", {0xABCD, 4, 8}),
            int64_t(int8_t(0xBC)));
  // A field past the top: the bits beyond are 0 (unsigned) or the top
  // bit (signed); length 0 gives 0.
  EXPECT_EQ(run("bfe.u32 $0, $1, 28, 8;", {0xF0000000}), 0xF);
  EXPECT_EQ(run("bfe.s32 $0, $1, 28, 8;", {int64_t(int32_t(0xF0000000))}), -1);
  EXPECT_EQ(run("bfe.u32 $0, $1, 3, 0;", {0xFF}), 0);
  // Only the low 8 bits of position and length count.
  EXPECT_EQ(run("bfe.u32 $0, $1, 0x104, 0x204;", {0xABCD}), 0xC);
}

TEST(PtxArithmeticTest, BitFieldInsertAndMask) {
  // 0xF inserted at bit 8 (4 bits) into 0x12345678: 0x12345F78.
  EXPECT_EQ(run("bfi.b32 $0, $1, $2, 8, 4;", {0xF, 0x12345678}), 0x12345F78);
  // bmsk.clamp: len bits from pos; pos + len past 32 stops at 32.
  EXPECT_EQ(run("bmsk.clamp.b32 $0, $1, $2;", {4, 8}), 0xFF0);
  EXPECT_EQ(run("bmsk.clamp.b32 $0, $1, $2;", {28, 8}),
            int64_t(int32_t(0xF0000000)));
  EXPECT_EQ(run("bmsk.clamp.b32 $0, $1, $2;", {40, 8}), 0);
  // .wrap takes both modulo 32: pos 36 is 4, len 33 is 1.
  EXPECT_EQ(run("bmsk.wrap.b32 $0, $1, $2;", {36, 33}), 0x10);
}

TEST(PtxArithmeticTest, Shifts) {
  EXPECT_EQ(run("shl.b32 $0, $1, $2;", {3, 4}), 48);
  EXPECT_EQ(run("shl.b32 $0, $1, $2;", {3, 32}), 0);
  EXPECT_EQ(run("shr.u32 $0, $1, $2;", {-16, 2}), 0x3FFFFFFC);
  EXPECT_EQ(run("shr.s32 $0, $1, $2;", {-16, 2}), -4);
  EXPECT_EQ(run("shr.s32 $0, $1, $2;", {-16, 40}), -1);
  // shf.l: the upper word of (b:a) << n; shf.r: the lower word of >> n.
  EXPECT_EQ(run("shf.l.wrap.b32 $0, $1, $2, $3;",
                {int64_t(int32_t(0x80000000)), 1, 1}),
            3);
  // .clamp stops at 32: (1:0) >> 32 leaves b in the lower word.
  EXPECT_EQ(run("shf.r.clamp.b32 $0, $1, $2, $3;", {0, 1, 40}), 1);
  EXPECT_EQ(run("shf.r.wrap.b32 $0, $1, $2, $3;", {0, 1, 33}),
            int64_t(int32_t(0x80000000)));
}

TEST(PtxArithmeticTest, MultiplyAndAdd) {
  EXPECT_EQ(run("mad.lo.u32 $0, $1, $2, $3;", {7, 33, 5}), 236);
  // The low 32 bits, sign-extended as the evaluator holds an i32.
  EXPECT_EQ(run("mul.lo.u32 $0, $1, $2;", {0x10000, 0x10000}), 0);
  EXPECT_EQ(run("mul.hi.u32 $0, $1, $2;", {0x10000, 0x30000}), 3);
  EXPECT_EQ(run("mul.wide.s32 $0, $1, $2;", {-2, 0x40000000}),
            -(int64_t(1) << 31));
  EXPECT_EQ(run("mul.wide.u32 $0, $1, $2;", {-1, 2}), 0x1FFFFFFFE);
  // mul24: the low 32 bits of the product of the low 24 bits.
  EXPECT_EQ(run("mul24.lo.u32 $0, $1, $2;", {0x1000003, 5}), 15);
  EXPECT_EQ(run("sad.u32 $0, $1, $2, $3;", {3, 10, 100}), 107);
  EXPECT_EQ(run("min.s32 $0, $1, $2;", {-1, 1}), -1);
  EXPECT_EQ(run("min.u32 $0, $1, $2;", {-1, 1}), 1);
  EXPECT_EQ(run("max.u16 $0, $1, $2;", {0xFFFF, 1}), -1);
}

TEST(PtxArithmeticTest, BytePermuteAndLogic) {
  // Selector 0x5410: bytes 0, 1 of a, then 0, 1 of b (the halves of a
  // half2 put together): a = 0x1111AAAA, b = 0x2222BBBB -> 0xBBBBAAAA.
  EXPECT_EQ(run("prmt.b32 $0, $1, $2, 0x5410;", {0x1111AAAA, 0x2222BBBB}),
            int64_t(int32_t(0xBBBBAAAA)));
  // A selector nibble with bit 3 set replicates the byte's sign.
  EXPECT_EQ(run("prmt.b32 $0, $1, $2, 0x8880;", {0x80, 0}),
            int64_t(int32_t(0xFFFFFF80)));
  // lop3 with table 0x96 is a ^ b ^ c; 0xE8 the majority.
  EXPECT_EQ(run("lop3.b32 $0, $1, $2, $3, 0x96;", {0b1100, 0b1010, 0b0110}), 0);
  EXPECT_EQ(run("lop3.b32 $0, $1, $2, $3, 0xE8;", {0b1100, 0b1010, 0b0110}),
            0b1110);
  EXPECT_EQ(run("popc.b32 $0, $1;", {0xF0F0}), 8);
  EXPECT_EQ(run("clz.b32 $0, $1;", {1}), 31);
  EXPECT_EQ(run("brev.b32 $0, $1;", {1}), int64_t(int32_t(0x80000000)));
  EXPECT_EQ(run("not.b32 $0, $1;", {0}), -1);
}

TEST(PtxArithmeticTest, SharedAddressConversions) {
  // CUTLASS's older cast_smem_ptr_to_uint and AWQ's GEMM after it.
  EXPECT_EQ(parseSharedAddressConversion(
                "{.reg .u64 smem_ptr; cvta.to.shared.u64 smem_ptr, $1; "
                "cvt.u32.u64 $0, smem_ptr; }\n"),
            std::optional<unsigned>(1));
  EXPECT_EQ(parseSharedAddressConversion("cvta.to.shared.u32 $0, $1;"),
            std::optional<unsigned>(1));
  EXPECT_EQ(parseSharedAddressConversion("cvta.to.shared::cta.u64 $0, $2;"),
            std::optional<unsigned>(2));
  // The other direction, another result, or more than the conversion.
  EXPECT_FALSE(parseSharedAddressConversion("cvta.shared.u64 $0, $1;"));
  EXPECT_FALSE(parseSharedAddressConversion("cvta.to.shared.u64 $1, $2;"));
  EXPECT_FALSE(parseSharedAddressConversion(
      "{.reg .u64 p; cvta.to.shared.u64 p, $1; cvt.u32.u64 $0, q; }"));
  EXPECT_FALSE(parseSharedAddressConversion(
      "{.reg .u64 p; cvta.to.shared.u64 p, $1; add.u64 p, p, 16; "
      "cvt.u32.u64 $0, p; }"));
  EXPECT_FALSE(parseSharedAddressConversion("cvta.to.global.u64 $0, $1;"));
}

} // namespace
} // namespace ir
} // namespace smemlint
