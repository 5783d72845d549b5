// A race through shared memory reached by a conversion operator (case
// x_smemproxy): thread t writes word t and reads word t + 32, which thread
// t + 32 (another warp) writes, with no barrier between.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="warning:"

template <class T> struct Smem {
  __device__ operator T *() {
    extern __shared__ int raw[];
    return (T *)raw;
  }
};
// smem-lint: block_dim(64)
__global__ void k(float *out) {
  float *s = Smem<float>();
  s[threadIdx.x] = threadIdx.x;
  // CHECK: proxy-race.cu:[[@LINE+1]]:22: warning: missing barrier: thread 0 reads raw[32], written by thread 32 at line [[@LINE-1]] with no __syncthreads() in between (block 64x1, sm_90) [smem-missing-barrier]
  out[threadIdx.x] = s[threadIdx.x + 32];
}
// CHECK: smem-lint: 1 warning and 0 errors in 1 file
