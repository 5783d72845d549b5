//===--- ToolFindings.cpp - The compiler's and the tool's own findings ----===//
//
// The kinds of finding that no check reports: what Clang said about the
// code, what is wrong with the input, and how far the analysis got. Each is
// a SARIF rule and a name NOLINT and --checks accept like a check's.
//
//===----------------------------------------------------------------------===//

#include "Report/CheckInfo.h"

namespace smemlint {

const char *checkCategoryName(CheckCategory Category) {
  switch (Category) {
  case CheckCategory::Performance:
    return "performance";
  case CheckCategory::Correctness:
    return "correctness";
  case CheckCategory::Input:
    return "input";
  }
  return "input";
}

llvm::ArrayRef<CheckInfo> toolFindingKinds() {
  static const CheckInfo Kinds[] = {
      {
          "clang-diagnostic-error",
          "CompileError",
          FindingOrigin::Compiler,
          CheckCategory::Input,
          Severity::Error,
          /*OnByDefault=*/true,
          /*AlwaysShown=*/true,
          /*AboutTheTool=*/false,
          NeedsSharedAccesses,
          "README.md#using-it",
          "The file does not compile",
          "Clang reported an error while parsing the file for the GPU. "
          "smem-lint analyses the kernels that still parsed, so the findings "
          "in this file may be incomplete, and exits with status 2.",
          "Fix the error, or give smem-lint the flags the file needs: -I and "
          "-D after --, or -p with a compile_commands.json.",
          "Clang could not parse this code for the GPU; the kernels that "
          "still parsed were analysed.\n"
          "\n"
          "**Fix:** fix the error, or pass the flags the file needs:\n"
          "\n"
          "```sh\n"
          "smem-lint kernel.cu -- -DTILE=32 -Iinclude\n"
          "smem-lint -p build/ kernel.cu  # flags from compile_commands.json\n"
          "```",
      },
      {
          "smem-lint-input",
          "InputError",
          FindingOrigin::Tool,
          CheckCategory::Input,
          Severity::Error,
          /*OnByDefault=*/true,
          /*AlwaysShown=*/true,
          /*AboutTheTool=*/false,
          NeedsSharedAccesses,
          "README.md#using-it",
          "An input file could not be analysed",
          "A file named on the command line is missing, is a directory or a "
          "binary file, or is not CUDA source. smem-lint skipped it and exits "
          "with status 2.",
          "Check the path. smem-lint analyses .cu and .cuh files, and other "
          "files that declare __global__, __device__ or __shared__ code.",
          "A file named on the command line could not be analysed.\n"
          "\n"
          "**Fix:** check the path. smem-lint analyses `.cu` and `.cuh` "
          "files, and other files that declare `__global__`, `__device__` or "
          "`__shared__` code.",
      },
      {
          findings::InternalError,
          "InternalError",
          FindingOrigin::Tool,
          CheckCategory::Input,
          Severity::Error,
          /*OnByDefault=*/true,
          /*AlwaysShown=*/true,
          /*AboutTheTool=*/false,
          NeedsSharedAccesses,
          "docs/hardening.md",
          "smem-lint failed on a file",
          "smem-lint crashed or ran out of a resource while analysing the "
          "file. The other files were analysed; the run exits with status 3.",
          "Please report it with the file (or a reduction of it) and the "
          "command line.",
          "smem-lint failed while analysing this file; the other files were "
          "analysed.\n"
          "\n"
          "**Fix:** please report it with the file (or a reduction of it) and "
          "the command line.",
      },
      {
          findings::Annotation,
          "IgnoredAnnotation",
          FindingOrigin::Tool,
          CheckCategory::Input,
          Severity::Warning,
          /*OnByDefault=*/true,
          /*AlwaysShown=*/false,
          /*AboutTheTool=*/true,
          NeedsSharedAccesses,
          "README.md#using-it",
          "A smem-lint annotation comment could not be read",
          "A `// smem-lint: block_dim(...)` comment above a kernel is "
          "malformed, so the analysis ignored it and chose the block shape as "
          "if it were not there.",
          "Write the shape as block_dim(x), block_dim(x, y) or block_dim(x, "
          "y, z) with positive integers.",
          "A `// smem-lint: block_dim(...)` comment was ignored.\n"
          "\n"
          "**Fix:** write `// smem-lint: block_dim(32, 8)` right above the "
          "kernel.",
      },
      {
          findings::Frontend,
          "UnreadCode",
          FindingOrigin::Tool,
          CheckCategory::Input,
          Severity::Note,
          /*OnByDefault=*/true,
          /*AlwaysShown=*/false,
          /*AboutTheTool=*/true,
          NeedsSharedAccesses,
          "docs/configuration.md#code-the-parse-cannot-read",
          "Code that smem-lint's device-side parse reads differently from nvcc",
          "Clang 19, which smem-lint parses with, rejects some code nvcc 13 "
          "accepts: host code it type-checks more strictly, device-side "
          "kernel launches (dynamic parallelism), and __shared__ objects with "
          "constructors. Where that code touches no kernel, launch or shared "
          "variable, smem-lint notes what it did not read and analyses the "
          "rest; a __shared__ object's constructor is a warning, as nvcc's "
          "#20054-D.",
          "Nothing to fix for the notes; for a __shared__ object, initialise "
          "it in the kernel instead of with a constructor.",
          "smem-lint did not read this code, or reads it as nvcc does not run "
          "it.\n"
          "\n"
          "**Fix:** nothing for host code and device-side launches; a "
          "`__shared__` object's constructor never runs, so initialise it in "
          "the kernel:\n"
          "\n"
          "```cuda\n"
          "__shared__ cuda::barrier<cuda::thread_scope_block> bar;\n"
          "if (threadIdx.x == 0) init(&bar, blockDim.x);\n"
          "__syncthreads();\n"
          "```",
      },
      {
          findings::Nolint,
          "UnusedSuppression",
          FindingOrigin::Tool,
          CheckCategory::Input,
          Severity::Warning,
          /*OnByDefault=*/true,
          /*AlwaysShown=*/false,
          /*AboutTheTool=*/true,
          NeedsSharedAccesses,
          "docs/configuration.md#suppressing-findings",
          "A NOLINT comment names no known check or is unbalanced",
          "A NOLINT, NOLINTNEXTLINE or NOLINTBEGIN/END comment names a check "
          "in smem-lint's namespaces (smem-*, gmem-*) that smem-lint does not "
          "have, or a NOLINTBEGIN has no NOLINTEND, so it silences less than "
          "it seems to. Other tools' names (clang-tidy's) are left to them.",
          "Name checks as smem-lint lists them, and close every NOLINTBEGIN.",
          "A NOLINT comment silences less than it seems to.\n"
          "\n"
          "**Fix:** name checks as smem-lint lists them (`// "
          "NOLINT(smem-bank-conflict)`), and close every `NOLINTBEGIN`.",
      },
      {
          "smem-lint-incomplete",
          "IncompleteAnalysis",
          FindingOrigin::Tool,
          CheckCategory::Input,
          Severity::Note,
          /*OnByDefault=*/true,
          /*AlwaysShown=*/false,
          /*AboutTheTool=*/true,
          NeedsSharedAccesses,
          "docs/configuration.md#checks",
          "The analysis of a kernel stopped short",
          "The evaluation of a kernel reached its step budget (past half of "
          "it, loops stop after their current iteration), calls nested more "
          "than 16 deep (recursion), or code nested more than 512 levels "
          "deep; or, evaluating its compiled code, met what it does not "
          "follow yet: a copy of a large object into shared memory, an "
          "access it could not place in the source. Where the evaluation "
          "stopped (a budget, threads stopped by undefined behaviour), the "
          "accesses past that point were not analysed; where it went on, the "
          "note names what is missing and the rest of the kernel was "
          "analysed. The other kernels were analysed either way. A shared "
          "access the analysis cannot follow gets its own note at its place "
          "('access not analysed'), counted in the summary line: an address "
          "it cannot compute, inline PTX that accesses shared memory "
          "(ld.shared, cp.async, ldmatrix, mbarrier), the wmma, ldmatrix, "
          "asynchronous-copy and mbarrier intrinsics.",
          "Nothing is wrong with the code; findings for this kernel may be "
          "missing. Lower --max-loop-iterations, or split the kernel.",
          "The analysis of this kernel stopped short: its step budget ran "
          "out, calls or code nested past the evaluator's limits, or code it "
          "does not follow lost some accesses. Findings about what the note "
          "names may be missing.\n"
          "\n"
          "**Fix:** nothing to fix in the code; lower `--max-loop-iterations` "
          "if it was raised.",
      },
  };
  return Kinds;
}

} // namespace smemlint
