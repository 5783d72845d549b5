//===--- RuntimeVerify.cpp - smem-lint --verify entry points --------------===//

#include "runtime_verify/RuntimeVerify.h"

#include "runtime_verify/Compare.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

using namespace llvm;

namespace smemlint {
namespace verify {
namespace {

/// The original file's compile command, pointed at a fixed copy.
class RedirectedDatabase : public clang::tooling::CompilationDatabase {
public:
  RedirectedDatabase(const clang::tooling::CompilationDatabase &Base,
                     std::string Original, std::string Fixed)
      : Base(Base), Original(std::move(Original)), Fixed(std::move(Fixed)) {}

  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(StringRef File) const override {
    std::vector<clang::tooling::CompileCommand> Commands =
        Base.getCompileCommands(Original);
    std::string OriginalDir = sys::path::parent_path(Original).str();
    for (clang::tooling::CompileCommand &C : Commands) {
      bool Replaced = false;
      for (std::string &Arg : C.CommandLine)
        if (Arg == Original || Arg == C.Filename ||
            (!Arg.empty() && Arg[0] != '-' &&
             sys::fs::equivalent(Arg, Original))) {
          Arg = Fixed;
          Replaced = true;
        }
      if (!Replaced)
        C.CommandLine.push_back(Fixed);
      // Quoted includes of the original's directory still resolve.
      if (!OriginalDir.empty() && !C.CommandLine.empty())
        C.CommandLine.insert(C.CommandLine.begin() + 1, "-I" + OriginalDir);
      C.Filename = Fixed;
    }
    return Commands;
  }

private:
  const clang::tooling::CompilationDatabase &Base;
  std::string Original, Fixed;
};

/// Finds \p Name on PATH, then in $CUDA_PATH/bin and /usr/local/cuda/bin.
std::optional<std::string> findCudaTool(StringRef Name) {
  if (ErrorOr<std::string> P = sys::findProgramByName(Name))
    return *P;
  std::vector<StringRef> Dirs;
  std::string CudaBin;
  if (const char *CudaPath = getenv("CUDA_PATH")) {
    CudaBin = std::string(CudaPath) + "/bin";
    Dirs.push_back(CudaBin);
  }
  Dirs.push_back("/usr/local/cuda/bin");
  if (ErrorOr<std::string> P = sys::findProgramByName(Name, Dirs))
    return *P;
  return std::nullopt;
}

} // namespace

Reanalyser makeReanalyser(const clang::tooling::CompilationDatabase &Database,
                          const ParseMode &Mode,
                          const FrontendOptions &Frontend,
                          SettingsOfFile Settings) {
  return [&Database, Mode, Frontend, Settings = std::move(Settings)](
             const std::string &FixedFile,
             const FileReport &OriginalReport) -> std::optional<FileReport> {
    const std::string &OriginalFile = OriginalReport.File;
    FileSettings Original = Settings(OriginalFile);
    Original.Analysis.LaunchesInOtherFiles =
        OriginalReport.LaunchesFromOtherFiles;
    Original.Analysis.OptInsInOtherFiles = OriginalReport.OptInsFromOtherFiles;
    // The compile command may run in another directory (the database's):
    // a relative --verify-prepare directory would not be found from there.
    SmallString<256> Absolute(FixedFile);
    sys::fs::make_absolute(Absolute);
    RedirectedDatabase Redirected(Database, OriginalFile, Absolute.str().str());
    std::vector<std::string> Files = {Absolute.str().str()};
    std::vector<FileReport> Reports =
        analyzeFiles(Redirected, Files, Mode, Frontend, Original.Analysis);
    if (Reports.size() != 1)
      return std::nullopt;
    applyFindingPolicy(Reports.front(), Original.Policy);
    return Reports.front();
  };
}

LaunchAnalyser
makeLaunchAnalyser(const clang::tooling::CompilationDatabase &Database,
                   const ParseMode &Mode, const FrontendOptions &Frontend,
                   SettingsOfFile Settings) {
  return [&Database, Mode, Frontend, Settings = std::move(Settings)](
             const std::string &File,
             const std::vector<LaunchConfiguration> &Configurations)
             -> std::optional<FileReport> {
    FileSettings Settled = Settings(File);
    AnalysisOptions &Options = Settled.Analysis;
    for (const LaunchConfiguration &C : Configurations) {
      // What the profile measured wins over what the command line named
      // for this kernel.
      auto Named = [&](const auto &Option) {
        return Option.Kernel == C.Kernel;
      };
      llvm::erase_if(Options.BlockDims, Named);
      llvm::erase_if(Options.GridDims, Named);
      llvm::erase_if(Options.DynamicSharedBytes, Named);
      Options.BlockDims.push_back(
          {C.Kernel, BlockShape{C.Block[0], C.Block[1], C.Block[2]}});
      Options.GridDims.push_back(
          {C.Kernel, BlockShape{C.Grid[0], C.Grid[1], C.Grid[2]}});
      Options.DynamicSharedBytes.push_back({C.Kernel, C.DynamicSharedBytes});
      for (const auto &[Name, Value] : C.Scalars) {
        // A kernel's own setting wins over a global --param.
        llvm::erase_if(Options.ParameterValues,
                       [&, &Name = Name](const ParameterValueSetting &S) {
                         return S.Name == Name && S.Kernel == C.Kernel;
                       });
        Options.ParameterValues.push_back({C.Kernel, Name, Value});
      }
    }
    std::vector<std::string> Files = {File};
    std::vector<FileReport> Reports =
        analyzeFiles(Database, Files, Mode, Frontend, Options);
    if (Reports.size() != 1)
      return std::nullopt;
    applyFindingPolicy(Reports.front(), Settled.Policy);
    return Reports.front();
  };
}

std::vector<std::string>
nvccFlagsFromDatabase(const clang::tooling::CompilationDatabase &Database,
                      ArrayRef<std::string> Files) {
  std::vector<std::string> Flags;
  auto Add = [&](std::string Flag) {
    if (!is_contained(Flags, Flag))
      Flags.push_back(std::move(Flag));
  };
  for (const std::string &File : Files) {
    for (const clang::tooling::CompileCommand &C :
         Database.getCompileCommands(File)) {
      auto Absolute = [&](StringRef Path) {
        SmallString<256> Full(Path);
        if (!sys::path::is_absolute(Full) && !C.Directory.empty())
          sys::fs::make_absolute(C.Directory, Full);
        return Full.str().str();
      };
      const std::vector<std::string> &Args = C.CommandLine;
      for (size_t I = 1; I < Args.size(); ++I) {
        StringRef Arg = Args[I];
        // nvcc takes an option's value after '=': one word per flag.
        for (StringRef Flag : {"-isystem", "-include", "-I"}) {
          if (Arg == Flag && I + 1 < Args.size()) {
            Add(Flag.str() + (Flag == "-I" ? "" : "=") + Absolute(Args[++I]));
            Arg = "";
          } else if (Flag == "-I" && Arg.starts_with("-I")) {
            Add("-I" + Absolute(Arg.drop_front(2)));
            Arg = "";
          }
        }
        if ((Arg == "-D" || Arg == "-U") && I + 1 < Args.size())
          Add(Arg.str() + Args[++I]);
        else if (Arg.starts_with("-D") || Arg.starts_with("-U"))
          Add(Arg.str());
        else if (Arg.consume_front("-std="))
          Add("-std=" +
              (Arg.consume_front("gnu++") ? "c++" + Arg.str() : Arg.str()));
      }
    }
  }
  return Flags;
}

int runVerifyPrepare(const RunReport &Report, const VerifyOptions &Options,
                     StringRef Dir, raw_ostream &Out, raw_ostream &Err) {
  std::string Error;
  std::optional<VerifyPlan> Plan =
      prepareDirectory(Report, Options.Prepare, Dir, Error);
  if (!Plan) {
    Err << "smem-lint: error: cannot prepare verification: " << Error << "\n";
    return VerifyCannotRun;
  }
  if (const std::optional<PlannedProgram> &Program = Plan->Program) {
    Out << "smem-lint: prepared " << Dir << " to measure '" << Program->Command
        << "' (" << Program->Kernels.size() << " analysed kernel"
        << (Program->Kernels.size() == 1 ? "" : "s") << ")\n"
        << "smem-lint: next, on a machine with a GPU, from the directory the "
           "command runs in: bash "
        << Dir << "/measure.sh; then, with the same files: smem-lint "
        << "--verify-compare=" << Dir << " FILE...\n";
    return VerifyConfirmed;
  }
  unsigned Verifiable = 0;
  for (const PlannedLaunch &L : Plan->Launches)
    Verifiable += L.Verifiable;
  Out << "smem-lint: prepared " << Dir << ": " << Plan->Launches.size()
      << " launch" << (Plan->Launches.size() == 1 ? "" : "es") << " ("
      << Verifiable << " verifiable) of " << Plan->Variants.size()
      << " source variant" << (Plan->Variants.size() == 1 ? "" : "s") << ", "
      << Plan->Predictions.size() << " prediction"
      << (Plan->Predictions.size() == 1 ? "" : "s") << "\n";
  for (const PlannedLaunch &L : Plan->Launches)
    if (!L.Verifiable)
      Out << "smem-lint: " << L.Kernel << " (" << L.Id
          << ") is not verifiable: " << L.NotVerifiableReason << "\n";
  for (const PlannedVariant &V : Plan->Variants)
    if (!V.Problem.empty())
      Out << "smem-lint: fix " << V.Id << " (" << V.FixDescription
          << ") is not verified: " << V.Problem << "\n";
  Out << "smem-lint: next, on a machine with a GPU: bash " << Dir
      << "/measure.sh; then: smem-lint --verify-compare=" << Dir << "\n";
  return VerifyConfirmed;
}

int runVerifyCompare(StringRef Dir, StringRef Format, raw_ostream &Out,
                     raw_ostream &Err, const ProgramResolver *Program) {
  return compareDirectory(Dir, Format, Out, Err, Program);
}

int runVerify(const RunReport &Report, const VerifyOptions &Options,
              raw_ostream &Out, raw_ostream &Err) {
  std::vector<std::string> Missing;
  for (StringRef Tool : {"nvcc", "ncu", "compute-sanitizer", "cuobjdump"})
    if (!findCudaTool(Tool))
      Missing.push_back(Tool.str());
  if (!Missing.empty()) {
    Err << "smem-lint: error: --verify needs a GPU machine with the CUDA "
           "tools; not found: "
        << join(Missing, ", ")
        << ". Prepare here with --verify-prepare=DIR, run DIR/measure.sh "
           "where they are, and judge with --verify-compare=DIR\n";
    return VerifyCannotRun;
  }
  SmallString<256> Dir(Options.Dir);
  if (Dir.empty()) {
    if (std::error_code EC =
            sys::fs::createUniqueDirectory("smem-lint-verify", Dir)) {
      Err << "smem-lint: error: cannot create a directory for --verify: "
          << EC.message() << "\n";
      return VerifyCannotRun;
    }
  }
  // Progress goes to Err so that Out holds only the verdicts.
  if (int Prepared = runVerifyPrepare(Report, Options, Dir, Err, Err))
    return Prepared;
  std::optional<std::string> Bash = findCudaTool("bash");
  if (!Bash) {
    Err << "smem-lint: error: bash not found; cannot run measure.sh\n";
    return VerifyCannotRun;
  }
  SmallString<256> Script(Dir);
  sys::path::append(Script, "measure.sh");
  // measure.sh's own output goes to a log, so that Out holds only the
  // verdicts (JSON included).
  SmallString<256> Log(Dir);
  sys::path::append(Log, "measure.log");
  Err << "smem-lint: measuring in " << Dir << " (log: " << Log << ")\n";
  std::string Message;
  // A --run command runs where smem-lint was started (measure.sh's caller).
  std::vector<StringRef> Args = {*Bash, Script};
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(Log),
                                          StringRef(Log)};
  int Rc =
      sys::ExecuteAndWait(*Bash, Args, std::nullopt, Redirects, 0, 0, &Message);
  if (Rc != 0) {
    Err << "smem-lint: error: " << Script << " failed (exit status " << Rc
        << (Message.empty() ? "" : ": " + Message) << "); see " << Log
        << " and " << Dir << "/raw\n";
    return VerifyCannotRun;
  }
  return compareDirectory(
      Dir, Options.Format, Out, Err,
      Options.Prepare.RunCommand.empty() ? nullptr : &Options.Program);
}

} // namespace verify
} // namespace smemlint
