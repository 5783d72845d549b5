//===--- RawOutputs.h - Parsers for what measure.sh records ----*- C++ -*-===//
//
// Each function reads the text one tool wrote and returns plain values:
// Nsight Compute's CSV pages (raw metrics, and the source page with one row
// per SASS instruction), compute-sanitizer's racecheck and synccheck logs,
// cuobjdump's SASS listing, the harness's own lines, and measure.sh's status
// file. None of them knows about plans or verdicts.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_RUNTIME_VERIFY_RAWOUTPUTS_H
#define SMEMLINT_RUNTIME_VERIFY_RAWOUTPUTS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace smemlint {
namespace verify {

/// Records of a CSV text (RFC 4180 quoting). Lines that start with "==" (the
/// profiler's own messages) and blank lines are skipped.
std::vector<std::vector<std::string>> parseCsv(llvm::StringRef Text);

/// A number as Nsight Compute prints it ("2,048", "12.5", "n/a" -> nullopt).
std::optional<double> parseNcuNumber(llvm::StringRef Text);

/// One profiled kernel launch of `ncu --page raw --csv`: every column by name.
struct NcuResult {
  std::string KernelName;
  std::map<std::string, std::string> Values;
  std::optional<double> number(llvm::StringRef Metric) const;
};

/// `ncu -i REPORT --page raw --csv [--print-units base]`: a header row, a
/// units row, then one row per profiled launch.
std::vector<NcuResult> parseNcuRawPage(llvm::StringRef Text);

/// One SASS instruction of the source page (`ncu -i REPORT --page source
/// --csv --print-source cuda,sass`), under the source line it belongs to. An
/// inlined instruction appears once under each line of its inline chain.
struct SourcePageInstruction {
  std::string File; ///< The "File Path" the line is in.
  unsigned Line = 0;
  uint64_t Address = 0;
  std::string Sass;   ///< "LDS.128 R4, [R2+0x10] ;"
  std::string Opcode; ///< "LDS.128" (predicate dropped).
  /// "Shared", "Global", ...; "Load", "Store", "Atomic"; bits per thread.
  std::string AddressSpace, AccessOperation;
  unsigned AccessBits = 0;
  /// Warp-level executions, counting those whose threads were all
  /// predicated off; instrumented shared-memory wavefronts and their ideal.
  std::optional<double> Executed, Wavefronts, WavefrontsIdeal;
  /// Thread-level executions with the predicate on: the lanes that did the
  /// access (0 when every execution had all its lanes predicated off).
  std::optional<double> ThreadsExecuted;
  /// Global accesses: the fewest 32-byte sectors the lanes' bytes could
  /// occupy ("L2 Theoretical Sectors Global Ideal").
  std::optional<double> GlobalSectorsIdeal;
  /// Set on a copy of an instruction the page shows in a library header,
  /// placed at the analysed file's line its inline chain passes through
  /// (followInlineChains): the header's "file:line".
  std::string InlinedFrom;
};

struct SourcePage {
  std::string Function; ///< "transposeCoalesced(float *, ...)".
  std::vector<SourcePageInstruction> Instructions;
};

SourcePage parseNcuSourcePage(llvm::StringRef Text);

/// The opcode of a SASS instruction without its predicate:
/// "@!P0 LDS.U.128 R4, [R2] ;" -> "LDS.U.128".
std::string sassOpcode(llvm::StringRef Instruction);

/// "load", "store" or "atomic" for a shared-memory opcode (LDS, LDSM, STS,
/// ATOMS, RED on shared), "" for any other.
std::string sharedOperation(llvm::StringRef Opcode);

/// The same for an instruction of the source page, generic ones included:
/// a generic LD, ST or ATOM (a pointer the compiler could not place in one
/// memory) that the page's "Address Space" says ran on shared memory.
std::string sharedOperation(const SourcePageInstruction &I);

/// Bytes per lane a shared-memory opcode moves: LDS 4, LDS.64 8, LDS.128 16,
/// LDS.U8 1, LDSM (a row per lane) 16, ... (0 when unknown).
unsigned sharedOpcodeWidth(llvm::StringRef Opcode);

/// One shared-memory instruction nvcc placed inside an inlined function,
/// with its inline chain (measure.sh's raw/*.inline-lines.txt, filtered from
/// `nvdisasm -gi`).
struct InlinedInstruction {
  uint64_t Offset = 0; ///< From the start of its function.
  std::string Opcode;  ///< "LDGSTS.E".
  /// Innermost first: the library's line, the lines that called it, and
  /// last the kernel's own line.
  std::vector<std::pair<std::string, unsigned>> Chain;
};

/// raw/*.inline-lines.txt: function (mangled) -> its inlined shared-memory
/// instructions.
std::map<std::string, std::vector<InlinedInstruction>>
parseInlineLines(llvm::StringRef Text);

/// Adds to \p Page, for each shared-memory instruction it shows only in
/// files other than analysed ones (nvcc keeps an inlined library function's
/// own line: libcu++'s memcpy_async puts its LDGSTS at
/// cp_async_shared_global.h:46), a copy at the innermost line of its inline
/// chain that is in an analysed file (\p IsAnalysed takes a path). The
/// page's addresses are absolute, the chains' offsets from the function's
/// start: the function is placed where every one of its inlined
/// instructions falls on a page instruction of the same opcode, and left
/// alone when no placement fits. \p Preferred names the launch's function
/// (mangled), tried first. Returns the number of instructions placed.
unsigned followInlineChains(
    SourcePage &Page,
    const std::map<std::string, std::vector<InlinedInstruction>> &Functions,
    llvm::StringRef Preferred,
    llvm::function_ref<bool(llvm::StringRef)> IsAnalysed);

/// `cuobjdump -sass`: function (mangled) -> its opcodes in order (no lines).
std::map<std::string, std::vector<std::string>>
parseCuobjdumpSass(llvm::StringRef Text);

/// One access of a racecheck hazard report.
struct HazardAccess {
  std::string Kind;     ///< "Read" or "Write".
  std::string Thread;   ///< "(255,0,0)".
  /// In a kernel launched in clusters, the block of the cluster the thread
  /// is in: "Write Thread (192,0,0) (block rank 1) at ...".
  std::optional<unsigned> BlockRank;
  std::string Function; ///< "reverse(float *, const float *)".
  std::string File;     ///< "missing-barrier.cu", empty when not printed.
  unsigned Line = 0;    ///< 0 when racecheck printed only an offset.
  /// "+0x1e60": the offset into Function racecheck printed.
  std::optional<uint64_t> Offset;
  /// For a side racecheck printed only an offset for, found among the
  /// inlined instructions of the binary (placeHazardOffsets): its inline
  /// chain, innermost first; File and Line are then the innermost's.
  std::vector<std::pair<std::string, unsigned>> Chain;
};

/// One hazard racecheck printed (it prints one per byte).
struct Hazard {
  bool Error = false;     ///< "Error:" (between warps) or "Warning:".
  bool WarpLevel = false; ///< "(Warp Level Programming)".
  std::string Type;       ///< "RAW", "WAR", "WAW".
  std::string Block;      ///< "(0,0,0)".
  HazardAccess First, Second;
  /// For an access of another block's shared memory in a thread-block
  /// cluster that no cluster barrier orders with that block's start or end,
  /// racecheck reports one side: "Potential invalid __shared__ read of size
  /// 4 bytes ... located in a block that might not have entered yet" (or
  /// "might have already exited"): "not entered" or "exited", with First the
  /// access and Type "invalid read" or "invalid write"; empty for a hazard
  /// between two accesses.
  std::string PeerBlock;
  bool oneSided() const { return !PeerBlock.empty(); }
  /// The hazards it stands for: 1 for a hazard as printed, N for a pair of
  /// instructions from the analysis report ("Race reported between ... [N
  /// hazards]", which names no thread or block).
  unsigned Count = 1;
};

struct RacecheckLog {
  std::vector<Hazard> Hazards;
  /// From "RACECHECK SUMMARY: N hazards displayed (E errors, W warnings)".
  bool HasSummary = false;
  unsigned Displayed = 0, Errors = 0, Warnings = 0;
  /// Racecheck stopped printing at its --print-limit (it displayed fewer
  /// hazards than it counted): a pair of lines missing from Hazards may
  /// still have raced. Cleared once the analysis report's pairs, which list
  /// every racing pair of instructions, are added (addRacingPairs).
  bool PrintLimitReached = false;
  /// Lines of the log that say the program failed (an error from the
  /// sanitizer itself, not a hazard).
  std::vector<std::string> Problems;
};

/// Whether racecheck's \p Side (an access in a function inlined into a
/// kernel, named after that function, at an offset into the kernel) is one
/// of \p Inlined, the kernel's inlined shared-memory instructions
/// (raw/*.inline-lines.txt): the same offset at the same innermost line.
bool inlinedAt(const HazardAccess &Side,
               const std::vector<InlinedInstruction> &Inlined);

/// Gives each hazard side of \p Log that racecheck placed only at an offset
/// into \p Kernel (mangled; a write CuTe's epilogue inlined into the kernel
/// with no line of its own, "kernel(...)+0x1e60") the line and inline chain
/// of the inlined instruction at that offset in \p Functions
/// (raw/*.inline-lines.txt). Returns the number of sides placed.
unsigned placeHazardOffsets(
    RacecheckLog &Log,
    const std::map<std::string, std::vector<InlinedInstruction>> &Functions,
    llvm::StringRef Kernel);

RacecheckLog parseRacecheckLog(llvm::StringRef Text);

/// Adds to \p Log the racing pairs of \p Pairs (the log of
/// `--racecheck-report analysis` on the same program) that no hazard of
/// \p Log names already; a complete report clears Log.PrintLimitReached.
void addRacingPairs(RacecheckLog &Log, const RacecheckLog &Pairs);

/// One barrier error synccheck printed.
struct BarrierError {
  std::string
      Message; ///< "Barrier error detected. Divergent thread(s) in block."
  std::string Function;
  std::string File;
  unsigned Line = 0;
  std::string Thread, Block;
};

struct SynccheckLog {
  std::vector<BarrierError> Errors;
  bool HasSummary = false;
  unsigned ErrorCount = 0; ///< From "ERROR SUMMARY: N errors".
};

SynccheckLog parseSynccheckLog(llvm::StringRef Text);

/// One launch of the user's program in Nsight Compute's raw page (exported
/// with --print-kernel-base mangled).
struct ProfiledLaunch {
  int Index = 0;        ///< Its row: the order ncu profiled it in.
  std::string Function; ///< Mangled: "_Z6jacobiPfPKfii".
  std::string Kernel;   ///< Demangled, no parameters: "ns::jacobi<32>".
  std::array<unsigned, 3> Block = {1, 1, 1}, Grid = {1, 1, 1};
  uint64_t DynamicSharedBytes = 0;
  int Registers = -1;
};

std::vector<ProfiledLaunch>
profiledLaunches(const std::vector<NcuResult> &Results);

/// The kernel a demangled function names, without its return type and
/// parameters: "void ns::k<32>(float*, int)" -> "ns::k<32>".
std::string kernelOfFunction(llvm::StringRef Demangled);

/// \p Name in a form in which compute-sanitizer's and LLVM's demanglings
/// of one function compare equal: compute-sanitizer casts a template's
/// integer arguments ("(int)128", "(bool)1") and ends an empty pack with
/// ", >", LLVM prints "128", "true" and ">"; spaces are dropped.
std::string comparableFunctionName(llvm::StringRef Name);

/// Whether the symbol Clang gave a kernel and the one in a profile name the
/// same function: equal, or equal once demangled (Clang marks a `static`
/// kernel's internal linkage, "_ZL6kernel...", where nvcc's symbol stays
/// "_Z6kernel...").
bool sameKernelSymbol(llvm::StringRef ClangSymbol,
                      llvm::StringRef ProfiledSymbol);

/// One launch of the user's program as the launch recorder wrote it
/// (raw/program.launches.txt, runtime_verify/recorder/launch_recorder.cpp):
/// `smem-lint-launch SEQ SYMBOL grid=X,Y,Z block=X,Y,Z shared=N
/// params=HEX,...`.
struct RecordedLaunch {
  std::string Function; ///< Mangled.
  std::array<unsigned, 3> Block = {1, 1, 1}, Grid = {1, 1, 1};
  uint64_t DynamicSharedBytes = 0;
  /// Each parameter's bytes as passed; nullopt for one not recorded (a
  /// structure past 64 bytes). Empty when the launch's parameters were not
  /// known (`params=?`).
  std::vector<std::optional<std::vector<uint8_t>>> Parameters;
};

/// The recorded launches, in the order the program made them; lines of
/// another form are skipped.
std::vector<RecordedLaunch> parseLaunchLog(llvm::StringRef Text);

/// What the harness printed about one launch.
struct HarnessLaunch {
  std::string Id;
  std::string Function; ///< Mangled, from cudaFuncGetName ("?" if unknown).
  int Registers = -1;
  int64_t StaticShared = -1, DynamicShared = -1;
  int BlocksPerSM = -1; ///< cudaOccupancyMaxActiveBlocksPerMultiprocessor.
  std::string Status;   ///< "ok", "error", "allocation-error"; "" if none.
  std::string Message;
};

/// `smem-lint-verify: launch ID key=value ...` lines, by launch id.
std::map<std::string, HarnessLaunch> parseHarnessLog(llvm::StringRef Text);

/// measure.sh's raw/status.txt: "STEP ID rc=RC seconds=S" per line.
struct StepStatus {
  std::string Step, Id, Rc;
  unsigned Seconds = 0;
};
std::vector<StepStatus> parseStatusFile(llvm::StringRef Text);

} // namespace verify
} // namespace smemlint

#endif
