//===--- DeviceModule.h - The kernels as the compiler sees them -*- C++ -*-===//
//
// Clang's own CodeGen, run in process on the parsed device-side AST, gives
// the LLVM IR of the kernels: member functions, lambdas, conversion
// operators, cooperative groups and library templates are inlined into plain
// address arithmetic on `addrspace(3)` globals, each instruction with the line
// and column it came from. The pipeline is LLVM's -O1 without the loop
// unroller or vectorizers (loops stay loops, as in the source) followed by
// address-space inference, as NVPTX runs it. A second copy is optimized as
// nvcc would, loops unrolled; VectorizedAccesses tells, in both, which
// accesses become one vector instruction. This file only builds the modules
// and maps their globals and functions back to the declarations they came
// from.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_DEVICECODE_DEVICEMODULE_H
#define SMEMLINT_DEVICECODE_DEVICEMODULE_H

#include "DeviceCode/VectorizedAccesses.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CodeGenOptions;
class CodeGenerator;
class Decl;
class FunctionDecl;
class HeaderSearchOptions;
class PreprocessorOptions;
class VarDecl;
} // namespace clang

namespace llvm {
class CallBase;
class DIFile;
class DILocation;
class GlobalVariable;
} // namespace llvm

namespace smemlint {

/// What CodeGen needs besides the AST, as the compile command set it up.
struct DeviceCodeGenInputs {
  const clang::HeaderSearchOptions *HeaderSearch = nullptr;
  const clang::PreprocessorOptions *Preprocessor = nullptr;
  /// Copied and changed: -O1, line tables with columns, no unrolling.
  const clang::CodeGenOptions *CodeGen = nullptr;
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FileSystem;
};

/// Where the code \p Kernel reaches holds what Clang could not compile
/// (an expression with errors, an invalid declaration), which keeps the
/// kernel out of the device code; invalid when there is none.
clang::SourceLocation brokenCodeReachedBy(const clang::ASTContext &Ctx,
                                          const clang::FunctionDecl *Kernel);

class DeviceModule {
public:
  /// Generates and optimizes the device code of \p Kernels (and what they
  /// call). Null with \p Error set when CodeGen reported an error or produced
  /// nothing; null with \p Error empty when every kernel reaches code with
  /// errors (a RecoveryExpr), which CodeGen must not see.
  static std::unique_ptr<DeviceModule>
  generate(clang::ASTContext &Ctx, const DeviceCodeGenInputs &Inputs,
           llvm::ArrayRef<const clang::FunctionDecl *> Kernels,
           std::string &Error);
  ~DeviceModule();

  const llvm::Module &module() const { return *Module; }
  /// The copy optimized as nvcc would (compiledKernelFunction).
  const llvm::Module *compiledModule() const { return Compiled.get(); }
  /// The IR function of kernel \p Kernel, or null when it was not emitted.
  const llvm::Function *kernelFunction(const clang::FunctionDecl *Kernel) const;
  /// The same kernel as nvcc compiles it: loops unrolled (-O2, -O3's
  /// unroll threshold), so that
  /// the accesses of consecutive iterations are merged into vector
  /// instructions where the vectorizer can (the evaluated module keeps the
  /// loops). Null when it was not emitted.
  const llvm::Function *
  compiledKernelFunction(const clang::FunctionDecl *Kernel) const;
  /// How the compiled code performs the shared load or store \p I (of the
  /// evaluated code, or of the copy optimized as nvcc would) together with
  /// others of its block as one vector instruction (findVectorizedAccesses);
  /// null when it does not.
  const VectorizedAccess *vectorizedAccess(const llvm::Instruction &I) const;
  /// The __shared__ variable \p Global was emitted for, or null.
  const clang::VarDecl *
  sharedVariable(const llvm::GlobalVariable *Global) const;
  /// The function an IR function or an inlined scope's linkage name was
  /// emitted for, or null.
  const clang::FunctionDecl *functionNamed(llvm::StringRef MangledName) const;

  /// The parse's locations of the module's debug locations, as
  /// DebugLocations translated them: kept for every evaluation of the file
  /// (a kernel's block shapes, values tried and fix proofs each evaluate it
  /// again, with the same translation).
  struct TranslatedLocations {
    llvm::DenseMap<const llvm::DIFile *, clang::FileID> Files;
    llvm::DenseMap<const llvm::DILocation *, clang::SourceLocation> Lines;
  };
  TranslatedLocations &translatedLocations() const { return Translations; }

  /// What an evaluator derives from the module's IR alone and keeps for
  /// every evaluation of it (a type of the evaluator's own, IrExecution):
  /// a kernel's block shapes, values tried and fix proofs each evaluate the
  /// same functions again. Destroyed before the module it refers to.
  struct EvaluationCache {
    virtual ~EvaluationCache() = default;
  };
  std::unique_ptr<EvaluationCache> &evaluationCache() const { return Cache; }

private:
  DeviceModule() = default;
  std::unique_ptr<llvm::LLVMContext> Context;
  std::unique_ptr<clang::CodeGenerator> Generator;
  std::unique_ptr<llvm::Module> Module;
  std::unique_ptr<llvm::Module> Compiled;
  llvm::DenseMap<const clang::FunctionDecl *, const llvm::Function *> Kernels;
  VectorizedAccesses Vectorized, CompiledVectorized;
  mutable TranslatedLocations Translations;
  mutable std::unique_ptr<EvaluationCache> Cache;
};

/// \p Kernel and every function it reaches through calls that were not
/// inlined, kernel first; with the calls to each in \p CallSites when given.
std::vector<const llvm::Function *> reachableFunctions(
    const llvm::Function &Kernel,
    std::map<const llvm::Function *, std::vector<const llvm::CallBase *>>
        *CallSites = nullptr);

} // namespace smemlint

#endif
