//===--- KernelAnalysis.h - One kernel under one block shape ---*- C++ -*-===//
//
// What the checks look at: a kernel, the block shape it is analysed with and
// where that shape came from, the architecture, and the profile of its shared
// accesses. A check that proposes a fix re-runs the evaluation through
// reanalyse() with a changed layout to prove the fix before offering it.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_ANALYSIS_KERNELANALYSIS_H
#define SMEMLINT_ANALYSIS_KERNELANALYSIS_H

#include "Analysis/BarrierProfile.h"
#include "Analysis/KernelDiscovery.h"
#include "Analysis/SharedAccessProfile.h"
#include "Hardware/ArchTable.h"
#include "Report/Report.h"

#include "clang/Basic/SourceLocation.h"

namespace clang {
class ASTContext;
}

namespace smemlint {

/// How the block shape of an analysis was chosen.
enum class ShapeSource { Launch, Annotation, Option, Default };

inline const char *shapeSourceName(ShapeSource Source) {
  switch (Source) {
  case ShapeSource::Launch:
    return "launch";
  case ShapeSource::Annotation:
    return "annotation";
  case ShapeSource::Option:
    return "option";
  case ShapeSource::Default:
    return "default";
  }
  return "default";
}

struct ChosenShape {
  BlockShape Block;
  ShapeSource Source = ShapeSource::Default;
  clang::SourceLocation Where; ///< The launch or annotation.
  /// Launch arguments known for every launch with this shape.
  llvm::DenseMap<const clang::ParmVarDecl *, int64_t> KnownParameters;
};

class KernelAnalysis {
public:
  KernelAnalysis(clang::ASTContext &Ctx, const KernelInfo &Kernel,
                 ChosenShape Shape, unsigned ShapeIndex, const ArchInfo &Arch,
                 EvaluationOptions Options);

  clang::ASTContext &context() const { return Ctx; }
  const KernelInfo &kernel() const { return Kernel; }
  const ChosenShape &shape() const { return Shape; }
  unsigned shapeIndex() const { return ShapeIndex; }
  const ArchInfo &arch() const { return Arch; }
  const SharedAccessProfile &profile() const { return Profile; }
  /// Hazards and divergent barriers, from the same evaluation.
  const BarrierProfile &barriers() const { return Barriers; }
  const SymbolTable &symbols() const { return Symbols; }
  const EvaluationOptions &options() const { return Options; }
  /// Effects of uniform symbols, per index into profile().Accesses.
  const std::map<unsigned, std::vector<SymbolEffect>> &symbolEffects() const {
    return SymbolEffects;
  }

  /// Evaluates the kernel again with some shared arrays laid out differently.
  SharedAccessProfile reanalyse(
      const llvm::DenseMap<const clang::VarDecl *, SharedArrayLayout> &Layouts)
      const;

private:
  clang::ASTContext &Ctx;
  const KernelInfo &Kernel;
  ChosenShape Shape;
  unsigned ShapeIndex;
  const ArchInfo &Arch;
  EvaluationOptions Options;
  mutable SymbolTable Symbols;
  SharedAccessProfile Profile;
  BarrierProfile Barriers;
  std::map<unsigned, std::vector<SymbolEffect>> SymbolEffects;
};

} // namespace smemlint

#endif
