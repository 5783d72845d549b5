//===--- Prepare.cpp - From an analysis to a directory to measure ---------===//

#include "runtime_verify/Prepare.h"

#include "Checks/CheckRegistry.h"

#include "runtime_verify/Harness.h"
#include "runtime_verify/RawOutputs.h"

#include "Checks/TranslationUnitAnalysis.h"
#include "Evaluation/WarpgroupMma.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace llvm;

namespace smemlint {
namespace verify {

bool parseParameterValueOption(StringRef Text, ParameterValueOption &Option,
                               std::string &Error) {
  auto [Key, Value] = Text.split('=');
  if (Key.empty() || Value.empty() || !Text.contains('=')) {
    Error = "invalid --param '" + Text.str() +
            "': expected name=value or kernel:name=value";
    return false;
  }
  // The kernel may be qualified (ns::k): the name follows the last ':'.
  size_t Colon = Key.rfind(':');
  Option = ParameterValueOption();
  if (Colon != StringRef::npos) {
    Option.Kernel = Key.substr(0, Colon).rtrim(':').str();
    Key = Key.substr(Colon + 1);
  }
  Option.Name = Key.trim().str();
  Option.Value = Value.trim().str();
  if (Option.Name.empty()) {
    Error = "invalid --param '" + Text.str() + "': no parameter name";
    return false;
  }
  return true;
}

namespace {

/// The plan's record of finding \p D, the \p Index-th.
PlannedFinding plannedFinding(const Diagnostic &D, unsigned Index) {
  PlannedFinding F;
  F.Index = Index;
  F.Check = D.Check;
  SmallString<256> Clean(D.Where.File);
  sys::path::remove_dots(Clean, /*remove_dot_dot=*/true);
  F.File = Clean.str().str();
  F.Line = D.Where.Line;
  F.Column = D.Where.Column;
  F.Message = renderMessage(D);
  return F;
}

/// "const unsigned int" -> "unsigned int".
std::string unqualified(StringRef Type) {
  Type = Type.trim();
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (StringRef Qualifier : {"const ", "volatile ", "__restrict__ "})
      if (Type.consume_front(Qualifier))
        Changed = true;
    for (StringRef Qualifier : {" const", " volatile", " __restrict__"})
      if (Type.consume_back(Qualifier))
        Changed = true;
    Type = Type.trim();
  }
  return Type.str();
}

bool isIntegerType(StringRef Type) {
  static const StringSet<> Names = {"bool",
                                    "char",
                                    "signed char",
                                    "unsigned char",
                                    "short",
                                    "unsigned short",
                                    "int",
                                    "unsigned int",
                                    "unsigned",
                                    "long",
                                    "unsigned long",
                                    "long long",
                                    "unsigned long long",
                                    "size_t",
                                    "std::size_t",
                                    "ptrdiff_t",
                                    "std::ptrdiff_t",
                                    "int8_t",
                                    "int16_t",
                                    "int32_t",
                                    "int64_t",
                                    "uint8_t",
                                    "uint16_t",
                                    "uint32_t",
                                    "uint64_t",
                                    "std::int8_t",
                                    "std::int16_t",
                                    "std::int32_t",
                                    "std::int64_t",
                                    "std::uint8_t",
                                    "std::uint16_t",
                                    "std::uint32_t",
                                    "std::uint64_t",
                                    "short int",
                                    "long int",
                                    "unsigned long int",
                                    "long long int",
                                    "unsigned long long int",
                                    "unsigned short int"};
  return Names.contains(Type);
}

bool isFloatingType(StringRef Type) {
  return Type == "float" || Type == "double";
}

/// The kernel's name as the harness spells it.
std::string harnessKernelName(StringRef Name) {
  std::string Result = Name.str();
  // A kernel in an anonymous namespace of the included file is visible by
  // its unqualified name.
  for (StringRef Anonymous : {"(anonymous namespace)::", "(anonymous)::"}) {
    size_t At;
    while ((At = Result.find(Anonymous.str())) != std::string::npos)
      Result.erase(At, Anonymous.size());
  }
  return Result;
}

/// What a GPU run can show about findings of \p Check.
RuntimeEvidence evidenceOf(StringRef Check) {
  const CheckInfo *Kind = findFindingKind(Check);
  return Kind ? Kind->Evidence : RuntimeEvidence::None;
}

/// A check's warning or error: what the plan predicts and a run confirms.
bool isFinding(const Diagnostic &D) {
  return D.Level != Severity::Note && D.Origin == FindingOrigin::Check;
}

bool isRaceCheck(StringRef Check) {
  return evidenceOf(Check) == RuntimeEvidence::Race;
}

bool isOccupancyCheck(StringRef Check) {
  return evidenceOf(Check) == RuntimeEvidence::Occupancy;
}

/// Whether \p D is a finding of \p K: found in it, or in an instantiation of
/// the same template whose identical finding was merged into it
/// (mergeInstantiationRepeats), so that each instantiation's launches
/// predict it.
bool findingOfKernel(const FileReport &File, const Diagnostic &D,
                     const KernelReport &K) {
  auto Is = [&](unsigned Index) {
    return Index < File.Kernels.size() && &File.Kernels[Index] == &K;
  };
  return (D.KernelIndex && Is(*D.KernelIndex)) ||
         llvm::any_of(D.OtherKernelIndices, Is);
}

/// Whether the analysis of \p K reports a hazard only as a note (writes
/// whose values it could not compare): no claim either way, so no race-free
/// prediction is made for its launches.
bool hazardNoted(const FileReport &File, const KernelReport &K) {
  return llvm::any_of(File.Diagnostics, [&](const Diagnostic &D) {
    return D.Origin == FindingOrigin::Check && D.Level == Severity::Note &&
           isRaceCheck(D.Check) && findingOfKernel(File, D, K);
  });
}

/// The lines a race finding names, into \p P.Lines: its own and those of
/// its notes that point at an access (notes that carry a fix-it point where
/// the fix goes), with the file of each that is not P.File (a finding in a
/// library header names that header's lines, as racecheck does), and the
/// last line of each one's statement where \p K's access there has one
/// past it (P.LineEnds).
void setRaceLines(const Diagnostic &D, const KernelReport &K, Prediction &P) {
  std::set<std::pair<std::string, unsigned>> Places = {
      {sys::path::filename(D.Where.File).str(), D.Where.Line}};
  for (const DiagnosticNote &N : D.Notes)
    if (N.FixIts.empty() && N.Where.valid())
      Places.insert({sys::path::filename(N.Where.File).str(), N.Where.Line});
  P.Lines.clear();
  P.LineFiles.clear();
  bool OtherFiles = false;
  P.LineEnds.clear();
  bool Spans = false;
  for (const auto &[File, Line] : Places) {
    P.Lines.push_back(Line);
    P.LineFiles.push_back(File == P.File ? std::string() : File);
    OtherFiles |= File != P.File;
    unsigned Last = 0;
    for (const AccessReport &A : K.Accesses)
      if (A.Where.Line == Line && sys::path::filename(A.Where.File) == File &&
          A.StatementLastLine > Line)
        Last = std::max(Last, A.StatementLastLine);
    P.LineEnds.push_back(Last);
    Spans |= Last != 0;
  }
  if (!OtherFiles)
    P.LineFiles.clear();
  if (!Spans)
    P.LineEnds.clear();
}

/// Applies \p Fixes (offsets into \p Text) from the last to the first.
std::optional<std::string> applyFixIts(std::string Text,
                                       std::vector<FixIt> Fixes) {
  llvm::sort(Fixes, [](const FixIt &A, const FixIt &B) {
    return A.Where.Offset > B.Where.Offset;
  });
  for (const FixIt &Fix : Fixes) {
    if (Fix.Where.Offset + Fix.Length > Text.size())
      return std::nullopt;
    Text.replace(Fix.Where.Offset, Fix.Length, Fix.Replacement);
  }
  return Text;
}

/// Where \p Line of the original is in the fixed text: the lines the fix-its
/// before it add or remove.
unsigned mapLine(StringRef Original, const std::vector<FixIt> &Fixes,
                 unsigned Line) {
  int Delta = 0;
  for (const FixIt &Fix : Fixes) {
    if (Fix.Where.Line >= Line)
      continue;
    StringRef Replaced = Original.substr(Fix.Where.Offset, Fix.Length);
    Delta +=
        int(StringRef(Fix.Replacement).count('\n')) - int(Replaced.count('\n'));
  }
  return unsigned(std::max(1, int(Line) + Delta));
}

/// A directory the compile command searches for headers (-I, -isystem) and
/// where its headers go in the prepared directory ("include/0"), so that
/// the harness builds on a machine without the original paths.
struct IncludeDirectory {
  std::string Original; ///< Absolute.
  std::string Copy;     ///< Absolute, inside the prepared directory.
};

/// What one preparation may still copy of the headers its files include.
struct IncludeBudget {
  unsigned Files = 2048;
  uint64_t Bytes = 32u << 20;
};

/// Copies the headers that the `#include` lines of \p Text name, and theirs
/// in turn, where the preprocessor finds them: a quoted name first from
/// \p FromDir (the including file's directory), copied to the same relative
/// place from \p ToDir (a kernel that includes `"../common/tile.cuh"` builds
/// where its own directory does not exist); then, quoted or not, in each of
/// \p Searched, copied to that directory's copy. Places outside \p Root
/// (the prepared directory) are left out, and so is what passes \p Budget
/// (shared by one preparation). Names the preprocessor does not find there
/// (the toolkit's and the system's headers) are left to the GPU machine.
void copyIncludes(StringRef Text, StringRef FromDir, StringRef ToDir,
                  StringRef Root, ArrayRef<IncludeDirectory> Searched,
                  std::set<std::string> &Copied, IncludeBudget &Budget,
                  unsigned Depth = 0) {
  static const Regex Include(
      "^[ \t]*#[ \t]*include[ \t]*([\"<])([^\">]+)[\">]");
  constexpr unsigned MaxDepth = 32;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (StringRef Line : Lines) {
    SmallVector<StringRef, 3> Match;
    if (!Include.match(Line, &Match) || sys::path::is_absolute(Match[2]))
      continue;
    StringRef Name = Match[2];
    std::vector<std::pair<std::string, std::string>> Places;
    if (Match[1] == "\"")
      Places.push_back({FromDir.str(), ToDir.str()});
    for (const IncludeDirectory &D : Searched)
      Places.push_back({D.Original, D.Copy});
    for (const auto &[From, To] : Places) {
      SmallString<256> Found(From);
      sys::path::append(Found, Name);
      if (!sys::fs::is_regular_file(Found))
        continue;
      SmallString<256> Target(To);
      sys::path::append(Target, Name);
      sys::path::remove_dots(Target, /*remove_dot_dot=*/true);
      if (!StringRef(Target).starts_with(Root) || Budget.Files == 0 ||
          !Copied.insert(Target.str().str()).second)
        break;
      auto Buffer = MemoryBuffer::getFile(Found);
      if (!Buffer || (*Buffer)->getBufferSize() > Budget.Bytes)
        break;
      --Budget.Files;
      Budget.Bytes -= (*Buffer)->getBufferSize();
      std::error_code EC =
          sys::fs::create_directories(sys::path::parent_path(Target));
      raw_fd_ostream Out(Target, EC);
      if (EC)
        break;
      Out << (*Buffer)->getBuffer();
      if (Depth < MaxDepth)
        copyIncludes((*Buffer)->getBuffer(), sys::path::parent_path(Found),
                     sys::path::parent_path(Target), Root, Searched, Copied,
                     Budget, Depth + 1);
      break;
    }
  }
}

/// The findings of one kernel with their indices in the plan.
using KernelFindings = std::vector<std::pair<const Diagnostic *, unsigned>>;

struct FileCopy {
  std::string Path; ///< Relative to the directory.
  std::string Text;
};

class PlanBuilder {
public:
  PlanBuilder(const RunReport &Report, const PrepareOptions &Options,
              StringRef Dir)
      : Report(Report), Options(Options), Dir(Dir.str()) {
    Plan.Arch = Report.Arch;
    Plan.CreatedBy = "smem-lint (" + Report.Mode + ")";
    Plan.NvccFlags = Options.NvccFlags;
    copyIncludeDirectories();
  }

  bool build(std::string &Error);
  /// --run: the plan's launches and predictions from the profile.
  void resolveProgram(VerifyPlan Unresolved,
                      const std::vector<ProfiledLaunch> &Profiled,
                      const std::vector<RecordedLaunch> &Recorded,
                      const std::vector<std::string> &Files,
                      const LaunchAnalyser &Analyse);
  VerifyPlan takePlan() { return std::move(Plan); }

private:
  const RunReport &Report;
  const PrepareOptions &Options;
  std::string Dir;
  VerifyPlan Plan;
  /// Files to copy next to each variant's source: headers beside the
  /// original, so that quoted includes still resolve on the GPU machine.
  std::map<std::string, std::vector<std::string>> SiblingHeaders;
  /// The compile command's header directories, copied into the directory
  /// as far as the files include them (the plan's flags name the copies).
  std::vector<IncludeDirectory> IncludeDirectories;
  /// The headers copied so far, and what copyIncludes may still copy.
  std::set<std::string> CopiedHeaders;
  IncludeBudget HeaderBudget;
  /// The re-analysis of each fix variant.
  std::map<std::string, std::optional<FileReport>> Reanalysed;
  /// Files given as --param NAME=@FILE: where each was copied (relative to
  /// the directory) and its size.
  std::map<std::string, std::pair<std::string, uint64_t>> DataFiles;

  std::optional<std::pair<std::string, uint64_t>>
  copyDataFile(StringRef File, std::string &Problem);

  /// Points the plan's -I and -isystem flags at copies inside the directory
  /// ("include/0"), which writeVariantSource fills with what is included.
  void copyIncludeDirectories() {
    SmallString<256> Root(Dir);
    sys::fs::make_absolute(Root);
    sys::path::remove_dots(Root, /*remove_dot_dot=*/true);
    for (std::string &Flag : Plan.NvccFlags) {
      StringRef Rest = Flag;
      std::string Prefix;
      for (StringRef Option : {"-isystem=", "-I"})
        if (Rest.consume_front(Option)) {
          Prefix = Option.str();
          break;
        }
      if (Prefix.empty() || Rest.empty() || !sys::fs::is_directory(Rest))
        continue;
      SmallString<256> Original(Rest);
      sys::fs::make_absolute(Original);
      sys::path::remove_dots(Original, /*remove_dot_dot=*/true);
      std::string Relative =
          "include/" + std::to_string(IncludeDirectories.size());
      SmallString<256> Copy(Root);
      sys::path::append(Copy, Relative);
      IncludeDirectories.push_back({Original.str().str(), Copy.str().str()});
      sys::fs::create_directories(Copy);
      Flag = Prefix + Relative;
    }
  }

  bool writeVariantSource(PlannedVariant &V, StringRef Text,
                          std::string &Error);
  PlannedVariant &addVariant(const std::string &OriginalFile,
                             const std::string &Kind);
  PlannedLaunch makeLaunch(const PlannedVariant &V, const KernelReport &K,
                           unsigned ShapeIndex);
  void addAccessPredictions(const PlannedLaunch &L, const KernelReport &K,
                            int FixOf);
  /// A launch of a kernel of the original source (shape S of K) with its
  /// predictions, linked to the findings of the kernel.
  void addLaunch(PlannedLaunch L, const KernelReport &K, unsigned S,
                 const KernelFindings &Mine, const std::string &SourceName,
                 bool HazardNoted);
  void addPrediction(Prediction P) {
    P.Id = "P" + std::to_string(Plan.Predictions.size());
    Plan.Predictions.push_back(std::move(P));
  }
  void addFixVariant(const FileReport &File, const Diagnostic &D,
                     const DiagnosticNote *Note,
                     const std::vector<FixIt> &Fixes, unsigned FindingIndex,
                     const KernelReport &Kernel,
                     std::map<std::string, std::string> &VariantByFix);
};

bool writeFile(StringRef Dir, StringRef Relative, StringRef Text,
               std::string &Error, bool Executable = false) {
  SmallString<256> Path(Dir);
  sys::path::append(Path, Relative);
  if (std::error_code EC =
          sys::fs::create_directories(sys::path::parent_path(Path))) {
    Error = "cannot create '" + sys::path::parent_path(Path).str() +
            "': " + EC.message();
    return false;
  }
  std::error_code EC;
  {
    raw_fd_ostream Out(Path, EC);
    if (EC) {
      Error = "cannot write '" + Path.str().str() + "': " + EC.message();
      return false;
    }
    Out << Text;
  }
  if (Executable)
    sys::fs::setPermissions(Path, sys::fs::all_read | sys::fs::all_exe |
                                      sys::fs::owner_write);
  return true;
}

PlannedVariant &PlanBuilder::addVariant(const std::string &OriginalFile,
                                        const std::string &Kind) {
  PlannedVariant V;
  V.Id = "V" + std::to_string(Plan.Variants.size());
  V.Kind = Kind;
  V.OriginalFile = OriginalFile;
  std::string Base = sys::path::filename(OriginalFile).str();
  V.Source = "src/" + V.Id + "/" + Base;
  V.Harness = "harness/" + V.Id + ".cu";
  V.Binary = "build/" + V.Id + ".bin";
  Plan.Variants.push_back(V);
  return Plan.Variants.back();
}

bool PlanBuilder::writeVariantSource(PlannedVariant &V, StringRef Text,
                                     std::string &Error) {
  if (!writeFile(Dir, V.Source, Text, Error))
    return false;
  SmallString<256> Path(Dir);
  sys::path::append(Path, V.Source);
  // Headers beside the original file, so that `#include "common.cuh"` works
  // where the original directory does not exist.
  StringRef OriginalDir = sys::path::parent_path(V.OriginalFile);
  auto [It, Inserted] = SiblingHeaders.try_emplace(OriginalDir.str());
  if (Inserted) {
    uint64_t Total = 0;
    std::error_code DirEC;
    for (sys::fs::directory_iterator
             F(OriginalDir.empty() ? "." : OriginalDir, DirEC),
         End;
         F != End && !DirEC; F.increment(DirEC)) {
      StringRef Ext = sys::path::extension(F->path());
      if (Ext != ".h" && Ext != ".cuh" && Ext != ".hpp" && Ext != ".inc" &&
          Ext != ".inl")
        continue;
      uint64_t Size = 0;
      if (sys::fs::file_size(F->path(), Size) || Total + Size > (8u << 20) ||
          It->second.size() >= 64)
        continue;
      Total += Size;
      It->second.push_back(F->path());
    }
  }
  for (const std::string &Header : It->second) {
    SmallString<256> Target(sys::path::parent_path(Path));
    sys::path::append(Target, sys::path::filename(Header));
    sys::fs::copy_file(Header, Target);
  }
  // Headers elsewhere that the file includes by a relative path.
  SmallString<256> Root(Dir);
  sys::fs::make_absolute(Root);
  sys::path::remove_dots(Root, /*remove_dot_dot=*/true);
  SmallString<256> To(sys::path::parent_path(Path));
  sys::fs::make_absolute(To);
  SmallString<256> From(OriginalDir.empty() ? "." : OriginalDir);
  sys::fs::make_absolute(From);
  copyIncludes(Text, From, To, (Root + "/").str(), IncludeDirectories,
               CopiedHeaders, HeaderBudget);
  return true;
}

std::optional<std::pair<std::string, uint64_t>>
PlanBuilder::copyDataFile(StringRef File, std::string &Problem) {
  auto Known = DataFiles.find(File.str());
  if (Known != DataFiles.end())
    return Known->second;
  uint64_t Size = 0;
  if (std::error_code EC = sys::fs::file_size(File, Size)) {
    Problem = "cannot read '" + File.str() + "': " + EC.message();
    return std::nullopt;
  }
  // The directory travels to the GPU machine: the data goes with it.
  std::string Relative = "data/" + std::to_string(DataFiles.size()) + "-" +
                         sys::path::filename(File).str();
  SmallString<256> Target(Dir);
  sys::path::append(Target, Relative);
  std::error_code EC =
      sys::fs::create_directories(sys::path::parent_path(Target));
  if (!EC)
    EC = sys::fs::copy_file(File, Target);
  if (EC) {
    Problem = "cannot copy '" + File.str() + "' to '" + Target.str().str() +
              "': " + EC.message();
    return std::nullopt;
  }
  return DataFiles[File.str()] = {Relative, Size};
}

PlannedLaunch PlanBuilder::makeLaunch(const PlannedVariant &V,
                                      const KernelReport &K,
                                      unsigned ShapeIndex) {
  const BlockDimReport &Dim = K.BlockDims[ShapeIndex];
  PlannedLaunch L;
  L.Id = "L" + std::to_string(Plan.Launches.size());
  L.Variant = V.Id;
  L.Kernel = harnessKernelName(K.Name);
  L.BlockDimIndex = ShapeIndex;
  L.Block = {Dim.X, Dim.Y, Dim.Z};
  if (K.ClusterDims) {
    L.Cluster = *K.ClusterDims;
    L.ClusterByAttribute = K.ClusterDimsFromLaunch;
    L.NonPortableCluster = K.AllowsNonPortableClusters;
  }
  if (Dim.Grid) {
    L.Grid = *Dim.Grid;
    L.GridSource = "launch";
  } else if (L.Cluster) {
    // A grid of one block cannot hold a cluster of several: one cluster,
    // whose first block is the one the analysis evaluates.
    L.Grid = *L.Cluster;
    L.GridSource = "cluster";
  } else {
    // The analysis assumes gridDim 1 and blockIdx 0 when the launch does not
    // say (defaultSymbolValue).
    L.GridSource = "default";
  }
  if (Dim.DynamicSharedBytes) {
    L.DynamicSharedBytes = *Dim.DynamicSharedBytes;
  } else if (K.UsesDynamicShared) {
    L.Verifiable = false;
    L.NotVerifiableReason =
        "the dynamic shared size is unknown; give it with --dynamic-smem";
  }
  if (StringRef(L.Kernel).contains("(lambda") ||
      StringRef(L.Kernel).contains("(unnamed")) {
    L.Verifiable = false;
    L.NotVerifiableReason = "the kernel has no name a harness can call";
  }

  for (const ParameterReport &P : K.Parameters) {
    PlannedArgument A;
    A.Name = P.Name;
    A.Type = P.Type;
    A.IsPointer = P.IsPointer;
    // As the analysis takes them (applyResourceOptions): an option naming
    // the kernel wins over one for all kernels.
    const ParameterValueOption *Given = nullptr, *ForAll = nullptr;
    for (const ParameterValueOption &O : Options.Parameters) {
      if (O.Name != P.Name)
        continue;
      if (O.Kernel.empty())
        ForAll = &O;
      else if (settingNamesKernel(O.Kernel, K.Name))
        Given = &O;
    }
    if (!Given)
      Given = ForAll;
    if (Given && P.IsPointer && StringRef(Given->Value).starts_with("@")) {
      // --param NAME=@FILE: the buffer holds the file's bytes.
      A.ValueSource = "option";
      A.Fill = "file";
      A.ElementType = fillElementType(P.PointeeType);
      std::string Problem;
      std::optional<std::pair<std::string, uint64_t>> Copied =
          copyDataFile(StringRef(Given->Value).drop_front(), Problem);
      if (!Copied && L.Verifiable) {
        L.Verifiable = false;
        L.NotVerifiableReason =
            "--param " + P.Name + "=" + Given->Value + ": " + Problem;
      }
      if (Copied)
        A.FillFile = Copied->first;
      A.BufferBytes = std::max<uint64_t>(
          {Options.BufferBytes, P.PointeeBytes, Copied ? Copied->second : 0});
    } else if (Given) {
      A.Value = Given->Value;
      A.ValueSource = "option";
      A.IsPointer = false; // Used as written, pointers too.
    } else if (P.IsPointer) {
      if (StringRef(P.PointeeType).contains('*') ||
          StringRef(P.PointeeType).contains('&')) {
        L.Verifiable = false;
        L.NotVerifiableReason = "parameter '" + P.Name + "' has type '" +
                                P.Type +
                                "': a zero-filled buffer would hand the kernel "
                                "null pointers; give it with --param " +
                                P.Name + "=EXPR";
      }
      A.BufferBytes = std::max<uint64_t>(Options.BufferBytes, P.PointeeBytes);
      A.ValueSource = "buffer";
      A.ElementType = fillElementType(P.PointeeType);
      A.Fill = A.ElementType.empty() ? "zero" : Options.Fill;
    } else if (auto Map = llvm::find_if(
                   Dim.TensorMaps,
                   [&](const auto &M) { return M.Parameter == P.Name; });
               Map != Dim.TensorMaps.end()) {
      // A tensor map of the program's layout over the harness's own buffer.
      A.ValueSource = "tensor-map";
      A.MapElementBytes = Map->ElementBytes;
      A.MapBox = Map->Box;
      A.MapElementStrides = Map->ElementStrides;
      A.MapSwizzleBytes = Map->SwizzleBytes;
    } else if (StringRef(P.Type).contains("CUtensorMap")) {
      if (L.Verifiable) {
        L.Verifiable = false;
        L.NotVerifiableReason =
            "parameter '" + P.Name +
            "' is a tensor map whose cuTensorMapEncodeTiled call the "
            "analysis did not read, so the harness cannot encode one of its "
            "layout";
      }
    } else {
      auto Known = llvm::find_if(Dim.ParameterValues, [&](const auto &KV) {
        return KV.first == P.Name;
      });
      std::optional<std::string> Default = defaultScalarValue(P.Type);
      if (Known != Dim.ParameterValues.end() && Default) {
        A.Value = std::to_string(Known->second);
        A.ValueSource = "launch";
      } else if (Default) {
        A.Value = *Default;
        A.ValueSource = "default";
      } else if (L.Verifiable) {
        L.Verifiable = false;
        L.NotVerifiableReason = "parameter '" + P.Name + "' has type '" +
                                P.Type +
                                "', which the harness cannot construct; give "
                                "it with --param " +
                                P.Name + "=EXPR";
      }
    }
    L.Arguments.push_back(A);
  }
  return L;
}

void PlanBuilder::addAccessPredictions(const PlannedLaunch &L,
                                       const KernelReport &K, int FixOf) {
  // One prediction per (file, line, kind): the source page and the SASS give
  // lines, not columns, so accesses sharing a line are measured together.
  struct Group {
    std::string File;
    unsigned Line;
    std::string Kind;
    std::set<unsigned> Columns, Widths;
    std::set<std::string> Arrays;
    uint64_t Wavefronts = 0, Instructions = 0;
    bool Sampled = false, Unknown = false;
    unsigned LastLine = 0;
  };
  std::vector<Group> Groups;
  for (const AccessReport &A : K.Accesses) {
    if (A.BlockDimIndex != L.BlockDimIndex)
      continue;
    std::string File = sys::path::filename(A.Where.File).str();
    auto It = llvm::find_if(Groups, [&](const Group &G) {
      return G.File == File && G.Line == A.Where.Line && G.Kind == A.Kind;
    });
    if (It == Groups.end()) {
      Groups.push_back(
          {File, A.Where.Line, A.Kind, {}, {}, {}, 0, 0, false, false});
      It = std::prev(Groups.end());
    }
    It->Columns.insert(A.Where.Column);
    It->LastLine = std::max(It->LastLine, A.StatementLastLine);
    // Where the compiler merges iterations into one wider instruction, the
    // analysis costs that instruction: its width is what the SASS shows.
    It->Widths.insert(A.InstructionBytes ? A.InstructionBytes : A.WidthBytes);
    It->Arrays.insert(A.Array);
    It->Wavefronts += A.TotalWavefronts;
    It->Instructions += A.WarpInstructions;
    // An access that rests on an assumption (a branch on data) is held to
    // the sampled tolerance, as before the two were told apart.
    It->Sampled |= A.Status == "sampled" || A.Status == "assumed";
    It->Unknown |= A.Status == "unknown";
  }
  for (const Group &G : Groups) {
    // An access whose address depends on data has no prediction to test.
    if (G.Unknown || G.Instructions == 0)
      continue;
    Prediction P;
    P.Launch = L.Id;
    P.Kind = "wavefronts";
    P.FixOf = FixOf;
    P.File = G.File;
    P.Line = G.Line;
    P.LastLine = G.LastLine > G.Line ? G.LastLine : 0;
    P.Operation = G.Kind;
    P.Columns.assign(G.Columns.begin(), G.Columns.end());
    P.WidthBytes.assign(G.Widths.begin(), G.Widths.end());
    P.Arrays.assign(G.Arrays.begin(), G.Arrays.end());
    P.WavefrontsPerInstruction = double(G.Wavefronts) / G.Instructions;
    P.InstructionsPerBlock = G.Instructions;
    P.Status = G.Sampled ? "sampled" : "exact";
    P.Description = G.Kind + "s of '" + join(P.Arrays, "', '") + "' at line " +
                    std::to_string(G.Line);
    addPrediction(P);
  }
  for (const SharedTrafficTotals &T : K.Totals) {
    if (T.BlockDimIndex != L.BlockDimIndex)
      continue;
    auto Add = [&](const char *Kind, uint64_t Wavefronts,
                   uint64_t Instructions) {
      if (Instructions == 0)
        return;
      Prediction P;
      P.Launch = L.Id;
      P.Kind = "shared-totals";
      P.FixOf = FixOf;
      P.Operation = Kind;
      P.WavefrontsPerInstruction = double(Wavefronts) / Instructions;
      P.InstructionsPerBlock = Instructions;
      P.Status = T.Sampled ? "sampled" : "exact";
      P.Description = std::string("all shared ") + Kind + "s of the kernel";
      addPrediction(P);
    };
    Add("load", T.LoadWavefronts, T.LoadInstructions);
    Add("store", T.StoreWavefronts, T.StoreInstructions);
    Add("atomic", T.AtomicWavefronts, T.AtomicInstructions);
    Add("copy", T.CopyWavefronts, T.CopyInstructions);
  }
  // The wgmma reads of shared operands, which the gmma pipe serves: per
  // block, Nsight Compute's ..._op_gmma wavefronts over its instructions,
  // which it counts per warp (4 per warpgroup instruction). Every wgmma
  // reads B from shared memory, and A too where it is not in registers: the
  // instructions are B's.
  uint64_t GmmaWavefronts = 0, GmmaInstructions = 0;
  bool GmmaExact = true;
  for (const WarpgroupMmaReport &W : K.WarpgroupMma) {
    if (W.BlockDimIndex != L.BlockDimIndex)
      continue;
    GmmaWavefronts += W.Instructions * W.WavefrontsPerInstruction;
    if (W.Operand == "B")
      GmmaInstructions += W.Instructions * (WarpgroupThreads / 32);
    GmmaExact &= W.Status == "exact";
  }
  if (GmmaInstructions && GmmaWavefronts) {
    Prediction P;
    P.Launch = L.Id;
    P.Kind = "shared-totals";
    P.FixOf = FixOf;
    P.Operation = "gmma";
    P.WavefrontsPerInstruction = double(GmmaWavefronts) / GmmaInstructions;
    P.InstructionsPerBlock = GmmaInstructions;
    P.Status = GmmaExact ? "exact" : "sampled";
    P.Description = "all wgmma reads of shared operands of the kernel";
    addPrediction(P);
  }
  for (const GlobalTrafficTotals &T : K.GlobalTotals) {
    // Totals that leave out accesses of unknown address predict nothing
    // the counters, which see every access, could be held to.
    if (T.BlockDimIndex != L.BlockDimIndex || T.UnknownAccesses)
      continue;
    auto Add = [&](const char *Kind, const GlobalTraffic &Traffic) {
      if (Traffic.Requests == 0)
        return;
      // Sectors that change with a parameter the analysis did not know were
      // predicted for the worse of an aligned and an unaligned value, not
      // for the value the harness passes (an integer --param or a constant
      // launch argument would have made it known).
      std::vector<std::string> Assumed;
      for (const GlobalAccessReport &A : K.GlobalAccesses)
        if (A.BlockDimIndex == L.BlockDimIndex && A.Kind == Kind)
          for (const std::string &Name : A.DependsOn)
            if (!llvm::is_contained(Assumed, Name))
              Assumed.push_back(Name);
      Prediction P;
      P.Launch = L.Id;
      P.Kind = "global-sectors";
      P.FixOf = FixOf;
      P.Operation = Kind;
      P.SectorsPerRequest = double(Traffic.Sectors) / Traffic.Requests;
      P.RequestsPerBlock = Traffic.Requests;
      P.RequestedBytesPerBlock = Traffic.RequestedBytes;
      P.IdealSectorsPerBlock = Traffic.IdealSectors;
      std::set<unsigned> Widths;
      for (const GlobalAccessReport &A : K.GlobalAccesses)
        if (A.BlockDimIndex == L.BlockDimIndex && A.Kind == Kind)
          Widths.insert(A.WidthBytes);
      P.WidthBytes.assign(Widths.begin(), Widths.end());
      P.Status = !Assumed.empty() ? "assumed" : T.Sampled ? "sampled" : "exact";
      P.AssumedParameters = Assumed;
      P.Description = std::string("all global ") + Kind + "s of the kernel";
      addPrediction(P);
    };
    Add("load", T.Load);
    Add("store", T.Store);
  }
}

void PlanBuilder::addFixVariant(
    const FileReport &File, const Diagnostic &D, const DiagnosticNote *Note,
    const std::vector<FixIt> &Fixes, unsigned FindingIndex,
    const KernelReport &Kernel,
    std::map<std::string, std::string> &VariantByFix) {
  // One variant per distinct fix: several findings may propose the same.
  std::string Key = File.File;
  for (const FixIt &F : Fixes)
    Key += "|" + std::to_string(F.Where.Offset) + ":" +
           std::to_string(F.Length) + ":" + F.Replacement;
  PlannedFinding &Finding = Plan.Findings[FindingIndex];
  std::string Description =
      Note ? renderText(D, Note->Message) : renderMessage(D);

  auto Existing = VariantByFix.find(Key);
  std::string VariantId;
  if (Existing != VariantByFix.end()) {
    VariantId = Existing->second;
  } else {
    PlannedVariant &V = addVariant(File.File, "fix");
    V.Finding = int(FindingIndex);
    V.FixDescription = Description;
    VariantId = V.Id;
    VariantByFix[Key] = VariantId;
  }
  Finding.FixVariants.push_back(VariantId);
  PlannedVariant *V = nullptr;
  for (PlannedVariant &Each : Plan.Variants)
    if (Each.Id == VariantId)
      V = &Each;

  auto Buffer = MemoryBuffer::getFile(File.File);
  if (!Buffer) {
    V->Problem = "cannot read '" + File.File + "'";
    return;
  }
  StringRef Original = (*Buffer)->getBuffer();
  for (const FixIt &F : Fixes)
    if (sys::path::filename(F.Where.File) != sys::path::filename(File.File)) {
      V->Problem = "the fix edits another file ('" + F.Where.File + "')";
      return;
    }
  std::optional<std::string> Fixed = applyFixIts(Original.str(), Fixes);
  if (!Fixed) {
    V->Problem = "a fix-it lies outside the file";
    return;
  }
  bool NewVariant = Existing == VariantByFix.end();
  if (NewVariant) {
    std::string Error;
    if (!writeVariantSource(*V, *Fixed, Error)) {
      V->Problem = Error;
      return;
    }
  }
  if (!Options.Reanalyse) {
    V->Problem = "no re-analysis available";
    return;
  }
  SmallString<256> FixedPath(Dir);
  sys::path::append(FixedPath, V->Source);
  // A fix several findings propose is analysed once.
  auto Cached = Reanalysed.find(V->Id);
  if (Cached == Reanalysed.end())
    Cached =
        Reanalysed
            .emplace(V->Id, Options.Reanalyse(FixedPath.str().str(), File))
            .first;
  const std::optional<FileReport> &Again = Cached->second;
  if (!Again || Again->HadCompileErrors) {
    V->Problem = "the fixed copy does not compile";
    return;
  }
  const KernelReport *FixedKernel = nullptr;
  for (const KernelReport &K : Again->Kernels)
    if (K.Name == Kernel.Name)
      FixedKernel = &K;
  if (!FixedKernel) {
    V->Problem = "the fixed copy has no kernel '" + Kernel.Name + "'";
    return;
  }

  unsigned FixedLine = mapLine(Original, Fixes, D.Where.Line);
  // The race findings the re-analysis still has for this kernel.
  std::vector<const Diagnostic *> FixedRaces;
  for (const Diagnostic &Other : Again->Diagnostics)
    if (isFinding(Other) && isRaceCheck(Other.Check) &&
        findingOfKernel(*Again, Other, *FixedKernel))
      FixedRaces.push_back(&Other);

  // A variant shared by several findings launches its kernel once.
  std::vector<const PlannedLaunch *> Launches;
  for (const PlannedLaunch &L : Plan.Launches)
    if (L.Variant == V->Id && L.Kernel == harnessKernelName(FixedKernel->Name))
      Launches.push_back(&L);
  if (Launches.empty()) {
    size_t First = Plan.Launches.size();
    for (unsigned S = 0; S < FixedKernel->BlockDims.size(); ++S) {
      PlannedLaunch L = makeLaunch(*V, *FixedKernel, S);
      Plan.Launches.push_back(L);
      addAccessPredictions(Plan.Launches.back(), *FixedKernel,
                           int(FindingIndex));
      if (FixedRaces.empty()) {
        Prediction P;
        P.Launch = L.Id;
        P.Kind = "race-free";
        P.FixOf = int(FindingIndex);
        P.File = sys::path::filename(V->Source).str();
        P.Description = "no shared-memory hazard in the fixed kernel";
        addPrediction(P);
      }
      for (const Diagnostic *R : FixedRaces) {
        Prediction P;
        P.Launch = L.Id;
        P.Kind = "race";
        P.FixOf = int(FindingIndex);
        P.Check = R->Check;
        P.File = sys::path::filename(V->Source).str();
        P.Line = R->Where.Line;
        setRaceLines(*R, *FixedKernel, P);
        P.Description =
            "the hazard the fixed kernel still has: " + renderMessage(*R);
        addPrediction(P);
      }
      if (Note && Note->Occupancy) {
        for (const OccupancyReport &O : FixedKernel->Occupancy)
          if (O.BlockDimIndex == S) {
            Prediction P;
            P.Launch = L.Id;
            P.Kind = "occupancy";
            P.FixOf = int(FindingIndex);
            P.BlocksBySharedMemory = O.BlocksBySharedMemory;
            P.BlocksPerSM = O.BlocksPerSM;
            P.RegistersKnown = O.RegistersKnown;
            P.Description = "blocks per SM after the fix";
            addPrediction(P);
          }
      }
    }
    for (size_t I = First; I < Plan.Launches.size(); ++I)
      Launches.push_back(&Plan.Launches[I]);
  }

  // Tie the fixed kernel's predictions on the finding's line (or, for races,
  // its race predictions) to the finding.
  std::string Operation;
  for (const AccessReport &A : Kernel.Accesses)
    if (A.Where.Line == D.Where.Line && A.Where.Column == D.Where.Column)
      Operation = A.Kind;
  for (Prediction &P : Plan.Predictions) {
    if (!llvm::any_of(Launches, [&](const PlannedLaunch *L) {
          return L->Id == P.Launch;
        }))
      continue;
    bool Relevant =
        (P.Kind == "wavefronts" && isFinding(D) &&
         evidenceOf(D.Check) == RuntimeEvidence::SharedWavefronts &&
         P.Line == FixedLine && P.Operation == Operation) ||
        (isRaceCheck(D.Check) && (P.Kind == "race-free" || P.Kind == "race")) ||
        (P.Kind == "occupancy");
    if (Relevant && !llvm::is_contained(P.Findings, FindingIndex))
      P.Findings.push_back(FindingIndex);
  }
}

void PlanBuilder::addLaunch(PlannedLaunch L, const KernelReport &K, unsigned S,
                            const KernelFindings &Mine,
                            const std::string &SourceName, bool HazardNoted) {
  bool Racy = llvm::any_of(
      Mine, [](const auto &F) { return isRaceCheck(F.first->Check); });
  bool OccupancyClaim = llvm::any_of(Mine, [](const auto &F) {
    return isOccupancyCheck(F.first->Check) ||
           llvm::any_of(F.first->Notes, [](const DiagnosticNote &N) {
             return N.Occupancy.has_value();
           });
  });
  for (auto [D, Index] : Mine)
    if (evidenceOf(D->Check) == RuntimeEvidence::SkippedBarrier)
      L.Synccheck = true;
  Plan.Launches.push_back(L);
  size_t FirstPrediction = Plan.Predictions.size();
  addAccessPredictions(L, K, -1);
  // Link each bank-conflict finding to the line it names, and each
  // uncoalesced access to the kernel's global sectors of its kind.
  for (auto [D, Index] : Mine) {
    Plan.Findings[Index].Launches.push_back(L.Id);
    RuntimeEvidence Evidence = evidenceOf(D->Check);
    // The finding names its first instantiation's accesses; in another
    // instantiation merged into it, its accesses are those at its place.
    bool OwnAccesses =
        llvm::any_of(K.Accesses,
                     [&, D = D](const AccessReport &A) {
                       return llvm::is_contained(D->Accesses, A.Id);
                     }) ||
        llvm::any_of(K.GlobalAccesses, [&, D = D](const GlobalAccessReport &A) {
          return llvm::is_contained(D->Accesses, A.Id);
        });
    auto Named = [&, D = D](const auto &A) {
      return OwnAccesses ? llvm::is_contained(D->Accesses, A.Id)
                         : A.Where.Line == D->Where.Line &&
                               A.Where.Column == D->Where.Column &&
                               A.Where.File == D->Where.File;
    };
    if (Evidence == RuntimeEvidence::GlobalSectors) {
      for (const GlobalAccessReport &A : K.GlobalAccesses)
        if (Named(A))
          for (size_t I = FirstPrediction; I < Plan.Predictions.size(); ++I) {
            Prediction &P = Plan.Predictions[I];
            if (P.Kind == "global-sectors" && P.Operation == A.Kind &&
                !llvm::is_contained(P.Findings, Index))
              P.Findings.push_back(Index);
          }
      continue;
    }
    if (Evidence != RuntimeEvidence::SharedWavefronts)
      continue;
    std::string Operation;
    for (const AccessReport &A : K.Accesses)
      if (Named(A))
        Operation = A.Kind;
    for (size_t I = FirstPrediction; I < Plan.Predictions.size(); ++I) {
      Prediction &P = Plan.Predictions[I];
      if (P.Kind == "wavefronts" && P.Line == D->Where.Line &&
          P.Operation == Operation)
        P.Findings.push_back(Index);
    }
  }
  if (!Racy && !HazardNoted) {
    Prediction P;
    P.Launch = L.Id;
    P.Kind = "race-free";
    P.File = SourceName;
    P.Description = "no shared-memory hazard";
    addPrediction(P);
  }
  for (auto [D, Index] : Mine) {
    Prediction P;
    P.Launch = L.Id;
    P.Findings = {Index};
    P.File = SourceName;
    P.Check = D->Check;
    P.Line = D->Where.Line;
    if (isRaceCheck(D->Check)) {
      P.Kind = "race";
      setRaceLines(*D, K, P);
      std::vector<std::string> Text;
      for (size_t I = 0; I < P.Lines.size(); ++I)
        Text.push_back(P.lineName(I));
      P.Description = "a hazard between lines " + join(Text, " and ");
    } else if (evidenceOf(D->Check) == RuntimeEvidence::LaunchFault) {
      // An error stops the kernel; a warning or note (a placement the
      // compiler chooses, a layout that lands permuted) does not.
      const char *Fault = findFindingKind(D->Check)->Fault;
      if (D->Level != Severity::Error || !Fault)
        continue;
      P.Kind = "launch-fault";
      P.Fault = Fault;
      P.Description = "the kernel stops: " + P.Fault;
    } else if (evidenceOf(D->Check) == RuntimeEvidence::SkippedBarrier) {
      P.Kind = "divergent-barrier";
      P.Lines = {D->Where.Line};
      P.Description = "a barrier part of the block skips";
    } else {
      continue;
    }
    addPrediction(P);
  }
  if (OccupancyClaim) {
    for (const OccupancyReport &O : K.Occupancy)
      if (O.BlockDimIndex == S) {
        Prediction P;
        P.Launch = L.Id;
        P.Kind = "occupancy";
        for (auto [D, Index] : Mine)
          if (isOccupancyCheck(D->Check) ||
              llvm::any_of(D->Notes, [](const DiagnosticNote &N) {
                return N.Occupancy.has_value();
              }))
            P.Findings.push_back(Index);
        P.BlocksBySharedMemory = O.BlocksBySharedMemory;
        P.BlocksPerSM = O.BlocksPerSM;
        P.RegistersKnown = O.RegistersKnown;
        P.Description = "blocks per SM (" + O.LimitedBy + " limit)";
        addPrediction(P);
      }
  }
}

/// The values of \p Kernel's integer parameters that \p Launch passed,
/// by name, read from their bytes (little-endian, as the GPU machine is).
std::vector<std::pair<std::string, int64_t>>
recordedScalars(const PlannedKernel &Kernel, const RecordedLaunch &Launch) {
  std::vector<std::pair<std::string, int64_t>> Values;
  for (const PlannedScalar &S : Kernel.Scalars) {
    if (S.Index >= Launch.Parameters.size() || !Launch.Parameters[S.Index] ||
        Launch.Parameters[S.Index]->size() != S.Bytes || S.Bytes > 8)
      continue;
    const std::vector<uint8_t> &Bytes = *Launch.Parameters[S.Index];
    uint64_t Value = 0;
    for (size_t I = 0; I < Bytes.size(); ++I)
      Value |= uint64_t(Bytes[I]) << (8 * I);
    Values.push_back(
        {S.Name, S.Signed ? SignExtend64(Value, 8 * S.Bytes) : int64_t(Value)});
  }
  return Values;
}

void PlanBuilder::resolveProgram(VerifyPlan Unresolved,
                                 const std::vector<ProfiledLaunch> &Profiled,
                                 const std::vector<RecordedLaunch> &Recorded,
                                 const std::vector<std::string> &Files,
                                 const LaunchAnalyser &Analyse) {
  Plan = std::move(Unresolved);
  PlannedProgram &Program = *Plan.Program;
  Plan.Variants.clear();
  Plan.Launches.clear();
  Plan.Findings.clear();
  Plan.Predictions.clear();
  Program.Uncovered.clear();
  Program.NeverLaunched.clear();

  // Each profiled launch to the analysed kernel it runs, by file.
  struct Covered {
    const ProfiledLaunch *Launch;
    const PlannedKernel *Kernel;
    unsigned Round = 0; ///< Which of its kernel's configurations it has.
    /// Its integer arguments, where the launch recorder saw the launch.
    std::vector<std::pair<std::string, int64_t>> Scalars;
  };
  // The recorder saw every launch in program order, the profile the first
  // launches of the analysed kernels: each profiled launch is the next
  // recorded one of its function and configuration.
  std::map<std::string, size_t> NextRecorded;
  auto ScalarsOf = [&](const ProfiledLaunch &L, const PlannedKernel &K) {
    size_t &Next = NextRecorded[L.Function];
    for (size_t I = Next; I < Recorded.size(); ++I) {
      const RecordedLaunch &R = Recorded[I];
      if (R.Function == L.Function && R.Grid == L.Grid && R.Block == L.Block &&
          R.DynamicSharedBytes == L.DynamicSharedBytes) {
        Next = I + 1;
        return recordedScalars(K, R);
      }
    }
    return std::vector<std::pair<std::string, int64_t>>();
  };
  std::vector<std::string> FileOrder;
  std::map<std::string, std::vector<Covered>> ByFile;
  std::set<std::string> Launched;
  for (const ProfiledLaunch &L : Profiled) {
    const PlannedKernel *Kernel = nullptr;
    for (const PlannedKernel &K : Program.Kernels)
      if (!Kernel && sameKernelSymbol(K.Mangled, L.Function))
        Kernel = &K;
    for (const PlannedKernel &K : Program.Kernels)
      if (K.Name == L.Kernel && !Kernel)
        Kernel = &K;
    for (const PlannedKernel &K : Program.Kernels)
      if (!Kernel && settingNamesKernel(L.Kernel, K.Name))
        Kernel = &K;
    if (!Kernel) {
      Program.Uncovered.push_back(
          {L.Index, L.Kernel, "not a kernel of the analysed files"});
      continue;
    }
    if (!ByFile.count(Kernel->File))
      FileOrder.push_back(Kernel->File);
    ByFile[Kernel->File].push_back({&L, Kernel, 0, ScalarsOf(L, *Kernel)});
    Launched.insert(Kernel->Name);
  }
  for (const PlannedKernel &K : Program.Kernels)
    if (!Launched.count(K.Name))
      Program.NeverLaunched.push_back(K.Name);

  // A launch's predictions need the analysis with its own configuration:
  // round R analyses each kernel's R-th distinct configuration.
  auto Key = [](const Covered &C) {
    return std::make_tuple(C.Launch->Block, C.Launch->Grid,
                           C.Launch->DynamicSharedBytes, C.Scalars);
  };
  for (const std::string &File : FileOrder) {
    std::vector<Covered> &Launches = ByFile[File];
    std::map<std::string, std::vector<decltype(Key(Launches.front()))>>
        Configurations;
    unsigned Rounds = 0;
    for (Covered &C : Launches) {
      auto &Seen = Configurations[C.Kernel->Name];
      auto It = llvm::find(Seen, Key(C));
      C.Round = unsigned(It - Seen.begin());
      if (It == Seen.end())
        Seen.push_back(Key(C));
      Rounds = std::max(Rounds, C.Round + 1);
    }
    // The file where it is now: given on the command line, else as analysed.
    std::string Path = File;
    for (const std::string &Given : Files)
      if (sys::path::filename(Given) == sys::path::filename(File))
        Path = Given;
    PlannedVariant &V = addVariant(File, "program");
    V.Source = File;
    V.Harness.clear();
    V.Binary.clear();
    std::string VariantId = V.Id;
    std::string SourceName = sys::path::filename(File).str();

    for (unsigned Round = 0; Round < Rounds; ++Round) {
      std::vector<LaunchConfiguration> Asked;
      for (const Covered &C : Launches)
        if (C.Round == Round &&
            llvm::none_of(Asked, [&](const LaunchConfiguration &A) {
              return A.Kernel == C.Kernel->Name;
            }))
          Asked.push_back({C.Kernel->Name, C.Launch->Block, C.Launch->Grid,
                           C.Launch->DynamicSharedBytes, C.Scalars});
      std::optional<FileReport> Report = Analyse(Path, Asked);
      const PlannedVariant &Variant = *Plan.variant(VariantId);
      for (const Covered &C : Launches) {
        if (C.Round != Round)
          continue;
        auto Uncover = [&](const std::string &Why) {
          Program.Uncovered.push_back({C.Launch->Index, C.Launch->Kernel, Why});
        };
        if (!Report || Report->HadCompileErrors) {
          Uncover("the re-analysis of '" + Path + "' failed");
          continue;
        }
        const KernelReport *K = nullptr;
        for (const KernelReport &Each : Report->Kernels)
          if (Each.Name == C.Kernel->Name)
            K = &Each;
        std::optional<unsigned> Shape;
        for (unsigned S = 0; K && S < K->BlockDims.size(); ++S)
          if (std::array<unsigned, 3>{K->BlockDims[S].X, K->BlockDims[S].Y,
                                      K->BlockDims[S].Z} == C.Launch->Block)
            Shape = S;
        if (!Shape) {
          Uncover("the re-analysis has no block " +
                  std::to_string(C.Launch->Block[0]) + "x" +
                  std::to_string(C.Launch->Block[1]) + "x" +
                  std::to_string(C.Launch->Block[2]) + " for '" +
                  C.Kernel->Name + "'");
          continue;
        }
        // The findings of this analysis, each once in the plan.
        KernelFindings Mine;
        for (const Diagnostic &D : Report->Diagnostics) {
          if (!isFinding(D) || !findingOfKernel(*Report, D, *K))
            continue;
          std::string Message = renderMessage(D);
          auto Same =
              llvm::find_if(Plan.Findings, [&](const PlannedFinding &F) {
                return F.Check == D.Check && F.Line == D.Where.Line &&
                       F.Column == D.Where.Column && F.Message == Message;
              });
          if (Same == Plan.Findings.end()) {
            PlannedFinding F = plannedFinding(D, Plan.Findings.size());
            Plan.Findings.push_back(F);
            Same = std::prev(Plan.Findings.end());
          }
          Mine.push_back({&D, Same->Index});
        }
        PlannedLaunch L = makeLaunch(Variant, *K, *Shape);
        L.Id = "L" + std::to_string(C.Launch->Index);
        L.Grid = C.Launch->Grid;
        L.GridSource = "profile";
        L.DynamicSharedBytes = C.Launch->DynamicSharedBytes;
        L.Arguments.clear();
        for (const auto &[Name, Value] : C.Scalars) {
          PlannedArgument A;
          A.Name = Name;
          for (const PlannedScalar &S : C.Kernel->Scalars)
            if (S.Name == Name)
              A.Type = S.Type;
          A.Value = std::to_string(Value);
          A.ValueSource = "run";
          L.Arguments.push_back(A);
        }
        L.Verifiable = true;
        L.NotVerifiableReason.clear();
        L.ProfileIndex = C.Launch->Index;
        L.Function = C.Launch->Function;
        addLaunch(L, *K, *Shape, Mine, SourceName, hazardNoted(*Report, *K));
      }
    }
  }
  llvm::stable_sort(Plan.Launches,
                    [](const PlannedLaunch &A, const PlannedLaunch &B) {
                      return A.ProfileIndex < B.ProfileIndex;
                    });
  Program.Resolved = true;
}

bool PlanBuilder::build(std::string &Error) {
  std::map<std::string, std::string> VariantByFix;
  for (const FileReport &File : Report.Files) {
    if (File.HadCompileErrors || File.Kernels.empty())
      continue;
    auto Buffer = MemoryBuffer::getFile(File.File);
    if (!Buffer) {
      Error = "cannot read '" + File.File + "'";
      return false;
    }
    size_t VariantIndex = Plan.Variants.size();
    addVariant(File.File, "original");
    if (!writeVariantSource(Plan.Variants[VariantIndex], (*Buffer)->getBuffer(),
                            Error))
      return false;
    std::string SourceName =
        sys::path::filename(Plan.Variants[VariantIndex].Source).str();

    // Findings first: the launches need to know which checks fired.
    std::vector<std::pair<const Diagnostic *, unsigned>> Findings;
    for (const Diagnostic &D : File.Diagnostics) {
      if (!isFinding(D))
        continue;
      PlannedFinding F = plannedFinding(D, Plan.Findings.size());
      Plan.Findings.push_back(F);
      Findings.push_back({&D, F.Index});
    }

    for (const KernelReport &K : File.Kernels) {
      KernelFindings Mine;
      for (auto [D, Index] : Findings)
        if (findingOfKernel(File, *D, K))
          Mine.push_back({D, Index});

      for (unsigned S = 0; S < K.BlockDims.size(); ++S)
        addLaunch(makeLaunch(Plan.Variants[VariantIndex], K, S), K, S, Mine,
                  SourceName, hazardNoted(File, K));

      if (!Options.VerifyFixes)
        continue;
      for (auto [D, Index] : Mine) {
        if (!D->FixIts.empty())
          addFixVariant(File, *D, nullptr, D->FixIts, Index, K, VariantByFix);
        for (const DiagnosticNote &N : D->Notes)
          if (!N.FixIts.empty())
            addFixVariant(File, *D, &N, N.FixIts, Index, K, VariantByFix);
      }
    }
  }
  if (Plan.Variants.empty()) {
    Error = "no kernel to verify (no file was analysed without errors)";
    return false;
  }
  // cuTensorMapEncodeTiled, the harness's and the program's, is the driver
  // API's.
  bool EncodesTensorMaps = llvm::any_of(
      Plan.Launches, [](const auto &L) { return L.encodesTensorMaps(); });
  if (EncodesTensorMaps && !llvm::is_contained(Plan.NvccFlags, "-lcuda"))
    Plan.NvccFlags.push_back("-lcuda");
  return true;
}

/// --run: the plan names the program and the analysed kernels; the launches
/// and predictions come after the measurement, from the profile
/// (resolveProgramPlan).
std::optional<VerifyPlan> prepareProgram(const RunReport &Report,
                                         const PrepareOptions &Options,
                                         StringRef Dir, std::string &Error) {
  VerifyPlan Plan;
  Plan.Arch = Report.Arch;
  Plan.CreatedBy = "smem-lint (" + Report.Mode + ")";
  PlannedProgram &Program = Plan.Program.emplace();
  Program.Command = Options.RunCommand;
  Program.LaunchCount = Options.LaunchCount;
  for (const FileReport &File : Report.Files) {
    if (File.HadCompileErrors)
      continue;
    for (const KernelReport &K : File.Kernels) {
      PlannedKernel &Kernel = Program.Kernels.emplace_back();
      Kernel.Name = K.Name;
      Kernel.File = File.File;
      Kernel.Mangled = K.MangledName;
      for (auto [Index, P] : llvm::enumerate(K.Parameters))
        if (P.IntegerBytes && P.IntegerBytes <= 8 && !P.Name.empty())
          Kernel.Scalars.push_back(
              {unsigned(Index), P.Name, P.Type, P.IntegerBytes, P.IsSigned});
    }
    // The re-analysis of each launch makes the plan's findings; synccheck
    // runs when the analysis has one it can show.
    for (const Diagnostic &D : File.Diagnostics)
      Program.Synccheck |= isFinding(D) && evidenceOf(D.Check) ==
                                               RuntimeEvidence::SkippedBarrier;
  }
  if (Program.Kernels.empty()) {
    Error = "no kernel to verify (no file was analysed without errors)";
    return std::nullopt;
  }
  if (!writeFile(Dir, "plan.json", planToJson(Plan), Error) ||
      !writeFile(Dir, "measure.sh", measureScript(Plan), Error,
                 /*Executable=*/true) ||
      !writeFile(Dir, "recorder/launch_recorder.cpp", launchRecorderSource(),
                 Error) ||
      !writeFile(Dir, "README.txt", directoryReadme(Plan), Error))
    return std::nullopt;
  return Plan;
}

} // namespace

bool resolveProgramPlan(VerifyPlan &Plan, StringRef Dir,
                        const std::vector<std::string> &Files,
                        const LaunchAnalyser &Analyse, std::string &Error) {
  if (!Plan.Program) {
    Error = "the plan measures no program";
    return false;
  }
  SmallString<256> Raw(Dir);
  sys::path::append(Raw, "raw", "program.ncu-raw.csv");
  auto Buffer = MemoryBuffer::getFile(Raw);
  std::vector<ProfiledLaunch> Profiled;
  if (Buffer)
    Profiled = profiledLaunches(parseNcuRawPage((*Buffer)->getBuffer()));
  SmallString<256> LaunchLog(Dir);
  sys::path::append(LaunchLog, "raw", "program.launches.txt");
  std::vector<RecordedLaunch> Recorded;
  if (auto Log = MemoryBuffer::getFile(LaunchLog))
    Recorded = parseLaunchLog((*Log)->getBuffer());
  // Without a profile every kernel counts as never launched; the compare
  // step says why (the profiler's log).
  static const RunReport NoReport;
  // The plan as prepared is kept beside the resolved one, so that a later
  // compare re-analyses the launches with its own build and files.
  SmallString<256> Prepared(Dir);
  sys::path::append(Prepared, PreparedPlanFile);
  if (!sys::fs::exists(Prepared) &&
      !writeFile(Dir, PreparedPlanFile, planToJson(Plan), Error))
    return false;
  PrepareOptions Options;
  Options.VerifyFixes = false;
  PlanBuilder Builder(NoReport, Options, Dir);
  Builder.resolveProgram(std::move(Plan), Profiled, Recorded, Files, Analyse);
  Plan = Builder.takePlan();
  return writeFile(Dir, "plan.json", planToJson(Plan), Error);
}

bool isFillPattern(StringRef Name) {
  return Name == "zero" || Name == "ones" || Name == "iota" || Name == "random";
}

std::string fillElementType(StringRef PointeeType) {
  std::string T = unqualified(PointeeType);
  if (isIntegerType(T) || isFloatingType(T))
    return T;
  // CUDA's vector types: float4, uint2, longlong2, ... and their components.
  static const std::pair<StringRef, StringRef> Vectors[] = {
      {"char", "signed char"},
      {"uchar", "unsigned char"},
      {"short", "short"},
      {"ushort", "unsigned short"},
      {"int", "int"},
      {"uint", "unsigned int"},
      {"longlong", "long long"},
      {"ulonglong", "unsigned long long"},
      {"long", "long"},
      {"ulong", "unsigned long"},
      {"float", "float"},
      {"double", "double"}};
  StringRef Name = T;
  if (!Name.empty() && Name.back() >= '1' && Name.back() <= '4') {
    StringRef Base = Name.drop_back();
    for (const auto &[Vector, Component] : Vectors)
      if (Base == Vector)
        return Component.str();
  }
  return "";
}

std::optional<std::string> defaultScalarValue(StringRef Type) {
  std::string T = unqualified(Type);
  if (T == "bool")
    return std::string("true");
  if (isIntegerType(T))
    return std::string("1024");
  if (isFloatingType(T))
    return std::string("1");
  return std::nullopt;
}

std::optional<VerifyPlan> prepareDirectory(const RunReport &Report,
                                           const PrepareOptions &Options,
                                           StringRef Dir, std::string &Error) {
  if (std::error_code EC = sys::fs::create_directories(Dir)) {
    Error = "cannot create '" + Dir.str() + "': " + EC.message();
    return std::nullopt;
  }
  // Stale sources, harnesses, builds and outputs of an earlier plan would be
  // mistaken for this one's.
  for (StringRef Sub : {"src", "harness", "build", "raw", "data"}) {
    SmallString<256> Path(Dir);
    sys::path::append(Path, Sub);
    sys::fs::remove_directories(Path, /*IgnoreErrors=*/true);
  }
  if (!Options.RunCommand.empty())
    return prepareProgram(Report, Options, Dir, Error);
  PlanBuilder Builder(Report, Options, Dir);
  if (!Builder.build(Error))
    return std::nullopt;
  VerifyPlan Plan = Builder.takePlan();
  for (const PlannedVariant &V : Plan.Variants) {
    bool HasLaunch = llvm::any_of(Plan.Launches, [&](const PlannedLaunch &L) {
      return L.Variant == V.Id && L.Verifiable;
    });
    if (HasLaunch && !writeFile(Dir, V.Harness, harnessSource(Plan, V), Error))
      return std::nullopt;
  }
  if (!writeFile(Dir, "plan.json", planToJson(Plan), Error) ||
      !writeFile(Dir, "measure.sh", measureScript(Plan), Error,
                 /*Executable=*/true) ||
      !writeFile(Dir, "README.txt", directoryReadme(Plan), Error))
    return std::nullopt;
  return Plan;
}

} // namespace verify
} // namespace smemlint
