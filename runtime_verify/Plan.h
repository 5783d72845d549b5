//===--- Plan.h - What --verify launches and expects -----------*- C++ -*-===//
//
// The plan is the contract between the three steps of `smem-lint --verify`:
// `prepare` writes it (plan.json) next to the harness sources and measure.sh,
// measure.sh runs the launches it lists on a GPU machine, and `compare` reads
// it back with the raw outputs to judge every prediction. It holds only plain
// values (no Clang, no RunReport), so that compare can run anywhere, later.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_RUNTIME_VERIFY_PLAN_H
#define SMEMLINT_RUNTIME_VERIFY_PLAN_H

#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace smemlint {
namespace verify {

/// Version of plan.json; compare refuses a plan of another version.
constexpr unsigned PlanVersion = 1;

/// One argument of a launch, as the harness constructs it.
struct PlannedArgument {
  std::string Name; ///< The kernel's parameter name.
  std::string Type; ///< As the report prints it: "const float *".
  bool IsPointer = false;
  /// Pointers: a device buffer of this many bytes, filled with Fill.
  uint64_t BufferBytes = 0;
  /// Pointers: what the buffer holds, element by element of ElementType:
  /// "zero", "ones", "iota" (element i holds i), "random" (pseudo-random
  /// integers 0 to 15, one fixed seed), or "file" (the bytes of FillFile, a
  /// path relative to the directory, then zeros).
  std::string Fill = "zero";
  std::string FillFile;
  /// The type each element is written as ("float", "int"; the component of
  /// a vector type); "" when the pattern cannot be written (then zeros).
  std::string ElementType;
  /// Scalars: the C++ expression the argument is initialised with.
  std::string Value;
  /// "launch" (a constant argument of the analysed launch), "option"
  /// (--param), "default" (the value the analysis assumed), "buffer" or
  /// "tensor-map".
  std::string ValueSource;
  /// A CUtensorMap: the layout of the program's cuTensorMapEncodeTiled call
  /// (innermost dimension first), which the harness encodes over a buffer
  /// of its own with cuTensorMapEncodeTiled; Box empty for anything else.
  unsigned MapElementBytes = 0;
  std::vector<uint32_t> MapBox, MapElementStrides;
  unsigned MapSwizzleBytes = 0;

  bool isTensorMap() const { return !MapBox.empty(); }
};

/// One kernel launch with one block shape, in one variant of the source.
struct PlannedLaunch {
  std::string Id;      ///< "L0", "L1", ...
  std::string Variant; ///< Id of the variant whose binary runs it.
  std::string Kernel;  ///< As C++ names it: "ns::transpose<32>".
  unsigned BlockDimIndex = 0;
  std::array<unsigned, 3> Block = {1, 1, 1};
  std::array<unsigned, 3> Grid = {1, 1, 1};
  /// "launch", "default" (one block) or "cluster" (one cluster: the
  /// kernel's blocks run in clusters and the launch gives no grid).
  std::string GridSource;
  /// The blocks of one cluster, for a kernel launched in clusters: its
  /// `__cluster_dims__`, or with ClusterByAttribute the cluster-dimension
  /// attribute of the user's cudaLaunchKernelEx, which the harness passes
  /// the same way.
  std::optional<std::array<unsigned, 3>> Cluster;
  bool ClusterByAttribute = false;
  /// The program allows the kernel clusters of more than 8 blocks
  /// (cudaFuncAttributeNonPortableClusterSizeAllowed); so does the harness.
  bool NonPortableCluster = false;

  /// Some argument is a tensor map the harness encodes (with the driver
  /// API's cuTensorMapEncodeTiled).
  bool encodesTensorMaps() const {
    for (const PlannedArgument &A : Arguments)
      if (A.isTensorMap())
        return true;
    return false;
  }
  uint64_t DynamicSharedBytes = 0;
  std::vector<PlannedArgument> Arguments;
  /// False when the harness cannot drive the kernel; Reason says why.
  bool Verifiable = true;
  std::string NotVerifiableReason;
  /// Run compute-sanitizer's synccheck too (a divergent-barrier finding).
  bool Synccheck = false;
  /// A launch of the user's program (--run): its index among the profiled
  /// launches (raw/program.ncu-raw.csv) and its mangled name; -1 for a
  /// harness launch.
  int ProfileIndex = -1;
  std::string Function;
};

/// An integer parameter of a kernel, whose value a recorded launch gives
/// (the bytes the launch passed, raw/program.launches.txt).
struct PlannedScalar {
  unsigned Index = 0; ///< Among the kernel's parameters.
  std::string Name;
  std::string Type; ///< As the report prints it: "int".
  unsigned Bytes = 0;
  bool Signed = false;
};

/// A kernel the analysis found, for --run: ncu profiles only these.
struct PlannedKernel {
  std::string Name; ///< As smem-lint reports it: "ns::transpose<32>".
  std::string File; ///< The analysed file (absolute, as analysed).
  /// Its symbol, which pairs it with a profiled launch exactly (the
  /// profile's demangled name spells default template arguments that
  /// Name leaves out); empty when unknown.
  std::string Mangled;
  std::vector<PlannedScalar> Scalars;
};

/// A launch of the program that no prediction covers, and why.
struct UncoveredLaunch {
  int ProfileIndex = 0;
  std::string Function; ///< Demangled, as the profile names it.
  std::string Reason;
};

/// --run: the user's own program, measured as it runs.
struct PlannedProgram {
  std::string Command; ///< A shell command line.
  /// Profile at most this many launches of the analysed kernels.
  unsigned LaunchCount = 20;
  std::vector<PlannedKernel> Kernels;
  /// Run compute-sanitizer's synccheck too (a divergent-barrier finding).
  bool Synccheck = false;
  /// Set once the profile was read and each launch re-analysed with its
  /// block, grid and dynamic shared bytes (the plan's Launches).
  bool Resolved = false;
  std::vector<UncoveredLaunch> Uncovered;
  /// Analysed kernels the program never launched (within LaunchCount).
  std::vector<std::string> NeverLaunched;
};

/// A copy of the user's file: the original, or one with a fix applied.
struct PlannedVariant {
  std::string Id;           ///< "V0", ...
  std::string Kind;         ///< "original" or "fix".
  std::string OriginalFile; ///< The file smem-lint analysed.
  std::string Source;       ///< The copy, relative to the directory.
  std::string Harness;      ///< harness/V0.cu, relative.
  std::string Binary;       ///< build/V0.bin, relative.
  /// For a fix: the finding it fixes and the note that proposed it.
  int Finding = -1;
  std::string FixDescription;
  /// Why a fix variant has no launches (re-analysis failed, ...).
  std::string Problem;
};

/// A finding of the analysis, as the verdict report names it.
struct PlannedFinding {
  unsigned Index = 0;
  std::string Check;
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string Message;
  /// Launches of the kernel the finding is in (one per block shape).
  std::vector<std::string> Launches;
  /// Fix variants made from its notes.
  std::vector<std::string> FixVariants;
};

/// What one prediction says, and about which launch.
///
/// Kinds:
///  - "wavefronts": the shared accesses of one kind (load, store, atomic) on
///    one source line: wavefronts per warp instruction and warp instructions
///    per block.
///  - "shared-totals": the same for the whole kernel (docs/json-output.md
///    `shared_totals`), against Nsight Compute's hardware counters.
///  - "race": racecheck reports a hazard between the lines of a finding.
///  - "race-free": racecheck reports no hazard in the kernel.
///  - "divergent-barrier": synccheck reports the barrier at Line.
///  - "occupancy": blocks per SM that shared memory allows.
///  - "global-sectors": the kernel's global loads or stores: 32-byte sectors
///    per request and requests per block (docs/json-output.md
///    `global_totals`), against l1tex__t_sectors / l1tex__t_requests.
struct Prediction {
  std::string Id; ///< "P0", ...
  std::string Launch;
  std::string Kind;
  /// Findings this prediction checks (empty: a prediction of no problem, or
  /// an access no finding names).
  std::vector<unsigned> Findings;
  /// For predictions on a fixed variant: the finding whose fix it checks.
  int FixOf = -1;

  // wavefronts / shared-totals
  std::string File; ///< Basename of the source copy.
  unsigned Line = 0;
  /// The last line of the statement(s) at Line, when they go on past it
  /// (0: they do not): where nvcc may put their instructions instead.
  unsigned LastLine = 0;
  std::string Operation; ///< "load", "store", "atomic".
  std::vector<unsigned> Columns;
  std::vector<std::string> Arrays;
  std::vector<unsigned> WidthBytes; ///< Distinct source widths on the line.
  double WavefrontsPerInstruction = 0;
  uint64_t InstructionsPerBlock = 0;
  /// "exact", "sampled" or "unknown" (the worst of the accesses); for
  /// global-sectors also "assumed" (see AssumedParameters).
  std::string Status = "exact";

  // global-sectors
  double SectorsPerRequest = 0;
  uint64_t RequestsPerBlock = 0;
  uint64_t RequestedBytesPerBlock = 0;
  /// The fewest sectors the requested bytes could occupy, per block (0 in
  /// plans written before it was recorded).
  uint64_t IdealSectorsPerBlock = 0;
  /// Status "assumed": parameters the sectors change with that the analysis
  /// did not know.
  std::vector<std::string> AssumedParameters;

  // launch-fault: what the launch's error says ("misaligned address").
  std::string Fault;

  // race
  std::string Check;
  std::vector<unsigned> Lines;
  /// The file name of each of Lines where it is not File: a finding in a
  /// library header names that header's lines (CuTe's copy loop), which is
  /// where racecheck places the hazard too. Empty: every line is File's.
  std::vector<std::string> LineFiles;
  /// The last line of the statement that holds the access at Lines[I], where
  /// it spans several (0 or missing: that line alone): nvcc's line table
  /// puts a multi-line asm statement's instruction at one of its later
  /// lines (AWQ's cp.async at the line of its global operand), where
  /// racecheck then reports it.
  std::vector<unsigned> LineEnds;
  /// The file name Lines[I] is in.
  const std::string &fileOfLine(size_t I) const {
    return I < LineFiles.size() && !LineFiles[I].empty() ? LineFiles[I] : File;
  }
  /// Lines as text: "16", or "tile-copy.h:19" for a line of another file.
  std::string lineName(size_t I) const {
    return (fileOfLine(I) == File ? std::string() : fileOfLine(I) + ":") +
           std::to_string(Lines[I]);
  }
  /// Whether the prediction names \p Line of the file named \p FileName.
  bool namesLine(llvm::StringRef FileName, unsigned Line) const {
    for (size_t I = 0; I < Lines.size(); ++I) {
      unsigned Last =
          I < LineEnds.size() ? std::max(Lines[I], LineEnds[I]) : Lines[I];
      if (Lines[I] <= Line && Line <= Last && fileOfLine(I) == FileName)
        return true;
    }
    return false;
  }

  // occupancy
  std::optional<unsigned> BlocksBySharedMemory;
  unsigned BlocksPerSM = 0;
  bool RegistersKnown = false;

  std::string Description; ///< One line for the report.
};

struct VerifyPlan {
  unsigned Version = PlanVersion;
  std::string Arch; ///< "sm_90".
  std::string CreatedBy;
  std::vector<std::string> NvccFlags;
  std::vector<PlannedVariant> Variants;
  std::vector<PlannedLaunch> Launches;
  std::vector<PlannedFinding> Findings;
  std::vector<Prediction> Predictions;
  std::optional<PlannedProgram> Program;

  const PlannedLaunch *launch(const std::string &Id) const;
  const PlannedVariant *variant(const std::string &Id) const;
};

/// plan.json text, and back. Reading returns false with \p Error set when the
/// document is not a plan of this version.
std::string planToJson(const VerifyPlan &Plan);
bool planFromJson(const std::string &Text, VerifyPlan &Plan,
                  std::string &Error);

} // namespace verify
} // namespace smemlint

#endif
