// More than 48 KB of dynamic shared memory needs the opt-in
// cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
// bytes); an H200 allows up to 227 KB per block with it (sharedMemPerBlockOptin
// = 232448: the sm_90 row of lib/Hardware/ArchTable.cpp, which
// cudaGetDeviceProperties on the H200 confirmed).
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="error:"
// RUN: not %smem-lint --format=json %s | FileCheck --check-prefix=JSON %s

__global__ void noOptIn(float *out) {
  extern __shared__ float buffer[];
  buffer[threadIdx.x] = 1.0f;
  out[threadIdx.x] = buffer[threadIdx.x];
}

__global__ void optedIn(float *out) {
  extern __shared__ float buffer[];
  buffer[threadIdx.x] = 1.0f;
  out[threadIdx.x] = buffer[threadIdx.x];
}

__global__ void optedInTooLittle(float *out) {
  extern __shared__ float buffer[];
  buffer[threadIdx.x] = 1.0f;
  out[threadIdx.x] = buffer[threadIdx.x];
}

__global__ void tooMuch(float *out) {
  extern __shared__ float buffer[];
  buffer[threadIdx.x] = 1.0f;
  out[threadIdx.x] = buffer[threadIdx.x];
}

void launch(float *o) {
  noOptIn<<<1, 256, 64 * 1024>>>(o);
  // CHECK: dynamic-opt-in.cu:[[@LINE-1]]:3: error: launch of 'noOptIn' asks for 65536 bytes (64 KB) of dynamic shared memory, 65536 bytes (64 KB) per block in all, above the 49152 bytes (48 KB) default, and the file never opts in (block 256x1, sm_90) [smem-capacity]
  // CHECK: note: call cudaFuncSetAttribute(noOptIn, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536) before the launch; without it the launch fails with 'invalid argument'

  cudaFuncSetAttribute(optedIn, cudaFuncAttributeMaxDynamicSharedMemorySize,
                       100 * 1024);
  optedIn<<<1, 256, 100 * 1024>>>(o);

  cudaFuncSetAttribute(optedInTooLittle,
                       cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
  optedInTooLittle<<<1, 256, 96 * 1024>>>(o);
  // CHECK: dynamic-opt-in.cu:[[@LINE-1]]:3: error: launch of 'optedInTooLittle' asks for 98304 bytes (96 KB) of dynamic shared memory, but the kernel opts in to only 65536 bytes (64 KB)
  // CHECK: dynamic-opt-in.cu:[[@LINE-4]]:3: note: the opt-in is here

  // 228 KB per SM minus the 1 KB the driver reserves per block: 227 KB.
  cudaFuncSetAttribute(tooMuch, cudaFuncAttributeMaxDynamicSharedMemorySize,
                       228 * 1024);
  tooMuch<<<1, 256, 228 * 1024>>>(o);
  // CHECK: dynamic-opt-in.cu:[[@LINE-1]]:3: error: 'tooMuch' needs 233472 bytes (228 KB) of shared memory per block (0 static + 233472 dynamic); sm_90 gives a block at most 232448 bytes (227 KB)
}

// JSON: "block_dims": [
// JSON: "dynamic_shared_bytes": 65536,
// JSON-NEXT: "dynamic_shared_source": "launch",
// JSON: "dynamic_shared_bytes": 65536,
// JSON: "name": "noOptIn",
