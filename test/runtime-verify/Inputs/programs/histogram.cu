// A byte histogram: each block counts its part of the input in 256 shared
// bins with atomics, then adds them to the global bins. The input length
// and the data come from the command line and the host (run-histogram.test).
// histogramPerThread is compiled but never launched.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void histogram256(unsigned *bins, const unsigned char *data, int n) {
  __shared__ unsigned local[256];
  local[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

__global__ void histogramPerThread(unsigned *bins, const unsigned char *data,
                                   int n) {
  __shared__ unsigned char counts[256][32];
  for (int b = 0; b < 256; ++b)
    counts[b][threadIdx.x] = 0;
  for (int i = threadIdx.x; i < n; i += 32)
    counts[data[i]][threadIdx.x]++;
  for (int b = 0; b < 256; ++b)
    atomicAdd(&bins[b], counts[b][threadIdx.x]);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : (1 << 20);
  unsigned char *host = (unsigned char *)malloc(n);
  unsigned seed = 12345;
  for (int i = 0; i < n; ++i) {
    seed = seed * 1103515245u + 12345u;
    host[i] = (unsigned char)(seed >> 16);
  }
  unsigned char *data;
  unsigned *bins;
  cudaMalloc(&data, n);
  cudaMalloc(&bins, 256 * sizeof(unsigned));
  cudaMemcpy(data, host, n, cudaMemcpyHostToDevice);
  cudaMemset(bins, 0, 256 * sizeof(unsigned));
  int blocks = (n + 255) / 256;
  if (blocks > 120)
    blocks = 120;
  histogram256<<<blocks, 256>>>(bins, data, n);
  unsigned result[256];
  cudaMemcpy(result, bins, sizeof(result), cudaMemcpyDeviceToHost);
  printf("histogram of %d bytes: bin 0 = %u\n", n, result[0]);
  return cudaDeviceSynchronize() != cudaSuccess;
}
