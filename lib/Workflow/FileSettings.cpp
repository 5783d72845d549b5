//===--- FileSettings.cpp - Command line merged with .smem-lint.yaml ------===//

#include "Workflow/FileSettings.h"

#include "Checks/CheckRegistry.h"
#include "Hardware/ArchTable.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

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
  Analysis.FileStepBudget = CommandLine.FileSteps;
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
  auto Appended = [](std::string List, const std::optional<std::string> &More) {
    if (More && !More->empty())
      List += (List.empty() ? "" : ",") + *More;
    return List;
  };
  Policy.Checks = CheckGlobs(
      Appended(Config.Checks.value_or("smem-*"), CommandLine.Checks));
  Policy.WarningsAsErrors = CheckGlobs(Appended(
      Config.WarningsAsErrors.value_or(""), CommandLine.WarningsAsErrors));
  Policy.HeaderFilter = CommandLine.HeaderFilter ? CommandLine.HeaderFilter
                                                 : Config.HeaderFilterRegex;
  Policy.LineFilter = CommandLine.LineFilter;
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

namespace {

/// A YAML scalar in single quotes ('' for a quote).
std::string quoted(llvm::StringRef Text) {
  std::string Out = "'";
  for (char C : Text)
    Out += C == '\'' ? std::string("''") : std::string(1, C);
  return Out + "'";
}

std::string kernelKey(const std::string &Kernel) {
  return quoted(Kernel.empty() ? "*" : Kernel);
}

std::string shape(const BlockShape &Shape) {
  return std::to_string(Shape.X) + "x" + std::to_string(Shape.Y) + "x" +
         std::to_string(Shape.Z);
}

/// `Key: { k: v, ... }`, or `Key: {}`.
template <class List, class Fn>
void writeMap(llvm::raw_ostream &OS, llvm::StringRef Key, const List &Items,
              Fn Entry) {
  OS << Key << ": {";
  bool First = true;
  for (const auto &Item : Items) {
    OS << (First ? " " : ", ") << Entry(Item);
    First = false;
  }
  OS << (First ? "}\n" : " }\n");
}

} // namespace

std::string renderConfiguration(const FileSettings &Settings) {
  const AnalysisOptions &Analysis = Settings.Analysis;
  const FindingPolicy &Policy = Settings.Policy;
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << "Checks: " << quoted(Policy.Checks.text()) << "\n";
  OS << "WarningsAsErrors: " << quoted(Policy.WarningsAsErrors.text()) << "\n";
  if (Policy.HeaderFilter)
    OS << "HeaderFilterRegex: " << quoted(*Policy.HeaderFilter) << "\n";
  OS << "Arch: " << Analysis.Arch->Name << "\n";
  for (const CheckInfo *Kind : allFindingKinds())
    for (const CheckOption &Option : Kind->Options)
      OS << Option.ConfigKey << ": " << Policy.optionValue(Option) << "\n";
  OS << "FailOn: " << severityName(Settings.FailOn.value_or(Severity::Warning))
     << "\n";
  writeMap(OS, "BlockDims", Analysis.BlockDims, [](const BlockDimOption &O) {
    return kernelKey(O.Kernel) + ": " + shape(O.Block);
  });
  writeMap(OS, "GridDims", Analysis.GridDims, [](const BlockDimOption &O) {
    return kernelKey(O.Kernel) + ": " + shape(O.Block);
  });
  writeMap(OS, "Params", Analysis.ParameterValues,
           [](const ParameterValueSetting &O) {
             return quoted(O.Kernel.empty() ? O.Name
                                            : O.Kernel + ":" + O.Name) +
                    ": " + std::to_string(O.Value);
           });
  writeMap(OS, "DynamicSharedMemory", Analysis.DynamicSharedBytes,
           [](const KernelValueOption &O) {
             return kernelKey(O.Kernel) + ": " + std::to_string(O.Value);
           });
  writeMap(OS, "Registers", Analysis.RegistersPerThread,
           [](const KernelValueOption &O) {
             return kernelKey(O.Kernel) + ": " + std::to_string(O.Value);
           });
  writeMap(OS, "Severities", Policy.Severities, [](const auto &Entry) {
    return quoted(Entry.first) + ": " + severityName(Entry.second);
  });
  return Text;
}

} // namespace smemlint
