//===--- DebugLocations.cpp - From IR debug locations to the parse --------===//

#include "DeviceCode/DebugLocations.h"
#include "DeviceCode/DeviceModule.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/Support/Path.h"

namespace smemlint {

std::vector<CompiledFrame>
DebugLocations::frames(const llvm::DILocation *Location) {
  std::vector<CompiledFrame> Frames;
  for (; Location; Location = Location->getInlinedAt())
    Frames.push_back({where(*Location), functionOf(*Location)});
  return Frames;
}

const clang::FunctionDecl *
DebugLocations::functionOf(const llvm::DILocation &Location) const {
  const llvm::DISubprogram *Program = Location.getScope()->getSubprogram();
  if (!Program)
    return nullptr;
  llvm::StringRef Name = Program->getLinkageName();
  return Module.functionNamed(Name.empty() ? Program->getName() : Name);
}

clang::SourceLocation DebugLocations::where(const llvm::DILocation &Location) {
  // SourceManager::translateFileLineCol searches the files it holds: once
  // per location in the file's analysis is enough.
  auto &Lines = Module.translatedLocations().Lines;
  auto Known = Lines.find(&Location);
  if (Known != Lines.end())
    return Known->second;
  clang::SourceLocation Where = translate(Location);
  Lines[&Location] = Where;
  return Where;
}

clang::SourceLocation
DebugLocations::translate(const llvm::DILocation &Location) {
  const llvm::DIFile *File = Location.getFile();
  if (!File || !Location.getLine())
    return {};
  auto &Files = Module.translatedLocations().Files;
  auto Cached = Files.find(File);
  if (Cached == Files.end()) {
    llvm::SmallString<256> Path(File->getFilename());
    if (!llvm::sys::path::is_absolute(Path) && !File->getDirectory().empty())
      Path = (File->getDirectory() + "/" + File->getFilename()).str();
    clang::OptionalFileEntryRef Entry =
        SM.getFileManager().getOptionalFileRef(Path);
    if (!Entry)
      Entry = SM.getFileManager().getOptionalFileRef(File->getFilename());
    // translateFile searches every file of the parse: once per file here,
    // not once per location.
    Cached = Files
                 .try_emplace(File, Entry ? SM.translateFile(*Entry)
                                          : clang::FileID())
                 .first;
  }
  if (Cached->second.isInvalid())
    return {};
  // Column 0 is "no column"; the line's start is the best there is.
  return SM.translateLineCol(Cached->second, Location.getLine(),
                             std::max(1u, Location.getColumn()));
}

} // namespace smemlint
