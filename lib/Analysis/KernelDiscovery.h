//===--- KernelDiscovery.h - Kernels, launches and shared variables -*- C++ -*-//
//
// Finds what the analysis runs on: every __global__ function with a body
// (template instantiations included, system headers excluded), the launch
// sites of each with their constant block shapes, dynamic shared bytes and
// scalar arguments, the block shapes written in annotation comments, and the
// __shared__ variables each kernel uses directly or through device functions.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_ANALYSIS_KERNELDISCOVERY_H
#define SMEMLINT_ANALYSIS_KERNELDISCOVERY_H

#include "Evaluation/BlockShape.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class FunctionDecl;
class ParmVarDecl;
class VarDecl;
} // namespace clang

namespace smemlint {

/// One `kernel<<<grid, block, bytes>>>(args)` in the translation unit.
struct LaunchSite {
  const clang::CUDAKernelCallExpr *Call = nullptr;
  std::optional<BlockShape> Block;       ///< Set when it is a constant.
  std::optional<BlockShape> Grid;        ///< Set when it is a constant.
  std::optional<uint64_t> DynamicShared; ///< Set when it is a constant.
  /// Scalar arguments that are constants.
  llvm::DenseMap<const clang::ParmVarDecl *, int64_t> Arguments;
};

/// A block shape written in a `// smem-lint: block_dim(x, y, z)` comment.
struct AnnotatedShape {
  BlockShape Block;
  clang::SourceLocation Where;
};

struct KernelInfo {
  const clang::FunctionDecl *Kernel = nullptr;
  std::string Name; ///< With template arguments: "transpose<32>".
  std::vector<LaunchSite> Launches;
  std::vector<AnnotatedShape> Annotations;
  /// Malformed annotations, with what is wrong.
  std::vector<std::string> AnnotationErrors;
  /// __launch_bounds__ maximum threads per block, if given.
  std::optional<unsigned> MaxThreads;
  /// A cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
  /// bytes) call in the translation unit: the opt-in above 48 KB.
  bool OptsIntoLargeDynamicShared = false;
  std::optional<uint64_t> OptInDynamicBytes; ///< When the value is constant.
  clang::SourceLocation OptInWhere;
  /// __shared__ variables used by the kernel or the functions it calls, in
  /// declaration order.
  std::vector<const clang::VarDecl *> SharedVariables;
  /// The kernel reads threadIdx.y / threadIdx.z (for the default shape).
  bool UsesThreadY = false, UsesThreadZ = false;
};

/// All kernels of the translation unit outside system headers, in source
/// order.
std::vector<KernelInfo> discoverKernels(clang::ASTContext &Ctx);

/// Parses the arguments of `block_dim(...)`: "32, 8" -> 32x8x1.
std::optional<BlockShape> parseBlockDimArguments(llvm::StringRef Text,
                                                 std::string &Error);

} // namespace smemlint

#endif
