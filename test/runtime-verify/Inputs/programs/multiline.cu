// Shared accesses in statements written over several lines, as tiled GEMMs
// write their float4 stores and their subscripts: nvcc's line table puts the
// STS.128 at the line of the value stored and the loads at the last line of
// the subscript, not at the line where the statement begins
// (multiline-statements.test). ./multiline TILES: one block of 256 threads
// per 256 outputs, TILES tiles of 64x16 floats each.
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int BM = 64, BK = 16;

__global__ void multiLine(const float *a, float *c, int tiles) {
  __shared__ float As[BM * BK];
  const int row = threadIdx.x / 4, quad = threadIdx.x % 4;
  float acc = 0;
  for (int t = 0; t < tiles; ++t) {
    reinterpret_cast<float4 *>(
        &As[row * BK + quad * 4])[0] =
        reinterpret_cast<const float4 *>(
            &a[((blockIdx.x * tiles + t) * BM + row) * BK + quad * 4])[0];
    __syncthreads();
    for (int i = 0; i < BK; ++i)
      acc +=
          As[(threadIdx.x % BM) * BK +
             i];
    __syncthreads();
  }
  c[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

int main(int argc, char **argv) {
  int tiles = argc > 1 ? atoi(argv[1]) : 8, blocks = 4;
  size_t words = size_t(blocks) * tiles * BM * BK;
  std::vector<float> h(words);
  for (size_t i = 0; i < words; ++i)
    h[i] = float(i % 7);
  float *a, *c;
  cudaMalloc(&a, words * sizeof(float));
  cudaMalloc(&c, blocks * 256 * sizeof(float));
  cudaMemcpy(a, h.data(), words * sizeof(float), cudaMemcpyHostToDevice);
  multiLine<<<blocks, 256>>>(a, c, tiles);
  float first = 0;
  cudaMemcpy(&first, c, sizeof(float), cudaMemcpyDeviceToHost);
  printf("c[0] = %g (%s)\n", first, cudaGetErrorString(cudaGetLastError()));
  cudaFree(a);
  cudaFree(c);
  return 0;
}
