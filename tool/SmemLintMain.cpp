//===--- SmemLintMain.cpp - The smem-lint command ------------------------===//
//
// The thin driver: reads the command line, checks the inputs, hands the files
// to the front end and prints the report. Exit codes: 0 no findings, 1
// findings, 2 a usage or input error (bad option, missing or non-CUDA file,
// code that does not compile), 3 an internal error, 4 --fix could not write
// a file. --verify and its steps hand the report to runtime_verify/ instead
// of printing it.
//
//===----------------------------------------------------------------------===//

#include "Analysis/KernelDiscovery.h"
#include "Checks/BankConflictCheck.h"
#include "Checks/CheckRegistry.h"
#include "Checks/TranslationUnitAnalysis.h"
#include "Frontend/CudaFrontend.h"
#include "Hardware/ArchTable.h"
#include "Lsp/LanguageServer.h"
#include "Output/CheckListOutput.h"
#include "Output/JsonOutput.h"
#include "Output/SarifOutput.h"
#include "Output/TextOutput.h"
#include "Workflow/AnalysisSession.h"
#include "Workflow/CheckSelection.h"
#include "Workflow/CompileDatabases.h"
#include "Workflow/ConfigFile.h"
#include "Workflow/FixApplication.h"
#include "runtime_verify/RuntimeVerify.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace smemlint;

namespace {

enum ExitCode {
  ExitClean = 0,
  ExitFindings = 1,
  ExitInputError = 2,
  ExitCrash = 3,
  ExitFixNotWritten = 4,
};

// --help lists the options by category, as clang-tidy's does.
cl::OptionCategory InputCategory("Input and compilation options");
cl::OptionCategory ChecksCategory("Check selection options");
cl::OptionCategory AnalysisCategory(
    "Analysis options",
    "What the analysis assumes where the source does not say.");
cl::OptionCategory OutputCategory("Output options");
cl::OptionCategory FixCategory("Fix options");
cl::OptionCategory ModeCategory("Editor and GPU verification options");
const cl::OptionCategory *const AllCategories[] = {
    &InputCategory,  &ChecksCategory, &AnalysisCategory,
    &OutputCategory, &FixCategory,    &ModeCategory};

// What CommonOptionsParser would declare; declared here so that they sit in
// a category beside the others.
cl::list<std::string> SourcePaths(cl::Positional,
                                  cl::desc("<source0> [... <sourceN>]"),
                                  cl::cat(InputCategory));
cl::opt<std::string> BuildPathOption(
    "p",
    cl::desc("Directory of compile_commands.json (or one above it); without "
             "-p or '--', each file's nearest compile_commands.json, as "
             "clangd finds it. With no file given, every CUDA file the "
             "database compiles"),
    cl::value_desc("build-path"), cl::cat(InputCategory));
cl::list<std::string>
    ExtraArgOptions("extra-arg",
                    cl::desc("Additional argument to append to the compiler "
                             "command line (may repeat)"),
                    cl::cat(InputCategory));
cl::list<std::string> ExtraArgBeforeOptions(
    "extra-arg-before",
    cl::desc("Additional argument to prepend to the compiler command line "
             "(may repeat)"),
    cl::cat(InputCategory));

cl::opt<std::string> ArchOption(
    "arch", cl::desc("GPU architecture to analyse for (default sm_90)"),
    cl::value_desc("sm_XX"), cl::init("sm_90"), cl::cat(AnalysisCategory));

cl::list<std::string> BlockDimOptions(
    "block-dim",
    cl::desc("Block shape to analyse with: 32x8, 256, 16x16x2, or "
             "kernel=32x8 for one kernel (may repeat)"),
    cl::value_desc("[kernel=]XxYxZ"), cl::cat(AnalysisCategory));

cl::list<std::string> DynamicSharedOptions(
    "dynamic-smem",
    cl::desc("Dynamic shared bytes per block where no launch gives a "
             "constant: N, or kernel=N for one kernel (may repeat)"),
    cl::value_desc("[kernel=]bytes"), cl::cat(AnalysisCategory));

cl::list<std::string> RegistersOptions(
    "regs",
    cl::desc("Registers per thread, for occupancy: N, or kernel=N (may "
             "repeat)"),
    cl::value_desc("[kernel=]count"), cl::cat(AnalysisCategory));

cl::opt<std::string>
    FormatOption("format", cl::desc("Output format: text, json or sarif"),
                 cl::value_desc("text|json|sarif"), cl::init("text"),
                 cl::cat(OutputCategory));

cl::opt<std::string> SarifSourceRootOption(
    "sarif-source-root",
    cl::desc("With --format=sarif: files under this directory get URIs "
             "relative to it, under %SRCROOT% (default: the current "
             "directory)"),
    cl::value_desc("dir"), cl::cat(OutputCategory));

cl::opt<std::string> SarifRepositoryUriOption(
    "sarif-repository-uri",
    cl::desc("With --format=sarif: where smem-lint's files are browsed, "
             "for rule help links, e.g. "
             "https://github.com/org/smem-lint/blob/main"),
    cl::value_desc("uri"), cl::cat(OutputCategory));

cl::opt<std::string> CudaPathOption(
    "cuda-path",
    cl::desc("CUDA toolkit to take headers from (default: $CUDA_PATH, then "
             "/usr/local/cuda)"),
    cl::value_desc("dir"), cl::cat(InputCategory));

cl::opt<bool> NoCudaToolkitOption(
    "no-cuda-toolkit",
    cl::desc("Parse with smem-lint's built-in prelude instead of the CUDA "
             "toolkit's headers"),
    cl::cat(InputCategory));

cl::opt<unsigned> LoopLimitOption(
    "max-loop-iterations",
    cl::desc("Iterations of one loop evaluated before it is sampled "
             "(default 1024)"),
    cl::init(1024), cl::cat(AnalysisCategory));

cl::opt<double> KernelSecondsOption(
    "max-kernel-seconds",
    cl::desc("Time the analysis of one kernel may take, every block shape, "
             "value tried and fix proof together, before it stops and says "
             "so (default 60; 0: no limit)"),
    cl::init(60), cl::cat(AnalysisCategory));

cl::opt<uint64_t> FileStepsOption(
    "max-file-steps",
    cl::desc("Thread-steps (threads times instructions evaluated) the "
             "kernels of one file may take together; past them, each "
             "further kernel is evaluated with a 32nd of a kernel's budget "
             "and says so (default 256000000; 0: no limit)"),
    cl::init(256'000'000), cl::cat(AnalysisCategory));

cl::opt<unsigned> KernelMemoryOption(
    "max-kernel-memory",
    cl::desc("Memory in MiB the process may grow by in the analysis of one "
             "kernel before it "
             "stops and says so (default 4096; 0: no limit)"),
    cl::init(4096), cl::cat(AnalysisCategory));

cl::opt<std::string> ChecksOption(
    "checks",
    cl::desc("Checks to report, as globs: '-*,smem-bank-conflict' (default "
             "smem-*, or the configuration file's Checks)"),
    cl::value_desc("globs"), cl::cat(ChecksCategory));

cl::opt<std::string> WarningsAsErrorsOption(
    "warnings-as-errors",
    cl::desc("Checks whose warnings become errors, as globs"),
    cl::value_desc("globs"), cl::cat(ChecksCategory));

cl::opt<unsigned> MinWaysOption(
    "min-ways",
    cl::desc("Report bank conflicts of at least this many ways (default 2)"),
    cl::value_desc("N"), cl::cat(ChecksCategory));

cl::opt<std::string> FailOnOption(
    "fail-on",
    cl::desc("Least severe finding that makes the exit status 1: note, "
             "warning (default) or error"),
    cl::value_desc("severity"), cl::cat(ChecksCategory));

cl::opt<bool> NoConfigOption("no-config",
                             cl::desc("Do not read .smem-lint.yaml files"),
                             cl::cat(InputCategory));

cl::opt<unsigned>
    JobsOption("j", cl::desc("Analyse this many files at once (default 1)"),
               cl::value_desc("N"), cl::init(1), cl::cat(InputCategory));

cl::opt<std::string> ExportFixesOption(
    "export-fixes",
    cl::desc("Write the fix-its as clang-apply-replacements YAML to this "
             "file"),
    cl::value_desc("file"), cl::cat(FixCategory));

cl::opt<bool> FixOption(
    "fix",
    cl::desc("Apply the fix-its in place (a file whose fixes conflict, or "
             "that changed meanwhile, is left alone)"),
    cl::cat(FixCategory));

cl::opt<bool> ListChecksOption(
    "list-checks",
    cl::desc("List the checks (those --checks selects first) and exit; with "
             "--format=json, every kind of finding with all its facts"),
    cl::cat(ChecksCategory));

cl::opt<bool> LspOption(
    "lsp",
    cl::desc("Serve the Language Server Protocol on stdin/stdout (see "
             "docs/editors.md)"),
    cl::cat(ModeCategory));

// --verify and its steps (runtime_verify/, docs/runtime-verify.md).
cl::opt<bool> VerifyOption(
    "verify",
    cl::desc("Check the predictions on a GPU: build a harness per kernel, "
             "measure it with Nsight Compute and compute-sanitizer, and "
             "report each prediction confirmed, refuted or not measurable"),
    cl::cat(ModeCategory));

cl::opt<std::string> VerifyDirOption(
    "verify-dir",
    cl::desc("Directory --verify works in (default: a new one under the "
             "temporary directory, kept and named)"),
    cl::value_desc("dir"), cl::cat(ModeCategory));

cl::opt<std::string> VerifyPrepareOption(
    "verify-prepare",
    cl::desc("Only write the harnesses, plan and measure.sh to this "
             "directory (for measuring on another machine)"),
    cl::value_desc("dir"), cl::cat(ModeCategory));

cl::opt<std::string> VerifyCompareOption(
    "verify-compare",
    cl::desc("Only judge the predictions of a prepared directory against "
             "what its measure.sh measured (no source files needed)"),
    cl::value_desc("dir"), cl::cat(ModeCategory));

cl::list<std::string> GridDimOptions(
    "grid-dim",
    cl::desc("Grid shape to analyse with (gridDim): 64, 64x64, or kernel=64x8 "
             "for one kernel (may repeat); wins over the launches"),
    cl::value_desc("[kernel=]XxYxZ"), cl::cat(AnalysisCategory));

cl::list<std::string> ParamOptions(
    "param",
    cl::desc("The value of a kernel's scalar parameter for the analysis, an "
             "integer (may repeat); with --verify, the value the harness "
             "passes, any C++ expression (an integer is also the "
             "analysis's)"),
    cl::value_desc("[kernel:]name=value"), cl::cat(AnalysisCategory));

cl::list<std::string> VerifyNvccFlagOptions(
    "verify-nvcc-flag",
    cl::desc("With --verify: an extra nvcc flag for the harnesses (may "
             "repeat)"),
    cl::value_desc("flag"), cl::cat(ModeCategory));

cl::opt<bool> VerifyNoFixesOption(
    "verify-no-fixes",
    cl::desc("With --verify: verify the findings only, not the fixes"),
    cl::cat(ModeCategory));

cl::opt<unsigned long long> VerifyBufferBytesOption(
    "verify-buffer-bytes",
    cl::desc("With --verify: bytes of the buffer each pointer "
             "argument gets (default 64 MiB)"),
    cl::value_desc("N"), cl::init(64ull << 20), cl::cat(ModeCategory));

cl::opt<std::string> VerifyFillOption(
    "verify-fill",
    cl::desc("With --verify: what each pointer argument's buffer holds, "
             "element by element: zero, ones, iota (element i holds i) or "
             "random (integers 0 to 15, one fixed seed; the default); "
             "--param NAME=@FILE fills one from a file"),
    cl::value_desc("pattern"), cl::init("random"), cl::cat(ModeCategory));

cl::opt<std::string> RunOption(
    "run",
    cl::desc("With --verify or --verify-prepare: measure this command (your "
             "program, built with -lineinfo) instead of harnesses; each "
             "launch of an analysed kernel is re-analysed with its block, "
             "grid and dynamic shared bytes"),
    cl::value_desc("command"), cl::cat(ModeCategory));

cl::opt<unsigned> VerifyLaunchCountOption(
    "verify-launch-count",
    cl::desc("With --run: profile at most this many launches of the "
             "analysed kernels (default 20)"),
    cl::value_desc("N"), cl::init(20), cl::cat(ModeCategory));

cl::opt<bool> CrashForTestingOption(
    "crash-for-testing",
    cl::desc("Crash while analysing each file (tests the crash guard)"),
    cl::Hidden, cl::cat(InputCategory));

cl::opt<std::string> DumpDeviceIrOption(
    "dump-device-ir",
    cl::desc("Write the optimized device IR the analysis reads to <file> "
             "(the last file analysed wins)"),
    cl::value_desc("file"), cl::Hidden, cl::cat(AnalysisCategory));

cl::opt<std::string> PrintParseCommandOption(
    "print-parse-command",
    cl::desc("Print the Clang command line each file is parsed with, its "
             "in-memory headers written under <dir>, and exit (bench/)"),
    cl::value_desc("dir"), cl::Hidden, cl::cat(InputCategory));

cl::opt<std::string> ExplainOption(
    "explain",
    cl::desc("Explain a check (or the checks a glob names): what it finds, "
             "why it matters, what to do, its options and docs page; then "
             "exit"),
    cl::value_desc("check"), cl::cat(ChecksCategory));

cl::opt<bool> DumpConfigOption(
    "dump-config",
    cl::desc("Print the configuration the first file (or the current "
             "directory) is analysed with, as .smem-lint.yaml, and exit"),
    cl::cat(ChecksCategory));

cl::opt<std::string> ConfigFileOption(
    "config-file",
    cl::desc("Read the configuration from this file for every source file "
             "instead of the nearest .smem-lint.yaml"),
    cl::value_desc("path"), cl::cat(InputCategory));

cl::opt<std::string> HeaderFilterOption(
    "header-filter",
    cl::desc("Show findings in headers only when the header's path matches "
             "this regular expression (the analysed files' are always "
             "shown; default: every header's)"),
    cl::value_desc("regex"), cl::cat(ChecksCategory));

cl::opt<std::string> LineFilterOption(
    "line-filter",
    cl::desc(
        "Show only the findings on these lines, as clang-tidy: "
        "'[{\"name\":\"a.cu\",\"lines\":[[1,3],[5,7]]},{\"name\":\"b.cuh\"}]' "
        "(a name matches the end of a path; no lines: all of the file)"),
    cl::value_desc("json"), cl::cat(ChecksCategory));

cl::opt<bool> QuietOption(
    "quiet",
    cl::desc("Do not print the summary lines (findings counted, fixes "
             "applied) on stderr"),
    cl::cat(OutputCategory));

cl::opt<bool> UseColorOption(
    "use-color",
    cl::desc("Colour the text output as Clang does (--use-color=false: "
             "never; default: when standard output is a terminal)"),
    cl::cat(OutputCategory));
cl::opt<bool> NoColorOption("no-color", cl::desc("Same as --use-color=false"),
                            cl::cat(OutputCategory));

cl::opt<bool> FixErrorsOption(
    "fix-errors",
    cl::desc("Like --fix, and also fix files whose code has compile errors "
             "(refused by --fix)"),
    cl::cat(FixCategory));

cl::extrahelp MoreHelp(
    "\nExit status: 0 no findings, 1 findings at or above --fail-on, 2 usage "
    "or input errors, 3 an internal error, 4 --fix could not write a file.\n"
    "With --fix, a finding whose fixes were all applied no longer counts.\n"
    "With --verify or --verify-compare: 0 every prediction confirmed, 1 one "
    "refuted, 2 verification could not run, 3 some not measurable.\n"
    "Checks are documented in docs/checks/; settings can also come from a "
    ".smem-lint.yaml found upward from each file.\n");

bool parseBlockDim(StringRef Text, std::vector<BlockDimOption> &Out,
                   std::string &Error, bool Grid = false) {
  BlockDimOption Option;
  auto [Kernel, Shape] = Text.rsplit('=');
  if (Shape.empty()) {
    Shape = Kernel;
    Kernel = "";
  }
  Option.Kernel = Kernel.str();
  std::string Arguments = Shape.str();
  std::replace(Arguments.begin(), Arguments.end(), 'x', ',');
  std::optional<BlockShape> Parsed =
      Grid ? parseGridDimArguments(Arguments, Error)
           : parseBlockDimArguments(Arguments, Error);
  if (!Parsed) {
    Error = std::string("invalid --") + (Grid ? "grid-dim" : "block-dim") +
            " '" + Text.str() + "': " + Error;
    return false;
  }
  Option.Block = *Parsed;
  Out.push_back(Option);
  return true;
}

/// Parses "N" or "kernel=N" for --dynamic-smem and --regs.
bool parseKernelValue(StringRef Option, StringRef Text, uint64_t Max,
                      std::vector<KernelValueOption> &Out, std::string &Error) {
  auto [Kernel, Value] = Text.rsplit('=');
  if (Value.empty()) {
    Value = Kernel;
    Kernel = "";
  }
  uint64_t Number = 0;
  if (Value.getAsInteger(10, Number) || Number > Max) {
    Error = "invalid --" + Option.str() + " '" + Text.str() +
            "': expected a number from 0 to " + std::to_string(Max) +
            ", or kernel=number";
    return false;
  }
  Out.push_back({Kernel.str(), Number});
  return true;
}

/// Kernel names given to options that no analysed file defines.
std::vector<std::string> unknownKernelNames(const RunReport &Report,
                                            const AnalysisOptions &Options) {
  std::vector<std::string> Named;
  for (const auto *List : {&Options.BlockDims, &Options.GridDims})
    for (const BlockDimOption &Option : *List)
      Named.push_back(Option.Kernel);
  for (const auto *List :
       {&Options.DynamicSharedBytes, &Options.RegistersPerThread})
    for (const KernelValueOption &Option : *List)
      Named.push_back(Option.Kernel);
  for (const ParameterValueSetting &Option : Options.ParameterValues)
    Named.push_back(Option.Kernel);
  std::vector<std::string> Unknown;
  for (const std::string &Name : Named) {
    if (Name.empty() || llvm::is_contained(Unknown, Name))
      continue;
    bool Found = false;
    for (const FileReport &File : Report.Files)
      for (const KernelReport &Kernel : File.Kernels)
        Found |= settingNamesKernel(Name, Kernel.Name);
    if (!Found)
      Unknown.push_back(Name);
  }
  return Unknown;
}

/// Whether everything written to standard output got there. A report that
/// did not reach its reader is not a result: the caller exits 2, never 1
/// (which CI reads as "findings") nor through LLVM's abort on a stream error.
bool reachedStandardOutput() {
  outs().flush();
  if (!outs().has_error())
    return true;
  std::string Why = outs().error().message();
  outs().clear_error();
  errs() << "smem-lint: error: cannot write to standard output: " << Why
         << "\n";
  return false;
}

/// Everything after the command line is parsed; a crash anywhere in it is
/// caught by main.
void printVersion(raw_ostream &OS) {
  OS << "smem-lint version " << SMEM_LINT_VERSION << "\n"
     << "LLVM version " << LLVM_VERSION_STRING << "\n";
}

int run(int argc, const char **argv) {
  // The arguments after "--" are every file's compile command (clang-tidy's
  // rule); those before are smem-lint's.
  int OwnArgs = argc;
  std::optional<std::vector<std::string>> FlagsAfterDashDash;
  for (int I = 1; I < argc; ++I)
    if (StringRef(argv[I]) == "--") {
      OwnArgs = I;
      FlagsAfterDashDash.emplace(argv + I + 1, argv + argc);
      break;
    }
  // LLVM itself declares --color (WithColor); it is shown with ours.
  auto *ColorOption = static_cast<cl::opt<cl::boolOrDefault> *>(
      cl::getRegisteredOptions().lookup("color"));
  if (ColorOption) {
    ColorOption->setDescription("Same as --use-color");
    ColorOption->Categories.assign(1, &OutputCategory);
  }
  cl::HideUnrelatedOptions(AllCategories);
  cl::SetVersionPrinter(printVersion);
  std::string ParseErrors;
  raw_string_ostream ParseErrorStream(ParseErrors);
  if (!cl::ParseCommandLineOptions(
          OwnArgs, argv,
          "smem-lint: bank conflicts, barriers and capacity of CUDA shared "
          "memory, before the kernel runs\n",
          &ParseErrorStream)) {
    errs() << ParseErrors;
    return ExitInputError;
  }
  auto UsageError = [](const std::string &Message) {
    errs() << "smem-lint: error: " << Message << "\n";
    return ExitInputError;
  };

  if (!ExplainOption.empty()) {
    CheckGlobs Named(ExplainOption);
    bool Any = false;
    for (const CheckInfo *Kind : allFindingKinds())
      if (Named.matches(Kind->Name)) {
        outs() << (Any ? "\n" : "") << renderCheckExplanation(*Kind);
        Any = true;
      }
    if (!Any)
      return UsageError("--explain: no check is named '" + ExplainOption +
                        "'; checks: " + llvm::join(knownCheckNames(), ", "));
    return reachedStandardOutput() ? 0 : ExitInputError;
  }
  if (ListChecksOption) {
    if (FormatOption == "json") {
      outs() << renderCheckListJson();
    } else {
      // --checks adds to the default list, as it adds to a configuration's.
      outs() << renderCheckListText(
          CheckGlobs("smem-*" + (ChecksOption.getNumOccurrences()
                                     ? "," + std::string(ChecksOption)
                                     : std::string())));
    }
    return reachedStandardOutput() ? 0 : ExitInputError;
  }

  unsigned VerifySteps = VerifyOption + !VerifyPrepareOption.empty() +
                         !VerifyCompareOption.empty();
  if (VerifySteps > 1)
    return UsageError("give one of --verify, --verify-prepare and "
                      "--verify-compare");
  if (VerifySteps && FormatOption == "sarif")
    return UsageError("--verify reports as text or json, not sarif");
  // --verify-compare reads a prepared directory: these would be ignored.
  bool Prepares = VerifyOption || !VerifyPrepareOption.empty();
  if (!Prepares &&
      (VerifyDirOption.getNumOccurrences() ||
       VerifyNvccFlagOptions.getNumOccurrences() ||
       VerifyNoFixesOption.getNumOccurrences() ||
       VerifyBufferBytesOption.getNumOccurrences() ||
       VerifyFillOption.getNumOccurrences() || RunOption.getNumOccurrences() ||
       VerifyLaunchCountOption.getNumOccurrences()))
    return UsageError("the --verify-* options need --verify or "
                      "--verify-prepare");
  if (!VerifyCompareOption.empty()) {
    if (ParamOptions.getNumOccurrences() && SourcePaths.empty())
      return UsageError("--verify-compare reads a prepared directory: "
                        "--param would be ignored (give it to "
                        "--verify-prepare)");
    // Files: a --run directory's launches are re-analysed from them, after
    // the analysis below.
    if (SourcePaths.empty())
      return verify::runVerifyCompare(VerifyCompareOption, FormatOption, outs(),
                                      errs());
  }

  SessionRequest Request;
  if (ArchOption.getNumOccurrences()) {
    if (!findArch(ArchOption))
      return UsageError("unknown architecture '" + ArchOption +
                        "'; known: " + knownArchNames());
    Request.CommandLine.Arch = ArchOption;
  }
  if (FormatOption != "text" && FormatOption != "json" &&
      FormatOption != "sarif")
    return UsageError("unknown format '" + FormatOption +
                      "'; use text, json or sarif");
  AnalysisOptions Named; // what the options name, to check the kernels exist
  for (const std::string &Text : BlockDimOptions) {
    std::string Error;
    if (!parseBlockDim(Text, Request.CommandLine.BlockDims, Error))
      return UsageError(Error);
  }
  for (const std::string &Text : GridDimOptions) {
    std::string Error;
    if (!parseBlockDim(Text, Request.CommandLine.GridDims, Error,
                       /*Grid=*/true))
      return UsageError(Error);
  }
  for (const std::string &Text : DynamicSharedOptions) {
    std::string Error;
    // The largest opt-in any architecture allows is below 256 KB.
    if (!parseKernelValue("dynamic-smem", Text, 1u << 20,
                          Request.CommandLine.DynamicSharedBytes, Error))
      return UsageError(Error);
  }
  for (const std::string &Text : RegistersOptions) {
    std::string Error;
    if (!parseKernelValue("regs", Text, 255,
                          Request.CommandLine.RegistersPerThread, Error))
      return UsageError(Error);
  }
  Named.BlockDims = Request.CommandLine.BlockDims;
  Named.GridDims = Request.CommandLine.GridDims;
  Named.DynamicSharedBytes = Request.CommandLine.DynamicSharedBytes;
  Named.RegistersPerThread = Request.CommandLine.RegistersPerThread;
  for (const auto *Globs : {&ChecksOption, &WarningsAsErrorsOption}) {
    if (!Globs->getNumOccurrences())
      continue;
    std::vector<std::string> Unknown =
        CheckGlobs(*Globs).unmatchedGlobs(knownCheckNames());
    if (!Unknown.empty())
      return UsageError(
          "'" + Unknown.front() + "' in --" + Globs->ArgStr.str() +
          " matches no check; checks: " + llvm::join(knownCheckNames(), ", "));
  }
  if (ChecksOption.getNumOccurrences())
    Request.CommandLine.Checks = ChecksOption;
  if (WarningsAsErrorsOption.getNumOccurrences())
    Request.CommandLine.WarningsAsErrors = WarningsAsErrorsOption;
  if (MinWaysOption.getNumOccurrences()) {
    const CheckOption &MinWays = BankConflictCheck::info().Options.front();
    if (MinWaysOption < MinWays.Min || MinWaysOption > MinWays.Max)
      return UsageError("--min-ways expects a number from " +
                        std::to_string(MinWays.Min) + " to " +
                        std::to_string(MinWays.Max));
    Request.CommandLine.CheckOptions[MinWays.Name] = MinWaysOption;
  }
  if (FailOnOption.getNumOccurrences()) {
    Request.CommandLine.FailOn = parseSeverity(FailOnOption);
    if (!Request.CommandLine.FailOn)
      return UsageError("--fail-on expects note, warning or error");
  }
  if (JobsOption < 1 || JobsOption > 256)
    return UsageError("-j expects a number from 1 to 256");
  Request.Jobs = JobsOption;
  Request.UseConfigFiles = !NoConfigOption;
  if (!ConfigFileOption.empty()) {
    if (NoConfigOption)
      return UsageError("give --config-file or --no-config, not both");
    std::string Error;
    if (!readConfigFile(ConfigFileOption, Error))
      return UsageError("invalid configuration " + Error);
    Request.ConfigFile = ConfigFileOption;
  }
  if (HeaderFilterOption.getNumOccurrences()) {
    std::string Why;
    if (!Regex(HeaderFilterOption).isValid(Why))
      return UsageError("--header-filter is not a regular expression: " + Why);
    Request.CommandLine.HeaderFilter = HeaderFilterOption;
  }
  if (!LineFilterOption.empty()) {
    std::string Error;
    std::optional<std::vector<LineFilterEntry>> Filter =
        parseLineFilter(LineFilterOption, Error);
    if (!Filter)
      return UsageError(Error);
    Request.CommandLine.LineFilter = std::move(*Filter);
  }
  Request.CommandLine.ReportsGlobalAccesses =
      FormatOption == "json" || VerifySteps;
  Request.CommandLine.LoopIterationLimit =
      std::max(1u, unsigned(LoopLimitOption));
  if (!(KernelSecondsOption >= 0) || KernelSecondsOption > 1e6)
    return UsageError("--max-kernel-seconds expects seconds from 0 to 1000000");
  Request.CommandLine.KernelSeconds = KernelSecondsOption;
  Request.CommandLine.KernelMemoryMiB = KernelMemoryOption;
  Request.CommandLine.FileSteps = FileStepsOption;
  Request.CommandLine.DeviceIrDumpPath = DumpDeviceIrOption;
  Request.ShowProgress = errs().is_displayed();
  Request.CrashForTesting = CrashForTestingOption;

  Request.Frontend.CudaPath = CudaPathOption;
  Request.Frontend.ForcePrelude = NoCudaToolkitOption;
  Request.Frontend.ResourceDir = SMEM_LINT_RESOURCE_DIR;
  Request.Mode = resolveParseMode(Request.Frontend);
  if (!CudaPathOption.empty() && !Request.Frontend.ForcePrelude &&
      !Request.Mode.UsesToolkit)
    return UsageError("no CUDA toolkit at '" + CudaPathOption +
                      "' (include/cuda_runtime.h not found); use "
                      "--no-cuda-toolkit to parse with the built-in prelude");
  if (LspOption) {
    LanguageServerOptions Server;
    Server.CommandLine = Request.CommandLine;
    Server.Frontend = Request.Frontend;
    Server.Mode = Request.Mode;
    Server.UseConfigFiles = Request.UseConfigFiles;
    Server.ConfigFile = Request.ConfigFile;
    Server.CompileDatabaseDir = BuildPathOption;
    Server.ExtraArgs = FlagsAfterDashDash.value_or(std::vector<std::string>());
    llvm::append_range(Server.ExtraArgs, ExtraArgOptions);
    return runLanguageServer(Server);
  }
  // An editor hands files over the protocol; --dump-config without a file
  // tells the current directory's configuration.
  if (SourcePaths.empty() && !DumpConfigOption && BuildPathOption.empty())
    return UsageError("no source file given; usage: smem-lint [options] "
                      "<source0> [... <sourceN>] [-- <compiler flags>], or "
                      "-p <build-path> for every CUDA file its compile "
                      "database compiles");
  Request.Files = SourcePaths;
  DatabaseRequest Compilations;
  Compilations.FlagsAfterDashDash = FlagsAfterDashDash;
  Compilations.BuildPath = BuildPathOption;
  Compilations.ExtraArgs = ExtraArgOptions;
  Compilations.ExtraArgsBefore = ExtraArgBeforeOptions;
  std::string DatabaseError;
  std::unique_ptr<clang::tooling::CompilationDatabase> Database =
      commandLineDatabase(Compilations, DatabaseError);
  if (!Database)
    return UsageError(DatabaseError);
  Request.Database = Database.get();
  if (Request.Files.empty() && !DumpConfigOption) {
    Request.Files = cudaSourcesOf(*Database);
    if (Request.Files.empty())
      return UsageError("the compile database at or above '" +
                        BuildPathOption +
                        "' compiles no CUDA source file; give the files");
  }
  if (!PrintParseCommandOption.empty()) {
    for (const std::vector<std::string> &Command : parseCommandLines(
             *Request.Database, Request.Files, Request.Mode, Request.Frontend,
             *findArch(ArchOption), PrintParseCommandOption)) {
      for (const std::string &Arg : Command) {
        sys::printArg(outs(), Arg, /*Quote=*/true);
        outs() << ' ';
      }
      outs() << "\n";
    }
    return ExitClean;
  }

  // Without a harness, --param gives the analysis an integer.
  if (!VerifySteps)
    for (const std::string &Text : ParamOptions) {
      verify::ParameterValueOption Param;
      std::string Error;
      if (!verify::parseParameterValueOption(Text, Param, Error))
        return UsageError(Error);
      int64_t Number;
      if (StringRef(Param.Value).trim().getAsInteger(0, Number))
        return UsageError("--param " + Text +
                          ": the analysis needs an integer value (an "
                          "expression is for the --verify harness)");
      Request.CommandLine.ParameterValues.push_back(
          {Param.Kernel, Param.Name, Number});
      Named.ParameterValues = Request.CommandLine.ParameterValues;
    }

  verify::VerifyOptions Verify;
  if (VerifySteps) {
    for (const std::string &Text : ParamOptions) {
      verify::ParameterValueOption Param;
      std::string Error;
      if (!verify::parseParameterValueOption(Text, Param, Error))
        return UsageError(Error);
      Verify.Prepare.Parameters.push_back(Param);
      // An integer the analysis can use too, so that it predicts what the
      // harness runs.
      int64_t Number;
      if (!StringRef(Param.Value).trim().getAsInteger(0, Number))
        Request.CommandLine.ParameterValues.push_back(
            {Param.Kernel, Param.Name, Number});
    }
    Named.ParameterValues = Request.CommandLine.ParameterValues;
    if (VerifyBufferBytesOption == 0)
      return UsageError("--verify-buffer-bytes expects a positive number");
    if (RunOption.getNumOccurrences() && RunOption.empty())
      return UsageError("--run expects a command");
    if (VerifyLaunchCountOption == 0)
      return UsageError("--verify-launch-count expects a positive number");
    if (!verify::isFillPattern(VerifyFillOption))
      return UsageError("--verify-fill expects zero, ones, iota or random");
  }

  if (DumpConfigOption) {
    std::string File = Request.Files.empty() ? std::string("smem-lint.cu")
                                             : Request.Files.front();
    std::string Error;
    std::optional<FileSettings> Settings =
        settingsForFile(Request, File, Error);
    if (!Settings)
      return UsageError(Error);
    std::string From = configFileFor(Request, File);
    outs() << "# smem-lint's configuration for "
           << (Request.Files.empty() ? std::string("the current directory")
                                     : "'" + File + "'")
           << ": the command line over "
           << (From.empty() ? std::string("the defaults")
                            : "'" + From + "' and the defaults")
           << "\n"
           << renderConfiguration(*Settings);
    return reachedStandardOutput() ? 0 : ExitInputError;
  }

  auto AnalysisStart = std::chrono::system_clock::now();
  SessionResult Session = runSession(Request);
  RunReport &Report = Session.Report;

  for (const std::string &Name : unknownKernelNames(Report, Named))
    errs() << "smem-lint: warning: an option names kernel '" << Name
           << "', which none of the analysed files defines\n";

  if (VerifySteps) {
    if (Session.Crashed)
      return ExitCrash;
    Verify.Format = FormatOption;
    Verify.Dir = VerifyDirOption;
    Verify.Prepare.BufferBytes = VerifyBufferBytesOption;
    Verify.Prepare.Fill = VerifyFillOption;
    Verify.Prepare.RunCommand = RunOption;
    Verify.Prepare.LaunchCount = VerifyLaunchCountOption;
    Verify.Prepare.VerifyFixes = !VerifyNoFixesOption;
    Verify.Prepare.NvccFlags =
        verify::nvccFlagsFromDatabase(*Request.Database, Request.Files);
    llvm::append_range(Verify.Prepare.NvccFlags, VerifyNvccFlagOptions);
    auto Settings = [&Request](const std::string &Original) {
      std::string Error;
      std::optional<FileSettings> Settings =
          settingsForFile(Request, Original, Error);
      // The run has analysed this file, so its configuration was valid.
      return Settings ? *Settings : mergeFileSettings(Request.CommandLine, {});
    };
    Verify.Prepare.Reanalyse = verify::makeReanalyser(
        *Request.Database, Request.Mode, Request.Frontend, Settings);
    Verify.Program.Files = Request.Files;
    Verify.Program.Analyse = verify::makeLaunchAnalyser(
        *Request.Database, Request.Mode, Request.Frontend, Settings);
    if (!VerifyCompareOption.empty())
      return verify::runVerifyCompare(VerifyCompareOption, FormatOption, outs(),
                                      errs(), &Verify.Program);
    if (!VerifyPrepareOption.empty())
      return verify::runVerifyPrepare(Report, Verify, VerifyPrepareOption,
                                      outs(), errs());
    return verify::runVerify(Report, Verify, outs(), errs());
  }

  bool InputProblems = !Report.InputErrors.empty();
  // Notes inform; warnings and errors are findings.
  // Unreadable inputs are printed as errors, so they count as errors.
  unsigned Warnings = 0, Errors = Report.InputErrors.size(), Notes = 0;
  unsigned NotAnalysed = 0;
  // Kernels with shared memory that no launch, annotation or option gave a
  // shape: a clean result for them holds for the default block only, which
  // the summary says.
  unsigned Kernels = 0, AssumedShapes = 0;
  // Shared accesses whose loops were evaluated in part: their numbers are
  // the sample's, which a finding's note says, and a clean kernel's too.
  unsigned SampledAccesses = 0, SampledKernels = 0;
  // Kernels evaluated with parameter values their shared arrays chose.
  unsigned InferredKernels = 0;
  for (const FileReport &File : Report.Files) {
    InputProblems |= File.HadCompileErrors;
    for (const KernelReport &Kernel : File.Kernels) {
      unsigned Sampled = llvm::count_if(
          Kernel.Accesses, [](const auto &A) { return A.Status == "sampled"; });
      SampledAccesses += Sampled;
      SampledKernels += Sampled != 0;
      if (Kernel.Shared.empty())
        continue;
      ++Kernels;
      InferredKernels += llvm::any_of(Kernel.BlockDims, [](const auto &Dim) {
        return !Dim.InferredValues.empty();
      });
      AssumedShapes += !Kernel.BlockDims.empty() &&
                       llvm::all_of(Kernel.BlockDims, [](const auto &Dim) {
                         return Dim.Source == "default";
                       });
    }
    for (const Diagnostic &D : File.Diagnostics) {
      (D.Level == Severity::Error     ? Errors
       : D.Level == Severity::Warning ? Warnings
                                      : Notes) += 1;
      NotAnalysed += D.AccessNotAnalysed;
    }
  }

  if (FormatOption == "json") {
    outs() << renderJsonReport(Report);
  } else if (FormatOption == "sarif") {
    SarifOptions Sarif;
    Sarif.SourceRoot = SarifSourceRootOption;
    if (Sarif.SourceRoot.empty()) {
      SmallString<256> Current;
      if (!sys::fs::current_path(Current))
        Sarif.SourceRoot = std::string(Current);
    }
    Sarif.RepositoryUri = SarifRepositoryUriOption;
    outs() << renderSarifReport(Report, Sarif);
  } else {
    bool Color = outs().has_colors();
    if (UseColorOption.getNumOccurrences())
      Color = UseColorOption;
    if (ColorOption && *ColorOption != cl::BOU_UNSET)
      Color = *ColorOption == cl::BOU_TRUE;
    Color = Color && !NoColorOption;
    outs().enable_colors(Color);
    printTextReport(outs(), Report);
    outs().enable_colors(false);
    outs().flush(); // the summary on stderr comes after the findings
  }
  if (FormatOption == "text" && !QuietOption) {
    const ParseMode &Mode = Request.Mode;
    // "3 kernels", "1 shared access".
    auto Counted = [](unsigned N, const char *One, const char *Many) {
      return std::to_string(N) + " " + (N == 1 ? One : Many);
    };
    std::string Clauses;
    if (AssumedShapes)
      Clauses += "; " + std::to_string(AssumedShapes) + " of " +
                 Counted(Kernels, "kernel", "kernels") +
                 " with shared memory analysed with an assumed block shape "
                 "(no launch, annotation or option gives it: --block-dim, "
                 "a '// smem-lint: block_dim(x, y, z)' comment above the "
                 "kernel, or the files that launch them in the same run)";
    if (SampledAccesses)
      Clauses += "; " +
                 Counted(SampledAccesses, "shared access", "shared accesses") +
                 " of " + Counted(SampledKernels, "kernel", "kernels") +
                 " sampled, their loops followed for some iterations only "
                 "(--format=json gives each access's reason)";
    if (InferredKernels)
      Clauses += "; " + Counted(InferredKernels, "kernel", "kernels") +
                 " evaluated with parameter values nothing gives, chosen to "
                 "keep the shared arrays they index in bounds (--param gives "
                 "the real ones; --format=json lists them)";
    errs() << "smem-lint: " << Warnings << " warning"
           << (Warnings == 1 ? "" : "s") << " and " << Errors << " error"
           << (Errors == 1 ? "" : "s")
           << (Notes ? ", " + std::to_string(Notes) + " note" +
                           (Notes == 1 ? "" : "s")
                     : std::string())
           << (NotAnalysed ? " (" + std::to_string(NotAnalysed) +
                                 (NotAnalysed == 1 ? " access" : " accesses") +
                                 " not analysed)"
                           : std::string())
           << " in " << Report.Files.size() << " file"
           << (Report.Files.size() == 1 ? "" : "s") << " ("
           << Report.Arch
           // Clang 19 knows no target past sm_90a: say what it parsed for.
           << ", parsed "
           << (Report.ParsedAs != Report.Arch ? "as " + Report.ParsedAs + " "
                                              : std::string())
           << "with "
           << (Mode.UsesToolkit ? "the CUDA toolkit at " + Mode.CudaPath +
                                      (Mode.CudaVersion.empty()
                                           ? ""
                                           : " (" + Mode.CudaVersion + ")")
                                : std::string("the built-in prelude"))
           << (Report.ParsedAs != Report.Arch
                   ? "; Clang 19 has no " + Report.Arch +
                         " target, the limits are " + Report.Arch + "'s"
                   : std::string())
           << ")" << Clauses << "\n";
  }

  if (!reachedStandardOutput())
    return ExitInputError;

  if (!ExportFixesOption.empty()) {
    std::string Error;
    if (!exportFixes(Report, ExportFixesOption, Error))
      return UsageError(Error);
  }
  bool Fixing = FixOption || FixErrorsOption;
  FixOutcome Outcome;
  if (Fixing) {
    FixOptions Options;
    Options.FixErrors = FixErrorsOption;
    Outcome = applyFixes(Report, AnalysisStart, Options);
    if (!QuietOption)
      errs() << "smem-lint: applied " << Outcome.FixesApplied << " fix"
             << (Outcome.FixesApplied == 1 ? "" : "es") << " in "
             << Outcome.FilesChanged << " file"
             << (Outcome.FilesChanged == 1 ? "" : "s") << "\n";
    for (const std::string &Skipped : Outcome.Skipped)
      errs() << "smem-lint: warning: not fixed: " << Skipped << "\n";
    for (const FixOutcome::WriteFailure &Failure : Outcome.WriteFailures)
      errs() << "smem-lint: error: cannot write the fixes to '" << Failure.File
             << "': " << Failure.Why << "\n";
  }

  if (Session.Crashed)
    return ExitCrash;
  if (InputProblems)
    return ExitInputError;
  if (!Outcome.WriteFailures.empty())
    return ExitFixNotWritten;
  return findingsFail(Report, Session.FailOn, Fixing ? &Outcome : nullptr)
             ? ExitFindings
             : ExitClean;
}

} // namespace

int main(int argc, const char **argv) {
  // A crash is reported and exits with 3, never as an abort.
  llvm::CrashRecoveryContext::Enable();
  llvm::CrashRecoveryContext Guard;
  int Status = ExitCrash;
  if (!Guard.RunSafely([&] { Status = run(argc, argv); })) {
    outs().flush();
    errs() << "smem-lint: error: internal error; please report it with the "
              "input that caused it\n";
    return ExitCrash;
  }
  return Status;
}
