//===--- SecondParse.cpp - Reading a file again with spellings replaced ---===//

#include "Frontend/SecondParse.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

#include <cassert>

using namespace clang;

namespace smemlint {

namespace {

/// The file \p File was opened as, absolute, to map a text over it.
std::string openedPath(const SourceManager &SM, FileID File) {
  OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
  if (!Entry)
    return "";
  llvm::SmallString<256> Path(Entry->getName());
  SM.getFileManager().makeAbsolutePath(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return Path.str().str();
}

} // namespace

bool SecondParse::replace(const SourceManager &SM, SourceLocation At,
                          StringRef Original, StringRef StandIn) {
  assert(Original.size() == StandIn.size() && "columns must not move");
  if (At.isInvalid() || !At.isFileID())
    return false;
  FileID File = SM.getFileID(At);
  bool Invalid = false;
  StringRef Text = SM.getBufferData(File, &Invalid);
  unsigned Offset = SM.getFileOffset(At);
  std::string Path = openedPath(SM, File);
  if (Invalid || Path.empty() ||
      Text.substr(Offset, Original.size()) != Original)
    return false;
  auto [Rewritten, New] = Texts.try_emplace(Path, Text.str());
  Rewritten->second.replace(Offset, StandIn.size(), StandIn.str());
  return true;
}

} // namespace smemlint
