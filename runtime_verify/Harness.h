//===--- Harness.h - Generated host programs and measure.sh ----*- C++ -*-===//
//
// The text `prepare` writes: one host program per variant of the user's file
// (it #includes the file and launches each planned kernel with zero-filled
// buffers and the planned scalars, checking every launch), and measure.sh,
// the self-contained script that builds them with nvcc and runs them under
// Nsight Compute and compute-sanitizer on the GPU machine.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_RUNTIME_VERIFY_HARNESS_H
#define SMEMLINT_RUNTIME_VERIFY_HARNESS_H

#include "runtime_verify/Plan.h"

#include <string>

namespace smemlint {
namespace verify {

/// The harness of \p Variant: every verifiable launch of the plan that runs
/// in this variant. Run as `BIN [--launch ID]... [--one-block]`; it prints one
/// `smem-lint-verify: launch ID ...` line per launch (function name,
/// registers, blocks per SM, status).
std::string harnessSource(const VerifyPlan &Plan,
                          const PlannedVariant &Variant);

/// measure.sh for \p Plan (see docs/runtime-verify.md for its steps).
std::string measureScript(const VerifyPlan &Plan);

/// The launch recorder's source (runtime_verify/recorder/launch_recorder.cpp,
/// embedded at build time): --run's measure.sh builds it against CUPTI and
/// loads it into the plain run, which then writes every launch's
/// configuration and argument bytes (raw/program.launches.txt).
std::string launchRecorderSource();

/// README.txt of the prepared directory: what is in it and how to run it.
std::string directoryReadme(const VerifyPlan &Plan);

} // namespace verify
} // namespace smemlint

#endif
