// REQUIRES: sarif-validator
// Columns are in UTF-16 code units, as SARIF and GitHub count them: the
// two-byte 'é' and the four-byte emoji before the access shift Clang's byte
// column back by 1 and 2 (a surrogate pair is two units).
// RUN: not %smem-lint --format=sarif --sarif-source-root=%S %s > %t.sarif
// RUN: FileCheck %s < %t.sarif
// RUN: %validate-sarif %t.sarif

__global__ void accents(float *out) {
  __shared__ float s[32 * 32];
  /* é 😀 */ out[threadIdx.x] = s[threadIdx.x * 32];
}

// Clang's column of 's' is 36 (bytes); in UTF-16 units it is 33.
// CHECK: "ruleId": "smem-bank-conflict",
// CHECK: "region": {
// CHECK-NEXT: "startLine": 11,
// CHECK-NEXT: "startColumn": 33,
// It spans the access `s[threadIdx.x * 32]`, 19 units.
// CHECK-NEXT: "endLine": 11,
// CHECK-NEXT: "endColumn": 52
int main() { accents<<<1, 256>>>(nullptr); }
