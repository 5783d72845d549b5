// XOR swizzle of a 32x32 float tile, 256 threads, 1-D, tx = lane
// (h200-shared-memory.md row "s[32][32], s[tx][(c) ^ tx] (XOR swizzle,
// column read)" 1.00).
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

// CHECK: kernel swizzle L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void swizzle(float *out, const float *in) {
  __shared__ float s[32][32];
  int tx = threadIdx.x & 31;
  // Word 32*tx + (c ^ tx): bank c ^ tx, a permutation of 0-31 for each c -> 1.
  // CHECK: access s store L[[@LINE+2]]:5 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  for (int c = 0; c < 32; ++c)
    s[tx][c ^ tx] = in[c];
  __syncthreads();
  float r = 0;
  // Same words read: 1 (the measured row).
  // CHECK: access s load L[[@LINE+2]]:10 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  for (int c = 0; c < 32; ++c)
    r += s[tx][c ^ tx];
  // Without the swizzle the column read is word 32*tx + c, all in bank c,
  // and nvcc merges four iterations into one LDS.128 of 32 wavefronts
  // (h_column32 in docs/measurements/h200-vectorization.md): 8 per warp.
  // The swizzled accesses are not consecutive in c and stay 4-byte loads.
  // CHECK: access s load L[[@LINE+3]]:10 width=4 shape=0 wavefronts=32 mean=32 ideal=4 ways=8 status=exact
  // TEXT: xor-swizzle.cu:[[@LINE+2]]:10: warning: 8-way bank conflict: read of 's' takes 32 wavefronts per warp instead of 4, as the 16-byte load nvcc makes of 4 iterations (block 256x1, sm_90)
  for (int c = 0; c < 32; ++c)
    r += s[tx][c];
  out[threadIdx.x] = r;
}
// 8 warps x 32 iterations = 256 instructions for the swizzled read, 8 x 8 =
// 64 LDS.128 for the plain one; loads 256 x 1 + 64 x 32 = 2304 over 320;
// stores 256 x 1.
// CHECK: totals swizzle shape=0 load=2304/320 store=256/256 atomic=0/0

int main() { swizzle<<<1, 256>>>(nullptr, nullptr); }
