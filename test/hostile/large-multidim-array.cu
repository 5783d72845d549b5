// 2^16 x 2^16 bytes (4 GiB) is a legal C++ array: a capacity error, exit 1.

// RUN: (%smem-lint %s 2>&1; echo "exit=$?") | FileCheck %s

// smem-lint: block_dim(256)
// CHECK: large-multidim-array.cu:[[@LINE+1]]:17: error: 'k' needs 4294967296 bytes
__global__ void k() {
  __shared__ char s[1 << 16][1 << 16];
  s[threadIdx.x][threadIdx.x] = 0;
}
// CHECK: exit=1
