//===--- HazardWording.h - How barrier findings describe a race -*- C++ -*-===//
//
// The sentences and notes the barrier checks share, so that a race reads the
// same whichever check reports it.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_HAZARDWORDING_H
#define SMEMLINT_CHECKS_HAZARDWORDING_H

#include "Analysis/KernelAnalysis.h"
#include "Checks/Check.h"
#include "Fixes/BarrierInsertion.h"
#include "Report/Report.h"

#include "clang/AST/Stmt.h"

#include "llvm/ADT/StringRef.h"

namespace smemlint {

/// "reads", "writes", "atomically updates".
const char *accessVerb(AccessKind Kind);
/// "read", "write", "atomic update".
const char *accessNoun(AccessKind Kind);

/// "thread 3 reads tile[0][3]" for one side of a hazard.
std::string describeAccess(const KernelAnalysis &Analysis,
                           const SharedHazard &Hazard,
                           const HazardAccess &Access);

/// "thread 3" or "thread (3,1,0)".
std::string threadOf(const KernelAnalysis &Analysis,
                     const HazardAccess &Access);

/// The shared word both sides touch: "tile[0][3]".
std::string wordOf(const KernelAnalysis &Analysis, const SharedHazard &Hazard);

/// For a hazard across iterations: ", in iteration 0 of the loop at line
/// 12", the earlier access's iteration; "" otherwise.
std::string earlierIteration(const KernelAnalysis &Analysis,
                             const SharedHazard &Hazard);
/// A note at the earlier access: "thread 3 writes tile[0][3] here".
DiagnosticNote noteAtEarlier(const KernelAnalysis &Analysis,
                             const SharedHazard &Hazard);

/// "(block 32x8, sm_90)", and what was only sampled, for the message end.
std::string assumptionsOf(const KernelAnalysis &Analysis,
                          const SharedHazard &Hazard);

/// For a hazard only values tried in place of an unknown one show, what
/// follows the finding's headline: "with n = 1 (of the values tried, 1 to
/// 32 show it; 'n' is not known), "; "" for the others.
std::string triedValuesClause(const KernelAnalysis &Analysis,
                              const SharedHazard &Hazard);

/// Records on \p D what a finding about \p Hazard rests on of the values
/// tried: for a hazard only tried values show, the value of its example (an
/// assumption, which makes the finding a note); for one every value tried
/// shows, that the values the analysis chose do not make it a note.
void weighTriedValues(const KernelAnalysis &Analysis,
                      const SharedHazard &Hazard, Diagnostic &D);

/// A diagnostic at the later access with \p Message, the note at the earlier
/// one, and a note inserting \p Barrier between them where every thread it
/// must order arrives, or saying why there is no such place; weighed with
/// weighTriedValues.
Diagnostic hazardDiagnostic(const CheckContext &Context,
                            const SharedHazard &Hazard, llvm::StringRef Check,
                            std::string Message, llvm::StringRef Barrier,
                            std::string FixMessage);

/// Where the threads split in the evaluation, and for a hazard only tried
/// values show also in the runs that tried them, for placing a barrier of
/// the block (or, with \p WarpScope, of a warp) against \p Hazard.
BranchDivergence divergenceOf(const KernelAnalysis &Analysis,
                              const SharedHazard &Hazard, bool WarpScope);

/// The 1-based line of a statement.
unsigned lineOf(const KernelAnalysis &Analysis, const clang::Stmt *S);

/// The line of one side of a hazard, for "at line ...": "12"; for an access
/// in another file the kernel reaches through its call at line 40,
/// "40 (in copy.hpp:59)": the user's line first.
std::string accessLine(const KernelAnalysis &Analysis,
                       const HazardAccess &Access);

/// Where a barrier can order \p Access of \p Hazard: when the two sides
/// are in another file and reached through different calls of the kernel,
/// the call (a barrier goes between the user's two calls of CuTe's copy,
/// not into its loop); else the access itself.
const clang::Expr *orderingPoint(const KernelAnalysis &Analysis,
                                 const SharedHazard &Hazard,
                                 const HazardAccess &Access);

} // namespace smemlint

#endif
