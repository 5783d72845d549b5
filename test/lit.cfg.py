# lit configuration for smem-lint: each test is a small CUDA file (or a .test
# script) with RUN lines that call %smem-lint and check its output with
# FileCheck.
import os
import shutil

import lit.formats

config.name = "smem-lint"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".cu", ".cuh", ".test"]
config.excludes = ["Inputs", "unit", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.smem_lint_obj_root

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")])
# Tests must not depend on the developer's environment.
config.environment.pop("CUDA_PATH", None)

# %smem-lint parses with the built-in prelude, so results do not depend on
# whether a CUDA toolkit is installed; tests of the toolkit mode use
# %smem-lint-toolkit and REQUIRES: cuda-toolkit.
config.substitutions.append(("%smem-lint-toolkit", config.smem_lint_binary))
config.substitutions.append(
    ("%smem-lint", config.smem_lint_binary + " --no-cuda-toolkit"))
config.substitutions.append(("%src_root", config.smem_lint_src_root))
# The build directory, for the tests of what it installs and packages.
config.substitutions.append(("%build_root", config.smem_lint_build_root))
config.substitutions.append(
    ("%summarize", "python3 " + os.path.join(config.smem_lint_src_root,
                                             "utils", "summarize-json.py")))

# A SMEM_LINT_SANITIZE build (docs/hardening.md): any ASan or UBSan report
# must fail the test even under `not`, so the process has to die of SIGABRT.
# handle_abort=1 makes the sanitizer reset SIGABRT before aborting, so the
# driver's crash guard (which would turn it into exit code 3) cannot catch it.
# Options already in the environment come last and win.
if config.smem_lint_sanitized:
    config.available_features.add("asan")
    common = "abort_on_error=1:handle_abort=1:print_stacktrace=1"
    for name, defaults in [
            ("ASAN_OPTIONS", common + ":detect_leaks=1"),
            ("UBSAN_OPTIONS", common + ":halt_on_error=1")]:
        given = config.environment.get(name, "")
        config.environment[name] = defaults + (":" + given if given else "")
    config.environment["ASAN_SYMBOLIZER_PATH"] = os.path.join(
        config.llvm_tools_dir, "llvm-symbolizer")

cuda_path = "/usr/local/cuda"
if os.path.exists(os.path.join(cuda_path, "include", "cuda_runtime.h")):
    config.available_features.add("cuda-toolkit")
if shutil.which("pre-commit"):
    config.available_features.add("pre-commit")
if shutil.which("cpack") and shutil.which("dpkg-deb"):
    config.available_features.add("cpack-deb")
if shutil.which("nvidia-smi") and shutil.which("ncu"):
    config.available_features.add("gpu")
