// An inclusive scan over a length given on the command line: each block
// scans its part in dynamic shared memory (Hillis-Steele, two buffers), the
// block sums are scanned by one block, then added back. The block size and
// so the dynamic shared bytes are chosen at run time (run-scan.test).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void scanBlocks(float *out, float *sums, const float *in, int n) {
  extern __shared__ float buffer[];
  float *from = buffer, *to = buffer + blockDim.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  from[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int offset = 1; offset < blockDim.x; offset *= 2) {
    float v = from[threadIdx.x];
    if (threadIdx.x >= offset)
      v += from[threadIdx.x - offset];
    to[threadIdx.x] = v;
    __syncthreads();
    float *t = from;
    from = to;
    to = t;
  }
  if (i < n)
    out[i] = from[threadIdx.x];
  if (threadIdx.x == blockDim.x - 1)
    sums[blockIdx.x] = from[threadIdx.x];
}

__global__ void addSums(float *out, const float *scannedSums, int n) {
  int i = (blockIdx.x + 1) * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] += scannedSums[blockIdx.x];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100000;
  int threads = argc > 2 ? atoi(argv[2]) : 256;
  int blocks = (n + threads - 1) / threads;
  float *in, *out, *sums, *scanned, *unused;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaMalloc(&sums, blocks * sizeof(float));
  cudaMalloc(&scanned, blocks * sizeof(float));
  cudaMalloc(&unused, sizeof(float));
  float *host = (float *)malloc(n * sizeof(float));
  for (int i = 0; i < n; ++i)
    host[i] = 1.0f;
  cudaMemcpy(in, host, n * sizeof(float), cudaMemcpyHostToDevice);
  scanBlocks<<<blocks, threads, 2 * threads * sizeof(float)>>>(out, sums, in, n);
  // The block sums: one block as wide as there are blocks (at most 1024).
  int top = 1;
  while (top < blocks)
    top *= 2;
  scanBlocks<<<1, top, 2 * top * sizeof(float)>>>(scanned, unused, sums, blocks);
  addSums<<<blocks - 1, threads>>>(out, scanned, n);
  cudaMemcpy(host, out, n * sizeof(float), cudaMemcpyDeviceToHost);
  printf("scan of %d: last = %f\n", n, host[n - 1]);
  return cudaDeviceSynchronize() != cudaSuccess;
}
