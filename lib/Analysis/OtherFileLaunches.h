//===--- OtherFileLaunches.h - Launches one file makes of another's kernels -*-
// C++ -*-//
//
// A project often defines a kernel in one file and launches it from another
// (`extern "C" __global__ void k(...);` in main.cu, or a header's kernel that
// main.cu includes). Each file's analysis reports the launches and opt-ins
// of such kernels by the kernel's symbol (FileReport::ExternalLaunches); the
// run hands them to the file that defines the kernel
// (Workflow/CrossFileLaunches.h), whose analysis uses them as launches of
// its own for a kernel none of its launches gives a shape.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_ANALYSIS_OTHERFILELAUNCHES_H
#define SMEMLINT_ANALYSIS_OTHERFILELAUNCHES_H

#include "Analysis/HostLaunches.h"
#include "Analysis/KernelDiscovery.h"
#include "Report/Report.h"

#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace smemlint {

/// Kernels are known by their symbol (clang's mangling, which the file that
/// defines a kernel and the files that declare it share).
///
/// Adds to \p File the launches and large-dynamic-shared opt-ins in \p Host
/// of kernels the file declares but does not define, or defines in a header
/// (a header analysed alone knows no launch of its kernels).
void describeExternalUses(clang::ASTContext &Ctx, const HostLaunches &Host,
                          FileReport &File);

/// Gives each of \p Kernels what \p Launches and \p OptIns, made in other
/// files of the run, do with it (KernelInfo::LaunchesElsewhere, and the
/// opt-in when the file has none of its own).
void attachOtherFilesUses(clang::ASTContext &Ctx,
                          const std::vector<ExternalLaunch> &Launches,
                          const std::vector<ExternalOptIn> &OptIns,
                          std::vector<KernelInfo> &Kernels);

/// \p Launch, made in another file of the run, as a launch of \p Kernel
/// (no call: its place is the ExternalLaunch's).
LaunchSite launchFromOtherFile(const ExternalLaunch &Launch,
                               const clang::FunctionDecl *Kernel);

} // namespace smemlint

#endif
