// A tiled transpose whose 32x32 tile is read by columns: a 32-way bank
// conflict. BLOCK_ROWS comes from the compile database, so the file only
// parses cleanly when the server finds compile_commands.json.
#ifndef BLOCK_ROWS
#error "BLOCK_ROWS comes from compile_commands.json"
#endif
#define TILE_DIM 32

__global__ void transpose(float *odata, const float *idata, int width) {
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

void launch(float *out, const float *in) {
  transpose<<<dim3(32, 32), dim3(TILE_DIM, BLOCK_ROWS)>>>(out, in, 1024);
}
