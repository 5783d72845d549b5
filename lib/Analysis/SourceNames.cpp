//===--- SourceNames.cpp - Name elements and threads as users write them --===//

#include "Analysis/SourceNames.h"

#include "Evaluation/WarpgroupMma.h"

#include "Evaluation/KernelEvaluator.h"

#include "clang/AST/Decl.h"
#include "llvm/ADT/StringExtras.h"

namespace smemlint {

std::string elementName(const clang::ASTContext &Ctx,
                        const clang::VarDecl *Array, int64_t Offset) {
  if (!Array)
    return "?";
  std::string Name = Array->getNameAsString();
  SharedArrayLayout Layout = declaredLayout(Ctx, Array);
  if (Layout.Dims.empty() || Layout.ElementBytes == 0)
    return Offset ? Name + " + " + std::to_string(Offset) + " bytes" : Name;
  // 128-bit, so that a wild offset (INT64_MIN) cannot overflow.
  __int128 Rest = Offset;
  for (unsigned Level = 0; Level < Layout.Dims.size(); ++Level) {
    __int128 Stride = Layout.strideBytes(Level);
    if (Stride == 0)
      break; // a zero-length dimension
    // Floor division, so that a negative offset names a negative index.
    __int128 Index = Rest / Stride;
    if (Rest % Stride < 0)
      --Index;
    Rest -= Index * Stride;
    Name += "[" + std::to_string(int64_t(Index)) + "]";
  }
  if (Rest)
    Name += " + " + std::to_string(int64_t(Rest)) + " bytes";
  return Name;
}

std::string threadName(const BlockShape &Block, unsigned LinearThread) {
  if (Block.Y == 1 && Block.Z == 1)
    return "thread " + std::to_string(LinearThread);
  return "thread (" + std::to_string(Block.threadX(LinearThread)) + "," +
         std::to_string(Block.threadY(LinearThread)) + "," +
         std::to_string(Block.threadZ(LinearThread)) + ")";
}

std::string warpgroupName(unsigned LinearThread) {
  return "warpgroup " + std::to_string(LinearThread / WarpgroupThreads);
}

std::string threadList(const ThreadMask &Threads) {
  std::vector<unsigned> List(Threads.set_bits_begin(), Threads.set_bits_end());
  if (List.size() >= 3) {
    unsigned Step = List[1] - List[0];
    bool Progression = Step > 1;
    for (size_t I = 2; I < List.size() && Progression; ++I)
      Progression = List[I] - List[I - 1] == Step;
    if (Progression)
      return std::to_string(List[0]) + ", " + std::to_string(List[1]) +
             (List.size() > 3 ? ", ..., " : ", ") + std::to_string(List.back());
  }
  std::vector<std::string> Runs;
  for (size_t I = 0; I < List.size();) {
    size_t J = I;
    while (J + 1 < List.size() && List[J + 1] == List[J] + 1)
      ++J;
    Runs.push_back(std::to_string(List[I]) +
                   (J > I ? "-" + std::to_string(List[J]) : ""));
    I = J + 1;
  }
  if (Runs.size() <= 4)
    return llvm::join(Runs, ", ");
  return Runs[0] + ", " + Runs[1] + ", ..., " + Runs.back() + " (" +
         std::to_string(List.size()) + " threads)";
}

} // namespace smemlint
