//===--- Prelude.h - Declarations for parsing without a CUDA toolkit -*- C++ -*-//
//
// With no CUDA toolkit on the machine, smem-lint still parses kernels: it
// pre-includes a small prelude that declares what CUDA code uses (qualifiers,
// vector types, dim3, barriers, atomics, shuffles, common math) and serves
// stub versions of the usual CUDA headers that include it.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_FRONTEND_PRELUDE_H
#define SMEMLINT_FRONTEND_PRELUDE_H

#include "llvm/ADT/StringRef.h"

#include <utility>
#include <vector>

namespace smemlint {

/// The virtual directory that holds the prelude and the stub headers.
llvm::StringRef preludeDirectory();
/// The prelude's file name inside preludeDirectory().
llvm::StringRef preludeFileName();

/// (file name, contents) of every virtual file in preludeDirectory().
std::vector<std::pair<llvm::StringRef, llvm::StringRef>> preludeFiles();

/// The virtual directory with empty stand-ins for headers CUDA 13 removed
/// but Clang 19's CUDA wrappers still include.
llvm::StringRef cuda13ShimDirectory();
std::vector<std::pair<llvm::StringRef, llvm::StringRef>> cuda13ShimFiles();

} // namespace smemlint

#endif
