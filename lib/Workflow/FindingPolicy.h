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
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace smemlint {

/// One entry of --line-filter, as clang-tidy reads it: findings in files
/// whose path ends with \p Name, on the given lines (all lines when none).
struct LineFilterEntry {
  std::string Name;
  std::vector<std::pair<unsigned, unsigned>> Lines;
};

/// Parses --line-filter's JSON: [{"name": "a.cu", "lines": [[1, 3]]}, ...].
/// Null, with \p Error, when it is not that.
std::optional<std::vector<LineFilterEntry>>
parseLineFilter(llvm::StringRef Json, std::string &Error);

struct FindingPolicy {
  CheckGlobs Checks{"smem-*"};
  CheckGlobs WarningsAsErrors;
  /// Values of the checks' options (CheckInfo::Options), by option name
  /// ("min-ways"); an option not listed takes its default.
  std::map<std::string, unsigned> OptionValues;
  std::map<std::string, Severity> Severities;
  /// --header-filter: a finding in a header (a file other than the one
  /// analysed) is shown only when its path matches; nullopt: all are.
  std::optional<std::string> HeaderFilter;
  /// --line-filter: when not empty, only findings it lists are shown.
  std::vector<LineFilterEntry> LineFilter;

  unsigned optionValue(const CheckOption &Option) const;
};

/// Filters and re-grades \p File's diagnostics in place. NOLINT comments
/// are read from \p Texts where it holds a file (an editor's buffer, by
/// normalized absolute path), from the file on disk otherwise; relative
/// paths in the report are relative to \p Directory (the compile
/// command's), or to the current directory when it is empty.
void applyFindingPolicy(FileReport &File, const FindingPolicy &Policy,
                        const std::map<std::string, std::string> &Texts = {},
                        llvm::StringRef Directory = "");

} // namespace smemlint

#endif
