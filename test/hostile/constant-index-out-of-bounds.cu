// A constant index past an inner dimension of a __shared__ array
// (`tile[0][40]` in a `tile[32][32]`) is folded by the optimizer into the
// address of another element (tile[1][8]), inside the object: the evaluation
// cannot tell it from a right one, and the file was silent. Clang's
// -Warray-bounds sees the subscript as written; for a __shared__ array
// smem-lint reports it as an smem-out-of-bounds warning.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="warning:"
// RUN: %smem-lint --checks='-*,smem-bank-conflict' %s 2>&1 | FileCheck --check-prefix=UNSELECTED %s
// UNSELECTED-NOT: smem-out-of-bounds

// smem-lint: block_dim(32, 32, 1)
__global__ void halo(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  // CHECK: constant-index-out-of-bounds.cu:[[@LINE+3]]:22: warning: constant index out of bounds of __shared__ 'tile': array index 40 is past the end of the array (that has type 'float[32]') (Clang's -Warray-bounds) [smem-out-of-bounds]
  // CHECK-NEXT: tile[0][40]
  // CHECK: note: the compiler folds the index into an address: an index past an inner dimension reaches another element of 'tile', one past the whole array reaches other shared memory
  out[threadIdx.x] = tile[0][40] + tile[threadIdx.y][threadIdx.x];
}

// In a template, Clang warns once per instantiation: one finding.
// smem-lint: block_dim(64, 1, 1)
template <int N> __global__ void row(float *out) {
  __shared__ float line[2][N];
  line[0][threadIdx.x] = 1.0f;
  line[1][threadIdx.x] = 2.0f;
  __syncthreads();
  // CHECK: constant-index-out-of-bounds.cu:[[@LINE+1]]:22: warning: constant index out of bounds of __shared__ 'line': array index 64 is past the end of the array (that has type 'float[64]')
  out[threadIdx.x] = line[0][64];
}
template __global__ void row<64>(float *);

// A local array's constant index is not shared memory: not this check's.
__global__ void registers(float *out) {
  float local[4] = {0, 1, 2, 3};
  out[threadIdx.x] = local[threadIdx.x & 3] + local[5];
}
