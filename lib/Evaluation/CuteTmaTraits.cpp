//===--- CuteTmaTraits.cpp - The TMA box a CuTe atom's type carries -------===//

#include "Evaluation/CuteTmaTraits.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecordLayout.h"

namespace smemlint {

using namespace clang;

namespace {

/// \p T as the CuTe class template specialization \p Name
/// ("cute::Copy_Traits"), or null.
const ClassTemplateSpecializationDecl *
cuteSpecialization(QualType T, llvm::StringRef Name) {
  // AuxTmaParams names its layouts as decltype gave them: `const
  // Swizzle<3,4,3> &`.
  const auto *Spec = llvm::dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.isNull() ? nullptr : T.getNonReferenceType()->getAsCXXRecordDecl());
  return Spec && Spec->getQualifiedNameAsString() == Name ? Spec : nullptr;
}

/// \p Spec's template arguments with packs expanded (Copy_Traits is
/// variadic: `template <class Op, class... OpArgs>`).
llvm::SmallVector<TemplateArgument, 4>
flatArguments(const ClassTemplateSpecializationDecl &Spec) {
  llvm::SmallVector<TemplateArgument, 4> Flat;
  for (const TemplateArgument &A : Spec.getTemplateArgs().asArray()) {
    if (A.getKind() == TemplateArgument::Pack)
      Flat.append(A.pack_begin(), A.pack_end());
    else
      Flat.push_back(A);
  }
  return Flat;
}

/// The integers of \p Spec's template arguments, in order; nullopt when one
/// is not an integer.
std::optional<llvm::SmallVector<int64_t, 3>>
integerArguments(const ClassTemplateSpecializationDecl &Spec) {
  llvm::SmallVector<int64_t, 3> Values;
  for (const TemplateArgument &A : flatArguments(Spec)) {
    if (A.getKind() != TemplateArgument::Integral)
      return std::nullopt;
    Values.push_back(A.getAsIntegral().getExtValue());
  }
  return Values;
}

/// Whether \p Record is CuTe's copy traits of a TMA operation with its
/// descriptor: Copy_Traits<SM90_TMA_LOAD, C<N>, AuxTmaParams<...>> and the
/// like (the store, the reductions, SM100's), not the executable form
/// `.with()` makes, which only points at it.
bool isTmaTraits(const CXXRecordDecl &Record) {
  const auto *Spec = llvm::dyn_cast<ClassTemplateSpecializationDecl>(&Record);
  if (!Spec || Spec->getQualifiedNameAsString() != "cute::Copy_Traits")
    return false;
  llvm::SmallVector<TemplateArgument, 4> Args = flatArguments(*Spec);
  if (Args.size() != 3 || Args[0].getKind() != TemplateArgument::Type)
    return false;
  const CXXRecordDecl *OpRecord = Args[0].getAsType()->getAsCXXRecordDecl();
  if (!OpRecord || !OpRecord->getIdentifier())
    return false;
  llvm::StringRef OpName = OpRecord->getName();
  return (OpName.starts_with("SM90_TMA_") ||
          OpName.starts_with("SM100_TMA_")) &&
         llvm::any_of(Record.fields(), [](const FieldDecl *F) {
           return F->getIdentifier() && F->getName() == "tma_desc_";
         });
}

/// The TMA copy traits whose `tma_desc_` lies \p Offset bytes into an
/// object of type \p T, through its bases, members and array elements.
const ClassTemplateSpecializationDecl *
tmaTraitsAt(const ASTContext &Ctx, QualType T, int64_t Offset, unsigned Depth) {
  if (Depth > 24 || Offset < 0 || T.isNull() || T->isIncompleteType() ||
      T->isDependentType())
    return nullptr;
  T = T.getCanonicalType();
  if (const ConstantArrayType *Array = Ctx.getAsConstantArrayType(T)) {
    int64_t Element =
        Ctx.getTypeSizeInChars(Array->getElementType()).getQuantity();
    if (Element <= 0 || Offset >= Element * int64_t(Array->getLimitedSize()))
      return nullptr;
    return tmaTraitsAt(Ctx, Array->getElementType(), Offset % Element,
                       Depth + 1);
  }
  const CXXRecordDecl *Record = T->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition() || Record->isInvalidDecl())
    return nullptr;
  Record = Record->getDefinition();
  const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(Record);
  auto FieldOffset = [&](const FieldDecl *F) {
    return Ctx.toCharUnitsFromBits(Layout.getFieldOffset(F->getFieldIndex()))
        .getQuantity();
  };
  if (isTmaTraits(*Record))
    for (const FieldDecl *F : Record->fields())
      if (F->getIdentifier() && F->getName() == "tma_desc_" &&
          FieldOffset(F) == Offset)
        return llvm::cast<ClassTemplateSpecializationDecl>(Record);
  // Every subobject that spans the offset: CuTe's empty tuple bases share
  // offsets with their neighbours.
  for (const CXXBaseSpecifier &Base : Record->bases()) {
    const CXXRecordDecl *BaseRecord = Base.getType()->getAsCXXRecordDecl();
    if (Base.isVirtual() || !BaseRecord)
      continue;
    int64_t At = Layout.getBaseClassOffset(BaseRecord).getQuantity();
    if (const auto *Found =
            tmaTraitsAt(Ctx, Base.getType(), Offset - At, Depth + 1))
      return Found;
  }
  for (const FieldDecl *F : Record->fields()) {
    if (F->isBitField())
      continue;
    int64_t At = FieldOffset(F);
    int64_t Size = Ctx.getTypeSizeInChars(F->getType()).getQuantity();
    if (Offset >= At && Offset < At + std::max<int64_t>(Size, 1))
      if (const auto *Found =
              tmaTraitsAt(Ctx, F->getType(), Offset - At, Depth + 1))
        return Found;
  }
  return nullptr;
}

} // namespace

std::optional<TensorMapBox> cuteTmaTraitsBox(const ASTContext &Ctx,
                                             const ParmVarDecl &Param,
                                             int64_t Offset,
                                             std::string &WhyNot) {
  const ClassTemplateSpecializationDecl *Traits =
      tmaTraitsAt(Ctx, Param.getType(), Offset, 0);
  if (!Traits)
    return std::nullopt;
  llvm::SmallVector<TemplateArgument, 4> Args = flatArguments(*Traits);
  std::string Spelled = "'" +
                        QualType(Traits->getTypeForDecl(), 0)
                            .getAsString(Ctx.getPrintingPolicy()) +
                        "'";
  auto NotFollowed = [&](std::string Why) -> std::optional<TensorMapBox> {
    WhyNot = "CuTe's copy traits " + Spelled + " of '" +
             Param.getNameAsString() + "' " + Why;
    return std::nullopt;
  };
  // C<NumBitsPerTMA>: the bits one instruction moves.
  const ClassTemplateSpecializationDecl *Bits =
      Args[1].getKind() == TemplateArgument::Type
          ? cuteSpecialization(Args[1].getAsType(), "cute::C")
          : nullptr;
  std::optional<llvm::SmallVector<int64_t, 3>> BitCount =
      Bits ? integerArguments(*Bits) : std::nullopt;
  if (!BitCount || BitCount->size() != 1 || (*BitCount)[0] <= 0 ||
      (*BitCount)[0] % (8 * 16))
    return NotFollowed("do not give the bits per TMA copy as a whole number "
                       "of 16-byte pieces");
  uint64_t Bytes = uint64_t((*BitCount)[0]) / 8;
  // AuxTmaParams<GmemStrides, TmaGmemBasis, Swizzle<B,M,S>>.
  const ClassTemplateSpecializationDecl *Aux =
      Args[2].getKind() == TemplateArgument::Type
          ? cuteSpecialization(Args[2].getAsType(), "cute::AuxTmaParams")
          : nullptr;
  llvm::SmallVector<TemplateArgument, 4> AuxArgs;
  if (Aux)
    AuxArgs = flatArguments(*Aux);
  const ClassTemplateSpecializationDecl *Swizzle =
      AuxArgs.size() == 3 && AuxArgs[2].getKind() == TemplateArgument::Type
          ? cuteSpecialization(AuxArgs[2].getAsType(), "cute::Swizzle")
          : nullptr;
  std::optional<llvm::SmallVector<int64_t, 3>> BMS =
      Swizzle ? integerArguments(*Swizzle) : std::nullopt;
  if (!BMS || BMS->size() != 3)
    return NotFollowed("do not name the shared layout's swizzle");
  auto [B, M, S] = std::tuple((*BMS)[0], (*BMS)[1], (*BMS)[2]);
  std::string SwizzleName = "Swizzle<" + std::to_string(B) + "," +
                            std::to_string(M) + "," + std::to_string(S) + ">";
  // Swizzle<B,4,3> is the 16 << B byte mode over 16-byte pieces; SM100's
  // 32- and 64-byte atom bases (M 5 and 6) are not followed.
  if (M != 4 || S != 3 || B < 0 || B > 3)
    return NotFollowed("swizzle by " + SwizzleName +
                       ", which is not one of the 32-, 64- or 128-byte TMA "
                       "modes the analysis follows");
  TensorMapBox Box;
  Box.ElementBytes = 1;
  Box.SwizzleBytes = B ? 16u << B : 0;
  Box.SwizzleName = "CuTe's " + SwizzleName;
  uint64_t RowBytes = Box.SwizzleBytes ? Box.SwizzleBytes : Bytes;
  if (Bytes % RowBytes)
    return NotFollowed("move " + std::to_string(Bytes) +
                       " bytes per copy, not whole rows of their " +
                       std::to_string(RowBytes) + "-byte swizzle span");
  Box.Box = {uint32_t(RowBytes), uint32_t(Bytes / RowBytes)};
  Box.ElementStrides = {1, 1};
  Box.Where = Param.getLocation();
  Box.ReadersSwizzleByAddress = true;
  return Box;
}

} // namespace smemlint
