// A __shared__ object whose class has a constructor: nvcc warns that no
// thread runs the constructor (#20054-D) and compiles the object as plain
// shared memory; Clang rejects the declaration and drops every use. smem-lint
// reads the file again with the declaration accepted, so the kernel is
// analysed (in a template too, where Clang checks the declaration only when
// it instantiates it), and warns as nvcc does.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="error:" --implicit-check-not="not analysed"
struct Slot {
  float value;
  __device__ Slot() : value(0.0f) {}
};

template <int Stride> __global__ void strided(float *out) {
  __shared__ Slot slots[32 * Stride];
  // CHECK: shared-object-constructor.cu:[[@LINE-1]]:19: warning: dynamic initialization is not supported for __shared__ variables: no thread runs the constructor of 'slots' (nvcc warns the same, #20054-D); initialise the object in the kernel, in one thread, followed by __syncthreads() [smem-lint-frontend]
  // Lane l writes word 2l: lanes l and l+16 share bank 2l mod 32.
  // CHECK: shared-object-constructor.cu:[[@LINE+1]]:3: warning: 2-way bank conflict: write of 'slots' takes 2 wavefronts per warp instead of 1 (in 'strided<2>', block 32x1, sm_90)
  slots[threadIdx.x * Stride].value = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = slots[threadIdx.x].value;
}

__global__ void plain(float *out) {
  __shared__ Slot slots[64];
  // CHECK: shared-object-constructor.cu:[[@LINE-1]]:19: warning: dynamic initialization is not supported for __shared__ variables
  // CHECK: shared-object-constructor.cu:[[@LINE+1]]:3: warning: 2-way bank conflict: write of 'slots' takes 2 wavefronts per warp instead of 1 (block 32x1, sm_90)
  slots[threadIdx.x * 2].value = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = slots[threadIdx.x].value;
}

void launch(float *out) {
  strided<2><<<1, 32>>>(out);
  plain<<<1, 32>>>(out);
}
// CHECK: smem-lint: 4 warnings and 0 errors
