// A transpose tile sized by a header found through -I (include-path/), as a
// project's kernels include <project/config.h> (prepare-include-dirs.test).
#include <tiles/shape.h>

__global__ void transposeTile(float *out, const float *in) {
  __shared__ float tile[TileWidth][TileWidth + TilePadding];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * TileWidth + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * TileWidth + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

void launch(float *out, const float *in) {
  transposeTile<<<1, dim3(TileWidth, TileWidth)>>>(out, in);
}
