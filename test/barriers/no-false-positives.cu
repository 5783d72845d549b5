// Correct kernels from the seeds and the CUDA samples: no barrier finding.
// RUN: %smem-lint %s 2>&1 | FileCheck %s
// With the toolkit's own cooperative_groups.h (static members, real types):
// RUN: %if cuda-toolkit %{ %smem-lint-toolkit %s 2>&1 | FileCheck %s %}
// CHECK-NOT: warning:
// CHECK: smem-lint: 0 warnings and 0 errors in 1 file
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// The padded transpose.
__global__ void transposeNoBankConflicts(float *odata, const float *idata,
                                         int width, int height) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}

// Tree reduction, sequential addressing, a barrier in each step.
__global__ void reduceSequential(float *out, const float *in) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// Tree reduction with cooperative groups' block sync.
__global__ void reduceGroups(float *out, const float *in) {
  __shared__ float sdata[128];
  cg::thread_block block = cg::this_thread_block();
  unsigned tid = block.thread_rank();
  sdata[tid] = in[tid];
  block.sync();
  for (unsigned s = 64; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    cg::sync(block);
  }
  if (tid == 0)
    out[0] = sdata[0];
}

// A barrier written as inline PTX.
__global__ void ptxBarrier(float *out) {
  __shared__ float s[128];
  s[threadIdx.x] = threadIdx.x;
  asm volatile("bar.sync 0;" ::: "memory");
  out[threadIdx.x] = s[127 - threadIdx.x];
}

// A stencil that reads its neighbours after the barrier.
__global__ void stencil(float *out, const float *in) {
  __shared__ float s[258];
  int tid = threadIdx.x;
  s[tid + 1] = in[tid];
  if (tid == 0) {
    s[0] = 0.0f;
    s[257] = 0.0f;
  }
  __syncthreads();
  out[tid] = s[tid] + s[tid + 1] + s[tid + 2];
}

void launch(float *o, const float *i) {
  transposeNoBankConflicts<<<dim3(32, 32), dim3(32, 8)>>>(o, i, 1024, 1024);
  reduceSequential<<<64, 256>>>(o, i);
  reduceGroups<<<1, 128>>>(o, i);
  ptxBarrier<<<1, 128>>>(o);
  stencil<<<1, 256>>>(o, i);
}
