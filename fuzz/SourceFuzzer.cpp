//===--- SourceFuzzer.cpp - Arbitrary bytes as a .cu file -----------------===//
//
// libFuzzer target source-fuzzer: the input is the whole text of a CUDA file,
// parsed and analysed as the driver would (prelude mode, sm_90, every check).
// Compile errors are expected and fine; a crash, a sanitizer report or a hang
// (libFuzzer's -timeout) is a bug. Seeds: the test inputs listed in
// fuzz/source-seeds.txt, dictionary: fuzz/source.dict.
//
//===----------------------------------------------------------------------===//

#include "FuzzAnalysis.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Bytes, size_t Size) {
  std::string Text(reinterpret_cast<const char *>(Bytes), Size);
  smemlint::FileReport Report = smemlint::fuzz::analyzeSourceText(Text);
  // Cheap consistency: what the report says about accesses must be sane.
  for (const smemlint::KernelReport &Kernel : Report.Kernels)
    for (const smemlint::AccessReport &Access : Kernel.Accesses)
      if (Access.IdealWavefronts > Access.Wavefronts ||
          Access.TotalWavefronts < Access.Wavefronts ||
          (Access.WarpInstructions == 0 && Access.Wavefronts != 0))
        std::abort();
  return 0;
}
