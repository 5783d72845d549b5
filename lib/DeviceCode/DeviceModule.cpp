//===--- DeviceModule.cpp - The kernels as the compiler sees them ---------===//

#include "DeviceCode/DeviceModule.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/CodeGenOptions.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/CodeGen/ModuleBuilder.h"
#include "clang/Lex/HeaderSearchOptions.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/Transforms/Scalar/InferAddressSpaces.h"
#include "llvm/Transforms/Vectorize/LoadStoreVectorizer.h"

#include <mutex>

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

/// LLVM's -O1 function simplification as Clang runs it, without the loop
/// unroller and loop vectorizers, then what the NVPTX backend runs before
/// instruction selection: InferAddressSpaces (generic accesses to shared
/// memory become `addrspace(3)` ones, as nvcc makes them LDS/STS) and the
/// LoadStoreVectorizer.
void optimize(llvm::Module &Module, llvm::TargetMachine *Machine) {
  llvm::PipelineTuningOptions Tuning;
  Tuning.LoopUnrolling = false;
  Tuning.LoopInterleaving = false;
  Tuning.LoopVectorization = false;
  Tuning.SLPVectorization = false;
  llvm::LoopAnalysisManager Loops;
  llvm::FunctionAnalysisManager Functions;
  llvm::CGSCCAnalysisManager SCCs;
  llvm::ModuleAnalysisManager Modules;
  llvm::PassBuilder Builder(Machine, Tuning);
  Builder.registerModuleAnalyses(Modules);
  Builder.registerCGSCCAnalyses(SCCs);
  Builder.registerFunctionAnalyses(Functions);
  Builder.registerLoopAnalyses(Loops);
  Builder.crossRegisterProxies(Loops, Functions, SCCs, Modules);
  llvm::ModulePassManager Pipeline =
      Builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O1);
  llvm::FunctionPassManager Late;
  Late.addPass(llvm::InferAddressSpacesPass());
  // NVPTX's own IR pipeline merges adjacent loads and stores into vector
  // instructions (a float4 copy into one LDS.128); so does nvcc's.
  Late.addPass(llvm::LoadStoreVectorizerPass());
  Pipeline.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(Late)));
  Pipeline.run(Module, Modules);
}

/// The functions a kernel reaches, and whether one of them holds an
/// expression Sema could not make sense of (a RecoveryExpr): CodeGen must
/// not see those.
class ReachedFunctions : public clang::RecursiveASTVisitor<ReachedFunctions> {
public:
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
  bool VisitExpr(clang::Expr *E) {
    if (E->containsErrors())
      Broken = true;
    return !Broken;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr *E) {
    if (const auto *Function =
            llvm::dyn_cast<clang::FunctionDecl>(E->getDecl()))
      Pending.push_back(Function);
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

private:
  std::vector<const clang::FunctionDecl *> Pending, Definitions;
  llvm::DenseSet<const clang::FunctionDecl *> Visited;
  bool Broken = false;
};

} // namespace

DeviceModule::~DeviceModule() {
  // The module belongs to the context; the generator's state refers to both.
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
  CodeGenDiagnostics Collected;
  clang::DiagnosticsEngine Diags(
      llvm::makeIntrusiveRefCnt<clang::DiagnosticIDs>(),
      llvm::makeIntrusiveRefCnt<clang::DiagnosticOptions>(), &Collected,
      /*ShouldOwnClient=*/false);
  Result->Generator.reset(clang::CreateLLVMCodeGen(
      Diags, "smem-lint-device", Inputs.FileSystem, *Inputs.HeaderSearch,
      *Inputs.Preprocessor, Options, *Result->Context));
  clang::CodeGenerator &Generator = *Result->Generator;
  Generator.Initialize(Ctx);
  std::vector<const clang::FunctionDecl *> Generated;
  // What CodeGen emits for a definition it is handed; functions that are
  // only declared in the module, or deferred, are emitted when used.
  llvm::SetVector<const clang::FunctionDecl *> Handed;
  for (const clang::FunctionDecl *Kernel : Kernels) {
    ReachedFunctions Reached;
    if (Kernel->isInvalidDecl() || !Kernel->hasBody() ||
        Reached.reachesBrokenCode(Kernel))
      continue;
    Generated.push_back(Kernel);
    Handed.insert(Reached.definitions().begin(), Reached.definitions().end());
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
  optimize(*Result->Module, Machine.get());
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

} // namespace smemlint
