// --block-dim: one shape for every kernel, kernel=shape for one kernel (wins
// over the shape for all), repeated for several shapes; it replaces the shapes
// of the launches in the file.
//
// RUN: not %smem-lint --format=json --block-dim=32x8 %s | %summarize | FileCheck --check-prefix=ALL %s
// RUN: not %smem-lint --format=json --block-dim=colread=16x16 --block-dim=64 %s | %summarize | FileCheck --check-prefix=ONE %s
// RUN: not %smem-lint --format=json --block-dim=colread=16x16 --block-dim=colread=8x32x1 %s | %summarize | FileCheck --check-prefix=TWO %s
// RUN: not %smem-lint --block-dim=colread=16x16 %s 2>&1 | FileCheck --check-prefix=TEXT %s
// RUN: (%smem-lint --block-dim=0x3 %s; echo "exit=$?") 2>&1 | FileCheck --check-prefix=BAD %s

// ALL: kernel colread L[[@LINE+3]] block_dims=32x8x1(option)
// ONE: kernel colread L[[@LINE+2]] block_dims=16x16x1(option)
// TWO: kernel colread L[[@LINE+1]] block_dims=16x16x1(option) 8x32x1(option)
__global__ void colread(float *out) {
  __shared__ float tile[64][32];
  // Word 32*tx + ty, bank ty: as many words per bank as one row of the block
  // has threads in a warp: 32x8 -> 32, 16x16 -> 16, 8x32 -> 8, 64 (ty = 0) -> 32.
  // ALL: access tile load L[[@LINE+6]]:22 width=4 shape=0 wavefronts=32 mean=32 ideal=1 ways=32
  // ONE: access tile load L[[@LINE+5]]:22 width=4 shape=0 wavefronts=16 mean=16 ideal=1 ways=16
  // TWO: access tile load L[[@LINE+4]]:22 width=4 shape=0 wavefronts=16 mean=16 ideal=1 ways=16
  // TWO: access tile load L[[@LINE+3]]:22 width=4 shape=1 wavefronts=8 mean=8 ideal=1 ways=8
  // TEXT: block-dim-option.cu:[[@LINE+2]]:22: warning: 16-way bank conflict: read of 'tile' takes 16 wavefronts per warp instead of 1 (block 16x16, sm_90)
  // TEXT: block-dim-option.cu:[[@LINE-9]]:17: note: analysed with block 16x16 given by --block-dim
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
// 256 threads = 8 warps in every shape.
// ALL: totals colread shape=0 load=256/8
// ONE: totals colread shape=0 load=128/8
// TWO: totals colread shape=0 load=128/8
// TWO: totals colread shape=1 load=64/8

// ALL: kernel other L[[@LINE+3]] block_dims=32x8x1(option)
// ONE: kernel other L[[@LINE+2]] block_dims=64x1x1(option)
// TWO: kernel other L[[@LINE+1]] block_dims=32x32x1(launch)
__global__ void other(float *out) {
  __shared__ float s[2048];
  // Word 2*tx: lanes l, l + 16 share a bank -> 2 in every shape.
  // ALL: access s load L[[@LINE+4]]:22 width=4 shape=0 wavefronts=2 mean=2
  // ONE: access s load L[[@LINE+3]]:22 width=4 shape=0 wavefronts=2 mean=2
  // TWO: access s load L[[@LINE+2]]:22 width=4 shape=0 wavefronts=2 mean=2
  // TEXT: block-dim-option.cu:[[@LINE+1]]:22: warning: 2-way bank conflict: read of 's' takes 2 wavefronts per warp instead of 1 (block 32x32, sm_90)
  out[threadIdx.x] = s[threadIdx.x * 2];
}
// ALL: totals other shape=0 load=16/8
// ONE: totals other shape=0 load=4/2
// TWO: totals other shape=0 load=64/32

// BAD: error: invalid --block-dim '0x3': '0' is not a positive integer
// BAD: exit=2

int main() {
  colread<<<1, dim3(32, 32)>>>(nullptr);
  other<<<1, dim3(32, 32)>>>(nullptr);
}
