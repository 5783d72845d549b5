// The seed's tiled transpose: a 32x32 tile read by columns.
// Run: smem-lint examples/transpose.cu
#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeCoalesced(float *odata, const float *idata,
                                   int width, int height) {
  __shared__ float tile[32][32];

  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;

  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];

  __syncthreads();

  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;

  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  const int width = 1024, height = 1024;
  float *in = nullptr, *out = nullptr;
  cudaMalloc(&in, width * height * sizeof(float));
  cudaMalloc(&out, width * height * sizeof(float));
  dim3 grid(width / TILE_DIM, height / TILE_DIM);
  dim3 block(TILE_DIM, BLOCK_ROWS);
  transposeCoalesced<<<grid, block>>>(out, in, width, height);
  cudaDeviceSynchronize();
  return 0;
}
