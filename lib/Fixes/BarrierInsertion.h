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

#include "Analysis/BarrierProfile.h"
#include "Analysis/KernelAnalysis.h"
#include "Report/Report.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>

namespace clang {
class ASTContext;
class Expr;
class Stmt;
} // namespace clang

namespace smemlint {

/// The branches whose threads did not all go one way in the evaluation (by
/// the location of their condition), and whether each split a warp or
/// depended on data: a barrier goes only where every thread it must order
/// arrives.
struct BranchDivergence {
  std::map<clang::SourceLocation, NonUniformBranch> Branches;
  /// A warp barrier (__syncwarp()) needs only the lanes of each warp to
  /// agree; a block barrier every thread of the block.
  bool WarpScope = false;
};

/// Where a barrier between two racing accesses goes, or why none can.
struct BarrierPlacement {
  std::optional<FixIt> Fix;
  /// Without a fix: why not, as a clause ("a barrier between them would be
  /// inside the branch at line 3, which only some threads of the block
  /// take"); empty when the accesses share no block at all.
  std::string WhyNot;
  /// With a fix: the statement the barrier goes before.
  const clang::Stmt *Before = nullptr;
};

/// Inserts `Call;` on its own line before the statement holding \p Later,
/// in the innermost block that also holds \p Earlier, unless the threads
/// may not all reach that place (a branch or loop around it that split them
/// in the evaluation): then before the outermost such statement, when
/// \p Earlier is outside it, else nowhere. No fix either if the two
/// accesses share no block (one is inside a device function the other is
/// not).
BarrierPlacement placeBarrierBetween(clang::ASTContext &Ctx,
                                     const clang::Expr *Earlier,
                                     const clang::Expr *Later,
                                     llvm::StringRef Call,
                                     const BranchDivergence &Divergence);

/// The expression of \p Function's body that begins or is named at
/// \p Where (the call a library's access is reached through), the
/// outermost one; null when none.
const clang::Expr *expressionAt(const clang::SourceManager &SM,
                                const clang::FunctionDecl &Function,
                                clang::SourceLocation Where);

/// Proves the barrier \p Place inserts (\p Warp: a __syncwarp()) against
/// \p Hazard, the way a padding is proven: the kernel is evaluated again
/// with the barrier before Place.Before. Empty when the hazard is gone and
/// every thread the barrier must order reaches it; else why the fix-it is
/// not offered, as a clause ("re-analysed with it, the race remains").
std::string disproveBarrierFix(const KernelAnalysis &Analysis,
                               const SharedHazard &Hazard,
                               const BarrierPlacement &Place, bool Warp);

/// A fix-it inserting `Call;` as the last statement of \p Loop's body (the
/// "second barrier"), or nullopt if the body is not a `{ ... }` block.
std::optional<FixIt> insertBarrierAtLoopEnd(clang::ASTContext &Ctx,
                                            const clang::Stmt *Loop,
                                            llvm::StringRef Call);

/// The last statement of \p Loop's body (the body itself when it is not a
/// block), where a second barrier goes.
const clang::Stmt *loopBodyEnd(const clang::Stmt *Loop);

/// Why a barrier at \p Where (a statement) would not be reached by every
/// thread it must order: the innermost-outermost branch or loop around it
/// whose threads split, as a clause; empty when all reach it.
std::string barrierNotReachedBecause(clang::ASTContext &Ctx,
                                     const clang::Stmt *Where,
                                     const BranchDivergence &Divergence);

} // namespace smemlint

#endif
