// Static __shared__ variables are limited to 48 KB per block on every
// architecture (CUDA C++ Programming Guide, "Shared Memory": "Kernels relying
// on shared memory allocations over 48 KB per block ... must use dynamic
// shared memory").
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="error:"
// RUN: not %smem-lint --format=json %s | FileCheck --check-prefix=JSON %s

// 13 * 1024 floats = 53248 bytes.
__global__ void tooBigStatic(float *out) {
  // CHECK: static-limit.cu:[[@LINE-1]]:17: error: static shared memory of 'tooBigStatic' is 53248 bytes (52 KB), more than the 49152 bytes (48 KB) a block can have in __shared__ variables (block 256x1, sm_90) [smem-capacity]
  // CHECK: note: declare the large array 'extern __shared__', pass its size as the third launch argument, and raise the limit with cudaFuncSetAttribute(tooBigStatic, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes)
  __shared__ float big[13 * 1024];
  big[threadIdx.x] = 1.0f;
  out[threadIdx.x] = big[threadIdx.x];
}

// Exactly 48 KB in two arrays, aligned one after the other: fine.
__global__ void exactly48k(float *out) {
  __shared__ float a[8 * 1024];
  __shared__ double b[2 * 1024];
  a[threadIdx.x] = 1.0f;
  b[threadIdx.x] = 2.0;
  out[threadIdx.x] = a[threadIdx.x] + b[threadIdx.x];
}

void launch(float *o) {
  tooBigStatic<<<1, 256>>>(o);
  exactly48k<<<1, 256>>>(o);
}
// JSON: "name": "tooBigStatic",
// JSON: "static_shared_bytes": 53248
// JSON: "name": "exactly48k",
// JSON: "static_shared_bytes": 49152
