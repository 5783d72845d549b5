// vectorization_probes.cu -- which scalar shared accesses nvcc merges into
// LDS.64/LDS.128 (STS) across the iterations of a loop it unrolls, and what
// the merged instructions cost on the H200. Kernels mirror the corpus GEMM
// and stencil patterns; each fills its shared array with 4-byte stores (or is
// a store probe), then runs the probed accesses once. One block per launch.
// run_vectorization_probes.sh compares the SASS and ncu's
// l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{ld,st}.sum and
// smsp__sass_inst_executed_op_shared_{ld,st}.sum with smem-lint's JSON
// totals. Results: docs/measurements/h200-vectorization.md.
//
// Build: nvcc -arch=sm_90 -O3 -lineinfo -o vectorization_probes vectorization_probes.cu
#include <cstdio>

// r8: 8 consecutive words per thread, 16 threads 8 words apart.
__global__ void v_rowdot(const float *in, float *out) {
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

// The tiled matrix product of cuda-samples matrixMul, TILE 16, block 16x16:
// As[ty][k] is one address per half-warp, Bs[k][tx] a row.
__global__ void v_gemm16(const float *a, const float *b, float *c) {
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

// TILE 32, block 32x32: As[ty][k] is one address per warp.
__global__ void v_gemm32(const float *a, const float *b, float *c) {
  __shared__ float As[32][32];
  __shared__ float Bs[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  As[ty][tx] = a[ty * 32 + tx];
  Bs[ty][tx] = b[ty * 32 + tx];
  __syncthreads();
  float sum = 0;
  for (int k = 0; k < 32; ++k) sum += As[ty][k] * Bs[k][tx];
  c[ty * 32 + tx] = sum;
}

// A column walk: As[k][ty] is 16 words apart per k, nothing to merge.
__global__ void v_column(const float *a, float *c) {
  __shared__ float As[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  As[ty][tx] = a[ty * 16 + tx];
  __syncthreads();
  float sum = 0;
  for (int k = 0; k < 16; ++k) sum += As[k][ty];
  c[ty * 16 + tx] = sum;
}

// The trip count is a parameter: unrolled at run time, if at all.
__global__ void v_runtime_trip(const float *a, float *c, int n) {
  __shared__ float As[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  As[ty][tx] = a[ty * 16 + tx];
  __syncthreads();
  float sum = 0;
  for (int k = 0; k < n; ++k) sum += As[ty][k];
  c[ty * 16 + tx] = sum;
}

// The user keeps the loop rolled.
__global__ void v_nounroll(const float *a, float *c) {
  __shared__ float As[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  As[ty][tx] = a[ty * 16 + tx];
  __syncthreads();
  float sum = 0;
#pragma unroll 1
  for (int k = 0; k < 16; ++k) sum += As[ty][k];
  c[ty * 16 + tx] = sum;
}

// Dynamic shared memory, 4 consecutive words per thread.
__global__ void v_dynamic(const float *a, float *c) {
  extern __shared__ float s[];
  s[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  float sum = 0;
  for (int i = 0; i < 4; ++i) sum += s[(threadIdx.x % 64) * 4 + i];
  c[threadIdx.x] = sum;
}

// A store probe: 4 consecutive words per thread, lane stride 4 words.
__global__ void v_store4(const float *a, float *c) {
  __shared__ float s[256 * 4];
  for (int i = 0; i < 4; ++i) s[threadIdx.x * 4 + i] = a[i];
  __syncthreads();
  c[threadIdx.x] = s[threadIdx.x];
}

// Pairs: two consecutive words per thread, lane stride 2 words.
__global__ void v_pairs(const float *a, float *c) {
  __shared__ float s[512];
  s[threadIdx.x] = a[threadIdx.x];
  s[threadIdx.x + 256] = a[threadIdx.x];
  __syncthreads();
  float sum = 0;
  for (int i = 0; i < 2; ++i) sum += s[threadIdx.x * 2 + i];
  c[threadIdx.x] = sum;
}


// Held-out checks (predicted before they were measured).

// The matrixMul main loop: an outer loop over tiles (trip count a
// parameter) around the fully unrolled k loop; As[ty][k] does not move with
// the outer loop.
__global__ void h_gemm_tiles(const float *a, const float *b, float *c,
                             int tiles) {
  __shared__ float As[16][16];
  __shared__ float Bs[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  float sum = 0;
  for (int t = 0; t < tiles; ++t) {
    As[ty][tx] = a[t * 256 + ty * 16 + tx];
    Bs[ty][tx] = b[t * 256 + ty * 16 + tx];
    __syncthreads();
    for (int k = 0; k < 16; ++k) sum += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  c[ty * 16 + tx] = sum;
}

// Six iterations: four merge into one 16-byte load, two into an 8-byte one.
__global__ void h_six(const float *a, float *c) {
  __shared__ float s[256 * 8];
  for (int i = 0; i < 8; ++i) s[threadIdx.x * 8 + i] = a[i];
  __syncthreads();
  float sum = 0;
  for (int i = 0; i < 6; ++i) sum += s[(threadIdx.x % 32) * 8 + i];
  c[threadIdx.x] = sum;
}

// Lanes 32 words apart per iteration: each iteration is its own row.
__global__ void h_rows(const float *a, float *c) {
  __shared__ float s[8 * 256];
  for (int i = 0; i < 8; ++i) s[threadIdx.x + 256 * i] = a[threadIdx.x];
  __syncthreads();
  float sum = 0;
  for (int i = 0; i < 8; ++i) sum += s[threadIdx.x + 256 * i];
  c[threadIdx.x] = sum;
}

// Four consecutive words per lane, lanes 4 words apart: 16-byte loads with
// no conflict (4 wavefronts each).
__global__ void h_quads(const float *a, float *c) {
  __shared__ float s[256 * 4];
  for (int i = 0; i < 4; ++i) s[threadIdx.x * 4 + i] = a[threadIdx.x];
  __syncthreads();
  float sum = 0;
  for (int i = 0; i < 4; ++i) sum += s[threadIdx.x * 4 + i];
  c[threadIdx.x] = sum;
}

// An odd row start: s[3 + 4 * lane + i] is never 16-byte aligned.
__global__ void h_unaligned(const float *a, float *c) {
  __shared__ float s[256 * 4 + 8];
  s[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  float sum = 0;
  for (int i = 0; i < 4; ++i) sum += s[3 + (threadIdx.x % 32) * 4 + i];
  c[threadIdx.x] = sum;
}

// The column walk of a 32x32 tile (test/bank-conflict/loops.cu): lane l
// reads words 32l + k; merged four iterations at a time, every lane of a
// quarter-warp phase needs a different word of banks k..k+3.
__global__ void h_column32(const float *a, float *c) {
  __shared__ float t[32][32];
  for (int k = 0; k < 32; ++k) t[k][threadIdx.x % 32] = a[k];
  __syncthreads();
  float acc = 0;
  for (int k = 0; k < 32; ++k) acc += t[threadIdx.x % 32][k];
  c[threadIdx.x] = acc;
}

// An 8x8 register tile with both reads in the product, no register copies:
// the unrolled i loop reads bs[k][tc + j] again for each row, which nvcc
// reads once per k, 8 floats as two LDS.128 (so is as[k][tr + i]).
__global__ void h_tile8x8(const float *a, float *c) {
  __shared__ alignas(16) float as[16][128];
  __shared__ alignas(16) float bs[16][128];
  int tr = (threadIdx.x / 16) * 8, tc = (threadIdx.x % 16) * 8;
  for (int k = 0; k < 16; ++k) {
    as[k][threadIdx.x % 128] = a[k];
    bs[k][threadIdx.x % 128] = a[k + 16];
  }
  __syncthreads();
  float sum[8][8] = {};
  for (int k = 0; k < 16; ++k)
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 8; ++j)
        sum[i][j] += as[k][tr + i] * bs[k][tc + j];
  float acc = 0;
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j)
      acc += sum[i][j];
  c[threadIdx.x] = acc;
}

int main() {
  float *a, *b, *c;
  cudaMalloc(&a, 1 << 20);
  cudaMalloc(&b, 1 << 20);
  cudaMalloc(&c, 1 << 20);
  cudaMemset(a, 0, 1 << 20);
  cudaMemset(b, 0, 1 << 20);
  v_rowdot<<<1, 256>>>(a, c);
  v_gemm16<<<1, dim3(16, 16)>>>(a, b, c);
  v_gemm32<<<1, dim3(32, 32)>>>(a, b, c);
  v_column<<<1, dim3(16, 16)>>>(a, c);
  v_runtime_trip<<<1, dim3(16, 16)>>>(a, c, 16);
  v_nounroll<<<1, dim3(16, 16)>>>(a, c);
  v_dynamic<<<1, 256, 256 * sizeof(float)>>>(a, c);
  v_store4<<<1, 256>>>(a, c);
  v_pairs<<<1, 256>>>(a, c);
  h_gemm_tiles<<<1, dim3(16, 16)>>>(a, b, c, 2);
  h_six<<<1, 256>>>(a, c);
  h_rows<<<1, 256>>>(a, c);
  h_quads<<<1, 256>>>(a, c);
  h_unaligned<<<1, 256>>>(a, c);
  h_column32<<<1, 256>>>(a, c);
  h_tile8x8<<<1, 256>>>(a, c);
  cudaError_t e = cudaDeviceSynchronize();
  printf("done: %s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
