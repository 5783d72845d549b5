//===--- Report.h - What smem-lint found, independent of Clang -*- C++ -*-===//
//
// Plain data handed from the analysis to the output layer: kernels with their
// block shapes, shared variables and evaluated accesses, and the findings of
// the checks with their notes and fix-its. Locations are resolved to file,
// line and column so that nothing here needs a live AST.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_REPORT_REPORT_H
#define SMEMLINT_REPORT_REPORT_H

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace smemlint {

/// A 1-based line and byte column in a file, as Clang prints them.
struct SourcePoint {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  /// Byte offset of the point in its file; used to apply fix-its.
  unsigned Offset = 0;
  bool valid() const { return Line != 0; }
};

/// Replace Length bytes at Where with Replacement (an insertion if Length is 0).
struct FixIt {
  SourcePoint Where;
  unsigned Length = 0;
  std::string Replacement;
};

enum class Severity { Note, Warning, Error };

inline const char *severityName(Severity S) {
  switch (S) {
  case Severity::Note:
    return "note";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  return "warning";
}

/// What a fix does to residency: blocks and warps per SM before and after.
struct OccupancyChange {
  std::string Arch;
  unsigned BlocksBefore = 0, BlocksAfter = 0;
  unsigned WarpsBefore = 0, WarpsAfter = 0;
};

struct DiagnosticNote {
  SourcePoint Where;
  std::string Message;
  std::vector<FixIt> FixIts;
  /// Set on notes that propose a fix changing shared memory per block.
  std::optional<OccupancyChange> Occupancy;
  /// The note says what the finding turns on (the lanes and the bank of a
  /// conflict, the fix to apply): an editor that shows only the message,
  /// as Neovim's does, shows these notes in it.
  bool KeyFact = false;
};

/// Who reported a finding.
enum class FindingOrigin {
  Check,    ///< One of smem-lint's checks.
  Compiler, ///< Clang, parsing the user's code.
  Tool,     ///< smem-lint itself: the input, annotations, its own limits.
};

const char *findingOriginName(FindingOrigin Origin);

/// One thing a finding rests on that the analysis did not know for certain,
/// as data: the output layer words it, runtime_verify and SARIF read it.
struct Assumption {
  enum class Kind {
    /// The block shape analysed, and where it came from (Source: "launch",
    /// "annotation", "option" or "default").
    BlockShape,
    /// A uniform value (a scalar parameter, blockIdx, gridDim) the analysis
    /// gave a value nothing in the code or the options gave it.
    AssumedValue,
    /// A loop that was evaluated for some of its iterations only.
    SampledLoop,
    /// A branch taken on data the analysis could not read.
    DataDependentBranch,
    /// The evaluation stopped at its step budget.
    EvaluationBudget,
  };
  Kind What = Kind::BlockShape;
  /// What it is about: "block", "n", "blockIdx.x"; empty for loops and
  /// branches, which Detail describes.
  std::string Subject;
  /// The value used: "32x8", "1024"; empty where there is none.
  std::string Value;
  /// Where the value came from: "launch", "annotation", "option",
  /// "default", "assumed".
  std::string Source;
  /// In words, for people: "the condition at line 12 depends on data".
  std::string Detail;
  /// The launch, annotation, loop or branch, when there is one.
  SourcePoint Where;

  bool operator==(const Assumption &O) const {
    return What == O.What && Subject == O.Subject && Value == O.Value &&
           Source == O.Source && Detail == O.Detail;
  }
};

/// "block-shape", "assumed-value", "sampled-loop", ...
const char *assumptionKindName(Assumption::Kind Kind);

/// Stands in a message for the kernel the finding is in; the output layer
/// puts the kernel's name there, or the names of all the instantiations of
/// a template that found the same thing (renderMessage).
constexpr const char *KernelPlaceholder = "{kernel}";

/// One finding of a check (or a compiler error in the user's code).
struct Diagnostic {
  std::string Check; ///< "smem-bank-conflict", or "clang-diagnostic-error".
  Severity Level = Severity::Warning;
  SourcePoint Where;
  std::string Message;
  std::vector<DiagnosticNote> Notes;
  std::vector<FixIt> FixIts;
  /// For bank conflicts: the conflict degree (the worst over the values of
  /// unknown symbols), so that --min-ways can filter; 0 otherwise.
  unsigned Ways = 0;
  /// The check found the finding to hold for every value it tried of the
  /// uniform values it assumed: the assumption then does not make it a note.
  bool HoldsForEveryValueTried = false;

  // Provenance: what the finding is about, as data. Set for every finding;
  // the analysis stamps the kernel, shape, arch and assumptions centrally
  // (Checks/TranslationUnitAnalysis.cpp), the check names its accesses.
  FindingOrigin Origin = FindingOrigin::Check;
  /// Where the underlined source range ends (one past its last byte); equal
  /// to Where or invalid when the finding points at one place.
  SourcePoint End;
  /// The kernel it was found in ("" for findings about no kernel), and the
  /// other instantiations of the same template that found the same thing.
  std::string Kernel;
  /// Its index in the file's Kernels: overloaded kernels share a name.
  std::optional<unsigned> KernelIndex;
  std::vector<std::string> OtherInstantiations;
  /// The indices in the file's Kernels of OtherInstantiations: the finding
  /// is each of theirs too (runtime_verify predicts it for their launches).
  std::vector<unsigned> OtherKernelIndices;
  /// The block shape and architecture it was found under; BlockDimIndex
  /// indexes the kernel's BlockDims.
  std::optional<std::array<unsigned, 3>> Block;
  std::optional<unsigned> BlockDimIndex;
  std::string Arch;
  /// The accesses it is about: ids of the file's AccessReport and
  /// GlobalAccessReport entries ("s3", "g0").
  std::vector<std::string> Accesses;
  /// What it rests on that the analysis did not know for certain.
  std::vector<Assumption> Assumptions;
  /// Stable across edits that move code: check, file, kernel and the
  /// accesses' identities, no line numbers (stampFingerprints).
  std::string Fingerprint;
  /// When Where is in a header: where the analysed file includes it, one
  /// #include line per level, the analysed file's first (what Clang prints
  /// as "In file included from"). Empty for a point in the analysed file.
  std::vector<SourcePoint> IncludedFrom;
  /// When Where is in another file than the kernel: the kernel's calls its
  /// accesses are reached through (a CuTe copy called from the user's
  /// kernel), the later access's first. A header filter keeps a finding
  /// the analysed file's calls reach.
  std::vector<SourcePoint> ReachedThrough;
  /// A note about one access the analysis could not follow (its address is
  /// unknown, or an instruction it does not model does it: inline PTX,
  /// wmma, ldmatrix, cp.async, an mbarrier): the summary line counts them
  /// ("1 access not analysed").
  bool AccessNotAnalysed = false;
};

/// How long a kernel or type name may be in a message (MessageNameLimit)
/// and in a JSON or SARIF field (FieldNameLimit) before it is abbreviated.
constexpr size_t MessageNameLimit = 200;
constexpr size_t FieldNameLimit = 1024;

/// \p Name cut to \p Limit characters: its start and its end, with
/// "...(N characters)..." for what was left out (a template instantiation
/// can have a name of millions of characters).
std::string abbreviatedName(const std::string &Name, size_t Limit);

/// \p D's message with the kernel placeholder replaced by the kernel's name,
/// or by the names of all the instantiations that found it.
std::string renderMessage(const Diagnostic &D);
/// The same for \p Text, a note of \p D.
std::string renderText(const Diagnostic &D, std::string Text);

struct BlockDimReport {
  unsigned X = 1, Y = 1, Z = 1;
  /// "launch", "annotation", "option" or "default".
  std::string Source;
  /// For a default block a shared tile chose: the tile ("'t[16][16]'").
  std::string FromTile;
  SourcePoint Where; ///< The launch or annotation, when there is one.
  /// Dynamic shared bytes per block for this shape, when known, and from
  /// where ("launch", "option").
  std::optional<uint64_t> DynamicSharedBytes;
  std::string DynamicSharedSource;
  /// The launch's grid, when constant.
  std::optional<std::array<unsigned, 3>> Grid;
  /// Scalar arguments every launch with this shape passes as constants.
  std::vector<std::pair<std::string, int64_t>> ParameterValues;
  /// Parameters nothing gives that were evaluated with the largest value
  /// keeping the shared arrays they index in bounds (ProblemSizes.h).
  struct InferredValue {
    std::string Name;
    int64_t Value = 0;
    std::string Reason;
  };
  std::vector<InferredValue> InferredValues;
  /// CUtensorMap parameters whose cuTensorMapEncodeTiled call every launch
  /// with this shape reads alike (TensorMapEncodes.h): what a harness needs
  /// to encode one of the same layout.
  struct TensorMapArgument {
    std::string Parameter;
    unsigned ElementBytes = 0;
    std::vector<uint32_t> Box, ElementStrides; ///< Innermost first.
    unsigned SwizzleBytes = 0;                 ///< 0, 32, 64 or 128.
  };
  std::vector<TensorMapArgument> TensorMaps;
};

/// One kernel parameter, as a harness that launches the kernel needs it.
struct ParameterReport {
  std::string Name;
  std::string Type; ///< As Clang prints it: "const float *".
  bool IsPointer = false;
  std::string PointeeType; ///< Without qualifiers: "float".
  unsigned PointeeBytes = 0;
  /// An integer, enumeration or bool: its bytes and signedness (how the
  /// bytes a launch passed read as its value); 0 for anything else.
  unsigned IntegerBytes = 0;
  bool IsSigned = false;
};

struct SharedVariableReport {
  std::string Name;
  std::string Type;
  unsigned ElementBytes = 0;
  std::vector<uint64_t> Dims; ///< Empty for a scalar; {0} for extern [].
  uint64_t Bytes = 0;
  bool Dynamic = false;
  SourcePoint Where;
};

/// One access's shared-memory wavefronts over a whole launch: each of the
/// grid's blocks counted as the block analysed (the analysis evaluates one
/// block; blocks that take other paths, at the grid's edge, differ).
struct LaunchWavefronts {
  uint64_t Blocks = 0;
  uint64_t WarpInstructions = 0;
  uint64_t Wavefronts = 0, IdealWavefronts = 0, ExcessiveWavefronts = 0;
};

struct AccessReport {
  /// Unique in the file: "s" and a number. Findings name accesses by it.
  std::string Id;
  SourcePoint Where;
  /// One past the last byte of the accessed expression; invalid when the
  /// expression ends in a macro.
  SourcePoint End;
  /// The last line of the statement that holds the access (0: not known).
  /// nvcc's line table puts a multi-line statement's shared instruction at
  /// a later line of it (the end of the subscript, or of the value stored).
  unsigned StatementLastLine = 0;
  std::string Array;
  /// "load", "store", "atomic", or "copy" for a cp.async's shared write.
  std::string Kind;
  unsigned WidthBytes = 0;
  /// The compiled instruction's bytes and the iterations it covers, when
  /// the compiler merges consecutive iterations (0 otherwise).
  unsigned InstructionBytes = 0;
  unsigned MergedIterations = 0;
  /// When the compiler performs this access and other statements as one
  /// instruction: for the statement whose line the instruction keeps (it
  /// counts the instruction), the others; for each of the others, that
  /// statement (its own counts then leave those executions out).
  std::vector<SourcePoint> MergedStatements;
  std::optional<SourcePoint> MergedInto;
  unsigned BlockDimIndex = 0;
  /// Wavefronts of the worst warp instruction, and the mean over all warp
  /// instructions evaluated (warps times iterations).
  unsigned Wavefronts = 0;
  double WavefrontsMean = 0;
  unsigned IdealWavefronts = 0;
  unsigned Ways = 0;
  /// Summed over the warp instructions of the block analysed: the
  /// wavefronts, the fewest they could take, and the difference, as Nsight
  /// Compute's Source page counts them ("L1 Wavefronts Shared", "... Ideal",
  /// "... Excessive").
  uint64_t WarpInstructions = 0;
  uint64_t TotalWavefronts = 0;
  /// The warp of the worst warp instruction, and per lane the bank of the
  /// first word it touches (nullopt for an inactive lane); empty when no
  /// warp instruction was evaluated.
  unsigned WorstWarp = 0;
  std::vector<std::optional<unsigned>> WorstWarpBanks;
  /// Lanes served together in one phase of that instruction (32 for 4-byte
  /// accesses, 16 for 8-byte, 8 for 16-byte).
  unsigned LanesPerPhase = 0;
  uint64_t TotalIdealWavefronts = 0;
  uint64_t ExcessiveWavefronts = 0;
  /// The same for the whole launch, when its grid is known.
  std::optional<LaunchWavefronts> Launch;
  /// "exact", "sampled", "assumed" or "unknown".
  std::string Status = "exact";
  std::string Reason;
  /// Uniform symbols the conflict degree depends on.
  std::vector<std::string> DependsOn;
  /// The accessed expression as written ("tile[threadIdx.x][ty]"), which
  /// identifies the access across edits that move it.
  std::string Expression;
  /// What its numbers rest on beyond the block shape: assumed values,
  /// sampled loops, data-dependent branches.
  std::vector<Assumption> Assumptions;
  /// When the access is in another file than its kernel (a library
  /// header), the kernel's call it is reached through; invalid otherwise.
  SourcePoint ReachedThrough;
};

/// Per kernel and block shape: shared-memory wavefronts and warp instructions
/// summed over all accesses, as Nsight Compute counts them.
struct SharedTrafficTotals {
  unsigned BlockDimIndex = 0;
  uint64_t LoadWavefronts = 0, LoadInstructions = 0;
  uint64_t StoreWavefronts = 0, StoreInstructions = 0;
  uint64_t AtomicWavefronts = 0, AtomicInstructions = 0;
  /// The shared side of cp.async copies (LDGSTS).
  uint64_t CopyWavefronts = 0, CopyInstructions = 0;
  /// Some access was evaluated for part of its loop only: the totals count
  /// the evaluated executions, not the whole kernel.
  bool Sampled = false;
};

/// One source-level global load, store or atomic per block shape: the
/// sectors of its worst warp instruction and of all of them.
struct GlobalAccessReport {
  /// Unique in the file: "g" and a number. Findings name accesses by it.
  std::string Id;
  SourcePoint Where;
  std::string Array; ///< The pointer parameter.
  std::string Kind;  ///< "load", "store", "atomic".
  unsigned WidthBytes = 0;
  unsigned BlockDimIndex = 0;
  /// Of the worst warp instruction: distinct bytes the active lanes ask
  /// for, 32-byte sectors and 128-byte lines touched, and the fewest sectors
  /// those bytes could occupy.
  uint64_t RequestedBytes = 0;
  unsigned Sectors = 0, Lines = 0, IdealSectors = 0;
  double SectorsMean = 0;
  uint64_t WarpInstructions = 0;
  /// Bytes between consecutive lanes along threadIdx.x, when constant, and
  /// as a formula in unknown parameters ("4*height").
  std::optional<int64_t> LaneStrideBytes;
  std::string LaneStride;
  /// "exact", "sampled", "assumed" or "unknown".
  std::string Status = "exact";
  std::string Reason;
  /// Unknown parameters the sectors change with.
  std::vector<std::string> DependsOn;
  /// As for AccessReport.
  std::string Expression;
  std::vector<Assumption> Assumptions;
};

/// Bytes global accesses ask for and bytes they move, per warp instruction
/// kind, for one block.
struct GlobalTraffic {
  uint64_t RequestedBytes = 0, TransferredBytes = 0;
  uint64_t Sectors = 0, IdealSectors = 0, Requests = 0;
};

/// The direct version a shared-memory tile replaces (see StagedCopy).
struct StagedCopyReport {
  std::string Tile, Load, Store; ///< Shared array and global pointers.
  SourcePoint LoadWhere, StoreWhere;
  /// Sectors per request of the tiled store and of the direct one.
  double TiledStoreSectors = 0, DirectStoreSectors = 0;
  /// Bytes per block moved by the tiled load and store, and by the direct
  /// version (the same load, the direct store).
  uint64_t TiledTransferredBytes = 0, DirectTransferredBytes = 0;
};

/// Per kernel and block shape: global-memory traffic of one block.
struct GlobalTrafficTotals {
  unsigned BlockDimIndex = 0;
  GlobalTraffic Load, Store, Atomic;
  /// Accesses left out because their address is unknown.
  unsigned UnknownAccesses = 0;
  bool Sampled = false;
  std::vector<StagedCopyReport> StagedCopies;
};

/// Residency of one block shape on the analysed architecture.
struct OccupancyReport {
  unsigned BlockDimIndex = 0;
  std::string Arch;
  unsigned BlocksPerSM = 0, WarpsPerSM = 0, MaxWarpsPerSM = 0;
  /// "threads", "blocks per SM", "registers" or "shared memory".
  std::string LimitedBy;
  /// What each resource alone would allow; nullopt: not bounded by it.
  unsigned BlocksByThreads = 0, BlocksByBlockLimit = 0;
  std::optional<unsigned> BlocksByRegisters, BlocksBySharedMemory;
  uint64_t SharedBytesPerBlock = 0, SharedBytesAllocatedPerBlock = 0;
  /// False when the kernel uses dynamic shared memory of unknown size, or
  /// registers are unknown: the numbers are then an upper bound.
  bool DynamicSharedKnown = true, RegistersKnown = false;
};

/// What a kernel's wgmma reads of one shared operand at one place
/// (SharedAccessProfile's WarpgroupMmaReads) and what it costs the gmma pipe.
struct WarpgroupMmaReport {
  SourcePoint Where;
  /// The kernel's call through which a helper's asm is reached; empty
  /// file for none.
  SourcePoint CalledFrom;
  unsigned BlockDimIndex = 0;
  std::string Operand, Array, Layout;
  /// Bytes one instruction reads of the operand, and how many
  /// warpgroup instructions read it in the block.
  unsigned BytesPerInstruction = 0;
  uint64_t Instructions = 0;
  /// Shared wavefronts of one instruction's read (Nsight Compute's
  /// l1tex__data_pipe_lsu_wavefronts_mem_shared_op_gmma).
  unsigned WavefrontsPerInstruction = 0;
  /// "exact", or "assumed" with the reason: the descriptors depend on
  /// values the analysis chose (DependsOn names them) or the reads rest on
  /// a data-dependent branch.
  std::string Status = "exact", Reason;
  std::vector<std::string> DependsOn;
};

struct KernelReport {
  std::string Name;
  /// The kernel's symbol in the device code ("_Z9transposePfPKf"), as
  /// profilers name it; empty when no device code was generated.
  std::string MangledName;
  SourcePoint Where;
  std::vector<ParameterReport> Parameters;
  /// __shared__ variables the kernel uses, laid out at their alignments.
  uint64_t StaticSharedBytes = 0;
  /// The kernel declares extern __shared__ memory.
  bool UsesDynamicShared = false;
  /// The blocks of one thread-block cluster: the kernel's
  /// `__cluster_dims__`, or when it has none the cluster-dimension attribute
  /// of its first cudaLaunchKernelEx launch (ClusterDimsFromLaunch); nullopt
  /// for a kernel launched without clusters.
  std::optional<std::array<unsigned, 3>> ClusterDims;
  bool ClusterDimsFromLaunch = false;
  /// The program sets cudaFuncAttributeNonPortableClusterSizeAllowed for
  /// the kernel (clusters of more than 8 blocks launch only with it).
  bool AllowsNonPortableClusters = false;
  std::vector<BlockDimReport> BlockDims;
  std::vector<SharedVariableReport> Shared;
  std::vector<AccessReport> Accesses;
  std::vector<WarpgroupMmaReport> WarpgroupMma;
  std::vector<SharedTrafficTotals> Totals;
  std::vector<GlobalAccessReport> GlobalAccesses;
  std::vector<GlobalTrafficTotals> GlobalTotals;
  std::vector<OccupancyReport> Occupancy;
  /// Set when an evaluation ran out of its budget.
  bool BudgetExceeded = false;
  /// Constructs the evaluator did not follow.
  /// What the kernel was evaluated from: "source" (the AST) or "device-ir"
  /// (its compiled device code, where the source evaluation is blind).
  std::string Evaluator = "source";
  /// The __shared__ variables the kernel's compiled code accesses, by name
  /// (what the evaluation should have seen accesses to); empty without
  /// device code.
  std::vector<std::string> CompiledSharedVariables;
  /// The __shared__ variables the evaluation followed as mbarriers (their
  /// init was evaluated; an arrive or wait it could not follow has its own
  /// note), by name: accessed through mbarrier instructions, not loads and
  /// stores.
  std::vector<std::string> MbarrierVariables;
  std::vector<std::string> Unsupported;
  /// CPU time of this kernel's analysis over all its block shapes:
  /// evaluations, symbol sweeps, checks and the re-evaluations that prove
  /// fixes; parsing not included. For bench/.
  double EvaluationMilliseconds = 0;
};

/// One launch of a kernel that the launching file declares but does not
/// define (`extern "C" __global__ void k(...);`, a header's prototype) or
/// defines in a header it includes: the other files of the run that define
/// the kernel are analysed with it (Workflow/CrossFileLaunches.h).
struct ExternalLaunch {
  /// The kernel's symbol, by which the defining file knows it.
  std::string MangledName;
  SourcePoint Where;      ///< The launch.
  /// The line of the call of the launching function the values come
  /// through, 0 for none.
  unsigned ThroughLine = 0;
  /// Set when constant.
  std::optional<std::array<unsigned, 3>> Block, Grid;
  std::optional<uint64_t> DynamicSharedBytes;
  /// Scalar arguments that are constants, by parameter index.
  std::vector<std::pair<unsigned, int64_t>> Arguments;
  /// The launch takes more configurations than were followed.
  bool MoreConfigurations = false;
};

/// A cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize,
/// bytes) of such a kernel.
struct ExternalOptIn {
  std::string MangledName;
  std::optional<uint64_t> Bytes; ///< When constant.
  SourcePoint Where;
};

/// Everything about one analysed source file.
struct FileReport {
  std::string File;
  /// The architecture this file was analysed for.
  std::string Arch;
  std::vector<KernelReport> Kernels;
  std::vector<Diagnostic> Diagnostics;
  bool HadCompileErrors = false;
  /// What the host code does with kernels defined in other files.
  std::vector<ExternalLaunch> ExternalLaunches;
  std::vector<ExternalOptIn> ExternalOptIns;
  /// What the other files of the run do with this file's kernels, as the
  /// analysis used it (AnalysisOptions::LaunchesInOtherFiles): a fixed copy
  /// of the file is analysed with the same.
  std::vector<ExternalLaunch> LaunchesFromOtherFiles;
  std::vector<ExternalOptIn> OptInsFromOtherFiles;
};

/// Everything one smem-lint run produced.
struct RunReport {
  /// "cuda-toolkit" (real headers) or "prelude" (the built-in declarations).
  std::string Mode;
  std::string CudaPath;    ///< With the toolkit.
  std::string CudaVersion; ///< "13.0", when the toolkit says.
  std::string Arch;        ///< As asked: "sm_90".
  std::string ParsedAs;    ///< The arch Clang parsed with.
  std::vector<FileReport> Files;
  /// Problems with the input that stopped a file from being analysed.
  std::vector<Diagnostic> InputErrors;
};

/// Gives every finding of \p File its Fingerprint: check, file name,
/// kernel and what its accesses are (array, kind, expression), never a line
/// number; an ordinal keeps identical findings of one file apart. Findings
/// that have one keep it (and count for the ordinals), so that a second call
/// stamps only what was added since.
void stampFingerprints(FileReport &File);

} // namespace smemlint

#endif
