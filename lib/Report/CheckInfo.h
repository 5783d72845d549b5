//===--- CheckInfo.h - What is known about a kind of finding -----*- C++
//-*-===//
//
// Every kind of finding smem-lint reports has one CheckInfo: a check's lives
// beside its code (the check's static info()), the compiler's and the tool's
// own in ToolFindings.cpp. Check selection, the finding policy, SARIF rules,
// runtime_verify and the README/docs check table all read these records
// (through Checks/CheckRegistry.h); nothing else keeps a list of checks.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_REPORT_CHECKINFO_H
#define SMEMLINT_REPORT_CHECKINFO_H

#include "Report/Report.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace smemlint {

/// What a finding is about, for the people and tools that sort findings.
enum class CheckCategory {
  Performance, ///< The code is correct but slower than it needs to be.
  Correctness, ///< The code can compute wrong results or fail.
  Input,       ///< The input, or how far the analysis got.
};

/// What the analysis must evaluate for a check beyond the shared accesses,
/// as bits: the evaluation skips what no selected check needs.
enum CheckNeeds : unsigned {
  NeedsSharedAccesses = 0,
  NeedsGlobalAccesses = 1u << 0,
};

/// A setting that belongs to one check, such as the bank-conflict check's
/// --min-ways: the value it takes, and which findings it keeps.
struct CheckOption {
  const char *Name;      ///< On the command line: "min-ways".
  const char *ConfigKey; ///< In .smem-lint.yaml: "MinWays".
  const char *Help;
  unsigned Default, Min, Max;
  /// Whether a finding of the check is reported with the option at \p Value.
  bool (*Keeps)(const Diagnostic &Finding, unsigned Value);
};

/// What a GPU run can show about a check's findings (runtime_verify).
enum class RuntimeEvidence {
  None,             ///< Nothing runtime_verify measures.
  SharedWavefronts, ///< Nsight Compute's shared-memory wavefronts per line.
  Race,             ///< compute-sanitizer racecheck hazards.
  SkippedBarrier,   ///< compute-sanitizer synccheck.
  Occupancy,        ///< Blocks per SM from the launch's occupancy.
  GlobalSectors,    ///< Nsight Compute's global sectors per request.
  /// An error-level finding stops the kernel (a misaligned TMA
  /// destination): the launch's error.
  LaunchFault,
};

struct CheckInfo {
  /// As users select and suppress it: "smem-bank-conflict".
  const char *Name;
  /// SARIF's rule name, Pascal case: "BankConflict".
  const char *SarifName;
  FindingOrigin Origin;
  CheckCategory Category;
  /// The level of most of its findings.
  Severity DefaultLevel;
  /// Selected by the default check list ("smem-*" selects only these).
  bool OnByDefault;
  /// Findings no selection, NOLINT comment or severity setting hides: the
  /// input itself is wrong.
  bool AlwaysShown;
  /// Findings about how smem-lint was told things or how far it got: shown
  /// whatever the check selection, unless a NOLINT comment silences them.
  bool AboutTheTool;
  unsigned Needs; ///< CheckNeeds bits.
  /// From the repository root: "docs/checks/smem-bank-conflict.md".
  const char *DocsPath;
  const char *Summary;      ///< One line.
  const char *Description;  ///< A paragraph: what it finds and why it matters.
  const char *Help;         ///< Plain text: what to do.
  const char *HelpMarkdown; ///< The same with an example.
  llvm::ArrayRef<CheckOption> Options = {};
  RuntimeEvidence Evidence = RuntimeEvidence::None;
  /// For LaunchFault: the words of the error the launch fails with
  /// ("misaligned address").
  const char *Fault = nullptr;

  bool needs(CheckNeeds What) const { return (Needs & What) != 0; }
};

const char *checkCategoryName(CheckCategory Category);

/// The compiler's and the tool's own kinds of finding, by name.
namespace findings {
constexpr const char *CompileError = "clang-diagnostic-error";
constexpr const char *InputError = "smem-lint-input";
constexpr const char *InternalError = "smem-lint-internal";
constexpr const char *Annotation = "smem-lint-annotation";
constexpr const char *Nolint = "smem-lint-nolint";
constexpr const char *Incomplete = "smem-lint-incomplete";
constexpr const char *Frontend = "smem-lint-frontend";
} // namespace findings

/// The CheckInfo of every kind of finding that is not a check's: compile
/// errors, input and internal errors, annotations, NOLINT comments and
/// incomplete analyses.
llvm::ArrayRef<CheckInfo> toolFindingKinds();

} // namespace smemlint

#endif
