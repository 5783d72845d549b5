// The seed transpose with the fix applied: tile[32][33]. Nothing to report,
// so smem-lint prints nothing and exits 0.
//
// RUN: %smem-lint %s | count 0
// RUN: %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not=warning: --implicit-check-not=note: %s
// RUN: %smem-lint --format=json %s | %summarize | FileCheck --implicit-check-not=diagnostic %s
#define TILE_DIM 32
#define BLOCK_ROWS 8

// CHECK: kernel transposeCoalesced L[[@LINE+1]] block_dims=32x8x1(launch)
__global__ void transposeCoalesced(float *odata, const float *idata,
                                   int width, int height) {
  __shared__ float tile[32][33];

  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;

  // Warp w writes words 33*(w + j) + l, l = 0..31: 32 consecutive words,
  // 32 banks -> 1 (arithmetic: bank = word % 32).
  // CHECK: access tile store L[[@LINE+2]]:5 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];

  __syncthreads();

  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;

  // Lane l reads word 33*l + c: bank (l + c) % 32, all different -> 1;
  // h200-shared-memory.md row "tile[32][33] (padded)" 1.00.
  // CHECK: access tile load L[[@LINE+2]]:34 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}
// 8 warps x 4 iterations, 1 wavefront each.
// CHECK: totals transposeCoalesced shape=0 load=32/32 store=32/32 atomic=0/0

// TEXT: smem-lint: 0 warnings and 0 errors in 1 file

int main() {
  dim3 grid(32, 32);
  dim3 block(TILE_DIM, BLOCK_ROWS);
  transposeCoalesced<<<grid, block>>>(nullptr, nullptr, 1024, 1024);
  return 0;
}
