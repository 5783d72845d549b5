//===--- HostLaunches.h - Kernel launches and their configurations -*- C++ -*-//
//
// Finds every way the translation unit launches a kernel: `k<<<g, b, s>>>`
// (from host code or from a kernel), through a function pointer or a table of
// them, cudaLaunchKernel, cudaLaunchCooperativeKernel, cudaLaunchKernelEx
// with a cudaLaunchConfig_t, cudaLaunchKernelExC; and the opt-in to large
// dynamic shared memory, cudaFuncSetAttribute. Each constant configuration a
// launch takes (HostValues.h) is one LaunchSite.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_ANALYSIS_HOSTLAUNCHES_H
#define SMEMLINT_ANALYSIS_HOSTLAUNCHES_H

#include "Evaluation/BlockShape.h"
#include "Evaluation/TensorMap.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"

#include <map>
#include <optional>
#include <set>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class Expr;
class FunctionDecl;
class ParmVarDecl;
} // namespace clang

namespace smemlint {

/// One configuration of one launch of a kernel.
struct LaunchSite {
  /// The launch: a CUDAKernelCallExpr or a call to a launch function.
  const clang::Expr *Call = nullptr;
  std::optional<BlockShape> Block;       ///< Set when it is a constant.
  std::optional<BlockShape> Grid;        ///< Set when it is a constant.
  std::optional<uint64_t> DynamicShared; ///< Set when it is a constant.
  /// Scalar arguments that are constants.
  llvm::DenseMap<const clang::ParmVarDecl *, int64_t> Arguments;
  /// The call of the launching function whose arguments these values come
  /// from, when they come through one.
  const clang::CallExpr *Through = nullptr;
  /// The launch takes more configurations than are analysed.
  bool MoreConfigurations = false;
  /// A cudaLaunchKernelEx's cluster shape, from its
  /// cudaLaunchAttributeClusterDimension attribute, and where its x is set.
  std::optional<BlockShape> ClusterDims;
  clang::SourceLocation ClusterDimsWhere;
  /// CUtensorMap arguments whose cuTensorMapEncodeTiled call was read
  /// (TensorMapEncodes.h).
  llvm::DenseMap<const clang::ParmVarDecl *, TensorMapBox> TensorMaps;
};

/// A cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
/// bytes) call: the kernel opts into more than 48 KB of dynamic shared memory.
struct DynamicSharedOptIn {
  std::optional<uint64_t> Bytes; ///< The largest constant value set.
  clang::SourceLocation Where;
};

struct HostLaunches {
  /// By the kernel's canonical declaration.
  std::map<const clang::FunctionDecl *, std::vector<LaunchSite>> Launches;
  std::map<const clang::FunctionDecl *, DynamicSharedOptIn> OptIns;
  /// Kernels given cudaFuncAttributeNonPortableClusterSizeAllowed (any
  /// value but a constant 0).
  std::set<const clang::FunctionDecl *> NonPortableClusters;
};

/// The launches and opt-ins of the translation unit outside system headers.
HostLaunches findHostLaunches(clang::ASTContext &Ctx);

} // namespace smemlint

#endif
