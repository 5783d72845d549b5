//===--- FindingPolicy.h - From what the checks found to what is reported -*-
// C++ -*-//
//
// Applies the user's choices to a file's findings: which checks are on,
// the checks' options (--min-ways), severities set in the configuration, NOLINT
// comments, and
// --warnings-as-errors. The checks themselves always run and report
// everything; this layer decides what the user sees.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_WORKFLOW_FINDINGPOLICY_H
#define SMEMLINT_WORKFLOW_FINDINGPOLICY_H

#include "Report/CheckInfo.h"
#include "Report/Report.h"
#include "Workflow/CheckSelection.h"

#include <map>
#include <string>

namespace smemlint {

struct FindingPolicy {
  CheckGlobs Checks{"smem-*"};
  CheckGlobs WarningsAsErrors;
  /// Values of the checks' options (CheckInfo::Options), by option name
  /// ("min-ways"); an option not listed takes its default.
  std::map<std::string, unsigned> OptionValues;
  std::map<std::string, Severity> Severities;

  unsigned optionValue(const CheckOption &Option) const;
};

/// Filters and re-grades \p File's diagnostics in place.
void applyFindingPolicy(FileReport &File, const FindingPolicy &Policy);

} // namespace smemlint

#endif
