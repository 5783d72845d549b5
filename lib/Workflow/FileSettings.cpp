//===--- FileSettings.cpp - Command line merged with .smem-lint.yaml ------===//

#include "Workflow/FileSettings.h"

#include "Hardware/ArchTable.h"

#include "llvm/ADT/STLExtras.h"

namespace smemlint {

FileSettings mergeFileSettings(const CommandLineSettings &CommandLine,
                               const ProjectConfig &Config) {
  // A list from the command line replaces the configuration's whole list.
  auto ListOf = [](const auto &Given, const auto &Configured) {
    return Given.empty() ? Configured : Given;
  };
  FileSettings Settings;
  AnalysisOptions &Analysis = Settings.Analysis;
  Analysis.Arch = findArch(CommandLine.Arch.value_or(Config.Arch.value_or("")));
  Settings.ArchGiven = Analysis.Arch != nullptr;
  if (!Analysis.Arch)
    Analysis.Arch = findArch("sm_90");
  Analysis.LoopIterationLimit = CommandLine.LoopIterationLimit;
  Analysis.KernelSeconds = CommandLine.KernelSeconds;
  Analysis.KernelMemoryBytes = CommandLine.KernelMemoryMiB << 20;
  Analysis.DeviceIrDumpPath = CommandLine.DeviceIrDumpPath;
  Analysis.BlockDims = ListOf(CommandLine.BlockDims, Config.BlockDims);
  Analysis.DynamicSharedBytes =
      ListOf(CommandLine.DynamicSharedBytes, Config.DynamicSharedBytes);
  Analysis.RegistersPerThread =
      ListOf(CommandLine.RegistersPerThread, Config.RegistersPerThread);
  Analysis.GridDims = ListOf(CommandLine.GridDims, Config.GridDims);
  // The configuration's values first: a --param for the same name wins.
  Analysis.ParameterValues = Config.ParameterValues;
  llvm::append_range(Analysis.ParameterValues, CommandLine.ParameterValues);

  FindingPolicy &Policy = Settings.Policy;
  // Later globs win, so the command line's come after the file's.
  auto Appended = [](std::string List,
                     const std::optional<std::string> &More) {
    if (More && !More->empty())
      List += (List.empty() ? "" : ",") + *More;
    return List;
  };
  Policy.Checks = CheckGlobs(
      Appended(Config.Checks.value_or("smem-*"), CommandLine.Checks));
  Policy.WarningsAsErrors = CheckGlobs(Appended(
      Config.WarningsAsErrors.value_or(""), CommandLine.WarningsAsErrors));
  Policy.OptionValues = Config.CheckOptions;
  for (const auto &[Name, Value] : CommandLine.CheckOptions)
    Policy.OptionValues[Name] = Value;
  Policy.Severities = Config.Severities;
  Settings.FailOn = CommandLine.FailOn ? CommandLine.FailOn : Config.FailOn;
  // Global accesses are evaluated only for someone who reads them.
  Analysis.ProfileGlobalMemory =
      CommandLine.ReportsGlobalAccesses ||
      llvm::any_of(registeredChecks(), [&](const RegisteredCheck &Check) {
        return Check.Info().needs(NeedsGlobalAccesses) &&
               Policy.Checks.matches(Check.Info().Name);
      });
  return Settings;
}

} // namespace smemlint
