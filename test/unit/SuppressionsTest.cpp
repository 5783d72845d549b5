//===--- SuppressionsTest.cpp - Comments and NOLINT, clang-tidy style -----===//
//
// The lexer that finds the comments NOLINT lives in: literals are not
// comments, block comments are, and line numbers survive both.
//
//===----------------------------------------------------------------------===//

#include "Workflow/Suppressions.h"

#include "gtest/gtest.h"

namespace smemlint {
namespace {

std::vector<std::string> commentTexts(llvm::StringRef Source) {
  std::vector<std::string> Texts;
  for (const SourceComment &Comment : sourceComments(Source))
    Texts.push_back(std::to_string(Comment.Line) + ":" +
                    std::to_string(Comment.Column) + ":" +
                    Comment.Text.str());
  return Texts;
}

TEST(SuppressionsTest, LiteralsAreNotComments) {
  EXPECT_EQ(commentTexts("s = \"// no\"; // yes\n"),
            std::vector<std::string>{"1:14: yes"});
  EXPECT_EQ(commentTexts("c = '\"'; // yes\n"),
            std::vector<std::string>{"1:10: yes"});
  EXPECT_EQ(commentTexts("s = \"a\\\"// no\"; /* yes */\n"),
            std::vector<std::string>{"1:17: yes "});
  EXPECT_EQ(commentTexts("s = R\"x(// no\n)\" // no)x\"; // yes\n"),
            std::vector<std::string>{"2:14: yes"});
  EXPECT_EQ(commentTexts("n = 1'000'000; c = u8'/'; // yes\n"),
            std::vector<std::string>{"1:27: yes"});
}

TEST(SuppressionsTest, BlockAndContinuedComments) {
  EXPECT_EQ(commentTexts("a /* one\ntwo */ b // three\\\nfour\nc // five\r\n"),
            (std::vector<std::string>{"1:3: one\ntwo ", "2:10: three\\\nfour",
                                      "4:3: five\r"}));
}

TEST(SuppressionsTest, OtherToolsNamesAreLeftAlone) {
  std::vector<Diagnostic> Problems;
  Suppressions S = Suppressions::parse(
      "f.cu",
      "x; // NOLINT(readability-magic-numbers,smem-bank-conflict)\n"
      "y; /* NOLINT */\n"
      "// NOLINTBEGIN(google-*)\n"
      "z; // NOLINT(smem-bank-conflcit)\n",
      Problems);
  EXPECT_TRUE(S.suppresses("smem-bank-conflict", 1));
  EXPECT_FALSE(S.suppresses("smem-capacity", 1));
  EXPECT_TRUE(S.suppresses("smem-capacity", 2));
  EXPECT_FALSE(S.suppresses("smem-bank-conflict", 4));
  // Only the typo in smem-lint's namespace is a problem.
  ASSERT_EQ(Problems.size(), 1u);
  EXPECT_EQ(Problems[0].Where.Line, 4u);
  EXPECT_EQ(Problems[0].Message,
            "unknown check 'smem-bank-conflcit' in a suppression comment; it "
            "silences nothing");
}

} // namespace
} // namespace smemlint
