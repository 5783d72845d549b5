// The seed's tiled transpose (examples/transpose.cu): a 32x32 float tile
// written by rows and read by columns, block 32x8 taken from the launch.
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck --check-prefix=DIAG %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not=warning: %s
// RUN: not %smem-lint %s 2>/dev/null | FileCheck --strict-whitespace --check-prefix=FIX %s
#define TILE_DIM 32
#define BLOCK_ROWS 8

// CHECK: mode=prelude arch=sm_90
// CHECK: kernel transposeCoalesced L[[@LINE+1]] block_dims=32x8x1(launch)
__global__ void transposeCoalesced(float *odata, const float *idata,
                                   int width, int height) {
  __shared__ float tile[32][32];

  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;

  // Warp w (threadIdx.y = w) writes row w + j: 32 consecutive words, one per
  // bank (bank = word % 32) -> 1 wavefront; h200-shared-memory.md row
  // "same, store tile[threadIdx.y][threadIdx.x]" 1.00.
  // CHECK: access tile store L[[@LINE+2]]:5 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];

  __syncthreads();

  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;

  // Lane l reads word 32*l + (w + j): all 32 lanes in bank (w + j) % 32,
  // 32 different words -> 32 wavefronts; h200-shared-memory.md row
  // "tile[32][32] ... tile[threadIdx.x][threadIdx.y]" 32.00.
  // CHECK: access tile load L[[@LINE+7]]:34 width=4 shape=0 wavefronts=32 mean=32 ideal=1 ways=32 status=exact
  // DIAG: diagnostic smem-bank-conflict warning L[[@LINE+6]]:34 32-way bank conflict: read of 'tile' takes 32 wavefronts per warp instead of 1 (block 32x8, sm_90)
  // The fix-it replaces the "32" of the row size (line of `tile`, column 29).
  // DIAG-NEXT: fixit L[[@LINE-23]]:29 length=2 replacement=33
  // TEXT: transpose-seed.cu:[[@LINE+3]]:34: warning: 32-way bank conflict: read of 'tile' takes 32 wavefronts per warp instead of 1 (block 32x8, sm_90) [smem-bank-conflict]
  // TEXT: transpose-seed.cu:[[@LINE+2]]:34: note: lanes 0-31 of warp 0 need 32 different words from bank 0: tile[0][0], tile[1][0], tile[2][0], ..., tile[31][0]; consecutive lanes are 32 words apart
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}
// Totals: 8 warps x 4 iterations = 32 warp instructions each way;
// load 32 x 32 = 1024 wavefronts, store 32 x 1 = 32.
// CHECK: totals transposeCoalesced shape=0 load=1024/32 store=32/32 atomic=0/0

// With 33 words per row lane l reads word 33*l + c: bank (l + c) % 32, all
// different -> 1 wavefront (h200-shared-memory.md row "tile[32][33] (padded)").
// TEXT: transpose-seed.cu:[[@LINE+15]]:3: note: analysed with block 32x8, height = 1024 and width = 1024 from this launch
// TEXT: transpose-seed.cu:[[@LINE-36]]:29: note: pad the rows of 'tile' to 33 elements: conflict-free (this read: 32 -> 1 wavefronts), +128 bytes per block (4096 -> 4224)
// FIX: note: pad the rows of 'tile' to 33 elements: conflict-free
// FIX-NEXT: {{^}}  __shared__ float tile[32][32];{{$}}
// FIX-NEXT: {{^ {28}\^$}}
// FIX-NEXT: {{^ {28}33$}}
// TEXT: smem-lint: 1 warning and 0 errors in 1 file

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
