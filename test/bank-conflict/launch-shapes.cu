// One kernel launched with several block shapes: each distinct shape is
// analysed once (in the order first launched) and numbered by shape=, the
// index into block_dims. Repeated shapes are not analysed twice.
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

// CHECK: kernel multi L[[@LINE+1]] block_dims=32x8x1(launch) 16x16x1(launch) 256x1x1(launch) 8x32x1(launch)
__global__ void multi(float *out) {
  __shared__ float tile[32][32];
  // Word 32*tx + ty, bank ty; per warp, as many words per bank as a row of
  // the warp has lanes:
  //   shape 0, 32x8: one row of 32 lanes -> 32;
  //   shape 1, 16x16: two rows of 16 (banks 0, 1) -> 16;
  //   shape 2, 256 (ty = 0, lane l reads word 32l, bank 0) -> 32;
  //   shape 3, 8x32: four rows of 8 -> 8.
  // CHECK: access tile load L[[@LINE+14]]:12 width=4 shape=0 wavefronts=32 mean=32 ideal=1 ways=32
  // CHECK: access tile load L[[@LINE+13]]:12 width=4 shape=1 wavefronts=16 mean=16 ideal=1 ways=16
  // CHECK: access tile load L[[@LINE+12]]:12 width=4 shape=2 wavefronts=32 mean=32 ideal=1 ways=32
  // CHECK: access tile load L[[@LINE+11]]:12 width=4 shape=3 wavefronts=8 mean=8 ideal=1 ways=8
  // One warning per shape, each naming its shape and launch, each with the
  // padding that fixes it for that shape: 33 (bank l + c), 34 (bank 2tx + ty),
  // 33, 36 (bank 4tx + ty).
  // TEXT: launch-shapes.cu:[[@LINE+7]]:12: warning: 32-way bank conflict: read of 'tile' takes 32 wavefronts per warp instead of 1 (block 32x8, sm_90)
  // TEXT: note: pad the rows of 'tile' to 33 elements: conflict-free
  // TEXT: launch-shapes.cu:[[@LINE+5]]:12: warning: 16-way bank conflict: read of 'tile' takes 16 wavefronts per warp instead of 1 (block 16x16, sm_90)
  // TEXT: note: pad the rows of 'tile' to 34 elements: conflict-free
  // TEXT: launch-shapes.cu:[[@LINE+3]]:12: warning: 32-way bank conflict: read of 'tile' takes 32 wavefronts per warp instead of 1 (block 256x1, sm_90)
  // TEXT: launch-shapes.cu:[[@LINE+2]]:12: warning: 8-way bank conflict: read of 'tile' takes 8 wavefronts per warp instead of 1 (block 8x32, sm_90)
  // TEXT: note: pad the rows of 'tile' to 36 elements: conflict-free
  out[0] = tile[threadIdx.x & 31][threadIdx.y];
}
// 256 threads = 8 warps in every shape.
// CHECK: totals multi shape=0 load=256/8 store=0/0 atomic=0/0
// CHECK: totals multi shape=1 load=128/8 store=0/0 atomic=0/0
// CHECK: totals multi shape=2 load=256/8 store=0/0 atomic=0/0
// CHECK: totals multi shape=3 load=64/8 store=0/0 atomic=0/0

int main() {
  dim3 block(32, 8);
  multi<<<1, block>>>(nullptr);
  multi<<<4, dim3(16, 16)>>>(nullptr);
  multi<<<1, block>>>(nullptr);
  multi<<<2, 256>>>(nullptr);
  multi<<<1, dim3(32, 8, 1)>>>(nullptr);
  multi<<<1, dim3(8, 32)>>>(nullptr);
}
