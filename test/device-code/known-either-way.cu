// A condition that combines data the analysis cannot read with one it can:
// `flags[0] != 0 && threadIdx.x < 64` is false for threads 64 and up,
// whatever flags[0] holds (the optimizer writes it as `or i1 %t_ge_64,
// %flag_zero` around the branch). The read of bins[64..255] is not reached
// by any thread, so there is no out-of-bounds read (the analysis used to
// take the whole condition as unknown, evaluate the read for every thread
// and report it as a warning); threads 0-63 still rest on the data.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not="error:"

// smem-lint: block_dim(256)
__global__ void and_guard(const int *flags, int *out) {
  __shared__ int bins[64];
  if (threadIdx.x < 64)
    bins[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (flags[0] != 0 && threadIdx.x < 64)
    out[threadIdx.x] = bins[threadIdx.x];
}

// smem-lint: block_dim(256)
__global__ void and_guard_swapped(const int *flags, int *out) {
  __shared__ int bins[64];
  if (threadIdx.x < 64)
    bins[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x < 64 && flags[threadIdx.x] != 0)
    out[threadIdx.x] = bins[threadIdx.x];
}

// smem-lint: block_dim(256)
__global__ void or_return(const int *flags, int *out) {
  __shared__ int bins[64];
  if (threadIdx.x < 64)
    bins[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (flags[0] == 0 || threadIdx.x >= 64)
    return;
  out[threadIdx.x] = bins[threadIdx.x];
}

// The guard really lets thread 64 through: reported.
// smem-lint: block_dim(256)
__global__ void off_by_one(const int *flags, int *out) {
  __shared__ int bins[64];
  if (threadIdx.x < 64)
    bins[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (flags[0] != 0 && threadIdx.x <= 64)
    out[threadIdx.x] = bins[threadIdx.x];
  // CHECK: known-either-way.cu:[[#@LINE-1]]:24: warning: read of 'bins[threadIdx.x]' is out of bounds for thread 64: index 64 in an array of 64 elements
}
