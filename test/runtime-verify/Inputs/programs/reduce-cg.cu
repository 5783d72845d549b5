// A sum with cooperative groups: each block reduces its part in dynamic
// shared memory down to one warp, which finishes with shuffles; the block
// size (and so the shared bytes) comes from the command line
// (run-program-more.test).
#include <cooperative_groups.h>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__global__ void reduceSum(float *out, const float *in, int n) {
  extern __shared__ float partial[];
  cg::thread_block block = cg::this_thread_block();
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  partial[tid] = i < n ? in[i] : 0.0f;
  block.sync();
  for (unsigned s = blockDim.x / 2; s >= 32; s /= 2) {
    if (tid < s)
      partial[tid] += partial[tid + s];
    block.sync();
  }
  if (tid < 32) {
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    float v = partial[tid];
    for (int offset = 16; offset > 0; offset /= 2)
      v += warp.shfl_down(v, offset);
    if (tid == 0)
      out[blockIdx.x] = v;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
  int threads = argc > 2 ? atoi(argv[2]) : 512;
  int blocks = (n + threads - 1) / threads;
  float *in, *out;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, blocks * sizeof(float));
  cudaMemset(in, 0, n * sizeof(float));
  reduceSum<<<blocks, threads, threads * sizeof(float)>>>(out, in, n);
  printf("reduced %d in %d blocks of %d\n", n, blocks, threads);
  return cudaDeviceSynchronize() != cudaSuccess;
}
