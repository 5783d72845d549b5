//===--- ExecutionObserver.h - What the evaluator reports ------*- C++ -*-===//
//
// The evaluator runs a kernel for all threads of a block and tells an observer
// about every memory access and barrier as it executes them, in program order.
// Observers (the bank-conflict analysis, later the barrier analysis) aggregate
// on the fly, so no per-thread trace is ever stored.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_EVALUATION_EXECUTIONOBSERVER_H
#define SMEMLINT_EVALUATION_EXECUTIONOBSERVER_H

#include "Evaluation/ThreadValue.h"

#include "llvm/ADT/ArrayRef.h"

namespace clang {
class Expr;
class Stmt;
} // namespace clang

namespace smemlint {

enum class AccessKind { Load, Store, Atomic };

inline const char *accessKindName(AccessKind Kind) {
  switch (Kind) {
  case AccessKind::Load:
    return "load";
  case AccessKind::Store:
    return "store";
  case AccessKind::Atomic:
    return "atomic";
  }
  return "load";
}

/// One source-level access executed by the threads in Active.
struct MemoryAccessEvent {
  /// The accessed lvalue expression, e.g. the `tile[ty][tx]` subscript.
  const clang::Expr *Site;
  AccessKind Kind;
  unsigned WidthBytes;
  /// A pointer value: per thread, the byte offset into Address.Object.
  const ThreadValue &Address;
  const ThreadMask &Active;
  /// True when the address was computed only by subscripting the declared
  /// array type, so a change of the declared row length is a valid fix.
  bool ThroughDeclaredShape;
  /// The loops (innermost last) the access executes in; one of them may turn
  /// out to have been sampled rather than enumerated.
  llvm::ArrayRef<const clang::Stmt *> EnclosingLoops;
  /// Assumptions the evaluator made to get here (e.g. a data-dependent branch
  /// taken by every thread).
  llvm::ArrayRef<std::string> Assumptions;
};

enum class BarrierScope { Block, Warp };

struct BarrierEvent {
  const clang::Expr *Site;
  BarrierScope Scope;
  const ThreadMask &Active;
};

class ExecutionObserver {
public:
  virtual ~ExecutionObserver() = default;
  virtual void onMemoryAccess(const MemoryAccessEvent &Event) = 0;
  virtual void onBarrier(const BarrierEvent &) {}
  /// The evaluator stopped enumerating \p Loop early; accesses inside it were
  /// seen for part of its iterations only.
  virtual void onLoopSampled(const clang::Stmt *Loop,
                             const std::string &Reason) {}
};

} // namespace smemlint

#endif
