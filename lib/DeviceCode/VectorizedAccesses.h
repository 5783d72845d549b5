//===--- VectorizedAccesses.h - Accesses nvcc merges -*- C++ -*-===//
//
// nvcc merges shared loads and stores of adjacent bytes in one basic block
// into one 8- or 16-byte instruction (LDS.64, STS.128), statements of the
// source included: `block[2 * t] = a; block[2 * t + 1] = b;` is one STS.64.
// Which ones is the decision of LLVM's LoadStoreVectorizer, which NVPTX (and
// NVVM) runs, once shared arrays are taken to start at 16-byte boundaries as
// ptxas places them (docs/measurements/h200-vectorization.md). The evaluated
// code keeps each statement apart so that each keeps its source location;
// this file runs the vectorizer on a copy of each function and says which of
// the evaluated instructions it puts together.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_DEVICECODE_VECTORIZEDACCESSES_H
#define SMEMLINT_DEVICECODE_VECTORIZEDACCESSES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

namespace llvm {
class Function;
class Instruction;
class Module;
class TargetMachine;
} // namespace llvm

namespace smemlint {

/// A shared load or store that the compiled code performs together with
/// other loads or stores of its basic block as one wider instruction.
struct VectorizedAccess {
  /// Names the instruction; its members share it. From 1.
  unsigned Instruction = 0;
  /// The evaluated loads or stores it is made of.
  unsigned Members = 0;
  /// Its width: 8 or 16 bytes.
  unsigned Bytes = 0;
  /// The instruction keeps this member's source line in nvcc's line table:
  /// the first of the loads, the last of the stores.
  bool CarriesLine = false;
};

using VectorizedAccesses =
    llvm::DenseMap<const llvm::Instruction *, VectorizedAccess>;

/// The loads and stores of \p Code (optimized; its loops unrolled or not)
/// that nvcc merges with others. \p Declared has the shared arrays as Clang
/// declared them (\p Code itself, or the module it was copied from): where
/// the PTX declares an array at less than the instruction's width, ptxas
/// merges, by a stricter rule than the vectorizer's. \p Kernels are the
/// kernel functions, whose pointer parameters are global. \p Machine may be
/// null (LLVM without NVPTX): the vectorizer then runs with generic costs.
/// \p Code is left as it was.
VectorizedAccesses
findVectorizedAccesses(llvm::Module &Code, const llvm::Module &Declared,
                       llvm::TargetMachine *Machine,
                       llvm::ArrayRef<const llvm::Function *> Kernels);

} // namespace smemlint

#endif
