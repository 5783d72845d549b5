//===--- SarifOutput.cpp - SARIF 2.1.0 report for code scanning -----------===//

#include "Output/SarifOutput.h"

#include "Checks/CheckRegistry.h"
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

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
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
constexpr const char *FingerprintKey = "smemLintFinding/v2";

/// SARIF's levels have the names of smem-lint's severities.
const char *levelName(Severity Level) { return severityName(Level); }

/// What a result was found under, for code scanning's filters and for
/// tools that read SARIF: the fields of the finding, never its text.
json provenance(const Diagnostic &D) {
  json Properties = {{"origin", findingOriginName(D.Origin)}};
  if (!D.Kernel.empty()) {
    Properties["kernel"] = abbreviatedName(D.Kernel, FieldNameLimit);
    if (!D.OtherInstantiations.empty())
      Properties["otherInstantiations"] = D.OtherInstantiations;
  }
  if (D.Block)
    Properties["block"] = {
        {"x", (*D.Block)[0]}, {"y", (*D.Block)[1]}, {"z", (*D.Block)[2]}};
  if (!D.Arch.empty())
    Properties["arch"] = D.Arch;
  if (!D.Accesses.empty())
    Properties["accesses"] = D.Accesses;
  json Assumptions = json::array();
  for (const Assumption &A : D.Assumptions) {
    json Item = {{"kind", assumptionKindName(A.What)}};
    if (!A.Subject.empty())
      Item["subject"] = A.Subject;
    if (!A.Value.empty())
      Item["value"] = A.Value;
    if (!A.Source.empty())
      Item["source"] = A.Source;
    Item["text"] = A.Detail;
    Assumptions.push_back(Item);
  }
  Properties["assumptions"] = Assumptions;
  return Properties;
}

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
    for (const FileReport &File : Report.Files)
      for (const Diagnostic &D : File.Diagnostics)
        FileOf[&D] = &File;
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
  json sharedWavefronts(const Diagnostic &D);
  json notification(const Diagnostic &D);
  std::string docsUri(const CheckInfo &Rule) const;

  const RunReport &Report;
  const SarifOptions &Options;
  std::string SourceRoot; ///< Absolute, or empty.
  SourceTexts Texts;
  /// Rules for findings of no registered kind (none today; kept so that a
  /// result never points at a missing rule).
  std::vector<std::string> ExtraRules;
  json Artifacts = json::array();
  std::map<std::string, unsigned> ArtifactIndex;
  /// The file each finding was reported for: its kernels hold the accesses
  /// the finding names.
  std::map<const Diagnostic *, const FileReport *> FileOf;
};

std::string SarifRun::docsUri(const CheckInfo &Rule) const {
  llvm::StringRef Base = llvm::StringRef(Options.RepositoryUri).rtrim('/');
  return Base.str() + "/" + Rule.DocsPath;
}

json SarifRun::rules() {
  json Array = json::array();
  for (const CheckInfo *Kind : allFindingKinds()) {
    const CheckInfo &Rule = *Kind;
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
    json Item = {{"id", Rule.Name},
                 {"name", Rule.SarifName},
                 {"shortDescription", {{"text", Rule.Summary}}},
                 {"fullDescription", {{"text", Rule.Description}}},
                 {"help", {{"text", Text}, {"markdown", Markdown}}}};
    if (!Options.RepositoryUri.empty())
      Item["helpUri"] = docsUri(Rule);
    Item["defaultConfiguration"] = {{"level", levelName(Rule.DefaultLevel)}};
    const char *Tag = checkCategoryName(Rule.Category);
    json Tags = {"cuda", "shared-memory", Tag};
    if (Rule.Category == CheckCategory::Input)
      Tags = {"cuda", Tag};
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
  std::vector<const CheckInfo *> Kinds = allFindingKinds();
  unsigned Count = Kinds.size();
  for (unsigned I = 0; I < Count; ++I)
    if (Check == Kinds[I]->Name)
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

json SarifRun::result(const Diagnostic &D) {
  json Location = {{"physicalLocation", physicalLocation(D.Where)}};
  // The finding's own range (the whole access), where it ends on its line.
  json &Region = Location["physicalLocation"]["region"];
  if (D.End.valid() && D.End.File == D.Where.File &&
      D.End.Line == D.Where.Line && D.End.Column > D.Where.Column &&
      Region.contains("endColumn"))
    if (std::optional<llvm::StringRef> Line =
            Texts.line(D.Where.File, D.Where.Line))
      Region["endColumn"] = utf16Column(*Line, D.End.Column);
  json Item = {{"ruleId", D.Check},
               {"ruleIndex", ruleIndex(D.Check)},
               {"level", levelName(D.Level)},
               {"message", {{"text", renderMessage(D)}}},
               {"locations", json::array({Location})}};
  json Related = json::array();
  for (const DiagnosticNote &Note : D.Notes) {
    json NoteLocation = {{"id", Related.size() + 1}};
    if (!Note.Where.File.empty())
      NoteLocation["physicalLocation"] = physicalLocation(Note.Where);
    NoteLocation["message"] = {{"text", renderText(D, Note.Message)}};
    Related.push_back(NoteLocation);
  }
  if (!Related.empty())
    Item["relatedLocations"] = Related;
  json Fixes = json::array();
  if (!D.FixIts.empty())
    Fixes.push_back(fix(renderMessage(D), D.FixIts));
  for (const DiagnosticNote &Note : D.Notes)
    if (!Note.FixIts.empty())
      Fixes.push_back(fix(renderText(D, Note.Message), Note.FixIts));
  // A fix-it without a location gives no change; drop such fixes.
  Fixes.erase(std::remove_if(Fixes.begin(), Fixes.end(),
                             [](const json &Fix) {
                               return Fix["artifactChanges"].empty();
                             }),
              Fixes.end());
  if (!Fixes.empty())
    Item["fixes"] = Fixes;
  Item["partialFingerprints"] = {{FingerprintKey, D.Fingerprint}};
  Item["properties"] = provenance(D);
  json Wavefronts = sharedWavefronts(D);
  if (!Wavefronts.empty())
    Item["properties"]["sharedWavefronts"] = Wavefronts;
  return Item;
}

/// For a finding about wavefronts (a bank conflict), the counts of each
/// shared access it names, per block and per launch, as Nsight Compute's
/// Source page counts them; empty for other findings.
json SarifRun::sharedWavefronts(const Diagnostic &D) {
  const CheckInfo *Kind = findFindingKind(D.Check);
  auto File = FileOf.find(&D);
  if (!Kind || Kind->Evidence != RuntimeEvidence::SharedWavefronts ||
      !D.KernelIndex || File == FileOf.end() ||
      *D.KernelIndex >= File->second->Kernels.size())
    return json::array();
  json Counts = json::array();
  for (const AccessReport &A : File->second->Kernels[*D.KernelIndex].Accesses) {
    if (!llvm::is_contained(D.Accesses, A.Id))
      continue;
    json Item = {{"access", A.Id},
                 {"perBlock",
                  {{"warpInstructions", A.WarpInstructions},
                   {"wavefronts", A.TotalWavefronts},
                   {"idealWavefronts", A.TotalIdealWavefronts},
                   {"excessiveWavefronts", A.ExcessiveWavefronts}}}};
    if (A.Launch)
      Item["perLaunch"] = {
          {"blocks", A.Launch->Blocks},
          {"warpInstructions", A.Launch->WarpInstructions},
          {"wavefronts", A.Launch->Wavefronts},
          {"idealWavefronts", A.Launch->IdealWavefronts},
          {"excessiveWavefronts", A.Launch->ExcessiveWavefronts}};
    Counts.push_back(Item);
  }
  return Counts;
}

json SarifRun::notification(const Diagnostic &D) {
  json Item = {{"level", levelName(D.Level)},
               {"message", {{"text", renderMessage(D)}}}};
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
