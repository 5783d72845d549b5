//===--- LanguageServer.h - smem-lint as an LSP server ----------*- C++ -*-===//
//
// `smem-lint --lsp`: a Language Server Protocol server over stdin/stdout. It
// analyses each open .cu/.cuh buffer's current text when it is opened,
// changed or saved (on top of its precompiled preamble), publishes the
// findings as diagnostics (a header's in the header too, when it is open),
// offers their fix-its as quick fixes, and answers hover over a shared
// access with its banks and wavefronts. Editor setup: docs/editors.md.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_LSP_LANGUAGESERVER_H
#define SMEMLINT_LSP_LANGUAGESERVER_H

#include "Checks/TranslationUnitAnalysis.h"
#include "Frontend/CudaFrontend.h"
#include "Workflow/FileSettings.h"

#include "llvm/Support/raw_ostream.h"

#include <istream>
#include <optional>
#include <string>
#include <vector>

namespace smemlint {

/// What the command line settled, for every file the editor opens. Settings
/// left unset come from the file's .smem-lint.yaml, as for `smem-lint
/// file.cu`.
struct LanguageServerOptions {
  /// --arch, --block-dim, --checks, ...: unset when not given (the file's
  /// .smem-lint.yaml decides, then the default).
  CommandLineSettings CommandLine;
  /// --cuda-path, --no-cuda-toolkit, the resource directory.
  FrontendOptions Frontend;
  /// resolveParseMode(Frontend).
  ParseMode Mode;
  /// False with --no-config.
  bool UseConfigFiles = true;
  /// --config-file: this configuration for every file instead.
  std::string ConfigFile;
  /// -p: the build directory holding compile_commands.json. Empty: each
  /// file's database is searched for upward from the file (in each parent
  /// directory and its build/ subdirectory), as clangd does.
  std::string CompileDatabaseDir;
  /// Flags after `--`: appended to every database command; the whole
  /// command for a file no database covers.
  std::vector<std::string> ExtraArgs;
  /// The directory of the check pages (docs/checks), linked from each
  /// diagnostic. Empty: docs/checks found above the executable, if any.
  std::string DocsDirectory;
};

/// Serves LSP on stdin and stdout until `exit` or the end of input, and
/// returns the process exit status: 0 when `shutdown` came first, 1
/// otherwise (as LSP asks). Anything else the process writes to stdout is
/// sent to stderr so that it cannot corrupt the protocol stream.
int runLanguageServer(const LanguageServerOptions &Options);

/// The same over the given streams.
int runLanguageServer(const LanguageServerOptions &Options, std::istream &In,
                      llvm::raw_ostream &Out);

} // namespace smemlint

#endif
