// Matrix transposes chosen at run time through a kernel pointer: a tiled one
// whose column read is a 32-way conflict, and the same with padded rows. The
// matrix size comes from the command line (run-transpose.test).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

constexpr int TILE = 32, ROWS = 8;

__global__ void transposeTiled(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transposePadded(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

typedef void (*Transpose)(float *, const float *, int);

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1024;
  size_t bytes = size_t(n) * n * sizeof(float);
  float *a, *b;
  cudaMalloc(&a, bytes);
  cudaMalloc(&b, bytes);
  cudaMemset(a, 0, bytes);
  Transpose kernels[] = {transposeTiled, transposePadded};
  dim3 block(TILE, ROWS), grid(n / TILE, n / TILE);
  for (Transpose k : kernels)
    k<<<grid, block>>>(b, a, n);
  printf("transposed %dx%d twice\n", n, n);
  return cudaDeviceSynchronize() != cudaSuccess;
}
