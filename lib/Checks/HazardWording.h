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

/// "thread 3 reads tile[0][3]" for one side of a hazard.
std::string describeAccess(const KernelAnalysis &Analysis,
                           const SharedHazard &Hazard,
                           const HazardAccess &Access);

/// "thread 3" or "thread (3,1,0)".
std::string threadOf(const KernelAnalysis &Analysis,
                     const HazardAccess &Access);

/// The shared word both sides touch: "tile[0][3]".
std::string wordOf(const KernelAnalysis &Analysis, const SharedHazard &Hazard);

/// A note at the earlier access: "thread 3 writes tile[0][3] here".
DiagnosticNote noteAtEarlier(const KernelAnalysis &Analysis,
                             const SharedHazard &Hazard);

/// "(block 32x8, sm_90)", and what was only sampled, for the message end.
std::string assumptionsOf(const KernelAnalysis &Analysis,
                          const SharedHazard &Hazard);

/// A diagnostic at the later access with \p Message, the note at the earlier
/// one, and a note inserting \p Barrier between them where every thread it
/// must order arrives, or saying why there is no such place.
Diagnostic hazardDiagnostic(const CheckContext &Context,
                            const SharedHazard &Hazard, llvm::StringRef Check,
                            std::string Message, llvm::StringRef Barrier,
                            std::string FixMessage);

/// Where the evaluation's threads split, for placing a barrier of the
/// block (or, with \p WarpScope, of a warp).
BranchDivergence divergenceOf(const KernelAnalysis &Analysis, bool WarpScope);

/// The 1-based line of a statement.
unsigned lineOf(const KernelAnalysis &Analysis, const clang::Stmt *S);

} // namespace smemlint

#endif
