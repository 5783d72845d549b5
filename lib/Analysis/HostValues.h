//===--- HostValues.h - Constants host code computes, across calls -*- C++ -*-//
//
// Follows the values a launch is configured with back through the code that
// computes them, on the AST the device-side parse already holds: locals and
// the assignments that reach the launch, constant tables, dim3 and struct
// fields (a cudaLaunchConfig_t), function pointers, small helper functions
// (`return (n + b - 1) / b;`), the parameters of the enclosing function at
// each of its call sites in the translation unit, and the iterations of loops
// over constant ranges. Several values give several configurations, each
// analysed; what cannot be followed is unknown, never guessed.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_ANALYSIS_HOSTVALUES_H
#define SMEMLINT_ANALYSIS_HOSTVALUES_H

#include "Evaluation/BlockShape.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class Expr;
class FieldDecl;
class FunctionDecl;
class Stmt;
class VarDecl;
} // namespace clang

namespace smemlint {

/// Visits the bodies of the functions outside system headers (template
/// instantiations included, uninstantiated templates not), with the
/// function whose body is being visited in Current.
template <typename Derived>
class UserFunctionVisitor : public clang::RecursiveASTVisitor<Derived> {
  using Base = clang::RecursiveASTVisitor<Derived>;

public:
  explicit UserFunctionVisitor(const clang::SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(clang::Decl *D) {
    auto *F = llvm::dyn_cast_or_null<clang::FunctionDecl>(D);
    if (!F || !F->doesThisDeclarationHaveABody())
      return Base::TraverseDecl(D);
    if (F->isDependentContext() || F->isInvalidDecl() ||
        SM.isInSystemHeader(SM.getExpansionLoc(F->getLocation())))
      return true;
    const clang::FunctionDecl *Outer = Current;
    Current = F;
    bool Continue = Base::TraverseDecl(D);
    Current = Outer;
    return Continue;
  }

protected:
  const clang::SourceManager &SM;
  const clang::FunctionDecl *Current = nullptr;
};

/// A value of host code, as far as it was followed.
struct HostValue {
  enum class Kind { Unknown, Integer, Dim3, Function };
  Kind ValueKind = Kind::Unknown;
  int64_t Integer = 0;
  BlockShape Dim3;
  const clang::FunctionDecl *Function = nullptr;

  static HostValue integer(int64_t V) {
    HostValue Value;
    Value.ValueKind = Kind::Integer;
    Value.Integer = V;
    return Value;
  }
  static HostValue dim3(BlockShape Shape) {
    HostValue Value;
    Value.ValueKind = Kind::Dim3;
    Value.Dim3 = Shape;
    return Value;
  }
  static HostValue function(const clang::FunctionDecl *F) {
    HostValue Value;
    Value.ValueKind = Kind::Function;
    Value.Function = F;
    return Value;
  }
  bool known() const { return ValueKind != Kind::Unknown; }
  bool operator==(const HostValue &O) const;
  bool operator!=(const HostValue &O) const { return !(*this == O); }
};

/// What to evaluate: an expression where it stands, or a field of a local
/// read at a statement (`config.blockDim` of the cudaLaunchConfig_t whose
/// address a cudaLaunchKernelEx call takes).
struct HostQuery {
  const clang::Expr *E = nullptr;
  const clang::VarDecl *Var = nullptr;
  const clang::FieldDecl *Field = nullptr;
  const clang::Stmt *At = nullptr;

  static HostQuery of(const clang::Expr *E) {
    HostQuery Query;
    Query.E = E;
    return Query;
  }
  static HostQuery field(const clang::VarDecl *Var,
                         const clang::FieldDecl *Field, const clang::Stmt *At) {
    HostQuery Query;
    Query.Var = Var;
    Query.Field = Field;
    Query.At = At;
    return Query;
  }
};

/// One way the queried values occur together.
struct HostConfiguration {
  std::vector<HostValue> Values; ///< One per query, in order.
  /// The call that gave the enclosing function's parameters their values,
  /// when any was used.
  const clang::CallExpr *Through = nullptr;
};

struct HostEvaluations {
  /// Distinct configurations, at most MaxConfigurations.
  std::vector<HostConfiguration> Configurations;
  /// More configurations existed than were kept.
  bool Truncated = false;
};

class HostEvaluator {
public:
  /// The configurations one launch is analysed with at most.
  static constexpr unsigned MaxConfigurations = 16;

  explicit HostEvaluator(clang::ASTContext &Ctx);
  ~HostEvaluator();
  HostEvaluator(const HostEvaluator &) = delete;
  HostEvaluator &operator=(const HostEvaluator &) = delete;

  /// Every combination of values \p Queries take together in \p Function:
  /// across the calls of Function in the translation unit (for its
  /// parameters) and the iterations of the constant loops around them.
  /// With \p Reached (the launch the queries configure), only those in
  /// which the `if`s and `case`s around it, and the `if (...) return;`s
  /// before it, let control reach it.
  HostEvaluations evaluateTogether(llvm::ArrayRef<HostQuery> Queries,
                                   const clang::FunctionDecl *Function,
                                   const clang::Stmt *Reached = nullptr);

private:
  class Implementation;
  std::unique_ptr<Implementation> Impl;
};

} // namespace smemlint

#endif
