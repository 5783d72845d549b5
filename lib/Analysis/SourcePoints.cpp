//===--- SourcePoints.cpp - Clang locations to report locations -----------===//

#include "Analysis/SourcePoints.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <map>

namespace smemlint {

SourcePoint toSourcePoint(const clang::SourceManager &SM,
                          clang::SourceLocation Loc) {
  SourcePoint Point;
  if (Loc.isInvalid())
    return Point;
  clang::SourceLocation File = SM.getExpansionLoc(Loc);
  clang::PresumedLoc Presumed = SM.getPresumedLoc(File);
  if (Presumed.isInvalid())
    return Point;
  Point.File = Presumed.getFilename();
  Point.Line = Presumed.getLine();
  Point.Column = Presumed.getColumn();
  Point.Offset = SM.getFileOffset(File);
  return Point;
}

void recordIncludeChains(const clang::SourceManager &SM,
                         std::vector<Diagnostic> &Diagnostics) {
  // One chain per file name: a header's first inclusion is the one whose
  // code the analysis saw first.
  std::map<std::string, std::vector<SourcePoint>> Chains;
  auto ChainOf =
      [&](const std::string &Name) -> const std::vector<SourcePoint> & {
    auto [It, Inserted] = Chains.try_emplace(Name);
    if (!Inserted)
      return It->second;
    clang::OptionalFileEntryRef File = SM.getFileManager().getOptionalFileRef(
        Name, /*OpenFile=*/false, /*CacheFailure=*/false);
    if (!File)
      return It->second;
    clang::FileID Id = SM.translateFile(*File);
    if (Id.isInvalid())
      return It->second;
    for (clang::SourceLocation Include = SM.getIncludeLoc(Id);
         Include.isValid(); Include = SM.getIncludeLoc(SM.getFileID(Include))) {
      SourcePoint Point = toSourcePoint(SM, Include);
      if (!Point.valid())
        break;
      It->second.insert(It->second.begin(), Point);
    }
    return It->second;
  };
  for (Diagnostic &D : Diagnostics)
    if (D.Where.valid() && D.IncludedFrom.empty())
      D.IncludedFrom = ChainOf(D.Where.File);
}

FixIt makeFixIt(const clang::SourceManager &SM, clang::CharSourceRange Range,
                std::string Replacement) {
  FixIt Fix;
  clang::CharSourceRange FileRange = clang::Lexer::makeFileCharRange(
      Range, SM, clang::LangOptions());
  if (FileRange.isInvalid())
    return Fix;
  Fix.Where = toSourcePoint(SM, FileRange.getBegin());
  Fix.Length = SM.getFileOffset(FileRange.getEnd()) -
               SM.getFileOffset(FileRange.getBegin());
  Fix.Replacement = std::move(Replacement);
  return Fix;
}

std::string sourceText(const clang::SourceManager &SM,
                       clang::CharSourceRange Range) {
  clang::CharSourceRange FileRange = clang::Lexer::makeFileCharRange(
      Range, SM, clang::LangOptions());
  if (FileRange.isInvalid())
    return "";
  bool Invalid = false;
  llvm::StringRef Text =
      clang::Lexer::getSourceText(FileRange, SM, clang::LangOptions(), &Invalid);
  return Invalid ? "" : Text.str();
}

} // namespace smemlint
