// A file whose own kernel conflicts, and which includes another that does.
#include "header-kernel.cuh"
__global__ void inMain(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
void launch(float *out) {
  inHeader<<<1, dim3(32, 32)>>>(out);
  inMain<<<1, dim3(32, 32)>>>(out);
}
