//===--- BarrierInsertion.h - Where a missing barrier goes ------*- C++ -*-===//
//
// Places a barrier call between two accesses that race: before the statement
// that holds the later access, in the innermost block that also holds the
// earlier one (so that for a loop that refills a buffer it lands at the top of
// the loop body, before the refill).
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_FIXES_BARRIERINSERTION_H
#define SMEMLINT_FIXES_BARRIERINSERTION_H

#include "Report/Report.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace clang {
class ASTContext;
class Expr;
class Stmt;
} // namespace clang

namespace smemlint {

/// A fix-it inserting `Call;` on its own line before the statement holding
/// \p Later, or nullopt if the two accesses share no block to put it in (for
/// example, one is inside a device function the other is not).
std::optional<FixIt> insertBarrierBetween(clang::ASTContext &Ctx,
                                          const clang::Expr *Earlier,
                                          const clang::Expr *Later,
                                          llvm::StringRef Call);

/// A fix-it inserting `Call;` as the last statement of \p Loop's body (the
/// "second barrier"), or nullopt if the body is not a `{ ... }` block.
std::optional<FixIt> insertBarrierAtLoopEnd(clang::ASTContext &Ctx,
                                            const clang::Stmt *Loop,
                                            llvm::StringRef Call);

} // namespace smemlint

#endif
