//===--- DiagnosticConversion.h - Findings as LSP objects -------*- C++ -*-===//
//
// Turns the Diagnostics of a FileReport into LSP Diagnostics (range, severity,
// code, link to the check's page, notes as related information) and their
// fix-its into quick-fix CodeActions with WorkspaceEdits. Computes nothing
// about the code: it only converts what the analysis reported, using the
// text the analysis saw to turn byte columns into editor columns.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_LSP_DIAGNOSTICCONVERSION_H
#define SMEMLINT_LSP_DIAGNOSTICCONVERSION_H

#include "Lsp/DocumentText.h"
#include "Report/Report.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace smemlint {
namespace lsp {

/// The texts of the files one analysis read: the editor's open documents as
/// they were analysed, other files from disk when first needed.
class AnalysedFiles {
public:
  /// The directory the compile command ran in: relative paths in the report
  /// (a database entry naming "src/k.cu") are relative to it.
  void setWorkingDirectory(std::string Dir) {
    WorkingDirectory = std::move(Dir);
  }
  /// The normalized absolute path of a file the report names.
  std::string path(llvm::StringRef Reported) const;
  void addDocument(const std::string &Path, std::string Uri, std::string Text,
                   int64_t Version);
  /// The lines of \p Path as analysed; nullptr when it cannot be read.
  const LineTable *lines(const std::string &Path);
  /// The client's URI for an open document, or one made from the path.
  std::string uri(const std::string &Path) const;
  /// The version of an open document; nullopt for a file on disk.
  std::optional<int64_t> version(const std::string &Path) const;

private:
  struct File {
    std::optional<LineTable> Lines;
    std::string Uri;
    std::optional<int64_t> Version;
  };
  /// By normalized path; a file on disk that cannot be read is kept without
  /// lines so that it is read once.
  std::map<std::string, File> Files;
  std::string WorkingDirectory;
};

/// What the client agreed to at initialize, and where the check pages are.
struct ConversionOptions {
  PositionEncoding Encoding = PositionEncoding::Utf16;
  /// The directory holding <check>.md; empty: no codeDescription.
  std::string DocsDirectory;
  /// The client said it shows relatedInformation; otherwise the notes are
  /// also appended to the message, so that they are seen.
  bool RelatedInformation = false;
  /// The client applies versioned documentChanges; otherwise `changes`.
  bool DocumentChanges = false;
};

/// One diagnostic as published, kept to answer code actions with: one
/// finding, or the findings inside one included header, which share a
/// diagnostic at its #include line.
struct PublishedDiagnostic {
  std::vector<const Diagnostic *> Findings;
  nlohmann::json Lsp;
};

/// The editor range for a report location: the identifier at the point, or
/// the one character there. Without the text, the byte column is used.
Range rangeAt(const SourcePoint &Where, const LineTable *Lines,
              PositionEncoding Encoding);

nlohmann::json toJson(const Range &R);
/// An LSP Position object; nullopt when \p Value is not one.
std::optional<Position> positionFromJson(const nlohmann::json &Value);
/// An LSP Range object; nullopt when \p Value is not one.
std::optional<Range> rangeFromJson(const nlohmann::json &Value);

/// \p D, a finding in the document at \p DocumentPath, as an LSP
/// Diagnostic. The message carries the notes that say what the finding turns
/// on (DiagnosticNote::KeyFact), one a line, for editors that show the
/// message alone; every note is related information.
nlohmann::json toLspDiagnostic(const Diagnostic &D,
                               const std::string &DocumentPath,
                               AnalysedFiles &Files,
                               const ConversionOptions &Options);

/// The diagnostics of the document at \p DocumentPath for \p Findings, in
/// their order: a finding in the document as its own diagnostic; one inside
/// a header that a call of the document reaches at that call ("in
/// tile.cuh:6: ..."); the other findings inside an included header as one
/// diagnostic at the line that includes it ("2 findings in pad.cuh: ..."),
/// each of them as related information at its place.
std::vector<PublishedDiagnostic>
documentDiagnostics(const std::vector<const Diagnostic *> &Findings,
                    const std::string &DocumentPath, AnalysedFiles &Files,
                    const ConversionOptions &Options);

/// The findings of \p Findings inside other files than \p DocumentPath, as
/// diagnostics at their own places, by the normalized path of their file:
/// what the editor shows in a header it has open.
std::map<std::string, std::vector<PublishedDiagnostic>>
headerDiagnostics(const std::vector<const Diagnostic *> &Findings,
                  const std::string &DocumentPath, AnalysedFiles &Files,
                  const ConversionOptions &Options);

/// The fix-its of \p Fixes as one WorkspaceEdit. Fix-its are byte ranges of
/// the analysed texts; each becomes a TextEdit of its file.
nlohmann::json workspaceEdit(const std::vector<FixIt> &Fixes,
                             AnalysedFiles &Files,
                             const ConversionOptions &Options);

/// The quick fixes for \p Requested in the document: every fix-it group (of a
/// diagnostic, or of one of its notes) whose diagnostic, note or edit lies in
/// the range, or whose diagnostic the client lists in \p Context. Honours
/// `context.only`.
nlohmann::json codeActions(const std::vector<PublishedDiagnostic> &Published,
                           const std::string &DocumentPath,
                           const Range &Requested,
                           const nlohmann::json &Context, AnalysedFiles &Files,
                           const ConversionOptions &Options);

} // namespace lsp
} // namespace smemlint

#endif
