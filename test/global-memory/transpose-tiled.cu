// A kernel that stages a copy through shared memory: the tiled transpose of
// examples/transpose.cu. Both its global load and store run along rows (4
// sectors per request, measured on an H200: g_tiled_transpose in
// docs/measurements/h200-global-sectors.md); gmem-uncoalesced notes what the
// direct copy the tile replaces would cost: each element stored by the
// thread that loads it, `out[x*height + y] = in[y*width + x]`, 32 sectors
// per store request (measured for the naive transpose).
//
// RUN: %smem-lint --checks=gmem-uncoalesced --format=json %s | %summarize | FileCheck %s
// RUN: %smem-lint --checks=gmem-uncoalesced %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not=warning: %s
#define TILE_DIM 32
#define BLOCK_ROWS 8

// CHECK: kernel transposeCoalesced L[[@LINE+1]] block_dims=32x8x1(launch)
__global__ void transposeCoalesced(float *odata, const float *idata,
                                   int width, int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  // CHECK: gaccess idata load L[[@LINE+2]]:42 width=4 shape=0 requested=128 sectors=4 ideal=4 lines=1 mean=4 stride=4 status=exact
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  // CHECK: gaccess odata store L[[@LINE+6]]:5 width=4 shape=0 requested=128 sectors=4 ideal=4 lines=1 mean=4 stride=4 status=exact
  // Per block, 32 requests each: tiled 32 x (4 + 4) x 32 = 8192 bytes for
  // 8192 requested; direct 32 x (4 + 32) x 32 = 36864.
  // TEXT: transpose-tiled.cu:[[@LINE+3]]:5: note: staging through 'tile' keeps the stores to 'odata' coalesced: 4 sectors per request, where storing each element from the thread that loads it (the copy without the tile) takes 32; per block 8192 bytes transferred for 8192 requested, 36864 without the tile (block 32x8, sm_90) [gmem-uncoalesced]
  // TEXT: transpose-tiled.cu:[[@LINE-8]]:42: note: the elements come from this load of 'idata', staged in 'tile'
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}
// CHECK: gtotals transposeCoalesced shape=0 requested=8192 transferred=8192 ratio=1 load=4096/4096 store=4096/4096 atomic=0/0
// CHECK-NEXT: gstaged tile idata L22 -> odata L32 store_sectors=4 direct_store_sectors=32 transferred=8192 direct_transferred=36864

// A copy through shared memory that keeps every element where it was: the
// direct copy is as coalesced as this one, so there is nothing to note.
// CHECK: kernel stagedCopy L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void stagedCopy(float *out, const float *in) {
  __shared__ float buffer[256];
  int i = blockIdx.x * 256 + threadIdx.x;
  buffer[threadIdx.x] = in[i];
  __syncthreads();
  out[i] = buffer[threadIdx.x];
}
// CHECK: gtotals stagedCopy shape=0 requested=2048 transferred=2048 ratio=1 load=1024/1024 store=1024/1024 atomic=0/0
// CHECK-NOT: gstaged

// TEXT: smem-lint: 0 warnings and 0 errors, 1 note in 1 file
int main() {
  transposeCoalesced<<<dim3(32, 32), dim3(TILE_DIM, BLOCK_ROWS)>>>(
      nullptr, nullptr, 1024, 1024);
  stagedCopy<<<64, 256>>>(nullptr, nullptr);
}
