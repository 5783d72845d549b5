//===--- MemoryUsage.h - What the process holds, read cheaply --*- C++ -*-===//
//
// The per-kernel memory budget (--max-kernel-memory) compares what the
// process holds now with what it held when the kernel's analysis began. It
// is read at every kernel's start and now and then during an evaluation, so
// it must be cheap: glibc's heap statistic (mallinfo2, behind
// llvm::sys::Process::GetMallocUsage) walks every free chunk, which after the
// parse of a file with 294 kernel instantiations took a sixth of the run.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_EVALUATION_MEMORYUSAGE_H
#define SMEMLINT_EVALUATION_MEMORYUSAGE_H

#include <cstdint>

namespace smemlint {

/// The process's resident bytes (Linux: /proc/self/statm); the heap's bytes
/// in use where that cannot be read.
uint64_t processMemoryBytes();

} // namespace smemlint

#endif
