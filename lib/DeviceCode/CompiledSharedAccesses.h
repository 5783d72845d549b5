//===--- CompiledSharedAccesses.h - Shared accesses in the device IR -*- C++
//-*-//
//
// Every instruction of a kernel's device code (its own and that of the
// functions it calls) that touches shared memory, found by address space and
// by provenance: the pointer is, or derives through casts, GEPs, phis and
// integer round trips from, an `addrspace(3)` global. Each comes with the
// source locations it was inlined through, innermost first. What C++ the
// access was written in does not matter here, which is what lets the analysis
// say where its source-level evaluation saw nothing.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_DEVICECODE_COMPILEDSHAREDACCESSES_H
#define SMEMLINT_DEVICECODE_COMPILEDSHAREDACCESSES_H

#include "DeviceCode/DebugLocations.h"

#include <string>
#include <vector>

namespace clang {
class FunctionDecl;
class SourceManager;
class VarDecl;
} // namespace clang

namespace smemlint {

class DeviceModule;

/// One instruction that touches shared memory: a load, store or atomic, a
/// memory intrinsic, inline PTX given a shared address.
struct CompiledSharedAccess {
  /// The __shared__ variable the address derives from; null when the
  /// address is shared (addrspace(3)) but its variable is not known, or
  /// when it may be one of several.
  const clang::VarDecl *Variable = nullptr;
  /// Every __shared__ variable the address may derive from: several where
  /// the compiler made one access of the accesses of several (a load of a
  /// phi of the arrays the branches of an `if` read).
  std::vector<const clang::VarDecl *> Variables;
  /// The access's own location first, then each call site it was inlined
  /// into, the kernel's (or a non-inlined callee's) last. Empty without debug
  /// locations.
  std::vector<CompiledFrame> Frames;
  /// A call (inline PTX, an intrinsic) rather than a load, store or atomic.
  bool ThroughCall = false;
};

/// The shared accesses of \p Kernel's device code, in the order of the
/// instructions (functions the kernel calls without inlining them after the
/// kernel). Empty when the kernel was not emitted.
std::vector<CompiledSharedAccess>
compiledSharedAccesses(const DeviceModule &Module,
                       const clang::FunctionDecl *Kernel,
                       const clang::SourceManager &SM);

} // namespace smemlint

#endif
