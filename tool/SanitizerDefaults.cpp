//===--- SanitizerDefaults.cpp - ASan defaults of a sanitized build -----===//
//
// Linked into every executable of a SMEM_LINT_SANITIZE build
// (docs/hardening.md).
//
//===----------------------------------------------------------------------===//

// Only Clang's and LLVM's headers are compiled with ASan here, not their
// libraries. llvm::BumpPtrAllocator (which ASTContext allocates from) poisons
// each new slab and unpoisons each piece it hands out, but only in
// instrumented code: when smem-lint's inlined copy starts a slab and
// libclang-cpp then allocates the rest of it (reading a precompiled preamble,
// for one), the pieces stay poisoned and ASan reports a use-after-poison
// that is not one. Manual poisoning is therefore turned off; every other
// ASan check stays on, and ASAN_OPTIONS can still turn it back on.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}
