//===--- Suppressions.cpp - NOLINT comments and file opt-outs -------------===//

#include "Workflow/Suppressions.h"

#include "Checks/CheckRegistry.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <climits>

namespace smemlint {
namespace {

bool isIdentifierChar(char C) { return llvm::isAlnum(C) || C == '_'; }

/// Whether the quote at \p At separates digits (1'000'000) rather than
/// starting a character literal (u8'a', 'a').
bool isDigitSeparator(llvm::StringRef Text, size_t At) {
  size_t Start = At;
  while (Start > 0 && (isIdentifierChar(Text[Start - 1]) ||
                       Text[Start - 1] == '\'' || Text[Start - 1] == '.'))
    --Start;
  return Start < At && llvm::isDigit(Text[Start]);
}

/// For a '"' at \p At that opens a raw string literal (R"x(...)x", also
/// u8R, uR, UR, LR), the ")x\"" that closes it; "" otherwise.
std::string rawStringTerminator(llvm::StringRef Text, size_t At) {
  size_t Start = At;
  while (Start > 0 && isIdentifierChar(Text[Start - 1]))
    --Start;
  llvm::StringRef Prefix = Text.slice(Start, At);
  if (Prefix != "R" && Prefix != "u8R" && Prefix != "uR" && Prefix != "UR" &&
      Prefix != "LR")
    return "";
  size_t Open = Text.find('(', At + 1);
  // The delimiter is at most 16 characters, without spaces or backslashes.
  if (Open == llvm::StringRef::npos || Open - At - 1 > 16)
    return "";
  llvm::StringRef Delimiter = Text.slice(At + 1, Open);
  if (Delimiter.find_first_of(" \t\n\\)") != llvm::StringRef::npos)
    return "";
  return ")" + Delimiter.str() + "\"";
}

/// The check list after a marker: "(a, b)" -> "a, b"; no parenthesis ->
/// nullopt (every check).
std::optional<std::string> checkList(llvm::StringRef AfterMarker) {
  if (!AfterMarker.starts_with("("))
    return std::nullopt;
  size_t Close = AfterMarker.find(')');
  return AfterMarker.slice(1, Close).str();
}

/// The names of a check list, without their '-'.
std::vector<std::string> listedNames(llvm::StringRef List) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  List.split(Parts, ',', -1, /*KeepEmpty=*/false);
  std::vector<std::string> Names;
  for (llvm::StringRef Part : Parts) {
    Part = Part.trim();
    Part.consume_front("-");
    if (!Part.trim().empty())
      Names.push_back(Part.trim().str());
  }
  return Names;
}

} // namespace

std::vector<SourceComment> sourceComments(llvm::StringRef Text) {
  std::vector<SourceComment> Comments;
  unsigned Line = 1;
  size_t LineStart = 0, I = 0, N = Text.size();
  auto NewlineAt = [&](size_t At) {
    ++Line;
    LineStart = At + 1;
  };
  // Skips a literal closed by \p Quote (escapes honoured) that starts at I;
  // an unterminated one ends at the end of its line, as Clang reads it.
  auto SkipQuoted = [&](char Quote) {
    for (++I; I < N && Text[I] != Quote && Text[I] != '\n'; ++I)
      if (Text[I] == '\\' && I + 1 < N) {
        ++I;
        if (Text[I] == '\n')
          NewlineAt(I);
      }
    if (I < N && Text[I] == Quote)
      ++I;
  };
  while (I < N) {
    char C = Text[I];
    if (C == '\n') {
      NewlineAt(I++);
      continue;
    }
    if (C == '/' && I + 1 < N && (Text[I + 1] == '/' || Text[I + 1] == '*')) {
      SourceComment Comment{Line, unsigned(I - LineStart + 1), ""};
      size_t Begin = I + 2, End = Begin;
      if (Text[I + 1] == '/') {
        // A backslash at the end of the line continues the comment.
        for (; End < N; ++End)
          if (Text[End] == '\n') {
            if (!Text.slice(Begin, End).rtrim('\r').ends_with("\\"))
              break;
            NewlineAt(End);
          }
        I = End;
      } else {
        End = std::min(Text.find("*/", Begin), N);
        for (size_t J = Begin; J < End; ++J)
          if (Text[J] == '\n')
            NewlineAt(J);
        I = std::min(End + 2, N);
      }
      Comment.Text = Text.slice(Begin, End);
      Comments.push_back(Comment);
      continue;
    }
    if (C == '"') {
      std::string Terminator = rawStringTerminator(Text, I);
      if (!Terminator.empty()) {
        size_t End = std::min(Text.find(Terminator, I + 1), N);
        for (size_t J = I; J < End; ++J)
          if (Text[J] == '\n')
            NewlineAt(J);
        I = std::min(End + Terminator.size(), N);
      } else {
        SkipQuoted('"');
      }
      continue;
    }
    if (C == '\'' && !isDigitSeparator(Text, I)) {
      SkipQuoted('\'');
      continue;
    }
    ++I;
  }
  return Comments;
}

Suppressions Suppressions::parse(llvm::StringRef File, llvm::StringRef Text,
                                 std::vector<Diagnostic> &Problems) {
  Suppressions Result;
  std::vector<std::string> Known;
  for (const CheckInfo *Kind : allFindingKinds())
    Known.push_back(Kind->Name);
  // smem-lint's namespaces ("smem-", "gmem-"): a name in one of them that
  // matches nothing is a typo; any other name is another tool's.
  std::vector<std::string> Namespaces;
  for (const std::string &Check : knownCheckNames()) {
    std::string Namespace = llvm::StringRef(Check).split('-').first.str() + "-";
    if (!llvm::is_contained(Namespaces, Namespace))
      Namespaces.push_back(Namespace);
  }
  auto IsOurs = [&](const std::string &Name) {
    return llvm::any_of(Namespaces, [&](const std::string &Namespace) {
      return llvm::StringRef(Name).starts_with(Namespace);
    });
  };
  // Whether a list names any check of ours: a NOLINTBEGIN for clang-tidy's
  // checks alone is clang-tidy's to match.
  auto ConcernsUs = [&](const std::optional<std::string> &List) {
    if (!List)
      return true;
    return llvm::any_of(listedNames(*List), [&](const std::string &Name) {
      return IsOurs(Name) || CheckGlobs(Name).unmatchedGlobs(Known).empty();
    });
  };
  struct OpenBegin {
    unsigned Line, Column;
    std::optional<std::string> List;
  };
  std::vector<OpenBegin> Open;

  auto Problem = [&](unsigned Line, unsigned Column, std::string Message) {
    Diagnostic D;
    D.Check = findings::Nolint;
    D.Origin = FindingOrigin::Tool;
    D.Level = Severity::Warning;
    D.Where = {File.str(), Line, Column, 0};
    D.Message = std::move(Message);
    Problems.push_back(std::move(D));
  };
  auto Globs = [&](const std::optional<std::string> &List, unsigned Line,
                   unsigned Column) -> std::optional<CheckGlobs> {
    if (!List)
      return std::nullopt;
    CheckGlobs G(*List);
    for (const std::string &Unknown : G.unmatchedGlobs(Known))
      if (IsOurs(Unknown))
        Problem(Line, Column,
                "unknown check '" + Unknown +
                    "' in a suppression comment; it silences nothing");
    return G;
  };

  for (const SourceComment &Comment : sourceComments(Text)) {
    llvm::StringRef Body = Comment.Text;
    unsigned Column = Comment.Column;
    llvm::StringRef Lead = Body.ltrim();
    if (Lead.consume_front("smem-lint:")) {
      Lead = Lead.ltrim();
      if (Lead.consume_front("disable-file"))
        Result.Scopes.push_back(
            {1, UINT_MAX, Globs(checkList(Lead), Comment.Line, Column)});
      continue;
    }
    for (size_t Marker = Body.find("NOLINT"); Marker != llvm::StringRef::npos;
         Marker = Body.find("NOLINT", Marker + 6)) {
      // A block comment may hold the marker on a later line.
      unsigned Line = Comment.Line + Body.take_front(Marker).count('\n');
      llvm::StringRef Rest = Body.drop_front(Marker + 6);
      if (Rest.consume_front("NEXTLINE")) {
        Result.Scopes.push_back(
            {Line + 1, Line + 1, Globs(checkList(Rest), Line, Column)});
      } else if (Rest.consume_front("BEGIN")) {
        Open.push_back({Line, Column, checkList(Rest)});
      } else if (Rest.consume_front("END")) {
        std::optional<std::string> List = checkList(Rest);
        auto Match =
            std::find_if(Open.rbegin(), Open.rend(),
                         [&](const OpenBegin &B) { return B.List == List; });
        if (Match == Open.rend()) {
          if (ConcernsUs(List))
            Problem(Line, Column, "NOLINTEND without a matching NOLINTBEGIN");
          continue;
        }
        Result.Scopes.push_back(
            {Match->Line, Line,
             Globs(Match->List, Match->Line, Match->Column)});
        Open.erase(std::next(Match).base());
      } else {
        Result.Scopes.push_back(
            {Line, Line, Globs(checkList(Rest), Line, Column)});
      }
    }
  }
  for (const OpenBegin &B : Open)
    if (ConcernsUs(B.List))
      Problem(B.Line, B.Column, "NOLINTBEGIN without a matching NOLINTEND");
  return Result;
}

bool Suppressions::suppresses(llvm::StringRef Check, unsigned Line) const {
  for (const Scope &S : Scopes)
    if (Line >= S.FirstLine && Line <= S.LastLine &&
        (!S.Checks || S.Checks->matches(Check)))
      return true;
  return false;
}

} // namespace smemlint
