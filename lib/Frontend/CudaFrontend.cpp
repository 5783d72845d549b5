//===--- CudaFrontend.cpp - Parse CUDA device code with Clang 19 ----------===//

#include "Frontend/CudaFrontend.h"

#include "Analysis/SourcePoints.h"
#include "Frontend/CompileErrors.h"
#include "Frontend/ConstantSharedIndices.h"
#include "Frontend/MissingTemplateKeyword.h"
#include "Frontend/PreambleCache.h"
#include "Frontend/Prelude.h"
#include "Frontend/UnconstructedShared.h"
#include "Report/CheckInfo.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Stack.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/PrecompiledPreamble.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <cstdlib>
#include <map>

using namespace clang;

namespace smemlint {
namespace {

bool hasCudaHeaders(const std::string &Path) {
  llvm::SmallString<256> Header(Path);
  llvm::sys::path::append(Header, "include", "cuda_runtime.h");
  return llvm::sys::fs::exists(Header);
}

/// "13.0" from `#define CUDA_VERSION 13000` in include/cuda.h.
std::string toolkitVersion(const std::string &Path) {
  llvm::SmallString<256> Header(Path);
  llvm::sys::path::append(Header, "include", "cuda.h");
  auto Buffer = llvm::MemoryBuffer::getFile(Header);
  if (!Buffer)
    return "";
  StringRef Text = (*Buffer)->getBuffer();
  size_t At = Text.find("#define CUDA_VERSION ");
  if (At == StringRef::npos)
    return "";
  unsigned Version = 0;
  if (Text.drop_front(At + strlen("#define CUDA_VERSION "))
          .take_while(llvm::isDigit)
          .getAsInteger(10, Version))
    return "";
  return std::to_string(Version / 1000) + "." +
         std::to_string(Version % 1000 / 10);
}

/// Collects the compiler's errors (with their notes) for the file being
/// parsed; warnings about the user's code are the compiler's business.
class CompileErrorCollector : public DiagnosticConsumer {
public:
  std::vector<Diagnostic> Errors;
  /// Where and which, one per error: to decide which stop the analysis.
  std::vector<CompileErrorSite> Sites;
  /// Constant indices past an array's bounds (-Warray-bounds).
  std::vector<ConstantIndexWarning> ConstantIndices;

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    llvm::SmallString<256> Message;
    Info.FormatDiagnostic(Message);
    SourcePoint Where;
    if (Info.hasSourceManager() && Info.getLocation().isValid())
      Where = toSourcePoint(Info.getSourceManager(), Info.getLocation());
    if (Level >= DiagnosticsEngine::Error) {
      Diagnostic D;
      D.Check = findings::CompileError;
      D.Origin = FindingOrigin::Compiler;
      D.Level = Severity::Error;
      D.Where = Where;
      D.Message = Message.str().str();
      Errors.push_back(std::move(D));
      Sites.push_back({Info.getLocation(), Info.getID()});
      LastWasError = true;
    } else if (Level == DiagnosticsEngine::Warning &&
               (Info.getID() == diag::warn_array_index_exceeds_bounds ||
                Info.getID() == diag::warn_array_index_precedes_bounds)) {
      ConstantIndices.push_back({Info.getLocation(), Message.str().str()});
      LastWasError = false;
    } else if (Level == DiagnosticsEngine::Note && LastWasError) {
      Errors.back().Notes.push_back({Where, Message.str().str(), {}});
    } else {
      LastWasError = false;
    }
  }

private:
  bool LastWasError = false;
};

/// The absolute path without `.` and `..`, to match a file ClangTool ran on
/// with the name the user gave.
std::string normalizedPath(StringRef File) {
  llvm::SmallString<256> Path(File);
  llvm::sys::fs::make_absolute(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return Path.str().str();
}

/// Per file analysed, what its second parse reads (SecondParse.h).
using ReparseTexts = std::map<std::string, SecondParse>;

class AnalysisConsumer : public ASTConsumer {
public:
  AnalysisConsumer(const AnalysisOptions &Options, FileReport &Report,
                   CompileErrorCollector &Errors, CompilerInstance &Compiler,
                   ReparseTexts *Reparse)
      : Options(Options), Report(Report), Errors(Errors), Compiler(Compiler),
        Reparse(Reparse) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    // Only a second parse (SecondParse.h) has the stand-ins these look for.
    if (!Reparse) {
      restoreUnconstructedShared(Ctx, Report.Diagnostics);
      noteAddedTemplateKeywords(Ctx, Report.Diagnostics);
    } else {
      SecondParse Again;
      unconstructedSharedRewrite(Ctx, Errors.Sites, Again);
      missingTemplateKeywordRewrite(Ctx, Errors.Sites, Again);
      // The second parse's report replaces this one.
      if (!Again.empty()) {
        (*Reparse)[normalizedPath(Report.File)] = std::move(Again);
        return;
      }
    }
    reclassifyCompileErrors(Ctx, Errors.Errors, Errors.Sites);
    DeviceCodeGenInputs Device;
    Device.HeaderSearch = &Compiler.getHeaderSearchOpts();
    Device.Preprocessor = &Compiler.getPreprocessorOpts();
    Device.CodeGen = &Compiler.getCodeGenOpts();
    Device.FileSystem = Compiler.getFileManager().getVirtualFileSystemPtr();
    FileReport Analysed = analyzeTranslationUnit(Ctx, Options, &Device);
    Report.Kernels = std::move(Analysed.Kernels);
    Report.ExternalLaunches = std::move(Analysed.ExternalLaunches);
    Report.ExternalOptIns = std::move(Analysed.ExternalOptIns);
    llvm::append_range(Report.Diagnostics, Analysed.Diagnostics);
    reportConstantSharedIndices(Ctx, Errors.ConstantIndices,
                                Report.Diagnostics);
  }

private:
  const AnalysisOptions &Options;
  FileReport &Report;
  CompileErrorCollector &Errors;
  CompilerInstance &Compiler;
  ReparseTexts *Reparse;
};

class AnalysisAction : public ASTFrontendAction {
public:
  AnalysisAction(const AnalysisOptions &Options,
                 std::map<std::string, FileReport> &Reports,
                 CompileErrorCollector &Errors, ReparseTexts *Reparse)
      : Options(Options), Reports(Reports), Errors(Errors), Reparse(Reparse) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &Compiler,
                                                 StringRef File) override {
    FileReport &Report = Reports[normalizedPath(File)];
    Report.File = File.str();
    // A file given twice in a compile database is reported once.
    Report.Kernels.clear();
    Report.Diagnostics.clear();
    Report.ExternalLaunches.clear();
    Report.ExternalOptIns.clear();
    Report.HadCompileErrors = false;
    Errors.Errors.clear();
    Errors.Sites.clear();
    return std::make_unique<AnalysisConsumer>(Options, Report, Errors, Compiler,
                                              Reparse);
  }

  void EndSourceFileAction() override {
    FileReport &Report = Reports[normalizedPath(getCurrentFile())];
    Report.File = getCurrentFile().str();
    if (llvm::any_of(Errors.Errors, [](const Diagnostic &D) {
          return D.Check == findings::CompileError;
        }))
      Report.HadCompileErrors = true;
    Report.Diagnostics.insert(Report.Diagnostics.begin(),
                              Errors.Errors.begin(), Errors.Errors.end());
    if (getCompilerInstance().hasSourceManager())
      recordIncludeChains(getCompilerInstance().getSourceManager(),
                          Report.Diagnostics);
    Errors.Errors.clear();
    Errors.Sites.clear();
  }

private:
  const AnalysisOptions &Options;
  std::map<std::string, FileReport> &Reports;
  CompileErrorCollector &Errors;
  ReparseTexts *Reparse;
};

class AnalysisActionFactory : public tooling::FrontendActionFactory {
public:
  AnalysisActionFactory(const AnalysisOptions &Options,
                        std::map<std::string, FileReport> &Reports,
                        CompileErrorCollector &Errors, ReparseTexts *Reparse)
      : Options(Options), Reports(Reports), Errors(Errors), Reparse(Reparse) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<AnalysisAction>(Options, Reports, Errors, Reparse);
  }

private:
  const AnalysisOptions &Options;
  std::map<std::string, FileReport> &Reports;
  CompileErrorCollector &Errors;
  ReparseTexts *Reparse;
};

} // namespace

ParseMode resolveParseMode(const FrontendOptions &Options) {
  ParseMode Mode;
  if (Options.ForcePrelude)
    return Mode;
  std::vector<std::string> Candidates;
  if (!Options.CudaPath.empty())
    Candidates.push_back(Options.CudaPath);
  else {
    if (const char *Env = std::getenv("CUDA_PATH"))
      Candidates.push_back(Env);
    Candidates.push_back("/usr/local/cuda");
  }
  for (const std::string &Path : Candidates)
    if (!Path.empty() && hasCudaHeaders(Path)) {
      Mode.UsesToolkit = true;
      Mode.CudaPath = Path;
      Mode.CudaVersion = toolkitVersion(Path);
      break;
    }
  return Mode;
}

std::vector<std::string> injectedFlags(const ParseMode &Mode,
                                       const ArchInfo &Arch,
                                       const FrontendOptions &Options) {
  std::vector<std::string> Flags = {
      "--cuda-device-only",
      "--cuda-gpu-arch=" + Arch.ParseAs.str(),
      "-Wno-unknown-cuda-version",
      "-Wno-unused-command-line-argument",
      // nvcc accepts 'register' in C++17 (HeCBench); Clang makes it an error.
      "-Wno-register",
      // Errors are classified one by one (CompileErrors.h), and Clang's
      // "too many errors" has no place to be judged by: room for a file's
      // host-code errors beyond Clang's default 20, yet a bound, since a
      // garbage file would give tens of thousands.
      "-ferror-limit=200",
      // Keeps Clang from printing "N errors generated": errors are ours to
      // report.
      "-fno-caret-diagnostics",
  };
  if (!Options.ResourceDir.empty())
    Flags.push_back("-resource-dir=" + Options.ResourceDir);
  // nvcc's __CUDACC_VER_MAJOR__ and _MINOR__ (the compatibility layer
  // defines them): the toolkit's version, or the CUDA 13 the prelude
  // declares.
  StringRef Major = "13", Minor = "0";
  if (Mode.UsesToolkit && !Mode.CudaVersion.empty())
    std::tie(Major, Minor) = StringRef(Mode.CudaVersion).split('.');
  Flags.push_back("-D__SMEM_LINT_CUDA_MAJOR__=" + Major.str());
  Flags.push_back("-D__SMEM_LINT_CUDA_MINOR__=" +
                  (Minor.empty() ? std::string("0") : Minor.str()));
  if (Mode.UsesToolkit) {
    Flags.push_back("--cuda-path=" + Mode.CudaPath);
    Flags.push_back("-isystem");
    Flags.push_back(cuda13ShimDirectory().str());
    Flags.push_back("-include");
    Flags.push_back((cuda13ShimDirectory() + "/" + compatibilityFileName()).str());
    llvm::SmallString<256> Cccl(Mode.CudaPath);
    llvm::sys::path::append(Cccl, "include", "cccl");
    if (llvm::sys::fs::is_directory(Cccl)) {
      Flags.push_back("-isystem");
      Flags.push_back(Cccl.str().str());
    }
  } else {
    Flags.push_back("-nocudainc");
    Flags.push_back("-nocudalib");
    Flags.push_back("-isystem");
    Flags.push_back(preludeDirectory().str());
    Flags.push_back("-include");
    Flags.push_back((preludeDirectory() + "/" + preludeFileName()).str());
    Flags.push_back("-include");
    Flags.push_back((preludeDirectory() + "/" + compatibilityFileName()).str());
  }
  return Flags;
}

namespace {

/// In every `asm(...)` statement of \p Text, the comma nvcc lets operands
/// go without (`"r"(a) "l"(p)`, in cuda-samples) written into the space
/// before the second, in \p Result (a copy of \p Text).
void addMissingAsmOperandCommas(StringRef Text, std::string &Result) {
  for (size_t At = 0; (At = Text.find("asm", At)) != StringRef::npos; At += 3) {
    // asm, __asm, __asm__, not a name that contains "asm".
    if ((At > 0 && llvm::isAlnum(Text[At - 1])) ||
        (At + 3 < Text.size() && llvm::isAlnum(Text[At + 3])))
      continue;
    size_t Open = Text.find('(', At);
    if (Open == StringRef::npos ||
        Text.slice(At, Open).find_first_of(";{}") != StringRef::npos)
      continue;
    // Walk the statement's parentheses, outside string literals; an operand
    // ends at a ')' closing a '(' that follows a string literal.
    int Depth = 0;
    bool InString = false, AfterString = false;
    std::vector<bool> OperandParens;
    for (size_t I = Open; I < Text.size(); ++I) {
      char C = Text[I];
      if (InString) {
        if (C == '\\')
          ++I;
        else if (C == '"')
          InString = false, AfterString = true;
        continue;
      }
      if (C == '"') {
        InString = true;
        continue;
      }
      if (C == '(') {
        OperandParens.push_back(AfterString);
        ++Depth;
      } else if (C == ')') {
        bool Operand = !OperandParens.empty() && OperandParens.back();
        if (!OperandParens.empty())
          OperandParens.pop_back();
        if (--Depth == 0)
          break;
        size_t Next = I + 1;
        while (Next < Text.size() && llvm::isSpace(Text[Next]))
          ++Next;
        // The comma takes a space's or a tab's place, never a line break's:
        // lines must stay where they are.
        if (Operand && Next < Text.size() && Text[Next] == '"')
          for (size_t Gap = I + 1; Gap < Next; ++Gap)
            if (Text[Gap] == ' ' || Text[Gap] == '\t') {
              Result[Gap] = ',';
              break;
            }
      }
      if (!llvm::isSpace(C))
        AfterString = false;
    }
  }
}

} // namespace

std::string withNvccSpellings(StringRef Text) {
  std::string Result = Text.str();
  addMissingAsmOperandCommas(Text, Result);
  auto IsIdentifier = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  size_t From = 0;
  for (size_t At; (At = Text.find("__shared__", From)) != StringRef::npos;) {
    From = At + strlen("__shared__");
    if ((At > 0 && IsIdentifier(Text[At - 1])) ||
        (From < Text.size() && IsIdentifier(Text[From])))
      continue;
    auto IsBlank = [](char C) { return C == ' ' || C == '\t'; };
    size_t Align = From;
    while (Align < Text.size() && IsBlank(Text[Align]))
      ++Align;
    if (Align == From || !Text.substr(Align).starts_with("alignas"))
      continue;
    size_t Open = Align + strlen("alignas");
    while (Open < Text.size() && IsBlank(Text[Open]))
      ++Open;
    if (Open >= Text.size() || Text[Open] != '(')
      continue;
    size_t End = Open;
    for (int Depth = 0; End < Text.size(); ++End) {
      Depth += Text[End] == '(' ? 1 : Text[End] == ')' ? -1 : 0;
      if (Depth == 0)
        break;
    }
    if (End >= Text.size())
      continue;
    ++End;
    // The specifiers before __shared__ that must follow the attribute too:
    // `extern __shared__ alignas(16) char s[];`.
    size_t Start = At;
    for (bool Moved = true; Moved;) {
      Moved = false;
      size_t Word = Start;
      while (Word > 0 && IsBlank(Text[Word - 1]))
        --Word;
      for (StringRef Specifier : {"extern", "static"})
        if (Word >= Specifier.size() &&
            Text.substr(Word - Specifier.size(), Specifier.size()) ==
                Specifier &&
            (Word == Specifier.size() ||
             !IsIdentifier(Text[Word - Specifier.size() - 1]))) {
          Start = Word - Specifier.size();
          Moved = true;
        }
    }
    // Only within one line: a moved line break would move every line after.
    if (Text.slice(Start, End).find_first_of("\n\\") != StringRef::npos)
      continue;
    StringRef Specifiers = Text.slice(Start, From);
    StringRef Between = Text.slice(From, Align);
    StringRef Attribute = Text.slice(Align, End);
    Result.replace(Start, End - Start,
                   (Attribute + Between + Specifiers).str());
    From = End;
  }
  return Result;
}

std::optional<std::string>
compileCommandTarget(const std::vector<std::string> &Command) {
  std::vector<std::string> Named;
  // "sm_80", "compute_80", "[sm_80,compute_80]", "native"...: the names in a
  // flag's value that are targets.
  auto Collect = [&](StringRef Value) {
    SmallVector<StringRef, 4> Parts;
    Value.split(Parts, ',', -1, /*KeepEmpty=*/false);
    for (StringRef Part : Parts) {
      Part = Part.trim().trim("[]\"'");
      if (Part.consume_front("arch=") || Part.consume_front("code="))
        Part = Part.trim("[]\"'");
      if (findArch(Part))
        Named.push_back(findArch(Part)->Name.str());
    }
  };
  static const char *const Flags[] = {
      "-arch",          "--gpu-architecture", "-gencode",      "--generate-code",
      "-code",          "--gpu-code",         "--cuda-gpu-arch", "--offload-arch"};
  for (size_t I = 1; I < Command.size(); ++I) {
    StringRef Arg = Command[I];
    for (StringRef Flag : Flags) {
      if (Arg == Flag && I + 1 < Command.size())
        Collect(Command[I + 1]);
      else if (Arg.starts_with(Flag) &&
               Arg.drop_front(Flag.size()).starts_with("="))
        Collect(Arg.drop_front(Flag.size() + 1));
    }
  }
  const ArchInfo *Best = nullptr;
  for (const std::string &Name : Named) {
    const ArchInfo *Arch = findArch(Name);
    if (!Best || Arch->ComputeCapability > Best->ComputeCapability ||
        (Arch->ComputeCapability == Best->ComputeCapability &&
         Arch->Suffix == "a" && Best->Suffix != "a"))
      Best = Arch;
  }
  if (!Best)
    return std::nullopt;
  return Best->Name.str();
}

std::vector<std::string>
translateCompileCommand(const std::vector<std::string> &Command) {
  // Flags that take the next argument when written apart.
  auto TakesValue = [](StringRef Flag) {
    return llvm::StringSwitch<bool>(Flag)
        .Cases("-Xcompiler", "--compiler-options", "-Xptxas",
               "--ptxas-options", true)
        .Cases("-Xnvlink", "--nvlink-options", "-Xcudafe", "-ccbin",
               "--compiler-bindir", true)
        .Cases("-gencode", "--generate-code", "-arch", "--gpu-architecture",
               "-code", true)
        .Cases("--gpu-code", "-x", "-rdc", "--relocatable-device-code",
               "-maxrregcount", true)
        .Cases("--maxrregcount", "--default-stream", "-default-stream",
               "--diag-suppress", "-diag-suppress", true)
        .Default(false);
  };
  // nvcc-only flags, and arch flags (smem-lint sets its own), written with
  // their value attached.
  auto DroppedWithValue = [](StringRef Flag) {
    static const char *const Prefixes[] = {
        "-Xcompiler=", "--compiler-options=", "-Xptxas=", "--ptxas-options=",
        "-Xnvlink=", "--nvlink-options=", "-ccbin=", "--compiler-bindir=",
        "-gencode=", "--generate-code=", "-arch=", "--gpu-architecture=",
        "-code=", "--gpu-code=", "-rdc=", "--relocatable-device-code=",
        "--cuda-gpu-arch=", "--offload-arch=", "-maxrregcount=",
        "--maxrregcount=", "--default-stream=", "--diag-suppress=",
        "-diag-suppress=", "--expt-", "-expt-", "--Werror=", "--cuda-path="};
    return llvm::any_of(Prefixes, [&](const char *Prefix) {
      return Flag.starts_with(Prefix);
    });
  };
  auto DroppedAlone = [](StringRef Flag) {
    return llvm::StringSwitch<bool>(Flag)
        .Cases("-forward-unknown-to-host-compiler",
               "--forward-unknown-to-host-compiler",
               "-Wno-deprecated-gpu-targets", "--use_fast_math",
               "-use_fast_math", true)
        .Cases("--extended-lambda", "-extended-lambda", "--cuda-device-only",
               "--cuda-host-only", "-lineinfo", true)
        .Cases("--keep", "-dc", "-dlink", "-G", "--device-debug",
               "--resource-usage", true)
        .Default(false);
  };
  std::vector<std::string> Out;
  for (size_t I = 0; I < Command.size(); ++I) {
    StringRef Arg = Command[I];
    if (I == 0) {
      Out.push_back(Command[I]);
      continue;
    }
    if (TakesValue(Arg)) {
      ++I; // the value goes with it
      continue;
    }
    if (DroppedWithValue(Arg) || DroppedAlone(Arg) ||
        (Arg.starts_with("-x") && Arg.size() > 2))
      continue;
    if (Arg.starts_with("--std=")) {
      Out.push_back("-std=" + Arg.drop_front(6).str());
      continue;
    }
    if (Arg.starts_with("-isystem=")) {
      Out.push_back("-isystem");
      Out.push_back(Arg.drop_front(9).str());
      continue;
    }
    Out.push_back(Command[I]);
  }
  return Out;
}

namespace {

/// Turns a compile command into the device-side syntax-only parse smem-lint
/// runs; shared by analyzeFiles and parseCommandLines so that the printed
/// command is the one parsed.
tooling::ArgumentsAdjuster
parseArgumentsAdjuster(const ParseMode &Mode, const ArchInfo &Arch,
                       const FrontendOptions &FrontendOpts) {
  tooling::ArgumentsAdjuster Adjuster =
      [](const tooling::CommandLineArguments &Args, StringRef) {
        return translateCompileCommand(Args);
      };
  for (tooling::ArgumentsAdjuster Next :
       {tooling::getClangStripOutputAdjuster(),
        tooling::getClangSyntaxOnlyAdjuster(),
        tooling::getClangStripDependencyFileAdjuster(),
        tooling::getInsertArgumentAdjuster(
            {"-x", "cuda"}, tooling::ArgumentInsertPosition::BEGIN),
        tooling::getInsertArgumentAdjuster(
            injectedFlags(Mode, Arch, FrontendOpts),
            tooling::ArgumentInsertPosition::END)})
    Adjuster = tooling::combineAdjusters(std::move(Adjuster), std::move(Next));
  return Adjuster;
}

/// A modification time that changes with \p Text. A preamble is reused
/// while the files it read keep their sizes and times; an edited buffer of
/// the same size must not look unchanged. Below 2^31 seconds, which every
/// time conversion holds.
time_t contentTime(StringRef Text) {
  return time_t(llvm::xxh3_64bits(Text) % (uint64_t(1) << 31)) + 1;
}

/// Parses \p File once, as analyzeFiles' ClangTool run does (its compile
/// command through \p Adjuster, \p Texts and \p VirtualFiles over the
/// files on disk, the working directory the command's), but on top of its
/// preamble from \p Preambles. False, having done nothing, when the file
/// needs that run instead: not exactly one compile command, or no preamble
/// (one with errors is left to the whole parse to report).
bool parseWithPreamble(
    const tooling::CompilationDatabase &Database, const std::string &File,
    const std::map<std::string, std::string> &Texts,
    llvm::ArrayRef<std::pair<std::string, StringRef>> VirtualFiles,
    const tooling::ArgumentsAdjuster &Adjuster,
    const AnalysisOptions &AnalysisOpts,
    std::map<std::string, FileReport> &Reports, ReparseTexts &Reparse,
    PreambleCache &Preambles) {
  std::vector<tooling::CompileCommand> Commands =
      Database.getCompileCommands(File);
  if (Commands.size() != 1)
    return false;
  const tooling::CompileCommand &Command = Commands.front();
  std::vector<std::string> CommandLine =
      Adjuster(Command.CommandLine, Command.Filename);
  // ClangTool adds the resource directory when the command has none.
  if (CommandLine.empty() ||
      llvm::none_of(CommandLine, [](const std::string &Arg) {
        return StringRef(Arg).starts_with("-resource-dir");
      }))
    return false;

  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  for (const auto &[Path, Text] : Texts)
    Memory->addFile(Path, contentTime(Text),
                    llvm::MemoryBuffer::getMemBuffer(Text, Path, false));
  for (const auto &[Path, Text] : VirtualFiles)
    Memory->addFile(Path, 0,
                    llvm::MemoryBuffer::getMemBuffer(Text, Path, false));
  // As ClangTool: the process's file system, in the command's directory,
  // which relative paths in the command and the report are relative to.
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  Overlay->pushOverlay(Memory);
  llvm::SmallString<256> InitialDirectory;
  llvm::sys::fs::current_path(InitialDirectory);
  if (Overlay->setCurrentWorkingDirectory(Command.Directory))
    return false;
  auto RestoreDirectory = llvm::make_scope_exit([&] {
    if (!InitialDirectory.empty())
      llvm::sys::fs::set_current_path(InitialDirectory);
  });

  CompileErrorCollector Errors;
  std::vector<const char *> Argv;
  for (const std::string &Arg : CommandLine)
    Argv.push_back(Arg.c_str());
  CreateInvocationOptions InvocationOptions;
  InvocationOptions.Diags = CompilerInstance::createDiagnostics(
      new DiagnosticOptions, &Errors, /*ShouldOwnClient=*/false);
  InvocationOptions.VFS = Overlay;
  std::shared_ptr<CompilerInvocation> Invocation =
      createInvocation(Argv, InvocationOptions);
  if (!Invocation || Invocation->getFrontendOpts().Inputs.size() != 1)
    return false;
  Invocation->getFrontendOpts().DisableFree = false;
  Invocation->getCodeGenOpts().DisableFree = false;
  StringRef MainPath = Invocation->getFrontendOpts().Inputs[0].getFile();
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> MainText =
      Overlay->getBufferForFile(MainPath);
  if (!MainText)
    return false;
  const PrecompiledPreamble *Preamble = Preambles.preambleFor(
      File, CommandLine, *Invocation, **MainText, Overlay);
  if (!Preamble)
    return false;

  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> ParseFiles = Overlay;
  Preamble->AddImplicitPreamble(*Invocation, ParseFiles, MainText->get());
  // The main text stays ours: it outlives the compiler below.
  Invocation->getPreprocessorOpts().RetainRemappedFileBuffers = true;
  CompilerInstance Compiler(std::make_shared<PCHContainerOperations>());
  Compiler.setInvocation(std::move(Invocation));
  Compiler.createDiagnostics(&Errors, /*ShouldOwnClient=*/false);
  Compiler.createFileManager(ParseFiles);
  Compiler.createSourceManager(Compiler.getFileManager());
  AnalysisAction Action(AnalysisOpts, Reports, Errors, &Reparse);
  Compiler.ExecuteAction(Action);
  return true;
}

} // namespace

std::vector<std::vector<std::string>>
parseCommandLines(const tooling::CompilationDatabase &Database,
                  llvm::ArrayRef<std::string> Files, const ParseMode &Mode,
                  const FrontendOptions &FrontendOpts, const ArchInfo &Arch,
                  StringRef VirtualFilesDir) {
  auto Relocated = [&](StringRef Arg) {
    if (VirtualFilesDir.empty())
      return Arg.str();
    std::string Text = Arg.str();
    for (StringRef Virtual : {preludeDirectory(), cuda13ShimDirectory()}) {
      std::string Real =
          (VirtualFilesDir + "/" + llvm::sys::path::filename(Virtual)).str();
      for (size_t At = Text.find(Virtual.str()); At != std::string::npos;
           At = Text.find(Virtual.str(), At + Real.size()))
        Text.replace(At, Virtual.size(), Real);
    }
    return Text;
  };
  if (!VirtualFilesDir.empty()) {
    auto Write =
        [&](StringRef Virtual,
            const std::vector<std::pair<StringRef, StringRef>> &Files) {
          llvm::SmallString<256> Dir(VirtualFilesDir);
          llvm::sys::path::append(Dir, llvm::sys::path::filename(Virtual));
          llvm::sys::fs::create_directories(Dir);
          for (const auto &[Name, Text] : Files) {
            llvm::SmallString<256> Path(Dir);
            llvm::sys::path::append(Path, Name);
            std::error_code Error;
            llvm::raw_fd_ostream Out(Path, Error);
            if (!Error)
              Out << Text;
          }
        };
    Write(preludeDirectory(), preludeFiles());
    Write(cuda13ShimDirectory(), cuda13ShimFiles());
  }
  tooling::ArgumentsAdjuster Adjuster =
      parseArgumentsAdjuster(Mode, Arch, FrontendOpts);
  std::vector<std::vector<std::string>> Commands;
  for (const std::string &File : Files)
    for (const tooling::CompileCommand &Command :
         Database.getCompileCommands(File)) {
      std::vector<std::string> Line;
      for (const std::string &Arg :
           Adjuster(Command.CommandLine, Command.Filename))
        Line.push_back(Relocated(Arg));
      Commands.push_back(std::move(Line));
    }
  return Commands;
}

std::vector<FileReport>
analyzeFiles(const tooling::CompilationDatabase &Database,
             llvm::ArrayRef<std::string> Files, const ParseMode &Mode,
             const FrontendOptions &FrontendOpts,
             const AnalysisOptions &AnalysisOpts,
             const std::map<std::string, std::string> &Unsaved,
             PreambleCache *Preambles) {
  // Clang moves deep recursion (a chain of thousands of unary operators,
  // deep template instantiation) onto a fresh stack only if it knows where
  // this thread's stack starts; without it such input overflows the stack.
  clang::noteBottomOfStack();
  // The files are parsed by absolute path: for a relative one with `..`
  // (`../cases/k.cu`), the text mapped below and the file the compile
  // command names were two different files to Clang, and the rewritten
  // spellings were silently not read.
  std::vector<std::string> AbsoluteFiles;
  for (const std::string &File : Files) {
    llvm::SmallString<256> Absolute(File);
    llvm::sys::fs::make_absolute(Absolute);
    AbsoluteFiles.push_back(std::string(Absolute));
  }
  // The texts the parse reads for the given files, with nvcc's spellings
  // rewritten.
  std::map<std::string, std::string> Rewritten;
  for (const auto &[Path, Contents] : Unsaved)
    Rewritten.emplace(Path, withNvccSpellings(Contents));
  // Files the caller did not hand over (runtime_verify's fixed copies) are
  // read here, so that every analysed file is read the same way.
  for (const std::string &File : AbsoluteFiles)
    if (!Unsaved.count(File))
      if (auto Buffer = llvm::MemoryBuffer::getFile(File)) {
        std::string Text = withNvccSpellings((*Buffer)->getBuffer());
        if (Text != (*Buffer)->getBuffer())
          Rewritten.emplace(File, std::move(Text));
      }
  std::vector<std::pair<std::string, StringRef>> VirtualFiles;
  for (const auto &[Name, Text] : preludeFiles())
    VirtualFiles.emplace_back((preludeDirectory() + "/" + Name).str(), Text);
  for (const auto &[Name, Text] : cuda13ShimFiles())
    VirtualFiles.emplace_back((cuda13ShimDirectory() + "/" + Name).str(), Text);

  std::map<std::string, FileReport> Reports;
  // One parse of \p Paths, reading \p Texts over the files they name
  // (mapVirtualFile keeps StringRefs: the maps outlive the run).
  auto Parse = [&](llvm::ArrayRef<std::string> Paths,
                   const std::map<std::string, std::string> &Texts,
                   ReparseTexts *Reparse,
                   llvm::ArrayRef<std::string> ExtraFlags) {
    tooling::ClangTool Tool(Database, Paths);
    for (const auto &[Path, Contents] : Texts)
      Tool.mapVirtualFile(Path, Contents);
    for (const auto &[Path, Text] : VirtualFiles)
      Tool.mapVirtualFile(Path, Text);
    Tool.clearArgumentsAdjusters();
    Tool.appendArgumentsAdjuster(
        parseArgumentsAdjuster(Mode, *AnalysisOpts.Arch, FrontendOpts));
    if (!ExtraFlags.empty())
      Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
          tooling::CommandLineArguments(ExtraFlags.begin(), ExtraFlags.end()),
          tooling::ArgumentInsertPosition::END));
    CompileErrorCollector Errors;
    Tool.setDiagnosticConsumer(&Errors);
    Tool.setPrintErrorMessage(false);
    AnalysisActionFactory Factory(AnalysisOpts, Reports, Errors, Reparse);
    Tool.run(&Factory);
  };
  ReparseTexts Reparse;
  std::vector<std::string> ParsedWhole;
  for (const std::string &File : AbsoluteFiles)
    if (!Preambles ||
        !parseWithPreamble(
            Database, File, Rewritten, VirtualFiles,
            parseArgumentsAdjuster(Mode, *AnalysisOpts.Arch, FrontendOpts),
            AnalysisOpts, Reports, Reparse, *Preambles))
      ParsedWhole.push_back(File);
  if (!Preambles || !ParsedWhole.empty())
    Parse(ParsedWhole, Rewritten, &Reparse, {});
  // Files with code Clang rejects and a spelling of it accepts (a
  // __shared__ object that has a constructor, a member template named
  // without `template`) are read again with those spellings (SecondParse.h);
  // that report replaces the first.
  for (auto &[File, Again] : Reparse) {
    for (const auto &[Path, Contents] : Rewritten)
      Again.Texts.emplace(normalizedPath(Path), Contents);
    auto Found =
        llvm::find_if(AbsoluteFiles, [&, &File = File](const std::string &F) {
          return normalizedPath(F) == File;
        });
    if (Found != AbsoluteFiles.end())
      Parse({*Found}, Again.Texts, nullptr, Again.Flags);
  }

  std::vector<FileReport> Ordered;
  for (const std::string &File : Files) {
    auto It = Reports.find(normalizedPath(File));
    if (It != Reports.end()) {
      Ordered.push_back(std::move(It->second));
      Reports.erase(It);
      continue;
    }
    FileReport Missing;
    Missing.File = File;
    Missing.HadCompileErrors = true;
    Diagnostic Unparsed;
    Unparsed.Check = findings::CompileError;
    Unparsed.Origin = FindingOrigin::Compiler;
    Unparsed.Level = Severity::Error;
    Unparsed.Where = {File, 0, 0, 0};
    Unparsed.Message = "the file could not be parsed";
    Missing.Diagnostics.push_back(std::move(Unparsed));
    Ordered.push_back(std::move(Missing));
  }
  return Ordered;
}

} // namespace smemlint
