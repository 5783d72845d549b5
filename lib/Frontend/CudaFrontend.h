//===--- CudaFrontend.h - Parse CUDA device code with Clang 19 -*- C++ -*-===//
//
// Decides how to parse (the real CUDA toolkit headers when a toolkit is found,
// the built-in prelude otherwise), adds the flags Clang 19 needs for a
// device-side parse of one architecture, translates nvcc flags found in
// compile databases, and runs the analysis on every file.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_FRONTEND_CUDAFRONTEND_H
#define SMEMLINT_FRONTEND_CUDAFRONTEND_H

#include "Checks/TranslationUnitAnalysis.h"
#include "Report/Report.h"

#include "llvm/ADT/ArrayRef.h"

#include <map>
#include <string>
#include <vector>

namespace clang {
namespace tooling {
class CompilationDatabase;
}
} // namespace clang

namespace smemlint {

class PreambleCache;

struct FrontendOptions {
  /// --cuda-path; when empty, CUDA_PATH and then /usr/local/cuda are tried.
  std::string CudaPath;
  /// --no-cuda-toolkit: parse with the prelude even if a toolkit exists.
  bool ForcePrelude = false;
  /// Clang's resource directory (baked in at configure time).
  std::string ResourceDir;
};

/// How the files will be parsed.
struct ParseMode {
  bool UsesToolkit = false;
  std::string CudaPath;
  std::string CudaVersion;
  std::string name() const { return UsesToolkit ? "cuda-toolkit" : "prelude"; }
};

/// Finds a usable CUDA toolkit, or settles on the prelude.
ParseMode resolveParseMode(const FrontendOptions &Options);

/// The flags smem-lint adds to every compile command (after the nvcc flags
/// are translated), for \p Mode and \p Arch.
std::vector<std::string> injectedFlags(const ParseMode &Mode,
                                       const ArchInfo &Arch,
                                       const FrontendOptions &Options);

/// \p Text with the spellings nvcc accepts and Clang 19 rejects rewritten to
/// ones both accept, byte for byte the same length so that every line and
/// column stays where it was: `__shared__ alignas(16) float s[N]` (an
/// attribute after a declaration specifier) becomes
/// `alignas(16) __shared__ float s[N]`, and asm operands nvcc lets go
/// without a comma (`::"r"(a) "l"(p)`) get one.
std::string withNvccSpellings(llvm::StringRef Text);

/// The GPU target a compile command builds for, as a name findArch knows:
/// from nvcc's -arch / --gpu-architecture, -gencode arch=...,code=...,
/// -code, or Clang's --cuda-gpu-arch / --offload-arch. With several
/// targets, the highest compute capability (an "a" target before the plain
/// one); nullopt when the command names none smem-lint knows.
std::optional<std::string>
compileCommandTarget(const std::vector<std::string> &Command);

/// Translates an nvcc- or clang-style command line into one Clang accepts for
/// a device-side parse: drops nvcc-only and arch flags (smem-lint sets its
/// own), maps `-x cu` to `-x cuda`.
std::vector<std::string> translateCompileCommand(
    const std::vector<std::string> &Command);

/// The Clang command line each of \p Files is parsed with, after every
/// adjustment smem-lint makes (argv[0] is the compile database's compiler,
/// "clang-tool" without one). With \p VirtualFilesDir, the in-memory
/// headers (prelude, CUDA 13 shims) are written there and the command names
/// them there, so that `clang++-19` can run it: the benchmark's parse floor.
std::vector<std::vector<std::string>>
parseCommandLines(const clang::tooling::CompilationDatabase &Database,
                  llvm::ArrayRef<std::string> Files, const ParseMode &Mode,
                  const FrontendOptions &FrontendOpts, const ArchInfo &Arch,
                  llvm::StringRef VirtualFilesDir = "");

/// Stack for a thread that runs analyzeFiles. Clang's parser recurses once
/// per nested operator (`- - - ... x`), about 2.5 KB a level; a thread's
/// default 8 MB overflows at a few thousand, and a stack overflow cannot be
/// caught. Only the pages used are committed.
constexpr unsigned AnalysisStackBytes = 512u << 20;

/// Parses and analyses \p Files; one FileReport per file, in order.
/// Compiler errors in the user's code are reported in each file's
/// diagnostics.
/// \p Unsaved maps a file path to contents that replace the file on disk (an
/// editor's unsaved buffer). With \p Preambles, a file with one compile
/// command is parsed on top of its precompiled preamble, kept there for the
/// next parse (PreambleCache.h); the findings are the same.
std::vector<FileReport>
analyzeFiles(const clang::tooling::CompilationDatabase &Database,
             llvm::ArrayRef<std::string> Files, const ParseMode &Mode,
             const FrontendOptions &FrontendOpts,
             const AnalysisOptions &AnalysisOpts,
             const std::map<std::string, std::string> &Unsaved = {},
             PreambleCache *Preambles = nullptr);

} // namespace smemlint

#endif
