//===--- SecondParse.h - Reading a file again with spellings replaced -*- C++
//-*-//
//
// Where Clang rejects what nvcc accepts and a different spelling of the same
// code would pass, smem-lint parses the file a second time with that
// spelling replaced: by a macro name exactly as long as the text it stands
// for, defined on the second parse's command line, so that no line or
// column of any finding moves (UnconstructedShared.h,
// MissingTemplateKeyword.h).
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_FRONTEND_SECONDPARSE_H
#define SMEMLINT_FRONTEND_SECONDPARSE_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <vector>

namespace clang {
class SourceManager;
} // namespace clang

namespace smemlint {

/// What the second parse of one file reads.
struct SecondParse {
  /// Texts to read in place of files, by absolute path.
  std::map<std::string, std::string> Texts;
  /// Compiler flags: the definitions of the macros the texts use.
  std::vector<std::string> Flags;

  bool empty() const { return Texts.empty(); }

  /// Replaces the text \p Original at \p At (a file location) with
  /// \p StandIn, which is as long; false, with nothing changed, when the file
  /// does not read \p Original there.
  bool replace(const clang::SourceManager &SM, clang::SourceLocation At,
               llvm::StringRef Original, llvm::StringRef StandIn);
};

} // namespace smemlint

#endif
