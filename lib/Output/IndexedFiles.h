//===--- IndexedFiles.h - Source files read once, by line -------*- C++ -*-===//
//
// Output that quotes or measures source lines (the text report's caret lines,
// SARIF's regions) reads each file once and finds a line without rescanning
// it: a report with many findings in one file stays linear.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_OUTPUT_INDEXEDFILES_H
#define SMEMLINT_OUTPUT_INDEXEDFILES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace smemlint {

/// A file's text and the byte offset where each of its lines starts.
struct IndexedFile {
  std::unique_ptr<llvm::MemoryBuffer> Buffer;
  std::vector<size_t> LineStarts;

  /// Line \p Line (from 1) without its line break, or nullopt past the end.
  std::optional<llvm::StringRef> line(unsigned Line) const;
};

/// The files read so far, by path.
class IndexedFiles {
public:
  /// \p File, read on first use; null when it cannot be read.
  const IndexedFile *get(const std::string &File);

private:
  std::map<std::string, IndexedFile> Files;
};

} // namespace smemlint

#endif
