//===--- TextOutput.cpp - Clang-style diagnostics -------------------------===//

#include "Output/TextOutput.h"

#include "Output/IndexedFiles.h"
#include "Output/Ordering.h"

#include "llvm/ADT/STLExtras.h"

namespace smemlint {
namespace {

/// The text of line \p Line of \p File, or nullopt if unreadable.
std::optional<std::string> sourceLine(const std::string &File, unsigned Line) {
  static IndexedFiles Cache;
  const IndexedFile *Source = Cache.get(File);
  std::optional<llvm::StringRef> Text =
      Source ? Source->line(Line) : std::nullopt;
  if (!Text)
    return std::nullopt;
  return Text->str();
}

/// Spaces up to \p Column, keeping the source's tabs so the caret lines up.
std::string indentTo(const std::string &Line, unsigned Column) {
  std::string Indent;
  for (unsigned I = 0; I + 1 < Column; ++I)
    Indent += I < Line.size() && Line[I] == '\t' ? '\t' : ' ';
  return Indent;
}

/// Source lines longer than this are shown as a window around the caret.
constexpr size_t SnippetColumns = 160;

/// \p Line cut to a window around \p Column (1-based) when it is long
/// (a minified or generated file can have a line of 200 KB): the window,
/// with "..." where the line goes on, the column in it of the first
/// character of the source line (0 when the line is whole), and whether
/// the window ends before the line.
std::string snippetAround(const std::string &Line, unsigned Column,
                          size_t &Shift, bool &CutEnd) {
  Shift = 0;
  CutEnd = false;
  if (Line.size() <= SnippetColumns)
    return Line;
  size_t Start = Column > SnippetColumns / 2 ? Column - SnippetColumns / 2 : 0;
  Start = std::min(Start, Line.size() - SnippetColumns);
  if (Start <= 3)
    Start = 0; // "..." would hide as much as it saves
  std::string Window = Line.substr(Start, SnippetColumns);
  CutEnd = Start + SnippetColumns < Line.size();
  if (CutEnd)
    Window += "...";
  if (Start > 0) {
    Window = "..." + Window;
    Shift = Start - 3;
  }
  return Window;
}

/// Clang's colours for a level; they show only where \p OS has colours
/// enabled (a terminal, or --use-color).
llvm::raw_ostream::Colors levelColor(llvm::StringRef Level) {
  if (Level == "error")
    return llvm::raw_ostream::RED;
  if (Level == "warning")
    return llvm::raw_ostream::MAGENTA;
  return llvm::raw_ostream::BLACK;
}

/// The column one past the last character to underline on \p Where's
/// line: \p End's on that line, or the end of the line's text when the
/// range goes on to a later line (Clang shows the caret line only); 0 when
/// there is no range beyond the caret.
unsigned rangeEndColumn(const std::string &Line, const SourcePoint &Where,
                        const SourcePoint &End) {
  if (!End.valid() || End.File != Where.File || End.Line < Where.Line ||
      (End.Line == Where.Line && End.Column <= Where.Column + 1))
    return 0;
  if (End.Line == Where.Line)
    return std::min<size_t>(End.Column, Line.size() + 1);
  size_t LastText = Line.find_last_not_of(" \t\r");
  return LastText == std::string::npos || LastText + 2 <= Where.Column
             ? 0
             : LastText + 2;
}

/// "^~~~~": the caret at \p Column of \p Line and a tilde under each
/// further character before \p EndColumn.
void printCaretAndRange(llvm::raw_ostream &OS, const std::string &Line,
                        unsigned Column, unsigned EndColumn) {
  OS << indentTo(Line, Column);
  OS.changeColor(llvm::raw_ostream::GREEN, /*Bold=*/true) << "^";
  if (EndColumn > Column + 1)
    OS << std::string(EndColumn - Column - 1, '~');
  OS.resetColor() << "\n";
}

void printLocated(llvm::raw_ostream &OS, const SourcePoint &Where,
                  const char *Level, const std::string &Message,
                  const std::vector<FixIt> &FixIts,
                  const SourcePoint &End = SourcePoint()) {
  OS.changeColor(llvm::raw_ostream::SAVEDCOLOR, /*Bold=*/true);
  if (Where.valid())
    OS << Where.File << ":" << Where.Line << ":" << Where.Column << ": ";
  else if (!Where.File.empty())
    OS << Where.File << ": ";
  OS.changeColor(levelColor(Level), /*Bold=*/true);
  OS << Level << ": ";
  OS.changeColor(llvm::raw_ostream::SAVEDCOLOR, /*Bold=*/true);
  OS << Message;
  OS.resetColor();
  OS << "\n";
  if (!Where.valid())
    return;
  std::optional<std::string> Whole = sourceLine(Where.File, Where.Line);
  if (!Whole)
    return;
  size_t Shift = 0;
  bool CutEnd = false;
  std::optional<std::string> Line =
      snippetAround(*Whole, Where.Column, Shift, CutEnd);
  OS << *Line << "\n";
  // A range that goes on past the window stops before the window's "...".
  unsigned EndColumn = rangeEndColumn(*Whole, Where, End);
  if (EndColumn)
    EndColumn = std::min<size_t>(EndColumn - Shift,
                                 Line->size() + 1 - (CutEnd ? 3 : 0));
  printCaretAndRange(OS, *Line, Where.Column - Shift, EndColumn);
  for (FixIt Fix : FixIts) {
    if (Fix.Where.Line != Where.Line || Fix.Where.Column <= Shift ||
        Fix.Where.Column - Shift > Line->size() + 1)
      continue;
    Fix.Where.Column -= Shift;
    // Like Clang, show an insertion that spans lines by its text alone.
    llvm::StringRef Text = llvm::StringRef(Fix.Replacement).trim();
    Text = Text.take_until([](char C) { return C == '\n'; }).rtrim();
    OS << indentTo(*Line, Fix.Where.Column);
    OS.changeColor(llvm::raw_ostream::GREEN) << Text;
    OS.resetColor() << "\n";
  }
}

/// Clang's lines before a diagnostic in a header, the analysed file's
/// first: "In file included from k.cu:3:".
void printIncludeChain(llvm::raw_ostream &OS,
                       const std::vector<SourcePoint> &Chain) {
  for (const SourcePoint &Include : Chain)
    OS << "In file included from " << Include.File << ":" << Include.Line
       << ":\n";
}

bool sameChain(const std::vector<SourcePoint> &A,
               const std::vector<SourcePoint> &B) {
  return std::equal(A.begin(), A.end(), B.begin(), B.end(),
                    [](const SourcePoint &X, const SourcePoint &Y) {
                      return X.File == Y.File && X.Line == Y.Line;
                    });
}

/// \p D and its notes, without the include chain.
void printFinding(llvm::raw_ostream &OS, const Diagnostic &D) {
  std::string Message = renderMessage(D);
  // Clang's own errors read as Clang prints them.
  if (!D.Check.empty() && D.Origin != FindingOrigin::Compiler)
    Message += " [" + D.Check + "]";
  printLocated(OS, D.Where, severityName(D.Level), Message, D.FixIts, D.End);
  for (const DiagnosticNote &Note : D.Notes)
    printLocated(OS, Note.Where, "note", renderText(D, Note.Message),
                 Note.FixIts);
}

} // namespace

void printDiagnostic(llvm::raw_ostream &OS, const Diagnostic &D) {
  printIncludeChain(OS, D.IncludedFrom);
  printFinding(OS, D);
}

void printTextReport(llvm::raw_ostream &OS, const RunReport &Report) {
  // As Clang does, the include chain is shown again only when the findings
  // move to another header, or come back to it after a note elsewhere.
  const std::vector<SourcePoint> *Shown = nullptr;
  for (const Diagnostic *D : diagnosticsInOrder(Report)) {
    if (!Shown || !sameChain(*Shown, D->IncludedFrom))
      printIncludeChain(OS, D->IncludedFrom);
    printFinding(OS, *D);
    bool NotesStayInItsFile =
        llvm::all_of(D->Notes, [&](const DiagnosticNote &Note) {
          return !Note.Where.valid() || Note.Where.File == D->Where.File;
        });
    Shown = NotesStayInItsFile ? &D->IncludedFrom : nullptr;
  }
}

} // namespace smemlint
