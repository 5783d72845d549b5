// A shared array of 2^31 x 2^31 elements: Clang rejects it as too large (a
// compile error, exit 2); the analysis of what still parsed must not crash.

// RUN: (%smem-lint %s 2>&1; echo "exit=$?") | FileCheck %s

// CHECK: huge-multidim-array.cu:[[@LINE+1]]:17: note: 'k' is not analysed: Clang cannot compile what it reaches
__global__ void k() {
  // CHECK: huge-multidim-array.cu:[[@LINE+1]]:21: error: array is too large (2147483648 elements)
  __shared__ char s[1u << 31][1u << 31];
  s[threadIdx.x][0] = 0;
}
// CHECK-NOT: crashed
// CHECK: smem-lint: 0 warnings and 1 error, 1 note in 1 file
// CHECK: exit=2
