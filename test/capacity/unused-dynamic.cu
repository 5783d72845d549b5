// Dynamic shared memory a launch asks for but the kernel never touches only
// lowers residency: a note, not a warning (exit code 0).
// RUN: %smem-lint %s 2>&1 | FileCheck %s

__global__ void noExtern(float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[255 - threadIdx.x];
}

__global__ void usesOneKB(float *out) {
  extern __shared__ float buffer[];
  buffer[threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = buffer[255 - threadIdx.x];
}

void launch(float *o) {
  noExtern<<<1, 256, 4096>>>(o);
  // CHECK: unused-dynamic.cu:[[@LINE-1]]:3: note: launch of 'noExtern' asks for 4096 bytes (4 KB) of dynamic shared memory, but the kernel declares no 'extern __shared__' array (block 256x1, sm_90) [smem-capacity]
  // 256 threads x 4 bytes = 1024 bytes touched of 32 KB. 32 KB + 1 KB reserve
  // = 33 KB per block: 228 / 33 = 6 blocks; 1 KB + 1 KB: 8 (threads bind).
  usesOneKB<<<1, 256, 32 * 1024>>>(o);
  // CHECK: unused-dynamic.cu:[[@LINE-1]]:3: note: launch of 'usesOneKB' asks for 32768 bytes (32 KB) of dynamic shared memory, but the kernel touches only the first 1024 bytes (block 256x1, sm_90) [smem-capacity]
  // CHECK: note: asking for what it uses would allow 6 -> 8 blocks per SM on sm_90
}
// CHECK: smem-lint: 0 warnings and 0 errors, 3 notes in 1 file
