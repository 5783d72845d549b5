//===--- FixApplication.cpp - --export-fixes and --fix --------------------===//

#include "Workflow/FixApplication.h"

#include "clang/Tooling/Core/Diagnostic.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>
#include <tuple>

namespace smemlint {
namespace {

/// Every fix-it of a diagnostic, its own and its notes'.
std::vector<const FixIt *> fixItsOf(const Diagnostic &D) {
  std::vector<const FixIt *> Fixes;
  for (const FixIt &Fix : D.FixIts)
    Fixes.push_back(&Fix);
  for (const DiagnosticNote &Note : D.Notes)
    for (const FixIt &Fix : Note.FixIts)
      Fixes.push_back(&Fix);
  return Fixes;
}

clang::tooling::Replacement toReplacement(const FixIt &Fix) {
  return clang::tooling::Replacement(Fix.Where.File, Fix.Where.Offset,
                                     Fix.Length, Fix.Replacement);
}

} // namespace

bool exportFixes(const RunReport &Report, llvm::StringRef Path,
                 std::string &Error) {
  clang::tooling::TranslationUnitDiagnostics Document;
  if (!Report.Files.empty())
    Document.MainSourceFile = Report.Files.front().File;
  for (const FileReport &File : Report.Files)
    for (const Diagnostic &D : File.Diagnostics) {
      std::vector<const FixIt *> Fixes = fixItsOf(D);
      if (Fixes.empty())
        continue;
      clang::tooling::DiagnosticMessage Message;
      Message.Message = renderMessage(D);
      Message.FilePath = D.Where.File;
      Message.FileOffset = D.Where.Offset;
      for (const FixIt *Fix : Fixes) {
        // Repeated findings (one per access of an array) carry the same
        // fix; the YAML holds each change once.
        llvm::Error Added = Message.Fix[Fix->Where.File].add(toReplacement(*Fix));
        llvm::consumeError(std::move(Added));
      }
      Document.Diagnostics.emplace_back(
          D.Check, Message, llvm::SmallVector<clang::tooling::DiagnosticMessage, 1>(),
          D.Level == Severity::Error ? clang::tooling::Diagnostic::Error
                                     : clang::tooling::Diagnostic::Warning,
          "");
    }
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Text);
  if (EC) {
    Error = "cannot write '" + Path.str() + "': " + EC.message();
    return false;
  }
  {
    llvm::yaml::Output YAML(OS);
    YAML << Document;
  }
  // A full disk shows only when the data is flushed; unchecked, the stream
  // would abort the process at its destruction.
  OS.close();
  if (OS.has_error()) {
    Error = "cannot write '" + Path.str() + "': " + OS.error().message();
    OS.clear_error();
    return false;
  }
  return true;
}

FixOutcome applyFixes(const RunReport &Report,
                      llvm::sys::TimePoint<> AnalysisStart) {
  // File -> the distinct fix-its for it, in report order.
  std::map<std::string, std::vector<FixIt>> ByFile;
  std::set<std::tuple<std::string, unsigned, unsigned, std::string>> Seen;
  for (const FileReport &File : Report.Files)
    for (const Diagnostic &D : File.Diagnostics)
      for (const FixIt *Fix : fixItsOf(D))
        if (Seen.insert({Fix->Where.File, Fix->Where.Offset, Fix->Length,
                         Fix->Replacement})
                .second)
          ByFile[Fix->Where.File].push_back(*Fix);

  FixOutcome Outcome;
  for (const auto &[Path, Fixes] : ByFile) {
    llvm::sys::fs::file_status Status;
    if (llvm::sys::fs::status(Path, Status) ||
        Status.getLastModificationTime() > AnalysisStart) {
      Outcome.Skipped.push_back(Path + ": changed since it was analysed");
      continue;
    }
    clang::tooling::Replacements Changes;
    std::string Conflict;
    for (const FixIt &Fix : Fixes)
      if (llvm::Error E = Changes.add(toReplacement(Fix))) {
        Conflict = llvm::toString(std::move(E));
        break;
      }
    if (!Conflict.empty()) {
      Outcome.Skipped.push_back(Path + ": fixes conflict (" + Conflict + ")");
      continue;
    }
    auto Buffer = llvm::MemoryBuffer::getFile(Path);
    if (!Buffer) {
      Outcome.Skipped.push_back(Path + ": cannot be read");
      continue;
    }
    llvm::Expected<std::string> Fixed =
        clang::tooling::applyAllReplacements((*Buffer)->getBuffer(), Changes);
    if (!Fixed) {
      Outcome.Skipped.push_back(Path + ": " + llvm::toString(Fixed.takeError()));
      continue;
    }
    // Write beside the file, then rename over it: never half a file.
    llvm::SmallString<256> Temporary;
    int FD = -1;
    if (llvm::sys::fs::createUniqueFile(Path + ".smem-lint-%%%%%%", FD,
                                        Temporary)) {
      Outcome.Skipped.push_back(Path + ": cannot create a temporary file");
      continue;
    }
    {
      llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
      OS << *Fixed;
    }
    llvm::sys::fs::setPermissions(Temporary, Status.permissions());
    if (llvm::sys::fs::rename(Temporary, Path)) {
      llvm::sys::fs::remove(Temporary);
      Outcome.Skipped.push_back(Path + ": cannot replace the file");
      continue;
    }
    ++Outcome.FilesChanged;
    Outcome.FixesApplied += Changes.size();
  }
  return Outcome;
}

} // namespace smemlint
