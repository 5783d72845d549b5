//===--- SarifOutput.cpp - SARIF 2.1.0 report for code scanning -----------===//

#include "Output/SarifOutput.h"

#include "Output/IndexedFiles.h"
#include "Output/Ordering.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <tuple>

namespace smemlint {
namespace {

// Keys in the order a reader expects them ($schema and version first), not
// sorted as in the JSON report.
using json = nlohmann::ordered_json;

constexpr const char *SarifSchemaUri =
    "https://json.schemastore.org/sarif-2.1.0.json";
constexpr const char *SourceRootBaseId = "%SRCROOT%";
/// Versioned so that a change of what is hashed does not silently re-open
/// every alert in a code scanning history.
constexpr const char *FingerprintKey = "smemLintFinding/v1";

/// What a viewer shows about one rule: each check of
/// lib/Checks/CheckRegistry.cpp, then compile errors and input problems.
struct RuleText {
  const char *Id;
  const char *Name;     ///< Pascal case, as SARIF viewers expect rule names.
  const char *Level;    ///< Of most of its results.
  const char *Tag;      ///< "performance", "correctness" or "input".
  const char *DocsPath; ///< From the repository root.
  const char *Short;
  const char *Full;
  const char *Help;         ///< Plain text: what to do.
  const char *HelpMarkdown; ///< The same with an example.
};

const RuleText RuleTexts[] = {
    {"smem-bank-conflict", "BankConflict", "warning", "performance",
     "docs/checks/smem-bank-conflict.md",
     "A shared-memory access takes more wavefronts per warp than its bytes "
     "need",
     "Lanes of one warp ask one shared-memory bank for different words, so a "
     "warp-wide access is served in more wavefronts than the bytes it moves "
     "need. The finding names the lanes, the bank and the words that collide, "
     "and the block shape and architecture it assumed.",
     "Change the layout so that the lanes of a warp reach different banks: pad "
     "the rows of a 2-D array by one element (tile[32][33] instead of "
     "tile[32][32]), or use an odd word stride or an XOR swizzle in the index. "
     "When a padding removes the conflict, a note carries its fix-it, proven "
     "by "
     "analysing every access of the array again, with its cost in bytes per "
     "block and resident blocks per SM.",
     "Lanes of one warp ask one of the 32 shared-memory banks for different "
     "words, so the access is served in several wavefronts instead of one.\n"
     "\n"
     "```cuda\n"
     "__shared__ float tile[32][32];\n"
     "// ...\n"
     "out[i] = tile[threadIdx.x][threadIdx.y]; // a column: 32 lanes, bank 0\n"
     "```\n"
     "\n"
     "**Fix:** pad the rows so that consecutive rows start in different "
     "banks:\n"
     "\n"
     "```cuda\n"
     "__shared__ float tile[32][33];\n"
     "```\n"
     "\n"
     "When a padding removes the conflict, a note carries its fix-it, proven "
     "by analysing every access of the array again, with its cost in bytes per "
     "block and resident blocks per SM."},
    {"smem-missing-barrier", "MissingBarrier", "warning", "correctness",
     "docs/checks/smem-missing-barrier.md",
     "Threads of different warps share a shared-memory word with no barrier "
     "in between",
     "A thread reads a shared word that a thread of another warp writes, or "
     "writes a word that another warp reads or writes, with no "
     "__syncthreads() between the two accesses. The finding names both "
     "accesses (the earlier one as a related location), one pair of threads "
     "and the word they share.",
     "Put __syncthreads() between the write and the accesses of other threads "
     "to the same words; the fix-it inserts it where every thread of the "
     "block reaches it.",
     "```cuda\n"
     "__shared__ float s[256];\n"
     "s[threadIdx.x] = in[threadIdx.x];\n"
     "out[threadIdx.x] = s[255 - threadIdx.x]; // another warp's write\n"
     "```\n"
     "\n"
     "**Fix:** order the accesses with a block barrier (the fix-it inserts "
     "it):\n"
     "\n"
     "```cuda\n"
     "s[threadIdx.x] = in[threadIdx.x];\n"
     "__syncthreads();\n"
     "out[threadIdx.x] = s[255 - threadIdx.x];\n"
     "```"},
    {"smem-barrier-reuse", "BarrierReuse", "warning", "correctness",
     "docs/checks/smem-barrier-reuse.md",
     "A loop refills a shared buffer while other warps may still read the "
     "previous iteration",
     "A loop has a barrier after it fills a shared buffer but no second one "
     "after the last read, so the writes of the next iteration can overwrite "
     "words that other warps have not read yet.",
     "End the loop body with a second __syncthreads() so that every read of "
     "an iteration finishes before the next refill; the fix-it inserts it.",
     "```cuda\n"
     "for (int t = 0; t < n / TILE; ++t) {\n"
     "  As[ty][tx] = A[ty * n + t * TILE + tx];\n"
     "  __syncthreads();\n"
     "  for (int k = 0; k < TILE; ++k)\n"
     "    acc += As[ty][k] * B[k * n + tx];\n"
     "}\n"
     "```\n"
     "\n"
     "**Fix:** end the loop body with `__syncthreads();` so that the next "
     "refill waits for every read of this iteration (the fix-it inserts it)."},
    {"smem-divergent-barrier", "DivergentBarrier", "warning", "correctness",
     "docs/checks/smem-divergent-barrier.md",
     "A block barrier that only part of the block reaches",
     "A __syncthreads() or another block barrier is reached by only part of "
     "the block: under a thread-dependent condition, in a loop whose trip "
     "count differs between threads, or after some threads returned early. "
     "The behaviour is undefined, and compute-sanitizer's synccheck does not "
     "always see it.",
     "Make every thread of the block reach the barrier: move it out of the "
     "thread-dependent branch or loop (guard the work, not the barrier), and "
     "replace an early return before a barrier with a guard around the work.",
     "```cuda\n"
     "if (threadIdx.x < 128)\n"
     "  __syncthreads(); // half of the block never arrives\n"
     "```\n"
     "\n"
     "**Fix:** guard the work, not the barrier:\n"
     "\n"
     "```cuda\n"
     "if (threadIdx.x < 128)\n"
     "  work();\n"
     "__syncthreads();\n"
     "```"},
    {"smem-warp-sync", "WarpSync", "warning", "correctness",
     "docs/checks/smem-warp-sync.md",
     "Lanes of one warp exchange data through shared memory without "
     "__syncwarp()",
     "Threads of one warp write and read each other's shared words with no "
     "__syncwarp() in between, as in the unrolled last warp of a classic "
     "reduction. Since sm_70 the lanes of a warp can run apart, so volatile "
     "alone does not order them.",
     "Read into a register, call __syncwarp(), write, and call __syncwarp() "
     "again before the next read; or exchange registers with "
     "__shfl_down_sync().",
     "```cuda\n"
     "if (tid < 32) {\n"
     "  volatile float *vs = sdata;\n"
     "  vs[tid] += vs[tid + 16]; // lanes are not in lockstep since sm_70\n"
     "}\n"
     "```\n"
     "\n"
     "**Fix:** separate each read and write with `__syncwarp()`, or use "
     "`__shfl_down_sync()`:\n"
     "\n"
     "```cuda\n"
     "float v = sdata[tid] + sdata[tid + 16];\n"
     "__syncwarp();\n"
     "sdata[tid] = v;\n"
     "__syncwarp();\n"
     "```"},
    {"smem-out-of-bounds", "OutOfBounds", "error", "correctness",
     "docs/checks/smem-out-of-bounds.md",
     "A shared-memory index is below zero or past the end of its array or "
     "dimension",
     "Evaluated for the threads of the block, the index of a shared-memory "
     "access is below zero or past the end: of the array, or of the "
     "dimension it subscripts (tile[i][32] in a tile[32][32], which lands in "
     "the next row), or it divides by zero. The finding names the threads "
     "and the index values; it is a note when it rests on a value the "
     "analysis assumed.",
     "Keep the threads that would step outside from the access, bound the "
     "loop by the array, or declare the extra elements if they are meant to "
     "exist.",
     "```cuda\n"
     "__shared__ float v[32];\n"
     "v[threadIdx.x + 1] = x; // thread 31 writes v[32]\n"
     "```\n"
     "\n"
     "**Fix:** guard the access, or declare the halo element:\n"
     "\n"
     "```cuda\n"
     "if (threadIdx.x + 1 < 32)\n"
     "  v[threadIdx.x + 1] = x;\n"
     "```"},
    {"smem-conflicting-writes", "ConflictingWrites", "warning", "correctness",
     "docs/checks/smem-conflicting-writes.md",
     "Threads store different values to one shared word in one statement",
     "Two threads of the block store different values to the same shared "
     "word in the same statement. Within a warp one lane's value lands and "
     "which one is undefined; across warps the last warp to run the statement "
     "wins. No barrier can order a statement with itself.",
     "Let one thread write each word, or give each thread a word of its own.",
     "```cuda\n"
     "a[threadIdx.x & 7] = threadIdx.x; // 32 threads per word\n"
     "```\n"
     "\n"
     "**Fix:** one writer per word:\n"
     "\n"
     "```cuda\n"
     "if (threadIdx.x < 8)\n"
     "  a[threadIdx.x] = threadIdx.x;\n"
     "```"},
    {"smem-capacity", "Capacity", "error", "correctness",
     "docs/checks/smem-capacity.md",
     "A block needs more shared memory than the architecture allows",
     "A block asks for more shared memory than an SM of the analysed "
     "architecture gives one block, its static __shared__ variables exceed "
     "48 KB, or a launch asks for more than 48 KB of dynamic shared memory "
     "without the cudaFuncSetAttribute opt-in: the launch fails at run time. "
     "Notes also point out dynamic shared memory that a launch asks for and "
     "the kernel never touches.",
     "Use less shared memory per block, or for dynamic shared memory above "
     "48 KB call cudaFuncSetAttribute(kernel, "
     "cudaFuncAttributeMaxDynamicSharedMemorySize, bytes) before the launch.",
     "```cuda\n"
     "extern __shared__ float buffer[];\n"
     "// ...\n"
     "stage<<<1, 256, 64 * 1024>>>(out); // 64 KB dynamic, no opt-in\n"
     "```\n"
     "\n"
     "**Fix:** opt in before the launch, or use less:\n"
     "\n"
     "```cuda\n"
     "cudaFuncSetAttribute(stage, "
     "cudaFuncAttributeMaxDynamicSharedMemorySize,\n"
     "                     64 * 1024);\n"
     "```"},
    {"smem-occupancy", "Occupancy", "note", "performance",
     "docs/checks/smem-occupancy.md",
     "Shared memory limits the resident blocks per SM, or a proposed fix "
     "costs a resident block",
     "A note says when shared memory is what limits how many blocks of a "
     "kernel an SM holds at once, with the blocks and warps per SM and the "
     "bytes a block really takes; a warning says when a fix proposed "
     "elsewhere, such as a padding against a bank conflict, costs a resident "
     "block.",
     "Weigh the wavefronts a padding saves against the resident block it "
     "costs, or remove the conflict with a swizzled index that costs no "
     "memory.",
     "Shared memory per block, with the driver's 1 KB reserve and the "
     "allocation granularity, decides how many blocks fit on an SM: 8192 + "
     "1024 bytes fit 25 times in 228 KB, 8448 + 1024 only 24 times.\n"
     "\n"
     "**Fix:** when a padding costs a block, weigh the conflict's wavefronts "
     "against the lost block, or swizzle the index (`tile[row][col ^ row]`) "
     "instead of padding."},
    {"gmem-uncoalesced", "UncoalescedGlobalAccess", "warning", "performance",
     "docs/checks/gmem-uncoalesced.md",
     "A warp's global access touches far more 32-byte sectors than its "
     "bytes need",
     "The lanes of one warp read or write global memory far apart, so each "
     "warp instruction moves many 32-byte sectors of which only a few bytes "
     "are used. The finding gives the lanes' stride, the sectors per request "
     "and the ideal.",
     "Make consecutive lanes touch consecutive addresses, for example by "
     "staging the data through a shared-memory tile read in the other "
     "order.",
     "Consecutive lanes far apart in global memory waste most of each "
     "transferred sector.\n"
     "\n"
     "```cuda\n"
     "out[x * height + y] = in[y * width + x]; // lanes 4*height bytes "
     "apart\n"
     "```\n"
     "\n"
     "**Fix:** stage through a shared tile so that both the load and the "
     "store are row-wise."},
    {"clang-diagnostic-error", "CompileError", "error", "input",
     "README.md#using-it", "The file does not compile",
     "Clang reported an error while parsing the file for the GPU. smem-lint "
     "analyses the kernels that still parsed, so the findings in this file "
     "may be incomplete, and exits with status 2.",
     "Fix the error, or give smem-lint the flags the file needs: -I and -D "
     "after --, or -p with a compile_commands.json.",
     "Clang could not parse this code for the GPU; the kernels that still "
     "parsed were analysed.\n"
     "\n"
     "**Fix:** fix the error, or pass the flags the file needs:\n"
     "\n"
     "```sh\n"
     "smem-lint kernel.cu -- -DTILE=32 -Iinclude\n"
     "smem-lint -p build/ kernel.cu  # flags from compile_commands.json\n"
     "```"},
    {"smem-lint-input", "InputError", "error", "input", "README.md#using-it",
     "An input file could not be analysed",
     "A file named on the command line is missing, is a directory or a "
     "binary file, or is not CUDA source. smem-lint skipped it and exits with "
     "status 2.",
     "Check the path. smem-lint analyses .cu and .cuh files, and other files "
     "that declare __global__, __device__ or __shared__ code.",
     "A file named on the command line could not be analysed.\n"
     "\n"
     "**Fix:** check the path. smem-lint analyses `.cu` and `.cuh` files, and "
     "other files that declare `__global__`, `__device__` or `__shared__` "
     "code."},
    {"smem-lint-incomplete", "IncompleteAnalysis", "note", "input",
     "docs/configuration.md#checks",
     "The analysis of a kernel stopped short",
     "The evaluation of a kernel reached its step budget (past half of it, "
     "loops stop after their current iteration), calls nested more than 16 "
     "deep (recursion), or code nested more than 512 levels deep. Accesses "
     "past that point were not analysed; the other kernels were.",
     "Nothing is wrong with the code; findings for this kernel may be "
     "missing. Lower --max-loop-iterations, or split the kernel.",
     "The analysis of this kernel stopped short: its step budget ran out, or "
     "calls or code nested past the evaluator's limits. Findings past that "
     "point may be missing.\n"
     "\n"
     "**Fix:** nothing to fix in the code; lower `--max-loop-iterations` if "
     "it was raised."},
};

/// SARIF's levels have the names of smem-lint's severities.
const char *levelName(Severity Level) { return severityName(Level); }

/// \p Path made absolute (from the current directory) without `.` and `..`.
std::string absolutePath(llvm::StringRef Path) {
  llvm::SmallString<256> Absolute(Path);
  llvm::sys::fs::make_absolute(Absolute);
  llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  return std::string(Absolute);
}

/// \p Path with every byte outside RFC 3986's unreserved set and "/"
/// percent-encoded: a space or '#' in a file name must not break the URI.
std::string percentEncoded(llvm::StringRef Path) {
  std::string Encoded;
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || C == '-' || C == '.' || C == '_' || C == '~' ||
        C == '/') {
      Encoded += C;
    } else {
      Encoded += '%';
      Encoded += llvm::hexdigit(C >> 4);
      Encoded += llvm::hexdigit(C & 15);
    }
  }
  return Encoded;
}

/// The first column after the bytes before \p ByteColumn on \p Line, in
/// UTF-16 code units (SARIF's default column kind, and GitHub's).
unsigned utf16Column(llvm::StringRef Line, unsigned ByteColumn) {
  unsigned Bytes = ByteColumn - 1, Units = 0;
  for (unsigned I = 0; I < Bytes && I < Line.size(); ++I) {
    unsigned char C = Line[I];
    if ((C & 0xC0) == 0x80)
      continue;                 // continuation byte
    Units += C >= 0xF0 ? 2 : 1; // four-byte sequences are surrogate pairs
  }
  if (Bytes > Line.size())
    Units += Bytes - Line.size();
  return Units + 1;
}

/// The analysed files' text, read once, to measure tokens and convert
/// columns. A file that cannot be read keeps Clang's byte columns.
class SourceTexts {
public:
  /// Line \p Line of \p File without its line break, or nullopt.
  std::optional<llvm::StringRef> line(const std::string &File, unsigned Line) {
    const IndexedFile *T = Files.get(File);
    return T ? T->line(Line) : std::nullopt;
  }

  /// Bytes of the token that starts at \p Line : \p Column, or 0 if none
  /// starts there. Raw lexing needs no preprocessor: the point was resolved
  /// to where the token is spelled.
  unsigned tokenLength(const std::string &File, unsigned Line,
                       unsigned Column) {
    const IndexedFile *T = Files.get(File);
    std::optional<llvm::StringRef> Text = line(File, Line);
    if (!T || !Text || Column == 0 || Column > Text->size() ||
        llvm::isSpace((*Text)[Column - 1]))
      return 0;
    llvm::StringRef Buffer = T->Buffer->getBuffer();
    const char *Start = Text->data() + Column - 1;
    clang::Lexer Lexer(clang::SourceLocation(), cudaLanguage(), Buffer.begin(),
                       Start, Buffer.end());
    Lexer.SetCommentRetentionState(true);
    clang::Token Token;
    Lexer.LexFromRawLexer(Token);
    // A token past the end of the line (a comment or raw string that goes
    // on) is marked up to the line's end.
    unsigned OnLine = Text->size() - (Column - 1);
    return std::min(Token.getLength(), OnLine);
  }

  /// Line and byte column of the point \p Bytes bytes after \p Line :
  /// \p Column, or nullopt if the file cannot be read.
  std::optional<std::pair<unsigned, unsigned>> advance(const std::string &File,
                                                       unsigned Line,
                                                       unsigned Column,
                                                       unsigned Bytes) {
    const IndexedFile *T = Files.get(File);
    if (!T || Line == 0 || Line > T->LineStarts.size())
      return std::nullopt;
    size_t Offset = T->LineStarts[Line - 1] + Column - 1 + Bytes;
    auto Next =
        std::upper_bound(T->LineStarts.begin(), T->LineStarts.end(), Offset);
    unsigned EndLine = Next - T->LineStarts.begin();
    return std::make_pair(EndLine,
                          unsigned(Offset - T->LineStarts[EndLine - 1] + 1));
  }

private:
  static const clang::LangOptions &cudaLanguage() {
    static const clang::LangOptions Options = [] {
      clang::LangOptions LO;
      LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = 1;
      LO.LineComment = 1;
      LO.Bool = 1;
      LO.CUDA = 1;
      return LO;
    }();
    return Options;
  }

  IndexedFiles Files;
};

/// Builds one run; keeps the artifact table and the rule indices that
/// locations and results refer to.
class SarifRun {
public:
  SarifRun(const RunReport &Report, const SarifOptions &Options)
      : Report(Report), Options(Options) {
    if (!Options.SourceRoot.empty())
      SourceRoot = absolutePath(Options.SourceRoot);
  }

  json render();

private:
  json rules();
  unsigned ruleIndex(const std::string &Check);
  json artifactLocation(const std::string &File, bool Indexed);
  json region(const SourcePoint &Where);
  json physicalLocation(const SourcePoint &Where);
  json fix(const std::string &Description, const std::vector<FixIt> &FixIts);
  json result(const Diagnostic &D);
  json notification(const Diagnostic &D);
  std::string fingerprint(const Diagnostic &D, const std::string &Uri);
  std::string docsUri(const RuleText &Rule) const;

  const RunReport &Report;
  const SarifOptions &Options;
  std::string SourceRoot; ///< Absolute, or empty.
  SourceTexts Texts;
  /// Rules beyond RuleTexts, for checks added without a description here.
  std::vector<std::string> ExtraRules;
  json Artifacts = json::array();
  std::map<std::string, unsigned> ArtifactIndex;
  std::map<std::string, unsigned> FingerprintUses;
};

std::string SarifRun::docsUri(const RuleText &Rule) const {
  llvm::StringRef Base = llvm::StringRef(Options.RepositoryUri).rtrim('/');
  return Base.str() + "/" + Rule.DocsPath;
}

json SarifRun::rules() {
  json Array = json::array();
  for (const RuleText &Rule : RuleTexts) {
    // GitHub code scanning rejects a helpUri that is not an absolute URI, so
    // without a repository the help names the page instead of linking it.
    std::string Markdown = Rule.HelpMarkdown;
    std::string Text = Rule.Help;
    if (Options.RepositoryUri.empty()) {
      Markdown += std::string("\n\nDocumentation: `") + Rule.DocsPath +
                  "` in the smem-lint repository.";
      Text += std::string(" Documentation: ") + Rule.DocsPath +
              " in the smem-lint repository.";
    } else {
      Markdown += "\n\nDocumentation: [" + std::string(Rule.DocsPath) + "](" +
                  docsUri(Rule) + ")";
      Text += " Documentation: " + docsUri(Rule);
    }
    json Item = {{"id", Rule.Id},
                 {"name", Rule.Name},
                 {"shortDescription", {{"text", Rule.Short}}},
                 {"fullDescription", {{"text", Rule.Full}}},
                 {"help", {{"text", Text}, {"markdown", Markdown}}}};
    if (!Options.RepositoryUri.empty())
      Item["helpUri"] = docsUri(Rule);
    Item["defaultConfiguration"] = {{"level", Rule.Level}};
    json Tags = {"cuda", "shared-memory", Rule.Tag};
    if (llvm::StringRef(Rule.Tag) == "input")
      Tags = {"cuda", Rule.Tag};
    Item["properties"] = {{"tags", Tags}};
    Array.push_back(Item);
  }
  for (const std::string &Id : ExtraRules) {
    std::string Text = "Findings of the smem-lint check " + Id;
    Array.push_back({{"id", Id},
                     {"shortDescription", {{"text", Text}}},
                     {"fullDescription", {{"text", Text}}},
                     {"help", {{"text", Text}, {"markdown", Text}}},
                     {"defaultConfiguration", {{"level", "warning"}}}});
  }
  return Array;
}

unsigned SarifRun::ruleIndex(const std::string &Check) {
  unsigned Count = std::size(RuleTexts);
  for (unsigned I = 0; I < Count; ++I)
    if (Check == RuleTexts[I].Id)
      return I;
  auto It = std::find(ExtraRules.begin(), ExtraRules.end(), Check);
  if (It == ExtraRules.end())
    It = ExtraRules.insert(It, Check);
  return Count + (It - ExtraRules.begin());
}

json SarifRun::artifactLocation(const std::string &File, bool Indexed) {
  std::string Path = absolutePath(File);
  json Location;
  llvm::StringRef Relative(Path);
  if (!SourceRoot.empty() && Relative.consume_front(SourceRoot) &&
      (llvm::sys::path::is_separator(SourceRoot.back()) ||
       Relative.consume_front("/")) &&
      !Relative.empty()) {
    Location = {{"uri", percentEncoded(Relative)},
                {"uriBaseId", SourceRootBaseId}};
  } else {
    Location = {{"uri", "file://" + percentEncoded(Path)}};
  }
  if (!Indexed)
    return Location;
  auto [It, Added] = ArtifactIndex.emplace(Path, Artifacts.size());
  if (Added)
    Artifacts.push_back({{"location", Location}});
  Location["index"] = It->second;
  return Location;
}

json SarifRun::region(const SourcePoint &Where) {
  if (Where.Column == 0)
    return {{"startLine", Where.Line}};
  unsigned Length = Texts.tokenLength(Where.File, Where.Line, Where.Column);
  unsigned Start = Where.Column, End = Where.Column + std::max(Length, 1u);
  if (std::optional<llvm::StringRef> Line =
          Texts.line(Where.File, Where.Line)) {
    Start = utf16Column(*Line, Start);
    End = utf16Column(*Line, End);
  }
  return {{"startLine", Where.Line},
          {"startColumn", Start},
          {"endLine", Where.Line},
          {"endColumn", End}};
}

json SarifRun::physicalLocation(const SourcePoint &Where) {
  json Physical = {{"artifactLocation", artifactLocation(Where.File, true)}};
  if (Where.valid())
    Physical["region"] = region(Where);
  return Physical;
}

json SarifRun::fix(const std::string &Description,
                   const std::vector<FixIt> &FixIts) {
  // One artifactChange per file, its replacements in file order.
  std::map<std::string, std::vector<const FixIt *>> ByFile;
  for (const FixIt &Fix : FixIts)
    if (Fix.Where.valid() && Fix.Where.Column != 0)
      ByFile[Fix.Where.File].push_back(&Fix);
  json Changes = json::array();
  for (auto &[File, Fixes] : ByFile) {
    std::stable_sort(Fixes.begin(), Fixes.end(),
                     [](const FixIt *A, const FixIt *B) {
                       return std::tie(A->Where.Line, A->Where.Column) <
                              std::tie(B->Where.Line, B->Where.Column);
                     });
    json Replacements = json::array();
    for (const FixIt *Fix : Fixes) {
      const SourcePoint &Where = Fix->Where;
      unsigned EndLine = Where.Line, EndColumn = Where.Column + Fix->Length;
      if (auto End = Texts.advance(File, Where.Line, Where.Column, Fix->Length))
        std::tie(EndLine, EndColumn) = *End;
      unsigned StartColumn = Where.Column;
      if (auto Line = Texts.line(File, Where.Line))
        StartColumn = utf16Column(*Line, StartColumn);
      if (auto Line = Texts.line(File, EndLine))
        EndColumn = utf16Column(*Line, EndColumn);
      json Replacement = {{"deletedRegion",
                           {{"startLine", Where.Line},
                            {"startColumn", StartColumn},
                            {"endLine", EndLine},
                            {"endColumn", EndColumn}}}};
      if (!Fix->Replacement.empty())
        Replacement["insertedContent"] = {{"text", Fix->Replacement}};
      Replacements.push_back(Replacement);
    }
    Changes.push_back({{"artifactLocation", artifactLocation(File, true)},
                       {"replacements", Replacements}});
  }
  return {{"description", {{"text", Description}}},
          {"artifactChanges", Changes}};
}

/// \p Message without the line numbers it mentions ("at line 8", "lines
/// 17-24"), which change whenever code above the finding moves.
std::string withoutLineNumbers(const std::string &Message) {
  static const std::regex LineNumber(R"(\b(lines?) [0-9]+(-[0-9]+)?)");
  return std::regex_replace(Message, LineNumber, "$1");
}

std::string SarifRun::fingerprint(const Diagnostic &D, const std::string &Uri) {
  std::string Key = D.Check + '\0' + Uri + '\0' + withoutLineNumbers(D.Message);
  auto Hash = llvm::SHA256::hash(llvm::arrayRefFromStringRef(Key));
  std::string Hex = llvm::toHex(llvm::ArrayRef<uint8_t>(Hash).take_front(16),
                                /*LowerCase=*/true);
  // Identical findings in one file (the same race in two kernels) stay
  // distinct, numbered in file order.
  return Hex + ":" + std::to_string(++FingerprintUses[Hex]);
}

json SarifRun::result(const Diagnostic &D) {
  json Location = {{"physicalLocation", physicalLocation(D.Where)}};
  json Item = {{"ruleId", D.Check},
               {"ruleIndex", ruleIndex(D.Check)},
               {"level", levelName(D.Level)},
               {"message", {{"text", D.Message}}},
               {"locations", json::array({Location})}};
  json Related = json::array();
  for (const DiagnosticNote &Note : D.Notes) {
    json NoteLocation = {{"id", Related.size() + 1}};
    if (!Note.Where.File.empty())
      NoteLocation["physicalLocation"] = physicalLocation(Note.Where);
    NoteLocation["message"] = {{"text", Note.Message}};
    Related.push_back(NoteLocation);
  }
  if (!Related.empty())
    Item["relatedLocations"] = Related;
  json Fixes = json::array();
  if (!D.FixIts.empty())
    Fixes.push_back(fix(D.Message, D.FixIts));
  for (const DiagnosticNote &Note : D.Notes)
    if (!Note.FixIts.empty())
      Fixes.push_back(fix(Note.Message, Note.FixIts));
  // A fix-it without a location gives no change; drop such fixes.
  Fixes.erase(std::remove_if(Fixes.begin(), Fixes.end(),
                             [](const json &Fix) {
                               return Fix["artifactChanges"].empty();
                             }),
              Fixes.end());
  if (!Fixes.empty())
    Item["fixes"] = Fixes;
  Item["partialFingerprints"] = {
      {FingerprintKey,
       fingerprint(D, Location["physicalLocation"]["artifactLocation"]["uri"]
                          .get<std::string>())}};
  return Item;
}

json SarifRun::notification(const Diagnostic &D) {
  json Item = {{"level", levelName(D.Level)},
               {"message", {{"text", D.Message}}}};
  if (!D.Where.File.empty()) {
    json Physical = {{"artifactLocation", artifactLocation(D.Where.File,
                                                           /*Indexed=*/false)}};
    if (D.Where.valid())
      Physical["region"] = region(D.Where);
    Item["locations"] = json::array({{{"physicalLocation", Physical}}});
  }
  Item["associatedRule"] = {{"id", D.Check}, {"index", ruleIndex(D.Check)}};
  return Item;
}

json SarifRun::render() {
  // The analysed files come first in the artifact table, in command-line
  // order; files only a note points into (headers) follow.
  for (const FileReport &File : Report.Files)
    artifactLocation(File.File, true);
  for (json &Artifact : Artifacts)
    Artifact["roles"] = {"analysisTarget"};

  json Results = json::array();
  json Notifications = json::array();
  bool Successful = true;
  for (const FileReport &File : Report.Files)
    Successful &= !File.HadCompileErrors;
  for (const Diagnostic *D : diagnosticsInOrder(Report)) {
    bool IsInputError =
        std::any_of(Report.InputErrors.begin(), Report.InputErrors.end(),
                    [&](const Diagnostic &Input) { return &Input == D; });
    // Code scanning needs a line for every result: a problem without one
    // (a missing file, a file that did not parse at all) is the tool's.
    if (IsInputError || !D->Where.valid()) {
      Notifications.push_back(notification(*D));
      Successful &= D->Level != Severity::Error;
    } else {
      Results.push_back(result(*D));
    }
  }

  json Invocation = {{"executionSuccessful", Successful}};
  if (!Notifications.empty())
    Invocation["toolExecutionNotifications"] = Notifications;

  json Driver = {{"name", "smem-lint"}};
  if (!Options.RepositoryUri.empty())
    Driver["informationUri"] = Options.RepositoryUri;
  Driver["version"] = Options.ToolVersion;
  Driver["rules"] = rules(); // after the results: they may add rules

  json Run = {{"tool", {{"driver", Driver}}},
              {"invocations", json::array({Invocation})}};
  if (!SourceRoot.empty()) {
    std::string RootUri = "file://" + percentEncoded(SourceRoot);
    if (RootUri.back() != '/')
      RootUri += '/';
    Run["originalUriBaseIds"] = {{SourceRootBaseId, {{"uri", RootUri}}}};
  }
  Run["artifacts"] = Artifacts;
  Run["results"] = Results;
  Run["columnKind"] = "utf16CodeUnits";
  json Properties = {{"mode", Report.Mode},
                     {"arch", Report.Arch},
                     {"parsedAs", Report.ParsedAs}};
  if (!Report.CudaPath.empty())
    Properties["cudaPath"] = Report.CudaPath;
  if (!Report.CudaVersion.empty())
    Properties["cudaVersion"] = Report.CudaVersion;
  Run["properties"] = Properties;
  return Run;
}

} // namespace

std::string renderSarifReport(const RunReport &Report,
                              const SarifOptions &Options) {
  json Run = SarifRun(Report, Options).render();
  json Log = {{"$schema", SarifSchemaUri},
              {"version", "2.1.0"},
              {"runs", json::array({Run})}};
  // replace: invalid UTF-8 in a file name or message must not abort the run.
  return Log.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

} // namespace smemlint
