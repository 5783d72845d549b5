// REQUIRES: cuda-toolkit
// With the real CUDA 13 headers (and smem-lint's compatibility shims for
// Clang 19), the same analysis runs and the report says which toolkit.
// RUN: not %smem-lint-toolkit --cuda-path=/usr/local/cuda --format=json %s | FileCheck --check-prefix=JSON %s
// RUN: not %smem-lint-toolkit --cuda-path=/usr/local/cuda %s 2>&1 | FileCheck --check-prefix=TEXT %s
// JSON: "cuda_path": "/usr/local/cuda",
// JSON: "cuda_version": "13.{{[0-9]+}}",
// JSON: "mode": "cuda-toolkit",
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cuda_fp16.h>

__global__ void k(float *out) {
  __shared__ float s[1024];
  s[threadIdx.x * 32 % 1024] = 1.0f;
  // TEXT: toolkit-mode.cu:[[@LINE-1]]:3: warning: 32-way bank conflict: write of 's'
  out[threadIdx.x] = s[threadIdx.x];
}
// TEXT: parsed with the CUDA toolkit at /usr/local/cuda (13.
void launch(float *out) { k<<<1, 32>>>(out); }
