//===--- PreambleCache.cpp - Headers compiled once per open file ----------===//

#include "Frontend/PreambleCache.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/PrecompiledPreamble.h"
#include "clang/Serialization/PCHContainerOperations.h"
#include "llvm/Support/MemoryBuffer.h"

#include <optional>

namespace smemlint {

struct PreambleCache::Entry {
  std::vector<std::string> CommandLine;
  /// Null when the last attempt compiled nothing.
  std::optional<clang::PrecompiledPreamble> Preamble;
  /// The preamble has errors: kept only to tell when to try again.
  bool HasErrors = false;
  /// The preamble text of an attempt that compiled nothing: not tried
  /// again until it changes.
  std::string FailedText;
};

PreambleCache::PreambleCache() = default;
PreambleCache::~PreambleCache() = default;

const clang::PrecompiledPreamble *PreambleCache::preambleFor(
    const std::string &MainFile, const std::vector<std::string> &CommandLine,
    const clang::CompilerInvocation &Invocation,
    const llvm::MemoryBuffer &MainText,
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Files) {
  clang::PreambleBounds Bounds = clang::ComputePreambleBounds(
      Invocation.getLangOpts(), MainText.getMemBufferRef(), 0);
  std::unique_ptr<Entry> &Kept = Entries[MainFile];
  if (Kept && Kept->CommandLine == CommandLine) {
    if (Kept->Preamble &&
        Kept->Preamble->CanReuse(Invocation, MainText.getMemBufferRef(), Bounds,
                                 *Files)) {
      if (Kept->HasErrors)
        return nullptr;
      ++Reused;
      return &*Kept->Preamble;
    }
    if (!Kept->Preamble &&
        Kept->FailedText == MainText.getBuffer().take_front(Bounds.Size))
      return nullptr;
  }
  Kept = std::make_unique<Entry>();
  Kept->CommandLine = CommandLine;

  // What the errors are is for the whole parse to report; the engine says
  // whether there were any (the consumer's count is reset as the preamble
  // ends).
  clang::IgnoringDiagConsumer Errors;
  llvm::IntrusiveRefCntPtr<clang::DiagnosticsEngine> Diagnostics =
      clang::CompilerInstance::createDiagnostics(new clang::DiagnosticOptions,
                                                 &Errors,
                                                 /*ShouldOwnClient=*/false);
  clang::PreambleCallbacks Callbacks;
  llvm::ErrorOr<clang::PrecompiledPreamble> Compiled =
      clang::PrecompiledPreamble::Build(
          Invocation, &MainText, Bounds, *Diagnostics, Files,
          std::make_shared<clang::PCHContainerOperations>(),
          /*StoreInMemory=*/true, /*StoragePath=*/"", Callbacks);
  if (!Compiled) {
    Kept->FailedText = MainText.getBuffer().take_front(Bounds.Size).str();
    return nullptr;
  }
  Kept->Preamble.emplace(std::move(*Compiled));
  Kept->HasErrors = Diagnostics->hasErrorOccurred();
  if (Kept->HasErrors)
    return nullptr;
  ++Built;
  return &*Kept->Preamble;
}

void PreambleCache::forget(llvm::StringRef MainFile) {
  Entries.erase(MainFile.str());
}

} // namespace smemlint
