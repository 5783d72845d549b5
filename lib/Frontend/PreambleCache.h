//===--- PreambleCache.h - Headers compiled once per open file --*- C++ -*-===//
//
// An editor has a file analysed after every edit. Parsing it from the top
// each time reads every header again (0.6 to 3 s with the CUDA toolkit's),
// although most edits leave the lines at the top that include them, the
// preamble, alone. As clangd does, the preamble is compiled once per file
// and command line (Clang's PrecompiledPreamble) and reused while its text,
// the command line and every file it read are unchanged. analyzeFiles takes
// the cache; the language server keeps one for its documents.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_FRONTEND_PREAMBLECACHE_H
#define SMEMLINT_FRONTEND_PREAMBLECACHE_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class MemoryBuffer;
} // namespace llvm

namespace clang {
class CompilerInvocation;
class PrecompiledPreamble;
} // namespace clang

namespace smemlint {

class PreambleCache {
public:
  PreambleCache();
  ~PreambleCache();
  PreambleCache(const PreambleCache &) = delete;
  PreambleCache &operator=(const PreambleCache &) = delete;

  /// The preamble to parse \p MainFile (whose text is \p MainText) with:
  /// the one kept for the file when \p CommandLine, the preamble's text and
  /// every file it read through \p Files are as they were, else a new one.
  /// \p Invocation is what \p CommandLine becomes. Null when the preamble
  /// does not compile without errors: the file is then parsed whole, which
  /// reports them where they are.
  const clang::PrecompiledPreamble *
  preambleFor(const std::string &MainFile,
              const std::vector<std::string> &CommandLine,
              const clang::CompilerInvocation &Invocation,
              const llvm::MemoryBuffer &MainText,
              llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Files);

  /// Drops \p MainFile's preamble (a closed document, a failed analysis).
  void forget(llvm::StringRef MainFile);

  /// Preambles compiled and preambles reused so far, for the log.
  unsigned built() const { return Built; }
  unsigned reused() const { return Reused; }

private:
  struct Entry;
  std::map<std::string, std::unique_ptr<Entry>> Entries;
  unsigned Built = 0, Reused = 0;
};

} // namespace smemlint

#endif
