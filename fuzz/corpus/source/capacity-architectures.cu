// The same 60 KB block on three architectures: it needs the opt-in on sm_90
// (227 KB allowed) and sm_75 (64 KB allowed), and is impossible on sm_52,
// which has no opt-in and gives a block 48 KB (Programming Guide, "Technical
// Specifications per Compute Capability").
// RUN: %smem-lint --arch=sm_90 %s 2>&1 | FileCheck --check-prefix=HOPPER %s
// RUN: %smem-lint --arch=sm_75 %s 2>&1 | FileCheck --check-prefix=TURING %s
// RUN: not %smem-lint --arch=sm_52 %s 2>&1 | FileCheck --check-prefix=MAXWELL %s

__global__ void sixtyK(float *out) {
  extern __shared__ float buffer[];
  buffer[threadIdx.x] = 1.0f;
  out[threadIdx.x] = buffer[threadIdx.x];
}

void launch(float *o) {
  cudaFuncSetAttribute(sixtyK, cudaFuncAttributeMaxDynamicSharedMemorySize,
                       60 * 1024);
  sixtyK<<<1, 128, 60 * 1024>>>(o);
}
// HOPPER-NOT: error:
// HOPPER: smem-lint: 0 warnings and 0 errors
// TURING-NOT: error:
// TURING: smem-lint: 0 warnings and 0 errors
// MAXWELL: architectures.cu:18:3: error: 'sixtyK' needs 61440 bytes (60 KB) of shared memory per block (0 static + 61440 dynamic); sm_52 gives a block at most 49152 bytes (48 KB)
