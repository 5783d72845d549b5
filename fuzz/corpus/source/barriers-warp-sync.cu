// Warp-synchronous code that relies on lockstep lanes: a race since sm_70.
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="warning:"
// Before Volta the same code was the documented idiom: nothing to report.
// RUN: %smem-lint --arch=sm_60 %s 2>&1 | FileCheck --check-prefix=PASCAL %s
// PASCAL: smem-lint: 0 warnings and 0 errors

__global__ void lastWarpUnrolled(float *out, const float *in) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) {
    volatile float *vs = sdata;
    vs[tid] += vs[tid + 32];
    vs[tid] += vs[tid + 16];
    // CHECK: warp-sync.cu:[[@LINE-1]]:16: warning: warp-synchronous exchange without __syncwarp(): thread 0 reads sdata[16], written by thread 16 of the same warp at line [[@LINE-2]]; the lanes of a warp are not in lockstep since sm_70 (block 256x1, sm_90) [smem-warp-sync]
    // CHECK: warp-sync.cu:[[@LINE-3]]:5: note: thread 16 writes sdata[16] here
    // CHECK: warp-sync.cu:[[@LINE-3]]:5: note: insert __syncwarp() here to order the lanes of the warp
    // CHECK: note: 9 more exchanges between lanes of one warp follow in this block, up to line [[@LINE+4]], none ordered by __syncwarp()
    vs[tid] += vs[tid + 8];
    vs[tid] += vs[tid + 4];
    vs[tid] += vs[tid + 2];
    vs[tid] += vs[tid + 1];
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// The same reduction with __syncwarp() between reading and writing: clean.
__global__ void lastWarpSynced(float *out, const float *in) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) {
    float v = sdata[tid] + sdata[tid + 32];
    __syncwarp();
    for (int offset = 16; offset > 0; offset >>= 1) {
      sdata[tid] = v;
      __syncwarp();
      v += sdata[tid + offset];
      __syncwarp();
    }
    sdata[tid] = v;
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// Shuffles exchange registers, not shared memory: nothing to check.
__global__ void shuffleReduce(float *out, const float *in) {
  float v = in[threadIdx.x];
  for (int offset = 16; offset > 0; offset >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  if ((threadIdx.x & 31) == 0)
    out[threadIdx.x / 32] = v;
}

void launch(float *o, const float *i) {
  lastWarpUnrolled<<<1, 256>>>(o, i);
  lastWarpSynced<<<1, 256>>>(o, i);
  shuffleReduce<<<1, 256>>>(o, i);
}
