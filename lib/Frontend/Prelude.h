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

/// The compatibility layer's file name, in both virtual directories: what
/// nvcc 13 accepts and Clang 19 lacks (cache-hinted loads and stores, host
/// min/max, nvcc's version macros), force-included after the CUDA headers.
llvm::StringRef compatibilityFileName();

/// The virtual directory with stand-ins for headers Clang 19's CUDA wrappers
/// include (the real one where CUDA 13 still has it), the compatibility
/// layer and an omp.h.
llvm::StringRef cuda13ShimDirectory();
std::vector<std::pair<llvm::StringRef, llvm::StringRef>> cuda13ShimFiles();

} // namespace smemlint

#endif
