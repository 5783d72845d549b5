// Item 3 of the findings' honesty: the user can give what the source does
// not say. A `// smem-lint: assume(n == 128)` comment above the kernel (case
// x_assume_fn: the host always passes 128), `grid_dim(2)` beside
// `block_dim`, `--grid-dim`, and `GridDims` and `Params` in .smem-lint.yaml.
// A given value is no assumption: the findings are warnings.

// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: not %smem-lint --grid-dim=spread=4 %s 2>&1 | FileCheck --check-prefix=GRID4 %s
// RUN: (%smem-lint --grid-dim=0x1 %s 2>&1; echo "exit=$?") | FileCheck --check-prefix=BAD %s
// BAD: error: invalid --grid-dim '0x1': '0' is not a grid dimension (x from 1 to 2^31-1, y and z from 1 to 65535)
// BAD: exit=2

// With n = 128, threads 0-127 write s[128..255] at the second store, which
// threads 128-255 wrote at the first: thread 0 and thread 128 both write
// s[128], with no barrier between (different values: 0.0f and 128). The
// barrier goes before the `if`, which every thread reaches.
// CHECK: given-values.cu:[[@LINE+9]]:5: warning: missing barrier: thread 0 writes s[128], also written by thread 128 at line [[@LINE+7]] with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
// CHECK: given-values.cu:[[@LINE+6]]:3: note: thread 128 writes s[128] here
// CHECK: given-values.cu:[[@LINE+6]]:3: note: insert __syncthreads() here so that every thread of the block finishes the access at line [[@LINE+5]] first
// smem-lint: block_dim(256)
// smem-lint: assume(n == 128)
__global__ void overlap(float *out, int n) {
  __shared__ float s[2048];
  s[threadIdx.x] = threadIdx.x;
  if (threadIdx.x < 128)
    s[threadIdx.x + n] = 0.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// gridDim.x = 2: lane l writes word 2l, banks 2l mod 32; lanes l and l + 16
// share a bank: 2-way. With --grid-dim=spread=4, word 4l: 4-way.
// CHECK: given-values.cu:[[@LINE+9]]:3: warning: 2-way bank conflict: write of 's' takes 2 wavefronts per warp instead of 1 (block 256x1, sm_90) [smem-bank-conflict]
// CHECK: given-values.cu:[[@LINE+8]]:3: note: lanes 0, 16 of warp 0 need 2 different words from bank 0: s[0], s[32]; consecutive lanes are 2 words apart
// CHECK: given-values.cu:[[@LINE+7]]:3: note: in Nsight Compute's terms, a 2-way conflict: 1 excessive wavefront of 2 (50%) in each of the block's 8 warp instructions; per block, 8 excessive wavefronts of 16 (50%); per launch (2 blocks, each counted as the block analysed), 16 excessive wavefronts of 32 (50%)
// CHECK: given-values.cu:[[@LINE+3]]:1: note: analysed with block 256x1 from this annotation
// CHECK: given-values.cu:[[@LINE+5]]:5: note: swizzle 's'
// GRID4: given-values.cu:[[@LINE+4]]:3: warning: 4-way bank conflict: write of 's' takes 4 wavefronts per warp instead of 1
// smem-lint: block_dim(256) grid_dim(2)
__global__ void spread(float *out) {
  __shared__ float s[2048];
  s[gridDim.x * threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// A malformed assumption is ignored and said so.
// smem-lint: block_dim(32)
// smem-lint: assume(m = 3)
__global__ void malformed(float *out, int m) { out[m] = 0; }
// (The check sits below the kernel: the comments above it are its annotations.)
// CHECK: given-values.cu:[[@LINE-2]]:17: warning: ignored annotation '// smem-lint: assume(m = 3)': expected 'name == integer' terms joined by '&&', got 'm = 3' [smem-lint-annotation]
// CHECK: smem-lint: 3 warnings and 0 errors in 1 file

// The same values from .smem-lint.yaml, for a file without comments.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cp %S/Inputs/given-values.cu %t/given.cu
// RUN: printf "BlockDims: { '*': 256 }\nGridDims: { scatter: 2 }\nParams: { 'overlap:n': 128 }\n" > %t/.smem-lint.yaml
// RUN: not %smem-lint %t/given.cu 2>&1 | FileCheck --check-prefix=CONFIG %s
// CONFIG: given.cu:4:3: warning: 2-way bank conflict: write of 's'
// CONFIG: given.cu:12:5: warning: missing barrier: thread 0 writes s[128], also written by thread 128 at line 10
// CONFIG: smem-lint: 2 warnings and 0 errors
// RUN: printf "Params: { 'overlap:': 128 }\n" > %t/.smem-lint.yaml
// RUN: (%smem-lint %t/given.cu 2>&1; echo "exit=$?") | FileCheck --check-prefix=BADPARAM %s
// BADPARAM: .smem-lint.yaml:1:{{[0-9]+}}: 'Params' expects '[kernel:]name: integer', got 'overlap:: 128'
// BADPARAM: exit=2
