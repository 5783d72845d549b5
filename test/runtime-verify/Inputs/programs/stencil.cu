// A 5-point Jacobi stencil over an nx x ny grid given on the command line:
// each block loads its 32x8 tile and a one-cell halo into shared memory,
// then averages. The grid is computed at run time; the program steps a few
// times, swapping buffers (run-stencil.test).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

constexpr int BX = 32, BY = 8;

__global__ void jacobi(float *out, const float *in, int nx, int ny) {
  __shared__ float tile[BY + 2][BX + 2];
  int x = blockIdx.x * BX + threadIdx.x;
  int y = blockIdx.y * BY + threadIdx.y;
  int cx = min(x, nx - 1), cy = min(y, ny - 1);
  tile[threadIdx.y + 1][threadIdx.x + 1] = in[cy * nx + cx];
  if (threadIdx.x == 0)
    tile[threadIdx.y + 1][0] = in[cy * nx + max(cx - 1, 0)];
  if (threadIdx.x == BX - 1)
    tile[threadIdx.y + 1][BX + 1] = in[cy * nx + min(cx + 1, nx - 1)];
  if (threadIdx.y == 0)
    tile[0][threadIdx.x + 1] = in[max(cy - 1, 0) * nx + cx];
  if (threadIdx.y == BY - 1)
    tile[BY + 1][threadIdx.x + 1] = in[min(cy + 1, ny - 1) * nx + cx];
  __syncthreads();
  if (x < nx && y < ny)
    out[y * nx + x] = 0.25f * (tile[threadIdx.y][threadIdx.x + 1] +
                               tile[threadIdx.y + 2][threadIdx.x + 1] +
                               tile[threadIdx.y + 1][threadIdx.x] +
                               tile[threadIdx.y + 1][threadIdx.x + 2]);
}

void smoothOnce(float *out, const float *in, int n); // stencil-other.cu

int main(int argc, char **argv) {
  int nx = argc > 1 ? atoi(argv[1]) : 512;
  int ny = argc > 2 ? atoi(argv[2]) : 512;
  int steps = argc > 3 ? atoi(argv[3]) : 4;
  size_t bytes = size_t(nx) * ny * sizeof(float);
  float *a, *b;
  cudaMalloc(&a, bytes);
  cudaMalloc(&b, bytes);
  float *host = (float *)malloc(bytes);
  for (size_t i = 0; i < size_t(nx) * ny; ++i)
    host[i] = float(i % 17);
  cudaMemcpy(a, host, bytes, cudaMemcpyHostToDevice);
  dim3 block(BX, BY), grid((nx + BX - 1) / BX, (ny + BY - 1) / BY);
  for (int s = 0; s < steps; ++s) {
    jacobi<<<grid, block>>>(b, a, nx, ny);
    float *t = a;
    a = b;
    b = t;
  }
  smoothOnce(b, a, 1024);
  cudaMemcpy(host, a, bytes, cudaMemcpyDeviceToHost);
  printf("stencil %dx%d, %d steps: %f\n", nx, ny, steps, host[nx + 1]);
  return cudaDeviceSynchronize() != cudaSuccess;
}
