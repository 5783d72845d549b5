//===--- Verdicts.h - Predictions against measurements ---------*- C++ -*-===//
//
// Loads what measure.sh wrote for each planned launch and gives every
// prediction of the plan a verdict: confirmed, refuted, or not measurable,
// by the tolerance rules of docs/runtime-verify.md. Pure values in and out,
// so that the rules can be tested on recorded outputs.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_RUNTIME_VERIFY_VERDICTS_H
#define SMEMLINT_RUNTIME_VERIFY_VERDICTS_H

#include "runtime_verify/Plan.h"
#include "runtime_verify/RawOutputs.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace smemlint {
namespace verify {

/// Everything measured about one launch.
struct LaunchMeasurement {
  /// From the plain run of the variant's binary.
  std::optional<HarnessLaunch> Harness;
  /// Nsight Compute's raw metrics and source page, when profiled.
  std::optional<NcuResult> Ncu;
  std::optional<SourcePage> Source;
  std::optional<RacecheckLog> Racecheck;
  std::optional<SynccheckLog> Synccheck;
  /// Why the launch has no measurement at all (build failed, skipped, the
  /// plain run timed out, ...).
  std::string Problem;
  /// Why one tool's result is missing when the others stand (it timed out).
  std::string NcuProblem, RacecheckProblem, SynccheckProblem;
};

struct MeasuredRun {
  /// raw/environment.txt: "gpu", "nvcc", "ncu", "date", ...
  std::map<std::string, std::string> Environment;
  std::map<std::string, LaunchMeasurement> Launches;
};

/// Reads DIR/raw for every launch of \p Plan. Returns nullopt with \p Error
/// set when DIR/raw/status.txt does not exist (measure.sh has not run).
std::optional<MeasuredRun> loadMeasurements(const VerifyPlan &Plan,
                                            llvm::StringRef Dir,
                                            std::string &Error);

/// DifferentPath: the executed instruction counts show the hardware took
/// another path than the analysed one (the analysed access ran with no
/// lane): the prediction was not tested, rather than wrong.
enum class VerdictKind { Confirmed, Refuted, NotMeasurable, DifferentPath };

const char *verdictName(VerdictKind Kind);

struct Verdict {
  std::string Prediction; ///< The prediction's id.
  VerdictKind Kind = VerdictKind::NotMeasurable;
  /// Short texts for the table: "32.00 x 32", "0 hazards".
  std::string Predicted, Measured;
  /// The SASS the line compiled to: "LDS.128 x4, LDS x16".
  std::string Sass;
  /// Where the measured number comes from: "hardware counter", "source page
  /// (instrumented)", "racecheck", "synccheck", "launch statistics".
  std::string Source;
  /// Why: the rule applied, or what kept the prediction from being measured.
  std::string Reason;
  /// The numbers behind Predicted and Measured (JSON).
  std::map<std::string, double> PredictedValues, MeasuredValues;
};

/// Every prediction of \p Plan, judged against \p Run, in plan order.
std::vector<Verdict> judgePlan(const VerifyPlan &Plan, const MeasuredRun &Run);

/// The worst of \p Kinds: refuted, then different path, then not
/// measurable, then confirmed.
VerdictKind worstVerdict(const std::vector<VerdictKind> &Kinds);

} // namespace verify
} // namespace smemlint

#endif
