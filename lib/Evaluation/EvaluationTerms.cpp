//===--- EvaluationTerms.cpp - What the evaluator and its users share ----===//
//
// The uniform symbols a kernel's unknown scalars become, and the declared
// layout of a shared array (KernelEvaluator.h).
//
//===----------------------------------------------------------------------===//

#include "Evaluation/KernelEvaluator.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecordLayout.h"

#include <algorithm>

using namespace clang;

namespace smemlint {

std::string fieldAt(const ASTContext &Ctx, QualType T, int64_t Offset) {
  const RecordDecl *Record = T->getAsRecordDecl();
  if (!Record || !Record->getDefinition() || Record->isInvalidDecl() ||
      T->isDependentType())
    return "";
  const ASTRecordLayout &Layout =
      Ctx.getASTRecordLayout(Record->getDefinition());
  for (const FieldDecl *Field : Record->getDefinition()->fields()) {
    int64_t Start = Layout.getFieldOffset(Field->getFieldIndex()) / 8;
    QualType FieldType = Field->getType();
    if (FieldType->isIncompleteType() || FieldType->isDependentType() ||
        !Field->getIdentifier())
      continue;
    int64_t Size = Ctx.getTypeSizeInChars(FieldType).getQuantity();
    if (Offset < Start || Offset >= Start + Size)
      continue;
    std::string Inner = fieldAt(Ctx, FieldType, Offset - Start);
    if (!Inner.empty())
      return Field->getNameAsString() + "." + Inner;
    return Offset == Start ? Field->getNameAsString() : "";
  }
  return "";
}

std::string UniformSymbol::spelling() const {
  static const char *const Axis[] = {"x", "y", "z"};
  switch (SymbolKind) {
  case Kind::Parameter: {
    if (FieldOffset < 0)
      return Param->getNameAsString();
    std::string Field =
        fieldAt(Param->getASTContext(), Param->getType(), FieldOffset);
    return Param->getNameAsString() +
           (Field.empty() ? " + " + std::to_string(FieldOffset) + " bytes"
                          : "." + Field);
  }
  case Kind::BlockIdx:
    return std::string("blockIdx.") + Axis[Dim];
  case Kind::GridDim:
    return std::string("gridDim.") + Axis[Dim];
  }
  return "?";
}

unsigned SymbolTable::idOf(const UniformSymbol &Symbol) {
  auto [It, Inserted] = Ids.try_emplace(Symbol, Symbols.size());
  if (Inserted)
    Symbols.push_back(Symbol);
  return std::min(It->second, 63u);
}

uint64_t SharedArrayLayout::strideBytes(unsigned Level) const {
  uint64_t Stride = ElementBytes;
  for (unsigned I = Level + 1; I < Dims.size(); ++I)
    Stride *= Dims[I];
  return Stride;
}

uint64_t SharedArrayLayout::totalBytes() const {
  uint64_t Total = ElementBytes;
  for (uint64_t Dim : Dims)
    Total *= Dim;
  return Total;
}

int64_t defaultSymbolValue(const UniformSymbol &Symbol) {
  switch (Symbol.SymbolKind) {
  case UniformSymbol::Kind::Parameter:
    // A problem size large enough that bounds checks pass for a whole block.
    return 1024;
  case UniformSymbol::Kind::BlockIdx:
    return 0;
  case UniformSymbol::Kind::GridDim:
    return 1;
  }
  return 0;
}

SharedArrayLayout declaredLayout(const ASTContext &Ctx, const VarDecl *Var) {
  SharedArrayLayout Layout;
  QualType T = Var->getType();
  while (const ArrayType *AT = Ctx.getAsArrayType(T)) {
    if (const auto *CAT = dyn_cast<ConstantArrayType>(AT))
      Layout.Dims.push_back(CAT->getSize().getZExtValue());
    else
      Layout.Dims.push_back(0); // extern __shared__ T s[]: size set at launch
    T = AT->getElementType();
  }
  Layout.ElementBytes =
      T->isIncompleteType() ? 0 : Ctx.getTypeSizeInChars(T).getQuantity();
  return Layout;
}

} // namespace smemlint
