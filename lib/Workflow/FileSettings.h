//===--- FileSettings.h - Command line merged with .smem-lint.yaml -*- C++ -*-//
//
// One place decides what a file is analysed with: a setting given on the
// command line wins, then the file's .smem-lint.yaml, then the default;
// --checks and --warnings-as-errors add to the file's lists (clang-tidy's
// rule). The
// command-line run, the language server and --verify's re-analysis of fixed
// copies all ask here, so a file reads the same everywhere.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_WORKFLOW_FILESETTINGS_H
#define SMEMLINT_WORKFLOW_FILESETTINGS_H

#include "Checks/TranslationUnitAnalysis.h"
#include "Report/Report.h"
#include "Workflow/ConfigFile.h"
#include "Workflow/FindingPolicy.h"

#include <optional>
#include <string>
#include <vector>

namespace smemlint {

/// The settings the command line gave; unset or empty: not given.
struct CommandLineSettings {
  std::optional<std::string> Arch;
  std::vector<BlockDimOption> BlockDims, GridDims;
  std::vector<KernelValueOption> DynamicSharedBytes, RegistersPerThread;
  std::vector<ParameterValueSetting> ParameterValues;
  unsigned LoopIterationLimit = 1024;
  /// --max-kernel-seconds, --max-kernel-memory (MiB).
  double KernelSeconds = 60;
  uint64_t KernelMemoryMiB = 4096;
  /// --max-file-steps (AnalysisOptions::FileStepBudget).
  uint64_t FileSteps = 256'000'000;
  std::optional<std::string> Checks, WarningsAsErrors;
  /// --header-filter and --line-filter (FindingPolicy).
  std::optional<std::string> HeaderFilter;
  std::vector<LineFilterEntry> LineFilter;
  /// The checks' options by name ("min-ways"), as ProjectConfig's.
  std::map<std::string, unsigned> CheckOptions;
  std::optional<Severity> FailOn;
  /// The output shows global accesses (the JSON report, --verify's plan):
  /// profile them whatever checks are on.
  bool ReportsGlobalAccesses = true;
  /// Hidden --dump-device-ir: where to write the device IR.
  std::string DeviceIrDumpPath;
};

/// What one file is analysed and reported with.
struct FileSettings {
  AnalysisOptions Analysis; ///< Analysis.Arch is never null.
  /// The command line or the configuration named the arch; otherwise the
  /// file's compile command may (AnalysisSession), else sm_90.
  bool ArchGiven = false;
  FindingPolicy Policy;
  /// From the command line, else the configuration; nullopt when neither
  /// says (the run then fails on warnings).
  std::optional<Severity> FailOn;
};

/// Merges the command line with \p Config (a default-constructed one when the
/// file has none). An architecture name the command line gives must be known
/// (the driver checks it); the configuration's was checked when it was read.
FileSettings mergeFileSettings(const CommandLineSettings &CommandLine,
                               const ProjectConfig &Config);

/// \p Settings as a .smem-lint.yaml that sets all of them (--dump-config):
/// read back, it gives the same settings.
std::string renderConfiguration(const FileSettings &Settings);

} // namespace smemlint

#endif
