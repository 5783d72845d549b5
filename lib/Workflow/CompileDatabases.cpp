//===--- CompileDatabases.cpp - Where a file's compile command comes from -===//

#include "Workflow/CompileDatabases.h"

#include "Workflow/AnalysisSession.h"

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>
#include <mutex>

namespace smemlint {
namespace {

using clang::tooling::CompilationDatabase;
using clang::tooling::CompileCommand;

/// Each file's nearest database, loaded once per directory. Analyses on
/// several threads (-j) ask at once.
class NearestDatabases : public CompilationDatabase {
public:
  std::vector<CompileCommand>
  getCompileCommands(llvm::StringRef FilePath) const override {
    llvm::SmallString<256> Absolute(FilePath);
    llvm::sys::fs::make_absolute(Absolute);
    std::string Dir = findDatabaseDirectory(Absolute);
    std::lock_guard<std::mutex> Lock(Mutex);
    auto [It, Added] = Loaded.try_emplace(Dir);
    if (Added && !Dir.empty()) {
      std::string Ignored;
      It->second = CompilationDatabase::loadFromDirectory(Dir, Ignored);
    }
    if (It->second) {
      std::vector<CompileCommand> Commands =
          It->second->getCompileCommands(Absolute);
      if (!Commands.empty())
        return Commands;
    }
    // Not listed anywhere: no flags, as without a database.
    return clang::tooling::FixedCompilationDatabase(
               llvm::sys::path::parent_path(Absolute), {})
        .getCompileCommands(Absolute);
  }

private:
  mutable std::mutex Mutex;
  mutable std::map<std::string, std::unique_ptr<CompilationDatabase>> Loaded;
};

} // namespace

std::string findDatabaseDirectory(llvm::StringRef File) {
  for (llvm::StringRef Dir = llvm::sys::path::parent_path(File); !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    for (const char *Sub : {"", "build"}) {
      llvm::SmallString<256> Candidate(Dir);
      llvm::sys::path::append(Candidate, Sub);
      for (const char *Name : {"compile_commands.json", "compile_flags.txt"}) {
        llvm::SmallString<256> Database(Candidate);
        llvm::sys::path::append(Database, Name);
        if (llvm::sys::fs::exists(Database))
          return Candidate.str().str();
      }
    }
  }
  return "";
}

namespace {

/// \p Args with the relative paths of include flags (`-Iinclude`,
/// `-isystem third_party`) made absolute against the current directory:
/// flags typed on smem-lint's command line are relative to where it runs,
/// while a command from a compile database runs in the database's directory.
std::vector<std::string> anchoredArguments(std::vector<std::string> Args) {
  static const char *const PathFlags[] = {"-I", "-isystem", "-iquote",
                                          "-idirafter", "-include"};
  auto Anchor = [](std::string &Path) {
    if (Path.empty() || llvm::sys::path::is_absolute(Path))
      return;
    llvm::SmallString<256> Absolute(Path);
    llvm::sys::fs::make_absolute(Absolute);
    Path = Absolute.str().str();
  };
  for (size_t I = 0; I < Args.size(); ++I)
    for (llvm::StringRef Flag : PathFlags) {
      if (Args[I] == Flag && I + 1 < Args.size()) {
        Anchor(Args[++I]);
        break;
      }
      if (llvm::StringRef(Args[I]).starts_with(Flag) &&
          Args[I].size() > Flag.size() && Flag != "-include") {
        std::string Path = Args[I].substr(Flag.size());
        Anchor(Path);
        Args[I] = Flag.str() + Path;
        break;
      }
    }
  return Args;
}

} // namespace

std::unique_ptr<CompilationDatabase>
commandLineDatabase(const DatabaseRequest &Request, std::string &Error) {
  std::unique_ptr<CompilationDatabase> Database;
  if (Request.FlagsAfterDashDash) {
    // As clang-tidy reads them: source files and -c among them are dropped.
    std::vector<const char *> Argv = {"smem-lint", "--"};
    for (const std::string &Flag : *Request.FlagsAfterDashDash)
      Argv.push_back(Flag.c_str());
    int Argc = Argv.size();
    std::string Why;
    Database = clang::tooling::FixedCompilationDatabase::loadFromCommandLine(
        Argc, Argv.data(), Why);
    if (!Database) {
      Error = "cannot read the flags after '--': " + Why;
      return nullptr;
    }
  } else if (!Request.BuildPath.empty()) {
    std::string Why;
    Database =
        CompilationDatabase::autoDetectFromDirectory(Request.BuildPath, Why);
    if (!Database) {
      Error = "no compile database at or above '" + Request.BuildPath +
              "': " + llvm::StringRef(Why).trim().str();
      return nullptr;
    }
  } else {
    Database = std::make_unique<NearestDatabases>();
  }
  if (Request.ExtraArgs.empty() && Request.ExtraArgsBefore.empty())
    return Database;
  using namespace clang::tooling;
  auto Adjusted =
      std::make_unique<ArgumentsAdjustingCompilations>(std::move(Database));
  Adjusted->appendArgumentsAdjuster(
      getInsertArgumentAdjuster(anchoredArguments(Request.ExtraArgsBefore),
                                ArgumentInsertPosition::BEGIN));
  Adjusted->appendArgumentsAdjuster(getInsertArgumentAdjuster(
      anchoredArguments(Request.ExtraArgs), ArgumentInsertPosition::END));
  return Adjusted;
}

std::vector<std::string>
cudaSourcesOf(const clang::tooling::CompilationDatabase &Database) {
  std::vector<std::string> Files;
  for (const std::string &File : Database.getAllFiles())
    if (unusableInput(File).empty())
      Files.push_back(File);
  llvm::sort(Files);
  Files.erase(std::unique(Files.begin(), Files.end()), Files.end());
  return Files;
}

} // namespace smemlint
