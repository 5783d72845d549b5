//===--- Verdicts.cpp - Predictions against measurements ------------------===//
//
// The tolerance rules live here; docs/runtime-verify.md states them in
// words, and each rule below names the case it is for.
//
//===----------------------------------------------------------------------===//

#include "runtime_verify/Verdicts.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cmath>
#include <set>

using namespace llvm;

namespace smemlint {
namespace verify {
namespace {

/// Exact predictions: measured and predicted totals may differ by 2% (blocks
/// other than the evaluated one may take other paths) plus rounding.
constexpr double ExactTolerance = 0.02;
/// Sampled predictions (part of a loop evaluated) compare per-instruction
/// ratios within 10%.
constexpr double SampledTolerance = 0.10;

bool within(double Measured, double Predicted, double Relative) {
  return std::fabs(Measured - Predicted) <=
         Relative * std::fabs(Predicted) + 0.01;
}

std::optional<std::string> readFile(StringRef Dir, StringRef Name) {
  SmallString<256> Path(Dir);
  sys::path::append(Path, Name);
  auto Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer)
    return std::nullopt;
  return (*Buffer)->getBuffer().str();
}

std::string fixed(double Value, unsigned Decimals = 2) {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << format(("%." + std::to_string(Decimals) + "f").c_str(), Value);
  return Text;
}

/// "32" for whole numbers, "12.50" otherwise.
std::string count(double Value) {
  if (std::fabs(Value - std::round(Value)) < 1e-9)
    return std::to_string(int64_t(std::llround(Value)));
  return fixed(Value);
}

/// The first lines of a build log that say "error".
std::string firstError(StringRef Log) {
  SmallVector<StringRef, 0> Lines;
  Log.split(Lines, '\n');
  for (StringRef L : Lines)
    if (L.contains("error"))
      return L.trim().str();
  return Log.trim().split('\n').first.str();
}

/// The shared-memory instructions of one operation in a source page,
/// optionally only those on one line of one file, once per address.
std::vector<const SourcePageInstruction *>
sharedInstructions(const SourcePage &Page, StringRef Operation,
                   StringRef File = "", unsigned Line = 0) {
  std::vector<const SourcePageInstruction *> Found;
  std::set<uint64_t> Seen;
  for (const SourcePageInstruction &I : Page.Instructions) {
    if (sharedOperation(I) != Operation)
      continue;
    // The source page gives LDGSTS its global side's address space.
    if (Operation != "copy" && !I.AddressSpace.empty() &&
        I.AddressSpace != "-" && I.AddressSpace != "Shared")
      continue;
    if (!File.empty() &&
        (sys::path::filename(I.File) != File || I.Line != Line))
      continue;
    if (Seen.insert(I.Address).second)
      Found.push_back(&I);
  }
  return Found;
}

unsigned widthOf(const SourcePageInstruction &I) {
  if (I.AccessBits >= 8)
    return I.AccessBits / 8;
  return sharedOpcodeWidth(I.Opcode);
}

/// "LDS.128 x4, LDS x16" in order of first appearance.
std::string sassSummary(const std::vector<const SourcePageInstruction *> &Is) {
  std::vector<std::pair<std::string, unsigned>> Counts;
  for (const SourcePageInstruction *I : Is) {
    auto It =
        find_if(Counts, [&](const auto &C) { return C.first == I->Opcode; });
    if (It == Counts.end())
      Counts.push_back({I->Opcode, 1});
    else
      ++It->second;
  }
  std::vector<std::string> Parts;
  for (const auto &[Opcode, N] : Counts)
    Parts.push_back(Opcode + " x" + std::to_string(N));
  return join(Parts, ", ");
}

std::string widthList(const std::set<unsigned> &Widths) {
  std::vector<std::string> Parts;
  for (unsigned W : Widths)
    Parts.push_back(std::to_string(W));
  return join(Parts, "/") + "-byte";
}

const char *opcodePrefix(StringRef Operation) {
  return Operation == "load"    ? "ld"
         : Operation == "store" ? "st"
         : Operation == "copy"  ? "ldgsts"
         : Operation == "gmma"  ? "gmma"
                                : "atom";
}

/// Nsight Compute's counter of \p Operation's shared wavefronts: the
/// hardware's (l1tex__...) for loads, stores and atomics; for LDGSTS only
/// the instrumented one exists on gh100 (ncu --query-metrics).
std::string sharedWavefrontCounter(StringRef Operation) {
  if (Operation == "copy")
    return "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum";
  return std::string("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_") +
         opcodePrefix(Operation) + ".sum";
}

/// The instrumented twin of sharedWavefrontCounter for loads, stores and
/// atomics: each instruction's wavefronts, computed from its addresses.
std::string instrumentedWavefrontCounter(StringRef Operation) {
  return std::string(
             "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_") +
         opcodePrefix(Operation) + ".sum";
}

struct Context {
  const VerifyPlan &Plan;
  const PlannedLaunch &Launch;
  const LaunchMeasurement &M;
};

/// The warp instructions of \p Operation ("load", "store", "atomic") the
/// launch executed. smsp__sass_inst_executed_op_shared_{ld,st} leaves out
/// LDSM and STSM (an H200 counts 0 for a kernel whose one shared load is an
/// LDSM) while the wavefront counters include them
/// (docs/measurements/h200-ldmatrix.md): their executions come from the
/// source page.
std::optional<double> sharedInstructionCount(const Context &C,
                                             StringRef Operation) {
  std::optional<double> Counted = C.M.Ncu->number(
      Operation == "copy"
          ? std::string("smsp__sass_inst_executed_op_ldgsts.sum")
          : std::string("smsp__sass_inst_executed_op_shared_") +
                opcodePrefix(Operation) + ".sum");
  if (!Counted || !C.M.Source)
    return Counted;
  for (const SourcePageInstruction *I :
       sharedInstructions(*C.M.Source, Operation)) {
    // The page's executions count warps whose lanes were all predicated
    // off; every lane of a warp runs a .sync.aligned instruction, so its
    // executions are its thread instructions over 32.
    StringRef Base = StringRef(I->Opcode).split('.').first;
    if (Base == "LDSM" || Base == "STSM")
      *Counted += std::round(I->ThreadsExecuted.value_or(0) / 32);
  }
  return Counted;
}

std::string noNcuReason(const Context &C) {
  if (!C.M.NcuProblem.empty())
    return C.M.NcuProblem;
  return "no Nsight Compute result for this launch (see raw/" + C.Launch.Id +
         ".ncu-log.txt)";
}

double blocksOf(const Context &C) {
  if (C.M.Ncu)
    if (std::optional<double> Grid = C.M.Ncu->number("launch__grid_size"))
      if (*Grid > 0)
        return *Grid;
  return double(C.Launch.Grid[0]) * C.Launch.Grid[1] * C.Launch.Grid[2];
}

/// Predicted widths of \p Operation over the whole launch.
std::set<unsigned> predictedWidths(const VerifyPlan &Plan, StringRef Launch,
                                   StringRef Operation) {
  std::set<unsigned> Widths;
  for (const Prediction &P : Plan.Predictions)
    if (P.Launch == Launch && P.Kind == "wavefronts" &&
        P.Operation == Operation)
      Widths.insert(P.WidthBytes.begin(), P.WidthBytes.end());
  return Widths;
}

/// Why the copies of \p Is cannot be measured, when one of them bypasses
/// L1 (LDGSTS.BYPASS, cp.async.cg): no H200 counter sees its shared write,
/// and the instrumented one gives 32 for conflict-free patterns
/// (docs/measurements/h200-cp-async.md). Empty otherwise.
std::string
unmeasurableCopies(const std::vector<const SourcePageInstruction *> &Is) {
  for (const SourcePageInstruction *I : Is)
    if (StringRef(I->Opcode).contains(".BYPASS"))
      return "no counter of the H200 sees the shared write of " + I->Opcode +
             " (cp.async.cg); docs/measurements/h200-cp-async.md";
  return "";
}

/// Why a hardware count above the prediction is not the access's cost, when
/// it is not: the instrumented counter, which takes each instruction's
/// wavefronts from its addresses and agrees with the L1 pipe's counter for
/// every store and 4-byte load probed alone, gives the prediction, and the
/// pipe counted more. Under a whole GEMM's traffic the pipe counted up to 4%
/// more store wavefronts than the addresses need, a different excess for
/// each launch of the same kernel (docs/measurements/h200-bank-probes.md,
/// "Excess under load"). Empty when the rule does not apply: wide loads
/// (there the instrumented counter is the one that errs), fewer wavefronts
/// than predicted, or an instrumented count off the prediction.
std::string pipeExcessReason(const Context &C, StringRef Operation,
                             const std::set<unsigned> &Widths,
                             double MeasuredPerBlock,
                             double PredictedPerBlock) {
  bool Instrumentable =
      Operation == "store" ||
      (Operation == "load" && !Widths.empty() && *Widths.rbegin() <= 4);
  if (!Instrumentable || MeasuredPerBlock <= PredictedPerBlock)
    return "";
  std::string Counter = instrumentedWavefrontCounter(Operation);
  std::optional<double> Instrumented = C.M.Ncu->number(Counter);
  if (!Instrumented)
    return "";
  double PerBlock = *Instrumented / blocksOf(C);
  if (!within(PerBlock, PredictedPerBlock, ExactTolerance))
    return "";
  return "the addresses take " + fixed(PerBlock) +
         " wavefronts per block, as predicted (" + Counter +
         "); the L1 pipe counted " + fixed(MeasuredPerBlock) + " (+" +
         fixed(100 * (MeasuredPerBlock / PredictedPerBlock - 1), 1) +
         "%), more than the addresses take; such an excess varied between "
         "launches of one kernel (docs/measurements/h200-bank-probes.md, "
         "excess under load)";
}

/// "32.00 x 32": wavefronts per instruction and instructions per block (or
/// sectors per request and requests per block).
std::string perInstruction(double Wavefronts, double Instructions) {
  return fixed(Instructions > 0 ? Wavefronts / Instructions : 0) + " x " +
         count(Instructions);
}

Verdict judgeWavefronts(const Prediction &P, const Context &C) {
  Verdict V;
  V.Prediction = P.Id;
  double Ip = double(P.InstructionsPerBlock);
  double Wp = P.WavefrontsPerInstruction * Ip;
  V.Predicted = perInstruction(Wp, Ip);
  V.PredictedValues = {
      {"wavefronts_per_instruction", P.WavefrontsPerInstruction},
      {"instructions_per_block", Ip},
      {"wavefronts_per_block", Wp}};
  if (!C.M.Ncu || !C.M.Source) {
    V.Reason = noNcuReason(C);
    return V;
  }
  double Blocks = blocksOf(C);
  std::vector<const SourcePageInstruction *> Line =
      sharedInstructions(*C.M.Source, P.Operation, P.File, P.Line);
  // A statement over several lines: nvcc's line table may put its shared
  // instruction at a later line of it (the end of the subscript, or of the
  // value stored), unless another prediction of the launch is there.
  unsigned MeasuredLine = P.Line;
  for (unsigned Later = P.Line + 1; Line.empty() && Later <= P.LastLine;
       ++Later) {
    bool Taken = llvm::any_of(C.Plan.Predictions, [&](const Prediction &O) {
      return O.Launch == P.Launch && O.Kind == P.Kind && O.File == P.File &&
             O.Line == Later && O.Operation == P.Operation;
    });
    if (Taken)
      break;
    Line = sharedInstructions(*C.M.Source, P.Operation, P.File, Later);
    MeasuredLine = Later;
  }
  if (Line.empty()) {
    V.Measured = "none";
    V.Reason = "no shared " + P.Operation + " instruction at line " +
               std::to_string(P.Line) +
               " in the SASS: the compiler merged this access into another "
               "one, or removed it";
    // A library's inlined function (libcu++'s memcpy_async) keeps its own
    // header's line in nvcc's line table, not the caller's.
    std::map<std::string, unsigned> Elsewhere;
    for (const SourcePageInstruction *I :
         sharedInstructions(*C.M.Source, P.Operation))
      if (sys::path::filename(I->File) != P.File &&
          llvm::none_of(C.Plan.Variants, [&](const PlannedVariant &Variant) {
            return sys::path::filename(Variant.Source) ==
                   sys::path::filename(I->File);
          }))
        ++Elsewhere[sys::path::filename(I->File).str() + ":" +
                    std::to_string(I->Line)];
    if (!Elsewhere.empty()) {
      std::vector<std::string> Places;
      for (const auto &[Place, Count] : Elsewhere)
        Places.push_back(Place + " (" + std::to_string(Count) + ")");
      V.Reason = "no shared " + P.Operation + " instruction carries line " +
                 std::to_string(P.Line) + ": nvcc gives the kernel's " +
                 P.Operation + " instructions the line of the library " +
                 "function inlined there, " + join(Places, ", ") +
                 ", so they are judged in the kernel's total";
    }
    return V;
  }
  V.Sass = sassSummary(Line);
  if (MeasuredLine != P.Line)
    V.Sass += " at line " + std::to_string(MeasuredLine);
  // Instructions placed here through their inline chain: where nvcc's line
  // table has them.
  std::vector<std::string> Headers;
  for (const SourcePageInstruction *I : Line)
    if (!I->InlinedFrom.empty() && !is_contained(Headers, I->InlinedFrom))
      Headers.push_back(I->InlinedFrom);
  if (!Headers.empty())
    V.Sass += " in " + join(Headers, ", ");
  if (std::string Why = unmeasurableCopies(Line); !Why.empty()) {
    V.Reason = Why;
    return V;
  }
  // The line's shared instructions ran, but with no lane doing the access
  // (or never ran): the run went another way than the analysis, which
  // follows both sides of a branch on data it cannot know.
  double Executions = 0, Lanes = 0;
  bool LanesKnown = true;
  for (const SourcePageInstruction *I : Line) {
    Executions += I->Executed.value_or(0);
    LanesKnown &= I->ThreadsExecuted.has_value();
    Lanes += I->ThreadsExecuted.value_or(0);
  }
  if (Ip > 0 && (Executions == 0 || (LanesKnown && Lanes == 0))) {
    V.Kind = VerdictKind::DifferentPath;
    V.Source = "source page (executed instructions)";
    V.Measured = "0 lanes";
    V.MeasuredValues = {{"instructions_per_block", Executions / Blocks},
                        {"lanes_per_block", 0}};
    V.Reason =
        "no thread did line " + std::to_string(P.Line) + "'s shared " +
        P.Operation +
        (Executions == 0 ? " (its instructions never ran)"
                         : " (its " + count(Executions / Blocks) +
                               " warp instructions per block ran with every "
                               "lane predicated off)") +
        ": the run took another path than the analysed one; the "
        "kernel's data or parameters decide it (--verify-fill, "
        "--param)";
    return V;
  }
  std::set<unsigned> Widths;
  double Wm = 0, Im = 0;
  for (const SourcePageInstruction *I : Line) {
    Widths.insert(widthOf(*I));
    Wm += I->Wavefronts.value_or(0);
    Im += I->Executed.value_or(0);
  }
  Wm /= Blocks;
  Im /= Blocks;

  // The per-instruction column is instrumented. When every instruction of
  // this kind in the kernel is on this line, the hardware counter measures
  // exactly this line: use it.
  std::vector<const SourcePageInstruction *> Kernel =
      sharedInstructions(*C.M.Source, P.Operation);
  std::optional<double> HwWavefronts =
      C.M.Ncu->number(sharedWavefrontCounter(P.Operation));
  std::optional<double> HwInstructions = sharedInstructionCount(C, P.Operation);
  std::optional<double> SassWavefronts =
      C.M.Ncu->number(instrumentedWavefrontCounter(P.Operation));
  // The page counts executions whose lanes were all predicated off; the
  // hardware instruction counter does not. Equal sums: the page's counts
  // are exact for this kind.
  double PageExecutions = 0;
  for (const SourcePageInstruction *I : Kernel)
    PageExecutions += I->Executed.value_or(0);
  bool CountsExact =
      HwInstructions && std::fabs(*HwInstructions - PageExecutions) < 0.5;
  bool Hardware =
      Kernel.size() == Line.size() && HwWavefronts && HwInstructions;
  if (Hardware) {
    Wm = *HwWavefronts / Blocks;
    Im = *HwInstructions / Blocks;
    CountsExact = true;
    V.Source = P.Operation == "copy" ? "instrumented counter (LDGSTS)"
                                     : "hardware counter";
  } else {
    V.Source = "source page (instrumented)";
  }
  // A measured ratio per instruction that executed with an active lane: the
  // page's count when exact, else the analysis's count (executions with
  // every lane predicated off issue no shared request).
  double Ir = CountsExact ? Im : Ip;
  double Mr = Ir > 0 ? Wm / Ir : 0;
  V.Measured = fixed(Mr) + " x " + count(Im);
  V.MeasuredValues = {{"wavefronts_per_instruction", Mr},
                      {"instructions_per_block", Im},
                      {"wavefronts_per_block", Wm}};
  if (!CountsExact && Im > Ip)
    V.MeasuredValues["instructions_with_active_lane_assumed"] = Ip;

  std::set<unsigned> Predicted(P.WidthBytes.begin(), P.WidthBytes.end());
  if (Widths != Predicted) {
    bool Narrower = *Widths.rbegin() < *Predicted.rbegin();
    V.Reason = "the compiler emitted " + V.Sass + " (" + widthList(Widths) +
               ") for this " + widthList(Predicted) + " source access (" +
               (Narrower ? "split or narrowed: not every field is used"
                         : "merged into wider loads") +
               "); the analysis follows the source";
    return V;
  }
  bool Wide = *Widths.rbegin() > 4 && P.Operation == "load";
  bool Trusted = Hardware || !Wide ||
                 (HwWavefronts && SassWavefronts &&
                  std::fabs(*HwWavefronts - *SassWavefronts) < 0.5);
  bool Sampled = P.Status != "exact";
  bool Match;
  if (Sampled) {
    Match = within(Mr, P.WavefrontsPerInstruction, SampledTolerance);
  } else if (CountsExact && !within(Im, Ip, ExactTolerance)) {
    // Same widths, another count: the compiler removed or duplicated
    // instructions. Their cost can still be compared.
    Match = within(Mr, P.WavefrontsPerInstruction, ExactTolerance);
    if (!Match) {
      V.Reason = "the line executes " + count(Im) + " shared " + P.Operation +
                 "s per block, the analysis " + count(Ip) +
                 ": the compiler removed or duplicated some";
      return V;
    }
  } else {
    Match = within(Wm, Wp, ExactTolerance);
  }
  if (Match) {
    V.Kind = VerdictKind::Confirmed;
    V.Reason = Sampled ? "within 10% per instruction (the analysis sampled a "
                         "loop)"
                       : "";
    if (!Sampled && CountsExact && !within(Im, Ip, ExactTolerance))
      V.Reason = "the same cost per instruction, but " + count(Im) +
                 " instructions per block instead of " + count(Ip);
    return V;
  }
  if (!Trusted) {
    V.Reason = "only the instrumented per-instruction counter separates "
               "this line from the kernel's other wide loads, and it "
               "disagrees with the hardware counter for this kernel "
               "(docs/measurements/h200-bank-probes.md, tooling caveat)";
    return V;
  }
  // The analysis counts only warp instructions with an active lane. Fewer
  // lanes than fill that many: some warps skipped the access in the run (a
  // parameter or the data switched them off, or blocks at the grid's edge
  // are partial), so the run did not test the prediction.
  double LanesPerBlock = Lanes / Blocks;
  if (LanesKnown && std::ceil(LanesPerBlock / 32 - 1e-6) + 0.5 < Ip) {
    // nvcc's line table may give some of a loop's instructions the loop's
    // own line (the first read of a pipelined loop at its `for`): shared
    // instructions of this kind and width at a line of this file no
    // prediction of the launch names. When with them the line has the
    // predicted instructions and wavefronts, the prediction holds.
    std::map<unsigned, std::pair<double, double>> Unclaimed;
    for (const SourcePageInstruction *I : Kernel) {
      if (sys::path::filename(I->File) != P.File || I->Line == MeasuredLine ||
          !Widths.count(widthOf(*I)) || !I->InlinedFrom.empty())
        continue;
      bool Claimed = llvm::any_of(C.Plan.Predictions, [&](const Prediction &O) {
        return O.Launch == P.Launch && O.File == P.File && O.Line <= I->Line &&
               I->Line <= std::max(O.Line, O.LastLine);
      });
      if (Claimed)
        continue;
      Unclaimed[I->Line].first += I->Executed.value_or(0) / Blocks;
      Unclaimed[I->Line].second += I->Wavefronts.value_or(0) / Blocks;
    }
    double MovedInstructions = 0, MovedWavefronts = 0;
    std::vector<std::string> MovedLines;
    for (const auto &[Other, Moved] : Unclaimed) {
      MovedInstructions += Moved.first;
      MovedWavefronts += Moved.second;
      MovedLines.push_back(std::to_string(Other));
    }
    if (!Unclaimed.empty() && !Hardware &&
        within(Im + MovedInstructions, Ip, ExactTolerance) &&
        within(Wm + MovedWavefronts, Wp, ExactTolerance)) {
      V.Kind = VerdictKind::Confirmed;
      V.MeasuredValues["instructions_at_other_lines_per_block"] =
          MovedInstructions;
      V.Reason =
          count(MovedInstructions) + " of the line's " + count(Ip) +
          " instructions per block carry line " + join(MovedLines, ", ") +
          " in nvcc's line table (no prediction is there); with them " +
          fixed(Wm + MovedWavefronts) + " wavefronts per block, as predicted";
      return V;
    }
    // Every execution of the line with all 32 lanes on: none was an
    // all-off one, so the line's count is exact even where the kernel's is
    // not, and its cost per instruction can be compared (a persistent
    // grid's blocks share fewer tiles than the analysed block takes).
    double FullInstructions = Lanes / 32 / Blocks;
    if (std::fabs(Lanes - 32 * Executions) < 0.5 && FullInstructions > 0 &&
        within(Wm / FullInstructions, P.WavefrontsPerInstruction,
               ExactTolerance)) {
      V.Kind = VerdictKind::Confirmed;
      V.Measured = fixed(Wm / FullInstructions) + " x " + count(Im);
      V.MeasuredValues["wavefronts_per_instruction"] = Wm / FullInstructions;
      V.Reason = "the same cost per instruction, but " + count(Im) +
                 " instructions per block instead of " + count(Ip) +
                 ", each with all 32 lanes: the run's blocks did less of "
                 "this line than the analysed block";
      return V;
    }
    V.Kind = VerdictKind::DifferentPath;
    V.MeasuredValues["lanes_per_block"] = LanesPerBlock;
    V.Reason = "measured " + fixed(Wm) + " wavefronts per block, predicted " +
               fixed(Wp) + ", but only " + fixed(LanesPerBlock, 1) +
               " lanes per block did line " + std::to_string(P.Line) +
               "'s shared " + P.Operation + ", too few for the " + count(Ip) +
               " warp instructions with an active lane the analysis "
               "counted: the run took another path than the analysed one "
               "(a parameter, the data, or partial blocks at the grid's "
               "edge)";
    return V;
  }
  if (Hardware && !Sampled)
    if (std::string Why = pipeExcessReason(C, P.Operation, Widths, Wm, Wp);
        !Why.empty()) {
      V.Kind = VerdictKind::Confirmed;
      V.Reason = Why;
      return V;
    }
  V.Kind = VerdictKind::Refuted;
  V.Reason = "measured " + fixed(Wm) + " wavefronts per block, predicted " +
             fixed(Wp) +
             (Sampled ? " (ratio tolerance 10%)" : " (tolerance 2%)");
  return V;
}

Verdict judgeTotals(const Prediction &P, const Context &C) {
  Verdict V;
  V.Prediction = P.Id;
  double Ip = double(P.InstructionsPerBlock);
  double Wp = P.WavefrontsPerInstruction * Ip;
  V.Predicted = perInstruction(Wp, Ip);
  V.PredictedValues = {
      {"wavefronts_per_instruction", P.WavefrontsPerInstruction},
      {"instructions_per_block", Ip}};
  V.Source = P.Operation == "copy" ? "instrumented counter (LDGSTS)"
                                   : "hardware counter";
  if (!C.M.Ncu) {
    V.Reason = noNcuReason(C);
    return V;
  }
  if (C.M.Source && P.Operation == "copy")
    if (std::string Why =
            unmeasurableCopies(sharedInstructions(*C.M.Source, P.Operation));
        !Why.empty()) {
      V.Reason = Why;
      return V;
    }
  std::optional<double> Wavefronts =
      C.M.Ncu->number(sharedWavefrontCounter(P.Operation));
  std::optional<double> Instructions = sharedInstructionCount(C, P.Operation);
  if (!Wavefronts || !Instructions) {
    V.Reason = "Nsight Compute did not report the shared-memory counters";
    return V;
  }
  double Blocks = blocksOf(C);
  double Wm = *Wavefronts / Blocks, Im = *Instructions / Blocks;
  double Mr = Im > 0 ? Wm / Im : 0;
  V.Measured = perInstruction(Wm, Im);
  V.MeasuredValues = {{"wavefronts_per_instruction", Mr},
                      {"instructions_per_block", Im}};
  std::set<unsigned> Widths;
  if (C.M.Source && P.Operation == "gmma") {
    // The wgmma instructions (HGMMA, IGMMA, QGMMA, BGMMA), by opcode.
    std::vector<const SourcePageInstruction *> Kernel;
    std::set<uint64_t> Seen;
    for (const SourcePageInstruction &I : C.M.Source->Instructions)
      if (StringRef(I.Opcode).split('.').first.ends_with("GMMA") &&
          Seen.insert(I.Address).second)
        Kernel.push_back(&I);
    V.Sass = sassSummary(Kernel);
  } else if (C.M.Source) {
    std::vector<const SourcePageInstruction *> Kernel =
        sharedInstructions(*C.M.Source, P.Operation);
    V.Sass = sassSummary(Kernel);
    for (const SourcePageInstruction *I : Kernel)
      Widths.insert(widthOf(*I));
  }
  bool Sampled = P.Status != "exact";
  if (Sampled) {
    if (within(Mr, P.WavefrontsPerInstruction, SampledTolerance)) {
      V.Kind = VerdictKind::Confirmed;
      V.Reason = "within 10% per instruction (the analysis sampled a loop)";
    } else {
      V.Kind = VerdictKind::Refuted;
      V.Reason = "ratio tolerance 10% (the analysis sampled a loop)";
    }
    return V;
  }
  if (within(Im, Ip, ExactTolerance) && within(Wm, Wp, ExactTolerance)) {
    V.Kind = VerdictKind::Confirmed;
    return V;
  }
  std::set<unsigned> Predicted =
      predictedWidths(C.Plan, C.Launch.Id, P.Operation);
  if (!within(Im, Ip, ExactTolerance) ||
      (!Widths.empty() && Widths != Predicted)) {
    // The same widths and cost per instruction, fewer instructions: the
    // run's blocks may simply have done less (a persistent grid whose
    // blocks share fewer tiles, another trip count), not the compiler.
    bool SameCost = (Widths.empty() || Widths == Predicted) && Im < Ip &&
                    within(Mr, P.WavefrontsPerInstruction, ExactTolerance);
    if (SameCost && Ip > 0)
      V.MeasuredValues["share_of_analysed_block"] = Im / Ip;
    V.Reason =
        "the kernel executes " + count(Im) + " shared " + P.Operation +
        "s per block (" + (V.Sass.empty() ? "none in the SASS" : V.Sass) +
        "), the source " + count(Ip) +
        (SameCost ? ", at the predicted " + fixed(P.WavefrontsPerInstruction) +
                        " wavefronts each: the run's blocks did less "
                        "than the analysed block (a persistent grid, "
                        "another trip count), or the compiler removed "
                        "accesses; see the lines"
                  : ": the compiler merged, split or removed "
                    "accesses; see the lines");
    return V;
  }
  if (std::string Why = pipeExcessReason(C, P.Operation, Widths, Wm, Wp);
      !Why.empty()) {
    V.Kind = VerdictKind::Confirmed;
    V.Reason = Why;
    return V;
  }
  V.Kind = VerdictKind::Refuted;
  V.Reason = "measured " + fixed(Wm) + " wavefronts per block, predicted " +
             fixed(Wp) + " (tolerance 2%)";
  return V;
}

/// "Read :22 / Write :16 (warning, warp level) x1024".
std::string hazardGroups(const std::vector<const Hazard *> &Hazards,
                         size_t Limit = 4) {
  std::map<std::string, unsigned> Groups;
  std::vector<std::string> Order;
  for (const Hazard *H : Hazards) {
    auto Where = [](const HazardAccess &A) {
      return A.Kind + " :" + (A.Line ? std::to_string(A.Line) : "?");
    };
    // A hazard between two accesses, "RAW Write :8 / Read :9", or an access
    // of a block that may not be running, "invalid read :37 of a block
    // that might have exited".
    std::string Key =
        H->oneSided()
            ? H->Type + " :" + std::to_string(H->First.Line) +
                  " of a block that might " +
                  (H->PeerBlock == "exited" ? "have exited"
                                            : "not have entered")
            : H->Type + " " + Where(H->First) + " / " + Where(H->Second);
    Key += H->WarpLevel ? " (warp level)" : H->Error ? "" : " (warning)";
    if (!Groups.count(Key))
      Order.push_back(Key);
    Groups[Key] += H->Count;
  }
  std::vector<std::string> Parts;
  for (size_t I = 0; I < Order.size() && I < Limit; ++I)
    Parts.push_back(Order[I] + " x" + std::to_string(Groups[Order[I]]));
  if (Order.size() > Limit)
    Parts.push_back(std::to_string(Order.size() - Limit) + " more pairs");
  return join(Parts, "; ");
}

Verdict judgeGlobalSectors(const Prediction &P, const Context &C) {
  Verdict V;
  V.Prediction = P.Id;
  double Rp = double(P.RequestsPerBlock);
  double Sp = P.SectorsPerRequest * Rp;
  V.Predicted = perInstruction(Sp, Rp);
  V.PredictedValues = {{"sectors_per_request", P.SectorsPerRequest},
                       {"requests_per_block", Rp}};
  V.Source = "hardware counter";
  if (!C.M.Ncu) {
    V.Reason = noNcuReason(C);
    return V;
  }
  std::string Op = P.Operation == "load" ? "ld" : "st";
  std::optional<double> Sectors =
      C.M.Ncu->number("l1tex__t_sectors_pipe_lsu_mem_global_op_" + Op + ".sum");
  std::optional<double> Requests = C.M.Ncu->number(
      "l1tex__t_requests_pipe_lsu_mem_global_op_" + Op + ".sum");
  if (!Sectors || !Requests) {
    V.Reason = "Nsight Compute did not report the global sector counters";
    return V;
  }
  double Blocks = blocksOf(C);
  double Sm = *Sectors / Blocks, Rm = *Requests / Blocks;
  V.Measured = perInstruction(Sm, Rm);
  V.MeasuredValues = {{"sectors_per_request", Rm > 0 ? Sm / Rm : 0},
                      {"requests_per_block", Rm}};
  if (P.Status == "assumed") {
    std::vector<std::string> Quoted, Passed;
    for (const std::string &Name : P.AssumedParameters) {
      Quoted.push_back("'" + Name + "'");
      for (const PlannedArgument &Arg : C.Launch.Arguments)
        if (Arg.Name == Name)
          Passed.push_back(Name + " = " + Arg.Value);
    }
    V.Reason = "the analysis did not know " + join(Quoted, ", ") +
               " and predicted the worse of an aligned and an unaligned "
               "value" +
               (Passed.empty() ? std::string()
                               : "; the harness passes " + join(Passed, ", ")) +
               ". Give the value in a launch with constant arguments, or "
               "as --param NAME=INTEGER, to verify it";
    return V;
  }
  double Tolerance = P.Status == "exact" ? ExactTolerance : SampledTolerance;
  std::string Why = P.Status == "exact"
                        ? "tolerance 2%"
                        : "tolerance 10% (the analysis sampled a loop)";
  bool SameRequests = within(Rm, Rp, Tolerance);
  bool SameSectors = within(Sm, Sp, Tolerance);
  if (P.Status == "exact" && Rm < Rp && Rm > 0 &&
      within(Sm / Rm, P.SectorsPerRequest, Tolerance))
    V.MeasuredValues["share_of_analysed_block"] = Rm / Rp;
  if (SameRequests && SameSectors) {
    V.Kind = VerdictKind::Confirmed;
    return V;
  }
  // The fewest sectors the lanes' bytes could occupy, from the source page:
  // other than the analysed block's, with the source's widths (the compiler
  // did not narrow or merge), the run asked for other data per block
  // (partial blocks at the grid's edge, lanes clamped to one address, other
  // trip counts, another path), and the sectors were not measured for the
  // analysed accesses.
  if (C.M.Source && P.IdealSectorsPerBlock > 0 && !P.WidthBytes.empty() &&
      !(SameRequests && SameSectors)) {
    std::set<uint64_t> Seen;
    std::set<unsigned> Widths;
    double Ideal = 0;
    bool Known = false;
    StringRef Want = P.Operation == "load" ? "Load" : "Store";
    for (const SourcePageInstruction &I : C.M.Source->Instructions)
      if (I.AddressSpace == "Global" && I.AccessOperation == Want &&
          I.GlobalSectorsIdeal && I.AccessBits &&
          Seen.insert(I.Address).second) {
        Ideal += *I.GlobalSectorsIdeal;
        Widths.insert(I.AccessBits / 8);
        Known = true;
      }
    Ideal /= Blocks;
    bool SameWidths =
        Widths == std::set<unsigned>(P.WidthBytes.begin(), P.WidthBytes.end());
    if (Known && SameWidths &&
        !within(Ideal, double(P.IdealSectorsPerBlock), Tolerance)) {
      V.Kind = VerdictKind::DifferentPath;
      V.MeasuredValues["ideal_sectors_per_block"] = Ideal;
      V.Reason = "the lanes asked for data that fits in " + fixed(Ideal) +
                 " sectors per block at best, the analysed block's in " +
                 count(double(P.IdealSectorsPerBlock)) +
                 ": the run asked for other data per block than the analysed "
                 "one (partial blocks at the grid's edge, clamped indices, "
                 "another trip count or path)";
      return V;
    }
  }
  // Sectors are the bytes moved; requests are how the compiler grouped the
  // accesses into instructions (it may widen two loads into one).
  if (!SameRequests && SameSectors) {
    V.Kind = VerdictKind::Confirmed;
    V.Reason = "the same sectors per block in " + count(Rm) +
               " requests instead of " + count(Rp) +
               ": the compiler grouped the accesses differently";
    return V;
  }
  if (!SameRequests) {
    V.Reason = "the kernel issues " + count(Rm) + " global " + P.Operation +
               " requests per block, the source " + count(Rp) +
               ": the compiler merged, split or removed accesses";
    return V;
  }
  V.Kind = VerdictKind::Refuted;
  V.Reason = "measured " + fixed(Sm) + " sectors per block, predicted " +
             fixed(Sp) + " (" + Why + ")";
  return V;
}

/// Whether \p P names the line of \p A, or for a side placed through the
/// binary's inline chain (placeHazardOffsets), a line of its chain.
bool namesAccess(const Prediction &P, const HazardAccess &A) {
  if (A.Line && P.namesLine(sys::path::filename(A.File), A.Line))
    return true;
  return llvm::any_of(A.Chain, [&](const auto &Frame) {
    return P.namesLine(sys::path::filename(Frame.first), Frame.second);
  });
}

Verdict judgeRace(const Prediction &P, const Context &C) {
  Verdict V;
  V.Prediction = P.Id;
  V.Source =
      C.Launch.Cluster ? "racecheck (one cluster)" : "racecheck (one block)";
  std::vector<std::string> Lines;
  for (size_t I = 0; I < P.Lines.size(); ++I)
    Lines.push_back(P.lineName(I));
  V.Predicted = P.Kind == "race" ? "hazard :" + join(Lines, "/") : "none";
  if (!C.M.Racecheck) {
    V.Reason = C.M.RacecheckProblem.empty()
                   ? "racecheck did not run for this launch"
                   : C.M.RacecheckProblem;
    return V;
  }
  const RacecheckLog &Log = *C.M.Racecheck;
  if (!Log.HasSummary) {
    V.Reason = "racecheck did not finish (see raw/" + C.Launch.Id +
               ".racecheck.txt)" +
               (Log.Problems.empty() ? "" : ": " + Log.Problems.front());
    return V;
  }
  std::vector<const Hazard *> All, Matching;
  auto Named = [&](const HazardAccess &A) { return namesAccess(P, A); };
  // A cluster race shows as a hazard between the blocks' accesses or as an
  // access of a block that may not have started or may have exited.
  bool ClusterRace = P.Check == "smem-cluster-race";
  for (const Hazard &H : Log.Hazards) {
    All.push_back(&H);
    if (Named(H.First) && (H.oneSided() ? ClusterRace : Named(H.Second)))
      Matching.push_back(&H);
  }
  V.MeasuredValues = {{"hazards", double(Log.Displayed)},
                      {"errors", double(Log.Errors)},
                      {"warnings", double(Log.Warnings)}};
  V.Measured = std::to_string(Log.Displayed) + " hazard" +
               (Log.Displayed == 1 ? "" : "s");
  if (P.Kind == "race-free") {
    if (All.empty()) {
      V.Kind = VerdictKind::Confirmed;
      return V;
    }
    V.Kind = VerdictKind::Refuted;
    V.Reason =
        "racecheck reports hazards no finding predicts: " + hazardGroups(All);
    return V;
  }
  if (!Matching.empty()) {
    V.Kind = VerdictKind::Confirmed;
    V.MeasuredValues["matching"] = double(Matching.size());
    V.Reason = hazardGroups(Matching);
    if (Matching.size() < All.size()) {
      std::vector<const Hazard *> Others;
      for (const Hazard *H : All)
        if (!is_contained(Matching, H))
          Others.push_back(H);
      V.Reason += "; also: " + hazardGroups(Others, 3);
    }
    return V;
  }
  // nvcc's line table puts an access inlined from a header (the toolkit's
  // __pipeline_memcpy_async) at the header's line: a hazard between one of
  // the finding's lines and a line of another file cannot be matched to it.
  for (const Hazard *H : All) {
    auto Ours = [&](const HazardAccess &A) { return namesAccess(P, A); };
    auto Elsewhere = [&](const HazardAccess &A) {
      if (!A.Line)
        return false;
      StringRef Name = sys::path::filename(A.File);
      for (size_t I = 0; I < P.Lines.size(); ++I)
        if (P.fileOfLine(I) == Name)
          return false;
      return true;
    };
    if ((Ours(H->First) && Elsewhere(H->Second)) ||
        (Elsewhere(H->First) && Ours(H->Second))) {
      const HazardAccess &Other = Elsewhere(H->First) ? H->First : H->Second;
      V.Kind = VerdictKind::NotMeasurable;
      V.Reason = "racecheck places the other side of the hazards at " +
                 sys::path::filename(Other.File).str() + ":" +
                 std::to_string(Other.Line) +
                 ", a header the access was inlined from: " + hazardGroups(All);
      return V;
    }
  }
  // A side racecheck places at no line (an offset into the kernel: the
  // write of CuTe's epilogue, inlined with no line of its own) cannot be
  // matched to the finding's lines, so its hazards neither confirm nor
  // refute it.
  for (const Hazard *H : All)
    if (!H->First.Line || (!H->oneSided() && !H->Second.Line)) {
      V.Kind = VerdictKind::NotMeasurable;
      V.Reason = "racecheck gives no line for one side of its hazards, so "
                 "they cannot be matched to the finding's lines: " +
                 hazardGroups(All);
      return V;
    }
  // Two cp.async writes of one thread in flight together: racecheck
  // (2025.3) reported such a WAW for one instruction's iterations
  // (cuda-samples' globalToShmemAsyncCopy) but none between two copy
  // instructions (async-copy-wait.cu's twoStages<2>, 2026-12-03), while it
  // reported the reads racing with the same copies.
  auto InstructionsAt = [&](const char *Kind, size_t I) {
    return sharedInstructions(*C.M.Source, Kind, P.fileOfLine(I), P.Lines[I]);
  };
  bool AllCopies = C.M.Source && !P.Lines.empty();
  for (size_t I = 0; I < P.Lines.size() && AllCopies; ++I)
    AllCopies = !InstructionsAt("copy", I).empty();
  if (AllCopies) {
    V.Kind = VerdictKind::NotMeasurable;
    V.Reason = "racecheck reported no hazard between these cp.async writes; "
               "it misses some between copies in flight together "
               "(docs/measurements/h200-cp-async.md)";
    return V;
  }
  // Nor does it see the TMA engine's reads and writes (UTMALDG, UTMASTG,
  // UBLKCP): a read of a tensor copy's destination before its wait gave no
  // hazard (docs/measurements/h200-tma.md).
  if (C.M.Source)
    for (size_t Line = 0; Line < P.Lines.size(); ++Line)
      for (const SourcePageInstruction &I : C.M.Source->Instructions)
        if (sys::path::filename(I.File) == P.fileOfLine(Line) &&
            I.Line == P.Lines[Line] &&
            (StringRef(I.Opcode).starts_with("UTMA") ||
             StringRef(I.Opcode).starts_with("UBLK"))) {
          V.Kind = VerdictKind::NotMeasurable;
          V.Reason = "racecheck does not see the TMA engine's accesses (" +
                     I.Opcode + " at line " + P.lineName(Line) + ")";
          return V;
        }
  // racecheck (CUDA 13.0) records no write by STSM, though it records
  // LDSM's reads: a race whose write is an stmatrix is invisible to it
  // (docs/measurements/h200-ldmatrix.md).
  if (C.M.Source)
    for (size_t Line = 0; Line < P.Lines.size(); ++Line)
      for (const SourcePageInstruction *I : InstructionsAt("store", Line))
        if (StringRef(I->Opcode).starts_with("STSM")) {
          V.Kind = VerdictKind::NotMeasurable;
          V.Reason = "racecheck does not record stmatrix writes (STSM at "
                     "line " +
                     P.lineName(Line) + ")";
          return V;
        }
  // Between the blocks of a cluster racecheck reports what the run's order
  // showed: remote_write_block_sync's race gave no hazard in one cluster
  // and thousands with one block delayed
  // (docs/measurements/h200-clusters.md).
  if (ClusterRace) {
    V.Kind = VerdictKind::NotMeasurable;
    V.Reason = "racecheck reported no hazard between these accesses of the "
               "blocks of a cluster; between blocks it reports only what "
               "the order the run took showed "
               "(docs/measurements/h200-clusters.md)" +
               (All.empty() ? std::string()
                            : "; it reported: " + hazardGroups(All, 3));
    return V;
  }
  // The hazards racecheck did not print may hold this pair.
  if (Log.PrintLimitReached) {
    V.Kind = VerdictKind::NotMeasurable;
    V.Reason = "racecheck stopped printing hazards at its print limit, and "
               "those it printed are elsewhere: " +
               hazardGroups(All);
    return V;
  }
  V.Kind = VerdictKind::Refuted;
  V.Reason = All.empty() ? "racecheck reports no hazard"
                         : "racecheck reports hazards only elsewhere: " +
                               hazardGroups(All);
  return V;
}

/// An error that stops the kernel (a misaligned TMA destination), against
/// the plain run's status of the launch: the one outcome a failed launch
/// measures.
Verdict judgeLaunchFault(const Prediction &P, const LaunchMeasurement &M) {
  Verdict V;
  V.Prediction = P.Id;
  V.Source = "plain run";
  V.Predicted = P.Fault;
  if (!M.Harness || M.Harness->Status.empty()) {
    V.Reason =
        M.Problem.empty() ? "the plain run did not run this launch" : M.Problem;
    return V;
  }
  // "cudaErrorMisalignedAddress: misaligned address": the words.
  V.Measured = M.Harness->Status == "ok"
                   ? "completed"
                   : StringRef(M.Harness->Message).rsplit(": ").second.str();
  if (V.Measured.empty())
    V.Measured = M.Harness->Message;
  if (M.Harness->Status == "ok") {
    V.Kind = VerdictKind::Refuted;
    V.Reason = "the launch completed without an error";
    return V;
  }
  if (M.Harness->Status == "error" &&
      StringRef(M.Harness->Message).contains(P.Fault)) {
    V.Kind = VerdictKind::Confirmed;
    return V;
  }
  V.Reason = "the launch failed otherwise (" + M.Harness->Status + ": " +
             M.Harness->Message + "), which may hide the predicted fault";
  return V;
}

Verdict judgeDivergentBarrier(const Prediction &P, const Context &C) {
  Verdict V;
  V.Prediction = P.Id;
  V.Source = "synccheck (one block)";
  V.Predicted = "barrier :" + std::to_string(P.Line);
  if (!C.M.Synccheck) {
    V.Reason = C.M.SynccheckProblem.empty()
                   ? "synccheck did not run for this launch"
                   : C.M.SynccheckProblem;
    return V;
  }
  unsigned Here = 0;
  for (const BarrierError &E : C.M.Synccheck->Errors)
    if (E.Line == P.Line && sys::path::filename(E.File) == P.File)
      ++Here;
  V.Measured = std::to_string(C.M.Synccheck->Errors.size()) + " barrier error" +
               (C.M.Synccheck->Errors.size() == 1 ? "" : "s");
  V.MeasuredValues = {{"barrier_errors", double(C.M.Synccheck->Errors.size())},
                      {"at_line", double(Here)}};
  if (Here) {
    V.Kind = VerdictKind::Confirmed;
    return V;
  }
  V.Reason = "synccheck flags a barrier only when threads of a block wait at "
             "different barriers; threads that skip this one and exit are "
             "not reported (docs/measurements/racecheck-barrier-tests.md). "
             "The plain run " +
             std::string(C.M.Harness && C.M.Harness->Status == "ok"
                             ? "completed"
                             : "did not complete");
  return V;
}

Verdict judgeOccupancy(const Prediction &P, const Context &C) {
  Verdict V;
  V.Prediction = P.Id;
  V.Source = "launch statistics";
  V.Predicted = std::to_string(P.BlocksPerSM) + "/SM";
  if (P.BlocksBySharedMemory)
    V.Predicted += " (smem " + std::to_string(*P.BlocksBySharedMemory) + ")";
  V.PredictedValues = {{"blocks_per_sm", double(P.BlocksPerSM)}};
  if (P.BlocksBySharedMemory)
    V.PredictedValues["blocks_by_shared_memory"] = *P.BlocksBySharedMemory;
  if (!C.M.Ncu) {
    V.Reason = noNcuReason(C);
    return V;
  }
  const NcuResult &N = *C.M.Ncu;
  std::optional<double> Allocated =
      N.number("launch__shared_mem_per_block_allocated");
  std::optional<double> PerSM =
      N.number("device__attribute_max_shared_memory_per_multiprocessor");
  std::optional<double> Warps = N.number("launch__occupancy_limit_warps");
  std::optional<double> Blocks = N.number("launch__occupancy_limit_blocks");
  std::optional<double> Registers =
      N.number("launch__occupancy_limit_registers");
  if (!Allocated || !PerSM || !Warps || !Blocks) {
    V.Reason = "Nsight Compute did not report the launch statistics";
    return V;
  }
  // The driver picks a smaller carveout when it costs no block; the
  // analysis states the limit at the largest one, so recompute that.
  std::optional<double> BySharedMemory;
  if (*Allocated > 0)
    BySharedMemory = std::floor(*PerSM / *Allocated);
  double Measured = std::min(*Warps, *Blocks);
  if (BySharedMemory)
    Measured = std::min(Measured, *BySharedMemory);
  if (P.RegistersKnown && Registers)
    Measured = std::min(Measured, *Registers);
  V.Measured = count(Measured) + "/SM";
  if (BySharedMemory)
    V.Measured += " (smem " + count(*BySharedMemory) + ")";
  V.MeasuredValues = {{"blocks_per_sm", Measured},
                      {"shared_bytes_allocated_per_block", *Allocated}};
  if (BySharedMemory)
    V.MeasuredValues["blocks_by_shared_memory"] = *BySharedMemory;
  std::string RegisterNote;
  if (!P.RegistersKnown && Registers && *Registers < Measured)
    RegisterNote = "; registers (" + count(*Registers) +
                   " blocks/SM) limit further, which the analysis did not "
                   "know (--regs)";
  bool SharedOk =
      !P.BlocksBySharedMemory ||
      (BySharedMemory && *BySharedMemory == *P.BlocksBySharedMemory);
  if (SharedOk && Measured == P.BlocksPerSM) {
    V.Kind = VerdictKind::Confirmed;
    V.Reason = RegisterNote.empty() ? "" : RegisterNote.substr(2);
    return V;
  }
  V.Kind = VerdictKind::Refuted;
  V.Reason = "the launch allocates " + count(*Allocated) +
             " bytes of shared memory per block" + RegisterNote;
  return V;
}

/// A launch where some line ran another path than the analysed one: its
/// kernel totals, global sectors and races were measured on that other
/// path, so where they disagree they did not test the prediction either.
void markDifferentPaths(const VerifyPlan &Plan,
                        std::vector<Verdict> &Verdicts) {
  std::map<std::string, std::set<unsigned>> Lines; // launch -> lines
  for (size_t I = 0; I < Plan.Predictions.size(); ++I)
    if (Verdicts[I].Kind == VerdictKind::DifferentPath &&
        Plan.Predictions[I].Kind == "wavefronts")
      Lines[Plan.Predictions[I].Launch].insert(Plan.Predictions[I].Line);
  for (size_t I = 0; I < Plan.Predictions.size(); ++I) {
    const Prediction &P = Plan.Predictions[I];
    Verdict &V = Verdicts[I];
    auto Other = Lines.find(P.Launch);
    if (Other == Lines.end() || V.Kind == VerdictKind::Confirmed ||
        V.Kind == VerdictKind::DifferentPath || V.Measured.empty())
      continue;
    bool Affected =
        P.Kind == "shared-totals" || P.Kind == "global-sectors" ||
        ((P.Kind == "race" || P.Kind == "race-free") &&
         any_of(P.Lines, [&](unsigned L) { return Other->second.count(L); }));
    if (!Affected)
      continue;
    std::vector<std::string> Names;
    for (unsigned L : Other->second)
      Names.push_back(std::to_string(L));
    V.Kind = VerdictKind::DifferentPath;
    V.Reason = "the run took another path than the analysed one (at line" +
               std::string(Names.size() == 1 ? " " : "s ") + join(Names, ", ") +
               "); was: " + V.Reason;
  }
}

/// A grid with more blocks than work (blocks past the last tile return at
/// once; a persistent grid's blocks share fewer tiles than there are
/// blocks): the blocks that work do what the analysed block does and the
/// others nothing, so the run's counts per block are the analysed block's
/// times the share of the blocks that worked. When every line of a launch
/// measured exactly shows one share below 1 (the predicted cost per
/// instruction, a count that share of the predicted one), and that share of
/// \p GridBlocks is a whole number of blocks, the kernel's totals and its
/// global sectors at the same share and the predicted cost per instruction
/// are the analysed block's too: confirmed, with the blocks that worked.
void creditBlocksWithoutWork(const VerifyPlan &Plan,
                             const std::map<std::string, double> &GridBlocks,
                             std::vector<Verdict> &Verdicts) {
  auto Close = [](double A, double B) {
    return std::fabs(A - B) <= ExactTolerance * std::max(A, B);
  };
  for (const auto &[Launch, Blocks] : GridBlocks) {
    std::optional<double> Share;
    bool Consistent = true;
    for (size_t I = 0; I < Plan.Predictions.size() && Consistent; ++I) {
      const Prediction &P = Plan.Predictions[I];
      const Verdict &V = Verdicts[I];
      if (P.Launch != Launch || P.Kind != "wavefronts")
        continue;
      if (V.Kind == VerdictKind::Refuted ||
          V.Kind == VerdictKind::DifferentPath) {
        Consistent = false;
        continue;
      }
      auto Measured = V.MeasuredValues.find("instructions_per_block");
      if (V.Kind != VerdictKind::Confirmed || P.Status != "exact" ||
          P.InstructionsPerBlock == 0 || Measured == V.MeasuredValues.end())
        continue;
      double Ratio = Measured->second / double(P.InstructionsPerBlock);
      if (!Share)
        Share = Ratio;
      else if (!Close(Ratio, *Share))
        Consistent = false;
    }
    if (!Consistent || !Share || *Share <= 0 || *Share > 1 - ExactTolerance)
      continue;
    double Working = *Share * Blocks;
    double Whole = std::round(Working);
    if (Whole < 1 || std::fabs(Working - Whole) > 0.05)
      continue;
    for (size_t I = 0; I < Plan.Predictions.size(); ++I) {
      const Prediction &P = Plan.Predictions[I];
      Verdict &V = Verdicts[I];
      auto Found = V.MeasuredValues.find("share_of_analysed_block");
      if (P.Launch != Launch || V.Kind == VerdictKind::Confirmed ||
          V.Kind == VerdictKind::Refuted || Found == V.MeasuredValues.end() ||
          !Close(Found->second, *Share))
        continue;
      V.Kind = VerdictKind::Confirmed;
      V.MeasuredValues["blocks_that_worked"] = Whole;
      V.Reason =
          "the predicted cost per " +
          std::string(P.Kind == "global-sectors" ? "request" : "instruction") +
          ", and per block " + fixed(Found->second * 100, 1) +
          "% of the analysed block's count, as at every line "
          "measured: " +
          count(Whole) + " of the grid's " + count(Blocks) +
          " blocks did the analysed block's work, the others none";
    }
  }
}

/// Whether racecheck's "(x,y,z)" names a place inside \p Dims (true when
/// it names none: a coordinate the log left out does not rule it out).
bool withinDims(StringRef Coordinates, const std::array<unsigned, 3> &Dims) {
  StringRef Inside = Coordinates.trim();
  if (!Inside.consume_front("(") || !Inside.consume_back(")"))
    return true;
  SmallVector<StringRef, 3> Parts;
  Inside.split(Parts, ',');
  for (auto [Index, Part] : enumerate(Parts)) {
    unsigned Value = 0;
    if (Index >= 3 || Part.trim().getAsInteger(10, Value))
      return true;
    if (Value >= Dims[Index])
      return false;
  }
  return true;
}

/// What measure.sh recorded of the user's program (--run), read once and
/// handed out per launch: the launch's row of the raw page, its source
/// page, and the hazards and barrier errors in its kernel.
class ProgramOutputs {
public:
  explicit ProgramOutputs(StringRef Dir) : Dir(Dir.str()) {}

  template <class TimedOutFn>
  void load(const PlannedLaunch &L, TimedOutFn &TimedOut,
            std::map<std::string, std::string> &StepRc, LaunchMeasurement &M) {
    if (!Loaded)
      readAll();
    std::string Kernel = kernelOfFunction(demangle(L.Function));
    std::string Comparable = comparableFunctionName(Kernel);
    M.NcuProblem =
        TimedOut("ncu program", "Nsight Compute did not finish the program "
                                "(raw/program.ncu-log.txt)");
    if (M.NcuProblem.empty())
      M.NcuProblem = TimedOut("export program",
                              "the export of the profile did not finish");
    if (size_t(L.ProfileIndex) < Rows.size() && M.NcuProblem.empty()) {
      M.Ncu = Rows[L.ProfileIndex];
      if (std::optional<std::string> Page =
              readFile(Dir, "raw/program." + std::to_string(L.ProfileIndex) +
                                ".ncu-source-cuda.csv"))
        M.Source = parseNcuSourcePage(*Page);
      HarnessLaunch H;
      H.Id = L.Id;
      H.Function = L.Function;
      H.Registers =
          int(M.Ncu->number("launch__registers_per_thread").value_or(-1));
      H.StaticShared = int64_t(
          M.Ncu->number("launch__shared_mem_per_block_static").value_or(-1));
      H.DynamicShared = int64_t(L.DynamicSharedBytes);
      std::optional<double> Blocks;
      for (const char *Limit :
           {"launch__occupancy_limit_blocks", "launch__occupancy_limit_warps",
            "launch__occupancy_limit_registers",
            "launch__occupancy_limit_shared_mem"})
        if (std::optional<double> N = M.Ncu->number(Limit))
          Blocks = std::min(Blocks.value_or(*N), *N);
      H.BlocksPerSM = int(Blocks.value_or(-1));
      H.Status = StepRc["run program"] == "0" ? "ok" : "";
      M.Harness = H;
    }
    M.RacecheckProblem =
        TimedOut("racecheck program", "racecheck did not finish the program");
    if (Racecheck && M.RacecheckProblem.empty()) {
      // The hazards of this kernel that this launch can have made: the
      // log does not say which launch, but a thread or block past this
      // launch's block or grid is another launch's. One side may be in a
      // function inlined into the kernel (CuTe's SM75_U32x4_LDSM_N::copy):
      // the other then names the kernel.
      // Both sides may be in inlined functions (AWQ's cp_async_cg_A
      // against share_to_reg_one_stage_B): the binary's record of the
      // kernel's inlined shared-memory instructions has the side's offset
      // at its line.
      const std::vector<InlinedInstruction> *Inlined = nullptr;
      if (InlineLines)
        if (auto It = InlineLines->find(L.Function); It != InlineLines->end())
          Inlined = &It->second;
      auto Ours = [&](const HazardAccess &A) {
        if (comparableFunctionName(kernelOfFunction(A.Function)) == Comparable)
          return true;
        return Inlined && inlinedAt(A, *Inlined);
      };
      RacecheckLog Mine = *Racecheck;
      Mine.Hazards.clear();
      Mine.Errors = Mine.Warnings = 0;
      for (const Hazard &H : Racecheck->Hazards)
        if ((Ours(H.First) || Ours(H.Second)) && withinDims(H.Block, L.Grid) &&
            withinDims(H.First.Thread, L.Block) &&
            withinDims(H.Second.Thread, L.Block)) {
          Mine.Hazards.push_back(H);
          (H.Error ? Mine.Errors : Mine.Warnings) += H.Count;
        }
      Mine.Displayed = Mine.Hazards.size();
      M.Racecheck = Mine;
    }
    M.SynccheckProblem =
        TimedOut("synccheck program", "synccheck did not finish the program");
    if (Synccheck && M.SynccheckProblem.empty()) {
      SynccheckLog Mine = *Synccheck;
      Mine.Errors.clear();
      for (const BarrierError &E : Synccheck->Errors)
        if (comparableFunctionName(kernelOfFunction(E.Function)) == Comparable)
          Mine.Errors.push_back(E);
      Mine.ErrorCount = Mine.Errors.size();
      M.Synccheck = Mine;
    }
  }

private:
  std::string Dir;
  bool Loaded = false;
  std::vector<NcuResult> Rows;
  std::optional<RacecheckLog> Racecheck;
  std::optional<SynccheckLog> Synccheck;
  std::optional<std::map<std::string, std::vector<InlinedInstruction>>>
      InlineLines;

  void readAll() {
    Loaded = true;
    if (std::optional<std::string> Text =
            readFile(Dir, "raw/program.inline-lines.txt"))
      InlineLines = parseInlineLines(*Text);
    if (std::optional<std::string> Raw =
            readFile(Dir, "raw/program.ncu-raw.csv"))
      Rows = parseNcuRawPage(*Raw);
    if (std::optional<std::string> Log =
            readFile(Dir, "raw/program.racecheck.txt"))
      Racecheck = parseRacecheckLog(*Log);
    // Where racecheck reached its print limit, measure.sh ran it again for
    // the analysis report: every racing pair of instructions, once.
    if (std::optional<std::string> Log =
            readFile(Dir, "raw/program.racecheck-pairs.txt");
        Log && Racecheck)
      addRacingPairs(*Racecheck, parseRacecheckLog(*Log));
    if (std::optional<std::string> Log =
            readFile(Dir, "raw/program.synccheck.txt"))
      Synccheck = parseSynccheckLog(*Log);
  }
};

} // namespace

const char *verdictName(VerdictKind Kind) {
  switch (Kind) {
  case VerdictKind::Confirmed:
    return "confirmed";
  case VerdictKind::Refuted:
    return "refuted";
  case VerdictKind::NotMeasurable:
    return "not measurable";
  case VerdictKind::DifferentPath:
    return "different path";
  }
  return "not measurable";
}

VerdictKind worstVerdict(const std::vector<VerdictKind> &Kinds) {
  if (is_contained(Kinds, VerdictKind::Refuted))
    return VerdictKind::Refuted;
  if (is_contained(Kinds, VerdictKind::DifferentPath))
    return VerdictKind::DifferentPath;
  if (is_contained(Kinds, VerdictKind::NotMeasurable))
    return VerdictKind::NotMeasurable;
  return VerdictKind::Confirmed;
}

namespace {

/// Places the shared-memory instructions the source pages show in library
/// headers at the analysed lines their inline chains pass through
/// (raw/*.inline-lines.txt; docs/runtime-verify.md, "Lines in headers").
void placeHeaderInstructions(const VerifyPlan &Plan, StringRef Dir,
                             MeasuredRun &Run) {
  std::set<std::string> Analysed;
  for (const PlannedVariant &V : Plan.Variants) {
    Analysed.insert(sys::path::filename(V.Source).str());
    Analysed.insert(sys::path::filename(V.OriginalFile).str());
  }
  if (Plan.Program)
    for (const PlannedKernel &K : Plan.Program->Kernels)
      Analysed.insert(sys::path::filename(K.File).str());
  // A kernel in a header the analysed file includes: its predictions name
  // the header.
  for (const Prediction &P : Plan.Predictions)
    if (!P.File.empty())
      Analysed.insert(P.File);
  auto IsAnalysed = [&](StringRef Path) {
    return Analysed.count(sys::path::filename(Path).str()) != 0;
  };
  std::map<
      std::string,
      std::optional<std::map<std::string, std::vector<InlinedInstruction>>>>
      Files;
  for (const PlannedLaunch &L : Plan.Launches) {
    LaunchMeasurement &M = Run.Launches[L.Id];
    if (!M.Source && !M.Racecheck)
      continue;
    bool Program = L.ProfileIndex >= 0;
    std::string Name = "raw/" + (Program ? std::string("program") : L.Variant) +
                       ".inline-lines.txt";
    auto [It, New] = Files.try_emplace(Name);
    if (New)
      if (std::optional<std::string> Text = readFile(Dir, Name))
        It->second = parseInlineLines(*Text);
    if (!It->second)
      continue;
    std::string Function =
        Program ? L.Function : (M.Harness ? M.Harness->Function : "");
    if (M.Source)
      followInlineChains(*M.Source, *It->second, Function, IsAnalysed);
    // racecheck gives an access inlined with no line of its own only as an
    // offset into the kernel: the binary's inline chain at that offset.
    if (M.Racecheck)
      placeHazardOffsets(*M.Racecheck, *It->second, Function);
  }
}

} // namespace

std::optional<MeasuredRun> loadMeasurements(const VerifyPlan &Plan,
                                            StringRef Dir, std::string &Error) {
  std::optional<std::string> Status = readFile(Dir, "raw/status.txt");
  if (!Status) {
    Error = "'" + Dir.str() +
            "/raw/status.txt' not found: run measure.sh in that directory "
            "first";
    return std::nullopt;
  }
  MeasuredRun Run;
  if (std::optional<std::string> Env = readFile(Dir, "raw/environment.txt")) {
    SmallVector<StringRef, 0> Lines;
    StringRef(*Env).split(Lines, '\n');
    for (StringRef L : Lines) {
      auto [Key, Value] = L.split(": ");
      if (!Key.empty() && !Value.empty())
        Run.Environment[Key.str()] = Value.trim().str();
    }
  }
  std::map<std::string, std::string> StepRc; // "build V0" -> rc
  std::map<std::string, unsigned> StepSeconds;
  for (const StepStatus &S : parseStatusFile(*Status)) {
    StepRc[S.Step + " " + S.Id] = S.Rc;
    StepSeconds[S.Step + " " + S.Id] = S.Seconds;
  }
  // "timed out after 60 s: WHAT" for a step measure.sh stopped, else "".
  auto TimedOut = [&](const std::string &Step,
                      const std::string &What) -> std::string {
    if (StepRc[Step] != "timeout")
      return "";
    unsigned Seconds = StepSeconds[Step];
    auto Limit = Run.Environment.find("step-timeout");
    if (Limit != Run.Environment.end())
      StringRef(Limit->second).getAsInteger(10, Seconds);
    return "timed out after " + std::to_string(Seconds) + " s: " + What;
  };
  std::map<std::string, std::map<std::string, HarnessLaunch>> Runs;
  for (const PlannedVariant &V : Plan.Variants)
    if (std::optional<std::string> Log =
            readFile(Dir, "raw/" + V.Id + ".run.txt"))
      Runs[V.Id] = parseHarnessLog(*Log);

  ProgramOutputs Program(Dir);
  for (const PlannedLaunch &L : Plan.Launches) {
    LaunchMeasurement &M = Run.Launches[L.Id];
    if (L.ProfileIndex >= 0) {
      Program.load(L, TimedOut, StepRc, M);
      continue;
    }
    if (!L.Verifiable) {
      M.Problem = "not verifiable: " + L.NotVerifiableReason;
      continue;
    }
    auto Build = StepRc.find("build " + L.Variant);
    std::string BuildTimeout = TimedOut(
        "build " + L.Variant, "nvcc did not finish building the harness");
    if (!BuildTimeout.empty()) {
      M.Problem = BuildTimeout;
      continue;
    }
    if (Build == StepRc.end() || Build->second != "0") {
      std::optional<std::string> Log =
          readFile(Dir, "raw/" + L.Variant + ".build.txt");
      M.Problem = Build == StepRc.end() ? "the harness was not built"
                  : Build->second == "skipped"
                      ? "the build was skipped (time limit)"
                      : "the harness did not build (raw/" + L.Variant +
                            ".build.txt): " + (Log ? firstError(*Log) : "");
      continue;
    }
    auto Harness = Runs[L.Variant].find(L.Id);
    if (Harness != Runs[L.Variant].end())
      M.Harness = Harness->second;
    // The plain run printed this launch's description but no status: the
    // kernel never finished.
    std::string RunTimeout =
        TimedOut("run " + L.Variant, "the kernel did not finish in the plain "
                                     "run (raw/" +
                                         L.Variant + ".run.txt)");
    if (M.Harness && M.Harness->Status.empty() && !RunTimeout.empty()) {
      M.Problem = RunTimeout;
      continue;
    }
    if (M.Harness && !M.Harness->Status.empty() && M.Harness->Status != "ok") {
      M.Problem = "the launch failed: " + M.Harness->Status +
                  (M.Harness->Message.empty() ? "" : " " + M.Harness->Message);
      continue;
    }
    if (StepRc["ncu " + L.Id] == "0") {
      if (std::optional<std::string> Raw =
              readFile(Dir, "raw/" + L.Id + ".ncu-raw.csv")) {
        std::vector<NcuResult> Results = parseNcuRawPage(*Raw);
        if (!Results.empty())
          M.Ncu = Results.front();
      }
      if (std::optional<std::string> Page =
              readFile(Dir, "raw/" + L.Id + ".ncu-source-cuda.csv"))
        M.Source = parseNcuSourcePage(*Page);
    }
    M.NcuProblem = TimedOut("ncu " + L.Id,
                            "Nsight Compute did not finish this launch (raw/" +
                                L.Id + ".ncu-log.txt)");
    M.RacecheckProblem =
        TimedOut("racecheck " + L.Id, "racecheck did not finish this launch");
    M.SynccheckProblem =
        TimedOut("synccheck " + L.Id, "synccheck did not finish this launch");
    std::string RaceRc = StepRc["racecheck " + L.Id];
    if (RaceRc != "" && RaceRc != "skipped" && RaceRc != "timeout")
      if (std::optional<std::string> Log =
              readFile(Dir, "raw/" + L.Id + ".racecheck.txt"))
        M.Racecheck = parseRacecheckLog(*Log);
    std::string SyncRc = StepRc["synccheck " + L.Id];
    if (SyncRc != "" && SyncRc != "skipped" && SyncRc != "timeout")
      if (std::optional<std::string> Log =
              readFile(Dir, "raw/" + L.Id + ".synccheck.txt"))
        M.Synccheck = parseSynccheckLog(*Log);
  }
  placeHeaderInstructions(Plan, Dir, Run);
  return Run;
}

std::vector<Verdict> judgePlan(const VerifyPlan &Plan, const MeasuredRun &Run) {
  std::vector<Verdict> Verdicts;
  static const LaunchMeasurement Nothing;
  std::map<std::string, double> GridBlocks; // measured launches
  for (const Prediction &P : Plan.Predictions) {
    const PlannedLaunch *L = Plan.launch(P.Launch);
    auto It = Run.Launches.find(P.Launch);
    const LaunchMeasurement &M =
        It == Run.Launches.end() ? Nothing : It->second;
    if (!L) {
      Verdict V;
      V.Prediction = P.Id;
      V.Reason = "the plan has no launch " + P.Launch;
      Verdicts.push_back(V);
      continue;
    }
    // Without a measurement the judges still state the prediction.
    Context C{Plan, *L, M.Problem.empty() ? M : Nothing};
    if (C.M.Ncu)
      GridBlocks[P.Launch] = blocksOf(C);
    Verdict V;
    if (P.Kind == "wavefronts") {
      V = judgeWavefronts(P, C);
    } else if (P.Kind == "shared-totals") {
      V = judgeTotals(P, C);
    } else if (P.Kind == "race" || P.Kind == "race-free") {
      V = judgeRace(P, C);
    } else if (P.Kind == "divergent-barrier") {
      V = judgeDivergentBarrier(P, C);
    } else if (P.Kind == "occupancy") {
      V = judgeOccupancy(P, C);
    } else if (P.Kind == "global-sectors") {
      V = judgeGlobalSectors(P, C);
    } else if (P.Kind == "launch-fault") {
      // The launch's failure is what this predicts, not a problem.
      Verdicts.push_back(judgeLaunchFault(P, M));
      continue;
    } else {
      V.Prediction = P.Id;
      V.Reason = "unknown kind of prediction '" + P.Kind + "'";
    }
    if (!M.Problem.empty()) {
      V.Kind = VerdictKind::NotMeasurable;
      V.Measured.clear();
      V.Sass.clear();
      V.MeasuredValues.clear();
      V.Reason = M.Problem;
    }
    Verdicts.push_back(V);
  }
  creditBlocksWithoutWork(Plan, GridBlocks, Verdicts);
  markDifferentPaths(Plan, Verdicts);
  return Verdicts;
}

} // namespace verify
} // namespace smemlint
