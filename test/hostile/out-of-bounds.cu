// smem-out-of-bounds: indices past the end, below zero, and past the end of
// a row inside a 2-D array, with the threads and the values that reach them.

// RUN: (%smem-lint --checks=-*,smem-out-of-bounds %s 2>&1; echo "exit=$?") | FileCheck %s

// smem-lint: block_dim(32, 8)
__global__ void k(float *out) {
  __shared__ float tile[32][32];
  __shared__ float v[32];
  // CHECK: out-of-bounds.cu:[[@LINE+4]]:3: error: write to 'v[threadIdx.x + 1]' is out of bounds for threads 31, 63, ..., 255: index 32 in an array of 32 elements (block 32x8, sm_90) [smem-out-of-bounds]
  // CHECK: out-of-bounds.cu:[[@LINE+3]]:3: note: thread (31,0,0) writes v[32]
  // CHECK: out-of-bounds.cu:9:20: note: declare 'v[33]' if those elements are meant to exist; otherwise keep these threads from the access
  // CHECK-NOT: note:
  v[threadIdx.x + 1] = 2;
  // CHECK: out-of-bounds.cu:[[@LINE+3]]:3: error: write to 'v[(int)threadIdx.x - 1]' is out of bounds for threads 0, 32, ..., 224: index -1 in an array of 32 elements (block 32x8, sm_90) [smem-out-of-bounds]
  // CHECK: note: thread (0,0,0) writes v[-1]
  // CHECK: note: the index is below 0 for these threads; keep them from the access or shift the index
  v[(int)threadIdx.x - 1] = 3;
  // An unsigned index wraps around below zero.
  // CHECK: out-of-bounds.cu:[[@LINE+2]]:3: error: write to 'v[threadIdx.x - 1]' is out of bounds for threads 0, 32, ..., 224: index 4294967295 (below 0, wrapped around: the index is unsigned) in an array of 32 elements
  // CHECK: note: thread (0,0,0) writes v[4294967295]
  v[threadIdx.x - 1] = 4;
  // Past the end of a row, inside the array: still out of bounds.
  // CHECK: out-of-bounds.cu:[[@LINE+4]]:3: error: write to 'tile[threadIdx.y][threadIdx.x + 1]' is out of bounds for threads 31, 63, ..., 255: second index 32 in 'tile[32][32]', whose second dimension has 32 elements (block 32x8, sm_90) [smem-out-of-bounds]
  // CHECK: note: thread (31,0,0) writes tile[0][32]: the address of tile[1][0], inside 'tile' but past the end of its dimension, which C++ leaves undefined
  // CHECK: out-of-bounds.cu:8:20: note: declare 'tile[32][33]' if those elements are meant to exist
  // CHECK-NOT: note:
  tile[threadIdx.y][threadIdx.x + 1] = 1;
  // Rows past the end.
  // CHECK: out-of-bounds.cu:[[@LINE+3]]:3: error: write to 'tile[threadIdx.y + 28][threadIdx.x]' is out of bounds for threads 128-255: first indices 32 to 35 in 'tile[32][32]', whose first dimension has 32 elements
  // CHECK: note: thread (0,4,0) writes tile[32][0]
  // CHECK: note: declare 'tile[36][32]'
  tile[threadIdx.y + 28][threadIdx.x] = 1;
  __syncthreads();
  // In bounds: nothing to report.
  // CHECK-NOT: out-of-bounds.cu:[[@LINE+1]]
  out[threadIdx.x] = v[threadIdx.x] + tile[threadIdx.x][threadIdx.y];
  // A loop that runs one iteration too far.
  // CHECK: out-of-bounds.cu:[[@LINE+3]]:15: error: read of 'v[i]' is out of bounds for threads 0-255: index 32 in an array of 32 elements
  // CHECK: note: thread (0,0,0) reads v[32] in iteration 32 of the loop at line [[@LINE+1]]
  for (int i = 0; i <= 32; ++i)
    out[i] += v[i];
}

// Indices too large for a 64-bit byte offset. The analysis reads the address
// the compiled code computes, which wraps as the GPU's does: INT64_MAX * 4 is
// -4 modulo 2^64, so s[INT64_MAX] reads the word before s; a constant
// 2^60 * 256 is 0, so rows[2^60][threadIdx.x] compiles to rows[0][...],
// in bounds for the evaluation; Clang's -Warray-bounds sees the constant
// index as written, and smem-lint reports it as a warning.
// smem-lint: block_dim(32)
__global__ void wild(float *out) {
  __shared__ float s[64];
  __shared__ float rows[4][64];
  // CHECK: out-of-bounds.cu:[[@LINE+2]]:22: error: read of 's[9223372036854775807LL]' is out of bounds for threads 0-31: index -1 in an array of 64 elements
  // CHECK: note: thread 0 reads s[-1]
  out[threadIdx.x] = s[9223372036854775807LL];
  // CHECK: out-of-bounds.cu:[[@LINE+2]]:27: error: read of 's[4611686018427387904LL + threadIdx.x]' is out of bounds for threads 0-31: indices 4611686018427387904 to 4611686018427387935 in an array of 64 elements
  // CHECK: note: thread 0 reads s[4611686018427387904]
  out[threadIdx.x + 32] = s[4611686018427387904LL + threadIdx.x];
  // CHECK: out-of-bounds.cu:[[@LINE+1]]:27: warning: constant index out of bounds of __shared__ 'rows': array index 1152921504606846976 is past the end of the array (that has type 'float[4][64]') (Clang's -Warray-bounds) [smem-out-of-bounds]
  out[threadIdx.x + 64] = rows[1152921504606846976LL][threadIdx.x];
}
// CHECK: smem-lint: 1 warning and 8 errors in 1 file
// CHECK: exit=1
