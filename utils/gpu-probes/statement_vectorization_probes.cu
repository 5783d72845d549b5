// statement_vectorization_probes.cu -- which shared loads and stores written
// as separate statements (not iterations of a loop) nvcc performs as one
// LDS.64/LDS.128 (STS), which source line its line table gives the merged
// instruction, and what it costs on the H200. One block per launch; each
// kernel fills its arrays with the probed stores, then reads them back.
// run_statement_vectorization_probes.sh records the SASS with line numbers
// and ncu's l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{ld,st}.sum and
// smsp__sass_inst_executed_op_shared_{ld,st}.sum. Results:
// docs/measurements/h200-vectorization.md.
//
// Build: nvcc -arch=sm_90 -O3 -lineinfo -o statement_vectorization_probes statement_vectorization_probes.cu
#include <cstdio>

// A scan's two elements per thread in dynamic shared memory (HeCBench scan2).
__global__ void s_pairs_dynamic(const float *in, float *out) {
  extern __shared__ float block[];
  int t = threadIdx.x;
  block[2 * t] = in[2 * t];
  block[2 * t + 1] = in[2 * t + 1];
  __syncthreads();
  float a = block[2 * t];
  float b = block[2 * t + 1];
  out[t] = a + b;
}

// Four elements of a row of 36 words: rows start at 16-byte boundaries.
__global__ void s_row_quads(const float *in, float *out) {
  __shared__ float rows[256][36];
  int t = threadIdx.x;
  rows[t][0] = in[t];
  rows[t][1] = in[t + 1];
  rows[t][2] = in[t + 2];
  rows[t][3] = in[t + 3];
  __syncthreads();
  float a = rows[t][0];
  float b = rows[t][1];
  float c = rows[t][2];
  float d = rows[t][3];
  out[t] = a + b + c + d;
}

// Rows of 33 words: the pair of a row is 8-byte aligned only for even rows.
__global__ void s_row_odd(const float *in, float *out) {
  __shared__ float tile[256][33];
  int t = threadIdx.x;
  tile[t][0] = in[t];
  tile[t][1] = in[t + 1];
  __syncthreads();
  out[t] = tile[t][0] + tile[t][1];
}

// Pairs 64 words apart per lane: every lane in the same two banks.
__global__ void s_conflict_pairs(const float *in, float *out) {
  __shared__ float s[32 * 64];
  int l = threadIdx.x;
  s[64 * l] = in[l];
  s[64 * l + 1] = in[l + 1];
  __syncthreads();
  float a = s[64 * l];
  float b = s[64 * l + 1];
  out[l] = a * b;
}

// Register blocking of a GEMM: four consecutive B elements per thread, and
// four rows of A, each a broadcast, per k.
__global__ void s_gemm_registers(const float *a, const float *b, float *c) {
  __shared__ float As[64][16];
  __shared__ float Bs[16][64];
  int tx = threadIdx.x, ty = threadIdx.y;
  for (int i = 0; i < 4; ++i) {
    As[4 * ty + i][tx] = a[(4 * ty + i) * 16 + tx];
    Bs[ty][4 * tx + i] = b[ty * 64 + 4 * tx + i];
  }
  __syncthreads();
  int k = 3;
  float b0 = Bs[k][4 * tx];
  float b1 = Bs[k][4 * tx + 1];
  float b2 = Bs[k][4 * tx + 2];
  float b3 = Bs[k][4 * tx + 3];
  float a0 = As[4 * ty][k];
  float a1 = As[4 * ty + 1][k];
  c[ty * 16 + tx] = a0 * b0 + a1 * b1 + b2 * b3;
}

// A barrier between the two stores: nothing to merge.
__global__ void s_barrier_between(const float *in, float *out) {
  __shared__ float s[512];
  int t = threadIdx.x;
  s[2 * t] = in[t];
  __syncthreads();
  s[2 * t + 1] = in[t + 1];
  __syncthreads();
  out[t] = s[2 * t] + s[(2 * t + 3) % 512];
}

// The four stores out of order.
__global__ void s_out_of_order(const float *in, float *out) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  s[4 * t + 2] = in[t + 2];
  s[4 * t] = in[t];
  s[4 * t + 3] = in[t + 3];
  s[4 * t + 1] = in[t + 1];
  __syncthreads();
  out[t] = s[(4 * t + 5) % 1024];
}

int main() {
  float *a, *b, *c;
  cudaMalloc(&a, 1 << 20);
  cudaMalloc(&b, 1 << 20);
  cudaMalloc(&c, 1 << 20);
  cudaMemset(a, 0, 1 << 20);
  cudaMemset(b, 0, 1 << 20);
  s_pairs_dynamic<<<1, 256, 512 * sizeof(float)>>>(a, c);
  s_row_quads<<<1, 256>>>(a, c);
  s_row_odd<<<1, 256>>>(a, c);
  s_conflict_pairs<<<1, 32>>>(a, c);
  s_gemm_registers<<<1, dim3(16, 16)>>>(a, b, c);
  s_barrier_between<<<1, 256>>>(a, c);
  s_out_of_order<<<1, 256>>>(a, c);
  cudaError_t e = cudaDeviceSynchronize();
  printf("done: %s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
