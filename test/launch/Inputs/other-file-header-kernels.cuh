// A kernel in a header that other-file-header-main.cu includes and launches.
#pragma once
__global__ void rowBroadcast(float *out) {
  __shared__ float rows[16][32];
  // A warp of a 16x2 block is two rows of threads: lanes with one
  // threadIdx.x write words x * 32 + y, 16 words 32 apart in one bank.
  rows[threadIdx.x][threadIdx.y] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = rows[threadIdx.x][threadIdx.y];
}
