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

/// A dependent member name that a `<` follows, spelled without `template`.
struct DependentName {
  /// Where the whole name (`vec_cast<...>::cast`) starts.
  SourceLocation Begin;
  /// The member's name (`cast`).
  SourceLocation Member;
  StringRef MemberName;
};

/// In templates as written (not their instantiations), the dependent member
/// names spelled without `template` that are the left operand of a `<`
/// (`T::f < N > (x)`: Clang rejects the instantiations). Where the parser
/// rejects the name outright (`t.f<N>()`) it drops the expression, and
/// nameAt reads the name from the text instead.
class DependentNamesBeforeLess
    : public RecursiveASTVisitor<DependentNamesBeforeLess> {
public:
  std::vector<DependentName> Found;

  bool VisitBinaryOperator(BinaryOperator *E) {
    if (E->getOpcode() == BO_LT)
      add(E->getLHS());
    return true;
  }
  // Where an operator< is declared, a dependent `<` is this.
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    if (E->getOperator() == OO_Less && E->getNumArgs() == 2)
      add(E->getArg(0));
    return true;
  }

private:
  void add(const Expr *E) {
    if (const auto *Name = dyn_cast<DependentScopeDeclRefExpr>(E)) {
      if (Name->hasTemplateKeyword() || Name->hasExplicitTemplateArgs() ||
          !Name->getDeclName().isIdentifier())
        return;
      Found.push_back({Name->getBeginLoc(), Name->getLocation(),
                       Name->getDeclName().getAsIdentifierInfo()->getName()});
    } else if (const auto *Member = dyn_cast<CXXDependentScopeMemberExpr>(E)) {
      if (Member->hasTemplateKeyword() || Member->isImplicitAccess() ||
          Member->hasExplicitTemplateArgs() ||
          !Member->getMember().isIdentifier())
        return;
      Found.push_back({Member->getBeginLoc(), Member->getMemberLoc(),
                       Member->getMember().getAsIdentifierInfo()->getName()});
    }
  }
};

/// A macro name \p Length characters long that the translation unit does not
/// use and that \p Taken does not hold yet: `_Q` and letters and digits, or,
/// for a name of one or two characters, letters alone.
std::optional<std::string> unusedMacroName(ASTContext &Ctx, size_t Length,
                                           std::set<std::string> &Taken) {
  static constexpr llvm::StringLiteral Letters =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  static constexpr llvm::StringLiteral Digits =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  llvm::StringRef Prefix = Length > 2 ? "_Q" : "";
  llvm::StringRef Alphabet = Length > 2 ? Digits : Letters;
  for (unsigned Attempt = 0; Attempt < 4096; ++Attempt) {
    std::string Name(Prefix);
    unsigned Left = Attempt;
    for (size_t At = Prefix.size(); At < Length; ++At, Left /= Alphabet.size())
      Name += Alphabet[Left % Alphabet.size()];
    if (Left != 0)
      return std::nullopt; // Every name of this length is in use.
    if (Ctx.Idents.find(Name) == Ctx.Idents.end() && Taken.insert(Name).second)
      return Name;
  }
  return std::nullopt;
}

/// The member name at \p Name, the place of Clang's "missing 'template'
/// keyword" error where the parser dropped the expression: the identifier
/// there, when a `::`, `.` or `->` stands right before it.
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
  StringRef Before = Text.take_front(Offset);
  if (!Before.ends_with("::") && !Before.ends_with(".") &&
      !Before.ends_with("->"))
    return std::nullopt;
  return DependentName{Name, Name, Identifier};
}

} // namespace

void missingTemplateKeywordRewrite(ASTContext &Ctx,
                                   const std::vector<CompileErrorSite> &Sites,
                                   SecondParse &Reparse) {
  const SourceManager &SM = Ctx.getSourceManager();
  // The errors Clang gives a name meant as a template and read as `<`:
  // "missing 'template' keyword", and, for a member function compared with
  // `<`, "reference to overloaded function could not be resolved" or
  // "reference to non-static member function must be called". Others (a
  // member that does not exist) are left as they are.
  std::set<SourceLocation> Rejected;
  for (const CompileErrorSite &Site : Sites)
    if (Site.Where.isValid() &&
        (Site.DiagnosticID == diag::err_template_kw_missing ||
         Site.DiagnosticID == diag::err_ovl_unresolvable ||
         Site.DiagnosticID == diag::err_bound_member_function))
      Rejected.insert(SM.getExpansionLoc(Site.Where));
  if (Rejected.empty())
    return;
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

  // The name itself becomes a macro as long as it that spells the keyword
  // and the name: `T::cast<N>(p)` is read as `T::template cast<N>(p)`.
  std::set<std::string> Taken;
  std::set<SourceLocation> Replaced;
  for (const DependentName &Name : Candidates) {
    // Written in a file: a macro's expansion stays as it is.
    if (Name.Member.isMacroID() || !Replaced.insert(Name.Member).second)
      continue;
    std::optional<std::string> StandIn =
        unusedMacroName(Ctx, Name.MemberName.size(), Taken);
    if (!StandIn ||
        !Reparse.replace(SM, Name.Member, Name.MemberName, *StandIn))
      continue;
    Reparse.Flags.push_back("-D" + *StandIn + "=template " +
                            Name.MemberName.str());
  }
}

namespace {

/// The names whose `template` keyword a stand-in macro spelled.
class AddedKeywords : public RecursiveASTVisitor<AddedKeywords> {
public:
  explicit AddedKeywords(const SourceManager &SM) : SM(SM) {}
  std::vector<std::pair<SourceLocation, std::string>> Found;

  bool VisitDependentScopeDeclRefExpr(DependentScopeDeclRefExpr *E) {
    check(E->getTemplateKeywordLoc(), E->getDeclName().getAsString());
    return true;
  }
  bool VisitCXXDependentScopeMemberExpr(CXXDependentScopeMemberExpr *E) {
    check(E->getTemplateKeywordLoc(), E->getMember().getAsString());
    return true;
  }

private:
  /// A keyword spelled by a macro defined on the command line: nothing but
  /// the second parse's stand-ins, which start at the member's name.
  void check(SourceLocation Keyword, std::string Member) {
    if (Keyword.isInvalid() || !Keyword.isMacroID() ||
        !SM.isWrittenInCommandLineFile(SM.getSpellingLoc(Keyword)))
      return;
    Found.emplace_back(SM.getExpansionLoc(Keyword), std::move(Member));
  }

  const SourceManager &SM;
};

} // namespace

void noteAddedTemplateKeywords(ASTContext &Ctx,
                               std::vector<Diagnostic> &Findings) {
  const SourceManager &SM = Ctx.getSourceManager();
  AddedKeywords Added(SM);
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
