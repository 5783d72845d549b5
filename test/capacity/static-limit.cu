// Static __shared__ variables are limited to 48 KB per block (CUDA C++
// Programming Guide, "Shared Memory": "Kernels relying on shared memory
// allocations over 48 KB per block ... must use dynamic shared memory"),
// except on the architecture-specific targets: ptxas of CUDA 13 takes up to
// the opt-in limit on sm_90a, sm_100a and sm_103a (227 KB) and sm_120a and
// sm_121a (99 KB), and 48 KB on sm_100f (shared/ref/h200-hopper.md).
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="error:"
// RUN: not %smem-lint --arch=sm_100f %s 2>&1 | FileCheck --check-prefix=FAMILY %s --implicit-check-not="error:"
// RUN: %smem-lint --arch=sm_90a %s 2>&1 | FileCheck --check-prefix=SPECIFIC %s --implicit-check-not="error:"
// RUN: not %smem-lint --format=json %s | FileCheck --check-prefix=JSON %s

// 13 * 1024 floats = 53248 bytes.
__global__ void tooBigStatic(float *out) {
  // CHECK: static-limit.cu:[[@LINE-1]]:17: error: static shared memory of 'tooBigStatic' is 53248 bytes (52 KB), more than the 49152 bytes (48 KB) a block can have in __shared__ variables (block 256x1, sm_90) [smem-capacity]
  // CHECK: note: compiled for sm_90a (-arch=sm_90a), a block may declare up to 232448 bytes (227 KB) statically; the code then runs on that architecture only
  // FAMILY: static-limit.cu:[[@LINE-3]]:17: error: static shared memory of 'tooBigStatic' is 53248 bytes (52 KB), more than the 49152 bytes (48 KB) a block can have in __shared__ variables (block 256x1, sm_100f) [smem-capacity]
  // FAMILY: note: compiled for sm_100a (-arch=sm_100a)
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

#ifdef __CUDA_ARCH_FEAT_SM90_ALL
// 200 KB: only for sm_90a, where it is legal (the note says what it costs).
// SPECIFIC: static-limit.cu:[[@LINE+1]]:17: note: shared memory limits 'huge' to 1 blocks (8 of 64 warps) per SM
__global__ void huge(float *out) {
  __shared__ float s[200 * 256];
  s[threadIdx.x] = 1.0f;
  out[threadIdx.x] = s[threadIdx.x];
}
#endif

void launch(float *o) {
  tooBigStatic<<<1, 256>>>(o);
  exactly48k<<<1, 256>>>(o);
#ifdef __CUDA_ARCH_FEAT_SM90_ALL
  huge<<<1, 256>>>(o);
#endif
}
// sm_90a takes the 52 KB array, and a 200 KB one (below).
// SPECIFIC: smem-lint: 0 warnings and 0 errors{{.*}}(sm_90a, parsed with

// JSON: "name": "tooBigStatic",
// JSON: "static_shared_bytes": 53248
// JSON: "name": "exactly48k",
// JSON: "static_shared_bytes": 49152
