// Column sums of a rows x 32 matrix: each block stages 32 rows in shared
// memory, then each thread of the first warp sums one column, walking down
// the tile (32-way conflicts: the lanes read one column), and a second
// kernel does the same from a padded tile. The row count comes from the
// command line (run-program-more.test).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void columnSums(float *sums, const float *m, int rows) {
  __shared__ float tile[32][32];
  int row = blockIdx.x * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = row < rows ? m[row * 32 + threadIdx.x] : 0;
  __syncthreads();
  if (threadIdx.y == 0) {
    float s = 0;
    for (int r = 0; r < 32; ++r)
      s += tile[threadIdx.x][r];
    atomicAdd(&sums[threadIdx.x], s);
  }
}

__global__ void columnSumsPadded(float *sums, const float *m, int rows) {
  __shared__ float tile[32][33];
  int row = blockIdx.x * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = row < rows ? m[row * 32 + threadIdx.x] : 0;
  __syncthreads();
  if (threadIdx.y == 0) {
    float s = 0;
    for (int r = 0; r < 32; ++r)
      s += tile[threadIdx.x][r];
    atomicAdd(&sums[threadIdx.x], s);
  }
}

int main(int argc, char **argv) {
  int rows = argc > 1 ? atoi(argv[1]) : 4096;
  float *m, *sums;
  cudaMalloc(&m, sizeof(float) * rows * 32);
  cudaMalloc(&sums, sizeof(float) * 32);
  cudaMemset(m, 0, sizeof(float) * rows * 32);
  cudaMemset(sums, 0, sizeof(float) * 32);
  dim3 block(32, 32), grid((rows + 31) / 32);
  columnSums<<<grid, block>>>(sums, m, rows);
  columnSumsPadded<<<grid, block>>>(sums, m, rows);
  printf("column sums of %d rows\n", rows);
  return cudaDeviceSynchronize() != cudaSuccess;
}
