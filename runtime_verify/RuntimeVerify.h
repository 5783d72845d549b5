//===--- RuntimeVerify.h - smem-lint --verify entry points -----*- C++ -*-===//
//
// `smem-lint --verify` checks the analysis against the hardware: it prepares
// a directory of host harnesses and a measure.sh script from the report
// (prepare), runs measure.sh where a GPU, nvcc, Nsight Compute and
// compute-sanitizer are (measure), and judges each prediction against the
// raw outputs (compare). The three steps can run apart: prepare and compare
// need no GPU, measure needs nothing of smem-lint. See docs/runtime-verify.md.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_RUNTIME_VERIFY_RUNTIMEVERIFY_H
#define SMEMLINT_RUNTIME_VERIFY_RUNTIMEVERIFY_H

#include "runtime_verify/Compare.h"
#include "runtime_verify/Prepare.h"

#include "Checks/TranslationUnitAnalysis.h"
#include "Frontend/CudaFrontend.h"
#include "Report/Report.h"
#include "Workflow/FileSettings.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <string>
#include <vector>

namespace clang {
namespace tooling {
class CompilationDatabase;
}
} // namespace clang

namespace smemlint {
namespace verify {

/// Exit status of the --verify commands.
enum VerifyExit {
  /// Every prediction was confirmed (prepare: the directory was written).
  VerifyConfirmed = 0,
  /// At least one prediction was refuted.
  VerifyRefuted = 1,
  /// Verification could not run: bad input or options, no nvcc/ncu for
  /// --verify, a directory that cannot be written or holds no plan.
  VerifyCannotRun = 2,
  /// Nothing was refuted, but some prediction could not be measured or some
  /// kernel could not be launched.
  VerifyIncomplete = 3,
};

struct VerifyOptions {
  /// --param, buffer size, nvcc flags, and whether fixes are verified. Its
  /// Reanalyse is what makeReanalyser returns for the run's own inputs.
  PrepareOptions Prepare;
  /// "text" or "json" (the driver's --format).
  std::string Format = "text";
  /// Where --verify prepares and measures; empty: a new directory under the
  /// system's temporary directory, which is kept and named in the output.
  std::string Dir;
  /// --run: the analysed files and the analysis of a launch's configuration
  /// (makeLaunchAnalyser), for the compare step.
  ProgramResolver Program;
};

/// The settings an original file was analysed with (the command line merged
/// with its .smem-lint.yaml: Workflow/AnalysisSession.h settingsForFile).
using SettingsOfFile =
    std::function<FileSettings(const std::string &OriginalFile)>;

/// Re-analyses fixed copies the way the run analysed the originals: same
/// compile command (the copy's path in place of the original's, plus -I of
/// the original's directory), parse mode, analysis options and finding
/// policy (the copy's NOLINT comments are the original's). The database must
/// outlive the returned function.
Reanalyser makeReanalyser(const clang::tooling::CompilationDatabase &Database,
                          const ParseMode &Mode,
                          const FrontendOptions &Frontend,
                          SettingsOfFile Settings);

/// Analyses a file the way the run analysed it, but each kernel named in the
/// configurations with exactly that block, grid and dynamic shared bytes
/// (--run). The database must outlive the returned function.
LaunchAnalyser
makeLaunchAnalyser(const clang::tooling::CompilationDatabase &Database,
                   const ParseMode &Mode, const FrontendOptions &Frontend,
                   SettingsOfFile Settings);

/// The flags of the files' compile commands that nvcc needs to build the
/// harnesses the same way (-D, -U, -I, -isystem, -include, -std=), with
/// relative include directories made absolute; for
/// VerifyOptions::Prepare.NvccFlags.
std::vector<std::string>
nvccFlagsFromDatabase(const clang::tooling::CompilationDatabase &Database,
                      llvm::ArrayRef<std::string> Files);

/// --verify-prepare=DIR: writes DIR (plan.json, sources, harnesses,
/// measure.sh) and says on \p Out what to run. Returns VerifyConfirmed or
/// VerifyCannotRun.
int runVerifyPrepare(const RunReport &Report, const VerifyOptions &Options,
                     llvm::StringRef Dir, llvm::raw_ostream &Out,
                     llvm::raw_ostream &Err);

/// --verify-compare=DIR: reads DIR/plan.json and DIR/raw/ (written by
/// measure.sh) and prints the verdicts as \p Format ("text" or "json").
/// Needs no analysis. Returns a VerifyExit.
int runVerifyCompare(llvm::StringRef Dir, llvm::StringRef Format,
                     llvm::raw_ostream &Out, llvm::raw_ostream &Err,
                     const ProgramResolver *Program = nullptr);

/// --verify: prepare into Options.Dir, run measure.sh there (nvcc and ncu
/// must be on PATH, in $CUDA_PATH/bin or /usr/local/cuda/bin; otherwise it
/// says so and returns VerifyCannotRun), then compare. Returns a VerifyExit.
int runVerify(const RunReport &Report, const VerifyOptions &Options,
              llvm::raw_ostream &Out, llvm::raw_ostream &Err);

} // namespace verify
} // namespace smemlint

#endif
