//===--- SmemLintMain.cpp - The smem-lint command ------------------------===//
//
// The thin driver: reads the command line, checks the inputs, hands the files
// to the front end and prints the report. Exit codes: 0 no findings, 1
// findings, 2 a usage or input error (bad option, missing or non-CUDA file,
// code that does not compile).
//
//===----------------------------------------------------------------------===//

#include "Analysis/KernelDiscovery.h"
#include "Analysis/TranslationUnitAnalysis.h"
#include "Frontend/CudaFrontend.h"
#include "Hardware/ArchTable.h"
#include "Output/JsonOutput.h"
#include "Output/TextOutput.h"

#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace smemlint;

namespace {

enum ExitCode { ExitClean = 0, ExitFindings = 1, ExitInputError = 2 };

cl::OptionCategory SmemLintCategory("smem-lint options");

cl::opt<std::string> ArchOption(
    "arch", cl::desc("GPU architecture to analyse for (default sm_90)"),
    cl::value_desc("sm_XX"), cl::init("sm_90"), cl::cat(SmemLintCategory));

cl::list<std::string> BlockDimOptions(
    "block-dim",
    cl::desc("Block shape to analyse with: 32x8, 256, 16x16x2, or "
             "kernel=32x8 for one kernel (may repeat)"),
    cl::value_desc("[kernel=]XxYxZ"), cl::cat(SmemLintCategory));

cl::list<std::string> DynamicSharedOptions(
    "dynamic-smem",
    cl::desc("Dynamic shared bytes per block where no launch gives a "
             "constant: N, or kernel=N for one kernel (may repeat)"),
    cl::value_desc("[kernel=]bytes"), cl::cat(SmemLintCategory));

cl::list<std::string> RegistersOptions(
    "regs",
    cl::desc("Registers per thread, for occupancy: N, or kernel=N (may "
             "repeat)"),
    cl::value_desc("[kernel=]count"), cl::cat(SmemLintCategory));

cl::opt<std::string> FormatOption("format",
                                  cl::desc("Output format: text or json"),
                                  cl::value_desc("text|json"),
                                  cl::init("text"), cl::cat(SmemLintCategory));

cl::opt<std::string> CudaPathOption(
    "cuda-path",
    cl::desc("CUDA toolkit to take headers from (default: $CUDA_PATH, then "
             "/usr/local/cuda)"),
    cl::value_desc("dir"), cl::cat(SmemLintCategory));

cl::opt<bool> NoCudaToolkitOption(
    "no-cuda-toolkit",
    cl::desc("Parse with smem-lint's built-in prelude instead of the CUDA "
             "toolkit's headers"),
    cl::cat(SmemLintCategory));

cl::opt<unsigned> LoopLimitOption(
    "max-loop-iterations",
    cl::desc("Iterations of one loop evaluated before it is sampled "
             "(default 1024)"),
    cl::init(1024), cl::cat(SmemLintCategory));

cl::extrahelp MoreHelp(
    "\nExit status: 0 no findings, 1 findings, 2 usage or input errors.\n"
    "Checks are documented in docs/checks/.\n");

Diagnostic inputError(const std::string &File, const std::string &Message) {
  Diagnostic D;
  D.Check = "smem-lint-input";
  D.Level = Severity::Error;
  D.Where.File = File;
  D.Message = Message;
  return D;
}

/// Why \p File cannot be analysed, or "" if it can.
std::string unusableInput(const std::string &File) {
  sys::fs::file_status Status;
  if (sys::fs::status(File, Status))
    return "no such file";
  if (sys::fs::is_directory(Status))
    return "is a directory, not a source file";
  auto Buffer = MemoryBuffer::getFile(File);
  if (!Buffer)
    return "cannot be read: " + Buffer.getError().message();
  StringRef Text = (*Buffer)->getBuffer();
  if (Text.find('\0') != StringRef::npos)
    return "is a binary file, not CUDA source";
  StringRef Extension = sys::path::extension(File);
  if (Extension == ".cu" || Extension == ".cuh")
    return "";
  // Headers and .cpp files that hold kernels are CUDA too.
  if (Text.contains("__global__") || Text.contains("__device__") ||
      Text.contains("__shared__"))
    return "";
  return "is not a CUDA source file (expected a .cu or .cuh file, or one "
         "that declares __global__, __device__ or __shared__ code)";
}

bool parseBlockDim(StringRef Text, std::vector<BlockDimOption> &Out,
                   std::string &Error) {
  BlockDimOption Option;
  auto [Kernel, Shape] = Text.rsplit('=');
  if (Shape.empty()) {
    Shape = Kernel;
    Kernel = "";
  }
  Option.Kernel = Kernel.str();
  std::string Arguments = Shape.str();
  std::replace(Arguments.begin(), Arguments.end(), 'x', ',');
  std::optional<BlockShape> Parsed = parseBlockDimArguments(Arguments, Error);
  if (!Parsed) {
    Error = "invalid --block-dim '" + Text.str() + "': " + Error;
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
  for (const BlockDimOption &Option : Options.BlockDims)
    Named.push_back(Option.Kernel);
  for (const auto *List : {&Options.DynamicSharedBytes,
                           &Options.RegistersPerThread})
    for (const KernelValueOption &Option : *List)
      Named.push_back(Option.Kernel);
  std::vector<std::string> Unknown;
  for (const std::string &Name : Named) {
    if (Name.empty() || llvm::is_contained(Unknown, Name))
      continue;
    bool Found = false;
    for (const FileReport &File : Report.Files)
      for (const KernelReport &Kernel : File.Kernels)
        Found |= Kernel.Name == Name ||
                 StringRef(Kernel.Name).split('<').first == Name;
    if (!Found)
      Unknown.push_back(Name);
  }
  return Unknown;
}

} // namespace

int main(int argc, const char **argv) {
  // Without -p or "--", run with no compile database rather than searching
  // for one next to each file and warning when there is none.
  std::vector<const char *> Args(argv, argv + argc);
  bool HasDatabase = false;
  for (int I = 1; I < argc; ++I) {
    StringRef Arg = argv[I];
    if (Arg == "--" || Arg == "-p" || Arg.starts_with("-p=") ||
        Arg.starts_with("--p="))
      HasDatabase = true;
  }
  if (!HasDatabase)
    Args.push_back("--");
  int ArgCount = Args.size();

  cl::HideUnrelatedOptions(SmemLintCategory);
  auto Parser = clang::tooling::CommonOptionsParser::create(
      ArgCount, Args.data(), SmemLintCategory, cl::OneOrMore,
      "smem-lint: bank conflicts, barriers and capacity of CUDA shared "
      "memory, before the kernel runs\n");
  if (!Parser) {
    errs() << "smem-lint: error: " << toString(Parser.takeError()) << "\n";
    return ExitInputError;
  }

  const ArchInfo *Arch = findArch(ArchOption);
  if (!Arch) {
    errs() << "smem-lint: error: unknown architecture '" << ArchOption
           << "'; known: " << knownArchNames() << "\n";
    return ExitInputError;
  }
  if (FormatOption != "text" && FormatOption != "json") {
    errs() << "smem-lint: error: unknown format '" << FormatOption
           << "'; use text or json\n";
    return ExitInputError;
  }
  AnalysisOptions Analysis;
  Analysis.Arch = Arch;
  Analysis.LoopIterationLimit = std::max(1u, unsigned(LoopLimitOption));
  for (const std::string &Text : BlockDimOptions) {
    std::string Error;
    if (!parseBlockDim(Text, Analysis.BlockDims, Error)) {
      errs() << "smem-lint: error: " << Error << "\n";
      return ExitInputError;
    }
  }
  for (const std::string &Text : DynamicSharedOptions) {
    std::string Error;
    // The largest opt-in any architecture allows is below 256 KB.
    if (!parseKernelValue("dynamic-smem", Text, 1u << 20,
                          Analysis.DynamicSharedBytes, Error)) {
      errs() << "smem-lint: error: " << Error << "\n";
      return ExitInputError;
    }
  }
  for (const std::string &Text : RegistersOptions) {
    std::string Error;
    if (!parseKernelValue("regs", Text, 255, Analysis.RegistersPerThread,
                          Error)) {
      errs() << "smem-lint: error: " << Error << "\n";
      return ExitInputError;
    }
  }
  FrontendOptions Frontend;
  Frontend.CudaPath = CudaPathOption;
  Frontend.ForcePrelude = NoCudaToolkitOption;
  Frontend.ResourceDir = SMEM_LINT_RESOURCE_DIR;
  ParseMode Mode = resolveParseMode(Frontend);
  if (!CudaPathOption.empty() && !Frontend.ForcePrelude && !Mode.UsesToolkit) {
    errs() << "smem-lint: error: no CUDA toolkit at '" << CudaPathOption
           << "' (include/cuda_runtime.h not found); use --no-cuda-toolkit "
              "to parse with the built-in prelude\n";
    return ExitInputError;
  }

  RunReport Report;
  Report.Mode = Mode.name();
  Report.CudaPath = Mode.CudaPath;
  Report.CudaVersion = Mode.CudaVersion;
  Report.Arch = Arch->Name.str();
  Report.ParsedAs = Arch->ParseAs.str();

  std::vector<std::string> Files;
  for (const std::string &File : Parser->getSourcePathList()) {
    std::string Problem = unusableInput(File);
    if (Problem.empty())
      Files.push_back(File);
    else
      Report.InputErrors.push_back(inputError(File, "'" + File + "' " + Problem));
  }
  if (!Files.empty())
    Report.Files = analyzeFiles(Parser->getCompilations(), Files, Mode,
                                Frontend, Analysis);

  for (const std::string &Name : unknownKernelNames(Report, Analysis))
    errs() << "smem-lint: warning: an option names kernel '" << Name
           << "', which none of the analysed files defines\n";

  bool InputProblems = !Report.InputErrors.empty();
  // Notes inform; only warnings and errors are findings.
  unsigned Warnings = 0, Errors = 0, Notes = 0;
  for (const FileReport &File : Report.Files) {
    InputProblems |= File.HadCompileErrors;
    for (const Diagnostic &D : File.Diagnostics)
      (D.Level == Severity::Error     ? Errors
       : D.Level == Severity::Warning ? Warnings
                                      : Notes) += 1;
  }

  if (FormatOption == "json") {
    outs() << renderJsonReport(Report);
  } else {
    printTextReport(outs(), Report);
    outs().flush(); // the summary on stderr comes after the findings
    errs() << "smem-lint: " << Warnings << " warning" << (Warnings == 1 ? "" : "s")
           << " and " << Errors << " error" << (Errors == 1 ? "" : "s")
           << (Notes ? ", " + std::to_string(Notes) + " note" +
                           (Notes == 1 ? "" : "s")
                     : std::string())
           << " in " << Report.Files.size() << " file"
           << (Report.Files.size() == 1 ? "" : "s") << " (" << Report.Arch
           << ", parsed with "
           << (Mode.UsesToolkit ? "the CUDA toolkit at " + Mode.CudaPath +
                                      (Mode.CudaVersion.empty()
                                           ? ""
                                           : " (" + Mode.CudaVersion + ")")
                                : std::string("the built-in prelude"))
           << ")\n";
  }
  if (InputProblems)
    return ExitInputError;
  return Warnings + Errors > 0 ? ExitFindings : ExitClean;
}
