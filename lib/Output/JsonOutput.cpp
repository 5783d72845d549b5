//===--- JsonOutput.cpp - Machine-readable report -------------------------===//

#include "Output/JsonOutput.h"

#include "Output/Ordering.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace smemlint {
namespace {

using nlohmann::json;

json location(const SourcePoint &Where) {
  return {{"file", Where.File}, {"line", Where.Line}, {"column", Where.Column}};
}

json fixIts(const std::vector<FixIt> &Fixes) {
  json Array = json::array();
  for (const FixIt &Fix : Fixes) {
    json Item = location(Fix.Where);
    Item["offset"] = Fix.Where.Offset;
    Item["length"] = Fix.Length;
    Item["replacement"] = Fix.Replacement;
    Array.push_back(Item);
  }
  return Array;
}

json assumptions(const std::vector<Assumption> &List) {
  json Array = json::array();
  for (const Assumption &A : List) {
    json Item = {{"kind", assumptionKindName(A.What)},
                 {"subject", A.Subject},
                 {"value", A.Value},
                 {"source", A.Source},
                 {"text", A.Detail}};
    if (A.Where.valid())
      Item["where"] = location(A.Where);
    Array.push_back(Item);
  }
  return Array;
}

json diagnostic(const Diagnostic &D) {
  json Item = location(D.Where);
  Item["check"] = D.Check;
  Item["origin"] = findingOriginName(D.Origin);
  Item["severity"] = severityName(D.Level);
  Item["message"] = renderMessage(D);
  json Range = {{"begin", location(D.Where)}};
  Range["end"] = location(D.End.valid() ? D.End : D.Where);
  Item["range"] = Range;
  Item["kernel"] = D.Kernel.empty()
                       ? json(nullptr)
                       : json(abbreviatedName(D.Kernel, FieldNameLimit));
  Item["kernel_index"] =
      D.KernelIndex ? json(*D.KernelIndex) : json(nullptr);
  Item["other_instantiations"] = D.OtherInstantiations;
  if (D.Block)
    Item["block"] = {
        {"x", (*D.Block)[0]}, {"y", (*D.Block)[1]}, {"z", (*D.Block)[2]}};
  else
    Item["block"] = nullptr;
  Item["block_dim_index"] =
      D.BlockDimIndex ? json(*D.BlockDimIndex) : json(nullptr);
  Item["arch"] = D.Arch.empty() ? json(nullptr) : json(D.Arch);
  Item["accesses"] = D.Accesses;
  Item["assumptions"] = assumptions(D.Assumptions);
  Item["holds_for_every_value_tried"] = D.HoldsForEveryValueTried;
  Item["fingerprint"] = D.Fingerprint;
  json Through = json::array();
  for (const SourcePoint &Call : D.ReachedThrough)
    Through.push_back(location(Call));
  Item["reached_through"] = Through;
  Item["fixits"] = fixIts(D.FixIts);
  json Notes = json::array();
  for (const DiagnosticNote &Note : D.Notes) {
    json N = location(Note.Where);
    N["message"] = renderText(D, Note.Message);
    N["fixits"] = fixIts(Note.FixIts);
    if (Note.Occupancy)
      N["occupancy_change"] = {{"arch", Note.Occupancy->Arch},
                               {"blocks_per_sm_before",
                                Note.Occupancy->BlocksBefore},
                               {"blocks_per_sm_after",
                                Note.Occupancy->BlocksAfter},
                               {"warps_per_sm_before",
                                Note.Occupancy->WarpsBefore},
                               {"warps_per_sm_after",
                                Note.Occupancy->WarpsAfter}};
    Notes.push_back(N);
  }
  Item["notes"] = Notes;
  return Item;
}

double rounded(double Value) { return std::round(Value * 1000) / 1000; }

json traffic(uint64_t Wavefronts, uint64_t Instructions) {
  return {{"wavefronts", Wavefronts},
          {"instructions", Instructions},
          {"wavefronts_per_instruction",
           Instructions ? rounded(double(Wavefronts) / Instructions) : 0.0}};
}

json globalAccesses(const KernelReport &K) {
  json Accesses = json::array();
  for (const GlobalAccessReport &A : K.GlobalAccesses) {
    json Access = location(A.Where);
    Access["id"] = A.Id;
    Access["expression"] = A.Expression;
    Access["assumptions"] = assumptions(A.Assumptions);
    Access["array"] = A.Array;
    Access["kind"] = A.Kind;
    Access["width_bytes"] = A.WidthBytes;
    Access["block_dim_index"] = A.BlockDimIndex;
    Access["status"] = A.Status;
    Access["reason"] = A.Reason;
    Access["requested_bytes"] = A.RequestedBytes;
    Access["sectors"] = A.Sectors;
    Access["ideal_sectors"] = A.IdealSectors;
    Access["lines"] = A.Lines;
    Access["sectors_mean"] = rounded(A.SectorsMean);
    Access["warp_instructions"] = A.WarpInstructions;
    Access["lane_stride_bytes"] =
        A.LaneStrideBytes ? json(*A.LaneStrideBytes) : json(nullptr);
    Access["lane_stride"] =
        A.LaneStride.empty() ? json(nullptr) : json(A.LaneStride);
    Access["depends_on"] = A.DependsOn;
    Accesses.push_back(Access);
  }
  return Accesses;
}

json globalTraffic(const GlobalTraffic &T) {
  return {{"requested_bytes", T.RequestedBytes},
          {"transferred_bytes", T.TransferredBytes},
          {"sectors", T.Sectors},
          {"ideal_sectors", T.IdealSectors},
          {"requests", T.Requests}};
}

json globalTotals(const KernelReport &K) {
  json Totals = json::array();
  for (const GlobalTrafficTotals &T : K.GlobalTotals) {
    uint64_t Requested = T.Load.RequestedBytes + T.Store.RequestedBytes +
                         T.Atomic.RequestedBytes;
    uint64_t Transferred = T.Load.TransferredBytes + T.Store.TransferredBytes +
                           T.Atomic.TransferredBytes;
    json Staged = json::array();
    for (const StagedCopyReport &S : T.StagedCopies)
      Staged.push_back(
          {{"tile", S.Tile},
           {"load", location(S.LoadWhere)},
           {"store", location(S.StoreWhere)},
           {"load_array", S.Load},
           {"store_array", S.Store},
           {"store_sectors_per_request", rounded(S.TiledStoreSectors)},
           {"direct_store_sectors_per_request", rounded(S.DirectStoreSectors)},
           {"transferred_bytes", S.TiledTransferredBytes},
           {"direct_transferred_bytes", S.DirectTransferredBytes}});
    Totals.push_back(
        {{"block_dim_index", T.BlockDimIndex},
         {"requested_bytes", Requested},
         {"transferred_bytes", Transferred},
         {"transferred_per_requested",
          Requested ? rounded(double(Transferred) / Requested) : 0.0},
         {"load", globalTraffic(T.Load)},
         {"store", globalTraffic(T.Store)},
         {"atomic", globalTraffic(T.Atomic)},
         {"unknown_accesses", T.UnknownAccesses},
         {"sampled", T.Sampled},
         {"staged_copies", Staged}});
  }
  return Totals;
}

json kernel(const KernelReport &K) {
  json Item = {{"name", abbreviatedName(K.Name, FieldNameLimit)},
               {"file", K.Where.File},
               {"line", K.Where.Line},
               {"column", K.Where.Column}};
  json Dims = json::array();
  for (const BlockDimReport &Dim : K.BlockDims) {
    json D = {{"x", Dim.X}, {"y", Dim.Y}, {"z", Dim.Z}, {"source", Dim.Source}};
    if (Dim.Where.valid())
      D["where"] = location(Dim.Where);
    if (!Dim.FromTile.empty())
      D["from_tile"] = Dim.FromTile;
    if (Dim.Grid)
      D["grid"] = {{"x", (*Dim.Grid)[0]}, {"y", (*Dim.Grid)[1]},
                   {"z", (*Dim.Grid)[2]}};
    json Values = json::object();
    for (const auto &[Name, Value] : Dim.ParameterValues)
      Values[Name] = Value;
    D["parameter_values"] = Values;
    json Inferred = json::array();
    for (const BlockDimReport::InferredValue &Value : Dim.InferredValues)
      Inferred.push_back({{"parameter", Value.Name},
                          {"value", Value.Value},
                          {"reason", Value.Reason}});
    D["inferred_values"] = Inferred;
    json Maps = json::array();
    for (const BlockDimReport::TensorMapArgument &Map : Dim.TensorMaps)
      Maps.push_back({{"parameter", Map.Parameter},
                      {"element_bytes", Map.ElementBytes},
                      {"box", Map.Box},
                      {"element_strides", Map.ElementStrides},
                      {"swizzle_bytes", Map.SwizzleBytes}});
    D["tensor_maps"] = Maps;
    if (Dim.DynamicSharedBytes) {
      D["dynamic_shared_bytes"] = *Dim.DynamicSharedBytes;
      D["dynamic_shared_source"] = Dim.DynamicSharedSource;
    } else {
      D["dynamic_shared_bytes"] = nullptr;
    }
    Dims.push_back(D);
  }
  Item["block_dims"] = Dims;
  json Parameters = json::array();
  for (const ParameterReport &P : K.Parameters) {
    json Param = {{"name", P.Name},
                  {"type", abbreviatedName(P.Type, FieldNameLimit)},
                  {"pointer", P.IsPointer}};
    if (P.IsPointer) {
      Param["pointee_type"] = P.PointeeType;
      Param["pointee_bytes"] = P.PointeeBytes;
    }
    Parameters.push_back(Param);
  }
  Item["parameters"] = Parameters;
  Item["static_shared_bytes"] = K.StaticSharedBytes;
  // The largest known across the shapes; null when the kernel uses dynamic
  // shared memory but no launch or option says how much.
  std::optional<uint64_t> Dynamic;
  for (const BlockDimReport &Dim : K.BlockDims)
    if (Dim.DynamicSharedBytes)
      Dynamic = std::max(Dynamic.value_or(0), *Dim.DynamicSharedBytes);
  if (Dynamic)
    Item["dynamic_shared_bytes"] = *Dynamic;
  else if (K.UsesDynamicShared)
    Item["dynamic_shared_bytes"] = nullptr;
  else
    Item["dynamic_shared_bytes"] = 0;
  json Shared = json::array();
  for (const SharedVariableReport &S : K.Shared)
    Shared.push_back({{"name", S.Name},
                      {"type", abbreviatedName(S.Type, FieldNameLimit)},
                      {"element_bytes", S.ElementBytes},
                      {"dims", S.Dims},
                      {"bytes", S.Bytes},
                      {"dynamic", S.Dynamic},
                      {"line", S.Where.Line}});
  Item["shared"] = Shared;
  json Accesses = json::array();
  for (const AccessReport &A : K.Accesses) {
    json Access = location(A.Where);
    Access["id"] = A.Id;
    Access["expression"] = A.Expression;
    Access["assumptions"] = assumptions(A.Assumptions);
    Access["array"] = A.Array;
    Access["kind"] = A.Kind;
    Access["width_bytes"] = A.WidthBytes;
    Access["instruction_bytes"] =
        A.InstructionBytes ? json(A.InstructionBytes) : json(nullptr);
    Access["merged_iterations"] =
        A.MergedIterations ? json(A.MergedIterations) : json(nullptr);
    json Merged = json::array();
    for (const SourcePoint &Other : A.MergedStatements)
      Merged.push_back({{"line", Other.Line}, {"column", Other.Column}});
    Access["merged_statements"] =
        A.MergedStatements.empty() ? json(nullptr) : Merged;
    Access["merged_into"] = A.MergedInto
                                ? json({{"line", A.MergedInto->Line},
                                        {"column", A.MergedInto->Column}})
                                : json(nullptr);
    Access["block_dim_index"] = A.BlockDimIndex;
    Access["status"] = A.Status;
    Access["reason"] = A.Reason;
    Access["wavefronts"] = A.Wavefronts;
    Access["wavefronts_mean"] = rounded(A.WavefrontsMean);
    Access["ideal_wavefronts"] = A.IdealWavefronts;
    Access["ways"] = A.Ways;
    Access["warp_instructions"] = A.WarpInstructions;
    Access["wavefronts_per_block"] = A.TotalWavefronts;
    Access["ideal_wavefronts_per_block"] = A.TotalIdealWavefronts;
    Access["excessive_wavefronts_per_block"] = A.ExcessiveWavefronts;
    Access["launch"] =
        A.Launch ? json{{"blocks", A.Launch->Blocks},
                        {"warp_instructions", A.Launch->WarpInstructions},
                        {"wavefronts", A.Launch->Wavefronts},
                        {"ideal_wavefronts", A.Launch->IdealWavefronts},
                        {"excessive_wavefronts", A.Launch->ExcessiveWavefronts}}
                 : json(nullptr);
    Access["depends_on"] = A.DependsOn;
    Accesses.push_back(Access);
  }
  Item["accesses"] = Accesses;
  json Mma = json::array();
  for (const WarpgroupMmaReport &W : K.WarpgroupMma) {
    json Entry = {{"block_dim_index", W.BlockDimIndex},
                  {"file", W.Where.File},
                  {"line", W.Where.Line},
                  {"column", W.Where.Column},
                  {"operand", W.Operand},
                  {"array", W.Array},
                  {"layout", W.Layout},
                  {"bytes_per_instruction", W.BytesPerInstruction},
                  {"instructions", W.Instructions},
                  {"status", W.Status},
                  {"reason", W.Reason},
                  {"depends_on", W.DependsOn},
                  {"wavefronts", W.WavefrontsPerInstruction}};
    Entry["called_from"] = W.CalledFrom.File.empty()
                               ? json(nullptr)
                               : json{{"file", W.CalledFrom.File},
                                      {"line", W.CalledFrom.Line},
                                      {"column", W.CalledFrom.Column}};
    Mma.push_back(std::move(Entry));
  }
  Item["warpgroup_mma_reads"] = Mma;
  json Totals = json::array();
  for (const SharedTrafficTotals &T : K.Totals)
    Totals.push_back(
        {{"block_dim_index", T.BlockDimIndex},
         {"load", traffic(T.LoadWavefronts, T.LoadInstructions)},
         {"store", traffic(T.StoreWavefronts, T.StoreInstructions)},
         {"atomic", traffic(T.AtomicWavefronts, T.AtomicInstructions)},
         {"copy", traffic(T.CopyWavefronts, T.CopyInstructions)},
         {"sampled", T.Sampled}});
  Item["shared_totals"] = Totals;
  Item["global_accesses"] = globalAccesses(K);
  Item["global_totals"] = globalTotals(K);
  json Occupancies = json::array();
  for (const OccupancyReport &O : K.Occupancy) {
    auto Bound = [](const std::optional<unsigned> &Blocks) -> json {
      return Blocks ? json(*Blocks) : json(nullptr);
    };
    Occupancies.push_back(
        {{"block_dim_index", O.BlockDimIndex},
         {"arch", O.Arch},
         {"blocks_per_sm", O.BlocksPerSM},
         {"warps_per_sm", O.WarpsPerSM},
         {"max_warps_per_sm", O.MaxWarpsPerSM},
         {"occupancy",
          O.MaxWarpsPerSM ? rounded(double(O.WarpsPerSM) / O.MaxWarpsPerSM)
                          : 0.0},
         {"limited_by", O.LimitedBy},
         {"blocks_by",
          {{"threads", O.BlocksByThreads},
           {"blocks_per_sm", O.BlocksByBlockLimit},
           {"registers", Bound(O.BlocksByRegisters)},
           {"shared_memory", Bound(O.BlocksBySharedMemory)}}},
         {"shared_bytes_per_block", O.SharedBytesPerBlock},
         {"shared_bytes_allocated_per_block", O.SharedBytesAllocatedPerBlock},
         {"dynamic_shared_known", O.DynamicSharedKnown},
         {"registers_known", O.RegistersKnown}});
  }
  Item["occupancy"] = Occupancies;
  if (K.ClusterDims)
    Item["cluster_dims"] = {
        {"x", (*K.ClusterDims)[0]},
        {"y", (*K.ClusterDims)[1]},
        {"z", (*K.ClusterDims)[2]},
        {"source", K.ClusterDimsFromLaunch ? "launch" : "attribute"},
        {"non_portable_allowed", K.AllowsNonPortableClusters}};
  else
    Item["cluster_dims"] = nullptr;
  Item["budget_exceeded"] = K.BudgetExceeded;
  Item["not_evaluated"] = K.Unsupported;
  Item["evaluator"] = K.Evaluator;
  Item["compiled_shared_variables"] = K.CompiledSharedVariables;
  Item["mbarrier_variables"] = K.MbarrierVariables;
  Item["evaluation_ms"] = rounded(K.EvaluationMilliseconds);
  return Item;
}

} // namespace

std::string renderJsonReport(const RunReport &Report) {
  json Document = {{"version", JsonSchemaVersion},
                   {"tool", "smem-lint"},
                   {"mode", Report.Mode},
                   {"arch", Report.Arch},
                   {"parsed_as", Report.ParsedAs}};
  if (!Report.CudaPath.empty())
    Document["cuda_path"] = Report.CudaPath;
  if (!Report.CudaVersion.empty())
    Document["cuda_version"] = Report.CudaVersion;
  json Files = json::array();
  json Kernels = json::array();
  for (const FileReport &File : Report.Files) {
    Files.push_back(
        {{"file", File.File}, {"compile_errors", File.HadCompileErrors}});
    for (const KernelReport &K : File.Kernels)
      Kernels.push_back(kernel(K));
  }
  Document["files"] = Files;
  Document["kernels"] = Kernels;
  json Diagnostics = json::array();
  for (const Diagnostic *D : diagnosticsInOrder(Report))
    Diagnostics.push_back(diagnostic(*D));
  Document["diagnostics"] = Diagnostics;
  // replace: invalid UTF-8 in a file name must not abort the run.
  return Document.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

} // namespace smemlint
