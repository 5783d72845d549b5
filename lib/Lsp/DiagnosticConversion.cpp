//===--- DiagnosticConversion.cpp - Findings as LSP objects ---------------===//

#include "Lsp/DiagnosticConversion.h"

#include "Lsp/JsonRpc.h"
#include "Workflow/FixApplication.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using nlohmann::json;

namespace smemlint {
namespace lsp {
namespace {

/// LSP DiagnosticSeverity.
int lspSeverity(Severity Level) {
  switch (Level) {
  case Severity::Error:
    return 1;
  case Severity::Warning:
    return 2;
  case Severity::Note:
    return 3; // Information
  }
  return 2;
}

bool isIdentifierByte(char C) { return llvm::isAlnum(C) || C == '_'; }

json toJson(const Position &P) {
  return {{"line", P.Line}, {"character", P.Character}};
}

/// The line of \p Document that includes \p Header, by its file name.
std::optional<unsigned> includeLine(const LineTable &Document,
                                    llvm::StringRef Header) {
  llvm::StringRef Name = llvm::sys::path::filename(Header);
  for (unsigned Line = 0; Line < Document.lineCount(); ++Line) {
    llvm::StringRef Text = Document.line(Line).ltrim();
    if (Text.starts_with("#") && Text.contains("include") &&
        Text.contains(Name))
      return Line;
  }
  return std::nullopt;
}

/// "pad the rows of 'tile' to 33 elements" from the note "pad the rows of
/// 'tile' to 33 elements: conflict-free (...)": the action, not its numbers.
std::string actionTitle(llvm::StringRef Message) {
  size_t Colon = Message.find(": ");
  return Message.take_front(Colon).str();
}

json location(const SourcePoint &Where, AnalysedFiles &Files,
              const ConversionOptions &Options) {
  std::string Path = Files.path(Where.File);
  return {
      {"uri", Files.uri(Path)},
      {"range", toJson(rangeAt(Where, Files.lines(Path), Options.Encoding))}};
}

/// The check as the diagnostic's code, linked to its page.
void addCode(json &Lsp, const std::string &Check,
             const ConversionOptions &Options) {
  if (Check.empty())
    return;
  Lsp["code"] = Check;
  if (Options.DocsDirectory.empty())
    return;
  llvm::SmallString<256> Page(Options.DocsDirectory);
  llvm::sys::path::append(Page, Check + ".md");
  if (llvm::sys::fs::exists(Page))
    Lsp["codeDescription"] = {{"href", uriFromPath(Page)}};
}

/// One diagnostic at the line of \p DocumentPath that includes \p Header for
/// \p Findings, the findings inside it: "2 findings in pad.cuh: line 3:
/// ...; line 7: ...", as severe as the worst, each finding as related
/// information at its place.
json includedFindings(const std::vector<const Diagnostic *> &Findings,
                      const std::string &Header,
                      const std::string &DocumentPath, AnalysedFiles &Files,
                      const ConversionOptions &Options) {
  const LineTable *Document = Files.lines(DocumentPath);
  std::optional<unsigned> Include =
      Document ? includeLine(*Document, Header) : std::nullopt;
  Range At;
  if (Include)
    At = {{*Include, 0},
          {*Include, columnsOf(Document->line(*Include), Options.Encoding)}};
  int Worst = lspSeverity(Severity::Note);
  std::vector<std::string> Listed;
  json Related = json::array();
  for (const Diagnostic *D : Findings) {
    Worst = std::min(Worst, lspSeverity(D->Level));
    Listed.push_back("line " + std::to_string(D->Where.Line) + ": " +
                     renderMessage(*D));
    Related.push_back({{"location", location(D->Where, Files, Options)},
                       {"message", renderMessage(*D)}});
  }
  size_t Count = Findings.size();
  json Lsp = {{"severity", Worst},
              {"source", "smem-lint"},
              {"range", toJson(At)},
              {"message", std::to_string(Count) +
                              (Count == 1 ? " finding in " : " findings in ") +
                              llvm::sys::path::filename(Header).str() + ": " +
                              llvm::join(Listed, "; ")},
              {"relatedInformation", std::move(Related)}};
  // One kind of finding: its code; several: none fits.
  if (llvm::all_of(Findings, [&](const Diagnostic *D) {
        return D->Check == Findings.front()->Check;
      }))
    addCode(Lsp, Findings.front()->Check, Options);
  return Lsp;
}

/// The fix-it groups of \p D: its own, then each note's.
struct FixGroup {
  std::string Title;
  const std::vector<FixIt> *Fixes;
  const SourcePoint *Where;
};

std::vector<FixGroup> fixGroups(const Diagnostic &D) {
  std::vector<FixGroup> Groups;
  if (!D.FixIts.empty())
    Groups.push_back({"apply the fix for: " + actionTitle(renderMessage(D)),
                      &D.FixIts, &D.Where});
  for (const DiagnosticNote &Note : D.Notes)
    if (!Note.FixIts.empty())
      Groups.push_back({actionTitle(renderText(D, Note.Message)), &Note.FixIts,
                        &Note.Where});
  return Groups;
}

/// The byte range a fix-it replaces in the analysed text, from its line,
/// column and length.
std::optional<std::pair<unsigned, unsigned>>
fixItBytes(const FixIt &Fix, const LineTable &Lines) {
  std::optional<unsigned> Start =
      Lines.offsetOf(Fix.Where.Line, Fix.Where.Column);
  if (!Start)
    return std::nullopt;
  unsigned End =
      std::min<size_t>(size_t(*Start) + Fix.Length, Lines.text().size());
  return std::make_pair(*Start, End);
}

} // namespace

std::string AnalysedFiles::path(llvm::StringRef Reported) const {
  llvm::SmallString<256> Absolute(Reported);
  if (!WorkingDirectory.empty())
    llvm::sys::fs::make_absolute(WorkingDirectory, Absolute);
  return normalizedPath(Absolute);
}

void AnalysedFiles::addDocument(const std::string &Path, std::string Uri,
                                std::string Text, int64_t Version) {
  File &F = Files[normalizedPath(Path)];
  F.Lines.emplace(std::move(Text));
  F.Uri = std::move(Uri);
  F.Version = Version;
}

const LineTable *AnalysedFiles::lines(const std::string &Path) {
  auto [It, Inserted] = Files.try_emplace(normalizedPath(Path));
  if (Inserted) {
    It->second.Uri = uriFromPath(It->first);
    if (auto Buffer = llvm::MemoryBuffer::getFile(It->first))
      It->second.Lines.emplace((*Buffer)->getBuffer().str());
  }
  return It->second.Lines ? &*It->second.Lines : nullptr;
}

std::string AnalysedFiles::uri(const std::string &Path) const {
  std::string Normalized = normalizedPath(Path);
  auto It = Files.find(Normalized);
  return It != Files.end() ? It->second.Uri : uriFromPath(Normalized);
}

std::optional<int64_t> AnalysedFiles::version(const std::string &Path) const {
  auto It = Files.find(normalizedPath(Path));
  return It != Files.end() ? It->second.Version : std::nullopt;
}

Range rangeAt(const SourcePoint &Where, const LineTable *Lines,
              PositionEncoding Encoding) {
  if (!Where.valid())
    return {};
  std::optional<unsigned> Start =
      Lines ? Lines->offsetOf(Where.Line, Where.Column) : std::nullopt;
  if (!Start) {
    Position P{Where.Line - 1, Where.Column ? Where.Column - 1 : 0};
    return {P, P};
  }
  llvm::StringRef Text = Lines->text();
  size_t LineEnd = std::min(Text.find_first_of("\r\n", *Start), Text.size());
  size_t End = *Start;
  while (End < LineEnd && isIdentifierByte(Text[End]))
    ++End;
  if (End == *Start && End < LineEnd) {
    // Not an identifier: the one (UTF-8) character at the point.
    ++End;
    while (End < LineEnd && (Text[End] & 0xC0) == 0x80)
      ++End;
  }
  return {Lines->position(*Start, Encoding),
          Lines->position(unsigned(End), Encoding)};
}

json toJson(const Range &R) {
  return {{"start", toJson(R.Start)}, {"end", toJson(R.End)}};
}

std::optional<Position> positionFromJson(const json &Value) {
  if (!Value.is_object())
    return std::nullopt;
  auto Line = Value.find("line"), Character = Value.find("character");
  if (Line == Value.end() || Character == Value.end() ||
      !Line->is_number_unsigned() || !Character->is_number_unsigned())
    return std::nullopt;
  return Position{Line->get<unsigned>(), Character->get<unsigned>()};
}

std::optional<Range> rangeFromJson(const json &Value) {
  if (!Value.is_object())
    return std::nullopt;
  auto Start = Value.find("start"), End = Value.find("end");
  if (Start == Value.end() || End == Value.end())
    return std::nullopt;
  std::optional<Position> From = positionFromJson(*Start),
                          To = positionFromJson(*End);
  if (!From || !To)
    return std::nullopt;
  return Range{*From, *To};
}

json toLspDiagnostic(const Diagnostic &D, const std::string &DocumentPath,
                     AnalysedFiles &Files, const ConversionOptions &Options) {
  json Lsp = {{"severity", lspSeverity(D.Level)}, {"source", "smem-lint"}};
  addCode(Lsp, D.Check, Options);

  const LineTable *Document = Files.lines(DocumentPath);
  Range At = rangeAt(D.Where, Document, Options.Encoding);
  // The finding's own range (the whole access), where it has one on the
  // same line.
  if (D.End.valid() && D.End.File == D.Where.File &&
      D.End.Line == D.Where.Line && D.End.Column > D.Where.Column && Document)
    if (std::optional<unsigned> End =
            Document->offsetOf(D.End.Line, D.End.Column))
      At.End = Document->position(*End, Options.Encoding);
  Lsp["range"] = toJson(At);

  std::string Message = renderMessage(D);
  json Related = json::array();
  std::string NotesText;
  for (const DiagnosticNote &Note : D.Notes) {
    // A note without a place is shown at its diagnostic.
    const SourcePoint &Where = Note.Where.valid() ? Note.Where : D.Where;
    std::string Text = renderText(D, Note.Message);
    Related.push_back(
        {{"location", location(Where, Files, Options)}, {"message", Text}});
    NotesText += "\nnote: " + Text;
    if (Note.KeyFact)
      Message += "\n" + Text;
  }
  if (!Related.empty())
    Lsp["relatedInformation"] = std::move(Related);
  // A client that does not show related information gets every note.
  Lsp["message"] =
      Options.RelatedInformation ? Message : renderMessage(D) + NotesText;
  return Lsp;
}

namespace {

/// \p D, a finding inside a header, at \p Call, the document's call it is
/// reached through, as Clang shows an error in a template at the line that
/// instantiates it: "in tile.cuh:6: 32-way bank conflict ...", with a note
/// at the header's place first.
json findingAtCall(const Diagnostic &D, const SourcePoint &Call,
                   const std::string &DocumentPath, AnalysedFiles &Files,
                   const ConversionOptions &Options) {
  Diagnostic AtCall = D;
  AtCall.Where = Call;
  AtCall.End = SourcePoint();
  std::string Place = llvm::sys::path::filename(D.Where.File).str() + ":" +
                      std::to_string(D.Where.Line);
  AtCall.Message = "in " + Place + ": " + D.Message;
  AtCall.Notes.insert(AtCall.Notes.begin(),
                      {D.Where, "the access, reached through the call", {}});
  return toLspDiagnostic(AtCall, DocumentPath, Files, Options);
}

} // namespace

std::vector<PublishedDiagnostic>
documentDiagnostics(const std::vector<const Diagnostic *> &Findings,
                    const std::string &DocumentPath, AnalysedFiles &Files,
                    const ConversionOptions &Options) {
  std::vector<PublishedDiagnostic> Published;
  // Per included header, in the order of its first finding: the index of
  // its diagnostic.
  std::map<std::string, size_t> HeaderDiagnostic;
  for (const Diagnostic *D : Findings) {
    std::string Path = Files.path(D->Where.File);
    if (!D->Where.valid() || Path == DocumentPath) {
      Published.push_back(
          {{D}, toLspDiagnostic(*D, DocumentPath, Files, Options)});
      continue;
    }
    auto Call = llvm::find_if(D->ReachedThrough, [&](const SourcePoint &P) {
      return Files.path(P.File) == DocumentPath;
    });
    if (Call != D->ReachedThrough.end()) {
      Published.push_back(
          {{D}, findingAtCall(*D, *Call, DocumentPath, Files, Options)});
      continue;
    }
    auto [It, First] = HeaderDiagnostic.try_emplace(Path, Published.size());
    if (First)
      Published.push_back({{}, json()});
    Published[It->second].Findings.push_back(D);
  }
  for (const auto &[Path, Index] : HeaderDiagnostic)
    Published[Index].Lsp = includedFindings(Published[Index].Findings, Path,
                                            DocumentPath, Files, Options);
  return Published;
}

std::map<std::string, std::vector<PublishedDiagnostic>>
headerDiagnostics(const std::vector<const Diagnostic *> &Findings,
                  const std::string &DocumentPath, AnalysedFiles &Files,
                  const ConversionOptions &Options) {
  std::map<std::string, std::vector<PublishedDiagnostic>> ByHeader;
  for (const Diagnostic *D : Findings) {
    std::string Path = Files.path(D->Where.File);
    if (D->Where.valid() && Path != DocumentPath)
      ByHeader[Path].push_back(
          {{D}, toLspDiagnostic(*D, Path, Files, Options)});
  }
  return ByHeader;
}

json workspaceEdit(const std::vector<FixIt> &Fixes, AnalysedFiles &Files,
                   const ConversionOptions &Options) {
  // TextEdits per file, files in the order their first fix-it comes.
  std::vector<std::pair<std::string, json>> Edits;
  for (const FixIt &Fix : Fixes) {
    std::string Path = Files.path(Fix.Where.File);
    const LineTable *Lines = Files.lines(Path);
    if (!Lines)
      continue;
    std::optional<std::pair<unsigned, unsigned>> Bytes =
        fixItBytes(Fix, *Lines);
    if (!Bytes)
      continue;
    Range R{Lines->position(Bytes->first, Options.Encoding),
            Lines->position(Bytes->second, Options.Encoding)};
    auto It = std::find_if(Edits.begin(), Edits.end(),
                           [&](const auto &E) { return E.first == Path; });
    if (It == Edits.end())
      It = Edits.insert(Edits.end(), {Path, json::array()});
    // Inserted lines end as the document's do (CRLF stays CRLF).
    It->second.push_back(
        {{"range", toJson(R)},
         {"newText",
          withLineEndingsOf(Lines->text(), Bytes->first, Fix.Replacement)}});
  }
  if (Options.DocumentChanges) {
    json Changes = json::array();
    for (auto &[Path, TextEdits] : Edits) {
      std::optional<int64_t> Version = Files.version(Path);
      Changes.push_back(
          {{"textDocument",
            {{"uri", Files.uri(Path)},
             {"version", Version ? json(*Version) : json(nullptr)}}},
           {"edits", std::move(TextEdits)}});
    }
    return {{"documentChanges", std::move(Changes)}};
  }
  json Changes = json::object();
  for (auto &[Path, TextEdits] : Edits)
    Changes[Files.uri(Path)] = std::move(TextEdits);
  return {{"changes", std::move(Changes)}};
}

json codeActions(const std::vector<PublishedDiagnostic> &Published,
                 const std::string &DocumentPath, const Range &Requested,
                 const json &Context, AnalysedFiles &Files,
                 const ConversionOptions &Options) {
  json Actions = json::array();
  if (Context.is_object()) {
    auto Only = Context.find("only");
    if (Only != Context.end() && Only->is_array() &&
        std::none_of(Only->begin(), Only->end(), [](const json &Kind) {
          return Kind == "quickfix" || Kind == "";
        }))
      return Actions;
  }
  auto ListedByClient = [&](const json &Lsp) {
    if (!Context.is_object())
      return false;
    auto Listed = Context.find("diagnostics");
    if (Listed == Context.end() || !Listed->is_array())
      return false;
    return std::any_of(Listed->begin(), Listed->end(), [&](const json &L) {
      return member(L, "message") == member(Lsp, "message") &&
             member(L, "range") == member(Lsp, "range");
    });
  };
  auto InRequest = [&](const SourcePoint &Where) {
    if (!Where.valid() || Files.path(Where.File) != DocumentPath)
      return false;
    return touches(Requested,
                   rangeAt(Where, Files.lines(DocumentPath), Options.Encoding));
  };

  for (const PublishedDiagnostic &P : Published)
    for (const Diagnostic *Finding : P.Findings) {
      std::vector<FixGroup> Groups = fixGroups(*Finding);
      std::optional<Range> Shown = rangeFromJson(member(P.Lsp, "range"));
      bool AtDiagnostic =
          (Shown && touches(Requested, *Shown)) || ListedByClient(P.Lsp);
      for (const FixGroup &Group : Groups) {
        bool AtFix =
            std::any_of(Group.Fixes->begin(), Group.Fixes->end(),
                        [&](const FixIt &Fix) { return InRequest(Fix.Where); });
        if (!AtDiagnostic && !AtFix && !InRequest(*Group.Where))
          continue;
        json Edit = workspaceEdit(*Group.Fixes, Files, Options);
        // Two findings proposing the same change (two reads of one array)
        // give one action that resolves both.
        auto Same = std::find_if(Actions.begin(), Actions.end(), [&](json &A) {
          return A["title"] == Group.Title && A["edit"] == Edit;
        });
        if (Same != Actions.end()) {
          (*Same)["diagnostics"].push_back(P.Lsp);
          continue;
        }
        json Action = {{"title", Group.Title},
                       {"kind", "quickfix"},
                       {"diagnostics", json::array({P.Lsp})},
                       {"edit", std::move(Edit)}};
        if (Groups.size() == 1)
          Action["isPreferred"] = true;
        Actions.push_back(std::move(Action));
      }
    }
  return Actions;
}

} // namespace lsp
} // namespace smemlint
