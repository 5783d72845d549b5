//===--- FindingPolicy.h - From what the checks found to what is reported -*- C++ -*-//
//
// Applies the user's choices to a file's findings: which checks are on,
// --min-ways, severities set in the configuration, NOLINT comments, and
// --warnings-as-errors. The checks themselves always run and report
// everything; this layer decides what the user sees.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_WORKFLOW_FINDINGPOLICY_H
#define SMEMLINT_WORKFLOW_FINDINGPOLICY_H

#include "Report/Report.h"
#include "Workflow/CheckSelection.h"

#include <map>
#include <string>

namespace smemlint {

struct FindingPolicy {
  CheckGlobs Checks{"smem-*"};
  CheckGlobs WarningsAsErrors;
  /// Bank conflicts below this many ways are not reported.
  unsigned MinWays = 2;
  std::map<std::string, Severity> Severities;
};

/// Filters and re-grades \p File's diagnostics in place.
void applyFindingPolicy(FileReport &File, const FindingPolicy &Policy);

} // namespace smemlint

#endif
