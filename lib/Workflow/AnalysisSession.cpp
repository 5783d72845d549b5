//===--- AnalysisSession.cpp - One smem-lint run over many files ----------===//

#include "Workflow/AnalysisSession.h"

#include "Workflow/ConfigFile.h"
#include "Workflow/CrossFileLaunches.h"
#include "Workflow/FindingPolicy.h"

#include "clang/Tooling/CompilationDatabase.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <mutex>

namespace smemlint {
namespace {

Diagnostic fileProblem(const std::string &File, const std::string &Check,
                       const std::string &Message) {
  Diagnostic D;
  D.Check = Check;
  D.Origin = FindingOrigin::Tool;
  D.Level = Severity::Error;
  D.Where.File = File;
  D.Message = Message;
  return D;
}

/// One file, ready to analyse.
struct FileTask {
  std::string File;
  /// Its text, as read when it was checked.
  std::string Contents;
  const ArchInfo *Arch = nullptr;
  AnalysisOptions Analysis;
  FindingPolicy Policy;
};

/// Prints "[3/40] kernels/foo.cu" over itself on stderr.
class ProgressLine {
public:
  ProgressLine(bool Enabled, size_t Total) : Enabled(Enabled), Total(Total) {}
  void finished(const std::string &File) {
    if (!Enabled)
      return;
    std::lock_guard<std::mutex> Lock(Mutex);
    ++Done;
    std::string Line =
        "[" + std::to_string(Done) + "/" + std::to_string(Total) + "] " + File;
    llvm::errs() << "\r" << Line
                 << std::string(Width > Line.size() ? Width - Line.size() : 0,
                                ' ');
    Width = Line.size();
    llvm::errs().flush();
  }
  ~ProgressLine() {
    if (Enabled && Done)
      llvm::errs() << "\r" << std::string(Width, ' ') << "\r";
  }

private:
  bool Enabled;
  size_t Total, Done = 0, Width = 0;
  std::mutex Mutex;
};

} // namespace

std::string unusableInput(const std::string &File, std::string *Contents) {
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(File, Status))
    return "no such file";
  if (llvm::sys::fs::is_directory(Status))
    return "is a directory, not a source file";
  // A FIFO, a socket or a device (/dev/zero) would block or never end.
  if (!llvm::sys::fs::is_regular_file(Status))
    return "is not a regular file (a pipe, socket or device); give a source "
           "file";
  auto Buffer = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return "cannot be read: " + Buffer.getError().message();
  llvm::StringRef Text = (*Buffer)->getBuffer();
  if (Text.find('\0') != llvm::StringRef::npos)
    return "is a binary file, not CUDA source";
  llvm::StringRef Extension = llvm::sys::path::extension(File);
  // Headers and .cpp files that hold kernels are CUDA too.
  if (Extension == ".cu" || Extension == ".cuh" ||
      Text.contains("__global__") || Text.contains("__device__") ||
      Text.contains("__shared__")) {
    if (Contents)
      *Contents = Text.str();
    return "";
  }
  return "is not a CUDA source file (expected a .cu or .cuh file, or one "
         "that declares __global__, __device__ or __shared__ code)";
}

std::string configFileFor(const SessionRequest &Request,
                          const std::string &File) {
  if (!Request.ConfigFile.empty())
    return Request.ConfigFile;
  return Request.UseConfigFiles ? findConfigFile(File) : "";
}

std::optional<FileSettings> settingsForFile(const SessionRequest &Request,
                                            const std::string &File,
                                            std::string &Error) {
  ProjectConfig Config;
  {
    std::string Path = configFileFor(Request, File);
    if (!Path.empty()) {
      std::string ReadError;
      std::optional<ProjectConfig> Read = readConfigFile(Path, ReadError);
      if (!Read) {
        Error = "invalid configuration " + ReadError;
        return std::nullopt;
      }
      Config = std::move(*Read);
    }
  }
  FileSettings Settings = mergeFileSettings(Request.CommandLine, Config);
  // Without --arch or a configured Arch, the target the file's own build
  // compiles for (-arch, -gencode, --cuda-gpu-arch in its compile command).
  if (!Settings.ArchGiven && Request.Database)
    for (const clang::tooling::CompileCommand &Command :
         Request.Database->getCompileCommands(File))
      if (std::optional<std::string> Target =
              compileCommandTarget(Command.CommandLine)) {
        Settings.Analysis.Arch = findArch(*Target);
        break;
      }
  return Settings;
}

SessionResult runSession(const SessionRequest &Request) {
  SessionResult Result;
  RunReport &Report = Result.Report;
  Report.Mode = Request.Mode.name();
  Report.CudaPath = Request.Mode.CudaPath;
  Report.CudaVersion = Request.Mode.CudaVersion;

  std::optional<Severity> FailOn;
  std::vector<std::optional<FileTask>> Tasks;
  for (const std::string &File : Request.Files) {
    Tasks.emplace_back();
    std::string Contents;
    std::string Problem = unusableInput(File, &Contents);
    if (!Problem.empty()) {
      Report.InputErrors.push_back(
          fileProblem(File, findings::InputError, "'" + File + "' " + Problem));
      continue;
    }
    std::string ConfigError;
    std::optional<FileSettings> Settings =
        settingsForFile(Request, File, ConfigError);
    if (!Settings) {
      Report.InputErrors.push_back(fileProblem(
          configFileFor(Request, File), findings::InputError, ConfigError));
      continue;
    }
    FileTask Task;
    Task.File = File;
    Task.Contents = std::move(Contents);
    Task.Arch = Settings->Analysis.Arch;
    Task.Analysis = std::move(Settings->Analysis);
    Task.Policy = std::move(Settings->Policy);
    // The command line, else the first configuration that sets it, decides
    // for the run.
    if (!FailOn)
      FailOn = Settings->FailOn;
    if (Report.Arch.empty()) {
      Report.Arch = Task.Arch->Name.str();
      Report.ParsedAs = Task.Arch->ParseAs.str();
    }
    Tasks.back() = std::move(Task);
  }
  Result.FailOn =
      FailOn.value_or(Request.CommandLine.FailOn.value_or(Severity::Warning));
  if (Report.Arch.empty()) {
    const ArchInfo *Arch = findArch(Request.CommandLine.Arch.value_or("sm_90"));
    Report.Arch = Arch->Name.str();
    Report.ParsedAs = Arch->ParseAs.str();
  }

  // Analyse; each file in its own crash guard, in parallel with --jobs.
  std::vector<std::optional<FileReport>> Analysed(Tasks.size());
  size_t Runnable = llvm::count_if(
      Tasks, [](const std::optional<FileTask> &T) { return T.has_value(); });
  ProgressLine Progress(Request.ShowProgress && Runnable > 4, Runnable);
  std::mutex ResultMutex;
  auto Analyse = [&](size_t Index, const AnalysisOptions &Options,
                     ProgressLine &Progress) {
    const FileTask &Task = *Tasks[Index];
    std::vector<FileReport> Files;
    llvm::CrashRecoveryContext Guard;
    // On a thread with a large stack: deeply nested input recurses deeply
    // in Clang's parser, and a stack overflow cannot be caught.
    bool Completed = Guard.RunSafelyOnThread(
        [&] {
          if (Request.CrashForTesting)
            LLVM_BUILTIN_TRAP;
          Files = analyzeFiles(*Request.Database, {Task.File}, Request.Mode,
                               Request.Frontend, Options,
                               {{Task.File, Task.Contents}});
        },
        AnalysisStackBytes);
    FileReport File;
    if (!Completed || Files.empty()) {
      File.File = Task.File;
      File.Diagnostics.push_back(fileProblem(
          Task.File, findings::InternalError,
          "smem-lint crashed while analysing '" + Task.File +
              "'; the other files were analysed. Please report this with "
              "the file"));
      std::lock_guard<std::mutex> Lock(ResultMutex);
      Result.Crashed = true;
    } else {
      File = std::move(Files.front());
      File.LaunchesFromOtherFiles = Options.LaunchesInOtherFiles;
      File.OptInsFromOtherFiles = Options.OptInsInOtherFiles;
    }
    applyFindingPolicy(File, Task.Policy);
    File.Arch = Task.Arch->Name.str();
    {
      std::lock_guard<std::mutex> Lock(ResultMutex);
      Analysed[Index] = std::move(File);
    }
    Progress.finished(Task.File);
  };
  // Each (file, options) of Work, on --jobs threads.
  auto AnalyseAll = [&](std::vector<std::pair<size_t, AnalysisOptions>> Work,
                        ProgressLine &Progress) {
    if (Request.Jobs <= 1 || Work.size() <= 1) {
      for (const auto &[Index, Options] : Work)
        Analyse(Index, Options, Progress);
      return;
    }
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(
        std::min<size_t>(Request.Jobs, Work.size())));
    for (size_t K = 0; K < Work.size(); ++K)
      Pool.async([&, K] { Analyse(Work[K].first, Work[K].second, Progress); });
    Pool.wait();
  };
  std::vector<std::pair<size_t, AnalysisOptions>> Work;
  for (size_t I = 0; I < Tasks.size(); ++I)
    if (Tasks[I])
      Work.emplace_back(I, Tasks[I]->Analysis);
  AnalyseAll(std::move(Work), Progress);
  // A kernel one file defines and another launches: the defining file again,
  // with the other's launches (CrossFileLaunches.h).
  CrossFilePlan AcrossFiles = usesAcrossFiles(Analysed);
  if (!AcrossFiles.Reanalyse.empty()) {
    std::vector<std::pair<size_t, AnalysisOptions>> Reanalyse;
    for (auto &[Index, Uses] : AcrossFiles.Reanalyse) {
      AnalysisOptions Options = Tasks[Index]->Analysis;
      Options.LaunchesInOtherFiles = std::move(Uses.Launches);
      Options.OptInsInOtherFiles = std::move(Uses.OptIns);
      Reanalyse.emplace_back(Index, std::move(Options));
    }
    ProgressLine Second(Request.ShowProgress && Reanalyse.size() > 4,
                        Reanalyse.size());
    AnalyseAll(std::move(Reanalyse), Second);
  }
  for (auto &[Index, Notes] : AcrossFiles.Notes)
    if (Analysed[Index])
      llvm::append_range(Analysed[Index]->Diagnostics, Notes);
  for (std::optional<FileReport> &File : Analysed)
    if (File)
      Report.Files.push_back(std::move(*File));
  return Result;
}

} // namespace smemlint
