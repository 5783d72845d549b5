//===--- DocumentText.cpp - Clang and LSP positions in a file -------------===//

#include "Lsp/DocumentText.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace smemlint {
namespace lsp {
namespace {

/// Bytes of the UTF-8 sequence starting with \p Lead, and the UTF-16 units it
/// encodes; a byte that cannot start a sequence stands for itself.
std::pair<unsigned, unsigned> utf8Sequence(unsigned char Lead) {
  if (Lead < 0x80)
    return {1, 1};
  if ((Lead & 0xE0) == 0xC0)
    return {2, 1};
  if ((Lead & 0xF0) == 0xE0)
    return {3, 1};
  if ((Lead & 0xF8) == 0xF0)
    return {4, 2}; // outside the BMP: a surrogate pair
  return {1, 1};
}

} // namespace

LineTable::LineTable(std::string Contents) : Text(std::move(Contents)) {
  LineStarts.push_back(0);
  for (unsigned I = 0; I < Text.size(); ++I) {
    if (Text[I] != '\n' && Text[I] != '\r')
      continue;
    LineEnds.push_back(I);
    if (Text[I] == '\r' && I + 1 < Text.size() && Text[I + 1] == '\n')
      ++I;
    LineStarts.push_back(I + 1);
  }
  LineEnds.push_back(Text.size());
}

llvm::StringRef LineTable::line(unsigned Line) const {
  if (Line >= LineStarts.size())
    return "";
  return llvm::StringRef(Text).slice(LineStarts[Line], LineEnds[Line]);
}

std::optional<unsigned> LineTable::offsetOf(unsigned Line,
                                            unsigned Column) const {
  if (Line == 0 || Line > LineStarts.size())
    return std::nullopt;
  unsigned Start = LineStarts[Line - 1];
  return std::min(Start + (Column ? Column - 1 : 0), LineEnds[Line - 1]);
}

Position LineTable::position(unsigned Offset, PositionEncoding Encoding) const {
  Offset = std::min<unsigned>(Offset, Text.size());
  unsigned Line =
      std::upper_bound(LineStarts.begin(), LineStarts.end(), Offset) -
      LineStarts.begin() - 1;
  // An offset inside a \r\n ending belongs to the end of its line.
  unsigned End = std::min(Offset, LineEnds[Line]);
  llvm::StringRef Before = llvm::StringRef(Text).slice(LineStarts[Line], End);
  return {Line, columnsOf(Before, Encoding)};
}

unsigned LineTable::offset(Position P, PositionEncoding Encoding) const {
  if (P.Line >= LineStarts.size())
    return Text.size();
  unsigned At = LineStarts[P.Line], End = LineEnds[P.Line];
  unsigned Columns = 0;
  while (At < End && Columns < P.Character) {
    auto [Bytes, Units] = utf8Sequence(Text[At]);
    Bytes = std::min(Bytes, End - At);
    At += Bytes;
    Columns += Encoding == PositionEncoding::Utf8 ? Bytes : Units;
  }
  return At;
}

unsigned columnsOf(llvm::StringRef Bytes, PositionEncoding Encoding) {
  if (Encoding == PositionEncoding::Utf8)
    return Bytes.size();
  unsigned Units = 0;
  for (size_t I = 0; I < Bytes.size();) {
    auto [Length, Encoded] = utf8Sequence(Bytes[I]);
    if (I + Length > Bytes.size()) // a sequence cut short
      Length = 1, Encoded = 1;
    I += Length;
    Units += Encoded;
  }
  return Units;
}

std::string uriFromPath(llvm::StringRef Path) {
  std::string Uri = "file://";
  for (char C : Path) {
    if (llvm::isAlnum(C) || llvm::StringRef("/-._~").contains(C))
      Uri += C;
    else
      Uri += "%" + llvm::utohexstr(static_cast<unsigned char>(C), false, 2);
  }
  return Uri;
}

std::optional<std::string> pathFromUri(llvm::StringRef Uri) {
  if (!Uri.consume_front_insensitive("file://"))
    return std::nullopt;
  // file://host/path: the authority is not part of the path.
  Uri = Uri.drop_until([](char C) { return C == '/'; });
  if (Uri.empty())
    return std::nullopt;
  std::string Path;
  for (size_t I = 0; I < Uri.size(); ++I) {
    unsigned Byte = 0;
    if (Uri[I] == '%' && I + 2 < Uri.size() &&
        !Uri.substr(I + 1, 2).getAsInteger(16, Byte)) {
      Path += char(Byte);
      I += 2;
    } else {
      Path += Uri[I];
    }
  }
  return Path;
}

std::string normalizedPath(llvm::StringRef Path) {
  llvm::SmallString<256> Result(Path);
  llvm::sys::fs::make_absolute(Result);
  llvm::sys::path::remove_dots(Result, /*remove_dot_dot=*/true);
  return Result.str().str();
}

} // namespace lsp
} // namespace smemlint
