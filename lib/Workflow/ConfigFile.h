//===--- ConfigFile.h - .smem-lint.yaml --------------------------*- C++ -*-===//
//
// Project settings kept beside the sources, found upward from each analysed
// file, as clang-tidy finds .clang-tidy:
//
//   Checks: '-*,smem-bank-conflict,smem-*barrier*'
//   WarningsAsErrors: 'smem-missing-barrier'
//   Arch: sm_80
//   MinWays: 4
//   FailOn: warning            # note, warning or error
//   BlockDims: { transpose: 32x8, '*': 256 }
//   GridDims: { transpose: 64x64 }
//   Params: { 'transpose:width': 1024, n: 64 }
//   DynamicSharedMemory: { stage: 65536 }
//   Registers: { stage: 64 }
//   Severities: { smem-occupancy: warning }
//   HeaderFilterRegex: 'include/.*'
//
// Command-line options override what the file says, except --checks and
// --warnings-as-errors, which add to its lists as clang-tidy's do.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_WORKFLOW_CONFIGFILE_H
#define SMEMLINT_WORKFLOW_CONFIGFILE_H

#include "Checks/TranslationUnitAnalysis.h"
#include "Report/Report.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace smemlint {

struct ProjectConfig {
  std::string Path; ///< Where it was read from; "" for none.
  std::optional<std::string> Checks, WarningsAsErrors, Arch;
  std::optional<std::string> HeaderFilterRegex;
  /// The checks' options (CheckInfo::Options) by option name, read from
  /// their ConfigKey ("MinWays: 4" sets "min-ways").
  std::map<std::string, unsigned> CheckOptions;
  std::optional<Severity> FailOn;
  std::vector<BlockDimOption> BlockDims, GridDims;
  std::vector<KernelValueOption> DynamicSharedBytes, RegistersPerThread;
  /// Params: the values of kernels' scalar parameters, as --param gives.
  std::vector<ParameterValueSetting> ParameterValues;
  std::map<std::string, Severity> Severities;
};

/// The name of the file looked for.
constexpr llvm::StringLiteral ConfigFileName = ".smem-lint.yaml";

/// The nearest .smem-lint.yaml at or above \p SourceFile's directory, or "".
std::string findConfigFile(llvm::StringRef SourceFile);

/// Reads \p Path. On a bad key or value, returns nullopt and sets \p Error to
/// "path:line:column: what is wrong".
std::optional<ProjectConfig> readConfigFile(llvm::StringRef Path,
                                            std::string &Error);

/// Parses "note", "warning" or "error".
std::optional<Severity> parseSeverity(llvm::StringRef Text);

} // namespace smemlint

#endif
