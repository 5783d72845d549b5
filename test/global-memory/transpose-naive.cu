// The naive transpose `out[x*height + y] = in[y*width + x]`: loads along
// rows, stores down columns. Measured on an H200 (shared/ref/
// h200-shared-memory.md, docs/measurements/h200-global-sectors.md): with
// block 32x8 the stores take 32 sectors per request and the loads 4; with
// block 16x16 the stores take 16; with width = 1025 the loads take 4.875.
//
// RUN: not %smem-lint --checks=gmem-uncoalesced --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint --checks=gmem-uncoalesced %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not=warning: %s
#define TILE 32

// CHECK: kernel naive L[[@LINE+1]] block_dims=32x8x1(launch)
__global__ void naive(float *out, const float *in, int width, int height) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  // Load: warp w reads row y + j, 32 floats: 4 sectors. Store: lane l writes
  // out[l * 1024 + ...], 4096 bytes apart: a sector and a line per lane,
  // 32 sectors for 128 bytes (ideal 4), 1 - 128 / 1024 = 87.5% unused.
  // 8 warps x 4 iterations = 32 requests each.
  // CHECK: gaccess in load L[[@LINE+7]]:33 width=4 shape=0 requested=128 sectors=4 ideal=4 lines=1 mean=4 stride=4 status=exact
  // CHECK: gaccess out store L[[@LINE+6]]:5 width=4 shape=0 requested=128 sectors=32 ideal=4 lines=32 mean=32 stride=4096 status=exact
  // TEXT: transpose-naive.cu:[[@LINE+5]]:5: warning: store to 'out': consecutive lanes are 4096 bytes apart: 32 sectors per request, ideal 4; 87.5% of transferred bytes unused (block 32x8, sm_90) [gmem-uncoalesced]
  // TEXT: note: lanes 0-31 of warp 0 write out[0], out[1024], out[2048], ..., out[31744]: 128 bytes spread over 32 sectors in 32 lines
  // TEXT: note: analysed with block 32x8, height = 1024 and width = 1024 from this launch
  // TEXT: note: each lane touches its own 128-byte line: let consecutive lanes (threadIdx.x) index the contiguous dimension of 'out', or stage the data through a shared-memory tile
  for (int j = 0; j < TILE; j += 8)
    out[x * height + (y + j)] = in[(y + j) * width + x];
}
// Per block: loads 32 x 128 requested and moved; stores 32 x 128 requested,
// 32 x 1024 moved: 8192 requested, 4096 + 32768 = 36864 moved, 4.5 times.
// CHECK: gtotals naive shape=0 requested=8192 transferred=36864 ratio=4.5 load=4096/4096 store=4096/32768 atomic=0/0

// CHECK: kernel naive16 L[[@LINE+1]] block_dims=16x16x1(launch)
__global__ void naive16(float *out, const float *in, int width, int height) {
  int x = blockIdx.x * 16 + threadIdx.x;
  int y = blockIdx.y * 16 + threadIdx.y;
  // A warp holds rows ty and ty + 1, tx 0-15. Load: two 64-byte row pieces,
  // 2 + 2 = 4 sectors. Store: lanes tx and tx + 16 write bytes 0 and 4 of
  // one sector: 16 sectors in 16 lines, 1 - 128 / 512 = 75% unused.
  // CHECK: gaccess in load L[[@LINE+5]]:25 width=4 shape=0 requested=128 sectors=4 ideal=4 lines=2 mean=4 stride=4 status=exact
  // CHECK: gaccess out store L[[@LINE+4]]:3 width=4 shape=0 requested=128 sectors=16 ideal=4 lines=16 mean=16 stride=4096 status=exact
  // TEXT: transpose-naive.cu:[[@LINE+3]]:3: warning: store to 'out': consecutive lanes are 4096 bytes apart: 16 sectors per request, ideal 4; 75% of transferred bytes unused (block 16x16, sm_90) [gmem-uncoalesced]
  // TEXT: note: lanes 0-31 of warp 0 write out[0], out[1024], out[2048], ..., out[15361]: 128 bytes spread over 16 sectors in 16 lines
  // TEXT: note: analysed with block 16x16, height = 1024 and width = 1024 from this launch
  out[x * height + y] = in[y * width + x];
}

// No launch: the block is assumed (32x8) and 'width' and 'height' are not
// known. They are taken as large row pitches, aligned or not: evaluated with
// 1024 and with 1025, the worse kept, and the stride is written in them.
// CHECK: kernel naiveUnknown L[[@LINE+1]] block_dims=32x8x1(default)
__global__ void naiveUnknown(float *out, const float *__restrict__ in,
                             int width, int height) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  // Load with width = 1025: row r starts 4r mod 32 bytes into a sector;
  // rows 8k take 4 sectors, the 7 others 5: mean (4 + 7 x 5) / 8 = 4.875,
  // as measured. Not flagged (5 < 2 x 4).
  // Store: 4*height bytes apart, 32 sectors with either value. Resting on
  // the assumed block and height, the finding is a note.
  // CHECK: gaccess in load L[[@LINE+7]]:33 width=4 shape=0 requested=128 sectors=5 ideal=4 lines=2 mean=4.875 stride=4 status=assumed depends_on=width reason='width' is not known: taken as a large row pitch, aligned or not; the numbers are those of width = 1025 (width = 1024 takes fewer sectors)
  // CHECK: gaccess out store L[[@LINE+6]]:5 width=4 shape=0 requested=128 sectors=32 ideal=4 lines=32 mean=32 stride=4*height status=exact
  // TEXT: transpose-naive.cu:[[@LINE+5]]:5: note: store to 'out': consecutive lanes are 4*height bytes apart: 32 sectors per request, ideal 4; 87.5% of transferred bytes unused (block 32x8, sm_90) [gmem-uncoalesced]
  // TEXT: note: lanes 0-31 of warp 0 write out[0], out[1024], out[2048], ..., out[31744]
  // TEXT: note: assumed: 'height' is not known: taken as large (height = 1024); height = 1025, unaligned, takes the same sectors
  // TEXT: note: analysed with the assumed block 32x8
  for (int j = 0; j < TILE; j += 8)
    out[x * height + (y + j)] = in[(y + j) * width + x];
}
// Loads: 32 x 128 requested, (4 x 4 + 28 x 5) x 32 = 156 x 32 = 4992 moved.
// CHECK: gtotals naiveUnknown shape=0 requested=8192 transferred=37760 ratio=4.609 load=4096/4992 store=4096/32768 atomic=0/0

int main() {
  naive<<<dim3(32, 32), dim3(TILE, 8)>>>(nullptr, nullptr, 1024, 1024);
  naive16<<<dim3(64, 64), dim3(16, 16)>>>(nullptr, nullptr, 1024, 1024);
}
