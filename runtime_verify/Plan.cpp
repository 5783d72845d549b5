//===--- Plan.cpp - plan.json ---------------------------------------------===//

#include "runtime_verify/Plan.h"

#include <nlohmann/json.hpp>

namespace smemlint {
namespace verify {
namespace {

using nlohmann::json;

json toJson(const PlannedArgument &A) {
  json J = {{"name", A.Name},
            {"type", A.Type},
            {"pointer", A.IsPointer},
            {"value_source", A.ValueSource}};
  if (A.IsPointer) {
    J["buffer_bytes"] = A.BufferBytes;
    J["fill"] = A.Fill;
    if (!A.FillFile.empty())
      J["fill_file"] = A.FillFile;
    if (!A.ElementType.empty())
      J["element_type"] = A.ElementType;
  } else if (A.isTensorMap()) {
    J["tensor_map"] = {{"element_bytes", A.MapElementBytes},
                       {"box", A.MapBox},
                       {"element_strides", A.MapElementStrides},
                       {"swizzle_bytes", A.MapSwizzleBytes}};
  } else
    J["value"] = A.Value;
  return J;
}

void fromJson(const json &J, PlannedArgument &A) {
  A.Name = J.value("name", "");
  A.Type = J.value("type", "");
  A.IsPointer = J.value("pointer", false);
  A.BufferBytes = J.value("buffer_bytes", uint64_t(0));
  A.Fill = J.value("fill", "zero");
  A.FillFile = J.value("fill_file", "");
  A.ElementType = J.value("element_type", "");
  A.Value = J.value("value", "");
  A.ValueSource = J.value("value_source", "");
  if (J.contains("tensor_map")) {
    const json &Map = J["tensor_map"];
    A.MapElementBytes = Map.value("element_bytes", 0u);
    A.MapBox = Map.value("box", std::vector<uint32_t>());
    A.MapElementStrides = Map.value("element_strides", std::vector<uint32_t>());
    A.MapSwizzleBytes = Map.value("swizzle_bytes", 0u);
  }
}

json dims(const std::array<unsigned, 3> &D) { return {D[0], D[1], D[2]}; }

std::array<unsigned, 3> dimsFrom(const json &J) {
  std::array<unsigned, 3> D = {1, 1, 1};
  if (J.is_array())
    for (size_t I = 0; I < 3 && I < J.size(); ++I)
      D[I] = J[I].get<unsigned>();
  return D;
}

json toJson(const PlannedLaunch &L) {
  json Args = json::array();
  for (const PlannedArgument &A : L.Arguments)
    Args.push_back(toJson(A));
  json J = {{"id", L.Id},
            {"variant", L.Variant},
            {"kernel", L.Kernel},
            {"block_dim_index", L.BlockDimIndex},
            {"block", dims(L.Block)},
            {"grid", dims(L.Grid)},
            {"grid_source", L.GridSource},
            {"dynamic_shared_bytes", L.DynamicSharedBytes},
            {"arguments", Args},
            {"verifiable", L.Verifiable},
            {"synccheck", L.Synccheck}};
  if (L.Cluster) {
    J["cluster"] = dims(*L.Cluster);
    J["cluster_by_attribute"] = L.ClusterByAttribute;
    J["non_portable_cluster"] = L.NonPortableCluster;
  }
  if (!L.Verifiable)
    J["not_verifiable_reason"] = L.NotVerifiableReason;
  if (L.ProfileIndex >= 0) {
    J["profile_index"] = L.ProfileIndex;
    J["function"] = L.Function;
  }
  return J;
}

void fromJson(const json &J, PlannedLaunch &L) {
  L.Id = J.value("id", "");
  L.Variant = J.value("variant", "");
  L.Kernel = J.value("kernel", "");
  L.BlockDimIndex = J.value("block_dim_index", 0u);
  L.Block = dimsFrom(J.value("block", json()));
  L.Grid = dimsFrom(J.value("grid", json()));
  L.GridSource = J.value("grid_source", "");
  L.DynamicSharedBytes = J.value("dynamic_shared_bytes", uint64_t(0));
  if (J.contains("cluster")) {
    L.Cluster = dimsFrom(J["cluster"]);
    L.ClusterByAttribute = J.value("cluster_by_attribute", false);
    L.NonPortableCluster = J.value("non_portable_cluster", false);
  }
  for (const json &A : J.value("arguments", json::array())) {
    PlannedArgument Arg;
    fromJson(A, Arg);
    L.Arguments.push_back(Arg);
  }
  L.Verifiable = J.value("verifiable", true);
  L.NotVerifiableReason = J.value("not_verifiable_reason", "");
  L.Synccheck = J.value("synccheck", false);
  L.ProfileIndex = J.value("profile_index", -1);
  L.Function = J.value("function", "");
}

json toJson(const PlannedProgram &P) {
  json Kernels = json::array(), Uncovered = json::array();
  for (const PlannedKernel &K : P.Kernels) {
    json Scalars = json::array();
    for (const PlannedScalar &S : K.Scalars)
      Scalars.push_back({{"index", S.Index},
                         {"name", S.Name},
                         {"type", S.Type},
                         {"bytes", S.Bytes},
                         {"signed", S.Signed}});
    Kernels.push_back({{"name", K.Name},
                       {"file", K.File},
                       {"mangled", K.Mangled},
                       {"scalars", Scalars}});
  }
  for (const UncoveredLaunch &U : P.Uncovered)
    Uncovered.push_back({{"profile_index", U.ProfileIndex},
                         {"function", U.Function},
                         {"reason", U.Reason}});
  return {{"command", P.Command},
          {"launch_count", P.LaunchCount},
          {"kernels", Kernels},
          {"synccheck", P.Synccheck},
          {"resolved", P.Resolved},
          {"uncovered", Uncovered},
          {"never_launched", P.NeverLaunched}};
}

void fromJson(const json &J, PlannedProgram &P) {
  P.Command = J.value("command", "");
  P.LaunchCount = J.value("launch_count", 20u);
  for (const json &K : J.value("kernels", json::array())) {
    PlannedKernel &Kernel = P.Kernels.emplace_back();
    Kernel.Name = K.value("name", "");
    Kernel.File = K.value("file", "");
    Kernel.Mangled = K.value("mangled", "");
    for (const json &S : K.value("scalars", json::array()))
      Kernel.Scalars.push_back({S.value("index", 0u), S.value("name", ""),
                                S.value("type", ""), S.value("bytes", 0u),
                                S.value("signed", false)});
  }
  P.Synccheck = J.value("synccheck", false);
  P.Resolved = J.value("resolved", false);
  for (const json &U : J.value("uncovered", json::array()))
    P.Uncovered.push_back({U.value("profile_index", 0), U.value("function", ""),
                           U.value("reason", "")});
  P.NeverLaunched = J.value("never_launched", std::vector<std::string>());
}

json toJson(const PlannedVariant &V) {
  json J = {{"id", V.Id},
            {"kind", V.Kind},
            {"original_file", V.OriginalFile},
            {"source", V.Source},
            {"harness", V.Harness},
            {"binary", V.Binary}};
  if (V.Finding >= 0) {
    J["finding"] = V.Finding;
    J["fix"] = V.FixDescription;
  }
  if (!V.Problem.empty())
    J["problem"] = V.Problem;
  return J;
}

void fromJson(const json &J, PlannedVariant &V) {
  V.Id = J.value("id", "");
  V.Kind = J.value("kind", "");
  V.OriginalFile = J.value("original_file", "");
  V.Source = J.value("source", "");
  V.Harness = J.value("harness", "");
  V.Binary = J.value("binary", "");
  V.Finding = J.value("finding", -1);
  V.FixDescription = J.value("fix", "");
  V.Problem = J.value("problem", "");
}

json toJson(const PlannedFinding &F) {
  return {{"index", F.Index},       {"check", F.Check},
          {"file", F.File},         {"line", F.Line},
          {"column", F.Column},     {"message", F.Message},
          {"launches", F.Launches}, {"fix_variants", F.FixVariants}};
}

void fromJson(const json &J, PlannedFinding &F) {
  F.Index = J.value("index", 0u);
  F.Check = J.value("check", "");
  F.File = J.value("file", "");
  F.Line = J.value("line", 0u);
  F.Column = J.value("column", 0u);
  F.Message = J.value("message", "");
  F.Launches = J.value("launches", std::vector<std::string>());
  F.FixVariants = J.value("fix_variants", std::vector<std::string>());
}

json toJson(const Prediction &P) {
  json J = {{"id", P.Id},
            {"launch", P.Launch},
            {"kind", P.Kind},
            {"findings", P.Findings},
            {"description", P.Description}};
  if (P.FixOf >= 0)
    J["fix_of"] = P.FixOf;
  if (P.Kind == "wavefronts" || P.Kind == "shared-totals") {
    J["file"] = P.File;
    J["line"] = P.Line;
    if (P.LastLine)
      J["last_line"] = P.LastLine;
    J["operation"] = P.Operation;
    J["columns"] = P.Columns;
    J["arrays"] = P.Arrays;
    J["width_bytes"] = P.WidthBytes;
    J["wavefronts_per_instruction"] = P.WavefrontsPerInstruction;
    J["instructions_per_block"] = P.InstructionsPerBlock;
    J["status"] = P.Status;
  }
  if (P.Kind == "race" || P.Kind == "race-free" ||
      P.Kind == "divergent-barrier") {
    J["file"] = P.File;
    J["check"] = P.Check;
    J["lines"] = P.Lines;
    if (!P.LineFiles.empty())
      J["line_files"] = P.LineFiles;
    if (!P.LineEnds.empty())
      J["line_ends"] = P.LineEnds;
    J["line"] = P.Line;
  }
  if (P.Kind == "global-sectors") {
    J["operation"] = P.Operation;
    J["sectors_per_request"] = P.SectorsPerRequest;
    J["requests_per_block"] = P.RequestsPerBlock;
    J["requested_bytes_per_block"] = P.RequestedBytesPerBlock;
    J["ideal_sectors_per_block"] = P.IdealSectorsPerBlock;
    J["width_bytes"] = P.WidthBytes;
    J["assumed_parameters"] = P.AssumedParameters;
    J["status"] = P.Status;
  }
  if (P.Kind == "launch-fault") {
    J["check"] = P.Check;
    J["line"] = P.Line;
    J["fault"] = P.Fault;
  }
  if (P.Kind == "occupancy") {
    J["blocks_by_shared_memory"] =
        P.BlocksBySharedMemory ? json(*P.BlocksBySharedMemory) : json();
    J["blocks_per_sm"] = P.BlocksPerSM;
    J["registers_known"] = P.RegistersKnown;
  }
  return J;
}

void fromJson(const json &J, Prediction &P) {
  P.Id = J.value("id", "");
  P.Launch = J.value("launch", "");
  P.Kind = J.value("kind", "");
  P.Findings = J.value("findings", std::vector<unsigned>());
  P.Description = J.value("description", "");
  P.FixOf = J.value("fix_of", -1);
  P.File = J.value("file", "");
  P.Line = J.value("line", 0u);
  P.LastLine = J.value("last_line", 0u);
  P.Operation = J.value("operation", "");
  P.Columns = J.value("columns", std::vector<unsigned>());
  P.Arrays = J.value("arrays", std::vector<std::string>());
  P.WidthBytes = J.value("width_bytes", std::vector<unsigned>());
  P.WavefrontsPerInstruction = J.value("wavefronts_per_instruction", 0.0);
  P.InstructionsPerBlock = J.value("instructions_per_block", uint64_t(0));
  P.Status = J.value("status", "exact");
  P.SectorsPerRequest = J.value("sectors_per_request", 0.0);
  P.RequestsPerBlock = J.value("requests_per_block", uint64_t(0));
  P.RequestedBytesPerBlock = J.value("requested_bytes_per_block", uint64_t(0));
  P.IdealSectorsPerBlock = J.value("ideal_sectors_per_block", uint64_t(0));
  P.AssumedParameters =
      J.value("assumed_parameters", std::vector<std::string>());
  P.Check = J.value("check", "");
  P.Fault = J.value("fault", "");
  P.Lines = J.value("lines", std::vector<unsigned>());
  P.LineFiles = J.value("line_files", std::vector<std::string>());
  P.LineEnds = J.value("line_ends", std::vector<unsigned>());
  if (J.contains("blocks_by_shared_memory") &&
      J["blocks_by_shared_memory"].is_number())
    P.BlocksBySharedMemory = J["blocks_by_shared_memory"].get<unsigned>();
  P.BlocksPerSM = J.value("blocks_per_sm", 0u);
  P.RegistersKnown = J.value("registers_known", false);
}

} // namespace

const PlannedLaunch *VerifyPlan::launch(const std::string &Id) const {
  for (const PlannedLaunch &L : Launches)
    if (L.Id == Id)
      return &L;
  return nullptr;
}

const PlannedVariant *VerifyPlan::variant(const std::string &Id) const {
  for (const PlannedVariant &V : Variants)
    if (V.Id == Id)
      return &V;
  return nullptr;
}

std::string planToJson(const VerifyPlan &Plan) {
  json J = {{"version", Plan.Version},
            {"tool", "smem-lint --verify-prepare"},
            {"arch", Plan.Arch},
            {"created_by", Plan.CreatedBy},
            {"nvcc_flags", Plan.NvccFlags}};
  json Variants = json::array(), Launches = json::array(),
       Findings = json::array(), Predictions = json::array();
  for (const PlannedVariant &V : Plan.Variants)
    Variants.push_back(toJson(V));
  for (const PlannedLaunch &L : Plan.Launches)
    Launches.push_back(toJson(L));
  for (const PlannedFinding &F : Plan.Findings)
    Findings.push_back(toJson(F));
  for (const Prediction &P : Plan.Predictions)
    Predictions.push_back(toJson(P));
  J["variants"] = Variants;
  J["launches"] = Launches;
  J["findings"] = Findings;
  J["predictions"] = Predictions;
  if (Plan.Program)
    J["program"] = toJson(*Plan.Program);
  return J.dump(2) + "\n";
}

bool planFromJson(const std::string &Text, VerifyPlan &Plan,
                  std::string &Error) {
  json J = json::parse(Text, nullptr, /*allow_exceptions=*/false);
  if (J.is_discarded() || !J.is_object()) {
    Error = "plan.json is not a JSON object";
    return false;
  }
  unsigned Version = J.value("version", 0u);
  if (Version != PlanVersion) {
    Error = "plan.json has version " + std::to_string(Version) +
            "; this smem-lint reads version " + std::to_string(PlanVersion);
    return false;
  }
  try {
    Plan = VerifyPlan();
    Plan.Arch = J.value("arch", "");
    Plan.CreatedBy = J.value("created_by", "");
    Plan.NvccFlags = J.value("nvcc_flags", std::vector<std::string>());
    for (const json &V : J.value("variants", json::array()))
      fromJson(V, Plan.Variants.emplace_back());
    for (const json &L : J.value("launches", json::array()))
      fromJson(L, Plan.Launches.emplace_back());
    for (const json &F : J.value("findings", json::array()))
      fromJson(F, Plan.Findings.emplace_back());
    for (const json &P : J.value("predictions", json::array()))
      fromJson(P, Plan.Predictions.emplace_back());
    if (J.contains("program") && J["program"].is_object())
      fromJson(J["program"], Plan.Program.emplace());
  } catch (const json::exception &E) {
    Error = std::string("plan.json is malformed: ") + E.what();
    return false;
  }
  return true;
}

} // namespace verify
} // namespace smemlint
