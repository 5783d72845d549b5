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

#include "Analysis/TranslationUnitAnalysis.h"
#include "Frontend/CudaFrontend.h"
#include "Report/Report.h"

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

  std::optional<std::string> Arch;
  std::vector<BlockDimOption> BlockDims;
  std::vector<KernelValueOption> DynamicSharedBytes, RegistersPerThread;
  unsigned LoopIterationLimit = 1024;
  std::optional<std::string> Checks, WarningsAsErrors;
  std::optional<unsigned> MinWays;
  std::optional<Severity> FailOn;
  /// Read .smem-lint.yaml files (off with --no-config).
  bool UseConfigFiles = true;

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

/// Why \p File cannot be analysed, or "" if it can.
std::string unusableInput(const std::string &File);

} // namespace smemlint

#endif
