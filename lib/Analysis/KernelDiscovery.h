//===--- KernelDiscovery.h - Kernels, launches and shared variables -*- C++
//-*-//
//
// Finds what the analysis runs on: every __global__ function with a body
// (template instantiations included, system headers excluded), the launch
// configurations of each (HostLaunches.h), the block shapes written in
// annotation comments, and the
// __shared__ variables each kernel uses directly or through device functions.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_ANALYSIS_KERNELDISCOVERY_H
#define SMEMLINT_ANALYSIS_KERNELDISCOVERY_H

#include "Analysis/HostLaunches.h"
#include "Evaluation/BlockShape.h"
#include "Evaluation/KernelEvaluator.h"
#include "Report/Report.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class ParmVarDecl;
class VarDecl;
} // namespace clang

namespace smemlint {

/// A block shape written in a `// smem-lint: block_dim(x, y, z)` comment.
struct AnnotatedShape {
  BlockShape Block;
  clang::SourceLocation Where;
};

/// A `// smem-lint: assume(n == 64)` comment above a kernel: the value its
/// scalar parameter \p Name always has.
struct AnnotatedValue {
  std::string Name;
  int64_t Value = 0;
  clang::SourceLocation Where;
};

/// A __shared__ variable as discovery found it, its layout and size
/// computed once, here: every later stage (the report, occupancy, bounds,
/// paddings, capacity) reads these instead of the declaration.
struct SharedVariable {
  const clang::VarDecl *Decl = nullptr;
  /// The declared dimensions and element size (declaredLayout).
  SharedArrayLayout Layout;
  /// extern __shared__ or of incomplete type: sized by the launch.
  bool Dynamic = false;
  /// Its size as Clang lays it out when static; 0 when dynamic.
  uint64_t StaticBytes = 0;
  uint64_t Alignment = 1;
  /// The code names it somewhere besides its declaration.
  bool Referenced = false;

  /// Bytes its accesses may reach: the static size, or for dynamic memory
  /// the launch's \p DynamicBytes when known.
  std::optional<uint64_t>
  reachableBytes(std::optional<uint64_t> DynamicBytes) const {
    return Dynamic ? DynamicBytes : std::optional<uint64_t>(StaticBytes);
  }
};

/// \p Var's layout, size and whether it is dynamic.
SharedVariable describeSharedVariable(const clang::ASTContext &Ctx,
                                      const clang::VarDecl *Var);

struct KernelInfo {
  const clang::FunctionDecl *Kernel = nullptr;
  std::string Name; ///< With template arguments: "transpose<32>".
  std::vector<LaunchSite> Launches;
  std::vector<AnnotatedShape> Annotations;
  /// `// smem-lint: grid_dim(2, 1)` and `assume(n == 64)` comments.
  std::optional<AnnotatedShape> AnnotatedGrid;
  std::vector<AnnotatedValue> AssumedValues;
  /// Malformed annotations, with what is wrong.
  std::vector<std::string> AnnotationErrors;
  /// __launch_bounds__ maximum threads per block, if given.
  std::optional<unsigned> MaxThreads;
  /// `__cluster_dims__(x, y, z)` before the kernel's name (Clang 19 keeps
  /// no attribute for it: read from the source text), where, and why its
  /// arguments could not be read when they could not.
  std::optional<BlockShape> ClusterDims;
  clang::SourceLocation ClusterDimsWhere;
  std::string ClusterDimsError;
  /// ClusterDims is not the kernel's __cluster_dims__ but the first
  /// cudaLaunchKernelEx launch's cluster attribute (LaunchSite::ClusterDims),
  /// at whose x ClusterDimsWhere points.
  bool ClusterDimsFromLaunch = false;
  /// A cudaFuncSetAttribute(kernel,
  /// cudaFuncAttributeNonPortableClusterSizeAllowed, nonzero) call: clusters
  /// above the portable size may launch.
  bool AllowsNonPortableClusters = false;
  /// A cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
  /// bytes) call in the translation unit: the opt-in above 48 KB.
  bool OptsIntoLargeDynamicShared = false;
  std::optional<uint64_t> OptInDynamicBytes; ///< When the value is constant.
  clang::SourceLocation OptInWhere;
  /// __shared__ variables used by the kernel or the functions it calls, in
  /// the order the kernel's code first names them.
  std::vector<SharedVariable> SharedVariables;
  /// The kernel reads threadIdx.y / threadIdx.z (for the default shape).
  bool UsesThreadY = false, UsesThreadZ = false;
  /// Launches of the kernel in other files of the run, and where another
  /// file opts it into large dynamic shared memory (OptsIntoLargeDynamicShared
  /// and OptInDynamicBytes then say so, OptInWhere is invalid).
  std::vector<ExternalLaunch> LaunchesElsewhere;
  std::optional<SourcePoint> OptInElsewhere;

  /// The discovered \p Var, or null if the kernel does not use it.
  const SharedVariable *sharedVariable(const clang::VarDecl *Var) const;
};

/// All kernels of the translation unit outside system headers, in source
/// order. \p Host, if given, receives every launch and opt-in the host code
/// makes, those of kernels the file only declares included.
std::vector<KernelInfo> discoverKernels(clang::ASTContext &Ctx,
                                        HostLaunches *Host = nullptr);

/// Parses the arguments of `block_dim(...)`: "32, 8" -> 32x8x1.
std::optional<BlockShape> parseBlockDimArguments(llvm::StringRef Text,
                                                 std::string &Error);

/// Parses a grid shape's "x, y, z" (one to three positive integers, x below
/// 2^31, y and z at most 65535); on failure sets \p Error.
std::optional<BlockShape> parseGridDimArguments(llvm::StringRef Text,
                                                std::string &Error);

} // namespace smemlint

#endif
