//===--- DeviceModule.cpp - The kernels as the compiler sees them ---------===//

#include "DeviceCode/DeviceModule.h"
#include "DeviceCode/NvptxAssumptions.h"
#include "DeviceCode/VectorizedAccesses.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/CodeGenOptions.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/CodeGen/ModuleBuilder.h"
#include "clang/Lex/HeaderSearchOptions.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/IPO/GlobalDCE.h"
#include "llvm/Transforms/Scalar/GVN.h"
#include "llvm/Transforms/Scalar/InferAddressSpaces.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/TailRecursionElimination.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Vectorize/LoadStoreVectorizer.h"

#include <cstdlib>
#include <mutex>
#include <optional>
#include <set>

extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
}

namespace smemlint {

namespace {

/// Keeps CodeGen's own diagnostics out of the user's report: the parse has
/// already said what is wrong with the file; what CodeGen adds is why there
/// is no device code.
class CodeGenDiagnostics : public clang::DiagnosticConsumer {
public:
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < clang::DiagnosticsEngine::Error || !FirstError.empty())
      return;
    llvm::SmallString<128> Text;
    Info.FormatDiagnostic(Text);
    FirstError = Text.str().str();
  }
  std::string FirstError;
};

/// NVPTX's target machine, for its cost model (the flat address space that
/// address-space inference needs) and its pipeline callbacks; null when
/// LLVM was built without NVPTX.
std::unique_ptr<llvm::TargetMachine>
nvptxTargetMachine(const clang::TargetInfo &Target) {
  static std::once_flag Initialized;
  std::call_once(Initialized, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
  });
  std::string Error;
  const llvm::Triple &Triple = Target.getTriple();
  const llvm::Target *NVPTX =
      llvm::TargetRegistry::lookupTarget(Triple.str(), Error);
  if (!NVPTX)
    return nullptr;
  std::string Features;
  for (const std::string &Feature : Target.getTargetOpts().Features)
    Features += (Features.empty() ? "" : ",") + Feature;
  return std::unique_ptr<llvm::TargetMachine>(NVPTX->createTargetMachine(
      Triple.str(), Target.getTargetOpts().CPU, Features, llvm::TargetOptions(),
      std::nullopt, std::nullopt, llvm::CodeGenOptLevel::Less));
}

/// Whether unrolling a loop of \p F could put the shared accesses of two
/// iterations into one instruction: some shared load or store of a loop
/// lands, one iteration later, within 16 bytes of a shared access of the
/// loop (itself or another), or its address moves in a way scalar evolution
/// cannot tell. Accesses whose iterations stay 16 bytes or more apart (a
/// reduction over `s[warp][lane]` rows, `s[i * 33]`) leave nothing for the
/// unrolled copy to show, which is then not built: on a file with 294
/// instantiations of such a kernel it was half the analysis.
bool iterationsMayMerge(const llvm::Function &F) {
  llvm::Function &Mutable = const_cast<llvm::Function &>(F);
  llvm::DominatorTree Dominators(Mutable);
  llvm::LoopInfo Loops(Dominators);
  if (Loops.empty())
    return false;
  llvm::TargetLibraryInfoImpl LibraryImpl(
      llvm::Triple(F.getParent()->getTargetTriple()));
  llvm::TargetLibraryInfo Library(LibraryImpl, &Mutable);
  llvm::AssumptionCache Assumptions(Mutable);
  llvm::ScalarEvolution Evolution(Mutable, Library, Assumptions, Dominators,
                                  Loops);
  for (const llvm::Loop *L : Loops.getLoopsInPreorder()) {
    std::vector<const llvm::SCEV *> Addresses;
    for (const llvm::BasicBlock *Block : L->blocks())
      for (const llvm::Instruction &I : *Block) {
        const llvm::Value *Pointer = llvm::getLoadStorePointerOperand(&I);
        if (Pointer && Pointer->getType()->getPointerAddressSpace() == 3)
          Addresses.push_back(
              Evolution.getSCEV(const_cast<llvm::Value *>(Pointer)));
      }
    for (const llvm::SCEV *Moving : Addresses) {
      if (Evolution.isLoopInvariant(Moving, L))
        continue;
      // The step of \p Moving in L: nested recurrences name inner loops
      // first ({{base,+,outer}<L>,+,inner}<Inner>).
      const llvm::SCEV *Step = nullptr;
      for (const llvm::SCEV *At = Moving; !Step;) {
        const auto *Recurrence = llvm::dyn_cast<llvm::SCEVAddRecExpr>(At);
        if (!Recurrence)
          break;
        if (Recurrence->getLoop() == L)
          Step = Recurrence->getStepRecurrence(Evolution);
        else
          At = Recurrence->getStart();
      }
      const auto *Constant = llvm::dyn_cast_or_null<llvm::SCEVConstant>(Step);
      if (!Constant)
        return true;
      int64_t Bytes = Constant->getAPInt().getSExtValue();
      for (const llvm::SCEV *Other : Addresses) {
        if (Evolution.getPointerBase(Other) != Evolution.getPointerBase(Moving))
          continue;
        // Other, this iteration, against Moving, the next.
        const auto *Apart = llvm::dyn_cast<llvm::SCEVConstant>(
            Evolution.getMinusSCEV(Moving, Other));
        if (!Apart)
          return true;
        int64_t Distance = Apart->getAPInt().getSExtValue() + Bytes;
        if (Distance != 0 && Distance > -16 && Distance < 16)
          return true;
      }
    }
  }
  return false;
}

/// Marks the loops of the copy optimized as nvcc would that hold no shared
/// load or store, and call no function that might, not to unroll: what the
/// copy is for is the shared accesses of unrolled iterations, and runtime
/// unrolling of the other loops is most of its cost (70% of it on a
/// kernel of nested loops over global data). Runs once shared pointers are
/// in their address space, before the unroller.
class RollLoopsWithoutSharedAccesses
    : public llvm::PassInfoMixin<RollLoopsWithoutSharedAccesses> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &Analyses) {
    llvm::LoopInfo &Loops = Analyses.getResult<llvm::LoopAnalysis>(F);
    for (llvm::Loop *L : Loops.getLoopsInPreorder())
      if (!reachesShared(*L))
        llvm::addStringMetadataToLoop(L, "llvm.loop.unroll.disable");
    return llvm::PreservedAnalyses::all();
  }

private:
  /// Whether \p L may touch shared memory: a load or store that is not
  /// through a global (1) or local (5) pointer, or a call that is not a
  /// memory-free intrinsic.
  static bool reachesShared(const llvm::Loop &L) {
    for (const llvm::BasicBlock *Block : L.blocks())
      for (const llvm::Instruction &I : *Block) {
        if (const llvm::Value *Pointer = llvm::getLoadStorePointerOperand(&I)) {
          unsigned Space = Pointer->getType()->getPointerAddressSpace();
          if (Space != 1 && Space != 5)
            return true;
          continue;
        }
        const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
        if (!Call || llvm::isa<llvm::DbgInfoIntrinsic>(Call) ||
            Call->isLifetimeStartOrEnd())
          continue;
        const llvm::Function *Callee = Call->getCalledFunction();
        if (!Callee || !Callee->isIntrinsic() || Call->mayReadOrWriteMemory())
          return true;
      }
    return false;
  }
};

/// Sets LLVM's process-wide option \p Name (as `-mllvm -Name=Value` would)
/// unless the command line already did.
void setDefaultLlvmOption(llvm::StringRef Name, llvm::StringRef Value) {
  auto &Registered = llvm::cl::getRegisteredOptions();
  auto Option = Registered.find(Name);
  if (Option != Registered.end() && Option->second->getNumOccurrences() == 0)
    Option->second->addOccurrence(0, Name, Value);
}

/// The copy compiled as nvcc would runs LLVM's -O2 pipeline, but unrolls
/// with twice the threshold -O3 uses (600; -O3's is 300): nvcc fully unrolls
/// the 32-iteration k loop of a GEMM whose body reads two arrays
/// (`tmp += As[r * 32 + k] * Bs[k * 32 + c]`: LDS.128 x8 per tile in nvcc
/// 13's SASS, and SGEMM_CUDA's kernel 3 measured so on an H100), which -O3's
/// threshold unrolls by two only. A higher threshold unrolls whole nests nvcc
/// keeps as loops, and the vectorizer then misses merges nvcc makes (the
/// 4x4 register tile of test/bank-conflict/register-tile-reuse.cu at 1000);
/// docs/measurements/h200-vectorization.md has the comparison. A loop too
/// large to unroll whole nvcc unrolls in part, by 8 for a 32-iteration k loop
/// that reads five words (LDS.128 x2 per row and iteration), and ptxas merges
/// the copies' reads; the target's partial threshold (a quarter of the
/// full one) keeps that loop rolled, 300 unrolls it as nvcc does (and gives
/// HeCBench match's and meanshift's loops the LDS.128 and LDS.64 of their
/// SASS). The rest of -O3 costs a third of the analysis time on the corpus.
/// The thresholds are process-wide LLVM options; the evaluated module's loops
/// are marked not to unroll, so they affect only the copy.
void unrollAsNvccDoes() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    setDefaultLlvmOption("unroll-threshold", "600");
    setDefaultLlvmOption("unroll-partial-threshold", "300");
  });
}

/// Clang's check before each integer division, in trap mode, one trap per
/// division (`-fsanitize=integer-divide-by-zero -fsanitize-trap
/// -mllvm -ubsan-unique-traps`). Without it the optimizer deletes the code of
/// every thread that divides by zero, a constant zero deletes the kernel,
/// and the evaluated code no longer says why. The evaluator lets the
/// threads go on past the check, as the GPU does (IrControlFlow.cpp).
class DivisionChecks {
public:
  DivisionChecks(const clang::ASTContext &Ctx, clang::CodeGenOptions &Options)
      : Language(const_cast<clang::LangOptions &>(Ctx.getLangOpts())),
        Saved(Language.Sanitize) {
    static std::once_flag Once;
    std::call_once(Once,
                   [] { setDefaultLlvmOption("ubsan-unique-traps", "true"); });
    Language.Sanitize.set(clang::SanitizerKind::IntegerDivideByZero, true);
    Options.SanitizeTrap.set(clang::SanitizerKind::IntegerDivideByZero, true);
  }
  /// The parse's options are the user's again once CodeGen is done.
  ~DivisionChecks() { Language.Sanitize = Saved; }

  /// nvcc inserts no checks: the copy compiled as nvcc would loses them, and
  /// a division by zero is undefined behaviour there again.
  static void drop(llvm::Module &Module) {
    llvm::Function *Trap = Module.getFunction(
        llvm::Intrinsic::getBaseName(llvm::Intrinsic::ubsantrap));
    if (!Trap)
      return;
    for (llvm::User *U : llvm::make_early_inc_range(Trap->users()))
      llvm::cast<llvm::Instruction>(U)->eraseFromParent();
  }

private:
  clang::LangOptions &Language;
  clang::SanitizerSet Saved;
};

/// LLVM's -O1 function simplification as Clang runs it, without the loop
/// unroller and loop vectorizers, then what the NVPTX backend runs before
/// instruction selection: InferAddressSpaces (generic accesses to shared
/// memory become `addrspace(3)` ones, as nvcc makes them LDS/STS) and the
/// LoadStoreVectorizer.
///
/// With \p AsCompiled, -O2 with the loop unroller as the NVPTX target tunes
/// it instead (unrollAsNvccDoes): the code as nvcc makes it, where
/// the LoadStoreVectorizer also merges the accesses of consecutive unrolled
/// iterations.
void optimize(llvm::Module &Module, llvm::TargetMachine *Machine,
              bool AsCompiled = false) {
  llvm::PipelineTuningOptions Tuning;
  Tuning.LoopUnrolling = AsCompiled;
  if (AsCompiled)
    unrollAsNvccDoes();
  Tuning.LoopInterleaving = false;
  Tuning.LoopVectorization = false;
  Tuning.SLPVectorization = false;
  llvm::LoopAnalysisManager Loops;
  llvm::FunctionAnalysisManager Functions;
  llvm::CGSCCAnalysisManager SCCs;
  llvm::ModuleAnalysisManager Modules;
  llvm::PassBuilder Builder(Machine, Tuning);
  if (AsCompiled)
    registerAddressSpaceAlias(Builder, Functions);
  Builder.registerModuleAnalyses(Modules);
  Builder.registerCGSCCAnalyses(SCCs);
  Builder.registerFunctionAnalyses(Functions);
  Builder.registerLoopAnalyses(Loops);
  Builder.crossRegisterProxies(Loops, Functions, SCCs, Modules);
  llvm::ModulePassManager Pipeline;
  // The global kernel parameters (globalizePointerParameters) reach their
  // accesses once SROA has taken them out of their stack slots, before
  // instcombine folds the casts away.
  if (AsCompiled) {
    llvm::FunctionPassManager Early;
    Early.addPass(llvm::SROAPass(llvm::SROAOptions::ModifyCFG));
    Early.addPass(llvm::InferAddressSpacesPass());
    Early.addPass(RollLoopsWithoutSharedAccesses());
    Pipeline.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(Early)));
  }
  if (AsCompiled) {
    Pipeline.addPass(
        Builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2));
  } else {
    // -O1's simplification half (inlining, SROA, constant folding, CSE)
    // without its optimization half, whose CFG simplification hoists and
    // sinks the accesses the two sides of a branch have in common: the
    // merged access has no source line left to report it at.
    Builder.invokePipelineStartEPCallbacks(Pipeline,
                                           llvm::OptimizationLevel::O1);
    Pipeline.addPass(Builder.buildModuleSimplificationPipeline(
        llvm::OptimizationLevel::O1, llvm::ThinOrFullLTOPhase::None));
    // A recursion that accumulates becomes the loop -O1 makes of it.
    Pipeline.addPass(
        llvm::createModuleToFunctionPassAdaptor(llvm::TailCallElimPass()));
    Pipeline.addPass(llvm::GlobalDCEPass());
  }
  llvm::FunctionPassManager Late;
  Late.addPass(llvm::InferAddressSpacesPass());
  // What the NVPTX backend runs before its LoadStoreVectorizer at -O3
  // (NVPTXPassConfig::addEarlyCSEOrGVNPass): the loads the late unroller
  // repeats (a register tile's row read again for each of its rows) are
  // one load again, and the vectorizer sees each address once: with the
  // repeats, it paired them (LDS.64 where nvcc emits LDS.128).
  if (AsCompiled)
    Late.addPass(llvm::GVNPass());
  // NVPTX's own IR pipeline merges adjacent loads and stores into vector
  // instructions (a float4 copy into one LDS.128); so does nvcc's. In the
  // copy optimized as nvcc would, findVectorizedAccesses runs it instead,
  // to tell which accesses each vector instruction is made of.
  if (!AsCompiled)
    Late.addPass(llvm::LoadStoreVectorizerPass());
  Pipeline.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(Late)));
  Pipeline.run(Module, Modules);
}

/// Rewrites the unroll hints of every loop of \p Module: a hint is kept when
/// \p Keep says so for the loop's start location and the hint's name, and
/// `llvm.loop.unroll.disable` is added when \p Disable says so.
template <typename KeepHint, typename DisableLoop>
void rewriteUnrollHints(llvm::Module &Module, KeepHint Keep,
                        DisableLoop Disable) {
  llvm::LLVMContext &Context = Module.getContext();
  for (llvm::Function &F : Module)
    for (llvm::BasicBlock &Block : F)
      for (llvm::Instruction &I : Block) {
        llvm::MDNode *Loop = I.getMetadata(llvm::LLVMContext::MD_loop);
        if (!Loop)
          continue;
        const llvm::DILocation *Start = nullptr;
        for (const llvm::MDOperand &Operand : Loop->operands())
          if (!Start)
            Start = llvm::dyn_cast_or_null<llvm::DILocation>(Operand.get());
        llvm::SmallVector<llvm::Metadata *, 6> Operands{nullptr};
        for (unsigned Index = 1; Index < Loop->getNumOperands(); ++Index) {
          llvm::Metadata *Operand = Loop->getOperand(Index);
          const auto *Property = llvm::dyn_cast<llvm::MDNode>(Operand);
          const auto *Name =
              Property && Property->getNumOperands()
                  ? llvm::dyn_cast<llvm::MDString>(Property->getOperand(0))
                  : nullptr;
          if (Name && Name->getString().starts_with("llvm.loop.unroll.") &&
              !Keep(Start, Name->getString()))
            continue;
          Operands.push_back(Operand);
        }
        if (Disable(Start))
          Operands.push_back(llvm::MDNode::get(
              Context,
              llvm::MDString::get(Context, "llvm.loop.unroll.disable")));
        llvm::MDNode *Replacement =
            llvm::MDNode::getDistinct(Context, Operands);
        Replacement->replaceOperandWith(0, Replacement);
        I.setMetadata(llvm::LLVMContext::MD_loop, Replacement);
      }
}

/// The evaluated module keeps every loop a loop, `#pragma unroll` ones too,
/// so that its accesses are reported per iteration as in the source.
void keepLoopsRolled(llvm::Module &Module) {
  rewriteUnrollHints(
      Module, [](const llvm::DILocation *, llvm::StringRef) { return false; },
      [](const llvm::DILocation *) { return true; });
}

/// Clang marks every loop `llvm.loop.unroll.disable` when unrolling is off;
/// in the copy compiled as nvcc would, the user's own hints stay and only
/// the loops the user keeps rolled (\p KeptLoops, by the line and column
/// their `llvm.loop` names as the start) are marked.
void allowUnrolling(llvm::Module &Module,
                    const std::set<std::pair<unsigned, unsigned>> &KeptLoops) {
  auto Kept = [&](const llvm::DILocation *Start) {
    return Start && KeptLoops.count({Start->getLine(), Start->getColumn()});
  };
  rewriteUnrollHints(
      Module,
      [&](const llvm::DILocation *Start, llvm::StringRef Hint) {
        return Hint != "llvm.loop.unroll.disable" && !Kept(Start);
      },
      Kept);
}

/// nvcc inlines device functions far more eagerly than LLVM's -O2 (a call
/// would put the caller's register arrays in local memory): Marlin's
/// reduction lambda, its `#pragma unroll` loops unrolled first, is past
/// LLVM's threshold but inlined by nvcc, whose SASS then merges its four
/// float reads into one LDS.128 (H200, 2026-12-06). In the copy compiled as
/// nvcc would, what the evaluated module inlined everywhere (before any
/// unrolling made it large) is inlined too, so that its accesses meet the
/// caller's values and the vectorizer sees them together.
void inlineAsEvaluated(llvm::Module &Compiled, const llvm::Module &Evaluated) {
  for (llvm::Function &F : Compiled) {
    if (F.isDeclaration() || F.use_empty() ||
        F.hasFnAttribute(llvm::Attribute::NoInline))
      continue;
    const llvm::Function *Kept = Evaluated.getFunction(F.getName());
    if (!Kept || Kept->isDeclaration() || Kept->use_empty())
      F.addFnAttr(llvm::Attribute::AlwaysInline);
  }
}

/// The functions a kernel reaches, and whether one of them holds an
/// expression Sema could not make sense of (a RecoveryExpr): CodeGen must
/// not see those.
class ReachedFunctions : public clang::RecursiveASTVisitor<ReachedFunctions> {
public:
  explicit ReachedFunctions(const clang::ASTContext &Ctx) : Ctx(Ctx) {}
  /// The definitions \p Function reaches, itself first.
  const std::vector<const clang::FunctionDecl *> &definitions() const {
    return Definitions;
  }
  bool reachesBrokenCode(const clang::FunctionDecl *Function) {
    Pending.push_back(Function);
    while (!Pending.empty() && !Broken) {
      const clang::FunctionDecl *Next = Pending.back();
      Pending.pop_back();
      const clang::FunctionDecl *Definition = nullptr;
      if (!Next->hasBody(Definition) || !Visited.insert(Definition).second)
        continue;
      Definitions.push_back(Definition);
      if (Definition->isInvalidDecl()) {
        Broken = true;
        BrokenAt = Definition->getLocation();
        break;
      }
      TraverseStmt(Definition->getBody());
      if (const auto *Constructor =
              llvm::dyn_cast<clang::CXXConstructorDecl>(Definition))
        for (const clang::CXXCtorInitializer *Init : Constructor->inits())
          TraverseStmt(Init->getInit());
    }
    return Broken;
  }

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }
  // Errors enter an expression through a RecoveryExpr or TypoExpr, or a
  // reference to an invalid declaration; the expressions around them carry
  // the mark from when they were built, also once the declaration has been
  // made valid again (reclassifyCompileErrors: a __shared__ object with a
  // constructor, compiled as nvcc does, without it).
  bool VisitExpr(clang::Expr *E) {
    if (E->containsErrors()) {
      Broken = true;
      BrokenAt = E->getExprLoc();
    }
    return !Broken;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr *E) {
    if (const auto *Function =
            llvm::dyn_cast<clang::FunctionDecl>(E->getDecl()))
      Pending.push_back(Function);
    return true;
  }
  // A tuple-like structured binding (`auto [a, b] = f();`) initializes a
  // hidden variable per name with a call to `get<I>`, which the visitor
  // does not reach through the binding.
  bool VisitBindingDecl(clang::BindingDecl *Binding) {
    if (const clang::VarDecl *Holding = Binding->getHoldingVar())
      if (const clang::Expr *Init = Holding->getInit())
        TraverseStmt(const_cast<clang::Expr *>(Init));
    return true;
  }
  bool VisitCXXConstructExpr(clang::CXXConstructExpr *E) {
    Pending.push_back(E->getConstructor());
    return true;
  }
  bool VisitMemberExpr(clang::MemberExpr *E) {
    if (const auto *Method =
            llvm::dyn_cast<clang::FunctionDecl>(E->getMemberDecl()))
      Pending.push_back(Method);
    return true;
  }
  /// `#pragma unroll 1` and `#pragma nounroll`: loops nvcc keeps.
  bool VisitAttributedStmt(clang::AttributedStmt *S) {
    for (const clang::Attr *A : S->getAttrs()) {
      const auto *Hint = llvm::dyn_cast<clang::LoopHintAttr>(A);
      if (!Hint)
        continue;
      bool Disables = (Hint->getOption() == clang::LoopHintAttr::Unroll &&
                       Hint->getState() == clang::LoopHintAttr::Disable) ||
                      (Hint->getOption() == clang::LoopHintAttr::UnrollCount &&
                       Hint->getValue() && isOne(Hint->getValue()));
      if (Disables)
        KeptLoops.push_back(S->getSubStmt()->getBeginLoc());
    }
    return true;
  }
  /// Where the loops the user keeps rolled begin.
  std::vector<clang::SourceLocation> KeptLoops;
  /// The expression or declaration with errors that was reached.
  clang::SourceLocation BrokenAt;

private:
  bool isOne(const clang::Expr *Count) const {
    clang::Expr::EvalResult Result;
    return !Count->isValueDependent() && Count->EvaluateAsInt(Result, Ctx) &&
           Result.Val.getInt() == 1;
  }
  const clang::ASTContext &Ctx;
  std::vector<const clang::FunctionDecl *> Pending, Definitions;
  llvm::DenseSet<const clang::FunctionDecl *> Visited;
  bool Broken = false;
};

} // namespace

clang::SourceLocation brokenCodeReachedBy(const clang::ASTContext &Ctx,
                                          const clang::FunctionDecl *Kernel) {
  ReachedFunctions Reached(Ctx);
  if (Kernel->isInvalidDecl())
    return Kernel->getLocation();
  return Reached.reachesBrokenCode(Kernel) ? Reached.BrokenAt
                                           : clang::SourceLocation();
}

DeviceModule::~DeviceModule() {
  // The module belongs to the context; the generator's state refers to both.
  // The evaluator's analyses refer to the module.
  Cache.reset();
  Compiled.reset();
  Module.reset();
  Generator.reset();
  Context.reset();
}

std::unique_ptr<DeviceModule> DeviceModule::generate(
    clang::ASTContext &Ctx, const DeviceCodeGenInputs &Inputs,
    llvm::ArrayRef<const clang::FunctionDecl *> Kernels, std::string &Error) {
  if (!Inputs.HeaderSearch || !Inputs.Preprocessor || !Inputs.CodeGen) {
    Error = "no compile command to generate device code with";
    return nullptr;
  }
  clang::CodeGenOptions Options = *Inputs.CodeGen;
  // Without optimization Clang marks every function optnone and the
  // inliner, which is what turns C++ into address arithmetic, never runs.
  Options.OptimizationLevel = 1;
  Options.setInlining(clang::CodeGenOptions::NormalInlining);
  Options.setDebugInfo(llvm::codegenoptions::DebugLineTablesOnly);
  Options.DebugColumnInfo = true;
  // Line tables alone leave out the functions' linkage names, which map an
  // inlined scope back to its FunctionDecl.
  Options.DebugInfoForProfiling = true;
  Options.UnrollLoops = false;
  Options.DiscardValueNames = false;

  auto Result = std::unique_ptr<DeviceModule>(new DeviceModule);
  Result->Context = std::make_unique<llvm::LLVMContext>();
  // The optimizer's own remarks and warnings ("loop not unrolled" for a
  // `#pragma unroll` it cannot honour in the copy compiled as nvcc) are
  // about that copy, not the user's code: they are not printed.
  Result->Context->setDiagnosticHandlerCallBack(
      [](const llvm::DiagnosticInfo *, void *) {}, nullptr);
  CodeGenDiagnostics Collected;
  clang::DiagnosticsEngine Diags(
      llvm::makeIntrusiveRefCnt<clang::DiagnosticIDs>(),
      llvm::makeIntrusiveRefCnt<clang::DiagnosticOptions>(), &Collected,
      /*ShouldOwnClient=*/false);
  Result->Generator.reset(clang::CreateLLVMCodeGen(
      Diags, "smem-lint-device", Inputs.FileSystem, *Inputs.HeaderSearch,
      *Inputs.Preprocessor, Options, *Result->Context));
  clang::CodeGenerator &Generator = *Result->Generator;
  std::optional<DivisionChecks> Checked;
  Checked.emplace(Ctx, Options);
  Generator.Initialize(Ctx);
  std::vector<const clang::FunctionDecl *> Generated;
  // Line and column of the loops the user keeps rolled.
  std::set<std::pair<unsigned, unsigned>> KeptLoops;
  // What CodeGen emits for a definition it is handed; functions that are
  // only declared in the module, or deferred, are emitted when used.
  llvm::SetVector<const clang::FunctionDecl *> Handed;
  for (const clang::FunctionDecl *Kernel : Kernels) {
    ReachedFunctions Reached(Ctx);
    if (Kernel->isInvalidDecl() || !Kernel->hasBody() ||
        Reached.reachesBrokenCode(Kernel))
      continue;
    Generated.push_back(Kernel);
    Handed.insert(Reached.definitions().begin(), Reached.definitions().end());
    for (clang::SourceLocation Loop : Reached.KeptLoops) {
      clang::PresumedLoc Where = Ctx.getSourceManager().getPresumedLoc(
          Ctx.getSourceManager().getExpansionLoc(Loop));
      if (Where.isValid())
        KeptLoops.insert({Where.getLine(), Where.getColumn()});
    }
  }
  // Every kernel reaches code with errors, which the parse reported.
  if (Generated.empty())
    return nullptr;
  for (const clang::FunctionDecl *Function : Handed) {
    auto *Mutable = const_cast<clang::FunctionDecl *>(Function);
    if (Mutable->isDependentContext())
      continue;
    Generator.HandleTopLevelDecl(clang::DeclGroupRef(Mutable));
  }
  // A kernel template instantiation is deferred until used: this use emits
  // it (what the kernel calls is emitted as it is used).
  for (const clang::FunctionDecl *Kernel : Generated)
    Generator.GetAddrOfGlobal(
        clang::GlobalDecl(const_cast<clang::FunctionDecl *>(Kernel)),
        /*isForDefinition=*/false);
  Generator.HandleTranslationUnit(Ctx);
  Checked.reset();
  Result->Module.reset(Generator.ReleaseModule());
  if (Collected.getNumErrors() || !Result->Module) {
    Error = Collected.FirstError.empty()
                ? std::string("CodeGen produced no module")
                : "CodeGen failed: " + Collected.FirstError;
    return nullptr;
  }
  for (const clang::FunctionDecl *Kernel : Generated) {
    llvm::StringRef Name = Generator.GetMangledName(
        clang::GlobalDecl(const_cast<clang::FunctionDecl *>(Kernel)));
    if (const llvm::Function *F = Result->Module->getFunction(Name))
      if (!F->isDeclaration())
        Result->Kernels[Kernel] = F;
  }
  std::unique_ptr<llvm::TargetMachine> Machine =
      nvptxTargetMachine(Ctx.getTargetInfo());
  if (Machine)
    Result->Module->setDataLayout(Machine->createDataLayout());
  // Shared memory is what the analysis watches: the optimizer must not
  // assume what it holds (an array no thread writes reads as undef) nor
  // drop stores no thread of this kernel reads back. Visible linkage and an
  // unknown initial value keep every source access.
  for (llvm::GlobalVariable &Global : Result->Module->globals())
    if (Global.getAddressSpace() == 3 && Global.hasInitializer()) {
      Global.setLinkage(llvm::GlobalValue::ExternalLinkage);
      Global.setExternallyInitialized(true);
    }
  Result->Compiled = llvm::CloneModule(*Result->Module);
  DivisionChecks::drop(*Result->Compiled);
  allowUnrolling(*Result->Compiled, KeptLoops);
  keepLoopsRolled(*Result->Module);
  for (const auto &[Kernel, Evaluated] : Result->Kernels)
    if (llvm::Function *Compiled =
            Result->Compiled->getFunction(Evaluated->getName()))
      globalizePointerParameters(*Compiled);
  // nvcc merges the accesses of shared arrays into 128-bit instructions as
  // if every array began at a 16-byte boundary, though its PTX declares
  // `.shared .align 4` (ptxas places them; docs/measurements/
  // h200-vectorization.md); Clang keeps the element's alignment.
  for (llvm::GlobalVariable &Global : Result->Compiled->globals())
    if (Global.getAddressSpace() == 3 && Global.getValueType()->isArrayTy() &&
        Global.getAlign().valueOrOne() < llvm::Align(16))
      Global.setAlignment(llvm::Align(16));
  optimize(*Result->Module, Machine.get());
  // The copy optimized as nvcc would tells only which iterations of a loop
  // become one instruction: a kernel whose iterations cannot merge needs no
  // copy, and unrolling its loops is most of what the copy costs.
  for (const auto &[Kernel, Evaluated] : Result->Kernels)
    if (!iterationsMayMerge(*Evaluated))
      if (llvm::Function *Compiled =
              Result->Compiled->getFunction(Evaluated->getName()))
        Compiled->deleteBody();
  inlineAsEvaluated(*Result->Compiled, *Result->Module);
  optimize(*Result->Compiled, Machine.get(), /*AsCompiled=*/true);
  std::vector<const llvm::Function *> KernelFunctions, CompiledKernels;
  for (const auto &[Kernel, Evaluated] : Result->Kernels) {
    KernelFunctions.push_back(Evaluated);
    if (const llvm::Function *Compiled =
            Result->Compiled->getFunction(Evaluated->getName()))
      CompiledKernels.push_back(Compiled);
  }
  Result->Vectorized = findVectorizedAccesses(*Result->Module, *Result->Module,
                                              Machine.get(), KernelFunctions);
  Result->CompiledVectorized = findVectorizedAccesses(
      *Result->Compiled, *Result->Module, Machine.get(), CompiledKernels);
  // For developers: the IR the evaluator reads, as it reads it, and the
  // copy optimized as nvcc would.
  for (auto [Variable, Module] :
       {std::pair{"SMEMLINT_DUMP_DEVICE_IR", Result->Module.get()},
        std::pair{"SMEMLINT_DUMP_COMPILED_IR", Result->Compiled.get()}})
    if (const char *Dump = std::getenv(Variable)) {
      std::error_code Failed;
      llvm::raw_fd_ostream Out(Dump, Failed);
      if (!Failed)
        Module->print(Out, nullptr);
    }
  std::string Broken;
  llvm::raw_string_ostream Why(Broken);
  if (llvm::verifyModule(*Result->Module, &Why)) {
    Error = "the optimized device code does not verify: " +
            llvm::StringRef(Broken).split('\n').first.str();
    return nullptr;
  }
  return Result;
}

const llvm::Function *
DeviceModule::kernelFunction(const clang::FunctionDecl *Kernel) const {
  return Kernels.lookup(Kernel);
}

const llvm::Function *
DeviceModule::compiledKernelFunction(const clang::FunctionDecl *Kernel) const {
  const llvm::Function *Evaluated = Kernels.lookup(Kernel);
  const llvm::Function *Copy = Evaluated && Compiled
                                   ? Compiled->getFunction(Evaluated->getName())
                                   : nullptr;
  return Copy && !Copy->isDeclaration() ? Copy : nullptr;
}

const VectorizedAccess *
DeviceModule::vectorizedAccess(const llvm::Instruction &I) const {
  for (const VectorizedAccesses *Accesses :
       {&Vectorized, &CompiledVectorized}) {
    auto Found = Accesses->find(&I);
    if (Found != Accesses->end())
      return &Found->second;
  }
  return nullptr;
}

const clang::VarDecl *
DeviceModule::sharedVariable(const llvm::GlobalVariable *Global) const {
  if (!Global || Global->getAddressSpace() != 3)
    return nullptr;
  return llvm::dyn_cast_or_null<clang::VarDecl>(
      Generator->GetDeclForMangledName(Global->getName()));
}

const clang::FunctionDecl *
DeviceModule::functionNamed(llvm::StringRef MangledName) const {
  return llvm::dyn_cast_or_null<clang::FunctionDecl>(
      Generator->GetDeclForMangledName(MangledName));
}

std::vector<const llvm::Function *> reachableFunctions(
    const llvm::Function &Kernel,
    std::map<const llvm::Function *, std::vector<const llvm::CallBase *>>
        *CallSites) {
  llvm::SetVector<const llvm::Function *> Reached;
  Reached.insert(&Kernel);
  for (unsigned Next = 0; Next < Reached.size(); ++Next)
    for (const llvm::BasicBlock &Block : *Reached[Next])
      for (const llvm::Instruction &I : Block)
        if (const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I))
          if (const llvm::Function *Callee = Call->getCalledFunction())
            if (!Callee->isDeclaration()) {
              if (CallSites)
                (*CallSites)[Callee].push_back(Call);
              Reached.insert(Callee);
            }
  return {Reached.begin(), Reached.end()};
}

} // namespace smemlint
