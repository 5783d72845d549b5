// A shared array of 2^31 elements: a capacity error with the exact byte
// count (no overflow in the size arithmetic); exit 1.

// RUN: (%smem-lint %s 2>&1; echo "exit=$?") | FileCheck %s

// smem-lint: block_dim(256)
// CHECK: huge-shared-array.cu:[[@LINE+1]]:17: error: 'k' needs 8589934592 bytes (8388608 KB) of shared memory per block (8589934592 static + 0 dynamic); sm_90 gives a block at most 232448 bytes (227 KB)
__global__ void k() {
  __shared__ float s[1u << 31];
  s[threadIdx.x] = 0;
}
// CHECK: smem-lint: 0 warnings and 1 error in 1 file
// CHECK: exit=1
