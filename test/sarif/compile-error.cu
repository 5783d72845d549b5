// REQUIRES: sarif-validator
// A compile error is a result of the rule clang-diagnostic-error at its
// location; its kernel is not analysed (a note says so), the kernels that
// still parsed are, and the invocation fails (smem-lint exits with 2).
// RUN: not %smem-lint --format=sarif --sarif-source-root=%S %s > %t.sarif
// RUN: FileCheck %s < %t.sarif
// RUN: %validate-sarif %t.sarif

__global__ void broken(float *out) {
  out[0] = undeclared_name;
}

__global__ void fine(float *out) {
  __shared__ float s[32 * 32];
  out[threadIdx.x] = s[threadIdx.x * 32];
}

// CHECK: "invocations": [
// CHECK-NEXT: {
// CHECK-NEXT: "executionSuccessful": false
// CHECK-NEXT: }
// CHECK: "results": [
// CHECK-NEXT: {
// CHECK-NEXT: "ruleId": "smem-lint-incomplete",
// CHECK: "text": "'broken' is not analysed: Clang cannot compile what it reaches at line 10
// CHECK: "ruleId": "clang-diagnostic-error",
// CHECK-NEXT: "ruleIndex": 15,
// CHECK-NEXT: "level": "error",
// CHECK-NEXT: "message": {
// CHECK-NEXT: "text": "use of undeclared identifier 'undeclared_name'"
// CHECK: "uri": "compile-error.cu",
// CHECK: "region": {
// CHECK-NEXT: "startLine": 10,
// CHECK-NEXT: "startColumn": 12,
// CHECK-NEXT: "endLine": 10,
// CHECK-NEXT: "endColumn": 27
// CHECK: "ruleId": "smem-bank-conflict",
// CHECK: "text": "32-way bank conflict: read of 's'
// CHECK: "startLine": 15,
