// A kernel whose conflicting read and a compile error are in headers it
// includes through another header (driver/include-chain.test).

#include "inc/outer.cuh"

__global__ void k(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = readColumn(tile);
}

void launch(float *out) { k<<<1, dim3(32, 32)>>>(out); }
