// Template recursion within Clang's limit, through device functions: each
// instantiation is its own call; the evaluator follows 16 nested calls and
// notes where it stopped.

// RUN: (%smem-lint %s 2>&1; echo "exit=$?") | FileCheck %s

template <int N> __device__ void fill(float *s) {
  s[threadIdx.x] = N;
  fill<N - 1>(s);
}
template <> __device__ void fill<0>(float *s) { s[threadIdx.x] = 0; }

// CHECK: bounded-template-recursion.cu:[[@LINE+2]]:17: note: the analysis of 'k' is incomplete: call depth limit reached in 'fill' at line 9; accesses past that point were not analysed (block 32x1, sm_90) [smem-lint-incomplete]
// smem-lint: block_dim(32)
__global__ void k() {
  __shared__ float s[32];
  fill<100>(s);
}
// CHECK: smem-lint: 0 warnings and 0 errors, 1 note in 1 file
// CHECK: exit=0
