//===--- AnalysisSession.h - One smem-lint run over many files --*- C++ -*-===//
//
// Checks each input, finds its .smem-lint.yaml, merges it with the command
// line, analyses the files (several at once with --jobs, in a crash guard),
// applies the finding policy, and returns one report in the order the files
// were given.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_WORKFLOW_ANALYSISSESSION_H
#define SMEMLINT_WORKFLOW_ANALYSISSESSION_H

#include "Checks/TranslationUnitAnalysis.h"
#include "Frontend/CudaFrontend.h"
#include "Report/Report.h"
#include "Workflow/FileSettings.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
namespace tooling {
class CompilationDatabase;
}
} // namespace clang

namespace smemlint {

/// What the command line asked for. Unset settings come from the nearest
/// .smem-lint.yaml of each file, then from the defaults.
struct SessionRequest {
  std::vector<std::string> Files;
  const clang::tooling::CompilationDatabase *Database = nullptr;
  FrontendOptions Frontend;
  ParseMode Mode;

  /// --arch, --block-dim, --checks, ...: what the command line set.
  CommandLineSettings CommandLine;
  /// Read .smem-lint.yaml files (off with --no-config).
  bool UseConfigFiles = true;
  /// --config-file: this configuration for every file instead of the
  /// nearest .smem-lint.yaml.
  std::string ConfigFile;

  unsigned Jobs = 1;
  /// Print a progress line on stderr (a terminal, several files).
  bool ShowProgress = false;
  /// Crash inside the analysis of every file: tests the crash guard.
  bool CrashForTesting = false;
};

struct SessionResult {
  RunReport Report;
  /// The least severe finding that fails the run.
  Severity FailOn = Severity::Warning;
  /// The analysis of some file crashed; its report says which.
  bool Crashed = false;
};

SessionResult runSession(const SessionRequest &Request);

/// The configuration file \p File is analysed with in \p Request, or "".
std::string configFileFor(const SessionRequest &Request,
                          const std::string &File);

/// The settings \p File is analysed with in \p Request: the command line
/// merged with the file's .smem-lint.yaml. Null, with \p Error, when that
/// file is invalid.
std::optional<FileSettings> settingsForFile(const SessionRequest &Request,
                                            const std::string &File,
                                            std::string &Error);

/// Why \p File cannot be analysed, or "" if it can. \p Contents, if given,
/// receives the file's text, so that the analysis reads it once (a file that
/// changes between two reads is analysed as it was checked).
std::string unusableInput(const std::string &File,
                          std::string *Contents = nullptr);

} // namespace smemlint

#endif
