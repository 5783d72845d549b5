//===--- Suppressions.cpp - NOLINT comments and file opt-outs -------------===//

#include "Workflow/Suppressions.h"

#include "llvm/ADT/SmallVector.h"

#include <climits>

namespace smemlint {
namespace {

/// The check list after a marker: "(a, b)" -> "a, b"; no parenthesis ->
/// nullopt (every check).
std::optional<std::string> checkList(llvm::StringRef AfterMarker) {
  if (!AfterMarker.starts_with("("))
    return std::nullopt;
  size_t Close = AfterMarker.find(')');
  return AfterMarker.slice(1, Close).str();
}

} // namespace

Suppressions Suppressions::parse(llvm::StringRef File, llvm::StringRef Text,
                                 std::vector<Diagnostic> &Problems) {
  Suppressions Result;
  std::vector<std::string> Known = knownCheckNames();
  Known.push_back(findings::CompileError);
  struct OpenBegin {
    unsigned Line;
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
      Problem(Line, Column,
              "unknown check '" + Unknown +
                  "' in a suppression comment; it silences nothing");
    return G;
  };

  unsigned Line = 0;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef Content : Lines) {
    ++Line;
    size_t Comment = Content.find("//");
    if (Comment == llvm::StringRef::npos)
      continue;
    llvm::StringRef Rest = Content.drop_front(Comment + 2).ltrim();
    unsigned Column = Comment + 1;
    if (Rest.consume_front("smem-lint:")) {
      Rest = Rest.ltrim();
      if (Rest.consume_front("disable-file"))
        Result.Scopes.push_back(
            {1, UINT_MAX, Globs(checkList(Rest), Line, Column)});
      continue;
    }
    size_t Marker = Rest.find("NOLINT");
    if (Marker == llvm::StringRef::npos)
      continue;
    Rest = Rest.drop_front(Marker + 6);
    if (Rest.consume_front("NEXTLINE")) {
      Result.Scopes.push_back(
          {Line + 1, Line + 1, Globs(checkList(Rest), Line, Column)});
    } else if (Rest.consume_front("BEGIN")) {
      Open.push_back({Line, checkList(Rest)});
    } else if (Rest.consume_front("END")) {
      std::optional<std::string> List = checkList(Rest);
      auto Match = std::find_if(Open.rbegin(), Open.rend(),
                                [&](const OpenBegin &B) {
                                  return B.List == List;
                                });
      if (Match == Open.rend()) {
        Problem(Line, Column, "NOLINTEND without a matching NOLINTBEGIN");
        continue;
      }
      Result.Scopes.push_back(
          {Match->Line, Line, Globs(Match->List, Match->Line, Column)});
      Open.erase(std::next(Match).base());
    } else {
      Result.Scopes.push_back({Line, Line, Globs(checkList(Rest), Line,
                                                 Column)});
    }
  }
  for (const OpenBegin &B : Open)
    Problem(B.Line, 1, "NOLINTBEGIN without a matching NOLINTEND");
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
