//===--- OutOfBoundsCheck.cpp - smem-out-of-bounds ------------------------===//
//
// Words the violations Analysis/BoundsAnalysis finds: which threads, which
// index, under which assumed values, and whether the finding is an error, a
// warning or a note.
//
//===----------------------------------------------------------------------===//

#include "Checks/OutOfBoundsCheck.h"

#include "Analysis/BoundsAnalysis.h"
#include "Analysis/SourceNames.h"
#include "Analysis/SourcePoints.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <limits>
#include <map>

using namespace clang;

namespace smemlint {
namespace {

/// A value an unsigned 32-bit index wrapped to from below zero.
bool wrappedBelowZero(int64_t Value) {
  return Value >= (int64_t(1) << 31) && Value < (int64_t(1) << 32);
}

/// "index 32", "indices -8 to -1".
std::string describeValues(const Violation &V, llvm::StringRef One,
                           llvm::StringRef Many) {
  std::string Text = V.Low == V.High
                         ? One.str() + " " + std::to_string(V.Low)
                         : Many.str() + " " + std::to_string(V.Low) + " to " +
                               std::to_string(V.High);
  if (wrappedBelowZero(V.Low) || wrappedBelowZero(V.High))
    Text += " (below 0, wrapped around: the index is unsigned)";
  return Text;
}

const char *ordinal(unsigned Level) {
  static const char *const Names[] = {"first", "second", "third", "fourth"};
  return Level < 4 ? Names[Level] : "next";
}

std::string declaredName(const VarDecl *Var, const ObjectBounds &B) {
  std::string Name = Var->getNameAsString();
  for (uint64_t Dim : B.Dims)
    Name += "[" + (Dim ? std::to_string(Dim) : std::string()) + "]";
  return Name;
}

/// How the finding names the access ("read of") and what one thread does
/// ("reads"), for the kinds of access (bit per AccessKind) that went wrong.
struct AccessVerbs {
  const char *OfAccess, *ByThread;
};

AccessVerbs verbsFor(unsigned Kinds) {
  bool Load = Kinds & (1u << unsigned(AccessKind::Load));
  bool Store = Kinds & (1u << unsigned(AccessKind::Store));
  if (Kinds & (1u << unsigned(AccessKind::Atomic)))
    return {"atomic on", "updates"};
  if (Load && Store)
    return {"read-modify-write of", "reads and writes"};
  return Store ? AccessVerbs{"write to", "writes"}
               : AccessVerbs{"read of", "reads"};
}

class BoundsReporter {
public:
  BoundsReporter(const CheckContext &Context, const SymbolTable &Symbols,
                 const std::map<const VarDecl *, ObjectBounds> &Objects,
                 std::vector<Diagnostic> &Findings)
      : Context(Context), Analysis(Context.Analysis), Symbols(Symbols),
        Objects(Objects), SM(Analysis.context().getSourceManager()),
        Findings(Findings) {}

  void report(const Violation &V, bool OnAssumedValues);

private:
  std::string siteText(const Violation &V) const;
  std::string whatIsWrong(const Violation &V) const;
  std::string assumedValues(const Violation &V) const;

  const CheckContext &Context;
  const KernelAnalysis &Analysis;
  const SymbolTable &Symbols;
  const std::map<const VarDecl *, ObjectBounds> &Objects;
  const SourceManager &SM;
  std::vector<Diagnostic> &Findings;
};

std::string BoundsReporter::siteText(const Violation &V) const {
  std::string Text =
      sourceText(SM, CharSourceRange::getTokenRange(V.Site->getSourceRange()));
  if (Text.empty() || Text.size() > 60 || Text.find('\n') != std::string::npos)
    return V.Array->getNameAsString();
  return Text;
}

std::string BoundsReporter::whatIsWrong(const Violation &V) const {
  const ObjectBounds &B = Objects.at(V.Array);
  std::string Name = V.Array->getNameAsString();
  if (V.Level != WholeObject) {
    std::optional<uint64_t> Extent = B.extent(V.Level);
    std::string Text = std::string(ordinal(V.Level)) + " " +
                       describeValues(V, "index", "indices") + " in '" +
                       declaredName(V.Array, B) + "'";
    if (Extent)
      Text += ", whose " + std::string(ordinal(V.Level)) + " dimension has " +
              std::to_string(*Extent) + " element" + (*Extent == 1 ? "" : "s");
    return Text;
  }
  std::string Size;
  if (!B.Bytes)
    Size = "of unknown size (no launch or --dynamic-smem gives it)";
  else if (V.InBytes)
    Size = "of " + std::to_string(*B.Bytes) + " bytes";
  else
    Size = "of " + std::to_string(*B.Bytes / B.ElementBytes) + " elements";
  if (B.Dynamic && B.Bytes)
    Size += " (" + std::to_string(*B.Bytes) +
            " bytes of dynamic shared memory, from " +
            (Analysis.shape().DynamicSharedSource == "option" ? "--dynamic-smem"
                                                              : "the launch") +
            ")";
  if (V.InBytes)
    return describeValues(V, "byte", "bytes") + " (" +
           std::to_string(V.WidthBytes) + "-byte access) of '" + Name +
           "', an object " + Size;
  if (B.Dims.size() >= 2)
    return "flat " + describeValues(V, "index", "indices") + " in '" +
           declaredName(V.Array, B) + "', an array " + Size;
  return describeValues(V, "index", "indices") + " in an array " + Size;
}

/// "'n' = 1024 and blockIdx.x = 0", the uniform values the evaluation
/// assumed; "" when the violation does not name any.
std::string BoundsReporter::assumedValues(const Violation &V) const {
  std::vector<std::string> Parts;
  for (unsigned Id = 0; Id < Symbols.size() && Id < 64; ++Id) {
    if (V.Symbols && !(V.Symbols >> Id & 1))
      continue;
    const UniformSymbol &Symbol = Symbols.symbol(Id);
    int64_t Value = Analysis.symbolValue(Id);
    Parts.push_back(Symbol.spelling() + " = " + std::to_string(Value));
  }
  if (Parts.size() > 3) {
    Parts.resize(3);
    Parts.back() += ", ...";
  }
  return llvm::join(Parts, ", ");
}

void BoundsReporter::report(const Violation &V, bool OnAssumedValues) {
  const ObjectBounds &B = Objects.at(V.Array);
  const ChosenShape &Shape = Analysis.shape();
  bool AssumedShape = Shape.Source == ShapeSource::Default;
  Diagnostic D;
  D.Check = OutOfBoundsCheck::info().Name;
  D.Where = toSourcePoint(SM, V.Site->getBeginLoc());
  Context.nameAccessesAt(D, V.Site);
  D.Level = AssumedShape || OnAssumedValues ? Severity::Note
            : V.Assumptions.empty()         ? Severity::Error
                                            : Severity::Warning;
  AccessVerbs Verbs = verbsFor(V.Kinds);
  std::string What = std::string(Verbs.OfAccess) + " '" + siteText(V) + "'";
  std::string Threads = V.Threads.count() == 1 ? "thread " : "threads ";
  Threads += threadList(V.Threads);
  if (V.WarpgroupMma) {
    // The tensor cores read it, through the descriptor: no thread does.
    What = std::string("wgmma's read of its ") + V.WarpgroupMma->Operand +
           " operand through descriptor '" + siteText(V) + "'";
    Threads = "its warpgroup";
  }
  std::string Values = assumedValues(V);
  std::string Condition;
  if (OnAssumedValues && !Values.empty())
    Condition = " with " + Values + " (values the analysis assumed)";
  if (AssumedShape)
    Condition += std::string(Condition.empty() ? " with" : " and") +
                 " the assumed block " + Shape.Block.str();
  std::string Summary = "(" + Analysis.assumptionSummary(V.Site) + ")";
  if (V.Level == UndefinedAddress) {
    D.Message = What + " divides by zero for " + Threads +
                (Condition.empty() ? "" : Condition) +
                ": the address is undefined " + Summary;
  } else {
    D.Message = What + " is out of bounds for " + Threads + Condition + ": " +
                whatIsWrong(V) + " " + Summary;
    // The first offending thread, and where its address really lands.
    std::string Example =
        V.WarpgroupMma
            ? "the descriptor (" + V.WarpgroupMma->Layout + ") reaches "
            : threadName(Shape.Block, V.FirstThread) + " " + Verbs.ByThread +
                  " ";
    if (!V.FirstIndices.empty()) {
      Example += V.Array->getNameAsString();
      for (int64_t I : V.FirstIndices)
        Example += "[" + std::to_string(I) + "]";
    } else {
      Example += elementName(Analysis.context(), V.Array, V.FirstOffset);
    }
    if (!V.FirstWhen.empty())
      Example += " " + V.FirstWhen;
    bool Inside = V.Level != WholeObject && V.FirstOffset >= 0 && B.Bytes &&
                  V.FirstOffset < int64_t(*B.Bytes);
    if (Inside)
      Example += ": the address of " +
                 elementName(Analysis.context(), V.Array, V.FirstOffset) +
                 ", inside '" + V.Array->getNameAsString() +
                 "' but past the end of its dimension, which C++ leaves "
                 "undefined";
    D.Notes.push_back({D.Where, Example, {}});
    // What to change, when the overrun is small: the extent that holds it.
    std::optional<uint64_t> Extent;
    if (V.Level != WholeObject)
      Extent = B.extent(V.Level);
    else if (!V.InBytes && B.Dims.size() == 1)
      Extent = B.extent(0);
    bool Declared = !(B.Dynamic && (V.Level == 0 || V.Level == WholeObject));
    if (Extent && Declared && V.Low >= 0 && V.High >= int64_t(*Extent) &&
        uint64_t(V.High) < 2 * *Extent) {
      std::vector<uint64_t> Dims = B.Dims;
      Dims[V.Level == WholeObject ? 0 : V.Level] = uint64_t(V.High) + 1;
      std::string Bigger = V.Array->getNameAsString();
      for (uint64_t Dim : Dims)
        Bigger += "[" + std::to_string(Dim) + "]";
      D.Notes.push_back({toSourcePoint(SM, V.Array->getLocation()),
                         "declare '" + Bigger +
                             "' if those elements are meant to exist; "
                             "otherwise keep these threads from the access",
                         {}});
    } else if (V.High < 0) {
      D.Notes.push_back({D.Where,
                         "the index is below 0 for these threads; keep them "
                         "from the access or shift the index",
                         {}});
    }
  }
  for (const std::string &Assumption : V.Assumptions)
    D.Notes.push_back({D.Where, "assumed: " + Assumption, {}});
  if (OnAssumedValues)
    D.Notes.push_back(
        {D.Where,
         "the index or the path to this access depends on " +
             (Values.empty() ? std::string("a value the analysis assumed")
                             : Values + ", assumed") +
             ", and the finding changes with other values: check the values "
             "the kernel is launched with",
         {}});
  // Where the block comes from, when it is not plain: an assumed one, or
  // another file's launch (the file's own launches may have a smaller one).
  if (AssumedShape || Analysis.shape().LaunchInOtherFile)
    D.Notes.push_back(shapeNote(Analysis, SM));
  Findings.push_back(std::move(D));
}

/// Other values for every uniform symbol: a second evaluation with them
/// tells violations that hold whatever the values from ones that follow
/// from the values assumed.
std::map<unsigned, int64_t>
otherSymbolValues(const SymbolTable &Symbols,
                  const EvaluationOptions &Options) {
  std::map<unsigned, int64_t> Values;
  for (unsigned Id = 0; Id < Symbols.size() && Id < 64; ++Id) {
    const UniformSymbol &Symbol = Symbols.symbol(Id);
    auto Given = Options.SymbolValues.find(Id);
    int64_t Assumed = Given != Options.SymbolValues.end()
                          ? Given->second
                          : defaultSymbolValue(Symbol);
    // A small problem size for parameters; the next block or grid size.
    Values[Id] = Symbol.SymbolKind == UniformSymbol::Kind::Parameter
                     ? (Assumed == 1 ? 2 : 1)
                     : Assumed + 1;
  }
  return Values;
}

} // namespace

void OutOfBoundsCheck::checkKernel(const CheckContext &Context,
                                   std::vector<Diagnostic> &Findings) {
  const KernelAnalysis &Analysis = Context.Analysis;
  bool AnyShared =
      llvm::any_of(Analysis.profile().Accesses, [](const AccessStats &Access) {
        return Access.Array != nullptr;
      });
  if (!AnyShared)
    return;
  // The violations of the main evaluation; the kernel is evaluated again
  // only to check them against other values of the uniform symbols.
  const std::map<const VarDecl *, ObjectBounds> &Objects = Analysis.bounds();
  const std::vector<Violation> &Found = Analysis.boundsViolations();
  if (Found.empty())
    return;
  SymbolTable Symbols = Analysis.symbols();
  // With other values for the uniform symbols, which violations remain?
  // Evaluated only when a violation that names no symbol must be checked
  // against it.
  std::optional<std::vector<Violation>> Again;
  BoundsReporter Reporter(Context, Symbols, Objects, Findings);
  bool AssumedShape = Analysis.shape().Source == ShapeSource::Default;
  unsigned WarpSize = Analysis.arch().Banking.WarpSize;
  for (const Violation &V : Found) {
    // With a block size the analysis only guessed, an index past the end for
    // threads beyond the first warp says more about the guess than about the
    // kernel (which may be written for fewer threads): left out.
    if (AssumedShape && V.Level != UndefinedAddress &&
        V.Threads.find_first() >= int(WarpSize))
      continue;
    bool Holds = !V.Symbols;
    if (Holds && Symbols.size() && !Again)
      Again = evaluateBounds(Analysis, Symbols, Objects,
                             otherSymbolValues(Symbols, Analysis.options()));
    if (Holds && Symbols.size())
      Holds = llvm::any_of(*Again, [&](const Violation &O) {
        return O.Site == V.Site && O.Level == V.Level && O.sameAs(V);
      });
    Reporter.report(V, !Holds);
  }
}

const CheckInfo &OutOfBoundsCheck::info() {
  static const CheckInfo Info = {
      "smem-out-of-bounds",
      "OutOfBounds",
      FindingOrigin::Check,
      CheckCategory::Correctness,
      Severity::Error,
      /*OnByDefault=*/true,
      /*AlwaysShown=*/false,
      /*AboutTheTool=*/false,
      NeedsSharedAccesses,
      "docs/checks/smem-out-of-bounds.md",
      "A shared-memory index is below zero or past the end of its array or "
      "dimension",
      "Evaluated for the threads of the block, the index of a shared-memory "
      "access is below zero or past the end: of the array, or of the "
      "dimension it subscripts (tile[i][32] in a tile[32][32], which lands in "
      "the next row), or it divides by zero. The finding names the threads "
      "and the index values; it is a note when it rests on a value the "
      "analysis assumed.",
      "Keep the threads that would step outside from the access, bound the "
      "loop by the array, or declare the extra elements if they are meant to "
      "exist.",
      "```cuda\n"
      "__shared__ float v[32];\n"
      "v[threadIdx.x + 1] = x; // thread 31 writes v[32]\n"
      "```\n"
      "\n"
      "**Fix:** guard the access, or declare the halo element:\n"
      "\n"
      "```cuda\n"
      "if (threadIdx.x + 1 < 32)\n"
      "  v[threadIdx.x + 1] = x;\n"
      "```",
      /*Options=*/{},
      RuntimeEvidence::None,
  };
  return Info;
}

} // namespace smemlint
