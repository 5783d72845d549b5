//===--- Prepare.h - From an analysis to a directory to measure -*- C++ -*-===//
//
// The `prepare` step of `smem-lint --verify`: for every analysed kernel and
// block shape, decide how to launch it (arguments, grid, dynamic shared
// bytes) or why it cannot be launched, list what the analysis predicts, make
// one fixed copy of the file per fix a note proposes (re-analysed, so that
// the fixed kernel has predictions of its own), and write the directory that
// measure.sh runs in: plan.json, the sources, the harnesses and measure.sh.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_RUNTIME_VERIFY_PREPARE_H
#define SMEMLINT_RUNTIME_VERIFY_PREPARE_H

#include "runtime_verify/Plan.h"

#include "Report/Report.h"

#include "llvm/ADT/StringRef.h"

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace smemlint {
namespace verify {

/// --param [kernel:]name=value: the C++ expression a scalar (or any)
/// parameter is initialised with; for one kernel, or all when Kernel is
/// empty.
struct ParameterValueOption {
  std::string Kernel;
  std::string Name;
  std::string Value;
};

/// Parses "name=value" or "kernel:name=value".
bool parseParameterValueOption(llvm::StringRef Text,
                               ParameterValueOption &Option,
                               std::string &Error);

/// Analyses a fixed copy of a file as the original was analysed (its
/// settings, and the launches other files of the run gave its kernels). Gets
/// the copy's path and the original's report; returns nullopt when the copy
/// does not parse.
using Reanalyser = std::function<std::optional<FileReport>(
    const std::string &FixedFile, const FileReport &Original)>;

struct PrepareOptions {
  std::vector<ParameterValueOption> Parameters;
  /// Size of the buffer each pointer parameter gets.
  uint64_t BufferBytes = uint64_t(64) << 20;
  /// What the buffers hold (PlannedArgument::Fill): small non-negative
  /// integers by default, so that a kernel indexing through its data stays in
  /// range and a loop over it runs. `--param NAME=@FILE` fills one buffer
  /// from a file instead.
  std::string Fill = "random";
  /// Extra nvcc flags for every harness (the user's -D and -I).
  std::vector<std::string> NvccFlags;
  /// Verify the fixes the notes propose; needs Reanalyse.
  bool VerifyFixes = true;
  Reanalyser Reanalyse;
  /// --run: the user's program to measure instead of harnesses (a shell
  /// command line), and how many launches of the analysed kernels Nsight
  /// Compute profiles.
  std::string RunCommand;
  unsigned LaunchCount = 20;
};

/// One launch configuration a kernel is analysed with, for --run: what the
/// profile says the program launched.
struct LaunchConfiguration {
  std::string Kernel; ///< As smem-lint reports it.
  std::array<unsigned, 3> Block = {1, 1, 1}, Grid = {1, 1, 1};
  uint64_t DynamicSharedBytes = 0;
  /// Integer arguments the launch recorder read, by parameter name.
  std::vector<std::pair<std::string, int64_t>> Scalars;
};

/// Analyses \p File as the run did, but each kernel of \p Configurations
/// with exactly that block, grid, dynamic shared bytes and scalar arguments
/// (at most one per kernel). Returns nullopt when the file does not parse.
using LaunchAnalyser = std::function<std::optional<FileReport>(
    const std::string &File,
    const std::vector<LaunchConfiguration> &Configurations)>;

/// The plan as --verify-prepare wrote it, kept in DIR by resolveProgramPlan
/// once plan.json holds the re-analysis.
inline constexpr const char *PreparedPlanFile = "plan.prepared.json";

/// --run, once measure.sh has run: reads DIR/raw/program.ncu-raw.csv, gives
/// each profiled launch of an analysed kernel the predictions of a
/// re-analysis with its configuration (launch ids are the profile's: L0 is
/// the first profiled launch), and lists the launches no analysis covers and
/// the analysed kernels the program never launched. \p Files, when not
/// empty, are where the analysed files are now (matched by file name).
/// Writes the resolved plan to DIR/plan.json, the plan as prepared to
/// PreparedPlanFile first. Returns false with \p Error set when there is
/// no profile to read or a file cannot be written.
bool resolveProgramPlan(VerifyPlan &Plan, llvm::StringRef Dir,
                        const std::vector<std::string> &Files,
                        const LaunchAnalyser &Analyse, std::string &Error);

/// Whether \p Name is a fill pattern of --verify-fill.
bool isFillPattern(llvm::StringRef Name);

/// The type a buffer of \p PointeeType is filled as: the type itself for
/// integers and floating point, the component of a CUDA vector type
/// ("float4" -> "float"), else "" (the buffer stays zero).
std::string fillElementType(llvm::StringRef PointeeType);

/// The value a scalar parameter of \p Type gets when neither the launch nor
/// --param gives one, or nullopt when the harness cannot construct the type.
/// Integers take 1024, the value the analysis assumes for an unknown
/// parameter (defaultSymbolValue); floating-point values take 1.
std::optional<std::string> defaultScalarValue(llvm::StringRef Type);

/// Builds the plan for \p Report and writes the directory \p Dir (created if
/// missing; plan.json, src/, harness/ and measure.sh are replaced). Returns
/// nullopt with \p Error set when nothing could be written.
std::optional<VerifyPlan> prepareDirectory(const RunReport &Report,
                                           const PrepareOptions &Options,
                                           llvm::StringRef Dir,
                                           std::string &Error);

} // namespace verify
} // namespace smemlint

#endif
