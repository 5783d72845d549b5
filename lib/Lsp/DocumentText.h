//===--- DocumentText.h - Clang and LSP positions in a file -----*- C++ -*-===//
//
// smem-lint reports 1-based lines with 1-based byte columns and byte offsets
// (as Clang does); LSP wants 0-based lines with columns counted in UTF-16 code
// units (or in bytes, when the client agrees to UTF-8). A LineTable holds the
// text that was analysed and converts between the two. Also file URIs.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_LSP_DOCUMENTTEXT_H
#define SMEMLINT_LSP_DOCUMENTTEXT_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace smemlint {
namespace lsp {

/// The unit LSP columns (`character`) count in, agreed at initialize.
enum class PositionEncoding { Utf16, Utf8 };

/// A 0-based line and a column in the agreed encoding.
struct Position {
  unsigned Line = 0;
  unsigned Character = 0;
};

inline bool operator<(const Position &A, const Position &B) {
  return A.Line != B.Line ? A.Line < B.Line : A.Character < B.Character;
}

struct Range {
  Position Start, End;
};

/// True when \p A and \p B overlap or touch (a cursor at the end of a word is
/// on it).
inline bool touches(const Range &A, const Range &B) {
  return !(A.End < B.Start) && !(B.End < A.Start);
}

/// A file's text and where its lines start. Lines end in \n, \r\n or \r, as
/// both LSP and Clang count them.
class LineTable {
public:
  explicit LineTable(std::string Text);

  const std::string &text() const { return Text; }
  unsigned lineCount() const { return LineStarts.size(); }
  /// The 0-based line \p Line without its line ending ("" past the end).
  llvm::StringRef line(unsigned Line) const;

  /// The byte offset of Clang's 1-based \p Line and byte \p Column, clamped
  /// to the line's end; nullopt when the line does not exist.
  std::optional<unsigned> offsetOf(unsigned Line, unsigned Column) const;
  /// The LSP position of byte \p Offset (clamped to the text).
  Position position(unsigned Offset, PositionEncoding Encoding) const;
  /// The byte offset of an LSP position; a column past the end of its line
  /// means the end of the line, a line past the end the end of the text.
  unsigned offset(Position P, PositionEncoding Encoding) const;

private:
  std::string Text;
  std::vector<unsigned> LineStarts, LineEnds;
};

/// Columns \p Bytes takes in \p Encoding (UTF-16 code units or bytes).
/// Bytes that are not UTF-8 count one unit each.
unsigned columnsOf(llvm::StringRef Bytes, PositionEncoding Encoding);

/// `file:///a%20b/k.cu` for /a b/k.cu.
std::string uriFromPath(llvm::StringRef Path);
/// The path of a `file:` URI; nullopt for other schemes.
std::optional<std::string> pathFromUri(llvm::StringRef Uri);
/// Absolute, without `.` and `..`: how documents and report locations are
/// matched.
std::string normalizedPath(llvm::StringRef Path);

} // namespace lsp
} // namespace smemlint

#endif
