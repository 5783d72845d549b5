//===--- MissingTemplateKeyword.cpp - `T::f<N>(x)` without `template` -----===//

#include "Frontend/MissingTemplateKeyword.h"

#include "Analysis/SourcePoints.h"
#include "Report/CheckInfo.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <set>

using namespace clang;

namespace smemlint {
namespace {

/// The stand-in macros' names start with this, then letters and digits to
/// the length of the text they replace.
constexpr llvm::StringLiteral StandInPrefix = "_Q";

/// A dependent member name that a `<` follows, spelled without `template`.
struct DependentName {
  SourceLocation
      Begin; ///< Where the whole name (`vec_cast<...>::cast`) starts.
  SourceLocation Operator; ///< The `::`, `.` or `->` before the member.
  StringRef OperatorText;
  SourceLocation Member;
  StringRef MemberName;
};

/// In templates as written (not their instantiations), the dependent member
/// names spelled without `template` that a `<` follows: the left operand of
/// a `<` (`T::f < N > (x)`, where Clang rejects the instantiation), or a
/// name with template arguments (`t.f<N>()`, which Clang rejects as it
/// parses and recovers as a template name).
class DependentNamesBeforeLess
    : public RecursiveASTVisitor<DependentNamesBeforeLess> {
public:
  std::vector<DependentName> Found;

  bool VisitBinaryOperator(BinaryOperator *E) {
    if (E->getOpcode() == BO_LT)
      add(E->getLHS(), /*Recovered=*/false);
    return true;
  }
  // Where an operator< is declared, a dependent `<` is this.
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    if (E->getOperator() == OO_Less && E->getNumArgs() == 2)
      add(E->getArg(0), /*Recovered=*/false);
    return true;
  }
  bool VisitDependentScopeDeclRefExpr(DependentScopeDeclRefExpr *E) {
    add(E, /*Recovered=*/true);
    return true;
  }
  bool VisitCXXDependentScopeMemberExpr(CXXDependentScopeMemberExpr *E) {
    add(E, /*Recovered=*/true);
    return true;
  }

private:
  void add(const Expr *E, bool Recovered) {
    if (const auto *Name = dyn_cast<DependentScopeDeclRefExpr>(E)) {
      if (Name->hasTemplateKeyword() ||
          Name->hasExplicitTemplateArgs() != Recovered ||
          !Name->getDeclName().isIdentifier())
        return;
      // The `::` ends the qualifier, right before the name.
      Found.push_back({Name->getBeginLoc(), Name->getQualifierLoc().getEndLoc(),
                       "::", Name->getLocation(),
                       Name->getDeclName().getAsIdentifierInfo()->getName()});
    } else if (const auto *Member = dyn_cast<CXXDependentScopeMemberExpr>(E)) {
      if (Member->hasTemplateKeyword() || Member->isImplicitAccess() ||
          Member->hasExplicitTemplateArgs() != Recovered ||
          !Member->getMember().isIdentifier())
        return;
      Found.push_back({Member->getBeginLoc(), Member->getOperatorLoc(),
                       Member->isArrow() ? "->" : ".", Member->getMemberLoc(),
                       Member->getMember().getAsIdentifierInfo()->getName()});
    }
  }
};

/// A macro name \p Length characters long that the translation unit does not
/// use and that \p Taken does not hold yet.
std::optional<std::string> unusedMacroName(ASTContext &Ctx, size_t Length,
                                           std::set<std::string> &Taken) {
  static constexpr llvm::StringLiteral Digits =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  if (Length <= StandInPrefix.size())
    return std::nullopt;
  for (unsigned Attempt = 0; Attempt < 4096; ++Attempt) {
    std::string Name(Length, '0');
    Name.replace(0, StandInPrefix.size(), StandInPrefix.str());
    unsigned Left = Attempt;
    for (size_t At = Length; At-- > StandInPrefix.size(); Left /= Digits.size())
      Name[At] = Digits[Left % Digits.size()];
    if (Left != 0)
      return std::nullopt; // Every name of this length is in use.
    if (Ctx.Idents.find(Name) == Ctx.Idents.end() && Taken.insert(Name).second)
      return Name;
  }
  return std::nullopt;
}

/// The dependent name that ends at \p Name, the place of Clang's "missing
/// 'template' keyword" error where the parser dropped the expression: the
/// identifier there and the `::`, `.` or `->` right before it.
std::optional<DependentName>
nameAt(SourceLocation Name, const SourceManager &SM, const LangOptions &Lang) {
  if (Name.isInvalid() || !Name.isFileID())
    return std::nullopt;
  bool Invalid = false;
  StringRef Text = SM.getBufferData(SM.getFileID(Name), &Invalid);
  unsigned Offset = SM.getFileOffset(Name);
  if (Invalid)
    return std::nullopt;
  unsigned Length = Lexer::MeasureTokenLength(Name, SM, Lang);
  StringRef Identifier = Text.substr(Offset, Length);
  if (Identifier.empty() || !isAsciiIdentifierStart(Identifier[0]) ||
      !llvm::all_of(Identifier,
                    [](char C) { return isAsciiIdentifierContinue(C); }))
    return std::nullopt;
  for (StringRef Operator : {"::", "->", "."})
    if (Offset >= Operator.size() &&
        Text.substr(Offset - Operator.size(), Operator.size()) == Operator)
      return DependentName{Name, Name.getLocWithOffset(-int(Operator.size())),
                           Operator, Name, Identifier};
  return std::nullopt;
}

} // namespace

void missingTemplateKeywordRewrite(ASTContext &Ctx,
                                   const std::vector<CompileErrorSite> &Sites,
                                   SecondParse &Reparse) {
  if (Sites.empty())
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  // The errors Clang gives a name meant as a template and read as `<`:
  // "missing 'template' keyword", and, for an overloaded member, "reference
  // to overloaded function could not be resolved". Others (a member that
  // does not exist) are left as they are.
  std::set<SourceLocation> Rejected;
  for (const CompileErrorSite &Site : Sites)
    if (Site.Where.isValid() &&
        (Site.DiagnosticID == diag::err_template_kw_missing ||
         Site.DiagnosticID == diag::err_ovl_unresolvable))
      Rejected.insert(SM.getExpansionLoc(Site.Where));
  DependentNamesBeforeLess Names;
  Names.TraverseDecl(Ctx.getTranslationUnitDecl());
  std::vector<DependentName> Candidates;
  std::set<SourceLocation> Matched;
  // Only names Clang rejected where they stand.
  for (const DependentName &Name : Names.Found)
    for (SourceLocation At : {Name.Begin, Name.Member})
      if (Rejected.count(At)) {
        Candidates.push_back(Name);
        Matched.insert(At);
        break;
      }
  for (const CompileErrorSite &Site : Sites)
    if (Site.DiagnosticID == diag::err_template_kw_missing &&
        !Matched.count(SM.getExpansionLoc(Site.Where)))
      if (std::optional<DependentName> Name =
              nameAt(Site.Where, SM, Ctx.getLangOpts()))
        Candidates.push_back(*Name);

  std::set<std::string> Taken;
  std::set<SourceLocation> Replaced;
  for (const DependentName &Name : Candidates) {
    // Written in a file: a macro's expansion stays as it is.
    if (Name.Operator.isMacroID() || Name.Member.isMacroID() ||
        !Replaced.insert(Name.Operator).second)
      continue;
    if (SM.getFileOffset(Name.Operator) + Name.OperatorText.size() !=
        SM.getFileOffset(Name.Member))
      continue;
    std::string Original = (Name.OperatorText + Name.MemberName).str();
    std::optional<std::string> StandIn =
        unusedMacroName(Ctx, Original.size(), Taken);
    if (!StandIn || !Reparse.replace(SM, Name.Operator, Original, *StandIn))
      continue;
    Reparse.Flags.push_back("-D" + *StandIn + "=" + Name.OperatorText.str() +
                            "template " + Name.MemberName.str());
  }
}

namespace {

/// The names whose `template` keyword a stand-in macro spelled.
class AddedKeywords : public RecursiveASTVisitor<AddedKeywords> {
public:
  explicit AddedKeywords(const SourceManager &SM, const LangOptions &Lang)
      : SM(SM), Lang(Lang) {}
  std::vector<std::pair<SourceLocation, std::string>> Found;

  bool VisitDependentScopeDeclRefExpr(DependentScopeDeclRefExpr *E) {
    check(E->getTemplateKeywordLoc(), E->getDeclName().getAsString(), 2);
    return true;
  }
  bool VisitCXXDependentScopeMemberExpr(CXXDependentScopeMemberExpr *E) {
    check(E->getTemplateKeywordLoc(), E->getMember().getAsString(),
          E->isArrow() ? 2 : 1);
    return true;
  }

private:
  /// \p OperatorLength: the `::`, `.` or `->` the macro's name starts at,
  /// before the member's name.
  void check(SourceLocation Keyword, std::string Member,
             unsigned OperatorLength) {
    if (Keyword.isInvalid() || !Keyword.isMacroID())
      return;
    StringRef Macro = Lexer::getImmediateMacroName(Keyword, SM, Lang);
    if (!Macro.starts_with(StandInPrefix) ||
        !SM.isWrittenInCommandLineFile(SM.getSpellingLoc(Keyword)))
      return;
    Found.emplace_back(
        SM.getExpansionLoc(Keyword).getLocWithOffset(OperatorLength),
        std::move(Member));
  }

  const SourceManager &SM;
  const LangOptions &Lang;
};

} // namespace

void noteAddedTemplateKeywords(ASTContext &Ctx,
                               std::vector<Diagnostic> &Findings) {
  const SourceManager &SM = Ctx.getSourceManager();
  AddedKeywords Added(SM, Ctx.getLangOpts());
  Added.TraverseDecl(Ctx.getTranslationUnitDecl());
  std::set<SourceLocation> Reported;
  for (const auto &[Where, Member] : Added.Found) {
    if (!Reported.insert(Where).second)
      continue;
    Diagnostic Note;
    Note.Check = findings::Frontend;
    Note.Origin = FindingOrigin::Tool;
    Note.Level = Severity::Note;
    Note.Where = toSourcePoint(SM, Where);
    Note.Message =
        "read as '" + Member +
        "' with the 'template' keyword: it names a "
        "member template of a dependent type, which C++ asks to be written "
        "'template " +
        Member +
        "<...>' ([temp.names]); nvcc and GCC accept "
        "it without, Clang does not";
    Findings.push_back(std::move(Note));
  }
}

} // namespace smemlint
