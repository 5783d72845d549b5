// Shared memory reached through a generic pointer: the kernel keeps its
// tile in shared memory when it fits and in a global scratch buffer when it
// does not, so nvcc cannot tell the address space and emits generic loads
// and stores (LD.E, ST.E) that the hardware sends to shared memory at run
// time.
#include <cstdio>
#include <cstdlib>
#include <vector>

// Column sums of 32x32 tiles, one warp per tile: lane i adds row i of the
// tile. With `pitch` 32 a column is one bank (32-way); 33 spreads it.
__global__ void columnSums(const float *in, float *out, float *scratch,
                           int pitch) {
  __shared__ float tile[32 * 33];
  float *rows = 32 * pitch <= 32 * 33 ? tile : scratch + blockIdx.x * 32 * pitch;
  int lane = threadIdx.x % 32;
  for (int r = 0; r < 32; ++r)
    rows[r * pitch + lane] = in[(blockIdx.x * 32 + r) * 32 + lane];
  __syncwarp();
  float sum = 0;
  for (int c = 0; c < 32; ++c)
    sum += rows[lane * pitch + c];
  out[blockIdx.x * 32 + lane] = sum;
}

int main(int argc, char **argv) {
  int blocks = argc > 1 ? atoi(argv[1]) : 4;
  int pitch = argc > 2 ? atoi(argv[2]) : 32;
  std::vector<float> host(blocks * 32 * 32, 1.0f);
  float *in, *out, *scratch;
  cudaMalloc(&in, host.size() * sizeof(float));
  cudaMalloc(&out, blocks * 32 * sizeof(float));
  cudaMalloc(&scratch, blocks * 32 * 64 * sizeof(float));
  cudaMemcpy(in, host.data(), host.size() * sizeof(float),
             cudaMemcpyHostToDevice);
  columnSums<<<blocks, 32>>>(in, out, scratch, pitch);
  std::vector<float> result(blocks * 32);
  cudaMemcpy(result.data(), out, result.size() * sizeof(float),
             cudaMemcpyDeviceToHost);
  printf("out[0] = %g (%s)\n", result[0],
         cudaGetErrorString(cudaGetLastError()));
  return 0;
}
