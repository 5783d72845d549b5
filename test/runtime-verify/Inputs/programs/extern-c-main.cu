// Launches extern-c-kernels.cu's tileSums: ./extern-c 8 (the number of
// 32x32 tiles), block 32x4, 2 blocks.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

extern "C" __global__ void tileSums(const float *in, float *out, int tiles);

int main(int argc, char **argv) {
  int tiles = argc > 1 ? atoi(argv[1]) : 8;
  const int blocks = 2;
  size_t inCount = size_t(tiles) * 32 * 32, outCount = blocks * 4 * 32;
  float *hostIn = new float[inCount];
  for (size_t i = 0; i < inCount; ++i)
    hostIn[i] = float(i % 1000); // each tile differs from the last
  float *in, *out;
  cudaMalloc(&in, inCount * sizeof(float));
  cudaMalloc(&out, outCount * sizeof(float));
  cudaMemcpy(in, hostIn, inCount * sizeof(float), cudaMemcpyHostToDevice);
  tileSums<<<blocks, dim3(32, 4)>>>(in, out, tiles);
  cudaError_t Error = cudaDeviceSynchronize();
  float first = 0;
  cudaMemcpy(&first, out, sizeof(float), cudaMemcpyDeviceToHost);
  printf("%s, out[0] = %.0f\n", cudaGetErrorString(Error), first);
  cudaFree(in);
  cudaFree(out);
  delete[] hostIn;
  return Error == cudaSuccess ? 0 : 1;
}
