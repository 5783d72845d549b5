// A persistent grid: every block loops over the tiles `tile = blockIdx.x,
// blockIdx.x + gridDim.x, ...`. With fewer tiles than blocks most blocks
// find no tile, so the run's blocks execute on average far fewer of each
// instruction than the analysed block (block 0 takes one tile); the cost
// per instruction is what the analysis predicts. Each tile is copied
// through shared memory and read back by columns: lane x reads t[x][y + j],
// 32 words apart, one bank (32-way). The lanes below `edge` also add their
// row's first word (none with edge 0: nvcc predicates that read, which then
// executes with every lane off, so the kernel's load count on the source
// page exceeds the hardware's and only the line's own lanes tell its count).
#include <cstdio>
#include <cstdlib>
#include <vector>

__global__ void transposeTiles(const float *in, float *out, int tiles,
                               int edge) {
  __shared__ float t[32][32];
  int x = threadIdx.x % 32, y = threadIdx.x / 32;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    for (int j = 0; j < 32; j += 8)
      t[y + j][x] = in[tile * 1024 + (y + j) * 32 + x];
    __syncthreads();
    for (int j = 0; j < 32; j += 8) {
      float v = t[x][y + j];
      if (x < edge)
        v += t[y + j][0];
      out[tile * 1024 + (y + j) * 32 + x] = v;
    }
    __syncthreads();
  }
}

int main(int argc, char **argv) {
  int tiles = argc > 1 ? atoi(argv[1]) : 16;
  int blocks = argc > 2 ? atoi(argv[2]) : 132;
  int edge = argc > 3 ? atoi(argv[3]) : 0;
  std::vector<float> host(tiles * 1024);
  for (size_t i = 0; i < host.size(); ++i)
    host[i] = float(i);
  float *in, *out;
  cudaMalloc(&in, host.size() * sizeof(float));
  cudaMalloc(&out, host.size() * sizeof(float));
  cudaMemcpy(in, host.data(), host.size() * sizeof(float),
             cudaMemcpyHostToDevice);
  transposeTiles<<<blocks, 256>>>(in, out, tiles, edge);
  cudaMemcpy(host.data(), out, host.size() * sizeof(float),
             cudaMemcpyDeviceToHost);
  printf("out[1] = %g (%s)\n", host[1], cudaGetErrorString(cudaGetLastError()));
  return 0;
}
