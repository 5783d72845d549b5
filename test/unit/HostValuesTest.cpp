//===--- HostValuesTest.cpp - Host values followed across calls -------===//
//
// Parses small host programs with the prelude and checks the configurations
// HostEvaluator finds for the argument of `use(...)` in a named function:
// each value the code can give, together, and unknown where the code does not
// decide.
//
//===----------------------------------------------------------------------===//

#include "Analysis/HostValues.h"
#include "Frontend/Prelude.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

using namespace smemlint;

namespace {

/// The calls of `use` in the function named Function.
class UseFinder : public clang::RecursiveASTVisitor<UseFinder> {
public:
  std::vector<std::pair<const clang::CallExpr *, const clang::FunctionDecl *>>
      Uses;
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseFunctionDecl(clang::FunctionDecl *F) {
    const clang::FunctionDecl *Outer = Current;
    Current = F;
    bool Continue = RecursiveASTVisitor::TraverseFunctionDecl(F);
    Current = Outer;
    return Continue;
  }
  bool VisitCallExpr(clang::CallExpr *Call) {
    if (const clang::FunctionDecl *Callee = Call->getDirectCallee())
      if (Callee->getName() == "use")
        Uses.emplace_back(Call, Current);
    return true;
  }

private:
  const clang::FunctionDecl *Current = nullptr;
};

/// The integer configurations of the arguments of the only `use(...)` call
/// of \p Code; -1 for an unknown value.
std::vector<std::vector<int64_t>> configurations(const std::string &Code,
                                                 bool *Truncated = nullptr) {
  clang::tooling::FileContentMappings Virtual;
  for (const auto &[Name, Text] : preludeFiles())
    Virtual.emplace_back((preludeDirectory() + "/" + Name).str(), Text.str());
  std::vector<std::string> Args = {
      "-x",
      "cuda",
      "--cuda-device-only",
      "--cuda-gpu-arch=sm_90",
      "-nocudainc",
      "-nocudalib",
      "-Wno-unknown-cuda-version",
      "-resource-dir=" SMEM_LINT_RESOURCE_DIR,
      "-isystem",
      preludeDirectory().str(),
      "-include",
      (preludeDirectory() + "/" + preludeFileName()).str()};
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCodeWithArgs(
          "void use(...);\n" + Code, Args, "input.cu", "smem-lint-unit-test",
          std::make_shared<clang::PCHContainerOperations>(),
          clang::tooling::getClangStripDependencyFileAdjuster(), Virtual);
  EXPECT_TRUE(AST);
  if (!AST)
    return {};
  EXPECT_FALSE(AST->getDiagnostics().hasErrorOccurred());
  UseFinder Finder;
  Finder.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
  EXPECT_EQ(Finder.Uses.size(), 1u);
  if (Finder.Uses.size() != 1)
    return {};
  auto [Call, Function] = Finder.Uses.front();
  std::vector<HostQuery> Queries;
  for (const clang::Expr *Argument : Call->arguments())
    Queries.push_back(HostQuery::of(Argument));
  HostEvaluator Evaluator(AST->getASTContext());
  HostEvaluations Found = Evaluator.evaluateTogether(Queries, Function);
  if (Truncated)
    *Truncated = Found.Truncated;
  std::vector<std::vector<int64_t>> Result;
  for (const HostConfiguration &Configuration : Found.Configurations) {
    std::vector<int64_t> Values;
    for (const HostValue &V : Configuration.Values)
      Values.push_back(V.ValueKind == HostValue::Kind::Integer ? V.Integer
                       : V.ValueKind == HostValue::Kind::Dim3
                           ? int64_t(V.Dim3.X) * 10000 + V.Dim3.Y * 100 +
                                 V.Dim3.Z
                           : -1);
    Result.push_back(Values);
  }
  return Result;
}

using Configurations = std::vector<std::vector<int64_t>>;

TEST(HostValuesTest, LocalsAndTheAssignmentThatReachesTheUse) {
  EXPECT_EQ(
      configurations("void f() { int n = 16; int m = n * 4 + 1; use(m); }"),
      (Configurations{{65}}));
  EXPECT_EQ(configurations("void f() { int n = 16; n = 32; use(n); }"),
            (Configurations{{32}}));
  // A branch decides: unknown, not either value.
  EXPECT_EQ(
      configurations("void f(int c) { int n = 16; if (c) n = 32; use(n); }"),
      (Configurations{{-1}}));
  // The same value on both paths is known.
  EXPECT_EQ(
      configurations("void f(int c) { int n = 16; if (c) n = 16; use(n); }"),
      (Configurations{{16}}));
  // Written through a pointer or a reference: unknown.
  EXPECT_EQ(
      configurations("void g(int &); void f() { int n = 16; g(n); use(n); }"),
      (Configurations{{-1}}));
  EXPECT_EQ(
      configurations("void f() { int n = 16; int *p = &n; *p = 3; use(n); }"),
      (Configurations{{-1}}));
  // An assignment later in a loop around the use reaches it.
  EXPECT_EQ(configurations("void f(int k) { int n = 16;"
                           " while (k--) { use(n); n = 32; } }"),
            (Configurations{{-1}}));
}

TEST(HostValuesTest, WidthsAndSignsFollowTheTypes) {
  EXPECT_EQ(configurations("void f() { unsigned char c = 250; c += 10;"
                           " unsigned char d = 250 + 10; use(d, -7 / 2, -7 % 2,"
                           " (unsigned)-1 >> 28); }"),
            (Configurations{{4, -3, -1, 15}}));
  // Division by zero is no value.
  EXPECT_EQ(configurations("void f() { int z = 0; use(1 / z); }"),
            (Configurations{{-1}}));
}

TEST(HostValuesTest, ParametersTakeTheValuesOfEachCall) {
  EXPECT_EQ(configurations("void f(int n) { use(n, n * 2); }"
                           " void g() { f(3); f(5); f(3); }"),
            (Configurations{{3, 6}, {5, 10}}));
  // Through two functions.
  EXPECT_EQ(configurations("void f(int n) { use(n); }"
                           " void g(int m) { f(m + 1); }"
                           " int main() { g(7); }"),
            (Configurations{{8}}));
  // No call in the translation unit: unknown.
  EXPECT_EQ(configurations("void f(int n) { use(n); }"),
            (Configurations{{-1}}));
}

TEST(HostValuesTest, LoopsOverConstantRangesGiveEachValue) {
  EXPECT_EQ(configurations("void f() { for (int b = 32; b <= 128; b *= 2)"
                           " use(b, b * 4); }"),
            (Configurations{{32, 128}, {64, 256}, {128, 512}}));
  EXPECT_EQ(configurations("void f() { const int sizes[] = {8, 24};"
                           " for (int s : sizes) use(s); }"),
            (Configurations{{8}, {24}}));
  // A loop variable changed in the body is not enumerated.
  EXPECT_EQ(configurations("void f() { for (int i = 0; i < 4; ++i)"
                           " { use(i); i += 1; } }"),
            (Configurations{{-1}}));
  // More values than are analysed: the first ones, and it says so.
  bool Truncated = false;
  Configurations First = configurations(
      "void f() { for (int i = 0; i < 100; ++i) use(i); }", &Truncated);
  EXPECT_EQ(First.size(), HostEvaluator::MaxConfigurations);
  EXPECT_EQ(First.back(), std::vector<int64_t>{15});
  EXPECT_TRUE(Truncated);
}

TEST(HostValuesTest, Dim3TablesHelpersAndFields) {
  EXPECT_EQ(configurations("void f() { dim3 b(16, 8); use(b, b.y); }"),
            (Configurations{{160801, 8}}));
  EXPECT_EQ(configurations("void f() { dim3 b; b.x = 4; use(b); }"),
            (Configurations{{40101}}));
  EXPECT_EQ(
      configurations("static int up(int a, int b) { return (a + b - 1) / b; }"
                     " void f() { use(up(1000, 64)); }"),
      (Configurations{{16}}));
  EXPECT_EQ(configurations("int table[3] = {4, 5, 6};"
                           " void f() { use(table[1], table[2]); }"),
            (Configurations{{5, 6}}));
  EXPECT_EQ(
      configurations(
          "void f() { cudaLaunchConfig_t c = {};"
          " c.blockDim = dim3(64); use(c.blockDim, c.dynamicSmemBytes); }"),
      (Configurations{{640101, 0}}));
  EXPECT_EQ(
      configurations("int g = 4; dim3 b(8, 2); void f() { use(g, b.y); }"),
      (Configurations{{4, 2}}));
  // A global someone assigns is unknown.
  EXPECT_EQ(
      configurations("int g = 4; void h() { g = 5; } void f() { use(g); }"),
      (Configurations{{-1}}));
}

} // namespace
