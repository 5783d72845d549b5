// nvcc performs shared loads and stores written as separate statements as
// one 8- or 16-byte instruction where each lane's bytes are consecutive
// and aligned; the statement whose line the instruction carries (the
// first load, the last store) is reported with the instruction's cost, the
// others with none. Every number was measured on an H200: the kernel of
// utils/gpu-probes/statement_vectorization_probes.cu named in each comment,
// docs/measurements/h200-vectorization.md ("Statements nvcc merges");
// totals are wavefronts / warp instructions over the block.
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT %s
// RUN: not %smem-lint --format=json %s | python3 -c "import json,sys; r=json.load(sys.stdin); [print('MERGE', a['line'], a['kind'], a['instruction_bytes'], [m['line'] for m in a['merged_statements'] or []], (a['merged_into'] or {}).get('line')) for k in r['kernels'] for a in k['accesses'] if a['merged_statements'] or a['merged_into']]" | FileCheck --check-prefix=JSON %s

// s_pairs_dynamic (HeCBench scan2): one STS.64 at the second store's line,
// one LDS.64 at the first load's: 2 wavefronts each, 8 warps.
// JSON: MERGE [[@LINE+8]] store None [] [[@LINE+9]]
// JSON-NEXT: MERGE [[@LINE+8]] store 8 {{\[}}[[@LINE+7]]] None
// JSON-NEXT: MERGE [[@LINE+9]] load 8 {{\[}}[[@LINE+10]]] None
// JSON-NEXT: MERGE [[@LINE+9]] load None [] [[@LINE+8]]
// CHECK: totals pairs_dynamic shape=0 load=16/8 store=16/8
__global__ void pairs_dynamic(const float *in, float *out) {
  extern __shared__ float block[];
  int t = threadIdx.x;
  block[2 * t] = in[2 * t];
  block[2 * t + 1] = in[2 * t + 1];
  __syncthreads();
  float a = block[2 * t];
  float b = block[2 * t + 1];
  out[t] = a + b;
}

// s_row_quads: rows of 36 words start at 16-byte boundaries: one STS.128
// and one LDS.128 per warp, 4 wavefronts each (8 lanes a phase, 4 banks
// apart: conflict-free).
// CHECK: totals row_quads shape=0 load=32/8 store=32/8
__global__ void row_quads(const float *in, float *out) {
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

// s_row_odd: rows of 33 words: odd rows' pairs are not 8-byte aligned, so
// nothing is merged: 1 wavefront per statement and warp.
// CHECK: totals row_odd shape=0 load=16/16 store=16/16
__global__ void row_odd(const float *in, float *out) {
  __shared__ float tile[256][33];
  int t = threadIdx.x;
  tile[t][0] = in[t];
  tile[t][1] = in[t + 1];
  __syncthreads();
  out[t] = tile[t][0] + tile[t][1];
}

// s_conflict_pairs: lanes 64 words apart, all in banks 0-1: the STS.64
// serves 16 lanes a phase, 16 words of bank 0 each: 32 wavefronts, where
// two 4-byte stores would take 64.
// TEXT: statement-vectorization.cu:[[@LINE+7]]:3: warning: 16-way bank conflict: write of 's' takes 32 wavefronts per warp instead of 2, as the 8-byte store nvcc makes of this write and the one at line [[@LINE+6]] (block 32x1, sm_90)
// TEXT: statement-vectorization.cu:[[@LINE+8]]:13: warning: 16-way bank conflict: read of 's' takes 32 wavefronts per warp instead of 2, as the 8-byte load nvcc makes of this read and the one at line [[@LINE+9]] (block 32x1, sm_90)
// CHECK: totals conflict_pairs shape=0 load=32/1 store=32/1
__global__ void conflict_pairs(const float *in, float *out) {
  __shared__ float s[32 * 64];
  int l = threadIdx.x;
  s[64 * l] = in[l];
  s[64 * l + 1] = in[l + 1];
  __syncthreads();
  float a = s[64 * l];
  float b = s[64 * l + 1];
  out[l] = a * b;
}

// s_gemm_registers: the four B loads are one LDS.128; the unrolled fill
// loop stores A and B in turn, and a store to another array between two
// stores keeps ptxas from merging them: 8 STS per warp.
// CHECK: totals gemm_registers shape=0 load=64/24 store=192/64
__global__ void gemm_registers(const float *a, const float *b, float *c) {
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

// s_barrier_between: a barrier between the two stores: two STS.
// CHECK: totals barrier_between shape=0 load=32/16 store=32/16
__global__ void barrier_between(const float *in, float *out) {
  __shared__ float s[512];
  int t = threadIdx.x;
  s[2 * t] = in[t];
  __syncthreads();
  s[2 * t + 1] = in[t + 1];
  __syncthreads();
  out[t] = s[2 * t] + s[(2 * t + 3) % 512];
}

// s_out_of_order: four adjacent stores in the order 2, 0, 3, 1 stay four
// STS (4-way each: lanes 4 words apart).
// CHECK: totals out_of_order shape=0 load=32/8 store=128/32
__global__ void out_of_order(const float *in, float *out) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  s[4 * t + 2] = in[t + 2];
  s[4 * t] = in[t];
  s[4 * t + 3] = in[t + 3];
  s[4 * t + 1] = in[t + 1];
  __syncthreads();
  out[t] = s[(4 * t + 5) % 1024];
}

void launch(float *a, float *b, float *c) {
  pairs_dynamic<<<1, 256, 512 * sizeof(float)>>>(a, c);
  row_quads<<<1, 256>>>(a, c);
  row_odd<<<1, 256>>>(a, c);
  conflict_pairs<<<1, 32>>>(a, c);
  gemm_registers<<<1, dim3(16, 16)>>>(a, b, c);
  barrier_between<<<1, 256>>>(a, c);
  out_of_order<<<1, 256>>>(a, c);
}
