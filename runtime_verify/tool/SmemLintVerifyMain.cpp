//===--- SmemLintVerifyMain.cpp - Development driver for --verify ---------===//
//
// Runs the runtime verification library the way `smem-lint --verify` will:
// analyse the files, then prepare, measure and compare (or one step alone).
// It takes only the options the verification and the lit tests need; the
// real driver is tool/SmemLintMain.cpp.
//
//   smem-lint-verify --verify-prepare=DIR [--param k:n=v]... FILE...
//   smem-lint-verify --verify-compare=DIR [--format=json]
//   smem-lint-verify --verify [--verify-dir=DIR] FILE...
//
//===----------------------------------------------------------------------===//

#include "runtime_verify/RuntimeVerify.h"

#include "Analysis/TranslationUnitAnalysis.h"
#include "Frontend/CudaFrontend.h"
#include "Hardware/ArchTable.h"

#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace smemlint;

namespace {

cl::OptionCategory Category("smem-lint-verify options");

cl::opt<std::string> ArchOption("arch", cl::desc("GPU architecture"),
                                cl::init("sm_90"), cl::cat(Category));
cl::opt<std::string> CudaPathOption("cuda-path", cl::desc("CUDA toolkit"),
                                    cl::cat(Category));
cl::opt<bool> NoCudaToolkitOption("no-cuda-toolkit",
                                  cl::desc("Parse with the built-in prelude"),
                                  cl::cat(Category));
cl::opt<std::string> FormatOption("format", cl::desc("text or json"),
                                  cl::init("text"), cl::cat(Category));
cl::opt<bool> VerifyOption("verify", cl::desc("Prepare, measure and compare"),
                           cl::cat(Category));
cl::opt<std::string> VerifyDirOption("verify-dir",
                                     cl::desc("Directory --verify works in"),
                                     cl::cat(Category));
cl::opt<std::string> PrepareOption("verify-prepare",
                                   cl::desc("Only prepare DIR"),
                                   cl::value_desc("DIR"), cl::cat(Category));
cl::opt<std::string> CompareOption("verify-compare",
                                   cl::desc("Only compare DIR"),
                                   cl::value_desc("DIR"), cl::cat(Category));
cl::list<std::string>
    ParamOptions("param",
                 cl::desc("Scalar argument: [kernel:]name=value (may repeat)"),
                 cl::cat(Category));
cl::list<std::string> NvccFlagOptions("verify-nvcc-flag",
                                      cl::desc("Extra nvcc flag (may repeat)"),
                                      cl::cat(Category));
cl::opt<bool> NoFixesOption("verify-no-fixes",
                            cl::desc("Do not verify the proposed fixes"),
                            cl::cat(Category));
cl::opt<unsigned long long> BufferBytesOption(
    "verify-buffer-bytes",
    cl::desc("Bytes of each zero-filled pointer argument (default 64 MiB)"),
    cl::init(64ull << 20), cl::cat(Category));

} // namespace

int main(int argc, const char **argv) {
  std::vector<const char *> Args(argv, argv + argc);
  bool HasDatabase = false;
  for (int I = 1; I < argc; ++I) {
    StringRef Arg = argv[I];
    if (Arg == "--" || Arg == "-p" || Arg.starts_with("-p="))
      HasDatabase = true;
  }
  if (!HasDatabase)
    Args.push_back("--");
  int ArgCount = Args.size();
  cl::HideUnrelatedOptions(Category);
  auto Parser = clang::tooling::CommonOptionsParser::create(
      ArgCount, Args.data(), Category, cl::ZeroOrMore,
      "smem-lint-verify: the runtime verification of smem-lint\n");
  if (!Parser) {
    errs() << "smem-lint-verify: error: " << toString(Parser.takeError())
           << "\n";
    return verify::VerifyCannotRun;
  }

  if (!CompareOption.empty())
    return verify::runVerifyCompare(CompareOption, FormatOption, outs(),
                                    errs());

  const ArchInfo *Arch = findArch(ArchOption);
  if (!Arch) {
    errs() << "smem-lint-verify: error: unknown architecture\n";
    return verify::VerifyCannotRun;
  }
  AnalysisOptions Analysis;
  Analysis.Arch = Arch;
  FrontendOptions Frontend;
  Frontend.CudaPath = CudaPathOption;
  Frontend.ForcePrelude = NoCudaToolkitOption;
  Frontend.ResourceDir = SMEM_LINT_RESOURCE_DIR;
  ParseMode Mode = resolveParseMode(Frontend);

  RunReport Report;
  Report.Mode = Mode.name();
  Report.CudaPath = Mode.CudaPath;
  Report.CudaVersion = Mode.CudaVersion;
  Report.Arch = Arch->Name.str();
  Report.ParsedAs = Arch->ParseAs.str();
  std::vector<std::string> Files = Parser->getSourcePathList();
  if (Files.empty()) {
    errs() << "smem-lint-verify: error: no input files\n";
    return verify::VerifyCannotRun;
  }
  Report.Files =
      analyzeFiles(Parser->getCompilations(), Files, Mode, Frontend, Analysis);

  verify::VerifyOptions Options;
  Options.Format = FormatOption;
  Options.Dir = VerifyDirOption;
  Options.Prepare.BufferBytes = BufferBytesOption;
  Options.Prepare.NvccFlags =
      verify::nvccFlagsFromDatabase(Parser->getCompilations(), Files);
  Options.Prepare.NvccFlags.insert(Options.Prepare.NvccFlags.end(),
                                   NvccFlagOptions.begin(),
                                   NvccFlagOptions.end());
  Options.Prepare.VerifyFixes = !NoFixesOption;
  for (const std::string &Text : ParamOptions) {
    verify::ParameterValueOption Param;
    std::string Error;
    if (!verify::parseParameterValueOption(Text, Param, Error)) {
      errs() << "smem-lint-verify: error: " << Error << "\n";
      return verify::VerifyCannotRun;
    }
    Options.Prepare.Parameters.push_back(Param);
  }
  Options.Prepare.Reanalyse = verify::makeReanalyser(Parser->getCompilations(),
                                                     Mode, Frontend, Analysis);

  if (!PrepareOption.empty())
    return verify::runVerifyPrepare(Report, Options, PrepareOption, outs(),
                                    errs());
  if (VerifyOption)
    return verify::runVerify(Report, Options, outs(), errs());
  errs() << "smem-lint-verify: error: give --verify, --verify-prepare=DIR or "
            "--verify-compare=DIR\n";
  return verify::VerifyCannotRun;
}
