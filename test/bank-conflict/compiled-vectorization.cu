// nvcc unrolls small loops and merges the shared accesses of consecutive
// iterations into 8- and 16-byte instructions; the bank cost is that of the
// instructions it makes. Every number here was measured on an H200
// (docs/measurements/h200-vectorization.md, the kernel named in each
// comment); totals are wavefronts / warp instructions over the block.
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT %s
// RUN: not %smem-lint --format=json %s | python3 -c "import json,sys; r=json.load(sys.stdin); print([(a['line'], a['instruction_bytes'], a['merged_iterations']) for k in r['kernels'] for a in k['accesses'] if a['kind'] == 'load'])" | FileCheck --check-prefix=JSON %s
// JSON: [(24, 16, 4), (41, 16, 4), (41, None, None), (54, 8, 2), (66, None, None), (78, 16, 4)]

// v_rowdot (case r8): eight words per thread, 16 threads 8 words apart: two
// LDS.128, each 2-way within its quarter-warp phases (lanes 0 and 4 on
// banks 0-3): 8 wavefronts instead of 4.
// TEXT: compiled-vectorization.cu:[[@LINE+9]]:38: warning: 2-way bank conflict: read of 'B' takes 8 wavefronts per warp instead of 4, as the 16-byte load nvcc makes of 4 iterations (block 256x1, sm_90)
// CHECK: access B load L[[@LINE+8]]:38 width=4 shape=0 wavefronts=8 mean=8 ideal=4 ways=2 status=exact
// CHECK: totals rowdot shape=0 load=128/16
__global__ void rowdot(const float *in, float *out) {
  __shared__ float B[16 * 8];
  if (threadIdx.x < 128) B[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  float r[8];
  int col = threadIdx.x % 16;
  for (int i = 0; i < 8; ++i) r[i] = B[col * 8 + i];
  float acc = 0;
  for (int i = 0; i < 8; ++i) acc += r[i] * r[7 - i];
  out[threadIdx.x] = acc;
}

// v_gemm16: As[ty][k] becomes four LDS.128 (two addresses per warp: 2
// wavefronts, ideal); Bs[k][tx] stays 16 LDS.
// CHECK: totals gemm16 shape=0 load=192/160
__global__ void gemm16(const float *a, const float *b, float *c) {
  __shared__ float As[16][16];
  __shared__ float Bs[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  As[ty][tx] = a[ty * 16 + tx];
  Bs[ty][tx] = b[ty * 16 + tx];
  __syncthreads();
  float sum = 0;
  for (int k = 0; k < 16; ++k) sum += As[ty][k] * Bs[k][tx];
  c[ty * 16 + tx] = sum;
}

// v_runtime_trip: a trip count the loop does not fix (16 from the launch)
// is unrolled at run time and merged in pairs: 8 LDS.64 per warp.
// CHECK: totals runtime_trip shape=0 load=64/64
__global__ void runtime_trip(const float *a, float *c, int n) {
  __shared__ float As[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  As[ty][tx] = a[ty * 16 + tx];
  __syncthreads();
  float sum = 0;
  for (int k = 0; k < n; ++k) sum += As[ty][k];
  c[ty * 16 + tx] = sum;
}

// v_nounroll: `#pragma unroll 1` keeps 16 LDS per warp.
// CHECK: totals nounroll shape=0 load=128/128
__global__ void nounroll(const float *a, float *c) {
  __shared__ float As[16][16];
  As[threadIdx.y][threadIdx.x] = a[threadIdx.y * 16 + threadIdx.x];
  __syncthreads();
  float sum = 0;
#pragma unroll 1
  for (int k = 0; k < 16; ++k) sum += As[threadIdx.y][k];
  c[threadIdx.y * 16 + threadIdx.x] = sum;
}

// h_six (store, v_store4 style, and load): eight stores per thread become two
// STS.128; six loads one LDS.128 and one LDS.64.
// CHECK: totals six shape=0 load=128/16 store=128/16
__global__ void six(const float *a, float *c) {
  __shared__ float s[256 * 8];
  for (int i = 0; i < 8; ++i) s[threadIdx.x * 8 + i] = a[i];
  __syncthreads();
  float sum = 0;
  for (int i = 0; i < 6; ++i) sum += s[(threadIdx.x % 32) * 8 + i];
  c[threadIdx.x] = sum;
}

int main() {
  float *a, *b, *c;
  rowdot<<<1, 256>>>(a, c);
  gemm16<<<1, dim3(16, 16)>>>(a, b, c);
  runtime_trip<<<1, dim3(16, 16)>>>(a, c, 16);
  nounroll<<<1, dim3(16, 16)>>>(a, c);
  six<<<1, 256>>>(a, c);
}
