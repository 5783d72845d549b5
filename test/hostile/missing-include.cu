// A missing header is a compile error that names the header and the line
// that includes it; the kernel after it is still analysed; exit 2.

// RUN: (%smem-lint %s 2>&1; echo "exit=$?") | FileCheck %s
// CHECK: missing-include.cu:[[@LINE+1]]:10: error: 'no/such/header.cuh' file not found
#include "no/such/header.cuh"

// smem-lint: block_dim(32)
__global__ void conflict() {
  __shared__ float s[32 * 32];
  // CHECK: missing-include.cu:[[@LINE+1]]:3: warning: 32-way bank conflict
  s[threadIdx.x * 32] = 1.0f;
}
// CHECK: smem-lint: 1 warning and 1 error in 1 file
// CHECK: exit=2
