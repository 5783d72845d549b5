//===--- SarifOutput.h - SARIF 2.1.0 report for code scanning ---*- C++ -*-===//
//
// The --format=sarif document: one smem-lint run as SARIF 2.1.0, the format
// GitHub code scanning, the VS Code SARIF viewer and other result viewers read.
// Each check is a rule with its help; each finding is a result whose notes are
// related locations and whose fix-its are fixes; input problems are tool
// execution notifications. The mapping is documented in docs/sarif.md.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_OUTPUT_SARIFOUTPUT_H
#define SMEMLINT_OUTPUT_SARIFOUTPUT_H

#include "Report/Report.h"

#include <string>

namespace smemlint {

struct SarifOptions {
  /// Files under this directory get URIs relative to it, with the uriBaseId
  /// "%SRCROOT%" (GitHub code scanning places results by repository-relative
  /// paths); other files get absolute file:// URIs. Empty: every URI is
  /// absolute. A relative directory is taken from the current one.
  std::string SourceRoot;
  /// Where the repository's files can be browsed, such as
  /// "https://github.com/org/smem-lint/blob/main". Rule help links are this
  /// followed by "/docs/checks/<check>.md". Empty: the links are the relative
  /// paths "docs/checks/<check>.md".
  std::string RepositoryUri;
  /// tool.driver.version.
  std::string ToolVersion = "0.1.0";
};

/// The report as a SARIF 2.1.0 log with one run (pretty-printed, ending in a
/// newline). Reads the analysed files, when they can be read, to give regions
/// the extent of the token they point at and columns in UTF-16 code units.
std::string renderSarifReport(const RunReport &Report,
                              const SarifOptions &Options);

} // namespace smemlint

#endif
