//===--- DebugLocations.h - From IR debug locations to the parse -*- C++
//-*-===//
//
// The device IR says where each instruction came from as file, line and
// column, through a chain of inlined calls. This turns those into the parse's
// SourceLocations and the FunctionDecls they are in, so that every finding
// the IR gives can point at the user's source as the AST would.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_DEVICECODE_DEBUGLOCATIONS_H
#define SMEMLINT_DEVICECODE_DEBUGLOCATIONS_H

#include "clang/Basic/FileEntry.h"
#include "clang/Basic/SourceLocation.h"

#include <map>
#include <vector>

namespace clang {
class FunctionDecl;
class SourceManager;
} // namespace clang

namespace llvm {
class DIFile;
class DILocation;
} // namespace llvm

namespace smemlint {

class DeviceModule;

/// One source location of an instruction and the function it is in; a chain
/// of them says which calls the instruction was inlined through.
struct CompiledFrame {
  clang::SourceLocation Where; ///< Invalid when the file is not in the parse.
  /// The function whose code this is (null when not known).
  const clang::FunctionDecl *Function = nullptr;
};

class DebugLocations {
public:
  DebugLocations(const DeviceModule &Module, const clang::SourceManager &SM)
      : Module(Module), SM(SM) {}

  /// \p Location first, then each call site it was inlined into, outward.
  std::vector<CompiledFrame> frames(const llvm::DILocation *Location);
  /// The file location of \p Location (invalid when its file is not one the
  /// parse read).
  clang::SourceLocation where(const llvm::DILocation &Location);
  /// The function \p Location's code is in, or null.
  const clang::FunctionDecl *functionOf(const llvm::DILocation &Location) const;

private:
  clang::SourceLocation translate(const llvm::DILocation &Location);

  const DeviceModule &Module;
  const clang::SourceManager &SM;
};

} // namespace smemlint

#endif
