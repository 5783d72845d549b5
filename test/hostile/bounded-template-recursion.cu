// Template recursion within Clang's limit, through device functions: each
// instantiation is its own call. The source evaluator follows 16 nested calls
// and stops; the kernel is then evaluated from its compiled code, where all
// 101 calls are inlined: each thread writes its own s[threadIdx.x], nothing
// to report and nothing left out.

// RUN: (%smem-lint %s 2>&1; echo "exit=$?") | FileCheck %s

template <int N> __device__ void fill(float *s) {
  s[threadIdx.x] = N;
  fill<N - 1>(s);
}
template <> __device__ void fill<0>(float *s) { s[threadIdx.x] = 0; }

// CHECK-NOT: incomplete
// smem-lint: block_dim(32)
__global__ void k() {
  __shared__ float s[32];
  fill<100>(s);
}
// CHECK: smem-lint: 0 warnings and 0 errors in 1 file
// CHECK: exit=0
