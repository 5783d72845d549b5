//===--- IndexedFiles.cpp - Source files read once, by line ---------------===//

#include "Output/IndexedFiles.h"

namespace smemlint {

std::optional<llvm::StringRef> IndexedFile::line(unsigned Line) const {
  if (Line == 0 || Line > LineStarts.size())
    return std::nullopt;
  llvm::StringRef Rest = Buffer->getBuffer().drop_front(LineStarts[Line - 1]);
  return Rest.take_until([](char C) { return C == '\n' || C == '\r'; });
}

const IndexedFile *IndexedFiles::get(const std::string &File) {
  auto It = Files.find(File);
  if (It == Files.end()) {
    IndexedFile Indexed;
    if (auto Buffer = llvm::MemoryBuffer::getFile(File)) {
      Indexed.Buffer = std::move(*Buffer);
      llvm::StringRef Text = Indexed.Buffer->getBuffer();
      Indexed.LineStarts.push_back(0);
      for (size_t I = 0; I < Text.size(); ++I)
        if (Text[I] == '\n')
          Indexed.LineStarts.push_back(I + 1);
    }
    It = Files.emplace(File, std::move(Indexed)).first;
  }
  return It->second.Buffer ? &It->second : nullptr;
}

} // namespace smemlint
