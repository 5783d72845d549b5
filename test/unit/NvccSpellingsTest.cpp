//===--- NvccSpellingsTest.cpp - Rewriting what only nvcc accepts -----===//

#include "Frontend/CudaFrontend.h"

#include <gtest/gtest.h>

using namespace smemlint;

TEST(NvccSpellings, AttributeAfterSharedMovesInFrontKeepingTheLength) {
  EXPECT_EQ(withNvccSpellings("  __shared__ alignas(16) float s[8];"),
            "  alignas(16) __shared__ float s[8];");
  // Nested parentheses, and the specifiers before __shared__.
  EXPECT_EQ(withNvccSpellings("__shared__ alignas(alignof(float4)) float a;"),
            "alignas(alignof(float4)) __shared__ float a;");
  EXPECT_EQ(withNvccSpellings("extern __shared__ alignas(16) char s[];"),
            "alignas(16) extern __shared__ char s[];");
  EXPECT_EQ(withNvccSpellings("static __shared__  alignas(8) int x;"),
            "alignas(8)  static __shared__ int x;");
}

TEST(NvccSpellings, LeavesWhatClangReadsAlone) {
  for (const char *Text :
       {"alignas(16) __shared__ float s[8];", "__shared__ float s[8];",
        "__shared__ __align__(16) float s[8];", "my__shared__ alignas(4) x;",
        "__shared__alignas(4) x;", "asm(\"bar.sync 0;\");",
        "asm volatile(\"mov.u32 %0, %1;\" : \"=r\"(a) : \"r\"(b));"})
    EXPECT_EQ(withNvccSpellings(Text), Text) << Text;
}

TEST(NvccSpellings, AsmOperandsGetTheCommaNvccLetsThemGoWithout) {
  // cuda-samples' conjugateGradientMultiDeviceCG: `::"r"(v) "l"(p)`.
  EXPECT_EQ(withNvccSpellings(
                "asm volatile(\"st.u8 [%1], %0;\" ::\"r\"(v) \"l\"(p) : \"memory\");"),
            "asm volatile(\"st.u8 [%1], %0;\" ::\"r\"(v),\"l\"(p) : \"memory\");");
  EXPECT_EQ(withNvccSpellings("__asm__(\"x\" : \"=r\"(a) \"=r\"(b));"),
            "__asm__(\"x\" : \"=r\"(a),\"=r\"(b));");
  // A parenthesised expression inside an operand is not an operand's end.
  EXPECT_EQ(withNvccSpellings("asm(\"x\" :: \"r\"((a + b)) \"r\"(c));"),
            "asm(\"x\" :: \"r\"((a + b)),\"r\"(c));");
}

TEST(NvccSpellings, NoRewriteMovesALineBreak) {
  // The comma goes into a space, never a line break; no space, no comma.
  EXPECT_EQ(withNvccSpellings("asm(\"x\" :: \"r\"(a)\n    \"l\"(p));"),
            "asm(\"x\" :: \"r\"(a)\n,   \"l\"(p));");
  EXPECT_EQ(withNvccSpellings("asm(\"x\" :: \"r\"(a)\n\"l\"(p));"),
            "asm(\"x\" :: \"r\"(a)\n\"l\"(p));");
  // An attribute or specifier on another line stays where it is.
  for (const char *Text : {"__shared__\nalignas(16) float s[8];",
                           "static\n__shared__ alignas(16) float s[8];",
                           "#define X static\n__shared__ alignas(4) int y;"})
    EXPECT_EQ(withNvccSpellings(Text).find('\n'),
              std::string(Text).find('\n'))
        << Text;
  EXPECT_EQ(withNvccSpellings("static\n__shared__ alignas(16) float s[8];"),
            "static\nalignas(16) __shared__ float s[8];");
}
