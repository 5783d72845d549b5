//===--- IrKernelEvaluator.h - Run a kernel's device IR for a block -*- C++
//-*-//
//
// A SIMT interpreter over the optimized device IR (DeviceModule.h). It
// executes a kernel's LLVM function for all threads of one block at once:
// each instruction gives a ThreadValue, branches split the active mask and
// the paths reconverge at the branch's immediate post-dominator, as the
// hardware's do. Accesses and barriers are reported to the same
// ExecutionObserver as the AST evaluator's, at the source expressions they
// were compiled from (IrSourceSites.h), so every analysis above reads them
// unchanged.
//
// The implementation is split by job:
//   IrControlFlow.cpp  paths, masks, reconvergence, loops, calls
//   IrArithmetic.cpp   constants, integer and floating-point operations
//   IrMemory.cpp       pointers, GEPs, loads, stores, atomics, layouts
//   IrIntrinsics.cpp   thread indices, barriers, shuffles, votes, inline PTX
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_EVALUATION_IRKERNELEVALUATOR_H
#define SMEMLINT_EVALUATION_IRKERNELEVALUATOR_H

#include "Evaluation/KernelEvaluator.h"

#include "llvm/ADT/DenseMap.h"

namespace clang {
class ASTContext;
class Expr;
class FunctionDecl;
} // namespace clang

namespace smemlint {

class DeviceModule;

/// Whether \p Module holds device code for \p Kernel to evaluate.
bool hasDeviceCode(const DeviceModule &Module,
                   const clang::FunctionDecl *Kernel);

/// Evaluates \p Kernel's device code for every thread of Options.Block.
EvaluationSummary evaluateKernelIr(clang::ASTContext &Ctx,
                                   const DeviceModule &Module,
                                   const clang::FunctionDecl *Kernel,
                                   const EvaluationOptions &Options,
                                   SymbolTable &Symbols,
                                   ExecutionObserver &Observer);

/// The source accesses of \p Kernel that the code nvcc makes performs with
/// wider shared-memory instructions than any one execution of them in the
/// source, with the instruction's bytes: the accesses of consecutive
/// iterations of an unrolled loop merged into one 8- or 16-byte load or
/// store (DeviceModule::compiledKernelFunction). Keyed by the site the
/// evaluators report the access at.
llvm::DenseMap<const clang::Expr *, unsigned>
compiledAccessWidths(clang::ASTContext &Ctx, const DeviceModule &Module,
                     const clang::FunctionDecl *Kernel);

} // namespace smemlint

#endif
