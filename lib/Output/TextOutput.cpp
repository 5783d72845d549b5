//===--- TextOutput.cpp - Clang-style diagnostics -------------------------===//

#include "Output/TextOutput.h"

#include "Output/IndexedFiles.h"
#include "Output/Ordering.h"

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
/// with "..." where the line goes on, and the column in it of the first
/// character of the source line (0 when the line is whole).
std::string snippetAround(const std::string &Line, unsigned Column,
                          size_t &Shift) {
  Shift = 0;
  if (Line.size() <= SnippetColumns)
    return Line;
  size_t Start = Column > SnippetColumns / 2 ? Column - SnippetColumns / 2 : 0;
  Start = std::min(Start, Line.size() - SnippetColumns);
  if (Start <= 3)
    Start = 0; // "..." would hide as much as it saves
  std::string Window = Line.substr(Start, SnippetColumns);
  if (Start + SnippetColumns < Line.size())
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

void printLocated(llvm::raw_ostream &OS, const SourcePoint &Where,
                  const char *Level, const std::string &Message,
                  const std::vector<FixIt> &FixIts) {
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
  std::optional<std::string> Line = snippetAround(*Whole, Where.Column, Shift);
  OS << *Line << "\n" << indentTo(*Line, Where.Column - Shift);
  OS.changeColor(llvm::raw_ostream::GREEN, /*Bold=*/true) << "^";
  OS.resetColor() << "\n";
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

} // namespace

void printDiagnostic(llvm::raw_ostream &OS, const Diagnostic &D) {
  std::string Message = renderMessage(D);
  // Clang's own errors read as Clang prints them.
  if (!D.Check.empty() && D.Origin != FindingOrigin::Compiler)
    Message += " [" + D.Check + "]";
  printLocated(OS, D.Where, severityName(D.Level), Message, D.FixIts);
  for (const DiagnosticNote &Note : D.Notes)
    printLocated(OS, Note.Where, "note", renderText(D, Note.Message),
                 Note.FixIts);
}

void printTextReport(llvm::raw_ostream &OS, const RunReport &Report) {
  for (const Diagnostic *D : diagnosticsInOrder(Report))
    printDiagnostic(OS, *D);
}

} // namespace smemlint
