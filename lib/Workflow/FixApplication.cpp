//===--- FixApplication.cpp - --export-fixes and --fix --------------------===//

#include "Workflow/FixApplication.h"

#include "clang/Tooling/Core/Diagnostic.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
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

/// \p Fix as a Replacement in \p FileText (its file's contents; "" when
/// unknown, which keeps the text's line breaks as they are).
clang::tooling::Replacement toReplacement(const FixIt &Fix,
                                          llvm::StringRef FileText = "") {
  return clang::tooling::Replacement(
      Fix.Where.File, Fix.Where.Offset, Fix.Length,
      withLineEndingsOf(FileText, Fix.Where.Offset, Fix.Replacement));
}

/// Overwrites the file at \p Path, which holds \p Original, with \p Fixed
/// in place: the same inode, so links, owner and permissions stay. When a
/// write fails (a full disk), the original is written back. Returns "" or
/// why it failed.
std::string overwriteInPlace(llvm::StringRef Path, llvm::StringRef Original,
                             llvm::StringRef Fixed) {
  int FD = -1;
  if (std::error_code EC = llvm::sys::fs::openFileForWrite(
          Path, FD, llvm::sys::fs::CD_OpenExisting, llvm::sys::fs::OF_None))
    return EC.message();
  auto WriteAll = [&](llvm::StringRef Text) -> std::string {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/false);
    OS.seek(0);
    OS << Text;
    OS.flush();
    std::error_code EC = OS.error();
    OS.clear_error();
    if (!EC)
      EC = llvm::sys::fs::resize_file(FD, Text.size());
    return EC ? EC.message() : "";
  };
  std::string Why = WriteAll(Fixed);
  if (!Why.empty() && !WriteAll(Original).empty())
    Why += "; writing the original back failed too, so the file may be "
           "damaged";
  else if (!Why.empty())
    Why += "; the file is unchanged";
  llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  return Why;
}

} // namespace

bool exportFixes(const RunReport &Report, llvm::StringRef Path,
                 std::string &Error) {
  std::map<std::string, std::string> Texts;
  auto TextOf = [&](const std::string &File) -> llvm::StringRef {
    auto [It, Added] = Texts.try_emplace(File);
    if (Added)
      if (auto Buffer = llvm::MemoryBuffer::getFile(File))
        It->second = (*Buffer)->getBuffer().str();
    return It->second;
  };
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
        llvm::Error Added = Message.Fix[Fix->Where.File].add(
            toReplacement(*Fix, TextOf(Fix->Where.File)));
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

std::string withLineEndingsOf(llvm::StringRef FileText, unsigned Offset,
                              llvm::StringRef Replacement) {
  if (!Replacement.contains('\n'))
    return Replacement.str();
  // The line the text goes into, else the last line before it.
  size_t Newline = FileText.find('\n', Offset);
  if (Newline == llvm::StringRef::npos)
    Newline = FileText.rfind('\n');
  if (Newline == llvm::StringRef::npos || Newline == 0 ||
      FileText[Newline - 1] != '\r')
    return Replacement.str();
  std::string Converted;
  for (size_t I = 0; I < Replacement.size(); ++I) {
    if (Replacement[I] == '\n' && (I == 0 || Replacement[I - 1] != '\r'))
      Converted += '\r';
    Converted += Replacement[I];
  }
  return Converted;
}

FixOutcome applyFixes(const RunReport &Report,
                      llvm::sys::TimePoint<> AnalysisStart,
                      const FixOptions &Options) {
  // Each file once, however it was named: through a symbolic link, a hard
  // link or a relative path.
  struct FileFixes {
    std::string Path;
    std::vector<FixIt> Fixes;
    bool Written = false;
  };
  std::map<llvm::sys::fs::UniqueID, FileFixes> ByFile;
  std::set<std::tuple<llvm::sys::fs::UniqueID, unsigned, unsigned, std::string>>
      Seen;
  // The files each finding's fix-its change; null for a file that cannot be
  // found, which no finding is fixed by.
  std::map<std::pair<size_t, size_t>, std::vector<const FileFixes *>> Touches;
  FixOutcome Outcome;
  for (size_t FileIndex = 0; FileIndex < Report.Files.size(); ++FileIndex) {
    const FileReport &File = Report.Files[FileIndex];
    bool Refused = File.HadCompileErrors && !Options.FixErrors;
    bool HasFixes = false;
    for (size_t Index = 0; Index < File.Diagnostics.size(); ++Index) {
      std::vector<const FixIt *> Fixes = fixItsOf(File.Diagnostics[Index]);
      HasFixes |= !Fixes.empty();
      if (Refused || Fixes.empty())
        continue;
      std::vector<const FileFixes *> &Touched = Touches[{FileIndex, Index}];
      for (const FixIt *Fix : Fixes) {
        llvm::sys::fs::UniqueID Id;
        if (llvm::sys::fs::getUniqueID(Fix->Where.File, Id)) {
          Touched.push_back(nullptr);
          continue;
        }
        FileFixes &Target = ByFile[Id];
        if (Target.Path.empty())
          Target.Path = Fix->Where.File;
        Touched.push_back(&Target);
        if (Seen.insert({Id, Fix->Where.Offset, Fix->Length, Fix->Replacement})
                .second)
          Target.Fixes.push_back(*Fix);
      }
    }
    if (Refused && HasFixes)
      Outcome.Skipped.push_back(File.File +
                                ": it has compile errors, so its fixes were "
                                "not applied (--fix-errors applies them)");
  }

  for (auto &[Id, Target] : ByFile) {
    const std::string &Path = Target.Path;
    llvm::sys::fs::file_status Status;
    if (llvm::sys::fs::status(Path, Status) ||
        Status.getLastModificationTime() > AnalysisStart) {
      Outcome.Skipped.push_back(Path + ": changed since it was analysed");
      continue;
    }
    // Root may write any file; a file without write permission is still
    // one its owner does not want changed.
    if ((Status.permissions() & llvm::sys::fs::all_write) == 0 ||
        llvm::sys::fs::access(Path, llvm::sys::fs::AccessMode::Write)) {
      Outcome.WriteFailures.push_back(
          {Path, "the file is read-only (smem-lint does not change "
                 "permissions)"});
      continue;
    }
    // A copy, not a mapping of the file that is about to be overwritten.
    auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false,
                                              /*IsVolatile=*/true);
    if (!Buffer) {
      Outcome.WriteFailures.push_back(
          {Path, "it cannot be read: " + Buffer.getError().message()});
      continue;
    }
    std::string Original = (*Buffer)->getBuffer().str();
    clang::tooling::Replacements Changes;
    std::string Conflict;
    for (const FixIt &Fix : Target.Fixes)
      if (llvm::Error E = Changes.add(toReplacement(Fix, Original))) {
        Conflict = llvm::toString(std::move(E));
        break;
      }
    if (!Conflict.empty()) {
      Outcome.Skipped.push_back(Path + ": fixes conflict (" + Conflict + ")");
      continue;
    }
    llvm::Expected<std::string> Fixed =
        clang::tooling::applyAllReplacements(Original, Changes);
    if (!Fixed) {
      Outcome.Skipped.push_back(Path + ": " +
                                llvm::toString(Fixed.takeError()));
      continue;
    }
    std::string Why = overwriteInPlace(Path, Original, *Fixed);
    if (!Why.empty()) {
      Outcome.WriteFailures.push_back({Path, Why});
      continue;
    }
    Target.Written = true;
    ++Outcome.FilesChanged;
    Outcome.FixesApplied += Changes.size();
  }

  for (const auto &[Finding, Targets] : Touches)
    if (llvm::all_of(Targets, [](const FileFixes *Target) {
          return Target && Target->Written;
        }))
      Outcome.Fixed.insert(Finding);
  return Outcome;
}

bool findingsFail(const RunReport &Report, Severity FailOn,
                  const FixOutcome *Fixes) {
  for (size_t FileIndex = 0; FileIndex < Report.Files.size(); ++FileIndex) {
    const std::vector<Diagnostic> &Found = Report.Files[FileIndex].Diagnostics;
    for (size_t Index = 0; Index < Found.size(); ++Index)
      if (Found[Index].Level >= FailOn &&
          !(Fixes && Fixes->fixed(FileIndex, Index)))
        return true;
  }
  return false;
}

} // namespace smemlint
