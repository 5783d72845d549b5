// Case m11_launch_bounds: __launch_bounds__(N) guarantees at most N threads
// per block. With no launch in the file the kernel is analysed with the
// __launch_bounds__ maximum instead of the default 256 threads, so s[tx] and
// s[63 - tx] in a 64-element array are in bounds (with 256 threads, threads
// 64-255 would index past the end: a false alarm). The block used is in the
// JSON; its source is "default" (the assumed shape, capped by the bound), and
// a finding's note names it as the assumed block.
//
// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note: --implicit-check-not='out of bounds'
// RUN: %smem-lint --format=json %s | %summarize --launches | FileCheck --check-prefix=JSON %s

// 64 threads: tx in 0..63, indices 0..63 and 63..0, all inside s[64].
// JSON: kernel k_lb64 L[[@LINE+2]] block_dims=64x1x1(default)
// JSON-NEXT: launch k_lb64 shape=0 block=64x1x1 grid=- dynamic=None params=-
__global__ void __launch_bounds__(64) k_lb64(float *o) {
  __shared__ float s[64];
  // 2 warps, lane l writes word l: 1 wavefront each.
  // JSON: access s store L[[@LINE+1]]:3 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact{{$}}
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  // JSON: access s load L[[@LINE+1]]:20 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact{{$}}
  o[threadIdx.x] = s[63 - threadIdx.x];
}
// JSON: totals k_lb64 shape=0 load=2/2 store=2/2 atomic=0/0{{$}}

// __launch_bounds__(1024, 1): analysed with the bound, 1024 threads (32
// warps), which also stay inside s[1024].
// JSON: kernel k_lb1024 L[[@LINE+2]] block_dims=1024x1x1(default)
// JSON-NEXT: launch k_lb1024 shape=0 block=1024x1x1 grid=- dynamic=None params=-
__global__ void __launch_bounds__(1024, 1) k_lb1024(float *o) {
  __shared__ float s[1024];
  s[threadIdx.x] = 1;
  __syncthreads();
  o[threadIdx.x] = s[1023 - threadIdx.x];
}
// JSON: totals k_lb1024 shape=0 load=32/32 store=32/32 atomic=0/0{{$}}

// What the user reads when a kernel under __launch_bounds__(64) has a finding:
// the block is 64x1. Lane l writes word 2l, bank 2l mod 32: lanes 0 and 16
// share bank 0 (s[0], s[32]), 2-way; a note, since the block is assumed.
// JSON: kernel k_lb64_strided L[[@LINE+1]] block_dims=64x1x1(default)
__global__ void __launch_bounds__(64) k_lb64_strided(float *o) {
  __shared__ float s[128];
  // CHECK: launch-bounds.cu:[[@LINE+7]]:3: note: 2-way bank conflict: write of 's' takes 2 wavefronts per warp instead of 1 (block 64x1, sm_90) [smem-bank-conflict]
  // CHECK: launch-bounds.cu:[[@LINE+6]]:3: note: lanes 0, 16 of warp 0 need 2 different words from bank 0: s[0], s[32]; consecutive lanes are 2 words apart
  // CHECK: launch-bounds.cu:[[@LINE+5]]:3: note: in Nsight Compute's terms, a 2-way conflict: 1 excessive wavefront of 2 (50%) in each of the block's 2 warp instructions; per block, 2 excessive wavefronts of 4 (50%); per launch: the grid is not known (give it with --grid-dim)
  // CHECK: launch-bounds.cu:[[@LINE-5]]:39: note: analysed with the assumed block 64x1: no launch of 'k_lb64_strided' with a constant block shape was found
  // CHECK: launch-bounds.cu:[[@LINE+3]]:5: note: swizzle 's'
  // CHECK: launch-bounds.cu:[[@LINE+2]]:3: note: reported as a note: it rests on the assumed block 64x1
  // JSON: access s store L[[@LINE+1]]:3 width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2 status=exact{{$}}
  s[2 * threadIdx.x] = threadIdx.x;
  __syncthreads();
  o[threadIdx.x] = s[threadIdx.x];
}
// CHECK: smem-lint: 0 warnings and 0 errors, 1 note in 1 file
