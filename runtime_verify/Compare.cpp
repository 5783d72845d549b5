//===--- Compare.cpp - Judge the predictions against the measurements -----===//
//
// Reads the plan and the raw outputs, judges (Verdicts.cpp), and renders the
// verdicts: a text table per launch, findings first, or one JSON document.
//
//===----------------------------------------------------------------------===//

#include "runtime_verify/Compare.h"

#include "runtime_verify/RuntimeVerify.h"
#include "runtime_verify/Verdicts.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <nlohmann/json.hpp>

#include <set>

using namespace llvm;

namespace smemlint {
namespace verify {
namespace {

using nlohmann::json;

struct Judged {
  const VerifyPlan &Plan;
  const MeasuredRun &Run;
  std::vector<Verdict> Verdicts;

  const Verdict &verdictOf(const Prediction &P) const {
    return Verdicts[&P - Plan.Predictions.data()];
  }
  /// Predictions of the finding on the original source, or on one fix.
  std::vector<const Prediction *> forFinding(unsigned Finding,
                                             StringRef Variant) const {
    std::vector<const Prediction *> Found;
    for (const Prediction &P : Plan.Predictions) {
      const PlannedLaunch *L = Plan.launch(P.Launch);
      if (L && L->Variant == Variant && is_contained(P.Findings, Finding))
        Found.push_back(&P);
    }
    return Found;
  }
  VerdictKind worstOf(const std::vector<const Prediction *> &Ps) const {
    std::vector<VerdictKind> Kinds;
    for (const Prediction *P : Ps)
      Kinds.push_back(verdictOf(*P).Kind);
    return worstVerdict(Kinds);
  }
};

std::string dims(const std::array<unsigned, 3> &D) {
  std::string Text = std::to_string(D[0]) + "x" + std::to_string(D[1]);
  if (D[2] != 1)
    Text += "x" + std::to_string(D[2]);
  return Text;
}

std::string variantOriginal(const VerifyPlan &Plan, StringRef LaunchId) {
  const PlannedLaunch *L = Plan.launch(LaunchId.str());
  const PlannedVariant *V = L ? Plan.variant(L->Variant) : nullptr;
  return V ? V->Id : "";
}

/// What the row is about, in a few words.
std::string subject(const Prediction &P) {
  if (P.Kind == "wavefronts") {
    std::string Arrays;
    for (const std::string &A : P.Arrays)
      Arrays += (Arrays.empty() ? "'" : ", '") + A + "'";
    return "line " + std::to_string(P.Line) + " " + P.Operation + " " + Arrays;
  }
  if (P.Kind == "shared-totals")
    return "kernel " + (P.Operation == "copy"   ? std::string("copies")
                        : P.Operation == "gmma" ? std::string("wgmma reads")
                                                : P.Operation + "s");
  if (P.Kind == "global-sectors")
    return "global " + P.Operation + " sectors";
  if (P.Kind == "race")
    return "race (" + P.Check.substr(5) + ")";
  if (P.Kind == "race-free")
    return "races";
  if (P.Kind == "divergent-barrier")
    return "divergent barrier";
  if (P.Kind == "occupancy")
    return "blocks per SM";
  if (P.Kind == "launch-fault")
    return "launch fault";
  return P.Kind;
}

/// One row; the reason, if any, on the next line under the prediction.
void printRow(raw_ostream &OS, const Judged &J, const Prediction &P,
              StringRef Indent, StringRef ReasonIndent) {
  const Verdict &V = J.verdictOf(P);
  OS << Indent << left_justify(subject(P), 26) << " "
     << left_justify(V.Predicted, 22) << " "
     << left_justify(V.Measured.empty() ? "-" : V.Measured, 22) << " "
     << left_justify(V.Sass.empty() ? "-" : V.Sass, 22) << " "
     << verdictName(V.Kind) << "\n";
  if (!V.Reason.empty())
    OS << ReasonIndent << V.Reason << "\n";
}

void printHeader(raw_ostream &OS, StringRef Indent) {
  OS << Indent << left_justify("prediction", 26) << " "
     << left_justify("predicted", 22) << " " << left_justify("measured", 22)
     << " " << left_justify("SASS", 22) << " verdict\n";
}

std::string launchTitle(const VerifyPlan &Plan, const PlannedLaunch &L) {
  const PlannedVariant *V = Plan.variant(L.Variant);
  std::string Title =
      L.Kernel + ", block " + dims(L.Block) + ", grid " + dims(L.Grid) + " [" +
      L.Id + ", " +
      (V ? sys::path::filename(V->Source).str() + " " + V->Id : L.Variant) +
      "]";
  // The scalar arguments the launch recorder read, which the re-analysis
  // used.
  std::vector<std::string> Recorded;
  for (const PlannedArgument &A : L.Arguments)
    if (A.ValueSource == "run")
      Recorded.push_back(A.Name + " = " + A.Value);
  if (!Recorded.empty())
    Title += ", with " + join(Recorded, ", ");
  return Title;
}

struct Summary {
  unsigned Confirmed = 0, Refuted = 0, NotMeasurable = 0, DifferentPath = 0,
           NotVerifiable = 0;
  /// --run: profiled launches no analysis covers, analysed kernels the
  /// program did not launch.
  unsigned Uncovered = 0, NeverLaunched = 0;
  unsigned total() const {
    return Confirmed + Refuted + NotMeasurable + DifferentPath;
  }
};

Summary summarize(const Judged &J) {
  Summary S;
  for (const Verdict &V : J.Verdicts)
    (V.Kind == VerdictKind::Confirmed       ? S.Confirmed
     : V.Kind == VerdictKind::Refuted       ? S.Refuted
     : V.Kind == VerdictKind::DifferentPath ? S.DifferentPath
                                            : S.NotMeasurable) += 1;
  for (const PlannedLaunch &L : J.Plan.Launches)
    S.NotVerifiable += !L.Verifiable;
  if (J.Plan.Program) {
    S.Uncovered = J.Plan.Program->Uncovered.size();
    S.NeverLaunched = J.Plan.Program->NeverLaunched.size();
  }
  return S;
}

int exitCode(const Summary &S) {
  if (S.Refuted)
    return VerifyRefuted;
  if (S.NotMeasurable || S.DifferentPath || S.NotVerifiable || S.Uncovered ||
      S.NeverLaunched)
    return VerifyIncomplete;
  return VerifyConfirmed;
}

/// Where a finding's verdict was measured: the user's program (--run) or a
/// harness smem-lint wrote.
std::string measuredOn(const VerifyPlan &Plan) {
  return Plan.Program ? "on the run of '" + Plan.Program->Command + "'"
                      : "on a harness launch";
}

void printText(raw_ostream &OS, const Judged &J) {
  const VerifyPlan &Plan = J.Plan;
  auto Env = [&](StringRef Key) {
    auto It = J.Run.Environment.find(Key.str());
    return It == J.Run.Environment.end() ? std::string("?") : It->second;
  };
  OS << "smem-lint --verify: predictions for " << Plan.Arch << " against "
     << Env("gpu") << " (" << Env("date") << "; ncu " << Env("ncu") << ")\n";

  if (!Plan.Findings.empty())
    OS << "\nFindings\n";
  for (const PlannedFinding &F : Plan.Findings) {
    OS << "\n"
       << F.File << ":" << F.Line << ":" << F.Column << ": " << F.Message
       << " [" << F.Check << "]\n";
    std::set<std::string> Variants;
    for (const std::string &L : F.Launches)
      Variants.insert(variantOriginal(Plan, L));
    bool Any = false;
    for (const std::string &Variant : Variants) {
      std::vector<const Prediction *> Ps = J.forFinding(F.Index, Variant);
      for (const Prediction *P : Ps) {
        if (!Any)
          printHeader(OS, "       ");
        Any = true;
        OS << "  " << left_justify(P->Launch, 4) << " ";
        printRow(OS, J, *P, "", "         ");
      }
    }
    if (!Any)
      OS << "  (no measurable prediction: see the launch's rows)\n";
    for (const std::string &VariantId : F.FixVariants) {
      const PlannedVariant *V = Plan.variant(VariantId);
      if (!V)
        continue;
      OS << "  fix [" << V->Id << "]: " << V->FixDescription << "\n";
      if (!V->Problem.empty()) {
        OS << "    not verified: " << V->Problem << "\n";
        continue;
      }
      for (const Prediction *P : J.forFinding(F.Index, V->Id)) {
        OS << "  " << left_justify(P->Launch, 4) << " ";
        printRow(OS, J, *P, "", "         ");
      }
    }
    std::vector<const Prediction *> All;
    for (const std::string &Variant : Variants) {
      std::vector<const Prediction *> Ps = J.forFinding(F.Index, Variant);
      All.insert(All.end(), Ps.begin(), Ps.end());
    }
    OS << "  => finding "
       << (All.empty() ? "not measurable" : verdictName(J.worstOf(All)));
    if (!All.empty() && J.worstOf(All) != VerdictKind::NotMeasurable)
      OS << " " << measuredOn(Plan);
    for (const std::string &VariantId : F.FixVariants) {
      std::vector<const Prediction *> Ps = J.forFinding(F.Index, VariantId);
      if (!Ps.empty())
        OS << "; fix " << VariantId << " " << verdictName(J.worstOf(Ps));
    }
    OS << "\n";
  }

  OS << "\nEvery prediction, by launch\n";
  for (const PlannedLaunch &L : Plan.Launches) {
    OS << "\n" << launchTitle(Plan, L) << "\n";
    if (!L.Verifiable) {
      OS << "  not verifiable: " << L.NotVerifiableReason << "\n";
      continue;
    }
    auto M = J.Run.Launches.find(L.Id);
    if (M != J.Run.Launches.end() && M->second.Harness &&
        M->second.Harness->Registers >= 0) {
      const HarnessLaunch &H = *M->second.Harness;
      OS << "  " << H.Function << ": " << H.Registers << " registers, "
         << H.StaticShared << " bytes static shared, " << H.BlocksPerSM
         << " blocks/SM at run time\n";
    }
    printHeader(OS, "  ");
    for (const Prediction &P : Plan.Predictions)
      if (P.Launch == L.Id)
        printRow(OS, J, P, "  ", "    ");
  }

  if (const std::optional<PlannedProgram> &Program = Plan.Program) {
    OS << "\nThe program: " << Program->Command << "\n";
    OS << "  " << Plan.Launches.size() + Program->Uncovered.size()
       << " launches of the analysed kernels' names profiled (at most "
       << Program->LaunchCount << "), " << Plan.Launches.size()
       << " re-analysed with their block, grid and dynamic shared bytes";
    unsigned WithScalars = 0;
    for (const PlannedLaunch &L : Plan.Launches)
      WithScalars += any_of(L.Arguments, [](const PlannedArgument &A) {
        return A.ValueSource == "run";
      });
    if (WithScalars)
      OS << ", " << WithScalars << " of them with the scalar arguments "
         << "the program passed (raw/program.launches.txt)";
    OS << "\n";
    for (const UncoveredLaunch &U : Program->Uncovered)
      OS << "  L" << U.ProfileIndex << " " << U.Function
         << ": not covered: " << U.Reason << "\n";
    for (const std::string &Kernel : Program->NeverLaunched)
      OS << "  " << Kernel
         << ": analysed, but never launched (among the profiled launches)\n";
  }

  Summary S = summarize(J);
  OS << "\nsmem-lint --verify: " << S.total() << " predictions: " << S.Confirmed
     << " confirmed, " << S.Refuted << " refuted, " << S.DifferentPath
     << " on a different path, " << S.NotMeasurable << " not measurable";
  if (S.NotVerifiable)
    OS << "; " << S.NotVerifiable << " launch"
       << (S.NotVerifiable == 1 ? "" : "es") << " not verifiable";
  if (Plan.Program)
    OS << "; " << S.Uncovered << " launch" << (S.Uncovered == 1 ? "" : "es")
       << " not covered, " << S.NeverLaunched << " analysed kernel"
       << (S.NeverLaunched == 1 ? "" : "s") << " never launched";
  OS << "\n";
}

json numbers(const std::map<std::string, double> &Values) {
  json J = json::object();
  for (const auto &[Key, Value] : Values)
    J[Key] = std::round(Value * 1000) / 1000;
  return J;
}

std::string renderJson(const Judged &J) {
  const VerifyPlan &Plan = J.Plan;
  json Doc = {{"version", 1},
              {"tool", "smem-lint --verify"},
              {"arch", Plan.Arch},
              {"environment", J.Run.Environment}};
  json Launches = json::array();
  for (const PlannedLaunch &L : Plan.Launches) {
    json Item = {{"id", L.Id},
                 {"variant", L.Variant},
                 {"kernel", L.Kernel},
                 {"block", {L.Block[0], L.Block[1], L.Block[2]}},
                 {"grid", {L.Grid[0], L.Grid[1], L.Grid[2]}},
                 {"verifiable", L.Verifiable}};
    if (L.Cluster)
      Item["cluster"] = {(*L.Cluster)[0], (*L.Cluster)[1], (*L.Cluster)[2]};
    if (L.ProfileIndex >= 0) {
      Item["profile_index"] = L.ProfileIndex;
      Item["dynamic_shared_bytes"] = L.DynamicSharedBytes;
    }
    if (!L.Verifiable)
      Item["not_verifiable_reason"] = L.NotVerifiableReason;
    auto M = J.Run.Launches.find(L.Id);
    if (M != J.Run.Launches.end()) {
      if (!M->second.Problem.empty())
        Item["problem"] = M->second.Problem;
      if (const std::optional<HarnessLaunch> &H = M->second.Harness) {
        Item["function"] = H->Function;
        Item["registers"] = H->Registers;
        Item["blocks_per_sm"] = H->BlocksPerSM;
        Item["status"] = H->Status;
      }
    }
    Launches.push_back(Item);
  }
  json Findings = json::array();
  for (const PlannedFinding &F : Plan.Findings) {
    std::set<std::string> Variants;
    for (const std::string &L : F.Launches)
      Variants.insert(variantOriginal(Plan, L));
    std::vector<const Prediction *> Own;
    for (const std::string &Variant : Variants) {
      std::vector<const Prediction *> Ps = J.forFinding(F.Index, Variant);
      Own.insert(Own.end(), Ps.begin(), Ps.end());
    }
    json Ids = json::array();
    for (const Prediction *P : Own)
      Ids.push_back(P->Id);
    json Fixes = json::array();
    for (const std::string &VariantId : F.FixVariants) {
      const PlannedVariant *V = Plan.variant(VariantId);
      if (!V)
        continue;
      std::vector<const Prediction *> Ps = J.forFinding(F.Index, VariantId);
      json FixIds = json::array();
      for (const Prediction *P : Ps)
        FixIds.push_back(P->Id);
      json Fix = {{"variant", V->Id},
                  {"fix", V->FixDescription},
                  {"predictions", FixIds},
                  {"verdict",
                   Ps.empty() ? "not measurable" : verdictName(J.worstOf(Ps))}};
      if (!V->Problem.empty())
        Fix["problem"] = V->Problem;
      Fixes.push_back(Fix);
    }
    Findings.push_back({{"index", F.Index},
                        {"check", F.Check},
                        {"file", F.File},
                        {"line", F.Line},
                        {"column", F.Column},
                        {"message", F.Message},
                        {"predictions", Ids},
                        {"verdict", Own.empty() ? "not measurable"
                                                : verdictName(J.worstOf(Own))},
                        {"measured_on", Plan.Program ? "program" : "harness"},
                        {"fixes", Fixes}});
  }
  json Predictions = json::array();
  for (const Prediction &P : Plan.Predictions) {
    const Verdict &V = J.verdictOf(P);
    json Item = {{"id", P.Id},
                 {"launch", P.Launch},
                 {"kind", P.Kind},
                 {"description", P.Description},
                 {"findings", P.Findings},
                 {"verdict", verdictName(V.Kind)},
                 {"reason", V.Reason},
                 {"source", V.Source},
                 {"predicted", numbers(V.PredictedValues)},
                 {"measured", numbers(V.MeasuredValues)}};
    if (P.FixOf >= 0)
      Item["fix_of"] = P.FixOf;
    if (P.Kind == "wavefronts") {
      Item["line"] = P.Line;
      Item["operation"] = P.Operation;
      Item["width_bytes"] = P.WidthBytes;
      Item["status"] = P.Status;
    } else if (P.Kind == "shared-totals" || P.Kind == "global-sectors") {
      Item["operation"] = P.Operation;
      Item["status"] = P.Status;
    } else if (!P.Lines.empty()) {
      Item["lines"] = P.Lines;
    }
    if (!V.Sass.empty())
      Item["sass"] = V.Sass;
    Predictions.push_back(Item);
  }
  Doc["launches"] = Launches;
  Doc["findings"] = Findings;
  Doc["predictions"] = Predictions;
  Summary S = summarize(J);
  Doc["summary"] = {{"predictions", S.total()},
                    {"confirmed", S.Confirmed},
                    {"refuted", S.Refuted},
                    {"not_measurable", S.NotMeasurable},
                    {"different_path", S.DifferentPath},
                    {"launches_not_verifiable", S.NotVerifiable},
                    {"all_confirmed", exitCode(S) == VerifyConfirmed}};
  if (const std::optional<PlannedProgram> &Program = Plan.Program) {
    Doc["summary"]["launches_not_covered"] = S.Uncovered;
    Doc["summary"]["kernels_never_launched"] = S.NeverLaunched;
    json Uncovered = json::array();
    for (const UncoveredLaunch &U : Program->Uncovered)
      Uncovered.push_back({{"profile_index", U.ProfileIndex},
                           {"function", U.Function},
                           {"reason", U.Reason}});
    Doc["program"] = {{"command", Program->Command},
                      {"launch_count", Program->LaunchCount},
                      {"uncovered", Uncovered},
                      {"never_launched", Program->NeverLaunched}};
  }
  return Doc.dump(2) + "\n";
}

} // namespace

int compareDirectory(StringRef Dir, StringRef Format, raw_ostream &Out,
                     raw_ostream &Err, const ProgramResolver *Resolver) {
  if (Format != "text" && Format != "json") {
    Err << "smem-lint: error: unknown format '" << Format
        << "'; use text or json\n";
    return VerifyCannotRun;
  }
  SmallString<256> PlanPath(Dir);
  sys::path::append(PlanPath, "plan.json");
  auto Buffer = MemoryBuffer::getFile(PlanPath);
  if (!Buffer) {
    Err << "smem-lint: error: '" << PlanPath
        << "' not found: prepare the directory with --verify-prepare first\n";
    return VerifyCannotRun;
  }
  VerifyPlan Plan;
  std::string Error;
  if (!planFromJson((*Buffer)->getBuffer().str(), Plan, Error)) {
    Err << "smem-lint: error: " << Error << "\n";
    return VerifyCannotRun;
  }
  if (Resolver && !Plan.Program) {
    Err << "smem-lint: error: --verify-compare takes source files only for a "
           "directory that measured a program (--run); '"
        << Dir << "' measured harnesses\n";
    return VerifyCannotRun;
  }
  // Files given again for a plan an earlier compare resolved: the launches
  // are re-analysed from the plan as prepared, with this build and these
  // files, not judged by the earlier compare's predictions.
  if (Resolver && Plan.Program && Plan.Program->Resolved) {
    SmallString<256> PreparedPath(Dir);
    sys::path::append(PreparedPath, PreparedPlanFile);
    VerifyPlan Prepared;
    std::string Unread;
    auto PreparedText = MemoryBuffer::getFile(PreparedPath);
    if (!PreparedText)
      Unread = "'" + PreparedPath.str().str() + "' is missing";
    else if (planFromJson((*PreparedText)->getBuffer().str(), Prepared, Unread))
      Plan = std::move(Prepared);
    // Not silently: the predictions judged are then the earlier compare's.
    if (!Unread.empty())
      Err << "smem-lint: warning: the plan as prepared cannot be read ("
          << Unread << "): judging the predictions of the earlier "
          << "--verify-compare, not a new analysis of the files\n";
  }
  std::optional<MeasuredRun> Run = loadMeasurements(Plan, Dir, Error);
  if (Run && Plan.Program && !Plan.Program->Resolved) {
    if (!Resolver) {
      Err << "smem-lint: error: '" << Dir
          << "' measured a program (--run): its launches are re-analysed "
             "with their configurations first; give the analysed files "
             "again: smem-lint --verify-compare="
          << Dir << " FILE...\n";
      return VerifyCannotRun;
    }
    if (!resolveProgramPlan(Plan, Dir, Resolver->Files, Resolver->Analyse,
                            Error)) {
      Err << "smem-lint: error: " << Error << "\n";
      return VerifyCannotRun;
    }
    Run = loadMeasurements(Plan, Dir, Error);
  }
  if (!Run) {
    Err << "smem-lint: error: " << Error << "\n";
    return VerifyCannotRun;
  }
  Judged J{Plan, *Run, judgePlan(Plan, *Run)};
  if (Format == "json")
    Out << renderJson(J);
  else
    printText(Out, J);
  return exitCode(summarize(J));
}

} // namespace verify
} // namespace smemlint
