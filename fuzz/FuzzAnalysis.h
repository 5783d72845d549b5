//===--- FuzzAnalysis.h - Analyse a source text held in memory --*- C++ -*-===//
//
// The front-end fuzzers hand a whole .cu file to the same analyzeFiles the
// driver and the language server use: parsed with the built-in prelude (so no
// CUDA toolkit is read), for sm_90, the text given as an unsaved buffer so
// nothing touches the disk, on a thread with the driver's stack size. No
// crash guard: a crash must reach libFuzzer.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_FUZZ_FUZZANALYSIS_H
#define SMEMLINT_FUZZ_FUZZANALYSIS_H

#include "Frontend/CudaFrontend.h"
#include "Hardware/ArchTable.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/thread.h"

#include <optional>
#include <string>
#include <vector>

namespace smemlint {
namespace fuzz {

inline FileReport analyzeSourceText(const std::string &Text) {
  // ClangTool changes into the command's directory, so it must exist; the
  // file itself is only ever the in-memory buffer.
  static const std::string Directory = [] {
    llvm::SmallString<128> Temp;
    llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Temp);
    return Temp.str().str();
  }();
  static const std::string Path = Directory + "/smem-lint-fuzz-input.cu";
  clang::tooling::FixedCompilationDatabase Database(Directory,
                                                    std::vector<std::string>());
  FrontendOptions Frontend;
  Frontend.ForcePrelude = true;
  Frontend.ResourceDir = SMEM_LINT_RESOURCE_DIR;
  ParseMode Mode = resolveParseMode(Frontend);
  AnalysisOptions Analysis;
  Analysis.Arch = findArch("sm_90");
  // A sixteenth of the driver's budget: under coverage instrumentation a
  // full one takes about a minute, and the fuzzers want many small inputs
  // (running out of budget is a path they exercise all the same).
  Analysis.StepBudget = 4'000'000;
  // On a thread with the driver's large stack, as the driver analyses:
  // deep nesting that the driver survives must not look like a crash here.
  std::vector<FileReport> Reports;
  llvm::thread Analyse(
      std::optional<unsigned>(AnalysisStackBytes),
      [&] {
        Reports = analyzeFiles(Database, {Path}, Mode, Frontend, Analysis,
                               {{Path, Text}});
      });
  Analyse.join();
  return Reports.empty() ? FileReport() : std::move(Reports.front());
}

} // namespace fuzz
} // namespace smemlint

#endif
