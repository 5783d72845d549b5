//===--- SourceNames.cpp - Name elements and threads as users write them --===//

#include "Analysis/SourceNames.h"

#include "Evaluation/KernelEvaluator.h"

#include "clang/AST/Decl.h"

namespace smemlint {

std::string elementName(const clang::ASTContext &Ctx,
                        const clang::VarDecl *Array, int64_t Offset) {
  if (!Array)
    return "?";
  std::string Name = Array->getNameAsString();
  SharedArrayLayout Layout = declaredLayout(Ctx, Array);
  if (Layout.Dims.empty() || Layout.ElementBytes == 0)
    return Offset ? Name + " + " + std::to_string(Offset) + " bytes" : Name;
  int64_t Rest = Offset;
  for (unsigned Level = 0; Level < Layout.Dims.size(); ++Level) {
    int64_t Stride = Layout.strideBytes(Level);
    // Floor division, so that a negative offset names a negative index.
    int64_t Index = Rest >= 0 ? Rest / Stride : -((-Rest + Stride - 1) / Stride);
    Rest -= Index * Stride;
    Name += "[" + std::to_string(Index) + "]";
  }
  if (Rest)
    Name += " + " + std::to_string(Rest) + " bytes";
  return Name;
}

std::string threadName(const BlockShape &Block, unsigned LinearThread) {
  if (Block.Y == 1 && Block.Z == 1)
    return "thread " + std::to_string(LinearThread);
  return "thread (" + std::to_string(Block.threadX(LinearThread)) + "," +
         std::to_string(Block.threadY(LinearThread)) + "," +
         std::to_string(Block.threadZ(LinearThread)) + ")";
}

} // namespace smemlint
