//===--- CrossFileLaunches.h - Launches of kernels other files define -*- C++
//-*-//
//
// A project often defines a kernel in one file and launches it from another
// (`extern "C" __global__ void k(...);` in main.cu, a header's declaration).
// Analysed alone, the defining file knows no launch, and the kernel gets an
// assumed block. When both files are analysed in one run, each file reports
// the launches and opt-ins of the kernels it only declares
// (FileReport::ExternalLaunches); this decides which file each belongs to
// (the one file of the run whose kernel has that symbol) and which files are
// analysed again with them.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_WORKFLOW_CROSSFILELAUNCHES_H
#define SMEMLINT_WORKFLOW_CROSSFILELAUNCHES_H

#include "Report/Report.h"

#include <map>
#include <optional>
#include <vector>

namespace smemlint {

/// What the other files of the run do with one file's kernels.
struct OtherFilesUses {
  std::vector<ExternalLaunch> Launches;
  std::vector<ExternalOptIn> OptIns;
};

/// What the run does across its files.
struct CrossFilePlan {
  /// The files (by index) to analyse again, with what the other files do
  /// with their kernels: those with a kernel analysed only with an assumed
  /// block that another file launches, or only with the blocks of its own
  /// file's launches when another file launches it with another block, or
  /// with a capacity finding that another file's opt-in may answer.
  std::map<size_t, OtherFilesUses> Reanalyse;
  /// Notes for the files whose kernel symbol several places define: the
  /// launch is used for none of them (added after any new analysis).
  std::map<size_t, std::vector<Diagnostic>> Notes;
};

CrossFilePlan
usesAcrossFiles(const std::vector<std::optional<FileReport>> &Reports);

} // namespace smemlint

#endif
