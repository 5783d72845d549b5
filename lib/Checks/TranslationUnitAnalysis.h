//===--- TranslationUnitAnalysis.h - Analyse one parsed file ----*- C++ -*-===//
//
// From a parsed translation unit to its report: discover kernels, choose the
// block shapes to analyse each with, evaluate, run the checks, stamp what
// each finding was found under (kernel, shape, arch, accesses, assumptions,
// fingerprint), and describe every kernel, shared variable and access for
// the JSON output. It sits in the Checks layer because it runs them.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_TRANSLATIONUNITANALYSIS_H
#define SMEMLINT_CHECKS_TRANSLATIONUNITANALYSIS_H

#include "DeviceCode/DeviceModule.h"
#include "Evaluation/BlockShape.h"
#include "Hardware/ArchTable.h"
#include "Report/Report.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

namespace smemlint {

/// A --block-dim option: for one kernel, or for all when Kernel is empty.
struct BlockDimOption {
  std::string Kernel;
  BlockShape Block;
};

/// A --dynamic-smem or --regs option: for one kernel, or all when Kernel is
/// empty.
struct KernelValueOption {
  std::string Kernel;
  uint64_t Value = 0;
};

/// The value an integer parameter of one kernel (or of every kernel when
/// Kernel is empty) is launched with, given by the user (--param).
struct ParameterValueSetting {
  std::string Kernel;
  std::string Name;
  int64_t Value = 0;
};

struct AnalysisOptions {
  const ArchInfo *Arch = nullptr;
  std::vector<BlockDimOption> BlockDims;
  /// --grid-dim: the grid a kernel is launched with (Block holds it).
  std::vector<BlockDimOption> GridDims;
  std::vector<KernelValueOption> DynamicSharedBytes;
  std::vector<KernelValueOption> RegistersPerThread;
  /// Win over the values of constant launch arguments.
  std::vector<ParameterValueSetting> ParameterValues;
  /// Watch global loads and stores too: for the JSON report, --verify and the
  /// gmem-* checks. Off, the evaluation of shared memory is a quarter faster.
  bool ProfileGlobalMemory = true;
  unsigned LoopIterationLimit = 1024;
  uint64_t StepBudget = 64'000'000;
  /// Thread-steps the evaluations of one file's kernels take together
  /// (--max-file-steps, 0: no limit): once spent, each further kernel is
  /// evaluated with a 32nd of StepBudget, and its note says why. A file of
  /// many heavy instantiations (a quantized GEMM for every tile width)
  /// stays within seconds.
  uint64_t FileStepBudget = 256'000'000;
  /// Time and heap growth the analysis of one kernel may take, every block
  /// shape, value sweep and fix proof together (0: no limit).
  double KernelSeconds = 60;
  uint64_t KernelMemoryBytes = uint64_t(4096) << 20;
  /// Where to write the optimized device IR (a developer aid, hidden
  /// --dump-device-ir); empty for nowhere.
  std::string DeviceIrDumpPath;
  /// What other files of the run do with this file's kernels: their
  /// launches give a kernel none of this file's launches gives a shape, and
  /// their opt-ins count as the kernel's (AnalysisSession.cpp).
  std::vector<ExternalLaunch> LaunchesInOtherFiles;
  std::vector<ExternalOptIn> OptInsInOtherFiles;
};

/// Whether \p Setting, the kernel an option names, is the kernel smem-lint
/// reports as \p KernelName (qualified, with template arguments:
/// "ns::transpose<32>"). The full name, the name without template arguments
/// ("ns::transpose") and the unqualified one ("transpose") all name it; so
/// does the name without "(anonymous namespace)::". One rule for every
/// per-kernel option and for --verify's harness.
bool settingNamesKernel(llvm::StringRef Setting, llvm::StringRef KernelName);

/// Analyses every kernel of \p Ctx's translation unit outside system headers.
/// With \p DeviceInputs, also generates the kernels' device code, to find the
/// shared accesses the source-level evaluation did not see.
FileReport
analyzeTranslationUnit(clang::ASTContext &Ctx, const AnalysisOptions &Options,
                       const DeviceCodeGenInputs *DeviceInputs = nullptr);

/// The block assumed for a kernel nothing is known about (documented in
/// docs/checks/smem-bank-conflict.md).
BlockShape defaultBlockShape(bool UsesThreadY, bool UsesThreadZ,
                             std::optional<unsigned> MaxThreads);

} // namespace smemlint

#endif
