//===--- CompileDatabases.h - Each file's compile command -------*- C++ -*-===//
//
// The compile database of a command-line run, as clang-tidy and clangd find
// it: the flags after "--" for every file; else -p's directory (or the
// nearest above it); else, for each file, the nearest compile_commands.json
// or compile_flags.txt in its directory, an ancestor, or an ancestor's
// build/ (clangd's search). A file no database lists is parsed with no
// flags. --extra-arg and --extra-arg-before apply to every command.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_WORKFLOW_COMPILEDATABASES_H
#define SMEMLINT_WORKFLOW_COMPILEDATABASES_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace smemlint {

/// The directory (\p File's, an ancestor's, or an ancestor's build/) that
/// holds the compile database nearest to \p File; "" if none.
std::string findDatabaseDirectory(llvm::StringRef File);

struct DatabaseRequest {
  /// The arguments after "--", when the command line has "--".
  std::optional<std::vector<std::string>> FlagsAfterDashDash;
  std::string BuildPath; ///< -p
  std::vector<std::string> ExtraArgs, ExtraArgsBefore;
};

/// The database \p Request describes, or null with \p Error (-p names no
/// database).
std::unique_ptr<clang::tooling::CompilationDatabase>
commandLineDatabase(const DatabaseRequest &Request, std::string &Error);

/// Every file \p Database compiles that is CUDA source (a .cu or .cuh file,
/// or one with __global__, __device__ or __shared__ code), in path order,
/// once each: `smem-lint -p DIR` with no file analyses them all, as
/// run-clang-tidy does, so that a kernel one file launches and another
/// defines is analysed with that launch.
std::vector<std::string>
cudaSourcesOf(const clang::tooling::CompilationDatabase &Database);

} // namespace smemlint

#endif
