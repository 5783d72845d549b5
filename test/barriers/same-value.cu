// Threads that store the same value (cases r9_same_value, h_r03_flag,
// x_samevalue, x_samevalue2): a float constant from every lane, the "any
// thread found it" flag, a flag cleared by two statements and a pointer
// every thread stores are no conflict and no race. A value the analysis
// cannot compute is compared by how it was computed: a butterfly warp sum
// is one value in every lane (the lanes add in different orders, and
// addition commutes). Values it cannot show equal (data read from two
// addresses) are never said to differ; the finding is a note that says why.

// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning:

// CHECK-NOT: same-value.cu:[[@LINE+4]]
// smem-lint: block_dim(256)
__global__ void constant(float *out) {
  __shared__ float part[8];
  part[threadIdx.x / 32] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = part[threadIdx.x % 8];
}

// Lane l ends with ((v_l + v_l^16) + ...) and lane l^16 with the same sums
// in the other order: one value number for the 32 lanes.
// smem-lint: block_dim(256)
__global__ void warpsum(const float *in, float *out) {
  __shared__ float part[8];
  float v = in[threadIdx.x];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, o);
  // CHECK-NOT: same-value.cu:[[@LINE+1]]
  part[threadIdx.x / 32] = v;
  __syncthreads();
  out[threadIdx.x] = part[threadIdx.x % 8];
}

// Lanes 0 and 1 store in[0] and in[1]: may be the same, may differ.
// smem-lint: block_dim(256)
__global__ void perlane(const float *in, float *out) {
  __shared__ float part[8];
  // CHECK: same-value.cu:[[@LINE+1]]:3: note: conflicting writes: thread 0 (warp 0) and thread 1 (warp 0) both write part[0] in this statement; their values depend on what the analysis could not compute, and may be the same (then the write is benign); if they differ, which one lands is undefined
  part[threadIdx.x / 32] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = part[threadIdx.x % 8];
}

// Every writer stores true: whichever lands, found is true.
// smem-lint: block_dim(256)
__global__ void flag(const int *data, int n, int *out) {
  __shared__ bool found;
  if (threadIdx.x == 0)
    found = false;
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    for (int r = 0; r < 2; ++r)
      if (data[i] == 42)
        found = true;
  __syncthreads();
  if (threadIdx.x == 0)
    *out = found;
}
// Cases x_samevalue and x_samevalue2: the same value from two statements,
// and the same pointer from every thread, read back after.
// smem-lint: block_dim(256)
__global__ void cleared(const float *in, int *out) {
  __shared__ int done;
  if (threadIdx.x == 0)
    done = 1;
  __syncthreads();
  float v = in[threadIdx.x];
  if (v > 0.0f)
    done = 0;
  else if (v < -1.0f)
    done = 0;
  __syncthreads();
  out[threadIdx.x] = done;
}

// smem-lint: block_dim(256)
__global__ void pointer(int *out) {
  __shared__ int *p;
  __shared__ int a[256];
  p = a;
  out[threadIdx.x] = (p == a);
}
// CHECK: smem-lint: 0 warnings and 0 errors, 1 note in 1 file
