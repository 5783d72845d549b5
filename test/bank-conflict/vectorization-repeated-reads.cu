// An 8x8 register tile with both reads in the product and no register
// copies: LLVM's unroller reads bs[k][tc + j] again for each of the 8 rows.
// nvcc reads each value once (the NVPTX backend's GVN before its
// LoadStoreVectorizer) and merges each row of 8 floats into two 16-byte
// loads: nvcc 13's PTX has ld.shared.v4.f32 x2 per k for each array
// (docs/measurements/h200-vectorization.md, h_tile8x8). smem-lint used to
// see each address twice and pair them (8-byte loads, twice as many).
//
// Per block (8 warps, 16 iterations of k): 8 x 16 x 2 = 256 loads of each
// array. as[k][tr + i]: lanes 0-15 read one 16-byte piece, lanes 16-31 the
// next: 2 wavefronts per load (a broadcast). bs[k][tc + j]: lanes 8 words
// apart, as v_rowdot's B[col * 8 + i]: 8 wavefronts per load. The kernel
// measured on an H100 (h_tile8x8): 4 LDS.128 per k, 512 loads, 2560
// wavefronts in all.
//
// RUN: not %smem-lint --format=json %s | python3 -c "import json,sys; r=json.load(sys.stdin); [print(a['line'], a['array'], a['kind'], a['instruction_bytes'], a['warp_instructions'], a['wavefronts_per_block']) for k in r['kernels'] for a in k['accesses'] if a['kind'] == 'load']" | FileCheck %s

// smem-lint: block_dim(256)
__global__ void tile8x8(const float *a, float *c) {
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
  // CHECK: [[@LINE-1]] as load 16 256 512
  // CHECK: [[@LINE-2]] bs load 16 256 2048
  float acc = 0;
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j)
      acc += sum[i][j];
  c[threadIdx.x] = acc;
}
