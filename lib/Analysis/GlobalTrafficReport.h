//===--- GlobalTrafficReport.h - Global accesses for the report -*- C++ -*-===//
//
// Describes the global-memory profile of one kernel analysis in the plain
// report structures (global_accesses[] and global_totals[] of the JSON), and
// words the assumptions behind its numbers the same way for the report and
// the gmem-uncoalesced findings.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_ANALYSIS_GLOBALTRAFFICREPORT_H
#define SMEMLINT_ANALYSIS_GLOBALTRAFFICREPORT_H

#include "Analysis/KernelAnalysis.h"
#include "Report/Report.h"

#include <string>

namespace smemlint {

/// Why \p Access's numbers are not exact ("" when they are), and its status
/// ("exact", "sampled", "assumed" or "unknown").
struct GlobalAccessStatus {
  std::string Status = "exact";
  std::string Reason;
};
GlobalAccessStatus globalAccessStatus(const KernelAnalysis &Analysis,
                                      const GlobalAccessStats &Access);

/// What the analysis assumed about one unknown scalar parameter an access's
/// address depends on.
struct PitchAssumption {
  unsigned Symbol = 0;
  /// Its unaligned value gave other sectors than its default.
  bool ChangesSectors = false;
  /// "'height' is not known: taken as large (height = 1024); height = 1025,
  /// unaligned, takes the same sectors".
  std::string Text;
};
std::vector<PitchAssumption> pitchAssumptions(const KernelAnalysis &Analysis,
                                              const GlobalAccessStats &Access);

/// The staged copies whose direct version is evident: every staged element
/// reached the store, and the direct store costs more sectors.
std::vector<const StagedCopy *>
evidentStagedCopies(const KernelAnalysis &Analysis);

/// Appends \p Analysis's global accesses and totals to \p Report.
void describeGlobalAccesses(const KernelAnalysis &Analysis,
                            KernelReport &Report);

} // namespace smemlint

#endif
