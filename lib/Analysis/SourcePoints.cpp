//===--- SourcePoints.cpp - Clang locations to report locations -----------===//

#include "Analysis/SourcePoints.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

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
