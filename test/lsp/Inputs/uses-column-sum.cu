#include "column-sum.cuh"

__global__ void sums(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = column_sum(tile);
}
void launch(float *out) { sums<<<1, dim3(32, 32)>>>(out); }
